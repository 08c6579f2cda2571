"""Where the Lark grammars are, and the parsers built from them (built once, lazily)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lark import Lark

__all__ = ["grammar_dir", "grammar_path", "lark_parser"]


def grammar_dir() -> Path:
    """The folder of the ``.lark`` files: inside the installed package, or ``grammar/``
    beside it in a source checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_grammar", here.parent / "grammar"):
        if (candidate / "common.lark").is_file():
            return candidate
    raise FileNotFoundError("the KGN grammar files (common.lark ...) are not installed")


def grammar_path(name: str) -> Path:
    return grammar_dir() / f"{name}.lark"


@cache
def lark_parser(name: str) -> Lark:
    """The LALR parser of one game grammar (``thousand``, ``bura``), producing a tree."""
    return Lark.open(
        str(grammar_path(name)),
        parser="lalr",
        lexer="contextual",
        start="start",
        propagate_positions=False,
        maybe_placeholders=False,
    )
