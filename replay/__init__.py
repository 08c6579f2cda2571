"""The kozyr game model: tables for every game, legal moves, checking records, bots.

>>> import random, notation, replay
>>> table = replay.new_table("thousand", ["Anna", "Boris", "Vera"], dealer="Vera")
>>> rng = random.Random(7)
>>> while table.outcome() is None:
...     table.push(table.random_move(rng))
>>> replay.check(table.record()).ok
True
>>> game = notation.loads('[Game "thousand"] [Players "A" "B" "C"] [Dealer "C"] [Rules "x=1"]')
>>> replay.check(game).ok
False

See docs/api.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation.errors import IllegalMoveError, KgnError
from notation.lazy import lazy_attributes

from . import cards

if TYPE_CHECKING:
    from .checking import Report, Visitor, check, replay_record
    from .games import GAMES, generate, kind_of, new_table, parse_rules, table_of
    from .model import GameKind, Outcome
    from .rules import Rulebook, RuleSet
    from .table import Table

__all__ = [
    "GAMES",
    "GameKind",
    "IllegalMoveError",
    "KgnError",
    "Outcome",
    "Report",
    "RuleSet",
    "Rulebook",
    "Table",
    "Visitor",
    "cards",
    "check",
    "generate",
    "kind_of",
    "new_table",
    "parse_rules",
    "replay_record",
    "table_of",
]

# The engines load when first used (notation.lazy).
_LAZY = {
    **dict.fromkeys(("Report", "Visitor", "check", "replay_record"), ".checking"),
    **dict.fromkeys(("GAMES", "generate", "kind_of", "new_table", "parse_rules", "table_of"), ".games"),
    **dict.fromkeys(("GameKind", "Outcome"), ".model"),
    "Table": ".table",
    **dict.fromkeys(("RuleSet", "Rulebook"), ".rules"),
}


__getattr__ = lazy_attributes(__name__, _LAZY, globals())
