"""The Thousand table: the engine's rules, with its moves as KGN and its record."""

from __future__ import annotations

from notation.records import ThousandGame

from .engine import ThousandEngine
from .kgn import format_move, parse_move, record_of
from .moves import ThousandMove

__all__ = ["ThousandTable"]


class ThousandTable(ThousandEngine):
    """A Thousand table: ``push`` moves in the order of play, ``pop`` them back; see
    :class:`replay.model.Table` for the whole interface."""

    def format_move(self, move: ThousandMove) -> str:
        """One move as one KGN event: ``bid Boris 110``, ``Anna KH marriage`` ..."""
        return format_move(self.players, move)

    def read_move(self, text: str) -> ThousandMove:
        """One KGN event as a move (the inverse of :meth:`format_move`); a malformed event
        or an unknown player raises :class:`KgnError` (code ``bad-move``)."""
        return parse_move(self, text)

    def record(self) -> ThousandGame:
        """The game so far as a record (with the facts of every finished hand)."""
        return record_of(self)
