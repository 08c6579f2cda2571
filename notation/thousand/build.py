"""Thousand's records built from its grammar (``grammar/thousand.lark``) as the parser
reduces: the rules that are Thousand's own (the shared ones are
:class:`notation.larkread.Builder`'s)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from lark import Token

from ..builder import Builder, Items, joined
from ..i18n import tr
from ..records import Comment, GiveCard, Glyph, Hand, Nag, Node, Tag, Winner
from .records import (
    Call,
    Concede,
    Contract,
    Deal,
    Event,
    Give,
    Note,
    Play,
    Redeal,
    Round,
    ScoreEntry,
    Stated,
    Talon,
    ThousandGame,
    Trick,
    Variation,
)

__all__ = ["ThousandBuilder"]

_STATED: Final[dict[str, Literal["points", "score", "totals"]]] = {
    "points": "points",
    "score": "score",
    "totals": "totals",
}


@dataclass(slots=True)
class _Calls:
    """Calls in a row (an auction, the calls of a variation)."""

    calls: list[Call]


@dataclass(slots=True)
class _Plays:
    """The rest of a trick in a variation: the cards and the stated taker."""

    plays: list[Play]
    winner: Winner | None = None


@dataclass(slots=True)
class _Talon:
    """``talon:`` in a deal: its cards."""

    cards: list[str] = field(default_factory=list)


class ThousandBuilder(Builder):
    """Builds Thousand's records."""

    ROUNDS = "hands"

    @staticmethod
    def move_notes_of(item: object) -> list[Note]:
        """A child that is a move's notes."""
        assert isinstance(item, list), item
        return [x for x in item if isinstance(x, Comment | Glyph | Nag | Variation)]

    def start(self, c: Items) -> ThousandGame:
        tags = self.nodes(c, Tag)
        notes = next((self.comments_of(x) for x in c if isinstance(x, list)), [])
        hands = self.nodes(c, Round)
        return ThousandGame(tags=tags, notes=notes, hands=hands)

    def move(self, c: Items) -> Node:
        """One event alone (:func:`notation.larkread.read_event`)."""
        item = c[0]
        if isinstance(item, _Calls):
            if len(item.calls) != 1:
                raise self._error(tr("one call at a time"), Token("BID", "", line=1, column=1))
            return item.calls[0]
        assert isinstance(item, Node)
        return item

    def hand(self, c: Items) -> Round:
        kw, number, notes, *events = c
        self.counted(self.token(kw))
        deal = events[0] if events and isinstance(events[0], Deal) else None
        if deal is not None:
            events = events[1:]
        return Round(
            number=self.number(number),
            notes=self.comments_of(notes),
            pos=self.pos(kw),
            deal=deal,
            events=_events(events),
        )

    def deal(self, c: Items) -> Deal:
        kw, *parts, notes = c
        hands = self.nodes(parts, Hand)
        talons = [p for p in parts if isinstance(p, _Talon)]
        if len(talons) > 1:
            raise self._error(tr("the talon is given twice in this deal"), self.token(kw))
        talon = talons[0].cards if talons else None
        return Deal(hands=hands, talon=talon, notes=self.comments_of(notes), pos=self.pos(kw))

    def deal_talon(self, c: Items) -> _Talon:
        return _Talon(self.strings(c[1]))

    def redeal(self, c: Items) -> Redeal:
        return Redeal(seat=self.name(c[1]), notes=self.comments_of(c[2]), pos=self.pos(c[0]))

    def auction(self, c: Items) -> _Calls:
        return _Calls(joined(c[1:], Call))

    def var_calls(self, c: Items) -> _Calls:
        return _Calls(joined(c, Call))

    def call_bid(self, c: Items) -> Call:
        seat, value, notes = c
        return Call(
            seat=self.name(seat), bid=self.number(value), notes=self.move_notes_of(notes), pos=self.pos(seat)
        )

    def call_dark(self, c: Items) -> Call:
        seat, _, value, notes = c
        return Call(
            seat=self.name(seat),
            bid=self.number(value),
            dark=True,
            notes=self.move_notes_of(notes),
            pos=self.pos(seat),
        )

    def call_pass(self, c: Items) -> Call:
        seat, _, notes = c
        return Call(seat=self.name(seat), bid=None, notes=self.move_notes_of(notes), pos=self.pos(seat))

    def talon(self, c: Items) -> Talon:
        if len(c) == 4:
            kw, seat, cards, notes = c
            return Talon(
                cards=self.strings(cards),
                seat=self.name(seat),
                notes=self.comments_of(notes),
                pos=self.pos(kw),
            )
        return Talon(cards=self.strings(c[1]), notes=self.comments_of(c[2]), pos=self.pos(c[0]))

    def talon_seat(self, c: Items) -> Token:
        return self.seat(c)

    def concede(self, c: Items) -> Concede:
        return Concede(notes=self.comments_of(c[1]), pos=self.pos(c[0]))

    def give(self, c: Items) -> Give:
        kw, *cards, notes = c
        return Give(
            cards=self.nodes(cards, GiveCard), notes=self.comments_of(notes), pos=self.pos(kw)
        )

    def contract(self, c: Items) -> Contract:
        return Contract(value=self.number(c[1]), notes=self.comments_of(c[2]), pos=self.pos(c[0]))

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
        play: Play = self.card_play(c, Play)
        return play

    def var_plays(self, c: Items) -> _Plays:
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return _Plays(joined(c, Play), winner)

    def entry(self, c: Items) -> ScoreEntry:
        seat, value = self.signed(c)
        barrel = any(self.token(t).type == "BARREL" for t in c[1:])
        return ScoreEntry(seat=self.name(seat), value=value, barrel=barrel, pos=self._pos(seat))

    def _stated(self, c: Items) -> Stated:
        kw = self.token(c[0])
        return Stated(
            kind=_STATED[str(kw).lower()],
            entries=self.nodes(c[1:-1], ScoreEntry),
            notes=self.comments_of(c[-1]),
            pos=self._pos(kw),
        )

    points = score = totals = _stated

    def variation(self, c: Items) -> Variation:
        opened, *items = c
        self.variation_opened(opened)
        plays = next((x for x in items if isinstance(x, _Plays)), None)
        return Variation(
            plays=plays.plays if plays else [],
            winner=plays.winner if plays else None,
            events=_events([x for x in items if not isinstance(x, _Plays)]),
        )


def _events(items: Items) -> list[Event]:
    """A hand's or a variation's events in the order of the text (the calls of an auction
    one by one)."""
    out: list[Event] = []
    for item in items:
        if isinstance(item, _Calls):
            out.extend(item.calls)
        elif isinstance(item, Node):
            out.append(item)  # type: ignore[arg-type]  # the grammar gives events only
    return out
