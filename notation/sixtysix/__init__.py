"""Sixty-six's notation: its records and how its moves are written, bundled as its
:data:`KIND`.  Its canonical text is read by the fast reader of the games played with a
stock, and its grammar, ``grammar/sixtysix.lark``, by their builder, both made from the
record classes it names (:class:`notation.stock.StockNotation`).

>>> import notation
>>> game = notation.loads('[Game "sixtysix"] [Players "Anna" "Boris"] [Dealer "Boris"] [Rules "classic"]')
>>> type(game).__name__, notation.KINDS["sixtysix"].record is type(game)
('SixtySixGame', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..stock import StockNotation
from ..write import Writer
from .records import (
    KEYWORDS,
    STATED,
    Close,
    Draw,
    Exchange,
    Out,
    Play,
    Round,
    SixtySixGame,
    Stated,
    Trick,
    Variation,
)

if TYPE_CHECKING:
    from ..records import Node

__all__ = ["KIND", "SixtySixGame"]


class SixtySixNotation(StockNotation):
    """Sixty-six's notation: a trick is its cards played, each ``Anna KH`` (``marriage``
    after a queen or king shown with the lead); its own events are the exchange, the close
    and going out."""

    name = "sixtysix"
    grammar = "sixtysix"
    record = SixtySixGame
    keywords = KEYWORDS
    words = ("hands", "draw", "exchange", "close", "out", "points", "score", "totals")
    ROUND, TRICK, MOVE, MOVES, VARIATION = Round, Trick, Play, "plays", Variation
    COUNT, COUNT_WORDS = Stated, STATED
    EVENTS = (Trick, Draw, Exchange, Close, Out, Stated)
    SEATED = (Exchange, Close, Out)

    def write_moves(self, out: Writer, moves: list[Any], trick: Node | None, /) -> None:
        if trick is None:  # a card alone: its words
            out.word(out.play(moves[0]))
        else:
            out.plays(moves, trick.winner, self.write_variation)  # type: ignore[attr-defined]


KIND = SixtySixNotation()
"""Sixty-six's notation kind (:data:`notation.kinds.KINDS`)."""
