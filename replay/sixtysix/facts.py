"""What the corpus tools know of Sixty-six: the facts of a deal, its filters for ``kozyr
query``, its statistics, its Parquet tables, and cutting one deal out (docs/data.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from notation.records import Node
from notation.sixtysix.records import Deal, Exchange, Play, SixtySixGame, Stated

from .. import facts as shared
from ..checker import Progress
from ..facts import Column, GameFacts, PlayerStats, RoundFacts, Rows, Value
from ..model import Filter
from ..model import RoundResult as AnyResult
from .engine import ENDED, RoundResult, SixtySixEngine


@dataclass(slots=True)
class DealFacts(shared.DealFacts):
    """What a deal of Sixty-six has (``RoundFacts.own``): how it ended
    (:data:`replay.sixtysix.engine.ENDED`) and its own facts."""

    closed_by: str | None = None
    exchanged: str | None = None
    """Who exchanged the trump nine."""
    game_points: int = 0
    """What the deal's winner scored."""
    marriages: list[tuple[str, str, int]] = field(default_factory=list)
    """(player, suit noun, value)."""


def watch(facts: RoundFacts, table: SixtySixEngine, node: Node, where: Progress) -> None:
    """What the corpus keeps of one move of the main line: the cards played (a marriage
    marked), the deal, an exchange."""
    if isinstance(node, Play):
        shared.play_cards(facts, table, where, [(node.seat, node.card, node.marriage)])
    elif isinstance(node, Deal):
        facts.own_as(DealFacts).cards.extend(shared.dealt_cards(node, table, where))
    elif isinstance(node, Exchange):
        facts.own_as(DealFacts).exchanged = table.players[where.seat(node.seat, node)]


def round_facts(
    facts: RoundFacts,
    result: AnyResult,
    prior: AnyResult | None,
    names: list[str],
    game: SixtySixGame,
) -> None:
    """Fill in what a finished deal gave: how it ended, the close, the marriages, each
    player's count and game points, and the start position it was played from."""
    assert isinstance(result, RoundResult) and isinstance(prior, RoundResult | None)
    res, previous = result, prior
    own = facts.own_as(DealFacts)
    own.ended(res.end, res.winner, names)
    own.closed_by = None if res.closed_by is None else names[res.closed_by]
    own.game_points = max(res.scores.values(), default=0)
    own.marriages = [(names[s], suit.noun, v) for s, v, suit in res.marriages]
    for p, name in enumerate(names):
        facts.results[name] = {
            "points": res.points.get(p),
            "score": res.scores.get(p),
            "total": res.totals.get(p),
            "tricks": res.tricks.get(p),
        }
    if previous is None:
        facts.start = {k: list(v) for k in ("Totals", "Bonus") if (v := game.tag_values(k))}
    else:
        facts.start = {"Totals": [str(previous.totals.get(p, 0)) for p in range(len(names))]}
        if previous.carried:  # a tie before: its game points go to this deal's winner
            facts.start["Bonus"] = [str(previous.carried)]


def strip_facts(game: SixtySixGame) -> None:
    """Drop what the engine computes (stated facts, trick takers)."""
    shared.strip_stated(game.deals, (Stated,))


# ---- kozyr query -------------------------------------------------------------------------------


def _closed(facts: RoundFacts, _: object) -> bool:
    return facts.own_as(DealFacts).closed_by is not None


def _end(facts: RoundFacts, how: object) -> bool:
    return facts.own_as(DealFacts).end == how


def _exchanged(facts: RoundFacts, _: object) -> bool:
    return facts.own_as(DealFacts).exchanged is not None


FILTERS = (
    Filter("--closed", "Sixty-six: deals whose stock was closed.", _closed),
    Filter(
        "--end",
        "Sixty-six: how the deal ended (out, false-out, played-out, tie, closed-failed).",
        _end,
        "HOW",
        choices=tuple(ENDED),
    ),
    Filter("--exchanged", "Sixty-six: deals where the trump nine was exchanged.", _exchanged),
)
"""What ``kozyr query`` finds in Sixty-six's deals."""


# ---- kozyr stats ---------------------------------------------------------------------------------


class SixtySixStats(PlayerStats):
    """Sixty-six's own statistics: how deals end, closes made and failed, and per player
    the deals won and the game points."""

    columns = ("deals_won", "game_points")

    def __init__(self) -> None:
        super().__init__()
        self.ends: dict[str, int] = {}
        self.closes = [0, 0]
        self.schwarz = 0

    def add(self, game: GameFacts) -> None:
        for name in game.players:
            self.counts(name)["game_points"] += game.totals.get(name, 0)
        for facts in game.rounds:
            if not facts.finished:
                continue
            own = facts.own_as(DealFacts)
            if own.end is not None:
                self.ends[own.end] = self.ends.get(own.end, 0) + 1
            if own.winner is not None:
                self.counts(own.winner)["deals_won"] += 1
            if own.closed_by is not None:
                self.closes[0 if own.winner == own.closed_by else 1] += 1
            if own.game_points == 3 and own.end in ("out", "played-out"):
                self.schwarz += 1

    def summary(self) -> list[tuple[str, object]]:
        rows: list[tuple[str, object]] = [
            (f"deals ended: {end}", n) for end, n in sorted(self.ends.items())
        ]
        rows += self.made_and_failed("closes", self.closes)
        if self.schwarz:
            rows.append(("schwarz deals (no trick for the loser)", self.schwarz))
        return rows


STATS = SixtySixStats
"""What ``kozyr stats`` counts of Sixty-six's games."""


# ---- kozyr export --to parquet -----------------------------------------------------------------

TABLES = shared.deal_tables(
    (
        Column("game_points", "int64"),
        Column("closed_by", "string"),
        Column("exchanged", "string"),
    ),
    {"results": shared.RESULT_COLUMNS, "marriages": shared.MARRIAGE_COLUMNS},
    "marriage",
)
"""Sixty-six's tidy tables (docs/data.md)."""


def own_rows(
    key: dict[str, Value], r: RoundFacts, out: Rows
) -> tuple[dict[str, Value], list[tuple[str, str | None, str]]]:
    """A deal's own columns and its marriages; where its cards went."""
    own = r.own_as(DealFacts)
    for player, suit, value in own.marriages:
        out["marriages"].append({**key, "player": player, "suit": suit, "value": value})
    game_points = own.game_points if r.finished else None
    return own.row(game_points=game_points, closed_by=own.closed_by, exchanged=own.exchanged)
