"""The canonical KGN writer: one deterministic text for every record.

Layout: the tags one a line in the order written; a blank line; then each round (a hand, a
deal) as a block of indented event lines, written by its game's notation kind
(:mod:`notation.kinds`).  Comments stay after the event they followed.  This module holds
what every game's writer shares: quoting, comments, notes, seats and stated entries, and
the deal and the draws of the games played with a stock.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from .records import Comment, Deal, Draw, Entry, Glyph, Nag, Node, Winner

E = TypeVar("E", bound=Entry)

__all__ = [
    "INDENT",
    "MARKS",
    "NAME_PATTERN",
    "REQUIRED_TAGS",
    "Writer",
    "cards_text",
    "comment_text",
    "draw_text",
    "entries_text",
    "escape_char",
    "quote",
    "seat_text",
    "write_deal",
]

REQUIRED_TAGS = ("Game", "Players", "Dealer", "Rules")
MARKS = "\u0300-\u036f\u0483-\u0489\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
"""The combining marks a bare name may hold after its first letter (a regular expression
class body), as in "Zoë" written with e + U+0308: the same ranges as ``NAME`` in
``grammar/common.lark``."""
NAME_PATTERN = rf"[^\W\d_][\w'{MARKS}-]*"
"""A bare name, as the grammar's ``NAME`` reads it: a letter, then letters, digits,
combining marks, ``_``, ``'`` and ``-``."""
_BARE = re.compile(NAME_PATTERN + r"\Z")
_CARD_NAME = r"(?:10|[2-9TtJjQqKkAa])[SCDHscdh\u2660-\u2667](?!\w)"
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


@functools.cache
def _not_a_name(keywords: frozenset[str]) -> re.Pattern[str]:
    """What the reader would take for something else at the start of a bare name: one of
    a game's keywords (as the grammar reads them: ASCII letters in any case, up to a
    character that cannot continue a name, so "Talon-Ivanov" is a name where "talon" is a
    word) or a card ("As")."""
    words = "|".join(sorted((re.escape(k) for k in keywords), key=len, reverse=True))
    keyword = rf"(?a:{words})(?![\w'{MARKS}-])|" if words else ""
    return re.compile(keyword + _CARD_NAME, re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def seat_text(name: str, keywords: frozenset[str] = frozenset()) -> str:
    """A player's name as the body writes it: bare when it reads back as that name (not a
    card, nor one of the game's ``keywords``), else quoted."""
    if (
        _BARE.match(name)
        and name.lower() not in keywords
        and not _not_a_name(keywords).match(name)
        and name.isprintable()
    ):
        return name
    return quote(name)


class Writer:
    """Text under construction, for one game: its ``keywords`` decide which names are
    quoted; a ``;`` comment forces a line break after it."""

    def __init__(self, keywords: frozenset[str] = frozenset()) -> None:
        self.parts: list[str] = []
        self.indent = ""
        self.keywords = keywords

    def seat(self, name: str) -> str:
        """A player's name as the body writes it."""
        return seat_text(name, self.keywords)

    def word(self, text: str) -> None:
        if self.parts and not self.parts[-1].endswith(("\n", " ", "(")):
            self.parts.append(" ")
        self.parts.append(text)

    def raw(self, text: str) -> None:
        self.parts.append(text)

    def newline(self) -> None:
        self.parts.append("\n")

    def line(self) -> None:
        """The start of the next event line of a round."""
        self.parts.append(_NEW_LINE)

    def comment(self, c: Comment) -> None:
        if "}" in c.text and "\n" not in c.text and c.text.isprintable() and "\\u{" not in c.text:
            self.word("; " + c.text if c.text else ";")
            self.parts.append("\n" + self.indent + INDENT)
        else:
            self.word("{" + comment_text(c.text) + "}")

    def comments(self, notes: Iterable[Comment]) -> None:
        for c in notes:
            self.comment(c)

    def notes(
        self,
        notes: Iterable[Node],
        variation: Callable[[Writer, Node], None],
        glyph: Callable[[str], str] = str,
    ) -> None:
        """A move's notes: comments, glyphs (as ``glyph`` writes them), ``$n`` codes, and
        variations (as the game writes them)."""
        for note in notes:
            if isinstance(note, Comment):
                self.comment(note)
            elif isinstance(note, Glyph):
                self.word(glyph(note.text))
            elif isinstance(note, Nag):
                self.word(f"${note.value}")
            else:
                variation(self, note)

    def play(self, play: Any) -> str:
        """A card played as a trick writes it: ``Anna KH``, ``marriage`` after a marriage
        shown with it (Thousand's and Sixty-six's plays)."""
        text = f"{self.seat(play.seat)} {play.card}"
        return text + " marriage" if play.marriage else text

    def plays(self, plays: Sequence[Any], winner: Winner | None, variation: Callable[[Writer, Node], None]) -> None:
        """Cards played to a trick, ``Anna KH marriage, Boris 9H``, each with its notes,
        then the taker (Thousand's and Sixty-six's tricks and variations)."""
        if plays and not any(p.notes for p in plays) and (winner is None or not winner.notes):
            # No notes (the common case): in one piece, what the loop below writes.
            text = ", ".join([self.play(p) for p in plays])
            self.word(text if winner is None else f"{text} -> {self.seat(winner.seat)}")
            return
        for i, play in enumerate(plays):
            if i:
                self.raw(",")
            self.word(self.play(play))
            self.notes(play.notes, variation)
        self.winner(winner)

    def winner(self, winner: Winner | None) -> None:
        """``-> Anna`` and its comments."""
        if winner is not None:
            self.word(f"-> {self.seat(winner.seat)}")
            self.comments(winner.notes)

    def text(self) -> str:
        return "".join(self.parts)


def entries_text(
    out: Writer,
    entries: Iterable[E],
    signed: bool = False,
    mark: Callable[[E], str] | None = None,
) -> str:
    """Stated entries: ``Anna 120, Boris 15`` (``signed``: ``+120``; ``mark``: the word
    the game writes after an entry's value, or nothing)."""
    parts = []
    for e in entries:
        value = f"{e.value:+d}" if signed and e.value else str(e.value)
        after = mark(e) if mark is not None else ""
        parts.append(f"{out.seat(e.seat)} {value}{after}")
    return ", ".join(parts)


def cards_text(cards: Iterable[str]) -> str:
    """The cards, each after a space."""
    return "".join(" " + c for c in cards)


def write_deal(out: Writer, d: Deal) -> None:
    """The deal of a game played with a stock: ``hands Anna: ... / Boris: ... / trump: 9H /
    stock: ...`` (the parts the record has), and its comments."""
    parts = [f"{out.seat(h.seat)}:" + cards_text(h.cards) for h in d.hands]
    if d.trump is not None:
        parts.append(f"trump: {d.trump}")
    if d.stock is not None:
        parts.append("stock:" + cards_text(d.stock))
    out.raw("hands " + " / ".join(parts))
    out.comments(d.notes)


def draw_text(out: Writer, ev: Draw) -> str:
    """Cards drawn from the stock: ``draw Anna JS, Boris ??``."""
    return "draw " + ", ".join(f"{out.seat(g.seat)} {g.card}" for g in ev.cards)

