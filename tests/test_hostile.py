"""Hostile input: every shape gives a record or a located error, never a traceback, in
linear time (issue: hostile input)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, SAMPLES, peak_of
from typer.testing import CliRunner

import notation
import replay
from replay.cli import app

runner = CliRunner()
H = '[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n'
B = '[Game "bura"]\n[Players "A" "B"]\n[Dealer "B"]\n[Rules "classic"]\n'
COMMANDS = [["validate"], ["validate", "-j", "2"], ["fmt"], ["export", "--to", "json"], ["annotate"], ["replay", "--plain"], ["sheet"]]

HOSTILE = {
    "huge bid": H + "hand 1\n  bid A 1" + "0" * 5000 + "\n",
    "huge hand number": H + "hand 1" + "0" * 5000 + "\n",
    "huge trick number": H + "hand 1\n  bid A 100, B pass, C pass\n  1" + "0" * 5000 + ". A AS\n",
    "huge nag": H + "hand 1\n  bid A 100 $1" + "0" * 5000 + "\n",
    "huge score": H + "hand 1\n  score A 1" + "0" * 5000 + "\n",
    "huge pot": B + "deal 1\n  pot 1" + "0" * 5000 + "\n",
    "huge open": B + "deal 1\n  hands A: 6H 7H 8H / B: 9S TS JS / trump: QC\n  open A 1" + "0" * 5000 + "\n",
    "superscript FirstHand": H + '[FirstHand "²"]\nhand 1\n',
    "superscript target": H.replace("classic", "classic target=²") + "hand 1\n",
    "huge target": H.replace("classic", "classic target=1" + "0" * 5000) + "hand 1\n",
    "huge Totals": H + '[Totals "1' + "0" * 5000 + '" "0" "0"]\nhand 1\n',
    "huge Ante": B + '[Ante "1' + "0" * 5000 + '"]\ndeal 1\n',
    "deep variations": H + "hand 1\n  bid A 100" + " (A 105" * 300 + ")" * 300 + "\n",
}


TAG_VALUES = {"superscript FirstHand", "superscript target", "huge target", "huge Totals", "huge Ante"}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
def test_a_hostile_record_gives_a_located_error_in_every_command(tmp_path: Path, name: str, command: list[str]) -> None:
    path = tmp_path / "h.kgn"
    path.write_text(HOSTILE[name])
    result = runner.invoke(app, [*command, str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.stderr
    if name in TAG_VALUES and command[0] in ("fmt", "export"):
        assert result.exit_code == 0  # a tag value is text until the rules read it
        return
    assert result.exit_code == 1, result.stderr[-500:]
    assert f"{path}:" in result.stderr + result.stdout
    assert max(len(line) for line in (result.stderr + result.stdout).splitlines()) < 300  # cut


def test_fifty_nested_variations_are_fine_and_fifty_one_are_not() -> None:
    ok = H + "\nhand 1\n  bid A 100" + " (A 105" * 50 + ")" * 50 + "\n"
    assert notation.dumps(notation.loads(ok)) == ok
    with pytest.raises(notation.KgnSyntaxError) as info:
        notation.loads(H + "hand 1\n  bid A 100" + " (A 105" * 51 + ")" * 51 + "\n")
    assert "nested more than 50 deep" in info.value.message and info.value.column == len('  bid A 100') + 7 * 50 + 2


# A game at KGN's limit on items, built three ways: 4 tags and a hand, then the rest as
# calls, as comments after the bid, or as cards of the talon.
ITEM_SHAPES = {  # four tags of six values, a hand and a bid: 12 items before the rest
    "calls": lambda n: H + "hand 1\n  bid A 100" + ", B pass" * (n - 12) + "\n",
    "comments": lambda n: H + "hand 1\n  bid A 100" + " {}" * (n - 12) + "\n",
    "talon cards": lambda n: H + "hand 1\n  bid A 100\n  talon" + " AS" * (n - 13) + "\n",
}


@pytest.mark.parametrize("shape", sorted(ITEM_SHAPES))
def test_a_game_holds_at_most_forty_thousand_items_and_the_error_names_the_one_past_it(shape: str) -> None:
    from notation.records import MAX_ITEMS, count_items

    make = ITEM_SHAPES[shape]
    game = notation.loads(make(MAX_ITEMS))
    assert count_items(game) == (1, MAX_ITEMS)
    # Two past the limit: a record is counted once what it holds has been read (a call after
    # its comments, the talon after its cards, a hand after its moves), so the first one past
    # the limit is the last call, the bid's one call, or the talon.
    text = make(MAX_ITEMS + 2)
    with pytest.raises(notation.KgnSyntaxError) as info:
        notation.loads(text)
    assert "holds more than 40,000 moves, notes, cards and other records" in info.value.message
    where = {"calls": (6, len(text.splitlines()[5]) - len("B pass") + 1), "comments": (6, 7), "talon cards": (7, 3)}
    assert (info.value.line, info.value.column) == where[shape]


def test_a_game_has_at_most_two_thousand_hands_and_both_readers_agree() -> None:
    from notation.records import MAX_ROUNDS
    fast_thousand = notation.KINDS["thousand"].read

    def hands(n: int) -> str:
        return H + "".join(f"\nhand {k}" for k in range(1, n + 1)) + "\n"

    text = hands(MAX_ROUNDS)
    assert len(notation.loads(text).hands) == MAX_ROUNDS
    assert fast_thousand(text, 1) == notation.parse.parse_game(notation.parse.GameText(text, 1, 1, None), fast=False)
    text = hands(MAX_ROUNDS + 1)
    assert fast_thousand(text, 1) is None  # the fast reader leaves the error to the grammar
    with pytest.raises(notation.KgnSyntaxError) as info:
        notation.loads(text)
    assert "more than 2,000 hands" in info.value.message and info.value.line == text.count("\n")


def test_json_that_kgn_could_not_hold_is_refused_on_import(tmp_path: Path) -> None:
    game = {"kind": "thousand", "tags": [{"name": "Game", "values": ["thousand"]}], "hands": [{"number": k} for k in range(1, 2002)]}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(game))
    result = runner.invoke(app, ["import", str(path)])
    assert result.exit_code == 1 and "2,001 hands; a game of KGN has at most 2,000" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("command", [["validate"], ["fmt", "--check"], ["export", "--to", "json"]], ids=" ".join)
def test_more_than_fifty_variations_side_by_side_are_fine_on_the_grammar_path(tmp_path: Path, command: list[str]) -> None:
    sample = (ROOT / "samples" / "thousand" / "01-first-hand.kgn").read_text()
    # sixty variations of Anna's opening bid, and a ';' comment that the grammar reads
    text = sample.replace("bid Anna 100,", "bid Anna 100" + " (Anna 105)" * 60 + ",", 1)
    text = text.replace("give Boris 9S, Vera JS\n", "give Boris 9S, Vera JS ; the weakest cards\n", 1)
    assert text.count(" (Anna 105)") == 60 and "; the weakest" in text
    path = tmp_path / "many.kgn"
    path.write_text(text)
    result = runner.invoke(app, [*command, str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == (1 if command[0] == "fmt" else 0), result.stderr[-500:]


def test_checking_leaves_no_reference_cycles_so_each_game_is_freed_at_once() -> None:
    # A reported error once kept its traceback: its frames held every table of the line
    # and the checker in a cycle, and 2,000 such games held 50 MB until a full collection.
    import gc

    import replay

    games = [
        notation.loads(H + "\nhand 1\n  bid B 100" + " (B 105" * 20 + ")" * 20 + "\n"),  # 21 illegal lines
        notation.loads((ROOT / "samples" / "thousand" / "01-first-hand.kgn").read_text()),
        notation.loads((ROOT / "samples" / "bura" / "01-illustrative-game.kgn").read_text()),
    ]
    for game in games:
        replay.check(game)  # the first run makes what is made once
    gc.collect()
    gc.disable()
    try:
        found = [len(replay.check(game).diagnostics) for game in games]  # the reports are dropped
        assert found == [21, 0, 0]
        assert gc.collect() == 0, "checking made garbage that only the cycle collector frees"
    finally:
        gc.enable()


def seconds(text: str, command: list[str], tmp_path: Path) -> float:
    path = tmp_path / "t.kgn"
    path.write_text(text)
    start = time.process_time()
    runner.invoke(app, [*command, str(path)])
    return time.process_time() - start


@pytest.mark.parametrize(
    "shape",
    [
        lambda n: "\n" * n + H,  # leading blank lines
        lambda n: H + "hand 1\n" + "  score A 0\n" * (n // 12),  # many errors in one game
        lambda n: B + "deal 1\n  hands A: 6H 7H 8H / B: 9S TS JS / trump: QC\n" + "  pot 0\n" * (n // 8),
    ],
    ids=["blank-lines", "errors-per-game", "bura-pot-lines"],
)
def test_pathological_shapes_take_linear_time(shape: object, tmp_path: Path) -> None:
    make = shape  # type: ignore[assignment]
    small = seconds(make(250_000), ["validate", "-j", "1"], tmp_path)  # type: ignore[operator]
    large = seconds(make(1_000_000), ["validate", "-j", "1"], tmp_path)  # type: ignore[operator]
    assert large < 8 * max(small, 0.05), (small, large)


def test_one_game_reports_its_first_hundred_errors_and_counts_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "many.kgn"
    path.write_text(B + "deal 1\n  hands A: 6H 7H 8H / B: 9S TS JS / trump: QC\n" + "  pot 0\n" * 250)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.stderr.count("error[") == 100
    assert "and 150 more errors in this game" in result.stderr


def test_every_error_of_every_readable_file_is_reported_and_unreadable_ones_too(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kgn"
    bad.write_text(H + "\nhand 1\n  bid A 103\n")
    folder = tmp_path / "folder"
    folder.mkdir()
    result = runner.invoke(app, ["validate", "-j", "1", str(bad), str(folder), str(tmp_path / "none.kgn")])
    assert result.exit_code == 2
    assert "error[T3.2 bid-step]" in result.stderr
    assert f"cannot read {folder}: a folder with no .kgn file in it" in result.stderr and "none.kgn: no such file" in result.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_four_hundred_bad_games_give_four_hundred_errors(tmp_path: Path, jobs: str) -> None:
    path = tmp_path / "bad400.kgn"
    path.write_text("\n".join([H + "\nhand 1\n  bid A 103\n"] * 400))
    result = runner.invoke(app, ["validate", "-j", jobs, str(path)])
    assert result.exit_code == 1 and result.stderr.count("error[T3.2 bid-step]") == 400


# ---- the writer writes what the reader reads back ------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from notation.records import Comment, Tag  # noqa: E402
from notation.thousand.records import Call, ThousandGame  # noqa: E402
from notation.thousand.records import Round as Hand  # noqa: E402

NAMES = st.text(min_size=1, max_size=12) | st.sampled_from(
    ["Talon-Ivanov", "Stock's", "trump-x", "ſtock", "As", "hand", "1abc", "A.B", "??", "->", "a\u200bb", "x\ny", "\u202eZ", "K\u212a", "Zoe\u0308", "pass\u0301", "\u0301x"]
)


# Comments of any text, and of the characters that shape one: spaces and line breaks (a
# line of spaces alone inside a comment), braces, backslashes, semicolons.
COMMENTS = st.text(max_size=30) | st.text(alphabet=" \n{}\\u;a", max_size=30)


@settings(max_examples=300, deadline=None)
@given(name=NAMES, comment=COMMENTS, value=st.text(max_size=20))
def test_any_name_comment_and_tag_value_read_back_as_written(name: str, comment: str, value: str) -> None:
    players = [name, "Boris", "Vera"] if name not in ("Boris", "Vera") else ["Anna", "Boris", "Vera"]
    game = ThousandGame(
        tags=[
            Tag(name="Game", values=["thousand"]),
            Tag(name="Players", values=players),
            Tag(name="Dealer", values=["Vera"]),
            Tag(name="Rules", values=["classic"]),
            Tag(name="Event", values=[value]),
        ],
        notes=[Comment(text=comment.strip())] if comment.strip() else [],
        hands=[Hand(number=1, events=[Call(seat=players[0], bid=100, notes=[Comment(text=comment.strip())] if comment.strip() else [])])],
    )
    text = notation.dumps(game)
    assert notation.loads(text) == game
    assert text.isprintable() or all(ch.isprintable() or ch == "\n" for ch in text)


# ---- raw escapes never reach the output ---------------------------------------------------

EVIL = "x\x1b]0;PWNED\x07\x08\r\u009b\u202e\u200by"
EVIL_RECORD = (
    '[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n'
    '[Event "x\\u{1B}]0;PWNED\\u{7}\\u{8}\\u{D}\\u{9B}\\u{202E}\\u{200B}y"]\n'
    "{x\\u{1B}]0;PWNED\\u{7}\\u{8}\\u{D}\\u{9B}\\u{202E}\\u{200B}y}\n\nhand 1\n  bid A 100\n"
)


def raw_controls(text: str) -> list[str]:
    return [ch for ch in text if not (ch.isprintable() or ch == "\n")]


@pytest.mark.parametrize("command", [["fmt"], ["annotate"], ["export", "--to", "kgn"], ["export", "--to", "json"], ["export", "--to", "json", "--jsonl"]])
def test_no_command_prints_a_control_character_from_the_file(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "evil.kgn"
    path.write_text(EVIL_RECORD)
    game = notation.loads(EVIL_RECORD)
    assert game.tag("Event") == EVIL and game.notes[0].text == EVIL  # read losslessly
    result = runner.invoke(app, [*command, str(path)])
    assert result.exit_code == 0, result.stderr
    assert raw_controls(result.stdout) == []
    if command == ["export", "--to", "json"]:
        back = tmp_path / "evil.json"
        back.write_text(result.stdout)
        again = runner.invoke(app, ["import", str(back)])
        assert again.exit_code == 0 and raw_controls(again.stdout) == []
        assert notation.loads(again.stdout) == game


# ---- JSON import holds only what KGN can hold ------------------------------------------------

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "thousand" / "01-first-hand.kgn"


def exported(tmp_path: Path) -> list[dict]:  # type: ignore[type-arg]
    import json

    result = runner.invoke(app, ["export", str(SAMPLE)])
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def import_json(tmp_path: Path, text: str) -> object:
    path = tmp_path / "in.json"
    path.write_text(text)
    return runner.invoke(app, ["import", str(path)])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 1000, "nested too deeply"),
        ('[{"a": 1' + "0" * 5000 + "}]", "a number of 5,001 digits"),
        ('[{"kind": "thousand", "kind": "bura"}]', "appears twice"),
    ],
    ids=["deep", "long-number", "duplicate-key"],
)
def test_broken_json_is_a_located_error(tmp_path: Path, text: str, message: str) -> None:
    result = import_json(tmp_path, text)
    assert result.exit_code == 1 and message in result.stderr and "Traceback" not in result.stderr  # type: ignore[attr-defined]


def test_an_import_that_fails_half_way_prints_nothing(tmp_path: Path) -> None:
    import json

    games = exported(tmp_path)
    text = json.dumps(games + games)[:-1] + ', {"kind": "thousand", "hands": 1}]'
    result = import_json(tmp_path, text)
    assert result.exit_code == 1 and result.stdout == "" and "game record" in result.stderr  # type: ignore[attr-defined]
    (tmp_path / "bad.json").write_bytes(json.dumps(games).encode() + b"\n\xff")
    result = runner.invoke(app, ["import", str(tmp_path / "bad.json")])
    assert result.exit_code == 1 and result.stdout == "" and "invalid UTF-8 at byte" in result.stderr


def test_a_json_comment_cannot_become_a_hand_and_a_tag_name_cannot_inject_a_tag(tmp_path: Path) -> None:
    import json

    games = exported(tmp_path)
    games[0]["notes"] = [{"kind": "comment", "text": 'x}\nhand 99\n  bid Anna 100'}]
    result = import_json(tmp_path, json.dumps(games))
    assert result.exit_code == 0  # type: ignore[attr-defined]
    back = notation.loads(result.stdout)  # type: ignore[attr-defined]
    assert [h.number for h in back.hands] == [1] and back.notes[0].text.startswith("x}\nhand 99")
    games = exported(tmp_path)
    games[0]["tags"].append({"name": 'Event "x"] [Injected', "values": ["y"]})
    result = import_json(tmp_path, json.dumps(games))
    assert result.exit_code == 1 and "at thousand.tags.8.name: String should match pattern" in result.stderr  # type: ignore[attr-defined]
    games = exported(tmp_path)
    next(e for e in games[0]["hands"][0]["events"] if e["kind"] == "trick")["number"] = -3
    result = import_json(tmp_path, json.dumps(games))
    assert result.exit_code == 1 and "at thousand.hands.0.events.8.trick.number: Input should be greater than or equal to 0" in result.stderr  # type: ignore[attr-defined]
    games = exported(tmp_path)
    games[0]["tags"][1]["values"][0] = "An\nna"
    games[0]["tags"][2]["values"][0] = "Vera"
    for hand in games[0]["hands"]:
        text = json.dumps(hand).replace('"Anna"', '"An\\nna"')
        hand.clear()
        hand.update(json.loads(text))
    result = import_json(tmp_path, json.dumps(games))
    assert result.exit_code == 0, result.stderr  # type: ignore[attr-defined]
    assert notation.loads(result.stdout).players[0] == "An\nna"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("hands", 0, "events", "trick", "number"), "1", "thousand.hands.0.events.8.trick.number: Input should be a valid integer"),
        (("hands", 0, "events", "trick", "number"), True, "thousand.hands.0.events.8.trick.number: Input should be a valid integer"),
        (("hands", 0, "events", "trick", "number"), 1.0, "thousand.hands.0.events.8.trick.number: Input should be a valid integer"),
        (("hands", 0, "events", "call", "bid"), 10**9, "a number of 10 digits; numbers in KGN have at most 9"),
        (("hands", 0, "events", "trick", "plays", 0, "marriage"), 0, "thousand.hands.0.events.8.trick.plays.0.marriage: Input should be a valid boolean"),
        (("hands", 0, "events", "points", "entries", 0, "value"), -(10**9), "a number of 10 digits; numbers in KGN have at most 9"),
    ],
    ids=["number-as-text", "number-as-true", "number-as-float", "ten-digit-bid", "flag-as-0", "ten-digit-score"],
)
def test_json_takes_numbers_and_flags_only_as_the_schema_types_them(
    tmp_path: Path, path: tuple[object, ...], value: object, message: str
) -> None:
    import json

    games = exported(tmp_path)
    node: Any = games[0]
    for key in path[:-1]:  # a kind of event stands for the first event of that kind
        node = next(e for e in node if e["kind"] == key) if isinstance(key, str) and isinstance(node, list) else node[key]
    node[path[-1]] = value
    result = import_json(tmp_path, json.dumps(games))
    assert result.exit_code == 1 and message in result.stderr, result.stderr  # type: ignore[attr-defined]


def test_an_escape_inside_a_comment_never_closes_it() -> None:
    # Found by the fuzz campaign: "{a \u{202E} b" with no closing brace used to end the
    # comment at the escape's own brace.  Now the comment is unclosed: a syntax error.
    with pytest.raises(notation.KgnSyntaxError):
        notation.loads(H + "\nhand 1\n  bid B 100 {a \\u{202E} b\n")
    game = notation.loads(H + "\nhand 1\n  bid B 100 {a \\u{202E} b}\n")
    assert game.hands[0].auction[0].notes[0].text == "a \u202e b"
    assert notation.loads(notation.dumps(game)) == game


# ---- memory: bounded whatever the shape ------------------------------------------------------


def test_a_players_tag_of_two_million_names_is_refused_at_its_line_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "players.kgn"
    path.write_text('[Game "thousand"]\n[Players' + ' "A"' * 2_000_000 + ']\n[Dealer "A"]\n[Rules "classic"]\n\nhand 1\n')
    size = path.stat().st_size
    _, base = peak_of(["validate", "-j", "1", str(SAMPLES / "thousand" / "01-first-hand.kgn")])
    code, peak = peak_of(["validate", "-j", "1", str(path)])
    assert code == 1
    assert peak - base < 20 * size, (peak, base, size)
    result = runner.invoke(app, ["validate", str(path)])
    assert f"{path}:2:1: error[syntax]: the header holds more than 40,000 tag values" in result.stderr


def test_thirty_thousand_players_are_told_apart_in_linear_time() -> None:
    text = '[Game "thousand"]\n[Players' + "".join(f' "P{k}"' for k in range(30_000)) + ' "p7"]\n[Dealer "P1"]\n[Rules "classic"]\n'
    start = time.process_time()
    [d] = replay.check(notation.loads(text)).diagnostics
    assert time.process_time() - start < 2
    assert d.code == "players" and "30,001" in d.message


def test_one_page_of_a_file_of_many_games_is_refused_before_any_game_is_read(tmp_path: Path) -> None:
    one = (SAMPLES / "thousand" / "01-first-hand.kgn").read_text()
    path = tmp_path / "many.kgn"
    path.write_text("\n".join([one] * 4000))
    size = path.stat().st_size
    _, base = peak_of(["html", str(SAMPLES / "thousand" / "01-first-hand.kgn"), "-o", str(tmp_path / "one.html")])
    code, peak = peak_of(["html", str(path), "-o", str(tmp_path / "x.html")])
    assert code == 2 and not (tmp_path / "x.html").exists()
    assert peak - base < 2 * size, (peak, base, size)


# ---- JSON: what KGN holds, JSON holds -------------------------------------------------------


@pytest.mark.parametrize("depth", [49, 50])
def test_variations_as_deep_as_kgn_allows_go_to_json_and_back(depth: int) -> None:
    from notation.jsonio import from_json, iter_json_games, to_json

    game = notation.loads(H + "\nhand 1\n  bid A 100" + " (B 105" * depth + ")" * depth + "\n")
    assert from_json(to_json(game)) == game
    assert list(iter_json_games(to_json(game))) == [game]


@pytest.mark.parametrize("reader", ["from_json", "iter_json_games"])
def test_a_number_of_five_thousand_digits_in_json_is_located_with_kgns_own_limit(reader: str) -> None:
    import notation.jsonio as jsonio

    text = '{"kind": "thousand",\n "tags": [], "hands": [{"number": ' + "7" * 5000 + "}]}"
    read = getattr(jsonio, reader)
    with pytest.raises(notation.KgnError) as info:
        result = read(text, file="big.json")
        list(result) if reader == "iter_json_games" else result
    assert (info.value.line, info.value.column) == (2, 35)
    assert info.value.message == "a number of 5,000 digits; numbers in KGN have at most 9"
    assert "set_int_max_str_digits" not in info.value.format()
