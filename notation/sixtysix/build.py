"""Sixty-six's records built from its grammar (``grammar/sixtysix.lark``) as the parser
reduces: the rules that are the game's own (the shared ones are
:class:`notation.builder.Builder`'s)."""

from __future__ import annotations

from dataclasses import dataclass

from ..builder import Items, StockBuilder, joined
from ..records import Comment, Entry, GiveCard, Glyph, Nag, Tag, Winner
from .records import (
    STATED,
    Close,
    Draw,
    Event,
    Exchange,
    Note,
    Out,
    Play,
    Round,
    SixtySixGame,
    Stated,
    Trick,
    Variation,
)

__all__ = ["SixtySixBuilder"]


@dataclass(slots=True)
class _Plays:
    """The rest of a trick in a variation: the cards and the stated taker."""

    plays: list[Play]
    winner: Winner | None = None


class SixtySixBuilder(StockBuilder):
    """Builds Sixty-six's records."""

    ROUND = Round

    @staticmethod
    def move_notes_of(item: object) -> list[Note]:
        """A child that is a card's notes."""
        assert isinstance(item, list), item
        return [x for x in item if isinstance(x, Comment | Glyph | Nag | Variation)]

    @staticmethod
    def events_of(items: list[object]) -> list[Event]:
        """The children that are events of a deal."""
        return [x for x in items if isinstance(x, Trick | Draw | Exchange | Close | Out | Stated)]

    def start(self, c: Items) -> SixtySixGame:
        tags = self.nodes(c, Tag)
        notes = next((self.comments_of(x) for x in c if isinstance(x, list)), [])
        return SixtySixGame(tags=tags, notes=notes, deals=self.nodes(c, Round))

    def trick(self, c: Items) -> Trick:
        num = self.token(c[0])
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return Trick(
            number=self.number(num, num[:-1]),
            plays=joined(c[1:], Play),
            winner=winner,
            pos=self._pos(num),
        )

    def play(self, c: Items) -> Play:
        seat, card, *rest = c
        return Play(
            seat=self.name(seat),
            card=self.card_of(card),
            marriage=len(rest) == 2,
            notes=self.move_notes_of(rest[-1]),
            pos=self.pos(seat),
        )

    def draw(self, c: Items) -> Draw:
        kw, *cards, notes = c
        return Draw(
            cards=self.nodes(cards, GiveCard), notes=self.comments_of(notes), pos=self.pos(kw)
        )

    def draw_card(self, c: Items) -> GiveCard:
        return self.give_card(c)

    def exchange(self, c: Items) -> Exchange:
        return Exchange(seat=self.name(c[1]), notes=self.comments_of(c[2]), pos=self.pos(c[0]))

    def close(self, c: Items) -> Close:
        return Close(seat=self.name(c[1]), notes=self.comments_of(c[2]), pos=self.pos(c[0]))

    def out(self, c: Items) -> Out:
        return Out(seat=self.name(c[1]), notes=self.comments_of(c[2]), pos=self.pos(c[0]))

    def _stated(self, c: Items) -> Stated:
        kw = self.token(c[0])
        return Stated(
            kind=STATED[str(kw).lower()],
            entries=self.nodes(c[1:-1], Entry),
            notes=self.comments_of(c[-1]),
            pos=self._pos(kw),
        )

    points = score = totals = _stated

    def var_plays(self, c: Items) -> _Plays:
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return _Plays(joined(c, Play), winner)

    def variation(self, c: Items) -> Variation:
        opened, *items = c
        self.variation_opened(opened)
        plays = next((x for x in items if isinstance(x, _Plays)), None)
        return Variation(
            plays=plays.plays if plays else [],
            winner=plays.winner if plays else None,
            events=self.events_of(items),
        )
