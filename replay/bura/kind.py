"""Bura as a game kind: what ``replay.GAMES["bura"]`` bundles."""

from __future__ import annotations

from notation.bura import KIND as NOTATION
from notation.bura.records import BuraGame

from ..analysis import ending_analysis
from ..model import GameKind
from . import ask, facts, view
from .check import BuraChecker
from .generate import generate_bura
from .rules import RULEBOOK
from .table import BuraTable

__all__ = ["KIND"]


def _claims() -> tuple[object, object]:
    """Bura's own part of the analysis: the claim line, and a comment on a false claim."""
    from .analyze import claim_line, note_false_claims  # loaded only when asked for

    return claim_line, note_false_claims


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
    pot=True,
    analysis=ending_analysis(_claims),
)
"""Bura (Бура)."""
