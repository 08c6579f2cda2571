"""The fast reader of Sixty-six: canonical text read line by line (the grammar reads the
rest; :mod:`notation.fastparse` holds what every game's reader shares)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar, Final, Literal

from ..fastparse import (
    CANON,
    TRICK_NO,
    GiveUp,
    Reader,
    Tokens,
    may_overflow,
    num,
    tokens,
)
from ..records import MAX_ROUNDS, Entry, Pos, Winner, maker
from .records import (
    KEYWORDS,
    STATED,
    Close,
    Draw,
    Event,
    Exchange,
    Out,
    Play,
    Round,
    SixtySixGame,
    Stated,
    Trick,
    Variation,
)

__all__ = ["read_sixtysix"]

# The records made most often, made by position (:func:`~notation.records.maker`).
_new_play: Final[Callable[[str, str, bool, Pos], Play]] = maker(Play, "seat", "card", "marriage", "pos")
_new_trick: Final[Callable[[int, list[Play], Winner | None, Pos], Trick]] = maker(
    Trick, "number", "plays", "winner", "pos"
)
_new_entry: Final[Callable[[str, int, Pos], Entry]] = maker(Entry, "seat", "value", "pos")
_new_stated: Final[Callable[[Literal["points", "score", "totals"], list[Entry], Pos], Stated]] = maker(
    Stated, "kind", "entries", "pos"
)
_new_round: Final[Callable[[int, Pos], Round]] = maker(Round, "number", "pos")

_DEAL: Final = re.compile(r"deal ([0-9]+)(?=\Z| \{)")
_SEATED: Final[dict[str, type[Exchange] | type[Close] | type[Out]]] = {
    "exchange": Exchange,
    "close": Close,
    "out": Out,
}
"""The events that name only a player."""


def read_sixtysix(text: str, first_line: int) -> SixtySixGame | None:
    """The record of a canonical Sixty-six game, or None when the text is not canonical."""
    if may_overflow(text):
        return None
    try:
        return SixtySixReader(text, first_line).game()
    except (GiveUp, ValueError, IndexError):
        return None


class SixtySixReader(Reader[Variation]):
    """Reads a canonical Sixty-six game."""

    KEYWORDS: ClassVar[frozenset[str]] = KEYWORDS

    def game(self) -> SixtySixGame:
        """The whole game (its text is canonical, else GiveUp)."""
        tags, i, _ = self.header(("sixtysix",), notes=True, variations=True)
        notes, skipped = self.leading_comments(i)
        i += len(skipped)
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
                events.append(self.taker_noted(line, lno, self.trick) or self.noted(line, lno))
                continue
            if "0" <= line[2] <= "9":
                events.append(self.trick(line, lno))
                continue
            word, _, rest = line[2:].partition(" ")
            pos = (lno, 3)
            if word == "hands":
                if events or deal.dealing is not None:
                    raise GiveUp
                deal.dealing = self.stock_dealing(rest, lno)
            elif word == "draw":
                events.append(self.drawn(rest, lno))
            elif word in _SEATED:
                events.append(_SEATED[word](seat=self.seat(rest), pos=pos))
            elif word in STATED:
                events.append(_new_stated(STATED[word], self.stated_entries(word, rest, lno), pos))
            else:
                raise GiveUp
        if deal is not None:
            deals.append(deal)
        return SixtySixGame(tags=tags, notes=notes, deals=deals)

    # -- lines without notes ----------------------------------------------------------------

    def trick(self, line: str, lno: int) -> Trick:
        """``3. Anna KH marriage, Boris 9H -> Anna`` (without notes)."""
        number, head, col, winner = self.trick_line(line, lno)
        plays: list[Play] = []
        for part in head.split(", "):
            bits = part.split(" ")
            if len(bits) == 3 and bits[2] == "marriage":
                marriage = True
            elif len(bits) == 2:
                marriage = False
            else:
                raise GiveUp
            card = CANON.get(bits[1])
            if card is None:
                raise GiveUp
            plays.append(_new_play(self.seat(bits[0]), card, marriage, (lno, col)))
            col += len(part) + 2
        return _new_trick(number, plays, winner, (lno, 3))

    # -- lines with notes -------------------------------------------------------------------

    def noted(self, line: str, lno: int) -> Event:
        """An event line that may carry notes, read token by token."""
        toks = tokens(line, 2)
        word, col = toks[0]
        pos = (lno, col)
        if TRICK_NO.match(word):
            plays, winner, k = self.plays(toks, 1, lno, 0)
            if k != len(toks):
                raise GiveUp
            return Trick(number=num(word[:-1]), plays=plays, winner=winner, pos=pos)
        if word == "draw":
            drawn, k = self.given(toks, 1, lno)
            return Draw(cards=drawn, notes=self.comments(toks, k, lno, end=True), pos=pos)
        if word in _SEATED:
            notes = self.comments(toks, 2, lno, end=True)
            return _SEATED[word](seat=self.seat(toks[1][0]), notes=notes, pos=pos)
        if word in STATED:
            raw, k = self.entries(toks, 1, lno)
            entries = [_new_entry(seat, value, at) for seat, value, _, at in raw]
            notes = self.comments(toks, k, lno, end=True)
            return Stated(kind=STATED[word], entries=entries, notes=notes, pos=pos)
        raise GiveUp

    def plays(
        self, toks: Tokens, k: int, lno: int, depth: int
    ) -> tuple[list[Play], Winner | None, int]:
        """Cards played, separated by commas (each with its notes), then the taker if one
        is stated, from token ``k`` on; and the token after them (the end of the line, or
        the ``)`` that closes a variation)."""
        plays: list[Play] = []
        n = len(toks)
        while True:
            seat, at = toks[k]
            card = CANON.get(toks[k + 1][0])
            if card is None:
                raise GiveUp
            k += 2
            marriage = k < n and toks[k][0] == "marriage"
            k += marriage
            notes, k = self.move_notes(toks, k, lno, variations=True, depth=depth)
            plays.append(
                Play(seat=self.seat(seat), card=card, marriage=marriage, notes=notes, pos=(lno, at))
            )
            if k == n or toks[k][0] == ")":
                return plays, None, k
            if toks[k][0] == ",":
                k += 1
                continue
            winner, k = self.winner(toks, k, lno)
            return plays, winner, k

    def variation(self, toks: Tokens, k: int, lno: int, depth: int) -> tuple[Variation, int]:
        """A variation of the rest of a trick (its cards, and the taker if stated), from
        the token after ``(`` to its ``)``; one with later events is left to the grammar."""
        plays, winner, k = self.plays(toks, k, lno, depth)
        if toks[k][0] != ")":
            raise GiveUp
        return Variation(plays=plays, winner=winner), k + 1
