"""Thousand (Тысяча): the table and its moves, the checker, the bots and the view.

>>> import random, replay
>>> table = replay.new_table("thousand", ["Anna", "Boris", "Vera"], dealer="Vera")
>>> table.push(table.random_move(random.Random(1)))  # the deal is a chance move
>>> table.to_move, table.format_move(table.legal_moves()[0])
(0, 'bid Anna 100')
"""

from __future__ import annotations

from .check import START_TAGS, ThousandChecker
from .engine import MARRIAGE_VALUES, RoundResult, ThousandSettings
from .generate import generate_thousand, iter_thousand
from .moves import (
    Bid,
    ClaimRedeal,
    ConcedeHand,
    DealCards,
    GiveCards,
    PlayCard,
    ScoreHand,
    SetContract,
    TakeTalon,
    ThousandMove,
)
from .table import ThousandTable

__all__ = [
    "MARRIAGE_VALUES",
    "START_TAGS",
    "Bid",
    "ClaimRedeal",
    "ConcedeHand",
    "DealCards",
    "GiveCards",
    "PlayCard",
    "RoundResult",
    "ScoreHand",
    "SetContract",
    "TakeTalon",
    "ThousandChecker",
    "ThousandMove",
    "ThousandSettings",
    "ThousandTable",
    "generate_thousand",
    "iter_thousand",
]
