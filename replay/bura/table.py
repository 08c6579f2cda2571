"""The Bura table (the engine with its moves as KGN and its record), the translator between
moves and records, and the checker of a record (for Bura and its variants).

The translator is the table's: from a record's event to a move (``move_of``, used by the
checker and by ``parse_move``), and from a move to a record's event (``node_of``, used by
``format_move`` and to write a table's game as a record; what every game with a stock
writes alike is :class:`replay.stock.StockEngine`'s).  The checker replays a record
through :class:`BuraTable` (a variant's checker is a subclass with the variant's table and
clauses).  Same policy as for Thousand: a wrong stated fact is reported and the replay goes
on; an illegal move ends the replay of the game; variations are replayed as lines of their
own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from notation.bura import KIND
from notation.bura.records import (
    COMBOS,
    FAULTS,
    OUTCOMES,
    STATED,
    Answer,
    BuraGame,
    Claim,
    Fault,
    Pot,
    Show,
    Stated,
    Trick,
)
from notation.cards import CARD_OF_CODE, Card, Rank, card_code
from notation.errors import KgnError
from notation.i18n import N_, NN_, ntr, tr
from notation.records import Entry, Node, Tag

from ..rules import RuleSet
from ..stock import StockChecker, codes_of
from ..table import Names, Seats, StartTag
from .engine import BuraEngine, BuraMove, CommitFault, Lay, OpenClaim, RoundResult, ShowCombo

__all__ = ["BuraChecker", "BuraTable", "lay_move"]


FACE_UP_UNKNOWN: Final = N_("a card played face up is seen by all; it cannot be ?? (write: down ??)")
SHOWN_UNKNOWN: Final = N_("a shown combination is seen by all; its cards cannot be ??")
"""What a card everybody sees cannot be, said when it is (marked once, here: no call on the
way of every move)."""


def lay_move(seat: int, up: list[Card], down: list[Card | None]) -> Lay:
    """The move of a lead or an answer, its seat and cards read: what
    :meth:`BuraTable.move_of` makes of an answer, and what the checker calls for the
    commonest event once it has read them."""
    return Lay(seat, up, down)


TRICK_SEVERAL: Final = N_("a move is a lead or an answer, not several")
DRAW_SEVERAL: Final = N_("a move is one card drawn, not several")
"""What a trick or a draw of several moves is told when one move is asked for."""


class BuraTable(BuraEngine):
    """A Bura table: ``push`` moves in the order of play, ``pop`` them back; see
    :class:`replay.model.Table` for the whole interface."""

    NOTATION = KIND

    # ---- the translator: a record's event -> a move, and back ---------------------------

    def move_of(self, node: Node, seats: Seats | None = None) -> BuraMove:
        """The move one event of a record of Bura or a variant stands for (names and cards
        read by ``seats``, which says what is wrong with them).  A trick is not one move
        (its leads and answers are), nor a draw of several cards (each card is)."""
        seats = Names(self.players) if seats is None else seats
        if isinstance(node, Answer):
            up = seats.seen_cards(node.cards, node, FACE_UP_UNKNOWN, "unknown-card", "B4")
            down = seats.cards(node.down, node) if node.down else []
            return lay_move(seats.seat(node.seat, node), up, down)
        if isinstance(node, Claim):
            return OpenClaim(seats.seat(node.seat, node), node.count, node.outcome)
        if isinstance(node, Show):
            cards = seats.seen_cards(node.cards, node, SHOWN_UNKNOWN, "bad-combo", "B8")
            return ShowCombo(seats.seat(node.seat, node), node.combo, cards)
        if isinstance(node, Fault):
            return CommitFault(seats.seat(node.seat, node), node.fault)
        return self.stock_move_of(node, seats, TRICK_SEVERAL, DRAW_SEVERAL)

    def node_of(self, move: BuraMove) -> Node:
        """The record's event of one move (a lead or an answer: its :class:`Answer`; a card
        drawn: a draw of that card)."""
        name = self.players.__getitem__
        if isinstance(move, Lay):
            return Answer(seat=name(move.seat), cards=[card_code(c) for c in move.up], down=codes_of(move.down))
        stock = self.stock_node_of(move)
        if stock is not None:
            return stock
        if isinstance(move, OpenClaim):
            outcome = None if move.outcome is None else OUTCOMES[move.outcome]
            return Claim(seat=name(move.seat), count=move.count, outcome=outcome)
        if isinstance(move, ShowCombo):
            return Show(seat=name(move.seat), combo=COMBOS[move.combo], cards=[card_code(c) for c in move.cards])
        assert isinstance(move, CommitFault), move
        return Fault(seat=name(move.seat), fault=FAULTS[move.kind])

    # ---- the record -----------------------------------------------------------------------

    def start_tag_values(self, spec: StartTag, value: Any) -> list[str] | None:
        """The pot with ``ante`` after it when all ante again (after a void deal); the first
        leader by name."""
        if spec.name == "Pot" and value and self.start["ante_due"]:
            return [str(value), "ante"]
        if spec.name == "Leader":
            return None if value is None else [self.players[value]]
        return super().start_tag_values(spec, value)

    def round_facts(self, res: RoundResult) -> list[Node]:
        """What a finished deal left: the pot, or a variant's card points; the scores."""
        names = self.players
        out: list[Node] = []
        if self.HAS_POT:
            out.append(Pot(value=res.pot))
        if res.points:
            out.append(Stated(kind="points", entries=[Entry(seat=names[x], value=v) for x, v in res.points.items()]))
        scores = self.round_scores(res)
        entries = [Entry(seat=names[p], value=scores[p]) for p in range(len(names))]
        out.append(Stated(kind=STATED[self.SCORE_TALLY], entries=entries))
        return out

    def opening_events(self) -> list[Node]:
        """A deal's record starts with its pot (a variant without one: nothing)."""
        return [Pot(value=self.match.pot)] if self.HAS_POT else []

    def own_event(self, node: Node) -> Node:
        """A claim is written with its count and outcome, as the deal's end gave them."""
        if isinstance(node, Claim):
            res = self.results[-1]
            if node.count is None:
                node.count = res.claim_count
            if node.outcome is None:
                node.outcome = "win" if res.end == "claim-won" else "fail"
        return node


_FACTS = (Pot, Stated)
"""The events that state what a deal came to (a tuple: ``isinstance`` of one costs no union)."""

TALLY_WRONG: Final = {
    "chips": NN_("{name} has {n} chip, not {value}", "{name} has {n} chips, not {value}"),
    "wins": NN_("{name} has {n} deal won, not {value}", "{name} has {n} deals won, not {value}"),
    "penalty": NN_("{name} has {n} penalty point, not {value}", "{name} has {n} penalty points, not {value}"),
    "points": NN_(
        "{name} has {n} card point this deal, not {value}", "{name} has {n} card points this deal, not {value}"
    ),
}
"""A stated count the rules contradict, by the count's kind (a count in the language's
plural forms)."""


class BuraChecker(StockChecker[BuraTable, BuraGame]):
    """Replays a Bura record and reports what is wrong."""

    setup_clause = "B1"
    deck_clause = "B2"
    result_clause = "B1"
    players = range(2, 7)
    table_class: ClassVar[type[BuraTable]] = BuraTable
    TALLY_CLAUSE = "B1"
    """The clause of the running scores (``chips``)."""
    LEADER_TAG = False
    """Whether the ``Leader`` start tag belongs to the game (a variant whose rules name
    the first leader of a deal)."""

    # -- header ---------------------------------------------------------------------------

    def read_start_tag(self, tag: Tag, spec: StartTag, setup: dict[str, Any]) -> bool:
        """The pot may be followed by ``ante`` (after a void deal the pot stays and all ante
        again); the first leader (a variant's: who leads the first recorded deal) is named."""
        if tag.name == "Leader":
            if not self.LEADER_TAG:
                self.setup_error(
                    tr("{title} takes no Leader tag (the first leader follows from its rules)").format(
                        title=self.table_class.title
                    ),
                    tag,
                )
                return False
            leader = self.player(tag.values[0]) if len(tag.values) == 1 else None
            if leader is None:
                self.setup_error(tr("the Leader tag names one player"), tag)
                return False
            setup["first_leader"] = leader
            return True
        if tag.name == "Pot" and len(tag.values) == 2 and tag.values[1].strip() == "ante":
            setup["ante_due"] = True
            tag = Tag(name=tag.name, values=tag.values[:1], pos=tag.pos)
        return super().read_start_tag(tag, spec, setup)

    def fits(self, rules: RuleSet) -> bool:
        """Whether the players' hands and the trump card fit the deck (B2); reported if not."""
        g = self.record
        n = len(g.players)
        settings = self.table_class._settings(rules, 1)
        hand = settings.hand
        size = 36 if settings.low == Rank.SIX else 32
        if n * hand + 1 <= size:
            return True
        self.report(
            KgnError(
                tr("{n} players with {hand} cards each do not fit a deck of {size}").format(
                    n=n, hand=hand, size=size
                ),
                code="players",
                clause=self.setup_clause,
            ),
            next(t for t in g.tags if t.name == "Players"),
        )
        return False

    # -- body -----------------------------------------------------------------------------

    GAME_OVER = N_("the match ended ({result}); no deal may follow")
    AFTER_DRAWS = (Trick, Show)
    TRICK_SIZE = (N_("a trick has one answer from each player"), "B4")
    EARLY_TAKER = (N_("the taker is stated before every player has played"), "B5.3")

    def before_event(self, table: BuraTable, ev: Node) -> None:
        """A shown bura that nobody answers with a second one ends the deal (B8), and a
        deal whose cards are all played is scored before its facts."""
        deal = table.round
        if deal is None:
            return
        if deal.phase == "bura" and not (isinstance(ev, Show) and ev.combo in ("bura", "moskva")):
            table.settle()
        elif deal.phase == "end" and isinstance(ev, _FACTS):
            table.settle()

    def replay_own(self, table: BuraTable, ev: Claim | Pot | Show | Fault) -> None:
        if isinstance(ev, Claim):
            self._claim(table, ev)
        elif isinstance(ev, Pot):
            if ev.value != table.match.pot:
                self.wrong(
                    tr("the pot holds {pot}, not {value}").format(pot=table.match.pot, value=ev.value),
                    "wrong-pot", "B7.2", ev,
                )  # fmt: skip
        else:  # a show, a fault
            self.push_event(table, ev, ev.seat)

    def replay_trick(self, table: BuraTable, trick: Trick) -> None:
        deal = table.round
        if deal is None:
            raise self.illegal(table.between_deals(tr("no trick is played")), trick)
        self.start_trick(trick, trick.number, deal.trick_no, bool(deal.trick), "B5.3", "B3")
        self.replay_moves(table, trick.answers, trick.winner)

    def push_move(self, table: BuraTable, a: Answer) -> None:
        """A lead or an answer, its seat and cards read here (the commonest event); where
        one is wrong, the translator says what."""
        name, texts, down_texts = a.seat, a.cards, a.down  # each read once (a record's fields)
        seat = self.seats.get(name)
        up: list[Card] = []
        for text in texts:
            card = CARD_OF_CODE.get(text)
            if card is None:
                break
            up.append(card)
        if seat is None or len(up) != len(texts):
            self.push_event(table, a, name)  # the translator says what is wrong
        else:
            down = self.cards(down_texts, a) if down_texts else []
            self.apply(table, lay_move(seat, up, down), a, name)

    def _claim(self, table: BuraTable, ev: Claim) -> None:
        before = len(table.results)
        self.push_event(table, ev, ev.seat)
        if len(table.results) == before:
            return
        res = table.results[-1]
        won = res.end == "claim-won"
        if ev.count is not None and res.claim_count is not None and ev.count != res.claim_count:
            self.wrong(
                ntr(
                    "{seat}'s tricks hold {n} point, not {count}",
                    "{seat}'s tricks hold {n} points, not {count}",
                    res.claim_count,
                ).format(seat=ev.seat, n=res.claim_count, count=ev.count),
                "wrong-count",
                "B7.2",
                ev,
                ev.seat,
            )
        if ev.outcome is not None and (ev.outcome == "win") != won:
            self.wrong(
                (
                    tr("the claim wins with {n} (31 needed), not fails")
                    if won
                    else tr("the claim fails with {n} (31 needed), not wins")
                ).format(n=res.claim_count),
                "wrong-outcome",
                "B7.2",
                ev,
                ev.seat,
            )

    def counted(self, table: BuraTable, count: Stated) -> Sequence[int] | Mapping[int, int]:
        m = table.match
        if count.kind == "points":
            if not table.results or not table.results[-1].points:
                raise self.stop(tr("card points are stated before the deal is scored"), "incomplete-deal", "K7", count)
            points = table.results[-1].points
            return [points[table.side(seat)] for seat in range(len(table.players))]
        return {"chips": m.chips, "wins": m.wins, "penalty": m.penalty}[count.kind]

    def miscounted(self, table: BuraTable, kind: str, seat: int, want: int, value: int) -> tuple[str, str]:
        clause = {"chips": "B1", "wins": "B1", "penalty": self.TALLY_CLAUSE}.get(kind, "K7")
        return ntr(*TALLY_WRONG[kind], want).format(name=table.players[seat], n=want, value=value), clause
