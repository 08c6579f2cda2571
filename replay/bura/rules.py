"""Bura's house rules: its switches and the values that contradict each other (docs/rules.md,
"House rules: Bura")."""

from __future__ import annotations

from typing import Final

from notation.i18n import tr

from ..rules import Rulebook, conflict, switch

__all__ = ["RULEBOOK"]

SWITCHES: Final = (
    switch("deck", "36|32", "B1", "36 cards (6..A) or 32 (7..A)"),
    switch("hand", "3|4|5", "B2 B3", "hand size, also the largest lead"),
    switch("claim", "after-trick|own-turn", "B7.1", "when a player may claim (open)"),
    switch("bura", "win|off", "B8.1", "three trumps win the pot at once"),
    switch("molodka", "out-of-turn|off", "B8.2", "three cards of a suit give an out-of-turn lead"),
    switch(
        "moskva",
        "3-aces|3-aces-with-trump|off",
        "B8.3",
        "three aces give the out-of-turn right",
    ),
    switch(
        "small-moskva",
        "off|sixes|tens",
        "B8.3",
        "three sixes with the trump six (or tens) stop a lead",
    ),
    switch("two-buras", "playoff|higher-card", "B8.5", "how simultaneous buras are settled"),
    switch("dealt-combo", "play|redeal", "B8", "a combination in a fresh deal voids it"),
    switch("open", "off|on", "B11", "every card is played face up"),
    switch("fault", "lose|match-pot", "B10", "what a drawing fault costs"),
    switch("match", "pot|rubber-11|rubber-21|penalty-12", "B1", "how a match is scored"),
)


def _conflicts(v: dict[str, str], given: set[str]) -> None:
    if v["small-moskva"] == "sixes" and v["deck"] == "32":
        conflict(tr("small-moskva=sixes needs the sixes: it contradicts deck=32"))
    if v["two-buras"] != "playoff" and v["bura"] == "off" and "two-buras" in given:
        conflict(tr("two-buras settles buras, which bura=off turns off"))


RULEBOOK: Final = Rulebook("bura", SWITCHES, {"classic": {}}, _conflicts)
"""Bura's rulebook."""
