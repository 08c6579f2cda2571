"""What a game's own exact search in C shares (Sixty-six's, Bura's): the interface of the
game-free :class:`replay.solve.Solver` (:class:`replay.table.Search`) over a C type that
searches one position with a window.

A game's search says how its table's position reads as the C search's arguments
(:meth:`NativeSearch.position`), what its settings are, and the most a deal is worth; this
class finds each value by null-window searches from the last value found (MTD(f): a deal
is worth a few whole units, and the choices of one position are mostly worth the same, so
one or two such searches, far cheaper than one with a wide window, settle it), and keeps
one C search per game and process (its table of positions, some tens of MB, is made once).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from typing import Any, ClassVar

from .solve import EPSILON, TooLarge
from .table import AnyTable

__all__ = ["NativeSearch"]


class NativeSearch:
    """The exact values of one round's positions from a C search (a subclass names its
    module, whose type is :attr:`NATIVE`): what the seat's side gains in the round less what the other
    gains, from the scores when the search was made, in the game's unit."""

    COST: ClassVar[float]
    """What one of its positions costs, in positions of the game-free solver (each game's
    search measures its own: some millions a second against some 30,000), so that a budget
    of positions is about as long in every game."""
    NATIVE: ClassVar[Any] = None
    """The C search's type (None where the package was installed without a compiler)."""
    _shared: ClassVar[dict[type, tuple[Any, NativeSearch]]] = {}
    """Per game: the process's C search, and the search it last searched for (another
    starts it afresh, with its rules)."""

    def __init__(self, table: AnyTable, budget: int, settings: Sequence[object], most: int, unit: float = 1) -> None:
        self.base = len(table.results)
        self.start = table.scores()
        self.budget = budget
        self.settings = (*settings, budget)
        self.most = most
        """The most a round is worth, in units."""
        self.unit = unit
        """What one unit of the C search's values is worth in the game's own (a pot)."""
        self._nodes = 0
        self._guess = 0
        """The value found last, in units: where the next search starts."""

    def __init_subclass__(cls, native: str = "", **kwargs: Any) -> None:
        """A game's search names its C module: ``class DealSearch(NativeSearch,
        native="replay.bura.dealsearch")`` (absent where installed without a compiler)."""
        super().__init_subclass__(**kwargs)
        try:
            cls.NATIVE = importlib.import_module(native).Search
        except ImportError:
            cls.NATIVE = None

    @classmethod
    def built(cls) -> bool:
        """Whether the C search is there (the package was compiled)."""
        return cls.NATIVE is not None

    @classmethod
    def searches(cls, table: Any) -> bool:
        """Whether it searches ``table``'s round: where it is built (a game's search may
        refuse more)."""
        return cls.built()

    @classmethod
    def forget(cls) -> None:
        """Drop every game's C search and its table of positions: the next search starts
        afresh, so that what it costs does not depend on what was searched before (a layout
        whose stock a search saw last reuses its positions)."""
        NativeSearch._shared.clear()

    @property
    def nodes(self) -> int:
        """The positions searched so far."""
        return self._nodes

    def ended(self, table: AnyTable) -> bool:
        return len(table.results) > self.base

    def position(self, table: AnyTable) -> tuple[object, ...]:
        """A position as the C search takes it (before the seat and the window); raises
        ValueError where it takes none (a card nobody recorded)."""
        raise NotImplementedError

    def value(self, table: AnyTable, seat: int) -> float:
        """The best ``seat`` can force from ``table`` (which is not changed)."""
        if self.ended(table):
            return table.deal_value(self.start, seat)
        position = self.position(table)  # read once for every search below
        lower, upper = -self.most, self.most
        found = max(lower, min(upper, self._guess))
        while lower < upper:
            beta = found + 1 if found == lower else found
            found = self._search(position, seat, beta - 1, beta)
            if found < beta:
                upper = found
            else:
                lower = found
        self._guess = found
        return found * self.unit

    def reaches(self, table: AnyTable, seat: int, target: float) -> bool:
        """Whether ``seat``'s value from ``table`` is at least ``target``."""
        if self.ended(table):
            return table.deal_value(self.start, seat) >= target - EPSILON
        least = math.ceil(target / self.unit - EPSILON)  # the values are whole units
        return self._search(self.position(table), seat, least - 1, least) >= least

    def _search(self, position: tuple[object, ...], seat: int, alpha: int, beta: int) -> int:
        kind = type(self)
        shared = NativeSearch._shared.get(kind)
        if shared is None:
            native = kind.NATIVE(*self.settings)
        else:
            native, owner = shared
            if owner is not self:
                native.__init__(*self.settings)
        NativeSearch._shared[kind] = (native, self)
        before = native.nodes
        found = native.value(*position, seat, alpha, beta)
        self._nodes += native.nodes - before
        if found is None:
            raise TooLarge(self.budget)
        return int(found)
