"""What people see: plain replay, the viewer, the score sheet, annotation, hostile text."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SAMPLES
from typer.testing import CliRunner

import notation
import replay
from replay.annotate import annotate
from replay.cli import app
from replay.steps import timeline

runner = CliRunner()
GOLDEN = Path(__file__).resolve().parent / "golden"
ALL_SAMPLES = sorted(SAMPLES.glob("*/*.kgn"))


@pytest.mark.parametrize("name", ["thousand/01-first-hand", "bura/01-illustrative-game"])
def test_plain_replay_matches_its_golden_snapshot(name: str) -> None:
    result = runner.invoke(app, ["replay", str(SAMPLES / f"{name}.kgn"), "--plain", "--width", "100"])
    assert result.exit_code == 0
    golden = GOLDEN / (name.replace("/", "_") + ".txt")
    assert result.stdout == golden.read_text(encoding="utf-8")


def test_plain_replay_shows_every_trick_and_the_final_scores() -> None:
    result = runner.invoke(app, ["replay", str(SAMPLES / "thousand" / "01-first-hand.kgn"), "--plain"])
    out = result.stdout
    for card in ("AS", "KH", "9C", "QD", "AD", "TD", "KD", "TC"):
        assert f"plays {card}" in out
    assert out.count("takes the trick") == 8
    last = out.strip().split("\n\n")[-1]
    assert "Anna" in last and "120" in last and "180" in last


def test_seat_view_hides_the_other_hands() -> None:
    result = runner.invoke(app, ["replay", str(SAMPLES / "thousand" / "01-first-hand.kgn"), "--plain", "--seat", "Vera"])
    first_block = result.stdout.split("\n\n")[0]
    assert "KS QS KC QC JC JD JH" in first_block  # Vera's own cards
    assert "AS" not in first_block  # Anna's are backs
    assert "## ## ##" in first_block


def test_an_invalid_record_opens_and_stops_at_the_illegal_move() -> None:
    path = Path(__file__).parent / "data" / "invalid" / "thousand" / "must-trump.kgn"
    result = runner.invoke(app, ["replay", str(path), "--plain"])
    assert result.exit_code == 1
    assert "illegal: Anna must play a trump" in result.stdout


HOSTILE = """[Game "thousand"]
[Players "[red]Anna[/red]" "[link=http://x]Boris" "Vera\\u001b"]
[Dealer "Vera\\u001b"]
[Rules "classic"]
[Event "\x1b[2J\x1b]8;;http://evil\x07click"]

hand 1 {[bold]not bold[/bold] \x1b[31mred\x1b[0m}
  bid "[red]Anna[/red]" 100, "[link=http://x]Boris" pass, "Vera\\u001b" pass
"""


def test_hostile_names_and_comments_are_shown_literally() -> None:
    timeline(notation.loads(HOSTILE))  # the record replays without trouble
    for args in (["replay", "-", "--plain"], ["sheet", "-"], ["validate", "-"]):
        result = runner.invoke(app, args, input=HOSTILE)
        out = result.stdout + result.stderr
        assert "\x1b" not in out and "\x07" not in out
    out = runner.invoke(app, ["replay", "-", "--plain"], input=HOSTILE).stdout
    assert "[red]Anna[/red]" in out
    assert "[bold]not bold[/bold]" in out
    assert "\\x1b[31mred" in out


@pytest.mark.parametrize("path", ALL_SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_annotate_is_idempotent_and_valid(path: Path) -> None:
    game = notation.loads(path.read_text())
    once, report = annotate(game)
    assert report.ok
    twice, _ = annotate(notation.loads(notation.dumps(once)))
    assert notation.dumps(twice) == notation.dumps(once)
    assert replay.check(once).ok


def test_annotate_fills_in_the_facts_of_a_bare_record() -> None:
    bare = (SAMPLES / "thousand" / "02-partial-deal.kgn").read_text()
    result = runner.invoke(app, ["annotate", "-"], input=bare)
    assert result.exit_code == 0
    out = result.stdout
    assert "-> Anna" in out and "points Anna 120, Boris 180, Vera 0" in out
    assert "totals Anna 120, Boris 180, Vera 0" in out
    assert "hearts marriage: Anna +100; hearts are trump" in out
    # the moves are unchanged
    def moves(text: str) -> list[tuple[str, str, bool]]:
        hand = notation.loads(text).hands[0]  # type: ignore[union-attr]
        return [(p.seat, p.card, p.marriage) for t in hand.tricks for p in t.plays]

    assert moves(out) == moves(bare)


def test_annotate_refuses_an_invalid_record() -> None:
    path = Path(__file__).parent / "data" / "invalid" / "thousand" / "bid-step.kgn"
    result = runner.invoke(app, ["annotate", str(path)])
    assert result.exit_code == 1 and "nothing written" in result.stderr


def test_a_score_sheet_replays_with_its_unrecorded_steps_told_as_such() -> None:
    result = runner.invoke(app, ["replay", str(SAMPLES / "thousand" / "10-score-sheet.kgn"), "--plain"])
    assert result.exit_code == 0
    steps = [ln for ln in result.stdout.splitlines() if ln[:1].isdigit()][:9]
    assert steps[4:8] == [
        "5. the declarer takes the talon (not recorded)",
        "6. the declarer gives a card to each opponent (not recorded)",
        "7. the contract is 100",
        "8. the hand is scored as the sheet says (score Pavel -100, Sergei 0, Lena 115)",
    ]


@pytest.mark.parametrize("columns", ["40", "60", "200"])
def test_a_sheet_on_a_narrow_terminal_cuts_no_name_or_score(columns: str) -> None:
    path = SAMPLES / "bura" / "03-five-players.kgn"
    result = runner.invoke(app, ["sheet", str(path)], env={"COLUMNS": columns})
    assert result.exit_code == 0 and "\u2026" not in result.stdout, "rich would write 'An…' for Anna"
    header = next(ln for ln in result.stdout.splitlines() if "deal" in ln)
    assert all(name in header for name in ("Anna", "Boris", "Vera", "Gleb", "Daria"))
    widest = max(len(ln) for ln in result.stdout.splitlines())
    assert widest <= max(int(columns), 80), "as narrow as the words allow, never wider"


@pytest.mark.parametrize("path", ALL_SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_sheet_shows_the_final_totals(path: Path) -> None:
    result = runner.invoke(app, ["sheet", str(path), "--width", "160"])
    assert result.exit_code == 0
    report = replay.check(notation.loads(path.read_text()))
    last_row = [ln for ln in result.stdout.splitlines() if ln.startswith("│")][-1]
    for total in report.totals.values():
        assert str(total) in last_row


