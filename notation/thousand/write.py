"""Thousand's rounds (hands) and events as canonical KGN text."""

from __future__ import annotations

from ..records import Node
from ..write import Writer, cards_text, entries_text
from .records import (
    Call,
    Concede,
    Contract,
    Deal,
    Give,
    LineOfPlay,
    Play,
    Redeal,
    Round,
    ScoreEntry,
    Stated,
    Talon,
    Trick,
    Variation,
)

__all__ = ["KEYWORDS", "write_event", "write_round"]

KEYWORDS = frozenset(
    "hand deal redeal bid bids pass dark talon concede give contract marriage points score "
    "totals barrel".split()
)
"""The words of Thousand's body (``grammar/thousand.lark``): a player so named is quoted."""


def write_round(out: Writer, hand: Node) -> None:
    """One hand: its number, then each event on a line of its own."""
    assert isinstance(hand, Round)
    out.raw(f"hand {hand.number}")
    out.comments(hand.notes)
    if hand.deal is not None:
        out.line()
        _deal(out, hand.deal)
    if hand.redeal is not None:
        out.line()
        _redeal(out, hand.redeal)
    _rest(out, hand, newline=True)


def write_event(node: Node) -> str:
    """One event as the line a hand holds it on (a play alone, as a trick lists it:
    ``Anna KH marriage``)."""
    out = Writer(KEYWORDS)
    if isinstance(node, Deal):
        _deal(out, node)
    elif isinstance(node, Redeal):
        _redeal(out, node)
    elif isinstance(node, Call):
        out.raw("bid")
        _calls(out, [node])
    elif isinstance(node, Play):
        out.word(_play_text(out, node))
    elif isinstance(node, Trick):
        _trick(out, node)
    else:
        _rest(out, _line_of(node), newline=False)
    return out.text().strip()


def _line_of(node: Node) -> LineOfPlay:
    """A line of play holding one event (a talon, a give, the contract, a stated fact)."""
    line = LineOfPlay()
    if isinstance(node, Talon):
        line.talon = node
    elif isinstance(node, Concede):
        line.concede = node
    elif isinstance(node, Give):
        line.give = node
    elif isinstance(node, Contract):
        line.contract = node
    elif isinstance(node, Stated):
        line.stated.append(node)
    else:
        raise TypeError(f"not a Thousand event: {type(node).__name__}")
    return line


def _deal(out: Writer, deal: Deal) -> None:
    parts = [f"{out.seat(h.seat)}:" + cards_text(h.cards) for h in deal.hands]
    if deal.talon is not None:
        parts.append("talon:" + cards_text(deal.talon))
    out.raw("deal " + " / ".join(parts))
    out.comments(deal.notes)


def _redeal(out: Writer, redeal: Redeal) -> None:
    out.raw(f"redeal {out.seat(redeal.seat)}")
    out.comments(redeal.notes)


def _calls(out: Writer, calls: list[Call]) -> None:
    for i, call in enumerate(calls):
        if i:
            out.raw(",")
        if call.bid is None:
            out.word(f"{out.seat(call.seat)} pass")
        elif call.dark:
            out.word(f"{out.seat(call.seat)} dark {call.bid}")
        else:
            out.word(f"{out.seat(call.seat)} {call.bid}")
        out.notes(call.notes, _variation)


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


def _trick(out: Writer, trick: Trick) -> None:
    out.word(f"{trick.number}.")
    _plays(out, trick.plays, trick)


def _stated(out: Writer, st: Stated) -> None:
    out.word(st.kind + " " + entries_text(out, st.entries, st.kind == "score", _barrel))
    out.comments(st.notes)


def _rest(out: Writer, line: LineOfPlay, *, newline: bool, auction: bool = True) -> None:
    """The events a hand and a variation share; each on its own line in a hand."""

    def start() -> None:
        if newline:
            out.line()

    if line.auction and auction:
        start()
        if newline:
            out.raw("bid")
        _calls(out, line.auction)
    if line.talon is not None:
        start()
        taker = "" if line.talon.seat is None else f" {out.seat(line.talon.seat)}:"
        out.word("talon" + taker + cards_text(line.talon.cards))
        out.comments(line.talon.notes)
    if line.concede is not None:
        start()
        out.word("concede")
        out.comments(line.concede.notes)
    if line.give is not None:
        start()
        out.word("give " + ", ".join(f"{out.seat(g.seat)} {g.card}" for g in line.give.cards))
        out.comments(line.give.notes)
    if line.contract is not None:
        start()
        out.word(f"contract {line.contract.value}")
        out.comments(line.contract.notes)
    for trick in line.tricks:
        start()
        _trick(out, trick)
    for st in line.stated:
        start()
        _stated(out, st)


def _variation(out: Writer, var: Node) -> None:
    assert isinstance(var, Variation)
    out.word("(")
    if var.auction:
        _calls(out, var.auction)
    if var.plays or var.winner is not None:
        _plays(out, var.plays, var)
    _rest(out, var, newline=False, auction=False)
    out.raw(")")


def _barrel(entry: ScoreEntry) -> str:
    """The mark after a total: `` barrel`` on the barrel."""
    return " barrel" if entry.barrel else ""
