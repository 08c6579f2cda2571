"""The Bura table: the engine's rules, with its moves as KGN and its record."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from notation.bura import KIND
from notation.bura.records import BuraGame
from notation.kinds import NotationKind
from notation.records import GameRecord, Node

from ..table import Names, Seats
from .engine import BuraEngine
from .kgn import append_move, before, move_of, node_of, record_of
from .moves import BuraMove
from .search import DealSearch

if TYPE_CHECKING:
    from ..view import View

__all__ = ["BuraTable"]


class BuraTable(BuraEngine):
    """A Bura table: ``push`` moves in the order of play, ``pop`` them back; see
    :class:`replay.model.Table` for the whole interface."""

    NOTATION: ClassVar[NotationKind] = KIND

    def move_of(self, node: Node, seats: Seats | None = None) -> BuraMove:
        """The move one event of a record stands for (see :func:`replay.bura.kgn.move_of`)."""
        return move_of(node, Names(self.players) if seats is None else seats)

    def view(self) -> View:
        """What the table shows now: each seat's cards, the trick, the piles, the scores."""
        from .view import view  # loaded when a table is first shown

        return view(self)

    def node_of(self, move: BuraMove) -> Node:
        """The record's event of one move."""
        return node_of(self.players, move)

    def push_into(self, record: GameRecord, move: BuraMove, *, written: bool = False) -> None:
        """Push ``move`` and write it at the end of ``record`` (the recorder's); ``written``:
        a draw from a known stock is written too (it was entered where it was not the only
        move: a resumed record must show that it was made)."""
        assert isinstance(record, BuraGame), "a record of another game"
        done, number, trick_open, known = before(self)
        was = (done, number, trick_open, known and not written)
        self.push(move)
        append_move(record, self, move, was)

    def faster_search(self, budget: int) -> DealSearch | None:
        """Bura's search of a two-player deal in C (:mod:`replay.bura.search`), where built
        and where it follows the table's switches."""
        return DealSearch(self, budget) if DealSearch.searches(self) else None

    def record(self) -> BuraGame:
        """The game so far as a record (with every finished deal's facts)."""
        return record_of(self)
