"""What the notations of the games played with a stock share: their records' shape of a
deal and of a game (:class:`EventRound`, :class:`StockGame`) and how they are written
(:class:`StockNotation`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from .fastparse import StockReader, read_game
from .kinds import NotationKind
from .records import Comment, Count, Deal, Draw, GameRecord, Node, StockShape
from .write import Writer, draw_text, entries_text, write_deal

if TYPE_CHECKING:
    from .builder import Builder

__all__ = ["EventRound", "StockGame", "StockNotation"]


class StockNotation(StockShape, NotationKind):
    """What the notations of the games played with a stock (Bura, Burkozel, Sixty-six)
    share: their records' shape and how it is written.  A deal is its number, the cards
    dealt, then each event on a line of its own; a trick is its number, its moves and the
    taker; a draw, a stated count and a variation are written alike.  A game's notation
    names its record classes (:class:`notation.records.StockShape`), which its fast reader
    (:class:`notation.fastparse.StockReader`) and its builder
    (:class:`notation.builder.StockBuilder`) make, and writes its moves and its own events;
    a game whose tricks or events read otherwise names its own reader and builder."""

    READER: ClassVar[type[StockReader[Any]]] = StockReader
    """The fast reader's class (made with the text and this notation)."""

    def read(self, text: str, first_line: int, /) -> GameRecord | None:
        game: GameRecord | None = read_game(text, first_line, self.READER, self)
        return game

    def builder(self) -> Builder:
        from .builder import StockBuilder  # Lark loads only when the grammar reads

        return StockBuilder(self, self.record)

    def write_moves(self, out: Writer, moves: list[Any], trick: Node | None, /) -> None:
        """The moves of a trick or a variation, and its taker (``trick``; None for a move
        alone)."""
        raise NotImplementedError

    def event_text(self, out: Writer, event: Node, /) -> str:
        """One of the game's own events (not a trick, a draw or a count) as its words: one
        that names only a player, its word and the player (a game writes its others)."""
        if not isinstance(event, self.SEATED):
            raise TypeError(f"not an event of a deal of {self.name}: {type(event).__name__}")
        return f"{event.kind} {out.seat(event.seat)}"

    def write_round(self, writer: Writer, round: Node, /) -> None:
        """One deal: its number, the cards dealt, then each event on a line of its own."""
        assert isinstance(round, self.ROUND)
        writer.raw(f"deal {round.number}")
        writer.comments(round.notes)
        if round.deal is not None:
            writer.line()
            write_deal(writer, round.deal)
        for ev in round.events:
            writer.line()
            self.write_one(writer, ev)

    def write_event(self, event: Node, /) -> str:
        """One event as the line a deal holds it on (a move alone, as a trick lists it)."""
        out = Writer(self.keywords)
        if isinstance(event, Deal):
            write_deal(out, event)
        elif isinstance(event, self.MOVE):
            self.write_moves(out, [event], None)
        else:
            self.write_one(out, event)
        return out.text().strip()

    def write_one(self, out: Writer, ev: Node) -> None:
        """One event of a deal, with its comments."""
        if isinstance(ev, self.TRICK):
            out.word(f"{ev.number}.")
            self.write_moves(out, getattr(ev, self.MOVES), ev)
            return
        if isinstance(ev, Draw):
            out.word(draw_text(out, ev))
        elif isinstance(ev, self.COUNT):
            out.word(ev.kind + " " + entries_text(out, ev.entries, ev.kind in self.SIGNED_COUNTS))
        else:
            out.word(self.event_text(out, ev))
        out.comments(getattr(ev, "notes"))  # noqa: B009

    def write_variation(self, out: Writer, var: Node) -> None:
        """A variation: ``(`` the rest of its trick, its events ``)``."""
        assert isinstance(var, self.VARIATION)
        out.word("(")
        moves = getattr(var, self.MOVES)
        if moves or var.winner is not None:
            self.write_moves(out, moves, var)
        for ev in var.events:
            self.write_one(out, ev)
        out.raw(")")


@dataclass(slots=True, kw_only=True, eq=False)
class EventRound(Node):
    """A deal of a game played with a stock (Bura, Burkozel, Sixty-six), numbered from 1:
    the cards dealt (the ``hands`` line) and then its events in the order they happened.
    A game's ``Round`` subclasses it and names its events."""

    kind: Literal["deal"] = "deal"
    number: Count
    notes: list[Comment] = field(default_factory=list)
    deal: Deal | None = None
    """The cards dealt (the ``hands`` line)."""
    events: list[Any] = field(default_factory=list)


@dataclass(slots=True, kw_only=True, eq=False)
class StockGame(GameRecord):
    """A game played with a stock: the header and the deals in order.  A game's record
    subclasses it with its ``kind`` and its ``Round``."""

    deals: list[Any] = field(default_factory=list)

    ROUNDS: ClassVar[str] = "deals"
    """The field that holds the game's rounds: its deals."""

    @property
    def rounds(self) -> list[Any]:
        """The deals, in order (every game record has ``rounds``)."""
        return self.deals
