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
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeVar

if TYPE_CHECKING:  # at run time these come with pydantic_names(), when JSON needs them
    from pydantic import Field
    from pydantic.json_schema import SkipJsonSchema

__all__ = [
    "GAME_KINDS",
    "MAX_DIGITS",
    "MAX_HANDS",
    "MAX_ITEMS",
    "MAX_NUMBER",
    "VARIATION_WEIGHT",
    "Call",
    "CardText",
    "Comment",
    "Concede",
    "Contract",
    "Count",
    "Deal",
    "DealHand",
    "Entry",
    "Flag",
    "Game",
    "GameRecord",
    "Give",
    "GiveCard",
    "Glyph",
    "Hand",
    "LineOfPlay",
    "Nag",
    "Node",
    "Note",
    "Play",
    "Pos",
    "Redeal",
    "Signed",
    "Stated",
    "Tag",
    "TagName",
    "Talon",
    "ThousandGame",
    "Trick",
    "Variation",
    "Winner",
    "count_items",
    "fold_name",
    "maker",
    "record_items",
]

GAME_KINDS = ("thousand", "bura", "burkozel")

CardText = str
"""A card in canonical text, or ``??`` for a card nobody recorded (JSON checks it)."""

Pos = tuple[int, int]
"""Line and column (both from 1) where a record was written."""

MAX_DIGITS = 9
"""Numbers in KGN have at most this many digits (a bid of 10^4300 is not a bid)."""

MAX_NUMBER: int = 10**MAX_DIGITS - 1
"""The largest number KGN writes (a pot, a total, a hand's number): 999,999,999."""

MAX_HANDS = 2_000
"""A game holds at most this many hands (deals): a long game of Thousand has 150."""

MAX_ITEMS = 40_000
"""A game holds at most this many items: its records (tags, hands, moves, comments, glyphs,
``$n`` codes, score entries; a variation counts as :data:`VARIATION_WEIGHT`), the values of
its tags and the cards of card lists (deals, talons, shown combinations, Bura answers); a
150-hand game of Thousand has 15,000.  With :data:`MAX_HANDS` this bounds the memory one game can take,
whatever its text (:func:`count_items` counts them)."""

VARIATION_WEIGHT = 2
"""What a variation counts towards :data:`MAX_ITEMS`: its record costs as much memory as
two moves (its lists of calls, plays, tricks and stated facts)."""

Count = int
"""A number KGN writes without a sign (a hand, a trick, a bid): 0 to 999,999,999 (JSON
checks it)."""

Signed = int
"""A number KGN may write with a sign (a score, the pot): at most 9 digits (JSON checks
it)."""

TagName = str
"""A tag's name as the grammar reads it: a letter, then letters, digits and ``_`` (JSON
checks it)."""

Flag = bool
"""A word that is there or not (``dark``, ``marriage``, ``barrel``): JSON takes only
``true`` and ``false``, as it takes only numbers for numbers."""


def fold_name(name: str) -> str:
    """A player's name as names are matched: ignoring case, and how an accent is encoded
    (``Zoë`` typed as one character or as ``e`` + U+0308 names the same player)."""
    return unicodedata.normalize("NFC", name).casefold()


# Every record class is a slotted dataclass (a record costs its fields, no dict), made with
# fields by keyword and the equality of :class:`Node`.
_COMPARED: dict[type, tuple[str, ...]] = {}


def record_items(node: Any) -> list[tuple[str, Any]]:
    """A record's fields and values, in order (``pos`` included)."""
    return [(name, getattr(node, name)) for name in node.__dataclass_fields__]


_R = TypeVar("_R")


def maker(cls: type[_R], *names: str) -> Callable[..., _R]:
    """A function that makes a ``cls`` from the fields ``names``, given by position, every
    other field at its default: what the class itself does when called with those names as
    keywords, without the keywords.  The fast reader makes a million records per 10 MB of
    text; a record made by keyword costs 2.4 times as much (the call builds a tuple and a
    dict before the dataclass's ``__init__`` runs).

    >>> make = maker(Play, "seat", "card", "pos")
    >>> make("Anna", "AS", (3, 5)) == Play(seat="Anna", card="AS")
    True
    """
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which a maker would skip")
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    body = []
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name in names:
            value = f.name
        elif f.default is not MISSING:
            env[f"_{f.name}"] = f.default
            value = f"_{f.name}"
        elif f.default_factory is list:
            value = "[]"
        elif f.default_factory is not MISSING:
            env[f"_{f.name}"] = f.default_factory
            value = f"_{f.name}()"
        else:
            raise TypeError(f"{cls.__name__}.{f.name} has no default: name it")
        body.append(f"    _made.{f.name} = {value}\n")
    unknown = set(names) - {f.name for f in fields(cls)}  # type: ignore[arg-type]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
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
    return len(game.units), items


@dataclass(slots=True, kw_only=True, eq=False)
class Node:
    """Base of every record: a source position that takes no part in equality or JSON."""

    # pydantic's config, a plain dict (not annotated: a ClassVar would be listed among the
    # dataclass fields, which record_items and the fast reader rely on).
    __pydantic_config__ = {"extra": "forbid"}  # noqa: RUF012

    pos: Annotated[SkipJsonSchema[Pos | None], Field(exclude=True)] = field(
        default=None, repr=False
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


# ---- Thousand events ------------------------------------------------------------------


@dataclass(slots=True, kw_only=True, eq=False)
class Call(Node):
    """One call of the auction: a bid (``bid``), a pass (``bid`` is None), or a dark bid."""

    kind: Literal["call"] = "call"
    seat: str
    bid: Count | None = None
    dark: Flag = False
    notes: list[Note] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Play(Node):
    """One card played to a trick; ``marriage`` marks a declaration on the lead."""

    kind: Literal["play"] = "play"
    seat: str
    card: CardText
    marriage: Flag = False
    notes: list[Note] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Winner(Node):
    """The stated winner of a trick (``-> Anna``)."""

    seat: str
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Trick(Node):
    """A trick: its number, the plays from the leader clockwise, the stated winner."""

    kind: Literal["trick"] = "trick"
    number: Count
    plays: list[Play]
    winner: Winner | None = None


@dataclass(slots=True, kw_only=True, eq=False)
class DealHand(Node):
    """The cards dealt to one seat (``??`` for cards nobody recorded)."""

    seat: str
    cards: list[CardText]


@dataclass(slots=True, kw_only=True, eq=False)
class Deal(Node):
    """The deal: the seats' hands and the talon, any of them left out or partial."""

    kind: Literal["deal"] = "deal"
    hands: list[DealHand] = field(default_factory=list)
    talon: list[CardText] | None = None
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Redeal(Node):
    """A player shows four nines and asks for a redeal (switch ``redeal-four-nines``)."""

    kind: Literal["redeal"] = "redeal"
    seat: str
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Talon(Node):
    """The declarer reveals the talon and takes it."""

    kind: Literal["talon"] = "talon"
    cards: list[CardText]
    seat: str | None = None
    """The declarer, when the record names him (``talon Anna: ...``); checked."""
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Concede(Node):
    """The declarer gives the hand up after taking the talon (switch ``concede``)."""

    kind: Literal["concede"] = "concede"
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class GiveCard(Node):
    seat: str
    card: CardText


@dataclass(slots=True, kw_only=True, eq=False)
class Give(Node):
    """The declarer gives one card to each opponent."""

    kind: Literal["give"] = "give"
    cards: list[GiveCard]
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Contract(Node):
    """The final contract, after the declarer's optional raise."""

    kind: Literal["contract"] = "contract"
    value: Count
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Entry(Node):
    """One seat's number in a stated fact; ``barrel`` marks a player on the barrel."""

    seat: str
    value: Signed
    barrel: Flag = False


@dataclass(slots=True, kw_only=True, eq=False)
class Stated(Node):
    """A stated fact of a hand, checked by the engine: ``points``, ``score`` or ``totals``."""

    kind: Literal["points", "score", "totals"]
    entries: list[Entry]
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class LineOfPlay(Node):
    """What a hand and a variation share: the events from the auction to the end."""

    auction: list[Call] = field(default_factory=list)
    talon: Talon | None = None
    concede: Concede | None = None
    give: Give | None = None
    contract: Contract | None = None
    tricks: list[Trick] = field(default_factory=list)
    stated: list[Stated] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Variation(LineOfPlay):
    """Another line of play from before the move it follows (to the end of the hand at
    most): further calls, the rest of the trick in progress, then the usual events."""

    kind: Literal["variation"] = "variation"
    plays: list[Play] = field(default_factory=list)
    winner: Winner | None = None


@dataclass(slots=True, kw_only=True, eq=False)
class Hand(LineOfPlay):
    """One hand of Thousand, numbered from 1 (or from the ``FirstHand`` tag)."""

    kind: Literal["hand"] = "hand"
    number: Count
    notes: list[Comment] = field(default_factory=list)
    deal: Deal | None = None
    redeal: Redeal | None = None


Note = Comment | Glyph | Nag | Variation
"""An annotation of a move."""


# ---- Games ----------------------------------------------------------------------------


@dataclass(slots=True, kw_only=True, eq=False)
class Tag(Node):
    """A header tag pair; ``values`` holds one string per quoted value."""

    name: TagName
    values: list[str]


@dataclass(slots=True, kw_only=True, eq=False)
class GameRecord(Node):
    """What every game record has: the tags, the comments before the first hand or deal,
    and ``units`` (the hands or deals)."""

    tags: list[Tag]
    notes: list[Comment] = field(default_factory=list)

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


@dataclass(slots=True, kw_only=True, eq=False)
class ThousandGame(GameRecord):
    """A session of Thousand: the header and the hands in order."""

    kind: Literal["thousand"] = "thousand"
    hands: list[Hand] = field(default_factory=list)

    UNITS: ClassVar[str] = "hands"
    """The field that holds the game's hands (deals, for Bura)."""

    @property
    def units(self) -> list[Hand]:
        """The hands, in order (every game record has ``units``)."""
        return self.hands


# ---- Bura and Burkozel events -------------------------------------------------------------


@dataclass(slots=True, kw_only=True, eq=False)
class Answer(Node):
    """One player's cards in a trick (the lead is the first answer): ``cards`` face up,
    ``down`` face down (``??`` where nobody saw them)."""

    seat: str
    cards: list[CardText] = field(default_factory=list)
    down: list[CardText] = field(default_factory=list)
    notes: list[BuraNote] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class BuraTrick(Node):
    """A Bura trick: the lead and the answers clockwise, and the stated taker."""

    kind: Literal["trick"] = "trick"
    number: Count
    answers: list[Answer]
    winner: Winner | None = None


@dataclass(slots=True, kw_only=True, eq=False)
class Dealing(Node):
    """The deal: each seat's cards, the trump card, the stock from the top."""

    kind: Literal["dealing"] = "dealing"
    hands: list[DealHand] = field(default_factory=list)
    trump: CardText | None = None
    stock: list[CardText] | None = None
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Draw(Node):
    """Cards drawn from the stock, one at a time, in order."""

    kind: Literal["draw"] = "draw"
    cards: list[GiveCard]
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Claim(Node):
    """A claim ("open"): the claimant, and the count and outcome when stated."""

    kind: Literal["claim"] = "claim"
    seat: str
    count: Count | None = None
    outcome: Literal["win", "fail"] | None = None
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Show(Node):
    """A combination shown from the hand."""

    kind: Literal["show"] = "show"
    seat: str
    combo: Literal["bura", "molodka", "moskva", "small-moskva", "foreheads"]
    cards: list[CardText] = field(default_factory=list)
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Fault(Node):
    """A fault at the stock."""

    kind: Literal["fault"] = "fault"
    seat: str
    fault: Literal["out-of-turn", "double-draw"]
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Pot(Node):
    """The stated pot at that point."""

    kind: Literal["pot"] = "pot"
    value: Signed
    notes: list[Comment] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class Tally(Node):
    """A stated running count: ``chips`` (net winnings), ``wins`` (deals won),
    ``penalty`` points, or a deal's card ``points``."""

    kind: Literal["chips", "wins", "penalty", "points"]
    entries: list[Entry]
    notes: list[Comment] = field(default_factory=list)


BuraEvent = BuraTrick | Draw | Claim | Show | Fault | Pot | Tally


@dataclass(slots=True, kw_only=True, eq=False)
class BuraVariation(Node):
    """Another line of play from before the answer it follows: the rest of that trick,
    then the deal's later events."""

    kind: Literal["variation"] = "variation"
    answers: list[Answer] = field(default_factory=list)
    winner: Winner | None = None
    events: list[BuraEvent] = field(default_factory=list)


BuraNote = Comment | Glyph | Nag | BuraVariation


@dataclass(slots=True, kw_only=True, eq=False)
class BuraDeal(Node):
    """One deal of Bura or Burkozel."""

    kind: Literal["deal"] = "deal"
    number: Count
    notes: list[Comment] = field(default_factory=list)
    dealing: Dealing | None = None
    events: list[BuraEvent] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class BuraGame(GameRecord):
    """A session of Bura or Burkozel: the header and the deals in order."""

    kind: Literal["bura", "burkozel"] = "bura"
    deals: list[BuraDeal] = field(default_factory=list)

    UNITS: ClassVar[str] = "deals"
    """The field that holds the game's deals."""

    @property
    def units(self) -> list[BuraDeal]:
        """The deals, in order (every game record has ``units``)."""
        return self.deals


Game = ThousandGame | BuraGame
"""A game record of any kind."""
AnyGame = ThousandGame | BuraGame


def pydantic_names() -> dict[str, Any]:
    """What the records' annotations mean to pydantic: card patterns, bounds, the ``kind``
    discriminators, ``pos`` left out of JSON.  :mod:`notation.jsonio` calls this before it
    builds its validators, so pydantic is imported only where JSON is read or written; the
    annotations are strings that pydantic reads in this module's names.  Returns the names
    (``Game`` is the discriminated union to validate)."""
    names = globals()
    if "Field" not in names:
        from pydantic import Field
        from pydantic.json_schema import SkipJsonSchema

        def tagged(union: Any) -> Any:
            return Annotated[union, Field(discriminator="kind")]

        names.update(
            Field=Field,
            SkipJsonSchema=SkipJsonSchema,
            CardText=Annotated[str, Field(pattern=r"^(?:[6-9TJQKA][SCDH]|\?\?)$")],
            Count=Annotated[int, Field(strict=True, ge=0, le=10**MAX_DIGITS - 1)],
            Signed=Annotated[
                int, Field(strict=True, ge=-(10**MAX_DIGITS - 1), le=10**MAX_DIGITS - 1)
            ],
            Flag=Annotated[bool, Field(strict=True)],
            TagName=Annotated[str, Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")],
            Note=tagged(Note),
            BuraEvent=tagged(BuraEvent),
            BuraNote=tagged(BuraNote),
            Game=tagged(Game),
        )
    return names
