"""Generated Bura and Burkozel sessions played by plausible bots.

The bots beat a lead when they can do it cheaply, throw their smallest cards (face down in
Bura) otherwise, show a bura or a Moskva when they hold one, lead out of turn with a
molodka now and then, and claim as soon as their tricks hold 31.  Every event goes through
the engine, so the record is legal; the stock order is recorded, so draws are implicit.

>>> import replay
>>> replay.check(generate_bura(seed=3, players=3)).ok
True
"""

from __future__ import annotations

import random
from itertools import combinations

from notation.cards import Card, Rank, card_code, card_points
from notation.errors import IllegalMoveError
from notation.records import (
    Answer,
    BuraDeal,
    BuraEvent,
    BuraGame,
    BuraTrick,
    Claim,
    DealHand,
    Dealing,
    Entry,
    Pot,
    Show,
    Tag,
    Tally,
    Winner,
)

from . import bura as bu
from .generate import NAMES
from .rules import parse_rules

__all__ = ["generate_bura", "iter_bura"]


def _cost(cards: tuple[Card, ...], trump: int) -> int:
    return sum(card_points(c) * 3 + c % 9 + (30 if c // 9 == trump else 0) for c in cards)


class _Bot:
    def __init__(self, table: bu.BuraTable, rng: random.Random) -> None:
        self.t = table
        self.rng = rng

    @property
    def deal(self) -> bu._Deal:
        assert self.t.deal is not None
        return self.t.deal

    def hand(self, seat: int) -> list[Card]:
        return sorted(self.deal.holdings.known[seat])

    def lead(self, seat: int) -> bu.Lay:
        deal = self.deal
        cards = self.hand(seat)
        trump = deal.trump
        limit = self.t._lead_limit(deal)
        by_suit: dict[int, list[Card]] = {}
        for c in cards:
            by_suit.setdefault(c // 9, []).append(c)
        options = [
            tuple(combo)
            for suited in by_suit.values()
            for k in range(1, min(limit, len(suited)) + 1)
            for combo in combinations(suited, k)
        ]
        strong = [o for o in options if len(o) > 1 and all(c % 9 >= Rank.TEN for c in o)]
        if strong and self.rng.random() < 0.7:
            choice = max(strong, key=len)
        else:
            singles = [o for o in options if len(o) == 1]
            choice = min(singles, key=lambda o: _cost(o, trump))
        return bu.Lay(seat, list(choice))

    def answer(self, seat: int) -> bu.Lay:
        deal = self.deal
        t = self.t
        assert deal.best is not None
        target = deal.best.up
        k = len(deal.trick[0].up)
        cards = self.hand(seat)
        trump = deal.trump
        shokha = t.settings.shokha
        beating = [
            combo
            for combo in combinations(cards, k)
            if bu.beats_set(list(combo), target, trump, shokha)
        ]
        value = sum(card_points(c) for lay in deal.trick for c in lay.up)
        if beating:
            best = min(beating, key=lambda o: _cost(o, trump))
            if value >= 10 or _cost(best, trump) < 40 or self.rng.random() < 0.3:
                return bu.Lay(seat, list(best))
        cheap = sorted(cards, key=lambda c: (c // 9 == trump, card_points(c), c % 9))[:k]
        if t.settings.open or t.settings.burkozel:
            return bu.Lay(seat, cheap)
        return bu.Lay(seat, [], list(cheap))

    def molodka(self, seat: int) -> list[Card] | None:
        k = 4 if self.t.settings.burkozel else 3
        by_suit: dict[int, list[Card]] = {}
        for c in self.hand(seat):
            by_suit.setdefault(c // 9, []).append(c)
        return next((cards[:k] for cards in by_suit.values() if len(cards) >= k), None)

    def combo(self, seat: int) -> tuple[str, list[Card]] | None:
        """A combination this seat holds and wants to show now."""
        deal = self.deal
        t = self.t
        s = t.settings
        cards = self.hand(seat)
        k = 4 if s.burkozel else 3
        trumps = [c for c in cards if c // 9 == deal.trump]
        if len(trumps) >= k and s.bura != "off":
            return "bura", trumps[:k]
        aces = [c for c in cards if c % 9 == Rank.ACE]
        if (
            len(aces) >= k
            and s.moskva not in ("off",)
            and t.combo_cards_ok(deal, "moskva", aces[:k]) is None
        ):
            if s.burkozel or self.rng.random() < 0.5:
                return "moskva", aces[:k]
        return None


def _record_dealing(table: bu.BuraTable, rng: random.Random) -> tuple[bu.Dealing, Dealing]:
    cards = sorted(table.deck)
    rng.shuffle(cards)
    n = table.n
    size = table.settings.hand
    m = table.match
    order = [(m.dealer + 1 + i) % n for i in range(n)]
    hands: dict[int, list[Card | None]] = {p: [] for p in order}
    k = 0
    for _ in range(size):
        for p in order:
            hands[p].append(cards[k])
            k += 1
    trump = cards[k]
    stock = cards[k + 1 :]
    ev = bu.Dealing(hands=hands, trump=trump, stock=list(stock))
    rec = Dealing(
        hands=[
            DealHand(seat=table.name(p), cards=[card_code(c) for c in hands[p] if c is not None])
            for p in order
        ],
        trump=card_code(trump),
        stock=[card_code(c) for c in stock],
    )
    return ev, rec


def _play_deal(table: bu.BuraTable, bot: _Bot, rng: random.Random) -> BuraDeal:
    m = table.match
    number = m.number
    ev, dealing = _record_dealing(table, rng)
    table.apply(ev)
    rec = BuraDeal(number=number, dealing=dealing)
    name = table.name
    events: list[BuraEvent] = rec.events
    if not table.settings.burkozel:
        events.append(Pot(value=m.pot))
    trick_no = 1
    answers: list[Answer] = []
    while table.deal is not None:
        deal = table.deal
        if deal.phase == "draw":
            table.auto_draws()
            continue
        if deal.phase == "end":
            table.close_deal()
            break
        if table.settings.claim == "own-turn" and table.pile_points(deal.turn)[0] >= 31:
            seat = deal.turn
            table.apply(bu.ClaimEv(seat))
            res = table.results[-1]
            if deal.trick:
                events.append(BuraTrick(number=trick_no, answers=answers))
            events.append(Claim(seat=name(seat), count=res.claim_count, outcome="win"))
            continue
        # Combinations before the next card: a bura or Moskva at one's turn, a molodka
        # to take the lead out of turn.
        seat = deal.turn
        shown = bot.combo(seat) if deal.right is None else None
        if shown is None and not deal.trick and table.settings.molodka and deal.right is None:
            if not table.settings.burkozel or deal.trick_no > 1:
                for other in range(table.n):
                    suited = bot.molodka(other)
                    if other != seat and suited and rng.random() < 0.6:
                        seat, shown = other, ("molodka", suited)
                        break
        if shown is not None and (
            not table.settings.burkozel or deal.trick_no > 1 or shown[0] == "bura"
        ):
            combo, cards = shown
            try:
                table.apply(bu.ShowEv(seat, combo, cards))
            except IllegalMoveError:
                pass  # a show the rules refuse now is simply not made
            else:
                if deal.trick:  # shown while answering: the trick so far, then the show
                    events.append(BuraTrick(number=trick_no, answers=answers))
                events.append(
                    Show(seat=name(seat), combo=combo, cards=[card_code(c) for c in cards])
                )
                if table.deal is not None and table.deal.phase == "bura":
                    table.settle()
                continue
        if not deal.trick:
            lay = bot.lead(deal.right[0] if deal.right else deal.turn)
            answers = []
        else:
            lay = bot.answer(deal.turn)
        table.apply(lay)
        answers.append(
            Answer(
                seat=name(lay.seat),
                cards=[card_code(c) for c in lay.up],
                down=[card_code(c) for c in lay.down if c is not None],
            )
        )
        if table.deal is None or not table.deal.trick:
            winner = table.last_winner
            assert winner is not None
            events.append(
                BuraTrick(number=trick_no, answers=answers, winner=Winner(seat=name(winner)))
            )
            trick_no += 1
            deal2 = table.deal
            if deal2 is not None and not table.settings.burkozel:
                points, _ = table.pile_points(winner)
                if points >= 31 or (points >= 25 and rng.random() < 0.05):
                    table.apply(bu.ClaimEv(winner))
                    res = table.results[-1]
                    events.append(
                        Claim(
                            seat=name(winner),
                            count=res.claim_count,
                            outcome="win" if res.end == "claim-won" else "fail",
                        )
                    )
    res = table.results[-1]
    if table.settings.burkozel:
        if res.points:
            sides = table.sides()
            events.append(
                Tally(
                    kind="points", entries=[Entry(seat=name(x), value=res.points[x]) for x in sides]
                )
            )
        events.append(
            Tally(
                kind="penalty",
                entries=[Entry(seat=name(p), value=m.penalty[p]) for p in range(table.n)],
            )
        )
    else:
        events.append(Pot(value=m.pot))
        events.append(
            Tally(
                kind="chips",
                entries=[Entry(seat=name(p), value=m.chips[p]) for p in range(table.n)],
            )
        )
    return rec


def generate_bura(
    *,
    seed: int = 0,
    players: int = 3,
    game: str = "bura",
    rules: str = "classic",
    deals: int = 8,
    ante: int = 1,
) -> BuraGame:
    """A session of Bura (``deals`` deals, or until the match ends) or Burkozel (to the
    penalty limit), deterministic for a seed."""
    rng = random.Random(seed)
    ruleset = parse_rules(game, rules)
    names = NAMES[:players]
    dealer = rng.randrange(players)
    table = bu.BuraTable(names, dealer=dealer, rules=ruleset, game=game, ante=ante)
    bot = _Bot(table, rng)
    tags = [
        Tag(name="Game", values=[game]),
        Tag(name="Players", values=names),
        Tag(name="Dealer", values=[names[dealer]]),
        Tag(name="Rules", values=[rules]),
    ]
    if game == "bura":
        tags.append(Tag(name="Ante", values=[str(ante)]))
    tags.append(Tag(name="Event", values=["kozyr generate"]))
    tags.append(Tag(name="Round", values=[str(seed)]))
    records: list[BuraDeal] = []
    limit = deals if game == "bura" and ruleset["match"] == "pot" else 500
    while table.phase != "over" and len(records) < limit:
        records.append(_play_deal(table, bot, rng))
    tags.append(Tag(name="Result", values=[table.result or "*"]))
    return BuraGame(kind=game, tags=tags, deals=records)


def iter_bura(games: int, *, seed: int = 0, **kw: object) -> list[BuraGame]:
    return [generate_bura(seed=seed + k, **kw) for k in range(games)]  # type: ignore[arg-type]
