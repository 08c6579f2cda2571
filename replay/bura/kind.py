"""Bura as a game kind: what ``replay.GAMES["bura"]`` bundles."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from notation.bura import KIND as NOTATION
from notation.bura.records import BuraGame
from notation.records import GameRecord

from ..checker import Report
from ..model import Analysis, GameKind, RoundAnalysis
from . import ask, facts, view
from .check import BuraChecker
from .generate import generate_bura
from .rules import RULEBOOK
from .table import BuraTable

if TYPE_CHECKING:
    from ..view import Step

__all__ = ["KIND"]


def _analyze_all(
    games: Iterable[tuple[tuple[str, int], GameRecord]],
    deal: int | None,
    give: bool,
    jobs: int | None,
    simulate: int | None,
    seed: int,
) -> Iterator[tuple[tuple[str, int], GameRecord, Report, list[RoundAnalysis]]]:
    """Endings and the claim line (``give`` and ``simulate`` are Thousand's: not used)."""
    from .analyze import analyze_all  # the solver loads only when asked for

    for key, record, report, deals in analyze_all(games, deal):
        yield key, record, report, list(deals)


def _annotate(record: GameRecord, simulate: int | None, seed: int) -> GameRecord:
    from .analyze import annotate_analysis

    return annotate_analysis(record)


def _show(steps: list[Step], record: GameRecord) -> None:
    from .analyze import add_analysis, analyze_game

    add_analysis(steps, analyze_game(record))


def _generate(seed: int, rules: str, players: int, deals: int) -> BuraGame:
    return generate_bura(seed=seed, rules=rules, players=players, deals=deals)


KIND = GameKind[BuraTable, BuraGame](
    name="bura",
    title="Bura",
    round_word="deal",
    notation=NOTATION,
    rulebook=RULEBOOK,
    table=BuraTable,
    checker=BuraChecker,
    generate=_generate,
    view=view.view,
    describe=view.describe,
    sheet=view.sheet,
    progression=view.progression,
    annotate=view.annotate,
    move_note=view.move_note,
    question=ask.question,
    recorder_help=ask.HELP,
    watch=facts.watch,
    round_facts=facts.round_facts,
    cut_tags=facts.cut_tags,
    strip_facts=facts.strip_facts,
    filters=facts.FILTERS,
    stats=facts.BuraStats,
    tables=facts.TABLES,
    rows=facts.rows,
    score_name="chips",
    score_tally="chips",
    pot=True,
    analysis=Analysis(_analyze_all, _annotate, _show),
)
"""Bura (Бура)."""
