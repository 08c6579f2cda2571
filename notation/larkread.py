"""The normative reader: KGN's Lark grammars, and the transformer that builds records as
the LALR parser reduces.

:func:`notation.parse.parse_game` comes here only when the fast reader steps aside, so a
command that reads canonical text never imports Lark.  This module holds what every game's
builder shares (:class:`Builder`: tags, seats, cards, comments, notes, takers, entries, the
counts that bound a game) and the reporting of syntax errors, with the terminals the parser
would really take; each game's notation package brings its builder (a subclass, named by
its kind in :data:`notation.kinds.KINDS`).
"""

from __future__ import annotations

import collections
import copy
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .builder import Builder
from .errors import KgnError, KgnSyntaxError, clip
from .escapes import COMMENT_BODY
from .grammar import open_lark
from .records import (
    MAX_NESTING,
    GameRecord,
    Node,
)

if TYPE_CHECKING:
    from .gametext import GameText
    from .kinds import NotationKind

__all__ = ["read_event", "read_with_grammar"]


_READABLE = {
    "CARD": "a card",
    "NAME": "a player name",
    "STRING": "a quoted string",
    "INT": "a number",
    "SIGN": "a sign",
    "COMMENT": "a comment",
    "GLYPH": "a glyph",
    "NAG": "a $n code",
    "TAG_NAME": "a tag name",
    "TRICK_NO": "a trick number (1.)",
    "ARROW": "'->'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LPAR": "'('",
    "RPAR": "')'",
    "COMMA": "','",
    "COLON": "':'",
    "SLASH": "'/'",
    "$END": "the end of the game",
}


def _readable(name: str) -> str:
    if name in _READABLE:
        return _READABLE[name]
    if name.isupper() and name.isalpha():
        return f"'{name.lower()}'"
    return name.lower()


def _expected(names: Iterable[str]) -> str:
    items = sorted({_readable(n) for n in names if not n.startswith("__")})
    if not items:
        return "something else"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


@dataclass
class _Parser:
    lark: Lark
    builder: Builder


@cache
def _parser(kind: NotationKind) -> _Parser:
    """The parser of a game's grammar, building its records (one per kind, built once;
    the tables are cached on disk, :mod:`notation.grammar`)."""
    builder = kind.builder()
    return _Parser(
        open_lark(kind.grammar, "records", transformer=builder, start=["start", "move"]),
        builder,
    )


def _accepted(exc: UnexpectedInput) -> set[str] | None:
    """The terminals the parser would really take at the error (the lexer's set is wider:
    LALR states share look-aheads)."""
    state = getattr(exc, "state", None)
    if state is None or not hasattr(state, "parse_conf"):
        return None
    conf = copy.copy(state.parse_conf)
    conf.callbacks = collections.defaultdict(lambda: lambda children: None)
    names: set[str] = set()
    for name in state.parse_conf.parse_table.states[state.position]:
        if not name.isupper() and name != "$END":
            continue
        trial = state.copy(deepcopy_values=False)
        trial.parse_conf = conf
        try:
            trial.feed_token(Token(name, ""), is_end=name == "$END")
        except Exception:
            continue
        names.add(name)
    return names or None


def _syntax_error(exc: UnexpectedInput, gtext: GameText) -> KgnSyntaxError:
    offset = gtext.first_line - 1
    line = (exc.line if isinstance(exc.line, int) and exc.line > 0 else 1) + offset
    column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        found = "the end of the game" if tok.type == "$END" else clip(repr(str(tok)))
        message = f"expected {_expected(_accepted(exc) or exc.expected)}, found {found}"
        if tok.type == "$END":
            line = gtext.first_line + gtext.text.count("\n")
            column = len(gtext.text.rsplit("\n", 1)[-1]) + 1
    elif isinstance(exc, UnexpectedCharacters):
        text = gtext.source_line(line) or ""
        ch = text[column - 1 : column] or "?"
        word = re.match(r"\S+", text[column - 1 :])
        found = clip(repr(word.group(0))) if word else repr(ch)
        message = f"expected {_expected(_accepted(exc) or exc.allowed or ())}, found {found}"
        if ch == "{":  # a comment that would be read but never ends
            message = "a comment opened here with { is never closed with }"
    elif isinstance(exc, UnexpectedEOF):
        message = f"expected {_expected(exc.expected)}, found the end of the game"
    else:  # pragma: no cover - lark has no other kinds
        message = str(exc)
    hint = None
    text = gtext.source_line(line) or ""
    word = re.match(r"\S+", text[column - 1 :])
    if word and "a card" in message and _SUIT_FIRST.match(word.group(0)):
        w = word.group(0)
        hint = f"a card is written rank then suit: {w[1:].upper()}{w[0].upper()}, not {w}"
    opened = _open_variation(gtext, line, column)
    if opened is not None:
        if "found the end of the game" in message:
            line, column = opened
            message = "this '(' opens a variation that is never closed with ')'"
        else:
            hint = f"the variation opened at line {opened[0]}, column {opened[1]} is still open"
    return gtext.syntax_error(message, line, column, hint=hint)


_STRING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')
"""A quoted string, as the grammar's STRING reads it."""
_SUIT_FIRST = re.compile(r"^[♠♣♦♥♤♧♢♡SCDHscdh](?:10|[6-9TJQKAtjqka])[,;)]?$")


def _open_variation(
    gtext: GameText, line: int, column: int, limit: int | None = None
) -> tuple[int, int] | None:
    """Where the innermost variation still open before (line, column) was opened, skipping
    comments (a ``{}`` comment may span lines) and quoted strings; None when every '(' is
    closed.  With ``limit``: where the first variation nested deeper than that was opened
    (None: none is)."""
    stack: list[tuple[int, int]] = []
    text = gtext.text
    starts = [0]  # where each line of the text starts
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    stop_line = min(line - gtext.first_line, len(starts) - 1)
    stop = starts[stop_line] + column - 1 if stop_line >= 0 else 0
    stop = min(stop, len(text))
    k = 0
    row = 0  # the line index k is on
    while k < stop:
        ch = text[k]
        if ch == ";":  # a comment to the end of the line
            end = text.find("\n", k)
            k = stop if end < 0 else end
            continue
        if ch == "{":
            body = COMMENT_BODY.match(text, k + 1)
            end = body.end() if body is not None else len(text)
            if end >= len(text):
                break  # a comment never closed: nothing after it is code
            k = end + 1
            continue
        if ch == '"':
            quoted = _STRING.match(text, k)
            if quoted is None:  # a string running on: nothing more of this line is code
                end = text.find("\n", k)
                k = len(text) if end < 0 else end
                continue
            k = quoted.end()
            continue
        if ch == "(" or ch == ")":
            while row + 1 < len(starts) and starts[row + 1] <= k:
                row += 1
            if ch == "(":
                stack.append((row + gtext.first_line, k - starts[row] + 1))
                if limit is not None and len(stack) > limit:
                    return stack[-1]
            elif stack:
                stack.pop()
        k += 1
    return stack[-1] if stack and limit is None else None


def read_with_grammar(gtext: GameText, kind: NotationKind) -> GameRecord:
    """Parse one game of ``kind`` with its Lark grammar; a located
    :class:`KgnSyntaxError` for anything the grammar does not take."""
    parser = _parser(kind)
    parser.builder.reset(gtext, kind.name)
    if gtext.text.count("(") > MAX_NESTING:
        deep = _open_variation(gtext, gtext.first_line + gtext.text.count("\n"), 10**9, MAX_NESTING)
        if deep is not None:
            raise gtext.syntax_error(
                f"variations are nested more than {MAX_NESTING} deep", deep[0], deep[1]
            )
    try:
        game = parser.lark.parse(gtext.text, start="start")
    except UnexpectedInput as exc:
        raise _syntax_error(exc, gtext) from None
    except KgnError:
        raise
    except RecursionError:
        raise KgnSyntaxError(
            "variations are nested too deeply",
            file=gtext.file,
            line=gtext.first_line,
            column=1,
            game=gtext.index,
        ) from None
    assert isinstance(game, GameRecord)
    return game


def read_event(text: str, kind: NotationKind, players: list[str]) -> Node:
    """One event of a game of ``kind`` written alone (``bid Anna 100``, ``Anna KH
    marriage``, ``draw Oleg 7H``), as its record, the names matched to ``players``; a
    :class:`KgnError` (code ``bad-move``) for anything else."""
    from .gametext import GameText

    written = text.strip()
    if not written:
        raise KgnError("not a move: the text is empty", code="bad-move")
    if "\n" in written or "\r" in written:
        raise KgnError("a move is one line of KGN", code="bad-move")
    parser = _parser(kind)
    gtext = GameText(written, 1, 1)
    parser.builder.reset(gtext, kind.name, players)
    try:
        event = parser.lark.parse(written, start="move")
    except UnexpectedInput as exc:
        message = _syntax_error(exc, gtext).message
        raise KgnError(f"not a move: {written!r} ({message})", code="bad-move") from None
    except KgnError as exc:
        raise KgnError(f"not a move: {written!r} ({exc.message})", code="bad-move") from None
    assert isinstance(event, Node)
    return event
