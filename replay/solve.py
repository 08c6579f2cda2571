"""One exact solver for every game, through the public table model.

A position of a round whose cards are all known to everyone (:meth:`Table.open_cards`)
is a game of perfect information.  :class:`Solver` searches it through nothing but what
every table has: ``legal_moves()``, ``push`` (on a copy), :attr:`Table.settles` and
``settle()`` (the round ends when nobody takes the move still open, as a Bura player who
does not claim after the last trick), the round's end (``results`` grows), and
:meth:`Table.deal_value` (what the scores then are worth to a seat).  Positions are
remembered by :meth:`Table.position_key`.  A game adds no search code.

A seat's *value* is the best it can force when every other side plays against it (the
paranoid assumption, exact for two sides): its side's gain in the game's own unit (chips,
penalty points, game points, points) less the other sides' mean gain.

:func:`brute_force` computes the same value with nothing remembered, move by move through
the engine (the tests hold the solver to it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Final

from .games import GAMES
from .table import AnyTable, Search

__all__ = [
    "SETTLE", "Search", "Solver", "TooLarge", "brute_force", "child", "chooser", "decide", "interval", "options", "owner",
    "search_at", "searched", "takes_a_choice",
]  # fmt: skip

class Settle:
    """The choice to take no move where the round then ends (:meth:`Table.settle`)."""

    def __repr__(self) -> str:
        return "SETTLE"


SETTLE: Final = Settle()
"""The one :class:`Settle`."""


Z95: Final = 1.96
"""The normal quantile of a two-sided 95% interval."""


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (normal approximation).

    >>> interval([1.0, 1.0, 1.0])
    (1.0, 1.0, 1.0)
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


class TooLarge(Exception):
    """A search that passed its budget of positions."""


def options(table: AnyTable) -> list[Any]:
    """Every choice at a position: the legal moves, and :data:`SETTLE` where taking none
    ends the round."""
    moves: list[Any] = list(table.legal_moves())
    if table.settles:
        moves.append(SETTLE)
    return moves


def searched(table: AnyTable) -> list[Any]:
    """The choices a search tries: :func:`options`, one of each set of moves the game
    counts as the same (:meth:`Table.distinct_moves`: equal cards)."""
    moves: list[Any] = table.distinct_moves(table.legal_moves())
    if table.settles:
        moves.append(SETTLE)
    return moves


def chooser(table: AnyTable, moves: Sequence[Any]) -> int:
    """The seat whose choice the position is: the player to move, else the seat of the
    first move offered (a combination any player may show), else seat 0."""
    seat = table.to_move
    if seat is not None:
        return seat
    for move in moves:
        if move is not SETTLE:
            return int(move.seat)
    return 0


def owner(table: AnyTable, move: Any) -> int:
    """The seat that chooses ``move``: its own seat (a combination shown out of turn), or
    for :data:`SETTLE` the player to move."""
    if move is SETTLE:
        return chooser(table, [])
    return int(move.seat)


def decide(table: AnyTable, moves: list[Any], seat: int, value: Callable[[Any], float]) -> float:
    """``seat``'s value of a position whose choices are ``moves``, ``value(move)`` being
    its value after each.  The player to move chooses among his moves; a player who may
    move out of turn (show a combination) chooses first between each of his moves and
    leaving the position to the others."""
    mover = table.to_move
    side = table.side(seat)
    for move in moves:
        s = owner(table, move)
        if mover is None or s == mover:
            continue
        own = [value(m) for m in moves if m is not SETTLE and owner(table, m) == s]
        rest = [m for m in moves if m is SETTLE or owner(table, m) != s]
        if rest:
            own.append(decide(table, rest, seat, value))
        return max(own) if table.side(s) == side else min(own)
    values = [value(m) for m in moves]
    mine = table.side(chooser(table, moves)) == side
    return max(values) if mine else min(values)


def child(table: AnyTable, move: Any) -> AnyTable:
    """The position after one choice, on a copy."""
    after = table.clone()
    if move is SETTLE:
        after.settle()
    else:
        after.push(move)
    return after


def takes_a_choice(table: AnyTable, auto: object) -> bool:
    """Whether playing what follows by itself would take away a move a player may make now
    (Bura's claim after a trick, before the draw; Sixty-six's "out" stays until the next
    lead, so its draws still follow by themselves)."""
    now = [m for m in table.legal_moves() if m != auto]
    if not now:
        return False
    after = table.clone()
    while (follows := after.automatic_move()) is not None:
        after.push(follows)
    later = after.legal_moves()
    return any(m not in later for m in now)


INF: Final = float("inf")
EPSILON: Final = 1e-9
"""Values closer than this are equal (a mean over sides may be a fraction)."""


class Solver:
    """Exact values of the positions of one round, measured from ``start`` (the scores
    when the round's analysis began) and ended when ``results`` passes ``base``.

    The search is an alpha-beta search (the seat's side against the others, so two
    sides), positions remembered with the bounds they were found within."""

    COST: ClassVar[float] = 1.0
    """What one position costs (the unit of :attr:`Search.COST`)."""

    def __init__(
        self,
        start: Sequence[int],
        base: int,
        budget: int = 200_000,
        leaf: Callable[[AnyTable, int], float] | None = None,
    ) -> None:
        self.leaf = leaf
        """What a finished round is worth to a seat, where not :meth:`Table.deal_value`
        (a test measures the declarer's card points to compare with Thousand's own
        search)."""
        self.start = list(start)
        self.base = base
        self.budget = budget
        """Positions searched at most (:class:`TooLarge` beyond)."""
        self.nodes = 0
        self.memo: dict[tuple[Hashable, int], tuple[float, float]] = {}
        self.path: set[Hashable] = set()
        """The positions of the line being searched (a move back to one of them, as a
        combination shown again, changes nothing and is not searched)."""

    @classmethod
    def at(cls, table: AnyTable, budget: int = 200_000) -> Solver:
        """A solver for the round in progress at ``table``."""
        return cls(table.scores(), len(table.results), budget)

    def ended(self, table: AnyTable) -> bool:
        return len(table.results) > self.base

    def _value_at_end(self, table: AnyTable, seat: int) -> float:
        if self.leaf is not None:
            return self.leaf(table, seat)
        return table.deal_value(self.start, seat)

    def value(self, table: AnyTable, seat: int) -> float:
        """The best ``seat``'s side can force from ``table`` (the round's end valued by
        :meth:`Table.deal_value`); ``table`` is not changed (the search pushes and
        pops the moves on a copy)."""
        if self.ended(table):
            return self._value_at_end(table, seat)
        work = table.clone()
        work.mark()
        return self._search(work, seat, -INF, INF)

    def reaches(self, table: AnyTable, seat: int, target: float) -> bool:
        """Whether ``seat``'s value from ``table`` is at least ``target`` (a search with a
        null window: far cheaper than the value itself)."""
        if self.ended(table):
            return self._value_at_end(table, seat) >= target - EPSILON
        work = table.clone()
        work.mark()
        return self._search(work, seat, target - EPSILON, target) >= target - EPSILON

    def _search(self, table: AnyTable, seat: int, alpha: float, beta: float, key: Hashable | None = None) -> float:
        if self.ended(table):
            return self._value_at_end(table, seat)
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooLarge(self.budget)
        if key is None:
            key = table.position_key()
        entry = None if key is None else (key, table.side(seat))
        low, high = self.memo.get(entry, (-INF, INF)) if entry is not None else (-INF, INF)
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        a, b = max(alpha, low), min(beta, high)
        moves = searched(table)
        if not moves:
            raise ValueError("no move listed: the cards of the player to move are not known")
        if key is not None:
            self.path.add(key)
        try:
            found = self._decide(table, moves, seat, a, b)
        finally:
            self.path.discard(key)
        if entry is not None:
            if found <= a:
                high = found
            elif found >= b:
                low = found
            else:
                low = high = found
            self.memo[entry] = (low, high)
        return found

    def _decide(self, table: AnyTable, moves: list[Any], seat: int, alpha: float, beta: float) -> float:
        """As :func:`decide`, searching with bounds (a value outside them is a bound)."""
        mover = table.to_move
        side = table.side(seat)
        group = moves
        later: list[Any] = []
        chooses = chooser(table, moves)
        for move in moves:
            s = owner(table, move)
            if mover is not None and s != mover:  # a player moving out of turn chooses first
                group = [m for m in moves if m is not SETTLE and owner(table, m) == s]
                later = [m for m in moves if m is SETTLE or owner(table, m) != s]
                chooses = s
                break
        mine = table.side(chooses) == side
        best = -INF if mine else INF
        if len(group) > 1 or later:
            table.mark()  # each move is taken back to here at once
        for move in group:
            if move is SETTLE:
                v = self._search(child(table, move), seat, alpha, beta)
            else:
                table.push(move)
                key = table.position_key()
                if key is not None and key in self.path:  # a move that changes nothing
                    table.pop()
                    continue
                v = self._search(table, seat, alpha, beta, key)
                table.pop()
            if mine:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                return best
        if later:
            v = self._decide(table, later, seat, alpha, beta)
            best = max(best, v) if mine else min(best, v)
        return best

    def choices(self, table: AnyTable, seat: int) -> list[tuple[Any, float]]:
        """Each choice at ``table`` with ``seat``'s value after it."""
        return [(m, self.value(child(table, m), seat)) for m in options(table)]


def search_at(table: AnyTable, budget: int) -> Search:
    """The exact search of the round in progress at ``table``: the game's own faster one
    where it has one, else :class:`Solver`."""
    fast = GAMES[table.game].faster_search(table, budget)
    return Solver.at(table, budget) if fast is None else fast


def brute_force(table: AnyTable, seat: int, start: Sequence[int] | None = None, base: int | None = None) -> float:
    """The same value as :meth:`Solver.value`, by trying every choice through the engine
    with nothing remembered (for the tests)."""
    start = table.scores() if start is None else start
    base = len(table.results) if base is None else base
    if len(table.results) > base:
        return table.deal_value(start, seat)
    return decide(table, options(table), seat, lambda m: brute_force(child(table, m), seat, start, base))
