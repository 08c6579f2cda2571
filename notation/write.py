"""The canonical KGN writer: one deterministic text for every record.

Layout: the tags one a line in the order written; a blank line; then each hand as a block
of indented event lines.  Comments
stay after the event they followed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from typing import Any

from .records import (
    Answer,
    BuraDeal,
    BuraEvent,
    BuraTrick,
    BuraVariation,
    Call,
    Claim,
    Comment,
    Deal,
    Draw,
    Entry,
    Fault,
    Game,
    Glyph,
    Hand,
    LineOfPlay,
    Nag,
    Note,
    Play,
    Pot,
    Show,
    Stated,
    Trick,
    Variation,
    Winner,
)

__all__ = [
    "KEYWORDS",
    "MARKS",
    "NAME_PATTERN",
    "REQUIRED_TAGS",
    "comment_text",
    "escape_char",
    "quote",
    "seat_text",
    "stated_text",
    "write_game",
]

REQUIRED_TAGS = ("Game", "Players", "Dealer", "Rules")
KEYWORDS = frozenset(
    "hand deal redeal bid bids pass dark talon concede give contract marriage points score "
    "totals barrel hands trump stock down draw open show fault pot chips wins penalty win fail "
    "bura molodka moskva small-moskva foreheads out-of-turn double-draw".split()
)
MARKS = "\u0300-\u036f\u0483-\u0489\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
"""The combining marks a bare name may hold after its first letter (a regular expression
class body), as in "Zoë" written with e + U+0308: the same ranges as ``NAME`` in
``grammar/common.lark``."""
NAME_PATTERN = rf"[^\W\d_][\w'{MARKS}-]*"
"""A bare name, as the grammar's ``NAME`` reads it: a letter, then letters, digits,
combining marks, ``_``, ``'`` and ``-``."""
_BARE = re.compile(NAME_PATTERN + r"\Z")
# What the reader would take for something else at the start of a bare name: a keyword
# (as the grammar reads them: ASCII letters in any case, up to a character that cannot
# continue a name, so "Talon-Ivanov" is a name and "talon" is not) or a card ("As").
_KEYWORD_ALTERNATIVES = "|".join(sorted((re.escape(k) for k in KEYWORDS), key=len, reverse=True))
_NOT_A_NAME = re.compile(
    rf"(?a:{_KEYWORD_ALTERNATIVES})(?![\w'{MARKS}-])|(?:10|[2-9TtJjQqKkAa])[SCDHscdh\u2660-\u2667](?!\w)",
    re.IGNORECASE,
)
INDENT = "  "
_NEW_LINE = "\n" + INDENT


def escape_char(ch: str) -> str:
    """The KGN escape of one character: ``\\u{202E}``."""
    return f"\\u{{{ord(ch):X}}}"


def quote(text: str) -> str:
    r"""A KGN string: ``"text"`` with ``"`` and ``\`` escaped, and every character that is
    not printable (controls, line breaks, bidi and invisible marks) written ``\u{HEX}``.

    >>> print(quote('say "hi"\u202e'))
    "say \"hi\"\u{202E}"
    """
    body = text.replace("\\", "\\\\").replace('"', '\\"')
    if not body.isprintable():
        body = "".join(ch if ch.isprintable() else escape_char(ch) for ch in body)
    return '"' + body + '"'


def comment_text(text: str) -> str:
    r"""A comment's text as KGN writes it inside ``{}``: characters that are not printable
    (line breaks excepted) as ``\u{HEX}``, a ``}`` as ``\u{7D}``, a backslash that would
    start an escape as ``\u{5C}``, and the first space of a line of spaces alone (which the
    writer would take for a blank line) as ``\u{20}``; the reader turns them back.

    >>> print(comment_text("a}b\u202e"))
    a\u{7D}b\u{202E}
    """
    if (
        "}" not in text
        and "\\u{" not in text
        and text.replace("\n", "").isprintable()
        and "\n " not in text
    ):
        return text
    out = []
    for k, ch in enumerate(text):
        if ch == "}" or (ch == "\\" and text.startswith("u{", k + 1)):
            out.append(escape_char(ch))
        elif ch.isprintable() or ch == "\n":
            out.append(ch)
        else:
            out.append(escape_char(ch))
    written = "".join(out)
    if "\n " in written:  # a line of spaces alone would read as a blank line: keep one
        lines = written.split("\n")
        for i in range(1, len(lines) - 1):
            if lines[i] and not lines[i].strip(" "):
                lines[i] = escape_char(" ") + lines[i][1:]
        written = "\n".join(lines)
    return written


@functools.lru_cache(maxsize=4096)
def seat_text(name: str, keywords: frozenset[str] = KEYWORDS) -> str:
    """A player's name as the body writes it: bare when it reads back as that name."""
    if (
        _BARE.match(name)
        and name.lower() not in keywords
        and not _NOT_A_NAME.match(name)
        and name.isprintable()
    ):
        return name
    return quote(name)


class _Out:
    """Text under construction; a ``;`` comment forces a line break after it."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.indent = ""

    def word(self, text: str) -> None:
        if self.parts and not self.parts[-1].endswith(("\n", " ", "(")):
            self.parts.append(" ")
        self.parts.append(text)

    def raw(self, text: str) -> None:
        self.parts.append(text)

    def newline(self) -> None:
        self.parts.append("\n")

    def comment(self, c: Comment) -> None:
        if "}" in c.text and "\n" not in c.text and c.text.isprintable() and "\\u{" not in c.text:
            self.word("; " + c.text if c.text else ";")
            self.parts.append("\n" + self.indent + INDENT)
        else:
            self.word("{" + comment_text(c.text) + "}")

    def text(self) -> str:
        return "".join(self.parts)


def write_game(game: Game) -> str:
    """The canonical text of one game, ending with a newline."""
    out = _Out()
    for tag in game.tags:
        out.raw("[" + " ".join([tag.name, *(quote(v) for v in tag.values)]) + "]\n")
    for c in game.notes:
        out.comment(c)
        out.newline()
    unit = _UNIT_WRITERS[game.UNITS]
    for hand_or_deal in game.units:
        out.newline()
        unit(out, hand_or_deal)
    return _tidy(out.text())


def _tidy(text: str) -> str:
    # Only blank lines are trimmed: trailing blanks inside a comment are the user's text.
    lines = [ln if ln.strip() else "" for ln in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


def _comments(out: _Out, notes: Iterable[Comment]) -> None:
    for c in notes:
        out.comment(c)


def _notes(out: _Out, notes: Iterable[Note]) -> None:
    for note in notes:
        if isinstance(note, Comment):
            out.comment(note)
        elif isinstance(note, Glyph):
            out.word(note.text)
        elif isinstance(note, Nag):
            out.word(f"${note.value}")
        else:
            _variation(out, note)


def _line(out: _Out) -> None:
    out.parts.append(_NEW_LINE)


def _hand(out: _Out, hand: Hand) -> None:
    out.indent = INDENT
    out.raw(f"hand {hand.number}")
    _comments(out, hand.notes)
    if hand.deal is not None:
        _line(out)
        _deal(out, hand.deal)
    if hand.redeal is not None:
        _line(out)
        out.raw(f"redeal {seat_text(hand.redeal.seat)}")
        _comments(out, hand.redeal.notes)
    _rest(out, hand, newline=True)
    out.newline()


def _deal(out: _Out, deal: Deal) -> None:
    parts = [f"{seat_text(h.seat)}:" + "".join(" " + c for c in h.cards) for h in deal.hands]
    if deal.talon is not None:
        parts.append("talon:" + "".join(" " + c for c in deal.talon))
    out.raw("deal " + " / ".join(parts))
    _comments(out, deal.notes)


def _calls(out: _Out, calls: list[Call]) -> None:
    for i, call in enumerate(calls):
        if i:
            out.raw(",")
        if call.bid is None:
            out.word(f"{seat_text(call.seat)} pass")
        elif call.dark:
            out.word(f"{seat_text(call.seat)} dark {call.bid}")
        else:
            out.word(f"{seat_text(call.seat)} {call.bid}")
        _notes(out, call.notes)


def _play_text(play: Play) -> str:
    text = f"{seat_text(play.seat)} {play.card}"
    return text + " marriage" if play.marriage else text


def _plays(out: _Out, plays: list[Play], winner: Winner | None) -> None:
    for play in plays:
        if play.notes:
            break
    else:
        if plays and (winner is None or not winner.notes):
            # No notes (the common case): in one piece, what the loop below writes.
            text = ", ".join([_play_text(p) for p in plays])
            out.word(text if winner is None else f"{text} -> {seat_text(winner.seat)}")
            return
    for i, play in enumerate(plays):
        if i:
            out.raw(",")
        out.word(_play_text(play))
        _notes(out, play.notes)
    if winner is not None:
        out.word(f"-> {seat_text(winner.seat)}")
        _comments(out, winner.notes)


def _trick(out: _Out, trick: Trick) -> None:
    out.word(f"{trick.number}.")
    _plays(out, trick.plays, trick.winner)


def _entry(kind: str, e: Entry) -> str:
    value = f"{e.value:+d}" if kind == "score" and e.value else str(e.value)
    return f"{seat_text(e.seat)} {value}" + (" barrel" if e.barrel else "")


def stated_text(st: Stated) -> str:
    """A stated fact's line without its comments: ``score Anna +120, Boris 15, Vera 0``."""
    return st.kind + " " + ", ".join(_entry(st.kind, e) for e in st.entries)


def _stated(out: _Out, st: Stated) -> None:
    out.word(stated_text(st))
    _comments(out, st.notes)


def _rest(out: _Out, line: LineOfPlay, *, newline: bool, auction: bool = True) -> None:
    """The events a hand and a variation share; each on its own line in a hand."""

    def start() -> None:
        if newline:
            _line(out)

    if line.auction and auction:
        start()
        if newline:
            out.raw("bid")
        _calls(out, line.auction)
    if line.talon is not None:
        start()
        taker = "" if line.talon.seat is None else f" {seat_text(line.talon.seat)}:"
        out.word("talon" + taker + "".join(" " + c for c in line.talon.cards))
        _comments(out, line.talon.notes)
    if line.concede is not None:
        start()
        out.word("concede")
        _comments(out, line.concede.notes)
    if line.give is not None:
        start()
        out.word("give " + ", ".join(f"{seat_text(g.seat)} {g.card}" for g in line.give.cards))
        _comments(out, line.give.notes)
    if line.contract is not None:
        start()
        out.word(f"contract {line.contract.value}")
        _comments(out, line.contract.notes)
    for trick in line.tricks:
        start()
        _trick(out, trick)
    for st in line.stated:
        start()
        _stated(out, st)


def _variation(out: _Out, var: Variation) -> None:
    out.word("(")
    if var.auction:
        _calls(out, var.auction)
    if var.plays or var.winner is not None:
        _plays(out, var.plays, var.winner)
    _rest(out, var, newline=False, auction=False)
    out.raw(")")


# ---- Bura and Burkozel ----------------------------------------------------------------------


def _cards(cards: list[str]) -> str:
    """The cards, each after a space."""
    return " " + " ".join(cards) if cards else ""


def _bura_deal(out: _Out, deal: BuraDeal) -> None:
    out.indent = INDENT
    out.raw(f"deal {deal.number}")
    _comments(out, deal.notes)
    if deal.dealing is not None:
        d = deal.dealing
        parts = [f"{seat_text(h.seat)}:" + _cards(h.cards) for h in d.hands]
        if d.trump is not None:
            parts.append(f"trump: {d.trump}")
        if d.stock is not None:
            parts.append("stock:" + _cards(d.stock))
        _line(out)
        out.raw("hands " + " / ".join(parts))
        _comments(out, d.notes)
    for ev in deal.events:
        _line(out)
        _bura_event(out, ev)
    out.newline()


def _answers(out: _Out, answers: list[Answer], winner: Winner | None) -> None:
    for i, a in enumerate(answers):
        if i:
            out.word("/")
        text = seat_text(a.seat) + _cards(a.cards)
        if a.down:
            text += " down" + _cards(a.down)
        out.word(text)
        for note in a.notes:
            if isinstance(note, Comment):
                out.comment(note)
            elif isinstance(note, Glyph):
                out.word(note.text if note.text != "??" else "$4")
            elif isinstance(note, Nag):
                out.word(f"${note.value}")
            else:
                _bura_variation(out, note)
    if winner is not None:
        out.word(f"-> {seat_text(winner.seat)}")
        _comments(out, winner.notes)


def _bura_event(out: _Out, ev: BuraEvent) -> None:
    if isinstance(ev, BuraTrick):
        out.word(f"{ev.number}.")
        _answers(out, ev.answers, ev.winner)
        return
    if isinstance(ev, Draw):
        out.word("draw " + ", ".join(f"{seat_text(g.seat)} {g.card}" for g in ev.cards))
    elif isinstance(ev, Claim):
        text = f"open {seat_text(ev.seat)}"
        if ev.count is not None:
            text += f" {ev.count}"
        if ev.outcome is not None:
            text += f" {ev.outcome}"
        out.word(text)
    elif isinstance(ev, Show):
        out.word(f"show {seat_text(ev.seat)} {ev.combo}" + _cards(ev.cards))
    elif isinstance(ev, Fault):
        out.word(f"fault {seat_text(ev.seat)} {ev.fault}")
    elif isinstance(ev, Pot):
        out.word(f"pot {ev.value}")
    else:
        signed = ev.kind == "chips"
        out.word(
            ev.kind
            + " "
            + ", ".join(
                f"{seat_text(e.seat)} {e.value:+d}"
                if signed and e.value
                else f"{seat_text(e.seat)} {e.value}"
                for e in ev.entries
            )
        )
    _comments(out, ev.notes)


def _bura_variation(out: _Out, var: BuraVariation) -> None:
    out.word("(")
    if var.answers or var.winner is not None:
        _answers(out, var.answers, var.winner)
    for ev in var.events:
        _bura_event(out, ev)
    out.raw(")")


_UNIT_WRITERS: dict[str, Callable[[_Out, Any], None]] = {"hands": _hand, "deals": _bura_deal}
"""How a record's hands (Thousand) or deals (Bura, Burkozel) are written."""
