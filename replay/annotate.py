"""``kozyr annotate``: fill in the facts the engine computes and comment notable events.

It never changes a move: it adds trick winners, each round's facts (points, scores and
totals; a pot, chips, penalties: the game kind's ``annotate`` says which), the Result tag,
and short comments where a move did something worth saying (the kind's ``move_note``),
and where a round ended.  Facts already written are left as they are; running it twice
changes nothing.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from notation.records import GameRecord, Node, Tag

from .checker import Progress
from .checking import Report, Visitor, replay_record
from .games import GAMES
from .model import Annotations
from .table import AnyTable

if TYPE_CHECKING:
    from .games import Kind

__all__ = ["annotate"]


class _Watcher(Visitor):
    """Collects, per move of the main line, the taker of the trick it closed and what the
    game says of it."""

    def __init__(self, kind: Kind) -> None:
        self.kind = kind
        self.found = Annotations()

    def visit_move(self, table: AnyTable, node: Node, where: Progress) -> None:
        if self.depth:
            return  # the main line only
        note = self.kind.move_note(table, node)
        if note is not None:
            self.found.notes[id(node)] = note
        if not table.trick_open and table.last_winner is not None:
            self.found.takers[id(node)] = table.players[table.last_winner]


def annotate(game: GameRecord, *, in_place: bool = False) -> tuple[GameRecord, Report]:
    """An annotated copy of a valid game (and the report of its replay); ``in_place``
    annotates ``game`` itself (what ``kozyr annotate`` does: it reads each game afresh)."""
    out = game if in_place else copy.deepcopy(game)
    kind = GAMES[out.kind]
    watcher = _Watcher(kind)
    report, _ = replay_record(out, visitor=watcher, undo=False)
    if not report.ok:
        return game, report
    kind.annotate(out, report, watcher.found)
    if report.result is not None:
        tag = next((t for t in out.tags if t.name == "Result"), None)
        if tag is None:
            out.tags.append(Tag(name="Result", values=[report.result]))
        elif tag.values in ([], ["*"], ["?"]):
            tag.values = [report.result]
    return out, report
