"""``kozyr annotate``: fill in the facts the engine computes and comment notable events.

It never changes a move: it adds trick winners, the points, scores and totals of each hand
(Thousand), the pot and chips or the points and penalties of each deal (Bura, Burkozel),
claim counts, the Result tag, and short comments (a marriage and the trump it makes, a
contract made or failed by so many points, getting on or falling off the barrel, how a deal
ended).  Facts already written are left as they are; running it twice changes nothing.
"""

from __future__ import annotations

from typing import Any

from notation.records import (
    Answer,
    AnyGame,
    BuraGame,
    BuraTrick,
    Claim,
    Comment,
    Entry,
    Play,
    Pot,
    Stated,
    Tag,
    Tally,
    ThousandGame,
    Winner,
)

from .check import MainLineObserver, Report, _BaseChecker, replay_record
from .thousand import ThousandTable

__all__ = ["annotate"]


def _entries(names: list[str], values: dict[int, int]) -> list[Entry]:
    """One entry per seat of a stated fact, from what the engine computed."""
    return [Entry(seat=names[p], value=v) for p, v in values.items()]


def _comment(notes: list[Any], text: str) -> None:
    if not any(isinstance(n, Comment) and n.text == text for n in notes):
        notes.append(Comment(text=text))


class _Watcher(MainLineObserver):
    """Collects, per move, the trick's taker and what a marriage did."""

    def __init__(self) -> None:
        self.takers: dict[int, str] = {}
        self.marriages: dict[int, str] = {}

    def step(self, table: Any, node: Any, checker: _BaseChecker) -> None:
        if self.depth:
            return
        if isinstance(table, ThousandTable):
            hand = table.hand
            if isinstance(node, Play):
                if node.marriage:
                    source = hand.marriages if hand is not None else table.results[-1].marriages
                    seat, value, suit = source[-1]
                    what = "the four aces" if suit is None else f"{suit.noun} marriage"
                    trump = "" if suit is None else f"; {suit.noun} are trump"
                    self.marriages[id(node)] = f"{what}: {table.players[seat]} +{value}{trump}"
                if (hand is None or not hand.plays) and table.last_winner is not None:
                    self.takers[id(node)] = table.players[table.last_winner]
        elif isinstance(node, Answer):
            deal = table.deal
            if (deal is None or not deal.trick) and table.last_winner is not None:
                self.takers[id(node)] = table.players[table.last_winner]


def annotate(game: AnyGame) -> tuple[AnyGame, Report]:
    """An annotated copy of a valid game (and the report of its replay)."""
    out = game.model_copy(deep=True)
    watcher = _Watcher()
    report, _ = replay_record(out, observer=watcher)
    if not report.ok:
        return game, report
    if isinstance(out, ThousandGame):
        _thousand(out, report, watcher)
    else:
        _bura(out, report, watcher)
    if report.result is not None:
        tag = next((t for t in out.tags if t.name == "Result"), None)
        if tag is None:
            out.tags.append(Tag(name="Result", values=[report.result]))
        elif tag.values in ([], ["*"], ["?"]):
            tag.values = [report.result]
    return out, report


def _thousand(game: ThousandGame, report: Report, w: _Watcher) -> None:
    names = game.players
    for hand, res in zip(game.hands, report.hands, strict=False):
        for trick in hand.tricks:
            last = trick.plays[-1] if trick.plays else None
            if last is not None and trick.winner is None and id(last) in w.takers:
                trick.winner = Winner(seat=w.takers[id(last)])
            for play in trick.plays:
                if id(play) in w.marriages:
                    _comment(play.notes, w.marriages[id(play)])
        if res.redeal:
            continue
        kinds = {st.kind for st in hand.stated}
        if res.points and "points" not in kinds:
            hand.stated.append(
                Stated(
                    kind="points",
                    entries=_entries(names, res.points),
                )
            )
        if "score" not in kinds:
            hand.stated.append(
                Stated(
                    kind="score",
                    entries=_entries(names, res.scores),
                )
            )
        if "totals" not in kinds:
            hand.stated.append(
                Stated(
                    kind="totals",
                    entries=[
                        Entry(seat=names[p], value=v, barrel=p in res.barrel)
                        for p, v in res.totals.items()
                    ],
                )
            )
        score = next(st for st in hand.stated if st.kind == "score")
        if res.declarer is not None and res.made is not None:
            diff = res.points[res.declarer] - (res.contract or 0)
            who = names[res.declarer]
            if res.made:
                text = f"{who} makes {res.contract}" + (
                    f" with {diff} to spare" if diff else " exactly"
                )
            else:
                text = f"{who} fails {res.contract} by {-diff}"
            _comment(score.notes, text)
        elif res.conceded and res.declarer is not None:
            _comment(score.notes, f"{names[res.declarer]} concedes")
        totals = next(st for st in hand.stated if st.kind == "totals")
        for note in res.notes:
            _comment(totals.notes, note)


def _bura(game: BuraGame, report: Report, w: _Watcher) -> None:
    names = game.players
    burkozel = game.kind == "burkozel"
    for deal, res in zip(game.deals, report.hands, strict=False):
        for ev in deal.events:
            if isinstance(ev, BuraTrick) and ev.winner is None and ev.answers:
                last = ev.answers[-1]
                if id(last) in w.takers:
                    ev.winner = Winner(seat=w.takers[id(last)])
            if isinstance(ev, Claim) and res.claim_count is not None:
                if ev.count is None:
                    ev.count = res.claim_count
                if ev.outcome is None:
                    ev.outcome = "win" if res.end == "claim-won" else "fail"
        kinds = {ev.kind for ev in deal.events if isinstance(ev, Pot | Tally)}
        if burkozel:
            if res.points and "points" not in kinds:
                first = {x: names[x] for x in res.points}
                deal.events.append(
                    Tally(
                        kind="points",
                        entries=[Entry(seat=first[x], value=v) for x, v in res.points.items()],
                    )
                )
            if "penalty" not in kinds:
                deal.events.append(
                    Tally(
                        kind="penalty",
                        entries=_entries(names, res.penalty),
                    )
                )
            last_fact: Pot | Tally = next(
                ev for ev in reversed(deal.events) if isinstance(ev, Tally)
            )
        else:
            if not any(isinstance(ev, Pot) for ev in deal.events[-2:]):
                deal.events.append(Pot(value=res.pot))
            if "chips" not in kinds:
                deal.events.append(
                    Tally(
                        kind="chips",
                        entries=_entries(names, res.chips),
                    )
                )
            last_fact = next(ev for ev in reversed(deal.events) if isinstance(ev, Tally | Pot))
        for note in res.notes:
            _comment(last_fact.notes, note)
