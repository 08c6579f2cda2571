"""Sixty-six's own exact search, the game-free :class:`replay.solve.Solver`'s faster twin.

Before the stock is gone a layout of a deal (both hands and the stock's order) is a whole
game tree of some hundred thousand to millions of positions: the game-free solver, which
moves through the engine, takes seconds to minutes for one, and the decisions of the open
phase could not be judged in the dark.  ``dealsearch.c`` searches the same tree, with the
same rules, choices and values, in C (a few milliseconds a layout).  It is used where it is
built; the tests hold it to the game-free solver position by position.

>>> import random
>>> from replay.sixtysix.table import SixtySixTable
>>> table = SixtySixTable(["Ivan", "Olga"])
>>> table.push(table.chance_move(random.Random(3)))
>>> search = table.faster_search(10_000_000)
>>> search is None or search.value(table, 0) == -search.value(table, 1)
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, cast

from notation.cards import Card, card_points

from ..solve import EPSILON, TooLarge

if TYPE_CHECKING:
    from ..table import GameTable
    from .engine import SixtySixEngine

__all__ = ["DealSearch", "native"]

_PHASES = {"lead": 0, "follow": 1, "end": 2}

_SHARED: Any = None
"""The process's C search: its table of positions (some tens of MB) is made once."""
_OWNER: DealSearch | None = None
"""The search the C search last searched for (another starts it afresh, with its rules)."""


try:
    from .dealsearch import Search as _Native
except ImportError:  # installed without a compiler
    _Native = None  # type: ignore[assignment,misc]


def native() -> type | None:
    """The C search's type, or None where the package was installed without a compiler."""
    return _Native


class DealSearch:
    """The exact values of one deal's positions (the interface of
    :class:`replay.solve.Solver`): what the seat's side gains in the deal less what the
    other gains, in game points, from the scores when the search was made."""

    COST: ClassVar[float] = 0.002
    """What one of its positions costs, in positions of the game-free solver (measured:
    some millions a second against some tens of thousands)."""

    def __init__(self, table: SixtySixEngine, budget: int) -> None:
        s = table.settings
        self.base = len(table.results)
        self.start = table.scores()
        self.budget = budget
        self.settings = (table.match.bonus, s.last_trick > 0, s.exchange, s.closing, s.marriage_late, budget)
        self.most = 3 + table.match.bonus
        """The most a deal is worth: schwarz, and the points a tie carried."""
        self._nodes = 0
        self._guess = 0
        """The value found last: where the next search starts."""

    @property
    def nodes(self) -> int:
        """The positions searched so far."""
        return self._nodes

    def ended(self, table: GameTable) -> bool:
        return len(table.results) > self.base

    def value(self, table: GameTable, seat: int) -> float:
        """The best ``seat`` can force from ``table`` (which is not changed): found by
        null-window searches from the value found last (MTD(f): a deal is worth a few
        whole game points, and the choices of one position are mostly worth the same, so
        one or two such searches, far cheaper than one with a wide window, settle it)."""
        if self.ended(table):
            return table.deal_value(self.start, seat)
        position = self._position(table)  # read once for every search below
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
        return found

    def reaches(self, table: GameTable, seat: int, target: float) -> bool:
        """Whether ``seat``'s value from ``table`` is at least ``target``."""
        if self.ended(table):
            return table.deal_value(self.start, seat) >= target - EPSILON
        least = math.ceil(target - EPSILON)  # the values are whole game points
        return self._search(self._position(table), seat, least - 1, least) >= least

    def _position(self, position: GameTable) -> tuple[object, ...]:
        """A position as the C search takes it (after the draws the stock gives itself)."""
        table = cast("SixtySixEngine", position)
        deal = table.deal
        while deal is not None and deal.phase == "draw":  # the draws the stock gives itself
            table = table.clone()
            table.push(table.automatic_move())  # type: ignore[arg-type]
            deal = table.deal
        if deal is None or deal.stock is None or None in deal.stock or not all(
            deal.holdings.fully_known(s) for s in (0, 1)
        ):
            raise ValueError("no move listed: the cards of the player to move are not known")
        h = deal.holdings
        return (
            _mask(h.known[0]), _mask(h.known[1]), deal.stock, deal.trump_card, deal.turn, deal.leader,
            _PHASES[deal.phase], -1 if not deal.trick else deal.trick[0][1],
            (_points(deal.won[0]), _points(deal.won[1])),
            (sum(v for p, v, _ in deal.marriages if p == 0), sum(v for p, v, _ in deal.marriages if p == 1)),
            (deal.tricks_taken[0], deal.tricks_taken[1]), -1 if deal.closed_by is None else deal.closed_by,
            deal.tricks_at_close, deal.exhausted, -1 if deal.out_right is None else deal.out_right,
            -1 if table.last_winner is None else table.last_winner,
        )  # fmt: skip

    def _search(self, position: tuple[object, ...], seat: int, alpha: int, beta: int) -> int:
        global _SHARED, _OWNER
        if _SHARED is None:
            search = native()
            assert search is not None
            _SHARED = search(*self.settings)
            _OWNER = self
        elif _OWNER is not self:
            _SHARED.__init__(*self.settings)
            _OWNER = self
        before = _SHARED.nodes
        found = _SHARED.value(*position, seat, alpha, beta)
        self._nodes += _SHARED.nodes - before
        if found is None:
            raise TooLarge(self.budget)
        return int(found)


def _mask(cards: Iterable[Card]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _points(cards: Iterable[Card]) -> int:
    return sum(card_points(c) for c in cards)
