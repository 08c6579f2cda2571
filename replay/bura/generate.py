"""Generated sessions of Bura and its variants played by plausible bots.

The bots choose among the table's ``legal_moves()``: they beat a lead when they can do it
cheaply, throw their smallest cards (face down where the rules allow) otherwise, show a bura
or a Moskva when they hold one, lead out of turn with a molodka now and then, and claim as
soon as their tricks hold 31.  The deals come from ``chance_move``, so every game is legal;
the stock order is recorded, so draws are implicit.

>>> import replay
>>> replay.check(generate_bura(seed=3, players=3)).ok
True
"""

from __future__ import annotations

import random

from notation.bura.records import BuraGame
from notation.cards import Card, Rank, card_points, rank_no, suit_no

from ..table import label_generated
from .engine import beats_set
from .moves import BuraMove, DrawCard, Lay, OpenClaim, ShowCombo
from .table import BuraTable

__all__ = ["NAMES", "generate_bura", "play_match"]

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Daria", "Egor"]


def _cost(cards: list[Card], trump: int) -> int:
    return sum(card_points(c) * 3 + rank_no(c) + (30 if suit_no(c) == trump else 0) for c in cards)


def choose(table: BuraTable, rng: random.Random) -> BuraMove | None:
    """The bots' move (None: let the next deal come)."""
    moves = table.legal_moves()
    deal = table.deal
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
    deal = table.deal
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
    deal = table.deal
    assert deal is not None
    strong = [m for m in lays if len(m.up) > 1 and all(rank_no(c) >= Rank.TEN for c in m.up)]
    if strong and rng.random() < 0.7:
        return max(strong, key=lambda m: len(m.up))
    singles = [m for m in lays if len(m.up) == 1] or lays
    return min(singles, key=lambda m: _cost(m.up, deal.trump))


def _answer(table: BuraTable, lays: list[Lay], rng: random.Random) -> Lay:
    """An answer: the cheapest set that beats, when the trick is worth it (or the set is
    cheap, or 30% of the time); else the cheapest cards, face down where one may."""
    deal = table.deal
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
            over = table.deal is not None and table.deal.phase in ("end", "bura")
            if len(table.results) + over >= deals and (table.deal is None or over):
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
    return label_generated(table.record(), seed)
