"""The fast reader of Bura and Burkozel: canonical text read line by line (the grammar
reads the rest; :mod:`notation.fastparse` holds what the games' readers share)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar, Final

from ..fastparse import (
    DIGITS,
    TRICK_NO,
    GiveUp,
    Reader,
    Tokens,
    card_tokens,
    may_overflow,
    num,
    tokens,
)
from ..records import MAX_ROUNDS, Entry, Pos, Winner, maker
from .records import (
    COMBOS,
    FAULTS,
    GAMES,
    KEYWORDS,
    OUTCOMES,
    TALLIES,
    Answer,
    BuraGame,
    Claim,
    Draw,
    Event,
    Fault,
    Pot,
    Round,
    Show,
    Tally,
    Trick,
    Variation,
)

__all__ = ["read_bura"]

_new_answer: Final[Callable[[str, list[str], list[str], Pos], Answer]] = maker(
    Answer, "seat", "cards", "down", "pos"
)
_new_trick: Final[Callable[[int, list[Answer], Winner | None, Pos], Trick]] = maker(
    Trick, "number", "answers", "winner", "pos"
)
_new_round: Final[Callable[[int, Pos], Round]] = maker(Round, "number", "pos")

_DEAL: Final = re.compile(r"deal ([0-9]+)(?=\Z| \{)")
_NOTED: Final = re.compile(r"[{!$(?](?<!\?\?)(?!(?<=\?)\?)")
"""A Bura line that may carry notes (``??`` alone is a card, never a glyph here): a mark,
or a ``?`` with no ``?`` beside it (the lookarounds follow the character class, so that
the search scans for the class first: four times as fast as the same test put first)."""
_NUMBER: Final = re.compile(r"-?[0-9]+\Z")
_CONTRACT: Final = re.compile(r"[0-9]+\Z")
_new_entry: Final[Callable[[str, int, Pos], Entry]] = maker(Entry, "seat", "value", "pos")




def read_bura(text: str, first_line: int) -> BuraGame | None:
    """The record of a canonical Bura or Burkozel game, or None when the text is not
    canonical."""
    if may_overflow(text):
        return None
    try:
        return BuraReader(text, first_line).game()
    except (GiveUp, ValueError, IndexError):
        return None


class BuraReader(Reader[Variation]):
    """Reads a canonical Bura or Burkozel game."""

    NOTED: ClassVar[re.Pattern[str]] = _NOTED
    KEYWORDS: ClassVar[frozenset[str]] = KEYWORDS
    GLYPHS: ClassVar[frozenset[str]] = Reader.GLYPHS - {"??"}

    def game(self) -> BuraGame:
        """The whole game (its text is canonical, else GiveUp)."""
        tags, i, kind = self.header(("bura", "burkozel"), notes=True, variations=True)
        notes = self.leading_comments(i)
        i += len(notes[1])
        deals: list[Round] = []
        deal: Round | None = None
        may_note, noted = self.may_note, self.NOTED.search
        for lno, m, line in self.blocks(i, _DEAL):
            if m is not None:
                if deal is not None:
                    deals.append(deal)
                    if len(deals) == MAX_ROUNDS:
                        raise GiveUp  # the grammar's reader says where
                deal = _new_round(num(m.group(1)), (lno, 1))
                if m.end() < len(line):
                    deal.notes = self.comments(tokens(line, m.end()), 0, lno, end=True)
                continue
            if deal is None:
                raise GiveUp
            events = deal.events
            if may_note and noted(line) is not None and not line.startswith("  hands "):
                events.append(
                    self.taker_noted(line, lno, self.trick) or self.noted(line, lno)
                )
                continue
            if "0" <= line[2] <= "9":
                events.append(self.trick(line, lno))
                continue
            word, _, rest = line[2:].partition(" ")
            if word == "hands":
                if events or deal.dealing is not None:
                    raise GiveUp
                deal.dealing = self.stock_dealing(rest, lno)
            else:
                events.append(self.event(word, rest, lno))
        if deal is not None:
            deals.append(deal)
        return BuraGame(kind=GAMES[kind], tags=tags, notes=notes[0], deals=deals)

    def event(self, word: str, rest: str, lno: int) -> Event:
        """An event line other than the deal and a trick: ``word`` and the ``rest`` after it."""
        if word == "draw":
            return self.drawn(rest, lno)
        if word == "open":
            return self.claim(rest, (lno, 3))
        if word == "show":
            seat, combo, *shown = rest.split(" ")
            if combo not in COMBOS:
                raise GiveUp
            return Show(seat=self.seat(seat), combo=COMBOS[combo], cards=self.cards(" ".join(shown)), pos=(lno, 3))
        if word == "fault":
            seat, _, what = rest.partition(" ")
            if what not in FAULTS:
                raise GiveUp
            return Fault(seat=self.seat(seat), fault=FAULTS[what], pos=(lno, 3))
        if word == "pot":
            if not _NUMBER.match(rest):
                raise GiveUp
            return Pot(value=num(rest), pos=(lno, 3))
        if word in TALLIES:
            return self.tally(word, rest, lno)
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
        return Claim(seat=seat, count=count, outcome=OUTCOMES.get(outcome or ""), pos=pos)

    def tally(self, word: str, rest: str, lno: int) -> Tally:
        """A tally line (``chips``, ``penalty`` ...): each seat's number."""
        return Tally(kind=TALLIES[word], entries=self.stated_entries(word, rest, lno), pos=(lno, 3))

    def answers(
        self, toks: Tokens, k: int, lno: int, depth: int
    ) -> tuple[list[Answer], Winner | None, int]:
        """Answers separated by ``/`` (each with its notes), then the taker if one is
        stated, from token ``k`` on; and the token after them (the end of the line, or the
        ``)`` that closes a variation)."""
        answers: list[Answer] = []
        n = len(toks)
        while True:
            seat, at = toks[k]
            up, k = card_tokens(toks, k + 1)
            down: list[str] = []
            if k < n and toks[k][0] == "down":
                down, k = card_tokens(toks, k + 1)
                if not down:
                    raise GiveUp
            if not up and not down:
                raise GiveUp
            notes, k = self.move_notes(toks, k, lno, variations=True, depth=depth)
            answers.append(
                Answer(seat=self.seat(seat), cards=up, down=down, notes=notes, pos=(lno, at))
            )
            if k == n or toks[k][0] == ")":
                return answers, None, k
            if toks[k][0] == "/":
                k += 1
                continue
            winner, k = self.winner(toks, k, lno)
            return answers, winner, k

    def variation(self, toks: Tokens, k: int, lno: int, depth: int) -> tuple[Variation, int]:
        """A variation of the rest of a trick (answers, and the taker if stated), from the
        token after ``(`` to its ``)``; the variation and the token after it.  A variation
        with later events (tricks, draws) is left to the grammar."""
        answers, winner, k = self.answers(toks, k, lno, depth)
        if toks[k][0] != ")":
            raise GiveUp
        return Variation(answers=answers, winner=winner), k + 1

    def noted(self, line: str, lno: int) -> Event:
        """A Bura event line that may carry notes, read token by token."""
        toks = tokens(line, 2)
        word, col = toks[0]
        pos = (lno, col)
        n = len(toks)
        if TRICK_NO.match(word):
            answers, winner, k = self.answers(toks, 1, lno, 0)
            if k != n:
                raise GiveUp
            return Trick(number=num(word[:-1]), answers=answers, winner=winner, pos=pos)
        if word == "draw":
            drawn, k = self.given(toks, 1, lno)
            return Draw(cards=drawn, notes=self.comments(toks, k, lno, end=True), pos=pos)
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
        if word in TALLIES:
            raw, k = self.entries(toks, 1, lno)
            entries = [_new_entry(seat, value, at) for seat, value, _, at in raw]
            return Tally(
                kind=TALLIES[word],
                entries=entries,
                notes=self.comments(toks, k, lno, end=True),
                pos=pos,
            )
        raise GiveUp

    def trick(self, line: str, lno: int) -> Trick:
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
            answers.append(_new_answer(self.seat(seat), up, down, (lno, col)))
            col += len(part) + 3
        return _new_trick(number, answers, winner, (lno, 3))
