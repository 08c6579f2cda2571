"""The interactive viewer: ``kozyr replay FILE`` on a terminal, a card table (Textual).

The seats sit around the table in fixed places for the whole game (the viewing seat at the
bottom), the trick lies in the middle and stays there, its taker marked, after its last
card; the cards in no seat's hand and the trump lie in a corner.  Beside the table: the calls of the
hand, its tricks (click one to go there), the comments, glyphs and variations of the event,
and the score sheet (click a row to go to that hand).  At 80 columns the side panes fold
away behind ``m``.  ``?`` lists the keys (:data:`KEYS`).

Everything shown comes from the steps of :func:`replay.steps.timeline` and, for a seat view,
from :meth:`replay.view.View.seen_by`; every text from the file goes through
:func:`replay.render.plain`, so nothing in a record can drive the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from notation.errors import safe_text
from notation.i18n import N_, current, ntr, tr

from .render import card_faces, cards_line, cards_shown, plain, said_text, step_head, trump_text
from .view import Sheet, Step, View, positions, word

__all__ = ["KEYS", "Viewer"]

KEYS: list[tuple[str, str]] = [
    ("→ n", N_("next event")),
    ("← p", N_("previous event")),
    ("↓ ↑", N_("next / previous trick")),
    ("PgDn PgUp", N_("next / previous hand or deal")),
    ("Home End", N_("first / last event")),
    ("g", N_("go to hand N")),
    ("v", N_("enter the variation of this move")),
    ("] [", N_("next / previous variation of the same move")),
    ("Esc", N_("leave the variation")),
    ("s", N_("switch the seat view (everybody's cards, then each player's)")),
    ("f", N_("show the rest of the game too (spoilers), or only what has happened")),
    ("m", N_("show the side panes (narrow screens) or the table again")),
    ("click", N_("a trick in the trick list or a row of the score sheet goes there")),
    ("? h", N_("this help")),
    ("q", N_("quit")),
]
"""Every key of the viewer and what it does (the help screen and docs/cli.md list them)."""

_GRID = [["nw", "n", "ne"], ["w", "trick", "e"], ["sw", "s", "se"]]


@dataclass
class _Trick:
    number: int | None
    first: int
    """The index of its first card's step."""
    last: int
    """The index of the step that closed it (or its latest card so far)."""
    step: Step


def _spans(steps: list[Step]) -> dict[int | None, range]:
    """Where each hand's steps are in a line of steps."""
    first: dict[int | None, int] = {}
    last: dict[int | None, int] = {}
    for i, st in enumerate(steps):
        first.setdefault(st.round, i)
        last[st.round] = i
    return {hand: range(first[hand], last[hand] + 1) for hand in first}


def _tricks(steps: list[Step], span: range) -> list[_Trick]:
    """The tricks of one hand: its steps are ``steps[span]``."""
    out: list[_Trick] = []
    open_: _Trick | None = None
    for i in span:
        st = steps[i]
        if st.kind != "play":
            continue
        if open_ is None:
            open_ = _Trick(st.trick, i, i, st)
            out.append(open_)
        open_.last, open_.step = i, st
        if st.closes_trick:
            open_ = None
    return out


BIG_TABLE = (150, 45)
"""A terminal at least this wide and tall draws the cards of the table as card faces (a
table of single-line cards would fill only its top rows)."""


def big_table(widget: Static) -> bool:
    """Whether the terminal is large enough for the cards to be drawn as card faces."""
    size = widget.app.size
    return size.width >= BIG_TABLE[0] and size.height >= BIG_TABLE[1]


class SeatBox(Static):
    """One seat: name, dealer mark, cards (backs where hidden), tricks, points, total."""

    DEFAULT_CSS = """
    SeatBox { border: round $primary-darken-2; padding: 0 1; height: auto; }
    SeatBox.to-move { border: round $accent; }
    SeatBox.taker { border: double $success; }
    """

    def show(self, view: View, name: str, symbols: bool) -> None:
        title = Text()
        if name == view.to_move:
            title.append("● ")
        title.append_text(plain(name))
        if name == view.dealer:
            title.append(" · " + word("D"))
        self.border_title = title
        self.set_class(name == view.to_move, "to-move")
        self.set_class(name == view.taker, "taker")
        hands = {n: (cards, unknown) for n, cards, unknown in view.hands}
        if name in hands:
            cards, unknown = hands[name]
            draw = card_faces if big_table(self) else cards_line
            body = draw(cards, unknown, symbols) if cards or unknown else Text(tr("no cards"))
        elif view.hands:
            body = Text(word("sits out this hand"), style="dim")
        else:
            body = Text("")
        score = Text(style="dim")
        bits = []
        if name in view.tricks:
            bits.append(f"{word('tricks')}\u00a0{view.tricks[name]}")
        if name in view.points:
            bits.append(f"{word('pts')}\u00a0{view.points[name]}")
        score.append(" · ".join(bits))
        total = Text()
        if name in view.totals:
            total.append(word("total") + " ", style="dim")
            total.append(str(view.totals[name]), style="bold")
        if view.marks.get(name):
            total.append(" ")
            mark_at = len(total)
            total.append_text(plain(view.marks[name]))
            total.stylize("magenta", mark_at)
        self.update(Group(body, score, total))


class TrickBox(Static):
    """The middle of the table: each card by the seat that played it."""

    DEFAULT_CSS = """
    TrickBox { border: round $secondary; height: auto; min-height: 5; content-align: center middle; }
    TrickBox.taken { border: double $success; }
    """

    def show(self, view: View, places: dict[str, str], symbols: bool) -> None:
        self.set_class(view.taker is not None, "taken")
        self.border_title = word("trick") if view.trick else ""
        cells: dict[str, Text] = {}
        for name, up, down in view.trick:
            cell = Text(justify="center")
            cell.append_text(plain(name))
            if down:
                cell.append(f" ↓{len(down)}", style="dim")  # cards laid face down
            cell.append("\n")
            if up:
                cell.append_text((card_faces if big_table(self) else cards_line)(up, symbols=symbols))
            if down:
                if up:
                    cell.append(" ")
                face = cards_line(down, symbols=symbols)
                face.stylize("dim italic")
                cell.append_text(face)
            if name == view.taker:
                cell.stylize("reverse")
            cells[places.get(name, "s")] = cell
        grid = Table.grid(expand=True)
        for _ in range(3):
            grid.add_column(justify="center", ratio=1)
        rows = [["nw", "n", "ne"], ["w", "", "e"], ["sw", "s", "se"]]
        for row in rows:
            if any(place in cells for place in row):
                grid.add_row(*[cells.get(place, Text("")) for place in row])
        parts: list[RenderableType] = [grid] if view.trick else [Text("")]
        if view.taker is not None:
            parts.append(
                Text.assemble("→ ", plain(view.taker), " " + word("takes the trick"), justify="center", style="bold")
            )
        self.update(Group(*parts))


class PileBox(Static):
    """The cards in no seat's hand (the game's piles), and the trump."""

    DEFAULT_CSS = "PileBox { height: auto; padding: 0 1; }"

    def show(self, view: View, symbols: bool) -> None:
        parts: list[RenderableType] = []
        for pile in view.piles:
            if pile.count is not None:
                parts.append(Text(f"{word(pile.name)} {pile.count}", style="dim"))
            else:
                parts.append(Text(f"{word(pile.name)} ", style="dim") + cards_line(pile.cards, symbols=symbols))
        if view.trump:
            parts.append(Text(word("trump") + " ", style="dim") + trump_text(view.trump, symbols))
        self.update(Group(*parts) if parts else Text(""))


class InfoBox(Static):
    """The contract or auction, the pot, the result, notes."""

    DEFAULT_CSS = "InfoBox { height: auto; padding: 0 1; }"

    def show(self, view: View) -> None:
        parts = [Text(f"{word(label)} ", style="dim") + plain(value) for label, value in view.lines]
        self.update(Group(*parts) if parts else Text(""))


class HelpScreen(ModalScreen[None]):
    """Every key (any key closes it)."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Static { width: auto; max-width: 76; border: round $accent; padding: 0 1; background: $surface; }
    """
    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        for key, what in KEYS:
            table.add_row(key, tr(what))
        yield Static(
            Group(Text(tr("kozyr replay: keys"), style="bold"), table, Text(tr("any key closes this"), style="dim"))
        )

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if self.is_current:
            self.dismiss()


class Viewer(App[None]):
    """Step through a game as it was played, at a card table."""

    TITLE = "kozyr replay"
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]  # noqa: RUF012
    CSS = """
    #where { background: $boost; padding: 0 1; height: 1; }
    #body { height: 1fr; }
    #main { width: 1fr; }
    #table { grid-size: 3 3; grid-columns: 1fr 1fr 1fr; grid-rows: auto auto auto; height: auto; }
    #table > .empty { height: 0; }
    #event { padding: 0 1; height: auto; max-height: 6; }
    #side { width: 46; border-left: vkey $primary-darken-2; }
    .pane { height: auto; border: round $primary-darken-3; padding: 0 1; }
    #tricks { height: auto; max-height: 12; border: round $primary-darken-3; }
    #sheet { height: auto; max-height: 1fr; border: round $primary-darken-3; }
    #goto { dock: bottom; display: none; }
    Screen.-narrow #body { layout: vertical; }
    Screen.-narrow #main { height: auto; }
    Screen.-narrow #side { width: 1fr; height: 1fr; border-left: none; }
    Screen.-narrow #sheet { display: none; }
    Screen.-narrow.-panes #table, Screen.-narrow.-panes #event { display: none; }
    Screen.-narrow.-panes #sheet { display: block; height: auto; max-height: 12; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,h", "help", N_("keys"), key_display="?"),
        Binding("right,n", "step(1)", N_("next"), key_display="→", priority=True),
        Binding("left,p", "step(-1)", N_("back"), key_display="←", priority=True),
        Binding("down", "trick(1)", N_("trick"), key_display="↓↑", priority=True),
        Binding("up", "trick(-1)", N_("prev trick"), show=False, priority=True),
        Binding("pagedown", "hand(1)", N_("hand"), key_display="PgDn/Up", priority=True),
        Binding("pageup", "hand(-1)", N_("prev hand"), show=False, priority=True),
        Binding("home", "home", N_("start"), show=False, priority=True),
        Binding("end", "end", N_("end"), show=False, priority=True),
        Binding("g", "goto", N_("go to")),
        Binding("v", "variation", N_("variation"), show=False),
        Binding("]", "sibling(1)", N_("next variation"), show=False),
        Binding("[", "sibling(-1)", N_("prev variation"), show=False),
        Binding("escape", "leave", N_("leave variation"), show=False),
        Binding("s", "seat", N_("seat"), show=False),
        Binding("f", "spoilers", N_("spoilers"), show=False),
        Binding("m", "panes", N_("panes")),
        Binding("q", "quit", N_("quit")),
    ]

    def __init__(
        self,
        steps: list[Step],
        *,
        title: str = "",
        seat: str | None = None,
        start: int = 0,
        sheet: Sheet | None = None,
        symbols: bool = True,
        spoilers: bool = False,
    ) -> None:
        super().__init__()
        self._bindings = BindingsMap(  # the footer's words in the language in use
            [replace(b, description=tr(b.description)) for _, b in self._bindings]
        )
        self.spoilers = spoilers
        """Show the whole game (the calls, tricks and score sheet still to come), not only
        what has happened by the step on screen."""
        self._sheet_rows = -1
        self.lines: list[tuple[list[Step], int, int]] = []
        """The lines left to enter variations: their steps, the index, which variation."""
        self.steps = steps
        self.index = max(0, min(start, len(steps) - 1))
        self.seat = seat
        self.label = safe_text(title)
        self.sheet = sheet
        self.symbols = symbols
        first = next((st.view for st in steps if st.view.seats), None)
        self.seats: list[str] = first.seats if first else []
        self.bottom = seat or (self.seats[0] if self.seats else None)
        self.places = positions(self.seats, self.bottom)
        self._trick_rows: list[_Trick] = []
        self._spans_of: list[Step] | None = None
        self._spans: dict[int | None, range] = {}
        self.ready = False
        """Mounted: the table and the score sheet are there to be drawn."""

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="where")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                with Grid(id="table"):
                    for row in _GRID:
                        for place in row:
                            if place == "trick":
                                yield TrickBox(id="trick")
                            elif place in self.places.values():
                                yield SeatBox(id=f"seat-{place}")
                            elif place == self._corner("pile"):
                                yield PileBox(id="pile")
                            elif place == self._corner("info"):
                                yield InfoBox(id="info")
                            else:
                                yield Static(classes="empty")
                yield Static(id="event")
                yield DataTable(id="sheet", cursor_type="row", zebra_stripes=True)
            with VerticalScroll(id="side", can_focus=False):
                yield Static(id="calls", classes="pane")
                yield OptionList(id="tricks")
                yield Static(id="notes", classes="pane")
        yield Input(placeholder=tr("hand number, Enter to go, Esc to cancel"), id="goto")
        yield Footer(compact=current() != "en")  # the translations are longer: keep every key on one line

    def _corner(self, what: str) -> str:
        taken = set(self.places.values())
        free = [c for c in ("nw", "ne", "sw", "se") if c not in taken]
        free += ["sw", "se"]
        return free[0] if what == "pile" else free[1]

    def on_mount(self) -> None:
        self.query_one("#calls", Static).border_title = tr("calls")
        tricks = self.query_one("#tricks", OptionList)
        tricks.border_title = word("tricks")
        tricks.can_focus = False
        self.query_one("#notes", Static).border_title = tr("this event")
        table = self.query_one("#sheet", DataTable)
        table.border_title = tr("score sheet")
        table.can_focus = False
        if self.sheet is not None:
            for column in self.sheet.columns:
                table.add_column(plain(column))
        else:
            table.display = False
        self.ready = True
        self.show()

    @property
    def current(self) -> Step:
        return self.steps[self.index]

    def on_resize(self, event: events.Resize) -> None:
        """The cards are drawn for the terminal's size: a resize draws them again."""
        if self.steps and self.ready:
            self.show()

    def show(self) -> None:
        where = self.query_one("#where", Static)
        if not self.steps:
            where.update(Text(f"{self.label} · {word('no moves in this record')}"))
            return
        step = self.current.seen_by(self.seat)
        view = step.view
        depth = " · " + tr("variation {n}").format(n=len(self.lines)) if self.lines else ""
        head = Text(self.label + " · ", style="bold")  # the file first: it never drops out
        head.append(f"{safe_text(view.title)} · {self.index + 1}/{len(self.steps)}{depth}")
        if self.seat:
            head.append(" · " + word("as seen by {seat}").format(seat=safe_text(self.seat)))
        else:
            head.append(" · " + word("all cards"))
        if self.spoilers:
            head.append(" · " + tr("spoilers"), style="magenta")
        where.update(head)
        for name, place in self.places.items():
            self.query_one(f"#seat-{place}", SeatBox).show(view, name, self.symbols)
        self.query_one("#trick", TrickBox).show(view, self.places, self.symbols)
        self.query_one("#pile", PileBox).show(view, self.symbols)
        self.query_one("#info", InfoBox).show(view)
        event = Group(
            step_head(step, symbols=self.symbols),
            *[Text("{", style="cyan") + plain(n) + Text("}", style="cyan") for n in step.notes],
        )
        self.query_one("#event", Static).update(event)
        self._show_calls(step)
        self._show_tricks(step)
        self._show_notes(step)
        self._show_sheet(step)

    def _span(self, hand: int | None) -> range:
        """The indexes of one hand's steps in the line on screen."""
        if self._spans_of is not self.steps:
            self._spans_of, self._spans = self.steps, _spans(self.steps)
        return self._spans.get(hand, range(0))

    def _show_calls(self, step: Step) -> None:
        out = Text()
        for i in self._span(step.round):
            st = self.steps[i]
            if st.kind not in ("deal", "call") or (i > self.index and not self.spoilers):
                continue
            if out:
                out.append("\n")
            line = said_text(st.said.seen_by(self.seat).parts, self.symbols)
            for glyph in st.glyphs:
                line.append(" " + glyph, style="bold magenta")
            if i == self.index:
                line.stylize("reverse")
            elif i > self.index:
                line.stylize("dim")
            out.append_text(line)
        self.query_one("#calls", Static).update(out or Text(tr("(none yet)"), style="dim"))

    def _show_tricks(self, step: Step) -> None:
        box = self.query_one("#tricks", OptionList)
        rows = _tricks(self.steps, self._span(step.round))
        self._trick_rows = rows
        box.clear_options()
        here = None
        for k, row in enumerate(rows):
            if row.first > self.index and not self.spoilers:
                break  # a trick still to come
            seen = row.step.view.seen_by(self.seat)
            if row.last > self.index and not self.spoilers:  # its cards played so far
                seen = self.current.view.seen_by(self.seat)
            line = Text(f"{row.number if row.number is not None else k + 1:>2} ")
            for j, (name, up, down) in enumerate(seen.trick):
                if j:
                    line.append("  ")
                line.append_text(plain(name[:8]))
                line.append(" ")
                line.append_text(cards_line(up + down, symbols=self.symbols))
            if seen.taker is not None:
                line.append(" → ")
                line.append_text(plain(seen.taker))
            if row.first <= self.index <= row.last:
                line = Text("▶", style="bold") + line
                line.stylize("bold")
            else:
                line = Text(" ") + line
            if row.first > self.index:
                line.stylize("dim")
            box.add_option(Option(line, id=f"t{k}"))
            if row.first <= self.index <= row.last:
                here = k
        box.highlighted = here

    def _show_notes(self, step: Step) -> None:
        parts: list[RenderableType] = []
        if step.glyphs:
            parts.append(Text(word("glyphs:") + " " + " ".join(step.glyphs), style="bold magenta"))
        for note in step.notes:
            parts.append(Text("{", style="cyan") + plain(note) + Text("}", style="cyan"))
        if step.variations:
            n = len(step.variations)
            parts.append(
                Text(ntr("{n} variation here: v enters, ] [ switch", "{n} variations here: v enters, ] [ switch", n).format(n=n))
            )
        if self.lines:
            parent, index, k = self.lines[-1]
            options = [i for i, var in enumerate(parent[index].variations) if var]
            where = tr("in variation {k} of {n}: Esc leaves").format(k=options.index(k) + 1, n=len(options))
            parts.append(Text(where, style="italic"))
        error = step.seen_by(self.seat).error
        if error is not None:
            parts.append(Text(cards_shown(safe_text(error.format()), self.symbols), style="bold red"))
        self.query_one("#notes", Static).update(Group(*parts) if parts else Text(word("(no comments)"), style="dim"))

    def _show_sheet(self, step: Step) -> None:
        if self.sheet is None:
            return
        table = self.query_one("#sheet", DataTable)
        rows = self.sheet.rows if self.spoilers else self.sheet.rows[: step.done]
        with self.prevent(DataTable.RowHighlighted):  # the viewer's own moves go nowhere
            if len(rows) != self._sheet_rows:  # only the hands finished by now (or all)
                table.clear()
                for row in rows:
                    table.add_row(*[plain(text) for text, _ in row])
                self._sheet_rows = len(rows)
            for r, row in enumerate(rows):
                if row and row[0][0] == str(step.round):
                    table.move_cursor(row=r)
                    return

    def rendered_text(self) -> str:
        """The step as plain text (for tests and --plain)."""
        from rich.console import Console

        from .render import render_step

        console = Console(width=100, color_system=None, record=True, file=open("/dev/null", "w"))
        console.print(render_step(self.current, self.seat, symbols=self.symbols))
        return console.export_text()

    # -- moves ----------------------------------------------------------------------------

    def _go(self, index: int) -> None:
        if not self.steps:
            return
        self.index = max(0, min(index, len(self.steps) - 1))
        self.show()

    def action_step(self, delta: int) -> None:
        self._go(self.index + delta)

    def _key(self, step: Step, level: str) -> tuple[int | None, int | None]:
        return (step.round, step.trick if level == "trick" else None)

    def _jump(self, delta: int, level: str) -> None:
        if not self.steps:
            return
        here = self._key(self.current, level)
        i = self.index
        if delta > 0:
            while i + 1 < len(self.steps) and self._key(self.steps[i + 1], level) == here:
                i += 1
            self._go(i + 1)
        else:
            while i > 0 and self._key(self.steps[i - 1], level) == here:
                i -= 1
            if i == self.index:  # already at the start: go to the start of the previous one
                i -= 1
                prev = self._key(self.steps[max(i, 0)], level)
                while i > 0 and self._key(self.steps[i - 1], level) == prev:
                    i -= 1
            self._go(i)

    def action_trick(self, delta: int) -> None:
        """To the last card of the next (or previous) trick, so the whole trick shows."""
        if not self.steps:
            return
        rows = self._trick_rows  # the current hand's, as on screen
        if delta > 0:
            later = [tr for tr in rows if tr.last > self.index]
            if later:
                self._go(later[0].last)
                return
            self._jump(1, "hand")  # the next hand's first event
            return
        earlier = [tr for tr in rows if tr.last < self.index]
        if earlier:
            self._go(earlier[-1].last)
        else:
            self._jump(-1, "trick")

    def action_hand(self, delta: int) -> None:
        self._jump(delta, "hand")

    def action_home(self) -> None:
        self._go(0)

    def action_end(self) -> None:
        self._go(len(self.steps) - 1)

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_seat(self) -> None:
        """Everybody's cards, then each player's view in turn (seats stay in place)."""
        order: list[str | None] = [None, *self.seats]
        self.seat = order[(order.index(self.seat) + 1) % len(order)] if self.seat in order else None
        self.show()

    def action_spoilers(self) -> None:
        """Show the rest of the game (the calls, tricks and score sheet to come), or again
        only what has happened by the step on screen."""
        self.spoilers = not self.spoilers
        self.show()

    def action_panes(self) -> None:
        self.screen.toggle_class("-panes")

    def action_goto(self) -> None:
        box = self.query_one("#goto", Input)
        box.display = True
        box.focus()

    def _close_goto(self) -> None:
        box = self.query_one("#goto", Input)
        box.display = False
        box.value = ""
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._close_goto()
        self.go_to_hand(event.value)

    def go_to_hand(self, text: str) -> bool:
        """Go to hand ``text``; says so when there is no such hand."""
        try:
            number = int(text.strip())
        except ValueError:
            self.notify(tr("{text!r} is not a hand number").format(text=safe_text(text.strip())), severity="error")
            return False
        for i, step in enumerate(self.steps):
            if step.round == number:
                self._go(i)
                return True
        hands = sorted({st.round for st in self.steps if st.round is not None})
        span = tr("hands {first} to {last}").format(first=hands[0], last=hands[-1]) if hands else tr("no hands")
        self.notify(tr("there is no hand {number} here ({span})").format(number=number, span=span), severity="error")
        return False

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        k = int((event.option.id or "t0")[1:])
        if k < len(self._trick_rows):
            self._go(self._trick_rows[k].last)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """A click on a row of the sheet goes to that hand (the viewer itself moves the
        cursor only to the current hand, which changes nothing)."""
        if self.sheet is None or self.lines or not self.steps:
            return
        number = self.sheet.rows[event.cursor_row][0][0]
        if number != str(self.current.round) and number.isdigit():
            self.go_to_hand(number)

    def action_variation(self) -> None:
        if not self.steps or not any(self.current.variations):
            self.notify(tr("no variation at this move"), severity="warning")
            return
        k = next(i for i, var in enumerate(self.current.variations) if var)
        self.lines.append((self.steps, self.index, k))
        self.steps = self.current.variations[k]
        self._go(0)

    def action_sibling(self, delta: int) -> None:
        """Inside a variation: the next (or previous) variation of the same move."""
        if not self.lines:
            self.bell()
            return
        parent, index, k = self.lines[-1]
        options = [i for i, var in enumerate(parent[index].variations) if var]
        if len(options) < 2:
            self.bell()
            return
        k = options[(options.index(k) + delta) % len(options)]
        self.lines[-1] = (parent, index, k)
        self.steps = parent[index].variations[k]
        self._go(0)

    def action_leave(self) -> None:
        if self.query_one("#goto", Input).display:
            self._close_goto()
            return
        if not self.lines:
            return
        self.steps, index, _ = self.lines.pop()
        self._go(index)
