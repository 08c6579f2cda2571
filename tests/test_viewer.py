"""The card-table viewer (``kozyr replay`` on a terminal), driven by Textual's pilot.

Each test presses keys or clicks as a player would and reads what the widgets show.  The
snapshot tests compare whole screens (as text) with golden files in ``tests/golden/viewer``;
``KOZYR_UPDATE_GOLDEN=1 pytest tests/test_viewer.py`` rewrites them after a deliberate
change (and the SVG screens in ``docs/screens``), to be reviewed in the diff.
"""

from __future__ import annotations

import asyncio
import functools
import io
import os
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from conftest import INVALID, ROOT, SAMPLES
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Static

import notation
import replay
from replay.games import GAMES
from replay.steps import timeline
from replay.view import Step, positions
from replay.viewer import KEYS, HelpScreen, SeatBox, Viewer

GOLDEN = Path(__file__).resolve().parent / "golden" / "viewer"
SCREENS = ROOT / "docs" / "screens"
UPDATE = bool(os.environ.get("KOZYR_UPDATE_GOLDEN"))
ALL_SAMPLES = sorted(SAMPLES.glob("*/*.kgn"))


def viewer(path: Path, **options: object) -> Viewer:
    """The viewer of a file's first game, as ``kozyr replay`` opens it."""
    record = notation.loads(path.read_text())
    steps, report = timeline(record, file=str(path.relative_to(ROOT)), index=1)
    start = next((i for i, st in enumerate(steps) if st.error is not None), 0)
    return Viewer(
        steps,
        title=path.name,
        sheet=GAMES[record.kind].sheet(report),
        start=start,
        **options,  # type: ignore[arg-type]
    )


def run(app: Viewer, drive: Callable[[Pilot[None]], Awaitable[None]], size: tuple[int, int] = (120, 40)) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await drive(pilot)

    asyncio.run(main())


def text_of(app: Viewer, selector: str) -> str:
    """What a widget shows, as plain text."""
    widget = app.query_one(selector)
    console = Console(width=200, file=io.StringIO(), color_system=None, record=True)
    if isinstance(widget, OptionList):
        for k in range(widget.option_count):
            console.print(widget.get_option_at_index(k).prompt)
    else:
        assert isinstance(widget, Static)
        console.print(widget.content)
    title = widget.border_title
    return (f"[{title}]\n" if title else "") + console.export_text()


def screen_text(app: Viewer) -> str:
    """The whole screen as text, as a person sees it."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), color_system=None, record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines()) + "\n"


def step_closing(steps: list[Step], hand: int, trick: int) -> int:
    return next(i for i, st in enumerate(steps) if st.round == hand and st.trick == trick and st.closes_trick)


# ---- the table ---------------------------------------------------------------------------


def test_after_the_last_card_of_trick_1_the_whole_trick_and_its_taker_show() -> None:
    app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("down")  # to the last card of the first trick
        assert app.current.closes_trick and app.current.trick == 1
        trick = text_of(app, "#trick")
        for name, card in (("Anna", "A♠"), ("Boris", "9♠"), ("Vera", "Q♠")):
            assert name in trick and card in trick
        assert "Anna takes the trick" in trick
        assert app.query_one("#seat-s", SeatBox).has_class("taker")  # Anna sits at the bottom
        assert app.query_one("#trick").has_class("taken")
        await pilot.press("right")  # the next card clears the table
        trick = text_of(app, "#trick")
        assert "K♥" in trick and "A♠" not in trick and "takes" not in trick

    run(app, drive, size=(80, 24))


def test_every_seat_keeps_its_place_from_the_first_hand_to_the_last() -> None:
    app = viewer(SAMPLES / "thousand" / "04-barrel-falls.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        seen: dict[str, set[str]] = {}
        for i in range(0, len(app.steps), 7):
            app._go(i)
            for place in ("s", "w", "e"):
                title = str(app.query_one(f"#seat-{place}", SeatBox).border_title)
                seen.setdefault(place, set()).add(title.replace("● ", "").replace(" · D", ""))
        assert seen == {"s": {"Anna"}, "w": {"Boris"}, "e": {"Vera"}}
        assert len({st.round for st in app.steps}) > 20  # the walk crossed many hands

    run(app, drive)


def test_places_put_the_viewing_seat_at_the_bottom_and_the_rest_clockwise() -> None:
    assert positions(["A", "B", "C"], None) == {"A": "s", "B": "w", "C": "e"}
    assert positions(["A", "B", "C"], "B") == {"B": "s", "C": "w", "A": "e"}
    assert positions(["A", "B"], "B") == {"B": "s", "A": "n"}
    assert positions(["A", "B", "C", "D"], None) == {"A": "s", "B": "w", "C": "n", "D": "e"}


def test_a_seat_shows_name_dealer_cards_tricks_points_and_total() -> None:
    app = viewer(SAMPLES / "thousand" / "04-barrel-falls.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("pagedown", "down", "down")  # hand 2, after its second trick
        view = app.current.view
        for place, name in (("s", "Anna"), ("w", "Boris"), ("e", "Vera")):
            box = text_of(app, f"#seat-{place}")
            cards = next(c for n, c, _ in view.hands if n == name)
            assert " ".join(c[:-1] + "♠♣♦♥"["SCDH".index(c[-1])] for c in cards) in box
            assert f"tricks\u00a0{view.tricks[name]}" in box
            assert f"pts\u00a0{view.points[name]}" in box
            assert f"total {view.totals[name]}" in box
        assert "· D" in text_of(app, "#seat-e")  # Vera deals hand 2

    run(app, drive)


def test_the_barrel_mark_stands_by_the_total() -> None:
    app = viewer(SAMPLES / "thousand" / "04-barrel-falls.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        index = next(i for i, st in enumerate(app.steps) if "on the barrel" in st.view.marks.get("Boris", ""))
        app._go(index)
        assert "on the barrel" in text_of(app, "#seat-w")

    run(app, drive)


def test_bura_shows_a_multi_card_lead_and_a_face_down_answer() -> None:
    app = viewer(SAMPLES / "bura" / "01-illustrative-game.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("right", "right")  # Mikhail leads two cards, Ilya answers face down
        trick = text_of(app, "#trick")
        assert "T♥ 6♥" in trick
        assert "Ilya ↓2" in trick and "6♠ 7♦" in trick  # two cards face down
        pile = text_of(app, "#pile")
        assert "stock 27" in pile and "trump K♥" in pile
        await pilot.press("s")  # as Mikhail sees it: Ilya's face-down cards are backs
        assert app.seat == "Oleg"
        trick = text_of(app, "#trick")
        assert "6♠" not in trick and "▒▒ ▒▒" in trick

    run(app, drive)


def test_the_seat_view_shows_backs_for_the_other_hands_and_the_talon() -> None:
    app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn", seat="Vera")

    async def drive(pilot: Pilot[None]) -> None:
        assert "K♠ Q♠ K♣ Q♣ J♣ J♦ J♥" in text_of(app, "#seat-s")  # Vera at the bottom
        for place in ("w", "e"):
            box = text_of(app, f"#seat-{place}")
            assert "▒▒ ▒▒ ▒▒ ▒▒ ▒▒ ▒▒ ▒▒" in box and "♠" not in box and "♥" not in box
        assert "talon ▒▒ ▒▒ ▒▒" in text_of(app, "#pile")
        assert "as seen by Vera" in text_of(app, "#where")
        await pilot.press("s")  # Vera -> everybody's cards
        assert app.seat is None and "A♠" in text_of(app, "#seat-w")

    run(app, drive)


def test_ascii_cards_are_letters_everywhere() -> None:
    app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn", symbols=False)

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("down")
        shown = screen_text(app)
        assert "AS" in text_of(app, "#trick") and "Vera plays QS; Anna takes the trick" in shown
        assert not any(suit in shown for suit in "♠♣♦♥")

    run(app, drive)


# ---- the panes ---------------------------------------------------------------------------


def test_the_calls_pane_lists_the_calls_made_so_far_and_f_shows_the_rest() -> None:
    app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("right", "right", "right")  # Anna 100, Boris 110, Vera passes
        calls = text_of(app, "#calls")
        for call in ("Anna bids 100", "Boris bids 110", "Vera passes"):
            assert call in calls
        for later in ("Anna bids 115", "the contract is 120", "talon"):
            assert later not in calls  # nothing that has not happened yet
        await pilot.press("f")  # spoilers: the rest of the hand too
        calls = text_of(app, "#calls")
        assert "Anna bids 115 !?" in calls and "the declarer takes the talon: T♥ 9♣ J♠" in calls
        assert "spoilers" in text_of(app, "#where")

    run(app, drive)


def test_the_trick_list_shows_leader_cards_and_taker_and_a_click_goes_there() -> None:
    app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn")
    steps = app.steps

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("down", "down", "right")  # into trick 3
        tricks = text_of(app, "#tricks").splitlines()
        assert tricks[1].startswith(" ") and "1 Anna A♠  Boris 9♠  Vera Q♠ → Anna" in tricks[1]
        assert tricks[3].startswith("▶") and "3 Anna 9♣" in tricks[3]  # the current trick
        assert "A♣" not in tricks[3]  # Boris has not played yet
        assert len(tricks) == 1 + 3  # tricks 4 to 8 are still to come
        assert app.query_one("#tricks", OptionList).highlighted == 2
        await pilot.press("f")  # with spoilers every trick is listed and a click goes there
        assert len(text_of(app, "#tricks").splitlines()) == 1 + 8
        await pilot.click("#tricks", offset=(4, 5))  # the fifth trick's row
        assert app.index == step_closing(steps, 1, 5)
        assert "→ Boris takes the trick" in text_of(app, "#trick")

    run(app, drive)


def test_the_event_pane_shows_comments_glyphs_and_variations() -> None:
    app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        app._go(next(i for i, st in enumerate(app.steps) if st.variations))
        notes = text_of(app, "#notes")
        assert "1 variation here: v enters" in notes
        app._go(next(i for i, st in enumerate(app.steps) if st.glyphs and st.notes))
        step = app.current
        notes = text_of(app, "#notes")
        assert "glyphs: " + " ".join(step.glyphs) in notes
        assert step.notes[0][:30] in notes.replace("\n", " ")

    run(app, drive)


def test_the_score_sheet_grows_with_the_hands_played_and_a_click_goes_to_a_hand() -> None:
    app = viewer(SAMPLES / "thousand" / "04-barrel-falls.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        sheet = app.query_one("#sheet", DataTable)
        assert sheet.row_count == 0  # nothing is scored before the first hand ends
        await pilot.press("pagedown", "pagedown")
        assert app.current.round == 3 and sheet.row_count == 2  # hands 1 and 2 are over
        await pilot.press("f")  # spoilers: the whole sheet, the current hand marked
        assert sheet.row_count == len(app.sheet.rows) and sheet.cursor_row == 2  # type: ignore[union-attr]
        await pilot.click("#sheet", offset=(3, 6))  # the row of hand 5
        await pilot.pause()
        assert app.current.round == 5 and app.current.kind == "deal"
        await pilot.press("f")
        assert sheet.row_count == 4

    run(app, drive, size=(160, 50))


def test_the_score_sheet_is_as_tall_as_its_rows_on_a_large_screen() -> None:
    app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("end")
        sheet = app.query_one("#sheet", DataTable)
        assert sheet.row_count == 1 and sheet.size.height <= 6  # not a box of empty lines

    run(app, drive, size=(200, 60))


def test_the_contract_line_keeps_to_one_line_at_80_by_24() -> None:
    app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("end")
        assert "contract Anna 120: made" in screen_text(app)

    run(app, drive, size=(80, 24))


@pytest.mark.parametrize(("size", "faces"), [((200, 60), True), ((120, 40), False)])
def test_a_large_terminal_draws_the_cards_as_card_faces(size: tuple[int, int], faces: bool) -> None:
    app = viewer(SAMPLES / "thousand" / "04-barrel-falls.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("right", "right")
        await pilot.pause()
        shown = screen_text(app)
        assert ("╭───╮" in shown) is faces
        # a seat's cards take three lines as faces (the table fills more of a tall screen):
        # its box holds five lines, not three
        assert app.query_one("#seat-s").size.height == (5 if faces else 3)

    run(app, drive, size=size)


# ---- keys --------------------------------------------------------------------------------


def test_the_navigation_keys() -> None:
    app = viewer(SAMPLES / "thousand" / "04-barrel-falls.kgn")
    steps = app.steps

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("right", "n")
        assert app.index == 2
        await pilot.press("left", "p")
        assert app.index == 0
        await pilot.press("down")
        assert app.index == step_closing(steps, 1, 1)
        await pilot.press("down", "up")
        assert app.index == step_closing(steps, 1, 1)
        await pilot.press("pagedown")
        assert app.current.round == 2 and app.current.kind == "deal"
        await pilot.press("pagedown", "pageup")
        assert app.current.round == 2 and app.current.kind == "deal"
        await pilot.press("end")
        assert app.index == len(steps) - 1 and app.current.kind == "end"
        assert app.current.view.totals == replay.check(notation.loads((SAMPLES / "thousand" / "04-barrel-falls.kgn").read_text())).totals
        await pilot.press("home")
        assert app.index == 0

    run(app, drive)


def test_go_to_a_hand_and_an_invalid_number_says_so() -> None:
    app = viewer(SAMPLES / "thousand" / "04-barrel-falls.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("g", "1", "2", "enter")
        assert app.current.round == 12 and app.current.kind == "deal"
        await pilot.press("g", "9", "9", "enter")
        await pilot.pause()
        assert app.current.round == 12
        messages = [n.message for n in app._notifications]
        assert any("there is no hand 99 here (hands 1 to" in m for m in messages)
        await pilot.press("g", "a", "b", "c", "enter")
        await pilot.pause()
        assert any("'abc' is not a hand number" in n.message for n in app._notifications)
        await pilot.press("g", "escape")  # Esc closes the box
        assert not app.query_one("#goto").display

    run(app, drive)


def test_question_mark_lists_every_key() -> None:
    app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn")

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = screen_text(app)
        for key, what in KEYS:  # every key and what it does
            assert key
            assert what[:40] in shown
        await pilot.press("x")
        assert not isinstance(app.screen, HelpScreen)
        for key in ("escape", "q", "question_mark", "h"):  # each closes it, and only it
            await pilot.press("h")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, HelpScreen)
        assert app.is_running

    run(app, drive)


def test_variations_enter_switch_and_leave() -> None:
    text = (SAMPLES / "thousand" / "01-first-hand.kgn").read_text().replace(
        "(Boris TC, Vera JC -> Boris {the ten wins as well})",
        "(Boris TC, Vera JC -> Boris {the ten wins as well}) (Boris TC, Vera KC -> Boris)",
    )
    steps, _ = timeline(notation.loads(text))
    target = next(i for i, st in enumerate(steps) if st.variations)
    assert len(steps[target].variations) == 2
    app = Viewer(steps, title="two variations")

    async def drive(pilot: Pilot[None]) -> None:
        app._go(target)
        await pilot.press("v", "right")
        assert app.current.text == "Vera plays JC; Boris takes the trick"
        assert "in variation 1 of 2" in text_of(app, "#notes")
        await pilot.press("]", "right")
        assert app.current.text == "Vera plays KC; Boris takes the trick"
        await pilot.press("escape")
        assert app.steps is steps and app.index == target

    run(app, drive)


@pytest.mark.parametrize("path", ALL_SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_sample_steps_to_the_end_with_the_validators_totals(path: Path) -> None:
    app = viewer(path)
    expected = replay.check(notation.loads(path.read_text())).totals

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("right", "down", "pagedown", "s", "end")
        assert app.current.view.totals == expected
        for name, total in expected.items():
            assert f"total {total}" in text_of(app, f"#seat-{app.places[name]}")

    run(app, drive)


# ---- an invalid record -------------------------------------------------------------------


def test_an_invalid_record_opens_at_the_illegal_move_with_the_diagnostic_and_the_legal_moves() -> None:
    path = INVALID / "thousand" / "must-trump.kgn"
    app = viewer(path)

    async def drive(pilot: Pilot[None]) -> None:
        assert app.current.kind == "error" and app.index == len(app.steps) - 1
        notes = text_of(app, "#notes")
        assert "must-trump.kgn:21:25: error[T5.2 must-trump]" in notes
        assert "legal: 9♥, Q♥, T♥, A♥" in notes  # cards as the table draws them
        assert "(holds 9♥, Q♥, T♥, A♥)" in notes
        assert "illegal: Anna must play a trump" in text_of(app, "#event")
        await pilot.press("right")  # nothing after the illegal move
        assert app.current.kind == "error"

    run(app, drive)


def test_an_illegal_move_without_a_stated_list_gets_the_tables_legal_moves() -> None:
    text = (SAMPLES / "thousand" / "01-first-hand.kgn").read_text()
    record = notation.loads(text.replace("talon TH 9C JS", "talon TH 9C AS", 1))
    steps, _ = timeline(record, file="x.kgn")
    assert steps[-1].kind == "error" and steps[-1].error is not None
    assert steps[-1].legal is not None and steps[-1].legal == ["talon JS 9C TH"]


# ---- whole screens -----------------------------------------------------------------------

SNAPSHOTS: dict[str, tuple[Path, dict[str, object], tuple[int, int], tuple[str, ...]]] = {
    "thousand-mid-trick": (SAMPLES / "thousand" / "01-first-hand.kgn", {}, (120, 40), ("down", "right", "right")),
    "thousand-after-trick-80x24": (SAMPLES / "thousand" / "01-first-hand.kgn", {}, (80, 24), ("down",)),
    "bura-face-down": (SAMPLES / "bura" / "01-illustrative-game.kgn", {}, (100, 30), ("right", "right")),
    "burkozel-pairs": (SAMPLES / "burkozel" / "03-pairs.kgn", {}, (120, 40), ("down", "down", "right")),
    "invalid-record": (INVALID / "thousand" / "must-trump.kgn", {}, (100, 30), ()),
    "seat-view": (SAMPLES / "thousand" / "04-barrel-falls.kgn", {"seat": "Vera"}, (120, 40), ("pagedown", "down", "down", "right")),
    "panes-80x24": (SAMPLES / "thousand" / "01-first-hand.kgn", {}, (80, 24), ("down", "m")),
}


@pytest.mark.parametrize("name", list(SNAPSHOTS))
def test_screen_matches_its_snapshot(name: str) -> None:
    path, options, size, keys = SNAPSHOTS[name]
    app = viewer(path, **options)
    app.label = path.name  # the same title wherever the tests run

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press(*keys)
        await pilot.pause()
        text = screen_text(app)
        golden = GOLDEN / f"{name}.txt"
        if UPDATE:
            golden.parent.mkdir(parents=True, exist_ok=True)
            golden.write_text(text, encoding="utf-8")
            SCREENS.mkdir(parents=True, exist_ok=True)
            (SCREENS / f"{name}.svg").write_text(app.export_screenshot(title=f"kozyr replay {path.name}"), encoding="utf-8")
        assert text == golden.read_text(encoding="utf-8")
        assert all(len(line) <= size[0] for line in text.splitlines())

    run(app, drive, size=size)


def test_docs_list_every_key_of_the_viewer() -> None:
    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for key, what in KEYS:
        assert f"| `{key}` | {what} |" in doc


def test_a_record_without_moves_opens_and_no_key_breaks_it() -> None:
    record = notation.loads('[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n')
    steps, _ = timeline(record)
    assert [st.text for st in steps] == ["no moves in this record"]
    for line in (steps, []):
        app = Viewer(line, title="empty")

        async def drive(pilot: Pilot[None], app: Viewer = app) -> None:
            await pilot.press("right", "down", "up", "pagedown", "pageup", "end", "home", "s", "v", "]", "escape")
            await pilot.press("g", "1", "enter", "question_mark", "x", "m")
            assert app.is_running

        run(app, drive, size=(80, 24))


# ---- a seat view: what that seat could know, everywhere on the screen ----------------------


def test_a_seat_view_during_the_auction_shows_no_card_nor_result_it_could_not_know() -> None:
    app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn", seat="Boris")

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press("right", "right")  # Anna 100, Boris 110
        screen = screen_text(app)
        for card in ("A♠", "T♠", "K♥", "Q♥", "K♠", "Q♠", "J♥"):  # Anna's and Vera's cards
            assert card not in screen, card
        assert "talon" not in text_of(app, "#calls")  # the talon is taken later
        assert text_of(app, "#tricks").strip() == "[tricks]"  # no trick is played yet
        assert app.query_one("#sheet", DataTable).row_count == 0  # the hand is not over
        assert "180" not in screen and "made" not in screen

    run(app, drive, size=(200, 60))


def test_a_seat_sees_the_card_given_to_it_and_not_the_one_given_to_the_other() -> None:
    for seat, own, other in (("Boris", "9♠", "J♠"), ("Vera", "J♠", "9♠")):
        app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn", seat=seat)

        async def drive(pilot: Pilot[None], app: Viewer = app, own: str = own, other: str = other, seat: str = seat) -> None:
            while "gives" not in text_of(app, "#event"):
                await pilot.press("right")
            said = text_of(app, "#event")
            assert f"{seat} {own}" in said and other not in said and "??" in said
            assert f"{seat} {own}" in text_of(app, "#calls")

        run(app, drive, size=(200, 60))


def test_a_bura_seat_view_hides_the_others_draws_and_the_points_of_cards_laid_face_down() -> None:
    record = notation.loads((SAMPLES / "bura" / "01-illustrative-game.kgn").read_text())
    steps, _ = timeline(record)
    draws = [st for st in steps if st.text.startswith(("Mikhail draws", "Ilya draws", "Oleg draws"))]
    for st in draws:
        drawer = st.text.split()[0]
        for seat in ("Mikhail", "Ilya", "Oleg"):
            seen = st.seen_by(seat).said.text
            assert ("??" in seen) == (seat != drawer and not st.said.parts[-1] == st.view.piles[0].cards[0])
    laid = next(st for st in steps if st.view.seen_points)
    for seat, counted in laid.view.seen_points.items():
        seen = laid.view.seen_by(seat)
        assert seen.points == {name: pts for name, (pts, _) in counted.items()}
        assert all(seen.points[n] <= laid.view.points[n] for n in seen.points)
    assert any(laid.view.seen_by(s).points != laid.view.points for s in laid.view.seen_points)


# ---- the screen at 80x24 and at 200x60 -----------------------------------------------------


def test_at_80_columns_the_corner_facts_keep_to_a_line_and_the_file_name_stays() -> None:
    app = viewer(SAMPLES / "thousand" / "01-first-hand.kgn", seat="Boris")

    async def drive(pilot: Pilot[None]) -> None:
        await pilot.press(*["right"] * 6)  # the declarer has the talon: contract Anna 115
        info = text_of(app, "#info").strip()
        assert info == "contract Anna 115"
        assert text_of(app, "#where").startswith("01-first-hand.kgn · hand 1")
        assert "as seen by Boris" in text_of(app, "#where")

    run(app, drive, size=(80, 24))


# ---- the table in the players' languages, as a terminal shows it (tmux) ----------------------


@functools.cache
def tmux_screen(lang: str, name: str) -> tuple[str, ...]:
    """``kozyr replay`` of the first sample in an 80x24 tmux pane, in ``lang``, five tricks'
    keys in: the pane's lines as a terminal shows them."""
    import shlex
    import shutil
    import subprocess
    import sys
    import time

    if shutil.which("tmux") is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is needed (apt-get install tmux)")
        pytest.skip("no tmux on this machine")
    command = " ".join(
        shlex.quote(part)
        for part in (
            "env", f"KOZYR_LANG={lang}", sys.executable, "-c", "from replay.cli import main; main()",
            "replay", str(SAMPLES / "thousand" / "01-first-hand.kgn"),
        )
    )  # fmt: skip
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "80", "-y", "24", "-c", str(ROOT), command], check=True)
    try:

        def pane() -> list[str]:
            out = subprocess.run(["tmux", "capture-pane", "-p", "-t", name], capture_output=True, text=True, check=True)
            return out.stdout.split("\n")[:24]

        deadline = time.monotonic() + 20
        while "01-first-hand.kgn" not in pane()[0] and time.monotonic() < deadline:
            time.sleep(0.2)
        subprocess.run(["tmux", "send-keys", "-t", name, "Down", "Down", "Down", "Down", "Down"], check=True)
        while "24/34" not in pane()[0] and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(0.5)  # the last redraw
        return tuple(pane())
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], check=False)


FRAME = set("╔╗╚╝╭╮╰╯")


@pytest.mark.parametrize(("lang", "words"), [("ru", ("козырь", "взятки", "всего")), ("it", ("briscola", "prese", "totale")), ("pl", ("atut", "lewy", "razem"))])
def test_the_terminal_table_in_each_language_keeps_its_layout_at_80_by_24(lang: str, words: tuple[str, ...]) -> None:
    """At 80x24 in Russian, Italian or Polish the seats' boxes and the trick stand where
    English puts them, every key of the footer still shows, and no English word is left."""
    english, local = tmux_screen("en", "kozyr-en"), tmux_screen(lang, f"kozyr-{lang}")
    assert "trump" in english[1] and "24/34" in english[0]
    assert "24/34" in local[0], local
    corners = [[(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch in FRAME] for lines in (english, local)]
    assert corners[0] and corners[1] == corners[0], "\n".join(local)
    assert all(len(line) <= 80 for line in local)
    screen = "\n".join(local)
    assert all(w in screen for w in words), screen
    import re

    assert not re.search(r"\b(trump|tricks|total|takes the trick|calls|quit)\b", screen), screen
    assert local[-1].rstrip().endswith(("q выход", "q esci", "q wyjście")), local[-1]
