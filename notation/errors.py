"""One error root for everything kozyr reports about a record.

Every diagnostic, whether raised (a syntax error while reading) or collected (the replay
engine's findings), is a :class:`KgnError`: a located, coded message that names the file,
line and column, the game, hand, trick and seat where it applies, and the rulebook clause (docs/rules.md).

>>> err = KgnSyntaxError("expected a card, found 'X'", line=3, column=7, file="a.kgn")
>>> print(err.format())
a.kgn:3:7: error[syntax]: expected a card, found 'X'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .i18n import round_text, tr

if TYPE_CHECKING:
    from .records import Node

__all__ = [
    "IllegalMoveError",
    "KgnError",
    "KgnSyntaxError",
    "RulesConfigError",
    "WrongFactError",
    "clip",
    "illegal",
    "plural",
    "safe_text",
]


SOURCE_WIDTH = 100
"""How much of a long source line a diagnostic shows around its caret."""


class KgnError(ValueError):
    """A located diagnostic about a KGN record.

    ``code`` is stable (``syntax``, ``must-trump`` ...), ``clause`` the clause id of docs/rules.md
    (``T5.2``) when a rule is broken.
    """

    default_code = "invalid"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        clause: str | None = None,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        game: int | None = None,
        round: int | None = None,
        trick: int | None = None,
        seat: str | None = None,
        source: str | None = None,
        hint: str | None = None,
        legal: list[str] | None = None,
        severity: str = "error",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.clause = clause
        self.file = file
        self.line = line
        self.column = column
        self.game = game
        self.round = round
        """The round (a hand, a deal) the diagnostic is about."""
        self.trick = trick
        self.seat = seat
        self.source = source
        self.hint = hint
        self.legal = legal
        self.severity = severity
        self.ref: Node | None = None
        """The record node a diagnostic is about, when an engine found it late."""
        self.round_word = "hand"
        """What the game calls a round, in the message: ``hand`` or ``deal``."""
        self.card: str | None = None
        """The card the diagnostic is about (``KD``), where the line it points at shows it
        among others (a deal, a give): the caret goes to that card."""
        self.card_nth = 0
        """Which appearance of :attr:`card` on the line, from the column on (0: the first;
        1 for the second of a card dealt twice)."""

    def point_at_card(self) -> None:
        """Move the column to :attr:`card` on the source line.

        >>> e = KgnError("KD is dealt twice", code="duplicate-card", line=1, column=3,
        ...              source="  deal Anna: AS KD / Boris: KD QD")
        >>> e.card, e.card_nth = "KD", 1
        >>> e.point_at_card(); e.column
        29
        """
        if self.card is None or self.source is None or self.column is None:
            return
        at = self.source.find(self.card, self.column - 1)
        for _ in range(self.card_nth):
            if at < 0:
                break
            at = self.source.find(self.card, at + 1)
        if at >= 0:
            self.column = at + 1

    # -- presentation -------------------------------------------------------------------

    @property
    def label(self) -> str:
        """``T5.2 must-trump``, or the code alone when no clause applies."""
        return f"{self.clause} {self.code}" if self.clause else self.code

    @property
    def where(self) -> str:
        """``game 1, hand 3, trick 5``: the parts that are known (the round in the game's
        word)."""
        parts = []
        if self.game is not None:
            parts.append(tr("game {n}").format(n=self.game))
        if self.round is not None:
            parts.append(round_text(self.round_word, self.round))
        if self.trick is not None:
            parts.append(tr("trick {n}").format(n=self.trick))
        return ", ".join(parts)

    def headline(self) -> str:
        loc = ":".join(
            str(x) for x in (self.file or "<input>", self.line, self.column) if x is not None
        )
        text = f"{loc}: {self.severity}[{self.label}]: {self.message}"
        if self.where:
            text += f": {self.where}"
        return text

    def format(self) -> str:
        """The headline, then the source line with a caret, then the legal alternatives."""
        lines = [self.headline()]
        if self.source is not None and self.line is not None:
            raw = self.source.rstrip("\r\n")
            col = self.column
            # A long line is shown as a window around the caret.
            if len(raw) > SOURCE_WIDTH:
                at = (col or 1) - 1
                start = max(0, min(at - SOURCE_WIDTH // 2, len(raw) - SOURCE_WIDTH))
                head = "…" if start else ""
                tail = "…" if start + SOURCE_WIDTH < len(raw) else ""
                raw = head + raw[start : start + SOURCE_WIDTH] + tail
                if col is not None:
                    col = col - start + len(head)
            src = _printable(raw)
            lines.append(f"  {self.line:>4} | {src}")
            if col is not None:
                before = _printable(raw[: col - 1])
                pad = "".join("\t" if ch == "\t" else " " for ch in before)
                lines.append(f"       | {pad}^")
        if self.legal is not None:
            legal = ", ".join(self.legal) if self.legal else tr("(none)")
            lines.append("  " + tr("legal: {moves}").format(moves=legal))
        if self.hint:
            lines.append("  " + tr("note: {hint}").format(hint=self.hint))
        return "\n".join(safe_text(line) for line in lines)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready record of the diagnostic (stable keys).  Texts that came from a file
        (names in the message, the seat, the legal moves) are made safe as the text format
        makes them: a control or bidi character is written as its escape (``\\u202e``)."""

        def safe(text: str | None) -> str | None:
            return None if text is None else safe_text(text)

        return {
            "severity": self.severity,
            "code": self.code,
            "clause": self.clause,
            "message": safe_text(self.message),
            "file": safe(self.file),
            "line": self.line,
            "column": self.column,
            "game": self.game,
            "hand": self.round,
            "unit": self.round_word,
            "trick": self.trick,
            "seat": safe(self.seat),
            "legal": None if self.legal is None else [safe_text(m) for m in self.legal],
            "hint": safe(self.hint),
        }

    def __str__(self) -> str:
        return safe_text(self.headline())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.headline()!r})"


class KgnSyntaxError(KgnError):
    """The text is not KGN: it does not follow the grammar."""

    default_code = "syntax"


class IllegalMoveError(KgnError):
    """A move the rules do not allow at that point."""

    default_code = "illegal-move"


class WrongFactError(KgnError):
    """A stated fact (trick winner, score, total, result) that the rules contradict."""

    default_code = "wrong-fact"


class RulesConfigError(KgnError):
    """A Rules tag or set-up tag that names an unknown switch, value or a bad combination."""

    default_code = "rules"


def illegal(message: str, code: str, clause: str, legal: list[str] | None = None) -> IllegalMoveError:
    """The error of a move the rules refuse: what is wrong, in the players' words, its
    ``code``, the ``clause`` of docs/rules.md it breaks and, where known, the moves that
    were legal instead."""
    return IllegalMoveError(message, code=code, clause=clause, legal=legal)


def clip(text: str, width: int = 60) -> str:
    """``text`` cut to ``width`` characters with an ellipsis (a quoted value in a message).

    >>> clip("x" * 100, 10)
    'xxxxxxxxx…'
    """
    return text if len(text) <= width else text[: width - 1] + "…"


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``; ``many`` where the plural is not ``one + "s"``.

    >>> plural(1, "chip"), plural(3, "chip"), plural(1, "deal won", "deals won")
    ('1 chip', '3 chips', '1 deal won')
    """
    return f"{count} {one if count == 1 else (many or one + 's')}"


def safe_text(text: str) -> str:
    """Text from a file made safe for a terminal: control characters (ANSI escapes
    included) are shown as ``\\x1b``-style escapes; tabs and line breaks stay.

    >>> print(safe_text("Anna\\x1b]0;title\\x07\\n\\tBoris\\u202e"))
    Anna\\x1b]0;title\\x07
    \tBoris\\u202e
    """
    if text.isprintable():
        return text
    return "\n".join(_printable(line) for line in text.split("\n"))


def _printable(text: str) -> str:
    """Source text with control characters shown as escapes, so that a file cannot drive
    the terminal (tabs kept)."""
    if text.isprintable():
        return text
    return "".join(
        ch
        if ch.isprintable() or ch == "\t"
        else f"\\x{ord(ch):02x}"
        if ord(ch) < 256
        else f"\\u{ord(ch):04x}"
        for ch in text
    )
