"""``kozyr sheet --plot``: the score progression of a session as a picture.

Every player's running total across the hands (Thousand), chips (Bura) or penalty points
(Burkozel), with the barrel and the target for Thousand and the losing limit for Burkozel.
SVG is drawn here (no dependency); PNG uses matplotlib when it is installed.

>>> svg = progression_svg({"Anna": [0, 120], "Boris": [0, -40]}, [("target", 1000)], "test")
>>> svg.startswith("<svg") and "Anna" in svg and "target" in svg
True
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from notation.i18n import tr

from .checker import Report
from .games import GAMES
from .model import Progression
from .table import AnyTable
from .view import word

__all__ = ["progression", "progression_svg", "write_plot"]

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def progression(report: Report, table: AnyTable | None) -> Progression:
    """The series (a value per player after each round, starting from the start), the
    reference lines, and what is counted (the game kind's progression)."""
    return GAMES[report.game].progression(report, table)


WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 720, 400, 60, 110, 30, 40
"""The chart's size and margins (SVG units)."""


def chart_x(count: int) -> list[float]:
    """Where the chart draws each of ``count`` points (the start, then each hand)."""
    return [LEFT + (WIDTH - LEFT - RIGHT) * (i / max(count - 1, 1)) for i in range(count)]


def nice_ticks(low: float, high: float, most: int = 8) -> list[int]:
    """Whole-number ticks from ``low`` to ``high`` at a step of 1, 2 or 5 times a power of
    ten, at most about ``most`` of them.

    >>> nice_ticks(-120, 1000)
    [0, 200, 400, 600, 800, 1000]
    >>> nice_ticks(0, 7)
    [0, 1, 2, 3, 4, 5, 6, 7]
    """
    span = max(high - low, 1)
    power = 1
    while True:
        for m in (1, 2, 5):
            step = m * power
            if span / step <= most:
                first = -(-int(low) // step) * step  # the first multiple of step >= low
                return list(range(first, int(high) + 1, step))
        power *= 10


def spread(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """Label positions near ``wanted`` (in any order) at least ``gap`` apart, within
    ``low``..``high`` where they fit.

    >>> spread([100, 102, 300], 14, 0, 400)
    [94.0, 108.0, 300.0]
    """
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [float(wanted[i]) for i in order]
    for _ in range(len(placed) + 1):  # push apart around each crowded pair until all fit
        moved = False
        for k in range(1, len(placed)):
            if placed[k] - placed[k - 1] < gap:
                middle = (placed[k] + placed[k - 1]) / 2
                placed[k - 1], placed[k] = middle - gap / 2, middle + gap / 2
                moved = True
        if not moved:
            break
    shift = max(0.0, low - placed[0]) if placed else 0.0
    if placed and placed[-1] + shift > high:
        shift = high - placed[-1]
    out = [0.0] * len(wanted)
    for k, i in enumerate(order):
        out[i] = placed[k] + shift
    return out


def progression_svg(
    series: dict[str, list[int]], lines: list[tuple[str, int]], label: str, title: str = ""
) -> str:
    """An SVG line chart: one line per player, dashed reference lines, whole-number ticks
    on both axes with a light grid, and labels kept apart (a player's at the end of the
    line, a reference line's on the line's left end)."""
    width, height, left, right, top, bottom = WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM
    values = [v for vs in series.values() for v in vs] + [v for _, v in lines] + [0]
    low, high = min(values), max(values)
    if high == low:
        high = low + 1
    count = max((len(vs) for vs in series.values()), default=1)
    y_ticks = nice_ticks(low, high)
    low, high = min(low, y_ticks[0]), max(high, y_ticks[-1])

    xs = chart_x(count)

    def x(i: int) -> float:
        return xs[i]

    def y(v: float) -> float:
        return top + (height - top - bottom) * (1 - (v - low) / (high - low))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="18" font-size="14">{escape(title)}</text>',
    ]
    for v in y_ticks:  # the value axis: a tick, a label and a light line each
        out.append(
            f'<line x1="{left}" y1="{y(v):.1f}" x2="{width - right}" y2="{y(v):.1f}" stroke="#eee"/>'
            f'<text x="{left - 8}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>'
        )
    for i in nice_ticks(0, count - 1, 12):  # the rounds: whole numbers
        out.append(
            f'<line x1="{x(i):.1f}" y1="{height - bottom}" x2="{x(i):.1f}" y2="{height - bottom + 4}" stroke="#999"/>'
            f'<text x="{x(i):.1f}" y="{height - bottom + 16}" text-anchor="middle">{i}</text>'
        )
    out += [
        f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - right}" y2="{y(0):.1f}" stroke="#999"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="#999"/>',
        f'<text x="{(left + width - right) / 2:.0f}" y="{height - 4}" text-anchor="middle">'
        f"{escape(tr('hand / deal'))}</text>",
        f'<text transform="translate(14 {(top + height - bottom) / 2:.0f}) rotate(-90)" '
        f'text-anchor="middle">{escape(label)}</text>',
    ]
    for name, value in lines:  # its label on the line's left end, above it
        out.append(
            f'<line x1="{left}" y1="{y(value):.1f}" x2="{width - right}" y2="{y(value):.1f}" '
            f'stroke="#555" stroke-dasharray="6 4"/>'
            f'<text x="{left + 4}" y="{y(value) - 4:.1f}" fill="#555">{escape(name)} {value}</text>'
        )
    ends = [(player, vs) for player, vs in series.items() if vs]
    at = spread([y(vs[-1]) + 4 for _, vs in ends], 14, top + 4, height - bottom)
    colours = {player: COLOURS[k % len(COLOURS)] for k, player in enumerate(series)}
    for player, vs in series.items():
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(vs))
        out.append(f'<polyline fill="none" stroke="{colours[player]}" stroke-width="2" points="{points}"/>')
    for (player, vs), label_y in zip(ends, at, strict=True):
        out.append(
            f'<text x="{width - right + 6}" y="{label_y:.1f}" '
            f'fill="{colours[player]}">{escape(player)} {vs[-1]}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_plot(path: Path, report: Report, table: AnyTable | None, title: str) -> None:
    """Write the chart as SVG or PNG (by the file's ending)."""
    chart = progression(report, table)
    series, label = chart.series, tr(chart.label)  # the chart in the language in use
    lines = [(word(name), value) for name, value in chart.lines]
    if path.suffix.lower() == ".png":
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(8, 4.5))
        for player, vs in series.items():
            ax.plot(range(len(vs)), vs, label=player)
        for name, value in lines:
            ax.axhline(value, linestyle="--", color="grey")
            ax.annotate(f"{name} {value}", (0, value))
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # hands, points and chips
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # are whole numbers
        ax.set_xlabel(tr("hand / deal"))
        ax.set_ylabel(label)
        ax.set_title(title)
        ax.legend()
        fig.savefig(path)
        plt.close(fig)
        return
    path.write_text(progression_svg(series, lines, label, title), encoding="utf-8")
