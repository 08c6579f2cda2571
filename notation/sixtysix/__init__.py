"""Sixty-six's notation: its records and how its moves are written, bundled as its
:data:`KIND`.  Its canonical text is read by the fast reader of the games played with a
stock, and its grammar, ``grammar/sixtysix.lark``, by their builder, both made from the
record classes it names (:class:`notation.stock.StockNotation`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..stock import StockNotation
from ..write import Writer
from . import records
from .records import SixtySixGame

if TYPE_CHECKING:
    from ..records import Node

__all__ = ["KIND", "SixtySixGame"]


class SixtySixNotation(StockNotation):
    """Sixty-six's notation: a trick is its cards played, each ``Anna KH`` (``marriage``
    after a queen or king shown with the lead); its own events are the exchange, the close
    and going out."""

    name = "sixtysix"
    record = SixtySixGame
    keywords = records.KEYWORDS
    words = ("hands", "draw", "exchange", "close", "out", "points", "score", "totals")
    ROUND, TRICK, VARIATION = records.Round, records.Trick, records.Variation
    MOVE, MOVES = records.Play, "plays"
    COUNT, COUNT_WORDS = records.Stated, records.STATED
    EVENTS = (
        records.Trick, records.Draw, records.Exchange, records.Close, records.Out, records.Stated
    )
    SEATED = (records.Exchange, records.Close, records.Out)

    def write_moves(self, out: Writer, moves: list[Any], trick: Node | None, /) -> None:
        if trick is None:  # a card alone: its words
            out.word(out.play(moves[0]))
        else:
            out.plays(moves, trick.winner, self.write_variation)  # type: ignore[attr-defined]


KIND = SixtySixNotation()
"""Sixty-six's notation kind (:data:`notation.kinds.KINDS`)."""
