"""Sixty-six's records built from its grammar (``grammar/sixtysix.lark``) as the parser
reduces: the rules that are the game's own (the shared ones are
:class:`notation.builder.StockBuilder`'s)."""

from __future__ import annotations

from ..builder import Items, StockBuilder
from .records import Close, Exchange, Out, Play

__all__ = ["SixtySixBuilder"]


class SixtySixBuilder(StockBuilder):
    """Builds Sixty-six's records."""

    def play(self, c: Items) -> Play:
        seat, card, *rest = c
        return Play(
            seat=self.name(seat),
            card=self.card_of(card),
            marriage=len(rest) == 2,
            notes=self.move_notes_of(rest[-1]),
            pos=self.pos(seat),
        )

    def exchange(self, c: Items) -> Exchange:
        return Exchange(seat=self.name(c[1]), notes=self.comments_of(c[2]), pos=self.pos(c[0]))

    def close(self, c: Items) -> Close:
        return Close(seat=self.name(c[1]), notes=self.comments_of(c[2]), pos=self.pos(c[0]))

    def out(self, c: Items) -> Out:
        return Out(seat=self.name(c[1]), notes=self.comments_of(c[2]), pos=self.pos(c[0]))

    points = score = totals = StockBuilder.stated_count
    var_plays = StockBuilder.var_moves
