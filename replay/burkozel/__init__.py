"""Burkozel (Буркозёл): Bura's moves on a table of its own, its checker, bots and view."""

from __future__ import annotations

from notation.bura.records import BuraGame

from ..bura.generate import generate_bura
from .check import BurkozelChecker
from .engine import BurkozelTable

__all__ = ["BurkozelChecker", "BurkozelTable", "generate_burkozel"]


def generate_burkozel(
    *, seed: int = 0, players: int = 3, rules: str = "classic", deals: int = 8
) -> BuraGame:
    """A Burkozel session played by the bots, to the penalty limit (see ``generate_bura``)."""
    return generate_bura(
        seed=seed, players=players, rules=rules, deals=deals, table_class=BurkozelTable
    )
