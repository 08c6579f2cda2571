"""Checking a Burkozel record: Bura's checker with Burkozel's table and clauses."""

from __future__ import annotations

from ..bura.check import BuraChecker
from .engine import BurkozelTable

__all__ = ["BurkozelChecker"]


class BurkozelChecker(BuraChecker):
    """Replays a Burkozel record and reports what is wrong."""

    setup_clause = "K1"
    deck_clause = "K2"
    result_clause = "K8"
    players = range(2, 5)
    table_class = BurkozelTable
    TALLY_CLAUSE = "K7"
    LEADER_TAG = True
