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

from .checker import Report
from .games import GAMES
from .model import Progression
from .table import GameTable

__all__ = ["progression", "progression_svg", "write_plot"]

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def progression(report: Report, table: GameTable | None) -> Progression:
    """The series (a value per player after each round, starting from the start), the
    reference lines, and what is counted (the game kind's progression)."""
    return GAMES[report.game].progression(report, table)


WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 720, 400, 60, 110, 30, 40
"""The chart's size and margins (SVG units)."""


def chart_x(count: int) -> list[float]:
    """Where the chart draws each of ``count`` points (the start, then each hand)."""
    return [LEFT + (WIDTH - LEFT - RIGHT) * (i / max(count - 1, 1)) for i in range(count)]


def progression_svg(
    series: dict[str, list[int]], lines: list[tuple[str, int]], label: str, title: str = ""
) -> str:
    """An SVG line chart: one line per player, dashed reference lines."""
    width, height, left, right, top, bottom = WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM
    values = [v for vs in series.values() for v in vs] + [v for _, v in lines] + [0]
    low, high = min(values), max(values)
    if high == low:
        high = low + 1
    count = max((len(vs) for vs in series.values()), default=1)

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
        f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - right}" y2="{y(0):.1f}" stroke="#999"/>',
        f'<text x="{left - 8}" y="{y(high) + 4:.1f}" text-anchor="end">{high}</text>',
        f'<text x="{left - 8}" y="{y(low) + 4:.1f}" text-anchor="end">{low}</text>',
        f'<text x="{(left + width - right) / 2:.0f}" y="{height - 10}" text-anchor="middle">'
        f"hand / deal ({escape(label)})</text>",
    ]
    for name, value in lines:
        out.append(
            f'<line x1="{left}" y1="{y(value):.1f}" x2="{width - right}" y2="{y(value):.1f}" '
            f'stroke="#555" stroke-dasharray="6 4"/>'
            f'<text x="{width - right + 4}" y="{y(value) + 4:.1f}">{escape(name)} {value}</text>'
        )
    for k, (player, vs) in enumerate(series.items()):
        colour = COLOURS[k % len(COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(vs))
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>')
        if vs:
            out.append(
                f'<text x="{x(len(vs) - 1) + 4:.1f}" y="{y(vs[-1]) + 4 + 12 * k:.1f}" '
                f'fill="{colour}">{escape(player)} {vs[-1]}</text>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_plot(path: Path, report: Report, table: GameTable | None, title: str) -> None:
    """Write the chart as SVG or PNG (by the file's ending)."""
    chart = progression(report, table)
    series, lines, label = chart.series, chart.lines, chart.label
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
        ax.set_xlabel("hand / deal")
        ax.set_ylabel(label)
        ax.set_title(title)
        ax.legend()
        fig.savefig(path)
        plt.close(fig)
        return
    path.write_text(progression_svg(series, lines, label, title), encoding="utf-8")
