"""What a table shows, as plain data: the view of a position and the score sheet.

Each game kind supplies ``view(table)`` (a :class:`View`), ``describe(table, node)`` (what a
move did, in a sentence) and ``sheet(report)`` (a :class:`Sheet`); the renderers (plain
text, the Textual viewer) only read these, and nothing here knows about terminals.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from notation.cards import card_code
from notation.records import Comment, Entry

__all__ = ["Sheet", "SheetRow", "View", "add_comment", "entries", "sorted_codes"]


def sorted_codes(cards: Iterable[int]) -> list[str]:
    """Cards as text, sorted by suit, then rank high to low."""
    return [card_code(c) for c in sorted(cards, key=lambda c: (c // 9, -(c % 9)))]


@dataclass
class View:
    """What the table shows at a step (everything text, ready to render)."""

    game: str
    title: str
    hands: list[tuple[str, list[str], int]] = field(default_factory=list)
    """Per seat: name, known cards (sorted by suit, high to low), unknown cards."""
    trick: list[tuple[str, list[str], list[str]]] = field(default_factory=list)
    """The cards on the table: seat, face-up cards, face-down cards (``??`` unseen)."""
    lines: list[tuple[str, str]] = field(default_factory=list)
    """Labelled facts: trump, contract, declarer, talon, stock, pot."""
    points: dict[str, int] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    marks: dict[str, str] = field(default_factory=dict)
    """Per seat: barrel, on the barrel, penalty notes."""


SheetRow = list[tuple[str, str]]
"""One row of a score sheet: its cells, each (text, style: "" or a style word)."""


@dataclass
class Sheet:
    """A paper score sheet: a column per player, a row per hand or deal."""

    title: str
    columns: list[str]
    """The headers (the first ones describe the row; then one per player)."""
    rows: list[SheetRow] = field(default_factory=list)
    footer: str = ""


def entries(names: list[str], values: dict[int, int]) -> list[Entry]:
    """Stated values per seat, as record entries."""
    return [Entry(seat=names[p], value=v) for p, v in values.items()]


def add_comment(notes: list[Any], text: str) -> None:
    """Add a comment to a node's notes unless the same text is there already."""
    if not any(isinstance(n, Comment) and n.text == text for n in notes):
        notes.append(Comment(text=text))
