"""Generated games: plausible bots play complete sessions through the engine.

The bots are simple but play like people: they bid what their cards and marriages are
worth, give away their weakest cards, declare marriages when they can, win tricks cheaply
and throw their smallest cards otherwise.  Every game is played through the engine, so it
is legal; the record states every fact (trick winners, points, scores, totals, result).
The same seed gives the same games.

>>> import replay, notation
>>> game = generate_thousand(seed=7)
>>> replay.check(game).ok
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from notation.cards import Card, Rank, Suit, card_code, card_points, make_card
from notation.records import (
    Call,
    Contract,
    Deal,
    DealHand,
    Entry,
    Give,
    GiveCard,
    Hand,
    Play,
    Redeal,
    Stated,
    Tag,
    Talon,
    ThousandGame,
    Trick,
    Winner,
)
from notation.records import Concede as ConcedeRec

from . import thousand as th
from .rules import RuleSet, parse_rules
from .table import POOL

__all__ = ["NAMES", "generate_thousand", "iter_thousand"]

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Daria", "Egor"]


def _hand_value(cards: set[Card], values: dict[Suit, int]) -> int:
    """What a bot expects to take with these cards: sure points and marriages."""
    est = 0
    for c in cards:
        rank = c % 9
        if rank == Rank.ACE:
            est += 16
        elif rank == Rank.TEN:
            est += 8 if make_card(Rank.ACE, Suit(c // 9)) in cards else 4
        else:
            est += card_points(c) // 2
    for suit, v in values.items():
        if make_card(Rank.KING, suit) in cards and make_card(Rank.QUEEN, suit) in cards:
            est += v
    return est + 25


class _Bot:
    def __init__(self, table: th.ThousandTable, rng: random.Random) -> None:
        self.t = table
        self.rng = rng

    @property
    def hand(self) -> th._Hand:
        assert self.t.hand is not None
        return self.t.hand

    def cards(self, seat: int) -> set[Card]:
        return set(self.hand.holdings.known[seat])

    def call(self) -> th.Call:
        t, hand = self.t, self.hand
        seat = hand.turn
        options = t.legal_bids()
        bids = [b for b in options if b is not None]
        if (
            t.settings.dark
            and seat == hand.active[0]
            and not hand.called
            and self.rng.random() < 0.04
        ):
            return th.Call(seat, 120, dark=True)
        limit = _hand_value(self.cards(seat), t.settings.marriage_values) + self.rng.randint(
            -10, 10
        )
        limit = min(limit, t.cap(self.cards(seat)))
        if None not in options:  # the forehand's opening bid
            return th.Call(seat, bids[0])
        if bids and bids[0] <= limit:
            return th.Call(seat, bids[0])
        return th.Call(seat, None)

    def gives(self) -> list[tuple[int, Card | None]]:
        hand = self.hand
        d = hand.declarer
        assert d is not None
        mine = self.cards(d)
        values = self.t.settings.marriage_values

        def keep(c: Card) -> tuple[int, int]:
            suit = Suit(c // 9)
            partner = make_card(Rank.QUEEN if c % 9 == Rank.KING else Rank.KING, suit)
            in_marriage = c % 9 in (Rank.KING, Rank.QUEEN) and partner in mine
            return (values[suit] if in_marriage else 0, card_points(c) * 3 + c % 9)

        weakest = sorted(mine, key=keep)[:2]
        opponents = [p for p in hand.active if p != d]
        return list(zip(opponents, weakest, strict=True))

    def contract(self) -> int:
        hand = self.hand
        d = hand.declarer
        assert d is not None and hand.bid is not None
        cards = self.cards(d)
        est = _hand_value(cards, self.t.settings.marriage_values) - 20
        step = self.t.settings.step
        target = min(est // step * step, self.t.cap(cards))
        return max(hand.bid, target) if self.rng.random() < 0.5 else hand.bid

    def play(self) -> th.Play:
        t, hand = self.t, self.hand
        seat = hand.turn
        legal = t.legal_cards(seat)
        mine = self.cards(seat)
        s = t.settings
        if not hand.plays:
            if (hand.trick_no > 1 or s.marriage_first_trick) and s.ace_marriage:
                aces = [c for c in legal if c % 9 == Rank.ACE]
                if len(aces) == 4:
                    return th.Play(seat, aces[0], marriage=True)
            if hand.trick_no > 1 or s.marriage_first_trick:
                best = None
                for c in legal:
                    if c % 9 in (Rank.KING, Rank.QUEEN):
                        partner = make_card(
                            Rank.QUEEN if c % 9 == Rank.KING else Rank.KING, Suit(c // 9)
                        )
                        if partner in mine and (
                            best is None
                            or s.marriage_values[Suit(c // 9)] > s.marriage_values[Suit(best // 9)]
                        ):
                            best = c
                if best is not None:
                    return th.Play(seat, best, marriage=True)
            aces = [c for c in legal if c % 9 == Rank.ACE]
            if aces:
                return th.Play(seat, self.rng.choice(aces))
            return th.Play(seat, min(legal, key=lambda c: (card_points(c), c % 9)))
        trump = hand.trump
        best = hand.plays[0][1]
        for _, c in hand.plays[1:]:
            if t.beats(c, best, trump):
                best = c
        winners = [c for c in legal if t.beats(c, best, trump)]
        if winners:
            return th.Play(seat, min(winners, key=lambda c: (card_points(c), c % 9)))
        return th.Play(seat, min(legal, key=lambda c: (card_points(c), c % 9)))


def _deal(rng: random.Random, active: list[int]) -> tuple[dict[int, list[Card]], list[Card]]:
    cards = sorted(th.DECK)
    rng.shuffle(cards)
    hands = {
        p: sorted(cards[7 * i : 7 * i + 7], key=lambda c: (c // 9, -(c % 9)))
        for i, p in enumerate(active)
    }
    return hands, cards[21:24]


def generate_thousand(
    *,
    seed: int = 0,
    rules: str = "classic",
    players: list[str] | None = None,
    max_hands: int | None = None,
) -> ThousandGame:
    """One complete session of Thousand played by bots (deterministic for a seed)."""
    rng = random.Random(seed)
    ruleset: RuleSet = parse_rules("thousand", rules)
    n = int(ruleset["players"])
    names = players or NAMES[:n]
    dealer = rng.randrange(n)
    table = th.ThousandTable(names, dealer=dealer, rules=ruleset)
    bot = _Bot(table, rng)
    tags = [
        Tag(name="Game", values=["thousand"]),
        Tag(name="Players", values=list(names)),
        Tag(name="Dealer", values=[names[dealer]]),
        Tag(name="Rules", values=[rules]),
        Tag(name="Event", values=["kozyr generate"]),
        Tag(name="Round", values=[str(seed)]),
    ]
    hands: list[Hand] = []
    while table.phase != "over" and (max_hands is None or len(hands) < max_hands):
        hands.append(_play_hand(table, bot, rng))
    result = table.result or "*"
    tags.append(Tag(name="Result", values=[result]))
    return ThousandGame(tags=tags, hands=hands)


def _play_hand(table: th.ThousandTable, bot: _Bot, rng: random.Random) -> Hand:
    g = table.game
    n = len(table.players)
    active = [(g.dealer + k) % n for k in range(1, n + 1)]
    if table.settings.players == 4:
        active = [p for p in active if p != g.dealer]
    dealt, talon = _deal(rng, active)
    name = table.name
    number = g.number
    table.apply(th.Deal(hands={p: list(c) for p, c in dealt.items()}, talon=list(talon)))
    record = Hand(
        number=number,
        deal=Deal(
            hands=[DealHand(seat=name(p), cards=[card_code(c) for c in dealt[p]]) for p in active],
            talon=[card_code(c) for c in talon],
        ),
    )
    if table.settings.redeal_four_nines:
        for p in active:
            if th.NINES <= set(dealt[p]):
                table.apply(th.Redeal(p))
                record.redeal = Redeal(seat=name(p))
                return record
    hand = bot.hand
    while hand.phase == "auction":
        call = bot.call()
        table.apply(call)
        record.auction.append(Call(seat=name(call.seat), bid=call.bid, dark=call.dark))
    d = hand.declarer
    assert d is not None
    shown = sorted(hand.holdings.known[POOL])
    table.apply(th.TalonReveal(list(shown)))
    record.talon = Talon(cards=[card_code(c) for c in shown])
    s = table.settings
    if (
        s.concede != "off"
        and g.barrel[d] is None
        and not (s.lock and g.totals[d] >= s.threshold)
        and _hand_value(bot.cards(d), s.marriage_values) < (hand.bid or 100) - 45
    ):
        table.apply(th.Concede())
        record.concede = ConcedeRec()
        _state_facts(table, record)
        return record
    gives = bot.gives()
    table.apply(th.Give(gives))
    record.give = Give(
        cards=[GiveCard(seat=name(p), card=card_code(c)) for p, c in gives if c is not None]
    )
    value = bot.contract()
    table.apply(th.Raise(value))
    record.contract = Contract(value=value)
    trick_no = 1
    while table.hand is not None:
        plays: list[Play] = []
        for _ in active:
            ev = bot.play()
            table.apply(ev)
            plays.append(Play(seat=name(ev.seat), card=card_code(ev.card), marriage=ev.marriage))
        assert table.last_winner is not None
        record.tricks.append(
            Trick(number=trick_no, plays=plays, winner=Winner(seat=name(table.last_winner)))
        )
        trick_no += 1
    _state_facts(table, record)
    return record


def _state_facts(table: th.ThousandTable, record: Hand) -> None:
    res = table.results[-1]
    name = table.name
    if res.points:
        record.stated.append(
            Stated(
                kind="points", entries=[Entry(seat=name(p), value=v) for p, v in res.points.items()]
            )
        )
    record.stated.append(
        Stated(kind="score", entries=[Entry(seat=name(p), value=v) for p, v in res.scores.items()])
    )
    record.stated.append(
        Stated(
            kind="totals",
            entries=[
                Entry(seat=name(p), value=v, barrel=p in res.barrel) for p, v in res.totals.items()
            ],
        )
    )


def iter_thousand(
    games: int, *, seed: int = 0, rules: str = "classic", max_hands: int | None = None
) -> Iterator[ThousandGame]:
    """``games`` sessions from consecutive seeds."""
    for k in range(games):
        yield generate_thousand(seed=seed + k, rules=rules, max_hands=max_hands)
