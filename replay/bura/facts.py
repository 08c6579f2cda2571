"""The facts of a Bura or Burkozel deal for the corpus tools, and cutting one deal out."""

from __future__ import annotations

from notation.records import BuraGame, Claim, Pot, Show, Tag, Tally, fold_name

from ..facts import HandFacts
from .engine import DealResult

__all__ = ["cut_tags", "hand_facts", "strip_facts"]


def hand_facts(
    hf: HandFacts, res: DealResult, previous: DealResult | None, names: list[str], game: BuraGame
) -> None:
    """Fill in what a finished deal gave: how it ended, claims and shows, chips and
    penalties, and the start position it was played from."""
    hf.end = res.end
    hf.winner = None if res.winner is None else names[res.winner]
    folded = {fold_name(n): n for n in names}
    deal = next((d for d in game.deals if d.number == res.number), None)
    events = deal.events if deal is not None else []
    hf.shows = [
        (folded.get(fold_name(e.seat), e.seat), e.combo) for e in events if isinstance(e, Show)
    ]
    claims = [e for e in events if isinstance(e, Claim)]
    if claims:
        claimant = folded.get(fold_name(claims[-1].seat), claims[-1].seat)
        hf.claim = (claimant, res.claim_count, res.end == "claim-won")
    before: dict[int, int] = previous.penalty if previous is not None else {}
    for p, name in enumerate(names):
        added = (
            res.penalty.get(p, 0) - before.get(p, 0)
            if previous is not None
            else res.added.get(p, res.penalty.get(p, 0))
        )
        if added:
            hf.penalties[name] = added
        hf.results[name] = {
            "chips": res.chips.get(p),
            "penalty": res.penalty.get(p),
            "points": res.points.get(p),
            "wins": res.wins.get(p),
        }
    if previous is None:
        hf.start = {
            name: list(values)
            for name in ("Pot", "Chips", "Penalty", "Leader", "Factor")
            if (values := game.tag_values(name))
        }
    else:
        hf.start = {
            "Pot": [str(previous.pot), "ante"] if previous.end == "void" else [str(previous.pot)],
            "Chips": [str(previous.chips.get(p, 0)) for p in range(len(names))],
            "Penalty": [str(previous.penalty.get(p, 0)) for p in range(len(names))],
        }
        if previous.factor != 1:
            hf.start["Factor"] = [str(previous.factor)]
        if previous.leads_next is not None:
            hf.start["Leader"] = [names[previous.leads_next]]


def cut_tags(game: BuraGame, facts: HandFacts) -> list[Tag]:
    """The start tags that make deal ``facts.number`` a record of its own."""
    tags = [Tag(name="FirstDeal", values=[str(facts.number)])]
    ante = game.tag_values("Ante")
    if ante:
        tags.append(Tag(name="Ante", values=list(ante)))
    tags += [Tag(name=k, values=list(v)) for k, v in facts.start.items() if v]
    return tags


def strip_facts(game: BuraGame) -> None:
    """Drop what the engine computes (pots, tallies, trick takers)."""
    for deal in game.deals:
        deal.events = [e for e in deal.events if not isinstance(e, Pot | Tally)]
        for ev in deal.events:
            if hasattr(ev, "winner"):
                ev.winner = None
