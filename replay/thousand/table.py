"""The Thousand table (the engine with its moves as KGN and its record), the translator between
moves and records, and the checker of a record.

The translator is the table's: from a record's event to a move (``move_of``, used by the
checker and by ``parse_move``), and from a move to a record's event (``node_of``, used by
``format_move`` and, with ``append_move``, to write a table's game as a record).  The
checker replays a record through :class:`ThousandTable`
(docs/rules.md, T):

>>> import notation, replay
>>> game = notation.loads('''[Game "thousand"] [Players "A" "B" "C"] [Dealer "C"] [Rules "classic"]
... hand 1
...   bid A 100, B 103''')
>>> [d.headline() for d in replay.check(game).diagnostics]
['<input>:3:14: error[T3.2 bid-step]: B bids 103, not a multiple of 5: hand 1']
"""

from __future__ import annotations

from typing import ClassVar, Final

from notation.cards import UNKNOWN, Card, card_code
from notation.errors import KgnError
from notation.i18n import N_, ntr, tr
from notation.records import GameRecord, GiveCard, Hand, Node, Winner
from notation.thousand import KIND
from notation.thousand.records import (
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
    calls_from,
)

from ..checker import Checker, LineEnded
from ..rules import RuleSet
from ..table import Names, Seats
from .engine import (
    Bid,
    ClaimRedeal,
    ConcedeHand,
    DealCards,
    GiveCards,
    PlayCard,
    RoundResult,
    ScoreHand,
    SetContract,
    TakeTalon,
    ThousandEngine,
    ThousandMove,
)

__all__ = ["Before", "ThousandChecker", "ThousandTable", "stated_facts"]


def _code(card: Card | None) -> str:
    return UNKNOWN if card is None else card_code(card)


def _codes(cards: list[Card | None]) -> list[str]:
    return [_code(c) for c in cards]


def stated_facts(res: RoundResult, players: list[str]) -> list[Stated]:
    """A finished hand's facts as a record states them: points (unless conceded), scores,
    totals with the barrel marks; each line in seat order."""
    out = []
    if res.points:
        points = [ScoreEntry(seat=players[p], value=v) for p, v in sorted(res.points.items())]
        out.append(Stated(kind="points", entries=points))
    scores = [ScoreEntry(seat=players[p], value=v) for p, v in sorted(res.scores.items())]
    out.append(Stated(kind="score", entries=scores))
    totals = [
        ScoreEntry(seat=players[p], value=v, barrel=p in res.barrel)
        for p, v in sorted(res.totals.items())
    ]
    out.append(Stated(kind="totals", entries=totals))
    return out


PLAYED_UNKNOWN: Final = N_("a card played to a trick is seen by everybody; it cannot be ??")
"""What a card played as ``??`` is told."""

Before = tuple[int, int, int, bool]
"""What a record needs of the position before a move: results so far, the hand number,
the trick number, whether a hand is in progress."""


class ThousandTable(ThousandEngine):
    """A Thousand table: ``push`` moves in the order of play, ``pop`` them back; see
    :class:`replay.model.Table` for the whole interface."""

    NOTATION = KIND

    # ---- the translator: a record's event -> a move, and back ---------------------------

    def move_of(self, node: Node, seats: Seats | None = None) -> ThousandMove:
        """The move one event of a Thousand record stands for (names and cards read by
        ``seats``, which says what is wrong with them).  A trick is not one move: its plays
        are."""
        seats = Names(self.players) if seats is None else seats
        if isinstance(node, Play):
            return self.played(node, seats, PLAYED_UNKNOWN, "T5")
        if isinstance(node, Call):
            return Bid(seats.seat(node.seat, node), node.bid, node.dark, ref=node)
        if isinstance(node, Deal):
            deal = DealCards(ref=node)
            for part in node.hands:
                deal.hands[seats.seat(part.seat, part)] = seats.cards(part.cards, part)
            if node.talon is not None:
                talon = seats.cards(node.talon, node)
                # three cards nobody recorded say no more than a talon left out
                deal.talon = None if talon == [None, None, None] else talon
            return deal
        if isinstance(node, Redeal):
            return ClaimRedeal(seats.seat(node.seat, node), ref=node)
        if isinstance(node, Talon):
            return TakeTalon(seats.cards(node.cards, node), ref=node)
        if isinstance(node, Concede):
            return ConcedeHand(ref=node)
        if isinstance(node, Give):
            return GiveCards(
                [(seats.seat(g.seat, g), seats.card(g.card, g)) for g in node.cards], ref=node
            )
        if isinstance(node, Contract):
            return SetContract(node.value, ref=node)
        if isinstance(node, Stated) and node.kind in ("points", "score"):
            values = {seats.seat(e.seat, e): e.value for e in node.entries}
            if node.kind == "points":
                return ScoreHand(points=values, ref=node)
            return ScoreHand(scores=values, ref=node)
        if isinstance(node, Trick):
            if len(node.plays) == 1 and node.winner is None:
                return self.move_of(node.plays[0], seats)
            raise KgnError(tr("a move is one card; a trick is several"), code="bad-move")
        raise KgnError(tr("not a move of Thousand: {lower}").format(lower=type(node).__name__.lower()), code="bad-move")

    def play_move(self, play: Play, seat: int, card: Card) -> PlayCard:
        return PlayCard(seat, card, play.marriage)

    def node_of(self, move: ThousandMove) -> Node:
        """The record's event of one move (its plays: the one card)."""
        name = self.players.__getitem__
        if isinstance(move, PlayCard):
            return Play(seat=name(move.seat), card=card_code(move.card), marriage=move.marriage)
        if isinstance(move, Bid):
            return Call(seat=name(move.seat), bid=move.bid, dark=move.dark)
        if isinstance(move, DealCards):
            return Deal(
                hands=[Hand(seat=name(p), cards=_codes(cards)) for p, cards in move.hands.items()],
                talon=_codes(move.talon) if move.talon is not None else [UNKNOWN] * 3,
            )
        if isinstance(move, TakeTalon):
            return Talon(cards=_codes(move.cards))
        if isinstance(move, GiveCards):
            return Give(cards=[GiveCard(seat=name(p), card=_code(c)) for p, c in move.cards])
        if isinstance(move, SetContract):
            return Contract(value=move.value)
        if isinstance(move, ConcedeHand):
            return Concede()
        if isinstance(move, ScoreHand):  # a hand ended by its score sheet
            sheet = move.points is not None
            values = (move.points if sheet else move.scores) or {}
            entries = [ScoreEntry(seat=name(p), value=v) for p, v in values.items()]
            return Stated(kind="points" if sheet else "score", entries=entries)
        return Redeal(seat=name(move.seat))

    # ---- the record -----------------------------------------------------------------------

    def position_before(self, written: bool = False) -> Before:
        """What :meth:`append_move` needs of the position before a move (Thousand's record
        writes every move: ``written`` is for the games that may leave one out)."""
        hand = self.round
        return (len(self.results), self.match.number, hand.trick_no if hand else 1, hand is not None)

    def append_move(self, record: GameRecord, move: ThousandMove, was: Before) -> None:
        """Write ``move`` into ``record``: the table is after the move, ``was`` the position
        before it.  A finished trick gets its taker, a finished hand its facts."""
        assert isinstance(record, ThousandGame)
        names = self.players
        done, number, trick_no, in_hand = was
        if isinstance(move, DealCards) or not in_hand or not record.hands:
            hand = Round(number=number)
            record.hands.append(hand)
        else:
            hand = record.hands[-1]
        node = self.node_of(move)
        events = hand.events
        if isinstance(node, Play):
            last = events[-1] if events else None
            if type(last) is not Trick or last.winner is not None:
                last = Trick(number=trick_no, plays=[])
                events.append(last)
            last.plays.append(node)
            if not self.trick_open and self.last_winner is not None:
                last.winner = Winner(seat=names[self.last_winner])
        elif isinstance(node, Deal):
            if isinstance(move, DealCards) and (move.hands or move.talon is not None):
                hand.deal = node if move.talon is not None else Deal(hands=node.hands)
        elif not isinstance(node, Stated):
            events.append(node)  # type: ignore[arg-type]  # every other node is an event
        # a hand ended by its score sheet: its facts, written below, are what the sheet said
        if len(self.results) > done and not self.results[-1].redeal and not hand.stated:
            events.extend(stated_facts(self.results[-1], names))


def _played_and_stated(events: list[Event], start: int) -> tuple[list[Node], list[Stated], bool]:
    """A line's events from ``start`` on, in one pass: those played (the talon, the give,
    the contract, the tricks ...), the facts stated at the end, and whether a trick is
    among them."""
    played: list[Node] = []
    stated: list[Stated] = []
    tricks = False
    for k in range(start, len(events)):
        ev = events[k]
        if type(ev) is Stated:
            stated.append(ev)
        else:
            played.append(ev)
            tricks = tricks or type(ev) is Trick
    return played, stated, tricks


_PLAYED: tuple[type[Node], ...] = (Call, Talon, Give, Contract, Trick)
"""The events a redeal leaves no room for (T2)."""

class ThousandChecker(Checker[ThousandTable, ThousandGame]):
    """Replays a Thousand record and reports what is wrong."""

    table_class: ClassVar[type[ThousandTable]] = ThousandTable
    setup_clause = "T1"
    deck_clause = "T2"
    result_clause = "T9.1"

    players_by_rules = True

    @classmethod
    def player_counts(cls, rules: RuleSet) -> range:
        n = int(rules["players"])
        return range(n, n + 1)

    # -- the body ---------------------------------------------------------------------------

    def replay_rounds(self, table: ThousandTable) -> None:
        self.each_round(table, self.record.hands, self._hand)

    def ended_without_result(self, table: ThousandTable) -> tuple[str, str] | None:
        if table.match.no_result:
            limit = table.settings.max_hands
            return tr("the session stopped at the hand limit, {limit}, limit-result=none").format(
                limit=limit
            ), "T9.2"
        return None

    def _hand(self, table: ThousandTable, hand: Round, last: bool) -> None:
        if table.phase == "over":
            how, clause = table.ended()
            raise self.stop(
                tr("the game ended after hand {number} ({how}); no hand may follow").format(
                    number=table.results[-1].number, how=how
                ),
                "game-over",
                clause,
                hand,
            )
        if table.round is not None:
            raise self.stop(
                tr("hand {number} is unfinished, yet another hand follows").format(
                    number=table.round.number
                ),
                "incomplete-hand",
                "T5",
                hand,
            )
        self.start_round(table, hand, hand.number, hand.deal, "T1")
        events = hand.events
        redeal = events[0] if events else None  # a redeal is the first event (T2)
        if type(redeal) is Redeal:
            self.push_event(table, redeal)
            if any(type(e) in _PLAYED for e in events):
                calls = hand.auction
                raise self.stop(
                    tr("after a redeal the hand ends; nothing else is played"),
                    "out-of-order",
                    "T2",
                    calls[0] if calls else hand,
                )
            return
        before = len(table.results)
        self._line(table, hand)
        self._late(table, before)

    def _late(self, table: ThousandTable, before: int) -> None:
        """Reports the bids and raises the play showed were not backed (T3.3, T4.3) in the
        hand finished since the table had ``before`` results."""
        unbacked = [err for res in table.results[before:] for err in res.unbacked]
        if unbacked:
            table.mark()
            for err in unbacked:
                self.report(err, err.ref)
            raise LineEnded()

    def _line(self, table: ThousandTable, line: Round | Variation) -> None:
        """Replay a hand's events or a variation's, in order: the calls (and a variation's
        rest of a trick), then the declarer's and the tricks, then the facts stated at the
        end."""
        events = line.events
        calls = calls_from(events)
        for call in calls:
            self._variations(table, call)
            self.push_event(table, call, call.seat)
        k = len(calls)
        if isinstance(line, Variation) and (line.plays or line.winner):
            self._continue_trick(table, line)
        later, stated, tricks = _played_and_stated(events, k)
        hand = table.round
        if hand is not None and hand.phase == "auction" and later and not k:
            self._no_auction(table, line)
        for played in later:
            self._event(table, played, line)
        self.trick_no = None
        if table.round is not None and not tricks and not table.round.plays and stated:
            self._from_sheet(table, stated)
        for st in stated:
            self._stated(table, st)

    def _event(self, table: ThousandTable, ev: Node, line: Round | Variation) -> None:
        """One event after the calls: the talon, a concession, the give, the contract or a
        trick.  A line that goes on past the talon or the give without writing it took the
        talon unseen (T4.1) or gave two unseen cards (T4.2)."""
        kind = type(ev)
        if kind is Talon:
            assert isinstance(ev, Talon)
            self._talon(table, ev)
            return
        phase = table.phase
        if phase == "talon" and line.talon is None:
            self._left_out(table, line.give or line.contract or line.concede or line)
            phase = table.phase
        if phase == "give" and (kind is Trick or kind is Contract) and line.give is None:
            self._left_out(table, line.contract or line.tricks[0])
        if kind is Trick:
            assert isinstance(ev, Trick)
            self._trick(table, ev)
        else:
            self.push_event(table, ev)

    def _left_out(self, table: ThousandTable, ref: Node) -> None:
        """The talon taken or the give the line leaves out (``table.left_out()``)."""
        move = table.left_out()
        assert move is not None, table.phase
        self.apply(table, move, ref)

    def _continue_trick(self, table: ThousandTable, var: Variation) -> None:
        """A variation's cards that finish the trick it starts in."""
        hand = table.round
        trick = Trick(number=hand.trick_no if hand else 0, plays=var.plays, winner=var.winner, pos=None)
        self._trick_plays(table, trick, continuing=True)

    def _no_auction(self, table: ThousandTable, line: Round | Variation) -> None:
        """T3.4: a hand recorded without its auction: its contract and the first leader
        (the declarer leads the first trick) stand for it, else it cannot be replayed."""
        tricks = line.tricks
        first_trick = tricks[0] if tricks else None
        contract = line.contract
        if contract is not None and first_trick is not None and first_trick.plays:
            table.assume_auction(self.seat(first_trick.plays[0].seat, first_trick.plays[0]), contract.value)
            return
        raise self.stop(
            tr(
                "the hand has no auction and no contract with a first trick: the "
                "declarer's contract is unknown"
            ),
            "auction-incomplete",
            "T3.4",
            line.talon or line.give or contract or tricks[0] if tricks else line,
        )

    def _talon(self, table: ThousandTable, talon: Talon) -> None:
        """T4.1: the talon taken by the declarer (named, he must be the declarer)."""
        taker = talon.seat
        hand = table.round
        if taker is not None and hand is not None and hand.declarer is not None:
            if self.seat(taker, talon) != hand.declarer:
                raise self.stop(
                    tr("{taker} takes the talon, but {player} declares").format(
                        taker=taker, player=table.players[hand.declarer]
                    ),
                    "out-of-turn",
                    "T4.1",
                    talon,
                )
        self.push_event(table, talon)

    def _from_sheet(self, table: ThousandTable, stated: list[Stated]) -> None:
        """A hand written as a score sheet keeps it (its calls, then points or scores, no
        cards): the stated points end the hand, or the scores where no points are given;
        everything else stated is then checked against them."""
        kinds = {st.kind: st for st in stated}
        st = kinds.get("points") or kinds.get("score")
        if st is None:
            return  # totals alone do not say how the hand went: _stated reports it
        self.push_event(table, st)

    def _trick(self, table: ThousandTable, trick: Trick) -> None:
        hand = table.round
        if hand is None:
            if table.phase == "over" or table.results:
                raise self.stop(
                    tr("the hand is over; no trick may follow"), "out-of-order", "T5", trick
                )
            return
        numbered = hand.phase in ("play", "contract")
        self.start_trick(trick, trick.number, hand.trick_no, bool(hand.plays), "T5", "T5", numbered)
        self._trick_plays(table, trick, continuing=False)

    def _trick_plays(self, table: ThousandTable, trick: Trick, continuing: bool) -> None:
        hand = table.round
        assert hand is not None
        size = len(hand.active)
        already = len(hand.plays) if continuing else 0
        for k, play in enumerate(trick.plays):
            if already + k >= size:
                raise self.stop(
                    ntr(
                        "a trick has {size} card, one from each player",
                        "a trick has {size} cards, one from each player",
                        size,
                    ).format(size=size),
                    "trick-size",
                    "T5",
                    play,
                )
            if play.notes:
                self._variations(table, play)
            self.push_play(table, play)
        done = already + len(trick.plays) == size
        if trick.winner is not None:
            early = None if done else tr("the winner is stated before every player has played")
            self.stated_taker(table, trick.winner, early, "T5.4")

    def _variations(self, table: ThousandTable, move: Call | Play) -> None:
        for note in move.notes:
            if isinstance(note, Variation):

                def line(branch: ThousandTable, var: Variation = note) -> None:
                    before = len(branch.results)
                    self._line(branch, var)
                    self._late(branch, before)

                self.branch(table, line)

    # -- stated facts ---------------------------------------------------------------------

    def _stated(self, table: ThousandTable, st: Stated) -> None:
        if table.round is not None or not table.results:
            raise self.stop(
                tr("the {kind} line comes before the hand is over").format(kind=st.kind), "incomplete-hand", "T7", st
            )
        res = table.results[-1]
        for e in st.entries:
            seat = self.seat(e.seat, e)
            self._entry(table, res, st.kind, seat, e)

    def _entry(
        self, table: ThousandTable, res: RoundResult, kind: str, seat: int, e: ScoreEntry
    ) -> None:
        name = table.players[seat]
        if kind == "points":
            want = res.points.get(seat)
            if want is None:
                if res.conceded:
                    message = tr("{name} has no hand points: the hand was conceded")
                else:
                    message = tr("{name} has no hand points: the hand was sat out")
                self.wrong(
                    message.format(name=name),
                    "wrong-points",
                    "T7.1",
                    e,
                    name,
                )
            elif e.value != want:
                self.wrong(
                    tr("{name} took {want} points (cards and marriages), not {value}").format(
                        name=name, want=want, value=e.value
                    ),
                    "wrong-points",
                    "T7.1",
                    e,
                    name,
                )
        elif kind == "score":
            want = res.scores.get(seat, 0)
            if e.value != want:
                if seat == res.declarer and not res.conceded:
                    if res.made:
                        why = tr("contract {contract} made with {get} points")
                    else:
                        why = tr("contract {contract} failed with {get} points")
                    why = why.format(contract=res.contract, get=res.points.get(seat))
                    clause = "T7.2"
                elif res.conceded:
                    why, clause = tr("the hand was conceded"), "T4"
                else:
                    why, clause = tr("{get} points rounded").format(get=res.points.get(seat, 0)), "T7.3"
                self.wrong(
                    tr("{name} scores {want:+d} ({why}), not {value:+d}").format(
                        name=name, want=want, why=why, value=e.value
                    ),
                    "wrong-score",
                    clause,
                    e,
                    name,
                )
        else:
            want = res.totals[seat]
            if e.value != want:
                self.wrong(tr("{name}'s total is {want}, not {value}").format(
                    name=name, want=want, value=e.value
                ), "wrong-total", "T8", e, name)
            if e.barrel and seat not in res.barrel:
                self.wrong(tr("{name} is not on the barrel").format(name=name), "wrong-barrel", "T8.1", e, name)
