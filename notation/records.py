"""Records: what a KGN text says, as data (slotted dataclasses; pydantic reads and writes
them as JSON at the boundary, :mod:`notation.jsonio`).

The records know the format, not the rules: a record may describe an illegal game (the
replay engine says why).  Every record keeps where it was written (``pos``: line and
column) for diagnostics; positions are not part of the value: two records that say the
same thing are equal wherever they came from, and JSON leaves positions out.

>>> from notation import loads
>>> game = loads('[Game "thousand"] [Players "A" "B" "C"] [Dealer "C"] [Rules "classic"]')
>>> game.kind, game.players, game.dealer
('thousand', ['A', 'B', 'C'], 'C')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Annotated, Any, ClassVar, Literal, TypeVar

try:  # the C maker of records (notation/recordmaker.c), built with the compiled modules
    from .recordmaker import CALL_FACTORY, FROM_DEFAULT, NEW_LIST
    from .recordmaker import Maker as CMaker
except ImportError:  # a plain-Python install: records made by python_maker
    CMaker = None  # type: ignore[assignment,misc]

__all__ = [
    "MAX_DIGITS",
    "MAX_ITEMS",
    "MAX_NESTING",
    "MAX_NUMBER",
    "MAX_ROUNDS",
    "TAGGED",
    "VARIATION_WEIGHT",
    "CardPlay",
    "CardText",
    "CardTrick",
    "Comment",
    "Count",
    "Deal",
    "Draw",
    "Entry",
    "Flag",
    "GameRecord",
    "GiveCard",
    "Glyph",
    "Hand",
    "JsonRule",
    "Nag",
    "Node",
    "Pos",
    "Seated",
    "Signed",
    "StatedFacts",
    "StockShape",
    "Tag",
    "TagName",
    "Winner",
    "count_items",
    "fold_name",
    "maker",
    "record_items",
    "takes_glyphs",
]

class JsonRule:
    """What JSON checks of a record's field, written in its annotation
    (``Annotated[str, JsonRule(pattern=...)]``) as the keywords of pydantic's ``Field``
    (``pattern``, ``ge``, ``strict``, ``discriminator`` ...), or ``hidden`` (left out of the
    schema).  pydantic reads it when JSON is first read or written
    (:mod:`notation.jsonio`): the records import no pydantic, and their annotations mean
    the same at run time as to mypy."""

    __slots__ = ("hidden", "rule")

    def __init__(self, *, hidden: bool = False, **rule: Any) -> None:
        self.hidden = hidden
        self.rule = rule

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        """The schema of ``source`` under this rule, as pydantic makes it of ``Field``'s."""
        from pydantic import Field
        from pydantic.json_schema import SkipJsonSchema

        # SkipJsonSchema is a class that pydantic declares to mypy as a generic alias
        mark: Any = SkipJsonSchema() if self.hidden else Field(**self.rule)  # type: ignore[type-arg]
        return handler.generate_schema(Annotated[source, mark])

    def __repr__(self) -> str:
        return f"JsonRule(hidden={self.hidden!r}, **{self.rule!r})"


TAGGED = JsonRule(discriminator="kind")
"""A union of records told apart by their ``kind`` (a game's events, its notes)."""

CardText = Annotated[str, JsonRule(pattern=r"^(?:[6-9TJQKA][SCDH]|\?\?)$")]
"""A card in canonical text, or ``??`` for a card nobody recorded (JSON checks it)."""

Pos = tuple[int, int]
"""Line and column (both from 1) where a record was written."""

MAX_DIGITS = 9
"""Numbers in KGN have at most this many digits (a bid of 10^4300 is not a bid)."""

MAX_NUMBER: int = 10**MAX_DIGITS - 1
"""The largest number KGN writes (a pot, a total, a hand's number): 999,999,999."""

MAX_ROUNDS = 2_000
"""A game holds at most this many rounds (hands, deals): a long session has 150."""

MAX_ITEMS = 40_000
"""A game holds at most this many items: its records (tags, hands, moves, comments, glyphs,
``$n`` codes, score entries; a variation counts as :data:`VARIATION_WEIGHT`), the values of
its tags and the cards of card lists (the cards dealt, cards shown, taken or laid); a
session of 150 hands has 15,000.  With :data:`MAX_ROUNDS` this bounds the memory one game can take,
whatever its text (:func:`count_items` counts them)."""

MAX_NESTING = 50
"""How deeply variations may nest (both readers report a deeper one)."""

VARIATION_WEIGHT = 2
"""What a variation counts towards :data:`MAX_ITEMS`: its record costs as much memory as
two moves (its lists of calls, plays, tricks and stated facts)."""

Count = Annotated[int, JsonRule(strict=True, ge=0, le=MAX_NUMBER)]
"""A number KGN writes without a sign (a hand, a trick, a bid): 0 to 999,999,999 (JSON
checks it)."""

Signed = Annotated[int, JsonRule(strict=True, ge=-MAX_NUMBER, le=MAX_NUMBER)]
"""A number KGN may write with a sign (a score, the pot): at most 9 digits (JSON checks
it)."""

TagName = Annotated[str, JsonRule(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")]
"""A tag's name as the grammar reads it: a letter, then letters, digits and ``_`` (JSON
checks it)."""

Flag = Annotated[bool, JsonRule(strict=True)]
"""A word that is there or not (a bid called ``dark`` ...): JSON takes only
``true`` and ``false``, as it takes only numbers for numbers."""


def fold_name(name: str) -> str:
    """A player's name as names are matched: ignoring case, and how an accent is encoded
    (``Zoë`` typed as one character or as ``e`` + U+0308 names the same player)."""
    return unicodedata.normalize("NFC", name).casefold()


# Every record class is a slotted dataclass (a record costs its fields, no dict), made with
# fields by keyword and the equality of :class:`Node`.
_COMPARED: dict[type, tuple[str, ...]] = {}


def takes_glyphs(node: Any) -> bool:
    """Whether a node's notes may hold glyphs (a call or a card played), not only comments
    (a show, a claim, a draw)."""
    for f in fields(node):
        if f.name == "notes":
            return "Comment]" not in str(f.type)
    return False


def record_items(node: Any) -> list[tuple[str, Any]]:
    """A record's fields and values, in order (``pos`` included)."""
    return [(name, getattr(node, name)) for name in node.__dataclass_fields__]


_R = TypeVar("_R")


def maker(cls: type[_R], *names: str) -> Callable[..., _R]:
    """A function that makes a ``cls`` from the fields ``names``, given by position, every
    other field at its default: what the class itself does when called with those names as
    keywords, without the keywords.  The fast reader makes a million records per 10 MB of
    text; a record made by keyword costs 2.4 times as much (the call builds a tuple and a
    dict before the dataclass's ``__init__`` runs), one made by :func:`python_maker` 1.0,
    and one made by the C maker (``notation/recordmaker.c``, built with the compiled
    modules; a plain-Python install has the Python one) about a third of that.

    >>> make = maker(Winner, "seat", "pos")
    >>> make("Anna", (3, 5)) == Winner(seat="Anna")
    True
    """
    plan = _maker_plan(cls, names)
    if CMaker is None:
        return python_maker(cls, names, plan)
    sources = {"default": FROM_DEFAULT, "list": NEW_LIST, "factory": CALL_FACTORY}
    slots = [
        (getattr(cls, name), names.index(name) if how == "arg" else sources[how], value)
        for name, how, value in plan
    ]
    return CMaker(cls, len(names), slots)


def _maker_plan(cls: type[Any], names: tuple[str, ...]) -> list[tuple[str, str, Any]]:
    """Each field of ``cls`` in order, where its value comes from: ``arg`` (one of
    ``names``), ``default`` (the value), ``list`` (a new empty list) or ``factory`` (called
    for each record)."""
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which a maker would skip")
    plan: list[tuple[str, str, Any]] = []
    for f in fields(cls):
        if f.name in names:
            plan.append((f.name, "arg", None))
        elif f.default is not MISSING:
            plan.append((f.name, "default", f.default))
        elif f.default_factory is list:
            plan.append((f.name, "list", None))
        elif f.default_factory is not MISSING:
            plan.append((f.name, "factory", f.default_factory))
        else:
            raise TypeError(f"{cls.__name__}.{f.name} has no default: name it")
    unknown = set(names) - {f.name for f in fields(cls)}
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    return plan


def python_maker(
    cls: type[_R], names: tuple[str, ...], plan: list[tuple[str, str, Any]] | None = None
) -> Callable[..., _R]:
    """:func:`maker` in Python: a function written for the class (the C maker's reference,
    and what a plain-Python install uses)."""
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    body = []
    for name, how, value in plan if plan is not None else _maker_plan(cls, names):
        if how == "arg":
            expr = name
        elif how == "default":
            env[f"_{name}"] = value
            expr = f"_{name}"
        elif how == "list":
            expr = "[]"
        else:
            env[f"_{name}"] = value
            expr = f"_{name}()"
        body.append(f"    _made.{name} = {expr}\n")
    exec(f"def make({', '.join(names)}):\n    _made = _new(_cls)\n{''.join(body)}    return _made\n", env)
    return env["make"]  # type: ignore[no-any-return]


def count_items(game: Any) -> tuple[int, int]:
    """A game's hands (deals) and its items as :data:`MAX_ITEMS` counts them: every record
    but the game itself (a variation as :data:`VARIATION_WEIGHT`), every card of a card
    list (a played, given or trump card is part of its record) and every tag value."""
    items = -1  # the game
    stack: list[Any] = [game]
    while stack:
        node = stack.pop()
        items += VARIATION_WEIGHT if getattr(node, "kind", None) == "variation" else 1
        for name in node.__dataclass_fields__:
            value = getattr(node, name)
            if isinstance(value, Node):
                stack.append(value)
            elif type(value) is list and value:
                if isinstance(value[0], str):
                    items += len(value)
                else:
                    stack.extend(value)
    return len(game.rounds), items


@dataclass(slots=True, kw_only=True, eq=False)
class Node:
    """Base of every record: a source position that takes no part in equality or JSON."""

    # pydantic's config, a plain dict (not annotated: a ClassVar would be listed among the
    # dataclass fields, which record_items and the fast reader rely on).
    __pydantic_config__ = {"extra": "forbid"}  # noqa: RUF012

    pos: Annotated[Pos | None, JsonRule(hidden=True)] = field(
        default=None, repr=False, metadata={"exclude": True}
    )

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        names = _COMPARED.get(type(self))
        if names is None:
            names = _COMPARED[type(self)] = tuple(
                name for name in self.__dataclass_fields__ if name != "pos"
            )
        return all(getattr(self, k) == getattr(other, k) for k in names)

    def __hash__(self) -> int:  # records are mutable values
        raise TypeError(f"unhashable record: {type(self).__name__}")


# ---- Annotations ----------------------------------------------------------------------


@dataclass(slots=True, kw_only=True, eq=False)
class Comment(Node):
    """A comment, ``{text}`` or ``; text``; kept where it was written."""

    kind: Literal["comment"] = "comment"
    text: str


@dataclass(slots=True, kw_only=True, eq=False)
class Glyph(Node):
    """A move glyph: ``! ? !! ?? !? ?!``."""

    kind: Literal["glyph"] = "glyph"
    text: Literal["!", "?", "!!", "??", "!?", "?!"]


@dataclass(slots=True, kw_only=True, eq=False)
class Nag(Node):
    """A numeric annotation glyph, ``$n``."""

    kind: Literal["nag"] = "nag"
    value: Count


@dataclass(slots=True, kw_only=True, eq=False)
class Winner(Node):
    """The stated winner of a trick (``-> Anna``)."""

    seat: str
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Hand(Node):
    """The cards dealt to one seat (``??`` for cards nobody recorded)."""

    seat: str
    cards: list[CardText]


@dataclass(slots=True, kw_only=True, eq=False)
class GiveCard(Node):
    """One card that goes to one seat (a card given, a card drawn)."""

    seat: str
    card: CardText


@dataclass(slots=True, kw_only=True, eq=False)
class CardPlay(Node):
    """One card played to a trick, in a game whose move is one card (Thousand,
    Sixty-six); ``marriage`` marks a marriage declared with the lead.  A game's ``Play``
    subclasses it and names its notes (which hold its variations)."""

    kind: Literal["play"] = "play"
    seat: str
    card: CardText
    marriage: Flag = False
    notes: list[Any] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class CardTrick(Node):
    """A trick of cards played one each (Thousand, Sixty-six): its number, the plays from
    the leader on, the stated winner.  A game's ``Trick`` subclasses it and names its
    ``Play``."""

    kind: Literal["trick"] = "trick"
    number: Count
    plays: list[Any]
    winner: Winner | None = None


@dataclass(slots=True, kw_only=True, eq=False)
class Seated(Node):
    """An event that names only a player (Thousand's redeal; Sixty-six's exchange, close
    and out): its word is its ``kind``, which a subclass fixes."""

    kind: str
    seat: str
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Deal(Node):
    """The deal of a game played with a stock (Bura, Burkozel, Sixty-six): each seat's
    cards, the trump card turned up, the stock from the top (the trump card lies under
    it); any part left out, any card ``??``."""

    kind: Literal["deal"] = "deal"
    hands: list[Hand] = field(default_factory=list)
    trump: CardText | None = None
    stock: list[CardText] | None = None
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Draw(Node):
    """Cards drawn from the stock after a trick, one at a time, in order."""

    kind: Literal["draw"] = "draw"
    cards: list[GiveCard]
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Entry(Node):
    """One seat's number in a stated fact (a game's own entries may add a mark)."""

    seat: str
    value: Signed


@dataclass(slots=True, kw_only=True, eq=False)
class StatedFacts(Node):
    """A line of facts a record states of a finished round (each seat's points, score,
    total ...), which the checker checks: its word is its ``kind``, which a game's ``Stated``
    fixes (and its entries, where they add a mark)."""

    kind: str
    entries: Sequence[Entry]
    notes: list[Comment] = field(default_factory=list)


# ---- Games ----------------------------------------------------------------------------


@dataclass(slots=True, kw_only=True, eq=False)
class Tag(Node):
    """A header tag pair; ``values`` holds one string per quoted value."""

    name: TagName
    values: list[str]


@dataclass(slots=True, kw_only=True, eq=False)
class GameRecord(Node):
    """What every game record has: the tags, the comments before the first round, and
    ``rounds`` (each game's dealings of the cards and their play, in order: the field
    ``ROUNDS`` names, ``hands`` or ``deals`` in the game's words)."""

    tags: list[Tag]
    notes: list[Comment] = field(default_factory=list)
    kind: str = ""
    """The game (its ``Game`` tag): each game's record class narrows it to its name."""

    ROUNDS: ClassVar[str] = "rounds"
    """The field that holds the game's rounds (as JSON and the schema name it)."""

    @property
    def rounds(self) -> Sequence[Node]:
        """The rounds, in order (the game's list of its round records)."""
        rounds: Sequence[Node] = getattr(self, self.ROUNDS)
        return rounds

    def tag(self, name: str) -> str | None:
        """The first value of a tag (``None`` when absent or empty)."""
        for tag in self.tags:
            if tag.name == name:
                return tag.values[0] if tag.values else None
        return None

    def tag_values(self, name: str) -> list[str] | None:
        for tag in self.tags:
            if tag.name == name:
                return tag.values
        return None

    @property
    def players(self) -> list[str]:
        return self.tag_values("Players") or []

    @property
    def dealer(self) -> str | None:
        return self.tag("Dealer")

    @property
    def rules(self) -> str:
        return self.tag("Rules") or ""


class StockShape:
    """The record classes of a game played with a stock (Bura, Burkozel, Sixty-six), named
    once by its notation (:class:`notation.stock.StockNotation`): its builder makes them,
    its writer writes them, a recorder fills them in."""

    ROUND: ClassVar[type[Any]]
    """The record of a deal: ``number``, ``notes``, ``deal`` (its cards dealt), ``events``."""
    TRICK: ClassVar[type[Any]]
    """The record of a trick: ``number``, its moves, ``winner``."""
    MOVE: ClassVar[type[Any]]
    """The record of one move in a trick (a card played, an answer)."""
    MOVE_FIELDS: ClassVar[tuple[str, ...]] = ("seat", "card", "marriage")
    """The fields a move's record is made from by the fast reader, in order (then its
    position): a card played, with a marriage shown with it."""
    MOVES: ClassVar[str]
    """The field of a trick and of a variation that holds its moves (``plays``, ``answers``)."""
    VARIATION: ClassVar[type[Any]]
    """The record of a variation: its moves, ``winner``, ``events``."""
    COUNT: ClassVar[type[Any]]
    """The record of a stated count: ``kind`` (one of :attr:`COUNT_WORDS`), ``entries``."""
    COUNT_WORDS: ClassVar[Mapping[str, str]]
    """The words of those counts, each the value of its ``kind``."""
    SIGNED_COUNTS: ClassVar[frozenset[str]] = frozenset()
    """The counts written with a sign (Bura's ``chips``)."""
    EVENTS: ClassVar[tuple[type[Any], ...]]
    """The record classes of a deal's events."""
    SEATED: ClassVar[tuple[type[Any], ...]] = ()
    """The events that name only a player (Sixty-six's exchange, close and out): each is
    its word, the player and the comments, and its ``kind`` is its word."""
