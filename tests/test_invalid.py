"""Every diagnostic code has a small invalid record that names its expected code and line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import INVALID, diagnostics_of

import replay

INVALID_FILES = sorted(INVALID.glob("*/*.kgn"))
EXPECT = re.compile(rb'\[Expect "([\w-]+) (\d+)"\]')


@pytest.mark.parametrize("path", INVALID_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_invalid_record_gives_its_code_at_its_line(path: Path) -> None:
    expect = EXPECT.search(path.read_bytes())
    assert expect, "each invalid record names its expected code and line"
    code, line = expect.group(1).decode(), int(expect.group(2))
    diags = diagnostics_of(path)
    assert diags, "the record must be reported"
    first = diags[0]
    assert (first.code, first.line) == (code, line), first.format()
    assert first.column is not None and first.file == str(path)


def codes_in(*modules: str) -> set[str]:
    here = Path(replay.__file__).parent
    source = "".join((here / m).read_text() for m in modules)
    return set(re.findall(r'code="([\w-]+)"', source)) | set(
        re.findall(r'"([a-z]+(?:-[a-z]+)+)",\s*\n?\s*(?:self\.(?:clauses|CLAUSE)\[|self\.[A-Z_]+CLAUSE|clause|"[TBK][0-9])', source)
    )


def expected_codes(folder: str) -> set[str]:
    out = set()
    for path in (INVALID / folder).glob("*.kgn"):
        m = EXPECT.search(path.read_bytes())
        assert m
        out.add(m.group(1).decode())
    return out


def test_every_thousand_code_has_an_invalid_record() -> None:
    notes = {"more-errors", "bad-move", "unknown-cards"}  # the note after a game's hundredth error (tests/test_hostile.py); parse_move's error (tests/test_model.py)
    missing = codes_in("thousand/engine.py", "thousand/table.py", "checker.py", "table.py") - expected_codes("thousand") - notes
    assert not missing, sorted(missing)


def test_every_bura_code_has_an_invalid_record() -> None:
    unreachable = {"draw-missing"}  # the checker draws what the record leaves out
    internal = {"bad-move"}  # a move of another game pushed on the table (tests/test_model.py)
    thousand_only = {"showed-out", "hidden-contradiction", "setup-"}
    have = expected_codes("bura") | expected_codes("burkozel") | expected_codes("thousand")
    missing = codes_in("bura/engine.py", "bura/table.py", "burkozel/table.py") - have - unreachable - internal - thousand_only
    assert not missing, sorted(missing)


BURA_FILES = sorted(INVALID.glob("bura/*.kgn")) + sorted(INVALID.glob("burkozel/*.kgn"))


@pytest.mark.parametrize("path", BURA_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_bura_and_burkozel_diagnostics_cite_only_b_and_k_clauses(path: Path) -> None:
    for d in diagnostics_of(path):
        if d.code in ("syntax", "encoding"):
            continue  # the text, before any rule
        assert d.clause and d.clause[0] in "BK", d.format()
        assert not re.search(r"\bhands? \d", d.format()), d.format()


def test_the_rule_book_code_table_gives_bura_codes_b_and_k_clauses() -> None:
    text = (INVALID.parent.parent.parent / "docs" / "rules.md").read_text()
    section = text[text.index("## Bura") :]
    rows = [line for line in section.splitlines() if line.startswith("| B") or line.startswith("| K")]
    assert rows and not [line for line in section.splitlines() if line.startswith("| T")]


BURA3 = """[Game "{game}"]
[Players "Anna" "Boris"]
[Dealer "Boris"]
[Rules "classic"]

deal 1
  hands Anna: 6H 7H 8H{more} / Boris: 9S TS JS{more2} / trump: QH
{body}"""


@pytest.mark.parametrize(
    ("game", "body", "code", "clause"),
    [
        ("bura", "  1. Anna 6H / Boris 9S -> Anna\n  draw Anna ??, Boris ??\n  2. Anna 6H\n", "card-played-twice", "B4"),
        ("bura", "  1. Anna 6H / Boris QS\n", "card-not-held", "B4"),
        ("burkozel", "  1. Anna 6H / Boris QS\n", "card-not-held", "K4"),
        ("bura", "  show Anna bura 6H 7H 8H\n  pot 0\n  1. Anna 6H / Boris 9S\n", "out-of-order", "B8.1"),
        ("bura", "  fault Boris double-draw\n  pot 4\n  1. Anna 6H / Boris 9S\n", "out-of-order", "B10"),
    ],
)
def test_a_bura_message_cites_its_own_clause(game: str, body: str, code: str, clause: str) -> None:
    more = " 6C" if game == "burkozel" else ""
    more2 = " 7C" if game == "burkozel" else ""
    text = BURA3.format(game=game, more=more, more2=more2, body=body)
    d = replay.check(__import__("notation").loads(text)).diagnostics[0]
    assert (d.code, d.clause) == (code, clause), d.format()
    assert "deal 1" in d.format() and not re.search(r"\bhand \d", d.format())


def test_a_missing_rules_tag_cites_its_clause_like_the_other_tags() -> None:
    import notation

    game = notation.loads('[Game "thousand"] [Players "A" "B" "C"] [Dealer "A"]')
    (d,) = replay.check(game).diagnostics
    assert (d.code, d.clause) == ("missing-tag", "T1")


def test_a_tag_the_rules_read_given_twice_is_an_error_only_when_the_two_disagree() -> None:
    import notation

    head = '[Game "thousand"] [Players "A" "B" "C"] [Dealer "A"] [Rules "classic"] '
    same = replay.check(notation.loads(head + '[Dealer "A"] [Event "x"] [Event "y"]'))
    assert same.ok, "the same dealer twice says one thing; another tag may repeat freely"
    (d,) = replay.check(notation.loads(head + '[Dealer "B"]')).diagnostics
    assert (d.code, d.clause, d.column) == ("duplicate-tag", "T1", len(head) + 2)


def test_the_dealer_and_leader_tags_match_a_player_as_names_in_the_body_do() -> None:
    import notation

    head = '[Game "thousand"] [Players "Anna" "Boris" "Zo\u00eb"] [Rules "classic"] '
    for dealer in ("ZO\u00cb", "Zoe\u0308", " zo\u00eb"):  # case, a decomposed accent, a blank
        report = replay.check(notation.loads(head + f'[Dealer "{dealer}"]\n\nhand 1\n  bid Anna 100'))
        assert report.ok, f"{dealer!r} names Zoë: {report.diagnostics}"
    (d,) = replay.check(notation.loads(head + '[Dealer "Boriss"]')).diagnostics
    assert (d.code, d.clause) == ("dealer", "T1")
    assert "(Anna, Boris, Zoë)" in d.message and "did you mean 'Boris'" in d.message
    bura = '[Game "burkozel"] [Players "Anna" "Boris"] [Dealer "anna"] [Rules "classic"] [Leader "BORIS"]'
    assert replay.check(notation.loads(bura)).ok


def test_two_players_whose_names_differ_only_in_case_or_accent_encoding_are_one_name_twice() -> None:
    import notation

    for players, said in (('"Anna" "Boris" "anna"', "'Anna' and 'anna'"), ('"Anna" "Boris" "Anna"', "'Anna' twice")):
        game = notation.loads(f'[Game "thousand"] [Players {players}] [Dealer "Boris"] [Rules "classic"]')
        (d,) = replay.check(game).diagnostics
        assert (d.code, d.clause) == ("players", "T1") and said in d.message, d.message


def test_a_record_built_in_code_with_a_text_that_is_no_card_is_reported_at_that_node() -> None:
    import notation

    game = notation.loads((INVALID.parent.parent.parent / "samples" / "thousand" / "01-first-hand.kgn").read_text())
    game.hands[0].tricks[2].plays[1].card = "XX"  # the readers and JSON would refuse it
    (d,) = replay.check(game).diagnostics
    assert (d.code, d.clause, d.trick) == ("not-in-deck", "T2", 3) and "'XX' is not a card" in d.message
    bura = notation.loads((INVALID.parent.parent.parent / "samples" / "bura" / "01-illustrative-game.kgn").read_text())
    assert bura.deals[0].deal is not None
    bura.deals[0].deal.trump = "T"
    (d,) = replay.check(bura).diagnostics
    assert (d.code, d.clause) == ("not-in-deck", "B2")
