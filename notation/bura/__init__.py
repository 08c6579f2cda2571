"""Bura's notation: its records, fast reader, the builder of its grammar
(``grammar/bura.lark``) and writer, bundled as :data:`KIND`; a variant read with it is a
subclass that names its own game and record (:class:`BuraNotation`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..stock import StockNotation
from ..write import Writer, cards_text
from . import records
from .read import BuraReader
from .records import BuraGame

if TYPE_CHECKING:
    from ..builder import Builder
    from ..records import Node

__all__ = ["KIND", "BuraGame", "BuraNotation"]


class BuraNotation(StockNotation):
    """Bura's notation: a trick is its lead and answers, each ``Oleg 7H down KD`` (the cards
    face up, then those face down); its own events are the claim, the show, the fault and
    the pot.  A variant read with Bura's notation subclasses it with its ``name`` and its
    game ``record`` (a subclass of :class:`BuraGame`)."""

    name = "bura"
    record: type[BuraGame] = BuraGame
    keywords = records.KEYWORDS
    words = ("hands", "draw", "open", "show", "fault")
    ROUND, TRICK, VARIATION = records.Round, records.Trick, records.Variation
    MOVE, MOVES = records.Answer, "answers"
    MOVE_FIELDS = ("seat", "cards", "down")
    READER = BuraReader
    COUNT, COUNT_WORDS, SIGNED_COUNTS = records.Stated, records.STATED, frozenset({"chips"})
    EVENTS = (
        records.Trick, records.Draw, records.Claim, records.Show, records.Fault, records.Pot,
        records.Stated,
    )

    def write_moves(self, out: Writer, moves: list[Any], trick: Node | None, /) -> None:
        for i, a in enumerate(moves):
            if i:
                out.word("/")
            text = out.seat(a.seat) + cards_text(a.cards)
            if a.down:
                text += " down" + cards_text(a.down)
            out.word(text)
            out.notes(a.notes, self.write_variation, _glyph)
        if trick is not None:
            out.winner(trick.winner)  # type: ignore[attr-defined]

    def event_text(self, out: Writer, event: Node, /) -> str:
        if isinstance(event, records.Claim):
            text = f"open {out.seat(event.seat)}"
            if event.count is not None:
                text += f" {event.count}"
            if event.outcome is not None:
                text += f" {event.outcome}"
            return text
        if isinstance(event, records.Show):
            return f"show {out.seat(event.seat)} {event.combo}" + cards_text(event.cards)
        if isinstance(event, records.Fault):
            return f"fault {out.seat(event.seat)} {event.fault}"
        if isinstance(event, records.Pot):
            return f"pot {event.value}"
        raise TypeError(f"not an event of a deal: {type(event).__name__}")

    def builder(self) -> Builder:
        from .build import BuraBuilder  # Lark loads only when the grammar reads

        return BuraBuilder(self, self.record)


def _glyph(text: str) -> str:
    """``??`` is a card in a deal's body: that glyph is written as its code, ``$4``."""
    return "$4" if text == "??" else text


KIND = BuraNotation()
"""Bura's notation kind (:data:`notation.kinds.KINDS`)."""
