"""The fast reader of Sixty-six: canonical text read line by line (the grammar reads the
rest; :mod:`notation.fastparse` holds what every game's reader shares)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Final

from ..fastparse import GiveUp, StockReader, Tokens
from ..records import Comment, Entry, Pos, Tag, Winner, maker
from .records import (
    KEYWORDS,
    STATED,
    Close,
    Exchange,
    Out,
    Play,
    Round,
    SixtySixGame,
    Stated,
    Trick,
    Variation,
)

__all__ = ["SixtySixReader"]

# The records made most often, made by position (:func:`~notation.records.maker`).
_new_play: Final[Callable[[str, str, bool, Pos], Play]] = maker(Play, "seat", "card", "marriage", "pos")
_new_trick: Final[Callable[[int, list[Play], Winner | None, Pos], Trick]] = maker(
    Trick, "number", "plays", "winner", "pos"
)
_new_stated: Final[Callable[[str, list[Entry], list[Comment], Pos], Stated]] = maker(
    Stated, "kind", "entries", "notes", "pos"
)
_new_round: Final[Callable[[int, Pos], Round]] = maker(Round, "number", "pos")

_SEATED: Final[dict[str, Callable[[str, Pos], Exchange | Close | Out]]] = {
    "exchange": maker(Exchange, "seat", "pos"),
    "close": maker(Close, "seat", "pos"),
    "out": maker(Out, "seat", "pos"),
}
"""The events that name only a player, each made from the player and its position."""


class SixtySixReader(StockReader[Variation]):
    """Reads a canonical Sixty-six game: its tricks, ``3. Anna KH marriage, Boris 9H ->
    Anna``, and the exchange, the close and going out."""

    KEYWORDS: ClassVar[frozenset[str]] = KEYWORDS
    COUNT_WORDS: ClassVar[dict[str, str]] = dict(STATED)
    SEPARATOR: ClassVar[str] = ","

    def new_round(self, number: int, pos: Pos) -> Round:
        return _new_round(number, pos)

    def new_game(self, kind: str, tags: list[Tag], notes: list[Comment], deals: list[Round]) -> SixtySixGame:
        return SixtySixGame(tags=tags, notes=notes, deals=deals)

    def new_count(self, kind: str, entries: list[Entry], notes: list[Comment], pos: Pos) -> Stated:
        return _new_stated(kind, entries, notes, pos)

    def new_trick(self, number: int, moves: list[Play], winner: Winner | None, pos: Pos) -> Trick:
        return _new_trick(number, moves, winner, pos)

    def new_variation(self, moves: list[Play], winner: Winner | None) -> Variation:
        return Variation(plays=moves, winner=winner)

    def event(self, word: str, rest: str, lno: int) -> Exchange | Close | Out:
        if word not in _SEATED:
            raise GiveUp
        return _SEATED[word](self.seat(rest), (lno, 3))

    def noted_event(self, word: str, toks: Tokens, lno: int, pos: Pos) -> Exchange | Close | Out:
        if word not in _SEATED:
            raise GiveUp
        event = _SEATED[word](self.seat(toks[1][0]), pos)
        event.notes = self.comments(toks, 2, lno, end=True)
        return event

    def trick(self, line: str, lno: int) -> Trick:
        """``3. Anna KH marriage, Boris 9H -> Anna`` (without notes)."""
        trick: Trick = self.cards_trick(line, lno, _new_play, _new_trick)
        return trick

    def move(self, toks: Tokens, k: int, lno: int, depth: int) -> tuple[Play, int]:
        """``Anna KH marriage``: a card played (a marriage shown), with its notes."""
        return self.card_played(toks, k, lno, depth, Play)
