"""The Sixty-six engine (docs/rules.md: S clauses, and the switches): its house rules, its
moves and its rules of play.

``RULEBOOK`` holds Sixty-six's switches (docs/rules.md, "House rules: Sixty-six").  The
moves are what a table's ``push`` takes and ``legal_moves`` lists: seats are 0 and 1,
indexes into the table's ``players``; cards are :data:`notation.cards.Card` ints (None: a
card the record does not name).

Two players, 24 cards.  A deal is played in two phases: while the stock is open anything
may be played and both draw after each trick (S4); once it is closed or gone the follower
must follow, win if he can, and trump if he cannot follow (S5).  The first to count 66
(card points and the marriages shown once he has a trick) declares it and wins the deal
(S9); the game is to seven game points (S1).  As with the other games you ``push`` moves
in the order of play and an illegal one raises :class:`IllegalMoveError` with its clause.

>>> from notation.cards import parse_card as c
>>> beats(c("TH"), c("KH"), Suit.SPADES), beats(c("9S"), c("AH"), Suit.SPADES)
(True, True)
>>> game_points(40, took_a_trick=True), game_points(32, True), game_points(0, False)
(1, 2, 3)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import ClassVar, Final

from mypy_extensions import mypyc_attr

from notation.cards import (
    Card,
    Rank,
    Suit,
    beats,
    card_code,
    card_mask,
    card_points,
    cards_of,
    deck,
    follow_mask,
    make_card,
    rank_no,
    suit_no,
    suit_of,
)
from notation.errors import IllegalMoveError, illegal
from notation.i18n import N_, ntr, ptr, tr
from notation.records import MAX_NUMBER

from ..rules import Rulebook, RuleSet, switch
from ..stock import DealCards, DrawCard, StockEngine, StockMatch, StockResult, StockRound
from ..table import POOL, Holdings, PlayCard, StartTag, cards_text, copy_state

__all__ = [
    "ENDED", "RULEBOOK", "Close", "DealCards", "DrawCard", "Exchange", "GoOut", "PlayCard",
    "RoundResult", "SixtySixEngine", "SixtySixMove", "SixtySixSettings", "beats", "ended",
    "game_points",
]


SWITCHES: Final = (
    switch("target", "7|11", "S1 S13", "game points that win the game"),
    switch("next-dealer", "alternate|loser", "S2", "who deals the next deal"),
    switch("last-trick", "10|0", "S10", "what the last trick adds when the cards are played out"),
    switch("nine-exchange", "on|off", "S7", "the trump nine may be exchanged for the turned card"),
    switch("closing", "on|off", "S8", "the player on lead may close the stock"),
    switch("marriage-late", "on|off", "S6", "off: no marriage once the stock is closed or gone"),
)

RULEBOOK: Final = Rulebook("sixtysix", SWITCHES, {"classic": {}})
"""Sixty-six's rulebook."""


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Exchange:
    """S7: the player on lead gives the trump nine for the turned trump card."""

    seat: int


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Close:
    """S8: the player on lead closes the stock."""

    seat: int


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class GoOut:
    """S9: ``seat`` declares that he holds 66 ("out")."""

    seat: int


SixtySixMove = DealCards | PlayCard | DrawCard | Exchange | Close | GoOut
"""Every move of Sixty-six."""


DECK: Final = deck(Rank.NINE)
"""The 24 cards, 9 to ace."""
HAND: Final = 6
"""Cards in a hand (S2)."""
OUT: Final = 66
"""What going out needs (S9)."""

ENDED: Final = {
    "out": N_("{winner} went out"),
    "false-out": N_("{loser} went out without 66"),
    "played-out": N_("{winner} counted more when all was played"),
    "tie": N_("a tie when all was played: nobody scores"),
    "closed-failed": N_("{closer} closed and did not go out"),
}
"""How a deal ended, in words (:func:`ended`)."""


EXCHANGES: Final = N_("exchanges the trump nine")
CLOSES: Final = N_("closes the stock")
"""What a player on lead may do before leading, said when the rules refuse it."""

OUT_TIMING: Final = N_(
    "{who} goes out, but one goes out right after taking a trick or showing a marriage, before "
    "the next lead or the answer"
)
CLOSE_FAILED: Final = N_("{who} closed and went out with {counts}: the close failed; {player} scores {score}")
FALSE_OUT: Final = N_("{who} went out with {counts}: a false out; {player} scores {score}")
OUT_ON_CLOSE: Final = N_("{who} went out with {counts} after {player} closed; {who} scores {score}")
WENT_OUT: Final = N_("{who} went out with {counts} ({player} {counts2}); {who} scores {score}")
NOT_OUT: Final = N_("{player} closed and did not go out ({counts}); {player2} scores {score}")
TIE: Final = N_("{counts}-{counts2}: nobody scores")
COUNTED: Final = N_("{player} counts {counts} against {counts2} and scores {score}")
"""How a deal ended and what it scored, in the note of its result (S9-S12)."""


def ended(res: RoundResult, names: list[str]) -> str:
    """How a deal ended, in a phrase (``Anna went out``)."""
    winner = "" if res.winner is None else names[res.winner]
    loser = "" if res.winner is None else names[1 - res.winner]
    closer = "" if res.closed_by is None else names[res.closed_by]
    return tr(ENDED[res.end]).format(winner=winner, loser=loser, closer=closer)


def game_points(loser: int, took_a_trick: bool) -> int:
    """S12: the game points a deal's winner scores: 1 when the loser counts 33 or more, 2
    (schneider) when less but he took a trick, 3 (schwarz) when he took none."""
    if not took_a_trick:
        return 3
    return 1 if loser >= 33 else 2


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class SixtySixSettings:
    """The switches, resolved."""

    target: int
    alternate: bool
    last_trick: int
    exchange: bool
    closing: bool
    marriage_late: bool

    @classmethod
    def from_rules(cls, rules: RuleSet) -> SixtySixSettings:
        return cls(
            target=int(rules["target"]),
            alternate=rules["next-dealer"] == "alternate",
            last_trick=int(rules["last-trick"]),
            exchange=rules["nine-exchange"] == "on",
            closing=rules["closing"] == "on",
            marriage_late=rules["marriage-late"] == "on",
        )


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class RoundResult(StockResult):
    """How a deal ended (``out``, ``false-out``, ``played-out``, ``tie`` or
    ``closed-failed``: :data:`ENDED`; no winner: a tie) and what it scored; each seat's
    ``points`` are its count, with the marriages counted and the last trick's bonus when the
    cards were played out."""

    scores: dict[int, int] = field(default_factory=dict)
    """The game points each seat scored in the deal."""
    totals: dict[int, int] = field(default_factory=dict)
    tricks: dict[int, int] = field(default_factory=dict)
    closed_by: int | None = None
    marriages: list[tuple[int, int, Suit]] = field(default_factory=list)
    """(seat, value, suit) of each marriage shown."""
    carried: int = 0
    """Game points a tie leaves for the next deal's winner, after this deal (S10)."""


@mypyc_attr(serializable=True)
@dataclass
class RoundState(StockRound):
    """A deal in progress: its ``phase`` is ``lead`` (the leader may exchange, close or go
    out, then leads), ``follow``, ``draw``, or ``end``: every card is played, and the taker
    of the last trick may still go out before the deal is scored as played out."""

    trick: list[tuple[int, Card]] = field(default_factory=list)
    won: dict[int, list[Card]] = field(default_factory=dict)
    marriages: list[tuple[int, int, Suit]] = field(default_factory=list)
    closed_by: int | None = None
    tricks_at_close: int = 0
    """The tricks the closer's opponent had taken when the stock was closed (S11)."""
    out_right: int | None = None
    """The seat that may go out now (S9): the taker of the last trick until he leads
    again, or the leader who has just shown a marriage, until the answer."""

    @property
    def strict(self) -> bool:
        """S5: the stock is closed or gone."""
        return self.closed_by is not None or self.exhausted


@mypyc_attr(serializable=True)
@dataclass
class MatchState(StockMatch):
    """The game across deals: each player's game points."""

    totals: list[int] = field(default_factory=list)
    bonus: int = 0
    """Game points the next deal's winner scores besides his own (after a 65-65 tie)."""


class SixtySixEngine(StockEngine[SixtySixMove, RoundResult, RoundState, MatchState]):
    """The rules of Sixty-six: moves pushed in the order of play, each checked (the table,
    :class:`replay.sixtysix.SixtySixTable`, adds the moves as KGN and ``record()``)."""

    game = "sixtysix"
    title = "Sixty-six"
    round_word = "deal"
    RULEBOOK: ClassVar[Rulebook] = RULEBOOK
    CHANCE = DealCards
    SCORE_UNIT = "game points"
    CLAUSE: ClassVar[dict[str, str]] = {"draw": "S4", "played-out": "S9", "over": "S13", "deal": "S2"}
    AFTER_DRAW = "lead"
    OUT_OF_TURN = N_("{player} draws out of turn; {player2} draws next (the taker of the trick draws first)")
    DRAWN_LAST = N_("the turned trump card lies under the stock and is drawn last")
    NO_MORE_PLAY = N_("the game is over ({result}); no more play")
    BETWEEN_DEALS: ClassVar[dict[type, str]] = {
        DrawCard: N_("nothing is drawn"),
        Exchange: N_("nothing is exchanged"),
        Close: N_("the stock is not closed"),
        GoOut: N_("nobody goes out"),
    }
    START = (
        StartTag("FirstDeal", "first_deal", least=1, unset=1),
        StartTag("Totals", "totals", per_seat=True),
        StartTag("Bonus", "bonus"),
    )
    """The tags that start a record in the middle of a game: the deal's number, each
    player's game points, and the game points a 65-65 tie left for the next deal's winner."""

    def __init__(
        self,
        players: list[str],
        *,
        dealer: int = 0,
        rules: RuleSet | None = None,
        first_deal: int = 1,
        totals: list[int] | None = None,
        bonus: int = 0,
    ) -> None:
        rules = rules or self.RULEBOOK.parse("classic")
        self.settings = SixtySixSettings.from_rules(rules)
        self.deck = DECK
        totals = list(totals or [0, 0])
        match = MatchState(dealer=dealer, number=first_deal, totals=totals, bonus=bonus)
        super().__init__(players, rules, match, dealer=dealer, first_deal=first_deal, totals=totals[:], bonus=bonus)

    def keeps_trick(self, ev: SixtySixMove) -> bool:
        """After a draw, and going out (S9: the taker goes out right after his trick)."""
        return type(ev) is DrawCard or type(ev) is GoOut

    # -- basics -------------------------------------------------------------------------

    def mover(self, deal: RoundState) -> int | None:
        """The leader or the follower; once every card is played, the last taker, who may
        still go out."""
        return deal.out_right if deal.phase == "end" else deal.turn

    @property
    def trick_open(self) -> bool:
        return self.round is not None and bool(self.round.trick)

    def scores(self) -> list[int]:
        """Each player's game points."""
        return list(self.match.totals)

    @property
    def settles(self) -> bool:
        """Every card is played: the last taker may go out, or the deal is scored."""
        return self.round is not None and self.round.phase == "end"

    def open_cards(self) -> bool:
        """The stock is gone (not closed: a closed stock stays hidden) and both hands are
        known."""
        deal = self.round
        if deal is None or not deal.exhausted or deal.phase == "draw":
            return False
        return all(deal.holdings.fully_known(s) for s in (0, 1))

    def cards_on_table(self) -> list[Card]:
        deal = self.round
        return [] if deal is None else [c for _, c in deal.trick]

    def card_key(self, move: SixtySixMove, same: dict[Card, Card]) -> Hashable | None:
        """A card played: its seat, its card and whether it shows a marriage."""
        if type(move) is not PlayCard:
            return None
        return move.seat, same.get(move.card, move.card), move.marriage

    def position_key(self) -> tuple[object, ...] | None:
        """The deal's rest depends on the hands, each player's count and whether he has a
        trick, the trick on the table and whose move it is."""
        deal = self.round
        if deal is None:
            return None
        h = deal.holdings
        return (
            deal.phase, deal.turn, deal.leader, deal.out_right, deal.closed_by,
            deal.tricks_at_close > 0, self.last_winner if deal.phase == "end" else None,
            tuple(tuple(sorted(h.known[s])) for s in (0, 1)),
            tuple(sum(card_points(c) for c in deal.won[s]) for s in (0, 1)),
            tuple(sum(v for p, v, _ in deal.marriages if p == s) for s in (0, 1)),
            deal.exhausted, None if deal.stock is None else tuple(deal.stock),
            tuple(deal.tricks_taken[s] > 0 for s in (0, 1)),
            tuple(deal.trick), tuple(self.match.totals), self.match.bonus,
        )  # fmt: skip

    def settle(self) -> None:
        """Score a deal whose cards are all played, nobody having gone out (S10, S11)."""
        deal = self.round
        if deal is not None and deal.phase == "end":
            self._played_out(deal)

    def move_warning(self, move: SixtySixMove) -> str | None:
        """Going out short of 66 is legal but loses the deal (S9, S11): it says so."""
        if isinstance(move, GoOut) and (count := self.count(move.seat)) < OUT:
            return tr("loses the deal: {count}, not {OUT}").format(count=count, OUT=OUT)
        return None

    def count(self, seat: int) -> int:
        """S6, S9: a seat's count now: card points of its tricks, and its marriages once it
        has taken a trick."""
        deal = self.round
        assert deal is not None
        return _count(deal, seat)

    def between_deals(self, what: str) -> IllegalMoveError:
        """The error of a move made while a deal is due (or after the game)."""
        if self.match.over:
            return illegal(tr("the game is over ({result}); {what}").format(result=self.match.result, what=what), "game-over", "S13")
        message = tr("deal {number} has not been dealt; {what} before it")
        return illegal(message.format(number=self.match.number, what=what), "out-of-order", "S2")

    def hand_size(self) -> int:
        return HAND

    # -- moves ----------------------------------------------------------------------------

    def _apply_in_deal(self, deal: RoundState, ev: SixtySixMove) -> None:
        if deal.phase == "end" and not isinstance(ev, GoOut):
            message = tr(
                "every card of deal {number} is played; only its last taker's going out "
                "may follow, or the next deal"
            )
            raise illegal(message.format(number=deal.number), "out-of-order", "S10")
        if isinstance(ev, PlayCard):
            try:
                self._play(deal, ev)
            except IllegalMoveError as exc:
                if exc.legal is None and ev.seat == deal.turn and deal.phase != "draw":
                    exc.legal = self._legal_text(deal)
                raise
        elif isinstance(ev, DrawCard):
            self._draw(deal, ev)
        elif isinstance(ev, Exchange):
            self._exchange(deal, ev)
        elif isinstance(ev, Close):
            self._close(deal, ev)
        elif isinstance(ev, GoOut):
            self._go_out(deal, ev)
        else:
            raise illegal(tr("not a move of Sixty-six: {ev!r}").format(ev=ev), "bad-move", "S3")

    def _deal(self, ev: DealCards) -> None:
        m = self.match
        self.settle()
        if m.over:
            message = tr("the game is over ({result}); no deal may follow")
            raise illegal(message.format(result=m.result), "game-over", self.CLAUSE["over"])
        deal = self.CLAUSE["deal"]
        if self.round is not None:
            message = tr("deal {number} is not over, yet a new deal is dealt")
            raise illegal(message.format(number=self.round.number), "out-of-order", deal)
        trump = self.turned_trump(ev)
        h = Holdings(DECK, 2, deal_clause=deal, play_clause="S3", follow_clause="S5", names=self.places)
        stock = self.place_deal(ev, h, trump)
        leader = 1 - m.dealer  # S3: the non-dealer leads first
        self.round = RoundState(
            number=m.number,
            dealer=m.dealer,
            holdings=h,
            trump_card=trump,
            stock=stock,
            phase="lead",
            leader=leader,
            turn=leader,
            won={0: [], 1: []},
            tricks_taken={0: 0, 1: 0},
        )
        self.last_winner = None

    # -- play (S3, S5, S6) -------------------------------------------------------------------

    def legal_cards(self, seat: int | None = None) -> list[Card]:
        """The cards the seat to play may play, from what is known of its hand (S5 once
        the stock is closed or gone)."""
        deal = self.round
        if deal is None or deal.phase not in ("lead", "follow"):
            return []
        seat = deal.turn if seat is None else seat
        known = deal.holdings.known[seat]
        if not deal.trick or not deal.strict:
            return sorted(known)
        led = deal.trick[0][1]
        return cards_of(follow_mask(card_mask(known), suit_no(led), led, deal.trump, True))

    def _legal_text(self, deal: RoundState) -> list[str] | None:
        if not deal.holdings.fully_known(deal.turn):
            return None
        return [card_code(c) for c in self.legal_cards(deal.turn)]

    def _play(self, deal: RoundState, ev: PlayCard) -> None:
        seat, card = ev.seat, ev.card
        who = self.name(seat)
        if deal.phase == "draw":
            due = self.name(deal.draws_due[0])
            raise illegal(tr("{who} plays before the draws: {due} draws next").format(who=who, due=due), "draw-order", "S4")
        if seat != deal.turn:
            if not deal.trick:
                why = tr("the non-dealer leads first") if deal.trick_no == 1 else tr("{player} took the last trick").format(player=self.name(deal.turn))
                message = tr("{who} leads, but the lead is {player}'s ({why})")
                raise illegal(message.format(who=who, player=self.name(deal.turn), why=why), "wrong-leader", "S3")
            message = tr("{who} plays out of turn; it is {player}'s turn")
            raise illegal(message.format(who=who, player=self.name(deal.turn)), "out-of-turn", "S3")
        if ev.marriage:
            self._check_marriage(deal, ev)
        h = deal.holdings
        if deal.trick:
            if not h.may_hold(seat, card):
                h.reveal(seat, card, "play")  # a card not held is that first (S3), not S5
            self._check_follow(deal, seat, card)
        h.play(seat, card)
        if deal.trick:
            led = deal.trick[0][1]
            if suit_no(card) != suit_no(led):
                if deal.strict:
                    h.show_out(seat, suit_no(led))
                    if suit_no(card) != deal.trump:
                        h.show_out(seat, deal.trump)
            self._finish_trick(deal, seat, card)
            return
        deal.out_right = None  # the taker's right lapses with his next lead (S9)
        deal.trick.append((seat, card))
        if ev.marriage:
            self._show_marriage(deal, ev)
        deal.turn = 1 - seat
        deal.phase = "follow"

    def _check_follow(self, deal: RoundState, seat: int, card: Card) -> None:
        """S5: once the stock is closed or gone the follower follows suit and wins if he
        can, or trumps if he cannot follow."""
        if not deal.strict:
            return
        h = deal.holdings
        led = deal.trick[0][1]
        suit = suit_no(led)
        who = self.name(seat)
        if suit_no(card) != suit:
            if h.holds_suit(seat, suit):
                message = tr("{who} must follow {noun} (the stock is {x})")
                raise illegal(message.format(who=who, noun=tr(Suit(suit).noun), x=_stock(deal)), "must-follow", "S5")
            if suit_no(card) != deal.trump and h.holds_suit(seat, deal.trump):
                raise illegal(tr("{who} cannot follow and must trump").format(who=who), "must-trump", "S5")
            return
        if rank_no(card) < rank_no(led):
            higher = [c for c in h.known[seat] if suit_no(c) == suit and rank_no(c) > rank_no(led)]
            if higher:
                message = tr("{who} must win the trick with {cards_text}")
                raise illegal(message.format(who=who, cards_text=cards_text(higher)), "must-overtake", "S5")

    def _finish_trick(self, deal: RoundState, seat: int, card: Card) -> None:
        leader, led = deal.trick[0]
        winner = seat if beats(card, led, deal.trump) else leader
        loser = 1 - winner
        deal.won[winner].extend([led, card])
        deal.tricks_taken[winner] += 1
        self.last_trick = ((leader, led), (seat, card))
        self.last_winner = winner
        deal.trick = []
        deal.trick_no += 1
        deal.leader = deal.turn = winner
        deal.out_right = winner  # S9: he may go out at once
        h = deal.holdings
        if not deal.strict and h.size(POOL) > 0:
            deal.draws_due = [winner, loser]
            deal.phase = "draw"
            return
        deal.phase = "lead"
        if h.size(0) == 0 and h.size(1) == 0:
            deal.phase = "end"  # the taker may still go out (S9); else it is played out (S10)

    def _check_marriage(self, deal: RoundState, ev: PlayCard) -> None:
        who = self.name(ev.seat)
        if deal.trick:
            raise illegal(tr("{who} shows a marriage but does not lead").format(who=who), "marriage-invalid", "S6")
        rank = rank_no(ev.card)
        if rank not in (Rank.KING, Rank.QUEEN):
            message = tr("{who} leads {card}: a marriage is shown with a king or a queen")
            raise illegal(message.format(who=who, card=card_code(ev.card)), "marriage-invalid", "S6")
        if deal.strict and not self.settings.marriage_late:
            message = tr("{who} shows a marriage after the stock is {x} (marriage-late=off)")
            raise illegal(message.format(who=who, x=_stock(deal)), "marriage-late", "S6")
        partner = _partner(ev.card)
        if not deal.holdings.may_hold(ev.seat, partner):
            message = tr("{who} shows a marriage without holding {card}")
            raise illegal(message.format(who=who, card=card_code(partner)), "marriage-invalid", "S6")
        if any(s == ev.seat and suit == suit_of(ev.card) for s, _, suit in deal.marriages):
            raise illegal(tr("{who} shows the {noun} marriage twice").format(who=who, noun=tr(suit_of(ev.card).noun)), "marriage-invalid", "S6")

    def _show_marriage(self, deal: RoundState, ev: PlayCard) -> None:
        deal.holdings.reveal(ev.seat, _partner(ev.card), "marriage")
        suit = suit_of(ev.card)
        value = 40 if suit == deal.trump else 20
        deal.marriages.append((ev.seat, value, suit))
        # S9: one may go out on showing a marriage; without a trick yet it counts nothing,
        # so going out then is a false out (and loses the deal)
        deal.out_right = ev.seat

    # -- the stock (S4, S7, S8) -----------------------------------------------------------------

    def _on_lead(self, deal: RoundState, seat: int, what: str, clause: str) -> None:
        """An exchange or a close (``what``, marked ``N_``): by the player on lead, before
        that player leads."""
        who = self.name(seat)
        if deal.phase == "draw":
            due = self.name(deal.draws_due[0])
            message = tr("{who} {what} before the draws: {due} draws next")
            raise illegal(message.format(who=who, what=tr(what), due=due), "draw-order", "S4")
        if deal.phase != "lead" or seat != deal.turn:
            message = tr("{who} {what}, but only the player on lead may, before leading ({player} is to {x})")
            x = ptr("turn", "lead") if deal.phase == "lead" else ptr("turn", "play")
            raise illegal(message.format(who=who, what=tr(what), player=self.name(deal.turn), x=x), "out-of-turn", clause)

    def _exchange(self, deal: RoundState, ev: Exchange) -> None:
        seat = ev.seat
        who = self.name(seat)
        self._on_lead(deal, seat, EXCHANGES, "S7")
        h = deal.holdings
        nine = make_card(Rank.NINE, deal.trump)
        why = None
        if not self.settings.exchange:
            why = tr("the rules do not allow it (nine-exchange=off)")
        elif deal.strict:
            why = tr("the stock is closed") if deal.closed_by is not None else tr("the stock is gone")
        elif h.size(POOL) < 2:
            why = tr("the stock holds only the turned card")
        elif not deal.tricks_taken[seat]:
            why = tr("{who} has not taken a trick yet").format(who=who)
        elif deal.trump_card == nine:
            why = tr("the turned card is the nine itself")
        if why is not None:
            raise illegal(tr("{who} may not exchange the trump nine: {why}").format(who=who, why=why), "exchange-invalid", "S7")
        try:
            h.move(seat, POOL, nine, "exchange")
        except IllegalMoveError as exc:
            message = tr("{who} exchanges the trump nine without holding {card} ({message})")
            raise illegal(
                message.format(who=who, card=card_code(nine), message=exc.message), "exchange-invalid", "S7"
            ) from None
        h.move(POOL, seat, deal.trump_card, "exchange")
        if deal.stock is not None:
            deal.stock[-1] = nine
        deal.trump_card = nine

    def _close(self, deal: RoundState, ev: Close) -> None:
        seat = ev.seat
        who = self.name(seat)
        self._on_lead(deal, seat, CLOSES, "S8")
        why = None
        if not self.settings.closing:
            why = tr("the rules do not allow it (closing=off)")
        elif deal.closed_by is not None:
            why = tr("it is closed already")
        elif deal.exhausted or deal.holdings.size(POOL) < 2:
            why = tr("it holds fewer than two cards")
        if why is not None:
            raise illegal(tr("{who} may not close the stock: {why}").format(who=who, why=why), "close-invalid", "S8")
        deal.closed_by = seat
        deal.tricks_at_close = deal.tricks_taken[1 - seat]

    # -- the end of a deal (S9-S12) ---------------------------------------------------------

    def _go_out(self, deal: RoundState, ev: GoOut) -> None:
        seat = ev.seat
        if deal.out_right != seat:
            raise illegal(tr(OUT_TIMING).format(who=self.name(seat)), "out-timing", "S9")
        other = 1 - seat
        counts = {p: _count(deal, p) for p in (0, 1)}
        said = {"who": self.name(seat), "counts": counts[seat], "player": self.name(other)}
        if counts[seat] < OUT and deal.closed_by == seat:  # S11: the closer went out short
            self._end_deal(deal, "closed-failed", other, counts, _failed(deal.tricks_at_close), CLOSE_FAILED, said)
        elif counts[seat] < OUT:  # S9: a false out
            self._end_deal(deal, "false-out", other, counts, _failed(deal.tricks_taken[other]), FALSE_OUT, said)
        elif deal.closed_by == other:  # S11: out against the other's close
            self._end_deal(deal, "closed-failed", seat, counts, _failed(deal.tricks_at_close), OUT_ON_CLOSE, said)
        else:
            score = game_points(counts[other], deal.tricks_taken[other] > 0)
            self._end_deal(deal, "out", seat, counts, score, WENT_OUT, {**said, "counts2": counts[other]})

    def _played_out(self, deal: RoundState) -> None:
        """Every card played and nobody went out (S10, S11)."""
        counts = {p: _count(deal, p) for p in (0, 1)}
        closer = deal.closed_by
        if closer is not None:  # S11: the close failed
            said = {"player": self.name(closer), "counts": counts[closer], "player2": self.name(1 - closer)}
            self._end_deal(deal, "closed-failed", 1 - closer, counts, _failed(deal.tricks_at_close), NOT_OUT, said)
            return
        last = self.last_winner
        assert last is not None
        counts[last] += self.settings.last_trick
        if counts[0] == counts[1]:
            self._end_deal(deal, "tie", None, counts, 0, TIE, {"counts": counts[0], "counts2": counts[1]})
            return
        winner = 0 if counts[0] > counts[1] else 1
        other = 1 - winner
        score = game_points(counts[other], deal.tricks_taken[other] > 0)
        said = {"player": self.name(winner), "counts": counts[winner], "counts2": counts[other]}
        self._end_deal(deal, "played-out", winner, counts, score, COUNTED, said)

    def _end_deal(
        self,
        deal: RoundState,
        end: str,
        winner: int | None,
        counts: dict[int, int],
        score: int,
        how: str,
        said: dict[str, object],
    ) -> None:
        """Score the deal: ``how`` (marked ``N_``) says it, with ``said`` and the score."""
        m = self.match
        scores = {0: 0, 1: 0}
        notes = [tr(how).format(score=score, **said)]
        if winner is None:
            m.bonus += 1
        else:
            scores[winner] = score + m.bonus
            if m.bonus:
                points = ntr("{n} game point", "{n} game points", m.bonus).format(n=m.bonus)
                notes.append(
                    tr("{player} adds {points} of the tie before").format(
                        player=self.name(winner), points=points
                    )
                )
            m.bonus = 0
        for p in (0, 1):
            m.totals[p] = min(m.totals[p] + scores[p], MAX_NUMBER)
        res = RoundResult(
            number=deal.number,
            dealer=deal.dealer,
            end=end,
            winner=winner,
            points=counts,
            scores=scores,
            totals={p: m.totals[p] for p in (0, 1)},
            tricks=dict(deal.tricks_taken),
            closed_by=deal.closed_by,
            marriages=deal.marriages[:],
            carried=m.bonus,
            notes=notes,
        )
        target = self.settings.target
        if winner is not None and m.totals[winner] >= target:
            m.over = True
            m.result = self.name(winner)
            res.notes.append(tr("{player} reaches {totals} and wins the game").format(
                player=self.name(winner), totals=m.totals[winner]
            ))
        self.results.append(res)
        loser = None if winner is None else 1 - winner
        if self.settings.alternate or loser is None:
            m.dealer = 1 - deal.dealer
        else:
            m.dealer = loser
        m.number += 1
        self.round = None

    # -- what may be played -------------------------------------------------------------------

    def legal_moves(self) -> list[SixtySixMove]:
        """The moves the rules allow now, from the known cards: the draws, going out, the
        exchange and the close before a lead, the leads (with a marriage where one can be
        shown) and the answers."""
        deal = self.round
        if self.match.over or deal is None:
            return []
        moves: list[SixtySixMove] = []
        if deal.out_right is not None:
            moves.append(GoOut(deal.out_right))
        if deal.phase == "draw":
            due = self.next_draw()
            assert due is not None
            return [DrawCard(*due), *moves]
        seat = deal.turn
        h = deal.holdings
        if deal.phase == "lead":
            for extra in (Exchange(seat), Close(seat)):
                if self._allowed(extra):
                    moves.append(extra)
        if not h.fully_known(seat):
            return moves
        for card in self.legal_cards(seat):
            moves.append(PlayCard(seat, card))
            if deal.phase == "lead" and rank_no(card) in (Rank.KING, Rank.QUEEN):
                if _partner(card) in h.known[seat] and self._allowed(PlayCard(seat, card, True)):
                    moves.append(PlayCard(seat, card, True))
        return moves


    def _allowed(self, move: SixtySixMove) -> bool:
        """Whether a move passes its own rule (tried on a copy of the deal)."""
        deal = self.round
        assert deal is not None
        trial = copy_state(deal)
        try:
            if isinstance(move, Exchange):
                self._exchange(trial, move)
            elif isinstance(move, Close):
                self._close(trial, move)
            elif isinstance(move, PlayCard):
                self._check_marriage(trial, move)
        except IllegalMoveError:
            return False
        return True


def _partner(card: Card) -> Card:
    """The other card of a marriage."""
    rank = Rank.QUEEN if rank_no(card) == Rank.KING else Rank.KING
    return make_card(rank, suit_of(card))


def _stock(deal: RoundState) -> str:
    """S5: why play is strict, in a word: the stock is closed, or gone."""
    return ptr("stock", "closed") if deal.closed_by is not None else ptr("stock", "gone")


def _failed(tricks: int) -> int:
    """S9, S11: what a false out or a failed close gives the other player: 2 game points, 3
    when he had taken no trick (``tricks``: his tricks, by the close for S11)."""
    return 2 if tricks else 3


def _count(deal: RoundState, seat: int) -> int:
    """S6, S9: card points of a seat's tricks, and its marriages once it has a trick."""
    points = sum(card_points(c) for c in deal.won[seat])
    if deal.tricks_taken[seat]:
        points += sum(v for s, v, _ in deal.marriages if s == seat)
    return points
