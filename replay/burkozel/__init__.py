"""Burkozel (Буркозёл): Bura's moves on a table of its own, its checker, bots and view."""

from __future__ import annotations

from .check import BurkozelChecker
from .engine import BurkozelTable

__all__ = ["BurkozelChecker", "BurkozelTable"]
