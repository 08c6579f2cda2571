"""A fast reader for canonical Thousand text (what ``kozyr fmt`` and the generators write).

The Lark grammar stays the definition of KGN; this reader only speeds up the common case.
It reads the canonical layout line by line with strict regular expressions and builds the
same records, with the same positions, as the Lark reader.  Anything else (comments,
glyphs, variations, quoted names, lenient spellings, any deviation at all) makes it give
up (``None``) and the Lark reader takes the game.  It is tested against the Lark reader on
every sample, on generated corpora and on fuzzed input (``tests/test_fastparse.py``).
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from pydantic import BaseModel

from .records import (
    Call,
    Contract,
    Deal,
    DealHand,
    Entry,
    Give,
    GiveCard,
    Hand,
    Play,
    Redeal,
    Stated,
    Tag,
    Talon,
    ThousandGame,
    Trick,
    Winner,
)
from .records import Concede as ConcedeRec

__all__ = ["fast_thousand", "new_record"]

_M = TypeVar("_M", bound=BaseModel)
_TEMPLATES: dict[type, tuple[dict[str, Any], tuple[str, ...]]] = {}
_set = object.__setattr__


def new_record(cls: type[_M], **fields: Any) -> _M:
    """A record built without validation (the reader guarantees the types)."""
    spec = _TEMPLATES.get(cls)
    if spec is None:
        template = {name: f.default for name, f in cls.model_fields.items()}
        lists = tuple(name for name, default in template.items() if isinstance(default, list))
        spec = _TEMPLATES[cls] = (template, lists)
    template, lists = spec
    data = {**template, **fields}
    for name in lists:
        if name not in fields:
            data[name] = []
    obj = cls.__new__(cls)
    _set(obj, "__dict__", data)
    _set(obj, "__pydantic_fields_set__", set(fields))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


_PLAY_SET = frozenset(("seat", "card", "marriage", "pos"))
_ENTRY_SET = frozenset(("seat", "value", "barrel", "pos"))


def _play(seat: str, card: str, marriage: bool, pos: tuple[int, int]) -> Play:
    """``new_record(Play, ...)`` for the commonest record, written out for speed."""
    obj = object.__new__(Play)
    _set(
        obj,
        "__dict__",
        {"pos": pos, "kind": "play", "seat": seat, "card": card, "marriage": marriage, "notes": []},
    )
    _set(obj, "__pydantic_fields_set__", set(_PLAY_SET))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


def _entry(seat: str, value: int, barrel: bool, pos: tuple[int, int]) -> Entry:
    obj = object.__new__(Entry)
    _set(obj, "__dict__", {"pos": pos, "seat": seat, "value": value, "barrel": barrel})
    _set(obj, "__pydantic_fields_set__", set(_ENTRY_SET))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


_CODES = frozenset(r + s for r in "6789TJQKA" for s in "SCDH") | {"??"}


_NAME = r"[^\W\d_][\w'-]*"
_CARD = r"(?:[6-9TJQKA][SCDH]|\?\?)"
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)((?: "(?:[^"\\\n]|\\.)*")*)\]\Z')
_VALUE = re.compile(r' "((?:[^"\\\n]|\\.)*)"')
_HAND = re.compile(r"hand ([0-9]+)\Z")
_CARDS = re.compile(rf"(?: {_CARD})*\Z")
_DEAL_PART = re.compile(rf"({_NAME}):((?: {_CARD})*)\Z")
_CALL = re.compile(rf"({_NAME}) (?:([0-9]+)|(pass)|dark ([0-9]+))\Z")
_GIVE = re.compile(rf"({_NAME}) ({_CARD})\Z")
_PLAY = re.compile(rf"({_NAME}) ({_CARD})( marriage)?\Z")
_TRICK = re.compile(r"  ([0-9]+)\. ")
_ENTRY = re.compile(rf"({_NAME}) ([+-]?)([0-9]+)( barrel)?\Z")
_CONTRACT = re.compile(r"[0-9]+\Z")
_CARDISH = re.compile(r"(?:10|[2-9TtJjQqKkAa])[SCDHscdh]\Z")
_KEYWORDS = frozenset(
    "hand deal redeal bid bids pass dark talon concede give contract marriage points score "
    "totals barrel".split()
)
_ORDER = {"deal": 0, "redeal": 1, "bid": 2, "talon": 3, "concede": 4, "give": 5, "contract": 6}


class _GiveUp(Exception):
    pass


def fast_thousand(text: str, first_line: int) -> ThousandGame | None:
    """The record of a canonical Thousand game, or None when the text is not canonical."""
    try:
        return _Reader(text, first_line).game()
    except (_GiveUp, ValueError, IndexError):
        return None


class _Reader:
    def __init__(self, text: str, first_line: int) -> None:
        self.lines = text.split("\n")
        self.first = first_line
        self.players: set[str] = set()
        """The Players tag (names that are keywords or look like cards take the slow path)."""

    def seat(self, name: str) -> str:
        if name not in self.players or name.lower() in _KEYWORDS:
            raise _GiveUp
        return name

    def game(self) -> ThousandGame:
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
            tags.append(new_record(Tag, name=m.group(1), values=values, pos=(self.first + i, 2)))
            if m.group(1) == "Players":
                if any(_CARDISH.match(v) or v.lower() in _KEYWORDS for v in values):
                    raise _GiveUp
                self.players = set(values)
            i += 1
        body = "\n".join(lines[i:])
        if any(ch in body for ch in '{};()$!"\t\r['):
            raise _GiveUp
        game_kind = next((t.values[0] for t in tags if t.name == "Game" and t.values), None)
        if game_kind != "thousand":
            raise _GiveUp
        hands: list[Hand] = []
        hand: dict[str, Any] | None = None
        rank = -1
        for k in range(i, n):
            line = lines[k]
            if not line:
                continue
            lno = self.first + k
            if not line.startswith("  "):
                m = _HAND.match(line)
                if m is None:
                    raise _GiveUp
                if hand is not None:
                    hands.append(new_record(Hand, **hand))
                hand = {"number": int(m.group(1)), "tricks": [], "stated": [], "pos": (lno, 1)}
                rank = -1
                continue
            if hand is None or line[2] == " ":
                raise _GiveUp
            if "0" <= line[2] <= "9":
                if rank > 7:
                    raise _GiveUp
                rank = 7
                hand["tricks"].append(self.trick(line, lno))
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
                hand["redeal"] = new_record(Redeal, seat=self.seat(rest), pos=pos)
            elif word == "bid":
                hand["auction"] = self.calls(rest, lno, 7)
            elif word == "talon":
                if not _CARDS.match(" " + rest):
                    raise _GiveUp
                hand["talon"] = new_record(Talon, cards=rest.split(" "), pos=pos)
            elif word == "concede":
                if rest:
                    raise _GiveUp
                hand["concede"] = new_record(ConcedeRec, pos=pos)
            elif word == "give":
                hand["give"] = new_record(Give, cards=self.gives(rest, lno, 8), pos=pos)
            else:  # contract
                if not _CONTRACT.match(rest):
                    raise _GiveUp
                hand["contract"] = new_record(Contract, value=int(rest), pos=pos)
        if hand is not None:
            hands.append(new_record(Hand, **hand))
        if any(t.name == "Game" for t in tags[1:]) and tags[0].name != "Game":
            raise _GiveUp
        return new_record(ThousandGame, tags=tags, hands=hands)

    def deal(self, rest: str, lno: int) -> Deal:
        hands: list[DealHand] = []
        talon: list[str] | None = None
        col = 8
        for part in rest.split(" / "):
            m = _DEAL_PART.match(part)
            if m is None:
                raise _GiveUp
            cards = m.group(2).split(" ")[1:]
            if m.group(1) == "talon":
                if talon is not None:
                    raise _GiveUp
                talon = cards
            else:
                hands.append(
                    new_record(DealHand, seat=self.seat(m.group(1)), cards=cards, pos=(lno, col))
                )
            col += len(part) + 3
        return new_record(Deal, hands=hands, talon=talon, pos=(lno, 3))

    def calls(self, rest: str, lno: int, col: int) -> list[Call]:
        out: list[Call] = []
        for part in rest.split(", "):
            m = _CALL.match(part)
            if m is None:
                raise _GiveUp
            seat = self.seat(m.group(1))
            if m.group(2) is not None:
                call = new_record(Call, seat=seat, bid=int(m.group(2)), pos=(lno, col))
            elif m.group(3) is not None:
                call = new_record(Call, seat=seat, bid=None, pos=(lno, col))
            else:
                call = new_record(Call, seat=seat, bid=int(m.group(4)), dark=True, pos=(lno, col))
            out.append(call)
            col += len(part) + 2
        return out

    def gives(self, rest: str, lno: int, col: int) -> list[GiveCard]:
        out: list[GiveCard] = []
        for part in rest.split(", "):
            m = _GIVE.match(part)
            if m is None:
                raise _GiveUp
            out.append(
                new_record(GiveCard, seat=self.seat(m.group(1)), card=m.group(2), pos=(lno, col))
            )
            col += len(part) + 2
        return out

    def trick(self, line: str, lno: int) -> Trick:
        m = _TRICK.match(line)
        if m is None:
            raise _GiveUp
        body = line[m.end() :]
        col = m.end() + 1
        winner = None
        head, arrow, who = body.partition(" -> ")
        if arrow:
            if not re.fullmatch(_NAME, who):
                raise _GiveUp
            winner = new_record(Winner, seat=self.seat(who), pos=(lno, col + len(head) + 4))
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
            seat, card = bits[0], bits[1]
            if seat not in players or card not in _CODES:
                raise _GiveUp
            plays.append(_play(seat, card, marriage, (lno, col)))
            col += len(part) + 2
        return new_record(Trick, number=int(m.group(1)), plays=plays, winner=winner, pos=(lno, 3))

    def stated(self, kind: str, rest: str, lno: int) -> Stated:
        entries: list[Entry] = []
        col = 3 + len(kind) + 1
        for part in rest.split(", "):
            m = _ENTRY.match(part)
            if m is None:
                raise _GiveUp
            value = int(m.group(3)) * (-1 if m.group(2) == "-" else 1)
            entries.append(_entry(self.seat(m.group(1)), value, m.group(4) is not None, (lno, col)))
            col += len(part) + 2
        return new_record(Stated, kind=kind, entries=entries, pos=(lno, 3))
