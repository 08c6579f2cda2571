"""Thousand (Тысяча) as a game kind: what ``replay.GAMES["thousand"]`` bundles
(:class:`ThousandKind`: the table, the checker, the notation), and the bots that generate
games.

The rules, the moves and the engine are in :mod:`replay.thousand.engine`; the table, the
translator between moves and records, and the checker in :mod:`replay.thousand.table`; what
a table shows and what the recorder asks in :mod:`replay.thousand.view`; the corpus hooks
in :mod:`replay.thousand.facts`.

>>> import random, replay
>>> table = replay.new_table("thousand", ["Anna", "Boris", "Vera"], dealer="Vera")
>>> table.push(table.random_move(random.Random(1)))  # the deal is a chance move
>>> table.to_move, table.format_move(table.legal_moves()[0])
(0, 'bid Anna 100')

The bots (:func:`generate_thousand`) choose among the table's ``legal_moves()`` and play
like people: they bid what their cards and marriages are worth, give away their weakest
cards, declare marriages when they can, win tricks cheaply and throw their smallest cards
otherwise.  The deals come from ``chance_move``, so every game is legal; ``record()``
states every fact (trick winners, points, scores, totals, result).  The same seed gives the
same games.

>>> game = generate_thousand(seed=7)
>>> replay.check(game).ok
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from notation.cards import Card, Rank, Suit, beats, card_points, make_card, rank_no, suit_no
from notation.records import GameRecord
from notation.thousand import KIND as NOTATION
from notation.thousand.records import ThousandGame

from ..model import Analysis, GameKind
from ..table import label_generated
from . import engine
from .engine import *  # noqa: F403  (the package says what its engine says: engine.__all__)
from .engine import (
    RULEBOOK,
    Bid,
    ClaimRedeal,
    ConcedeHand,
    GiveCards,
    PlayCard,
    SetContract,
    ThousandMove,
)
from .table import ThousandChecker, ThousandTable

if TYPE_CHECKING:  # mypy holds the modules the kind loads when first used to their protocols
    from ..checker import Report
    from ..model import GameHooks, RoundAnalysis
    from ..view import Step
    from . import facts, view

    _HOOKS: GameHooks[ThousandTable, ThousandGame] = (view, facts, view)

__all__ = [
    "KIND", "NAMES", "ThousandChecker", "ThousandKind", "ThousandTable", "choose",
    "generate_thousand", "iter_thousand",
]
__all__ += engine.__all__


NAMES = ["Anna", "Boris", "Vera", "Gleb", "Daria", "Egor"]


def _hand_value(cards: set[Card], values: dict[Suit, int]) -> int:
    """What a bot expects to take with these cards: sure points and marriages."""
    est = 0
    for c in cards:
        rank = rank_no(c)
        if rank == Rank.ACE:
            est += 16
        elif rank == Rank.TEN:
            est += 8 if make_card(Rank.ACE, Suit(suit_no(c))) in cards else 4
        else:
            est += card_points(c) // 2
    for suit, v in values.items():
        if make_card(Rank.KING, suit) in cards and make_card(Rank.QUEEN, suit) in cards:
            est += v
    return est + 25


def _cheap(c: Card) -> tuple[int, int]:
    return (card_points(c), rank_no(c))


def choose(t: ThousandTable, rng: random.Random) -> ThousandMove:
    """The bots' move at a decision (a seat is to move): one of ``t.legal_moves()``."""
    moves = t.legal_moves()
    hand = t.round
    assert hand is not None and moves, "the bots choose only where a seat is to move"
    redeals = [m for m in moves if isinstance(m, ClaimRedeal)]
    if redeals:
        return redeals[0]
    seat = t.to_move
    assert seat is not None
    cards = set(hand.holdings.known[seat])
    if hand.phase == "auction":
        return _call(t, moves, cards, rng)
    if hand.phase == "talon":
        return moves[-1]
    if hand.phase == "give":
        return _give(t, moves, cards)
    raises = [m for m in moves if isinstance(m, SetContract)]
    if raises and hand.bid is not None:
        s = t.settings
        est = _hand_value(cards, s.marriage_values) - 20
        target = min(est // s.step * s.step, t.cap(cards))
        value = max(hand.bid, target) if rng.random() < 0.5 else hand.bid
        return next((m for m in raises if m.value == value), raises[0])
    plays = [m for m in moves if isinstance(m, PlayCard)]
    return _answer(t, plays) if hand.plays else _lead(t, plays, rng)


def _call(t: ThousandTable, moves: list[ThousandMove], cards: set[Card], rng: random.Random) -> ThousandMove:
    """A call: dark now and then; else the lowest bid while it is worth what the hand is
    worth (give or take 10), else pass."""
    bids = [m for m in moves if isinstance(m, Bid)]
    dark = [m for m in bids if m.dark]
    if dark and rng.random() < 0.04:
        return dark[0]
    calls = [m for m in bids if not m.dark and m.bid is not None]
    passes = [m for m in bids if m.bid is None]
    limit = min(_hand_value(cards, t.settings.marriage_values) + rng.randint(-10, 10), t.cap(cards))
    if not passes or (calls and calls[0].bid is not None and calls[0].bid <= limit):
        return calls[0]
    return passes[0]


def _give(t: ThousandTable, moves: list[ThousandMove], cards: set[Card]) -> ThousandMove:
    """The give: the two weakest cards, keeping marriages; or conceding a hand far below
    its bid."""
    hand = t.round
    assert hand is not None
    values = t.settings.marriage_values
    concede = [m for m in moves if isinstance(m, ConcedeHand)]
    if concede and _hand_value(cards, values) < (hand.bid or 100) - 45:
        return concede[0]

    def keep(c: Card) -> tuple[int, int]:
        suit = Suit(suit_no(c))
        partner = make_card(Rank.QUEEN if rank_no(c) == Rank.KING else Rank.KING, suit)
        in_marriage = rank_no(c) in (Rank.KING, Rank.QUEEN) and partner in cards
        return (values[suit] if in_marriage else 0, card_points(c) * 3 + rank_no(c))

    weakest = sorted(cards, key=keep)[:2]
    gives = [m for m in moves if isinstance(m, GiveCards)]
    return next(m for m in gives if [c for _, c in m.cards] == weakest)


def _lead(t: ThousandTable, plays: list[PlayCard], rng: random.Random) -> PlayCard:
    """A lead: the ace marriage, else the richest marriage, else an ace, else the
    cheapest card."""
    values = t.settings.marriage_values
    marriages = [m for m in plays if m.marriage]
    aces = [m for m in marriages if rank_no(m.card) == Rank.ACE]
    if aces:
        return aces[0]
    if marriages:
        return max(marriages, key=lambda m: values[Suit(suit_no(m.card))])
    leads = [m for m in plays if not m.marriage]
    ace_leads = [m for m in leads if rank_no(m.card) == Rank.ACE]
    if ace_leads:
        return rng.choice(ace_leads)
    return min(leads, key=lambda m: _cheap(m.card))


def _answer(t: ThousandTable, plays: list[PlayCard]) -> PlayCard:
    """An answer: the cheapest card that takes the trick so far, else the cheapest."""
    hand = t.round
    assert hand is not None
    best = hand.plays[0][1]
    for _, c in hand.plays[1:]:
        if beats(c, best, hand.trump):
            best = c
    winners = [m for m in plays if beats(m.card, best, hand.trump)]
    return min(winners or plays, key=lambda m: _cheap(m.card))


def generate_thousand(
    *,
    seed: int = 0,
    rules: str = "classic",
    players: list[str] | None = None,
    max_hands: int | None = None,
) -> ThousandGame:
    """One complete session of Thousand played by bots (deterministic for a seed)."""
    rng = random.Random(seed)
    ruleset = RULEBOOK.parse(rules)
    n = int(ruleset["players"])
    names = players or NAMES[:n]
    dealer = rng.randrange(n)
    table = ThousandTable(names, dealer=dealer, rules=ruleset)
    while table.outcome() is None:
        if table.to_move is None:
            if max_hands is not None and len(table.results) >= max_hands:
                break
            deal = table.chance_move(rng)
            assert deal is not None
            table.push(deal)
        else:
            table.push(choose(table, rng))
    record = table.record()
    assert isinstance(record, ThousandGame)
    return label_generated(record, seed)


def iter_thousand(
    games: int, *, seed: int = 0, rules: str = "classic", max_hands: int | None = None
) -> Iterator[ThousandGame]:
    """``games`` sessions from consecutive seeds."""
    for k in range(games):
        yield generate_thousand(seed=seed + k, rules=rules, max_hands=max_hands)


def _thousand(record: GameRecord) -> ThousandGame:
    assert isinstance(record, ThousandGame), "a record of another game"
    return record


def _analyze_all(
    games: Iterable[tuple[tuple[str, int], GameRecord]],
    hand: int | None,
    give: bool,
    jobs: int | None,
    simulate: int | None,
    seed: int,
    play: bool,
) -> Iterator[tuple[tuple[str, int], GameRecord, Report, list[RoundAnalysis]]]:
    from .analyze import analyze_all  # the solver loads only when asked for

    mine = ((key, _thousand(record)) for key, record in games)
    runs = analyze_all(mine, hand=hand, give=give, jobs=jobs, simulate=simulate, seed=seed, play=play)
    for key, record, report, hands in runs:
        yield key, record, report, list(hands)


def _annotate(record: GameRecord, simulate: int | None, seed: int) -> GameRecord:
    from .analyze import annotate_analysis

    return annotate_analysis(_thousand(record), simulate, seed)


def _show(steps: list[Step], record: GameRecord) -> None:
    from .analyze import add_analysis, analyze_game

    add_analysis(steps, analyze_game(_thousand(record)).hands)


class ThousandKind(GameKind[ThousandTable, ThousandGame]):
    """Thousand (Тысяча)."""

    table = ThousandTable
    checker = ThousandChecker
    notation = NOTATION
    players_by_rules = True
    analysis = Analysis(_analyze_all, _annotate, _show)

    def generate(self, seed: int, rules: str, players: int, rounds: int) -> ThousandGame:
        return generate_thousand(seed=seed, rules=rules)  # the rules say how many play


KIND = ThousandKind()
"""Thousand's kind (``replay.GAMES["thousand"]``)."""
