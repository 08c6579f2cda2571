"""``kozyr analyze``: where a Thousand contract was won or lost (docs/analysis.md).

A record is replayed through the checker as ``kozyr validate`` does; every hand whose play
is complete (or whose cards are all known) is then solved double dummy (:mod:`replay.thousand.dd`):
the value before the first lead, and before and after every card, in the declarer's hand
points (card points of his tricks plus his marriages) with best play on both sides.

A card *costs* its side the points by which it moved the value against that side; the
*turning card* is the first after which the contract could no longer be made (when it was
makeable) or no longer be beaten (when it was not).

>>> import notation
>>> from pathlib import Path
>>> game = notation.loads(Path("samples/thousand/01-first-hand.kgn").read_text())
>>> print(analyze_game(game).hands[0].summary())
hand 1: Anna declared 120 and made it with 120 points. With best play on all sides Anna could take 205: the contract could be made.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Final

from notation.cards import card_code, card_points, parse_card
from notation.i18n import N_, NP_, ntr, ptr, round_text, tr
from notation.records import Node
from notation.thousand.records import Call, Concede, Contract, Give, Play, ThousandGame

from ..checker import Progress, Report, Visitor, round_results
from ..table import POOL, AnyTable
from ..view import add_comment
from .dd import Move, PlayRules, Position, Solver, legal_moves, play
from .engine import ConcedeHand, RoundResult, SetContract
from .simulate import (
    Auction,
    Decision,
    HandSetup,
    Outcomes,
    after_give,
    chunk_seed,
    chunks,
    give_order,
    merge,
    simulate_chunk,
    simulate_hand,
)
from .table import ThousandChecker, ThousandTable

if TYPE_CHECKING:
    from ..view import Step

__all__ = [
    "CardValue",
    "GameAnalysis",
    "GiveValue",
    "HandAnalysis",
    "HandPlay",
    "add_analysis",
    "analyze_game",
    "collect_hands",
    "position_of",
    "solve_hand",
]


# ---- What the replay gives the solver ----------------------------------------------------


@dataclass(slots=True)
class HandPlay:
    """One hand of a record as the solver needs it (plain data, so it can go to another
    process): the players in play order, the declarer, the cards played and their nodes'
    places in the file."""

    number: int
    players: list[str]
    """The three players of the hand, in play order starting with the declarer."""
    contract: int
    rules: PlayRules
    plays: list[tuple[int, int, bool, int | None, int | None]] = field(default_factory=list)
    """(seat index into ``players``, card, marriage, line, column)."""
    start: list[int] | None = None
    """Each player's cards when play began (bitmasks); None when some are unknown."""
    given: list[int] | None = None
    """The cards the declarer gave (to players[1], players[2]), when known."""
    taken: int | None = None
    """The declarer's hand points as the engine scored them (None: hand not finished)."""
    made: bool | None = None
    skipped: str | None = None
    auction: Auction | None = None
    """What the hand's calls were made on (for ``--simulate``)."""


class _Collector(Visitor):
    """A replay observer that gathers each hand's play on the main line."""

    def __init__(self) -> None:
        self.hands: dict[int, HandPlay] = {}
        self._ids: dict[int, int] = {}
        self.nodes: dict[tuple[int, int], Play] = {}
        """(hand, index of the card in the hand's play) -> the record's Play node."""
        self.auctions: dict[int, Auction] = {}
        self.calls: dict[tuple[int, int], Call] = {}
        """(hand, index of the call among those collected) -> the record's Call node."""
        self._legal: list[int | None] | None = None
        """The calls open to the next caller (after the last move of an auction)."""

    def visit_move(self, table: AnyTable, node: Node, where: Progress) -> None:
        if self.depth or not isinstance(table, ThousandTable):
            return
        if not isinstance(node, Play):
            self._decisions(table, node, where)
            if isinstance(node, Concede):
                self._conceded(table)
            return
        hand = table.round
        number = hand.number if hand is not None else table.results[-1].number
        hp = self.hands.get(number)
        if hp is None:
            assert hand is not None and hand.declarer is not None and hand.contract is not None
            order = hand.active[hand.active.index(hand.declarer) :]
            order += hand.active[: hand.active.index(hand.declarer)]
            self._ids = {seat: i for i, seat in enumerate(order)}
            hp = HandPlay(
                number,
                [table.players[s] for s in order],
                hand.contract,
                PlayRules.from_settings(table.settings),
            )
            given = [hand.given.get(s) for s in order[1:]]
            if all(c is not None for c in given):
                hp.given = [int(c) for c in given if c is not None]
            self.hands[number] = hp
        seat = where.seat(node.seat, node)
        pos = node.pos or (None, None)
        self.nodes[(number, len(hp.plays))] = node
        hp.plays.append((self._ids[seat], parse_card(node.card), node.marriage, pos[0], pos[1]))
        if hand is None or hand.number != number:
            res = table.results[-1]
            hp.taken = res.points.get(table.players.index(hp.players[0]))
            hp.made = res.made

    def _decisions(self, table: ThousandTable, node: Node, where: Progress) -> None:
        """The facts of the hand's decisions: each seat's dealt cards, each call with the
        calls open at that moment, the contracts the declarer could set."""
        hand = table.round
        if hand is None:
            return
        a = self.auctions.get(hand.number)
        if a is None:
            h = hand.holdings
            names = [table.players[s] for s in hand.active]
            dealt = {table.players[s]: sum(1 << c for c in h.known[s]) for s in hand.active if h.fully_known(s)}
            a = self.auctions[hand.number] = Auction(names, dealt, sum(1 << c for c in h.known[POOL]))
        if isinstance(node, Call) and self._legal is not None and not node.dark:
            self.calls[(hand.number, len(a.calls))] = node
            a.calls.append((table.players[where.seat(node.seat, node)], node.bid, self._legal))
        self._legal = list(table.legal_bids()) if hand.phase == "auction" else None
        if hand.phase == "give" and a.concede is None:
            concede = next((m for m in table.legal_moves() if isinstance(m, ConcedeHand)), None)
            if concede is not None:  # what giving up would score, before any doubling
                assert hand.declarer is not None
                trial = table.clone()
                trial.push(concede)
                a.concede = trial.results[-1].scores[hand.declarer] // table.score_factor(hand)
        if hand.phase == "contract":
            a.contracts = [m.value for m in table.legal_moves() if isinstance(m, SetContract)]

    def _conceded(self, table: ThousandTable) -> None:
        """A hand its declarer gave up: no card was played, but his decision to concede
        rather than give two cards is judged by ``--simulate``."""
        res = table.results[-1]
        a = self.auctions.get(res.number)
        if a is None or res.declarer is None:
            return
        at = a.order.index(table.players[res.declarer])
        self.hands[res.number] = HandPlay(
            res.number, a.order[at:] + a.order[:at], res.contract or 0,
            PlayRules.from_settings(table.settings), skipped="conceded", auction=a,
        )  # fmt: skip


def _cards_played(hp: HandPlay) -> list[int]:
    """Each player's cards played in the hand (bitmasks, in ``hp.players`` order)."""
    start = [0, 0, 0]
    for i, card, *_ in hp.plays:
        start[i] |= 1 << card
    return start


def _start_cards(table: ThousandTable, hp: HandPlay) -> list[int] | None:
    """The cards each player held when the play of a hand the record leaves unfinished
    began: those played, and those the table still knows (None while some are unknown)."""
    start = _cards_played(hp)
    hand = table.round
    if hand is None:
        return None
    order = [table.players.index(n) for n in hp.players]
    if not all(hand.holdings.fully_known(s) for s in order):
        return None
    for i, seat in enumerate(order):
        start[i] |= sum(1 << c for c in hand.holdings.known[seat])
    return start


def position_of(table: ThousandTable) -> tuple[Position, list[int]] | None:
    """The solver's position of a table in play, and the table's seats in the position's
    order (None outside play, or while some cards are unknown)."""
    hand = table.round
    if hand is None or hand.phase not in ("contract", "play") or hand.declarer is None:
        return None
    h = hand.holdings
    order = list(hand.active)
    if not all(h.fully_known(s) for s in order):
        return None
    idx = {s: i for i, s in enumerate(order)}
    decl = hand.declarer
    taken = sum(card_points(c) for c in hand.won.get(decl, [])) + hand.marriage_points.get(decl, 0)
    masks = [sum(1 << c for c in h.known[s]) for s in order]
    pos = Position(
        (masks[0], masks[1], masks[2]), idx[hand.turn], idx[decl],
        tuple((idx[s], c) for s, c in hand.plays),
        -1 if hand.trump is None else int(hand.trump),
        -1 if hand.next_trump is None else int(hand.next_trump),
        hand.trick_no == 1, taken,
    )  # fmt: skip
    return pos, order


def collect_hands(
    game: ThousandGame, *, file: str | None = None
) -> tuple[list[HandPlay], Report, _Collector]:
    """Replay a Thousand record; every hand it records, ready for :func:`solve_hand`."""
    collector = _Collector()
    checker = ThousandChecker(game, file, visitor=collector)
    report, table = checker.run(), checker.table
    out: list[HandPlay] = []
    played = dict(collector.hands)
    for res in round_results(report, RoundResult):
        hp = played.pop(res.number, None)
        if hp is None:
            why = N_("redeal") if res.redeal else N_("conceded") if res.conceded else N_("no card was played")
            out.append(HandPlay(res.number, [], res.contract or 0, PlayRules(), skipped=why))
            continue
        if hp.taken is not None and len(hp.plays) == 24:
            hp.start = _cards_played(hp)
        hp.auction = collector.auctions.get(hp.number)
        out.append(hp)
    for hp in played.values():  # the hand the record stops in
        hp.auction = collector.auctions.get(hp.number)
        if not report.ok or table is None:
            hp.skipped = N_("the record stops at an illegal move in this hand")
        else:
            hp.start = _start_cards(table, hp)
            if hp.start is None:
                hp.skipped = N_("the hand is not finished and some cards are unknown")
        out.append(hp)
    for hp in out:
        if hp.skipped is None and hp.start is None:
            hp.skipped = N_("some cards are unknown")
    return out, report, collector


# ---- Results -------------------------------------------------------------------------------


SIDES: Final = (NP_("side", "declarer"), NP_("side", "defence"))
"""The two sides of a hand, as the analysis names them."""


@dataclass(slots=True)
class CardValue:
    """One card played, with the double-dummy totals before and after it."""

    trick: int
    seat: str
    card: str
    marriage: bool
    line: int | None
    column: int | None
    side: str
    """``declarer`` or ``defence``."""
    before: int
    after: int
    cost: int
    """Points the card cost its own side (0: it was one of the best cards)."""
    best: list[str]
    """The best cards here (only when this card cost something)."""
    decisive: bool = False
    """A turning card: the contract could be made before it and not after, or the reverse."""

    def text(self) -> str:
        """The card in words: ``Anna QH marriage, which cost 23 (AC or TD kept 150)``."""
        if self.marriage:
            move = tr("{seat}'s {card} marriage").format(seat=self.seat, card=self.card)
        else:
            move = tr("{seat}'s {card}").format(seat=self.seat, card=self.card)
        if not self.cost:
            return move
        return tr("{move}, which cost {cost} ({best} kept {before})").format(
            move=move, cost=self.cost, best=tr(" or ").join(self.best), before=self.before
        )


@dataclass(slots=True)
class GiveValue:
    """``--give``: the best give after the talon against the one made."""

    played: list[str]
    value: int
    best: list[str]
    best_value: int
    gives: int
    seconds: float


@dataclass(slots=True)
class HandAnalysis:
    number: int
    declarer: str | None = None
    contract: int | None = None
    skipped: str | None = None
    dd: int | None = None
    """The declarer's hand points with best play, before the first lead."""
    makeable: bool | None = None
    taken: int | None = None
    made: bool | None = None
    cards: list[CardValue] = field(default_factory=list)
    turning: CardValue | None = None
    """The first card after which the contract could no longer be made (or beaten)."""
    turns: list[CardValue] = field(default_factory=list)
    """Every card that moved the value across the contract, in play order."""
    give: GiveValue | None = None
    decisions: list[Decision] = field(default_factory=list)
    """The decisions judged by simulation (``--simulate N``)."""
    nodes: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        """The hand in a sentence or two, as a player tells it: ``hand 4: Anna declared 150
        and failed with 136 points. With best play on all sides she could take 150: the
        contract could be made. It was lost at trick 2 by Anna's QH marriage, which cost 23
        (AC or TD kept 150).``"""
        head = round_text("hand", self.number) + ": "
        if self.skipped == "conceded" and self.declarer is not None:
            return head + tr(
                "{player} conceded {contract} after taking the talon (no card was played)."
            ).format(player=self.declarer, contract=self.contract)
        if self.skipped is not None:
            return head + tr("not analysed ({why})").format(why=tr(self.skipped))
        who, contract = self.declarer, self.contract
        if self.made is None or self.taken is None:
            outcome = tr("{player} declared {contract} and the hand is not finished.")
        elif self.made:
            outcome = ntr(
                "{player} declared {contract} and made it with {taken} point.",
                "{player} declared {contract} and made it with {taken} points.",
                self.taken,
            )
        else:
            outcome = ntr(
                "{player} declared {contract} and failed with {taken} point.",
                "{player} declared {contract} and failed with {taken} points.",
                self.taken,
            )
        if self.makeable:
            verdict = tr("With best play on all sides {player} could take {dd}: the contract could be made.")
        else:
            verdict = tr(
                "With best play on all sides {player} could take {dd}: the contract could not be made."
            )
        words = {"player": who, "contract": contract, "taken": self.taken, "dd": self.dd}
        text = head + outcome.format(**words) + " " + verdict.format(**words)
        for cv in self.turns:
            if cv.after >= (contract or 0):
                turn = tr("It was let through at trick {trick} by {card}.")
            else:
                turn = tr("It was lost at trick {trick} by {card}.")
            text += " " + turn.format(trick=cv.trick, card=cv.text())
        if self.give is not None:
            g = self.give
            if g.best_value > g.value:
                text += " " + tr("A better give was {best}, worth {value} instead of {given}").format(
                    best=" ".join(g.best), value=g.best_value, given=g.value
                )
            else:
                text += " " + tr("The give was one of the best")
            text += " " + tr("({n} gives solved in {seconds:.2f} s).").format(n=g.gives, seconds=g.seconds)
        return text

    def lines(self) -> list[str]:
        """The analysis card by card (:func:`card_lines`), then the decisions judged by
        simulation."""
        out = card_lines(self)
        if self.decisions:
            out.append(
                "  "
                + tr("decisions, over the cards their makers had not seen ({n} layouts each):").format(
                    n=self.decisions[0].layouts
                )
            )
            for d in self.decisions:
                out.extend(d.text())
        return out

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


@dataclass(slots=True)
class GameAnalysis:
    index: int | None
    hands: list[HandAnalysis]
    report: Report


# ---- Solving -------------------------------------------------------------------------------


def solve_hand(hp: HandPlay, give: bool = False, simulate: int | None = None, seed: int = 1) -> HandAnalysis:
    """The double-dummy analysis of one hand; with ``simulate``, its decisions judged
    over that many layouts of what their makers had not seen (``seed``: the layouts)."""
    out = HandAnalysis(hp.number, skipped=hp.skipped)
    started = time.process_time()
    played = hp.skipped is None and hp.start is not None
    if hp.skipped == "conceded":
        out.declarer, out.contract = hp.players[0], hp.contract
    elif played:
        solver = Solver(hp.rules)
        if not _play_values(out, hp, solver):
            return out
        if give and hp.given is not None:
            out.give = _solve_gives(hp, solver)
        out.nodes = solver.nodes
    if simulate and _simulable(hp):
        out.decisions = simulate_hand(_setup(hp), simulate, seed, hp.number)
    if played:
        out.seconds = round(time.process_time() - started, 3)
    return out


def _play_values(out: HandAnalysis, hp: HandPlay, solver: Solver) -> bool:
    """The value before the first lead and before and after every card played (False,
    with the reason in ``out.skipped``, where a card is not legal in the solver's position)."""
    assert hp.start is not None
    out.declarer, out.contract, out.taken, out.made = hp.players[0], hp.contract, hp.taken, hp.made
    rules = hp.rules
    pos = Position((hp.start[0], hp.start[1], hp.start[2]), 0, 0)
    out.dd = value = solver.total(pos)
    out.makeable = value >= hp.contract
    for k, (seat, card, marriage, line, column) in enumerate(hp.plays):
        move = Move(card, marriage)
        if move not in legal_moves(pos, rules):  # pragma: no cover - the engine checked it
            out.skipped = f"card {k + 1} ({move}) is not legal in the solver's position"
            return False
        after_pos = play(pos, move, rules)
        after = solver.total(after_pos)
        decl = seat == 0
        cost = value - after if decl else after - value
        best: list[str] = []
        if cost:
            best = [str(m) for m, v in solver.values(pos).items() if v == value]
        cv = CardValue(
            k // 3 + 1, hp.players[seat], card_code(card), marriage, line, column,
            "declarer" if decl else "defence", value, after, cost, best,
        )  # fmt: skip
        if (value >= hp.contract) != (after >= hp.contract):
            cv.decisive = True
            out.turns.append(cv)
            out.turning = out.turning or cv
        out.cards.append(cv)
        pos, value = after_pos, after
    return True


def _simulable(hp: HandPlay) -> bool:
    """Whether a hand's decisions can be judged by simulation: its play's start and the
    gives are known, or its declarer conceded and his ten cards (seven and the talon) are."""
    if hp.skipped is None:
        return hp.start is not None and hp.given is not None
    a = hp.auction
    return hp.skipped == "conceded" and a is not None and hp.players[0] in a.dealt and a.talon.bit_count() == 3


def _setup(hp: HandPlay, play: bool = True) -> HandSetup:
    """What the simulation needs of a hand :func:`_simulable` accepts (without the cards
    played when ``play`` is false: the play is then not judged)."""
    if hp.start is None or hp.given is None:  # conceded: no give was made
        assert hp.auction is not None
        ten = hp.auction.dealt[hp.players[0]] | hp.auction.talon
        return HandSetup(hp.players, hp.contract, hp.rules, ten, None, hp.auction)
    g1, g2 = hp.given
    start = (hp.start[0], hp.start[1], hp.start[2])
    plays = [(seat, card, marriage) for seat, card, marriage, _, _ in hp.plays] if play else []
    return HandSetup(hp.players, hp.contract, hp.rules, start[0] | 1 << g1 | 1 << g2, (g1, g2), hp.auction, start, plays)


def _solve_gives(hp: HandPlay, solver: Solver) -> GiveValue:
    """Every give of two of the declarer's ten cards, one to each opponent."""
    assert hp.start is not None and hp.given is not None
    started = time.process_time()
    d, o1, o2 = hp.start
    g1, g2 = hp.given
    o1 &= ~(1 << g1)
    o2 &= ~(1 << g2)
    ten = d | 1 << g1 | 1 << g2
    count = 1
    played = solver.total(Position((d, hp.start[1], hp.start[2]), 0, 0))
    # The give made first, then cheap cards first (a null-window search against the best).
    order = give_order(ten)
    order.remove((g1, g2))
    best_value, best = played, [g1, g2]
    for a, b in order:
        count += 1
        v = solver.total(after_give(ten, o1, o2, a, b), above=best_value)
        if v > best_value:
            best_value, best = v, [a, b]
    names = hp.players
    return GiveValue(
        [f"{names[1]} {card_code(g1)}", f"{names[2]} {card_code(g2)}"], played,
        [f"{names[1]} {card_code(best[0])}", f"{names[2]} {card_code(best[1])}"], best_value,
        count, round(time.process_time() - started, 3),
    )  # fmt: skip


def analyze_game(
    game: ThousandGame,
    *,
    file: str | None = None,
    index: int | None = None,
    hand: int | None = None,
    give: bool = False,
) -> GameAnalysis:
    """Analyse every hand of a record (or hand number ``hand``)."""
    hands, report, _ = collect_hands(game, file=file)
    chosen = [hp for hp in hands if hand is None or hp.number == hand]
    return GameAnalysis(index, [solve_hand(hp, give) for hp in chosen], report)


# ---- annotate --analysis -------------------------------------------------------------------


def annotate_analysis(game: ThousandGame, simulate: int | None = None, seed: int = 1) -> ThousandGame:
    """A copy of the record with a glyph and a comment on every card that cost points
    (``?``; ``??`` for the card that cost the contract).  With ``simulate``, also a comment
    at each decision (a call, the gives, the contract) whose best choice beat the one made
    by more than the 95% interval over that many layouts, and on a call its glyph (``?``;
    ``??`` when the interval's low end is 50 points or more).  Moves are never changed; a
    move that has a glyph already keeps it; running it twice changes nothing."""
    out = copy.deepcopy(game)
    hands, _, collector = collect_hands(out)
    by_number = {h.number: h for h in out.hands}
    for hp in hands:
        result = solve_hand(hp, simulate=simulate, seed=seed)
        for k, cv in enumerate(result.cards):
            if not cv.cost:
                continue
            node = collector.nodes.get((hp.number, k))
            if node is None:  # pragma: no cover
                continue
            text = tr("DD: {best} keeps {before}; {card} gives {after} ({cost:+d} for the {side})").format(
                best=tr(" or ").join(cv.best),
                before=cv.before,
                card=cv.card,
                after=cv.after,
                cost=-cv.cost,
                side=ptr("side", cv.side),
            )
            add_comment(node.notes, text, "??" if cv.decisive else "?")
        record = by_number.get(hp.number)
        for d in result.decisions:
            if not d.mistaken or record is None:
                continue
            target: Call | Give | Concede | Contract | Play | None
            if d.kind == "bid":
                target = collector.calls.get((hp.number, d.at))
            elif d.kind == "card":
                target = collector.nodes.get((hp.number, d.at))
            elif d.kind == "give":
                target = record.concede if d.chosen == "concede" else record.give
            else:
                target = record.contract
            if target is None:
                continue
            add_comment(target.notes, d.note(), d.glyph if isinstance(target, Call | Play) else None)
    return out


# ---- Many games on many cores ------------------------------------------------------------------


@dataclass(slots=True)
class _Task:
    """One unit of work: a hand to solve (``chunk`` None), or one chunk of its simulation's
    layouts (``hand`` None: a game with nothing to solve); ``last``: the hand's last unit,
    ``final``: the game's last."""

    game: tuple[str, int]
    hand: HandPlay | None
    give: bool
    final: bool
    last: bool = True
    chunk: int | None = None
    size: int = 0
    seed: int = 1
    play: bool = True


def _solve_task(task: _Task) -> HandAnalysis | Outcomes | None:
    hp = task.hand
    if hp is None:
        return None
    if task.chunk is None:
        return solve_hand(hp, task.give)
    return simulate_chunk(_setup(hp, task.play), task.size, chunk_seed(task.seed, hp.number, task.chunk))


def analyze_all(
    games: Iterable[tuple[tuple[str, int], ThousandGame]],
    *,
    hand: int | None = None,
    give: bool = False,
    jobs: int | None = None,
    simulate: int | None = None,
    seed: int = 1,
    play: bool = True,
) -> Iterator[tuple[tuple[str, int], ThousandGame, Report, list[HandAnalysis]]]:
    """``(key, game, report, [HandAnalysis])`` for each ``(key, game)`` of ``games``, in
    order, the work spread over ``jobs`` processes: a hand, and with ``simulate`` each chunk
    of its layouts (:data:`~replay.thousand.simulate.CHUNK`), is a unit of work; the numbers
    are the same whatever ``jobs`` is. ``play`` false leaves the cards of the play out of
    the simulation."""
    from ..pool import imap_ordered

    pending: dict[tuple[str, int], tuple[ThousandGame, Report]] = {}

    def tasks() -> Iterator[_Task]:
        for key, game in games:
            plays, report, _ = collect_hands(game, file=key[0])
            pending[key] = (game, report)
            chosen = [hp for hp in plays if hand is None or hp.number == hand]
            if not chosen:
                yield _Task(key, None, give, True)
            for i, hp in enumerate(chosen):
                final = i == len(chosen) - 1
                sizes = chunks(simulate) if simulate and _simulable(hp) else []
                yield _Task(key, hp, give, final, last=not sizes)
                for k, size in enumerate(sizes):
                    yield _Task(key, hp, give, final, k == len(sizes) - 1, k, size, seed, play)

    done: list[HandAnalysis] = []
    parts: list[Outcomes] = []
    for task, result in imap_ordered(_solve_task, tasks(), jobs):
        if isinstance(result, HandAnalysis):
            done.append(result)
        elif isinstance(result, Outcomes):
            parts.append(result)
        if task.last and parts:
            done[-1].decisions = merge(parts)
            parts = []
        if task.last and task.final:
            game, report = pending.pop(task.game)
            yield task.game, game, report, done
            done = []


def card_lines(analysis: HandAnalysis) -> list[str]:
    """One line per trick: each card with the value after it, and what a costly card cost."""
    lines = []
    for t in range(0, len(analysis.cards), 3):
        trick = analysis.cards[t : t + 3]
        parts = []
        for cv in trick:
            move = cv.card + (" marriage" if cv.marriage else "")  # KGN
            part = f"{cv.seat} {move} {cv.after}"
            if cv.cost:
                if cv.decisive:
                    why = tr(" ({cost:+d} contract; best {best})")
                else:
                    why = tr(" ({cost:+d}; best {best})")
                part += why.format(cost=-cv.cost, best=tr(" or ").join(cv.best))
            parts.append(part)
        lines.append(f"  {trick[0].trick}. {trick[0].before} | " + ", ".join(parts))
    return lines


def add_analysis(steps: list[Step], hands: list[HandAnalysis]) -> None:
    """Show the analysis in a replay's steps (:func:`replay.steps.timeline`): the
    double-dummy value after each card of the main line, and a ``?`` (``??``) with the best
    card on every card that cost points."""
    by_place = {
        (cv.line, cv.column): (h, cv) for h in hands for cv in h.cards if cv.line is not None
    }
    for step in steps:
        found = by_place.get((step.line, step.column)) if step.line is not None else None
        if found is None:
            continue
        hand, cv = found
        contract = hand.contract or 0
        verdict = tr("makeable") if cv.after >= contract else tr("not makeable")
        step.view.lines.append(("double dummy", f"{cv.after} ({contract} {verdict})"))
        if cv.cost:
            step.glyphs.append("??" if cv.decisive else "?")
            step.notes.append(
                tr("double dummy: {card} costs the {side} {cost}; {best} kept {before}").format(
                    card=cv.card,
                    side=ptr("side", cv.side),
                    cost=cv.cost,
                    best=tr(" or ").join(cv.best),
                    before=cv.before,
                )
            )
