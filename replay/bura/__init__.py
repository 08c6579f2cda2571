"""Bura (Бура) as a game kind: what ``replay.GAMES["bura"]`` bundles (:class:`BuraKind`, which
a variant's kind subclasses), its bots, and its own exact search in C.

The rules, the moves and the engine are in :mod:`replay.bura.engine`; the table, the
translator between moves and records, and the checker in :mod:`replay.bura.table`; what a
table shows and what the recorder asks in :mod:`replay.bura.view`; the corpus hooks in
:mod:`replay.bura.facts`; the claims' analysis in :mod:`replay.bura.analyze`.

>>> import random, replay
>>> table = replay.new_table("bura", ["Oleg", "Ilya"], rules="classic")
>>> table.push(table.random_move(random.Random(2)))  # the deal, the trump and the stock
>>> table.phase, table.to_move
('play', 1)

The bots (:func:`generate_bura`, for Bura and its variants) choose among the table's
``legal_moves()``: they beat a lead when they can do it cheaply, throw their smallest cards
(face down where the rules allow) otherwise, show a bura or a Moskva when they hold one,
lead out of turn with a molodka now and then, and claim as soon as their tricks hold 31.
The deals come from ``chance_move``, so every game is legal; the stock order is recorded,
so draws are implicit.

>>> replay.check(generate_bura(seed=3, players=3)).ok
True

:class:`DealSearch` is Bura's own exact search of a deal, the game-free
:class:`replay.solve.Solver`'s faster twin (for Bura and its variants: the switches are read
from the table).  Before the stock is gone a layout of a deal (the hands and the stock's
order) is a game tree of some thousands to millions of positions, which the game-free
solver, moving through the engine, searches at some tens of thousands a second: the leads
and claims before the stock is gone could not be judged in the dark.  ``dealsearch.c``
searches the same tree with the same rules, choices and values, some hundreds of times as
fast.  It searches deals of two to six players (four may play as two pairs), under every
switch.  ``tests/test_bura_search.py`` holds it to the game-free solver position by
position.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, cast

from notation.bura import KIND as NOTATION
from notation.bura.records import BuraGame
from notation.cards import Card, Rank, card_mask, card_points, rank_no, suit_no

from ..analysis import ending_analysis
from ..model import GameKind
from ..native import NativeSearch
from ..table import label_generated
from . import engine
from .engine import *  # noqa: F403  (the package says what its engine says: engine.__all__)
from .engine import BuraMove, DrawCard, Lay, OpenClaim, ShowCombo, beats_set
from .table import BuraChecker, BuraTable

if TYPE_CHECKING:  # mypy holds the modules the kind loads when first used to their protocols
    from ..model import GameHooks
    from ..table import AnyTable
    from . import facts, view
    from .engine import BuraEngine, RoundState

    _HOOKS: GameHooks[BuraTable, BuraGame] = (view, facts, view)

__all__ = [
    "KIND", "NAMES", "BuraChecker", "BuraKind", "BuraTable", "DealSearch", "generate_bura",
    "play_match",
]
__all__ += engine.__all__


_PHASES = {"play": 0, "draw": 1, "end": 2, "bura": 3}
_CLAIMS = {"none": 0, "after-trick": 1, "own-turn": 2}
"""When a claim may come, as the C search takes it (B7.1)."""
_COMBOS = ("bura", "moskva", "molodka", "foreheads", "small-moskva")
"""The combinations the C search knows, in its order."""


class DealSearch(NativeSearch, native="replay.bura.dealsearch"):
    """The exact values of one deal's positions (the interface of
    :class:`replay.solve.Solver`): chips (a pot won or paid) or penalty points."""

    COST: ClassVar[float] = 0.01
    """What one of its positions costs, in positions of the game-free solver (measured:
    2.5 million a second against some tens of thousands compiled)."""

    @classmethod
    def searches(cls, table: BuraEngine) -> bool:
        """Whether the C search follows this table's deal: every switch, but not scores near
        what a record holds (where a move's effect on them is tried before it is listed)."""
        return cls.built() and not table.near_limits()

    def __init__(self, table: BuraEngine, budget: int) -> None:
        s = table.settings
        penalties = table.SCORES_FALL
        settings = (
            table.PLAYOFF, table.COMBO_SIZE, s.hand, table.FIRST_LEAD, table.RIGHTS_AFTER_FIRST_TRICK,
            _CLAIMS[s.claim], table.PLAYED_OUT == "void", penalties, s.open, s.zero == "zero-points",
            s.two_buras == "higher-card", s.moskva == "3-aces-with-trump", s.shokha, s.dealt_combo == "redeal",
            s.small_moskva == "tens",
            tuple(table.combo_allowed(c) for c in _COMBOS), tuple(table.combo_ends_deal(c) for c in _COMBOS),
        )  # fmt: skip
        # a deal is worth the pot (won by a claim or a bura, paid by a false claim), or at
        # most 6 penalty points a player times the factor (Moskva, or a player without a
        # trick); the C search counts a side's gain times the number of other sides
        others = len(table.sides()) - 1
        most = (6 * table.n // (others + 1) if penalties else 1) * others
        unit = table.match.factor if penalties else table.match.pot
        super().__init__(table, budget, settings, most, unit if others == 1 else unit / others)

    def position(self, position: AnyTable) -> tuple[object, ...]:
        """A position as the C search takes it (after the draws the stock gives itself
        once the taker has let his claim go)."""
        table = cast("BuraEngine", position).past_draws()
        deal = table.round
        if deal is None:
            raise ValueError("no deal in progress")
        seats = range(table.n)
        if not _recorded(deal, seats):
            raise ValueError("no move listed: a card nobody recorded")
        return (
            tuple(card_mask(deal.holdings.known[s]) for s in seats), *_open_trick(deal), deal.stock,
            suit_no(deal.trump_card), _PHASES[deal.phase], deal.turn, deal.leader,
            -1 if deal.claim_window is None else deal.claim_window, len(deal.draws_due) // table.n, deal.trick_no == 1,
            (-1, 0) if deal.right is None else deal.right, sum(1 << s for s in deal.outranked), deal.buras, deal.playoff,
            tuple(sum(card_points(c) for c in deal.won.get(s, []) if c is not None) for s in seats),
            tuple(deal.tricks_taken.get(s, 0) > 0 for s in seats), tuple(table.side(s) for s in seats),
        )  # fmt: skip


def _recorded(deal: RoundState, seats: range) -> bool:
    """Whether every card of the deal is known: the stock's order, every hand, every card
    laid face down and every card of a trick taken."""
    h = deal.holdings
    return not (
        deal.stock is None or None in deal.stock or len(deal.stock) != h.size(-2)
        or any(None in lay.down for lay in deal.trick) or not all(h.fully_known(s) for s in seats)
        or any(None in deal.won.get(s, []) for s in seats)
    )  # fmt: skip


def _open_trick(deal: RoundState) -> tuple[int, int, int, int, int, int]:
    """The trick on the table as the C search takes it: the cards laid, the set winning it,
    the lead's size, the lays so far, the winning set's seat and the points laid."""
    laid = [c for lay in deal.trick for c in (*lay.up, *lay.down) if c is not None]
    best = deal.best if deal.trick else None
    return (
        card_mask(laid), 0 if best is None else card_mask(best.up), len(deal.trick[0].up) if deal.trick else 0,
        len(deal.trick), -1 if best is None else best.seat, sum(card_points(c) for c in laid),
    )  # fmt: skip


NAMES = ["Anna", "Boris", "Vera", "Gleb", "Daria", "Egor"]


def _cost(cards: list[Card], trump: int) -> int:
    return sum(card_points(c) * 3 + rank_no(c) + (30 if suit_no(c) == trump else 0) for c in cards)


def choose(table: BuraTable, rng: random.Random) -> BuraMove | None:
    """The bots' move (None: let the next deal come)."""
    moves = table.legal_moves()
    deal = table.round
    if deal is None or not moves:
        return None
    claims = [m for m in moves if isinstance(m, OpenClaim)]
    for claim in claims:
        points = table.pile_points(claim.seat)[0]
        if points >= 31 or (points >= 25 and rng.random() < 0.05):
            return claim
    if deal.phase in ("end", "bura"):
        return None
    draws = [m for m in moves if isinstance(m, DrawCard)]
    if draws:
        return draws[0]
    show = _show(table, moves, rng)
    if show is not None:
        return show
    lays = [m for m in moves if isinstance(m, Lay) and m.seat == deal.turn]
    if not lays:
        return None
    return _answer(table, lays, rng) if deal.trick else _lead(table, lays, rng)


def _show(table: BuraTable, moves: list[BuraMove], rng: random.Random) -> ShowCombo | None:
    """A combination to show: a bura always and a Moskva half the time, at one's turn; a
    molodka out of turn, before a lead, 60% of the time."""
    deal = table.round
    assert deal is not None
    shows = [m for m in moves if isinstance(m, ShowCombo)]
    for show in shows:
        if show.combo in ("bura", "moskva") and show.seat == deal.turn:
            if show.combo == "bura" or rng.random() < 0.5:
                return show
    if not deal.trick and deal.right is None:
        for show in shows:
            if show.combo == "molodka" and show.seat != deal.turn and rng.random() < 0.6:
                return show
    return None


def _lead(table: BuraTable, lays: list[Lay], rng: random.Random) -> Lay:
    """A lead: aces and tens together 70% of the time, else the cheapest single card."""
    deal = table.round
    assert deal is not None
    strong = [m for m in lays if len(m.up) > 1 and all(rank_no(c) >= Rank.TEN for c in m.up)]
    if strong and rng.random() < 0.7:
        return max(strong, key=lambda m: len(m.up))
    singles = [m for m in lays if len(m.up) == 1] or lays
    return min(singles, key=lambda m: _cost(m.up, deal.trump))


def _answer(table: BuraTable, lays: list[Lay], rng: random.Random) -> Lay:
    """An answer: the cheapest set that beats, when the trick is worth it (or the set is
    cheap, or 30% of the time); else the cheapest cards, face down where one may."""
    deal = table.round
    assert deal is not None and deal.best is not None
    trump = deal.trump
    value = sum(card_points(c) for lay in deal.trick for c in lay.up)
    shokha = table.settings.shokha
    beating = [m for m in lays if m.up and beats_set(list(m.up), deal.best.up, trump, shokha)]
    if beating:
        best = min(beating, key=lambda m: _cost(m.up, trump))
        if value >= 10 or _cost(best.up, trump) < 40 or rng.random() < 0.3:
            return best
    down = [m for m in lays if m.down]
    pool = down or lays
    return min(pool, key=lambda m: _cost([*m.up, *(c for c in m.down if c is not None)], trump))


def play_match(table: BuraTable, rng: random.Random, deals: int) -> None:
    """Bots play on ``table`` until the match ends or ``deals`` deals are done."""
    while table.outcome() is None:
        move = choose(table, rng)
        if move is None:
            # a deal whose play is over (its cards played, or a bura shown) is scored when
            # the next one comes or the deal is closed: it counts as done
            over = table.round is not None and table.round.phase in ("end", "bura")
            if len(table.results) + over >= deals and (table.round is None or over):
                table.settle()
                return
            chance = table.chance_move(rng)
            assert chance is not None, "no move and no deal: the bots are stuck"
            move = chance
        table.push(move)


def generate_bura(
    *,
    seed: int = 0,
    players: int = 3,
    rules: str = "classic",
    deals: int = 8,
    ante: int = 1,
    table_class: type[BuraTable] = BuraTable,
) -> BuraGame:
    """A session of Bura (``deals`` deals, or until the match ends) or, with a variant's
    table, of the variant (to its end), deterministic for a seed."""
    rng = random.Random(seed)
    ruleset = table_class.RULEBOOK.parse(rules)
    names = NAMES[:players]
    dealer = rng.randrange(players)
    table = table_class(names, dealer=dealer, rules=ruleset, ante=ante)
    limit = deals if table.HAS_POT and ruleset.get("match") == "pot" else 500
    play_match(table, rng, limit)
    record = table.record()
    assert isinstance(record, BuraGame)
    return label_generated(record, seed)


def _claims() -> tuple[object, object]:
    """Bura's own part of the analysis: the claim line, and a comment on a false claim."""
    from .analyze import claim_line, note_false_claims  # loaded only when asked for

    return claim_line, note_false_claims


class BuraKind(GameKind[BuraTable, BuraGame]):
    """Bura (Бура); a variant's kind is a subclass of it."""

    table = BuraTable
    checker = BuraChecker
    notation = NOTATION
    analysis = ending_analysis(_claims)
    search = DealSearch
    KEPT_TAGS = ("Ante",)

    def generate(self, seed: int, rules: str, players: int, rounds: int) -> BuraGame:
        return generate_bura(seed=seed, rules=rules, players=players, deals=rounds, table_class=self.table)


KIND = BuraKind()
"""Bura's kind (``replay.GAMES["bura"]``)."""
