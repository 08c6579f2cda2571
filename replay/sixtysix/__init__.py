"""Sixty-six (Шестьдесят шесть) as a game kind: what ``replay.GAMES["sixtysix"]`` bundles
(:class:`SixtySixKind`), its bots, and its own exact search in C.

The rules, the moves and the engine are in :mod:`replay.sixtysix.engine`; the table, the
translator between moves and records, and the checker in :mod:`replay.sixtysix.table`; what
a table shows and what the recorder asks in :mod:`replay.sixtysix.view`; the corpus hooks
in :mod:`replay.sixtysix.facts`.

>>> import random, replay
>>> table = replay.new_table("sixtysix", ["Anna", "Boris"], dealer="Boris")
>>> table.push(table.random_move(random.Random(2)))  # the deal, the trump and the stock
>>> table.phase, table.to_move
('lead', 0)

The bots (:func:`generate_sixtysix`) choose among the table's ``legal_moves()``: they go out
as soon as they count 66 (now and then one miscounts and declares too early, as players
do), exchange the trump nine when they may, close the stock with a strong hand, show a
marriage with the lead when they hold one, take a trick worth taking cheaply and throw
their smallest card otherwise.  The deals come from ``chance_move``, so every game is
legal; the stock order is recorded, so draws are implicit.

>>> replay.check(generate_sixtysix(seed=3)).ok
True

:class:`DealSearch` is Sixty-six's own exact search, the game-free
:class:`replay.solve.Solver`'s faster twin.  Before the stock is gone a layout of a deal
(both hands and the stock's order) is a whole game tree of some hundred thousand to
millions of positions: the game-free solver, which moves through the engine, takes seconds
to minutes for one, and the decisions of the open phase could not be judged in the dark.
``dealsearch.c`` searches the same tree, with the same rules, choices and values, in C (a
few milliseconds a layout).  It is used where it is built; ``tests/test_sixtysix_search.py``
holds it to the game-free solver position by position.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, cast

from notation.cards import Card, Rank, beats, card_mask, card_points, rank_no, suit_no
from notation.sixtysix import KIND as NOTATION
from notation.sixtysix.records import SixtySixGame

from ..analysis import ending_analysis
from ..model import GameKind
from ..native import NativeSearch
from ..table import label_generated
from . import engine
from .engine import *  # noqa: F403  (the package says what its engine says: engine.__all__)
from .engine import RULEBOOK, Close, DrawCard, Exchange, GoOut, PlayCard, SixtySixMove
from .table import SixtySixChecker, SixtySixTable

if TYPE_CHECKING:  # mypy holds the modules the kind loads when first used to their protocols
    from ..model import GameHooks
    from ..table import AnyTable
    from . import facts, view
    from .engine import SixtySixEngine

    _HOOKS: GameHooks[SixtySixTable, SixtySixGame] = (view, facts, view)

__all__ = [
    "KIND", "NAMES", "DealSearch", "SixtySixChecker", "SixtySixKind", "SixtySixTable", "choose",
    "generate_sixtysix", "play_game",
]
__all__ += engine.__all__


_PHASES = {"lead": 0, "follow": 1, "end": 2}


class DealSearch(NativeSearch, native="replay.sixtysix.dealsearch"):
    """The exact values of one deal's positions (the interface of
    :class:`replay.solve.Solver`), in game points."""

    COST: ClassVar[float] = 0.006
    """What one of its positions costs, in positions of the game-free solver (measured
    on the layouts of the samples' first tricks: some 3.7 million a second compiled,
    against some 23,000; each position weighs both sides' best case)."""

    def __init__(self, table: SixtySixEngine, budget: int) -> None:
        s = table.settings
        # the most a deal is worth: schwarz, and the points a tie carried
        super().__init__(
            table, budget, (table.match.bonus, s.last_trick > 0, s.exchange, s.closing, s.marriage_late),
            3 + table.match.bonus,
        )

    def position(self, position: AnyTable) -> tuple[object, ...]:
        """A position as the C search takes it (after the draws the stock gives itself)."""
        table = cast("SixtySixEngine", position).past_draws()
        deal = table.round
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


NAMES = ["Anna", "Boris"]


def _cost(card: Card, trump: int) -> int:
    """How much a bot minds giving a card away: its points, its rank, a trump's worth."""
    return card_points(card) * 3 + rank_no(card) + (25 if suit_no(card) == trump else 0)


def choose(table: SixtySixTable, rng: random.Random) -> SixtySixMove | None:
    """The bots' move (None: let the next deal come)."""
    deal = table.round
    if deal is None:
        return None
    moves = table.legal_moves()
    for out in (m for m in moves if isinstance(m, GoOut)):
        count = table.count(out.seat)
        if count >= 66 or (count >= 60 and rng.random() < 0.03):
            return out  # (a rare miscount: a false out)
    draws = [m for m in moves if isinstance(m, DrawCard)]
    if draws:
        return draws[0]
    if deal.phase == "end":
        return None
    if deal.phase == "lead":
        before = _before_the_lead(table, moves, rng)
        if before is not None:
            return before
    plays = [m for m in moves if isinstance(m, PlayCard) and not m.marriage]
    if not plays:
        return None
    return _card(table, plays, rng)


def _before_the_lead(table: SixtySixTable, moves: list[SixtySixMove], rng: random.Random) -> SixtySixMove | None:
    """On lead: the exchange whenever it may be made; a close, half the time, with 66 in
    sight (the count and the trumps and aces and tens in hand); else a marriage, trumps
    first; None to lead a plain card."""
    deal = table.round
    assert deal is not None
    seat = deal.turn
    trump = deal.trump
    exchange = [m for m in moves if isinstance(m, Exchange)]
    if exchange:
        return exchange[0]
    close = [m for m in moves if isinstance(m, Close)]
    hand = sorted(deal.holdings.known[seat])
    strong = sum(card_points(c) for c in hand if suit_no(c) == trump or rank_no(c) >= Rank.TEN)
    if close and table.count(seat) + strong >= 66 and rng.random() < 0.5:
        return close[0]
    marriages = [m for m in moves if isinstance(m, PlayCard) and m.marriage]
    if marriages:
        return max(marriages, key=lambda m: (suit_no(m.card) == trump, rank_no(m.card)))
    return None


def _card(table: SixtySixTable, plays: list[PlayCard], rng: random.Random) -> PlayCard:
    """The card to play: on lead the cheapest (the highest trump once play is strict);
    answering, the cheapest card that wins when the lead is worth it (or play is strict,
    or 40% of the time), else the cheapest."""
    deal = table.round
    assert deal is not None
    trump = deal.trump
    if deal.phase == "lead":
        if deal.strict:
            return max(plays, key=lambda m: (suit_no(m.card) == trump, rank_no(m.card)))
        return min(plays, key=lambda m: _cost(m.card, trump))
    led = deal.trick[0][1]
    winning = [m for m in plays if beats(m.card, led, trump)]
    if winning and (card_points(led) >= 10 or deal.strict or rng.random() < 0.4):
        return min(winning, key=lambda m: _cost(m.card, trump))
    return min(plays, key=lambda m: _cost(m.card, trump))


def play_game(table: SixtySixTable, rng: random.Random, deals: int = 200) -> None:
    """Bots play on ``table`` until the game ends (or ``deals`` deals are done)."""
    while not table.match.over:
        move = choose(table, rng)
        if move is None:
            chance = table.chance_move(rng) if len(table.results) < deals else None
            if chance is None:
                return  # every card of the last deal is played: its count ends the game
            move = chance
        table.push(move)


def generate_sixtysix(
    *, seed: int = 0, rules: str = "classic", players: int = 2, deals: int = 200
) -> SixtySixGame:
    """A game of Sixty-six to its target, deterministic for a seed."""
    rng = random.Random(seed)
    ruleset = RULEBOOK.parse(rules)
    table = SixtySixTable(NAMES[:2], dealer=rng.randrange(2), rules=ruleset)
    play_game(table, rng, deals)
    return label_generated(table.record(), seed)


class SixtySixKind(GameKind[SixtySixTable, SixtySixGame]):
    """Sixty-six (Шестьдесят шесть)."""

    table = SixtySixTable
    checker = SixtySixChecker
    notation = NOTATION
    analysis = ending_analysis()
    search = DealSearch

    def generate(self, seed: int, rules: str, players: int, rounds: int) -> SixtySixGame:
        return generate_sixtysix(seed=seed, rules=rules)  # two players, to the target


KIND = SixtySixKind()
"""Sixty-six's kind (``replay.GAMES["sixtysix"]``)."""
