"""Generated games at scale: every one validates, a single mutation is caught at its line,
the fast reader agrees with the Lark grammar, and many jobs print what one job prints."""

from __future__ import annotations

import io
import os
import random
import re
from pathlib import Path

import pytest
from conftest import INVALID, SAMPLES, Trickle
from differential import positions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import notation
import replay
from notation.bura.records import Trick as BuraTrick
from notation.kinds import KINDS
from notation.parse import (
    Chunk,
    GameText,
    _headers,
    _last_tag_line,
    parse_game,
    read_chunks,
    split_games,
)
from notation.thousand.records import Round as Hand
from notation.thousand.records import Trick
from replay.annotate import annotate
from replay.cli import app
from replay.games import GAMES, generate
from replay.parallel import check_all, check_game
from replay.pool import imap_games, in_order
from replay.thousand import generate_thousand

runner = CliRunner()


def agree(text: str) -> bool:
    """The fast reader gives Lark's record and positions, or steps aside. True if it read."""
    named = text[len('[Game "') : text.find('"]')] if text.startswith('[Game "') else ""
    fast = KINDS[named if named in KINDS else "thousand"].read(text, 1)
    try:
        slow = parse_game(GameText(text, 1, 1), fast=False)
    except notation.KgnError:
        assert fast is None, "the fast reader accepted what the grammar refuses"
        return False
    if fast is None:
        return False
    assert fast == slow
    assert positions(fast, []) == positions(slow, [])
    return True


GENERATED = [notation.dumps(generate_thousand(seed=s, rules=r, max_hands=12)) for s, r in
             [(0, "classic"), (1, "polish"), (2, "pagat"), (3, "classic dark=on golden-round=on"), (4, "classic players=4")]]  # fmt: skip


BURA_GENERATED = [
    notation.dumps(generate(g, seed=s, players=p, rules=r, deals=4))
    for s, p, g, r in [(0, 2, "bura", "classic"), (1, 5, "bura", "classic hand=4"), (2, 3, "burkozel", "classic"), (3, 4, "burkozel", "classic shokha=on")]
]  # fmt: skip


def mutated(
    data: st.DataObject, corpus: list[str], pieces: list[str], *, limit: int, span: int, times: int
) -> str:
    """A text of ``corpus`` (its first ``limit`` characters) with up to ``times`` places of
    up to ``span`` characters replaced by one of ``pieces``."""
    text = data.draw(st.sampled_from(corpus))[:limit]
    for _ in range(data.draw(st.integers(1, times))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + span)))
        text = text[:i] + data.draw(st.sampled_from(pieces)) + text[j:]
    return text


@pytest.mark.parametrize("text", BURA_GENERATED, ids=range(len(BURA_GENERATED)))
def test_fast_bura_reader_reads_generated_corpora_and_agrees(text: str) -> None:
    assert agree(text), "canonical generated text takes the fast path"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fast_bura_reader_agrees_on_fuzzed_input(data: st.DataObject) -> None:
    pieces = ["", " ", "  ", "\n", "??", ",", ", ", " / ", "/", "->", "1.", "down", " down ", "AS", "as", "10S", "Anna", "anna", "open Anna 31 win", "show Anna bura AS KS QS", "fault Anna double-draw", "pot -3", "chips", ":", "trump: ", "stock:", "deal 2\n", "-", "+", "\u0663"]  # fmt: skip
    agree(mutated(data, BURA_GENERATED, pieces, limit=3000, span=6, times=3))


def with_bura_variations(text: str) -> str:
    """``text`` with, after the last answer of every trick, a variation that plays that
    answer again (with a glyph, a comment and a variation nested in it) and names the
    taker, as a player who annotates writes it: the record stays valid."""

    def vary(m: re.Match[str]) -> str:
        head, last, taker = m.group(1), m.group(2), m.group(3)
        return f"{head}{last} ({last} !? {{or so}} ({last}) -> {taker}) -> {taker}"

    return re.sub(r"(?m)^(  [0-9]+\. .*/ )([^/\n]+?) -> (\S+)$", vary, text)


BURA_VARIED = [with_bura_variations(text) for text in BURA_GENERATED]


@pytest.mark.parametrize("text", BURA_VARIED, ids=range(len(BURA_VARIED)))
def test_bura_variations_of_the_rest_of_a_trick_take_the_fast_path_and_agree(text: str) -> None:
    assert text.count("(") > 10
    assert agree(text), "a Bura variation of the rest of a trick takes the fast path"
    assert replay.check(notation.loads(text)).ok, "and the varied records are valid"


@pytest.mark.parametrize(
    "variation",
    ["(Boris 9D -> Boris 2. Boris TH / Anna 7D -> Anna)", "(draw Anna 7H)", "()", "(Boris)", "(Boris 9D"],
)
def test_a_bura_variation_with_later_events_or_none_is_left_to_the_grammar(variation: str) -> None:
    text = BURA_GENERATED[0].replace("  1. Anna 6S / ", f"  1. Anna 6S {variation} / ", 1)
    assert variation in text
    assert not agree(text), "the grammar reads it (or refuses it), and the fast reader steps aside"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fast_bura_reader_agrees_on_fuzzed_variations(data: st.DataObject) -> None:
    pieces = ["(", ")", " (", ") ", "/", " / ", "->", " -> Anna", "Anna", "Boris", "9D", "down", " down ??", "!", "?", "??", "$3", "{c}", " (Boris 9D)", " (Anna 6S -> Anna)", "()", "2.", "\n"]  # fmt: skip
    agree(mutated(data, BURA_VARIED, pieces, limit=3000, span=6, times=3))


LONG_CARDS = " ".join(["AS", "??", "TH", "9C"] * 100)  # 400 cards: the long-line path


@pytest.mark.parametrize(
    "text",
    [
        '[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n\nhand 1\n  talon '
        + LONG_CARDS
        + "\n",
        '[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n\nhand 1\n  talon '
        + LONG_CARDS
        + "  \n",
        '[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n\nhand 1\n  talon '
        + LONG_CARDS.replace("TH", "TH ", 1)
        + "\n",
        '[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n\nhand 1\n  talon '
        + LONG_CARDS.replace("9C", "9X", 1)
        + "\n",
        '[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n\nhand 1\n  deal A: '
        + LONG_CARDS
        + " / B: KS / C: / talon: 9D\n",
        '[Game "bura"]\n[Players "A" "B"]\n[Dealer "B"]\n[Rules "classic"]\n\ndeal 1\n  hands A: '
        + LONG_CARDS
        + " / B: 9S / trump: QC\n",
    ],
    ids=["talon", "trailing-spaces", "double-space", "not-a-card", "deal", "bura-hands"],
)
def test_both_readers_agree_on_long_card_lines(text: str, request: pytest.FixtureRequest) -> None:
    fast = agree(text)
    case = request.node.callspec.id
    if case == "not-a-card":
        assert not fast, "what is not a card is left to the grammar"
    elif case != "double-space":  # either reader may take a double space; they agree
        assert fast, "a long line of cards takes the fast path"


@pytest.mark.parametrize(
    "path", sorted(SAMPLES.glob("*/*.kgn")), ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_fast_reader_reads_every_sample_and_agrees(path: Path) -> None:
    for gtext in split_games(io.StringIO(path.read_text())):
        assert agree(gtext.text), "the samples (comments, glyphs, variations) take the fast path"


@pytest.mark.parametrize("text", GENERATED, ids=range(len(GENERATED)))
def test_fast_reader_reads_generated_corpora_and_agrees(text: str) -> None:
    assert agree(text), "canonical generated text takes the fast path"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fast_reader_agrees_on_fuzzed_input(data: st.DataObject) -> None:
    pieces = ["", " ", "  ", "\n", "??", ",", ", ", "->", "1.", "9", "AS", "as", "10S", "Anna", "anna", "pass", "marriage", "hand 2\n", "/", ":", "+", "-", "barrel", "\u0663", "talon"]  # fmt: skip
    agree(mutated(data, GENERATED, pieces, limit=3000, span=6, times=3))


ANNOTATED = [
    notation.dumps(annotate(notation.loads(text))[0]) for text in GENERATED + BURA_GENERATED
]
"""The generated games with every fact and comment ``kozyr annotate`` writes."""

NOTE_PIECES = [
    "", " ", "  ", "\n", "{", "}", " {x}", " {a, b -> c}", "{\\u{7D}}", " {\\}", " !", " ?", " ??", " !?",
    "!", "$", " $12", " $", " $1x", ",", ", ", "->", "(", ")", ";", "  {c}\n", "{c}", " marriage",
    "Anna", "AS", "pass", "dark", "\t", "{\n}", " / ", "/", " down", "down ", " win", " open",
    " (Anna 120)", " (Anna pass, Boris 130 {c})", " (Boris TC, Vera JC -> Boris {x})", " (Vera QS ! (Vera KS))",
    " (Anna AS marriage)", " (talon AS)", " ()", " (Anna", "(", ")", " -> Anna)",
]  # fmt: skip


@pytest.mark.parametrize("text", ANNOTATED, ids=range(len(ANNOTATED)))
def test_fast_reader_reads_annotated_corpora_and_agrees(text: str) -> None:
    assert "{" in text and agree(text), (
        "annotate's output (comments on the events) takes the fast path"
    )


def over_lines(text: str) -> str:
    """``text`` with the comment that ends each event line broken over two lines (at its
    last space), as a person writes a long remark."""
    out = []
    for line in text.split("\n"):
        start = line.rfind(" {")
        if line.startswith("  ") and line.endswith("}") and start > 0 and " " in line[start + 2 :]:
            cut = line.rfind(" ", start + 2)
            line = line[:cut] + "\n" + line[cut + 1 :]
        out.append(line)
    return "\n".join(out)


@pytest.mark.parametrize("text", ANNOTATED, ids=range(len(ANNOTATED)))
def test_fast_reader_reads_comments_over_several_lines_and_agrees(text: str) -> None:
    """#40 item 14: a comment inside a deal that goes on over the next line takes the fast
    path too (it took the grammar's, at a fifth of the speed), with the grammar's record
    and positions."""
    broken = over_lines(text)
    assert broken.count("\n") > text.count("\n")
    assert agree(broken), "a comment over several lines takes the fast path"


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fast_reader_agrees_on_fuzzed_notes(data: st.DataObject) -> None:
    agree(mutated(data, ANNOTATED, NOTE_PIECES, limit=4000, span=4, times=4))


LENIENT_RANKS = {
    "T": ["T", "t", "10"],
    "J": ["J", "j"],
    "Q": ["Q", "q"],
    "K": ["K", "k"],
    "A": ["A", "a"],
}
LENIENT_SUITS = {
    "S": "Ss\u2660\u2664",
    "C": "Cc\u2663\u2667",
    "D": "Dd\u2666\u2662",
    "H": "Hh\u2665\u2661",
}


def respelled(text: str, seed: int) -> str:
    """``text`` with each card of the body (outside comments) written another way the
    grammar allows: lower case, 10 for T, a suit symbol (filled or outline)."""
    rng = random.Random(seed)
    head, _, body = text.partition("\n\n")

    def spell(m: re.Match[str]) -> str:
        rank, suit = m.group(1), m.group(2)
        return rng.choice(LENIENT_RANKS.get(rank, [rank])) + rng.choice(LENIENT_SUITS[suit])

    parts = re.split(r"(\{[^}]*\})", body)  # comments are free text: left as they are
    for i in range(0, len(parts), 2):
        parts[i] = re.sub(r"(?<!\w)([6-9TJQKA])([SCDH])(?!\w)", spell, parts[i])
    return head + "\n\n" + "".join(parts)


@pytest.mark.parametrize(
    "text",
    GENERATED + BURA_GENERATED + ANNOTATED,
    ids=range(len(GENERATED + BURA_GENERATED + ANNOTATED)),
)
def test_cards_in_lenient_spellings_take_the_fast_path_and_agree(text: str) -> None:
    lenient = respelled(text, len(text))
    assert lenient != text and "\u2660" in lenient + "\u2664" and "10" in lenient
    assert agree(lenient), "lower case, 10 and suit symbols are read by the fast reader"
    assert notation.loads(lenient) == notation.loads(text), "and mean the same cards"


LOCAL_LETTERS = {  # as players write the ranks: ru Т К Д В, it A R D F, pl A K D W
    "A": ["\u0422", "\u0442", "A"],
    "K": ["\u041a", "\u043a", "R", "r", "K"],
    "Q": ["\u0414", "\u0434", "D", "d"],
    "J": ["\u0412", "\u0432", "F", "f", "W", "w"],
    "T": ["10"],
}
SYMBOLS = {"S": "\u2660\u2664", "C": "\u2663\u2667", "D": "\u2666\u2662", "H": "\u2665\u2661"}


def locally_spelled(text: str, seed: int) -> str:
    """``text`` with each card of the body written as a Russian, Italian or Polish player
    writes it: the local rank letter and a suit symbol (``Д♠``, ``R♥``, ``W♣``)."""
    rng = random.Random(seed)
    head, _, body = text.partition("\n\n")

    def spell(m: re.Match[str]) -> str:
        return rng.choice(LOCAL_LETTERS.get(m.group(1), [m.group(1)])) + rng.choice(SYMBOLS[m.group(2)])

    parts = re.split(r"(\{[^}]*\})", body)
    for i in range(0, len(parts), 2):
        parts[i] = re.sub(r"(?<!\w)([6-9TJQKA])([SCDH])(?!\w)", spell, parts[i])
    return head + "\n\n" + "".join(parts)


@pytest.mark.parametrize("text", GENERATED[:3] + BURA_GENERATED[:3], ids=range(6))
def test_cards_in_local_letters_take_the_fast_path_and_agree(text: str) -> None:
    local = locally_spelled(text, len(text))
    assert "\u0414" in local + "\u0434" and "R" in local + "r"
    assert agree(local), "the local letters are read by the fast reader as by the grammar"
    assert notation.loads(local) == notation.loads(text), "and mean the same cards"
    assert notation.dumps(notation.loads(local)) == notation.dumps(notation.loads(text))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fast_readers_agree_on_fuzzed_lenient_cards(data: st.DataObject) -> None:
    pieces = [
        "10S",
        "10s",
        "1S",
        "2S",
        "5H",
        "ts",
        "q\u2665",
        "A\u2661",
        "\u2660",
        "10",
        "a\u2660x",
        "??",
        "as",
        "Ks,",
        "k",
        "\u0414\u2660",
        "\u0434\u2665x",
        "R\u2663",
        "DS",
        "\u0422S",
        "W",
    ]
    corpus = [respelled(t, 7) for t in GENERATED + BURA_GENERATED]
    corpus += [locally_spelled(t, 7) for t in GENERATED[:4]]
    agree(mutated(data, corpus, pieces, limit=3000, span=3, times=3))


@pytest.mark.parametrize("name", ["??", "1abc", "A.B", "->", "x\u200b", "a b", "Anna"])
@pytest.mark.parametrize(
    "body",
    [
        "1. {0} AS, B KS, C QS -> {0}",
        "bid {0} 100",
        "bid {0} 100 !",
        "give {0} AS, B KS",
        "points {0} 100",
        "1. {0} AS {{c}}, B KS, C QS",
    ],
)
def test_a_player_whose_name_is_not_a_bare_word_is_read_as_the_grammar_reads_it(
    name: str, body: str
) -> None:
    # The grammar takes such a name only quoted; written bare it is a syntax error, and
    # the fast reader must not take it either (a Players tag of "??" once let it).
    text = f'[Game "thousand"]\n[Players "{name}" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n\nhand 1\n  {body.format(name)}\n'
    assert agree(text) == (name == "Anna")


# ---- mutations ---------------------------------------------------------------------------


def first_error_line(text: str) -> int | None:
    game = notation.loads(text)
    errors = [d for d in replay.check(game).diagnostics if d.severity == "error"]
    return errors[0].line if errors else None


@pytest.mark.parametrize("seed", range(4))
def test_a_swapped_card_is_caught_at_the_mutated_line(seed: int) -> None:
    lines = notation.dumps(generate_thousand(seed=seed, max_hands=6)).split("\n")
    rng = random.Random(seed)
    tricks = [i for i, ln in enumerate(lines) if re.match(r"  [2-8]\. ", ln)]
    k = rng.choice(tricks)
    cards = re.findall(r" ([6-9TJQKA][SCDH])", lines[k])
    other = next(i for i in range(k - 1, 0, -1) if lines[i].startswith("  1. "))
    replacement = re.findall(r" ([6-9TJQKA][SCDH])", lines[other])[0]
    lines[k] = lines[k].replace(" " + cards[-1], " " + replacement, 1)
    assert first_error_line("\n".join(lines)) == k + 1


@pytest.mark.parametrize("seed", range(4))
def test_a_changed_bid_is_caught_at_its_line(seed: int) -> None:
    lines = notation.dumps(generate_thousand(seed=seed, max_hands=6)).split("\n")
    k = next(i for i, ln in enumerate(lines) if ln.startswith("  bid "))
    lines[k] = re.sub(r" (\d+)", lambda m: f" {int(m.group(1)) + 3}", lines[k], count=1)
    assert first_error_line("\n".join(lines)) == k + 1


@pytest.mark.parametrize("seed", range(4))
def test_a_wrong_score_is_caught_at_its_line(seed: int) -> None:
    lines = notation.dumps(generate_thousand(seed=seed, max_hands=6)).split("\n")
    k = next(i for i, ln in enumerate(lines) if ln.startswith("  score "))
    lines[k] = re.sub(r"([+-]?\d+)$", lambda m: str(int(m.group(1)) + 5), lines[k])
    assert first_error_line("\n".join(lines)) == k + 1


SWITCH_VALUES = [
    (g, sw.name, v) for g in GAMES for sw in GAMES[g].rulebook.switches for v in sw.values if v != "N"
]


@settings(
    max_examples=int(os.environ.get("KOZYR_RULE_EXAMPLES", "20")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.randoms(use_true_random=False), st.integers(0, 10_000))
def test_games_generated_under_random_house_rules_validate(rng: random.Random, seed: int) -> None:
    game = rng.choice(["thousand", "bura", "burkozel"])
    rules = ["classic"]
    for sw in GAMES[game].rulebook.switches:
        if rng.random() < 0.3:
            value = rng.choice([v for v in sw.values if v != "N"] or ["20"])
            rules.append(f"{sw.name}={value}")
    text = " ".join(rules)
    try:
        replay.parse_rules(game, text)
    except notation.KgnError:
        return  # a contradictory draw; the rules themselves reject it
    if game == "thousand":
        record = generate_thousand(seed=seed, rules=text, max_hands=25)
    else:
        record = generate(game, seed=seed, players=rng.choice([2, 3, 4]), rules=text, deals=4)
    again = notation.loads(notation.dumps(record))
    assert again == record
    report = replay.check(again)
    assert report.ok, (text, [d.format() for d in report.diagnostics[:2]])


# ---- fuzzing the validator --------------------------------------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_input_gives_a_report_or_located_diagnostics(data: st.DataObject) -> None:
    base = data.draw(
        st.sampled_from(
            GENERATED[:2] + [p.read_text() for p in sorted(SAMPLES.glob("bura/*.kgn"))[:1]]
        )
    )[:2500]
    text = base
    for _ in range(data.draw(st.integers(0, 4))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 10)))
        text = text[:i] + data.draw(st.text(max_size=6)) + text[j:]
    for gtext in split_games(io.StringIO(text)):
        result = check_game(gtext)  # parse and replay; raises on any other exception
        for d in result.errors():
            assert d.code and (d.line is not None or d.code in {"setup", "players", "missing-tag"})


# ---- all cores and Dask -----------------------------------------------------------------


def corpus(tmp_path: Path) -> list[str]:
    files = [str(p) for p in sorted(INVALID.glob("*/*.kgn"))] + [
        str(p) for p in sorted(SAMPLES.glob("*/*.kgn"))
    ]
    big = tmp_path / "many.kgn"
    big.write_text(
        "\n".join(GENERATED + [(INVALID / "thousand" / "must-trump.kgn").read_text()] * 3)
    )
    return [*files, str(big)]


def test_many_jobs_print_what_one_job_prints(tmp_path: Path) -> None:
    files = corpus(tmp_path)
    one = runner.invoke(app, ["validate", "-j", "1", "--format", "json", *files])
    two = runner.invoke(app, ["validate", "-j", "2", "--format", "json", *files])
    assert one.exit_code == two.exit_code == 1
    assert one.stdout == two.stdout and one.stdout.count("\n") > 50


def test_check_all_keeps_the_input_order() -> None:
    paths = sorted(INVALID.glob("thousand/*.kgn"))
    chunks = (c for n, p in enumerate(paths) for c in read_chunks(p.open("rb"), str(p), n))
    results = list(check_all(chunks, jobs=2))
    assert [(r.file, r.index) for r in results] == [
        (t.file, t.index) for p in paths for t in split_games(p.open("rb"), str(p))
    ]


# ---- files cut into chunks: the workers split them, and get what split_games gives ------------


def seen(gtext: GameText) -> tuple[str, int, int, str | None, str | None]:
    """What a worker's function sees of a game (module level: it goes to the processes)."""
    err = gtext.encoding_error
    return gtext.text, gtext.first_line, gtext.index, gtext.file, err and err.format()


class Done:
    """Work done at once, in this process (as ``--jobs 1`` does)."""

    def __init__(self, value: object) -> None:
        self.value = value

    def result(self) -> object:
        return self.value

    def cancel(self) -> bool:
        return False


def here(fn: object, item: Chunk) -> Done:
    return Done(fn(item))  # type: ignore[operator]


_CUT_BITS = st.sampled_from(
    [b"\n", b"\r\n", b"\n\n", b'\n[Game "bura"]', b'\n[Event "x"]', b"\n[", b"  ",
     b"1. 6s 7s", b"{", b"}", b"; c", b'"', b"\xff", b"\xd0\xb0", b"\xef\xbb\xbf", b"x"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(_CUT_BITS, max_size=50).map(b"".join), min_size=1, max_size=3),
       st.integers(1, 40), st.integers(1, 12))  # fmt: skip
def test_files_cut_into_chunks_give_the_games_split_games_gives(
    files: list[bytes], size: int, trickle: int
) -> None:
    # Cuts land anywhere: in a comment, between a header and its moves, in a game that
    # has no [Game line of its own; the games, their numbers, lines and encoding errors
    # still come back as reading each file whole gives them.
    chunks = [
        c for n, data in enumerate(files) for c in read_chunks(Trickle(data, trickle), f"{n}.kgn", n, size)
    ]  # fmt: skip
    for n, data in enumerate(files):
        mine = [c for c in chunks if c.source == n]
        assert b"".join(c.data for c in mine) == data  # nothing lost, nothing added
        assert [c.last for c in mine] == [False] * (len(mine) - 1) + [True] * bool(mine)
        assert all(c.data.startswith(b"[") for c in mine[1:])  # cut before a [ line only
        assert all(c.first_line == 1 + data[: data.find(c.data)].count(b"\n") for c in mine[:1])
    whole = [seen(g) for n, data in enumerate(files) for g in split_games(io.BytesIO(data), f"{n}.kgn")]
    assert [r for _, rs in in_order(seen, iter(chunks), here, 3) for r in rs] == whole


@pytest.mark.parametrize("header", ["as written", "Event first", "on one line", "CRLF"])
def test_chunks_guess_each_first_games_number_and_line_right(header: str, tmp_path: Path) -> None:
    # The main process cuts before headers and counts them; for records as people and
    # programs write them the guess is right, so no chunk has to be checked twice.
    games = (GENERATED + BURA_GENERATED) * 3
    if header == "Event first":
        games = ['[Event "club"]\n' + g for g in games]
    elif header == "on one line":
        games = [re.sub(r"\]\n\[", "] [", g.split("\n\n", 1)[0]) + "\n\n" + g.split("\n\n", 1)[1] for g in games]
    text = "\n".join(games)
    path = tmp_path / "games.kgn"
    path.write_bytes(text.replace("\n", "\r\n").encode() if header == "CRLF" else text.encode())
    chunks = list(read_chunks(path.open("rb"), str(path), size=4096))
    assert len(chunks) > 20
    firsts = {g.first_line: g.index for g in split_games(path.open("rb"), str(path))}
    assert [firsts[c.first_line] for c in chunks] == [c.first_index for c in chunks]


_BRACKET_BITS = st.sampled_from([b"[", b"]", b"\n", b"\r", b"\r\n", b"x", b"\xef\xbb\xbf"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_BRACKET_BITS, max_size=40).map(b"".join), st.sampled_from([1, 2, 700]))
def test_the_header_count_and_the_last_tag_line_are_what_their_patterns_say(
    text: bytes, repeat: int
) -> None:
    # Found bracket by bracket for speed, up to a budget (a text repeated 700 times has
    # thousands of brackets, and is counted by pattern instead); the same either way.
    data = text * repeat
    assert _headers(data) == (
        data.count(b"\n[") - data.count(b"]\n[") - data.count(b"]\r\n[")
        + data.startswith(b"[") + data.startswith(b"\xef\xbb\xbf[")
    )  # fmt: skip
    assert _last_tag_line(data) == data.rfind(b"\n[") + 1


def test_a_game_left_open_across_many_chunks_is_read_a_bounded_number_of_times_over() -> None:
    # An unclosed comment makes every later chunk end inside the first game: the chunks
    # are joined in rounds that each take as much again (not one at a time, which read
    # the growing game once per chunk, quadratic in its length), and the game is checked
    # once, when it is whole.
    data = b'[Game "bura"]\n[Players "A" "B"]\n\n{ never closed\n' + b'[Event "x"]\n1. 6s 7s\n' * 2000
    chunks = list(read_chunks(io.BytesIO(data), "open.kgn", 0, 256))
    assert len(chunks) > 100
    texts: list[int] = []

    def per_game(gtext: GameText) -> tuple[str, int, int, str | None, str | None]:
        texts.append(len(gtext.text))
        return seen(gtext)

    got = [r for _, rs in in_order(per_game, iter(chunks), here, 3) for r in rs]
    assert got == [seen(g) for g in split_games(io.BytesIO(data), "open.kgn")]
    assert len(got) == 1 and texts[-1] == len(data.rstrip())
    assert sum(texts) <= 3 * len(data), "each chunk's own guess once, then the whole game once"


def test_a_file_with_every_kind_of_bad_cut_checks_the_same_on_two_processes(tmp_path: Path) -> None:
    # Long enough for many chunks: headers that begin with another tag, a game with no [Game
    # line, a header with no moves, a comment holding [Game lines across a chunk's end.
    games = GENERATED * 2 + BURA_GENERATED
    odd = [
        '[Event "club"]\n' + games[0],
        games[1].replace('[Game "thousand"]\n', ""),
        '[Game "thousand"]\n[Players "A" "B" "C"]\n',
        games[2].replace("\nhand 2", "\n{ a note\n" + '[Game "x"]\n' * 4000 + "}\nhand 2", 1),
    ]
    text = "\n".join(games[:3] + odd + games[3:] + odd[::-1] + games)
    path = tmp_path / "odd.kgn"
    path.write_text(text)
    chunks = list(read_chunks(path.open("rb"), str(path), size=4096))
    assert len(chunks) > 30
    alone = [check_game(g) for g in split_games(path.open("rb"), str(path))]
    # a bodiless header stays a game before a header with a Game tag (the first time), and
    # joins the next game's header when that has none (the second time, before odd[1])
    assert len(alone) == 2 * (len(games) + 4) - 1
    assert list(check_all(iter(chunks), jobs=2)) == alone
    assert list(check_all(iter(chunks), jobs=1)) == alone
    parts = [r for _, rs in imap_games(seen, iter(chunks), jobs=2) for r in rs]
    assert parts == [seen(g) for g in split_games(path.open("rb"), str(path))]


# ---- the worker processes ---------------------------------------------------------------------


def big(n: int) -> str:
    """A result larger than a pipe holds (module level: it goes to the processes)."""
    return str(n) * 300_000


def fails_on_three(n: int) -> int:
    if n == 3:
        raise ValueError(f"no {n}")
    return n


def dies_on_three(n: int) -> int:
    if n == 3:
        os.kill(os.getpid(), 9)
    return os.getpid()


def test_workers_give_large_results_in_order_while_more_work_goes_out() -> None:
    import signal


    def stuck(*_: object) -> None:
        raise TimeoutError("the workers and this process wait on each other")

    signal.signal(signal.SIGALRM, stuck)
    signal.alarm(60)
    try:
        same_back()
    finally:
        signal.alarm(0)


def same_back() -> None:
    from replay.pool import imap_ordered

    items = [str(n) * 200_000 for n in range(12)]  # work as large as its result, both more
    assert [r for _, r in imap_ordered(str.upper, items, jobs=2)] == items  # than a pipe holds
    assert [r for _, r in imap_ordered(big, range(12), jobs=2)] == [big(n) for n in range(12)]


def test_an_error_in_a_worker_is_raised_here_with_the_workers_traceback() -> None:
    from replay.pool import imap_ordered

    results = imap_ordered(fails_on_three, range(8), jobs=2)
    assert [next(results)[1] for _ in range(3)] == [0, 1, 2]
    with pytest.raises(ValueError, match="no 3") as raised:
        next(results)
    assert "in a worker process" in "".join(raised.value.__notes__)
    assert "fails_on_three" in "".join(raised.value.__notes__)


def test_a_worker_that_dies_is_reported_and_nothing_hangs() -> None:
    from replay.pool import WorkerLost, imap_ordered

    with pytest.raises(WorkerLost, match="signal 9"):
        list(imap_ordered(dies_on_three, range(8), jobs=2))


def test_stopping_early_leaves_no_worker_behind() -> None:
    from replay.pool import imap_ordered

    results = imap_ordered(dies_on_three, [0, 1, 2], jobs=2)  # item 3 never comes
    pid = next(results)[1]
    results.close()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # gone, and reaped (a zombie would still take the signal)


def test_where_workers_cannot_be_forked_concurrent_futures_runs_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import replay.pool

    monkeypatch.setattr(replay.pool, "_CAN_FORK", False)
    path = tmp_path / "many.kgn"
    path.write_text("\n".join(GENERATED * 2))
    chunks = list(read_chunks(path.open("rb"), str(path), size=4096))
    assert list(check_all(iter(chunks), jobs=2)) == list(check_all(iter(chunks), jobs=1))


def test_a_lost_worker_is_a_clear_message_and_exit_2(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "many.kgn"
    path.write_text("\n".join(GENERATED * 40))
    code = (
        "import os, replay.parallel as p; real = p.check_game\n"
        "def check_game(g):\n"
        "    if g.index == 30: os.kill(os.getpid(), 9)\n"
        "    return real(g)\n"
        "p.check_game = check_game\n"
        "from replay.cli import main; main()"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, "validate", "-j", "2", str(path)], capture_output=True, text=True
    )
    assert run.returncode == 2, run.stderr
    assert run.stderr.strip().endswith("a worker process stopped (killed by signal 9) before it finished its work")
    assert "Traceback" not in run.stderr


def test_dask_local_cluster_gives_the_same_report(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    import subprocess
    import sys

    from conftest import ROOT

    files = [str(p) for p in sorted(INVALID.glob("bura/*.kgn"))]
    one = runner.invoke(app, ["validate", "-j", "1", "--format", "json", *files])
    dask = subprocess.run(
        [
            sys.executable,
            "-c",
            "from replay.cli import main; main()",
            "validate",
            "--format",
            "json",
            "--dask",
            *files,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert dask.returncode == 1, dask.stderr[-2000:]
    assert dask.stdout == one.stdout


def test_the_fast_readers_hand_written_records_match_the_models() -> None:
    from notation.records import Entry
    from notation.thousand.records import Play, ScoreEntry

    # the fast readers build Play and the entries by hand: their fields must be these.
    assert list(Play.__dataclass_fields__) == ["pos", "kind", "seat", "card", "marriage", "notes"]
    assert list(Entry.__dataclass_fields__) == ["pos", "seat", "value"]
    assert list(ScoreEntry.__dataclass_fields__) == ["pos", "seat", "value", "barrel"]


@pytest.mark.parametrize(
    ("game", "seed"), [("bura", 0), ("bura", 1), ("burkozel", 0), ("burkozel", 1)]
)
def test_a_changed_card_in_a_bura_trick_is_caught_at_its_line(game: str, seed: int) -> None:
    lines = notation.dumps(generate(game, seed=seed, players=3, deals=3)).split("\n")
    rng = random.Random(seed)
    tricks = [i for i, ln in enumerate(lines) if re.match(r"  [2-9]\. ", ln)]
    k = rng.choice(tricks)
    start = max(i for i in range(k) if lines[i].startswith("deal "))
    earlier = [
        c
        for ln in lines[start:k]
        if re.match(r"  [0-9]+\. ", ln)
        for c in re.findall(r"\b([6-9TJQKA][SCDH])\b", ln)
    ]
    here = re.findall(r"\b([6-9TJQKA][SCDH])\b", lines[k])
    lines[k] = lines[k].replace(here[-1], earlier[0], 1)  # a card already played in this deal
    assert first_error_line("\n".join(lines)) == k + 1


TOKEN = re.compile(r"[^\s,/:]+")
SWAPS = ["AS", "??", "6H", "TD", "Anna", "Boris", "Vera", "Gleb", "pass", "100", "-5", "+3", "marriage", "down", "win", "fail", "open", "show", "bura", "trump", "stock", "talon", "1.", "9.", "->", "barrel", "0", "007", "hands", "draw", "pot", "chips", "points", "score", "totals", "give", "contract", "dark", "concede", "redeal", "fault", "out-of-turn", "Anna:", "talon Anna:"]  # fmt: skip


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fast_readers_agree_when_words_are_swapped(data: st.DataObject) -> None:
    # Word swaps keep the canonical layout, so the fast readers read most of these texts.
    text = data.draw(st.sampled_from(GENERATED[:2] + BURA_GENERATED[:2]))[:4000]
    for _ in range(data.draw(st.integers(1, 3))):
        spans = [m.span() for m in TOKEN.finditer(text)][6:]  # leave the Game tag alone
        a, b = data.draw(st.sampled_from(spans))
        text = text[:a] + data.draw(st.sampled_from(SWAPS)) + text[b:]
    agree(text)


def with_talon_takers(text: str) -> str:
    """Each talon line with its taker's name, as ``talon Anna: ...`` (the hand's declarer,
    the last bidder before the talon)."""
    out, bidder = [], ""
    for line in text.split("\n"):
        if line.startswith("  bid "):
            bids = [c.split()[0] for c in line[6:].split(", ") if not c.endswith(" pass")]
            bidder = bids[-1] if bids else bidder
        if line.startswith("  talon ") and bidder:
            line = f"  talon {bidder}: " + line[8:]
        out.append(line)
    return "\n".join(out)


@pytest.mark.parametrize("k", range(len(GENERATED)))
def test_a_talon_with_its_takers_name_takes_the_fast_path_and_validates(k: int) -> None:
    text = with_talon_takers(GENERATED[k])
    assert text.count(": ") > GENERATED[k].count(": "), "some talon lines name their taker"
    noted = re.sub(r"(\n  talon [^\n]*)", r"\1 {taken}", text)  # the fast path for notes
    assert agree(text) and agree(noted), "both fast paths read it, as the grammar does"
    game = notation.loads(text)
    takers = [h.talon.seat for h in game.hands if h.talon is not None]  # type: ignore[union-attr]
    assert any(takers), "the name is kept in the record"
    assert replay.check(game).ok and notation.dumps(game) == text
    assert notation.loads(notation.dumps(game)) == game


@pytest.mark.parametrize("k", range(2))
def test_comments_after_the_separators_and_before_the_first_move_give_the_grammars_record_in_both_readers(k: int) -> None:
    for text in (GENERATED[k], BURA_GENERATED[k]):
        lines = text.split("\n")
        for i, line in enumerate(lines):  # the calls of an auction, the cards of a trick
            if re.match(r"  (bid |[0-9]+\. )", line):
                lines[i] = line.replace(", ", ", {after the comma} ").replace(" / ", " / {after the slash} ")
                lines[i] = re.sub(r"^(  (?:bid|[0-9]+\.)) ", r"\1 {before the first} ", lines[i])
        noted = "\n".join(lines)
        assert noted != text
        agree(noted)  # the same record and positions, or the fast reader steps aside
        game = notation.loads(noted)
        assert notation.loads(notation.dumps(game)) == game


HOSTILE_NAMES = [
    "1abc",
    "A.B",
    "??",
    "->",
    "a\u200bb",
    "Talon-Ivanov",
    "Stock's",
    "trump-x",
    "ſtock",
    "K\u212a",
    "talon",
    "As",
    "pass-",
    "O'Neil",
    "Zoe\u0308",
    "pass\u0301",
    "\u0418\u0306\u043e\u0301",
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_both_readers_agree_on_hostile_names_written_bare_everywhere(name: str) -> None:
    for text in GENERATED[:2] + BURA_GENERATED:
        for old in ("Anna", "Boris", "Oleg", "Gleb"):
            if old in text:
                agree(text.replace(old, name))  # the same record, or the fast reader steps aside


@pytest.mark.parametrize("depth", [1, 50, 51])
def test_both_readers_agree_at_the_nesting_limit(depth: int) -> None:
    text = '[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n\nhand 1\n  bid B 100'
    text += " (B 105" * depth + ")" * depth + "\n"
    assert agree(text) is (depth <= 50), (
        "variations up to 50 deep take the fast path; deeper is an error"
    )


TAKER_COMMENTS = [
    " {well taken}",
    " {one} {two}",
    "  {two spaces before}",
    " {a \\u{7D} brace, escaped}",
    " {an { inside}",
    " {ends with a glyph-like ?!}",
]


@pytest.mark.parametrize("said", TAKER_COMMENTS)
def test_comments_after_a_taker_are_the_takers_in_the_fast_reader_as_in_the_grammar(
    said: str,
) -> None:
    for text in (GENERATED[0], BURA_GENERATED[0]):
        noted = re.sub(r"( -> [^\n]+)\n", lambda m: m.group(1) + said + "\n", text)
        assert noted.count(said) > 5
        assert agree(noted), "the fast reader reads it, with the grammar's record and positions"
        game = notation.loads(noted)
        tricks = [
            t
            for unit in game.rounds
            for t in (unit.tricks if isinstance(unit, Hand) else unit.events)
            if isinstance(t, Trick | BuraTrick)
        ]
        assert tricks and all(t.winner is not None and t.winner.notes for t in tricks), (
            "each taker keeps the comments"
        )


@pytest.mark.parametrize(
    "tail",
    [" !", " {open", "{no space}", " {a} !", " $1 {a}"],
)
def test_a_taker_with_anything_but_comments_after_it_is_read_as_the_grammar_reads_it(
    tail: str,
) -> None:
    for text in (GENERATED[0], BURA_GENERATED[0]):
        odd = re.sub(r"( -> [^\n]+)\n", lambda m: m.group(1) + tail + "\n", text, count=1)
        agree(odd)  # the same record and positions, or the fast reader steps aside


def test_a_bura_line_may_carry_notes_when_it_has_a_mark_or_a_question_mark_alone() -> None:
    # "??" is a card nobody saw; "?" alone (or "!?", "?!") is a glyph.
    from itertools import product

    from notation.bura.read import _NOTED as _NOTED_BURA

    for size in range(7):
        for chars in product("?a{!", repeat=size):
            text = "".join(chars)
            lone = any(
                ch == "?"
                and (i == 0 or text[i - 1] != "?")
                and (i + 1 == len(text) or text[i + 1] != "?")
                for i, ch in enumerate(text)
            )
            marked = "{" in text or "!" in text
            assert (_NOTED_BURA.search(text) is not None) == (marked or lone), text


SPACES_OF_OTHER_KINDS = sorted(
    {chr(c) for c in range(0x3001) if chr(c).isspace() or chr(c) != chr(c).strip()} - {" ", "\n"}
)
"""What Python takes for white space besides the blank and the line break (tabs, U+0085,
U+00A0, U+2029, U+3000 ...): KGN's grammar takes only blanks, tabs and line breaks."""


@pytest.mark.parametrize("ch", SPACES_OF_OTHER_KINDS, ids=lambda c: f"U+{ord(c):04X}")
def test_the_fast_readers_refuse_exactly_what_the_grammar_refuses_beside_a_card(ch: str) -> None:
    for text in (GENERATED[0][:2500], BURA_GENERATED[0][:2500]):
        cards = [m.end() for m in re.finditer(r"(?<=[ :])(?:[6-9TJQKA][SCDH]|\?\?)(?= |$)", text, re.M)]
        for at in cards[::13]:
            agree(text[:at] + ch + text[at:])
            agree(text[: at - 2] + ch + text[at - 2 :])


def test_escaped_tag_values_take_the_fast_path_and_agree() -> None:
    text = GENERATED[0].replace('[Event "kozyr generate"]', '[Event "kozyr \\"generate\\" \\u{41}\\\\"]', 1)
    assert "\\u{41}" in text
    assert agree(text), "a tag value with escapes, as fmt writes it, takes the fast path"
    assert notation.loads(text).tag("Event") == 'kozyr "generate" A\\'


def _quoted_names_corpora() -> list[str]:
    from replay.cli.records import seated

    out = []
    for kind, n in (("thousand", 3), ("bura", 3), ("sixtysix", 2), ("burkozel", 4)):
        game = generate(kind, seed=2, players=n, deals=3)
        out.append(notation.dumps(seated(game, ["Anna Maria", 'Boris "B" K', "Pass", "Ivan Ivanovich"][:n])))
    return out


QUOTED = _quoted_names_corpora()


@pytest.mark.parametrize("text", QUOTED, ids=["thousand", "bura", "sixtysix", "burkozel"])
def test_quoted_names_as_fmt_writes_them_take_the_fast_path_and_agree(text: str) -> None:
    assert '"Anna Maria"' in text
    assert agree(text), "names the writer quotes take the fast path"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fast_readers_agree_on_fuzzed_quoted_names(data: st.DataObject) -> None:
    pieces = ['"', '"Anna Maria"', '"Anna', 'Maria"', "Anna Maria", "一", "一一一一一一一一一一一一", '{"Anna Maria"}', '\\"', " ", "\n", "Pass", '"Pass"']  # fmt: skip
    agree(mutated(data, QUOTED, pieces, limit=3000, span=8, times=3))
