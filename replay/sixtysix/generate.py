"""Generated games of Sixty-six played by plausible bots.

The bots choose among the table's ``legal_moves()``: they go out as soon as they count 66
(now and then one miscounts and declares too early, as players do), exchange the trump nine
when they may, close the stock with a strong hand, show a marriage with the lead when they
hold one, take a trick worth taking cheaply and throw their smallest card otherwise.  The
deals come from ``chance_move``, so every game is legal; the stock order is recorded, so
draws are implicit.

>>> import replay
>>> replay.check(generate_sixtysix(seed=3)).ok
True
"""

from __future__ import annotations

import random

from notation.cards import Card, Rank, beats, card_points, rank_no, suit_no
from notation.sixtysix.records import SixtySixGame

from ..table import label_generated
from .moves import Close, DrawCard, Exchange, GoOut, PlayCard, SixtySixMove
from .rules import RULEBOOK
from .table import SixtySixTable

__all__ = ["NAMES", "choose", "generate_sixtysix", "play_game"]

NAMES = ["Anna", "Boris"]


def _cost(card: Card, trump: int) -> int:
    """How much a bot minds giving a card away: its points, its rank, a trump's worth."""
    return card_points(card) * 3 + rank_no(card) + (25 if suit_no(card) == trump else 0)


def choose(table: SixtySixTable, rng: random.Random) -> SixtySixMove | None:
    """The bots' move (None: let the next deal come)."""
    moves = table.legal_moves()
    deal = table.deal
    if deal is None or not moves:
        return None
    outs = [m for m in moves if isinstance(m, GoOut)]
    for out in outs:
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
    deal = table.deal
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
    deal = table.deal
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
