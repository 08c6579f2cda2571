"""Thousand's house rules: its switches, presets and the values that contradict each other
(docs/rules.md, "House rules: Thousand")."""

from __future__ import annotations

from typing import Final

from notation.i18n import tr

from ..rules import Rulebook, conflict, switch

__all__ = ["RULEBOOK"]

SWITCHES: Final = (
    switch("bid-step", "5|10", "T3.2 T4.3", "bids and raises are multiples of this"),
    switch(
        "opening",
        "forehand|dealer",
        "T3.1",
        "who holds the compulsory 100: the forehand opens with it, or the dealer has it",
    ),
    switch("raise-cap", "on|off", "T4.3", "off: the contract may be raised above the cap"),
    switch(
        "must-overtake",
        "off|on",
        "T5.3",
        "a follower must beat the trick's best card where possible",
    ),
    switch("marriage-first-trick", "off|on", "T6.3", "a marriage may be declared in trick 1"),
    switch(
        "trump-effect",
        "now|next-trick",
        "T6.5",
        "a declared suit is trump from this trick or the next",
    ),
    switch(
        "ace-marriage",
        "off|200",
        "T6.2",
        "the four aces, declared by leading an ace, score 200",
    ),
    switch("marriage-values", "ru|de", "T6.4", "ru: S40 C60 D80 H100; de: C100 S80 H60 D40"),
    switch("round", "5|10|none", "T7.3", "how opponents' hand points are rounded"),
    switch(
        "barrel",
        "880|900|800-lock|off",
        "T8",
        "the barrel threshold (900: winning contract 100)",
    ),
    switch("barrel-hands", "3|1|2|unlimited", "T8.4", "hands a player may stay on the barrel"),
    switch("barrel-penalty", "120|0|240", "T8.4", "what falling off the barrel costs"),
    switch(
        "barrel-fail",
        "lose|free",
        "T8.3",
        "free: a declarer who fails on the barrel loses nothing and stays on",
    ),
    switch(
        "barrel-win",
        "score|target",
        "T8.2",
        "target: a player who wins from the barrel ends on the target exactly",
    ),
    switch(
        "barrel-exit",
        "declarer|any",
        "T8.2",
        "any: a defender on the barrel who scores 120 or more wins too",
    ),
    switch(
        "barrel-jump",
        "on|off",
        "T8.5",
        "off: nobody jumps over the barrel; a total passing the target stops on it",
    ),
    switch(
        "barrel-collision",
        "coexist|knock-off",
        "T8.5",
        "a player getting on knocks off the others",
    ),
    switch("bolts", "off|3-total|3-in-row", "T7", "the third hand without a trick costs 120"),
    switch(
        "concede",
        "off|pagat|half|bomb",
        "T4",
        "the declarer may give the hand up after the talon",
    ),
    switch("dark", "off|on", "T3", "the forehand may open blind with 120, for a doubled score"),
    switch("golden-round", "off|on", "T3", "hands 1-3 without auction, 120 each, scores doubled"),
    switch("redeal-four-nines", "off|on", "T2", "a player dealt four nines may ask for a redeal"),
    switch("dump-555", "off|on", "T7.4", "a total of exactly 555 drops to 0"),
    switch("players", "3|4", "T1", "with 4 the dealer sits out each hand"),
    switch("max-hands", "200|N", "T9.2", "the game ends after this many hands"),
    switch(
        "limit-result",
        "higher|none",
        "T9.2",
        "at the hand limit: the higher total wins, or the session stops with no result",
    ),
    switch("target", "1000|N", "T9.1", "the total that wins"),
)

PRESETS: Final = {
    "classic": {},
    "polish": {
        "bid-step": "10",
        "must-overtake": "on",
        "marriage-first-trick": "on",
        "round": "10",
        "barrel": "800-lock",
        "concede": "bomb",
    },
    "pagat": {"bolts": "3-total", "concede": "pagat", "redeal-four-nines": "on"},
}


def _conflicts(v: dict[str, str], given: set[str]) -> None:
    barrel_detail = [
        k
        for k in (
            "barrel-hands",
            "barrel-penalty",
            "barrel-collision",
            "barrel-fail",
            "barrel-win",
            "barrel-exit",
            "barrel-jump",
        )
        if k in given
    ]
    if v["opening"] == "dealer" and v["players"] == "4":
        conflict(tr("opening=dealer contradicts players=4: the dealer sits out every hand"))
    if v["barrel"] == "off" and barrel_detail:
        conflict(tr("barrel=off contradicts {list}: there is no barrel").format(
            list=", ".join(barrel_detail)
        ))
    if v["barrel"] == "800-lock" and barrel_detail:
        conflict(
            tr(
                "barrel=800-lock has no hand limit, fall or collision; it contradicts {list}"
            ).format(
                list=", ".join(barrel_detail)
            )
        )
    if int(v["target"]) < 300:
        conflict(
            tr("target={target} is too low: the barrel lies 120 below it (use 300 or more)").format(
                target=v["target"]
            )
        )


RULEBOOK: Final = Rulebook(
    "thousand", SWITCHES, PRESETS, _conflicts, steady=("target", "barrel-hands")
)
"""Thousand's rulebook."""
