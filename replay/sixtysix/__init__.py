"""Sixty-six (Шестьдесят шесть): the table and its moves, the checker, the bots and the view.

>>> import random, replay
>>> table = replay.new_table("sixtysix", ["Anna", "Boris"], dealer="Boris")
>>> table.push(table.random_move(random.Random(2)))  # the deal, the trump and the stock
>>> table.phase, table.to_move
('lead', 0)
"""

from __future__ import annotations

from notation.cards import beats

from .check import START_TAGS, SixtySixChecker
from .engine import RoundResult, SixtySixSettings, game_points
from .generate import generate_sixtysix
from .moves import Close, DealCards, DrawCard, Exchange, GoOut, PlayCard, SixtySixMove
from .table import SixtySixTable

__all__ = [
    "START_TAGS",
    "Close",
    "DealCards",
    "DrawCard",
    "Exchange",
    "GoOut",
    "PlayCard",
    "RoundResult",
    "SixtySixChecker",
    "SixtySixMove",
    "SixtySixSettings",
    "SixtySixTable",
    "beats",
    "game_points",
    "generate_sixtysix",
]
