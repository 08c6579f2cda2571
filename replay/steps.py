"""A record as a sequence of steps, each with what the table shows after it.

:func:`timeline` replays a game (through the same checker as ``kozyr validate``) and
returns one :class:`Step` per event: a sentence saying what happened, the comments and
glyphs written there, and a :class:`View` of the table: each seat's cards, the talon or
stock and trump, the trick on the table, the contract, points and totals.  Variations hang
on the step of the move they replace.  The renderers (plain text, the Textual viewer) only
read these; nothing here knows about terminals.

>>> import notation
>>> from pathlib import Path
>>> game = notation.loads(Path("samples/thousand/01-first-hand.kgn").read_text())
>>> steps, report = timeline(game)
>>> steps[-1].view.totals
{'Anna': 120, 'Boris': 180, 'Vera': 0}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from notation.cards import card_code, card_points
from notation.errors import KgnError
from notation.records import (
    Answer,
    AnyGame,
    BuraDeal,
    BuraVariation,
    Call,
    Claim,
    Comment,
    Concede,
    Contract,
    Deal,
    Dealing,
    Fault,
    Give,
    GiveCard,
    Glyph,
    Hand,
    Nag,
    Play,
    Redeal,
    Show,
    Talon,
    Variation,
)

from . import bura as bu
from . import thousand as th
from .check import Report, _BaseChecker, replay_record
from .table import POOL

__all__ = ["Step", "View", "timeline"]


def _sorted(cards: set[int] | list[int]) -> list[str]:
    return [card_code(c) for c in sorted(cards, key=lambda c: (c // 9, -(c % 9)))]


@dataclass
class View:
    """What the table shows at a step (everything text, ready to render)."""

    game: str
    title: str
    hands: list[tuple[str, list[str], int]] = field(default_factory=list)
    """Per seat: name, known cards (sorted by suit, high to low), unknown cards."""
    trick: list[tuple[str, list[str], list[str]]] = field(default_factory=list)
    """The cards on the table: seat, face-up cards, face-down cards (``??`` unseen)."""
    lines: list[tuple[str, str]] = field(default_factory=list)
    """Labelled facts: trump, contract, declarer, talon, stock, pot."""
    points: dict[str, int] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    marks: dict[str, str] = field(default_factory=dict)
    """Per seat: barrel, on the barrel, penalty notes."""


@dataclass
class Step:
    """One event of the record and the table after it."""

    text: str
    view: View
    line: int | None = None
    column: int | None = None
    hand: int | None = None
    trick: int | None = None
    notes: list[str] = field(default_factory=list)
    glyphs: list[str] = field(default_factory=list)
    variations: list[list[Step]] = field(default_factory=list)
    error: KgnError | None = None


class _Recorder:
    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.stack: list[list[Step]] = [[]]
        self.pending: list[list[list[Step]]] = [[]]
        """Per line of play: the variations waiting for the step of the move they replace."""

    def begin_branch(self) -> None:
        self.stack.append([])
        self.pending.append([])

    def end_branch(self) -> None:
        self.pending.pop()
        self.pending[-1].append(self.stack.pop())

    def annotate(self, notes: list[Any]) -> None:
        """Comments written after a trick's taker belong to the step that closed it."""
        if self.stack[-1]:
            self.stack[-1][-1].notes.extend(n.text for n in notes if isinstance(n, Comment))

    def step(self, table: Any, node: Any, checker: _BaseChecker) -> None:
        view = view_of(table)
        notes = [n.text for n in getattr(node, "notes", []) if isinstance(n, Comment)]
        glyphs = [
            n.text if isinstance(n, Glyph) else f"${n.value}"
            for n in getattr(node, "notes", [])
            if isinstance(n, Glyph | Nag)
        ]
        pos = getattr(node, "pos", None)
        step = Step(
            text=describe(table, node),
            view=view,
            line=pos[0] if pos else None,
            column=pos[1] if pos else None,
            hand=checker.hand_no,
            trick=checker.trick_no,
            notes=notes,
            glyphs=glyphs,
        )
        if self.pending[-1]:
            step.variations, self.pending[-1] = self.pending[-1], []
        self.stack[-1].append(step)


def timeline(
    game: AnyGame, *, file: str | None = None, index: int | None = None
) -> tuple[list[Step], Report]:
    """Every step of a game, and the report of its replay (diagnostics name ``file``)."""
    recorder = _Recorder(game)
    report, table = replay_record(game, file=file, index=index, observer=recorder)
    steps = recorder.stack[0]
    if table is not None and steps:
        final = view_of(table)
        steps.append(
            Step(
                text="the end of the record" + (f": {report.result}" if report.result else ""),
                view=final,
            )
        )
    errors = [d for d in report.diagnostics if d.severity == "error"]
    if errors and not report.complete:
        last = steps[-1].view if steps else View(game.kind, "")
        steps.append(
            Step(
                text=f"illegal: {errors[-1].message}",
                view=last,
                line=errors[-1].line,
                error=errors[-1],
            )
        )
    return steps, report


# ---- views ----------------------------------------------------------------------------------


def view_of(table: Any) -> View:
    if isinstance(table, th.ThousandTable):
        return _thousand_view(table)
    return _bura_view(table)


def _thousand_view(t: th.ThousandTable) -> View:
    g = t.game
    hand = t.hand
    names = t.players
    if hand is None:
        last = t.results[-1] if t.results else None
        title = f"after hand {last.number}" if last else f"hand {g.number}"
        view = View("thousand", title)
        if last is not None:
            view.points = {names[p]: v for p, v in last.points.items()}
            if last.declarer is not None:
                outcome = "conceded" if last.conceded else "made" if last.made else "failed"
                view.lines.append(
                    ("contract", f"{last.contract} by {names[last.declarer]}: {outcome}")
                )
            for note in last.notes:
                view.lines.append(("note", note))
    else:
        title = f"hand {hand.number}" + (
            f" · trick {hand.trick_no}"
            if hand.phase in ("play", "contract")
            else f" · {hand.phase}"
        )
        view = View("thousand", title)
        h = hand.holdings
        for p in hand.active:
            view.hands.append((names[p], _sorted(h.known[p]), h.unknown[p]))
        if h.size(POOL):
            view.lines.append(
                ("talon", " ".join(_sorted(h.known[POOL]) + ["??"] * h.unknown[POOL]))
            )
        view.lines.append(("dealer", names[hand.dealer]))
        if hand.declarer is not None:
            view.lines.append(("declarer", f"{names[hand.declarer]}, contract {hand.contract}"))
        elif hand.high:
            view.lines.append(("auction", f"{hand.high} by {names[hand.high_seat or 0]}"))
        view.lines.append(
            ("trump", "none" if hand.trump is None else f"{hand.trump.glyph} {hand.trump.noun}")
        )
        view.trick = [(names[p], [card_code(c)], []) for p, c in hand.plays]
        view.points = {
            names[p]: sum(card_points(c) for c in hand.won.get(p, []))
            + hand.marriage_points.get(p, 0)
            for p in hand.active
        }
    view.totals = {names[p]: g.totals[p] for p in range(len(names))}
    s = t.settings
    for p in range(len(names)):
        if g.barrel[p] is not None:
            view.marks[names[p]] = f"on the barrel ({g.barrel[p]} of {s.barrel_hands or '∞'})"
        elif s.lock and s.threshold <= g.totals[p] < s.target:
            view.marks[names[p]] = "on the barrel"
    if t.result:
        view.lines.append(("result", t.result))
    return view


def _bura_view(t: bu.BuraTable) -> View:
    m = t.match
    deal = t.deal
    names = t.players
    kind = t.game_kind
    if deal is None:
        last = t.results[-1] if t.results else None
        view = View(kind, f"after deal {last.number}" if last else f"deal {m.number}")
        if last is not None:
            for note in last.notes:
                view.lines.append(("note", note))
            if last.points:
                view.points = {t.side_name(x): v for x, v in last.points.items()}
    else:
        view = View(
            kind,
            f"deal {deal.number} · trick {deal.trick_no}"
            + (" · draw" if deal.phase == "draw" else ""),
        )
        h = deal.holdings
        for p in range(t.n):
            view.hands.append((names[p], _sorted(h.known[p]), h.unknown[p]))
        view.lines.append(
            ("trump", f"{card_code(deal.trump_card)} ({deal.trump.glyph} {deal.trump.noun})")
        )
        view.lines.append(("stock", f"{h.size(POOL)} cards"))
        view.trick = [
            (
                names[lay.seat],
                [card_code(c) for c in lay.up],
                ["??" if c is None else card_code(c) for c in lay.down],
            )
            for lay in deal.trick
        ]
        for p in range(t.n):
            known = sum(card_points(c) for c in deal.won[p] if c is not None)
            hidden = sum(1 for c in deal.won[p] if c is None)
            view.points[names[p]] = known
            if hidden:
                view.marks[names[p]] = f"+{hidden} unseen"
    if kind == "bura":
        view.lines.append(("pot", str(m.pot)))
        view.totals = {names[p]: m.chips[p] for p in range(t.n)}
    else:
        view.totals = {names[p]: m.penalty[p] for p in range(t.n)}
    if t.result:
        view.lines.append(("result", t.result))
    return view


# ---- sentences --------------------------------------------------------------------------------


def describe(table: Any, node: Any) -> str:
    """What happened, in a sentence, from the record node and the table after it."""
    if isinstance(node, Deal | Hand):
        dealer = getattr(table.hand, "dealer", None)
        number = (
            table.hand.number if table.hand else (table.results[-1].number if table.results else "")
        )
        return (
            f"hand {number}: {table.players[dealer]} deals"
            if dealer is not None
            else f"hand {number}"
        )
    if isinstance(node, Redeal):
        return f"{node.seat} shows four nines: a redeal"
    if isinstance(node, Call):
        if node.bid is None:
            return f"{node.seat} passes"
        return f"{node.seat} bids {'dark ' if node.dark else ''}{node.bid}"
    if isinstance(node, Talon):
        return "the declarer takes the talon: " + " ".join(node.cards)
    if isinstance(node, Concede):
        return "the declarer concedes"
    if isinstance(node, Give):
        return "the declarer gives " + ", ".join(f"{g.seat} {g.card}" for g in node.cards)
    if isinstance(node, Contract):
        return f"the contract is {node.value}"
    if isinstance(node, Play):
        text = f"{node.seat} plays {node.card}"
        if node.marriage:
            text += " and declares a marriage"
        return text + _taker(table)
    if isinstance(node, Dealing | BuraDeal):
        deal = table.deal
        if deal is None:
            return "a new deal"
        return f"deal {deal.number}: {table.players[deal.dealer]} deals, trump {card_code(deal.trump_card)}"
    if isinstance(node, Answer):
        parts = []
        if node.cards:
            parts.append(" ".join(node.cards))
        if node.down:
            parts.append(f"{len(node.down)} face down")
        return f"{node.seat} plays " + " and ".join(parts) + _taker(table)
    if isinstance(node, GiveCard):
        return f"{node.seat} draws {node.card}"
    if isinstance(node, Show):
        return f"{node.seat} shows {node.combo}: " + " ".join(node.cards)
    if isinstance(node, Claim):
        res = table.results[-1] if table.results else None
        if res is not None and res.end in ("claim-won", "claim-failed"):
            how = "wins the pot" if res.end == "claim-won" else "fails and matches the pot"
            return f"{node.seat} opens with {res.claim_count}: {how}"
        return f"{node.seat} opens"
    if isinstance(node, Fault):
        return f"{node.seat}: fault ({node.fault})"
    if isinstance(node, Variation | BuraVariation):
        return "variation"
    return type(node).__name__.lower()


def _taker(table: Any) -> str:
    deal = getattr(table, "hand", None) if isinstance(table, th.ThousandTable) else table.deal
    plays = (
        getattr(deal, "plays", None)
        if isinstance(table, th.ThousandTable)
        else getattr(deal, "trick", None)
    )
    if deal is None or not plays:
        if table.last_winner is not None:
            return f"; {table.players[table.last_winner]} takes the trick"
    return ""
