"""A fast reader for canonical KGN (what ``kozyr fmt``, ``annotate`` and the generators write).

The Lark grammar stays the definition of KGN; this reader only speeds up the common case.
It reads the canonical layout line by line and builds the same records, with the same
positions, as the Lark reader.  The text may carry ``{}`` comments, glyphs and ``$n`` codes
where the writer puts them: on the line of the event they belong to, after a hand's or a
deal's number, and on comment lines before the first.  Variations of calls (Thousand) or
of the rest of a trick (both games), nested up to ``MAX_NESTING``, are read too; so are
cards in every spelling the grammar takes.  Anything else (a variation with later events,
``;`` comments, quoted names, a comment on a line of its own inside a hand, any deviation
at all) makes it give up (``None``) and the Lark reader takes the game.  It is tested
against the Lark reader on every sample, on generated and annotated corpora and on fuzzed
input (``tests/test_scale.py``, ``bench/fuzz.py``).

A game's text is searched once for the marks of notes; a game without them is read line by
line with plain string operations.  In a game with notes, a line with one is read token by
token, except the commonest: a trick whose only notes are comments after its taker (``...
-> Anna {well taken}``), read as a plain trick and the comments given to the taker.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Final, TypeVar

from .cards import canonical_card
from .escapes import decode_comment
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
    Contract,
    Deal,
    DealHand,
    Dealing,
    Draw,
    Entry,
    Fault,
    Give,
    GiveCard,
    Glyph,
    Hand,
    Nag,
    Play,
    Pos,
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
    maker,
)
from .records import Concede as ConcedeRec
from .write import KEYWORDS, NAME_PATTERN

__all__ = ["MAX_NESTING", "fast_bura", "fast_thousand"]


# The records made most often, made by position (:func:`~notation.records.maker`).
_new_play: Final[Callable[[str, str, bool, Pos], Play]] = maker(Play, "seat", "card", "marriage", "pos")
_new_winner: Final[Callable[[str, Pos], Winner]] = maker(Winner, "seat", "pos")
_new_trick: Final[Callable[[int, list[Play], Winner | None, Pos], Trick]] = maker(
    Trick, "number", "plays", "winner", "pos"
)
_new_call: Final[Callable[[str, int | None, bool, Pos], Call]] = maker(Call, "seat", "bid", "dark", "pos")
_new_entry: Final[Callable[[str, int, bool, Pos], Entry]] = maker(Entry, "seat", "value", "barrel", "pos")
_new_give_card: Final[Callable[[str, str, Pos], GiveCard]] = maker(GiveCard, "seat", "card", "pos")
_new_deal_hand: Final[Callable[[str, list[str], Pos], DealHand]] = maker(DealHand, "seat", "cards", "pos")
_new_answer: Final[Callable[[str, list[str], list[str], Pos], Answer]] = maker(
    Answer, "seat", "cards", "down", "pos"
)
_new_tag: Final[Callable[[str, list[str], Pos], Tag]] = maker(Tag, "name", "values", "pos")
_new_deal: Final[Callable[[list[DealHand], list[str] | None, Pos], Deal]] = maker(
    Deal, "hands", "talon", "pos"
)
_new_talon: Final[Callable[[list[str], str | None, Pos], Talon]] = maker(Talon, "cards", "seat", "pos")
_new_give: Final[Callable[[list[GiveCard], Pos], Give]] = maker(Give, "cards", "pos")
_new_contract: Final[Callable[[int, Pos], Contract]] = maker(Contract, "value", "pos")
_new_stated: Final[Callable[[Any, list[Entry], Pos], Stated]] = maker(Stated, "kind", "entries", "pos")
_new_bura_trick: Final[Callable[[int, list[Answer], Winner | None, Pos], BuraTrick]] = maker(
    BuraTrick, "number", "answers", "winner", "pos"
)


def _checked(word: str | None) -> Any:
    """A word the reader checked against the values its field allows (a ``Literal``)."""
    return word


def _spellings() -> dict[str, str]:
    """Every way the grammar lets a card be written (lower case, ``10`` for ``T``, suit
    symbols), with ``??``, to its canonical code (the shared code strings)."""
    codes = {code: code for code in (r + s for r in "6789TJQKA" for s in "SCDH")}
    out = {"??": "??"}
    for rank in (*"6789", "10", *"TtJjQqKkAa"):
        for suit in "SCDHscdh\u2660\u2663\u2666\u2665\u2664\u2667\u2662\u2661":
            out[rank + suit] = codes[canonical_card(rank + suit)]
    return out


_CANON: Final = _spellings()
"""A card as written (canonical or lenient) to its code: what the grammar reads as a card."""


def card_list(text: str) -> list[str] | None:
    """Cards (or ``??``) separated by single spaces, as a list of the shared canonical
    code strings; None when the text is anything else.  A line of a million cards costs a
    pointer per card (no regular expression that repeats per card: its stack would grow
    with the line)."""
    if len(text) < 256:
        canon = _CANON
        try:
            return [canon[c] for c in text.split(" ")]
        except KeyError:
            return None
    if text.startswith(" ") or text.endswith(" ") or "  " in text:
        return None
    canon = _CANON
    out = []
    for m in _TOKEN.finditer(text):
        code = canon.get(m.group())
        if code is None:
            return None
        out.append(code)
    return out


_TOKEN: Final = re.compile(r"[^ ]+")
_BARE_NAME: Final = re.compile(NAME_PATTERN)
_CARD = r"[^ ,]+"  # a card as written: _CANON says whether it is one
_TAG: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)((?: "[^"\\\n]*(?:\\.[^"\\\n]*)*")*)\]\Z')
_VALUE: Final = re.compile(r' "([^"\\\n]*(?:\\.[^"\\\n]*)*)"')
_HAND: Final = re.compile(r"hand ([0-9]+)(?=\Z| \{)")
_COMMENT: Final = re.compile(
    r"\{[^}\\]*(?:(?:\\u\{[0-9A-Fa-f]{1,6}\}|\\(?!u\{[0-9A-Fa-f]{1,6}\}))[^}\\]*)*\}"
)
"""A ``{}`` comment, as the grammar's COMMENT reads it (``\\u{HEX}`` escapes inside)."""
_WORD: Final = re.compile(r"[^ {,()]+")
_TOKEN_OR_OPEN: Final = re.compile(rf"{_COMMENT.pattern}|[,()]|{_WORD.pattern}|\{{")
"""A token of a line with notes (a comment, a comma or parenthesis, a word), or a lone
``{`` that opens no comment closed on the line; spaces between them are skipped."""
MAX_NESTING = 50
"""How deeply variations may nest (the grammar's reader reports a deeper one)."""
_DIGITS: Final = re.compile(r"[0-9]+\Z")
_TAKER_NOTES: Final = re.compile(rf"( -> [^ {{]+)((?: +{_COMMENT.pattern})+)\Z")
"""The taker of a trick and the comments after it, at the end of a line."""
_NAG: Final = re.compile(r"\$([0-9]+)\Z")
_SIGNED: Final = re.compile(r"([+-]?)([0-9]+)\Z")
_GLYPHS: Final = frozenset(("!!", "??", "!?", "?!", "!", "?"))
_TRICK_NO: Final = re.compile(r"[0-9]+\.\Z")


def _card_tokens(toks: list[tuple[str, int]], k: int) -> tuple[list[str], int]:
    """The cards (in any spelling, as codes) from token ``k`` on, and the token after them."""
    cards: list[str] = []
    while k < len(toks) and toks[k][0] in _CANON:
        cards.append(_CANON[toks[k][0]])
        k += 1
    return cards, k


def _comment(text: str, col: int, lno: int) -> Comment:
    """A ``{}`` comment token as a record."""
    return Comment(text=decode_comment(text[1:-1].strip()), pos=(lno, col))


def _tokens(line: str, start: int) -> list[tuple[str, int]]:
    """The tokens of ``line`` from index ``start``, each with its column (from 1): words,
    commas, parentheses, and whole ``{}`` comments (a comment not closed on the line gives
    up)."""
    out = [(m.group(), m.start() + 1) for m in _TOKEN_OR_OPEN.finditer(line, start)]
    if "{" in line:
        for text, _ in out:
            if text == "{":
                raise _GiveUp  # it opens no comment closed on this line
    return out


_NOTED: Final = re.compile(r"[{!$?(]")
"""A line that may carry notes takes the tokenizing path."""
_DEAL_PART: Final = re.compile(rf"({NAME_PATTERN}):(.*)\Z")
_CALL: Final = re.compile(rf"({NAME_PATTERN}) (?:([0-9]+)|(pass)|dark ([0-9]+))\Z")
_GIVE: Final = re.compile(rf"({NAME_PATTERN}) ({_CARD})\Z")
_TRICK: Final = re.compile(r"  ([0-9]+)\. ")
_TRICK_OF_THREE: Final = re.compile(
    rf"  ([0-9]{{1,{MAX_DIGITS}}})\. "
    + ", ".join([r"([^ ,]+) ([^ ,]+)( marriage)?"] * 3)
    + r"(?: -> ([^ ]+))?\Z"
)
"""A trick of three cards as the writer puts it (each group read at once)."""
_ENTRY: Final = re.compile(rf"({NAME_PATTERN}) ([+-]?)([0-9]+)( barrel)?\Z")
_CONTRACT: Final = re.compile(r"[0-9]+\Z")
_CARDISH: Final = re.compile(r"(?:10|[2-9TtJjQqKkAa])[SCDHscdh]\Z")
_KEYWORDS = KEYWORDS  # of every game: the writer quotes such names, so they never get here
_ORDER: Final = {"deal": 0, "redeal": 1, "bid": 2, "talon": 3, "concede": 4, "give": 5, "contract": 6}


_T = TypeVar("_T", Trick, BuraTrick)


class _GiveUp(Exception):
    pass


def _num(text: str) -> int:
    """A number as the grammar reads it; a longer one is left to the grammar's error."""
    if len(text) > MAX_DIGITS:
        raise _GiveUp
    return int(text)


def _may_overflow(text: str) -> bool:
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


def fast_thousand(text: str, first_line: int) -> ThousandGame | None:
    """The record of a canonical Thousand game, or None when the text is not canonical."""
    if _may_overflow(text):
        return None
    try:
        return _Reader(text, first_line).game()
    except (_GiveUp, ValueError, IndexError):
        return None


class _Reader:
    NOTED: ClassVar[re.Pattern[str]] = _NOTED
    """What shows that a line may carry notes."""

    def __init__(self, text: str, first_line: int) -> None:
        self.lines = text.split("\n")
        self.first = first_line
        self.may_note = True
        """Whether any line of the body may carry notes (else no line is searched for them)."""
        self.players: dict[str, str] = {}
        """The Players tag, each name to itself: every record of a seat shares the header's
        string (names that are keywords or look like cards take the slow path)."""

    def seat(self, name: str) -> str:
        """A player named bare (the header took only bare names that are no keyword)."""
        seat = self.players.get(name)
        if seat is None:
            raise _GiveUp
        return seat

    def header(
        self, kinds: tuple[str, ...], notes: bool = False, variations: bool = False
    ) -> tuple[list[Tag], int, str]:
        """The tag lines; where the body starts; the game kind (give up on anything odd;
        ``notes``: comments, glyphs and ``$n`` codes are read; ``variations``: and
        parentheses)."""
        lines = self.lines
        tags: list[Tag] = []
        i = 0
        n = len(lines)
        while i < n and lines[i].startswith("["):
            m = _TAG.match(lines[i])
            if m is None:
                raise _GiveUp
            values = _VALUE.findall(m.group(2))
            if any("\\" in v for v in values):
                raise _GiveUp
            tags.append(_new_tag(m.group(1), values, (self.first + i, 2)))
            if m.group(1) == "Players":
                # Only bare names are read here (the writer quotes the others: "??", "1abc").
                if any(
                    _BARE_NAME.fullmatch(v) is None or _CARDISH.match(v) or v.lower() in _KEYWORDS
                    for v in values
                ):
                    raise _GiveUp
                self.players = {v: v for v in values}
            i += 1
        body = "\n".join(lines[i:])
        self.may_note = self.NOTED.search(body) is not None
        if notes and "{" in body:
            body = _COMMENT.sub("", body)  # what comments say is free text
        forbidden = '{};"\t\r[' if variations else '{};()"\t\r[' if notes else '{};()$!"\t\r['
        if any(ch in body for ch in forbidden):
            raise _GiveUp
        game_kind = next((t.values[0] for t in tags if t.name == "Game" and t.values), None)
        if game_kind not in kinds or tags[0].name != "Game":
            raise _GiveUp
        return tags, i, game_kind

    def blocks(
        self, start: int, heading: re.Pattern[str]
    ) -> Iterator[tuple[int, re.Match[str] | None, str]]:
        """The body's lines from ``start``: (line number, the match of a block heading such as
        ``hand 3``, or None for an event line indented by two spaces, the line)."""
        lines = self.lines
        for k in range(start, len(lines)):
            line = lines[k]
            lines[k] = ""  # read once: its text goes as its record is made
            if line.endswith(" "):
                line = line.rstrip(" ")  # trailing spaces mean nothing
            if not line:
                continue
            if line.startswith("  "):
                if line[2] == " ":
                    raise _GiveUp
                yield self.first + k, None, line
                continue
            m = heading.match(line)
            if m is None:
                raise _GiveUp
            yield self.first + k, m, line

    def game(self) -> ThousandGame:
        tags, i, _ = self.header(("thousand",), notes=True, variations=True)
        notes, skipped = self.leading_comments(i)
        i += len(skipped)
        hands: list[Hand] = []
        hand: dict[str, Any] | None = None
        rank = -1
        may_note, noted = self.may_note, self.NOTED.search
        for lno, m, line in self.blocks(i, _HAND):
            if m is not None:
                if hand is not None:
                    hands.append(Hand(**hand))
                    if len(hands) == MAX_HANDS:
                        raise _GiveUp  # the grammar's reader says where
                hand = {"number": _num(m.group(1)), "tricks": [], "stated": [], "pos": (lno, 1)}
                if m.end() < len(line):
                    hand["notes"] = self.comments(_tokens(line, m.end()), 0, lno, end=True)
                rank = -1
                continue
            if hand is None:
                raise _GiveUp
            trick: Trick | None = None
            if may_note and noted(line) is not None and not line.startswith("  deal "):
                trick = self.taker_noted(line, lno, self.trick)
                if trick is None:
                    rank = self.noted(hand, line, lno, rank)
                    continue
            elif "0" <= line[2] <= "9":
                trick = self.trick(line, lno)
            if trick is not None:
                if rank > 7:
                    raise _GiveUp
                rank = 7
                hand["tricks"].append(trick)
                continue
            word, _, rest = line[2:].partition(" ")
            if word in ("points", "score", "totals"):
                rank = 8
                hand["stated"].append(self.stated(word, rest, lno))
                continue
            order = _ORDER.get(word)
            if order is None or order <= rank:
                raise _GiveUp
            rank = order
            pos = (lno, 3)
            if word == "deal":
                hand["deal"] = self.deal(rest, lno)
            elif word == "redeal":
                hand["redeal"] = Redeal(seat=self.seat(rest), pos=pos)
            elif word == "bid":
                hand["auction"] = self.calls(rest, lno, 7)
            elif word == "talon":
                name, colon, after = rest.partition(": ")
                taker = self.players.get(name) if colon else None  # talon Anna: ...
                cards = card_list(rest if taker is None else after)
                if cards is None:
                    raise _GiveUp
                hand["talon"] = _new_talon(cards, taker, pos)
            elif word == "concede":
                if rest:
                    raise _GiveUp
                hand["concede"] = ConcedeRec(pos=pos)
            elif word == "give":
                hand["give"] = _new_give(self.gives(rest, lno, 8), pos)
            else:  # contract
                if not _CONTRACT.match(rest):
                    raise _GiveUp
                hand["contract"] = _new_contract(_num(rest), pos)
        if hand is not None:
            hands.append(Hand(**hand))
        return ThousandGame(tags=tags, notes=notes, hands=hands)

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
            _comment(c.group(), c.start() + 1, lno) for c in _COMMENT.finditer(line, m.end(1))
        ]
        return trick

    def comments_from(
        self, toks: list[tuple[str, int]], k: int, lno: int
    ) -> tuple[list[Comment], int]:
        """The ``{}`` comments from token ``k`` on, and the token after them."""
        out: list[Comment] = []
        while k < len(toks) and toks[k][0][0] == "{":
            out.append(_comment(*toks[k], lno))
            k += 1
        return out, k

    def comments(
        self, toks: list[tuple[str, int]], k: int, lno: int, *, end: bool
    ) -> list[Comment]:
        """The ``{}`` comments from token ``k`` to the end of the line (``end``: nothing
        else may follow)."""
        out, k = self.comments_from(toks, k, lno)
        if end and k != len(toks):
            raise _GiveUp
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
                notes += self.comments(_tokens(lines[k], 0), 0, self.first + k, end=True)
                k += 1
                continue
            # a comment over several lines: up to the line that closes it, nothing after
            end = k + 1
            while end < len(lines) and end - k < 100 and "}" not in lines[end]:
                end += 1
            text = "\n".join(lines[k : end + 1])
            m = _COMMENT.match(text)
            if m is None or m.end() != len(text):
                raise _GiveUp
            notes += self.comments([(text, 1)], 0, self.first + k, end=True)
            k = end + 1
        return notes, self.lines[i:k]

    def winner(self, toks: list[tuple[str, int]], k: int, lno: int) -> tuple[Winner, int]:
        """The taker after ``->`` at token ``k`` with its comments, and the token after
        them."""
        if toks[k][0] != "->":
            raise _GiveUp
        seat, at = toks[k + 1]
        notes, k = self.comments_from(toks, k + 2, lno)
        return Winner(seat=self.seat(seat), notes=notes, pos=(lno, at)), k

    def call(self, toks: list[tuple[str, int]], k: int, lno: int, depth: int) -> tuple[Call, int]:
        """One call (``Anna 100``, ``Anna pass``, ``Anna dark 120``) with its notes from
        token ``k`` on, and the token after it."""
        seat, at = toks[k]
        what = toks[k + 1][0]
        k += 2
        fields: dict[str, Any] = {"seat": self.seat(seat), "pos": (lno, at)}
        if what == "pass":
            fields["bid"] = None
        elif what == "dark":
            fields["dark"] = True
            what = toks[k][0]
            k += 1
            if not _DIGITS.match(what):
                raise _GiveUp
            fields["bid"] = _num(what)
        elif _DIGITS.match(what):
            fields["bid"] = _num(what)
        else:
            raise _GiveUp
        fields["notes"], k = self.move_notes(toks, k, lno, variations=True, depth=depth)
        return Call(**fields), k

    def play(self, toks: list[tuple[str, int]], k: int, lno: int, depth: int) -> tuple[Play, int]:
        """One card played (``Anna KH marriage``) with its notes from token ``k`` on, and
        the token after it."""
        seat, at = toks[k]
        card = _CANON.get(toks[k + 1][0])
        if card is None:
            raise _GiveUp
        k += 2
        marriage = k < len(toks) and toks[k][0] == "marriage"
        k += marriage
        notes, k = self.move_notes(toks, k, lno, variations=True, depth=depth)
        play = Play(seat=self.seat(seat), card=card, marriage=marriage, notes=notes, pos=(lno, at))
        return play, k

    def entries(
        self, toks: list[tuple[str, int]], k: int, lno: int, barrel: bool
    ) -> tuple[list[Entry], int]:
        """Stated entries (``Anna +120 barrel, ...``) from token ``k`` on, and the token
        after them (``barrel``: the word may follow a number)."""
        out: list[Entry] = []
        while True:
            seat, at = toks[k]
            m = _SIGNED.match(toks[k + 1][0])
            if m is None:
                raise _GiveUp
            k += 2
            marked = barrel and k < len(toks) and toks[k][0] == "barrel"
            k += marked
            value = _num(m.group(2)) * (-1 if m.group(1) == "-" else 1)
            out.append(_new_entry(self.seat(seat), value, marked, (lno, at)))
            if k < len(toks) and toks[k][0] == ",":
                k += 1
                continue
            return out, k

    def given(self, toks: list[tuple[str, int]], k: int, lno: int) -> tuple[list[GiveCard], int]:
        """``seat card, seat card`` (a give or a draw) from token ``k`` on, and the token
        after them."""
        out: list[GiveCard] = []
        while True:
            seat, at = toks[k]
            card = _CANON.get(toks[k + 1][0])
            if card is None:
                raise _GiveUp
            out.append(_new_give_card(self.seat(seat), card, (lno, at)))
            k += 2
            if k < len(toks) and toks[k][0] == ",":
                k += 1
                continue
            return out, k

    def move_notes(
        self,
        toks: list[tuple[str, int]],
        k: int,
        lno: int,
        glyphs: frozenset[str] = _GLYPHS,
        variations: bool = False,
        depth: int = 0,
    ) -> tuple[list[Any], int]:
        """A move's glyphs, ``$n`` codes, comments and (``variations``: Thousand's) simple
        variations from token ``k`` on, and the token after them."""
        out: list[Any] = []
        while k < len(toks):
            text, col = toks[k]
            if text == "(" and variations:
                if depth >= MAX_NESTING:
                    raise _GiveUp
                var, k = self.variation(toks, k + 1, lno, depth + 1)
                out.append(var)
                continue
            if text[0] == "{":
                out.append(_comment(text, col, lno))
            elif text in glyphs:
                out.append(Glyph(text=_checked(text), pos=(lno, col)))
            elif text[0] == "$":
                m = _NAG.match(text)
                if m is None:
                    raise _GiveUp
                out.append(Nag(value=_num(m.group(1)), pos=(lno, col)))
            else:
                break
            k += 1
        return out, k

    def variation(
        self, toks: list[tuple[str, int]], k: int, lno: int, depth: int
    ) -> tuple[Variation, int]:
        """A variation of calls or of the rest of a trick (with its taker), from the token
        after ``(`` to its ``)``; the variation and the token after it.  Anything more
        (talon, tricks, stated facts in a variation) is left to the grammar."""
        second = toks[k + 1][0]
        calls = second in ("pass", "dark") or _DIGITS.match(second) is not None
        if not calls and second not in _CANON:
            raise _GiveUp
        items: list[Any] = []
        winner = None
        while True:
            item, k = (self.call if calls else self.play)(toks, k, lno, depth)
            items.append(item)
            word = toks[k][0]
            if word == ",":
                k += 1
                continue
            if word == "->" and not calls:
                winner, k = self.winner(toks, k, lno)
                word = toks[k][0]
            if word != ")":
                raise _GiveUp
            if calls:
                return Variation(auction=items), k + 1
            return Variation(plays=items, winner=winner), k + 1

    def noted(self, hand: dict[str, Any], line: str, lno: int, rank: int) -> int:
        """An event line that may carry notes, read token by token into ``hand``; the
        rank of the event read (the order of a hand's parts, as ``_ORDER``)."""
        toks = _tokens(line, 2)
        word, col = toks[0]
        pos = (lno, col)
        if _TRICK_NO.match(word):
            if rank > 7:
                raise _GiveUp
            hand["tricks"].append(self.noted_trick(toks, lno))
            return 7
        if word in ("points", "score", "totals"):
            entries, k = self.entries(toks, 1, lno, barrel=True)
            notes = self.comments(toks, k, lno, end=True)
            hand["stated"].append(
                Stated(kind=_checked(word), entries=entries, notes=notes, pos=pos)
            )
            return 8
        order = _ORDER.get(word)
        if order is None or order <= rank or word == "deal":  # a deal line has no notes here
            raise _GiveUp
        if word == "bid":
            calls: list[Call] = []
            k = 1
            while True:
                call, k = self.call(toks, k, lno, 0)
                calls.append(call)
                if k < len(toks) and toks[k][0] == ",":
                    k += 1
                    continue
                if k != len(toks):
                    raise _GiveUp
                break
            hand["auction"] = calls
        elif word == "redeal":
            hand["redeal"] = Redeal(
                seat=self.seat(toks[1][0]),
                notes=self.comments(toks, 2, lno, end=True),
                pos=pos,
            )
        elif word == "talon":
            seat = None
            if len(toks) > 1 and toks[1][0].endswith(":"):
                seat = self.seat(toks[1][0][:-1])
            cards, k = _card_tokens(toks, 1 if seat is None else 2)
            hand["talon"] = Talon(
                cards=cards, seat=seat, notes=self.comments(toks, k, lno, end=True), pos=pos
            )
        elif word == "concede":
            hand["concede"] = ConcedeRec(notes=self.comments(toks, 1, lno, end=True), pos=pos)
        elif word == "give":
            gives, k = self.given(toks, 1, lno)
            hand["give"] = Give(cards=gives, notes=self.comments(toks, k, lno, end=True), pos=pos)
        else:  # contract
            amount = toks[1][0]
            if not _DIGITS.match(amount):
                raise _GiveUp
            hand["contract"] = Contract(
                value=_num(amount), notes=self.comments(toks, 2, lno, end=True), pos=pos
            )
        return order

    def noted_trick(self, toks: list[tuple[str, int]], lno: int) -> Trick:
        number, col = toks[0]
        plays: list[Play] = []
        winner = None
        k = 1
        while True:
            play, k = self.play(toks, k, lno, 0)
            plays.append(play)
            if k == len(toks):
                break
            if toks[k][0] == ",":
                k += 1
                continue
            winner, k = self.winner(toks, k, lno)
            if k != len(toks):
                raise _GiveUp
            break
        return Trick(number=_num(number[:-1]), plays=plays, winner=winner, pos=(lno, col))

    def deal(self, rest: str, lno: int) -> Deal:
        hands: list[DealHand] = []
        talon: list[str] | None = None
        col = 8
        for part in rest.split(" / "):
            m = _DEAL_PART.match(part)
            if m is None:
                raise _GiveUp
            listed = m.group(2)
            cards = [] if not listed else card_list(listed[1:]) if listed[0] == " " else None
            if cards is None:
                raise _GiveUp
            if m.group(1) == "talon":
                if talon is not None:
                    raise _GiveUp
                talon = cards
            else:
                hands.append(_new_deal_hand(self.seat(m.group(1)), cards, (lno, col)))
            col += len(part) + 3
        return _new_deal(hands, talon, (lno, 3))

    def calls(self, rest: str, lno: int, col: int) -> list[Call]:
        out: list[Call] = []
        for part in rest.split(", "):
            m = _CALL.match(part)
            if m is None:
                raise _GiveUp
            seat = self.seat(m.group(1))
            if m.group(2) is not None:
                call = _new_call(seat, _num(m.group(2)), False, (lno, col))
            elif m.group(3) is not None:
                call = _new_call(seat, None, False, (lno, col))
            else:
                call = _new_call(seat, _num(m.group(4)), True, (lno, col))
            out.append(call)
            col += len(part) + 2
        return out

    def gives(self, rest: str, lno: int, col: int) -> list[GiveCard]:
        out: list[GiveCard] = []
        for part in rest.split(", "):
            m = _GIVE.match(part)
            if m is None:
                raise _GiveUp
            card = _CANON.get(m.group(2))
            if card is None:
                raise _GiveUp
            out.append(_new_give_card(self.seat(m.group(1)), card, (lno, col)))
            col += len(part) + 2
        return out

    def trick(self, line: str, lno: int) -> Trick:
        m = _TRICK_OF_THREE.match(line)
        if m is None:
            return self.any_trick(line, lno)
        # The commonest trick, three cards, in one match.
        n, s1, c1, m1, s2, c2, m2, s3, c3, m3, who = m.groups()
        players, canon = self.players, _CANON
        try:
            plays = [
                _new_play(players[s1], canon[c1], bool(m1), (lno, m.start(2) + 1)),
                _new_play(players[s2], canon[c2], bool(m2), (lno, m.start(5) + 1)),
                _new_play(players[s3], canon[c3], bool(m3), (lno, m.start(8) + 1)),
            ]
            winner = None if who is None else _new_winner(players[who], (lno, m.start(11) + 1))
        except KeyError:
            raise _GiveUp from None
        return _new_trick(int(n), plays, winner, (lno, 3))

    def trick_line(self, line: str, lno: int) -> tuple[int, str, int, Winner | None]:
        """A trick line of either game, without notes, split up: its number, the cards
        (the text before the stated taker), the column they start at, and the taker (None
        when none is stated)."""
        m = _TRICK.match(line)
        if m is None:
            raise _GiveUp
        col = m.end() + 1
        head, arrow, who = line[m.end() :].partition(" -> ")
        winner = _new_winner(self.seat(who), (lno, col + len(head) + 4)) if arrow else None
        return _num(m.group(1)), head, col, winner

    def any_trick(self, line: str, lno: int) -> Trick:
        """A trick of any number of cards, without notes."""
        number, head, col, winner = self.trick_line(line, lno)
        plays: list[Play] = []
        players = self.players
        for part in head.split(", "):
            bits = part.split(" ")
            if len(bits) == 3 and bits[2] == "marriage":
                marriage = True
            elif len(bits) == 2:
                marriage = False
            else:
                raise _GiveUp
            seat, card = players.get(bits[0]), _CANON.get(bits[1])
            if seat is None or card is None:
                raise _GiveUp
            plays.append(_new_play(seat, card, marriage, (lno, col)))
            col += len(part) + 2
        return _new_trick(number, plays, winner, (lno, 3))

    def stated(self, kind: str, rest: str, lno: int) -> Stated:
        entries: list[Entry] = []
        col = 3 + len(kind) + 1
        for part in rest.split(", "):
            m = _ENTRY.match(part)
            if m is None:
                raise _GiveUp
            value = _num(m.group(3)) * (-1 if m.group(2) == "-" else 1)
            entries.append(_new_entry(self.seat(m.group(1)), value, m.group(4) is not None, (lno, col)))
            col += len(part) + 2
        return _new_stated(_checked(kind), entries, (lno, 3))


# ---- Bura and Burkozel --------------------------------------------------------------------

_DEAL: Final = re.compile(r"deal ([0-9]+)(?=\Z| \{)")
_NOTED_BURA: Final = re.compile(r"[{!$(?](?<!\?\?)(?!(?<=\?)\?)")
"""A Bura line that may carry notes (``??`` alone is a card, never a glyph here): a mark,
or a ``?`` with no ``?`` beside it (the lookarounds follow the character class, so that
the search scans for the class first: four times as fast as the same test put first)."""
_BURA_GLYPHS: Final = _GLYPHS - {"??"}
_NUMBER: Final = re.compile(r"-?[0-9]+\Z")
_BURA_ENTRY: Final = re.compile(rf"({NAME_PATTERN}) ([+-]?)([0-9]+)\Z")
_COMBOS: Final = frozenset(("bura", "molodka", "moskva", "small-moskva", "foreheads"))
_FAULTS: Final = frozenset(("out-of-turn", "double-draw"))
_TALLIES: Final = frozenset(("chips", "wins", "penalty", "points"))


def fast_bura(text: str, first_line: int) -> BuraGame | None:
    """The record of a canonical Bura or Burkozel game, or None when the text is not canonical."""
    if _may_overflow(text):
        return None
    try:
        return _BuraReader(text, first_line).bura()
    except (_GiveUp, ValueError, IndexError):
        return None


class _BuraReader(_Reader):
    NOTED: ClassVar[re.Pattern[str]] = _NOTED_BURA

    def cards(self, text: str) -> list[str]:
        if not text:
            return []
        cards = card_list(text)
        if cards is None:
            raise _GiveUp
        return cards

    def bura(self) -> BuraGame:
        tags, i, kind = self.header(("bura", "burkozel"), notes=True, variations=True)
        notes = self.leading_comments(i)
        i += len(notes[1])
        deals: list[BuraDeal] = []
        deal: dict[str, Any] | None = None
        may_note, noted = self.may_note, self.NOTED.search
        for lno, m, line in self.blocks(i, _DEAL):
            if m is not None:
                if deal is not None:
                    deals.append(BuraDeal(**deal))
                    if len(deals) == MAX_HANDS:
                        raise _GiveUp  # the grammar's reader says where
                deal = {"number": _num(m.group(1)), "events": [], "pos": (lno, 1)}
                if m.end() < len(line):
                    deal["notes"] = self.comments(_tokens(line, m.end()), 0, lno, end=True)
                continue
            if deal is None:
                raise _GiveUp
            events: list[Any] = deal["events"]
            if may_note and noted(line) is not None and not line.startswith("  hands "):
                events.append(
                    self.taker_noted(line, lno, self.bura_trick) or self.bura_noted(line, lno)
                )
                continue
            if "0" <= line[2] <= "9":
                events.append(self.bura_trick(line, lno))
                continue
            word, _, rest = line[2:].partition(" ")
            pos = (lno, 3)
            if word == "hands":
                if events or "dealing" in deal:
                    raise _GiveUp
                deal["dealing"] = self.dealing(rest, lno)
            elif word == "draw":
                drawn: list[GiveCard] = []
                col = 8
                for part in rest.split(", "):
                    seat, _, written = part.partition(" ")
                    card = _CANON.get(written)
                    if card is None:
                        raise _GiveUp
                    drawn.append(_new_give_card(self.seat(seat), card, (lno, col)))
                    col += len(part) + 2
                events.append(Draw(cards=drawn, pos=pos))
            elif word == "open":
                bits = rest.split(" ")
                seat = self.seat(bits[0])
                count = None
                outcome = None
                rest_bits = bits[1:]
                if rest_bits and _CONTRACT.match(rest_bits[0]):
                    count = _num(rest_bits.pop(0))
                if rest_bits and rest_bits[0] in ("win", "fail"):
                    outcome = rest_bits.pop(0)
                if rest_bits:
                    raise _GiveUp
                events.append(Claim(seat=seat, count=count, outcome=_checked(outcome), pos=pos))
            elif word == "show":
                seat, combo, *shown = rest.split(" ")
                if combo not in _COMBOS:
                    raise _GiveUp
                events.append(
                    Show(
                        seat=self.seat(seat),
                        combo=_checked(combo),
                        cards=self.cards(" ".join(shown)),
                        pos=pos,
                    )
                )
            elif word == "fault":
                seat, _, what = rest.partition(" ")
                if what not in _FAULTS:
                    raise _GiveUp
                events.append(Fault(seat=self.seat(seat), fault=_checked(what), pos=pos))
            elif word == "pot":
                if not _NUMBER.match(rest):
                    raise _GiveUp
                events.append(Pot(value=_num(rest), pos=pos))
            elif word in _TALLIES:
                entries = []
                col = 3 + len(word) + 1
                for part in rest.split(", "):
                    m = _BURA_ENTRY.match(part)
                    if m is None:
                        raise _GiveUp
                    value = _num(m.group(3)) * (-1 if m.group(2) == "-" else 1)
                    entries.append(_new_entry(self.seat(m.group(1)), value, False, (lno, col)))
                    col += len(part) + 2
                events.append(Tally(kind=_checked(word), entries=entries, pos=pos))
            else:
                raise _GiveUp
        if deal is not None:
            deals.append(BuraDeal(**deal))
        return BuraGame(kind=_checked(kind), tags=tags, notes=notes[0], deals=deals)

    def answers(
        self, toks: list[tuple[str, int]], k: int, lno: int, depth: int
    ) -> tuple[list[Answer], Winner | None, int]:
        """Answers separated by ``/`` (each with its notes), then the taker if one is
        stated, from token ``k`` on; and the token after them (the end of the line, or the
        ``)`` that closes a variation)."""
        answers: list[Answer] = []
        n = len(toks)
        while True:
            seat, at = toks[k]
            up, k = _card_tokens(toks, k + 1)
            down: list[str] = []
            if k < n and toks[k][0] == "down":
                down, k = _card_tokens(toks, k + 1)
                if not down:
                    raise _GiveUp
            if not up and not down:
                raise _GiveUp
            notes, k = self.move_notes(toks, k, lno, _BURA_GLYPHS, variations=True, depth=depth)
            answers.append(
                Answer(seat=self.seat(seat), cards=up, down=down, notes=notes, pos=(lno, at))
            )
            if k == n or toks[k][0] == ")":
                return answers, None, k
            if toks[k][0] == "/":
                k += 1
                continue
            winner, k = self.winner(toks, k, lno)
            return answers, winner, k

    def variation(  # type: ignore[override]
        self, toks: list[tuple[str, int]], k: int, lno: int, depth: int
    ) -> tuple[BuraVariation, int]:
        """A variation of the rest of a trick (answers, and the taker if stated), from the
        token after ``(`` to its ``)``; the variation and the token after it.  A variation
        with later events (tricks, draws) is left to the grammar."""
        answers, winner, k = self.answers(toks, k, lno, depth)
        if toks[k][0] != ")":
            raise _GiveUp
        return BuraVariation(answers=answers, winner=winner), k + 1

    def bura_noted(self, line: str, lno: int) -> Any:
        """A Bura event line that may carry notes, read token by token."""
        toks = _tokens(line, 2)
        word, col = toks[0]
        pos = (lno, col)
        n = len(toks)
        if _TRICK_NO.match(word):
            answers, winner, k = self.answers(toks, 1, lno, 0)
            if k != n:
                raise _GiveUp
            return BuraTrick(number=_num(word[:-1]), answers=answers, winner=winner, pos=pos)
        if word == "draw":
            drawn, k = self.given(toks, 1, lno)
            return Draw(cards=drawn, notes=self.comments(toks, k, lno, end=True), pos=pos)
        if word == "open":
            seat = self.seat(toks[1][0])
            k = 2
            count = outcome = None
            if k < n and _DIGITS.match(toks[k][0]):
                count = _num(toks[k][0])
                k += 1
            if k < n and toks[k][0] in ("win", "fail"):
                outcome = toks[k][0]
                k += 1
            return Claim(
                seat=seat,
                count=count,
                outcome=_checked(outcome),
                notes=self.comments(toks, k, lno, end=True),
                pos=pos,
            )
        if word == "show":
            seat, combo = self.seat(toks[1][0]), toks[2][0]
            if combo not in _COMBOS:
                raise _GiveUp
            shown, k = _card_tokens(toks, 3)
            return Show(
                seat=seat,
                combo=_checked(combo),
                cards=shown,
                notes=self.comments(toks, k, lno, end=True),
                pos=pos,
            )
        if word == "fault":
            seat, what = self.seat(toks[1][0]), toks[2][0]
            if what not in _FAULTS:
                raise _GiveUp
            return Fault(
                seat=seat,
                fault=_checked(what),
                notes=self.comments(toks, 3, lno, end=True),
                pos=pos,
            )
        if word == "pot":
            if not _NUMBER.match(toks[1][0]):
                raise _GiveUp
            return Pot(
                value=_num(toks[1][0]),
                notes=self.comments(toks, 2, lno, end=True),
                pos=pos,
            )
        if word in _TALLIES:
            entries, k = self.entries(toks, 1, lno, barrel=False)
            return Tally(
                kind=_checked(word),
                entries=entries,
                notes=self.comments(toks, k, lno, end=True),
                pos=pos,
            )
        raise _GiveUp

    def dealing(self, rest: str, lno: int) -> Dealing:
        hands: list[DealHand] = []
        fields: dict[str, Any] = {}
        col = 9
        for part in rest.split(" / "):
            name, colon, cards = part.partition(":")
            if not colon or (cards and not cards.startswith(" ")):
                raise _GiveUp
            if name in ("trump", "stock"):
                if name in fields:
                    raise _GiveUp
                if name == "trump":
                    if cards[1:] not in _CANON:
                        raise _GiveUp
                    fields["trump"] = _CANON[cards[1:]]
                else:
                    fields["stock"] = self.cards(cards[1:])
            else:
                hands.append(
                    _new_deal_hand(self.seat(name), self.cards(cards[1:]), (lno, col))
                )
            col += len(part) + 3
        return Dealing(hands=hands, pos=(lno, 3), **fields)

    def bura_trick(self, line: str, lno: int) -> BuraTrick:
        number, head, col, winner = self.trick_line(line, lno)
        answers: list[Answer] = []
        for part in head.split(" / "):
            seat, _, cards = part.partition(" ")
            down: list[str] = []
            if "down" in cards:  # cards face down (the common answer has none)
                up_text, down_mark, down_text = f" {cards}".partition(" down")
                if down_mark and down_text and not down_text.startswith(" "):
                    raise _GiveUp
                cards = up_text
                if down_mark:
                    down = self.cards(down_text.strip(" "))
                    if not down:
                        raise _GiveUp
            up = self.cards(cards.strip(" "))
            if not up and not down:
                raise _GiveUp
            answers.append(_new_answer(self.seat(seat), up, down, (lno, col)))
            col += len(part) + 3
        return _new_bura_trick(number, answers, winner, (lno, 3))
