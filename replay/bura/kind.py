"""Bura as a game kind: what ``replay.GAMES["bura"]`` bundles."""

from __future__ import annotations

from notation.records import AnyGame, BuraGame

from ..model import GameKind
from . import ask, facts, kgn, view
from .check import BuraChecker
from .generate import generate_bura
from .table import BuraTable

__all__ = ["KIND"]


def _generate(seed: int, rules: str, players: int, deals: int) -> AnyGame:
    return generate_bura(seed=seed, rules=rules, players=players, deals=deals)


KIND = GameKind.from_modules(
    view=view,
    ask=ask,
    facts=facts,
    kgn=kgn,
    name="bura",
    title="Bura",
    unit="deal",
    grammar="bura",
    record_type=BuraGame,
    table=BuraTable,
    checker=BuraChecker,
    generate=_generate,
    score_name="chips",
    score_tally="chips",
    player_stats=("claims", "claims_won", "chips"),
)
