"""Bura (Бура): the table and its moves, the checker, the bots and the view.

>>> import random, replay
>>> table = replay.new_table("bura", ["Oleg", "Ilya"], rules="classic")
>>> table.push(table.random_move(random.Random(2)))  # the deal, the trump and the stock
>>> table.phase, table.to_move
('play', 1)
"""

from __future__ import annotations

from .check import START_TAGS, BuraChecker
from .engine import BuraSettings, RoundResult, beats, beats_set
from .generate import NAMES, generate_bura
from .moves import BuraMove, CommitFault, DealCards, DrawCard, Lay, OpenClaim, ShowCombo
from .table import BuraTable

__all__ = [
    "NAMES",
    "START_TAGS",
    "BuraChecker",
    "BuraMove",
    "BuraSettings",
    "BuraTable",
    "CommitFault",
    "DealCards",
    "DrawCard",
    "Lay",
    "OpenClaim",
    "RoundResult",
    "ShowCombo",
    "beats",
    "beats_set",
    "generate_bura",
]
