"""The Bura table: the engine's rules, with its moves as KGN and its record."""

from __future__ import annotations

from notation.records import BuraGame

from .engine import BuraEngine
from .kgn import format_move, parse_move, record_of
from .moves import BuraMove

__all__ = ["BuraTable"]


class BuraTable(BuraEngine):
    """A Bura table: ``push`` moves in the order of play, ``pop`` them back; see
    :class:`replay.model.Table` for the whole interface."""

    def format_move(self, move: BuraMove) -> str:
        """One move as one KGN event: ``Oleg 7H down KD``, ``draw Ilya 8D``, ``open Oleg``."""
        return format_move(self.players, move)

    def read_move(self, text: str) -> BuraMove:
        """One KGN event as a move (the inverse of :meth:`format_move`); a malformed event
        or an unknown player raises :class:`KgnError` (code ``bad-move``)."""
        return parse_move(self, text)

    def record(self) -> BuraGame:
        """The game so far as a record (with every finished deal's facts)."""
        return record_of(self)
