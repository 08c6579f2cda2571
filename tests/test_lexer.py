"""KGN in Pygments (notation/lexer.py): every sample is highlighted whole, each part as what
it is, and the lexer is found by name and by file name once kozyr is installed."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import SAMPLES
from pygments import lex
from pygments.lexers import find_lexer_class_for_filename, get_lexer_by_name
from pygments.token import Comment, Error, Keyword, Name, Number, String

from notation.lexer import KgnLexer, keywords

ALL = sorted(SAMPLES.glob("*/*.kgn"))


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_sample_is_highlighted_whole_with_no_error_token(path) -> None:  # type: ignore[no-untyped-def]
    text = path.read_text(encoding="utf-8")
    tokens = list(lex(text, KgnLexer()))
    assert "".join(value for _, value in tokens) == text  # nothing dropped or added
    assert not [value for kind, value in tokens if kind in Error]


def kinds(text: str) -> list[tuple[str, object]]:
    return [(value, kind) for kind, value in lex(text, KgnLexer()) if value.strip()]


def test_each_part_of_a_record_is_lexed_as_what_it_is() -> None:
    got = dict(kinds('[Game "thousand"]\nhand 3\n  bid Anna 100, Boris pass {sure}\n  1. Anna KH marriage / Boris 10H -> Anna !'))
    assert got["Game"] is Name.Tag and got['"thousand"'] is String
    assert got["hand"] is Keyword and got["bid"] is Keyword and got["pass"] is Keyword
    assert got["marriage"] is Keyword
    assert got["Anna"] is Name.Variable and got["100"] is Number
    assert got["KH"] is Name.Constant and got["10H"] is Name.Constant
    assert got["{"] in Comment and got["sure"] in Comment
    assert got["1."] is Number.Integer


def test_cards_in_the_players_own_letters_are_cards_too() -> None:
    got = dict(kinds('  1. Anna \u0414\u2660 / Boris R\u2665 / Vera W\u2663 -> Anna'))
    assert got["\u0414\u2660"] is Name.Constant and got["R\u2665"] is Name.Constant and got["W\u2663"] is Name.Constant


def test_the_keywords_are_the_grammars_event_words() -> None:
    words = keywords()
    for word in ("deal", "bid", "talon", "give", "contract", "trump", "draw", "open", "molodka", "small-moskva", "exchange", "close", "penalty"):
        assert word in words
    assert list(words) == sorted(words, key=lambda w: (-len(w), w))  # longest first
    # a name that starts with a keyword stays a name
    assert dict(kinds("hand 1\n  bid Dealey 100"))["Dealey"] is Name.Variable


def test_pygments_finds_the_lexer_by_name_and_by_file_name() -> None:
    """The ``pygments.lexers`` entry point (pyproject.toml): what ``pygmentize -l kgn``,
    Sphinx's ``code-block:: kgn`` and MkDocs' ``` ```kgn ``` use."""
    assert type(get_lexer_by_name("kgn")) is KgnLexer
    assert find_lexer_class_for_filename("game.kgn") is KgnLexer
    out = subprocess.run(
        [sys.executable, "-m", "pygments", "-l", "kgn", "-f", "html", str(ALL[0])],
        capture_output=True, text=True, check=True,
    ).stdout
    assert '<span class="k">' in out and '<span class="nt">Game</span>' in out
