"""Bura as a game kind: what ``replay.GAMES["bura"]`` bundles."""

from __future__ import annotations

from notation.records import AnyGame, BuraGame

from ..model import GameKind
from . import ask, facts, kgn, view
from .check import START_TAGS, BuraChecker
from .generate import generate_bura
from .table import BuraTable

__all__ = ["KIND"]


def _generate(seed: int, rules: str, players: int, deals: int) -> AnyGame:
    return generate_bura(seed=seed, rules=rules, players=players, deals=deals)


KIND = GameKind(
    name="bura",
    title="Bura",
    unit="deal",
    grammar="bura",
    record_type=BuraGame,
    table=BuraTable,
    checker=BuraChecker,
    generate=_generate,
    view=view.view,
    describe=view.describe,
    sheet=view.sheet,
    annotate=view.annotate,
    question=ask.question,
    hand_facts=facts.hand_facts,
    cut_tags=facts.cut_tags,
    strip_facts=facts.strip_facts,
    before=kgn.before,
    append_move=kgn.append_move,
    progression=view.progression,
    start_tags=START_TAGS,
    score_name="chips",
    score_tally="chips",
)
