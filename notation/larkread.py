"""The normative reader: KGN's Lark grammars, and the transformer that builds records as
the LALR parser reduces.

:func:`notation.parse.parse_game` comes here only when the fast reader
(:mod:`notation.fastparse`) steps aside, so a command that reads canonical text never
imports Lark.  Syntax errors are reported with the terminals the parser would really take.
"""

from __future__ import annotations

import collections
import copy
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .cards import canonical_card
from .errors import KgnError, KgnSyntaxError, clip
from .escapes import COMMENT_BODY, decode_comment, unescape_string
from .fastparse import MAX_NESTING
from .grammar import open_lark
from .records import (
    MAX_DIGITS,
    MAX_HANDS,
    MAX_ITEMS,
    VARIATION_WEIGHT,
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
    fold_name,
)

if TYPE_CHECKING:
    from .gametext import GameText

__all__ = ["read_with_grammar"]

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


class _Builder(Transformer[Token, Any]):
    """Builds records while the LALR parser reduces (no parse tree is kept)."""

    UNITS = ThousandGame.UNITS

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.offset = 0
        self.shared: dict[str, str] = {}
        """The Players tag, each name to itself: every record of a seat shares the string."""
        self.folded: dict[str, str] = {}
        self.gtext: GameText | None = None
        self.kind = "thousand"
        self.items = 0
        self.hands = 0

    def reset(self, gtext: GameText, kind: str = "thousand") -> None:
        self.kind = kind
        self.items = 0
        self.hands = 0
        self.offset = gtext.first_line - 1
        self.shared = {}
        self.folded = {}
        self.gtext = gtext

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

    def _counted(self, kw: Token) -> None:
        """One more hand (deal) in this game; no more than MAX_HANDS."""
        self.hands += 1
        if self.hands > MAX_HANDS:
            raise self._error(
                f"this game has more than {MAX_HANDS:,} {self.UNITS}; a game of KGN has at most "
                f"{MAX_HANDS:,} (a long game has 150)",
                kw,
            )

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
        line, col = self._at(tok)
        g = self.gtext
        if g is not None:
            return g.syntax_error(message, line, col)
        return KgnSyntaxError(message, line=line, column=col)

    # -- common ------------------------------------------------------------------------
    def tag(self, c: list[Token]) -> Tag:
        name = str(c[0])
        self._count(c[0], len(c) - 1)  # each value is an item
        values = [unescape_string(t) for t in c[1:]]
        if name == "Players":
            self.shared = {v: v for v in values}
            self.folded = {}
            for v in values:
                self.folded.setdefault(fold_name(v), v)
        return Tag(name=name, values=values, pos=self._pos(c[0]))

    def seat(self, c: list[Token]) -> Token:
        tok = c[0]
        name = unescape_string(tok) if tok.type == "STRING" else str(tok)
        if name not in self.shared:
            name = self.folded.get(fold_name(name), name)
        return Token("SEAT", name, line=tok.line, column=tok.column)

    def _name(self, seat: Token) -> str:
        """The name a seat token reads as: the Players tag's own string for a player (every
        record of a seat shares it), else the text."""
        name = str(seat)
        return self.shared.get(name, name)

    def _card(self, tok: Token) -> str:
        try:
            return canonical_card(str(tok))
        except ValueError:
            raise self._error(f"not a card: {str(tok)!r}", tok) from None

    def card(self, c: list[Token]) -> str:
        """A card of a list (a deal, the talon, a shown combination); it counts towards
        MAX_ITEMS as a record does."""
        self._count(c[0])
        return self._card(c[0])

    def cards(self, c: list[str]) -> list[str]:
        return c

    def _comment(self, tok: Token) -> Comment:
        text = str(tok)
        body = text[1:-1] if text.startswith("{") else text[1:]
        return Comment(text=decode_comment(body.strip()), pos=self._pos(tok))

    def comment(self, c: list[Token]) -> Comment:
        return self._comment(c[0])

    def glyph(self, c: list[Token]) -> Glyph:
        return Glyph(text=cast(Any, str(c[0])), pos=self._pos(c[0]))

    def nag(self, c: list[Token]) -> Nag:
        return Nag(value=self._int(c[0], c[0][1:]), pos=self._pos(c[0]))

    def comments(self, c: list[Comment]) -> list[Comment]:
        return c

    def moves_notes(self, c: list[Any]) -> list[Any]:
        return c

    # -- Thousand ------------------------------------------------------------------------
    def start(self, c: list[Any]) -> ThousandGame:
        tags = [x for x in c if isinstance(x, Tag)]
        notes: list[Comment] = next((x for x in c if isinstance(x, list)), [])
        hands = [x for x in c if isinstance(x, Hand)]
        return ThousandGame(tags=tags, notes=notes, hands=hands)

    def hand(self, c: list[Any]) -> Hand:
        kw, number, notes, *events = c
        self._counted(kw)
        fields: dict[str, Any] = {"tricks": [], "stated": []}
        _collect(events, fields)
        return Hand(number=self._int(number), notes=notes, pos=self._pos(kw), **fields)

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
        return DealHand(seat=self._name(seat), cards=cards, pos=self._pos(seat))

    def deal_talon(self, c: list[Any]) -> tuple[Token, list[str]]:
        return (c[0], c[1])

    def redeal(self, c: list[Any]) -> Redeal:
        return Redeal(seat=self._name(c[1]), notes=c[2], pos=self._pos(c[0]))

    def auction(self, c: list[Any]) -> _Calls:
        return _Calls(_joined(c[1:], Call))

    def var_calls(self, c: list[Any]) -> _Calls:
        return _Calls(_joined(c, Call))

    def call_bid(self, c: list[Any]) -> Call:
        seat, value, notes = c
        return Call(seat=self._name(seat), bid=self._int(value), notes=notes, pos=self._pos(seat))

    def call_dark(self, c: list[Any]) -> Call:
        seat, _, value, notes = c
        return Call(
            seat=self._name(seat), bid=self._int(value), dark=True, notes=notes, pos=self._pos(seat)
        )

    def call_pass(self, c: list[Any]) -> Call:
        seat, _, notes = c
        return Call(seat=self._name(seat), bid=None, notes=notes, pos=self._pos(seat))

    def talon(self, c: list[Any]) -> Talon:
        if len(c) == 4:
            kw, seat, cards, notes = c
            return Talon(cards=cards, seat=self._name(seat), notes=notes, pos=self._pos(kw))
        return Talon(cards=c[1], notes=c[2], pos=self._pos(c[0]))

    def talon_seat(self, c: list[Token]) -> Token:
        return self.seat(c)

    def concede(self, c: list[Any]) -> Concede:
        return Concede(notes=c[1], pos=self._pos(c[0]))

    def give(self, c: list[Any]) -> Give:
        kw, *cards, notes = c
        return Give(cards=cards, notes=notes, pos=self._pos(kw))

    def give_card(self, c: list[Any]) -> GiveCard:
        seat, card = c
        return GiveCard(seat=self._name(seat), card=self._card(card), pos=self._pos(seat))

    def contract(self, c: list[Any]) -> Contract:
        return Contract(value=self._int(c[1]), notes=c[2], pos=self._pos(c[0]))

    def trick(self, c: list[Any]) -> Trick:
        num = c[0]
        plays = _joined(c[1:], Play)
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return Trick(
            number=self._int(num, num[:-1]), plays=plays, winner=winner, pos=self._pos(num)
        )

    def play(self, c: list[Any]) -> Play:
        seat, card, *rest = c
        marriage = len(rest) == 2
        return Play(
            seat=self._name(seat),
            card=self._card(card),
            marriage=marriage,
            notes=rest[-1],
            pos=self._pos(seat),
        )

    def winner(self, c: list[Any]) -> Winner:
        return Winner(seat=self._name(c[1]), notes=c[2], pos=self._pos(c[1]))

    def var_plays(self, c: list[Any]) -> _Plays:
        plays = _joined(c, Play)
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
        return Entry(seat=self._name(seat), value=sign * value, barrel=barrel, pos=self._pos(seat))

    def variation(self, c: list[Any]) -> Variation:
        opened, *c = c
        self._count(opened, VARIATION_WEIGHT)
        fields: dict[str, Any] = {"tricks": [], "stated": []}
        for item in c:
            if isinstance(item, _Plays):
                fields["plays"], fields["winner"] = item.plays, item.winner
        _collect([x for x in c if not isinstance(x, _Plays)], fields)
        return Variation(**fields)


class _BuraBuilder(_Builder):
    """Builds Bura and Burkozel records (the common rules are inherited)."""

    UNITS = BuraGame.UNITS

    def start(self, c: list[Any]) -> BuraGame:  # type: ignore[override]
        tags = [x for x in c if isinstance(x, Tag)]
        notes: list[Comment] = next((x for x in c if isinstance(x, list)), [])
        deals = [x for x in c if isinstance(x, BuraDeal)]
        return BuraGame(kind=cast(Any, self.kind), tags=tags, notes=notes, deals=deals)

    def deal_block(self, c: list[Any]) -> BuraDeal:
        kw, number, notes, *rest = c
        self._counted(kw)
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
        answers = _joined(c[1:], Answer)
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
        for item in rest:  # cards (read by card()), and the DOWN keyword before those face down
            if isinstance(item, Token):
                target = down
            else:
                target.append(item)
        return Answer(seat=self._name(seat), cards=up, down=down, notes=notes, pos=self._pos(seat))

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
            seat=self._name(seat), count=count, outcome=cast(Any, outcome), notes=notes, pos=self._pos(kw)
        )

    def show(self, c: list[Any]) -> Show:
        kw, seat, combo, cards, notes = c
        return Show(
            seat=self._name(seat),
            combo=cast(Any, str(combo).lower()),
            cards=cards,
            notes=notes,
            pos=self._pos(kw),
        )

    def fault(self, c: list[Any]) -> Fault:
        kw, seat, kind, notes = c
        return Fault(
            seat=self._name(seat), fault=cast(Any, str(kind).lower()), notes=notes, pos=self._pos(kw)
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
        answers = _joined(c, Answer)
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return _Answers(answers, winner)

    def variation(self, c: list[Any]) -> BuraVariation:  # type: ignore[override]
        opened, *c = c
        self._count(opened, VARIATION_WEIGHT)
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


_Move = TypeVar("_Move", Call, Play, Answer)


def _joined(items: list[Any], kind: type[_Move]) -> list[_Move]:
    """The moves among ``items``; the comments written after a separator (``Anna 100,
    {...} Boris 110``) join the notes of the move before them, where the writer puts them,
    and those before the first move (``bid {...} Anna 100``), the first move's notes."""
    out: list[_Move] = []
    ahead: list[Comment] = []  # comments before the first move: they join its notes
    for item in items:
        if isinstance(item, kind):
            out.append(item)
            if ahead:
                item.notes[:0] = ahead
                ahead = []
        elif isinstance(item, Comment):
            if out:
                out[-1].notes.append(item)
            else:
                ahead.append(item)
    return out


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


def read_with_grammar(gtext: GameText, kind: str) -> Game:
    """Parse one game of kind ``kind`` with its Lark grammar; a located
    :class:`KgnSyntaxError` for anything the grammar does not take."""
    grammar = _GRAMMAR_OF[kind]
    parser = _parser(grammar)
    parser.builder.reset(gtext, kind)
    if gtext.text.count("(") > MAX_NESTING:
        deep = _open_variation(gtext, gtext.first_line + gtext.text.count("\n"), 10**9, MAX_NESTING)
        if deep is not None:
            raise gtext.syntax_error(
                f"variations are nested more than {MAX_NESTING} deep", deep[0], deep[1]
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
