"""What a table shows, as plain data: the view of a position and the score sheet.

Each game kind supplies ``view(table)`` (a :class:`View`), ``describe(table, node)`` (what a
move did, in a sentence) and ``sheet(report)`` (a :class:`Sheet`); the renderers (plain
text, the Textual viewer) only read these, and nothing here knows about terminals.
"""

from __future__ import annotations

import copy
import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from notation.cards import Suit, card_code, rank_no, suit_no
from notation.errors import KgnError
from notation.i18n import N_, NP_, ntr, ptr, rank_text, round_text, tr
from notation.records import Comment, Entry, Glyph, Nag, Winner

__all__ = [
    "CardCode",
    "Pile",
    "Said",
    "Sheet",
    "SheetRow",
    "Step",
    "View",
    "add_comment",
    "cards_said",
    "entries",
    "positions",
    "round_title",
    "sorted_codes",
    "trick_title",
    "word",
]

VIEW_WORDS: Final = (
    # the table's own words
    N_("sits out this hand"), N_("tricks"), N_("pts"), N_("total"), N_("takes the trick"), N_("trump"),
    N_("trick"), N_("spades"), N_("clubs"), N_("diamonds"), N_("hearts"), N_("glyphs:"),
    N_("(no comments)"), N_("all cards"), N_("as seen by {seat}"), N_("no moves in this record"),
    # the games' piles and the facts of a view's lines, shown by their names
    N_("talon"), N_("stock"), N_("stock closed"), N_("none"), N_("contract"), N_("bid"), N_("result"),
    N_("note"), N_("pot"), N_("deal"), N_("closed by"), N_("marriage"), N_("bonus"), N_("barrel"),
    N_("target"), N_("limit"), N_("double dummy"), N_("ending"),
)  # fmt: skip
"""Every word a table shows by name (its piles, facts and labels): the terminal, the
replay page (page.js, through its data's ``words``) and Jupyter say them through
:func:`word`, once for all."""

SUIT_NOUN: Final = {suit.symbol: suit.noun for suit in Suit}
"""A suit letter of KGN as a table names the suit (one of :data:`VIEW_WORDS`)."""

DEALER_MARK: Final = NP_("dealer mark", "D")
"""The letter by the dealer's name (ru С, it M, pl R)."""


AFTER_ROUND: Final = (N_("after hand {n}"), N_("after deal {n}"))
"""A view's title between two rounds, in each game's word for a round."""


def round_title(round_word: str, number: int, *parts: str, after: bool = False) -> str:
    """A view's title: ``hand 3 · trick 5`` (the round, then ``parts``), or ``after hand
    3`` between rounds; in the language in use, each game in its word for a round."""
    if after:
        key = f"after {round_word} {{n}}"  # one of AFTER_ROUND
        head = tr(key).format(n=number)
    else:
        head = round_text(round_word, number)
    return " · ".join([head, *parts])


def trick_title(number: int) -> str:
    """``trick 5``, in the language in use (a part of :func:`round_title`)."""
    return tr("trick {n}").format(n=number)


def word(name: str) -> str:
    """One of :data:`VIEW_WORDS` (or the dealer's mark ``D``) in the language in use; a
    name that is not one of them (a game's own) is shown as it is."""
    return ptr("dealer mark", name) if name == DEALER_MARK else tr(name)


def sorted_codes(cards: Iterable[int]) -> list[str]:
    """Cards as text, sorted by suit, then rank high to low."""
    return [card_code(c) for c in sorted(cards, key=lambda c: (suit_no(c), -rank_no(c)))]


class CardCode(str):
    """A card code inside a sentence: renderers draw it as a card (``A♠`` or ``AS``).
    ``to`` names the players who see it (None: everybody): a card given or drawn face down
    is seen by its giver and its taker only."""

    to: tuple[str, ...] | None

    def __new__(cls, code: str, to: tuple[str, ...] | None = None) -> CardCode:
        made = super().__new__(cls, code)
        made.to = to
        return made

    def seen_by(self, seat: str | None) -> CardCode:
        """The card as ``seat`` sees it: a back (``??``) where he may not see it."""
        if seat is None or self.to is None or seat in self.to:
            return self
        return CardCode("??")


@dataclass
class Said:
    """What an event did, in words: its kind and its parts (cards as :class:`CardCode`)."""

    kind: str
    """``deal``, ``call`` (a call, or any move that is not a card: a contract, an open ...),
    ``play`` (a card or a lay on the table) or ``other``."""
    parts: list[str]

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def seen_by(self, seat: str | None) -> Said:
        """The sentence as ``seat`` may read it: the cards hidden from him as backs."""
        if seat is None or not any(isinstance(p, CardCode) and p.to is not None for p in self.parts):
            return self
        return Said(
            self.kind, [p.seen_by(seat) if isinstance(p, CardCode) else p for p in self.parts]
        )


def cards_said(codes: Iterable[str], to: tuple[str, ...] | None = None) -> list[str]:
    """Card codes as sentence parts, a space between each (``to``: who sees them)."""
    out: list[str] = []
    for i, code in enumerate(codes):
        if i:
            out.append(" ")
        out.append(CardCode(code, to))
    return out


_PLACES = {
    2: ["s", "n"],
    3: ["s", "w", "e"],
    4: ["s", "w", "n", "e"],
    5: ["s", "w", "nw", "ne", "e"],
    6: ["s", "w", "nw", "n", "ne", "e"],
}


def positions(seats: list[str], bottom: str | None) -> dict[str, str]:
    """Where each seat sits (``s`` bottom, then clockwise ``w``, ``n``, ``e``): ``bottom``
    (else the first player) at the bottom, the others in playing order after it."""
    n = len(seats)
    places = _PLACES.get(n) or _PLACES[6]
    first = seats.index(bottom) if bottom in seats else 0
    order = seats[first:] + seats[:first]
    return {name: places[i] for i, name in enumerate(order[: len(places)])}


@dataclass
class Pile:
    """Cards on the table in no seat's hand (a pile the game deals aside, a stock, a card
    turned up): its name, and its cards shown or only counted."""

    name: str
    cards: list[str] = field(default_factory=list)
    """The cards as the record knows them (``??``: unknown)."""
    count: int | None = None
    """How many cards, where the pile is counted rather than shown."""
    face_down: bool = False
    """Whether it lies face down: a seat's view shows its cards as backs."""

    def seen(self) -> Pile:
        """The pile as a seat at the table sees it."""
        return replace(self, cards=["??"] * len(self.cards)) if self.face_down else self


@dataclass
class View:
    """What the table shows at a step (everything text, ready to render).

    ``seen_by(seat)`` is the one place that decides what a seat may see: it returns the
    view with every card hidden from that seat replaced by ``??``.
    """

    game: str
    title: str
    hands: list[tuple[str, list[str], int]] = field(default_factory=list)
    """Per seat in the hand: name, known cards (sorted by suit, high to low), unknown cards."""
    trick: list[tuple[str, list[str], list[str]]] = field(default_factory=list)
    """The cards on the table: seat, face-up cards, face-down cards (``??`` unseen).  After
    the last card of a trick this is the complete trick, and ``taker`` says who takes it."""
    taker: str | None = None
    lines: list[tuple[str, str]] = field(default_factory=list)
    """Labelled facts: contract, declarer, auction, pot, result, notes."""
    points: dict[str, int] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    marks: dict[str, str] = field(default_factory=dict)
    """Per seat: what the game marks on a player (its score's state, penalties)."""
    seats: list[str] = field(default_factory=list)
    """Every player, in seating order (the order of the record's Players tag)."""
    dealer: str | None = None
    to_move: str | None = None
    tricks: dict[str, int] = field(default_factory=dict)
    """Per seat: tricks taken in this hand or deal."""
    piles: list[Pile] = field(default_factory=list)
    """The cards that lie on the table in no seat's hand, in the order they are drawn."""
    trump: str = ""
    """The trump suit's letter (``S C D H``), ``none``, or empty: what is drawn where no
    pile shows the trump card itself."""
    seen_points: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)
    """Where a seat cannot count every player's tricks (cards laid face down): per seat,
    each player's points as that seat can count them and the cards of his tricks it has not
    seen (``points`` and ``marks`` are what the record knows)."""

    def seen_by(self, seat: str | None) -> View:
        """The view as ``seat`` sees it: the other hands as backs, the piles that lie face
        down as backs, the others' face-down cards as backs, the tricks counted as far as
        he saw them (``None``: everything the record knows)."""
        if seat is None:
            return self
        points, marks = self.points, self.marks
        counted = self.seen_points.get(seat)
        if counted is not None:
            points = {name: value for name, (value, _) in counted.items()}
            marks = {name: mark for name, mark in marks.items() if "unseen" not in mark}
            for name, (_, unseen) in counted.items():
                if unseen:
                    marks[name] = f"+{unseen} unseen"
        return replace(
            self,
            hands=[
                (name, cards, unknown) if name == seat else (name, [], unknown + len(cards))
                for name, cards, unknown in self.hands
            ],
            trick=[
                (name, up, down if name == seat else ["??"] * len(down))
                for name, up, down in self.trick
            ],
            piles=[p.seen() for p in self.piles],
            points=points,
            marks=marks,
            seen_points={},
        )


SheetRow = list[tuple[str, str]]
"""One row of a score sheet: its cells, each (text, style: "" or a style word)."""


@dataclass
class Sheet:
    """A paper score sheet: a column per player, a row per hand or deal."""

    title: str
    columns: list[str]
    """The headers (the first ones describe the row; then one per player)."""
    rows: list[SheetRow] = field(default_factory=list)
    footer: str = ""


def entries(names: list[str], values: dict[int, int]) -> list[Entry]:
    """Stated values per seat, as record entries."""
    return [Entry(seat=names[p], value=v) for p, v in values.items()]


def add_comment(notes: list[Any], text: str, glyph: Literal["?", "??"] | None = None) -> None:
    """Add a comment to a node's notes unless the same text is there already, and with
    ``glyph``, that glyph first unless the move is judged already (a glyph or a ``$n``
    code): what the analysis writes into a record, the same however often it runs."""
    if glyph is not None and not any(isinstance(n, Glyph | Nag) for n in notes):
        notes.insert(0, Glyph(text=glyph))
    if not any(isinstance(n, Comment) and n.text == text for n in notes):
        notes.append(Comment(text=text))


def fill_trick(trick: Any, takers: dict[int, str], notes: dict[int, str]) -> None:
    """Writes into a trick of cards played one each (``plays``, ``winner``) the taker the
    replay found (by the ``id`` of its last card's node) unless one is stated, and the
    replay's comments on its cards (a marriage declared): what ``kozyr annotate`` adds."""
    last = trick.plays[-1] if trick.plays else None
    if last is not None and trick.winner is None and id(last) in takers:
        trick.winner = Winner(seat=takers[id(last)])
    for play in trick.plays:
        if id(play) in notes:
            add_comment(play.notes, notes[id(play)])


_CARD = re.compile(r"\b(?:[6-9TJQKA][SCDH]|\?\?)\b")
"""A card code in a message."""


@dataclass
class Step:
    """One event of the record and the table after it."""

    said: Said
    """What the event did, in words (cards marked, for the renderers)."""
    view: View
    line: int | None = None
    column: int | None = None
    round: int | None = None
    """The number of the round (the hand, the deal) it is in."""
    trick: int | None = None
    notes: list[str] = field(default_factory=list)
    glyphs: list[str] = field(default_factory=list)
    variations: list[list[Step]] = field(default_factory=list)
    error: KgnError | None = None
    done: int = 0
    """How many rounds were finished after this step: the score sheet's rows so far."""

    def seen_by(self, seat: str | None) -> Step:
        """The step as ``seat`` could know it: the table (:meth:`View.seen_by`) and the
        sentence (a card given or drawn face down is his only if he gave or took it)."""
        if seat is None:
            return self
        seen = replace(self, said=self.said.seen_by(seat), view=self.view.seen_by(seat))
        error = self.error
        if error is not None and error.seat != seat and _CARD.search(error.format()):
            # what was wrong with another player's move names his cards: its rule only
            hidden = copy.copy(error)
            hidden.message = f"an illegal move by {error.seat or 'another player'}"
            hidden.legal, hidden.hint, hidden.source = None, None, None
            seen.error = hidden
            seen.said = Said("error", [f"illegal: {hidden.message} ({error.label})"])
        return seen


    @property
    def legal(self) -> list[str] | None:
        """At an illegal move: the moves the rules allowed there (None: not known)."""
        return None if self.error is None else self.error.legal

    @property
    def kind(self) -> str:
        """``deal``, ``call``, ``play``, ``other``, ``end`` or ``error``."""
        return self.said.kind

    @property
    def closes_trick(self) -> bool:
        """This event put the last card on a trick (``view.taker`` takes it)."""
        return self.said.kind == "play" and self.view.taker is not None

    @property
    def text(self) -> str:
        """The event in one sentence, card codes as letters."""
        text = self.said.text
        if self.closes_trick:
            text += f"; {self.view.taker} {word('takes the trick')}"
        return text


_SUIT_HTML = {"S": ("\u2660", "#111"), "C": ("\u2663", "#111"), "D": ("\u2666", "#c00"), "H": ("\u2665", "#c00")}


def _card_html(code: str) -> str:
    """One card as a small face: its rank and its suit's symbol, red or black (``??``: a back)."""
    if len(code) < 2 or code[-1] not in _SUIT_HTML:
        return '<span style="display:inline-block;min-width:1.6em;padding:0 .15em;margin:0 .1em;border:1px solid #888;border-radius:3px;background:#36c;color:#36c">??</span>'
    symbol, colour = _SUIT_HTML[code[-1]]
    rank = "10" if code[:-1] == "T" else rank_text(code[:-1])  # the letters the players write
    return (
        f'<span style="display:inline-block;min-width:1.6em;padding:0 .15em;margin:0 .1em;'
        f'border:1px solid #888;border-radius:3px;background:#fff;color:{colour};text-align:center">'
        f"{html.escape(rank)}{symbol}</span>"
    )


def view_html(view: View) -> str:
    """The table of a view as an HTML fragment (what a table shows in Jupyter): each seat
    with its cards, the cards on the table, the piles, the facts and the scores."""
    rows = []
    for name, cards, unknown in view.hands:
        marks = " ".join(
            m for m in (
                tr("(deals)") if name == view.dealer else "",
                "\u2190 " + tr("to play") if name == view.to_move else "",
                view.marks.get(name, ""),
            ) if m
        )  # fmt: skip
        faces = "".join(_card_html(c) for c in cards) + "".join(_card_html("??") for _ in range(unknown))
        score = view.totals.get(name)
        rows.append(
            f"<tr><th style='text-align:left;padding-right:1em'>{html.escape(name)}</th>"
            f"<td>{faces}</td><td style='padding-left:1em'>{html.escape(marks)}</td>"
            f"<td style='text-align:right;padding-left:1em'>{'' if score is None else score}</td></tr>"
        )
    parts = [f"<div class='kozyr-table'><b>{html.escape(view.title)}</b>"]
    parts.append(f"<table style='border-collapse:collapse'>{''.join(rows)}</table>")
    if view.trick:
        played = ", ".join(
            f"{html.escape(name)} " + "".join(_card_html(c) for c in up + down) for name, up, down in view.trick
        )
        taker = f" \u2192 {html.escape(view.taker)}" if view.taker else ""
        parts.append(f"<div>{html.escape(tr('on the table:'))} {played}{taker}</div>")
    for pile in view.piles:
        count = pile.count or 0
        shown = (
            "".join(_card_html(c) for c in pile.cards)
            if pile.cards
            else html.escape(ntr("{n} card", "{n} cards", count).format(n=count))
        )
        parts.append(f"<div>{html.escape(word(pile.name))}: {shown}</div>")
    if view.trump:
        noun = SUIT_NOUN.get(view.trump, view.trump)
        parts.append(f"<div>{html.escape(word('trump'))}: {html.escape(word(noun))}</div>")
    for label, text in view.lines:
        parts.append(f"<div>{html.escape(word(label))}: {html.escape(text)}</div>")
    parts.append("</div>")
    return "".join(parts)

