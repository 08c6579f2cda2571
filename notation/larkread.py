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
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .builder import Builder
from .errors import KgnError, KgnSyntaxError, clip
from .escapes import COMMENT_BODY
from .grammar import open_lark
from .i18n import N_, tr
from .records import MAX_NESTING, GameRecord, Node

if TYPE_CHECKING:
    from .gametext import GameText
    from .kinds import NotationKind

__all__ = ["read_event", "read_with_grammar"]


_READABLE = {
    "CARD": N_("a card"),
    "NAME": N_("a player name"),
    "STRING": N_("a quoted string"),
    "INT": N_("a number"),
    "SIGN": N_("a sign"),
    "COMMENT": N_("a comment"),
    "GLYPH": N_("a glyph"),
    "NAG": N_("a $n code"),
    "TAG_NAME": N_("a tag name"),
    "TRICK_NO": N_("a trick number (1.)"),
    "ARROW": "'->'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LPAR": "'('",
    "RPAR": "')'",
    "COMMA": "','",
    "COLON": "':'",
    "SLASH": "'/'",
    "$END": N_("the end of the game"),
}


def _readable(name: str) -> str:
    if name in _READABLE:
        return tr(_READABLE[name])
    if name.isupper() and name.isalpha():
        return f"'{name.lower()}'"
    return name.lower()


def _expected(names: Iterable[str]) -> str:
    items = sorted({_readable(n) for n in names if not n.startswith("__")})
    if not items:
        return tr("something else")
    if len(items) == 1:
        return items[0]
    return tr("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


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
    at_end = False  # the game ended where more was expected
    wanted: Collection[str] = ()  # the terminals the grammar would take here
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        wanted = _accepted(exc) or exc.expected
        at_end = tok.type == "$END"
        found = tr("the end of the game") if at_end else clip(repr(str(tok)))
        message = tr("expected {expected}, found {found}").format(
            expected=_expected(wanted), found=found
        )
        if at_end:
            line = gtext.first_line + gtext.text.count("\n")
            column = len(gtext.text.rsplit("\n", 1)[-1]) + 1
    elif isinstance(exc, UnexpectedCharacters):
        text = gtext.source_line(line) or ""
        ch = text[column - 1 : column] or "?"
        word = re.match(r"\S+", text[column - 1 :])
        found = clip(repr(word.group(0))) if word else repr(ch)
        wanted = _accepted(exc) or exc.allowed or ()
        message = tr("expected {expected}, found {found}").format(
            expected=_expected(wanted), found=found
        )
        if ch == "{":  # a comment that would be read but never ends
            wanted = ()
            message = tr("a comment opened here with {{ is never closed with }}")
    elif isinstance(exc, UnexpectedEOF):
        wanted = exc.expected
        at_end = True
        message = tr("expected {expected}, found the end of the game").format(
            expected=_expected(wanted)
        )
    else:  # pragma: no cover - lark has no other kinds
        wanted = ()
        message = str(exc)
    hint = _card_hint(gtext, line, column, wanted)
    opened = _open_variation(gtext, line, column)
    if opened is not None:
        if at_end:
            line, column = opened
            message = tr("this '(' opens a variation that is never closed with ')'")
        else:
            hint = tr("the variation opened at line {line}, column {column} is still open").format(
                line=opened[0], column=opened[1]
            )
    return gtext.syntax_error(message, line, column, hint=hint)


def _card_hint(gtext: GameText, line: int, column: int, wanted: Collection[str]) -> str | None:
    """Where a card was expected and one is written suit first (``SA``), how it is written."""
    text = gtext.source_line(line) or ""
    word = re.match(r"\S+", text[column - 1 :])
    if word and "CARD" in wanted and _SUIT_FIRST.match(word.group(0)):
        w = word.group(0)
        return tr("a card is written rank then suit: {card}, not {written}").format(
            card=w[1:].upper() + w[0].upper(), written=w
        )
    return None


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
                tr("variations are nested more than {MAX_NESTING} deep").format(
                    MAX_NESTING=MAX_NESTING
                ), deep[0], deep[1]
            )
    try:
        game = parser.lark.parse(gtext.text, start="start")
    except UnexpectedInput as exc:
        raise _syntax_error(exc, gtext) from None
    except KgnError:
        raise
    except RecursionError:
        raise KgnSyntaxError(
            tr("variations are nested too deeply"),
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
        raise KgnError(tr("not a move: the text is empty"), code="bad-move")
    if "\n" in written or "\r" in written:
        raise KgnError(tr("a move is one line of KGN"), code="bad-move")
    parser = _parser(kind)
    gtext = GameText(written, 1, 1)
    parser.builder.reset(gtext, kind.name, players)
    try:
        event = parser.lark.parse(written, start="move")
    except UnexpectedInput as exc:
        message = _syntax_error(exc, gtext).message
        raise KgnError(tr("not a move: {written!r} ({message})").format(written=written, message=message), code="bad-move") from None
    except KgnError as exc:
        raise KgnError(tr("not a move: {written!r} ({message})").format(written=written, message=exc.message), code="bad-move") from None
    assert isinstance(event, Node)
    return event
