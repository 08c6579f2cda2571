"""A fast reader for canonical KGN (what ``kozyr fmt``, ``annotate`` and the generators write):
what every game's fast reader shares.

The Lark grammar stays the definition of KGN; a fast reader only speeds up the common case.
It reads the canonical layout line by line and builds the same records, with the same
positions, as the grammar's reader.  The text may carry ``{}`` comments, glyphs and ``$n``
codes where the writer puts them: on the line of the event they belong to, after a round's
number, and on comment lines before the first.  Variations of the writer's simple shapes are
read too, nested up to ``MAX_NESTING``; so are cards in every spelling the grammar takes.
Anything else (``;`` comments, quoted names, a comment on a line of its own inside a round,
any deviation at all) makes it give up (``None``) and the grammar takes the game.  Each
game's notation package brings its reader (a subclass of :class:`Reader`); they are tested
against the grammar on every sample, on generated and annotated corpora and on fuzzed input
(``tests/test_scale.py``, ``bench/fuzz.py``).

A game's text is searched once for the marks of notes; a game without them is read line by
line with plain string operations.  In a game with notes, a line with one is read token by
token, except the commonest: a trick whose only notes are comments after its taker (``...
-> Anna {well taken}``), read as a plain trick and the comments given to the taker.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Final, Generic, Literal, Protocol, TypeVar

from .cards import LOCAL_RANKS, SUIT_SYMBOLS, canonical_card
from .escapes import decode_comment, unescape_string
from .records import (
    MAX_DIGITS,
    MAX_ITEMS,
    MAX_NESTING,
    MAX_ROUNDS,
    VARIATION_WEIGHT,
    Comment,
    Deal,
    Draw,
    Entry,
    GiveCard,
    Glyph,
    Hand,
    Nag,
    Node,
    Pos,
    Tag,
    Winner,
    maker,
)
from .write import NAME_PATTERN, quote

__all__ = [
    "CANON",
    "DIGITS",
    "TRICK_NO",
    "GiveUp",
    "Reader",
    "StockReader",
    "Tokens",
    "card_list",
    "card_tokens",
    "comment_of",
    "may_overflow",
    "new_give_card",
    "new_hand",
    "num",
    "read_game",
    "tokens",
]

# The records made most often, made by position (:func:`~notation.records.maker`).
new_winner: Final[Callable[[str, Pos], Winner]] = maker(Winner, "seat", "pos")
new_give_card: Final[Callable[[str, str, Pos], GiveCard]] = maker(GiveCard, "seat", "card", "pos")
new_hand: Final[Callable[[str, list[str], Pos], Hand]] = maker(Hand, "seat", "cards", "pos")
_new_deal: Final[Callable[[list[Hand], str | None, list[str] | None, Pos], Deal]] = maker(
    Deal, "hands", "trump", "stock", "pos"
)
_new_draw: Final[Callable[[list[GiveCard], Pos], Draw]] = maker(Draw, "cards", "pos")
_new_entry: Final[Callable[[str, int, Pos], Entry]] = maker(Entry, "seat", "value", "pos")
_ENTRY: Final = re.compile(rf"({NAME_PATTERN}) ([+-]?)([0-9]+)\Z")
"""One entry of a stated line: a player and a number."""
new_tag: Final[Callable[[str, list[str], Pos], Tag]] = maker(Tag, "name", "values", "pos")

Tokens = list[tuple[str, int]]
"""The tokens of a line with notes, each with its column (from 1)."""

Stated = tuple[str, int, bool, Pos]
"""A stated entry as read: the seat, the value, whether the game's mark follows it, where."""

_GLYPH_OF: Final[dict[str, Literal["!", "?", "!!", "??", "!?", "?!"]]] = {
    "!": "!", "?": "?", "!!": "!!", "??": "??", "!?": "!?", "?!": "?!",
}  # fmt: skip


def _spellings() -> dict[str, str]:
    """Every way the grammar lets a card be written (lower case, ``10`` for ``T``, suit
    symbols, the local rank letters before a symbol), with ``??``, to its canonical code (the shared code strings)."""
    codes = {code: code for code in (r + s for r in "6789TJQKA" for s in "SCDH")}
    out = {"??": "??"}
    for rank in (*"6789", "10", *"TtJjQqKkAa"):
        for suit in "SCDHscdh" + SUIT_SYMBOLS:
            out[rank + suit] = codes[canonical_card(rank + suit)]
    for local in LOCAL_RANKS:  # the local letters, before a suit symbol only
        for rank in (local, local.lower()):
            for suit in SUIT_SYMBOLS:
                out[rank + suit] = codes[canonical_card(rank + suit)]
    return out


CANON: Final = _spellings()
"""A card as written (canonical or lenient) to its code: what the grammar reads as a card."""


def card_list(text: str) -> list[str] | None:
    """Cards (or ``??``) separated by single spaces, as a list of the shared canonical
    code strings; None when the text is anything else.  A line of a million cards costs a
    pointer per card (no regular expression that repeats per card: its stack would grow
    with the line)."""
    if len(text) < 256:
        canon = CANON
        try:
            return [canon[c] for c in text.split(" ")]
        except KeyError:
            return None
    if text.startswith(" ") or text.endswith(" ") or "  " in text:
        return None
    canon = CANON
    out = []
    for m in _TOKEN.finditer(text):
        code = canon.get(m.group())
        if code is None:
            return None
        out.append(code)
    return out


_TOKEN: Final = re.compile(r"[^ ]+")
_BARE_NAME: Final = re.compile(NAME_PATTERN)
_TAG: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)((?: "[^"\\\n]*(?:\\.[^"\\\n]*)*")*)\]\Z')
_VALUE: Final = re.compile(r' "([^"\\\n]*(?:\\.[^"\\\n]*)*)"')
_COMMENT: Final = re.compile(
    r"\{[^}\\]*(?:(?:\\u\{[0-9A-Fa-f]{1,6}\}|\\(?!u\{[0-9A-Fa-f]{1,6}\}))[^}\\]*)*\}"
)
"""A ``{}`` comment, as the grammar's COMMENT reads it (``\\u{HEX}`` escapes inside)."""
_WORD: Final = re.compile(r"[^ {,()]+")
_TOKEN_OR_OPEN: Final = re.compile(rf"{_COMMENT.pattern}|[,()]|{_WORD.pattern}|\{{")
"""A token of a line with notes (a comment, a comma or parenthesis, a word), or a lone
``{`` that opens no comment closed on the line; spaces between them are skipped."""
DIGITS: Final = re.compile(r"[0-9]+\Z")
_TAKER_NOTES: Final = re.compile(rf"( -> [^ {{]+)((?: +{_COMMENT.pattern})+)\Z")
"""The taker of a trick and the comments after it, at the end of a line."""
_NAG: Final = re.compile(r"\$([0-9]+)\Z")
_SIGNED: Final = re.compile(r"([+-]?)([0-9]+)\Z")
TRICK_NO: Final = re.compile(r"[0-9]+\.\Z")


def card_tokens(toks: Tokens, k: int) -> tuple[list[str], int]:
    """The cards (in any spelling, as codes) from token ``k`` on, and the token after them."""
    cards: list[str] = []
    while k < len(toks) and toks[k][0] in CANON:
        cards.append(CANON[toks[k][0]])
        k += 1
    return cards, k


def comment_of(text: str, col: int, lno: int) -> Comment:
    """A ``{}`` comment token as a record."""
    return Comment(text=decode_comment(text[1:-1].strip()), pos=(lno, col))


def tokens(line: str, start: int) -> Tokens:
    """The tokens of ``line`` from index ``start``, each with its column (from 1): words,
    commas, parentheses, and whole ``{}`` comments (a comment not closed on the line gives
    up)."""
    out = [(m.group(), m.start() + 1) for m in _TOKEN_OR_OPEN.finditer(line, start)]
    if "{" in line:
        for text, _ in out:
            if text == "{":
                raise GiveUp  # it opens no comment closed on this line
    return out


_STAND_IN: Final = 0x4E00
"""The first letter of the stand-ins for quoted names (CJK ideographs: letters, as a bare
name is made of; a text that holds the one needed is left to the grammar)."""
_NOTED: Final = re.compile(r"[{!$?(]")
"""A line that may carry notes takes the tokenizing path."""
_TRICK: Final = re.compile(r"  ([0-9]+)\. ")
_CARDISH: Final = re.compile(r"(?:10|[2-9TtJjQqKkAa])[SCDHscdh]\Z")


class _Taken(Protocol):
    """A trick: it has a taker (``winner``)."""

    winner: Winner | None


_T = TypeVar("_T", bound=_Taken)
V = TypeVar("V", bound=Node)
"""A game's variation record."""


class GiveUp(Exception):
    """This text is not one the fast reader takes: the grammar reads it."""


def num(text: str) -> int:
    """A number as the grammar reads it; a longer one is left to the grammar's error."""
    if len(text) > MAX_DIGITS:
        raise GiveUp
    return int(text)


def may_overflow(text: str) -> bool:
    """Whether the text could hold more than MAX_ITEMS records and listed cards (the
    grammar's reader counts them and says where the limit is passed).  In text this reader
    takes, each starts at a place of its own, right after a space or a line break, or at a
    ``{``, ``!``, ``?``, ``$`` or ``(`` of its own (a variation counts as VARIATION_WEIGHT
    items); so these characters bound the count (a 150-hand game of 100 KB counts about
    28,000 of them)."""
    if len(text) <= MAX_ITEMS:
        return False
    starts = text.count(" ") + text.count("\n") + text.count("{") + 1
    marks = text.count("!") + text.count("?") + text.count("$")
    return starts + marks + VARIATION_WEIGHT * text.count("(") > MAX_ITEMS


def read_game(text: str, first_line: int, reader: type[Reader[Any]], *args: Any) -> Any | None:
    """What every game's fast reader does: the record of a canonical text (its first line's
    number), read by a ``reader`` made with ``args`` after the text, or None where the text
    is anything else (the grammar's reader then reads it, and says where it is wrong)."""
    if may_overflow(text):
        return None
    try:
        return reader(text, first_line, *args).game()
    except (GiveUp, ValueError, IndexError):
        return None


class Reader(Generic[V]):
    """What every game's fast reader shares: the header, the body's lines, comments, notes,
    takers, entries.  A game's reader (a subclass) reads its rounds and events; it gives up
    (``GiveUp``) at anything that is not the writer's layout."""

    NOTED: ClassVar[re.Pattern[str]] = _NOTED
    """What shows that a line may carry notes."""
    GLYPHS: ClassVar[frozenset[str]] = frozenset(_GLYPH_OF)
    """The glyphs a move's notes may hold (``??`` is a card in some games' bodies)."""

    def __init__(self, text: str, first_line: int, keywords: frozenset[str]) -> None:
        self.lines = text.split("\n")
        self.first = first_line
        self.keywords = keywords
        """The game's keywords: the writer quotes a name that is one, so a bare one gives up."""
        self.may_note = True
        """Whether any line of the body may carry notes (else no line is searched for them)."""
        self.players: dict[str, str] = {}
        """The Players tag, each name to itself: every record of a seat shares the header's
        string (names that are keywords or look like cards take the slow path)."""

    def game(self) -> Any:
        """The whole game (its text is canonical, else GiveUp)."""
        raise GiveUp

    def seat(self, name: str) -> str:
        """A player named bare (the header took only bare names that are no keyword)."""
        seat = self.players.get(name)
        if seat is None:
            raise GiveUp
        return seat

    def header(
        self, kinds: tuple[str, ...], notes: bool = False, variations: bool = False
    ) -> tuple[list[Tag], int, str]:
        """The tag lines; where the body starts; the game kind (give up on anything odd;
        ``notes``: comments, glyphs and ``$n`` codes are read; ``variations``: and
        parentheses)."""
        lines = self.lines
        tags: list[Tag] = []
        quoted: list[str] = []
        i = 0
        n = len(lines)
        while i < n and lines[i].startswith("["):
            m = _TAG.match(lines[i])
            if m is None:
                raise GiveUp
            values = _VALUE.findall(m.group(2))
            if any("\\" in v for v in values):  # escapes, decoded as the grammar's reader does
                values = [unescape_string('"' + v + '"') for v in values]
            tags.append(new_tag(m.group(1), values, (self.first + i, 2)))
            if m.group(1) == "Players":
                quoted += self._players(values)
            i += 1
        if quoted:
            self._stand_in(quoted, i)
        self._check_body(i, notes, variations)
        game_kind = next((t.values[0] for t in tags if t.name == "Game" and t.values), None)
        if game_kind not in kinds or tags[0].name != "Game":
            raise GiveUp
        return tags, i, game_kind

    def _players(self, names: list[str]) -> list[str]:
        """Reads the players' names; returns those the writer quotes (``"Anna Maria"``,
        ``"??"``, ``"1abc"``), which :meth:`_stand_in` then reads."""
        self.players = {}
        quoted = []
        for v in names:
            if _BARE_NAME.fullmatch(v) is None or _CARDISH.match(v) or v.lower() in self.keywords:
                quoted.append(v)
            else:
                self.players[v] = v
        return quoted

    def _check_body(self, start: int, notes: bool, variations: bool) -> None:
        """Gives up on a body this reader does not read: with characters only comments,
        notes or variations hold, where they are not read."""
        body = "\n".join(self.lines[start:])
        self.may_note = self.NOTED.search(body) is not None
        if notes and "{" in body:
            body = _COMMENT.sub("", body)  # what comments say is free text
        forbidden = '{};"\t\r[' if variations else '{};()"\t\r[' if notes else '{};()$!"\t\r['
        if any(ch in body for ch in forbidden):
            raise GiveUp

    def _stand_in(self, names: list[str], start: int) -> None:
        """Quoted names (``"Anna Maria"``) are read as bare ones: in the body's lines from
        ``start``, outside comments, each quoted name as the writer writes it becomes a
        stand-in of the same length made of one letter the text does not hold, which
        :meth:`seat` reads as that name (columns stay where the grammar puts them)."""
        text = "\n".join(self.lines[start:])
        subs: dict[str, str] = {}
        for k, name in enumerate(names):
            letter = chr(_STAND_IN + k)
            quoted = quote(name)
            if letter in text:
                raise GiveUp
            subs[quoted] = letter * len(quoted)
            self.players[subs[quoted]] = name
        found = re.compile("|".join([_COMMENT.pattern, *(re.escape(q) for q in sorted(subs, key=len, reverse=True))]))
        text = found.sub(lambda m: subs.get(m.group(), m.group()), text)
        self.lines[start:] = text.split("\n")

    def blocks(
        self, start: int, heading: re.Pattern[str]
    ) -> Iterator[tuple[int, re.Match[str] | None, str]]:
        """The body's lines from ``start``: (line number, the match of a block heading such as
        ``hand 3``, or None for an event line indented by two spaces, the line)."""
        lines = self.lines
        skip = 0
        for k in range(start, len(lines)):
            if skip:
                skip -= 1
                continue
            line = lines[k]
            lines[k] = ""  # read once: its text goes as its record is made
            if "{" in line and any(m.group() == "{" for m in _TOKEN_OR_OPEN.finditer(line)):
                line, skip = self._comment_lines(line, k)
            if line.endswith(" "):
                line = line.rstrip(" ")  # trailing spaces mean nothing
            if not line:
                continue
            if line.startswith("  "):
                if line[2] == " ":
                    raise GiveUp
                yield self.first + k, None, line
                continue
            m = heading.match(line)
            if m is None:
                raise GiveUp
            yield self.first + k, m, line

    def _comment_lines(self, line: str, k: int) -> tuple[str, int]:
        """An event line whose last comment goes on over the next lines: the line with those
        lines, up to the one that closes the comment, which must end with it (so that every
        token keeps the line and column the grammar gives it), and how many lines were
        joined; anything else gives up."""
        lines = self.lines
        end = k + 1
        while end < len(lines) and end - k < 100 and "}" not in lines[end]:
            end += 1
        if end >= len(lines):
            raise GiveUp
        closing = lines[end].rstrip(" ")
        if not closing.endswith("}"):
            raise GiveUp
        joined = "\n".join([line, *lines[k + 1 : end], closing])
        last = None
        for m in _TOKEN_OR_OPEN.finditer(joined):
            if m.group() == "{":
                raise GiveUp
            last = m
        if last is None or last.end() != len(joined) or not last.group().startswith("{"):
            raise GiveUp
        if "\n" in joined[: last.start()]:
            raise GiveUp  # a comment closed on a later line before the last one
        for j in range(k + 1, end + 1):
            lines[j] = ""
        return joined, end - k

    # -- lines with notes ------------------------------------------------------------------

    def taker_noted(self, line: str, lno: int, read: Callable[[str, int], _T]) -> _T | None:
        """A trick whose only notes are comments after its taker (``... -> Anna {well
        played}``, as a player annotates), read by ``read`` as a plain trick with the
        comments given to the taker; None for any other line."""
        if not ("0" <= line[2] <= "9"):
            return None
        m = _TAKER_NOTES.search(line)
        if m is None or self.NOTED.search(line, 0, m.end(1)) is not None:
            return None
        trick = read(line[: m.end(1)], lno)
        assert trick.winner is not None  # the line ends with a taker
        trick.winner.notes = [
            comment_of(c.group(), c.start() + 1, lno) for c in _COMMENT.finditer(line, m.end(1))
        ]
        return trick

    def comments_from(
        self, toks: Tokens, k: int, lno: int
    ) -> tuple[list[Comment], int]:
        """The ``{}`` comments from token ``k`` on, and the token after them."""
        out: list[Comment] = []
        while k < len(toks) and toks[k][0][0] == "{":
            out.append(comment_of(*toks[k], lno))
            k += 1
        return out, k

    def comments(
        self, toks: Tokens, k: int, lno: int, *, end: bool
    ) -> list[Comment]:
        """The ``{}`` comments from token ``k`` to the end of the line (``end``: nothing
        else may follow)."""
        out, k = self.comments_from(toks, k, lno)
        if end and k != len(toks):
            raise GiveUp
        return out

    def leading_comments(self, i: int) -> tuple[list[Comment], list[str]]:
        """The comment lines from line ``i`` up to the first block, and those lines (a
        comment that goes on to the next line gives up)."""
        notes: list[Comment] = []
        lines = self.lines
        k = i
        while k < len(lines) and lines[k][:1] in ("{", ""):
            if not lines[k]:
                k += 1
                continue
            if "}" in lines[k]:  # closed on its line (or not a comment: then it gives up)
                notes += self.comments(tokens(lines[k], 0), 0, self.first + k, end=True)
                k += 1
                continue
            # a comment over several lines: up to the line that closes it, nothing after
            end = k + 1
            while end < len(lines) and end - k < 100 and "}" not in lines[end]:
                end += 1
            text = "\n".join(lines[k : end + 1])
            m = _COMMENT.match(text)
            if m is None or m.end() != len(text):
                raise GiveUp
            notes += self.comments([(text, 1)], 0, self.first + k, end=True)
            k = end + 1
        return notes, self.lines[i:k]

    def winner(self, toks: Tokens, k: int, lno: int) -> tuple[Winner, int]:
        """The taker after ``->`` at token ``k`` with its comments, and the token after
        them."""
        if toks[k][0] != "->":
            raise GiveUp
        seat, at = toks[k + 1]
        notes, k = self.comments_from(toks, k + 2, lno)
        return Winner(seat=self.seat(seat), notes=notes, pos=(lno, at)), k

    def entries(
        self, toks: Tokens, k: int, lno: int, mark: str = ""
    ) -> tuple[list[Stated], int]:
        """Stated entries (``Anna +120, Boris 15 ...``) from token ``k`` on, each as
        (seat, value, marked, position), and the token after them (``mark``: a word the
        game lets follow a number, which marks the entry)."""
        out: list[Stated] = []
        while True:
            seat, at = toks[k]
            m = _SIGNED.match(toks[k + 1][0])
            if m is None:
                raise GiveUp
            k += 2
            marked = bool(mark) and k < len(toks) and toks[k][0] == mark
            k += marked
            value = num(m.group(2)) * (-1 if m.group(1) == "-" else 1)
            out.append((self.seat(seat), value, marked, (lno, at)))
            if k < len(toks) and toks[k][0] == ",":
                k += 1
                continue
            return out, k

    def given(self, toks: Tokens, k: int, lno: int) -> tuple[list[GiveCard], int]:
        """``seat card, seat card`` (a give or a draw) from token ``k`` on, and the token
        after them."""
        out: list[GiveCard] = []
        while True:
            seat, at = toks[k]
            card = CANON.get(toks[k + 1][0])
            if card is None:
                raise GiveUp
            out.append(new_give_card(self.seat(seat), card, (lno, at)))
            k += 2
            if k < len(toks) and toks[k][0] == ",":
                k += 1
                continue
            return out, k

    def move_notes(
        self,
        toks: Tokens,
        k: int,
        lno: int,
        variations: bool = False,
        depth: int = 0,
    ) -> tuple[list[Comment | Glyph | Nag | V], int]:
        """A move's glyphs, ``$n`` codes, comments and (``variations``) the simple
        variations the game's reader takes (:meth:`variation`), from token ``k`` on, and the
        token after them."""
        out: list[Comment | Glyph | Nag | V] = []
        while k < len(toks):
            text, col = toks[k]
            if text == "(" and variations:
                if depth >= MAX_NESTING:
                    raise GiveUp
                var, k = self.variation(toks, k + 1, lno, depth + 1)
                out.append(var)
                continue
            if text[0] == "{":
                out.append(comment_of(text, col, lno))
            elif text in self.GLYPHS:
                out.append(Glyph(text=_GLYPH_OF[text], pos=(lno, col)))
            elif text[0] == "$":
                m = _NAG.match(text)
                if m is None:
                    raise GiveUp
                out.append(Nag(value=num(m.group(1)), pos=(lno, col)))
            else:
                break
            k += 1
        return out, k

    def variation(self, toks: Tokens, k: int, lno: int, depth: int) -> tuple[V, int]:
        """A variation from the token after ``(`` to its ``)``: the variation and the token
        after it (each game's reader takes the shapes its writer writes)."""
        raise GiveUp

    def trick_line(self, line: str, lno: int) -> tuple[int, str, int, Winner | None]:
        """A trick line without notes, split up: its number, the cards
        (the text before the stated taker), the column they start at, and the taker (None
        when none is stated)."""
        m = _TRICK.match(line)
        if m is None:
            raise GiveUp
        col = m.end() + 1
        head, arrow, who = line[m.end() :].partition(" -> ")
        winner = new_winner(self.seat(who), (lno, col + len(head) + 4)) if arrow else None
        return num(m.group(1)), head, col, winner

    # -- a trick of cards played, each ``Anna KH`` or ``Anna KH marriage`` (Thousand's and
    # -- Sixty-six's), made as the game's records

    def card_played(self, toks: Tokens, k: int, lno: int, depth: int, play: Callable[..., Any]) -> tuple[Any, int]:
        """One card played (``Anna KH marriage``) with its notes from token ``k`` on, made by
        ``play`` (the game's record of it), and the token after it."""
        seat, at = toks[k]
        card = CANON.get(toks[k + 1][0])
        if card is None:
            raise GiveUp
        k += 2
        marriage = k < len(toks) and toks[k][0] == "marriage"
        k += marriage
        notes, k = self.move_notes(toks, k, lno, variations=True, depth=depth)
        return play(seat=self.seat(seat), card=card, marriage=marriage, notes=notes, pos=(lno, at)), k

    def cards_trick(
        self, line: str, lno: int, new_play: Callable[[str, str, bool, Pos], Any], new_trick: Callable[..., Any]
    ) -> Any:
        """A trick of cards played without notes, ``3. Anna KH marriage, Boris 9H -> Anna``,
        made by the game's makers of a card played and a trick (by position)."""
        number, head, col, winner = self.trick_line(line, lno)
        plays: list[Any] = []
        for part in head.split(", "):
            bits = part.split(" ")
            if len(bits) == 3 and bits[2] == "marriage":
                marriage = True
            elif len(bits) == 2:
                marriage = False
            else:
                raise GiveUp
            card = CANON.get(bits[1])
            if card is None:
                raise GiveUp
            plays.append(new_play(self.seat(bits[0]), card, marriage, (lno, col)))
            col += len(part) + 2
        return new_trick(number, plays, winner, (lno, 3))

    def cards(self, text: str) -> list[str]:
        """Cards separated by single spaces (none for an empty text)."""
        if not text:
            return []
        cards = card_list(text)
        if cards is None:
            raise GiveUp
        return cards

    # -- the games played with a stock --------------------------------------------------

    def stock_deal(self, rest: str, lno: int) -> Deal:
        """``Anna: ... / Boris: ... / trump: 9H / stock: ...`` after ``hands`` (any part
        left out, each at most once)."""
        hands: list[Hand] = []
        trump: str | None = None
        stock: list[str] | None = None
        given: set[str] = set()
        col = 9
        for part in rest.split(" / "):
            name, colon, cards = part.partition(":")
            if not colon or (cards and not cards.startswith(" ")):
                raise GiveUp
            if name in ("trump", "stock"):
                if name in given:
                    raise GiveUp
                given.add(name)
                if name == "trump":
                    trump = CANON.get(cards[1:])
                    if trump is None:
                        raise GiveUp
                else:
                    stock = self.cards(cards[1:])
            else:
                hands.append(new_hand(self.seat(name), self.cards(cards[1:]), (lno, col)))
            col += len(part) + 3
        return _new_deal(hands, trump, stock, (lno, 3))

    def stated_entries(self, word: str, rest: str, lno: int) -> list[Entry]:
        """``Anna 68, Boris -22``: the entries of a line of stated numbers that starts with
        ``word``, each at its column."""
        out: list[Entry] = []
        col = 3 + len(word) + 1
        for part in rest.split(", "):
            m = _ENTRY.match(part)
            if m is None:
                raise GiveUp
            value = num(m.group(3)) * (-1 if m.group(2) == "-" else 1)
            out.append(_new_entry(self.seat(m.group(1)), value, (lno, col)))
            col += len(part) + 2
        return out

    def drawn(self, rest: str, lno: int) -> Draw:
        """``Anna JS, Boris ??`` after ``draw``: the cards drawn, in order."""
        out: list[GiveCard] = []
        col = 8
        for part in rest.split(", "):
            seat, _, written = part.partition(" ")
            card = CANON.get(written)
            if card is None:
                raise GiveUp
            out.append(new_give_card(self.seat(seat), card, (lno, col)))
            col += len(part) + 2
        return _new_draw(out, (lno, 3))


_DEAL: Final = re.compile(r"deal ([0-9]+)(?=\Z| \{)")


class ShapeMakers:
    """The makers of a game's records (:func:`~notation.records.maker`) that the fast reader
    of a game played with a stock makes, from its notation's
    :class:`~notation.records.StockShape`: made once per notation."""

    def __init__(self, shape: Any) -> None:
        self.round: Callable[[int, Pos], Any] = maker(shape.ROUND, "number", "pos")
        self.trick: Callable[[int, list[Any], Winner | None, Pos], Node] = maker(
            shape.TRICK, "number", shape.MOVES, "winner", "pos"
        )
        self.move: Callable[..., Any] = maker(shape.MOVE, *shape.MOVE_FIELDS, "pos")
        self.noted_move: Callable[..., Any] = shape.MOVE
        """A move's record made by keyword (one with notes)."""
        self.variation: Callable[[list[Any], Winner | None], Any] = maker(shape.VARIATION, shape.MOVES, "winner")
        self.count: Callable[[str, list[Entry], list[Comment], Pos], Node] = maker(
            shape.COUNT, "kind", "entries", "notes", "pos"
        )
        self.counts: dict[str, str] = dict(shape.COUNT_WORDS)
        """The words of the stated counts, each the value of its ``kind``."""
        self.seated: dict[str, Callable[[str, Pos], Any]] = {
            event.__dataclass_fields__["kind"].default: maker(event, "seat", "pos") for event in shape.SEATED
        }
        self.record: Callable[..., Any] = shape.record


_SHAPES: Final[dict[type, ShapeMakers]] = {}
"""Each notation's makers, by its class (:class:`ShapeMakers`)."""


class StockReader(Reader[V]):
    """The fast reader of a game played with a stock, made from its notation (``shape``,
    a :class:`~notation.stock.StockNotation`: its name, its keywords, its record classes):
    a game of deals (``deal N``, its ``hands`` line, then one event a line), a trick of
    cards played one a player (``3. Anna KH marriage, Boris 9H -> Anna``), a draw, the
    stated counts, the events that name only a player, an event line with notes, a
    variation of the rest of a trick.  A game whose tricks or events are of another shape
    (Bura) reads them in a subclass."""

    SEPARATOR: ClassVar[str] = ","
    """What stands between two moves of a trick (``,`` or ``/``)."""

    def __init__(self, text: str, first_line: int, shape: Any) -> None:
        super().__init__(text, first_line, shape.keywords)
        self.name: str = shape.name
        """The ``Game`` tag it reads: its game's, or a variant's that its game reads."""
        make = _SHAPES.get(type(shape))
        if make is None:
            make = _SHAPES[type(shape)] = ShapeMakers(shape)
        self.make = make

    def new_variation(self, moves: list[Any], winner: Winner | None) -> V:
        """A variation's record: the rest of a trick."""
        variation: V = self.make.variation(moves, winner)
        return variation

    def trick(self, line: str, lno: int) -> Any:
        """A trick line without notes (the game's ``Trick``)."""
        return self.cards_trick(line, lno, self.make.move, self.make.trick)

    def moves(self, toks: Tokens, k: int, lno: int, depth: int) -> tuple[list[Any], Winner | None, int]:
        """A trick's moves with their notes, then the taker if one is stated, from token
        ``k`` on; and the token after them (the end of the line, or the ``)`` that closes a
        variation)."""
        moves: list[Any] = []
        n = len(toks)
        while True:
            move, k = self.move(toks, k, lno, depth)
            moves.append(move)
            if k == n or toks[k][0] == ")":
                return moves, None, k
            if toks[k][0] == self.SEPARATOR:
                k += 1
                continue
            winner, k = self.winner(toks, k, lno)
            return moves, winner, k

    def move(self, toks: Tokens, k: int, lno: int, depth: int) -> tuple[Any, int]:
        """One move of a trick with its notes, from token ``k`` (its player) on; and the
        token after it: a card played (``Anna KH marriage``)."""
        return self.card_played(toks, k, lno, depth, self.make.noted_move)

    def event(self, word: str, rest: str, lno: int) -> Node:
        """One of the game's own event lines without notes: ``word`` and the ``rest`` (an
        event that names only a player)."""
        made = self.make.seated.get(word)
        if made is None:
            raise GiveUp
        event: Node = made(self.seat(rest), (lno, 3))
        return event

    def noted_event(self, word: str, toks: Tokens, lno: int, pos: Pos) -> Node:
        """One of the game's own event lines with notes, as tokens (``word`` the first)."""
        made = self.make.seated.get(word)
        if made is None:
            raise GiveUp
        event: Node = made(self.seat(toks[1][0]), pos)
        event.notes = self.comments(toks, 2, lno, end=True)  # type: ignore[attr-defined]
        return event

    def game(self) -> Any:
        """The whole game (its text is canonical, else GiveUp)."""
        tags, i, _ = self.header((self.name,), notes=True, variations=True)
        notes, skipped = self.leading_comments(i)
        i += len(skipped)
        deals: list[Any] = []
        deal: Any = None
        may_note, noted, counts = self.may_note, self.NOTED.search, self.make.counts
        for lno, m, line in self.blocks(i, _DEAL):
            if m is not None:
                if deal is not None:
                    deals.append(deal)
                    if len(deals) == MAX_ROUNDS:
                        raise GiveUp  # the grammar's reader says where
                deal = self.make.round(num(m.group(1)), (lno, 1))
                if m.end() < len(line):
                    deal.notes = self.comments(tokens(line, m.end()), 0, lno, end=True)
                continue
            if deal is None:
                raise GiveUp
            events: list[Node] = deal.events
            if may_note and noted(line) is not None and not line.startswith("  hands "):
                events.append(self.taker_noted(line, lno, self.trick) or self.noted(line, lno))
                continue
            if "0" <= line[2] <= "9":
                events.append(self.trick(line, lno))
                continue
            word, _, rest = line[2:].partition(" ")
            if word == "hands":
                if events or deal.deal is not None:
                    raise GiveUp
                deal.deal = self.stock_deal(rest, lno)
            elif word == "draw":
                events.append(self.drawn(rest, lno))
            elif word in counts:
                entries = self.stated_entries(word, rest, lno)
                events.append(self.make.count(counts[word], entries, [], (lno, 3)))
            else:
                events.append(self.event(word, rest, lno))
        if deal is not None:
            deals.append(deal)
        return self.make.record(tags=tags, notes=notes, deals=deals)

    def noted(self, line: str, lno: int) -> Node:
        """An event line that may carry notes, read token by token."""
        toks = tokens(line, 2)
        word, col = toks[0]
        pos = (lno, col)
        if TRICK_NO.match(word):
            moves, winner, k = self.moves(toks, 1, lno, 0)
            if k != len(toks):
                raise GiveUp
            return self.make.trick(num(word[:-1]), moves, winner, pos)
        if word == "draw":
            drawn, k = self.given(toks, 1, lno)
            return Draw(cards=drawn, notes=self.comments(toks, k, lno, end=True), pos=pos)
        counts = self.make.counts
        if word in counts:
            raw, k = self.entries(toks, 1, lno)
            entries = [_new_entry(seat, value, at) for seat, value, _, at in raw]
            return self.make.count(counts[word], entries, self.comments(toks, k, lno, end=True), pos)
        return self.noted_event(word, toks, lno, pos)

    def variation(self, toks: Tokens, k: int, lno: int, depth: int) -> tuple[V, int]:
        """A variation of the rest of a trick (its moves, and the taker if stated), from the
        token after ``(`` to its ``)``; one with later events is left to the grammar."""
        moves, winner, k = self.moves(toks, k, lno, depth)
        if toks[k][0] != ")":
            raise GiveUp
        return self.new_variation(moves, winner), k + 1
