"""The Thousand engine (docs/rules.md: T clauses, and the switches): its house rules, its
moves and its rules of play.

``RULEBOOK`` holds Thousand's switches, presets and the values that contradict each other
(docs/rules.md, "House rules: Thousand").  The moves are what a table's ``push`` takes and
``legal_moves`` lists: seats are indexes into the table's ``players``; cards are
:data:`notation.cards.Card` ints (None: a card the record does not name); ``ref`` is the
record node a checker replays the move from, and takes no part in equality.

:class:`ThousandEngine` is the engine of :class:`replay.thousand.table.ThousandTable`: you
``push`` events (a deal, a call, the talon, a give, the contract, a card) in the order of
play; an event the rules forbid raises an :class:`IllegalMoveError` with the clause it
breaks and the legal alternatives.  After the eighth trick the hand is scored (T7), totals
and the barrel are updated (T8), and the game ends when somebody reaches the target (T9).

>>> from notation.cards import parse_card as c
>>> table = ThousandEngine(["Anna", "Boris", "Vera"], dealer=2)
>>> table.push(DealCards())
>>> table.push(Bid(0, 100))
>>> table.push(Bid(1, 103))
Traceback (most recent call last):
...
notation.errors.IllegalMoveError: <input>: error[T3.2 bid-step]: Boris bids 103, not a multiple of 5
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

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
from notation.i18n import ntr, tr
from notation.records import MAX_NUMBER, Node

from ..cards import shown
from ..rules import Rulebook, RuleSet, conflict, switch
from ..table import (
    POOL,
    Holdings,
    Outcome,
    PlayCard,
    StartTag,
    Table,
    cards_text,
    display_order,
    unordered,
)

if TYPE_CHECKING:
    from notation.records import Node

__all__ = [
    "MARRIAGE_VALUES", "RULEBOOK", "Bid", "ClaimRedeal", "ConcedeHand", "DealCards", "GiveCards",
    "PlayCard", "RoundResult", "ScoreHand", "SetContract", "TakeTalon", "ThousandEngine",
    "ThousandMove", "ThousandSettings",
]


SWITCHES: Final = (
    switch("bid-step", "5|10", "T3.2 T4.3", "bids and raises are multiples of this"),
    switch(
        "opening",
        "forehand|dealer",
        "T3.1",
        "who holds the compulsory 100: the forehand opens with it, or the dealer has it",
    ),
    switch("raise-cap", "on|off", "T4.3", "off: the contract may be raised above the cap"),
    switch(
        "must-overtake",
        "off|on",
        "T5.3",
        "a follower must beat the trick's best card where possible",
    ),
    switch("marriage-first-trick", "off|on", "T6.3", "a marriage may be declared in trick 1"),
    switch(
        "trump-effect",
        "now|next-trick",
        "T6.5",
        "a declared suit is trump from this trick or the next",
    ),
    switch(
        "ace-marriage",
        "off|200",
        "T6.2",
        "the four aces, declared by leading an ace, score 200",
    ),
    switch("marriage-values", "ru|de", "T6.4", "ru: S40 C60 D80 H100; de: C100 S80 H60 D40"),
    switch("round", "5|10|none", "T7.3", "how opponents' hand points are rounded"),
    switch(
        "barrel",
        "880|900|800-lock|off",
        "T8",
        "the barrel threshold (900: winning contract 100)",
    ),
    switch("barrel-hands", "3|1|2|unlimited", "T8.4", "hands a player may stay on the barrel"),
    switch("barrel-penalty", "120|0|240", "T8.4", "what falling off the barrel costs"),
    switch(
        "barrel-fail",
        "lose|free",
        "T8.3",
        "free: a declarer who fails on the barrel loses nothing and stays on",
    ),
    switch(
        "barrel-win",
        "score|target",
        "T8.2",
        "target: a player who wins from the barrel ends on the target exactly",
    ),
    switch(
        "barrel-exit",
        "declarer|any",
        "T8.2",
        "any: a defender on the barrel who scores 120 or more wins too",
    ),
    switch(
        "barrel-jump",
        "on|off",
        "T8.5",
        "off: nobody jumps over the barrel; a total passing the target stops on it",
    ),
    switch(
        "barrel-collision",
        "coexist|knock-off",
        "T8.5",
        "a player getting on knocks off the others",
    ),
    switch("bolts", "off|3-total|3-in-row", "T7", "the third hand without a trick costs 120"),
    switch(
        "concede",
        "off|pagat|half|bomb",
        "T4",
        "the declarer may give the hand up after the talon",
    ),
    switch("dark", "off|on", "T3", "the forehand may open blind with 120, for a doubled score"),
    switch("golden-round", "off|on", "T3", "hands 1-3 without auction, 120 each, scores doubled"),
    switch("redeal-four-nines", "off|on", "T2", "a player dealt four nines may ask for a redeal"),
    switch("dump-555", "off|on", "T7.4", "a total of exactly 555 drops to 0"),
    switch("players", "3|4", "T1", "with 4 the dealer sits out each hand"),
    switch("max-hands", "200|N", "T9.2", "the game ends after this many hands"),
    switch(
        "limit-result",
        "higher|none",
        "T9.2",
        "at the hand limit: the higher total wins, or the session stops with no result",
    ),
    switch("target", "1000|N", "T9.1", "the total that wins"),
)

PRESETS: Final = {
    "classic": {},
    "polish": {
        "bid-step": "10",
        "must-overtake": "on",
        "marriage-first-trick": "on",
        "round": "10",
        "barrel": "800-lock",
        "concede": "bomb",
    },
    "pagat": {"bolts": "3-total", "concede": "pagat", "redeal-four-nines": "on"},
}


def _conflicts(v: dict[str, str], given: set[str]) -> None:
    barrel_detail = [
        k
        for k in (
            "barrel-hands",
            "barrel-penalty",
            "barrel-collision",
            "barrel-fail",
            "barrel-win",
            "barrel-exit",
            "barrel-jump",
        )
        if k in given
    ]
    if v["opening"] == "dealer" and v["players"] == "4":
        conflict(tr("opening=dealer contradicts players=4: the dealer sits out every hand"))
    if v["barrel"] == "off" and barrel_detail:
        conflict(tr("barrel=off contradicts {list}: there is no barrel").format(
            list=", ".join(barrel_detail)
        ))
    if v["barrel"] == "800-lock" and barrel_detail:
        conflict(
            tr(
                "barrel=800-lock has no hand limit, fall or collision; it contradicts {list}"
            ).format(
                list=", ".join(barrel_detail)
            )
        )
    if int(v["target"]) < 300:
        conflict(
            tr("target={target} is too low: the barrel lies 120 below it (use 300 or more)").format(
                target=v["target"]
            )
        )


RULEBOOK: Final = Rulebook(
    "thousand", SWITCHES, PRESETS, _conflicts, steady=("target", "barrel-hands")
)
"""Thousand's rulebook."""


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class DealCards:
    """The deal, a chance move: per seat its cards (a seat left out: not recorded; a None
    card: not named), and the talon."""

    hands: dict[int, list[Card | None]] = field(default_factory=dict)
    talon: list[Card | None] | None = None
    ref: Node | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        talon = "None" if self.talon is None else shown(self.talon)
        return f"DealCards(hands={shown(self.hands)}, talon={talon})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class ClaimRedeal:
    """T2, redeal-four-nines=on: ``seat`` shows four nines and the cards are dealt again."""

    seat: int
    ref: Node | None = field(default=None, compare=False, repr=False)


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Bid:
    """A call of the auction: ``bid`` (None: a pass), ``dark`` for a blind 120 (T3)."""

    seat: int
    bid: int | None
    dark: bool = False
    ref: Node | None = field(default=None, compare=False, repr=False)


@mypyc_attr(serializable=True)
@dataclass(slots=True, eq=False)
class TakeTalon:
    """The declarer turns up the talon and takes it (T4.1); its cards in any order."""

    cards: list[Card | None]
    ref: Node | None = field(default=None, compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TakeTalon):
            return NotImplemented
        return unordered(self.cards) == unordered(other.cards)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"TakeTalon(cards={shown(self.cards)})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class ConcedeHand:
    """The declarer concedes after taking the talon (T4, concede=...)."""

    ref: Node | None = field(default=None, compare=False, repr=False)


@mypyc_attr(serializable=True)
@dataclass(slots=True, eq=False)
class GiveCards:
    """The declarer gives one card to each opponent (T4.2): (seat, card) pairs, in any
    order (two gives of the same cards to the same seats are equal)."""

    cards: list[tuple[int, Card | None]]
    ref: Node | None = field(default=None, compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GiveCards):
            return NotImplemented
        return sorted(self.cards, key=lambda g: g[0]) == sorted(other.cards, key=lambda g: g[0])

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"GiveCards(cards={shown(self.cards)})"


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class SetContract:
    """The declarer names the contract, the bid or more (T4.3)."""

    value: int
    ref: Node | None = field(default=None, compare=False, repr=False)


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class ScoreHand:
    """A hand whose play nobody recorded, ended by what a score sheet says of it (T7):
    each playing seat's hand points (cards taken and marriages), or where only the scores
    were written, each one's hand score.  Not a player's move: how a record that keeps
    the score and not the cards ends its hand."""

    points: dict[int, int] | None = None
    scores: dict[int, int] | None = None
    ref: Node | None = field(default=None, compare=False, repr=False)


ThousandMove = (
    DealCards
    | ClaimRedeal
    | Bid
    | TakeTalon
    | ConcedeHand
    | GiveCards
    | SetContract
    | PlayCard
    | ScoreHand
)
"""Every move of Thousand."""


DECK: Final = deck(Rank.NINE)
MARRIAGE_VALUES: Final = {
    "ru": {Suit.SPADES: 40, Suit.CLUBS: 60, Suit.DIAMONDS: 80, Suit.HEARTS: 100},
    "de": {Suit.CLUBS: 100, Suit.SPADES: 80, Suit.HEARTS: 60, Suit.DIAMONDS: 40},
}
ACES: Final = frozenset(make_card(Rank.ACE, s) for s in Suit)
NINES: Final = frozenset(make_card(Rank.NINE, s) for s in Suit)


# ---- Settings ---------------------------------------------------------------------------


@mypyc_attr(serializable=True)
@dataclass(frozen=True, slots=True)
class ThousandSettings:
    """A :class:`RuleSet` for Thousand as the engine uses it."""

    step: int = 5
    dealer_opens: bool = False
    raise_cap: bool = True
    must_overtake: bool = False
    marriage_first_trick: bool = False
    trump_next_trick: bool = False
    ace_marriage: int = 0
    marriage_values: dict[Suit, int] = field(default_factory=lambda: MARRIAGE_VALUES["ru"])
    round_to: int = 5  # 0: no rounding
    barrel: str = "880"
    barrel_hands: int | None = 3
    barrel_penalty: int = 120
    barrel_fail_free: bool = False
    barrel_win_target: bool = False
    barrel_exit_any: bool = False
    barrel_jump: bool = True
    knock_off: bool = False
    bolts: str = "off"
    concede: str = "off"
    dark: bool = False
    golden_round: bool = False
    redeal_four_nines: bool = False
    dump_555: bool = False
    players: int = 3
    max_hands: int = 200
    limit_result: bool = True
    target: int = 1000

    @classmethod
    def from_rules(cls, rules: RuleSet) -> ThousandSettings:
        r = rules
        return cls(
            step=int(r["bid-step"]),
            dealer_opens=r["opening"] == "dealer",
            raise_cap=r["raise-cap"] == "on",
            must_overtake=r["must-overtake"] == "on",
            marriage_first_trick=r["marriage-first-trick"] == "on",
            trump_next_trick=r["trump-effect"] == "next-trick",
            ace_marriage=200 if r["ace-marriage"] == "200" else 0,
            marriage_values=MARRIAGE_VALUES[r["marriage-values"]],
            round_to={"5": 5, "10": 10, "none": 0}[r["round"]],
            barrel=r["barrel"],
            barrel_hands=None if r["barrel-hands"] == "unlimited" else int(r["barrel-hands"]),
            barrel_penalty=int(r["barrel-penalty"]),
            barrel_fail_free=r["barrel-fail"] == "free",
            barrel_win_target=r["barrel-win"] == "target",
            barrel_exit_any=r["barrel-exit"] == "any",
            barrel_jump=r["barrel-jump"] == "on",
            knock_off=r["barrel-collision"] == "knock-off",
            bolts=r["bolts"],
            concede=r["concede"],
            dark=r["dark"] == "on",
            golden_round=r["golden-round"] == "on",
            redeal_four_nines=r["redeal-four-nines"] == "on",
            dump_555=r["dump-555"] == "on",
            players=int(r["players"]),
            max_hands=int(r["max-hands"]),
            limit_result=r["limit-result"] == "higher",
            target=int(r["target"]),
        )

    @property
    def barrel_on(self) -> bool:
        return self.barrel != "off"

    @property
    def threshold(self) -> int:
        """Where the barrel starts: target-120, target-100 (900) or target-200 (800-lock)."""
        return self.target - {"880": 120, "900": 100, "800-lock": 200, "off": 0}[self.barrel]

    @property
    def lock(self) -> bool:
        return self.barrel == "800-lock"

    @property
    def win_contract(self) -> int:
        """The contract a player on the barrel must make to win (T8.2)."""
        return 100 if self.barrel == "900" else 120

    def rounded(self, points: int) -> int:
        """T7.3: an opponent's points rounded (17 -> 15, 18 -> 20)."""
        if not self.round_to:
            return points
        up = 3 if self.round_to == 5 else self.round_to // 2  # 1-2 down, 3-4 up; 10: 5 up
        q, r = divmod(points, self.round_to)
        return (q + (r >= up)) * self.round_to


# ---- Results ----------------------------------------------------------------------------


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class RoundResult:
    """What a finished hand gave: T7 points and scores, T8 totals and marks."""

    number: int
    dealer: int
    declarer: int | None = None
    contract: int | None = None
    made: bool | None = None
    conceded: bool = False
    redeal: bool = False
    dark: bool = False
    points: dict[int, int] = field(default_factory=dict)
    scores: dict[int, int] = field(default_factory=dict)
    totals: dict[int, int] = field(default_factory=dict)
    barrel: set[int] = field(default_factory=set)
    tricks: dict[int, int] = field(default_factory=dict)
    marriages: list[tuple[int, int, Suit | None]] = field(default_factory=list)
    barrel_hands: list[int | None] = field(default_factory=list)
    """After the hand, per seat: hands spent on the barrel (None: not on it)."""
    bolts: list[int] = field(default_factory=list)
    """After the hand, per seat: bolts counted."""
    notes: list[str] = field(default_factory=list)
    """Notable events in words: getting on or falling off the barrel, bolts, a win."""
    from_sheet: bool = False
    """The play was not recorded: the points or scores come from the score sheet
    (:class:`ScoreHand`), and nobody knows who took a trick (no bolt is counted)."""
    unbacked: list[IllegalMoveError] = field(default_factory=list)
    """Bids and raises over 120 made with unrecorded cards that the play showed were not
    backed by a marriage (T3.3, T4.3): legal when made, found wrong when the hand ended."""


# ---- The rules of play, on cards as bit masks (the engine and the Python search, dd.py) ----

def best_play(plays: Sequence[tuple[int, Card]], trump: int | None) -> tuple[int, Card]:
    """T5.4: the play (seat, card) that takes the trick so far: the highest card of the
    suit led, or the highest trump (``trump`` None or -1: no trump yet)."""
    best = plays[0]
    for p in plays[1:]:
        if beats(p[1], best[1], trump):
            best = p
    return best


# ---- State ------------------------------------------------------------------------------


@mypyc_attr(serializable=True)
@dataclass
class RoundState:
    """One hand in progress (T2-T7); :meth:`copy` is what ``pop`` goes back to (a test
    holds it to sharing no list, set or dict with the original)."""

    number: int
    """The hand's number in the session (T1)."""
    dealer: int
    active: list[int]
    """The three seats that play this hand, forehand first (a fourth player deals out)."""
    holdings: Holdings
    """Where each card is, as far as the record shows."""
    phase: str = "auction"
    """``auction``, ``talon``, ``give``, ``contract``, ``play`` (``deal`` between hands)."""
    turn: int = 0
    """The seat to call or play."""
    high: int = 0
    """The highest bid so far (T3), and its bidder."""
    high_seat: int | None = None
    passed: set[int] = field(default_factory=set)
    """The seats that passed (T3.2), and those that have called at all."""
    called: set[int] = field(default_factory=set)
    dark: bool = False
    """The winning bid was made dark (``dark=on``): the hand scores double."""
    declarer: int | None = None
    bid: int | None = None
    """The bid that won the auction, and the contract set after the talon (T4.3)."""
    contract: int | None = None
    talon_taken: list[Card | None] = field(default_factory=list)
    """The talon's cards as taken (None: not recorded)."""
    given: dict[int, Card | None] = field(default_factory=dict)
    """The card the declarer gave each opponent (T4.2; None: not recorded)."""
    trump: Suit | None = None
    """The trump now (T6: the last marriage declared), and the one a pending declaration
    makes trump from the next trick."""
    next_trump: Suit | None = None
    trick_no: int = 1
    leader: int | None = None
    """Who leads the trick in progress, and its cards so far."""
    plays: list[tuple[int, Card]] = field(default_factory=list)
    won: dict[int, list[Card]] = field(default_factory=dict)
    """Each seat's cards taken in tricks, and how many tricks."""
    tricks_taken: dict[int, int] = field(default_factory=dict)
    marriage_points: dict[int, int] = field(default_factory=dict)
    """Each seat's points from marriages (T6.2), and the marriages as declared: (seat,
    points, suit)."""
    marriages: list[tuple[int, int, Suit | None]] = field(default_factory=list)
    deferred: list[tuple[str, int, int, Node | None]] = field(default_factory=list)
    """Bids and raises over 120 made with unrecorded cards, checked when the play shows
    the hand (T3.3, T4.3): what, seat, value, its record node."""
    dealt_known: dict[int, bool] = field(default_factory=dict)
    """Whether each seat's dealt cards were recorded."""


@mypyc_attr(serializable=True)
@dataclass
class MatchState:
    number: int
    dealer: int
    totals: list[int]
    barrel: list[int | None]  # hands spent on the barrel, None when not on it
    bolts: list[int]
    concessions: list[int]
    over: bool = False
    winner: int | None = None
    draw: bool = False
    no_result: bool = False
    """The session stopped at the hand limit with no result (limit-result=none)."""
    by_limit: bool = False
    """The hand limit ended the game (T9.2)."""
    hands_played: int = 0


class ThousandEngine(Table[ThousandMove, RoundResult]):
    """The rules of Thousand: moves pushed in the order of play, each checked (the table,
    :class:`replay.thousand.ThousandTable`, adds the moves as KGN and ``record()``)."""

    game = "thousand"
    title = "Thousand"
    round_word = "hand"
    RULEBOOK: ClassVar[Rulebook] = RULEBOOK
    CHANCE = DealCards
    START = (
        StartTag("FirstHand", "first_hand", least=1, unset=1),
        StartTag("Totals", "totals", per_seat=True, least=None),
        StartTag("Barrel", "barrel", per_seat=True, least=None, blank=True),
        StartTag("Bolts", "bolts", per_seat=True, least=None),
    )
    """The tags that start a record in the middle of a session: the hand's number, and per
    seat the totals, the hands spent on the barrel (``-`` when not on it) and the bolts."""

    def __init__(
        self,
        players: list[str],
        *,
        dealer: int = 0,
        rules: RuleSet | None = None,
        first_hand: int = 1,
        totals: list[int] | None = None,
        barrel: list[int | None] | None = None,
        bolts: list[int] | None = None,
    ) -> None:
        self.rules = rules or self.RULEBOOK.parse("classic")
        self.settings = ThousandSettings.from_rules(self.rules)
        self.players = list(players)
        n = len(players)
        self.match = MatchState(
            number=first_hand,
            dealer=dealer,
            totals=list(totals or [0] * n),
            barrel=list(barrel or [None] * n),
            bolts=list(bolts or [0] * n),
            concessions=[0] * n,
        )
        self.round: RoundState | None = None
        self.results: list[RoundResult] = []
        self.last_winner: int | None = None
        self.last_trick = None
        """The trick just completed (seat, card per play) until the next card or deal."""
        self.places: dict[int, str] = {**dict(enumerate(self.players)), POOL: "the talon"}
        """What each place of the cards is called in a message."""
        self._start: dict[str, object] = {
            "dealer": dealer, "first_hand": first_hand, "totals": list(self.match.totals),
            "barrel": list(self.match.barrel), "bolts": list(self.match.bolts),
        }
        """How the table was started (what ``record()`` writes in the start tags)."""
        super().__init__()

    @property
    def start(self) -> Mapping[str, object]:
        """How the table was started (what ``record()`` writes in the start tags)."""
        return self._start

    # -- basics -------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``deal``, ``auction``, ``talon``, ``give``, ``contract``, ``play`` or ``over``."""
        if self.match.over:
            return "over"
        return "deal" if self.round is None else self.round.phase

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is (None: a deal is due, or the game is over)."""
        hand = self.round
        if hand is None or self.match.over:
            return None
        if hand.phase in ("talon", "give", "contract"):
            return hand.declarer
        return hand.turn

    @property
    def trump(self) -> Suit | None:
        """The trump suit now (None: no marriage declared yet, or between hands)."""
        return self.round.trump if self.round is not None else None

    @property
    def trick_open(self) -> bool:
        """Whether cards of an unfinished trick lie on the table."""
        return self.round is not None and bool(self.round.plays)

    def active_seats(self) -> list[int]:
        """The seats dealt cards in the next (or current) hand, forehand first (T1: with
        four players the dealer sits out)."""
        g = self.match
        n = len(self.players)
        active = [(g.dealer + k) % n for k in range(1, n + 1)]
        if self.settings.players == 4:
            active = [p for p in active if p != g.dealer]
        return active

    def left_out(self) -> ThousandMove | None:
        """T4.1, T4.2: what a record may leave out when the hand goes on past it: the talon
        taken (its cards unseen), then the two cards given (unseen)."""
        hand = self.round
        if hand is None or hand.declarer is None:
            return None
        if hand.phase == "talon":
            return TakeTalon([None] * 3)
        if hand.phase == "give":
            return GiveCards([(p, None) for p in hand.active if p != hand.declarer])
        return None

    def chance_move(self, rng: random.Random) -> DealCards | None:
        """A random deal when one is due (None otherwise)."""
        if (self.round is not None or self.match.over
            or self.full()  # no room in the record: no deal
        ):
            return None
        cards = sorted(DECK)
        rng.shuffle(cards)
        hands: dict[int, list[Card | None]] = {
            p: sorted(cards[7 * i : 7 * i + 7], key=display_order)
            for i, p in enumerate(self.active_seats())
        }
        talon: list[Card | None] = sorted(cards[21:24], key=display_order)
        return DealCards(hands=hands, talon=talon)

    def next_number(self) -> int:
        return self.match.number

    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds now (none between hands)."""
        round_ = self.round
        if round_ is None:
            return []
        return [round_.holdings.size(s) for s in range(len(self.players))]

    def scores(self) -> list[int]:
        """Each player's total."""
        return list(self.match.totals)

    def outcome(self) -> Outcome | None:
        """None while the game goes on; then the winner (or ``draw``) and the totals."""
        if not self.match.over:
            return self.stopped(self.match.totals)
        return Outcome(self.result, dict(zip(self.players, self.match.totals, strict=True)))

    def _next(self, seat: int, among: list[int]) -> int:
        i = among.index(seat)
        return among[(i + 1) % len(among)]

    def _apply(self, ev: ThousandMove) -> None:
        if self.match.over:
            how, clause = self.ended()
            raise illegal(tr("the game is over ({how}); no more moves").format(how=how), "game-over", clause)
        if isinstance(ev, DealCards):
            self._deal(ev)
            return
        hand = self.round
        if hand is None:  # a hand whose deal nobody recorded
            self._deal(DealCards())
            hand = self.round
            assert hand is not None
        try:
            self._event(hand, ev)
        except IllegalMoveError as exc:
            if exc.legal is None:
                exc.legal = self._legal_texts(hand, ev)
            raise

    def _event(self, hand: RoundState, ev: ThousandMove) -> None:
        """One move of a hand, by its kind."""
        if type(ev) is PlayCard:
            self._play(hand, ev)
        elif isinstance(ev, Bid):
            self._call(hand, ev)
        elif isinstance(ev, ClaimRedeal):
            self._redeal(hand, ev)
        elif isinstance(ev, TakeTalon):
            self._talon(hand, ev)
        elif isinstance(ev, ConcedeHand):
            self._concede(hand)
        elif isinstance(ev, GiveCards):
            self._give(hand, ev)
        elif isinstance(ev, SetContract):
            self._raise(hand, ev)
        elif isinstance(ev, ScoreHand):
            self._score_hand(hand, ev)
        else:
            assert isinstance(ev, PlayCard), "a deal is not a move of a hand"
            self._play(hand, ev)

    def _legal_texts(self, hand: RoundState, ev: ThousandMove) -> list[str] | None:
        """What an illegal move's message lists as legal instead: the cards, the calls or
        the contracts open at the table's phase (None for another move)."""
        if isinstance(ev, PlayCard) and hand.phase == "play":
            return self._card_texts(hand, ev.seat)
        if isinstance(ev, Bid) and hand.phase == "auction":
            return self._call_texts(hand, ev.seat)
        if isinstance(ev, SetContract) and hand.phase == "contract":
            return [str(m.value) for m in self.legal_moves() if isinstance(m, SetContract)]
        return None

    def _card_texts(self, hand: RoundState, seat: int) -> list[str] | None:
        """The cards the seat whose turn it is may play (None while they are not all
        known); named (``Anna AS``) when ``seat`` played out of his turn."""
        cards = self._legal_text(hand.turn)
        if cards is not None and seat != hand.turn:
            cards = [f"{self.name(hand.turn)} {c}" for c in cards]
        return cards

    def _call_texts(self, hand: RoundState, seat: int) -> list[str]:
        """The calls open to the seat whose turn it is (``pass``, ``110`` ...); named
        (``Boris 110``) when ``seat`` called out of his turn."""
        calls = ["pass" if b is None else str(b) for b in self.legal_bids()]
        if seat != hand.turn:
            calls = [f"{self.name(hand.turn)} {c}" for c in calls]
        return calls

    def _phase_error(self, hand: RoundState, what: str) -> IllegalMoveError:
        expected = {
            "auction": (tr("a call of the auction"), "T3"),
            "talon": (tr("the talon"), "T4.1"),
            "give": (tr("the declarer's gives"), "T4.2"),
            "contract": (tr("the contract or the first trick"), "T4.3"),
            "play": (tr("a card"), "T5"),
        }[hand.phase]
        return illegal(
            tr("{what} is out of place: the table expects {expected}").format(
                what=what, expected=expected[0]
            ), "out-of-order", expected[1]
        )

    # -- deal (T1, T2) --------------------------------------------------------------------

    def _deal(self, ev: DealCards) -> None:
        if self.round is not None:
            raise illegal(tr("a new deal before the hand is over"), "out-of-order", "T5")
        self.last_trick = None
        s = self.settings
        g = self.match
        n = len(self.players)
        active = [(g.dealer + k) % n for k in range(1, n + 1)]
        if s.players == 4:
            active = [p for p in active if p != g.dealer]
        holdings = Holdings(
            DECK, n, deal_clause="T2", play_clause="T2", follow_clause="T5.1", names=self.places
        )
        hand = RoundState(number=g.number, dealer=g.dealer, active=active, holdings=holdings)
        for seat, cards in ev.hands.items():
            if seat not in active:
                raise illegal(
                    tr("{player} is the dealer and sits out this hand, dealt no cards").format(
                        player=self.name(seat)
                    ),
                    "deal-size",
                    "T2",
                )
            if len(cards) != 7:
                raise illegal(
                    ntr("{player} is dealt {n} card, not 7", "{player} is dealt {n} cards, not 7", len(cards)).format(
                        player=self.name(seat), n=len(cards)
                    ),
                    "deal-size",
                    "T2",
                )
            holdings.place_all(seat, cards)
        for seat in active:
            if seat not in ev.hands:
                holdings.unknown[seat] = 7
            hand.dealt_known[seat] = holdings.fully_known(seat)
        if ev.talon is not None:
            if len(ev.talon) != 3:
                raise illegal(ntr("the talon has {n} card, not 3", "the talon has {n} cards, not 3", len(ev.talon)).format(n=len(ev.talon)), "deal-size", "T2")
            holdings.place_all(POOL, ev.talon)
        else:
            holdings.unknown[POOL] = 3
        holdings.check_feasible()
        hand.turn = active[0]
        self.round = hand
        if s.dealer_opens:  # T3.1, opening=dealer: the dealer's compulsory 100
            hand.high, hand.high_seat = 100, active[-1]
        if s.golden_round and hand.number <= 3:
            hand.declarer = active[0]
            hand.bid = hand.contract = 120
            hand.phase = "talon"

    def _redeal(self, hand: RoundState, ev: ClaimRedeal) -> None:
        if not self.settings.redeal_four_nines:
            raise illegal(
                tr("a redeal for four nines needs the switch redeal-four-nines=on"),
                "redeal-not-allowed",
                "T2",
            )
        # Before the auction (in a golden-round hand, which has none: before the talon).
        if hand.phase not in ("auction", "talon") or hand.called or hand.talon_taken:
            raise illegal(tr("a redeal is asked before the auction"), "redeal-not-allowed", "T2")
        if ev.seat not in hand.active:
            raise illegal(
                tr("{player} has no cards this hand").format(player=self.name(ev.seat)), "redeal-not-allowed", "T2"
            )
        for nine in sorted(NINES):
            try:
                hand.holdings.reveal(ev.seat, nine, "redeal")
            except IllegalMoveError:
                raise illegal(
                    tr(
                        "{player} was not dealt all four nines ({card} was dealt elsewhere)"
                    ).format(
                        player=self.name(ev.seat), card=card_code(nine)
                    ),
                    "redeal-not-allowed",
                    "T2",
                ) from None
        result = RoundResult(number=hand.number, dealer=hand.dealer, redeal=True)
        result.totals = dict(enumerate(self.match.totals))
        result.barrel = {p for p, b in enumerate(self.match.barrel) if b is not None}
        result.barrel_hands = list(self.match.barrel)
        result.bolts = list(self.match.bolts)
        result.notes.append(tr("{player} shows four nines: redeal by the same dealer").format(
            player=self.name(ev.seat)
        ))
        self.results.append(result)
        self.round = None
        self.match.number += 1

    # -- auction (T3) ---------------------------------------------------------------------

    def cap(self, cards: set[Card]) -> int:
        """T3.3: 120 plus the marriages held."""
        return 120 + sum(
            v
            for suit, v in self.settings.marriage_values.items()
            if make_card(Rank.KING, suit) in cards and make_card(Rank.QUEEN, suit) in cards
        )

    def legal_bids(self) -> list[int | None]:
        """The calls open to the seat whose turn it is (None: pass)."""
        hand = self.round
        if hand is None or hand.phase != "auction":
            return []
        s = self.settings
        first = hand.turn == hand.active[0] and not hand.called and not s.dealer_opens
        low = 100 if hand.high == 0 else hand.high + s.step
        low = -(-low // s.step) * s.step
        h = hand.holdings
        top = (
            self.cap(h.known[hand.turn])
            if h.fully_known(hand.turn)
            else 120 + sum(s.marriage_values.values())
        )
        out: list[int | None] = [] if first else [None]
        out.extend(range(low, top + 1, s.step))
        return out

    def _call(self, hand: RoundState, ev: Bid) -> None:
        if hand.phase != "auction":
            if hand.phase in ("talon", "give", "contract", "play") and hand.bid is not None:
                raise illegal(
                    tr("{player} calls after the auction is over").format(
                        player=self.name(ev.seat)
                    ), "auction-over", "T3.4"
                )
            raise self._phase_error(hand, tr("a call"))
        s = self.settings
        who = self.name(ev.seat)
        if ev.seat != hand.turn:
            raise illegal(
                tr("{who} calls out of turn; it is {player}'s turn").format(
                    who=who, player=self.name(hand.turn)
                ),
                "out-of-turn",
                "T3.2",
            )
        first = ev.seat == hand.active[0] and not hand.called
        if ev.bid is None:
            first = first and not s.dealer_opens
            if first:
                raise illegal(
                    tr(
                        "{who} opens the auction and may not pass: the opening bid is at least "
                        "100"
                    ).format(
                        who=who
                    ),
                    "opening-bid",
                    "T3.1",
                    legal=[str(b) for b in self.legal_bids() if b is not None],
                )
            hand.passed.add(ev.seat)
        else:
            self._check_bid(hand, ev, first)
            self._check_cap(hand, ev.seat, ev.bid, "bid", ev.ref)
            hand.high, hand.high_seat = ev.bid, ev.seat
            hand.dark = ev.dark
        hand.called.add(ev.seat)
        remaining = [p for p in hand.active if p not in hand.passed]
        if len(hand.passed) >= 2 and hand.high_seat is not None:
            hand.declarer = hand.high_seat
            hand.bid = hand.contract = hand.high
            hand.phase = "talon"
            return
        if not remaining:  # pragma: no cover - the forehand cannot pass first
            raise illegal(tr("everybody passed"), "opening-bid", "T3.1")
        nxt = self._next(ev.seat, hand.active)
        while nxt in hand.passed:
            nxt = self._next(nxt, hand.active)
        hand.turn = nxt

    def _check_bid(self, hand: RoundState, ev: Bid, first: bool) -> None:
        """A bid (not a pass) is a multiple of the step, over the last bid and at least 100
        (T3.1, T3.2); a dark bid is the forehand's first call, 120, under ``dark=on`` (T3)."""
        s = self.settings
        who = self.name(ev.seat)
        assert ev.bid is not None
        if ev.dark:
            if not s.dark:
                raise illegal(
                    tr("a dark bid needs the switch dark=on"), "dark-not-allowed", "T3"
                )
            if not first or ev.bid != 120:
                raise illegal(
                    tr("only the forehand may bid dark, with 120, as the first call"),
                    "dark-not-allowed",
                    "T3",
                )
        if ev.bid % s.step:
            raise illegal(
                tr("{who} bids {bid}, not a multiple of {step}").format(
                    who=who, bid=ev.bid, step=s.step
                ), "bid-step", "T3.2"
            )
        if hand.high == 0 and ev.bid < 100:
            raise illegal(
                tr("{who} opens with {bid}; the opening bid is at least 100").format(
                    who=who, bid=ev.bid
                ),
                "opening-bid",
                "T3.1",
            )
        if ev.bid <= hand.high:
            raise illegal(
                tr("{who} bids {bid}, not higher than {high}").format(
                    who=who, bid=ev.bid, high=hand.high
                ),
                "bid-too-low",
                "T3.2",
                legal=[("pass" if b is None else str(b)) for b in self.legal_bids()],
            )

    def _check_cap(
        self, hand: RoundState, seat: int, value: int, what: str, ref: Node | None
    ) -> None:
        if value <= 120:
            return
        h = hand.holdings
        if what == "bid" and not hand.dealt_known.get(seat, False):
            hand.deferred.append((what, seat, value, ref))
            return
        if what == "raise" and not h.fully_known(seat):
            hand.deferred.append((what, seat, value, ref))
            return
        cap = self.cap(h.known[seat])
        if value > cap:
            raise self._cap_error(seat, value, cap, what, h.known[seat])

    def _cap_error(
        self, seat: int, value: int, cap: int, what: str, cards: set[Card]
    ) -> IllegalMoveError:
        held = [
            tr(suit.noun)
            for suit in Suit
            if make_card(Rank.KING, suit) in cards and make_card(Rank.QUEEN, suit) in cards
        ]
        why = tr("marriages held: {list}").format(list=', '.join(held)) if held else tr("no marriage held")
        if what == "bid":
            return illegal(
                tr("{player}: a bid of {value} is over the cap of {cap} ({why})").format(
                    player=self.name(seat), value=value, cap=cap, why=why
                ), "bid-cap", "T3.3"
            )
        return illegal(
            tr("{player}: a raise to {value} is over the cap of {cap} ({why})").format(
                player=self.name(seat), value=value, cap=cap, why=why
            ),
            "raise-cap",
            "T4.3",
        )

    # -- talon, concession, gives, raise (T4) ---------------------------------------------

    def _talon(self, hand: RoundState, ev: TakeTalon) -> None:
        if hand.phase != "talon":
            if hand.phase == "auction":
                raise illegal(
                    tr("the talon is taken before the auction is over"), "auction-incomplete", "T3.4"
                )
            raise self._phase_error(hand, tr("the talon"))
        assert hand.declarer is not None
        h = hand.holdings
        if len(ev.cards) != h.size(POOL):
            raise illegal(
                ntr(
                    "the talon has {size} card; {n} are shown",
                    "the talon has {size} cards; {n} are shown",
                    h.size(POOL),
                ).format(size=h.size(POOL), n=len(ev.cards)),
                "talon-mismatch",
                "T4.1",
            )
        for card in ev.cards:
            if card is not None:
                try:
                    h.reveal(POOL, card, "talon")
                except IllegalMoveError as exc:
                    raise illegal(
                        tr("{card} is not in the talon ({message})").format(
                            card=card_code(card), message=exc.message
                        ),
                        "talon-mismatch",
                        "T4.1",
                    ) from None
        hand.talon_taken = [c for c in h.known[POOL]] + [None] * h.unknown[POOL]
        for card in list(h.known[POOL]):
            h.move(POOL, hand.declarer, card, "talon")
        h.unknown[hand.declarer] += h.unknown[POOL]
        h.unknown[POOL] = 0
        hand.phase = "give"

    def _concede(self, hand: RoundState) -> None:
        s = self.settings
        if s.concede == "off":
            raise illegal(
                tr("conceding needs the switch concede=pagat|half|bomb"), "concede-not-allowed", "T4"
            )
        if hand.phase != "give":
            raise illegal(
                tr("the declarer concedes after taking the talon, before giving cards"),
                "concede-not-allowed",
                "T4",
            )
        assert hand.declarer is not None
        if self.match.barrel[hand.declarer] is not None or (
            s.lock and self.match.totals[hand.declarer] >= s.threshold
        ):
            raise illegal(
                tr("{player} is on the barrel and may not concede").format(
                    player=self.name(hand.declarer)
                ),
                "concede-not-allowed",
                "T4",
            )
        self._finish(hand, conceded=True)

    def _give(self, hand: RoundState, ev: GiveCards) -> None:
        if hand.phase != "give":
            raise self._phase_error(hand, tr("a give"))
        d = hand.declarer
        assert d is not None
        opponents = [p for p in hand.active if p != d]
        seats = [seat for seat, _ in ev.cards]
        if sorted(seats) != sorted(opponents):
            names = " and ".join(self.name(p) for p in opponents)
            raise illegal(
                tr("the declarer gives exactly one card to each opponent ({names})").format(
                    names=names
                ), "give", "T4.2"
            )
        h = hand.holdings
        for k, (seat, card) in enumerate(ev.cards):
            try:
                h.move(d, seat, card, "give")
            except IllegalMoveError as exc:
                why = exc.message.removeprefix("give: ")  # the card is named once
                err = illegal(
                    tr("{player} cannot give {x}: {why}").format(
                        player=self.name(d),
                        x=card_code(card) if card is not None else "??",
                        why=why,
                    ),
                    exc.code if exc.code != "card-not-held" else "give",
                    "T4.2",
                    legal=[card_code(c) for c in sorted(h.known[d])] if h.fully_known(d) else None,
                )
                err.card = None if card is None else card_code(card)
                err.card_nth = sum(1 for _, c in ev.cards[:k] if c == card)  # as written
                raise err from None
            hand.given[seat] = card
        hand.phase = "contract"
        hand.leader = hand.turn = d

    def _raise(self, hand: RoundState, ev: SetContract) -> None:
        if hand.phase != "contract":
            raise self._phase_error(hand, tr("the contract"))
        s = self.settings
        d = hand.declarer
        assert d is not None and hand.bid is not None
        if ev.value < hand.bid:
            raise illegal(
                tr("the contract {value} is below the bid {bid}; lowering is illegal").format(
                    value=ev.value, bid=hand.bid
                ),
                "raise-lower",
                "T4.3",
            )
        if ev.value % s.step:
            raise illegal(
                tr("the contract {value} is not a multiple of {step}").format(
                    value=ev.value, step=s.step
                ), "bid-step", "T4.3"
            )
        if ev.value != hand.bid and s.raise_cap:
            self._check_cap(hand, d, ev.value, "raise", ev.ref)
        hand.contract = ev.value
        hand.phase = "play"

    # -- play (T5, T6) --------------------------------------------------------------------

    def legal_moves(self) -> list[ThousandMove]:
        """The events the rules allow now, as far as the known cards tell (a seat whose
        cards are not all known gets no card list: any card it may hold is possible)."""
        hand = self.round
        if self.match.over or hand is None:
            return []
        moves = self._redeal_claims(hand)
        if hand.phase == "auction":
            return moves + self._calls(hand)
        if hand.phase == "talon":
            h = hand.holdings
            talon: list[Card | None] = sorted(h.known[POOL], key=display_order)
            return [*moves, TakeTalon(talon + [None] * h.unknown[POOL])]
        if hand.phase == "give":
            return self._gives(hand)
        if hand.phase == "contract":
            moves = self._contracts(hand)
        return moves + self._plays(hand)

    def _redeal_claims(self, hand: RoundState) -> list[ThousandMove]:
        """``redeal-four-nines``: a player holding the four nines may claim a new deal
        before the first call or before the talon is taken."""
        if not self.settings.redeal_four_nines or hand.called or hand.talon_taken:
            return []
        if hand.phase not in ("auction", "talon"):
            return []
        h = hand.holdings
        return [ClaimRedeal(p) for p in hand.active if NINES <= h.known[p]]

    def _calls(self, hand: RoundState) -> list[ThousandMove]:
        """T3: the calls open to the player to call (``dark``: the first caller's blind
        120)."""
        calls: list[ThousandMove] = [Bid(hand.turn, b) for b in self.legal_bids()]
        if self.settings.dark and hand.turn == hand.active[0] and not hand.called:
            calls.append(Bid(hand.turn, 120, dark=True))
        return calls

    def _gives(self, hand: RoundState) -> list[ThousandMove]:
        """T4.2: one card of the declarer's to each opponent; and conceding where the switch
        ``concede`` lets him (not on the barrel, nor locked at 800)."""
        d = hand.declarer
        assert d is not None
        opp = [p for p in hand.active if p != d]
        cards = sorted(hand.holdings.known[d])
        moves: list[ThousandMove] = [GiveCards([(opp[0], a), (opp[1], b)]) for a in cards for b in cards if a != b]
        s = self.settings
        g = self.match
        if s.concede != "off" and g.barrel[d] is None and not (s.lock and g.totals[d] >= s.threshold):
            moves.append(ConcedeHand())
        return moves

    def _contracts(self, hand: RoundState) -> list[ThousandMove]:
        """T4.3: the contracts the declarer may set, from his bid to what T3.3 caps."""
        if hand.bid is None:
            return []
        d = hand.declarer
        assert d is not None
        h = hand.holdings
        if not self.settings.raise_cap:
            top = 120 + sum(self.settings.marriage_values.values()) + self.settings.ace_marriage
        else:
            # a hand not fully known may hold every marriage (T3.3 is checked once
            # it is known)
            top = self.cap(h.known[d] if h.fully_known(d) else set(DECK))
        top = max(top, hand.bid)  # the bid itself stands even when a give broke a marriage
        return [SetContract(v) for v in range(hand.bid, top + 1, self.settings.step)]

    def _plays(self, hand: RoundState) -> list[ThousandMove]:
        """T5, T6: the cards the player to play may play (a lead with a marriage where one
        can be declared); none where his cards are not all known."""
        seat = hand.turn
        h = hand.holdings
        if not h.fully_known(seat):
            return []
        moves: list[ThousandMove] = []
        for card in self.legal_cards(seat):
            moves.append(PlayCard(seat, card))
            if not hand.plays and rank_no(card) in (Rank.KING, Rank.QUEEN, Rank.ACE):
                try:
                    self._check_marriage(hand, PlayCard(seat, card, True))
                except IllegalMoveError:
                    continue
                moves.append(PlayCard(seat, card, True))
        return moves

    def legal_cards(self, seat: int | None = None) -> list[Card]:
        """The cards the seat to play may play, from what is known of its hand."""
        hand = self.round
        if hand is None or hand.phase not in ("contract", "play"):
            return []
        seat = hand.turn if seat is None else seat
        known = hand.holdings.known[seat]
        if not hand.plays:
            return sorted(known)
        overtake = self.settings.must_overtake
        best = best_play(hand.plays, hand.trump)[1] if overtake else 0
        trump = -1 if hand.trump is None else int(hand.trump)
        return cards_of(follow_mask(card_mask(known), suit_no(hand.plays[0][1]), best, trump, overtake))

    def _start_play(self, hand: RoundState) -> None:
        """The first card after the contract starts the play; before it, a card is out of
        order (T3.4, T4.2)."""
        if hand.phase == "contract":
            hand.phase = "play"
        elif hand.phase == "give":
            raise illegal(
                tr("a card is played before the declarer gives two cards away"),
                "out-of-order",
                "T4.2",
            )
        elif hand.phase == "auction":
            raise illegal(
                tr("a card is played before the auction is over"), "auction-incomplete", "T3.4"
            )
        else:
            raise self._phase_error(hand, tr("a card"))

    def _turn_error(self, hand: RoundState, seat: int) -> IllegalMoveError:
        """T5: a card played out of turn, or a lead by another than the leader."""
        who = self.name(seat)
        if not hand.plays:
            if hand.trick_no == 1:
                message = tr("{who} leads, but the lead is {player}'s (the declarer leads trick 1)")
            else:
                message = tr("{who} leads, but the lead is {player}'s ({player} took the last trick)")
            return illegal(message.format(who=who, player=self.name(hand.turn)), "wrong-leader", "T5")
        return illegal(
            tr("{who} plays out of turn; it is {player}'s turn").format(
                who=who, player=self.name(hand.turn)
            ), "out-of-turn", "T5"
        )

    def _check_follow(self, hand: RoundState, seat: int, card: Card) -> None:
        """T5.1-T5.3: a card to a trick follows suit, else trumps, and beats the trick
        under ``must-overtake``, as far as the seat's hand is known."""
        h = hand.holdings
        plays = hand.plays
        trump = hand.trump
        led = suit_no(plays[0][1])
        suit = suit_no(card)
        if suit != led:
            if h.holds_suit(seat, led):
                raise illegal(
                    tr("{player} must follow {noun} (holds {held})").format(
                        player=self.name(seat), noun=tr(Suit(led).noun), held=self._held(seat, led)
                    ),
                    "must-follow",
                    "T5.1",
                    self._legal_text(seat),
                )
            if trump is not None and suit != trump and h.holds_suit(seat, trump):
                raise illegal(
                    tr("{player} must play a trump (holds {held})").format(
                        player=self.name(seat), held=self._held(seat, trump)
                    ),
                    "must-trump",
                    "T5.2",
                    self._legal_text(seat),
                )
        if (
            self.settings.must_overtake
            and h.fully_known(seat)
            and card in h.known[seat]
            and card not in self.legal_cards(seat)
        ):
            best = best_play(plays, trump)[1]
            raise illegal(
                tr("{player} must beat {card} (must-overtake=on)").format(
                    player=self.name(seat), card=card_code(best)
                ),
                "must-overtake",
                "T5.3",
                self._legal_text(seat),
            )

    def _play(self, hand: RoundState, ev: PlayCard) -> None:
        if hand.phase != "play":
            self._start_play(hand)
        seat, card = ev.seat, ev.card
        if seat != hand.turn:
            raise self._turn_error(hand, seat)
        if ev.marriage:
            self._check_marriage(hand, ev)
        h = hand.holdings
        plays = hand.plays
        if plays:
            trump = hand.trump
            led = suit_no(plays[0][1])
            suit = suit_no(card)
            self._check_follow(hand, seat, card)
        h.play(seat, card)
        if not plays:
            self.last_trick = None
        elif suit != led:
            h.show_out(seat, led)
            if trump is not None and suit != trump:
                h.show_out(seat, trump)
        if ev.marriage:
            self._declare(hand, ev)
        plays.append((seat, card))
        if len(plays) < len(hand.active):
            hand.turn = self._next(seat, hand.active)
            return
        winner = best_play(plays, hand.trump)[0]
        hand.won.setdefault(winner, []).extend([c for _, c in plays])
        hand.tricks_taken[winner] = hand.tricks_taken.get(winner, 0) + 1
        self.last_trick = tuple(plays)
        hand.plays = []
        self.last_winner = hand.leader = hand.turn = winner
        hand.trick_no += 1
        if hand.next_trump is not None:
            hand.trump, hand.next_trump = hand.next_trump, None
        if hand.trick_no > 8:
            self._finish(hand)

    def _held(self, seat: int, suit: int) -> str:
        """The known cards of ``suit`` in ``seat``'s hand, as text."""
        assert self.round is not None
        cards = sorted(self.round.holdings.known[seat])
        return ", ".join(card_code(c) for c in cards if suit_no(c) == suit)

    def _legal_text(self, seat: int) -> list[str] | None:
        """The cards ``seat`` may play, as text (None while his cards are not all known)."""
        hand = self.round
        if hand is None or not hand.holdings.fully_known(seat):
            return None
        return [card_code(c) for c in self.legal_cards(seat)]

    def assume_auction(self, declarer: int, bid: int) -> None:
        """For a record without its auction: take the declarer and bid as given."""
        hand = self.round
        assert hand is not None and hand.phase == "auction"
        hand.declarer, hand.bid, hand.contract = declarer, bid, bid
        hand.phase = "talon"
        self.mark()

    def _check_marriage(self, hand: RoundState, ev: PlayCard) -> None:
        s = self.settings
        who = self.name(ev.seat)
        if hand.plays:
            raise illegal(
                tr("{who} declares a marriage but does not lead").format(who=who), "marriage-invalid", "T6.2"
            )
        rank = rank_no(ev.card)
        if rank == Rank.ACE and s.ace_marriage:
            needed = sorted(ACES - {ev.card})
        elif rank in (Rank.KING, Rank.QUEEN):
            needed = [make_card(Rank.QUEEN if rank == Rank.KING else Rank.KING, suit_of(ev.card))]
        else:
            raise illegal(
                tr("{who} leads {card}: a marriage is declared with a king or a queen").format(
                    who=who, card=card_code(ev.card)
                ),
                "marriage-invalid",
                "T6.2",
            )
        if hand.trick_no == 1 and not s.marriage_first_trick:
            raise illegal(
                tr(
                    "{who} declares a marriage in trick 1; a marriage needs a trick taken first"
                ).format(
                    who=who
                ),
                "marriage-first-trick",
                "T6.3",
            )
        for partner in needed:
            if not hand.holdings.may_hold(ev.seat, partner):
                raise illegal(
                    tr("{who} declares a marriage without holding {card}").format(
                        who=who, card=card_code(partner)
                    ),
                    "marriage-invalid",
                    "T6.2",
                )

    def _declare(self, hand: RoundState, ev: PlayCard) -> None:
        s = self.settings
        for partner in (
            sorted(ACES - {ev.card})
            if rank_no(ev.card) == Rank.ACE
            else [
                make_card(Rank.QUEEN if rank_no(ev.card) == Rank.KING else Rank.KING, suit_of(ev.card))
            ]
        ):
            hand.holdings.reveal(ev.seat, partner, "marriage")
        if rank_no(ev.card) == Rank.ACE:
            value, suit = s.ace_marriage, None
        else:
            suit = suit_of(ev.card)
            value = s.marriage_values[suit]
            if s.trump_next_trick:
                hand.next_trump = suit
            else:
                hand.trump = suit
        hand.marriage_points[ev.seat] = hand.marriage_points.get(ev.seat, 0) + value
        hand.marriages.append((ev.seat, value, suit))

    # -- scoring (T7, T8, T9) -------------------------------------------------------------

    def _result(self, hand: RoundState, **fields: Any) -> RoundResult:
        """A finished hand's result, before its scores."""
        assert hand.declarer is not None and hand.contract is not None
        return RoundResult(
            number=hand.number,
            dealer=hand.dealer,
            declarer=hand.declarer,
            contract=hand.contract,
            dark=hand.dark,
            **fields,
        )

    def score_factor(self, hand: RoundState) -> int:
        """golden-round=on: the scores of the first three hands count double."""
        return 2 if (self.settings.golden_round and hand.number <= 3) else 1

    def _score_points(self, hand: RoundState, res: RoundResult) -> None:
        """T7.2, T7.3: the scores that the hand points give (before the golden round's
        doubling): the declarer +/- the contract (doubled dark), the opponents rounded."""
        d = res.declarer
        assert d is not None and hand.contract is not None
        res.made = res.points[d] >= hand.contract
        res.scores[d] = (hand.contract if res.made else -hand.contract) * (2 if hand.dark else 1)
        for p in hand.active:
            if p != d:
                res.scores[p] = self.settings.rounded(res.points[p])

    def _finish(self, hand: RoundState, conceded: bool = False) -> None:
        s = self.settings
        g = self.match
        d = hand.declarer
        assert d is not None and hand.contract is not None and hand.bid is not None
        res = self._result(hand, conceded=conceded)
        factor = self.score_factor(hand)
        opponents = [p for p in hand.active if p != d]
        if conceded:
            g.concessions[d] += 1
            if s.concede == "half":
                res.scores = {d: -hand.bid}
                half = ThousandSettings(round_to=5).rounded(hand.bid // 2)
                res.scores.update({p: half for p in opponents})
            else:
                first_bomb = s.concede == "bomb" and g.concessions[d] == 1
                res.scores = {d: 0}
                res.scores.update({p: 0 if first_bomb else 60 for p in opponents})
                if s.concede == "pagat" and g.concessions[d] % 3 == 0:
                    res.scores[d] = -120
                    res.notes.append(tr("{player}'s third concession costs 120").format(player=self.name(d)))
            res.made = None
        else:
            for p in hand.active:
                res.points[p] = sum(
                    card_points(c) for c in hand.won.get(p, [])
                ) + hand.marriage_points.get(p, 0)
                res.tricks[p] = hand.tricks_taken.get(p, 0)
            self._score_points(hand, res)
        if factor != 1:
            res.scores = {p: v * factor for p, v in res.scores.items()}
        res.marriages = list(hand.marriages)
        res.unbacked = self._unbacked(hand)
        self._close(hand, res)

    def _score_hand(self, hand: RoundState, ev: ScoreHand) -> None:
        """A hand whose play was not recorded, ended by the points (or the scores) its score
        sheet gives (T7); the totals follow as after a played hand (T8)."""
        if hand.phase == "auction":
            raise illegal(
                tr("the hand is scored before the auction is over"), "auction-incomplete", "T3.4"
            )
        if hand.plays or hand.trick_no > 1:
            raise illegal(
                tr("the hand's cards are recorded, so its play scores it, not the sheet"),
                "incomplete-hand",
                "T7",
            )
        d = hand.declarer
        assert d is not None and hand.contract is not None
        what, given = ("points", ev.points) if ev.points is not None else ("scores", ev.scores)
        missing = [self.name(p) for p in hand.active if given is None or p not in given]
        if given is None or missing:
            raise illegal(
                tr(
                    "a hand scored without its cards needs every player's {what}; {list} has "
                    "none"
                ).format(
                    what=what, list=', '.join(missing)
                ),
                "incomplete-hand",
                "T7",
            )
        factor = self.score_factor(hand)
        unit = hand.contract * (2 if hand.dark else 1) * factor
        res = self._result(hand, from_sheet=True)
        values = {p: given[p] for p in hand.active}
        if ev.points is not None:
            self._check_sheet_points(values)
            res.points = values
            self._score_points(hand, res)
            res.scores = {p: v * factor for p, v in res.scores.items()}
        else:
            self._check_sheet_scores(hand, values, unit, factor)
            res.made = values[d] > 0
            res.scores = values
        self._close(hand, res)

    def _check_sheet_points(self, values: dict[int, int]) -> None:
        """T7.1: a score sheet's hand points add up to the cards' 120 and what marriages
        can add, and none is below 0."""
        total = sum(values.values())
        marriages = self.marriage_sums()
        if total - 120 not in marriages or min(values.values()) < 0:
            worth = sorted({*self.settings.marriage_values.values(), self.settings.ace_marriage} - {0})
            raise illegal(
                tr(
                    "the hand points add up to {total}: the cards hold 120 and the "
                    "marriages add at most {max}, in sums of {list} and {worth}"
                ).format(
                    total=total,
                    max=max(marriages),
                    list=', '.join(map(str, worth[:-1])),
                    worth=worth[-1],
                ),
                "wrong-points",
                "T7.1",
            )

    def _check_sheet_scores(self, hand: RoundState, values: dict[int, int], unit: int, factor: int) -> None:
        """T7.2, T7.3: a score sheet's scores give the declarer his contract, won or lost,
        and each opponent his hand points rounded (never below 0)."""
        d = hand.declarer
        assert d is not None
        if values[d] not in (unit, -unit):
            raise illegal(
                tr(
                    "{player} declared {contract}: the declarer scores +{unit} or -{unit}, "
                    "not {values:+d}"
                ).format(
                    player=self.name(d), contract=hand.contract, unit=unit, values=values[d]
                ),
                "wrong-score",
                "T7.2",
            )
        step = (self.settings.round_to or 1) * factor
        odd = [p for p, v in values.items() if p != d and (v < 0 or v % step)]
        if odd:
            raise illegal(
                tr(
                    "{player}'s score {values} is no opponent's score: hand points rounded "
                    "to {step}"
                ).format(
                    player=self.name(odd[0]), values=values[odd[0]], step=step
                ),
                "wrong-score",
                "T7.3",
            )

    def marriage_sums(self) -> set[int]:
        """What the marriages of one hand can add up to (T7.1): the sums of every set of
        the marriages the rules know (each suit once, and the aces where they count)."""
        values = [*self.settings.marriage_values.values()]
        if self.settings.ace_marriage:
            values.append(self.settings.ace_marriage)
        sums = {0}
        for v in values:
            sums |= {x + v for x in sums}
        return sums

    def _close(self, hand: RoundState, res: RoundResult) -> None:
        """The hand is over: totals (T8), the next dealer, the end of the game (T9)."""
        s = self.settings
        g = self.match
        self._update_totals(hand, res)
        if any(abs(v) > MAX_NUMBER for v in g.totals):
            raise illegal(
                tr("the totals would pass {MAX_NUMBER:,}, more than a record holds").format(
                    MAX_NUMBER=MAX_NUMBER
                ),
                "record-limit",
                "T7.4",
            )
        self.results.append(res)
        self.round = None
        g.hands_played += 1
        g.number += 1
        g.dealer = (g.dealer + 1) % len(self.players)
        if not g.over and hand.number >= s.max_hands:
            self._end_by_limit(res)

    def _unbacked(self, hand: RoundState) -> list[IllegalMoveError]:
        """Bids and raises over 120 made with unrecorded cards: checked on the hand as
        play revealed it (the cards a seat played, less those it was given)."""
        h = hand.holdings
        errors: list[IllegalMoveError] = []
        for what, seat, value, ref in hand.deferred:
            played = set(h.played_by[seat])
            if len(played) != 8:
                continue
            if what == "raise":
                cards = played
            else:
                received = (
                    [hand.given.get(seat)] if seat != hand.declarer else list(hand.talon_taken)
                )
                gave = [hand.given[p] for p in hand.given] if seat == hand.declarer else []
                if any(c is None for c in received) or any(c is None for c in gave):
                    continue
                cards = (played | {c for c in gave if c is not None}) - {
                    c for c in received if c is not None
                }
            cap = self.cap(cards)
            if value > cap:
                err = self._cap_error(seat, value, cap, what, cards)
                err.hint = tr("the cards this player held follow from the play: {cards}").format(
                    cards=cards_text(cards)
                )
                err.ref = ref
                errors.append(err)
        return errors

    def _update_totals(self, hand: RoundState, res: RoundResult) -> None:
        """Add a finished hand's scores to the totals, each rule that touches a total in its
        own method and in this order: the scores and the barrel's getting on and leaving
        (T8.1-T8.3, T8.5), the hands spent on the barrel (T8.4), a barrel knocked off
        (``barrel-collision``), the bolts (``bolts``), a total that falls off the barrel or
        ``dump-555``; then who has reached the target (T9.1)."""
        match = self.match
        was_on = [b is not None for b in match.barrel]
        got_on = [p for p in hand.active if self._score_one(hand, res, p)]
        self._count_barrel_hands(hand, res, was_on)
        self._knock_off(res, got_on)
        self._count_bolts(hand, res)
        self._after_the_hand(hand, res)
        settings = self.settings
        res.totals = dict(enumerate(match.totals))
        res.barrel_hands = list(match.barrel)
        res.bolts = list(match.bolts)
        res.barrel = {
            p
            for p in range(len(self.players))
            if match.barrel[p] is not None
            or (settings.lock and settings.threshold <= match.totals[p] < settings.target)
        }
        self._check_target(hand, res)

    def _score_one(self, hand: RoundState, res: RoundResult, seat: int) -> bool:
        """T7, T8.1-T8.3, T8.5: a player's hand score added to his total, as the barrel and
        the switches allow; whether he got on the barrel with it."""
        settings = self.settings
        match = self.match
        score = res.scores.get(seat, 0)
        if settings.lock and match.totals[seat] >= settings.threshold and seat != res.declarer:
            return False  # 800-lock: only the declarer scores
        if match.barrel[seat] is not None:
            self._score_on_the_barrel(hand, res, seat, score)
            return False
        new = match.totals[seat] + score
        barrel = settings.barrel_on and not settings.lock
        if barrel and not settings.barrel_jump and match.totals[seat] < settings.threshold <= new:
            if new >= settings.target:  # barrel-jump=off: nobody jumps over the barrel
                res.notes.append(
                    tr(
                        "{player} would pass {target} but stops on the barrel "
                        "(barrel-jump=off)"
                    ).format(
                        player=self.name(seat), target=settings.target
                    )
                )
            new = min(new, settings.threshold)
        got_on = barrel and settings.threshold <= new < settings.target
        if got_on:  # T8.1
            new = settings.threshold
            match.barrel[seat] = 0
            res.notes.append(tr("{player} gets on the barrel").format(player=self.name(seat)))
        match.totals[seat] = new
        return got_on

    def _score_on_the_barrel(self, hand: RoundState, res: RoundResult, seat: int, score: int) -> None:
        """T8.2, T8.3: a player on the barrel scores only by making a contract that wins
        (or as a defender with ``barrel-exit=any``); a declarer who fails there loses the
        contract and falls off (unless ``barrel-fail=free``)."""
        settings = self.settings
        match = self.match
        won = settings.target if settings.barrel_win_target else match.totals[seat] + score
        if seat != res.declarer:
            if settings.barrel_exit_any and score >= 120:  # barrel-exit=any
                match.totals[seat] = won
                res.notes.append(
                    tr(
                        "{player} scores {sc} as a defender and wins from the barrel "
                        "(barrel-exit=any)"
                    ).format(
                        player=self.name(seat), sc=score
                    )
                )
            return
        if res.conceded:
            return
        if res.made and hand.contract is not None and hand.contract >= settings.win_contract:
            match.totals[seat] = won
        elif not res.made and settings.barrel_fail_free:
            res.notes.append(
                tr(
                    "{player} fails on the barrel; it costs nothing "
                    "(barrel-fail=free)"
                ).format(
                    player=self.name(seat)
                )
            )
        elif not res.made:
            match.totals[seat] += score
            match.barrel[seat] = None
            res.notes.append(tr("{player} fails on the barrel and falls off").format(
                player=self.name(seat)
            ))

    def _count_barrel_hands(self, hand: RoundState, res: RoundResult, was_on: list[bool]) -> None:
        """T8.4: a hand spent on the barrel by whoever was on it before the hand and has not
        won; after the last one allowed he loses the barrel penalty and falls off."""
        settings = self.settings
        match = self.match
        for p in hand.active:
            spent = match.barrel[p]
            if not was_on[p] or spent is None or match.totals[p] >= settings.target:
                continue
            spent = match.barrel[p] = spent + 1
            if settings.barrel_hands is not None and spent >= settings.barrel_hands:
                match.totals[p] -= settings.barrel_penalty
                match.barrel[p] = None
                res.notes.append(
                    ntr(
                        "{player} falls off the barrel after {barrel_hands} hand "
                        "(-{barrel_penalty})",
                        "{player} falls off the barrel after {barrel_hands} hands "
                        "(-{barrel_penalty})",
                        settings.barrel_hands,
                    ).format(
                        player=self.name(p),
                        barrel_hands=settings.barrel_hands,
                        barrel_penalty=settings.barrel_penalty,
                    )
                )

    def _knock_off(self, res: RoundResult, got_on: list[int]) -> None:
        """``barrel-collision=knock-off``: a player who gets on the barrel knocks off those
        already there (each loses the barrel penalty)."""
        if not self.settings.knock_off:
            return
        match = self.match
        for p in got_on:
            for q in range(len(self.players)):
                if q != p and q not in got_on and match.barrel[q] is not None:
                    match.totals[q] -= self.settings.barrel_penalty
                    match.barrel[q] = None
                    res.notes.append(tr("{player} knocks {player2} off the barrel").format(
                        player=self.name(p), player2=self.name(q)
                    ))

    def _count_bolts(self, hand: RoundState, res: RoundResult) -> None:
        """``bolts``: a hand without a trick is a bolt; the third (in all, or in a row)
        costs 120.  A conceded hand and a score-sheet hand count none."""
        bolts = self.settings.bolts
        if bolts == "off" or res.conceded or res.from_sheet:
            return
        match = self.match
        for p in hand.active:
            if res.tricks.get(p, 0) == 0:
                match.bolts[p] += 1
                if match.bolts[p] >= 3:
                    match.bolts[p] = 0
                    match.totals[p] -= 120
                    res.notes.append(tr("{player}'s third bolt costs 120").format(player=self.name(p)))
            elif bolts == "3-in-row":
                match.bolts[p] = 0

    def _after_the_hand(self, hand: RoundState, res: RoundResult) -> None:
        """T8.2: a total below the barrel, or at the target, is off it; ``dump-555``: a
        total of exactly 555 drops to 0."""
        settings = self.settings
        match = self.match
        for p in hand.active:
            if match.barrel[p] is not None and not settings.threshold <= match.totals[p] < settings.target:
                match.barrel[p] = None  # fell below, or won from the barrel (T8.2)
            if settings.dump_555 and match.totals[p] == 555:
                match.totals[p] = 0
                res.notes.append(tr("{player} has exactly 555 and drops to 0").format(player=self.name(p)))

    def _check_target(self, hand: RoundState, res: RoundResult) -> None:
        """T9.1: the first to reach the target wins; several in one hand: the declarer,
        else the higher total (equal totals draw)."""
        match = self.match
        reached = [p for p in hand.active if match.totals[p] >= self.settings.target]
        if not reached:
            return
        match.over = True
        if res.declarer in reached:
            match.winner = res.declarer
        else:
            top = max(match.totals[p] for p in reached)
            best = [p for p in reached if match.totals[p] == top]
            if len(best) == 1:
                match.winner = best[0]
            else:
                match.draw = True
        res.notes.append(
            tr("the game is drawn") if match.draw else tr("{player} wins the game").format(player=self.name(match.winner or 0))
        )

    def _end_by_limit(self, res: RoundResult) -> None:
        g = self.match
        g.over = True
        g.by_limit = True
        if not self.settings.limit_result:
            g.no_result = True
            res.notes.append(
                tr("the hand limit ({max_hands}) ends the session with no result").format(
                    max_hands=self.settings.max_hands
                )
            )
            return
        top = max(g.totals)
        best = [p for p, t in enumerate(g.totals) if t == top]
        if len(best) == 1:
            g.winner = best[0]
        else:
            g.draw = True
        res.notes.append(tr("the hand limit ({max_hands}) ends the game").format(max_hands=self.settings.max_hands))

    def ended(self) -> tuple[str, str]:
        """How the game ended, in words, and the clause that ended it (T9.1, or T9.2 at the
        hand limit)."""
        g = self.match
        clause = "T9.2" if g.by_limit else "T9.1"
        if g.no_result:
            return tr("the hand limit stopped the session with no result"), clause
        if g.draw:
            return tr("drawn"), clause
        return tr("{player} won").format(player=self.players[g.winner or 0]), clause

    @property
    def result(self) -> str | None:
        """The winner's name, ``draw``, or None while the game goes on (and for a session
        that stopped at the hand limit with no result)."""
        if not self.match.over or self.match.no_result:
            return None
        return "draw" if self.match.draw else self.players[self.match.winner or 0]
