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
from typing import TYPE_CHECKING, Final, Literal, TypeVar

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .cards import canonical_card
from .errors import KgnError, KgnSyntaxError, clip
from .escapes import COMMENT_BODY, decode_comment, unescape_string
from .grammar import open_lark
from .records import (
    MAX_DIGITS,
    MAX_HANDS,
    MAX_ITEMS,
    MAX_NESTING,
    Comment,
    Entry,
    GameRecord,
    GiveCard,
    Glyph,
    Hand,
    Nag,
    Node,
    Tag,
    Winner,
    fold_name,
)

if TYPE_CHECKING:
    from .gametext import GameText
    from .kinds import NotationKind

__all__ = ["Builder", "Items", "joined", "read_event", "read_with_grammar"]

Items = list[object]
"""The children of a rule as the parser reduced them: tokens, records, lists of records;
each rule's method knows their shapes (the grammar fixes them) and checks them as it
takes them (:meth:`Builder.token`, :meth:`Builder.node`)."""

_N = TypeVar("_N", bound=Node)

_GLYPHS: Final[dict[str, Literal["!", "?", "!!", "??", "!?", "?!"]]] = {
    "!": "!", "?": "?", "!!": "!!", "??": "??", "!?": "!?", "?!": "?!",
}  # fmt: skip

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


class Builder(Transformer[Token, object]):
    """Builds records while the LALR parser reduces (no parse tree is kept): what every
    game's grammar shares.  A game's builder adds its rules (``start``, its rounds and
    events)."""

    ROUNDS = "rounds"
    """What a game's rounds are called in a message (``hands``, ``deals``)."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.offset = 0
        self.shared: dict[str, str] = {}
        """The Players tag, each name to itself: every record of a seat shares the string."""
        self.folded: dict[str, str] = {}
        self.gtext: GameText | None = None
        self.kind = ""
        self.items = 0
        self.rounds = 0

    def reset(self, gtext: GameText | None, kind: str, players: Iterable[str] = ()) -> None:
        """Ready to read a game of ``kind`` (``players``: the seats an event alone names)."""
        self.kind = kind
        self.items = 0
        self.rounds = 0
        self.offset = gtext.first_line - 1 if gtext is not None else 0
        self.gtext = gtext
        self._players(list(players))

    def _players(self, names: list[str]) -> None:
        self.shared = {v: v for v in names}
        self.folded = {}
        for v in names:
            self.folded.setdefault(fold_name(v), v)

    # -- what each rule's children are --------------------------------------------------

    @staticmethod
    def token(item: object) -> Token:
        """A child that is a token (a keyword, a number, a card, a seat)."""
        assert isinstance(item, Token), item
        return item

    @staticmethod
    def node(item: object, kind: type[_N]) -> _N:
        """A child that is a record of ``kind``."""
        assert isinstance(item, kind), item
        return item

    @staticmethod
    def nodes(items: Iterable[object], kind: type[_N]) -> list[_N]:
        """The children that are records of ``kind``, in order."""
        return [item for item in items if isinstance(item, kind)]

    @staticmethod
    def notes(item: object) -> list[Node]:
        """A child that is a list of notes (comments, glyphs, ``$n`` codes, variations)."""
        assert isinstance(item, list), item
        return [x for x in item if isinstance(x, Node)]

    @staticmethod
    def comments_of(item: object) -> list[Comment]:
        """A child that is a list of comments."""
        assert isinstance(item, list), item
        return [x for x in item if isinstance(x, Comment)]

    @staticmethod
    def strings(item: object) -> list[str]:
        """A child that is a list of cards (their codes)."""
        assert isinstance(item, list), item
        return [str(x) for x in item]

    # -- positions and counts -----------------------------------------------------------

    def _pos(self, tok: Token) -> tuple[int, int]:
        """Where the record that starts at ``tok`` was written; every record asks once, so
        this is where a game's records are counted (MAX_ITEMS)."""
        self._count(tok)
        return self._at(tok)

    def _count(self, tok: Token, weight: int = 1) -> None:
        self.items += weight
        if self.items > MAX_ITEMS:
            raise self._error(
                f"this game holds more than {MAX_ITEMS:,} moves, notes, cards and other "
                f"records; a game of KGN holds at most {MAX_ITEMS:,} (a long game has 15,000)",
                tok,
            )

    def _at(self, tok: Token) -> tuple[int, int]:
        return ((tok.line or 1) + self.offset, tok.column or 1)

    def counted(self, kw: Token) -> None:
        """One more round (hand, deal) in this game; no more than MAX_HANDS."""
        self.rounds += 1
        if self.rounds > MAX_HANDS:
            raise self._error(
                f"this game has more than {MAX_HANDS:,} {self.ROUNDS}; a game of KGN has at "
                f"most {MAX_HANDS:,} (a long game has 150)",
                kw,
            )

    def number(self, item: object, digits: str | None = None) -> int:
        """A number of the text (``digits``: the part of the token that is the number); one
        longer than 9 digits is an error, not a number."""
        tok = self.token(item)
        text = str(tok) if digits is None else digits
        if len(text) > MAX_DIGITS:
            raise self._error(
                f"a number of {len(text)} digits; numbers in KGN have at most {MAX_DIGITS}", tok
            )
        return int(text)

    def _error(self, message: str, tok: Token) -> KgnSyntaxError:
        line, col = self._at(tok)
        g = self.gtext
        if g is not None:
            return g.syntax_error(message, line, col)
        return KgnSyntaxError(message, line=line, column=col)

    def pos(self, item: object) -> tuple[int, int]:
        """Where the record that starts at this child (a token) was written."""
        return self._pos(self.token(item))

    # -- rules every grammar shares -----------------------------------------------------

    def tag(self, c: Items) -> Tag:
        name = self.token(c[0])
        self._count(name, len(c) - 1)  # each value is an item
        values = [unescape_string(self.token(t)) for t in c[1:]]
        if str(name) == "Players":
            self._players(values)
        return Tag(name=str(name), values=values, pos=self._pos(name))

    def seat(self, c: Items) -> Token:
        tok = self.token(c[0])
        name = unescape_string(tok) if tok.type == "STRING" else str(tok)
        if name not in self.shared:
            name = self.folded.get(fold_name(name), name)
        return Token("SEAT", name, line=tok.line, column=tok.column)

    def name(self, item: object) -> str:
        """The name a seat reads as: the Players tag's own string for a player (every
        record of a seat shares it), else the text."""
        name = str(self.token(item))
        return self.shared.get(name, name)

    def card_of(self, item: object) -> str:
        """A card's code (an error where the token is no card)."""
        tok = self.token(item)
        try:
            return canonical_card(str(tok))
        except ValueError:
            raise self._error(f"not a card: {str(tok)!r}", tok) from None

    def card(self, c: Items) -> str:
        """A card of a list (a deal, the talon, a shown combination); it counts towards
        MAX_ITEMS as a record does."""
        self._count(self.token(c[0]))
        return self.card_of(c[0])

    def cards(self, c: Items) -> list[str]:
        return [str(x) for x in c]

    def comment(self, c: Items) -> Comment:
        tok = self.token(c[0])
        text = str(tok)
        body = text[1:-1] if text.startswith("{") else text[1:]
        return Comment(text=decode_comment(body.strip()), pos=self._pos(tok))

    def glyph(self, c: Items) -> Glyph:
        tok = self.token(c[0])
        return Glyph(text=_GLYPHS[str(tok)], pos=self._pos(tok))

    def nag(self, c: Items) -> Nag:
        tok = self.token(c[0])
        return Nag(value=self.number(tok, tok[1:]), pos=self._pos(tok))

    def comments(self, c: Items) -> list[Comment]:
        return [x for x in c if isinstance(x, Comment)]

    def moves_notes(self, c: Items) -> list[Node]:
        return [x for x in c if isinstance(x, Node)]

    def winner(self, c: Items) -> Winner:
        return Winner(seat=self.name(c[1]), notes=self.comments_of(c[2]), pos=self.pos(c[1]))

    def deal_hand(self, c: Items) -> Hand:
        seat, cards = c
        return Hand(seat=self.name(seat), cards=self.strings(cards), pos=self.pos(seat))

    def give_card(self, c: Items) -> GiveCard:
        seat, card = c
        return GiveCard(seat=self.name(seat), card=self.card_of(card), pos=self.pos(seat))

    def entry(self, c: Items) -> Entry:
        seat, value = self.signed(c)
        return Entry(seat=self.name(seat), value=value, pos=self._pos(seat))

    def signed(self, c: Items) -> tuple[Token, int]:
        """An entry's seat and its value (signed)."""
        seat = self.token(c[0])
        rest = [self.token(t) for t in c[1:]]
        sign = -1 if any(t == "-" for t in rest if t.type == "SIGN") else 1
        return seat, sign * next(self.number(t) for t in rest if t.type == "INT")

    def variation_opened(self, item: object) -> None:
        """A variation counts as VARIATION_WEIGHT items (its record costs as much as two
        moves)."""
        from .records import VARIATION_WEIGHT

        self._count(self.token(item), VARIATION_WEIGHT)


_M = TypeVar("_M", bound=Node)


def joined(items: Iterable[object], kind: type[_M]) -> list[_M]:
    """The moves among ``items``; the comments written after a separator (``Anna 100,
    {...} Boris 110``) join the notes of the move before them, where the writer puts them,
    and those before the first move (``bid {...} Anna 100``), the first move's notes (every
    move has ``notes``)."""
    out: list[_M] = []
    ahead: list[Comment] = []  # comments before the first move: they join its notes
    for item in items:
        if isinstance(item, kind):
            out.append(item)
            notes: list[Node] = getattr(item, "notes")  # noqa: B009
            if ahead:
                notes[:0] = ahead
                ahead = []
        elif isinstance(item, Comment):
            if out:
                getattr(out[-1], "notes").append(item)  # noqa: B009
            else:
                ahead.append(item)
    return out


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
