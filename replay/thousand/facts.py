"""The facts of a Thousand hand for the corpus tools, and cutting one hand out."""

from __future__ import annotations

from notation.records import Tag, ThousandGame

from ..facts import HandFacts
from .engine import HandResult

__all__ = ["cut_tags", "hand_facts", "strip_facts"]


def hand_facts(
    hf: HandFacts, res: HandResult, previous: HandResult | None, names: list[str], game: ThousandGame
) -> None:
    """Fill in what a finished hand gave: the contract, marriages, the barrel, each
    player's points, score and total, and the start position it was played from."""
    hf.declarer = None if res.declarer is None else names[res.declarer]
    hf.contract, hf.made, hf.conceded = res.contract, res.made, res.conceded
    hf.redeal, hf.dark = res.redeal, res.dark
    hf.marriages = [
        (names[s], v, None if suit is None else suit.noun) for s, v, suit in res.marriages
    ]
    hf.barrel_end = sorted(names[p] for p in res.barrel)
    if previous is None:
        hf.start = {k: list(v) for k in ("Totals", "Barrel", "Bolts") if (v := game.tag_values(k))}
        barrel = hf.start.get("Barrel", [])
        hf.barrel_start = [names[p] for p, b in enumerate(barrel) if b.strip() not in ("-", "")]
    else:
        hf.start = {
            "Totals": [previous.totals.get(p, 0) for p in range(len(names))],
            "Barrel": ["-" if b is None else str(b) for b in previous.barrel_hands],
            "Bolts": list(previous.bolts),
        }
        hf.barrel_start = [names[p] for p, b in enumerate(previous.barrel_hands) if b is not None]
    for p, name in enumerate(names):
        if p in res.totals:
            hf.results[name] = {
                "points": res.points.get(p),
                "score": res.scores.get(p),
                "total": res.totals.get(p),
                "tricks": res.tricks.get(p),
                "barrel": p in res.barrel,
            }


def cut_tags(game: ThousandGame, facts: HandFacts) -> list[Tag]:
    """The start tags that make hand ``facts.number`` a record of its own."""
    tags = [Tag(name="FirstHand", values=[str(facts.number)])]
    tags += [
        Tag(name=k, values=[str(v) for v in facts.start[k]])
        for k in ("Totals", "Barrel", "Bolts")
        if k in facts.start
    ]
    return tags


def strip_facts(game: ThousandGame) -> None:
    """Drop what the engine computes (stated facts, trick takers, the declarer's name on
    the talon)."""
    for hand in game.hands:
        hand.stated = []
        if hand.talon is not None:
            hand.talon.seat = None
        for trick in hand.tricks:
            trick.winner = None
