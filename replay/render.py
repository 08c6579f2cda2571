"""Rich renderings of steps, score sheets and reports (no markup is ever interpreted).

Everything a file says (names, comments, tags) goes into :class:`rich.text.Text` objects as
plain text after :func:`notation.errors.safe_text`, so ``[red]``, ``[link=...]`` or an
escape sequence in a player's name is shown literally and cannot drive the terminal.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable

from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from notation.errors import safe_text
from notation.i18n import ntr, ptr, rank_text, tr

from .checking import Report
from .games import GAMES
from .view import DEALER_MARK, SUIT_NOUN, CardCode, Step, View, word

__all__ = [
    "SUIT_STYLE",
    "card_text",
    "cards_line",
    "cards_shown",
    "plain",
    "print_whole",
    "render_sheet",
    "render_step",
    "render_view",
    "said_text",
    "step_head",
    "trump_text",
]

SUIT_STYLE = {"S": "bold", "C": "green", "D": "yellow", "H": "red"}
SUIT_GLYPH = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
BACK = "▒▒"


def plain(text: str) -> Text:
    """Untrusted text, shown literally."""
    return Text(safe_text(text))


_CODE = re.compile(r"\b([6-9TJQKA])([SCDH])\b")


def cards_shown(text: str, symbols: bool = True) -> str:
    r"""A message with its card codes as the screen draws cards (``A♠``), so that a
    diagnostic on a table of suit symbols speaks the same way (the source line quoted in it
    stays as written).

    >>> cards_shown("Anna must follow spades (holds JS, QS)\n  legal: JS, QS")
    'Anna must follow spades (holds J♠, Q♠)\n  legal: J♠, Q♠'
    """
    if not symbols:
        return text
    lines = text.split("\n")
    return "\n".join(
        line if line.lstrip().split("|", 1)[0].strip().isdigit() else _CODE.sub(_glyph, line)
        for line in lines
    )


def _glyph(m: re.Match[str]) -> str:
    return m.group(1) + SUIT_GLYPH[m.group(2)]


def card_text(code: str, symbols: bool = True) -> Text:
    """One card: ``A♠`` in its suit's colour (``AS`` without symbols), ``??`` unseen; with
    symbols, the rank as the language in use writes it (``Д♠``, ``10♠``)."""
    if code == "??":
        return Text("??", style="dim")
    suit = code[-1]
    if symbols:
        return Text(rank_text(code[:-1]) + SUIT_GLYPH[suit], style=SUIT_STYLE[suit])
    return Text(code, style=SUIT_STYLE[suit])


def trump_text(trump: str, symbols: bool = True) -> Text:
    """The trump suit in words (``♥ hearts``), or ``none``."""
    if trump not in SUIT_NOUN:
        return Text(trump)
    return Text((SUIT_GLYPH[trump] + " " if symbols else "") + word(SUIT_NOUN[trump]), SUIT_STYLE[trump])


def cards_line(codes: Iterable[str], unknown: int = 0, symbols: bool = True) -> Text:
    """Cards in a row, then ``unknown`` backs."""
    out = Text()
    codes = [c for c in codes if c != "??"] + [""] * (unknown + sum(c == "??" for c in codes))
    for i, code in enumerate(codes):
        if i:
            out.append(" ")
        if code:
            out.append_text(card_text(code, symbols))
        else:
            out.append(BACK if symbols else "##", style="dim")
    return out


def card_faces(codes: Iterable[str], unknown: int = 0, symbols: bool = True) -> Text:
    """Cards drawn as small card faces, three lines high, then ``unknown`` backs (the
    table on a large terminal).

    >>> print(card_faces(["TS", "9H"], 1, symbols=False).plain)
    ╭───╮╭───╮╭───╮
    │TS ││9H ││###│
    ╰───╯╰───╯╰───╯
    """
    codes = [c for c in codes if c != "??"] + [""] * (unknown + sum(c == "??" for c in codes))
    top, middle, bottom = Text(), Text(), Text()
    for code in codes:
        top.append("╭───╮", style="dim")
        bottom.append("╰───╯", style="dim")
        middle.append("│", style="dim")
        if code:
            face = card_text(code, symbols)
            middle.append_text(face)
            middle.append(" " * max(0, 3 - len(face.plain)))
        else:
            middle.append("###", style="dim")
        middle.append("│", style="dim")
    return Text("\n").join([top, middle, bottom])


def said_text(parts: Iterable[str], symbols: bool = True) -> Text:
    """A sentence whose card parts are drawn as cards."""
    out = Text()
    for part in parts:
        if isinstance(part, CardCode):
            out.append_text(card_text(part, symbols))
        else:
            out.append_text(plain(part))
    return out


def render_view(view: View, seat: str | None = None, *, symbols: bool = True) -> RenderableType:
    """The table: hands, trick, facts and scores; ``seat`` hides what that player could not
    see (:meth:`View.seen_by`)."""
    view = view.seen_by(seat)
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column(tr("player"))
    table.add_column(ptr("table", "hand"))
    table.add_column(word("tricks"), justify="right")
    table.add_column(ptr("table", "points"), justify="right")
    table.add_column(word("total"), justify="right")
    table.add_column("")
    names = view.seats or [name for name, _, _ in view.hands] or list(view.totals)
    hands = {name: (cards, unknown) for name, cards, unknown in view.hands}
    for name in names:
        cards, unknown = hands.get(name, ([], 0))
        who = plain(name)
        if name == view.dealer:
            who.append(f" ({word(DEALER_MARK)})", style="dim")
        if name == view.to_move:
            who.append(" *", style="bold")
        table.add_row(
            who,
            cards_line(cards, unknown, symbols) if name in hands else Text("-", style="dim"),
            str(view.tricks.get(name, "")),
            str(view.points.get(name, "")),
            str(view.totals.get(name, "")),
            plain(view.marks.get(name, "")),
        )
    parts: list[RenderableType] = [Text(safe_text(view.title), style="bold"), table]
    if view.trick:
        parts.append(_trick_line(view, symbols))
    for pile in view.piles:
        if pile.count is not None:
            count = ntr("{n} card", "{n} cards", pile.count).format(n=pile.count)
            parts.append(Text(f"{word(pile.name)}: {count}", style="dim"))
        else:
            parts.append(Text(f"{word(pile.name)}: ", style="dim") + cards_line(pile.cards, symbols=symbols))
    if view.trump:
        parts.append(Text(tr("trump:") + " ", style="dim") + trump_text(view.trump, symbols))
    for label, value in view.lines:
        parts.append(Text(f"{word(label)}: ", style="dim") + plain(value))
    return Group(*parts)


def _trick_line(view: View, symbols: bool) -> Text:
    """The cards on the table (face up and face down, each with its player), and who
    takes the trick."""
    line = Text((tr("trick:") if view.taker else tr("on the table:")) + " ")
    for i, (name, up, down) in enumerate(view.trick):
        if i:
            line.append(" / ")
        line.append_text(plain(name))
        if up:
            line.append(" ")
            line.append_text(cards_line(up, symbols=symbols))
        if down:
            line.append(" " + tr("face down") + " ")
            line.append_text(cards_line(down, symbols=symbols))
    if view.taker:
        line.append(" -> ")
        line.append_text(plain(view.taker))
        line.append(" " + tr("takes it"))
    return line


def step_head(step: Step, *, symbols: bool = True, number: int | None = None) -> Text:
    """What the step did, its glyphs right after the card or call they belong to, then
    who took the trick."""
    head = Text()
    if number is not None:
        head.append(f"{number}. ", style="dim")
    parts = step.said.parts
    if step.kind == "error":  # the diagnostic's words: its cards drawn as cards too
        parts = [cards_shown(p, symbols) for p in parts]
    head.append_text(said_text(parts, symbols))
    for glyph in step.glyphs:
        head.append(" " + glyph, style="bold magenta")
    if step.closes_trick and step.view.taker is not None:
        head.append("; ")
        head.append_text(plain(step.view.taker))
        head.append(" " + word("takes the trick"))
    return head


def render_step(
    step: Step, seat: str | None = None, *, number: int | None = None, symbols: bool = True
) -> RenderableType:
    """One step: what happened (with its glyphs and comments), then the table."""
    step = step.seen_by(seat)
    parts: list[RenderableType] = [step_head(step, symbols=symbols, number=number)]
    for note in step.notes:
        parts.append(Text("  {", style="cyan") + plain(note) + Text("}", style="cyan"))
    if step.variations:
        n = len(step.variations)
        parts.append(
            Text("  " + ntr("({n} variation: press v)", "({n} variations: press v)", n).format(n=n), style="dim")
        )
    if step.error is not None:
        parts.append(Text(cards_shown(safe_text(step.error.format()), symbols), style="bold red"))
    parts.append(render_view(step.view, symbols=symbols))
    return Group(*parts)


def print_whole(console: Console, renderable: RenderableType) -> None:
    """Print a table with every name and number whole.  Where the terminal is too narrow,
    rich cuts cells to "…" or drops columns; then the table is printed at the narrowest
    width that keeps every word of it (the terminal wraps the longer lines)."""
    natural = Measurement.get(console, console.options.update_width(10_000), renderable).maximum
    if console.width >= natural:
        console.print(renderable)
        return

    def words(width: int) -> list[str]:
        out = Console(
            file=io.StringIO(), width=width, highlight=False, markup=False, emoji=False
        )  # as the console prints it, to a string
        out.print(renderable)
        text = out.file.getvalue()  # type: ignore[attr-defined]
        return sorted(_BOX_DRAWING.sub(" ", text).split())

    whole = words(natural)
    low, high = console.width, natural
    while low < high:  # the narrowest width with every word whole
        mid = (low + high) // 2
        if words(mid) == whole:
            high = mid
        else:
            low = mid + 1
    if low > console.width:
        console = Console(
            file=console.file, width=low, highlight=False, markup=False, emoji=False
        )
    console.print(renderable)


_BOX_DRAWING = re.compile("[\u2500-\u257f]")


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
    # the legend's items, each kept on one line (a line breaks between two of them)
    legend = "   ".join(item.replace(" ", "\u00a0") for item in sheet.footer.split("   "))
    foot = Text(legend + "   " + tr("result:") + " ", style="dim")
    foot.append_text(plain(report.result or tr("unfinished")))
    return Group(table, foot)
