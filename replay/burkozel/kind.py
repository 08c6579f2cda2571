"""Burkozel as a game kind: Bura's kind with Burkozel's table, checker, sheet and scores."""

from __future__ import annotations

from dataclasses import replace

from notation.records import AnyGame

from ..bura.kind import KIND as BURA
from . import generate_burkozel, view
from .check import BurkozelChecker
from .engine import BurkozelTable

__all__ = ["KIND"]


def _generate(seed: int, rules: str, players: int, deals: int) -> AnyGame:
    return generate_burkozel(seed=seed, rules=rules, players=players, deals=deals)


KIND = replace(
    BURA,
    name="burkozel",
    title="Burkozel",
    table=BurkozelTable,
    checker=BurkozelChecker,
    generate=_generate,
    sheet=view.sheet,
    annotate=view.annotate,
    progression=view.progression,
    score_name="penalty points",
    score_tally="penalty",
    player_stats=("penalty_points",),
)
