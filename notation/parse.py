"""Reading KGN: split a stream into games, parse each with its Lark grammar, build records.

The reader streams: :func:`read_game` reads one game per call and returns ``None`` at the
end of the input, so a file of any size is read in constant memory.  One bad game raises a
located :class:`KgnSyntaxError`; the next call goes on with the next game.
"""

from __future__ import annotations

import collections
import copy
import re
import weakref
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import IO, Any, Literal, cast, overload

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .cards import canonical_card
from .errors import KgnError, KgnSyntaxError, clip
from .escapes import code_point, decode_comment
from .fastparse import MAX_NESTING, fast_bura, fast_thousand
from .grammar import open_lark
from .records import (
    GAME_KINDS,
    Answer,
    BuraDeal,
    BuraGame,
    BuraTrick,
    BuraVariation,
    Call,
    Claim,
    Comment,
    Concede,
    Contract,
    Deal,
    DealHand,
    Dealing,
    Draw,
    Entry,
    Fault,
    Game,
    Give,
    GiveCard,
    Glyph,
    Hand,
    Nag,
    Play,
    Pot,
    Redeal,
    Show,
    Stated,
    Tag,
    Tally,
    Talon,
    ThousandGame,
    Trick,
    Variation,
    Winner,
)

__all__ = [
    "MAX_DIGITS",
    "GameText",
    "iter_games",
    "parse_game",
    "parse_number",
    "read_game",
    "split_games",
]

MAX_DIGITS = 9
"""The longest number KGN reads (hand and trick numbers, bids, scores, $n codes)."""

_NUMBER = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


def parse_number(text: str) -> int | None:
    """A whole number written in ASCII digits (an optional sign, at most 9 digits), as in
    tag values and switches; None for anything else (``²``, ``1e3``, a 5,000-digit number).

    >>> parse_number("-120"), parse_number("²"), parse_number("1" * 10)
    (-120, None, None)
    """
    return int(text) if _NUMBER.fullmatch(text) else None


# ---- Splitting a stream into games ------------------------------------------------------


@dataclass(slots=True)
class GameText:
    """The text of one game as it stood in the input."""

    text: str
    first_line: int  # line number of the game's first line in the file
    index: int  # 1-based position of the game in the file
    file: str | None = None
    encoding_error: KgnSyntaxError | None = None
    _starts: list[int] | None = None

    def source_line(self, line: int) -> str | None:
        """The text of file line ``line`` (None outside the game); the line offsets are
        computed once, so many diagnostics of one game cost no more than one."""
        if self._starts is None:
            starts = [0]
            find = self.text.find
            i = find("\n")
            while i >= 0:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._starts = starts
        k = line - self.first_line
        if not 0 <= k < len(self._starts):
            return None
        start = self._starts[k]
        end = self._starts[k + 1] - 1 if k + 1 < len(self._starts) else len(self.text)
        return self.text[start:end]


@dataclass(slots=True)
class _Stream:
    """What :func:`read_game` keeps between calls for one handle."""

    line_no: int = 0
    games: int = 0
    pending: str | None = None
    pending_error: KgnSyntaxError | None = None
    at_end: bool = False
    in_brace: bool = False


_STREAMS: weakref.WeakKeyDictionary[Any, _Stream] = weakref.WeakKeyDictionary()
_STREAMS_BY_ID: dict[int, _Stream] = {}


def _stream_of(handle: Any) -> _Stream:
    try:
        state = _STREAMS.get(handle)
        if state is None:
            state = _STREAMS[handle] = _Stream()
        return state
    except TypeError:  # not weak-referenceable
        return _STREAMS_BY_ID.setdefault(id(handle), _Stream())


def _decode(raw: str | bytes, line_no: int, file: str | None) -> tuple[str, KgnSyntaxError | None]:
    if isinstance(raw, str):
        return raw, None
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        text = raw.decode("utf-8", errors="replace")
        col = len(raw[: exc.start].decode("utf-8", errors="replace")) + 1
        err = KgnSyntaxError(
            f"invalid UTF-8 (byte 0x{raw[exc.start]:02x}); KGN files are UTF-8",
            code="encoding",
            file=file,
            line=line_no,
            column=col,
            source=text,
        )
        return text, err


_COMMENT_BODY = re.compile(
    r"[^}\\]*(?:(?:\\u\{[0-9A-Fa-f]{1,6}\}|\\(?!u\{[0-9A-Fa-f]{1,6}\}))[^}\\]*)*"
)
"""The inside of a ``{}`` comment up to its closing brace (``\\u{HEX}`` escapes skipped)."""


def _scan_braces(line: str, in_brace: bool) -> bool:
    """Whether a ``{`` comment is still open at the end of ``line``."""
    if not in_brace and "{" not in line:
        return False
    i, n = 0, len(line)
    in_string = False
    while i < n:
        ch = line[i]
        if in_brace:
            j = _COMMENT_BODY.match(line, i).end()  # type: ignore[union-attr]
            if j >= n:
                return True
            in_brace, i = False, j + 1
            continue
        if in_string:
            if ch == "\\":
                i += 2
                continue
            if ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "{":
            in_brace = True
        elif ch == ";":
            return False
        i += 1
    return in_brace


def _read_game_text(handle: Any, file: str | None) -> GameText | None:
    state = _stream_of(handle)
    lines: list[str] = []
    first_line = 0
    seen_body = False
    error: KgnSyntaxError | None = None
    while True:
        if state.pending is not None:
            line, state.pending = state.pending, None
            err, state.pending_error = state.pending_error, None
        else:
            if state.at_end:
                break
            raw = handle.readline()
            if not raw:
                state.at_end = True
                break
            state.line_no += 1
            line, err = _decode(raw, state.line_no, file)
            if state.line_no == 1 and line.startswith("\ufeff"):
                line = line[1:]
            if line.endswith("\n"):
                line = line[:-1]
            if line.endswith("\r"):
                line = line[:-1]
        stripped = line.lstrip()
        if not state.in_brace and stripped:
            head = stripped[0]
            if head == "[":
                if seen_body:
                    state.pending, state.pending_error = line, err
                    break
            elif head not in "{;":
                seen_body = True
        if not lines:
            if not stripped and not state.in_brace and err is None:
                continue  # blank lines before a game belong to no game
            first_line = state.line_no
        if err is not None and error is None:
            error = err
        lines.append(line)
        state.in_brace = _scan_braces(line, state.in_brace)
    if not lines or all(not ln.strip() for ln in lines):
        return None
    state.games += 1
    return GameText("\n".join(lines), first_line, state.games, file, error)


def split_games(handle: IO[str] | IO[bytes], file: str | None = None) -> Iterator[GameText]:
    """The games of a stream, as text with their first line number."""
    while (chunk := _read_game_text(handle, file)) is not None:
        yield chunk


# ---- Parsing one game -------------------------------------------------------------------

_GAME_TAG = re.compile(r'\[\s*Game\s+"([^"\\\n]*(?:\\.[^"\\\n]*)*)"')
_GRAMMAR_OF = {"thousand": "thousand", "bura": "bura", "burkozel": "bura"}

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


_STRING_ESCAPE = re.compile(r"\\(?:u\{([0-9A-Fa-f]{1,6})\}|(.))")


def _unescape(token: str) -> str:
    """A quoted string's text: ``\\"``, ``\\\\`` and ``\\u{HEX}`` decoded."""
    body = token[1:-1]
    if "\\" not in body:
        return body
    return _STRING_ESCAPE.sub(
        lambda m: code_point(m.group(1), m.group(0)) if m.group(1) else m.group(2), body
    )


class _Builder(Transformer[Token, Any]):
    """Builds records while the LALR parser reduces (no parse tree is kept)."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.offset = 0
        self.players: list[str] = []
        self.folded: dict[str, str] = {}
        self.gtext: GameText | None = None
        self.kind = "thousand"

    def reset(self, gtext: GameText, kind: str = "thousand") -> None:
        self.kind = kind
        self.offset = gtext.first_line - 1
        self.players = []
        self.folded = {}
        self.gtext = gtext

    def _pos(self, tok: Token) -> tuple[int, int]:
        return ((tok.line or 1) + self.offset, tok.column or 1)

    def _int(self, tok: Token, digits: str | None = None) -> int:
        """A number of the text (``digits``: the part of ``tok`` that is the number); one
        longer than 9 digits is an error, not a number."""
        text = str(tok) if digits is None else digits
        if len(text) > MAX_DIGITS:
            raise self._error(
                f"a number of {len(text)} digits; numbers in KGN have at most {MAX_DIGITS}", tok
            )
        return int(text)

    def _error(self, message: str, tok: Token) -> KgnSyntaxError:
        line, col = self._pos(tok)
        g = self.gtext
        return KgnSyntaxError(
            message,
            file=g.file if g else None,
            line=line,
            column=col,
            game=g.index if g else None,
            source=g.source_line(line) if g else None,
        )

    # -- common ------------------------------------------------------------------------
    def tag(self, c: list[Token]) -> Tag:
        name = str(c[0])
        values = [_unescape(t) for t in c[1:]]
        if name == "Players":
            self.players = values
            self.folded = {}
            for v in values:
                self.folded.setdefault(v.casefold(), v)
        return Tag(name=name, values=values, pos=self._pos(c[0]))

    def seat(self, c: list[Token]) -> Token:
        tok = c[0]
        name = _unescape(tok) if tok.type == "STRING" else str(tok)
        if name not in self.players:
            name = self.folded.get(name.casefold(), name)
        return Token("SEAT", name, line=tok.line, column=tok.column)

    def _card(self, tok: Token) -> str:
        try:
            return canonical_card(str(tok))
        except ValueError:
            raise self._error(f"not a card: {str(tok)!r}", tok) from None

    def cards(self, c: list[Token]) -> list[str]:
        return [self._card(t) for t in c]

    def _comment(self, tok: Token) -> Comment:
        text = str(tok)
        body = text[1:-1] if text.startswith("{") else text[1:]
        return Comment(text=decode_comment(body.strip()), pos=self._pos(tok))

    def comments(self, c: list[Token]) -> list[Comment]:
        return [self._comment(t) for t in c]

    def moves_notes(self, c: list[Any]) -> list[Any]:
        notes: list[Any] = []
        for item in c:
            if not isinstance(item, Token):  # a variation
                notes.append(item)
            elif item.type == "COMMENT":
                notes.append(self._comment(item))
            elif item.type == "GLYPH":
                notes.append(Glyph(text=cast(Any, str(item)), pos=self._pos(item)))
            else:
                notes.append(
                    Nag(value=self._int(item, item[1:]), pos=self._pos(item))
                )
        return notes

    # -- Thousand ------------------------------------------------------------------------
    def start(self, c: list[Any]) -> ThousandGame:
        tags = [x for x in c if isinstance(x, Tag)]
        notes: list[Comment] = next((x for x in c if isinstance(x, list)), [])
        hands = [x for x in c if isinstance(x, Hand)]
        return ThousandGame(tags=tags, notes=notes, hands=hands)

    def hand(self, c: list[Any]) -> Hand:
        kw, number, notes, *events = c
        fields: dict[str, Any] = {"tricks": [], "stated": []}
        _collect(events, fields)
        return Hand(
            number=self._int(number), notes=notes, pos=self._pos(kw), **fields
        )

    def deal(self, c: list[Any]) -> Deal:
        kw, *parts, notes = c
        hands = [p for p in parts if isinstance(p, DealHand)]
        talons = [p for p in parts if not isinstance(p, DealHand)]
        if len(talons) > 1:
            raise self._error("the talon is given twice in this deal", kw)
        talon = talons[0][1] if talons else None
        return Deal(hands=hands, talon=talon, notes=notes, pos=self._pos(kw))

    def deal_hand(self, c: list[Any]) -> DealHand:
        seat, cards = c
        return DealHand(seat=str(seat), cards=cards, pos=self._pos(seat))

    def deal_talon(self, c: list[Any]) -> tuple[Token, list[str]]:
        return (c[0], c[1])

    def redeal(self, c: list[Any]) -> Redeal:
        return Redeal(seat=str(c[1]), notes=c[2], pos=self._pos(c[0]))

    def auction(self, c: list[Any]) -> _Calls:
        return _Calls(c[1:])

    def var_calls(self, c: list[Any]) -> _Calls:
        return _Calls(c)

    def call_bid(self, c: list[Any]) -> Call:
        seat, value, notes = c
        return Call(
            seat=str(seat), bid=self._int(value), notes=notes, pos=self._pos(seat)
        )

    def call_dark(self, c: list[Any]) -> Call:
        seat, _, value, notes = c
        return Call(
            seat=str(seat), bid=self._int(value), dark=True, notes=notes, pos=self._pos(seat)
        )

    def call_pass(self, c: list[Any]) -> Call:
        seat, _, notes = c
        return Call(seat=str(seat), bid=None, notes=notes, pos=self._pos(seat))

    def talon(self, c: list[Any]) -> Talon:
        return Talon(cards=c[1], notes=c[2], pos=self._pos(c[0]))

    def concede(self, c: list[Any]) -> Concede:
        return Concede(notes=c[1], pos=self._pos(c[0]))

    def give(self, c: list[Any]) -> Give:
        kw, *cards, notes = c
        return Give(cards=cards, notes=notes, pos=self._pos(kw))

    def give_card(self, c: list[Any]) -> GiveCard:
        seat, card = c
        return GiveCard(seat=str(seat), card=self._card(card), pos=self._pos(seat))

    def contract(self, c: list[Any]) -> Contract:
        return Contract(value=self._int(c[1]), notes=c[2], pos=self._pos(c[0]))

    def trick(self, c: list[Any]) -> Trick:
        num = c[0]
        plays = [x for x in c[1:] if isinstance(x, Play)]
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return Trick(
            number=self._int(num, num[:-1]), plays=plays, winner=winner, pos=self._pos(num)
        )

    def play(self, c: list[Any]) -> Play:
        seat, card, *rest = c
        marriage = len(rest) == 2
        return Play(
            seat=str(seat),
            card=self._card(card),
            marriage=marriage,
            notes=rest[-1],
            pos=self._pos(seat),
        )

    def winner(self, c: list[Any]) -> Winner:
        return Winner(seat=str(c[1]), notes=c[2], pos=self._pos(c[1]))

    def var_plays(self, c: list[Any]) -> _Plays:
        plays = [x for x in c if isinstance(x, Play)]
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return _Plays(plays, winner)

    def _stated(self, kind: Literal["points", "score", "totals"], c: list[Any]) -> Stated:
        return Stated(kind=kind, entries=c[1:-1], notes=c[-1], pos=self._pos(c[0]))

    def points(self, c: list[Any]) -> Stated:
        return self._stated("points", c)

    def score(self, c: list[Any]) -> Stated:
        return self._stated("score", c)

    def totals(self, c: list[Any]) -> Stated:
        return self._stated("totals", c)

    def entry(self, c: list[Any]) -> Entry:
        seat = c[0]
        sign = -1 if any(t == "-" for t in c[1:] if t.type == "SIGN") else 1
        value = next(self._int(t) for t in c[1:] if t.type == "INT")
        barrel = any(t.type == "BARREL" for t in c[1:])
        return Entry(
            seat=str(seat), value=sign * value, barrel=barrel, pos=self._pos(seat)
        )

    def variation(self, c: list[Any]) -> Variation:
        fields: dict[str, Any] = {"tricks": [], "stated": []}
        for item in c:
            if isinstance(item, _Plays):
                fields["plays"], fields["winner"] = item.plays, item.winner
        _collect([x for x in c if not isinstance(x, _Plays)], fields)
        return Variation(**fields)


class _BuraBuilder(_Builder):
    """Builds Bura and Burkozel records (the common rules are inherited)."""

    def start(self, c: list[Any]) -> BuraGame:  # type: ignore[override]
        tags = [x for x in c if isinstance(x, Tag)]
        notes: list[Comment] = next((x for x in c if isinstance(x, list)), [])
        deals = [x for x in c if isinstance(x, BuraDeal)]
        return BuraGame(
            kind=cast(Any, self.kind), tags=tags, notes=notes, deals=deals
        )

    def deal_block(self, c: list[Any]) -> BuraDeal:
        kw, number, notes, *rest = c
        dealing = rest.pop(0) if rest and isinstance(rest[0], Dealing) else None
        return BuraDeal(
            number=self._int(number), notes=notes, dealing=dealing, events=rest, pos=self._pos(kw)
        )

    def dealing(self, c: list[Any]) -> Dealing:
        kw, *parts, notes = c
        fields: dict[str, Any] = {"hands": []}
        for part in parts:
            if isinstance(part, DealHand):
                fields["hands"].append(part)
                continue
            key, tok, value = part
            if key in fields:
                raise self._error(f"the {key} is given twice in this deal", tok)
            fields[key] = value
        return Dealing(notes=notes, pos=self._pos(kw), **fields)

    def deal_trump(self, c: list[Any]) -> tuple[str, Token, str]:
        return ("trump", c[0], self._card(c[1]))

    def deal_stock(self, c: list[Any]) -> tuple[str, Token, list[str]]:
        return ("stock", c[0], c[1])

    def trick(self, c: list[Any]) -> BuraTrick:  # type: ignore[override]
        num = c[0]
        answers = [x for x in c[1:] if isinstance(x, Answer)]
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return BuraTrick(
            number=self._int(num, num[:-1]), answers=answers, winner=winner, pos=self._pos(num)
        )

    def answer(self, c: list[Any]) -> Answer:
        seat, *rest = c
        notes = rest.pop()
        up: list[str] = []
        down: list[str] = []
        target = up
        for tok in rest:
            if tok.type == "DOWN":
                target = down
            else:
                target.append(self._card(tok))
        return Answer(
            seat=str(seat), cards=up, down=down, notes=notes, pos=self._pos(seat)
        )

    def draw(self, c: list[Any]) -> Draw:
        kw, *cards, notes = c
        return Draw(cards=cards, notes=notes, pos=self._pos(kw))

    def draw_card(self, c: list[Any]) -> GiveCard:
        return self.give_card(c)

    def claim(self, c: list[Any]) -> Claim:
        kw, seat, *rest = c
        notes = rest.pop()
        count = next((self._int(t) for t in rest if t.type == "INT"), None)
        outcome = next((str(t).lower() for t in rest if t.type == "OUTCOME"), None)
        return Claim(
            seat=str(seat), count=count, outcome=cast(Any, outcome), notes=notes, pos=self._pos(kw)
        )

    def show(self, c: list[Any]) -> Show:
        kw, seat, combo, cards, notes = c
        return Show(
            seat=str(seat),
            combo=cast(Any, str(combo).lower()),
            cards=cards,
            notes=notes,
            pos=self._pos(kw),
        )

    def fault(self, c: list[Any]) -> Fault:
        kw, seat, kind, notes = c
        return Fault(
            seat=str(seat), fault=cast(Any, str(kind).lower()), notes=notes, pos=self._pos(kw)
        )

    def pot(self, c: list[Any]) -> Pot:
        kw, *rest = c
        notes = rest.pop()
        sign = -1 if any(t == "-" for t in rest if t.type == "SIGN") else 1
        value = next(self._int(t) for t in rest if t.type == "INT")
        return Pot(value=sign * value, notes=notes, pos=self._pos(kw))

    def _tally(self, kind: Literal["chips", "wins", "penalty", "points"], c: list[Any]) -> Tally:
        return Tally(kind=kind, entries=c[1:-1], notes=c[-1], pos=self._pos(c[0]))

    def chips(self, c: list[Any]) -> Tally:
        return self._tally("chips", c)

    def wins(self, c: list[Any]) -> Tally:
        return self._tally("wins", c)

    def penalty(self, c: list[Any]) -> Tally:
        return self._tally("penalty", c)

    def points(self, c: list[Any]) -> Tally:  # type: ignore[override]
        return self._tally("points", c)

    def var_answers(self, c: list[Any]) -> _Answers:
        answers = [x for x in c if isinstance(x, Answer)]
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return _Answers(answers, winner)

    def variation(self, c: list[Any]) -> BuraVariation:  # type: ignore[override]
        fields: dict[str, Any] = {"events": []}
        for item in c:
            if isinstance(item, _Answers):
                fields["answers"], fields["winner"] = item.answers, item.winner
            else:
                fields["events"].append(item)
        return BuraVariation(**fields)


@dataclass(slots=True)
class _Answers:
    answers: list[Answer]
    winner: Winner | None = None


class _Calls(list[Call]):
    pass


@dataclass(slots=True)
class _Plays:
    plays: list[Play]
    winner: Winner | None = None


_SINGLE: dict[type, str] = {
    Deal: "deal",
    Redeal: "redeal",
    Talon: "talon",
    Concede: "concede",
    Give: "give",
    Contract: "contract",
}


def _collect(events: list[Any], fields: dict[str, Any]) -> None:
    for ev in events:
        if isinstance(ev, _Calls):
            fields["auction"] = list(ev)
        elif isinstance(ev, Trick):
            fields["tricks"].append(ev)
        elif isinstance(ev, Stated):
            fields["stated"].append(ev)
        else:
            fields[_SINGLE[type(ev)]] = ev


@dataclass
class _Parser:
    lark: Lark
    builder: _Builder = field(default_factory=_Builder)


_BUILDERS: dict[str, type[_Builder]] = {"thousand": _Builder, "bura": _BuraBuilder}
"""Per grammar: what turns its parse tree into records."""


@cache
def _parser(grammar: str) -> _Parser:
    builder = _BUILDERS[grammar]()
    return _Parser(open_lark(grammar, "records", transformer=builder), builder)


def _game_kind(gtext: GameText) -> str:
    m = _GAME_TAG.search(gtext.text)

    def err(message: str, line: int, col: int, hint: str | None = None) -> KgnSyntaxError:
        return KgnSyntaxError(
            message,
            code="header",
            file=gtext.file,
            line=line,
            column=col,
            game=gtext.index,
            source=gtext.source_line(line),
            hint=hint,
        )

    if m is None:
        raise err(
            'the game has no Game tag; every game starts with [Game "thousand"], '
            '[Game "bura"] or [Game "burkozel"]',
            gtext.first_line,
            1,
        )
    kind = _unescape('"' + m.group(1) + '"').strip().lower()
    if kind not in GAME_KINDS:
        line = gtext.first_line + gtext.text.count("\n", 0, m.start())
        col = m.start(1) - (gtext.text.rfind("\n", 0, m.start()) + 1) + 1
        raise err(
            f"unknown game {m.group(1)!r}; expected one of: {', '.join(GAME_KINDS)}", line, col
        )
    return kind


def parse_game(gtext: GameText, *, fast: bool = True) -> Game:
    """Parse the text of one game into a record; raises a located :class:`KgnSyntaxError`.

    Canonical Thousand text takes a fast path (:mod:`notation.fastparse`) that gives the
    same records; ``fast=False`` always uses the Lark grammar."""
    if gtext.encoding_error is not None:
        gtext.encoding_error.game = gtext.index
        raise gtext.encoding_error
    if fast and gtext.text.startswith('[Game "'):
        head = gtext.text[7:16]
        record: Game | None = None
        if head.startswith('thousand"'):
            record = fast_thousand(gtext.text, gtext.first_line)
        elif head.startswith(('bura"', 'burkozel"')):
            record = fast_bura(gtext.text, gtext.first_line)
        if record is not None:
            return record
    kind = _game_kind(gtext)
    grammar = _GRAMMAR_OF[kind]
    parser = _parser(grammar)
    parser.builder.reset(gtext, kind)
    if gtext.text.count("(") > MAX_NESTING:
        deep = _open_variation(gtext, gtext.first_line + gtext.text.count("\n"), 10**9, MAX_NESTING)
        if deep is not None:
            raise KgnSyntaxError(
                f"variations are nested more than {MAX_NESTING} deep",
                file=gtext.file,
                line=deep[0],
                column=deep[1],
                game=gtext.index,
                source=gtext.source_line(deep[0]),
            )
    try:
        game: Game = parser.lark.parse(gtext.text)  # type: ignore[assignment]
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
    return game


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
    return KgnSyntaxError(
        message,
        file=gtext.file,
        line=line,
        column=column,
        game=gtext.index,
        source=gtext.source_line(line),
        hint=hint,
    )


_SUIT_FIRST = re.compile(r"^[♠♣♦♥♤♧♢♡SCDHscdh](?:10|[6-9TJQKAtjqka])[,;)]?$")




def _open_variation(
    gtext: GameText, line: int, column: int, limit: int | None = None
) -> tuple[int, int] | None:
    """Where the innermost variation still open before (line, column) was opened, skipping
    comments and quoted strings; None when every '(' is closed.  With ``limit``: where the
    first variation nested deeper than that was opened (None: none is)."""
    stack: list[tuple[int, int]] = []
    lines = gtext.text.split("\n")
    stop = line - gtext.first_line
    for i, src in enumerate(lines[: stop + 1]):
        end = column - 1 if i == stop else len(src)
        j = 0
        while j < end:
            ch = src[j]
            if ch == ";":
                break
            if ch == "{" or ch == '"':
                if ch == "{":
                    k = _COMMENT_BODY.match(src, j + 1).end()  # type: ignore[union-attr]
                    k = k if k < len(src) else -1
                else:
                    k = src.find('"', j + 1)
                if k < 0:
                    break  # a comment or string running on: give up on this line
                j = k + 1
                continue
            if ch == "(":
                stack.append((i + gtext.first_line, j + 1))
                if limit is not None and len(stack) > limit:
                    return stack[-1]
            elif ch == ")" and stack:
                stack.pop()
            j += 1
    return stack[-1] if stack and limit is None else None


# ---- The streaming API --------------------------------------------------------------------


def read_game(handle: IO[str] | IO[bytes], *, file: str | None = None) -> Game | None:
    """Read the next game of a text or binary stream; ``None`` at the end.

    Raises :class:`KgnSyntaxError` for a bad game; the next call reads the next game.

    >>> import io
    >>> src = io.StringIO('[Game "thousand"] [Players "A" "B" "C"] [Dealer "A"] [Rules "classic"]')
    >>> read_game(src).players, read_game(src)
    (['A', 'B', 'C'], None)
    """
    gtext = _read_game_text(handle, file if file is not None else _name_of(handle))
    return None if gtext is None else parse_game(gtext)


@overload
def iter_games(
    handle: IO[str] | IO[bytes], *, file: str | None = ..., on_error: Literal["raise"] = ...
) -> Iterator[Game]: ...
@overload
def iter_games(
    handle: IO[str] | IO[bytes], *, file: str | None = ..., on_error: Literal["yield"]
) -> Iterator[Game | KgnError]: ...


def iter_games(
    handle: IO[str] | IO[bytes],
    *,
    file: str | None = None,
    on_error: Literal["raise", "yield"] = "raise",
) -> Iterator[Game] | Iterator[Game | KgnError]:
    """Every game of a stream.  With ``on_error="yield"`` a bad game is yielded as its
    :class:`KgnError` and reading goes on."""
    name = file if file is not None else _name_of(handle)

    def generate() -> Iterator[Any]:
        for gtext in split_games(handle, name):
            try:
                yield parse_game(gtext)
            except KgnError as exc:
                if on_error == "raise":
                    raise
                yield exc

    return generate()


def _name_of(handle: Any) -> str | None:
    name = getattr(handle, "name", None)
    return name if isinstance(name, str) else None
