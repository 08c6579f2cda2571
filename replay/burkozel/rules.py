"""Burkozel's house rules (docs/rules.md, "House rules: Burkozel")."""

from __future__ import annotations

from typing import Final

from ..rules import Rulebook, switch

__all__ = ["RULEBOOK"]

SWITCHES: Final = (
    switch("first-lead", "left|lowest-trump", "K3", "who leads the first deal"),
    switch("bura", "win|lead", "K6", "four trumps win the deal, or only give the lead"),
    switch("moskva", "triple|off", "K6", "four aces win the deal with triple penalties"),
    switch("tie", "double-next|two-each", "K7", "what a tie for the top does"),
    switch("zero", "no-trick|zero-points", "K7", "what earns the 6-point penalty"),
    switch("limit", "12|N", "K8", "penalty points that lose the game"),
    switch("shokha", "off|on", "K4", "the 6 of spades is the highest card and joins any lead"),
)

RULEBOOK: Final = Rulebook("burkozel", SWITCHES, {"classic": {}}, steady=("limit",))
"""Burkozel's rulebook."""
