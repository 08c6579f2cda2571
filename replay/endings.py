"""Endings solved exactly, for every game whose cards all come into view: Bura's and
Burkozel's once the stock is gone, Sixty-six's strict phase once the stock is gone.

A round is replayed; from the first position where every card is known to every player
(:meth:`Table.open_cards`, looked at after the draws the stock gives by itself) the
rest is solved by :class:`replay.solve.Solver`.  Each play of the ending gets its player's
value before and after it, in the game's own unit (chips, penalty points, game points:
the side's gain less the other sides' mean gain, negated for penalty points, so that more
is always better); a play that lowers it *cost* that much, and the first such play is the
turning play.  A game adds nothing here: what it brings is the public table model.  A game
may add lines of its own (Bura's claim line: :func:`replay.bura.analyze.claim_line`).

>>> import notation
>>> from pathlib import Path
>>> game = notation.loads(Path("samples/bura/02-two-players.kgn").read_text())
>>> rounds = analyze_game(game)
>>> rounds[0].summary().startswith("deal 1:")
True
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal

from notation.errors import KgnError
from notation.i18n import N_, ptr, round_text, tr
from notation.records import GameRecord, Node, takes_glyphs
from notation.write import seat_text

from .checker import Progress, Report, Visitor
from .checking import replay_record
from .games import GAMES
from .sample import Sampler, cards_seen
from .solve import (
    EPSILON,
    SETTLE,
    Search,
    Solver,
    TooLarge,
    child,
    chooser,
    interval,
    options,
    owner,
    search_at,
    searched,
    takes_a_choice,
)
from .table import AnyTable
from .view import add_comment

if TYPE_CHECKING:
    from .view import Step

__all__ = [
    "ENDING_NODES",
    "Moves",
    "Note",
    "PlayValue",
    "RoundEnding",
    "add_analysis",
    "analyze_all",
    "analyze_game",
    "annotate_analysis",
]  # fmt: skip

ENDING_NODES = 30_000
"""The most positions the search of one ending may take (a second or two compiled), counted
in positions of the game-free :class:`replay.solve.Solver` (a game's own faster search
counts each of its positions at its :attr:`~replay.solve.Search.COST`).  The ending is
solved from its last move back: each earlier move is searched while what the move after it
took, times the growth seen from the move after that, fits what is left; the first that
would not is said to be too large before any work on it, and the ending is solved from the
move after it."""

TOO_MANY: Final = N_("the ending has more than {n:,} positions")
"""Why an ending is not solved: its search passed its budget."""

BUDGET = 300_000
"""The most positions the search of one layout of a decision in the dark visits."""


def longest_size(table: AnyTable, probes: int = 6) -> int:
    """A cautious estimate of how many lines of play the rest of the round has: over random
    lines through the choices the rules allow, that go on as long as they can (a move that
    ends the round, going out or claiming, is taken only when every move does), the largest
    product of the number of choices along a line (Knuth's estimate of the size of a tree,
    taken at its largest so that lines ending early cannot make a large rest look small).
    As in the search, a move back to a position of the line (a combination shown again)
    changes nothing and is not a choice."""
    rng = random.Random(0)
    base = len(table.results)
    sizes = []
    for _ in range(probes):
        line = table.clone()
        seen = {line.position_key()}
        size = 1
        while len(line.results) == base:
            line.mark()  # each move tried below is taken back to here at once
            after = [(m, *_after(line, m, base)) for m in searched(line)]
            moves = [(m, ended, key) for m, ended, key in after if key is None or key not in seen]
            if not moves:
                break
            size *= len(moves)
            move, _, key = rng.choice([m for m in moves if not m[1]] or moves)
            line = child(line, move)
            seen.add(key if key is not None else line.position_key())
        sizes.append(size)
    return max(sizes)


def _after(table: AnyTable, move: Any, base: int) -> tuple[bool, Hashable | None]:
    """Whether ``move`` ends the round, and the position it leads to (``table`` is as it
    was after)."""
    if move is SETTLE:
        return len(child(table, move).results) > base, None
    table.push(move)
    ended, key = len(table.results) > base, table.position_key()
    table.pop()
    return ended, key


UNITS: Final = (N_("points"), N_("game points"), N_("penalty points"), N_("chips"))
"""What a game's deal is valued in (``SCORE_UNIT``), as a message says it."""

ROUND_PHRASES: Final = (
    N_("no move (the hand ends)"),
    N_("no move (the deal ends)"),
    N_("at no point of the hand was every card known to every player"),
    N_("at no point of the deal was every card known to every player"),
)
"""The phrases that name a round, each game's word written whole for the catalogue."""


def unit_text(unit: str) -> str:
    """A game's unit (``game points``) in the language in use."""
    return tr(unit)


def signed(value: float) -> str:
    """A value with its sign: ``+3``, ``-1.5``, ``0``."""
    text = f"{value:+.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("+0", "-0") else text


@dataclass(slots=True)
class PlayValue:
    """One play of a solved ending: its player's value before and after it."""

    trick: int | None
    seat: str
    play: str
    before: float
    after: float
    line: int | None = None
    column: int | None = None
    best: list[str] = field(default_factory=list)
    """The plays that kept the value, when this one lowered it."""

    @property
    def cost(self) -> float:
        return round(self.before - self.after, 9)


MIN_MARGIN = 0.25
"""The least expected gain (chips, penalty points, game points) that marks a decision in
the dark as one with a better choice."""


@dataclass(slots=True)
class DarkDecision:
    """A decision judged in the dark: every choice's mean value over layouts of the cards
    its player had not seen, each layout solved exactly (``--simulate N``)."""

    trick: int | None
    seat: str
    chosen: str
    values: dict[str, tuple[float, float, float]]
    """Per choice: mean, and its 95% interval."""
    best: str
    margin: float
    margin_low: float
    margin_high: float
    layouts: int
    line: int | None = None
    column: int | None = None

    @property
    def mistaken(self) -> bool:
        """The best beats the choice made beyond the interval of their paired difference,
        by a quarter of a unit or more (less is no difference a player would weigh)."""
        return self.best != self.chosen and self.margin_low > 0 and self.margin >= MIN_MARGIN

    def note(self, unit: str) -> str:
        """The comment ``annotate --analysis --simulate N`` writes at the decision."""
        return tr(
            "simulation, {layouts} layouts: {best} expects {value} {unit}, {chosen} {mine}; "
            "{margin} (95%: {low} to {high})"
        ).format(
            layouts=self.layouts,
            best=self.best,
            value=signed(self.values[self.best][0]),
            unit=unit_text(unit),
            chosen=self.chosen,
            mine=signed(self.values[self.chosen][0]),
            margin=signed(self.margin),
            low=signed(self.margin_low),
            high=signed(self.margin_high),
        )

    def text(self, unit: str) -> str:
        words = {
            "trick": self.trick,
            "seat": self.seat,
            "chosen": self.chosen,
            "layouts": self.layouts,
            "mine": signed(self.values[self.chosen][0]),
            "unit": unit_text(unit),
            "best": self.best,
            "value": signed(self.values[self.best][0]),
            "margin": signed(self.margin),
            "low": signed(self.margin_low),
            "high": signed(self.margin_high),
        }
        if self.best == self.chosen or not self.mistaken:
            line = tr("{trick}. {seat} {chosen} in the dark ({layouts} layouts): expects {mine} {unit}; best")
        else:
            line = tr(
                "{trick}. {seat} {chosen} in the dark ({layouts} layouts): expects {mine} {unit}; "
                "{best} expects {value} ({margin}, 95%: {low} to {high})"
            )
        return "  " + line.format(**words)


@dataclass(slots=True)
class RoundEnding:
    """The analysis of one round (``kozyr analyze`` prints it)."""

    number: int
    unit: str
    round_word: str = "deal"
    skipped: str | None = None
    """Why the round is not analysed at all (None: it is)."""
    unsolved: str | None = None
    """Why its ending is not solved (said before any search)."""
    later: str | None = None
    """Why the ending is solved from a later trick than the first with every card known."""
    start: int | None = None
    """The trick the solved ending starts at."""
    values: dict[str, float] = field(default_factory=dict)
    """Each seat's value at the start of the ending."""
    plays: list[PlayValue] = field(default_factory=list)
    turning: PlayValue | None = None
    extra: list[str] = field(default_factory=list)
    """The game's own lines (Bura's claim line)."""
    dark: list[DarkDecision] = field(default_factory=list)
    """With ``--simulate N``: the decisions taken with cards unseen, judged over layouts."""
    dark_skipped: int = 0
    """Decisions with cards unseen whose rest was too large to judge by simulation."""
    dark_unplaced: bool = False
    """With ``--simulate N``: the record does not write the stock's order (draws recorded
    as they came), so no layout of the deal can be played out and nothing is judged."""
    end: str = ""
    nodes: int = 0

    def summary(self) -> str:
        head = round_text(self.round_word, self.number) + ": "
        head += (ptr("end", self.end) if self.end else tr("not finished")) + "."
        if self.skipped is not None:
            return head + " " + tr("Not analysed ({why}).").format(why=self.skipped)
        if self.unsolved is not None:
            return head + " " + tr("Ending not solved ({why}).").format(why=self.unsolved) + self._in_the_dark()
        vals = ", ".join(f"{n} {signed(v)}" for n, v in self.values.items())
        unit = unit_text(self.unit)
        if self.later is not None:
            text = tr("The ending is large ({why}). From trick {trick}: {values} {unit}.").format(
                why=self.later, trick=self.start, values=vals, unit=unit
            )
        else:
            text = tr("From trick {trick}, with every card known: {values} {unit}.").format(
                trick=self.start, values=vals, unit=unit
            )
        text = head + " " + text + self._in_the_dark()
        if self.turning is not None:
            t = self.turning
            text += " " + tr(
                "It turned at trick {trick}: {seat}'s {play} cost {seat} {cost} ({before} to "
                "{after}; {best} kept {before})."
            ).format(
                trick=t.trick,
                seat=t.seat,
                play=t.play,
                cost=signed(t.cost).lstrip("+"),
                before=signed(t.before),
                after=signed(t.after),
                best=_listed(t.best),
            )
        return text

    def _in_the_dark(self) -> str:
        """The decisions judged by simulation, in a sentence (none without ``--simulate``)."""
        if self.dark_unplaced:
            return " " + tr("In the dark: not judged (the record does not write the stock's order).")
        if not self.dark and not self.dark_skipped:
            return ""
        wrong = sum(d.mistaken for d in self.dark)
        if self.dark_skipped:
            text = tr(
                "In the dark: {n} decisions judged, {wrong} with a better choice ({skipped} too "
                "large to judge)."
            )
        else:
            text = tr("In the dark: {n} decisions judged, {wrong} with a better choice.")
        return " " + text.format(n=len(self.dark), wrong=wrong, skipped=self.dark_skipped)

    def lines(self) -> list[str]:
        if self.skipped is not None:
            return []
        out = list(self.extra)
        out.extend(d.text(self.unit) for d in self.dark)
        for p in self.plays:
            mark = ""
            if p.cost > 0:
                mark = "  " + tr("<- costs {cost}; best {best}").format(
                    cost=signed(p.cost).lstrip("+"), best=_listed(p.best)
                )
            out.append(f"  {p.trick}. {p.seat} {p.play}: {signed(p.after)}{mark}")
        return out

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


Moves = list[tuple[AnyTable, Node, AnyTable, int | None]]
"""One round's moves on the main line: the table before (the draws the stock gives by
itself applied), the move's node, the table after, the trick number."""


class _Collector(Visitor):
    """The moves of a replay's main line, by round."""

    def __init__(self) -> None:
        self.last: AnyTable | None = None
        self.rounds: dict[int, Moves] = {}

    def visit_move(self, table: AnyTable, node: Node, where: Progress) -> None:
        if self.depth:
            return
        last, self.last = self.last, table.clone()
        number = where.round_no
        if last is None or number is None:
            return
        if last.next_number() != number:  # the deal that starts the round: no decision
            return
        before = last.clone()
        while (auto := before.automatic_move()) is not None and not _chosen_before(before, auto, node):
            before.push(auto)
        self.rounds.setdefault(number, []).append((before, node, self.last, where.trick_no))


def _chosen_before(table: AnyTable, auto: Any, node: Node) -> bool:
    """Whether ``node`` was chosen before ``auto`` (a draw the stock gives) would follow by
    itself: it is legal now, and the draws would take it away (Bura's claim after a trick,
    made instead of drawing)."""
    try:
        return table.is_legal(table.move_of(node)) and takes_a_choice(table, auto)
    except KgnError:
        return False


def replayed(game: GameRecord, file: str | None) -> tuple[Report, dict[int, Moves], AnyTable | None]:
    """A record replayed: its report, the moves of each round, the last table."""
    collector = _Collector()
    report, table = replay_record(game, file=file, visitor=collector)
    return report, collector.rounds, table


def _plain(text: str, name: str) -> str:
    """A move's words without its player's name (``Boris QD AD`` -> ``QD AD``, ``show
    Anna bura ...`` -> ``show bura ...``)."""
    head = seat_text(name)
    if text.startswith(head + " "):
        return text[len(head) + 1 :]
    if text.endswith(" " + head):  # ``out Semyon`` -> ``out``
        return text[: -len(head) - 1]
    return text.replace(f" {head} ", " ", 1)


def choice_text(table: AnyTable, move: Any) -> str:
    """A choice in words, without its player's name (``QD AD``, ``out``)."""
    if move is SETTLE:
        phrase = f"no move (the {table.round_word} ends)"  # one of ROUND_PHRASES
        return tr(phrase)
    if move == table.automatic_move():  # a draw the stock gives, instead of a claim
        return tr("play on")
    return _plain(table.format_move(move), table.players[owner(table, move)])


def _listed(texts: list[str], most: int = 4) -> str:
    """``a or b or c``, or the first ``most`` and how many more."""
    if len(texts) <= most:
        return tr(" or ").join(texts)
    return tr("{first} or {n} more").format(first=", ".join(texts[:most]), n=len(texts) - most)


Extra = Callable[[Moves], list[str]]
"""A game's own lines for one round's analysis."""
Note = Callable[[Moves], None]
"""A game's own comments on one round's nodes (``annotate --analysis``)."""


def analyze_round(
    number: int,
    moves: Moves,
    last: AnyTable | None,
    extra: Extra | None = None,
    simulate: int | None = None,
    seed: int = 1,
) -> RoundEnding:
    """One round: its ending solved from the first position with every card known, and
    with ``simulate``, its decisions taken with cards unseen judged over that many
    layouts."""
    some = moves[0][0] if moves else last
    unit = some.SCORE_UNIT if some is not None else "points"
    res = next((r for r in (last.results if last is not None else []) if r.number == number), None)
    word = some.round_word if some is not None else "deal"
    out = RoundEnding(number, unit, word, end=getattr(res, "end", "") or "")
    if extra is not None:
        out.extra = extra(moves)
    if simulate:
        if _placed(moves):
            out.dark, out.dark_skipped = judge_dark(moves, simulate, seed * 1_000_003 + number)
        else:
            out.dark_unplaced = True
    first = next((k for k, m in enumerate(moves) if m[0].open_cards()), None)
    if first is None:
        phrase = f"at no point of the {out.round_word} was every card known to every player"
        out.unsolved = tr(phrase)  # one of ROUND_PHRASES
        return out
    try:
        _ending(out, moves, first, own=True)
    except ValueError:  # a position the game's own search does not follow: the game-free one's
        out.values, out.plays, out.turning, out.later, out.unsolved = {}, [], None, None, None
        _ending(out, moves, first, own=False)
    return out


def _ending(out: RoundEnding, moves: Moves, first: int, own: bool) -> None:
    """The round's ending solved into ``out``, by the game's own search where it has one
    (``own``), else by the game-free solver."""
    solver, start, why = _solved_back(moves, first, own)
    if start is None:
        out.unsolved = why
        out.nodes = solver.nodes
        return
    out.later = why
    try:
        _solve(out, solver, moves[start:])
    except TooLarge as exc:
        out.unsolved = tr(TOO_MANY).format(n=exc.args[0])
        out.values, out.plays, out.turning = {}, [], None
    out.nodes = solver.nodes


def _solved_back(moves: Moves, first: int, own: bool) -> tuple[Search, int | None, str | None]:
    """The search of a round's ending, from its last move back to its ``first`` position
    with every card known, as far as :data:`ENDING_NODES` lets it go: the search (each seat's
    value known where it starts; the game's own where it has one and ``own``), the move it
    starts at (None: not even the last move could be searched) and why it does not start at
    ``first`` (None where it does)."""

    def search(table: AnyTable, budget: float) -> Search:
        return search_at(table, int(budget / _cost(table))) if own else Solver.at(table, int(budget))

    most = 2 * ENDING_NODES
    solver = search(moves[first][0], most)
    took: list[float] = []  # what the search from each move took, the last move first
    done: int | None = None
    for k in range(len(moves) - 1, first - 1, -1):
        table = moves[k][0]
        if done is not None and len(took) >= 2:
            guess = took[-1] * max(1.0, took[-1] / max(took[-2], 1.0))
            if sum(took) + guess > ENDING_NODES:  # said before any work on it
                return solver, done, _from_later(moves, first, done, ENDING_NODES, round(sum(took) + guess))
        before = solver.nodes
        try:
            for seat in range(len(table.players)):
                solver.value(table, seat)
        except TooLarge:
            if done is None:
                return solver, None, tr(TOO_MANY).format(n=most)
            again = search(moves[done][0], most)  # this one is past its budget
            return again, done, _from_later(moves, first, done, most, None)
        took.append((solver.nodes - before) * solver.COST)
        done = k
    return solver, done, None


def _from_later(moves: Moves, first: int, start: int, limit: int, guess: int | None) -> str:
    """Why an ending is solved from ``start``, later than ``first``: what one more move back
    would have taken (``guess``, said before any work on it), or that its search passed
    ``limit``."""
    at = moves[start][0]
    who = at.players[chooser(at, options(at))]
    if guess is None:
        why = tr("from trick {trick} the ending has more than {limit:,} positions").format(trick=moves[first][3], limit=limit)
    else:
        why = tr(
            "from trick {trick} the ending has more than the {limit:,} positions one ending may "
            "search (searched back from its end, one move more would take about {guess:,})"
        ).format(trick=moves[first][3], limit=limit, guess=guess)
    return tr("{why}; solved from {player}'s move at trick {trick} instead").format(why=why, player=who, trick=moves[start][3])


def _solve(out: RoundEnding, solver: Search, moves: Moves) -> None:
    first = moves[0][0]
    out.start = moves[0][3]
    out.values = {first.players[s]: solver.value(first, s) for s in range(len(first.players))}
    for before, node, after, trick in moves:
        if solver.ended(before):
            break
        try:
            move = before.move_of(node)
        except KgnError:  # not one move (a draw of several cards): no decision
            move = None
        pv = None if move is None else _play_value(solver, before, node, after, trick, move)
        if pv is not None:
            if pv.cost > 0 and out.turning is None:
                out.turning = pv
            out.plays.append(pv)
        if solver.ended(after):
            break


def _play_value(solver: Search, before: AnyTable, node: Node, after: AnyTable, trick: int | None, move: Any) -> PlayValue | None:
    """A move's value for its player before and after it (and, where it cost, the
    choices that kept the value); None for a forced move (no decision)."""
    mover = owner(before, move)
    mine = [m for m in options(before) if owner(before, m) == mover]
    if len(mine) <= 1:
        return None
    if mover == before.to_move:
        v0 = solver.value(before, mover)
    else:  # a combination shown out of turn: the best of its player's choices
        v0 = max(solver.value(child(before, m), mover) for m in mine)
    v1 = solver.value(after, mover)
    pos = getattr(node, "pos", None)
    pv = PlayValue(trick, before.players[mover], choice_text(before, move), v0, v1, *(pos or (None, None)))
    if pv.cost > 0:
        pv.best = [choice_text(before, m) for m in mine if solver.reaches(child(before, m), mover, v0)]
    return pv


DARK_LIMIT = 2_000_000
"""The most lines of play (:func:`longest_size`, in the position as it was) the rest of a
round may have for a decision there to be judged in the dark: each layout of it is solved
exactly."""


DARK_NODES = 100_000
"""The most positions the layouts of one round's decisions may take in all (a few seconds
compiled), counted in positions of the game-free :class:`replay.solve.Solver` (a game's own
faster search counts each of its positions at its :attr:`~replay.solve.Search.COST`); how
they are shared out is :func:`judge_dark`'s."""


FEWEST_LAYOUTS = 20
"""The fewest layouts a decision is judged over (or all that were asked for, when fewer):
one whose first layout says that so many would not fit what the budget has left is too
large to judge."""


class _Dark:
    """One decision in the dark being judged: each choice of ``mover`` at ``table`` with
    its value in each layout solved so far (drawn by ``sampler``), and the positions the
    searches took, counted as :data:`DARK_NODES` counts them."""

    def __init__(self, table: AnyTable, mover: int, sampler: Sampler) -> None:
        self.table, self.mover, self.sampler = table, mover, sampler
        self.texts = [choice_text(table, m) for m in options(table) if owner(table, m) == mover]
        self.values: dict[str, list[float]] = {t: [] for t in self.texts}
        self.cost = _cost(table)  # the same game in every layout
        self.first = 0.0
        """What its first layout took."""
        self.spent = 0.0

    @property
    def layouts(self) -> int:
        """How many layouts it is judged over so far."""
        return min((len(v) for v in self.values.values()), default=0)

    def solve(self, budget: float) -> bool:
        """Draw one more layout and solve every choice in it, within ``budget``: whether
        it fitted (not when no layout could be drawn, or one holds a card nobody recorded:
        then no layout may be solved)."""
        most = int(min(BUDGET, budget) / self.cost) - 1  # a search passes its budget by one
        layout = None if most < 1 else self.sampler.layout()
        if layout is None:
            return False
        solver = search_at(layout, most)
        mine = {choice_text(layout, m): m for m in options(layout) if owner(layout, m) == self.mover}
        try:
            found = [solver.value(child(layout, mine[t]), self.mover) for t in self.texts]
        except (TooLarge, KeyError, ValueError):
            # past the budget; a card nobody recorded (or a line past the C search's guards:
            # more than 256 moves, no move where the engine has one)
            self.spent += solver.nodes * solver.COST
            return False
        for t, v in zip(self.texts, found, strict=True):
            self.values[t].append(v)
        took = solver.nodes * solver.COST
        self.first = self.first or took
        self.spent += took
        return True


def dark_values(
    table: AnyTable, mover: int, saw: set[str], layouts: int, rng: random.Random, budget: float = float("inf")
) -> tuple[dict[str, list[float]] | None, float]:
    """Each choice of ``mover`` at ``table`` with its value in each of ``layouts`` layouts
    of the cards he had not seen (he ``saw`` these), each solved exactly, and the positions
    the searches took; None for the values when a layout could not be drawn or solved
    within what is left of ``budget``."""
    dark = _Dark(table, mover, Sampler(table, saw, rng))
    while dark.layouts < layouts:
        if not dark.solve(budget - dark.spent):
            return None, dark.spent
    return dark.values, dark.spent


def _placed(moves: Moves) -> bool:
    """Whether the round's cards are all placed once it is dealt (its stock's order
    written): what a layout of it needs to be played out."""
    return not moves or moves[0][2].cards_placed()  # the table after the first move: dealt


def _choice_made(made: str, choices: list[str]) -> str | None:
    """The choice a move made is, in words: itself, or the choice whose words its record
    begins with (a claim recorded with the count it was made with, ``open 25 fail``, is the
    choice ``open``); None if none.

    >>> _choice_made("open 25 fail", ["open", "draw"]), _choice_made("QD", ["QD", "close"])
    ('open', 'QD')
    >>> _choice_made("opener", ["open"]) is None
    True
    """
    if made in choices:
        return made
    found = [c for c in choices if made.startswith(c + " ")]
    return max(found, key=len) if found else None


def _cost(table: AnyTable) -> float:
    """What one position of the search of ``table``'s round costs, in positions of the
    game-free solver: less than 1 where the game's own search searches it (read from the
    kind's search, without making one)."""
    search = GAMES[table.game].search
    return search.COST if search is not None and search.searches(table) else 1.0


def judge_dark(moves: Moves, layouts: int, seed: int) -> tuple[list[DarkDecision], int]:
    """The decisions of one round taken with cards unseen (the mover had not seen them),
    each judged over ``layouts`` layouts of those cards or as many as :data:`DARK_NODES`
    gives it, and how many such decisions were too large to judge.

    Each decision draws its layouts from a generator of its own (seeded from ``seed`` in
    turn), so its first layouts are the same whatever the budget gives the others.  From the
    last decision back, each solves its first layout, which says what one costs; it is
    taken on where :data:`FEWEST_LAYOUTS` of that cost fit what is left once the decisions
    taken on before it have their fewest, and is too large to judge otherwise.  What is left
    then gives every decision taken on the same number of layouts, as many as it buys at the
    cost of their first (up to ``layouts``), and what remains to the cheapest
    (:func:`_shares`).  A layout may cost more than the first: each decision may take what
    is left while the ones after it keep their fewest; where a layout does not fit, its
    decision is judged over the layouts before it, if they are the fewest or more."""
    rng = random.Random(seed)
    fewest = min(FEWEST_LAYOUTS, layouts)
    left = float(DARK_NODES)
    need = 0.0  # what the decisions taken on need for the rest of their fewest layouts
    taken: list[tuple[_Dark, Node, Any, int | None]] = []
    skipped = 0  # the decisions too large to judge
    for before, node, move, mover, saw, trick in reversed(_decisions_in_the_dark(moves)):
        sampler = Sampler(before, saw, random.Random(rng.getrandbits(64)))
        hidden = set(sampler.hidden)
        if not hidden or any(hidden <= set(cards) for _, cards, _ in before.view().hands):
            continue  # nothing hidden, or only one hand's cards (known by elimination): exact
        dark = _Dark(before, mover, sampler)
        room = (left - need) / fewest
        if room > 0 and (dark.cost < 1 or longest_size(before) <= DARK_LIMIT) and dark.solve(room):
            taken.append((dark, node, move, trick))
            need += dark.first * (fewest - 1)
        else:
            skipped += 1
        left -= dark.spent
    more = _shares([dark.first for dark, *_ in taken], left, layouts - 1)
    out: list[DarkDecision] = []
    for k, (dark, node, move, trick) in enumerate(taken):
        spent = dark.spent
        keep = sum(d.first for d, *_ in taken[k + 1 :]) * (fewest - 1)  # the later ones' fewest
        while dark.layouts <= more[k] and dark.solve(left - keep - (dark.spent - spent)):
            pass
        left -= dark.spent - spent
        chosen = _choice_made(choice_text(dark.table, move), dark.texts)
        if dark.layouts < fewest:
            skipped += 1
        elif chosen is not None:  # (the move made is none of the choices listed: no judgement)
            pos = getattr(node, "pos", None) or (None, None)
            out.append(_judged(dark.values, chosen, trick, dark.table.players[dark.mover], pos))
    out.reverse()
    return out, skipped


def _shares(costs: list[float], budget: float, most: int) -> list[int]:
    """How many more layouts each of some decisions gets within ``budget`` (at most
    ``most``), a layout of each costing its ``costs``: first the same number for all, as
    many as ``budget`` buys (the cheapest first, so that what one cannot take goes to the
    others); then what is left, to the cheapest.

    >>> _shares([10, 1, 100], 1_000, 99)
    [9, 10, 9]
    >>> _shares([1, 1_000], 20_000, 99)
    [99, 19]
    """
    shares = [0] * len(costs)
    order = sorted(range(len(costs)), key=costs.__getitem__)
    weight = sum(costs)
    for k in order:
        shares[k] = most if weight <= 0 else max(0, min(most, _buys(budget, weight)))
        budget -= shares[k] * costs[k]
        weight -= costs[k]
    for k in order:
        more = most - shares[k] if costs[k] <= 0 else max(0, min(most - shares[k], _buys(budget, costs[k])))
        shares[k] += more
        budget -= more * costs[k]
    return shares


def _buys(budget: float, cost: float) -> int:
    """How many of a thing costing ``cost`` ``budget`` buys, where what was spent before
    left it a hair short in floating point (0.7 less 35 of 0.01 is 0.3499999999999999).

    >>> _buys(0.7 - 35 * 0.01, 0.01), int((0.7 - 35 * 0.01) / 0.01)
    (35, 34)
    """
    return int((budget + EPSILON) / cost)


def _decisions_in_the_dark(moves: Moves) -> list[tuple[AnyTable, Node, Any, int, set[str], int | None]]:
    """The moves of a round chosen among two or more: the table before each, its node,
    the move, its mover, the cards the mover had seen up to it, and its trick."""
    found: list[tuple[AnyTable, Node, Any, int, set[str], int | None]] = []
    seen: dict[str, set[str]] = {}
    """What each seat saw up to the move being looked at."""
    for before, node, after, trick in moves:
        for seat in before.players:
            seen.setdefault(seat, set()).update(cards_seen([(before, None)], seat))
        try:
            move = before.move_of(node)
        except KgnError:
            move = None
        decision = move is not None and type(move) is not before.CHANCE
        mover = owner(before, move) if decision else 0
        if decision and sum(1 for m in searched(before) if owner(before, m) == mover) > 1:
            found.append((before, node, move, mover, set(seen[before.players[mover]]), trick))
        for seat in before.players:
            seen[seat].update(cards_seen([(after, node)], seat))
    return found


def _judged(
    values: dict[str, list[float]],
    chosen: str,
    trick: int | None,
    player: str,
    pos: tuple[int | None, int | None],
) -> DarkDecision:
    """A decision judged: each choice's mean and interval over the layouts (all that were
    asked for, or as many as fitted: each choice has a value in each), the best (the one
    chosen where it is as good), and the margin of the best over the chosen."""
    stats = {t: interval(v) for t, v in values.items()}
    top = max(m for m, _, _ in stats.values())
    best = chosen if stats[chosen][0] >= top - 1e-9 else next(t for t, (m, _, _) in stats.items() if m >= top - 1e-9)
    margin, low, high = interval([b - c for b, c in zip(values[best], values[chosen], strict=True)])
    return DarkDecision(trick, player, chosen, stats, best, margin, low, high, len(values[chosen]), *pos)


def analyze_all(
    games: Iterable[tuple[tuple[str, int], GameRecord]],
    number: int | None = None,
    extra: Extra | None = None,
    simulate: int | None = None,
    seed: int = 1,
) -> Iterator[tuple[tuple[str, int], GameRecord, Report, list[RoundEnding]]]:
    """``(key, game, report, [RoundEnding])`` for each game (or only round ``number``)."""
    for key, game in games:
        report, rounds, last = replayed(game, key[0])
        found = [
            analyze_round(n, moves, last, extra, simulate, seed)
            for n, moves in sorted(rounds.items())
            if number is None or n == number
        ]
        yield key, game, report, found


def analyze_game(game: GameRecord, *, file: str | None = None, extra: Extra | None = None) -> list[RoundEnding]:
    """Every round of a record."""
    return next(analyze_all([((file or "<input>", 1), game)], extra=extra))[3]


def annotate_analysis(
    game: GameRecord, note: Note | None = None, simulate: int | None = None, seed: int = 1
) -> GameRecord:
    """A copy of the record with ``?`` and a comment on every play of a solved ending that
    cost its player (``??`` on the turning play), and with ``simulate``, on every decision
    in the dark where a better choice beat it beyond the interval; ``note`` adds the game's
    own comments.  Moves are never changed; a play that has a glyph already keeps it;
    twice, the same."""
    out = copy.deepcopy(game)
    _, rounds, last = replayed(out, None)
    for number, moves in sorted(rounds.items()):
        analysis = analyze_round(number, moves, last, simulate=simulate, seed=seed)
        nodes = {getattr(node, "pos", None): node for _, node, _, _ in moves}
        for pv in analysis.plays:
            node = nodes.get((pv.line, pv.column))
            if pv.cost <= 0 or node is None:
                continue
            notes = getattr(node, "notes", None)
            if notes is None:
                continue
            text = tr("ending solved: {best} kept {before} {unit}; {play} gives {after}").format(
                best=_listed(pv.best),
                before=signed(pv.before),
                unit=unit_text(analysis.unit),
                play=pv.play,
                after=signed(pv.after),
            )
            glyph: Literal["?", "??"] = "??" if pv is analysis.turning else "?"
            add_comment(notes, text, glyph if takes_glyphs(node) else None)
        for d in analysis.dark:
            node = nodes.get((d.line, d.column))
            notes = getattr(node, "notes", None)
            if not d.mistaken or node is None or notes is None:
                continue
            add_comment(notes, d.note(analysis.unit), "?" if takes_glyphs(node) else None)
        if note is not None:
            note(moves)
    return out


def add_analysis(steps: list[Step], rounds: list[RoundEnding]) -> None:
    """Show the analysis in a replay's steps: each ending play's value, and ``?`` with the
    plays that kept it on a play that cost its player."""
    by_place = {(pv.line, pv.column): (r, pv) for r in rounds for pv in r.plays if pv.line is not None}
    for step in steps:
        found = by_place.get((step.line, step.column)) if step.line is not None else None
        if found is None:
            continue
        r, pv = found
        step.view.lines.append(("ending", f"{pv.seat}: {signed(pv.after)} {unit_text(r.unit)}"))
        if pv.cost > 0:
            step.glyphs.append("?")
            step.notes.append(
                tr("ending solved: {best} kept {before} for {seat}").format(
                    best=_listed(pv.best), before=signed(pv.before), seat=pv.seat
                )
            )

