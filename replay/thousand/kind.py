"""Thousand as a game kind: what ``replay.GAMES["thousand"]`` bundles."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from notation.records import GameRecord
from notation.thousand import KIND as NOTATION
from notation.thousand.records import ThousandGame

from ..model import Analysis, GameKind
from . import ask, facts, view
from .check import ThousandChecker
from .generate import generate_thousand
from .rules import RULEBOOK
from .table import ThousandTable

if TYPE_CHECKING:
    from ..checker import Report
    from ..model import RoundAnalysis
    from ..view import Step

__all__ = ["KIND"]


def _generate(seed: int, rules: str, players: int, hands: int) -> ThousandGame:
    return generate_thousand(seed=seed, rules=rules)  # the rules say how many play


def _thousand(record: GameRecord) -> ThousandGame:
    assert isinstance(record, ThousandGame), "a record of another game"
    return record


def _analyze_all(
    games: Iterable[tuple[tuple[str, int], GameRecord]],
    hand: int | None,
    give: bool,
    jobs: int | None,
    simulate: int | None,
    seed: int,
    play: bool,
) -> Iterator[tuple[tuple[str, int], GameRecord, Report, list[RoundAnalysis]]]:
    from .analyze import analyze_all  # the solver loads only when asked for

    mine = ((key, _thousand(record)) for key, record in games)
    runs = analyze_all(mine, hand=hand, give=give, jobs=jobs, simulate=simulate, seed=seed, play=play)
    for key, record, report, hands in runs:
        yield key, record, report, list(hands)


def _annotate(record: GameRecord, simulate: int | None, seed: int) -> GameRecord:
    from .analyze import annotate_analysis

    return annotate_analysis(_thousand(record), simulate, seed)


def _show(steps: list[Step], record: GameRecord) -> None:
    from .analyze import add_analysis, analyze_game

    add_analysis(steps, analyze_game(_thousand(record)).hands)


KIND = GameKind[ThousandTable, ThousandGame](
    name="thousand",
    title="Thousand",
    round_word="hand",
    notation=NOTATION,
    rulebook=RULEBOOK,
    table=ThousandTable,
    checker=ThousandChecker,
    generate=_generate,
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
    stats=facts.ThousandStats,
    tables=facts.TABLES,
    rows=facts.rows,
    players_by_rules=True,
    analysis=Analysis(_analyze_all, _annotate, _show),
)
"""Thousand (Тысяча)."""
