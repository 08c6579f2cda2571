"""Sixty-six's house rules: its switches (docs/rules.md, "House rules: Sixty-six")."""

from __future__ import annotations

from typing import Final

from ..rules import Rulebook, switch

__all__ = ["RULEBOOK"]

SWITCHES: Final = (
    switch("target", "7|11", "S1 S13", "game points that win the game"),
    switch("next-dealer", "alternate|loser", "S2", "who deals the next deal"),
    switch("last-trick", "10|0", "S10", "what the last trick adds when the cards are played out"),
    switch("nine-exchange", "on|off", "S7", "the trump nine may be exchanged for the turned card"),
    switch("closing", "on|off", "S8", "the player on lead may close the stock"),
    switch("marriage-late", "on|off", "S6", "off: no marriage once the stock is closed or gone"),
)

RULEBOOK: Final = Rulebook("sixtysix", SWITCHES, {"classic": {}})
"""Sixty-six's rulebook."""
