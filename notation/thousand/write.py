"""Thousand's rounds (hands) and events as canonical KGN text."""

from __future__ import annotations

from ..records import Node
from ..write import Writer, cards_text, entries_text
from .records import (
    Call,
    Concede,
    Contract,
    Deal,
    Event,
    Give,
    Play,
    Redeal,
    Round,
    ScoreEntry,
    Stated,
    Talon,
    Trick,
    Variation,
    calls_from,
)

__all__ = ["KEYWORDS", "write_event", "write_round"]

KEYWORDS = frozenset(
    "hand deal redeal bid bids pass dark talon concede give contract marriage points score "
    "totals barrel".split()
)
"""The words of Thousand's body (``grammar/thousand.lark``): a player so named is quoted."""


def write_round(out: Writer, hand: Node) -> None:
    """One hand: its number, its deal, then each event on a line of its own (the calls of
    the auction on one ``bid`` line)."""
    assert isinstance(hand, Round)
    out.raw(f"hand {hand.number}")
    out.comments(hand.notes)
    if hand.deal is not None:
        out.line()
        _deal(out, hand.deal)
    _events(out, hand.events, newline=True)


def write_event(node: Node) -> str:
    """One event as the line a hand holds it on (a play alone, as a trick lists it:
    ``Anna KH marriage``)."""
    out = Writer(KEYWORDS)
    if isinstance(node, Deal):
        _deal(out, node)
    elif isinstance(node, Play):
        out.word(out.play(node))
    elif isinstance(node, Redeal | Call | Talon | Concede | Give | Contract | Trick | Stated):
        _events(out, [node], newline=True)
    else:
        raise TypeError(f"not a Thousand event: {type(node).__name__}")
    return out.text().strip()


def _deal(out: Writer, deal: Deal) -> None:
    parts = [f"{out.seat(h.seat)}:" + cards_text(h.cards) for h in deal.hands]
    if deal.talon is not None:
        parts.append("talon:" + cards_text(deal.talon))
    out.raw("deal " + " / ".join(parts))
    out.comments(deal.notes)


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


def _trick(out: Writer, trick: Trick) -> None:
    out.word(f"{trick.number}.")
    out.plays(trick.plays, trick.winner, _variation)


def _stated(out: Writer, st: Stated) -> None:
    out.word(st.kind + " " + entries_text(out, st.entries, st.kind == "score", _barrel))
    out.comments(st.notes)


def _events(out: Writer, events: list[Event], *, newline: bool) -> None:
    """Events in order: in a hand each on a line of its own, the calls of the auction on
    one ``bid`` line; in a variation one after another (its calls without ``bid``)."""
    k = 0
    while k < len(events):
        ev = events[k]
        if newline:
            out.line()
        if type(ev) is Call:
            calls = calls_from(events, k)
            if newline:
                out.raw("bid")
            _calls(out, calls)
            k += len(calls)
            continue
        _event(out, ev)
        k += 1


def _event(out: Writer, ev: Event) -> None:
    """One event other than a call."""
    if isinstance(ev, Trick):
        _trick(out, ev)
    elif isinstance(ev, Stated):
        _stated(out, ev)
    elif isinstance(ev, Talon):
        taker = "" if ev.seat is None else f" {out.seat(ev.seat)}:"
        out.word("talon" + taker + cards_text(ev.cards))
        out.comments(ev.notes)
    elif isinstance(ev, Give):
        out.word("give " + ", ".join(f"{out.seat(g.seat)} {g.card}" for g in ev.cards))
        out.comments(ev.notes)
    elif isinstance(ev, Contract):
        out.word(f"contract {ev.value}")
        out.comments(ev.notes)
    elif isinstance(ev, Concede):
        out.word("concede")
        out.comments(ev.notes)
    else:
        assert isinstance(ev, Redeal), ev
        out.word(f"redeal {out.seat(ev.seat)}")
        out.comments(ev.notes)


def _variation(out: Writer, var: Node) -> None:
    """``(`` the variation's calls, or the rest of its trick, then its later events ``)``."""
    assert isinstance(var, Variation)
    out.word("(")
    calls = calls_from(var.events)
    if calls:
        _calls(out, calls)
    if var.plays or var.winner is not None:
        out.plays(var.plays, var.winner, _variation)
    _events(out, var.events[len(calls) :], newline=False)
    out.raw(")")


def _barrel(entry: ScoreEntry) -> str:
    """The mark after a total: `` barrel`` on the barrel."""
    return " barrel" if entry.barrel else ""
