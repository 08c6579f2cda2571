"""``kozyr html``: a record as one self-contained HTML page (the replay viewer in a browser).

The page carries its CSS, its JavaScript and its data inline and loads nothing: it opens
from disk, on a phone too.  It shows what the terminal viewer shows (:mod:`replay.viewer`):
the card table with the seats in fixed places and the trick in the middle, the calls, the
tricks, the comments, glyphs and variations of each event, the score sheet and a chart of
the running totals, built from the same steps (:func:`replay.steps.timeline`).

What a seat may see is decided once, in Python, by :meth:`replay.view.View.seen_by`: a card
hidden from the page's seat is not in the page at all.  Every text from the file goes
through :func:`notation.errors.safe_text` and is put on the page by the script as text
(``textContent``), never as HTML; the data sits in a JSON block with ``<``, ``>`` and ``&``
escaped, and a Content Security Policy allows only the page's own script and style (by
their hashes) and nothing from the network.

>>> import notation
>>> from pathlib import Path
>>> record = notation.loads(Path("samples/thousand/01-first-hand.kgn").read_text())
>>> page, report = html_page(record, title="first hand")
>>> page.startswith("<!DOCTYPE html>") and "Content-Security-Policy" in page
True
"""

from __future__ import annotations

import base64
import hashlib
import json
from html import escape
from pathlib import Path

from notation.errors import safe_text
from notation.i18n import N_, current, date_text, rank_letters, tr
from notation.records import GameRecord

from .checking import Report
from .games import GAMES
from .steps import opening_step, replay_steps
from .table import AnyTable
from .view import DEALER_MARK, VIEW_WORDS, CardCode, Step, View, positions, word

__all__ = [
    "csp_hash", "html_page", "page_data", "page_document", "page_policy", "page_title", "script_json",
]  # fmt: skip

HERE = Path(__file__).resolve().parent


class _Values:
    """Each distinct value once: steps refer to values by number (consecutive steps share
    most of what the table shows, so a long session stays small)."""

    def __init__(self) -> None:
        self.values: list[object] = []
        self.index: dict[str, int] = {}

    def ref(self, value: object) -> int:
        key = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        number = self.index.get(key)
        if number is None:
            number = self.index[key] = len(self.values)
            self.values.append(value)
        return number


def _said(parts: list[str]) -> list[object]:
    """Sentence parts as JSON: text as strings, cards as one-element lists."""
    return [[str(p)] if isinstance(p, CardCode) else safe_text(p) for p in parts]


def _names(values: dict[str, int]) -> dict[str, int]:
    return {safe_text(k): v for k, v in values.items()}


def _view(view: View, values: _Values) -> list[int]:
    """A view as references, field by field (the order ``FIELDS`` in page.js reads)."""
    s = safe_text
    return [
        values.ref(s(view.title)),
        values.ref([values.ref([s(n), cards, unknown]) for n, cards, unknown in view.hands]),
        values.ref([[s(n), up, down] for n, up, down in view.trick]),
        values.ref(None if view.taker is None else s(view.taker)),
        values.ref([[s(a), s(b)] for a, b in view.lines]),
        values.ref(_names(view.points)),
        values.ref(_names(view.totals)),
        values.ref({s(k): s(v) for k, v in view.marks.items()}),
        values.ref(None if view.dealer is None else s(view.dealer)),
        values.ref(None if view.to_move is None else s(view.to_move)),
        values.ref(_names(view.tricks)),
        values.ref([values.ref([s(p.name), p.cards, p.count]) for p in view.piles]),
        values.ref(view.trump),
    ]


def _steps(steps: list[Step], seat: str | None, values: _Values) -> list[list[object]]:
    out: list[list[object]] = []
    for st in steps:
        seen = st.seen_by(seat)  # what the page's seat may know at this step, and nothing else
        error = None if seen.error is None else safe_text(seen.error.format())
        out.append(
            [
                values.ref(st.kind),
                values.ref(_said(seen.said.parts)),
                values.ref(_view(seen.view, values)),
                st.round,
                st.trick,
                values.ref([safe_text(n) for n in st.notes]),
                values.ref([safe_text(g) for g in st.glyphs]),
                [_steps(line, seat, values) for line in st.variations],
                values.ref(error),
                st.done,
            ]
        )
    return out


def page_data(
    record: GameRecord,
    steps: list[Step],
    report: Report,
    table: AnyTable | None,
    *,
    title: str,
    seat: str | None = None,
    spoilers: bool = False,
) -> dict[str, object]:
    """Everything the page shows, as JSON-ready data (file text made safe; for a seat,
    each step as that seat could know it)."""
    values = _Values()
    encoded = _steps(steps, seat, values)
    first = next((st.view for st in steps if st.view.seats), None)
    seats = first.seats if first else list(record.players)
    kind = GAMES[record.kind]
    sheet = kind.sheet(report)
    chart = kind.progression(report, table)
    start = opening_step(steps)
    return {
        "game": record.kind,
        "title": safe_text(title),
        "seat": None if seat is None else safe_text(seat),
        "seats": [safe_text(n) for n in seats],
        "places": {safe_text(n): p for n, p in positions(seats, seat).items()},
        "result": safe_text(report.result or tr("unfinished")),
        "words": {text: word(text) for text in (*SCRIPT_WORDS, DEALER_MARK)},
        "ranks": rank_letters(),
        "tags": [[safe_text(k), safe_text(v)] for k, v in _tags(record)],
        "sheet": {
            "columns": [safe_text(c) for c in sheet.columns],
            "rows": [[[safe_text(text), style] for text, style in row] for row in sheet.rows],
            "footer": safe_text(sheet.footer),
        },
        "chart": {
            "series": {safe_text(k): v for k, v in chart.series.items()},
            "lines": [[safe_text(name), value] for name, value in chart.lines],
            "label": safe_text(chart.label),
            "hands": [res.number for res in report.rounds],
        },
        "spoilers": spoilers,
        "start": start,
        "values": values.values,
        "steps": encoded,
    }


def page_title(record: GameRecord, path: str, game: int | None = None) -> str:
    """What a page to share is called: the record's Event tag, else the file's own name
    (never the folder it came from), with the game's number where the file has several.

    >>> import notation
    >>> page_title(notation.loads('[Game "bura"] [Event "Club, May"]'), "/home/me/x.kgn", 2)
    'Club, May (game 2)'
    >>> page_title(notation.loads('[Game "bura"]'), "/home/me/club.kgn")
    'club.kgn'
    """
    event = (record.tag("Event") or "").strip()
    name = event or (tr("standard input") if path == "-" else Path(path).name)
    if game is None:
        return name
    if event:
        return tr("{name} (game {n})").format(name=name, n=game)
    return tr("{name} game {n}").format(name=name, n=game)


def _tags(record: GameRecord) -> list[tuple[str, str]]:
    """The header tags, each with its values joined (the date as the language in use
    writes one)."""
    return [
        (tag.name, date_text(" ".join(tag.values)) if tag.name == "Date" else " ".join(tag.values))
        for tag in record.tags
    ]


def csp_hash(text: str) -> str:
    """An inline script's or style's hash as a Content Security Policy source."""
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def script_json(text: str) -> str:
    """JSON text that cannot end its script element or open a comment (``<``, ``>`` and
    ``&`` escaped; JSON.parse reads the escapes back)."""
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def html_page(
    record: GameRecord,
    *,
    title: str,
    seat: str | None = None,
    file: str | None = None,
    index: int | None = None,
    spoilers: bool = False,
) -> tuple[str, Report]:
    """The page of one game (replayed, then written out with its script, style and data),
    and the report of its replay (diagnostics name ``file``).  The page shows what has
    happened by the step on screen; ``spoilers`` opens it with the rest shown too."""
    steps, report, table = replay_steps(record, file=file, index=index)
    data = page_data(record, steps, report, table, title=title, seat=seat, spoilers=spoilers)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return page_document(text, title=title, kind=record.kind, seat=seat), report


def page_policy(live: bool = False) -> str:
    """The page's Content Security Policy: its own script and style (by their hashes),
    data images, and nothing from the network (a live page asks its server for news)."""
    script = (HERE / "page.js").read_text(encoding="utf-8")
    style = (HERE / "page.css").read_text(encoding="utf-8")
    connect = "connect-src 'self'; " if live else ""
    return (
        "default-src 'none'; "
        f"script-src '{csp_hash(script)}'; "
        f"style-src '{csp_hash(style)}'; "
        f"{connect}img-src data:; base-uri 'none'; form-action 'none'"
    )


PAGE_WORDS = (
    N_("card table"), N_("navigation"), N_("first event (Home)"), N_("previous hand (PageUp)"), N_("hand"),
    N_("previous trick (↑)"), N_("trick"), N_("previous event (←)"), N_("next event (→)"),
    N_("next trick (↓)"), N_("next hand (PageDown)"), N_("last event (End)"), N_("event"),
    N_("show the rest of the game (f)"), N_("show the rest"), N_("This event"), N_("Calls"), N_("Tricks"),
    N_("Score sheet"),
)  # fmt: skip
"""The words of the page's own HTML (its buttons and headings)."""

SCRIPT_WORDS = (
    *VIEW_WORDS,
    N_("variation {n}:"), N_("in variation {k} of {n}: back (Esc)"), N_("not yet"), N_("hide the rest"),
    N_("show the rest"), N_("event {i} of {n}"), N_("variation depth {n}"), N_("result:"),
    N_("live: the board follows the game"),
    N_("the server cannot be reached: this is the game as it was; the board follows again when the server is back"),
    # the chart's words
    N_("{label} after each hand"), N_("running total"), N_("chips"), N_("penalty points"), N_("game points"),
)  # fmt: skip
"""The words page.js writes, given to it in the page's language (its data's ``words``):
the table's (:data:`replay.view.VIEW_WORDS`, said as the terminal says them) and its own."""


def page_document(data: str, *, title: str, kind: str, seat: str | None, live: bool = False) -> str:
    """The page around its data (JSON text from :func:`page_data`): the script, the style,
    the policy.  ``live``: the data names where the server sends news of the game
    (``kozyr serve``'s watching page), and the page follows it."""
    script = (HERE / "page.js").read_text(encoding="utf-8")
    style = (HERE / "page.css").read_text(encoding="utf-8")
    policy = page_policy(live)
    data = script_json(data)
    heading = escape(safe_text(title))
    w = {text: escape(tr(text)) for text in PAGE_WORDS}
    view = " · " + escape(tr("as seen by {seat}").format(seat=safe_text(seat))) if seat else ""
    return f"""<!DOCTYPE html>
<html lang="{current()}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{heading} · kozyr</title>
<style>{style}</style>
</head>
<body>
<header><h1>{heading}</h1><p id="meta">{escape(tr(GAMES[kind].title) if kind in GAMES else kind)}{view}</p></header>
<main>
<section id="board" aria-label="{w["card table"]}">
<div id="table"></div>
<p id="event" aria-live="polite"></p>
<nav id="controls" aria-label="{w["navigation"]}">
<button id="first" title="{w["first event (Home)"]}">|◀</button>
<button id="prev-hand" title="{w["previous hand (PageUp)"]}">« {w["hand"]}</button>
<button id="prev-trick" title="{w["previous trick (↑)"]}">‹ {w["trick"]}</button>
<button id="prev" title="{w["previous event (←)"]}">◀</button>
<button id="next" title="{w["next event (→)"]}">▶</button>
<button id="next-trick" title="{w["next trick (↓)"]}">{w["trick"]} ›</button>
<button id="next-hand" title="{w["next hand (PageDown)"]}">{w["hand"]} »</button>
<button id="last" title="{w["last event (End)"]}">▶|</button>
</nav>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="{w["event"]}">
<div id="status"><p id="where"></p><button id="spoilers" aria-pressed="false" title="{w["show the rest of the game (f)"]}">{w["show the rest"]}</button></div>
</section>
<aside id="panes">
<section><h2>{w["This event"]}</h2><div id="notes"></div><div id="variations"></div></section>
<section><h2>{w["Calls"]}</h2><ol id="calls"></ol></section>
<section><h2>{w["Tricks"]}</h2><ol id="tricks"></ol></section>
<section><h2>{w["Score sheet"]}</h2><div id="sheet"></div><figure id="chart"></figure></section>
</aside>
</main>
<script type="application/json" id="kozyr-data">{data}</script>
<script>{script}</script>
</body>
</html>
"""
