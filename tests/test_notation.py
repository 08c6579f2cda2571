"""KGN notation: reading, canonical writing, JSON, and located syntax errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import SAMPLES, Trickle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import notation
from notation.cards import canonical_card
from notation.jsonio import from_dict, from_json, iter_json_games, json_schema, to_json
from notation.records import Comment
from notation.thousand.records import Variation

SAMPLE_FILES = sorted(SAMPLES.glob("*/*.kgn"))
HEADER = '[Game "thousand"]\n[Players "Anna" "Boris" "Vera"]\n[Dealer "Vera"]\n[Rules "classic"]\n'


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_samples_are_canonical_and_round_trip(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    games = notation.loads_all(text)
    assert notation.dumps(games) == text
    for game in games:
        again = notation.loads(notation.dumps(game))
        assert again == game
        assert from_json(to_json(game)) == game


DATA_FILES = sorted((SAMPLES.parent / "tests" / "data").rglob("*.kgn"))


@pytest.mark.parametrize("path", SAMPLE_FILES + DATA_FILES, ids=lambda p: p.name)
def test_the_grammar_counts_a_games_items_as_count_items_does(path: Path) -> None:
    # The limit on items (MAX_ITEMS) is counted while the grammar reads, and by count_items
    # on a record from JSON: the two must agree, or JSON could give what KGN cannot read.
    from notation.larkread import _parser, read_with_grammar
    from notation.parse import game_kind, split_games
    from notation.records import count_items

    for gtext in split_games(io.BytesIO(path.read_bytes()), path.name):
        if gtext.encoding_error is not None:
            continue
        try:
            game = read_with_grammar(gtext, game_kind(gtext))
        except notation.KgnError:
            continue
        again = notation.loads(notation.dumps(game))  # the same record, positions aside
        assert count_items(again) == count_items(game)
        builder = _parser(game_kind(gtext)).builder  # what the grammar counted
        assert count_items(game) == (builder.rounds, builder.items), path


class _LineByLine:
    """A binary stream read only line by line (no ``read1``)."""

    def __init__(self, data: bytes) -> None:
        self.readline = io.BytesIO(data).readline


_STREAM_BITS = st.sampled_from(
    [b"\n", b"\r\n", b"\n\n", b'[Game "thousand"]', b"[", b"  ", b"hand 1", b"{", b"}",
     b"; c", b'"', b"\\", b"\xff", b"\xd0\xb0", b"\xd0", b"\xef\xbb\xbf", b"x"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_STREAM_BITS, max_size=60).map(b"".join), st.integers(1, 12))
def test_a_stream_split_a_block_at_a_time_gives_the_games_read_line_by_line(
    data: bytes, size: int
) -> None:
    # split_games reads a binary stream in blocks (a pipe gives what it holds); games, line
    # numbers and encoding errors are those of reading one line at a time.
    from notation.parse import split_games

    def games(handle: object) -> list[tuple[str, int, int, str | None]]:
        return [
            (g.text, g.first_line, g.index, g.encoding_error and g.encoding_error.format())
            for g in split_games(handle, "f.kgn")  # type: ignore[arg-type]
        ]

    assert games(Trickle(data, size)) == games(_LineByLine(data))
    for path in SAMPLE_FILES[:3]:
        whole = path.read_bytes()
        assert games(Trickle(whole, 1000)) == games(_LineByLine(whole))


def test_lenient_input_reads_and_writes_canonical() -> None:
    text = HEADER + "\n\nHAND 1\n   deal anna: 10♠ a♥ kh Qh 9s jd ad\n  Bid anna 100 ,boris PASS, vera pass\n"
    game = notation.loads(text)
    out = notation.dumps(game)
    assert "deal Anna: TS AH KH QH 9S JD AD" in out
    assert "bid Anna 100, Boris pass, Vera pass" in out
    assert notation.dumps(notation.loads(out)) == out


def test_card_reading_is_lenient() -> None:
    assert [canonical_card(c) for c in ("10♠", "th", "A♥", "q♦", "??")] == ["TS", "TH", "AH", "QD", "??"]


@pytest.mark.parametrize(
    ("language", "letters"),
    [("ru", "\u0422 \u041a \u0414 \u0412 10"), ("it", "A R D F 10"), ("pl", "A K D W 10")],
)
def test_cards_written_with_the_players_own_letters_read_as_the_same_cards(language: str, letters: str) -> None:
    """Ace, king, queen, jack and ten as Russian (туз, король, дама, валет), Italian (asso,
    re, donna, fante) and Polish (as, król, dama, walet) players write them, before a suit
    symbol, upper or lower case; written back with the canonical letters."""
    for letter, rank in zip(letters.split(), "AKQJT", strict=True):
        for symbol, suit in zip("\u2660\u2663\u2666\u2665", "SCDH", strict=True):
            assert canonical_card(letter + symbol) == rank + suit
            assert canonical_card(letter.lower() + symbol) == rank + suit
    text = HEADER + "\n\nhand 1\n  deal Anna: " + " ".join(f"{x}\u2665" for x in letters.split()) + " 9S JD\n"
    assert "deal Anna: AH KH QH JH TH 9S JD" in notation.dumps(notation.loads(text))


@pytest.mark.parametrize("written", ["DS", "RH", "\u0414S", "\u0422C", "FD", "WS"])
def test_a_local_letter_before_a_suit_letter_is_not_a_card(written: str) -> None:
    """Only a suit symbol follows a local letter: ``DS`` never reads as the queen of
    spades (nor ``ТC``, Cyrillic Т, as the ace of clubs)."""
    with pytest.raises(ValueError, match="not a card"):
        canonical_card(written)
    with pytest.raises(notation.KgnError):
        notation.loads(HEADER + f"\n\nhand 1\n  deal Anna: {written} 9S JD\n")


def test_comments_stay_with_the_event_they_followed() -> None:
    text = HEADER + "{before}\nhand 1 {hand note}\n  bid Anna 100 {after Anna}, Boris pass, Vera pass {last}\n"
    game = notation.loads(text)
    assert game.notes == [Comment(text="before")]
    hand = game.hands[0]
    assert hand.notes == [Comment(text="hand note")]
    assert hand.auction[0].notes == [Comment(text="after Anna")]
    assert hand.auction[2].notes == [Comment(text="last")]
    assert notation.loads(notation.dumps(game)) == game


def test_variations_nest_and_round_trip() -> None:
    text = HEADER + "\nhand 1\n  bid Anna 100, Boris 105 (Boris pass (Boris 110), Vera pass), Vera pass, Anna pass\n"
    game = notation.loads(text)
    var = game.hands[0].auction[1].notes[0]
    assert isinstance(var, Variation)
    assert isinstance(var.auction[0].notes[0], Variation)
    assert notation.loads(notation.dumps(game)) == game


def test_names_that_need_quotes_are_quoted() -> None:
    text = '[Game "thousand"]\n[Players "Anna Maria" "pass" "AS"]\n[Dealer "AS"]\n[Rules "classic"]\n\nhand 1\n  bid "Anna Maria" 100, "pass" pass, "AS" pass\n'
    game = notation.loads(text)
    assert [c.seat for c in game.hands[0].auction] == ["Anna Maria", "pass", "AS"]
    assert notation.dumps(game) == text


def test_a_name_with_a_combining_accent_is_bare_and_names_the_same_player_as_its_composed_form() -> None:
    decomposed = "Zoe\u0308"  # "Zoë" as macOS file names and some keyboards write it
    text = HEADER.replace("Vera", "Zo\u00eb") + f"\nhand 1\n  bid Anna 100, Boris pass, {decomposed} pass\n"
    game = notation.loads(text)
    assert game.hands[0].auction[2].seat == "Zo\u00eb", "the header's spelling, as for a name in other case"
    written = HEADER.replace('"Vera"', f'"{decomposed}"') + f"\nhand 1\n  bid Anna 100, Boris pass, {decomposed} pass\n"
    game = notation.loads(written)
    assert game.hands[0].auction[2].seat == decomposed and notation.dumps(game) == written
    pass_accent = HEADER.replace('"Vera"', '"pass\u0301"') + "\nhand 1\n  bid Anna 100, pass\u0301 pass\n"
    assert notation.loads(pass_accent).hands[0].auction[1].seat == "pass\u0301", (
        "a keyword ends where no character of a name follows it: pass + U+0301 is a name"
    )


def test_the_talon_may_name_its_taker_as_the_notation_brief_sketches_it() -> None:
    text = HEADER + "\nhand 1\n  bid Anna 100, Boris pass, Vera pass\n  talon Anna: TH 9C JS\n"
    game = notation.loads(text)
    talon = game.hands[0].talon  # type: ignore[union-attr]
    assert talon is not None and (talon.seat, talon.cards) == ("Anna", ["TH", "9C", "JS"])
    assert notation.dumps(game) == text and from_json(to_json(game)) == game
    plain = notation.loads(text.replace("talon Anna: ", "talon "))
    assert plain.hands[0].talon.seat is None and plain != game  # type: ignore[union-attr]
    assert notation.loads(text.replace("Anna: ", "anna : ")) == game, "lenient: case and spaces"


def test_a_comment_after_a_comma_or_slash_belongs_to_the_move_before_it() -> None:
    text = HEADER + "\nhand 1\n  bid Anna 100, {Boris thinks} Boris pass, Vera pass\n"
    game = notation.loads(text)
    first = game.hands[0].auction[0]  # type: ignore[union-attr]
    assert [n.text for n in first.notes] == ["Boris thinks"]  # type: ignore[union-attr]
    assert notation.dumps(game) == text.replace("100, {Boris thinks}", "100 {Boris thinks},")
    bura = '[Game "bura"] [Players "A" "B"] [Dealer "B"] [Rules "classic"]\ndeal 1\n  1. A 6H / {low} B 9S -> A\n'
    answer = notation.loads(bura).deals[0].events[0].answers[0]  # type: ignore[union-attr]
    assert [n.text for n in answer.notes] == ["low"]


def test_a_comment_before_the_first_call_or_card_belongs_to_that_move() -> None:
    text = HEADER + "\nhand 1\n  bid {a long think} Anna 100 !, Boris pass, Vera pass\n  1. {the lead} Anna AS, Boris KS\n"
    hand = notation.loads(text).hands[0]
    assert [getattr(n, "text", None) for n in hand.auction[0].notes] == ["a long think", "!"]  # type: ignore[union-attr]
    assert [n.text for n in hand.tricks[0].plays[0].notes] == ["the lead"]  # type: ignore[union-attr]
    written = notation.dumps(notation.loads(text))
    assert "bid Anna 100 {a long think} !, Boris pass" in written and "1. Anna AS {the lead}, Boris KS" in written
    assert notation.loads(written) == notation.loads(text)
    bura = '[Game "bura"] [Players "A" "B"] [Dealer "B"] [Rules "classic"]\ndeal 1\n  1. {low} A 6H / B 9S -> A\n'
    answer = notation.loads(bura).deals[0].events[0].answers[0]  # type: ignore[union-attr]
    assert [n.text for n in answer.notes] == ["low"]


def test_the_grammar_and_the_code_read_a_bare_name_alike() -> None:
    import re

    from notation.grammar import lark_parser
    from notation.write import NAME_PATTERN

    grammar = re.compile(lark_parser("thousand").get_terminal("NAME").pattern.value)
    code = re.compile(NAME_PATTERN)
    for point in range(0x10000):  # the whole basic plane, combining marks included
        name = "a" + chr(point)
        assert bool(grammar.fullmatch(name)) == bool(code.fullmatch(name)), hex(point)
    for kind in ("thousand", "bura"):  # a keyword ends where a name could not go on
        parser = lark_parser(kind)
        name = parser.get_terminal("NAME").pattern.value
        goes_on = "(?![" + name[name.index("]") + 2 : -2] + "])"
        keywords = [t for t in parser.terminals if t.pattern.value.startswith("(?a:")]
        assert keywords and all(t.pattern.value.endswith(goes_on) for t in keywords)


def test_read_game_streams_one_game_per_call() -> None:
    text = (HEADER + "\nhand 1\n  bid Anna 100, Boris pass, Vera pass\n") * 3
    handle = io.StringIO(text)
    games = []
    while (game := notation.read_game(handle)) is not None:
        games.append(game)
    assert len(games) == 3


def _three_games_one_bad() -> bytes:
    """Three games of a sample, the second with a misspelt round, in CRLF line ends."""
    text = (SAMPLES / "bura" / "01-illustrative-game.kgn").read_text(encoding="utf-8")
    bad = text.replace("\ndeal 1", "\ndael 1", 1)
    assert bad != text
    return (text + "\n\n" + bad + "\n" + text).replace("\n", "\r\n").encode()


def _every_game(read: object) -> list[object]:
    """What each call gives: a game's rounds' lines, or a bad game's line and number."""
    out: list[object] = []
    while True:
        try:
            game = read()  # type: ignore[operator]
        except notation.KgnError as exc:
            out.append((exc.line, exc.game))
            continue
        if game is None:
            return out
        out.append([r.pos for r in game.rounds])


def _as_split_games_counts(data: bytes) -> list[object]:
    """The second method: what the block reader (split_games) numbers, game by game."""
    from notation.parse import parse_game, split_games

    out: list[object] = []
    for gtext in split_games(io.BytesIO(data)):
        try:
            out.append([r.pos for r in parse_game(gtext).rounds])
        except notation.KgnError as exc:
            out.append((exc.line, exc.game))
    return out


def test_read_game_keeps_nothing_between_calls_and_numbers_from_the_start(tmp_path: Path) -> None:
    data = _three_games_one_bad()
    expected = _as_split_games_counts(data)
    assert expected[1] == (34, 2)  # the bad game: its line, and that it is the second
    path = tmp_path / "three.kgn"
    path.write_bytes(data)
    for mode in ("rb", "r"):
        with path.open(mode) as f:
            assert _every_game(lambda f=f: notation.read_game(f)) == expected
    text = io.StringIO(data.decode())
    assert _every_game(lambda: notation.read_game(text)) == expected
    with path.open("rb") as f:  # a handle another handle read first, or moved: the same
        notation.read_game(f)
        second = f.tell()
        with pytest.raises(notation.KgnSyntaxError):
            notation.read_game(f)
        assert [r.pos for r in notation.read_game(f).rounds] == expected[2]
        f.seek(second)
        with pytest.raises(notation.KgnSyntaxError) as bad:
            notation.read_game(f)
    assert (bad.value.line, bad.value.game) == (34, 2)


def test_a_pipe_is_read_by_a_reader_the_caller_holds() -> None:
    data = _three_games_one_bad()
    expected = _as_split_games_counts(data)
    pipe = io.TextIOWrapper(Trickle(data, 7), encoding="utf-8")
    pipe.seekable = lambda: False  # type: ignore[method-assign]
    with pytest.raises(io.UnsupportedOperation, match="GameReader"):
        notation.read_game(pipe)
    reader = notation.GameReader(pipe)  # a text pipe: the header read ahead stays in it
    assert _every_game(reader.read_game) == expected
    binary = Trickle(data, 7)
    binary.seekable = lambda: False  # type: ignore[method-assign]
    assert _every_game(notation.GameReader(binary).read_game) == expected  # peeks ahead


def test_a_reader_made_mid_file_counts_what_came_before() -> None:
    data = _three_games_one_bad()
    handle = io.BytesIO(data)
    notation.read_game(handle)
    reader = notation.GameReader(handle)
    assert _every_game(reader.read_game) == _as_split_games_counts(data)[1:]


def test_typo_in_trick_5_of_hand_3_is_located() -> None:
    path = SAMPLES / "thousand" / "04-barrel-falls.kgn"
    lines = path.read_text(encoding="utf-8").split("\n")
    hand3 = lines.index("hand 3")
    k = next(i for i in range(hand3, len(lines)) if lines[i].startswith("  5. "))
    lines[k] = lines[k].replace(", ", ", X", 1).replace(" X", " 7Z ", 1)
    with pytest.raises(notation.KgnSyntaxError) as info:
        notation.loads("\n".join(lines), file="typo.kgn")
    err = info.value
    assert (err.file, err.line) == ("typo.kgn", k + 1)
    assert err.column == lines[k].index("7Z") + 1
    assert "typo.kgn:%d:%d: error[syntax]" % (k + 1, err.column) in err.format()


def test_one_bad_game_does_not_hide_the_next() -> None:
    bad = HEADER + "\nhand 1\n  bid Anna 1OO\n"
    good = HEADER + "\nhand 1\n  bid Anna 100, Boris pass, Vera pass\n"
    items = list(notation.iter_games(io.StringIO(bad + "\n" + bad + "\n" + good), on_error="yield"))
    assert [type(i).__name__ for i in items] == ["KgnSyntaxError", "KgnSyntaxError", "ThousandGame"]
    assert [i.line for i in items[:2]] == [7, 15]  # type: ignore[union-attr]


def test_invalid_utf8_is_a_located_error() -> None:
    data = (HEADER + "{caf\xe9}\n").encode("latin-1")
    items = list(notation.iter_games(io.BytesIO(data), on_error="yield"))
    assert isinstance(items[0], notation.KgnError) and items[0].code == "encoding"
    assert items[0].line == 5


def test_json_lines_and_arrays_import() -> None:
    games = notation.loads_all((SAMPLES / "thousand" / "01-first-hand.kgn").read_text())
    jsonl = "".join(to_json(g) + "\n" for g in games * 2)
    assert list(iter_json_games(jsonl)) == games * 2
    array = json.dumps([json.loads(to_json(g)) for g in games])
    assert list(iter_json_games(array)) == games


@pytest.mark.parametrize("path", [p for p in SAMPLE_FILES if p.parent.name != "thousand"], ids=lambda p: p.name)
def test_json_written_before_the_deal_was_called_deal_still_reads(path: Path) -> None:
    """docs/data.md, "Renamed": a deal's cards dealt were ``"dealing": {"kind": "dealing"}``
    in Bura, Burkozel and Sixty-six; that JSON reads as the same game, and is written with
    ``"deal"`` as Thousand's is."""
    for game in notation.loads_all(path.read_text()):
        text = to_json(game)
        assert '"dealing"' not in text and '"deal":{"kind":"deal"' in text
        old = text.replace('"deal":{"kind":"deal"', '"dealing":{"kind":"dealing"')
        data = json.loads(old)
        assert from_json(old) == game and list(iter_json_games(old)) == [game]
        assert from_dict(data) == game and data == json.loads(old)  # the data is not changed
        assert '"dealing"' not in to_json(from_json(old))


_FIELD_OF_KIND = {
    "redeal": "redeal", "call": "auction", "talon": "talon", "concede": "concede", "give": "give",
    "contract": "contract", "trick": "tricks", "points": "stated", "score": "stated", "totals": "stated",
}  # fmt: skip


def _as_before_events(value: object) -> object:
    """Thousand JSON in the shape kozyr wrote before a hand's events were one list: a field
    per kind of event (a list for the calls, the tricks and the stated facts), in hands and
    in variations at any depth."""
    if isinstance(value, list):
        return [_as_before_events(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: _as_before_events(v) for k, v in value.items() if k != "events"}
    if "events" in value:
        fields: dict[str, object] = {"auction": [], "tricks": [], "stated": []}
        for ev in value["events"]:
            key = _FIELD_OF_KIND[ev["kind"]]
            if isinstance(fields.get(key), list):
                fields[key].append(_as_before_events(ev))  # type: ignore[union-attr]
            else:
                fields[key] = _as_before_events(ev)
        out.update(fields)
    return out


@pytest.mark.parametrize("path", [p for p in SAMPLE_FILES if p.parent.name == "thousand"], ids=lambda p: p.name)
def test_thousand_json_written_before_its_events_were_one_list_still_reads(path: Path) -> None:
    """docs/data.md, "Renamed": a Thousand hand and variation held a field per event; that
    JSON reads as the same game, and is written with ``"events"``."""
    for game in notation.loads_all(path.read_text()):
        new = json.loads(to_json(game))
        old = _as_before_events(new)
        assert "events" not in json.dumps(old) and '"auction"' in json.dumps(old)
        assert from_dict(old) == game
        assert json.loads(to_json(from_dict(old))) == new


def test_the_json_kozyr_wrote_before_events_reads_as_the_same_game() -> None:
    """The JSON of ``01-first-hand.kgn`` as kozyr exported it before this change (a
    variation in a call's notes) reads as the game the KGN file holds."""
    old = (Path(__file__).parent / "data" / "renamed" / "thousand-01-first-hand-before-events.json").read_text()
    assert '"auction"' in old and '"variation"' in old and '"events"' not in old
    (game,) = notation.loads_all((SAMPLES / "thousand" / "01-first-hand.kgn").read_text())
    assert list(iter_json_games(old)) == [game]
    assert '"auction"' not in to_json(next(iter_json_games(old)))


class _Reads(io.BytesIO):
    """A byte stream that remembers how much each read asked for."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.asked: list[int] = []

    def read(self, size: int | None = -1) -> bytes:
        self.asked.append(-1 if size is None else size)
        return super().read(size)


def test_a_large_json_array_is_read_a_chunk_at_a_time() -> None:
    games = notation.loads_all((SAMPLES / "thousand" / "04-barrel-falls.kgn").read_text())
    one = json.loads(to_json(games[0]))
    count = 3_000_000 // len(json.dumps(one)) + 1  # about 3 MB of JSON
    data = json.dumps([one] * count, indent=2).encode()
    stream = _Reads(data)
    assert list(iter_json_games(stream)) == [games[0]] * count
    assert len(stream.asked) >= 4 and all(0 < size <= 1 << 20 for size in stream.asked[:-1])


def test_json_objects_one_after_another_and_their_errors() -> None:
    game = notation.loads((SAMPLES / "thousand" / "01-first-hand.kgn").read_text())
    pretty = to_json(game, indent=2)
    assert list(iter_json_games(pretty + "\n" + pretty)) == [game, game]  # objects over several lines
    with pytest.raises(notation.KgnError, match="one game a line") as info:
        list(iter_json_games(to_json(game) + " " + to_json(game)))
    assert (info.value.line, info.value.column) == (1, len(to_json(game)) + 2)
    filler = (to_json(game) + "\n") * (1_500_000 // len(to_json(game)))  # past the first chunk
    lines = filler.count("\n")
    with pytest.raises(notation.KgnError, match="not JSON") as info:
        list(iter_json_games(filler + '{"kind": "thousand",, }\n'))
    assert (info.value.line, info.value.column) == (lines + 1, 21)
    with pytest.raises(notation.KgnError, match="invalid UTF-8 at byte") as info:
        list(iter_json_games(io.BytesIO(filler.encode() + b'{"caf\xe9"')))
    assert info.value.code == "encoding" and f"at byte {len(filler) + 5}" in info.value.message


def test_json_schema_describes_games() -> None:
    schema = json_schema()
    assert schema["title"] == "KGN game record"
    assert "hands" in json.dumps(schema)


def test_json_schema_names_its_definitions_as_a_reader_would() -> None:
    import re

    schema = json_schema()
    names = set(schema["$defs"])
    assert {"ThousandRound", "BuraRound", "SixtySixRound", "Deal", "ThousandDeal"} <= names
    assert not [n for n in names if "__" in n]
    assert set(re.findall(r"#/\$defs/(\w+)", json.dumps(schema))) <= names  # every reference resolves


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.text(max_size=300))
def test_any_text_gives_records_or_located_errors(text: str) -> None:
    for item in notation.iter_games(io.StringIO(text), on_error="yield"):
        if isinstance(item, notation.KgnError):
            assert item.line is not None and item.code
        else:
            assert notation.loads(notation.dumps(item)) == item


SAMPLE_TEXT = (SAMPLES / "thousand" / "01-first-hand.kgn").read_text()


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_samples_give_records_or_located_errors(data: st.DataObject) -> None:
    text = SAMPLE_TEXT
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 8)))
        piece = data.draw(st.sampled_from(["", " ", "??", "(", ")", "{", "}", ";", "[", "]", ",", "10", "->", "marriage", "\n", '"', "$1"]))
        text = text[:i] + piece + text[j:]
    for item in notation.iter_games(io.StringIO(text), on_error="yield"):
        if isinstance(item, notation.KgnError):
            assert item.line is not None
        else:
            assert notation.loads(notation.dumps(item)) == item


HEAD = '[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n\nhand 1\n'


def test_an_unclosed_variation_is_reported_at_its_bracket() -> None:
    with pytest.raises(notation.KgnSyntaxError) as info:
        notation.loads(HEAD + "  bid A 100 (B 105, C pass\n")
    assert (info.value.line, info.value.column) == (7, 13)
    assert "never closed" in info.value.message
    with pytest.raises(notation.KgnSyntaxError) as info:
        notation.loads(HEAD + "  bid A 100 (B 105, C pass\n  bid B pass\n")
    assert info.value.hint == "the variation opened at line 7, column 13 is still open"


@pytest.mark.parametrize(("written", "card"), [("♥A", "A♥"), ("HA", "AH"), ("s10", "10S")])
def test_a_card_written_suit_first_says_rank_then_suit(written: str, card: str) -> None:
    with pytest.raises(notation.KgnSyntaxError) as info:
        notation.loads(HEAD + f"  bid A 100, B pass, C pass\n  talon {written} 9C JS\n")
    assert info.value.hint == f"a card is written rank then suit: {card}, not {written}"


def test_a_record_maker_takes_fields_by_position_and_defaults_the_rest() -> None:
    from notation.records import maker
    from notation.thousand.records import Play, Trick

    make_play = maker(Play, "seat", "card", "pos")
    one, two = make_play("Anna", "AS", (4, 5)), make_play("Anna", "AS", (4, 5))
    assert one == Play(seat="Anna", card="AS") and one.pos == (4, 5)
    assert one.notes == [] and one.notes is not two.notes  # a fresh list each time
    with pytest.raises(TypeError, match=r"Trick\.number has no default"):
        maker(Trick, "plays")
    with pytest.raises(TypeError, match="Play has no field colour"):
        maker(Play, "seat", "card", "colour")


GRAMMARS = {"thousand": "thousand", "bura": "bura", "burkozel": "bura", "sixtysix": "sixtysix"}
"""Each game and the grammar it is read with: a variant (Burkozel) reads as its game."""


@pytest.mark.parametrize(("name", "grammar"), GRAMMARS.items())
def test_each_game_reads_into_its_own_record_class_with_its_grammar(name: str, grammar: str) -> None:
    from notation.kinds import KINDS
    from notation.larkread import read_with_grammar
    from notation.parse import game_kind, split_games

    text = f'[Game "{name}"] [Players "Anna" "Boris" "Vera"] [Dealer "Vera"] [Rules "classic"]\n'
    game = notation.loads(text)
    assert type(game) is KINDS[name].record and game.kind == name
    assert KINDS[name].grammar == grammar and (SAMPLES.parent / "grammar" / f"{grammar}.lark").is_file()
    (gtext,) = split_games(io.BytesIO(text.encode()), "header.kgn")
    assert game_kind(gtext) is KINDS[name]
    assert read_with_grammar(gtext, KINDS[name]) == game  # the grammar reads it to the same record
    assert sorted(KINDS) == sorted(GRAMMARS)


def _record_classes() -> list[type]:
    """Every record class of every game's records and the shared ones."""
    import dataclasses
    import importlib

    from notation.kinds import KINDS
    from notation.records import Node

    modules = [importlib.import_module("notation.records")]
    modules += [importlib.import_module(KINDS[name].record.__module__) for name in KINDS]
    found = {
        value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, Node) and dataclasses.is_dataclass(value)
    }
    return sorted(found, key=lambda cls: (cls.__module__, cls.__name__))


@pytest.mark.parametrize("cls", _record_classes(), ids=lambda cls: f"{cls.__module__}.{cls.__name__}")
def test_the_c_record_maker_makes_what_the_python_one_does(cls: type) -> None:
    """The fast readers' records, made by the C maker where it is built: field by field the
    record that the Python maker, and the class called by keyword, make from the same values
    (every field the class requires given, and its position; the rest at their defaults)."""
    import dataclasses

    from notation.records import maker, python_maker, record_items

    required = [f.name for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]  # fmt: skip
    names = (*required, "pos")
    values = [object() for _ in required] + [(7, 3)]
    made = [maker(cls, *names)(*values), python_maker(cls, names)(*values),
            cls(**dict(zip(names, values, strict=True)))]  # fmt: skip
    assert [type(m) for m in made] == [cls] * 3
    first = record_items(made[0])
    for other in made[1:]:
        assert [(n, type(v), v if type(v) is not list else len(v)) for n, v in first] == [
            (n, type(v), v if type(v) is not list else len(v)) for n, v in record_items(other)
        ]
    again = maker(cls, *names)(*values)  # each record its own lists
    assert all(v is not w for (_, v), (_, w) in zip(first, record_items(again), strict=True) if type(v) is list)


def test_the_c_record_maker_is_built_with_the_compiled_modules() -> None:
    """An install that compiled the hot path makes its records in C (CI's second run); a
    maker refuses a call with the wrong number of fields, whichever makes it."""
    import os

    from notation import records
    from notation.thousand.records import Play

    if os.environ.get("KOZYR_COMPILED"):
        assert records.CMaker is not None
    make = records.maker(Play, "seat", "card", "pos")
    with pytest.raises(TypeError):
        make("Anna", "AS")
