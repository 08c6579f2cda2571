"""Burkozel (Буркозёл): Bura's moves on a table of its own, its checker, bots and view."""

from __future__ import annotations

from typing import Any

from notation.records import BuraGame

from ..bura.generate import generate_bura
from .check import BurkozelChecker
from .engine import BurkozelTable

__all__ = ["BurkozelChecker", "BurkozelTable", "generate_burkozel"]


def generate_burkozel(**options: Any) -> BuraGame:
    """A Burkozel session played by the bots, to the penalty limit (see ``generate_bura``)."""
    return generate_bura(table_class=BurkozelTable, **options)
