"""Bura as a game kind: what ``replay.GAMES["bura"]`` bundles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation.bura import KIND as NOTATION
from notation.bura.records import BuraGame

from ..analysis import ending_analysis
from ..model import Annotations, GameKind, Stats
from . import ask, facts, view
from .check import BuraChecker
from .generate import generate_bura
from .table import BuraTable

if TYPE_CHECKING:
    from ..checker import Report

__all__ = ["KIND", "BuraKind"]


def _claims() -> tuple[object, object]:
    """Bura's own part of the analysis: the claim line, and a comment on a false claim."""
    from .analyze import claim_line, note_false_claims  # loaded only when asked for

    return claim_line, note_false_claims


class BuraKind(GameKind[BuraTable, BuraGame]):
    """Bura (Бура); a variant's kind is a subclass of it."""

    table = BuraTable
    checker = BuraChecker
    notation = NOTATION
    recorder_help = ask.HELP
    filters = facts.FILTERS
    tables = facts.TABLES
    analysis = ending_analysis(_claims)

    def generate(self, seed: int, rules: str, players: int, rounds: int) -> BuraGame:
        return generate_bura(seed=seed, rules=rules, players=players, deals=rounds, table_class=self.table)

    describe = staticmethod(view.describe)
    sheet = staticmethod(view.sheet)
    progression = staticmethod(view.progression)
    def annotate(self, record: BuraGame, report: Report, notes: Annotations, /) -> None:
        view.annotate(record, report, notes)

    move_note = staticmethod(view.move_note)
    question = staticmethod(ask.question)
    watch = staticmethod(facts.watch)
    round_facts = staticmethod(facts.round_facts)
    cut_tags = staticmethod(facts.cut_tags)
    strip_facts = staticmethod(facts.strip_facts)
    def stats(self) -> Stats:
        return facts.BuraStats()

    rows = staticmethod(facts.rows)


KIND = BuraKind()
"""Bura's kind (``replay.GAMES["bura"]``)."""
