"""Decisions made in the dark, judged by simulation (``kozyr analyze --simulate N``).

At a decision a player knows his own cards and what was shown, not the rest. The
simulation deals the cards that seat had not seen ``N`` times at random, consistently with
what it knew (every card it saw stays where it saw it; each unseen place gets its number of
cards), solves each layout double dummy (:mod:`replay.thousand.dd`), and counts: for every
candidate, the probability of making the contract and the expected hand score, with a 95%
interval; the best candidate, and its margin over the choice made, with the interval of the
paired differences (the same layouts judge every candidate).

The decisions, in a hand's order:

- **each call of the auction** (the declarer's and the defenders'; not a forced pass, where
  no bid was open to the caller), seen by the caller (his seven cards): for a bid of ``b``,
  the caller is taken to become the declarer at ``b``: he takes the talon, gives the two
  cards that do best in that layout, and plays it double dummy; made when that reaches
  ``b`` (+b), else -b; a pass scores 0 (what the hand then brings him as a defender is not
  counted);
- **the gives** (the declarer's ten cards, the talon shown): each of the 90 ways to give
  one card to each opponent, against the contract played, and conceding instead where the
  switch ``concede`` allows it (what the engine scores for it: 0 with ``pagat`` or ``bomb``,
  minus the bid with ``half``, -120 for a third ``pagat`` concession); a hand its
  declarer conceded is judged here too, against his bid;
- **the contract** (after the gives, which the declarer knows): each legal value.

The layouts are drawn from ``random.Random(seed)``: the same seed gives the same numbers.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from itertools import permutations
from typing import Literal

from notation.cards import card_code, card_points

from ..solve import interval
from .dd import PlayRules, Position, Solver, cards_of

__all__ = [
    "Auction", "Candidate", "Decision", "HandSetup", "Outcomes", "after_give", "chunk_seed", "chunks",
    "deal_unseen", "give_order", "merge", "simulate_chunk", "simulate_hand",
]  # fmt: skip

_DECK24 = sum(1 << (9 * s + r) for s in range(4) for r in range(3, 9))
"""The 24 cards of Thousand (nine to ace)."""


@dataclass(slots=True)
class Auction:
    """What a hand's decisions were made on (plain data, for another process)."""

    order: list[str]
    """The players of the hand in seat order from the first caller."""
    dealt: dict[str, int]
    """Each player's seven cards as dealt (bitmasks)."""
    talon: int
    calls: list[tuple[str, int | None, list[int | None]]] = field(default_factory=list)
    """(caller, the bid made or None for pass, the calls legal at that moment)."""
    contracts: list[int] = field(default_factory=list)
    """The contracts the declarer could set."""
    concede: int | None = None
    """The declarer's hand score had he conceded after the talon, before the golden round's
    doubling (None: the rules did not let him)."""


@dataclass(slots=True)
class HandSetup:
    """One hand as its decisions are simulated (plain data, for another process)."""

    players: list[str]
    """The three players in play order from the declarer."""
    contract: int
    rules: PlayRules
    ten: int
    """The declarer's cards with the talon (a bitmask)."""
    given: tuple[int, int] | None
    """The cards he gave to ``players[1]`` and ``players[2]`` (None: he conceded)."""
    auction: Auction | None = None
    """The calls, when known."""


@dataclass(slots=True)
class Candidate:
    choice: str
    made: float
    """The probability of making the contract (0 for a pass)."""
    score: float
    """The expected hand score of the one who chooses."""
    low: float
    high: float
    """The 95% interval of ``score``."""


@dataclass(slots=True)
class Decision:
    """One decision judged over the same layouts: every candidate, the choice made, the
    best, and the best's margin over the choice with its 95% interval."""

    kind: str
    seat: str
    chosen: str
    candidates: list[Candidate]
    best: str
    margin: float
    margin_low: float
    margin_high: float
    layouts: int
    seconds: float = 0.0
    at: int = 0
    """Which call of the auction it is (a bid), else 0."""

    @property
    def mistaken(self) -> bool:
        """The best beats the choice by more than the interval: a better choice was there."""
        return self.best != self.chosen and self.margin_low > 0

    def note(self) -> str:
        """The comment ``annotate --analysis --simulate`` writes at the decision."""
        best = next(c for c in self.candidates if c.choice == self.best)
        chosen = next(c for c in self.candidates if c.choice == self.chosen)
        return (
            f"simulation, {self.layouts} layouts: {self.best} expects {best.score:+.0f} "
            f"(made {best.made:.0%}), {self.chosen} {chosen.score:+.0f} (made {chosen.made:.0%}); "
            f"{self.margin:+.0f} (95%: {self.margin_low:+.0f} to {self.margin_high:+.0f})"
        )

    @property
    def glyph(self) -> Literal["?", "??"]:
        """``??`` when even the low end of the margin is 50 points or more, else ``?``."""
        return "??" if self.margin_low >= 50 else "?"

    def text(self) -> list[str]:
        head = (
            f"  {self.kind} of {self.seat}: {self.chosen}; best {self.best}"
            + (
                f" by {self.margin:+.1f} points (95%: {self.margin_low:+.1f} to {self.margin_high:+.1f})"
                if self.best != self.chosen
                else ""
            )
            + f" over {self.layouts} layouts"
        )
        shown = sorted(self.candidates, key=lambda c: -c.score)
        keep = {c.choice for c in shown[:5]} | {self.chosen}
        rows = [
            f"    {c.choice:<22} makes {c.made:6.1%}  expects {c.score:+7.1f} (95%: {c.low:+.1f} to {c.high:+.1f})"
            + ("  <- played" if c.choice == self.chosen else "")
            for c in shown
            if c.choice in keep
        ]
        if len(shown) > len(rows):
            rows.append(f"    ({len(shown) - len(rows)} more candidates in --format json)")
        return [head, *rows]


def deal_unseen(rng: random.Random, unseen: int, sizes: list[int]) -> list[int]:
    """The cards of ``unseen`` (a bitmask) dealt at random into places of ``sizes`` (their
    sum is the number of unseen cards): one layout, as bitmasks."""
    cards = cards_of(unseen)
    if len(cards) != sum(sizes):
        raise ValueError(f"{len(cards)} unseen cards for places of {sum(sizes)}")
    rng.shuffle(cards)
    out, at = [], 0
    for size in sizes:
        out.append(sum(1 << c for c in cards[at : at + size]))
        at += size
    return out


def _decide(kind: str, seat: str, chosen: str, scores: dict[str, list[float]], made: dict[str, list[bool]]) -> Decision:
    """The candidates' numbers from their scores over the same layouts."""
    candidates = []
    for choice, values in scores.items():
        mean, low, high = interval(values)
        hits = made.get(choice, [])
        candidates.append(Candidate(choice, sum(hits) / len(values) if hits else 0.0, mean, low, high))
    top = max(c.score for c in candidates)
    mine = next(c for c in candidates if c.choice == chosen)
    # the choice made, where nothing does better; else the first of the best
    best = chosen if mine.score >= top else next(c.choice for c in candidates if c.score == top)
    diffs = [b - c for b, c in zip(scores[best], scores[chosen], strict=True)]
    margin, low, high = interval(diffs)
    return Decision(kind, seat, chosen, candidates, best, margin, low, high, len(scores[chosen]))


def give_order(ten: int) -> list[tuple[int, int]]:
    """The 90 gives of two of ``ten`` (a bitmask), one card to each opponent, cheap cards
    first: the best is usually found early, and the rest only have to be shown not to beat
    it."""
    return sorted(permutations(cards_of(ten), 2), key=lambda ab: card_points(ab[0]) + card_points(ab[1]))


def after_give(ten: int, o1: int, o2: int, a: int, b: int) -> Position:
    """The position before the first lead once the declarer, holding ``ten``, gave ``a``
    to the opponent holding ``o1`` and ``b`` to the one holding ``o2``."""
    return Position((ten & ~(1 << a) & ~(1 << b), o1 | 1 << a, o2 | 1 << b), 0, 0)


def _best_level(solver: Solver, ten: int, o1: int, o2: int, levels: list[int]) -> int:
    """The highest of ``levels`` (ascending bids) that the declarer's total reaches with
    the best of the 90 gives of two of his ten cards, one to each opponent (0: none).

    Only the bids matter, not the exact total: each give is asked one null-window question
    (does it reach the next level up?) and climbs while the answer is yes, cheap cards
    first, and the search stops once the top level is reached."""
    k = -1
    for a, b in give_order(ten):
        pos = after_give(ten, o1, o2, a, b)
        while k + 1 < len(levels) and solver.exceeds(pos, levels[k + 1] - 1):
            k += 1
        if k + 1 == len(levels):
            break
    return levels[k] if k >= 0 else 0


CHUNK = 25
"""Layouts per unit of work: each chunk draws its layouts from its own seed, so the numbers
do not depend on how many processes share the work (``--jobs``)."""


@dataclass(slots=True)
class Outcomes:
    """What one chunk of layouts gave each decision: per decision (kind, seat, the choice
    made), each candidate's score in every layout and whether it made the contract."""

    decisions: list[tuple[str, str, str, dict[str, list[float]], dict[str, list[bool]], int]]
    """(kind, seat, the choice made, scores, made, which call it is)."""
    seconds: list[float]


def chunks(layouts: int) -> list[int]:
    """The sizes of the chunks of ``layouts`` layouts."""
    return [min(CHUNK, layouts - at) for at in range(0, layouts, CHUNK)]


def _bids(auction: Auction, rules: PlayRules, layouts: int, rng: random.Random, out: Outcomes) -> None:
    """Each call, judged from the caller's seven cards."""
    totals: dict[str, list[int]] = {}
    for at, (seat, bid, legal) in enumerate(auction.calls):
        started = time.process_time()
        if seat not in auction.dealt or len(legal) < 2:
            continue  # the caller's cards are not known, or he had no choice
        if seat not in totals:  # one set of layouts per caller: he knows the same at each call
            own = auction.dealt[seat]
            solver = Solver(rules)
            # every bid any of his calls could make: the levels his best total is placed in
            levels = sorted({b for s2, _, legal2 in auction.calls if s2 == seat for b in legal2 if b is not None})
            found = []
            for _ in range(layouts):
                talon, o1, o2 = deal_unseen(rng, _DECK24 & ~own, [3, 7, 7])
                found.append(_best_level(solver, own | talon, o1, o2, levels) if levels else 0)
            totals[seat] = found
        scores: dict[str, list[float]] = {}
        made: dict[str, list[bool]] = {}
        for call in legal:
            name = "pass" if call is None else str(call)
            if call is None:
                scores[name] = [0.0] * layouts
                continue
            made[name] = [t >= call for t in totals[seat]]
            scores[name] = [float(call if h else -call) for h in made[name]]
        chosen = "pass" if bid is None else str(bid)
        if chosen in scores:
            out.decisions.append(("bid", seat, chosen, scores, made, at))
            out.seconds.append(time.process_time() - started)


def simulate_chunk(hand: HandSetup, layouts: int, seed: int) -> Outcomes:
    """One chunk of layouts for every decision of a hand."""
    players, ten, contract, given, auction = hand.players, hand.ten, hand.contract, hand.given, hand.auction
    rng = random.Random(seed)
    out = Outcomes([], [])
    if auction is not None:
        _bids(auction, hand.rules, layouts, rng, out)
    declarer = players[0]
    unseen = _DECK24 & ~ten
    solver = Solver(hand.rules)
    # the gives: every give of the ten cards, against the contract played
    started = time.process_time()
    gives = list(permutations(cards_of(ten), 2))
    name = {g: f"{players[1]} {card_code(g[0])}, {players[2]} {card_code(g[1])}" for g in gives}
    hits: dict[str, list[bool]] = {name[g]: [] for g in gives}
    for _ in range(layouts):
        o1, o2 = deal_unseen(rng, unseen, [7, 7])
        for g in gives:
            hits[name[g]].append(solver.exceeds(after_give(ten, o1, o2, *g), contract - 1))
    scores = {k: [float(contract if h else -contract) for h in v] for k, v in hits.items()}
    if auction is not None and auction.concede is not None:
        scores["concede"] = [float(auction.concede)] * layouts
        hits["concede"] = [False] * layouts
    out.decisions.append(("give", declarer, "concede" if given is None else name[given], scores, hits, 0))
    out.seconds.append(time.process_time() - started)
    if given is None:
        return out
    # the contract: the declarer knows his eight cards and where his two went
    started = time.process_time()
    values = []
    for _ in range(layouts):
        o1, o2 = deal_unseen(rng, unseen, [7, 7])
        values.append(solver.total(after_give(ten, o1, o2, *given)))
    candidates = auction.contracts if auction is not None and auction.contracts else [contract]
    if contract not in candidates:
        candidates = sorted({*candidates, contract})
    made = {str(c): [v >= c for v in values] for c in candidates}
    scores = {str(c): [float(c if h else -c) for h in made[str(c)]] for c in candidates}
    out.decisions.append(("contract", declarer, str(contract), scores, made, 0))
    out.seconds.append(time.process_time() - started)
    return out


def chunk_seed(seed: int, hand: int, chunk: int) -> int:
    """The seed of one chunk of one hand's layouts."""
    return (seed * 1_000_003 + hand) * 10_007 + chunk


def merge(parts: list[Outcomes]) -> list[Decision]:
    """The decisions from the chunks of their layouts, in order."""
    out: list[Decision] = []
    for k, (kind, seat, chosen, _, _, at) in enumerate(parts[0].decisions):
        scores: dict[str, list[float]] = {}
        made: dict[str, list[bool]] = {}
        for part in parts:
            _, _, _, sc, mk, _ = part.decisions[k]
            for c, v in sc.items():
                scores.setdefault(c, []).extend(v)
            for c, h in mk.items():
                made.setdefault(c, []).extend(h)
        d = _decide(kind, seat, chosen, scores, made)
        d.seconds = round(sum(part.seconds[k] for part in parts), 3)
        d.at = at
        out.append(d)
    return out


def simulate_hand(hand: HandSetup, layouts: int, seed: int, number: int = 1) -> list[Decision]:
    """Every decision of hand ``number`` over ``layouts`` layouts (in this process)."""
    parts = [simulate_chunk(hand, size, chunk_seed(seed, number, i)) for i, size in enumerate(chunks(layouts))]
    return merge(parts)
