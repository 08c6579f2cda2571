"""Thousand as a game kind: what ``replay.GAMES["thousand"]`` bundles."""

from __future__ import annotations

from typing import Any

from notation.records import AnyGame, ThousandGame

from ..model import GameKind
from . import ask, facts, kgn, view
from .check import ThousandChecker
from .generate import generate_thousand
from .table import ThousandTable

__all__ = ["KIND"]


def _generate(seed: int, rules: str, players: int, deals: int) -> AnyGame:
    return generate_thousand(seed=seed, rules=rules)


def _analyze(record: Any) -> Any:
    from .analyze import analyze_game  # the solver loads only when asked for

    return analyze_game(record)


def _annotate_analysis(record: Any) -> Any:
    from .analyze import annotate_analysis

    return annotate_analysis(record)


KIND = GameKind.from_modules(
    view=view,
    ask=ask,
    facts=facts,
    kgn=kgn,
    name="thousand",
    title="Thousand",
    unit="hand",
    grammar="thousand",
    record_type=ThousandGame,
    table=ThousandTable,
    checker=ThousandChecker,
    generate=_generate,
    analyze=_analyze,
    annotate_analysis=_annotate_analysis,
    score_name="points",
    score_tally="totals",
    player_stats=("declared", "made", "barrel_visits", "barrel_falls"),
)
