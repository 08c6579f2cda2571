"""Bura's records built from their grammar (``grammar/bura.lark``) as the
parser reduces: the rules that are the game's own (the shared ones are
:class:`notation.builder.StockBuilder`'s)."""

from __future__ import annotations

from lark import Token

from ..builder import Items, StockBuilder
from .records import COMBOS, FAULTS, OUTCOMES, Answer, Claim, Fault, Pot, Show

__all__ = ["BuraBuilder"]


class BuraBuilder(StockBuilder):
    """Builds Bura's records (a variant's game record is the class its notation names)."""

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
