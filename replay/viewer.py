"""The interactive viewer: ``kozyr replay FILE`` on a terminal (a Textual app).

Keys: right/left or n/p one event, down/up a trick, PageDown/PageUp a hand, Home/End,
g go to a hand, v enter the variation of this move (] and [ switch to its other variations,
Escape leaves it), q quit.  The
footer shows them.  An invalid record opens too and stops at its first illegal move.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Input, Static

from notation.errors import safe_text

from .render import render_step
from .steps import Step

__all__ = ["Viewer"]


class Viewer(App[None]):
    """Step through a game as it was played."""

    TITLE = "kozyr replay"
    CSS = """
    #step { padding: 0 1; }
    #where { background: $boost; padding: 0 1; }
    #goto { dock: bottom; display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "step(1)", "next"),
        Binding("left,p", "step(-1)", "back"),
        Binding("down", "trick(1)", "next trick"),
        Binding("up", "trick(-1)", "prev trick"),
        Binding("pagedown", "hand(1)", "next hand"),
        Binding("pageup", "hand(-1)", "prev hand"),
        Binding("home", "home", "start"),
        Binding("end", "end", "end"),
        Binding("g", "goto", "go to hand"),
        Binding("v", "variation", "variation"),
        Binding("]", "sibling(1)", "next variation", show=False),
        Binding("[", "sibling(-1)", "prev variation", show=False),
        Binding("escape", "leave", "leave variation"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(
        self, steps: list[Step], *, title: str = "", seat: str | None = None, start: int = 0
    ) -> None:
        super().__init__()
        self.lines: list[tuple[list[Step], int, int]] = []
        """The lines left to enter variations: their steps, the index, which variation."""
        self.steps = steps
        self.index = max(0, min(start, len(steps) - 1))
        self.seat = seat
        self.label = safe_text(title)

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="where")
        with VerticalScroll():
            yield Static(id="step")
        yield Input(placeholder="hand number, Enter to go", id="goto")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    @property
    def current(self) -> Step:
        return self.steps[self.index]

    def show(self) -> None:
        if not self.steps:
            self.query_one("#step", Static).update(Text("(no moves in this record)"))
            return
        step = self.current
        depth = f" · variation depth {len(self.lines)}" if self.lines else ""
        where = Text(f"{self.label} · step {self.index + 1}/{len(self.steps)}{depth}")
        if self.seat:
            where.append(f" · as seen by {safe_text(self.seat)}")
        self.query_one("#where", Static).update(where)
        self.query_one("#step", Static).update(Group(render_step(step, self.seat)))

    def rendered_text(self) -> str:
        """The text on screen (for tests): the step as plain text."""
        from rich.console import Console

        console = Console(width=100, color_system=None, record=True, file=open("/dev/null", "w"))
        console.print(render_step(self.current, self.seat))
        return console.export_text()

    # -- moves ----------------------------------------------------------------------------

    def _go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.steps) - 1))
        self.show()

    def action_step(self, delta: int) -> None:
        self._go(self.index + delta)

    def _key(self, step: Step, level: str) -> tuple[int | None, int | None]:
        return (step.hand, step.trick if level == "trick" else None)

    def _jump(self, delta: int, level: str) -> None:
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
        self._jump(delta, "trick")

    def action_hand(self, delta: int) -> None:
        self._jump(delta, "hand")

    def action_home(self) -> None:
        self._go(0)

    def action_end(self) -> None:
        self._go(len(self.steps) - 1)

    def action_goto(self) -> None:
        box = self.query_one("#goto", Input)
        box.display = True
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        box = self.query_one("#goto", Input)
        box.display = False
        box.value = ""
        self.go_to_hand(event.value)

    def go_to_hand(self, text: str) -> None:
        try:
            number = int(text.strip())
        except ValueError:
            self.bell()
            return
        for i, step in enumerate(self.steps):
            if step.hand == number:
                self._go(i)
                return
        self.bell()

    def action_variation(self) -> None:
        if not self.steps or not any(self.current.variations):
            self.bell()
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
        if not self.lines:
            return
        self.steps, index, _ = self.lines.pop()
        self._go(index)
