"""What every game's Lark builder shares: the base :class:`Builder`, which makes records
while the grammar's parser reduces (no parse tree is kept), and its helpers; and
:class:`StockBuilder`, what the games played with a stock add to it.  A game's
builder (``notation/<game>/build.py``) adds its rules.  Lark itself is loaded by
:mod:`notation.larkread`, only when a text needs the grammar."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar

from lark import Token, Transformer

from .cards import canonical_card
from .errors import KgnSyntaxError
from .escapes import decode_comment, unescape_string
from .i18n import ptr, tr
from .records import (
    MAX_DIGITS,
    MAX_ITEMS,
    MAX_ROUNDS,
    VARIATION_WEIGHT,
    Comment,
    Deal,
    Draw,
    Entry,
    GameRecord,
    GiveCard,
    Glyph,
    Hand,
    Nag,
    Node,
    StockShape,
    Tag,
    Winner,
    fold_name,
)

if TYPE_CHECKING:
    from .gametext import GameText

__all__ = ["Builder", "Items", "StockBuilder", "joined"]

Items = list[object]
"""The children of a rule as the parser reduced them: tokens, records, lists of records;
each rule's method knows their shapes (the grammar fixes them) and checks them as it
takes them (:meth:`Builder.token`, :meth:`Builder.node`)."""

_N = TypeVar("_N", bound=Node)

_GLYPHS: Final[dict[str, Literal["!", "?", "!!", "??", "!?", "?!"]]] = {
    "!": "!", "?": "?", "!!": "!!", "??": "??", "!?": "!?", "?!": "?!",
}  # fmt: skip


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
                tr(
                    "this game holds more than {MAX_ITEMS:,} moves, notes, cards and other "
                    "records; a game of KGN holds at most {MAX_ITEMS:,} (a long game has "
                    "15,000)"
                ).format(
                    MAX_ITEMS=MAX_ITEMS
                ),
                tok,
            )

    def _at(self, tok: Token) -> tuple[int, int]:
        return ((tok.line or 1) + self.offset, tok.column or 1)

    def counted(self, kw: Token) -> None:
        """One more round (hand, deal) in this game; no more than MAX_ROUNDS."""
        self.rounds += 1
        if self.rounds > MAX_ROUNDS:
            raise self._error(
                tr(
                    "this game has more than {MAX_ROUNDS:,} {ROUNDS}; a game of KGN has at "
                    "most {MAX_ROUNDS:,} (a long game has 150)"
                ).format(
                    MAX_ROUNDS=MAX_ROUNDS, ROUNDS=ptr("count", self.ROUNDS)
                ),
                kw,
            )

    def number(self, item: object, digits: str | None = None) -> int:
        """A number of the text (``digits``: the part of the token that is the number); one
        longer than 9 digits is an error, not a number."""
        tok = self.token(item)
        text = str(tok) if digits is None else digits
        if len(text) > MAX_DIGITS:
            raise self._error(
                tr("a number of {n} digits; numbers in KGN have at most {MAX_DIGITS}").format(
                    n=len(text), MAX_DIGITS=MAX_DIGITS
                ), tok
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
            raise self._error(tr("not a card: {str!r}").format(str=str(tok)), tok) from None

    def move_notes_of(self, item: object) -> list[Any]:
        """A child that is a move's notes (comments, glyphs, variations)."""
        raise NotImplementedError

    def card_play(self, c: Items, play: type[Any]) -> Any:
        """A card played, a record of class ``play``: ``Anna KH``, ``marriage`` after a
        queen or king shown with the lead, and the move's notes."""
        seat, card, *rest = c
        return play(
            seat=self.name(seat),
            card=self.card_of(card),
            marriage=len(rest) == 2,
            notes=self.move_notes_of(rest[-1]),
            pos=self.pos(seat),
        )

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


@dataclass(slots=True)
class _Part:
    """``trump:`` or ``stock:`` in a deal."""

    key: str
    token: Token
    cards: list[str]


@dataclass(slots=True)
class _Moves:
    """The rest of a trick in a variation: its moves (cards played, answers) and the
    stated taker."""

    moves: list[Node]
    winner: Winner | None = None


class StockBuilder(Builder):
    """What the builders of the games played with a stock (Bura, Burkozel, Sixty-six)
    share: a game of deals, a deal block, its ``hands`` line (each part at most once), a
    trick, a draw, the stated counts, a variation and an event alone.  A game's builder
    is made with its notation (whose record classes it makes: ``shape``) and adds the rules
    of its own events and moves."""

    ROUNDS = "deals"

    def __init__(self, shape: StockShape, game: type[GameRecord]) -> None:
        super().__init__()
        self.shape = shape
        """The game's record classes (its notation, which names them once)."""
        self.game = game
        """The game's record class."""
        # The rules the shape names: each stated count's word, the rest of a trick in a
        # variation (``var_plays``, ``var_answers``), each event that names only a player.
        for word in shape.COUNT_WORDS:
            setattr(self, word, self.stated_count)
        setattr(self, f"var_{shape.MOVES}", self.var_moves)
        for event in shape.SEATED:
            setattr(self, event.__dataclass_fields__["kind"].default, functools.partial(self.seated, event))

    def game_kind(self) -> dict[str, object]:
        """What the game's record is also made with (Bura's: its ``kind``)."""
        return {}

    def events_of(self, items: list[object]) -> list[Any]:
        """The children that are events of a deal."""
        return [x for x in items if isinstance(x, self.shape.EVENTS)]

    def move_notes_of(self, item: object) -> list[Any]:
        """A child that is a move's notes."""
        assert isinstance(item, list), item
        return [x for x in item if isinstance(x, (Comment, Glyph, Nag, self.shape.VARIATION))]

    def start(self, c: Items) -> Any:
        tags = self.nodes(c, Tag)
        notes = next((self.comments_of(x) for x in c if isinstance(x, list)), [])
        deals = self.nodes(c, self.shape.ROUND)
        game: type[Any] = self.game
        return game(tags=tags, notes=notes, deals=deals, **self.game_kind())

    def trick(self, c: Items) -> Any:
        num = self.token(c[0])
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return self.shape.TRICK(
            number=self.number(num, num[:-1]),
            **{self.shape.MOVES: joined(c[1:], self.shape.MOVE)},
            winner=winner,
            pos=self._pos(num),
        )

    def play(self, c: Items) -> Any:
        """A card played (``Anna KH``, ``marriage`` after a queen or king shown with the
        lead), for a game whose move is one."""
        return self.card_play(c, self.shape.MOVE)

    def seated(self, event: type[Any], c: Items) -> Any:
        """An event that names only a player (:attr:`StockShape.SEATED`)."""
        kw, seat, notes = c
        return event(seat=self.name(seat), notes=self.comments_of(notes), pos=self.pos(kw))

    def draw(self, c: Items) -> Draw:
        kw, *cards, notes = c
        return Draw(
            cards=self.nodes(cards, GiveCard), notes=self.comments_of(notes), pos=self.pos(kw)
        )

    def draw_card(self, c: Items) -> GiveCard:
        return self.give_card(c)

    def stated_count(self, c: Items) -> Any:
        """A stated count, its kind the word that starts it."""
        kw = self.token(c[0])
        return self.shape.COUNT(
            kind=self.shape.COUNT_WORDS[str(kw).lower()],
            entries=self.nodes(c[1:-1], Entry),
            notes=self.comments_of(c[-1]),
            pos=self._pos(kw),
        )

    def var_moves(self, c: Items) -> _Moves:
        """The rest of the trick a variation starts with."""
        winner = c[-1] if isinstance(c[-1], Winner) else None
        return _Moves(joined(c, self.shape.MOVE), winner)

    def variation(self, c: Items) -> Any:
        opened, *items = c
        self.variation_opened(opened)
        moves = next((x for x in items if isinstance(x, _Moves)), None)
        return self.shape.VARIATION(
            **{self.shape.MOVES: moves.moves if moves else []},
            winner=moves.winner if moves else None,
            events=self.events_of(items),
        )

    def move(self, c: Items) -> Node:
        """One event alone (:func:`notation.larkread.read_event`)."""
        item = c[0]
        assert isinstance(item, Node)
        return item

    def deal_block(self, c: Items) -> Any:
        kw, number, notes, *rest = c
        self.counted(self.token(kw))
        dealt = rest.pop(0) if rest and isinstance(rest[0], Deal) else None
        return self.shape.ROUND(
            number=self.number(number),
            notes=self.comments_of(notes),
            deal=dealt,
            events=self.events_of(rest),
            pos=self.pos(kw),
        )

    def deal(self, c: Items) -> Deal:
        kw, *parts, notes = c
        deal = Deal(hands=self.nodes(parts, Hand), notes=self.comments_of(notes), pos=self.pos(kw))
        given: set[str] = set()
        for part in parts:
            if not isinstance(part, _Part):
                continue
            if part.key in given:
                raise self._error(tr("the {key} is given twice in this deal").format(key=part.key), part.token)
            given.add(part.key)
            if part.key == "trump":
                deal.trump = part.cards[0]
            else:
                deal.stock = part.cards
        return deal

    def deal_trump(self, c: Items) -> _Part:
        return _Part("trump", self.token(c[0]), [self.card_of(c[1])])

    def deal_stock(self, c: Items) -> _Part:
        return _Part("stock", self.token(c[0]), self.strings(c[1]))
