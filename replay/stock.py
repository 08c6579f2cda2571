"""What the games played with a stock and a turned-up trump card share (Bura and its
variants, Sixty-six): the deal in progress (:class:`StockRound`) and the engine's part
that draws from the stock (:class:`StockEngine`), the deal and the draw as moves and as
events, and when the stock's order makes the next moves known.  Compiled with the engines
(setup.py)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from mypy_extensions import mypyc_attr

from notation.cards import UNKNOWN, Card, Suit, card_code, equal_cards, suit_of
from notation.errors import IllegalMoveError, KgnError, illegal
from notation.i18n import N_, ntr, tr
from notation.records import Deal, Draw, GameRecord, GiveCard, Hand, Node, StockShape, Winner
from notation.stock import StockGame

from .cards import shown
from .checker import Checker
from .rules import RuleSet
from .table import POOL, Holdings, Seats, Table, display_order

if TYPE_CHECKING:
    from notation.stock import StockNotation

__all__ = [
    "Before",
    "DealCards",
    "DrawCard",
    "StockChecker",
    "StockEngine",
    "StockMatch",
    "StockResult",
    "StockRound",
    "cards_placed",
    "random_deal",
    "stock_known",
    "stock_move",
    "write_move",
]


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class DealCards:
    """The deal, a chance move: per seat its cards (a seat left out: not recorded; a None
    card: not named), the trump card turned up, and the stock above it, top first."""

    hands: dict[int, list[Card | None]] = field(default_factory=dict)
    trump: Card | None = None
    stock: list[Card | None] | None = None

    def __repr__(self) -> str:
        trump = "None" if self.trump is None else shown(self.trump)
        stock = "None" if self.stock is None else shown(self.stock)
        return f"DealCards(hands={shown(self.hands)}, trump={trump}, stock={stock})"


@dataclass(slots=True, init=False)
class DrawCard:
    """B6, S4: ``seat`` takes the top card of the stock (None: a card nobody saw)."""

    seat: int
    card: Card | None

    def __init__(self, seat: int, card: Card | None = None) -> None:
        # written out (init=False): compiled (setup.py), the dataclass's own __init__ would
        # run as Python, and every trick is followed by draws
        self.seat, self.card = seat, card

    def __reduce__(self) -> tuple[object, ...]:  # copy and pickle through __init__ (compiled)
        return (DrawCard, (self.seat, self.card))

    def __repr__(self) -> str:
        return f"DrawCard(seat={self.seat}, card={shown(self.card)})"


D = TypeVar("D", bound="StockRound")


@mypyc_attr(serializable=True)
@dataclass
class StockRound:
    """A deal in progress of a game played with a stock: what every such deal holds (a
    game's own deal is a subclass that adds the rest)."""

    number: int
    dealer: int
    holdings: Holdings
    trump_card: Card
    """The card turned up under the stock (after Sixty-six's exchange, the nine)."""
    stock: list[Card | None] | None
    """The stock's order when known, top first, the trump card last."""
    phase: str
    """Where the deal stands: the game's own words, and ``draw`` while draws are due."""
    leader: int = 0
    turn: int = 0
    trick_no: int = 1
    tricks_taken: dict[int, int] = field(default_factory=dict)
    draws_due: list[int] = field(default_factory=list)
    """The seats that draw next, in order (the taker of the last trick first)."""
    exhausted: bool = False
    """The turned trump card has been drawn: the stock is gone."""

    @property
    def trump(self) -> Suit:
        return suit_of(self.trump_card)


@mypyc_attr(serializable=True)
@dataclass
class StockMatch:
    """The game across deals of a game played with a stock: what every such game keeps (a
    game's own is a subclass that adds its scores)."""

    dealer: int
    number: int = 1
    """The number of the deal in progress, or of the next."""
    over: bool = False
    result: str | None = None
    """The winner (or ``draw``) once the game is over."""


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class StockResult:
    """How a deal of a game played with a stock ended: what every such result holds (a
    game's own is a subclass that adds what the deal scored)."""

    number: int
    dealer: int
    end: str = ""
    """How the deal ended, in the game's word (``out``, ``claim-won`` ...)."""
    winner: int | None = None
    """The seat that won the deal (the first seat of a side of partners; None: nobody)."""
    points: dict[int, int] = field(default_factory=dict)
    """Each seat's count: the card points of its tricks (and what else the game counts),
    where the deal's end states them."""
    notes: list[str] = field(default_factory=list)


M = TypeVar("M")
R = TypeVar("R")
G = TypeVar("G", bound=StockMatch)
E = TypeVar("E", bound="StockEngine[Any, Any, Any, Any]")

NO_CARD = N_("no card is played")
"""What a card played while no deal is in progress is told (:meth:`StockEngine._apply`)."""


class StockEngine(Table[M, R], Generic[M, R, D, G]):
    """The part of an engine the games with a stock share: the game across deals
    (``match``, one of the game's :class:`StockMatch`), the deal in progress (``round``, one
    of the game's :class:`StockRound`), the trump, the draws (B6, S4), how a table starts
    (``start``, the game's own keywords) and the first checks of every move."""

    match: G
    round: D | None

    def __init__(
        self, players: list[str], rules: RuleSet, match: G, places: dict[int, str] | None = None, **start: object
    ) -> None:
        """A table of ``players`` playing by ``rules`` from ``match`` (the game so far),
        started by the keywords ``start`` (its first dealer and the game's own, as its
        :attr:`START` tags name them); ``places`` names the game's own places of the cards
        (besides the seats and the stock) in messages."""
        self.players = list(players)
        self.rules = rules
        self.match = match
        self.places: dict[int, str] = {**dict(enumerate(self.players)), POOL: "the stock", **(places or {})}
        """What each place of the cards is called in a message."""
        self.round = None
        self.results: list[R] = []
        self.last_winner: int | None = None
        self.last_trick = None
        """The trick just completed, until the next move that is not a draw (nor Sixty-six's
        going out)."""
        self._start = start
        super().__init__()

    @property
    def start(self) -> Mapping[str, object]:
        """How the table was started (what ``record()`` writes in the start tags)."""
        return self._start

    NO_MORE_PLAY: ClassVar[str]
    """What a move after the game's end is told (``{result}``: its result), marked ``N_``."""
    BETWEEN_DEALS: ClassVar[dict[type, str]]
    """What a move of each kind made while no deal is in progress is told (``nothing is
    drawn``), marked ``N_``; a card played by default."""

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is: the one to draw, else the game's (:meth:`mover`);
        None while a deal is due or after the game."""
        deal = self.round
        if deal is None or self.match.over:
            return None
        return deal.draws_due[0] if deal.phase == "draw" else self.mover(deal)

    def mover(self, deal: D) -> int | None:
        """Whose decision it is in a deal when nobody is to draw: the player to play (a
        game says who else: the one who may still claim or go out)."""
        return deal.turn

    def keeps_trick(self, ev: M) -> bool:
        """Whether the trick just completed is still shown after ``ev`` (a draw)."""
        return type(ev) is DrawCard

    def _apply(self, ev: M) -> None:
        """A move, after the checks every game with a stock makes first: the game is not
        over, a deal is dealt, or one is in progress (:meth:`between_deals`)."""
        if self.match.over:
            raise illegal(tr(self.NO_MORE_PLAY).format(result=self.match.result), "game-over", self.CLAUSE["over"])
        if not self.keeps_trick(ev):
            self.last_trick = None
        if isinstance(ev, DealCards):
            self._deal(ev)
            return
        deal = self.round
        if deal is None:
            raise self.between_deals(tr(self.BETWEEN_DEALS.get(type(ev), NO_CARD)))
        self._apply_in_deal(deal, ev)

    def _deal(self, ev: DealCards) -> None:
        """B1, B2, S2: a new deal."""
        raise NotImplementedError

    def turned_trump(self, ev: DealCards) -> Card:
        """B2, S2: the trump card a deal turns up; a deal that does not name it cannot be
        replayed."""
        if ev.trump is None:
            message = tr("the trump card turned up is not recorded; the deal cannot be replayed")
            raise illegal(message, "trump-unknown", self.CLAUSE["deal"])
        return ev.trump

    def between_deals(self, what: str) -> IllegalMoveError:
        """The error of a move made while no deal is in progress (``what`` it does not do)."""
        raise NotImplementedError

    def _apply_in_deal(self, deal: D, ev: M) -> None:
        """A move of the deal in progress."""
        raise NotImplementedError

    CLAUSE: ClassVar[dict[str, str]]
    """The clause each rule of the game has (``draw``: the draw's)."""
    AFTER_DRAW: ClassVar[str]
    """The deal's phase once the draws after a trick are made."""
    OUT_OF_TURN: ClassVar[str]
    """What a draw out of turn is told (``{player}``, ``{player2}`` the one due), marked
    ``N_``."""
    DRAWN_LAST: ClassVar[str] = N_("the trump card lies under the stock and is drawn last")
    """What the trump card drawn before the stock is gone is told, marked ``N_``."""

    @property
    def phase(self) -> str:
        """``deal`` (one is due), the deal's own phase (``draw`` while draws are due), or
        ``over``."""
        if self.match.over:
            return "over"
        deal: StockRound | None = self.round
        return "deal" if deal is None else deal.phase

    @property
    def result(self) -> str | None:
        return self.match.result if self.match.over else None

    def next_number(self) -> int:
        return self.match.number

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the deal in progress (None between deals)."""
        deal: StockRound | None = self.round
        return deal.trump if deal is not None else None

    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds now (none between deals)."""
        deal: StockRound | None = self.round
        if deal is None:
            return []
        return [deal.holdings.size(s) for s in range(len(self.players))]

    def cards_placed(self) -> bool:
        """The stock's order is known, and every hand."""
        deal: StockRound | None = self.round
        return deal is not None and cards_placed(deal.stock, deal.holdings, len(self.players))

    def equal_in_play(self) -> dict[Card, Card]:
        """The cards interchangeable in play (:func:`notation.cards.equal_cards`) among
        every hand, the cards face up on the table (:meth:`cards_on_table`) and the stock: a
        card still to be drawn that lies between two of a hand keeps them apart, as a card the
        other holds does.
        While some card of a hand or of the stock is not known, no two are (the map is
        empty: the unknown card might lie between them); a card the rules make like no
        other (:meth:`unlike_cards`) is equal to none."""
        deal: StockRound | None = self.round
        if deal is None:
            return {}
        h, seats = deal.holdings, range(len(self.players))
        if not all(h.fully_known(s) for s in seats) or (h.size(POOL) and not stock_known(deal.stock)):
            return {}
        stock = [c for c in deal.stock or () if c is not None]
        # a card like no other is a holder of its own: in no run with its neighbours
        return equal_cards([*(h.known[s] for s in seats), self.cards_on_table(), stock, self.unlike_cards()])

    def unlike_cards(self) -> list[Card]:
        """The cards the rules make play like no other of their rank and points (a card that
        beats every card, a variant's switch): never equal to another."""
        return []

    def distinct_moves(self, moves: list[M]) -> list[M]:
        """Moves of interchangeable cards (a run of equal cards in one hand, with no card
        between them in play: :meth:`equal_in_play`) count once: those whose
        :meth:`card_key` is the same."""
        if self.round is None:
            return moves
        same = self.equal_in_play()
        seen: set[Hashable] = set()
        out: list[M] = []
        for m in moves:
            key = self.card_key(m, same)
            if key is not None:
                if key in seen:
                    continue
                seen.add(key)
            out.append(m)
        return out

    def cards_on_table(self) -> list[Card]:
        """The cards face up in the trick on the table."""
        raise NotImplementedError

    def card_key(self, move: M, same: dict[Card, Card]) -> Hashable | None:
        """What a move of cards does, its cards read through ``same`` (each card to the
        one it is interchangeable with); None for a move of no cards."""
        raise NotImplementedError

    def next_draw(self) -> tuple[int, Card | None] | None:
        """Who draws next and, when it is known, which card (the stock's order, and the
        turned trump card drawn last)."""
        deal: StockRound | None = self.round
        if deal is None or deal.phase != "draw":
            return None
        card = deal.stock[0] if deal.stock else None
        if deal.holdings.size(POOL) == 1:
            card = deal.trump_card
        return deal.draws_due[0], card

    def automatic_move(self) -> M | None:
        """The next card drawn when the stock's order is known (the record leaves such
        draws out), else None."""
        deal: StockRound | None = self.round
        if deal is None or not stock_known(deal.stock):
            return None
        return self.left_out()

    def draws_itself(self) -> bool:
        """Whether the draw due now comes with no choice before it (Bura's taker may still
        claim first)."""
        return True

    def past_draws(self: E) -> E:
        """The table after the draws due that come by themselves (:meth:`draws_itself`),
        their cards from the stock's order: itself, or a copy when one is due (where a
        deal's search starts)."""
        table = self
        while table.round is not None and table.round.phase == "draw" and table.draws_itself():
            move = table.automatic_move()
            if move is None:
                return table  # a card of the stock nobody placed: no draw comes by itself
            table = table.clone()
            table.push(move)
        return table

    def left_out(self) -> M | None:
        """B6, S4: a draw that is due, which a record may leave out (its card from the
        stock's order when it is known, else unseen)."""
        due = self.next_draw()
        return None if due is None else cast(M, DrawCard(*due))  # a move of every such game

    deck: frozenset[Card]
    """The cards of the game's deck."""

    def hand_size(self) -> int:
        """How many cards each player is dealt."""
        raise NotImplementedError

    def place_deal(self, ev: DealCards, h: Holdings, trump: Card) -> list[Card | None] | None:
        """B2, S2: a deal's cards placed in ``h``: each seat's :meth:`hand_size` cards (a
        seat left out: that many unknown), the ``trump`` card turned up under the stock, and
        the stock above it when its order is written (the rest of the deck, unknown, when
        not); then whether the whole deal is possible.  The stock's order, top first and the
        trump card last, or None.  A hand or a stock of another size is refused, citing the
        game's ``CLAUSE["deal"]``."""
        seats, size, clause = self.players, self.hand_size(), self.CLAUSE["deal"]
        for seat, cards in ev.hands.items():
            if len(cards) != size:
                raise IllegalMoveError(
                    tr("{player} is dealt {plural}, not {size}").format(
                        player=seats[seat], plural=ntr("{n} card", "{n} cards", len(cards)).format(n=len(cards)), size=size
                    ),
                    code="deal-size",
                    clause=clause,
                )
            h.place_all(seat, cards)
        for seat in range(len(seats)):
            if seat not in ev.hands:
                h.unknown[seat] = size
        h.place(POOL, trump)
        above = len(h.deck) - size * len(seats) - 1
        stock: list[Card | None] | None = None
        if ev.stock is not None:
            if len(ev.stock) != above:
                raise IllegalMoveError(
                    tr("the stock must hold {plural} above the trump card; {n} are written").format(
                        plural=ntr("{n} card", "{n} cards", above).format(n=above), n=len(ev.stock)
                    ),
                    code="deal-size",
                    clause=clause,
                )
            h.place_all(POOL, ev.stock)
            stock = [*ev.stock, trump]
        else:
            h.unknown[POOL] = above
        h.check_feasible()
        return stock

    def deal_fits(self, match: G) -> bool:
        """Whether a deal may come after the game so far (``match``, its last deal scored):
        a record must hold what it brings (Bura's ante)."""
        return True

    def chance_move(self, rng: random.Random) -> M | None:
        """A random deal (the hands, the trump card turned up and the stock's order) when
        one may come: no deal is in progress, or its cards are all played and the game goes
        on once it is scored (and the record has room for it)."""
        deal: StockRound | None = self.round
        if self.match.over or (deal is not None and not self.settles) or self.full():
            return None
        settled = self._settled().match
        if settled.over or not self.deal_fits(settled):
            return None
        return cast(M, random_deal(rng, self.deck, len(self.players), self.hand_size()))

    # ---- the translator and the record: what every game with a stock reads and writes alike

    NOTATION: ClassVar[StockNotation]
    """The game's notation: one of a game with a stock."""
    SEATED_MOVES: ClassVar[dict[type, type]] = {}
    """The game's moves that name only a player, by the record of each (its notation's
    ``SEATED``: Sixty-six's exchange, close and going out), translated both ways here."""

    def stock_move_of(self, node: Node, seats: Seats, trick: str, draw: str) -> M:
        """The move of a deal, of a card drawn, of an event that names only a player, of a
        trick of one move or a draw of one card (that move), as every game with a stock
        reads them; else the error that ``node`` is several moves (``trick``, ``draw``:
        what a trick and a draw of several are told, marked ``N_``) or no move."""
        move = stock_move(node, seats)
        if move is not None:
            return cast(M, move)  # a move of every such game
        seated = self.SEATED_MOVES.get(type(node))
        if seated is not None:
            return cast(M, seated(seats.seat(getattr(node, "seat"), node)))  # noqa: B009
        notation = self.NOTATION
        if isinstance(node, Draw) and len(node.cards) == 1:
            return self.move_of(node.cards[0], seats)
        if isinstance(node, notation.TRICK):
            moves = getattr(node, notation.MOVES)
            if len(moves) == 1 and node.winner is None:
                return self.move_of(moves[0], seats)
            raise KgnError(tr(trick), code="bad-move")
        if isinstance(node, Draw):
            raise KgnError(tr(draw), code="bad-move")
        raise KgnError(tr("not a move: {lower}").format(lower=type(node).__name__.lower()), code="bad-move")

    def position_before(self, written: bool = False) -> Before:
        """What :meth:`append_move` needs of the position before a move: the deals
        finished, the trick number, whether a trick is open, whether a draw may be left out
        (the stock's order is known, and ``written`` does not ask for it)."""
        deal: StockRound | None = self.round
        if deal is None:
            return (len(self.results), 1, self.trick_open, False)
        return (len(self.results), deal.trick_no, self.trick_open, stock_known(deal.stock) and not written)

    def round_facts(self, res: R) -> Sequence[Node]:
        """What a finished deal left, as its record states it (the game's counts)."""
        raise NotImplementedError

    def opening_events(self) -> list[Node]:
        """The events a deal's record starts with, after its cards (Bura's pot)."""
        return []

    def stock_node_of(self, move: M) -> Node | None:
        """The record's event of a deal, of one card drawn (a draw of that card) or of a
        move that names only a player (:attr:`SEATED_MOVES`); None for the game's other
        moves."""
        players = self.players
        if isinstance(move, DrawCard):
            return Draw(cards=[GiveCard(seat=players[move.seat], card=code_of(move.card))])
        if isinstance(move, DealCards):
            return Deal(
                hands=[Hand(seat=players[p], cards=codes_of(cards)) for p, cards in move.hands.items()],
                trump=code_of(move.trump),
                stock=None if move.stock is None else codes_of(move.stock),
            )
        for record, kind in self.SEATED_MOVES.items():
            if type(move) is kind:
                node: Node = record(seat=players[getattr(move, "seat")])  # noqa: B009
                return node
        return None

    def own_event(self, node: Node) -> Node:
        """One of the game's own events (not a move, a draw or a deal) as a record of the
        game so far writes it (Bura's claim, with its count and outcome)."""
        return node

    def append_move(self, record: GameRecord, move: M, was: Before) -> None:
        """Write ``move`` into ``record``: the table is after the move, ``was`` the position
        before it.  A finished trick gets its taker, a finished deal its facts."""
        assert isinstance(record, StockGame)
        deals = record.deals
        ended = self.round_facts(self.results[-1]) if len(self.results) > was[0] else []
        node = self.node_of(move)
        if isinstance(node, Deal):
            if ended and deals:  # the deal before ended with this one (void, played out)
                deals[-1].events.extend(ended)
            deal: StockRound | None = self.round
            assert deal is not None
            deals.append(self.NOTATION.ROUND(number=deal.number, deal=node, events=self.opening_events()))
            return
        events = deals[-1].events
        names = self.players
        taker = None if self.trick_open or self.last_winner is None else names[self.last_winner]
        if not write_move(self.NOTATION, events, node, was, taker):
            events.append(self.own_event(node))
        events.extend(ended)

    def _draw(self, deal: StockRound, ev: DrawCard) -> None:
        """B6, S4: the seat due draws the top card of the stock; the turned trump card
        last, when it leaves the stock gone."""
        clause = self.CLAUSE["draw"]
        seat = ev.seat
        if deal.phase != "draw":
            raise IllegalMoveError(
                tr("{player} draws, but no draw is due").format(player=self.name(seat)),
                code="draw-order", clause=clause,
            )
        due = deal.draws_due[0]
        if seat != due:
            raise IllegalMoveError(
                tr(self.OUT_OF_TURN).format(player=self.name(seat), player2=self.name(due)),
                code="draw-order", clause=clause,
            )
        h = deal.holdings
        last = h.size(POOL) == 1  # the turned trump card alone is left
        card = ev.card
        stock = deal.stock
        if stock is not None:
            top = stock[0]
            if card is not None and top is not None and card != top:
                raise IllegalMoveError(
                    tr("{player} draws {card}, but the stock gives {card2}").format(
                        player=self.name(seat), card=card_code(card), card2=card_code(top)
                    ),
                    code="draw-mismatch", clause=clause,
                )
            card = top if card is None else card
            stock.pop(0)
        if last:
            if card is not None and card != deal.trump_card:
                raise IllegalMoveError(
                    tr("the last card of the stock is the turned trump card {card}, not {card2}").format(
                        card=card_code(deal.trump_card), card2=card_code(card)
                    ),
                    code="draw-mismatch", clause=clause,
                )
            card = deal.trump_card
        elif card == deal.trump_card:
            raise IllegalMoveError(tr(self.DRAWN_LAST), code="draw-mismatch", clause=clause)
        if card is None:
            if h.unknown[POOL] == 0:
                raise IllegalMoveError(tr("the stock is empty"), code="draw-order", clause=clause)
            h.unknown[POOL] -= 1
            h.unknown[seat] += 1
        else:
            try:
                h.move(POOL, seat, card, "draw")
            except IllegalMoveError as exc:
                raise IllegalMoveError(
                    tr("{card} cannot be drawn: {message}").format(
                        card=card_code(card), message=exc.message
                    ),
                    code="draw-mismatch", clause=clause,
                ) from None
        deal.draws_due.pop(0)
        if last:
            deal.exhausted = True
        if not deal.draws_due:
            deal.phase = self.AFTER_DRAW


def random_deal(rng: random.Random, deck: Iterable[Card], seats: int, size: int) -> DealCards:
    """A deal shuffled by ``rng``: ``size`` cards to each seat (sorted as a hand shows
    them), the next card turned up as trump under the stock, the rest the stock's order."""
    cards = sorted(deck)
    rng.shuffle(cards)
    hands: dict[int, list[Card | None]] = {
        p: sorted(cards[size * p : size * p + size], key=display_order) for p in range(seats)
    }
    rest: list[Card | None] = list(cards[size * seats :])
    return DealCards(hands=hands, trump=rest[-1], stock=rest[:-1])


def stock_known(stock: Sequence[Card | None] | None) -> bool:
    """Whether the stock's order is known: every card of it recorded."""
    return stock is not None and None not in stock


def cards_placed(stock: Sequence[Card | None] | None, holdings: Holdings, seats: int) -> bool:
    """Whether every card's place is known: the stock's order, and every hand."""
    return stock_known(stock) and all(holdings.fully_known(s) for s in range(seats))


ST = TypeVar("ST", bound="StockEngine[Any, Any, Any, Any]")
SG = TypeVar("SG", bound=GameRecord)


class StockChecker(Checker[ST, SG]):
    """What the checkers of the games with a stock share: each deal follows a finished (or
    scored) one while the game goes on; its events are replayed in one loop (a trick, a
    draw, a stated count, or one of the game's own events), the draws the record left out
    made before the events that need them; a variation is the rest of its trick, then its
    events.  A game's checker says how a trick's moves and its counts are checked, and its
    own events."""

    table_class: ClassVar[type[StockEngine[Any, Any, Any, Any]]]
    GAME_OVER: ClassVar[str] = N_("the game ended ({result}); no deal may follow")
    """What a deal after the end of the game is told, marked ``N_``."""
    AFTER_DRAWS: ClassVar[tuple[type, ...]]
    """The events before which the draws due are made (a trick ...)."""

    def replay_rounds(self, table: ST) -> None:
        deals: Sequence[Any] = self.record.rounds
        self.each_round(table, deals, self._deal)

    def finish(self, table: ST) -> None:
        if self.final_close:
            table.settle()

    def _deal(self, table: ST, rec: Any, last: bool) -> None:
        clause = self.table_class.CLAUSE
        deal = table.round
        if deal is not None and not table.settles:
            raise self.stop(
                tr("deal {number} is unfinished, yet another deal follows").format(number=deal.number),
                "incomplete-deal",
                clause["played-out"],
                rec,
            )
        table.settle()
        if table.match.over:
            raise self.stop(tr(self.GAME_OVER).format(result=table.result), "game-over", clause["over"], rec)
        self.start_round(table, rec, rec.number, rec.deal, clause["deal"])
        self.replay_events(table, rec.events)

    def replay_events(self, table: ST, events: Sequence[Node]) -> None:
        """A deal's events (or a variation's), in order."""
        notation = self.table_class.NOTATION
        trick, count, after_draws = notation.TRICK, notation.COUNT, self.AFTER_DRAWS
        for ev in events:
            self.before_event(table, ev)
            deal = table.round
            if deal is not None and deal.phase == "draw" and isinstance(ev, after_draws):
                self.fill_left_out(table, ev)
            if isinstance(ev, trick):
                self.replay_trick(table, ev)
            elif isinstance(ev, Draw):
                for dc in ev.cards:
                    self.push_event(table, dc, dc.seat)
            elif isinstance(ev, count):
                self.replay_count(table, ev)
            else:
                self.replay_own(table, ev)

    def replay_variation(self, table: ST, var: Any) -> None:
        """A variation: the rest of the trick it starts in, then its events, on a copy."""
        moves = getattr(var, self.table_class.NOTATION.MOVES)

        def line(branch: ST) -> None:
            self.replay_moves(branch, moves, var.winner)
            self.replay_events(branch, var.events)

        self.branch(table, line)

    def before_event(self, table: ST, ev: Node) -> None:
        """What the rules settle before an event (Bura's deal that a shown bura ended)."""

    def replay_trick(self, table: ST, trick: Any) -> None:
        """A trick of the record: its number, its moves, its taker."""
        raise NotImplementedError

    TRICK_SIZE: ClassVar[tuple[str, str]]
    """What a trick with a move too many is told (marked ``N_``), and the clause."""
    EARLY_TAKER: ClassVar[tuple[str, str]]
    """What a taker stated before every player has played is told (marked ``N_``), and the
    clause of the trick's taker."""

    def replay_moves(self, table: ST, moves: list[Any], winner: Winner | None) -> None:
        """The moves of a trick (or of a variation), each after the variations it holds,
        then the taker it states."""
        variation = self.table_class.NOTATION.VARIATION
        for move in moves:
            if table.round is None or (not table.trick_open and move is not moves[0]):
                raise self.stop(tr(self.TRICK_SIZE[0]), "trick-size", self.TRICK_SIZE[1], move)
            for note in move.notes:
                if isinstance(note, variation):
                    self.replay_variation(table, note)
            self.push_move(table, move)
        if winner is not None:
            early = tr(self.EARLY_TAKER[0]) if table.trick_open else None
            self.stated_taker(table, winner, early, self.EARLY_TAKER[1])

    def push_move(self, table: ST, move: Any) -> None:
        """One move of a trick (by default a card played: :meth:`push_play`)."""
        self.push_play(table, move)

    def replay_count(self, table: ST, count: Any) -> None:
        """A line of counts the record states (points, scores ...): each seat's number
        against the table's (:meth:`counted`); a wrong one is reported as
        :meth:`miscounted` says, ``wrong-<kind>`` (``wrong-total`` for totals)."""
        values = self.counted(table, count)
        for e in count.entries:
            seat = self.seat(e.seat, e)
            if e.value != values[seat]:
                message, clause = self.miscounted(table, count.kind, seat, values[seat], e.value)
                code = "wrong-total" if count.kind == "totals" else f"wrong-{count.kind}"
                self.wrong(message, code, clause, e, table.players[seat])

    def counted(self, table: ST, count: Any) -> Sequence[int] | Mapping[int, int]:
        """Each seat's number of the kind of ``count``, as the table has it (a line the
        table cannot check yet stops the replay)."""
        raise NotImplementedError

    def miscounted(self, table: ST, kind: str, seat: int, want: int, value: int) -> tuple[str, str]:
        """What a seat's count of ``kind`` stated wrongly (``value``, not ``want``) is told,
        and the clause it breaks."""
        raise NotImplementedError

    def replay_own(self, table: ST, ev: Any) -> None:
        """One of the game's own events (by default a move of the seat it names)."""
        self.push_event(table, ev, ev.seat)


Before = tuple[int, int, bool, bool]
"""What a record needs of the position before a move: results so far, the trick number,
whether a trick is open, whether the stock's order is known."""


def write_move(
    notation: StockShape, events: list[Any], node: Node, was: Before, taker: str | None
) -> bool:
    """What the recorders of the games with a stock write alike at the end of a deal's
    ``events``: a move (``notation.MOVE``) into its trick, or a new trick where none was open
    (``was``: the position before it), with its ``taker`` once the trick is complete; a
    draw, joined to the draw just before it, and none where the stock's order is known
    (the checker draws from it).  False: ``node`` is one of the game's own events."""
    _, trick_no, trick_open, known = was
    last = events[-1] if events else None
    if isinstance(node, notation.MOVE):
        if trick_open and isinstance(last, notation.TRICK) and last.winner is None:
            trick = last
        else:
            trick = notation.TRICK(number=trick_no, **{notation.MOVES: []})
            events.append(trick)
        getattr(trick, notation.MOVES).append(node)
        if taker is not None:
            trick.winner = Winner(seat=taker)
        return True
    if isinstance(node, Draw):
        if not known:
            if isinstance(last, Draw):
                last.cards.extend(node.cards)
            else:
                events.append(node)
        return True
    return False


def stock_move(node: Node, seats: Seats) -> DealCards | DrawCard | None:
    """The move of a deal or of one card drawn (names and cards read by ``seats``, which
    says what is wrong with them); None for any other event."""
    if isinstance(node, GiveCard):
        return DrawCard(seats.seat(node.seat, node), seats.card(node.card, node))
    if isinstance(node, Deal):
        deal = DealCards()
        for part in node.hands:
            deal.hands[seats.seat(part.seat, part)] = seats.cards(part.cards, part)
        deal.trump = seats.card(node.trump, node) if node.trump is not None else None
        if node.stock is not None:
            deal.stock = seats.cards(node.stock, node)
        return deal
    return None


def code_of(card: Card | None) -> str:
    """A card as a record writes it (``??``: not named)."""
    return UNKNOWN if card is None else card_code(card)


def codes_of(cards: list[Card | None]) -> list[str]:
    """Cards as a record writes them."""
    return [code_of(c) for c in cards]
