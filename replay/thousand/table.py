"""The Thousand table: the engine's rules, with its moves as KGN and its record."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from notation.kinds import NotationKind
from notation.records import GameRecord, Node
from notation.thousand import KIND
from notation.thousand.records import ThousandGame

from ..table import Names, Seats
from .engine import ThousandEngine
from .kgn import append_move, before, move_of, node_of, record_of
from .moves import ThousandMove

if TYPE_CHECKING:
    from ..view import View

__all__ = ["ThousandTable"]


class ThousandTable(ThousandEngine):
    """A Thousand table: ``push`` moves in the order of play, ``pop`` them back; see
    :class:`replay.model.Table` for the whole interface."""

    NOTATION: ClassVar[NotationKind] = KIND

    def move_of(self, node: Node, seats: Seats | None = None) -> ThousandMove:
        """The move one event of a record stands for (see :func:`replay.thousand.kgn.move_of`)."""
        return move_of(node, Names(self.players) if seats is None else seats)

    def view(self) -> View:
        """What the table shows now: each seat's cards, the trick, the piles, the scores."""
        from .view import view  # loaded when a table is first shown

        return view(self)

    def node_of(self, move: ThousandMove) -> Node:
        """The record's event of one move."""
        return node_of(self.players, move)

    def push_into(self, record: GameRecord, move: ThousandMove, *, written: bool = False) -> None:
        """Push ``move`` and write it at the end of ``record`` (the recorder's); Thousand's
        record writes every move (``written`` is for the games that may leave one out)."""
        assert isinstance(record, ThousandGame), "a record of another game"
        was = before(self)
        self.push(move)
        append_move(record, self, move, was)

    def record(self) -> ThousandGame:
        """The game so far as a record (with the facts of every finished hand)."""
        return record_of(self)
