"""Rich renderings of steps, score sheets and reports (no markup is ever interpreted).

Everything a file says (names, comments, tags) goes into :class:`rich.text.Text` objects as
plain text after :func:`notation.errors.safe_text`, so ``[red]``, ``[link=...]`` or an
escape sequence in a player's name is shown literally and cannot drive the terminal.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from notation.errors import safe_text

from .checking import Report
from .games import GAMES
from .steps import Step
from .view import View

__all__ = ["SUIT_STYLE", "card_text", "plain", "render_sheet", "render_step", "render_view"]

SUIT_STYLE = {"S": "bold", "C": "green", "D": "yellow", "H": "red"}
SUIT_GLYPH = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def plain(text: str) -> Text:
    """Untrusted text, shown literally."""
    return Text(safe_text(text))


def card_text(code: str) -> Text:
    if code == "??":
        return Text("??", style="dim")
    return Text(code[0] + SUIT_GLYPH[code[1]], style=SUIT_STYLE[code[1]])


def cards_line(codes: Iterable[str], unknown: int = 0, hidden: bool = False) -> Text:
    out = Text()
    codes = list(codes)
    if hidden:
        codes, unknown = [], unknown + len(codes)
    for i, code in enumerate(codes):
        if i:
            out.append(" ")
        out.append_text(card_text(code))
    if unknown:
        if codes:
            out.append(" ")
        out.append(" ".join(["▒▒"] * unknown), style="dim")
    return out


def render_view(view: View, seat: str | None = None) -> RenderableType:
    """The table: hands, trick, facts and scores; ``seat`` hides the other hands."""
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("player")
    table.add_column("hand")
    table.add_column("points", justify="right")
    table.add_column("total", justify="right")
    table.add_column("")
    names = [name for name, _, _ in view.hands] or list(view.totals)
    hands = {name: (cards, unknown) for name, cards, unknown in view.hands}
    for name in names:
        cards, unknown = hands.get(name, ([], 0))
        hidden = seat is not None and name != seat
        table.add_row(
            plain(name),
            cards_line(cards, unknown, hidden),
            str(view.points.get(name, "")),
            str(view.totals.get(name, "")),
            plain(view.marks.get(name, "")),
        )
    parts: list[RenderableType] = [Text(safe_text(view.title), style="bold"), table]
    if view.trick:
        line = Text("on the table: ")
        for i, (name, up, down) in enumerate(view.trick):
            if i:
                line.append(" / ")
            line.append_text(plain(name))
            if up:
                line.append(" ")
                line.append_text(cards_line(up))
            if down:
                # Face-down cards lie on the table as backs; only their owner sees the faces.
                line.append(" ")
                line.append(" ".join(["▒▒"] * len(down)), style="dim")
                if seat is not None and name == seat and any(c != "??" for c in down):
                    line.append(" (")
                    line.append_text(cards_line([c for c in down if c != "??"]))
                    line.append(")")
        parts.append(line)
    for label, value in view.lines:
        if label == "talon" and seat is not None:
            value = " ".join("??" for _ in value.split())
        parts.append(Text(f"{label}: ", style="dim") + plain(value))
    return Group(*parts)


def render_step(
    step: Step, seat: str | None = None, *, number: int | None = None
) -> RenderableType:
    """One step: what happened (with its glyphs and comments), then the table."""
    head = Text()
    if number is not None:
        head.append(f"{number}. ", style="dim")
    head.append_text(plain(step.text))
    for glyph in step.glyphs:
        head.append(" " + glyph, style="bold magenta")
    parts: list[RenderableType] = [head]
    for note in step.notes:
        parts.append(Text("  {", style="cyan") + plain(note) + Text("}", style="cyan"))
    if step.variations:
        parts.append(
            Text(
                f"  ({len(step.variations)} variation{'s' if len(step.variations) > 1 else ''}: press v)",
                style="dim",
            )
        )
    if step.error is not None:
        parts.append(Text(safe_text(step.error.format()), style="bold red"))
    parts.append(render_view(step.view, seat))
    return Group(*parts)


def render_sheet(report: Report) -> RenderableType:
    """The paper score sheet of a session: a column per player, a row per hand or deal."""
    sheet = GAMES[report.game].sheet(report)
    table = Table(title=sheet.title, header_style="bold", show_lines=False)
    for i, column in enumerate(sheet.columns):
        table.add_column(plain(column), justify="left" if i == 1 else "right")
    for row in sheet.rows:
        cells = []
        for text, style in row:
            if style == "total" and " " in text.strip():
                score, _, rest = text.partition(" ")
                total, _, marks = rest.partition(" ")
                cell = Text(score + " ")
                cell.append(total, style="bold")
                cell.append((" " + marks) if marks else "", style="magenta")
            else:
                cell = Text(safe_text(text), style="bold" if style == "total" else style)
            cells.append(cell)
        table.add_row(*cells)
    foot = Text(sheet.footer + "   result: ", style="dim")
    foot.append_text(plain(report.result or "unfinished"))
    return Group(table, foot)
