"""Double-dummy solver for the play of a Thousand hand (docs/analysis.md).

With every hand open, the value of a position is the number of points the declarer takes
from here to the end of the hand (card points of the tricks he wins, including the cards
already on the table in the current trick, plus the marriages he still declares) when he
plays to make the most of it and both defenders play together to hold him to the least.
It is exact: a minimax search (alpha-beta, with a transposition table on the cards still in
play at the start of each trick; the value of the rest of a hand does not depend on the
points already taken).

The rules of play are those of T5 and T6 with the switches that touch play:
``must-overtake``, ``trump-effect``, ``ace-marriage``, ``marriage-values`` and
``marriage-first-trick``.  A marriage is a choice: a leader holding the king and the queen
of a suit may lead either of them with or without declaring.

Seats here are the three players of the hand in play order (0, 1, 2 clockwise); cards are
the ints of :mod:`notation.cards` and a hand is a bitmask of them (bit ``card``).

>>> from notation.cards import parse_card as c
>>> def mask(*codes): return sum(1 << c(x) for x in codes)
>>> pos = Position(hands=(mask("AS", "9H"), mask("TS", "KH"), mask("KS", "QH")), turn=0,
...                declarer=0, first_trick=False)
>>> Solver(PlayRules()).value(pos)   # AS takes TS and KS (25), then 9H loses to KH
25
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from notation.cards import (
    Rank,
    Suit,
    beats,
    card_code,
    card_points,
    cards_of,
    follow_mask,
    rank_no,
    suit_no,
)

from .engine import best_play

if TYPE_CHECKING:
    from .ddsearch import Search as NativeDD
    from .engine import ThousandSettings

def _native() -> type[NativeDD] | None:
    """The same search in C, built with the package where a C compiler was found."""
    try:
        from .ddsearch import Search
    except ImportError:  # pragma: no cover - a plain-Python install
        return None
    return Search


_NativeSearch = _native()

__all__ = ["Move", "PlayRules", "Position", "Solver", "legal_moves", "trick_winner"]

_POINTS = tuple(card_points(c) for c in range(36))
_ACES = sum(1 << (9 * s + Rank.ACE) for s in range(4))
# Card points of any set of cards of one suit: _SUIT_POINTS[bits of that suit].
_SUIT_POINTS = tuple(sum(_POINTS[r] for r in range(9) if m >> r & 1) for m in range(512))
_INF = 10**6


def _points(mask: int) -> int:
    return (
        _SUIT_POINTS[mask & 0x1FF]
        + _SUIT_POINTS[mask >> 9 & 0x1FF]
        + _SUIT_POINTS[mask >> 18 & 0x1FF]
        + _SUIT_POINTS[mask >> 27 & 0x1FF]
    )


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The house rules that touch the play of a hand (docs/rules.md)."""

    must_overtake: bool = False
    marriage_first_trick: bool = False
    trump_next_trick: bool = False
    ace_marriage: int = 0
    """The value of the four aces declared (0: not allowed)."""
    marriage_values: tuple[int, int, int, int] = (40, 60, 80, 100)
    """By suit: spades, clubs, diamonds, hearts."""

    @classmethod
    def from_settings(cls, s: ThousandSettings) -> PlayRules:
        """From the settings of a Thousand table."""
        values = s.marriage_values
        return cls(
            must_overtake=s.must_overtake,
            marriage_first_trick=s.marriage_first_trick,
            trump_next_trick=s.trump_next_trick,
            ace_marriage=s.ace_marriage,
            marriage_values=(
                values[Suit.SPADES],
                values[Suit.CLUBS],
                values[Suit.DIAMONDS],
                values[Suit.HEARTS],
            ),
        )


@dataclass(frozen=True, slots=True)
class Move:
    """A card, and whether it declares a marriage (the four aces with an ace)."""

    card: int
    marriage: bool = False

    def __str__(self) -> str:
        return card_code(self.card) + (" marriage" if self.marriage else "")


@dataclass(frozen=True, slots=True)
class Position:
    """A position of the play: who holds what, the trick on the table, the trump.

    ``taken`` is what the declarer has already made (finished tricks and marriages); the
    solver's value is what he adds to it.
    """

    hands: tuple[int, int, int]
    turn: int
    declarer: int
    trick: tuple[tuple[int, int], ...] = ()
    """(seat, card) of the cards on the table, in play order."""
    trump: int = -1
    next_trump: int = -1
    """With ``trump-effect=next-trick``: the trump from the next trick on (-1: none)."""
    first_trick: bool = True
    """No trick is finished yet (T6.3 forbids marriages unless the switch lifts it)."""
    taken: int = 0

    @property
    def finished(self) -> bool:
        return not (self.hands[0] | self.hands[1] | self.hands[2]) and not self.trick

    @property
    def tricks_left(self) -> int:
        return max(h.bit_count() for h in self.hands)


def trick_winner(trick: tuple[tuple[int, int], ...] | list[tuple[int, int]], trump: int) -> int:
    """T5.4: the seat whose card takes the trick."""
    return best_play(trick, trump)[0]


def marriage_value(rules: PlayRules, hand: int, card: int, first_trick: bool) -> int:
    """The value of declaring with ``card`` led from ``hand`` (0: no marriage possible)."""
    if first_trick and not rules.marriage_first_trick:
        return 0
    rank = rank_no(card)
    if rank == Rank.KING or rank == Rank.QUEEN:
        partner = card + 1 if rank == Rank.QUEEN else card - 1
        return rules.marriage_values[suit_no(card)] if hand >> partner & 1 else 0
    if rank == Rank.ACE and rules.ace_marriage and hand & _ACES == _ACES:
        return rules.ace_marriage
    return 0


def legal_moves(pos: Position, rules: PlayRules) -> list[Move]:
    """Every legal move of the seat to play, marriages included."""
    hand = pos.hands[pos.turn]
    if not pos.trick:
        moves = []
        for c in cards_of(hand):
            moves.append(Move(c))
            if marriage_value(rules, hand, c, pos.first_trick):
                moves.append(Move(c, True))
        return moves
    led = suit_no(pos.trick[0][1])
    best = pos.trick[0][1]
    for _, c in pos.trick[1:]:
        if beats(c, best, pos.trump):
            best = c
    return [Move(c) for c in cards_of(follow_mask(hand, led, best, pos.trump, rules.must_overtake))]


def play(pos: Position, move: Move, rules: PlayRules) -> Position:
    """The position after ``move`` (which must be legal)."""
    seat = pos.turn
    hands = list(pos.hands)
    hands[seat] &= ~(1 << move.card)
    trump, nxt, taken = pos.trump, pos.next_trump, pos.taken
    if move.marriage:
        value = marriage_value(rules, pos.hands[seat], move.card, pos.first_trick)
        if seat == pos.declarer:
            taken += value
        if rank_no(move.card) != Rank.ACE:
            if rules.trump_next_trick:
                nxt = suit_no(move.card)
            else:
                trump = suit_no(move.card)
    trick = (*pos.trick, (seat, move.card))
    if len(trick) < 3:
        return replace(
            pos, hands=(hands[0], hands[1], hands[2]), turn=(seat + 1) % 3, trick=trick,
            trump=trump, next_trump=nxt, taken=taken,
        )  # fmt: skip
    winner = trick_winner(trick, trump)
    if winner == pos.declarer:
        taken += sum(_POINTS[c] for _, c in trick)
    if nxt >= 0:
        trump, nxt = nxt, -1
    return Position(
        (hands[0], hands[1], hands[2]), winner, pos.declarer, (), trump, nxt, False, taken
    )


class Solver:
    """Exact double-dummy values of Thousand positions under one set of play rules.

    One solver keeps its transposition table between calls, so the positions of one hand
    (before each card) share their work.  ``nodes`` counts the positions searched.
    """

    def __init__(self, rules: PlayRules | None = None, *, native: bool = True) -> None:
        self.rules = rules or PlayRules()
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self._nodes = 0
        r = self.rules
        self.native = (
            _NativeSearch(
                r.must_overtake, r.marriage_first_trick, r.trump_next_trick, r.ace_marriage,
                r.marriage_values,
            )
            if native and _NativeSearch is not None
            else None
        )
        """The C search (``ddsearch.c``, node for node the search below), when built and
        not turned off (``native=False``: the tests compare the two)."""

    @property
    def nodes(self) -> int:
        """The positions searched so far."""
        return self._nodes + (self.native.nodes if self.native is not None else 0)

    # -- public --------------------------------------------------------------------------

    def value(self, pos: Position, above: int | None = None) -> int:
        """What the declarer adds to ``pos.taken`` from here with best play on both sides.

        With ``above``, only values over it are exact: a result ``<= above`` says only that
        the value is not over ``above`` (a faster search, for picking the best of many).
        """
        if pos.finished:
            return 0
        return self._search(pos, -_INF if above is None else above, _INF)

    def total(self, pos: Position, above: int | None = None) -> int:
        """The declarer's hand points at the end with best play: taken + value (``above``
        as for :meth:`value`, counted in hand points)."""
        return pos.taken + self.value(pos, None if above is None else above - pos.taken)

    def exceeds(self, pos: Position, points: int) -> bool:
        """Whether the declarer's total with best play is over ``points`` (a null-window
        search: far cheaper than the value itself)."""
        if pos.finished:
            return pos.taken > points
        bound = points - pos.taken
        return self._search(pos, bound, bound + 1) > bound

    def _search(self, pos: Position, alpha: int, beta: int) -> int:
        """The search of an unfinished position in the window (alpha, beta): in C where
        built, else in Python."""
        cards, seats = [c for _, c in pos.trick], [s for s, _ in pos.trick]
        if self.native is not None:
            return self.native.value(
                pos.hands[0], pos.hands[1], pos.hands[2], pos.turn, pos.declarer, cards,
                seats, pos.trump, pos.next_trump, pos.first_trick, alpha, beta,
            )  # fmt: skip
        return self._node(
            list(pos.hands), pos.turn, pos.declarer, cards, seats, pos.trump, pos.next_trump,
            pos.first_trick, alpha, beta,
        )  # fmt: skip

    def values(self, pos: Position) -> dict[Move, int]:
        """The total (:meth:`total`) after each legal move."""
        return {m: self.total(play(pos, m, self.rules)) for m in legal_moves(pos, self.rules)}

    def best_line(self, pos: Position) -> list[Move]:
        """One line of best play from ``pos`` to the end of the hand."""
        line = []
        while not pos.finished:
            target = self.total(pos)
            for move in legal_moves(pos, self.rules):
                after = play(pos, move, self.rules)
                if self.total(after) == target:
                    line.append(move)
                    pos = after
                    break
            else:  # pragma: no cover - a value always has a move that keeps it
                raise AssertionError("no move keeps the value")
        return line

    # -- the search ----------------------------------------------------------------------

    def _node(
        self,
        h: list[int],
        turn: int,
        decl: int,
        cards: list[int],
        seats: list[int],
        trump: int,
        nxt: int,
        first: bool,
        alpha: int,
        beta: int,
    ) -> int:
        self._nodes += 1
        if beta <= 0:  # nothing is lost from here on: the value is at least 0
            return 0
        n = len(cards)
        hand = h[turn]
        key = None
        best_move = -1
        a0, b0 = alpha, beta
        if n == 0:
            if not hand:
                return 0
            if hand & (hand - 1) == 0:  # one card each: the last trick is forced
                return _last_trick(h, turn, decl, trump)
            key = (h[0], h[1], h[2], turn, trump, decl, first)
            entry = self.table.get(key)
            if entry is not None:
                lo, hi, best_move = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            upper = self._upper(h, decl)
            if upper <= alpha:
                return upper
            moves = self._leads(hand, first, best_move)
        else:
            moves = _answers(hand, turn, decl, cards, seats, trump, self.rules.must_overtake)
        value, best_move = self._children(h, turn, decl, cards, seats, trump, nxt, first, alpha, beta, moves)
        if key is not None:
            lo, hi = -_INF, _INF
            if value <= a0:
                hi = value
            elif value >= b0:
                lo = value
            else:
                lo = hi = value
            entry = self.table.get(key)
            if entry is not None:
                lo, hi = max(lo, entry[0]), min(hi, entry[1])
            self.table[key] = (lo, hi, best_move)
        return value

    def _upper(self, h: list[int], decl: int) -> int:
        """The most the declarer can still add: every card still out, and his marriages."""
        rules = self.rules
        dh = h[decl]
        upper = _points(h[0] | h[1] | h[2])
        for s in range(4):
            if rules.marriage_values[s] and (dh >> (9 * s + 5)) & 3 == 3:
                upper += rules.marriage_values[s]
        if rules.ace_marriage and dh & _ACES == _ACES:
            upper += rules.ace_marriage
        return upper

    def _leads(self, hand: int, first: bool, best_move: int) -> list[int]:
        """The leads in the order they are tried: the best found before first, then
        marriages and high cards (a card declared as a marriage is the card + 64)."""
        moves = []
        for c in cards_of(hand):
            moves.append(c)
            if marriage_value(self.rules, hand, c, first):
                moves.append(c + 64)  # the same card, declared
        moves.sort(key=_lead_order, reverse=True)
        if best_move in moves:
            moves.remove(best_move)
            moves.insert(0, best_move)
        return moves

    def _children(
        self,
        h: list[int],
        turn: int,
        decl: int,
        cards: list[int],
        seats: list[int],
        trump: int,
        nxt: int,
        first: bool,
        alpha: int,
        beta: int,
        moves: list[int],
    ) -> tuple[int, int]:
        """The value of the position after each move in turn, within the window: the best
        for the player to move, and the move that gave it."""
        rules = self.rules
        n = len(cards)
        hand = h[turn]
        best_move = -1
        maximize = turn == decl
        value = -_INF if maximize else _INF
        for m in moves:
            card = m & 63
            h[turn] = hand & ~(1 << card)
            t2, n2, gain = trump, nxt, 0
            if m >= 64:
                mv = marriage_value(rules, hand, card, first)
                if turn == decl:
                    gain = mv
                if rank_no(card) != Rank.ACE:
                    if rules.trump_next_trick:
                        n2 = suit_no(card)
                    else:
                        t2 = suit_no(card)
            if n < 2:
                cards.append(card)
                seats.append(turn)
                v = gain + self._node(
                    h, (turn + 1) % 3, decl, cards, seats, t2, n2, first, alpha - gain,
                    beta - gain,
                )  # fmt: skip
                cards.pop()
                seats.pop()
            else:
                w, b = seats[0], cards[0]
                if beats(cards[1], b, t2):
                    w, b = seats[1], cards[1]
                if beats(card, b, t2):
                    w = turn
                if w == decl:
                    gain += _POINTS[cards[0]] + _POINTS[cards[1]] + _POINTS[card]
                if n2 >= 0:
                    t2, n2 = n2, -1
                v = gain + self._node(h, w, decl, [], [], t2, n2, False, alpha - gain, beta - gain)
            h[turn] = hand
            if maximize:
                if v > value:
                    value, best_move = v, m
                    if v > alpha:
                        alpha = v
            elif v < value:
                value, best_move = v, m
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return value, best_move


def _last_trick(h: list[int], turn: int, decl: int, trump: int) -> int:
    """The forced last trick (one card each): its points if the declarer takes it."""
    c0 = h[turn].bit_length() - 1
    c1 = h[(turn + 1) % 3].bit_length() - 1
    c2 = h[(turn + 2) % 3].bit_length() - 1
    w, b = 0, c0
    if beats(c1, b, trump):
        w, b = 1, c1
    if beats(c2, b, trump):
        w = 2
    return _POINTS[c0] + _POINTS[c1] + _POINTS[c2] if (turn + w) % 3 == decl else 0


def _answers(hand: int, turn: int, decl: int, cards: list[int], seats: list[int], trump: int, overtake: bool) -> list[int]:
    """The cards the player to answer may play, in the order they are tried."""
    led = suit_no(cards[0])
    best = cards[0]
    wseat = seats[0]
    for i in range(1, len(cards)):
        if beats(cards[i], best, trump):
            best, wseat = cards[i], seats[i]
    moves = cards_of(follow_mask(hand, led, best, trump, overtake))
    if len(moves) > 1:
        friend = (wseat == decl) == (turn == decl)
        moves.sort(key=lambda c: _follow_order(c, best, trump, friend))
    return moves


def _lead_order(m: int) -> int:
    """Leads worth trying first: marriages, then high cards."""
    card = m & 63
    return (m >= 64) * 100 + rank_no(card) * 2 + _POINTS[card]


def _follow_order(card: int, best: int, trump: int, friend: bool) -> int:
    """A follower tries first to win the trick, then to give points to a friend's trick or
    to throw the cheapest card to an enemy's."""
    if beats(card, best, trump):
        return -100 - _POINTS[card]
    return -_POINTS[card] if friend else _POINTS[card]
