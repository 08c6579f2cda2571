"""The Sixty-six table (the engine with its moves as KGN and its record), the translator
between moves and records, and the checker of a record.

The translator is the table's: from a record's event to a move (``move_of``, used by the
checker and by ``parse_move``), and from a move to a record's event (``node_of``, used by
``format_move`` and to write a table's game as a record; what every game with a stock
writes alike is :class:`replay.stock.StockEngine`'s).  The checker replays a record through :class:`SixtySixTable`
(docs/rules.md, S).  Same policy as for the other games: a wrong stated fact is reported
and the replay goes on; an illegal move ends the replay of the game; variations are
replayed as lines of their own.

>>> import notation, replay
>>> game = notation.loads('''[Game "sixtysix"] [Players "A" "B"] [Dealer "B"] [Rules "classic"]
... deal 1
...   hands A: AS TS KS QS JS 9S / B: AH TH KH QH JH 9H / trump: AC
...   1. B AH, A AS''')
>>> [d.headline() for d in replay.check(game).diagnostics]
["<input>:4:6: error[S3 wrong-leader]: B leads, but the lead is A's (the non-dealer leads first): deal 1, trick 1"]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Final

from notation.cards import Card, card_code
from notation.i18n import N_, ntr, tr
from notation.records import Entry, Node
from notation.sixtysix import KIND, records
from notation.sixtysix.records import SixtySixGame, Stated

from ..stock import StockChecker
from ..table import Names, Seats
from . import engine
from .engine import OUT, GoOut, PlayCard, RoundResult, SixtySixEngine, SixtySixMove, ended

__all__ = ["SixtySixChecker", "SixtySixTable", "facts"]


PLAYED_UNKNOWN: Final = N_("a card played to a trick is seen by both; it cannot be ??")
SEVERAL: Final = N_("a move is one card, not several")
"""What a trick or a draw of several cards is told when one move is asked for."""


def facts(res: RoundResult, players: list[str]) -> list[Stated]:
    """What a finished deal left, as a record states it: the points, the game points it
    scored, the totals."""
    return [
        Stated(
            kind=records.STATED[kind],
            entries=[Entry(seat=players[p], value=v) for p, v in values.items()],
        )
        for kind, values in (("points", res.points), ("score", res.scores), ("totals", res.totals))
    ]


class SixtySixTable(SixtySixEngine):
    """A Sixty-six table: ``push`` moves in the order of play, ``pop`` them back; see
    :class:`replay.model.Table` for the whole interface."""

    NOTATION = KIND
    SEATED_MOVES: ClassVar[dict[type, type]] = {
        records.Exchange: engine.Exchange, records.Close: engine.Close, records.Out: GoOut
    }

    # ---- the translator: a record's event -> a move, and back ---------------------------

    def move_of(self, node: Node, seats: Seats | None = None) -> SixtySixMove:
        """The move one event of a Sixty-six record stands for (names and cards read by
        ``seats``, which says what is wrong with them).  A trick is not one move (its cards
        are), nor a draw of two cards (each card is)."""
        seats = Names(self.players) if seats is None else seats
        if isinstance(node, records.Play):
            return self.played(node, seats, PLAYED_UNKNOWN, "S3")
        return self.stock_move_of(node, seats, SEVERAL, SEVERAL)

    def play_move(self, play: records.Play, seat: int, card: Card) -> PlayCard:
        return PlayCard(seat, card, play.marriage)

    def node_of(self, move: SixtySixMove) -> Node:
        """The record's event of one move (a card played: its :class:`records.Play`; a card
        drawn: a draw of that card; the exchange, the close, going out: the event that names
        its player)."""
        if isinstance(move, PlayCard):
            seat, card = self.players[move.seat], card_code(move.card)
            return records.Play(seat=seat, card=card, marriage=move.marriage)
        node = self.stock_node_of(move)
        assert node is not None, move
        return node

    # ---- the record -----------------------------------------------------------------------

    def round_facts(self, res: RoundResult) -> Sequence[Node]:
        return facts(res, self.players)

    def record(self) -> SixtySixGame:
        """The game so far as a record, with every trick's taker and every finished deal's
        facts (a deal whose cards are all played is scored: the count decides, S10)."""
        record = super().record()
        assert isinstance(record, SixtySixGame)
        deal = self.round
        if deal is not None and deal.phase == "end" and record.deals:
            scored = self.clone()
            scored.settle()
            record.deals[-1].events.extend(facts(scored.results[-1], self.players))
        return record

    def random_move(self, rng: random.Random) -> SixtySixMove:
        """A random move as :meth:`replay.table.Table.random_move` picks one, except
        for going out (S9), which is listed after every trick taken: a random player goes
        out four times in five when he has 66, and a false out one time in twenty, so that
        random deals run their course to the closed or exhausted stock."""
        move = super().random_move(rng)
        deal = self.round
        if deal is None or deal.out_right is None:
            return move
        out = GoOut(deal.out_right)
        if rng.random() < (0.8 if self.count(out.seat) >= OUT else 0.05):
            return out
        for _ in range(8):  # another move where there is one
            if move != out:
                return move
            move = super().random_move(rng)
        return move


class SixtySixChecker(StockChecker[SixtySixTable, SixtySixGame]):
    """Replays a Sixty-six record and reports what is wrong."""

    table_class: ClassVar[type[SixtySixTable]] = SixtySixTable
    setup_clause = "S1"
    deck_clause = "S2"
    result_clause = "S13"
    players = range(2, 3)

    # -- body -----------------------------------------------------------------------------

    AFTER_DRAWS = (records.Trick, records.Exchange, records.Close)
    TRICK_SIZE = (N_("a trick has two cards, one from each player"), "S3")
    EARLY_TAKER = (N_("the winner is stated before both have played"), "S3")

    def replay_trick(self, table: SixtySixTable, trick: records.Trick) -> None:
        deal = table.round
        if deal is None and table.results:
            # the deal ended before its cards were played: by going out (S9) or a close (S11)
            self.trick_no = trick.number
            res = table.results[-1]
            clause = "S11" if res.end == "closed-failed" else "S9"
            raise self.stop(
                tr("deal {number} is over ({ended}); no trick may follow").format(
                    number=res.number, ended=ended(res, table.players)
                ),
                "out-of-order", clause, trick,
            )  # fmt: skip
        if deal is None or deal.phase == "end":
            self.trick_no = trick.number
            raise self.stop(
                tr("every card of the deal is played; no trick may follow"), "out-of-order", "S10", trick
            )
        self.start_trick(trick, trick.number, deal.trick_no, bool(deal.trick), "S3", "S3")
        self.replay_moves(table, trick.plays, trick.winner)

    # -- stated facts ---------------------------------------------------------------------

    def counted(self, table: SixtySixTable, count: Stated) -> dict[int, int]:
        table.settle()  # a deal whose cards are all played is scored before its facts
        if table.round is not None or not table.results:
            message = tr("the {kind} line comes before the deal is over").format(kind=count.kind)
            raise self.stop(message, "incomplete-deal", "S9", count)
        res = table.results[-1]
        return {"points": res.points, "score": res.scores, "totals": res.totals}[count.kind]

    def miscounted(self, table: SixtySixTable, kind: str, seat: int, want: int, value: int) -> tuple[str, str]:
        res, name = table.results[-1], table.players[seat]
        if kind == "points":  # how the deal ended says how its points are counted
            message = tr("{name} counts {want} (cards taken and marriages counted), not {value}")
            clause = {"out": "S9", "false-out": "S9", "closed-failed": "S11"}.get(res.end, "S10")
            return message.format(name=name, want=want, value=value), clause
        if kind == "totals":
            message = ntr("{name}'s total is {want} game point, not {value}", "{name}'s total is {want} game points, not {value}", want)
            return message.format(name=name, want=want, value=value), "S1"
        message = ntr("{name} scores {want} game point ({how}), not {value}", "{name} scores {want} game points ({how}), not {value}", want)
        message = message.format(name=name, want=want, how=ended(res, table.players), value=value)
        clause = {"false-out": "S9", "closed-failed": "S11", "tie": "S10"}.get(res.end, "S12")
        ties = _ties_before(table.results)
        if ties and seat == res.winner and value == want - ties:
            clause = "S10"  # the game points of the 65-65 deals before were left out
            message += ntr(
                ": {n} game point of the 65-65 deal before counts too",
                ": {n} game points of the 65-65 deals before count too",
                ties,
            ).format(n=ties)
        return message, clause


def _ties_before(results: Sequence[RoundResult]) -> int:
    """How many deals right before the last one ended 65-65 (their game points go to the
    last one's winner, S10)."""
    n = 0
    for res in reversed(results[:-1]):
        if res.end != "tie":
            break
        n += 1
    return n
