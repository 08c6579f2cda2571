"""Decisions made in the dark, judged by simulation (``kozyr analyze --simulate N``).

At a decision a player knows his own cards and what was shown, not the rest. The
simulation deals the cards that seat had not seen ``N`` times at random, consistently with
what it knew (every card it saw stays where it saw it; each unseen place gets its number of
cards; a player whose bid went over 120 holds the marriages it proves, T3.3), solves each layout double dummy (:mod:`replay.thousand.dd`), and counts: for every
candidate, the probability of making the contract and the expected hand score, with a 95%
interval; the best candidate, and its margin over the choice made, with the interval of the
paired differences (the same layouts judge every candidate).

The decisions, in a hand's order:

- **each call of the auction** (the declarer's and the defenders'; not a forced pass, where
  no bid was open to the caller), seen by the caller (his seven cards and the calls before
  his), valued by the auction it leads to: the others bid on as far as they did in the
  record (within T3.3's cap of the cards a layout gives them); a bid that wins makes the
  caller the declarer, who takes the talon, gives the best two cards and sets the best
  contract his total reaches (+contract, or -bid when it falls short); a bid overcalled, or
  a pass, makes him an opponent, who scores his hand points (T7.3) along a line of best
  play (docs/analysis.md, "The auction as it is played");
- **the gives** (the declarer's ten cards, the talon shown): each of the 90 ways to give
  one card to each opponent, against the contract played where it is still legal after the
  give, else the highest contract legal after it, and conceding instead where the switch
  ``concede`` allows it (what the engine scores for it: 0 with ``pagat`` or ``bomb``, minus
  the bid with ``half``, -120 for a third ``pagat`` concession); a hand its declarer
  conceded is judged here too, against his bid;
- **the contract** (after the gives, which the declarer knows): each legal value.

The layouts are drawn from ``random.Random(seed)``: the same seed gives the same numbers.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from itertools import pairwise, permutations
from typing import Final, Literal

from notation.cards import Rank, card_code, card_points, cards_of, rank_no, suit_no
from notation.i18n import NP_, ptr, tr

from ..solve import interval
from .dd import Move, PlayRules, Position, Solver, legal_moves, marriage_value, play

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
    start: tuple[int, int, int] | None = None
    """Each player's eight cards at the first lead (for the cards of the play)."""
    plays: list[tuple[int, int, bool]] = field(default_factory=list)
    """The cards played: (index into ``players``, card, marriage declared)."""


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


CALL_MARGIN = 10
"""The least margin for which a call or a card is marked a mistake: two steps of 5 (a step
less or more changes who reaches a bid first in the simulated auction, a thing of the
turns; a card that beats another in 1% of the layouts of a 250 gains 5)."""


DECISIONS: Final = (
    NP_("decision", "bid"),
    NP_("decision", "give"),
    NP_("decision", "contract"),
    NP_("decision", "card"),
)
"""The kinds of decision judged, as :meth:`Decision.text` names them."""


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
    """Which call of the auction it is (a bid), which card of the play (0 to 23: a card),
    else 0."""

    @property
    def mistaken(self) -> bool:
        """The best beats the choice by more than the interval: a better choice was there.
        For a call or a card of the play, also by :data:`CALL_MARGIN` points at least, and
        only where the layouts disagree (a margin the same in every layout is an artefact of
        the model): one step of the bidding is what the order of the turns decides, not the
        cards, and a card that changes the result in one layout of a hundred is no mistake
        a player could see."""
        if self.best == self.chosen or self.margin_low <= 0:
            return False
        return self.kind not in ("bid", "card") or (self.margin >= CALL_MARGIN and self.margin_high > self.margin_low)

    def note(self) -> str:
        """The comment ``annotate --analysis --simulate`` writes at the decision."""
        best = next(c for c in self.candidates if c.choice == self.best)
        chosen = next(c for c in self.candidates if c.choice == self.chosen)
        return tr(
            "simulation, {layouts} layouts: {best} expects {best_score:+.0f} (made "
            "{best_made:.0%}), {chosen} {chosen_score:+.0f} (made {chosen_made:.0%}); "
            "{margin:+.0f} (95%: {low:+.0f} to {high:+.0f})"
        ).format(
            layouts=self.layouts,
            best=self.best,
            best_score=best.score,
            best_made=best.made,
            chosen=self.chosen,
            chosen_score=chosen.score,
            chosen_made=chosen.made,
            margin=self.margin,
            low=self.margin_low,
            high=self.margin_high,
        )

    @property
    def glyph(self) -> Literal["?", "??"]:
        """``??`` when even the low end of the margin is 50 points or more, else ``?``."""
        return "??" if self.margin_low >= 50 else "?"

    def text(self) -> list[str]:
        words = {
            "kind": ptr("decision", self.kind),
            "seat": self.seat,
            "trick": self.at // 3 + 1,
            "chosen": self.chosen,
            "best": self.best,
            "margin": self.margin,
            "low": self.margin_low,
            "high": self.margin_high,
            "layouts": self.layouts,
        }
        if self.kind == "card":
            head = tr("{kind} of {seat} at trick {trick}: {chosen}; best {best}")
        else:
            head = tr("{kind} of {seat}: {chosen}; best {best}")
        if self.best != self.chosen:
            head += tr(" by {margin:+.1f} points (95%: {low:+.1f} to {high:+.1f})")
        head += tr(" over {layouts} layouts")
        shown = sorted(self.candidates, key=lambda c: -c.score)
        keep = {c.choice for c in shown[:5]} | {self.chosen}
        row = tr("{choice:<22} makes {made:6.1%}  expects {score:+7.1f} (95%: {low:+.1f} to {high:+.1f})")
        rows = [
            "    "
            + row.format(choice=c.choice, made=c.made, score=c.score, low=c.low, high=c.high)
            + ("  " + tr("<- played") if c.choice == self.chosen else "")
            for c in shown
            if c.choice in keep
        ]
        if len(shown) > len(rows):
            rows.append("    " + tr("({n} more candidates in --format json)").format(n=len(shown) - len(rows)))
        return ["  " + head.format(**words), *rows]


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


def marriages_held(hand: int, rules: PlayRules) -> int:
    """T3.3: the values of the marriages (king and queen of one suit) in ``hand``."""
    return sum(
        rules.marriage_values[s]
        for s in range(4)
        if hand >> (9 * s + Rank.KING) & 1 and hand >> (9 * s + Rank.QUEEN) & 1
    )


def hand_score(points: int) -> int:
    """T7.3: an opponent's hand points rounded to a multiple of 5 (1, 2 down; 3, 4 up)."""
    rest = points % 5
    return points - rest if rest <= 2 else points + 5 - rest


def line_points(solver: Solver, pos: Position) -> list[int]:
    """Each seat's hand points (card points of the tricks it takes and its marriages) along
    one line of best play from ``pos`` (the solver's first best card at each turn): how the
    play divides the points between the two defenders, who play together."""
    rules = solver.rules
    points = [0, 0, 0]
    for move in solver.best_line(pos):
        seat = pos.turn
        if move.marriage and seat != pos.declarer:
            points[seat] += marriage_value(rules, pos.hands[seat], move.card, pos.first_trick)
        after = play(pos, move, rules)
        if len(pos.trick) == 2 and after.turn != pos.declarer:  # a defender takes the trick
            points[after.turn] += sum(card_points(c) for _, c in (*pos.trick, (seat, move.card)))
        pos = after
    points[pos.declarer] = pos.taken  # the play counts the declarer's as it goes
    return points


@dataclass(slots=True)
class _Call:
    """One call as its caller faced it: what he knew, and how the others would go on."""

    seat: str
    legal: list[int | None]
    high: int
    """The highest bid before it (0: none)."""
    holder: str
    """Who made it (nobody has bid: the dealer, who holds the opening 100 with
    ``opening=dealer``), who declares when everybody else passes."""
    active: list[str]
    """The other players still in the auction, in turn order after the caller."""
    shown: dict[str, int]
    """Each other player's highest bid before this call (T3.3's inference: over 120, he
    holds marriages worth the difference)."""
    limits: dict[str, int]
    """Each other player's highest bid in the whole auction: how far he goes on."""
    own_limit: int
    """The caller's own highest bid in the whole auction: how far he goes on after a bid."""


def _calls(auction: Auction) -> list[tuple[int, _Call]]:
    """Each call that was a choice (a bid open to the caller), with what it was made on."""
    order = auction.order
    limits: dict[str, int] = {}
    for seat, bid, _ in auction.calls:
        limits[seat] = max(limits.get(seat, 0), bid or 0)
    out = []
    for at, (seat, _, legal) in enumerate(auction.calls):
        if seat not in auction.dealt or seat not in order or not any(b is not None for b in legal) or len(legal) < 2:
            continue
        before = auction.calls[:at]
        passed = {s for s, b, _ in before if b is None}
        high, holder = 0, ""
        shown: dict[str, int] = {}
        for s, b, _ in before:
            if b is not None:
                if s != seat:
                    shown[s] = max(shown.get(s, 0), b)
                if b > high:
                    high, holder = b, s
        k = order.index(seat)
        others = [order[(k + i) % len(order)] for i in range(1, len(order))]
        active = [s for s in others if s not in passed]
        if not holder:  # nobody has bid: the dealer holds the opening 100 (opening=dealer)
            first = auction.calls[0][0]
            holder = order[(order.index(first) - 1) % len(order)]
            holder = holder if holder != seat else others[0]
        out.append((at, _Call(seat, legal, high, holder, active, shown, limits, limits.get(seat, 0))))
    return out


def _proving(rng: random.Random, unseen: int, sizes: list[int], shown: list[int] | tuple[int, ...], rules: PlayRules) -> list[int]:
    """The unseen cards dealt at random into places of ``sizes`` (:func:`deal_unseen`),
    each place holding the marriages the bid shown for it proves (T3.3: a bid over 120
    proves marriages worth the difference; 0 where nothing was shown). Rejection sampling,
    so every deal that keeps the inferences is as likely as in the real deal; when 2,000
    tries find none (a bid the cards could not back), the last deal: the inference is
    dropped, not the decision."""
    for _ in range(2_000):
        places = deal_unseen(rng, unseen, sizes)
        if all(marriages_held(cards, rules) >= b - 120 for cards, b in zip(places, shown, strict=True) if b > 120):
            break
    return places


def _layout(rng: random.Random, call: _Call, own: int, order: list[str], rules: PlayRules) -> tuple[int, dict[str, int]]:
    """The talon and the other two players' seven cards behind a call, each other player
    holding the marriages his bids so far prove (:func:`_proving`)."""
    k = order.index(call.seat)
    others = [order[(k + 1) % 3], order[(k + 2) % 3]]
    talon, h1, h2 = _proving(rng, _DECK24 & ~own, [3, 7, 7], [0, *(call.shown.get(s, 0) for s in others)], rules)
    return talon, {others[0]: h1, others[1]: h2, call.seat: own}


def _best_give(solver: Solver, ten: int, o1: int, o2: int) -> Position:
    """The position after the give that does best for the declarer: the highest contract
    (a multiple of 5 from 100) his total then reaches, the first such give in
    :func:`give_order` (cheap cards first); his exact points beyond that level do not
    choose between gives."""
    best_pos = after_give(ten, o1, o2, *give_order(ten)[0])
    level = 95  # not even 100 yet
    for a, b in give_order(ten):
        pos = after_give(ten, o1, o2, a, b)
        while solver.exceeds(pos, level + 4):
            level += 5
            best_pos = pos
    return best_pos


def defender_points(solver: Solver, declarer: str, seat: str, hands: dict[str, int], talon: int, order: list[str]) -> int:
    """What ``seat`` scores as an opponent (T7.3) when ``declarer`` takes the talon, gives
    the two cards that do best for him, and the hand is played double dummy."""
    k = order.index(declarer)
    play_order = [declarer, order[(k + 1) % 3], order[(k + 2) % 3]]
    pos = _best_give(solver, hands[declarer] | talon, hands[play_order[1]], hands[play_order[2]])
    return hand_score(line_points(solver, pos)[play_order.index(seat)])


def _outcome(call: _Call, reach: dict[str, int], order: list[str], bid: int | None, step: int) -> tuple[str, int]:
    """The rest of the auction when the caller makes ``bid`` (None: a pass): who declares,
    and at what bid. Turns go clockwise from the caller's left; each player still in raises
    by one step while his ``reach`` (the caller: his own highest bid in the record, at
    least ``bid``) allows, and passes for good when it does not (T3.2); the auction ends
    when one is left (T3.4)."""
    k = order.index(call.seat)
    limits = dict(reach)
    if bid is not None:
        limits[call.seat] = max(bid, call.own_limit)
        high, holder = bid, call.seat
    else:
        high, holder = call.high, call.holder
    active = [s for s in (order[(k + 1) % 3], order[(k + 2) % 3], call.seat) if s in limits]
    at = 0
    while len(active) > 1:
        player = active[at]
        if player == holder:  # everybody after him has passed
            break
        want = high + step if high else 100
        if want <= limits[player]:
            high, holder = want, player
            at = (at + 1) % len(active)
        else:
            active.pop(at)
            at %= len(active)
    return holder, high


@dataclass(slots=True)
class _Drawn:
    """One layout behind a caller's calls, and what it gives whatever he calls."""

    talon: int
    hands: dict[str, int]
    level: int
    """The highest contract (from 100, in steps) his cards reach as the declarer, with the
    best give (0: not 100)."""
    defending: dict[str, float] = field(default_factory=dict)
    """His score as an opponent, by who declares (filled in when first asked)."""


def _bids(auction: Auction, rules: PlayRules, layouts: int, rng: random.Random, out: Outcomes) -> None:
    """Each call, judged from the caller's seven cards by what it leads to (docs/analysis.md,
    "The auction as it is played"): a bid that wins the auction makes its caller the
    declarer, who takes the talon, gives the best two cards and sets the best contract he
    may (raise included); a bid overcalled, and a pass, make him an opponent, scored as
    one. Everyone goes on as in the record: each bids up to his highest bid there (the
    others no higher than T3.3 lets their cards in the layout), and passes beyond it.

    A caller's calls that were made knowing the same about the others' cards (no bid over
    120 between them) are judged on the same layouts, each solved once."""
    order = auction.order
    if len(order) != 3:
        return  # the simulation deals three hands
    drawn: dict[tuple[str, tuple[tuple[str, int], ...]], tuple[Solver, list[_Drawn]]] = {}
    for at, call in _calls(auction):
        started = time.process_time()
        seat, legal = call.seat, call.legal
        own = auction.dealt[seat]
        bids = sorted(b for b in legal if b is not None)
        step = min((b - a for a, b in pairwise(bids)), default=5)
        k = order.index(seat)
        known = (seat, tuple(sorted((s, b) for s, b in call.shown.items() if b > 120)))
        if known not in drawn:
            solver, found = Solver(rules), []
            for _ in range(layouts):
                talon, hands = _layout(rng, call, own, order, rules)
                levels = list(range(100, 120 + marriages_held(own | talon, rules) + 1, step))
                level = _best_level(solver, own | talon, hands[order[(k + 1) % 3]], hands[order[(k + 2) % 3]], levels)
                found.append(_Drawn(talon, hands, level))
            drawn[known] = solver, found
        solver, found = drawn[known]
        scores: dict[str, list[float]] = {("pass" if c is None else str(c)): [] for c in legal}
        made: dict[str, list[bool]] = {str(c): [] for c in bids}
        for d in found:
            reach = {s: min(call.limits.get(s, 0), 120 + marriages_held(d.hands[s], rules)) for s in call.active}
            for c in legal:
                name = "pass" if c is None else str(c)
                declarer, floor = _outcome(call, reach, order, c, step)
                if declarer != seat:
                    if declarer not in d.defending:
                        d.defending[declarer] = float(defender_points(solver, declarer, seat, d.hands, d.talon, order))
                    scores[name].append(d.defending[declarer])
                    if c is not None:
                        made[name].append(False)
                else:  # he wins the auction at ``floor``: the best contract his cards reach, at least that
                    scores[name].append(float(d.level if d.level >= floor else -floor))
                    made[name].append(d.level >= floor)
        chosen = "pass" if auction.calls[at][1] is None else str(auction.calls[at][1])
        if chosen in scores:
            out.decisions.append(("bid", seat, chosen, scores, made, at))
            out.seconds.append(time.process_time() - started)


def _bid_of(hand: HandSetup) -> tuple[int, tuple[int, int]]:
    """The declarer's bid (the lowest contract he may set) and the highest bid each
    opponent made (T3.3's inference about their cards)."""
    players, auction = hand.players, hand.auction
    if auction is None:
        return hand.contract, (0, 0)
    bids = [b for s, b, _ in auction.calls if s == players[0] and b is not None]
    shown = tuple(max((b or 0 for s, b, _ in auction.calls if s == p), default=0) for p in players[1:])
    return (max(bids) if bids else hand.contract), (shown[0], shown[1])


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
    # the gives: every give of the ten cards, each against the contract played where it is
    # still legal after the give, else the highest contract legal after it (T4.3: the bid,
    # raised within the cap of his eight cards)
    started = time.process_time()
    bid, shown = _bid_of(hand)
    gives = list(permutations(cards_of(ten), 2))
    name = {g: f"{players[1]} {card_code(g[0])}, {players[2]} {card_code(g[1])}" for g in gives}
    at = {g: max(bid, min(contract, 120 + marriages_held(ten & ~(1 << g[0]) & ~(1 << g[1]), hand.rules))) for g in gives}
    hits: dict[str, list[bool]] = {name[g]: [] for g in gives}
    for _ in range(layouts):
        o1, o2 = _proving(rng, unseen, [7, 7], shown, hand.rules)
        for g in gives:
            hits[name[g]].append(solver.exceeds(after_give(ten, o1, o2, *g), at[g] - 1))
    scores = {name[g]: [float(at[g] if h else -at[g]) for h in hits[name[g]]] for g in gives}
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
        o1, o2 = _proving(rng, unseen, [7, 7], shown, hand.rules)
        values.append(solver.total(after_give(ten, o1, o2, *given)))
    candidates = auction.contracts if auction is not None and auction.contracts else [contract]
    if contract not in candidates:
        candidates = sorted({*candidates, contract})
    made = {str(c): [v >= c for v in values] for c in candidates}
    scores = {str(c): [float(c if h else -c) for h in made[str(c)]] for c in candidates}
    out.decisions.append(("contract", declarer, str(contract), scores, made, 0))
    out.seconds.append(time.process_time() - started)
    _cards(hand, layouts, rng, out)
    return out


@dataclass(slots=True)
class _Seen:
    """What the table has shown of each player's cards so far in the play."""

    voids: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Per seat: the suits (a bit per suit) he has shown he no longer holds (T5.1, T5.2)."""
    holds: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Per seat: cards a declared marriage proves he holds (the other of the pair)."""

    def note(self, pos: Position, seat: int, move: Move) -> None:
        card = move.card
        if pos.trick:
            led = suit_no(pos.trick[0][1])
            if suit_no(card) != led:
                self.voids[seat] |= 1 << led
                if pos.trump >= 0 and suit_no(card) != pos.trump:
                    self.voids[seat] |= 1 << pos.trump
        if move.marriage and rank_no(card) in (Rank.KING, Rank.QUEEN):
            self.holds[seat] |= 1 << (card + 1 if rank_no(card) == Rank.QUEEN else card - 1)
        self.holds[seat] &= ~(1 << card)


def _deal_rest(
    rng: random.Random, pos: Position, seat: int, seen: _Seen, fixed: dict[int, int], talon: int
) -> tuple[int, int, int] | None:
    """The other two hands as ``seat`` may imagine them: each keeps its number of cards,
    the cards ``fixed`` to it and those a marriage proved; no card of a suit it showed out
    of; for a defender, every talon card he has not seen leave the declarer's hand is
    there, but for one the declarer may have given the other defender. None when the
    constraints cannot be met at all (the same for every layout: a decision is judged in
    every chunk of layouts or in none)."""
    others = [o for o in range(3) if o != seat]
    free = pos.hands[others[0]] | pos.hands[others[1]]
    must = [fixed.get(o, 0) | seen.holds[o] for o in others]
    free &= ~(must[0] | must[1])
    sizes = [pos.hands[o].bit_count() - must[i].bit_count() for i, o in enumerate(others)]
    forced = [0, 0]
    loose = []
    for c in cards_of(free):
        void = [seen.voids[o] >> (suit_no(c)) & 1 for o in others]
        if void[0] and void[1]:
            return None
        if void[0] or void[1]:
            forced[1 if void[0] else 0] |= 1 << c
        else:
            loose.append(c)
    room = [sizes[i] - forced[i].bit_count() for i in range(2)]
    if room[0] < 0 or room[1] < 0:
        return None
    for _ in range(200):  # (the talon's constraint holds for the real cards: it is met at once, nearly always)
        rng.shuffle(loose)
        got = [must[i] | forced[i] for i in range(2)]
        for c in loose[: room[0]]:
            got[0] |= 1 << c
        for c in loose[room[0]:]:
            got[1] |= 1 << c
        hands = [0, 0, 0]
        hands[seat] = pos.hands[seat]
        hands[others[0]], hands[others[1]] = got
        if seat != pos.declarer and talon:  # a defender saw the talon go to the declarer
            other = 3 - seat - pos.declarer
            if (hands[other] & talon).bit_count() > 1:
                continue
        return hands[0], hands[1], hands[2]
    return pos.hands  # never met in 200 tries: the cards as they lay (a rare, tiny leak)


def _cards(hand: HandSetup, layouts: int, rng: random.Random, out: Outcomes) -> None:
    """Each card of the play a player chose among two or more, judged over layouts of the
    cards he could not see (the single-dummy question): each legal card's expected score
    for his side (+contract or -contract, for the declarer; the opposite, for a defender),
    every layout solved double dummy after that card."""
    if hand.start is None or hand.given is None or not hand.plays:
        return
    rules, contract = hand.rules, hand.contract
    g1, g2 = hand.given
    talon = hand.auction.talon if hand.auction is not None else 0
    solver = Solver(rules)
    pos = Position(hand.start, 0, 0)
    seen = _Seen()
    for k, (seat, card, marriage) in enumerate(hand.plays):
        chosen = Move(card, marriage)
        legal = legal_moves(pos, rules)
        if len(legal) >= 2 and chosen in legal:
            started = time.process_time()
            # the declarer knows where his two cards went; each defender the one he got
            fixed = {1: pos.hands[1] & 1 << g1, 2: pos.hands[2] & 1 << g2} if seat == 0 else {}
            scores: dict[str, list[float]] = {str(m): [] for m in legal}
            made: dict[str, list[bool]] = {str(m): [] for m in legal}
            for _ in range(layouts):
                hands = _deal_rest(rng, pos, seat, seen, fixed, talon)
                if hands is None:
                    break  # what the table showed contradicts itself: the card is not judged
                layout = replace(pos, hands=hands)
                for m in legal:
                    ok = solver.exceeds(play(layout, m, rules), contract - 1)
                    value = float(contract if ok else -contract)
                    scores[str(m)].append(value if seat == 0 else -value)
                    made[str(m)].append(ok)
            else:
                out.decisions.append(("card", hand.players[seat], str(chosen), scores, made, k))
                out.seconds.append(time.process_time() - started)
        seen.note(pos, seat, chosen)
        pos = play(pos, chosen, rules)


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
