"""Bura's and Burkozel's records built from their grammar (``grammar/bura.lark``) as the
parser reduces: the rules that are the game's own (the shared ones are
:class:`notation.larkread.Builder`'s)."""

from __future__ import annotations

from dataclasses import dataclass

from lark import Token

from ..builder import Items, StockBuilder, joined
from ..records import Comment, Entry, GiveCard, Glyph, Nag, Tag, Winner
from .records import (
    COMBOS,
    FAULTS,
    GAMES,
    OUTCOMES,
    TALLIES,
    Answer,
    BuraGame,
    Claim,
    Draw,
    Event,
    Fault,
    Note,
    Pot,
    Round,
    Show,
    Tally,
    Trick,
    Variation,
)

__all__ = ["BuraBuilder"]

@dataclass(slots=True)
class _Answers:
    """The rest of a trick in a variation: the answers and the stated taker."""

    answers: list[Answer]
    winner: Winner | None = None


class BuraBuilder(StockBuilder):
    """Builds Bura's and Burkozel's records (the game is the record's ``kind``)."""

    ROUND = Round

    @staticmethod
    def move_notes_of(item: object) -> list[Note]:
        """A child that is a move's notes."""
        assert isinstance(item, list), item
        return [x for x in item if isinstance(x, Comment | Glyph | Nag | Variation)]

    @staticmethod
    def events_of(items: list[object]) -> list[Event]:
        """The children that are events of a deal."""
        return [x for x in items if isinstance(x, Trick | Draw | Claim | Show | Fault | Pot | Tally)]

    def start(self, c: Items) -> BuraGame:
        tags = self.nodes(c, Tag)
        notes = next((self.comments_of(x) for x in c if isinstance(x, list)), [])
        deals = self.nodes(c, Round)
        return BuraGame(kind=GAMES[self.kind], tags=tags, notes=notes, deals=deals)

    def trick(self, c: Items) -> Trick:
        num = self.token(c[0])
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return Trick(
            number=self.number(num, num[:-1]),
            answers=joined(c[1:], Answer),
            winner=winner,
            pos=self._pos(num),
        )

    def answer(self, c: Items) -> Answer:
        seat, *rest = c
        notes = self.move_notes_of(rest.pop())
        up: list[str] = []
        down: list[str] = []
        target = up
        for item in rest:  # cards (read by card()), and the DOWN keyword before those face down
            if isinstance(item, Token):
                target = down
            else:
                target.append(str(item))
        return Answer(seat=self.name(seat), cards=up, down=down, notes=notes, pos=self.pos(seat))

    def draw(self, c: Items) -> Draw:
        kw, *cards, notes = c
        return Draw(
            cards=self.nodes(cards, GiveCard), notes=self.comments_of(notes), pos=self.pos(kw)
        )

    def draw_card(self, c: Items) -> GiveCard:
        return self.give_card(c)

    def claim(self, c: Items) -> Claim:
        kw, seat, *rest = c
        notes = self.comments_of(rest.pop())
        tokens = [self.token(t) for t in rest]
        count = next((self.number(t) for t in tokens if t.type == "INT"), None)
        outcome = next((OUTCOMES[str(t).lower()] for t in tokens if t.type == "OUTCOME"), None)
        return Claim(
            seat=self.name(seat), count=count, outcome=outcome, notes=notes, pos=self.pos(kw)
        )

    def show(self, c: Items) -> Show:
        kw, seat, combo, cards, notes = c
        return Show(
            seat=self.name(seat),
            combo=COMBOS[str(self.token(combo)).lower()],
            cards=self.strings(cards),
            notes=self.comments_of(notes),
            pos=self.pos(kw),
        )

    def fault(self, c: Items) -> Fault:
        kw, seat, kind, notes = c
        return Fault(
            seat=self.name(seat),
            fault=FAULTS[str(self.token(kind)).lower()],
            notes=self.comments_of(notes),
            pos=self.pos(kw),
        )

    def pot(self, c: Items) -> Pot:
        kw, *rest = c
        notes = self.comments_of(rest.pop())
        tokens = [self.token(t) for t in rest]
        sign = -1 if any(t == "-" for t in tokens if t.type == "SIGN") else 1
        value = next(self.number(t) for t in tokens if t.type == "INT")
        return Pot(value=sign * value, notes=notes, pos=self.pos(kw))

    def _tally(self, c: Items) -> Tally:
        kw = self.token(c[0])
        return Tally(
            kind=TALLIES[str(kw).lower()],
            entries=self.nodes(c[1:-1], Entry),
            notes=self.comments_of(c[-1]),
            pos=self._pos(kw),
        )

    chips = wins = penalty = points = _tally

    def var_answers(self, c: Items) -> _Answers:
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return _Answers(joined(c, Answer), winner)

    def variation(self, c: Items) -> Variation:
        opened, *items = c
        self.variation_opened(opened)
        answers = next((x for x in items if isinstance(x, _Answers)), None)
        return Variation(
            answers=answers.answers if answers else [],
            winner=answers.winner if answers else None,
            events=self.events_of(items),
        )
