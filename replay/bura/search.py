"""Bura's own exact search of a two-player deal, the game-free :class:`replay.solve.Solver`'s
faster twin (for Bura and its variants: the switches are read from the table).

Before the stock is gone a layout of a deal (the hands and the stock's order) is a game tree
of some thousands to millions of positions, which the game-free solver, moving through the
engine, searches at some tens of thousands a second: the leads and claims before the stock
is gone could not be judged in the dark.  ``dealsearch.c`` searches the same tree with the
same rules, choices and values, some hundreds of times as fast.  It searches deals of two
players, under every switch but a few a table rarely plays (``claim=own-turn``,
``small-moskva``, ``dealt-combo=redeal``, ``shokha``): for those the game-free solver judges
what it can.  The tests hold it to the game-free solver position by position.

>>> import random
>>> from replay.bura.table import BuraTable
>>> table = BuraTable(["Anna", "Boris"])
>>> table.push(table.chance_move(random.Random(3)))
>>> search = table.faster_search(10_000_000)
>>> search is None or search.value(table, 0) == -search.value(table, 1)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from notation.cards import card_mask, card_points, suit_no

from ..native import NativeSearch

if TYPE_CHECKING:
    from ..table import AnyTable
    from .engine import BuraEngine

__all__ = ["DealSearch"]


_PHASES = {"play": 0, "draw": 1, "end": 2, "bura": 3}
_COMBOS = ("bura", "moskva", "molodka", "foreheads")
"""The combinations the C search knows, in its order."""


class DealSearch(NativeSearch, native="replay.bura.dealsearch"):
    """The exact values of one two-player deal's positions (the interface of
    :class:`replay.solve.Solver`): chips (a pot won or paid) or penalty points."""

    COST: ClassVar[float] = 0.01
    """What one of its positions costs, in positions of the game-free solver (measured:
    2.5 million a second against some tens of thousands compiled)."""

    @classmethod
    def searches(cls, table: BuraEngine) -> bool:
        """Whether the C search follows this table's deal: two players, and none of the
        switches it leaves to the game-free solver."""
        s = table.settings
        return (
            cls.built() and table.n == 2 and s.claim != "own-turn" and s.dealt_combo != "redeal"
            and not s.shokha and not table.combo_allowed("small-moskva") and not table.near_limits()
        )  # fmt: skip

    def __init__(self, table: BuraEngine, budget: int) -> None:
        s = table.settings
        penalties = table.SCORES_FALL
        settings = (
            table.PLAYOFF, table.COMBO_SIZE, s.hand, table.FIRST_LEAD, table.RIGHTS_AFTER_FIRST_TRICK,
            s.claim != "none", table.PLAYED_OUT == "void", penalties, s.open, s.zero == "zero-points",
            s.two_buras == "higher-card", s.moskva == "3-aces-with-trump",
            tuple(table.combo_allowed(c) for c in _COMBOS), tuple(table.combo_ends_deal(c) for c in _COMBOS),
        )  # fmt: skip
        # a deal is worth the pot (won by a claim or a bura, paid by a false claim), or at
        # most 6 penalty points times the factor (Moskva, or a player without a trick)
        super().__init__(table, budget, settings, 6 if penalties else 1, table.match.factor if penalties else table.match.pot)

    def position(self, position: AnyTable) -> tuple[object, ...]:
        """A position as the C search takes it (after the draws the stock gives itself
        once the taker has let his claim go)."""
        table = cast("BuraEngine", position)
        deal = table.deal
        while deal is not None and deal.phase == "draw" and deal.claim_window is None:
            table = table.clone()
            table.push(table.automatic_move())  # type: ignore[arg-type]
            deal = table.deal
        if deal is None:
            raise ValueError("no deal in progress")
        h = deal.holdings
        if (
            deal.stock is None or None in deal.stock or len(deal.stock) != h.size(-2)
            or not all(h.fully_known(s) for s in (0, 1)) or any(None in deal.won.get(s, []) for s in (0, 1))
            or len(deal.trick) > 1 or (deal.trick and deal.trick[0].down)
        ):  # fmt: skip
            raise ValueError("no move listed: a card nobody recorded")
        right = (-1, 0) if deal.right is None else deal.right
        return (
            card_mask(h.known[0]), card_mask(h.known[1]), card_mask(deal.trick[0].up) if deal.trick else 0,
            deal.stock, suit_no(deal.trump_card), _PHASES[deal.phase], deal.turn, deal.leader,
            -1 if deal.claim_window is None else deal.claim_window, len(deal.draws_due) // 2, deal.trick_no == 1,
            right, sum(1 << s for s in deal.outranked), deal.buras, deal.playoff,
            tuple(sum(card_points(c) for c in deal.won.get(s, []) if c is not None) for s in (0, 1)),
            tuple(deal.tricks_taken.get(s, 0) > 0 for s in (0, 1)),
        )  # fmt: skip
