"""A record as a sequence of steps, each with what the table shows after it.

:func:`timeline` replays a game (through the same checker as ``kozyr validate``) and
returns one :class:`Step` per event: a sentence saying what happened, the comments and
glyphs written there, and a :class:`View` of the table: each seat's cards, the cards in
no seat's hand and the trump, the trick on the table, the game's facts, points and totals.  Variations hang
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

from notation.i18n import tr
from notation.records import Comment, GameRecord, Glyph, Nag, Node

from .checker import Progress, Visitor
from .checking import Report, replay_record
from .games import GAMES
from .table import AnyTable
from .view import Said, Step, View

__all__ = [
    "Said",
    "Step",
    "View",
    "describe",
    "opening_step",
    "replay_steps",
    "timeline",
]


class _Recorder(Visitor):
    def __init__(self, game: GameRecord) -> None:
        self.game = game
        self.stack: list[list[Step]] = [[]]
        self.pending: list[list[list[Step]]] = [[]]
        """Per line of play: the variations waiting for the step of the move they replace."""

    def begin_variation(self) -> None:
        super().begin_variation()
        self.stack.append([])
        self.pending.append([])

    def end_variation(self) -> None:
        super().end_variation()
        self.pending.pop()
        self.pending[-1].append(self.stack.pop())

    def visit_taker_comments(self, notes: list[Comment]) -> None:
        """Comments written after a trick's taker belong to the step that closed it."""
        if self.stack[-1]:
            self.stack[-1][-1].notes.extend(n.text for n in notes if isinstance(n, Comment))

    def visit_move(self, table: AnyTable, node: Node, where: Progress) -> None:
        view = table.view()
        notes = [n.text for n in getattr(node, "notes", []) if isinstance(n, Comment)]
        glyphs = [
            n.text if isinstance(n, Glyph) else f"${n.value}"
            for n in getattr(node, "notes", [])
            if isinstance(n, Glyph | Nag)
        ]
        pos = getattr(node, "pos", None)
        step = Step(
            said=describe(table, node),
            view=view,
            line=pos[0] if pos else None,
            column=pos[1] if pos else None,
            round=where.round_no,
            trick=where.trick_no,
            notes=notes,
            glyphs=glyphs,
            done=len(table.results),
        )
        if self.pending[-1]:
            step.variations, self.pending[-1] = self.pending[-1], []
        self.stack[-1].append(step)


def timeline(
    game: GameRecord, *, file: str | None = None, index: int | None = None
) -> tuple[list[Step], Report]:
    """Every step of a game, and the report of its replay (diagnostics name ``file``)."""
    steps, report, _ = replay_steps(game, file=file, index=index)
    return steps, report


def replay_steps(
    game: GameRecord, *, file: str | None = None, index: int | None = None, live: bool = False
) -> tuple[list[Step], Report, AnyTable | None]:
    """:func:`timeline`, and the table at the end of the replay (None when the header
    stopped it), from one replay.  ``live``: the game is being recorded (``kozyr serve``):
    its last step says the game goes on, not that the record ends."""
    recorder = _Recorder(game)
    report, table = replay_record(game, file=file, index=index, visitor=recorder)
    steps = recorder.stack[0]
    errors = [d for d in report.diagnostics if d.severity == "error"]
    if errors and not report.complete:
        # The replay stopped at an illegal move: the last step shows it, the table as it
        # stood, and what the rules allowed there (the table lists them when the engine
        # did not, so that every diagnostic shown says them).
        error = errors[-1]
        if error.legal is None:
            error.legal = _legal(table)
        steps.append(
            Step(
                Said("error", [tr("illegal: {message}").format(message=error.message)]),
                view=table.view() if table is not None else View(game.kind, ""),
                line=error.line,
                column=error.column,
                round=steps[-1].round if steps else None,
                trick=steps[-1].trick if steps else None,
                error=error,
                done=len(table.results) if table is not None else 0,
            )
        )
    elif table is not None:
        result = f": {report.result}" if report.result else ""
        if live and not report.result:
            what = tr("the game goes on: the next event shows here as it is entered")
        else:
            what = tr("the end of the record") if steps else tr("no moves in this record")
        end = Step(Said("end", [what + result]), view=table.view(), done=len(table.results))
        if steps:  # the panes go on showing the last hand
            end.round, end.trick = steps[-1].round, steps[-1].trick
        steps.append(end)
    return steps, report, table


def opening_step(steps: list[Step]) -> int:
    """Where a viewer of the steps opens: at the illegal move, else at the first step."""
    return next((i for i, st in enumerate(steps) if st.error is not None), 0)


# ---- views and sentences ---------------------------------------------------------------


def describe(table: AnyTable, node: Node) -> Said:
    """What happened, in words, from the record node and the table after it."""
    said = GAMES[table.game].describe(table, node)
    if said is not None:
        return said
    if getattr(node, "kind", None) == "variation":
        return Said("other", [tr("variation")])
    return Said("other", [type(node).__name__.lower()])


def _legal(table: AnyTable | None) -> list[str] | None:
    """The moves the rules allow at the table, as KGN (None when there is no table or the
    next move is the deal's)."""
    if table is None or table.to_move is None:
        return None
    return [table.format_move(m) for m in table.legal_moves()]
