"""The Bura engine (docs/rules.md: B clauses, and the switches), which its variants extend:
its house rules, its moves and its rules of play.

``RULEBOOK`` holds Bura's switches and the values that contradict each other (docs/rules.md,
"House rules: Bura").  The moves (of Bura and its variants) are what a table's ``push``
takes and ``legal_moves`` lists: seats are indexes into the table's ``players``; cards are
:data:`notation.cards.Card` ints (None: a card the record does not name).

:class:`BuraEngine` is the engine of the Bura table; a variant's table is a subclass that
changes what differs (the hand's size, the deck played out, penalty points) and cites its
own clauses.  As with Thousand you ``push`` moves in the order of play and an illegal one
raises :class:`IllegalMoveError` with its clause.

B5.2, a set beating a set, is :func:`beats_set`: every card of the answer must beat a
different card of the set it attacks, face-down cards never beat.

>>> from notation.cards import parse_card as c
>>> beats_set([c("7H"), c("8S")], [c("QS"), c("9S")], trump=Suit.HEARTS)
False
>>> beats_set([c("9D"), c("JS")], [c("QS"), c("7S")], trump=Suit.DIAMONDS)
True
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from notation.cards import (
    Card,
    Rank,
    Suit,
    card_code,
    card_points,
    deck,
    make_card,
    rank_no,
    suit_no,
)
from notation.cards import beats as card_beats
from notation.errors import IllegalMoveError, illegal
from notation.i18n import N_, ntr, tr
from notation.records import MAX_NUMBER

from ..cards import shown
from ..rules import Rulebook, RuleSet, conflict, switch
from ..stock import DealCards, DrawCard, StockEngine, StockMatch, StockResult, StockRound, codes_of
from ..table import POOL, Holdings, StartTag, cards_text, unordered

__all__ = [
    "RULEBOOK", "BuraEngine", "BuraMove", "BuraSettings", "CommitFault", "DealCards", "DrawCard",
    "Lay", "OpenClaim", "RoundResult", "ShowCombo", "beats", "beats_set",
]


SWITCHES: Final = (
    switch("deck", "36|32", "B1", "36 cards (6..A) or 32 (7..A)"),
    switch("hand", "3|4|5", "B2 B3", "hand size, also the largest lead"),
    switch("claim", "after-trick|own-turn", "B7.1", "when a player may claim (open)"),
    switch("bura", "win|off", "B8.1", "three trumps win the pot at once"),
    switch("molodka", "out-of-turn|off", "B8.2", "three cards of a suit give an out-of-turn lead"),
    switch(
        "moskva",
        "3-aces|3-aces-with-trump|off",
        "B8.3",
        "three aces give the out-of-turn right",
    ),
    switch(
        "small-moskva",
        "off|sixes|tens",
        "B8.3",
        "three sixes with the trump six (or tens) stop a lead",
    ),
    switch("two-buras", "playoff|higher-card", "B8.5", "how simultaneous buras are settled"),
    switch("dealt-combo", "play|redeal", "B8", "a combination in a fresh deal voids it"),
    switch("open", "off|on", "B11", "every card is played face up"),
    switch("fault", "lose|match-pot", "B10", "what a drawing fault costs"),
    switch("match", "pot|rubber-11|rubber-21|penalty-12", "B1", "how a match is scored"),
)


def _conflicts(v: dict[str, str], given: set[str]) -> None:
    if v["small-moskva"] == "sixes" and v["deck"] == "32":
        conflict(tr("small-moskva=sixes needs the sixes: it contradicts deck=32"))
    if v["two-buras"] != "playoff" and v["bura"] == "off" and "two-buras" in given:
        conflict(tr("two-buras settles buras, which bura=off turns off"))


RULEBOOK: Final = Rulebook("bura", SWITCHES, {"classic": {}}, _conflicts)
"""Bura's rulebook."""


@dataclass(slots=True, eq=False, init=False)
class Lay:
    """A lead or an answer: cards face up and face down (None: a card nobody saw).  The
    order of the cards is how they are written; two lays of the same cards are equal."""

    seat: int
    up: list[Card]
    down: list[Card | None]

    def __init__(self, seat: int, up: list[Card], down: list[Card | None] | None = None) -> None:
        # written out (init=False): compiled (setup.py), the dataclass's own __init__ would
        # run as Python, and a lay is the commonest move
        self.seat, self.up, self.down = seat, up, [] if down is None else down

    def __reduce__(self) -> tuple[object, ...]:  # copy and pickle through __init__ (compiled)
        return (Lay, (self.seat, self.up, self.down))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Lay):
            return NotImplemented
        return (
            self.seat == other.seat
            and sorted(self.up) == sorted(other.up)
            and unordered(self.down) == unordered(other.down)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Lay(seat={self.seat}, up={shown(self.up)}, down={shown(self.down)})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class OpenClaim:
    """B7: ``seat`` opens his tricks and claims 31 (``count``/``outcome`` as stated where
    face-down cards hide the count)."""

    seat: int
    count: int | None = None  # as stated, used when face-down cards hide the count
    outcome: str | None = None


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class ShowCombo:
    """B8, K6: ``seat`` shows a combination (``bura``, ``molodka``, ``moskva`` ...)."""

    seat: int
    combo: str
    cards: list[Card]

    def __repr__(self) -> str:
        return f"ShowCombo(seat={self.seat}, combo={self.combo!r}, cards={shown(self.cards)})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class CommitFault:
    """B10: a fault at the stock (``out-of-turn``, ``double-draw``), recorded as it
    happened; it is not among the legal moves."""

    seat: int
    kind: str


BuraMove = DealCards | Lay | DrawCard | OpenClaim | ShowCombo | CommitFault
"""Every move of Bura and its variants."""


ENDED: Final = {
    "bura": N_("a bura was shown"),
    "moskva": N_("Moskva was shown"),
    "fault": N_("a fault lost it"),
    "claim-won": N_("a claim won it"),
    "claim-failed": N_("a claim failed"),
    "void": N_("every card was played"),
    "played-out": N_("every card was played"),
    "redeal": N_("it was dealt again"),
}
"""How a deal ended, in words."""

PILE: Final = -3
"""Place of the face-down cards nobody saw (out of play, somewhere in a trick pile)."""
SHOKHA: Final = make_card(Rank.SIX, Suit.SPADES)


def beats(card: Card, other: Card, trump: Suit, shokha: bool = False) -> bool:
    """B5.1 (:func:`notation.cards.beats`: a higher card of the same suit, or a trump
    against a non-trump), and with ``shokha`` (a variant's switch) the six of spades beats
    all."""
    if shokha:
        if card == SHOKHA:
            return True
        if other == SHOKHA:
            return False
    return card_beats(card, other, trump)


def beats_set(
    attack: Sequence[Card | None], target: list[Card], trump: Suit, shokha: bool = False
) -> bool:
    """B5.2: ``attack`` beats ``target`` when its cards can be paired one to one with the
    target's so that each beats its partner (a ``None``, a face-down card, never beats)."""
    if len(attack) != len(target):
        return False
    if len(attack) == 1:  # the common trick: one card against one
        return attack[0] is not None and beats(attack[0], target[0], trump, shokha)
    if any(c is None for c in attack):
        return False
    cards = [c for c in attack if c is not None]
    return any(
        all(beats(a, t, trump, shokha) for a, t in zip(perm, target, strict=True))
        for perm in permutations(cards)
    )


OWN_LEAD: Final = N_("{who} shows a small Moskva over his own lead; it takes back another's lead")
"""B8.3, ``small-moskva``: what a small Moskva shown over the shower's own lead is told."""


# ---- Settings ---------------------------------------------------------------------------


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class BuraSettings:
    """The switches of a table of Bura or a variant, resolved."""

    low: Rank = Rank.SIX
    hand: int = 3
    claim: str = "after-trick"
    bura: str = "win"
    molodka: bool = True
    moskva: str = "3-aces"
    small_moskva: str = "off"
    two_buras: str = "playoff"
    dealt_combo: str = "play"
    open: bool = False
    fault: str = "lose"
    match: str = "pot"
    first_lead: str = "left"
    tie: str = "double-next"
    zero: str = "no-trick"
    limit: int = 12
    shokha: bool = False
    ante: int = 1

    @classmethod
    def from_bura_rules(cls, rules: RuleSet, ante: int = 1) -> BuraSettings:
        r = rules
        return cls(
            low=Rank.SEVEN if r["deck"] == "32" else Rank.SIX,
            hand=int(r["hand"]),
            claim=r["claim"],
            bura=r["bura"],
            molodka=r["molodka"] == "out-of-turn",
            moskva=r["moskva"],
            small_moskva=r["small-moskva"],
            two_buras=r["two-buras"],
            dealt_combo=r["dealt-combo"],
            open=r["open"] == "on",
            fault=r["fault"],
            match=r["match"],
            ante=ante,
        )


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class RoundResult(StockResult):
    """How a deal ended (claim-won, claim-failed, bura, void, fault, redeal, played-out,
    combo) and what it changed; ``points``: a variant's card points."""

    claim_count: int | None = None
    pot: int = 0  # the pot after the deal
    chips: dict[int, int] = field(default_factory=dict)
    wins: dict[int, int] = field(default_factory=dict)
    penalty: dict[int, int] = field(default_factory=dict)
    added: dict[int, int] = field(default_factory=dict)
    factor: int = 1
    """What the next deal's penalties are multiplied by (a tie with tie=double-next)."""
    last_taker: int | None = None
    """Who took the deal's last trick (where the rules make him lead the next deal)."""
    leads_next: int | None = None
    """Who leads the next deal where the rules name him (a variant's: the last taker)."""


@mypyc_attr(serializable=True)
@dataclass
class RoundState(StockRound):
    """A deal in progress: its ``phase`` is ``play``, ``draw``, ``bura`` (a bura shown
    that another may answer) or ``end`` (every card played: the last taker may claim)."""

    trick: list[Lay] = field(default_factory=list)
    best: Lay | None = None
    won: dict[int, list[Card | None]] = field(default_factory=dict)
    claim_window: int | None = None
    right: tuple[int, int] | None = None  # (seat, rank) of an out-of-turn lead right
    outranked: set[int] = field(default_factory=set)
    """Seats that showed an out-of-turn right another holder's right outranks (B8.4)."""
    buras: list[int] = field(default_factory=list)
    playoff: bool = False
    last_taker: int | None = None
    laid_down: dict[int, list[tuple[int, Card | None]]] = field(default_factory=dict)
    """Per taker: the cards in his tricks that were laid face down, each with who laid it
    (only he saw it)."""


@mypyc_attr(serializable=True)
@dataclass
class MatchState(StockMatch):
    """The game across deals: the pot, each player's chips, deals won and penalty points."""

    pot: int = 0
    chips: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    penalty: list[int] = field(default_factory=list)
    factor: int = 1
    first_leader: int | None = None
    fresh_pot: bool = True  # the next deal starts with antes


class BuraEngine(StockEngine[BuraMove, RoundResult, RoundState, MatchState]):
    """The rules of Bura: moves pushed in the order of play, each checked (the table,
    :class:`replay.bura.BuraTable`, adds the moves as KGN and ``record()``)."""

    game = "bura"
    title = "Bura"
    round_word = "deal"
    RULEBOOK: ClassVar[Rulebook] = RULEBOOK
    CHANCE = DealCards
    CLAUSE: ClassVar[dict[str, str]] = {
        "setup": "B1",
        "over": "B1",
        "deal": "B2",
        "lead": "B3",
        "first-lead": "B3",
        "lead-size": "B3",
        "play": "B4",
        "draw": "B6",
        "played-out": "B9",
        "priority": "B8.4",
    }
    """The clause each rule of the game has (a variant cites its own clauses)."""
    END_CLAUSE: ClassVar[dict[str, str]] = {
        "bura": "B8.1",
        "moskva": "B8.3",
        "fault": "B10",
        "claim-won": "B7.2",
        "claim-failed": "B7.2",
        "void": "B9",
        "redeal": "B8",
    }
    """The clause that ended a deal, by how it ended."""
    COMBO_SIZE = 3
    """How many cards make a bura, a molodka or Moskva."""
    PLAYED_OUT = "void"
    """How a deal whose cards are all played ends (B9: void)."""
    AFTER_DRAW = "play"
    OUT_OF_TURN = N_("{player} draws out of turn; {player2} draws next (record it as a fault)")
    NO_MORE_PLAY = N_("the match is over; no more play")
    BETWEEN_DEALS: ClassVar[dict[type, str]] = {
        DrawCard: N_("nothing is drawn"),
        OpenClaim: N_("nobody may claim"),
        ShowCombo: N_("nothing is shown"),
        CommitFault: N_("no fault is made"),
    }
    START = (
        StartTag("Ante", "ante", unset=1),
        StartTag("Pot", "pot"),
        StartTag("FirstDeal", "first_deal", least=1, unset=1),
        StartTag("Chips", "chips", per_seat=True, least=None),
        StartTag("Penalty", "penalty", per_seat=True, least=None),
        StartTag("Factor", "factor", least=1, unset=1),
        StartTag("Leader", "first_leader"),
    )
    """The tags that start a record of Bura or a variant in the middle of a session (the pot
    with ``ante`` after it when all ante again; the first leader by name, a variant's)."""
    HAS_POT = True  # B2
    SCORE_TALLY = "chips"
    SCORE_UNIT = "chips"
    """What the running scores count: ``chips``, or a variant's ``penalty`` points."""

    def __init__(
        self,
        players: list[str],
        *,
        dealer: int = 0,
        rules: RuleSet | None = None,
        ante: int = 1,
        first_deal: int = 1,
        chips: list[int] | None = None,
        penalty: list[int] | None = None,
        pot: int = 0,
        ante_due: bool | None = None,
        first_leader: int | None = None,
        factor: int = 1,
    ) -> None:
        rules = rules or self.RULEBOOK.parse("classic")
        self.settings = self._settings(rules, ante)
        n = self.n = len(players)
        """How many play."""
        self.deck = deck(self.settings.low)
        match = MatchState(
            dealer=dealer,
            pot=pot,
            chips=list(chips or [0] * n),
            wins=[0] * n,
            penalty=list(penalty or [0] * n),
            number=first_deal,
            fresh_pot=pot == 0 if ante_due is None else ante_due,
            first_leader=first_leader,
            factor=factor,
        )
        super().__init__(
            players, rules, match, {PILE: "the tricks taken, face down"}, dealer=dealer, ante=ante,
            first_deal=first_deal, chips=list(match.chips), penalty=list(match.penalty), pot=pot,
            ante_due=match.fresh_pot, first_leader=first_leader, factor=factor,
        )

    @classmethod
    def _settings(cls, rules: RuleSet, ante: int) -> BuraSettings:
        return BuraSettings.from_bura_rules(rules, ante)

    # -- basics -------------------------------------------------------------------------

    @property
    def pairs(self) -> bool:
        """Whether four players play two against two (a variant of partners)."""
        return False

    def side(self, seat: int) -> int:
        """A seat's side: its own seat, or with pairs the lower seat of the partnership."""
        return seat % 2 if self.pairs else seat

    def side_name(self, side: int) -> str:
        if self.pairs:
            return f"{self.players[side]}+{self.players[side + 2]}"
        return self.players[side]

    def sides(self) -> list[int]:
        return [0, 1] if self.pairs else list(range(self.n))

    def trick_shown(self, trick: Sequence[Any]) -> list[tuple[str, list[str], list[str]]]:
        """A trick as a view shows it: each lay's cards face up, and face down (``??``
        where unseen)."""
        names = self.players
        return [(names[lay.seat], [card_code(c) for c in lay.up], codes_of(lay.down)) for lay in trick]

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.n

    def _apply_in_deal(self, deal: RoundState, ev: BuraMove) -> None:
        phase = deal.phase
        if phase == "bura" and not (
            isinstance(ev, ShowCombo) and ev.combo in ("bura", "moskva")
        ):
            raise illegal(tr("the deal ended when the bura was shown"), "out-of-order", "B8.1")
        if phase == "end" and not isinstance(ev, OpenClaim):
            raise illegal(
                tr("the deal is over: every card has been played"),
                "out-of-order",
                self.CLAUSE["played-out"],
            )
        if isinstance(ev, DrawCard):
            self._draw(deal, ev)
            deal.claim_window = None  # B7.1: the claim comes before the draw
        elif isinstance(ev, Lay):
            try:
                self._lay(deal, ev)
            except IllegalMoveError as exc:
                if exc.legal is None and ev.seat == deal.turn and deal.phase == "play":
                    exc.legal = self.legal_texts()
                raise
        elif isinstance(ev, OpenClaim):
            self._claim(deal, ev)
        elif isinstance(ev, ShowCombo):
            self._show(deal, ev)
        elif isinstance(ev, CommitFault):
            self._fault(deal, ev)

    # -- deal (B1, B2, K1, K2) ------------------------------------------------------------

    def _deal(self, ev: DealCards) -> None:
        s = self.settings
        m = self.match
        if self.round is not None:
            if self.round.phase == "end":
                self._end(self.round, self.PLAYED_OUT, None)
            elif self.round.phase == "bura":
                self._end(self.round, "bura", self.round.buras[0])
            else:
                raise illegal(
                    tr("a new deal before this one is over"), "out-of-order", self.CLAUSE["played-out"]
                )
        clause = self.CLAUSE["deal"]
        if m.over:
            raise illegal(
                tr("the match ended ({result}) with the last deal; no deal may follow").format(
                    result=m.result
                ),
                "game-over",
                self.CLAUSE["over"],
            )
        trump = self.turned_trump(ev)
        self._ante()
        play = self.CLAUSE["play"]
        h = Holdings(
            self.deck,
            self.n,
            deal_clause=clause,
            play_clause=play,
            follow_clause=play,
            names=self.places,
        )
        h.known.setdefault(PILE, set())
        h.unknown.setdefault(PILE, 0)
        h.void.setdefault(PILE, set())
        size = s.hand
        if len(self.deck) - size * self.n < 1:
            raise illegal(
                tr("{n} players cannot be dealt {size} cards each from {n2}").format(
                    n=self.n, size=size, n2=len(self.deck)
                ),
                "players",
                "B1",
            )
        stock = self.place_deal(ev, h, trump)
        deal = RoundState(
            number=m.number, dealer=m.dealer, holdings=h, trump_card=trump, stock=stock, phase="play"
        )
        for p in range(self.n):
            deal.won[p] = []
        deal.leader = deal.turn = self._first_leader(deal)
        self.round = deal

    def between_deals(self, what: str) -> IllegalMoveError:
        """The error of a move made when no deal is in progress: after a deal that ended
        (citing the clause that ended it), or before the first."""
        if not self.results:
            return illegal(tr("the cards are not dealt yet; {what}").format(what=what), "out-of-order", self.CLAUSE["deal"])
        end = self.results[-1].end
        clause = self.END_CLAUSE.get(end, self.CLAUSE["played-out"])
        return illegal(
            tr("the deal is over ({get}); {what} before the next deal").format(
                get=tr(ENDED[end]) if end in ENDED else end, what=what
            ),
            "out-of-order",
            clause,
        )

    def _ante(self) -> None:
        """B2: a fresh pot starts with everybody's ante."""
        m = self.match
        if m.fresh_pot:
            for p in range(self.n):
                m.chips[p] -= self.settings.ante
            m.pot += self.settings.ante * self.n
            m.fresh_pot = False
            self._check_numbers(self.CLAUSE["deal"])

    def _check_numbers(self, clause: str) -> None:
        """The pot, chips and penalty points must fit a record (at most nine digits): a
        move that would pass them is refused (a pot doubled by thirty failed claims)."""
        m = self.match
        big: int = max(m.pot, m.factor, *[abs(c) for c in m.chips], *m.penalty)
        if big > MAX_NUMBER:
            what = tr("the pot") if m.pot == big else tr("the scores")
            raise illegal(
                tr(
                    "{what} would reach {big:,}, more than a record holds ({MAX_NUMBER:,} at "
                    "most)"
                ).format(
                    what=what, big=big, MAX_NUMBER=MAX_NUMBER
                ),
                "record-limit",
                clause,
            )

    def near_limits(self) -> bool:
        """Whether the pot, chips or penalties are near what a record holds (then a move's
        effect on them is tried before it is listed as legal)."""
        m = self.match
        big: int = max(m.pot, 6 * m.factor, *[abs(c) for c in m.chips], *m.penalty)
        return 16 * big > MAX_NUMBER

    def _first_leader(self, deal: RoundState) -> int:
        """B3: the dealer's left-hand neighbour leads the first trick."""
        return self._next(self.match.dealer)

    def _stock_left(self, deal: RoundState) -> int:
        return deal.holdings.size(POOL)

    # -- combinations (B8, K6) ------------------------------------------------------------

    def combo_cards_ok(self, deal: RoundState, combo: str, cards: list[Card]) -> str | None:
        """Why ``cards`` are not that combination (None when they are)."""
        k = self.COMBO_SIZE
        trump = deal.trump
        if combo == "bura":
            if len(cards) != k or any(suit_no(c) != trump for c in cards):
                return tr("a bura is {k} trumps").format(k=k)
        elif combo == "molodka":
            if len(cards) != k or len({suit_no(c) for c in cards}) != 1:
                return tr("a molodka is {k} cards of one suit").format(k=k)
        elif combo in ("moskva", "small-moskva"):
            return self._moskva_wrong(combo, cards, trump)
        elif combo == "foreheads":
            if len(cards) != 4 or sum(card_points(c) for c in cards) <= 40:
                return tr("four foreheads are four cards worth more than 40 points")
        return None

    def _moskva_wrong(self, combo: str, cards: list[Card], trump: Suit) -> str | None:
        """Why ``cards`` are not Moskva (B8.3: the aces, with the trump ace under
        ``moskva=3-aces-with-trump``) or a small Moskva (three sixes with the trump six, or
        three tens); None when they are."""
        s = self.settings
        if combo == "moskva":
            k = self.COMBO_SIZE
            if len(cards) != k or any(rank_no(c) != Rank.ACE for c in cards):
                return tr("Moskva is {k} aces").format(k=k)
            if s.moskva == "3-aces-with-trump" and make_card(Rank.ACE, trump) not in cards:
                return tr("Moskva needs the trump ace (moskva=3-aces-with-trump)")
            return None
        rank = Rank.SIX if s.small_moskva == "sixes" else Rank.TEN
        if len(cards) != 3 or any(rank_no(c) != rank for c in cards):
            return tr("small Moskva is three sixes") if rank == Rank.SIX else tr("small Moskva is three tens")
        if rank == Rank.SIX and make_card(Rank.SIX, trump) not in cards:
            return tr("small Moskva of sixes needs the trump six")
        return None

    PLAYOFF = True
    """B8.5: two deal-ending combinations at once are played off."""

    def _combo_clause(self, combo: str) -> str:
        return {
            "bura": "B8.1",
            "molodka": "B8.2",
            "moskva": "B8.3",
            "small-moskva": "B8.3",
            "foreheads": "B8",
        }[combo]

    COMBOS: ClassVar[tuple[str, ...]] = ("bura", "moskva", "small-moskva", "molodka")
    """The combinations the game knows (B8); the switches may turn some off."""

    def combo_allowed(self, combo: str) -> bool:
        """Whether ``combo`` is played under the table's game and switches."""
        s = self.settings
        return combo in self.COMBOS and {
            "bura": s.bura != "off",
            "molodka": s.molodka,
            "moskva": s.moskva != "off",
            "small-moskva": s.small_moskva != "off",
            "foreheads": True,
        }[combo]

    def combo_ends_deal(self, combo: str) -> bool:
        """B8.1: a bura wins the deal at once."""
        return combo == "bura"

    RIGHTS_AFTER_FIRST_TRICK: ClassVar[bool] = False
    """Whether an out-of-turn lead right waits for the deal's first trick to be played
    (a variant's rule: in Bura it may be shown before any lead)."""

    def _check_right_timing(self, deal: RoundState) -> None:
        if self.RIGHTS_AFTER_FIRST_TRICK and deal.trick_no == 1:
            raise illegal(tr("no out-of-turn lead before the first trick of a deal"), "combo-timing", self.CLAUSE["priority"])

    def _show(self, deal: RoundState, ev: ShowCombo) -> None:
        s = self.settings
        who = self.name(ev.seat)
        clause = self._combo_clause(ev.combo)
        if not self.combo_allowed(ev.combo):
            raise illegal(tr("{combo} is not played under these rules").format(combo=ev.combo), "combo-not-allowed", clause)
        why = self.combo_cards_ok(deal, ev.combo, ev.cards)
        if why:
            raise illegal(tr("{who} shows {cards_text}: {why}").format(
                who=who, cards_text=cards_text(ev.cards), why=why
            ), "bad-combo", clause)
        for c in ev.cards:
            deal.holdings.reveal(ev.seat, c, "show")
        if deal.phase not in ("play", "bura"):
            raise illegal(
                tr("{who} shows a combination while the stock is being drawn").format(who=who), "combo-timing", clause
            )
        fresh = deal.trick_no == 1 and not deal.trick
        if s.dealt_combo == "redeal" and fresh:
            self._end(deal, "redeal", None)
            return
        if self.PLAYOFF and ev.combo in ("bura", "moskva") and self._second_bura(deal, ev):
            return
        if self.combo_ends_deal(ev.combo):
            self._deal_ending_show(deal, ev, clause)
        elif deal.trick:
            self._show_after_lead(deal, ev, clause)
        else:
            self._lead_right(deal, ev, clause)

    def _second_bura(self, deal: RoundState, ev: ShowCombo) -> bool:
        """B8.5: a second deal-ending combination at the same moment is played off (a bura
        against a bura or against Moskva, shown in either order: right after the first, or
        a bura after Moskva's lead right before the lead); whether ``ev`` was one."""
        if deal.phase == "bura" and ev.seat not in deal.buras:
            deal.buras.append(ev.seat)
            deal.phase = "play"
            self._two_buras(deal)
            return True
        right = deal.right
        moskva_pending = right is not None and right[1] == 2 and right[0] != ev.seat
        if ev.combo == "bura" and moskva_pending and not deal.trick and right is not None:
            deal.buras = [right[0], ev.seat]
            deal.right = None
            self._two_buras(deal)
            return True
        return False

    def _deal_ending_show(self, deal: RoundState, ev: ShowCombo, clause: str) -> None:
        """A combination that ends the deal, shown at the player's turn (B8.1-B8.3)."""
        if deal.turn != ev.seat:
            raise illegal(
                tr("{who} shows {combo} out of turn ({player} is to play)").format(
                    who=self.name(ev.seat), combo=ev.combo, player=self.name(deal.turn)
                ),
                "combo-timing",
                clause,
            )
        if not self.PLAYOFF:
            self._end(deal, ev.combo, ev.seat)
            return
        deal.buras = [ev.seat]
        deal.phase = "bura"  # settled by the next event unless a second bura follows

    def _show_after_lead(self, deal: RoundState, ev: ShowCombo, clause: str) -> None:
        """A lead right shown once a trick is open: only a small Moskva, over another's lead
        alone (the lead goes back to its hand)."""
        if ev.combo == "small-moskva" and len(deal.trick) == 1:
            if deal.trick[0].seat == ev.seat:
                raise illegal(tr(OWN_LEAD).format(who=self.name(ev.seat)), "combo-timing", clause)
            lead = deal.trick.pop()
            deal.holdings.known[lead.seat].update(lead.up)
            for c in lead.up:
                deal.holdings.where[c] = lead.seat
            deal.holdings.played_by[lead.seat] = deal.holdings.played_by[lead.seat][
                : -len(lead.up)
            ]
            deal.best = None
            deal.right = (ev.seat, 3)
            deal.turn = ev.seat
            return
        raise illegal(
            tr(
                "{who} shows {combo} in the middle of a trick; it is shown before a lead"
            ).format(
                who=self.name(ev.seat), combo=ev.combo
            ),
            "combo-timing",
            clause,
        )

    def _lead_right(self, deal: RoundState, ev: ShowCombo, clause: str) -> None:
        """An out-of-turn lead right (B8.4): the higher combination leads, at equal rank the
        holder first in the order of play; the other is outranked."""
        self._check_right_timing(deal)
        rank = {"molodka": 1, "foreheads": 1, "moskva": 2, "small-moskva": 3, "bura": 2}[ev.combo]
        if deal.right is not None:
            held, held_rank = deal.right
            if held == ev.seat:
                raise illegal(tr("{who} holds the out-of-turn lead already").format(who=self.name(ev.seat)), "combo-timing", clause)
            if held_rank > rank or (
                held_rank == rank and self._order(deal, held) < self._order(deal, ev.seat)
            ):
                deal.outranked.add(ev.seat)  # shown, but the other holder leads (B8.4)
                return
            deal.outranked.add(held)
        deal.right = (ev.seat, rank)
        deal.turn = ev.seat

    def _order(self, deal: RoundState, seat: int) -> int:
        return (seat - deal.leader) % self.n

    def _two_buras(self, deal: RoundState) -> None:
        """B8.5: the two holders of ``deal.buras`` settle it: the higher top card wins at once
        (``two-buras=higher-card``), or they play their sets off, the elder (in the order of
        play from the leader) leading; a trick on the table is set aside, nobody's."""
        s = self.settings
        a, b = deal.buras[:2]
        if s.two_buras == "higher-card":
            trump = deal.trump

            def strength(c: Card) -> tuple[bool, int]:
                return (suit_no(c) == trump, rank_no(c))

            top = {p: max(map(strength, deal.holdings.known[p])) for p in (a, b)}
            winner = a if top[a] > top[b] else b
            self._end(deal, "bura", winner)
            return
        deal.playoff = True
        first = min((a, b), key=lambda p: self._order(deal, p))  # from the trick's leader
        if deal.trick:  # the trick is not played: its cards are set aside, nobody's (B8.5)
            deal.trick.clear()
            deal.best = None
        deal.leader = deal.turn = first


    # -- play (B3-B5, K4) -----------------------------------------------------------------

    def legal_moves(self) -> list[BuraMove]:
        """The moves the rules allow now, from the known cards: leads (one suit, up to the
        limit), answers (any cards of the right number, face up or all face down), draws,
        claims, and the combinations a player may show.  Where the pot or the scores come
        near what a record holds, a move that would pass it is not listed."""
        moves = self._legal_moves()
        if self.near_limits():
            moves = [m for m in moves if self.is_legal(m)]
        return moves

    def distinct_moves(self, moves: list[BuraMove]) -> list[BuraMove]:
        """What a search tries (:meth:`StockEngine.distinct_moves`), and no combination
        shown during a play-off: the holders of two buras play their sets off (B8.5).  The
        engine takes such a show, and the holders may then show again, back to where they
        were: a line that goes round, whose value would hang on which repetition a search
        cuts.  The C search leaves them out too.  (Where a record did show a bura during a
        play-off, a second may still answer it, as before any play-off.)"""
        deal = self.round
        if deal is not None and deal.playoff and deal.phase != "bura":
            moves = [m for m in moves if not isinstance(m, ShowCombo)]
        return super().distinct_moves(moves)

    def _no_move(self) -> IllegalMoveError:
        if self.near_limits():
            return illegal(
                tr(
                    "no move fits a record: each would take the pot or the scores past "
                    "{MAX_NUMBER:,}"
                ).format(
                    MAX_NUMBER=MAX_NUMBER
                ),
                "record-limit",
                self.CLAUSE["over"],
            )
        return super()._no_move()

    def _legal_moves(self) -> list[BuraMove]:
        deal = self.round
        if self.match.over or deal is None:
            return []
        moves: list[BuraMove] = []
        if deal.phase == "bura":  # B8.1, B8.5: only a second bura (or Moskva) may follow
            return [
                m for m in self._legal_shows(deal)
                if isinstance(m, ShowCombo) and m.combo in ("bura", "moskva") and m.seat not in deal.buras
            ]  # fmt: skip
        if deal.claim_window is not None and self.settings.claim != "none":
            moves.append(OpenClaim(deal.claim_window))  # B7.1: after a trick, before the draw
        if deal.phase == "draw":
            seat, card = self.next_draw() or (0, None)
            return [*moves, DrawCard(seat, card)]
        if deal.phase == "end":
            return moves
        moves.extend(self._legal_shows(deal))
        if deal.phase != "play":
            return moves
        seat = deal.turn
        h = deal.holdings
        if not h.fully_known(seat):
            return moves
        if self.settings.claim == "own-turn" and deal.claim_window != seat:
            moves.append(OpenClaim(seat))  # B7.1, claim=own-turn: before his lead or answer
        if not deal.trick:
            moves.extend(Lay(seat, lead) for lead in self.legal_leads())
            return moves
        k = len(deal.trick[0].up)
        for combo in combinations(sorted(h.known[seat]), k):
            moves.append(Lay(seat, list(combo)))
            if not self.settings.open:
                moves.append(Lay(seat, [], list(combo)))
        return moves

    def legal_texts(self) -> list[str] | None:
        """The leads or answers open to the player to move, as text (None while his cards
        are not all known)."""
        deal = self.round
        if deal is None or not deal.holdings.fully_known(deal.turn):
            return None
        out = []
        for move in self.legal_moves():
            if isinstance(move, Lay):
                up = " ".join(card_code(c) for c in move.up)
                down = " ".join("??" if c is None else card_code(c) for c in move.down)
                out.append(f"{up} down {down}".strip() if down else up)  # KGN: never translated
        return out

    def legal_leads(self, seat: int | None = None) -> list[list[Card]]:
        """The leads open to the player to lead, from his known cards."""
        deal = self.round
        if deal is None or deal.trick or deal.phase != "play":
            return []
        cards = sorted(deal.holdings.known[deal.turn if seat is None else seat])
        limit = 3 if deal.playoff else self._lead_limit(deal)
        out: list[list[Card]] = []
        by_suit: dict[int, list[Card]] = {}
        for c in cards:
            suit = suit_no(c)
            if self.settings.shokha and c == SHOKHA:
                continue
            by_suit.setdefault(suit, []).append(c)
        if self.settings.shokha and SHOKHA in cards:
            for suit in range(4):
                by_suit.setdefault(suit, [])
            for suited in by_suit.values():
                suited.append(SHOKHA)
        seen: set[tuple[Card, ...]] = set()
        for suited in by_suit.values():
            for k in range(1, min(limit, len(suited)) + 1):
                for lead in combinations(sorted(suited), k):
                    if lead not in seen:
                        seen.add(lead)
                        out.append(list(lead))
        return out

    FIRST_LEAD: ClassVar[int] = 0
    """The most cards a deal's first trick may be led with, unless a combination gave the
    lead (a variant's rule; 0: as any lead, B3)."""

    def _lead_limit(self, deal: RoundState) -> int:
        """B3: a lead is up to a hand's size of one suit (:attr:`FIRST_LEAD` in a deal's
        first trick)."""
        if self.FIRST_LEAD and deal.trick_no == 1 and deal.right is None:
            return self.FIRST_LEAD
        return self.settings.hand

    def _lay(self, deal: RoundState, ev: Lay) -> None:
        s = self.settings
        if deal.phase == "draw":
            raise illegal(
                tr("{player} plays before the draw is complete ({player2} draws next)").format(
                    player=self.name(ev.seat), player2=self.name(deal.draws_due[0])
                ),
                "draw-missing",
                self.CLAUSE["draw"],
            )
        seat, up, down = ev.seat, ev.up, ev.down
        trick = deal.trick
        if not trick:
            self._check_lead(deal, ev)
        elif seat != deal.turn:
            raise illegal(
                tr("{player} plays out of turn; it is {player2}'s turn").format(
                    player=self.name(seat), player2=self.name(deal.turn)
                ),
                "out-of-turn",
                "B4",
            )
        else:
            self._check_answer(trick[0], ev)
        self._lay_cards(deal, ev)
        deal.claim_window = None
        trick.append(ev)
        if len(trick) == 1:
            deal.best = ev
        else:
            assert deal.best is not None
            if not down and beats_set(up, deal.best.up, deal.trump, s.shokha):
                deal.best = ev  # a lay with a card face down never beats
        if len(trick) < self.n and not (deal.playoff and len(trick) == 2):
            deal.turn = self._next(seat)
            while deal.playoff and deal.turn not in deal.buras:
                deal.turn = self._next(deal.turn)
            return
        self._close_trick(deal)

    def _check_answer(self, lead: Lay, ev: Lay) -> None:
        """B4: an answer has as many cards as the lead; B11: face up in open bura."""
        up, down = ev.up, ev.down
        need = len(lead.up)
        if len(up) + len(down) != need:
            raise illegal(
                tr("{player} answers with {plural}; the lead was {need}").format(
                    player=self.name(ev.seat),
                    plural=ntr("{n} card", "{n} cards", len(up) + len(down)).format(n=len(up) + len(down)),
                    need=need,
                ),
                "answer-size",
                "B4",
            )
        if down and self.settings.open:
            raise illegal(tr("open bura: every card is played face up"), "face-down", "B11")

    def _lay_cards(self, deal: RoundState, ev: Lay) -> None:
        """The lay's cards leave the hand: face up, and face down (a card nobody recorded
        face down leaves the hand's unknown cards)."""
        h = deal.holdings
        seat = ev.seat
        for c in ev.up:
            h.play(seat, c)
        for hidden in ev.down:
            if hidden is None:
                if h.unknown[seat] == 0:
                    raise illegal(
                        tr("{player} has no card left to play face down").format(
                            player=self.name(seat)
                        ),
                        "card-not-held",
                        "B4",
                    )
                h.unknown[seat] -= 1
                h.unknown[PILE] += 1
            else:
                h.play(seat, hidden)

    def _check_lead(self, deal: RoundState, ev: Lay) -> None:
        s = self.settings
        who = self.name(ev.seat)
        right = deal.right[0] if deal.right else None
        if ev.seat in deal.outranked and ev.seat != deal.turn and right is not None:
            raise illegal(
                tr(
                    "{who} showed a combination, but {player}'s outranks it: {player} leads"
                ).format(
                    who=who, player=self.name(right)
                ),
                "combo-priority",
                self.CLAUSE["priority"],
            )
        if ev.seat != deal.turn and ev.seat != right:
            raise illegal(
                tr("{who} leads, but the lead is {player}'s").format(
                    who=who, player=self.name(deal.turn)
                ),
                "wrong-leader",
                self.CLAUSE["first-lead" if deal.trick_no == 1 else "lead"],
            )
        if ev.down:
            raise illegal(tr("a lead is played face up"), "face-down", "B3")
        limit = self._lead_limit(deal)
        if deal.playoff:
            limit = 3
        if not 1 <= len(ev.up) <= limit:
            clause = self.CLAUSE["lead-size"]
            raise illegal(
                tr("{who} leads {plural}; a lead is 1 to {limit}").format(
                    who=who, plural=ntr("{n} card", "{n} cards", len(ev.up)).format(n=len(ev.up)), limit=limit
                ),
                "lead-size",
                clause,
            )
        if len(ev.up) > 1 and len({suit_no(c) for c in ev.up if not (s.shokha and c == SHOKHA)}) > 1:
            raise illegal(
                tr("{who} leads {list}: a lead is of one suit").format(
                    who=who, list=' '.join(card_code(c) for c in ev.up)
                ),
                "lead-suit",
                self.CLAUSE["lead-size"],
            )
        deal.leader = deal.turn = ev.seat
        deal.right = None
        deal.outranked.clear()

    def _close_trick(self, deal: RoundState) -> None:
        assert deal.best is not None
        winner = deal.best.seat
        for lay in deal.trick:
            deal.won[winner].extend([*lay.up, *lay.down])
            if lay.down:
                deal.laid_down.setdefault(winner, []).extend((lay.seat, c) for c in lay.down)
        deal.tricks_taken[winner] = deal.tricks_taken.get(winner, 0) + 1
        k = len(deal.trick[0].up)
        self.last_trick = tuple(deal.trick)
        deal.trick = []
        deal.best = None
        deal.trick_no += 1
        deal.leader = deal.turn = winner
        deal.last_taker = winner
        self.last_winner = winner
        if deal.playoff:
            self._end(deal, "bura", winner)
            return
        deal.claim_window = winner
        rounds = min(k, self._stock_left(deal) // self.n)
        deal.draws_due = [(winner + i) % self.n for _ in range(rounds) for i in range(self.n)]
        if deal.draws_due:
            deal.phase = "draw"
        elif all(deal.holdings.size(p) == 0 for p in range(self.n)):
            self._played_out(deal)

    def _played_out(self, deal: RoundState) -> None:
        """B9: every card is played; the taker of the last trick may still claim."""
        deal.phase = "end"

    # -- drawing (B6, K5) -----------------------------------------------------------------

    # -- claims (B7) ----------------------------------------------------------------------

    def pile_points(self, seat: int) -> tuple[int, int]:
        """Known card points in a seat's tricks, and how many of its cards nobody saw."""
        deal = self.round
        assert deal is not None
        pile = deal.won[seat]
        return sum(card_points(c) for c in pile if c is not None), sum(1 for c in pile if c is None)

    def _claim(self, deal: RoundState, ev: OpenClaim) -> None:
        s = self.settings
        who = self.name(ev.seat)
        ok_after = deal.claim_window == ev.seat
        ok_turn = s.claim == "own-turn" and deal.phase == "play" and deal.turn == ev.seat
        if not (ok_after or ok_turn):
            if s.claim == "own-turn":
                message = tr(
                    "{who} may not claim now: a claim follows a trick the claimant took, before "
                    "the draw (or comes at the claimant's own turn)"
                )
            else:
                message = tr(
                    "{who} may not claim now: a claim follows a trick the claimant took, before "
                    "the draw"
                )
            raise illegal(
                message.format(who=who),
                "claim-timing",
                "B7.1",
            )
        known, hidden = self.pile_points(ev.seat)
        if hidden:
            if ev.count is None and ev.outcome is None:
                raise illegal(
                    ntr(
                        "{who}'s tricks hold {hidden} face-down card nobody recorded; state "
                        "the count or the outcome (open NAME 33 win)",
                        "{who}'s tricks hold {hidden} face-down cards nobody recorded; state "
                        "the count or the outcome (open NAME 33 win)",
                        hidden,
                    ).format(
                        who=who, hidden=hidden
                    ),
                    "claim-unknown",
                    "B7.2",
                )
            count = ev.count
            success = count >= 31 if count is not None else ev.outcome == "win"
        else:
            count = known
            success = known >= 31
        deal.claim_window = None
        self._end(deal, "claim-won" if success else "claim-failed", ev.seat, count)

    def _fault(self, deal: RoundState, ev: CommitFault) -> None:
        s = self.settings
        m = self.match
        if s.fault == "match-pot":
            m.chips[ev.seat] -= m.pot
            m.pot *= 2
            self._check_numbers("B10")
            return
        self._end(deal, "fault", ev.seat)

    # -- ends of deals --------------------------------------------------------------------

    def draws_itself(self) -> bool:
        """B7.1: the claim comes before the draw: the taker lets it go first."""
        return self.round is not None and self.round.claim_window is None

    @property
    def settles(self) -> bool:
        """A deal whose cards are all played, or a bura shown that nobody answers."""
        return self.round is not None and self.round.phase in ("end", "bura")

    def open_cards(self) -> bool:
        """The stock is gone and every hand is known."""
        deal = self.round
        if deal is None or deal.phase not in ("play", "end"):
            return False
        h = deal.holdings
        return h.size(POOL) == 0 and all(h.fully_known(s) for s in range(self.n))

    def cards_on_table(self) -> list[Card]:
        deal = self.round
        return [] if deal is None else [c for lay in deal.trick for c in lay.up]

    def unlike_cards(self) -> list[Card]:
        """Under ``shokha`` the six of spades, which beats every card (K4)."""
        return [SHOKHA] if self.settings.shokha else []

    def card_key(self, move: BuraMove, same: dict[Card, Card]) -> Hashable | None:
        """A lay: its seat and its cards face up and face down."""
        if type(move) is not Lay:
            return None
        up = tuple(sorted(same.get(c, c) for c in move.up))
        return move.seat, up, tuple(sorted(-1 if c is None else same.get(c, c) for c in move.down))

    def position_key(self) -> tuple[object, ...] | None:
        """The deal's rest depends on the hands, how much of the stock is left and the
        draws due, each taker's count and tricks (not which cards made them), the trick on
        the table and whose move it is.  (The hands alone do not tell how far the stock has
        gone: a lead of two cards draws two more.)"""
        deal = self.round
        if deal is None:
            return None
        h = deal.holdings
        return (
            deal.phase, deal.turn, deal.leader, deal.claim_window, deal.trick_no, h.size(POOL), tuple(deal.draws_due),
            tuple(tuple(sorted(h.known[s])) for s in range(self.n)),
            tuple(self.pile_points(s) for s in range(self.n)), deal.right, tuple(sorted(deal.outranked)),
            tuple((lay.seat, tuple(lay.up), tuple(-1 if c is None else c for c in lay.down)) for lay in deal.trick),
            tuple(sorted(deal.tricks_taken.items())), deal.last_taker, tuple(deal.buras), deal.playoff,
            tuple(self.scores()), self.match.pot,
        )  # fmt: skip

    def settle(self) -> None:
        """End a deal nobody continues: a single bura stands and its holder wins the pot; a
        deal whose cards are all played is void in Bura (B9), scored in a variant that plays
        the deck out."""
        deal = self.round
        if deal is None:
            return
        if deal.phase == "bura":
            deal.phase = "play"
            self._end(deal, "bura", deal.buras[0])
        elif deal.phase == "end":
            self._end(deal, self.PLAYED_OUT, None)
        else:
            return
        self.mark()

    def _end(self, deal: RoundState, end: str, seat: int | None, count: int | None = None) -> None:
        m = self.match
        res = RoundResult(number=deal.number, dealer=deal.dealer, end=end, claim_count=count)
        self._score(deal, res, seat)
        self._check_numbers(self.END_CLAUSE.get(end, self.CLAUSE["over"]))
        res.pot = m.pot
        res.chips = dict(enumerate(m.chips))
        res.wins = dict(enumerate(m.wins))
        res.penalty = {p: m.penalty[p] for p in range(self.n)}
        res.factor = m.factor
        res.last_taker = deal.last_taker
        self.results.append(res)
        self.round = None
        m.number += 1

    def _score(self, deal: RoundState, res: RoundResult, seat: int | None) -> None:
        """B7, B9, B10: who takes the pot, who pays into it."""
        s = self.settings
        m = self.match
        if res.end in ("claim-won", "bura"):
            assert seat is not None
            res.winner = seat
            m.chips[seat] += m.pot
            if res.end == "claim-won":
                note = tr("{player} claims with {count} and takes the pot of {pot}")
            else:
                note = tr("{player} shows a bura and takes the pot of {pot}")
            res.notes.append(note.format(player=self.name(seat), count=res.claim_count, pot=m.pot))
            m.pot = 0
            m.fresh_pot = True
            m.dealer = seat
            m.wins[seat] += 1
            if s.match == "penalty-12":
                for p in range(self.n):
                    if p != seat:
                        m.penalty[p] += 2
        elif res.end in ("claim-failed", "fault"):
            assert seat is not None
            if res.end == "claim-failed":
                note = tr(
                    "{player} claims with only {count} and pays {pot} into the pot; {player} "
                    "deals next"
                )
            else:
                note = tr(
                    "{player} makes a fault at the stock and pays {pot} into the pot; {player} "
                    "deals next"
                )
            res.notes.append(note.format(player=self.name(seat), count=res.claim_count, pot=m.pot))
            m.chips[seat] -= m.pot
            m.pot *= 2
            m.dealer = seat
        elif res.end == "void":
            res.notes.append(
                tr("nobody claimed: a void deal, everybody antes again and the same dealer deals")
            )
            m.fresh_pot = True
        elif res.end == "redeal":
            res.notes.append(tr("a combination in the fresh deal: the same dealer deals again"))
        self._match_end()

    def _match_end(self) -> None:
        s = self.settings
        m = self.match
        if s.match.startswith("rubber-"):
            target = int(s.match.split("-")[1])
            for p in range(self.n):
                others = max((m.wins[q] for q in range(self.n) if q != p), default=0)
                if m.wins[p] >= target and m.wins[p] - others >= 2:
                    m.over, m.result = True, self.players[p]
        elif s.match in ("penalty-12", "penalty"):
            limit = 12 if s.match == "penalty-12" else s.limit
            sides = self.sides()
            if any(m.penalty[x] >= limit for x in sides):
                m.over = True
                low = min(m.penalty[x] for x in sides)
                best = [x for x in sides if m.penalty[x] == low]
                m.result = self.side_name(best[0]) if len(best) == 1 else "draw"

    # -- the table interface ------------------------------------------------------------

    def mover(self, deal: RoundState) -> int | None:
        """The player to lead or answer; once every card is played, the last taker where he
        may claim; nobody while a shown bura waits for a second one."""
        if deal.phase == "end":
            return deal.claim_window if self.settings.claim != "none" else None
        return None if deal.phase == "bura" else deal.turn

    @property
    def trick_open(self) -> bool:
        """Whether cards of an unfinished trick lie on the table."""
        return self.round is not None and bool(self.round.trick)

    def scores(self) -> list[int]:
        """Per seat: net chips, or a variant's penalty points."""
        return list(self.match.chips)

    def round_scores(self, res: RoundResult) -> dict[int, int]:
        """Per seat, what a finished deal left on the game's score (:attr:`SCORE_TALLY`):
        the net chips in Bura, the penalty points in a variant that counts them."""
        return res.chips

    def hand_size(self) -> int:
        return self.settings.hand

    def deal_fits(self, match: MatchState) -> bool:
        """The ante of a fresh pot must not take it past what a record holds."""
        return not (match.fresh_pot and match.pot + self.settings.ante * self.n > MAX_NUMBER)

    def _legal_shows(self, deal: RoundState) -> list[BuraMove]:
        """The combinations a player whose cards are known may show now."""
        if deal.phase not in ("play", "bura"):
            return []
        out: list[BuraMove] = []
        h = deal.holdings
        for seat in range(self.n):
            if not h.fully_known(seat):
                continue
            cards = sorted(h.known[seat])
            for combo in self.COMBOS:
                if not self.combo_allowed(combo):
                    continue
                size = (
                    3 if combo == "small-moskva" else 4 if combo == "foreheads" else self.COMBO_SIZE
                )
                for chosen in combinations(cards, size):
                    if self.combo_cards_ok(deal, combo, list(chosen)) is not None:
                        continue
                    move = ShowCombo(seat, combo, list(chosen))
                    if self.is_legal(move):
                        out.append(move)
        return out
