"""``kozyr annotate``: fill in the facts the engine computes and comment notable events.

It never changes a move: it adds trick winners, the points, scores and totals of each hand
(Thousand), the pot and chips or the points and penalties of each deal (Bura, Burkozel),
claim counts, the Result tag, and short comments (a marriage and the trump it makes, a
contract made or failed by so many points, getting on or falling off the barrel, how a deal
ended).  Facts already written are left as they are; running it twice changes nothing.
"""

from __future__ import annotations

import copy
from typing import Any

from notation.records import Answer, AnyGame, Play, Tag

from .checker import Checker
from .checking import Report, Visitor, replay_record
from .games import GAMES

__all__ = ["annotate"]


class _Watcher(Visitor):
    """Collects, per move, the trick's taker and what a marriage did."""

    def __init__(self) -> None:
        self.takers: dict[int, str] = {}
        self.marriages: dict[int, str] = {}

    def visit_move(self, table: Any, node: Any, checker: Checker[Any, Any]) -> None:
        kind = type(node)
        if self.depth or (kind is not Play and kind is not Answer):
            return  # only cards played are looked at, on the main line
        if kind is Play and node.marriage:
            hand = table.hand
            source = hand.marriages if hand is not None else table.results[-1].marriages
            seat, value, suit = source[-1]
            what = "the four aces" if suit is None else f"{suit.noun} marriage"
            trump = "" if suit is None else f"; {suit.noun} are trump"
            self.marriages[id(node)] = f"{what}: {table.players[seat]} +{value}{trump}"
        if not table.trick_open and table.last_winner is not None:
            self.takers[id(node)] = table.players[table.last_winner]


def annotate(game: AnyGame, *, in_place: bool = False) -> tuple[AnyGame, Report]:
    """An annotated copy of a valid game (and the report of its replay); ``in_place``
    annotates ``game`` itself (what ``kozyr annotate`` does: it reads each game afresh)."""
    out = game if in_place else copy.deepcopy(game)
    watcher = _Watcher()
    report, _ = replay_record(out, visitor=watcher, undo=False)
    if not report.ok:
        return game, report
    GAMES[out.kind].annotate(out, report, watcher.takers, watcher.marriages)
    if report.result is not None:
        tag = next((t for t in out.tags if t.name == "Result"), None)
        if tag is None:
            out.tags.append(Tag(name="Result", values=[report.result]))
        elif tag.values in ([], ["*"], ["?"]):
            tag.values = [report.result]
    return out, report
