"""Burkozel as a game kind: Bura's kind with Burkozel's table, checker, sheet and scores."""

from __future__ import annotations

from dataclasses import replace

from notation.bura import BURKOZEL
from notation.bura.records import BuraGame

from ..bura import facts
from ..bura.kind import KIND as BURA
from ..model import Filter, Stats
from . import generate_burkozel, view
from .check import BurkozelChecker
from .engine import BurkozelTable
from .rules import RULEBOOK

__all__ = ["KIND"]


def _generate(seed: int, rules: str, players: int, deals: int) -> BuraGame:
    return generate_burkozel(seed=seed, rules=rules, players=players, deals=deals)


FILTERS = (facts.COMBO_FILTER, Filter("--penalty", "Burkozel: penalty points received.", facts.has_penalty))
"""What ``kozyr query`` finds in Burkozel's deals."""


def _stats() -> Stats:
    return facts.BuraStats("penalty_points", claims=False)


KIND = replace(
    BURA,
    name="burkozel",
    title="Burkozel",
    notation=BURKOZEL,
    rulebook=RULEBOOK,
    table=BurkozelTable,
    checker=BurkozelChecker,
    generate=_generate,
    sheet=view.sheet,
    annotate=view.annotate,
    progression=view.progression,
    filters=FILTERS,
    stats=_stats,
    pot=False,
)
"""Burkozel (Буркозёл): Bura's kind with what differs."""
