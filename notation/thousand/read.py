"""The fast reader of Thousand: canonical text read line by line (the grammar reads the
rest; :mod:`notation.fastparse` holds what both games' readers share)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, Literal

from ..fastparse import (
    CANON,
    DIGITS,
    TRICK_NO,
    GiveUp,
    Reader,
    Tokens,
    card_list,
    card_tokens,
    new_give_card,
    new_hand,
    num,
    tokens,
)
from ..records import MAX_DIGITS, MAX_ROUNDS, GiveCard, Hand, Pos, Winner, maker
from ..write import NAME_PATTERN
from .records import (
    Call,
    Concede,
    Contract,
    Deal,
    Event,
    Give,
    Play,
    Redeal,
    Round,
    ScoreEntry,
    Stated,
    Talon,
    ThousandGame,
    Trick,
    Variation,
)

__all__ = ["ThousandReader"]

# The records made most often, made by position (:func:`~notation.records.maker`).
_new_play: Final[Callable[[str, str, bool, Pos], Play]] = maker(Play, "seat", "card", "marriage", "pos")
_new_trick: Final[Callable[[int, list[Play], Winner | None, Pos], Trick]] = maker(
    Trick, "number", "plays", "winner", "pos"
)
_new_call: Final[Callable[[str, int | None, bool, Pos], Call]] = maker(Call, "seat", "bid", "dark", "pos")
_new_deal: Final[Callable[[list[Hand], list[str] | None, Pos], Deal]] = maker(
    Deal, "hands", "talon", "pos"
)
_new_talon: Final[Callable[[list[str], str | None, Pos], Talon]] = maker(Talon, "cards", "seat", "pos")
_new_give: Final[Callable[[list[GiveCard], Pos], Give]] = maker(Give, "cards", "pos")
_new_contract: Final[Callable[[int, Pos], Contract]] = maker(Contract, "value", "pos")
_new_entry: Final[Callable[[str, int, bool, Pos], ScoreEntry]] = maker(
    ScoreEntry, "seat", "value", "barrel", "pos"
)
_new_stated: Final[Callable[[Literal["points", "score", "totals"], list[ScoreEntry], Pos], Stated]] = maker(
    Stated, "kind", "entries", "pos"
)
_new_round: Final[Callable[[int, Pos], Round]] = maker(Round, "number", "pos")
_new_winner: Final[Callable[[str, Pos], Winner]] = maker(Winner, "seat", "pos")

_HAND: Final = re.compile(r"hand ([0-9]+)(?=\Z| \{)")
_CARD = r"[^ ,]+"  # a card as written: CANON says whether it is one
_DEAL_PART: Final = re.compile(rf"({NAME_PATTERN}):(.*)\Z")
_CALL: Final = re.compile(rf"({NAME_PATTERN}) (?:([0-9]+)|(pass)|dark ([0-9]+))\Z")
_GIVE: Final = re.compile(rf"({NAME_PATTERN}) ({_CARD})\Z")
_TRICK_OF_THREE: Final = re.compile(
    rf"  ([0-9]{{1,{MAX_DIGITS}}})\. "
    + ", ".join([r"([^ ,]+) ([^ ,]+)( marriage)?"] * 3)
    + r"(?: -> ([^ ]+))?\Z"
)
"""A trick of three cards as the writer puts it (each group read at once)."""
_ENTRY: Final = re.compile(rf"({NAME_PATTERN}) ([+-]?)([0-9]+)( barrel)?\Z")
_CONTRACT: Final = re.compile(r"[0-9]+\Z")
_ORDER: Final = {"deal": 0, "redeal": 1, "bid": 2, "talon": 3, "concede": 4, "give": 5, "contract": 6}
_STATED: Final[dict[str, Literal["points", "score", "totals"]]] = {
    "points": "points",
    "score": "score",
    "totals": "totals",
}


class ThousandReader(Reader[Variation]):
    """Reads a canonical Thousand game."""


    def game(self) -> ThousandGame:
        """The whole game (its text is canonical, else GiveUp)."""
        tags, i, _ = self.header(("thousand",), notes=True, variations=True)
        notes, skipped = self.leading_comments(i)
        i += len(skipped)
        hands: list[Round] = []
        hand: Round | None = None
        rank = -1
        may_note, noted = self.may_note, self.NOTED.search
        for lno, m, line in self.blocks(i, _HAND):
            if m is not None:
                if hand is not None:
                    hands.append(hand)
                    if len(hands) == MAX_ROUNDS:
                        raise GiveUp  # the grammar's reader says where
                hand = _new_round(num(m.group(1)), (lno, 1))
                if m.end() < len(line):
                    hand.notes = self.comments(tokens(line, m.end()), 0, lno, end=True)
                rank = -1
                continue
            if hand is None:
                raise GiveUp
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
                    raise GiveUp
                rank = 7
                hand.events.append(trick)
                continue
            word, _, rest = line[2:].partition(" ")
            if word in ("points", "score", "totals"):
                rank = 8
                hand.events.append(self.stated(word, rest, lno))
                continue
            order = _ORDER.get(word)
            if order is None or order <= rank:
                raise GiveUp
            rank = order
            self.event(hand, word, rest, lno)
        if hand is not None:
            hands.append(hand)
        return ThousandGame(tags=tags, notes=notes, hands=hands)

    def event(self, hand: Round, word: str, rest: str, lno: int) -> None:
        """A line of a hand's own events (``deal``, ``bid``, ``talon`` ...), added to
        ``hand`` (the deal in its place, the rest in order)."""
        pos = (lno, 3)
        if word == "deal":
            hand.deal = self.deal(rest, lno)
        elif word == "redeal":
            hand.events.append(Redeal(seat=self.seat(rest), pos=pos))
        elif word == "bid":
            hand.events.extend(self.calls(rest, lno, 7))
        elif word == "talon":
            name, colon, after = rest.partition(": ")
            taker = self.players.get(name) if colon else None  # talon Anna: ...
            cards = card_list(rest if taker is None else after)
            if cards is None:
                raise GiveUp
            hand.events.append(_new_talon(cards, taker, pos))
        elif word == "concede":
            if rest:
                raise GiveUp
            hand.events.append(Concede(pos=pos))
        elif word == "give":
            hand.events.append(_new_give(self.gives(rest, lno, 8), pos))
        else:  # contract
            if not _CONTRACT.match(rest):
                raise GiveUp
            hand.events.append(_new_contract(num(rest), pos))

    def call(self, toks: Tokens, k: int, lno: int, depth: int) -> tuple[Call, int]:
        """One call (``Anna 100``, ``Anna pass``, ``Anna dark 120``) with its notes from
        token ``k`` on, and the token after it."""
        seat, at = toks[k]
        what = toks[k + 1][0]
        k += 2
        bid: int | None = None
        dark = False
        if what == "dark":
            dark = True
            what = toks[k][0]
            k += 1
            if not DIGITS.match(what):
                raise GiveUp
            bid = num(what)
        elif DIGITS.match(what):
            bid = num(what)
        elif what != "pass":
            raise GiveUp
        notes, k = self.move_notes(toks, k, lno, variations=True, depth=depth)
        return Call(seat=self.seat(seat), bid=bid, dark=dark, notes=notes, pos=(lno, at)), k

    def variation(
        self, toks: Tokens, k: int, lno: int, depth: int
    ) -> tuple[Variation, int]:
        """A variation of calls or of the rest of a trick (with its taker), from the token
        after ``(`` to its ``)``; the variation and the token after it.  Anything more
        (talon, tricks, stated facts in a variation) is left to the grammar."""
        second = toks[k + 1][0]
        calls = second in ("pass", "dark") or DIGITS.match(second) is not None
        if not calls and second not in CANON:
            raise GiveUp
        auction: list[Event] = []
        plays: list[Play] = []
        winner = None
        while True:
            if calls:
                call, k = self.call(toks, k, lno, depth)
                auction.append(call)
            else:
                play, k = self.card_played(toks, k, lno, depth, Play)
                plays.append(play)
            word = toks[k][0]
            if word == ",":
                k += 1
                continue
            if word == "->" and not calls:
                winner, k = self.winner(toks, k, lno)
                word = toks[k][0]
            if word != ")":
                raise GiveUp
            return Variation(plays=plays, winner=winner, events=auction), k + 1

    def noted(self, hand: Round, line: str, lno: int, rank: int) -> int:
        """An event line that may carry notes, read token by token into ``hand``; the
        rank of the event read (the order of a hand's parts, as ``_ORDER``)."""
        toks = tokens(line, 2)
        word, col = toks[0]
        pos = (lno, col)
        if TRICK_NO.match(word):
            if rank > 7:
                raise GiveUp
            hand.events.append(self.noted_trick(toks, lno))
            return 7
        if word in ("points", "score", "totals"):
            raw, k = self.entries(toks, 1, lno, "barrel")
            entries = [_new_entry(*e) for e in raw]
            notes = self.comments(toks, k, lno, end=True)
            hand.events.append(Stated(kind=_STATED[word], entries=entries, notes=notes, pos=pos))
            return 8
        order = _ORDER.get(word)
        if order is None or order <= rank or word == "deal":  # a deal line has no notes here
            raise GiveUp
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
                    raise GiveUp
                break
            hand.events.extend(calls)
        elif word == "redeal":
            hand.events.append(
                Redeal(seat=self.seat(toks[1][0]), notes=self.comments(toks, 2, lno, end=True), pos=pos)
            )
        elif word == "talon":
            seat = None
            if len(toks) > 1 and toks[1][0].endswith(":"):
                seat = self.seat(toks[1][0][:-1])
            cards, k = card_tokens(toks, 1 if seat is None else 2)
            hand.events.append(
                Talon(cards=cards, seat=seat, notes=self.comments(toks, k, lno, end=True), pos=pos)
            )
        elif word == "concede":
            hand.events.append(Concede(notes=self.comments(toks, 1, lno, end=True), pos=pos))
        elif word == "give":
            gives, k = self.given(toks, 1, lno)
            hand.events.append(Give(cards=gives, notes=self.comments(toks, k, lno, end=True), pos=pos))
        else:  # contract
            amount = toks[1][0]
            if not DIGITS.match(amount):
                raise GiveUp
            hand.events.append(
                Contract(value=num(amount), notes=self.comments(toks, 2, lno, end=True), pos=pos)
            )
        return order

    def noted_trick(self, toks: Tokens, lno: int) -> Trick:
        number, col = toks[0]
        plays: list[Play] = []
        winner = None
        k = 1
        while True:
            play, k = self.card_played(toks, k, lno, 0, Play)
            plays.append(play)
            if k == len(toks):
                break
            if toks[k][0] == ",":
                k += 1
                continue
            winner, k = self.winner(toks, k, lno)
            if k != len(toks):
                raise GiveUp
            break
        return Trick(number=num(number[:-1]), plays=plays, winner=winner, pos=(lno, col))

    def deal(self, rest: str, lno: int) -> Deal:
        hands: list[Hand] = []
        talon: list[str] | None = None
        col = 8
        for part in rest.split(" / "):
            m = _DEAL_PART.match(part)
            if m is None:
                raise GiveUp
            listed = m.group(2)
            cards = [] if not listed else card_list(listed[1:]) if listed[0] == " " else None
            if cards is None:
                raise GiveUp
            if m.group(1) == "talon":
                if talon is not None:
                    raise GiveUp
                talon = cards
            else:
                hands.append(new_hand(self.seat(m.group(1)), cards, (lno, col)))
            col += len(part) + 3
        return _new_deal(hands, talon, (lno, 3))

    def calls(self, rest: str, lno: int, col: int) -> list[Call]:
        out: list[Call] = []
        for part in rest.split(", "):
            m = _CALL.match(part)
            if m is None:
                raise GiveUp
            seat = self.seat(m.group(1))
            if m.group(2) is not None:
                call = _new_call(seat, num(m.group(2)), False, (lno, col))
            elif m.group(3) is not None:
                call = _new_call(seat, None, False, (lno, col))
            else:
                call = _new_call(seat, num(m.group(4)), True, (lno, col))
            out.append(call)
            col += len(part) + 2
        return out

    def gives(self, rest: str, lno: int, col: int) -> list[GiveCard]:
        out: list[GiveCard] = []
        for part in rest.split(", "):
            m = _GIVE.match(part)
            if m is None:
                raise GiveUp
            card = CANON.get(m.group(2))
            if card is None:
                raise GiveUp
            out.append(new_give_card(self.seat(m.group(1)), card, (lno, col)))
            col += len(part) + 2
        return out

    def trick(self, line: str, lno: int) -> Trick:
        m = _TRICK_OF_THREE.match(line)
        if m is None:
            trick: Trick = self.cards_trick(line, lno, _new_play, _new_trick)
            return trick
        # The commonest trick, three cards, in one match.
        n, s1, c1, m1, s2, c2, m2, s3, c3, m3, who = m.groups()
        players, canon = self.players, CANON
        try:
            plays = [
                _new_play(players[s1], canon[c1], bool(m1), (lno, m.start(2) + 1)),
                _new_play(players[s2], canon[c2], bool(m2), (lno, m.start(5) + 1)),
                _new_play(players[s3], canon[c3], bool(m3), (lno, m.start(8) + 1)),
            ]
            winner = None if who is None else _new_winner(players[who], (lno, m.start(11) + 1))
        except KeyError:
            raise GiveUp from None
        return _new_trick(int(n), plays, winner, (lno, 3))

    def stated(self, kind: str, rest: str, lno: int) -> Stated:
        """A stated fact (``points``, ``score``, ``totals``) without notes."""
        entries: list[ScoreEntry] = []
        col = 3 + len(kind) + 1
        for part in rest.split(", "):
            m = _ENTRY.match(part)
            if m is None:
                raise GiveUp
            value = num(m.group(3)) * (-1 if m.group(2) == "-" else 1)
            entries.append(_new_entry(self.seat(m.group(1)), value, m.group(4) is not None, (lno, col)))
            col += len(part) + 2
        return _new_stated(_STATED[kind], entries, (lno, 3))
