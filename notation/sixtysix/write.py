"""Sixty-six's rounds (deals) and events as canonical KGN text."""

from __future__ import annotations

from ..records import Node
from ..write import Writer, draw_text, entries_text, write_deal
from .records import Close, Deal, Draw, Exchange, Out, Play, Round, Stated, Trick, Variation

__all__ = ["KEYWORDS", "write_event", "write_round"]

KEYWORDS = frozenset(
    "deal hands trump stock draw marriage exchange close out points score totals".split()
)
"""The words of Sixty-six's body (``grammar/sixtysix.lark``): a player so named is quoted."""


def write_round(out: Writer, deal: Node) -> None:
    """One deal: its number, the cards dealt, then each event on a line of its own."""
    assert isinstance(deal, Round)
    out.raw(f"deal {deal.number}")
    out.comments(deal.notes)
    if deal.dealing is not None:
        out.line()
        write_deal(out, deal.dealing)
    for ev in deal.events:
        out.line()
        _event(out, ev)


def write_event(node: Node) -> str:
    """One event as the line a deal holds it on (a card alone, as a trick lists it:
    ``Anna KH marriage``)."""
    out = Writer(KEYWORDS)
    if isinstance(node, Deal):
        write_deal(out, node)
    elif isinstance(node, Play):
        out.word(_play_text(out, node))
    else:
        _event(out, node)
    return out.text().strip()


def _play_text(out: Writer, play: Play) -> str:
    text = f"{out.seat(play.seat)} {play.card}"
    return text + " marriage" if play.marriage else text


def _plays(out: Writer, plays: list[Play], trick: Trick | Variation) -> None:
    winner = trick.winner
    if plays and not any(p.notes for p in plays) and (winner is None or not winner.notes):
        # No notes (the common case): in one piece, what the loop below writes.
        text = ", ".join([_play_text(out, p) for p in plays])
        out.word(text if winner is None else f"{text} -> {out.seat(winner.seat)}")
        return
    for i, play in enumerate(plays):
        if i:
            out.raw(",")
        out.word(_play_text(out, play))
        out.notes(play.notes, _variation)
    out.winner(winner)


def _event(out: Writer, ev: Node) -> None:
    if isinstance(ev, Trick):
        out.word(f"{ev.number}.")
        _plays(out, ev.plays, ev)
        return
    if isinstance(ev, Draw):
        out.word(draw_text(out, ev))
    elif isinstance(ev, Exchange | Close | Out):
        out.word(f"{ev.kind} {out.seat(ev.seat)}")
    elif isinstance(ev, Stated):
        out.word(ev.kind + " " + entries_text(out, ev.entries))
    else:
        raise TypeError(f"not an event of a deal of Sixty-six: {type(ev).__name__}")
    out.comments(ev.notes)


def _variation(out: Writer, var: Node) -> None:
    assert isinstance(var, Variation)
    out.word("(")
    if var.plays or var.winner is not None:
        _plays(out, var.plays, var)
    for ev in var.events:
        _event(out, ev)
    out.raw(")")
