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

from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from notation.cards import Card, card_mask, card_points

from ..native import NativeSearch

if TYPE_CHECKING:
    from ..table import AnyTable
    from .engine import SixtySixEngine

__all__ = ["DealSearch"]

_PHASES = {"lead": 0, "follow": 1, "end": 2}



class DealSearch(NativeSearch, native="replay.sixtysix.dealsearch"):
    """The exact values of one deal's positions (the interface of
    :class:`replay.solve.Solver`), in game points."""


    def __init__(self, table: SixtySixEngine, budget: int) -> None:
        s = table.settings
        # the most a deal is worth: schwarz, and the points a tie carried
        super().__init__(
            table, budget, (table.match.bonus, s.last_trick > 0, s.exchange, s.closing, s.marriage_late),
            3 + table.match.bonus,
        )

    def position(self, position: AnyTable) -> tuple[object, ...]:
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
            card_mask(h.known[0]), card_mask(h.known[1]), deal.stock, deal.trump_card, deal.turn, deal.leader,
            _PHASES[deal.phase], -1 if not deal.trick else deal.trick[0][1],
            (_points(deal.won[0]), _points(deal.won[1])),
            (sum(v for p, v, _ in deal.marriages if p == 0), sum(v for p, v, _ in deal.marriages if p == 1)),
            (deal.tricks_taken[0], deal.tricks_taken[1]), -1 if deal.closed_by is None else deal.closed_by,
            deal.tricks_at_close, deal.exhausted, -1 if deal.out_right is None else deal.out_right,
            -1 if table.last_winner is None else table.last_winner,
        )  # fmt: skip


def _points(cards: Iterable[Card]) -> int:
    return sum(card_points(c) for c in cards)
