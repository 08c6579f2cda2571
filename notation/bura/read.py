"""The fast reader of Bura and of a variant read with its notation: canonical text read
line by line (the grammar reads the rest; :mod:`notation.fastparse` holds what the games'
readers share)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar, Final

from ..fastparse import DIGITS, GiveUp, Reader, StockReader, Tokens, card_tokens, num
from ..records import Node, Pos, maker
from .records import COMBOS, FAULTS, OUTCOMES, Answer, Claim, Fault, Pot, Show, Variation

__all__ = ["BuraReader"]

_new_pot: Final[Callable[[int, Pos], Pot]] = maker(Pot, "value", "pos")
_new_claim: Final[Callable[[str, int | None, str | None, Pos], Claim]] = maker(
    Claim, "seat", "count", "outcome", "pos"
)
_new_show: Final[Callable[[str, str, list[str], Pos], Show]] = maker(Show, "seat", "combo", "cards", "pos")
_new_fault: Final[Callable[[str, str, Pos], Fault]] = maker(Fault, "seat", "fault", "pos")

_NOTED: Final = re.compile(r"[{!$(?](?<!\?\?)(?!(?<=\?)\?)")
"""A Bura line that may carry notes (``??`` alone is a card, never a glyph here): a mark,
or a ``?`` with no ``?`` beside it (the lookarounds follow the character class, so that
the search scans for the class first: four times as fast as the same test put first)."""
_NUMBER: Final = re.compile(r"-?[0-9]+\Z")
_CONTRACT: Final = re.compile(r"[0-9]+\Z")


class BuraReader(StockReader[Variation]):
    """Reads a canonical game of Bura or of a variant (read with Bura's notation): its
    tricks, ``3. Oleg 7H down KD / Anna AS -> Anna``, and the claims, shows, faults and the
    pot."""

    NOTED: ClassVar[re.Pattern[str]] = _NOTED
    GLYPHS: ClassVar[frozenset[str]] = Reader.GLYPHS - {"??"}
    SEPARATOR: ClassVar[str] = "/"

    def event(self, word: str, rest: str, lno: int) -> Claim | Show | Fault | Pot:
        if word == "open":
            return self.claim(rest, (lno, 3))
        if word == "show":
            seat, combo, *shown = rest.split(" ")
            if combo not in COMBOS:
                raise GiveUp
            return _new_show(self.seat(seat), COMBOS[combo], self.cards(" ".join(shown)), (lno, 3))
        if word == "fault":
            seat, _, what = rest.partition(" ")
            if what not in FAULTS:
                raise GiveUp
            return _new_fault(self.seat(seat), FAULTS[what], (lno, 3))
        if word == "pot":
            if not _NUMBER.match(rest):
                raise GiveUp
            return _new_pot(num(rest), (lno, 3))
        raise GiveUp

    def claim(self, rest: str, pos: Pos) -> Claim:
        """An ``open`` line: the claimant, the count stated, the outcome stated."""
        bits = rest.split(" ")
        seat = self.seat(bits[0])
        count = None
        outcome: str | None = None
        rest_bits = bits[1:]
        if rest_bits and _CONTRACT.match(rest_bits[0]):
            count = num(rest_bits.pop(0))
        if rest_bits and rest_bits[0] in ("win", "fail"):
            outcome = rest_bits.pop(0)
        if rest_bits:
            raise GiveUp
        return _new_claim(seat, count, OUTCOMES.get(outcome or ""), pos)

    def move(self, toks: Tokens, k: int, lno: int, depth: int) -> tuple[Answer, int]:
        """``Oleg 7H down KD``: the cards face up, then those face down, with its notes."""
        seat, at = toks[k]
        up, k = card_tokens(toks, k + 1)
        down: list[str] = []
        if k < len(toks) and toks[k][0] == "down":
            down, k = card_tokens(toks, k + 1)
            if not down:
                raise GiveUp
        if not up and not down:
            raise GiveUp
        notes, k = self.move_notes(toks, k, lno, variations=True, depth=depth)
        return Answer(seat=self.seat(seat), cards=up, down=down, notes=notes, pos=(lno, at)), k

    def noted_event(self, word: str, toks: Tokens, lno: int, pos: Pos) -> Claim | Show | Fault | Pot:
        n = len(toks)
        if word == "open":
            seat = self.seat(toks[1][0])
            k = 2
            count: int | None = None
            outcome: str | None = None
            if k < n and DIGITS.match(toks[k][0]):
                count = num(toks[k][0])
                k += 1
            if k < n and toks[k][0] in ("win", "fail"):
                outcome = toks[k][0]
                k += 1
            return Claim(
                seat=seat,
                count=count,
                outcome=OUTCOMES.get(outcome or ""),
                notes=self.comments(toks, k, lno, end=True),
                pos=pos,
            )
        if word == "show":
            seat, combo = self.seat(toks[1][0]), toks[2][0]
            if combo not in COMBOS:
                raise GiveUp
            shown, k = card_tokens(toks, 3)
            return Show(
                seat=seat,
                combo=COMBOS[combo],
                cards=shown,
                notes=self.comments(toks, k, lno, end=True),
                pos=pos,
            )
        if word == "fault":
            seat, what = self.seat(toks[1][0]), toks[2][0]
            if what not in FAULTS:
                raise GiveUp
            return Fault(
                seat=seat,
                fault=FAULTS[what],
                notes=self.comments(toks, 3, lno, end=True),
                pos=pos,
            )
        if word == "pot":
            if not _NUMBER.match(toks[1][0]):
                raise GiveUp
            return Pot(
                value=num(toks[1][0]),
                notes=self.comments(toks, 2, lno, end=True),
                pos=pos,
            )
        raise GiveUp

    def trick(self, line: str, lno: int) -> Node:
        number, head, col, winner = self.trick_line(line, lno)
        answers: list[Answer] = []
        for part in head.split(" / "):
            seat, _, cards = part.partition(" ")
            down: list[str] = []
            if "down" in cards:  # cards face down (the common answer has none)
                up_text, down_mark, down_text = f" {cards}".partition(" down")
                if down_mark and down_text and not down_text.startswith(" "):
                    raise GiveUp
                cards = up_text
                if down_mark:
                    down = self.cards(down_text.strip(" "))
                    if not down:
                        raise GiveUp
            up = self.cards(cards.strip(" "))
            if not up and not down:
                raise GiveUp
            answers.append(self.make.move(self.seat(seat), up, down, (lno, col)))
            col += len(part) + 3
        return self.make.trick(number, answers, winner, (lno, 3))
