"""The kozyr replay engines: rules, legal moves, checking records, generating games.

>>> import notation, replay
>>> game = notation.loads('[Game "thousand"] [Players "A" "B" "C"] [Dealer "C"] [Rules "x=1"]')
>>> replay.check(game).ok
False
>>> game = notation.loads('[Game "thousand"] [Players "A" "B" "C"] [Dealer "C"] [Rules "classic"]')
>>> replay.check(game).ok
True
"""

from __future__ import annotations

from .check import Report, check
from .rules import PRESETS, SWITCHES, RuleSet, parse_rules
from .thousand import ThousandTable

__all__ = ["PRESETS", "SWITCHES", "Report", "RuleSet", "ThousandTable", "check", "parse_rules"]
