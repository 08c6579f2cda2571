"""The Sixty-six table: the engine's rules, with its moves as KGN and its record."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from notation.kinds import NotationKind
from notation.records import GameRecord, Node
from notation.sixtysix import KIND
from notation.sixtysix.records import SixtySixGame

from ..table import Names, Seats
from .engine import OUT, SixtySixEngine
from .kgn import append_move, before, move_of, node_of, record_of
from .moves import GoOut, SixtySixMove
from .search import DealSearch

if TYPE_CHECKING:
    from ..view import View

__all__ = ["SixtySixTable"]


class SixtySixTable(SixtySixEngine):
    """A Sixty-six table: ``push`` moves in the order of play, ``pop`` them back; see
    :class:`replay.model.Table` for the whole interface."""

    NOTATION: ClassVar[NotationKind] = KIND

    def move_of(self, node: Node, seats: Seats | None = None) -> SixtySixMove:
        """The move one event of a record stands for (see :func:`replay.sixtysix.kgn.move_of`)."""
        return move_of(node, Names(self.players) if seats is None else seats)

    def view(self) -> View:
        """What the table shows now: each seat's cards, the trick, the piles, the scores."""
        from .view import view  # loaded when a table is first shown

        return view(self)

    def node_of(self, move: SixtySixMove) -> Node:
        """The record's event of one move."""
        return node_of(self.players, move)

    def push_into(self, record: GameRecord, move: SixtySixMove, *, written: bool = False) -> None:
        """Push ``move`` and write it at the end of ``record`` (the recorder's); ``written``:
        a draw from a known stock is written too (it was entered where it was not the only
        move: a resumed record must show that it was made)."""
        assert isinstance(record, SixtySixGame), "a record of another game"
        done, number, trick_open, known = before(self)
        was = (done, number, trick_open, known and not written)
        self.push(move)
        append_move(record, self, move, was)

    def faster_search(self, budget: int) -> DealSearch | None:
        """Sixty-six's search of a deal in C (:mod:`replay.sixtysix.search`), where built."""
        return DealSearch(self, budget) if DealSearch.built() else None

    def random_move(self, rng: random.Random) -> SixtySixMove:
        """A random move as :meth:`replay.table.Table.random_move` picks one, except
        for going out (S9), which is listed after every trick taken: a random player goes
        out four times in five when he has 66, and a false out one time in twenty, so that
        random deals run their course to the closed or exhausted stock."""
        move = super().random_move(rng)
        deal = self.deal
        if deal is None or deal.out_right is None:
            return move
        out = GoOut(deal.out_right)
        if rng.random() < (0.8 if self.count(out.seat) >= OUT else 0.05):
            return out
        for _ in range(8):  # another move where there is one
            if move != out:
                return move
            move = super().random_move(rng)
        return move

    def record(self) -> SixtySixGame:
        """The game so far as a record (with every finished deal's facts)."""
        return record_of(self)
