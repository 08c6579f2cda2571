"""Bura's and Burkozel's rounds (deals) and events as canonical KGN text."""

from __future__ import annotations

from ..records import Node
from ..write import Writer, cards_text, draw_text, entries_text, write_deal
from .records import (
    Answer,
    Claim,
    Deal,
    Draw,
    Fault,
    Pot,
    Round,
    Show,
    Tally,
    Trick,
    Variation,
)

__all__ = ["KEYWORDS", "write_event", "write_round"]

KEYWORDS = frozenset(
    "deal hands trump stock down draw open show fault pot chips wins penalty points win fail "
    "bura molodka moskva small-moskva foreheads out-of-turn double-draw".split()
)
"""The words of the body (``grammar/bura.lark``): a player so named is quoted."""


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
    """One event as the line a deal holds it on (a lead or an answer alone, as a trick
    lists it: ``Oleg 7H down KD``)."""
    out = Writer(KEYWORDS)
    if isinstance(node, Deal):
        write_deal(out, node)
    elif isinstance(node, Answer):
        _answers(out, [node], None)
    else:
        _event(out, node)
    return out.text().strip()


def _glyph(text: str) -> str:
    """``??`` is a card in a deal's body: that glyph is written as its code, ``$4``."""
    return "$4" if text == "??" else text


def _answers(out: Writer, answers: list[Answer], trick: Trick | Variation | None) -> None:
    for i, a in enumerate(answers):
        if i:
            out.word("/")
        text = out.seat(a.seat) + cards_text(a.cards)
        if a.down:
            text += " down" + cards_text(a.down)
        out.word(text)
        out.notes(a.notes, _variation, _glyph)
    if trick is not None:
        out.winner(trick.winner)


def _event(out: Writer, ev: Node) -> None:
    if isinstance(ev, Trick):
        out.word(f"{ev.number}.")
        _answers(out, ev.answers, ev)
        return
    if isinstance(ev, Draw):
        out.word(draw_text(out, ev))
    elif isinstance(ev, Claim):
        text = f"open {out.seat(ev.seat)}"
        if ev.count is not None:
            text += f" {ev.count}"
        if ev.outcome is not None:
            text += f" {ev.outcome}"
        out.word(text)
    elif isinstance(ev, Show):
        out.word(f"show {out.seat(ev.seat)} {ev.combo}" + cards_text(ev.cards))
    elif isinstance(ev, Fault):
        out.word(f"fault {out.seat(ev.seat)} {ev.fault}")
    elif isinstance(ev, Pot):
        out.word(f"pot {ev.value}")
    elif isinstance(ev, Tally):
        out.word(ev.kind + " " + entries_text(out, ev.entries, ev.kind == "chips"))
    else:
        raise TypeError(f"not an event of a deal: {type(ev).__name__}")
    out.comments(ev.notes)


def _variation(out: Writer, var: Node) -> None:
    assert isinstance(var, Variation)
    out.word("(")
    if var.answers or var.winner is not None:
        _answers(out, var.answers, var)
    for ev in var.events:
        _event(out, ev)
    out.raw(")")
