"""``kozyr analyze`` for Bura and Burkozel: endings solved exactly, and the claim line.

**Endings.** Once the stock is gone and every hand is known (the record names every card),
the rest of a deal is a game of perfect information, and it is solved exactly by searching
every move the engine itself allows (``legal_moves()``: leads, answers face up or down,
claims, and at the end of the cards the choice not to claim), through the engine's own
``push``: its rules, its claims and its scoring decide every leaf.  A seat's *value* is the
best outcome it can force when every other player plays against it: ``win`` (its side takes
the deal), ``void`` (nobody does: in Bura a deal played out without a claim), ``loss``
(another side takes it, or its own claim fails).  Each play of the ending is given the
mover's value before and after it; a play that lowers it *cost* him the deal, and the first
such play on the winning or drawing side is the turning play.

**The claim line.** After every trick, each taker's true count (the card points of all the
tricks he took, face-down cards included) against 31: a claim made below 31 is shown as
false, and a trick after which a player had 31 or more and did not claim as a missed claim.

>>> import notation
>>> from pathlib import Path
>>> game = notation.loads(Path("samples/bura/02-two-players.kgn").read_text())
>>> deals = analyze_game(game)
>>> deals[0].summary().startswith("deal 1:")
True
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from notation.bura.records import Answer, Claim
from notation.cards import card_points
from notation.errors import KgnError
from notation.records import Comment, GameRecord, Glyph, Nag, Node
from notation.write import seat_text

from ..checker import Progress, Report, Visitor
from ..checking import replay_record
from ..table import POOL, GameTable
from .engine import BuraEngine, RoundResult

if TYPE_CHECKING:
    from ..view import Step

__all__ = [
    "DealAnalysis", "EndingSolver", "PlayValue", "add_analysis", "analyze_all", "analyze_game",
    "annotate_analysis", "brute_force",
]  # fmt: skip

WORDS = {1: "win", 0: "void", -1: "loss"}
"""A value as a word."""


def outcome(table: BuraEngine, res: RoundResult, seat: int) -> int:
    """What a finished deal is for ``seat``: 1 its side took it, -1 another did, 0 nobody."""
    if res.winner is None:
        return 0
    return 1 if table.side(res.winner) == table.side(seat) else -1


def owner(table: BuraEngine) -> int:
    """The seat whose choice the next move is (the claim window's seat after a trick, else
    the player to move)."""
    deal = table.deal
    assert deal is not None
    if deal.phase == "end" or (deal.claim_window is not None and deal.phase != "play"):
        return deal.claim_window if deal.claim_window is not None else deal.turn
    return deal.turn


def children(table: BuraEngine) -> list[tuple[str, BuraEngine]]:
    """Every position one move away, with the move in KGN (at the end of the cards, not
    claiming is a choice too: ``pass``)."""
    deal = table.deal
    assert deal is not None
    out: list[tuple[str, BuraEngine]] = []
    for move in table.legal_moves():
        after = table.clone()
        after.push(move)
        out.append((table.format_move(move), after))
    if deal.phase == "end":
        after = table.clone()
        after.close_deal()
        out.append(("pass", after))
    return out


def ending_ready(table: BuraEngine) -> bool:
    """Whether the rest of the deal is a game of perfect information: the stock is gone and
    every hand is known, at the start of a trick."""
    deal = table.deal
    if deal is None or deal.phase != "play" or deal.trick:
        return False
    h = deal.holdings
    return h.size(POOL) == 0 and all(h.fully_known(s) for s in range(table.n))


def _key(table: BuraEngine, seat: int) -> tuple[object, ...]:
    deal = table.deal
    assert deal is not None
    h = deal.holdings
    return (
        seat, deal.phase, deal.turn, deal.leader, deal.claim_window, deal.trick_no,
        tuple(tuple(sorted(h.known[s])) for s in range(table.n)),
        tuple(tuple(sorted(-1 if c is None else c for c in deal.won.get(s, []))) for s in range(table.n)),
        tuple((lay.seat, tuple(lay.up), tuple(-1 if c is None else c for c in lay.down)) for lay in deal.trick),
        tuple(sorted(deal.tricks_taken.items())), deal.last_taker, tuple(deal.buras), deal.playoff,
    )  # fmt: skip


ENDING_LIMIT = 100_000
"""The most ways to play an ending's cards (:func:`ending_size`) that is solved exactly:
such an ending takes a few seconds and some tens of MB; a larger one is not started."""


def ending_size(table: BuraEngine) -> int:
    """An upper bound on the ways the cards of an ending can be played: each seat's cards
    in any order (the rules, claims and equal cards make it far fewer).

    >>> import math; math.factorial(3) ** 2
    36
    """
    import math

    deal = table.deal
    assert deal is not None
    h = deal.holdings
    size = 1
    for s in range(table.n):
        size *= math.factorial(len(h.known[s]))
    return size


class TooLarge(Exception):
    """An ending with more positions than the solver's budget."""


class EndingSolver:
    """Exact values of Bura and Burkozel endings (positions keyed by everything the rest of
    the deal depends on, so each is searched once)."""

    def __init__(self, budget: int = 100_000) -> None:
        self.memo: dict[tuple[object, ...], int] = {}
        self.nodes = 0
        self.budget = budget
        """Positions searched at most (``TooLarge`` beyond)."""

    def value(self, table: BuraEngine, seat: int) -> int:
        """The best outcome ``seat`` can force from here (1 win, 0 void, -1 loss)."""
        return self._value(table, seat, len(table.results))

    def _value(self, table: BuraEngine, seat: int, base: int) -> int:
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooLarge(self.budget)
        if len(table.results) > base:
            return outcome(table, table.results[base], seat)
        key = _key(table, seat)
        found = self.memo.get(key)
        if found is not None:
            return found
        values = [self._value(after, seat, base) for _, after in children(table)]
        if not values:
            raise ValueError("no move: the position is not a game of perfect information")
        mine = table.side(owner(table)) == table.side(seat)
        v = max(values) if mine else min(values)
        self.memo[key] = v
        return v


def brute_force(table: BuraEngine, seat: int, base: int | None = None) -> int:
    """The same value by trying every move through the engine, with nothing remembered
    (for the tests)."""
    base = len(table.results) if base is None else base
    if len(table.results) > base:
        return outcome(table, table.results[base], seat)
    values = [brute_force(after, seat, base) for _, after in children(table)]
    mine = table.side(owner(table)) == table.side(seat)
    return max(values) if mine else min(values)


# ---- a record's deals --------------------------------------------------------------------


@dataclass(slots=True)
class PlayValue:
    """One play of a solved ending: the mover's value before and after it."""

    trick: int
    seat: str
    play: str
    before: int
    after: int
    line: int | None = None
    column: int | None = None
    best: list[str] = field(default_factory=list)
    """The plays that kept the value, when this one lowered it."""

    @property
    def cost(self) -> int:
        return self.before - self.after


@dataclass(slots=True)
class DealAnalysis:
    number: int
    skipped: str | None = None
    """Why the deal is not analysed at all (None: it is)."""
    unsolved: str | None = None
    """Why its ending is not solved (the claim line is there all the same)."""
    start: int | None = None
    """The trick the solved ending starts at."""
    values: dict[str, str] = field(default_factory=dict)
    """Each seat's value at the start of the ending."""
    plays: list[PlayValue] = field(default_factory=list)
    turning: PlayValue | None = None
    claims: list[str] = field(default_factory=list)
    """The claim line: each trick's taker and his true count, false and missed claims."""
    end: str = ""
    nodes: int = 0

    def summary(self) -> str:
        head = f"deal {self.number}: {self.end or 'not finished'}."
        if self.skipped is not None:
            return f"{head} Not analysed ({self.skipped})."
        if self.unsolved is not None:
            return f"{head} Ending not solved ({self.unsolved})."
        vals = ", ".join(f"{n} {v}" for n, v in self.values.items())
        text = f"{head} From trick {self.start}, with every card known: {vals}."
        if self.turning is not None:
            t = self.turning
            text += (
                f" It turned at trick {t.trick}: {t.seat}'s {t.play} made a {WORDS[t.before]} a "
                f"{WORDS[t.after]} for {t.seat} ({' or '.join(t.best)} kept the {WORDS[t.before]})."
            )
        return text

    def lines(self) -> list[str]:
        if self.skipped is not None:
            return []
        out = [f"  claims: {c}" for c in self.claims]
        for p in self.plays:
            mark = f"  <- {WORDS[p.before]} to {WORDS[p.after]}; best {' or '.join(p.best)}" if p.cost > 0 else ""
            out.append(f"  {p.trick}. {p.seat} {p.play}: {WORDS[p.after]}{mark}")
        return out

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


class _Collector(Visitor):
    """The positions of a replay's main line: the table before each move of a deal, the
    move's node, and the tricks' takers."""

    def __init__(self) -> None:
        self.before: BuraEngine | None = None
        self.deals: dict[int, list[tuple[BuraEngine, Node, BuraEngine]]] = {}

    def visit_move(self, table: GameTable, node: Node, where: Progress) -> None:
        if self.depth or not isinstance(table, BuraEngine):
            return
        before = self.before
        self.before = table.clone()
        deal = table.deal
        number = deal.number if deal is not None else table.results[-1].number
        if before is not None and before.deal is not None and before.deal.number == number:
            self.deals.setdefault(number, []).append((before, node, self.before))


def _claims(moves: list[tuple[BuraEngine, Node, BuraEngine]]) -> list[str]:
    """The claim line of one deal: after each trick its taker's true count; each claim with
    the claimant's count; a missed claim where a taker had 31 or more and did not claim.
    None for a game without claims (Burkozel, K5)."""
    out: list[str] = []
    if moves and moves[0][0].settings.claim == "none":
        return out
    for k, (before, node, after) in enumerate(moves):
        d0, d1 = before.deal, after.deal
        if d0 is None:
            continue
        if isinstance(node, Claim):
            if node.seat in before.players:
                count = _count(before, before.players.index(node.seat))
                verdict = "a true claim" if count >= 31 else "a false claim: under 31"
                out.append(f"{node.seat} claims with {count}: {verdict}")
            continue
        if d1 is None or d1.trick_no <= d0.trick_no or d1.last_taker is None:
            continue
        s = d1.last_taker
        count = _count(after, s)
        note = f"after trick {d0.trick_no} {after.name(s)} has {count}"
        if count >= 31 and after.settings.claim != "none":
            nxt = moves[k + 1][1] if k + 1 < len(moves) else None
            claimed = isinstance(nxt, Claim) and nxt.seat == after.name(s)
            note += ": a claim follows" if claimed else ": 31 or more and no claim (a missed claim)"
        out.append(note)
    return out


def _count(table: BuraEngine, seat: int) -> int:
    """The card points of the tricks ``seat`` took, face-down cards included."""
    deal = table.deal
    assert deal is not None
    return sum(card_points(c) for c in deal.won.get(seat, []) if c is not None)


def analyze_game(game: GameRecord, *, file: str | None = None) -> list[DealAnalysis]:
    """Every deal of a record: its claim line, and its ending solved where every card is
    known."""
    return next(analyze_all([((file or "<input>", 1), game)]))[3]


def _deal(number: int, moves: list[tuple[BuraEngine, Node, BuraEngine]], res: RoundResult | None) -> DealAnalysis:
    out = DealAnalysis(number, end=res.end if res is not None else "")
    out.claims = _claims(moves)
    start = next((k for k, (before, _, _) in enumerate(moves) if ending_ready(before)), None)
    if start is None:
        out.unsolved = "the stock was never gone with every hand known"
        return out
    size = ending_size(moves[start][0])
    if size > ENDING_LIMIT:  # said before the work: such an ending is not searched
        out.unsolved = (
            f"the ending has about {size:,} ways to play its cards, more than the "
            f"{ENDING_LIMIT:,} solved exactly: not searched"
        )
        return out
    solver = EndingSolver()
    try:
        _solve(out, solver, moves[start:])
    except TooLarge as exc:
        out.unsolved = f"the ending has more than {exc.args[0]:,} positions"
        out.values, out.plays, out.turning = {}, [], None
    out.nodes = solver.nodes
    return out


def _solve(out: DealAnalysis, solver: EndingSolver, moves: list[tuple[BuraEngine, Node, BuraEngine]]) -> None:
    first = moves[0][0]
    assert first.deal is not None
    out.start = first.deal.trick_no
    out.values = {first.name(s): WORDS[solver.value(first, s)] for s in range(first.n)}
    for before, node, after in moves:
        d = before.deal
        if d is None:
            break
        mover = owner(before)
        v0 = solver.value(before, mover)
        base = len(before.results)
        v1 = _after_value(solver, before, after, mover)
        pos = getattr(node, "pos", None)
        name = before.name(mover)
        pv = PlayValue(d.trick_no, name, _plain(_text(before, node), name), v0, v1, *(pos or (None, None)))
        if pv.cost > 0:
            pv.best = [
                _plain(m, name) for m, a in children(before) if _after_value(solver, before, a, mover) == v0
            ]
            if out.turning is None:
                out.turning = pv
        out.plays.append(pv)
        if len(after.results) > base:
            break


def _after_value(solver: EndingSolver, before: BuraEngine, after: BuraEngine, seat: int) -> int:
    base = len(before.results)
    if len(after.results) > base:
        return outcome(after, after.results[base], seat)
    return solver.value(after, seat)


def _plain(text: str, name: str) -> str:
    """A move's words without its player's name (``Boris QD AD`` -> ``QD AD``)."""
    head = seat_text(name) + " "
    return text[len(head) :] if text.startswith(head) else text


def _text(table: BuraEngine, node: Node) -> str:
    """A move's words (``TH 6H``, ``down 6S 7D``, ``open Mikhail``)."""
    try:
        move = table.move_of(node)
    except KgnError:  # not one move (a draw of several cards)
        return str(getattr(node, "kind", "move"))
    return table.format_move(move)


def _replayed(game: GameRecord, file: str | None) -> tuple[Report, _Collector, dict[int, RoundResult]]:
    """A record replayed: its report, the positions of its deals, their results."""
    collector = _Collector()
    report, table = replay_record(game, file=file, visitor=collector)
    results = {r.number: r for r in (table.results if isinstance(table, BuraEngine) else [])}
    return report, collector, results


def analyze_all(
    games: Iterable[tuple[tuple[str, int], GameRecord]], deal: int | None = None
) -> Iterator[tuple[tuple[str, int], GameRecord, Report, list[DealAnalysis]]]:
    """``(key, game, report, [DealAnalysis])`` for each game (or only deal number ``deal``)."""
    for key, game in games:
        report, collector, results = _replayed(game, key[0])
        deals = [
            _deal(n, moves, results.get(n))
            for n, moves in sorted(collector.deals.items())
            if deal is None or n == deal
        ]
        yield key, game, report, deals


def annotate_analysis(game: GameRecord) -> GameRecord:
    """A copy of the record with ``?`` and a comment on every play of a solved ending that
    cost its player (``??`` on the turning play), and a comment on every false claim.
    Moves are never changed; a play that has a glyph already keeps it; twice, the same."""
    out = copy.deepcopy(game)
    _, collector, results = _replayed(out, None)
    for number, moves in sorted(collector.deals.items()):
        analysis = _deal(number, moves, results.get(number))
        nodes = {getattr(node, "pos", None): node for _, node, _ in moves}
        for pv in analysis.plays:
            node = nodes.get((pv.line, pv.column))
            if pv.cost <= 0 or node is None:
                continue
            notes = getattr(node, "notes", None)
            if notes is None:
                continue
            if isinstance(node, Answer) and not any(isinstance(n, Glyph | Nag) for n in notes):
                notes.insert(0, Glyph(text="??" if pv is analysis.turning else "?"))
            text = f"ending solved: {' or '.join(pv.best)} kept {WORDS[pv.before]}; {pv.play} gives {WORDS[pv.after]}"
            if not any(isinstance(n, Comment) and n.text == text for n in notes):
                notes.append(Comment(text=text))
        for before, node, _ in moves:
            if not isinstance(node, Claim) or node.seat not in before.players:
                continue
            count = _count(before, before.players.index(node.seat))
            if count < 31:
                text = f"a false claim: {count} of 31"
                if not any(isinstance(n, Comment) and n.text == text for n in node.notes):
                    node.notes.append(Comment(text=text))
    return out


def add_analysis(steps: list[Step], deals: list[DealAnalysis]) -> None:
    """Show the analysis in a replay's steps: each ending play's value, and ``?`` (``??``)
    with the plays that kept it on a play that cost its player."""
    by_place = {(pv.line, pv.column): pv for d in deals for pv in d.plays if pv.line is not None}
    for step in steps:
        pv = by_place.get((step.line, step.column)) if step.line is not None else None
        if pv is None:
            continue
        step.view.lines.append(("ending", f"{pv.seat}: {WORDS[pv.after]}"))
        if pv.cost > 0:
            step.glyphs.append("?")
            step.notes.append(f"ending solved: {' or '.join(pv.best)} kept {WORDS[pv.before]} for {pv.seat}")
