"""A table and a record show themselves in Jupyter (``_repr_html_``), as python-chess's
boards do: the table as a card table (each seat's cards, the trick, the scores), the record
as its KGN text highlighted by kozyr's lexer."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from conftest import SAMPLES

import notation
import replay
from notation.jupyter import record_html, register


class _Text(HTMLParser):
    """The text a browser would show, and whether every tag opened was closed."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1] if self.open else None}>"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def shown(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    assert not parser.open, f"unclosed: {parser.open}"
    return "".join(parser.text)


@pytest.mark.parametrize("game", ["thousand", "bura", "burkozel", "sixtysix"])
def test_a_table_in_play_shows_each_seats_cards_and_the_trick(game: str) -> None:
    record = replay.generate(game, seed=3)
    table = replay.table_of(record)
    while table.move_count > 0 and not table.legal_moves():
        table.pop()  # back into the last round, where cards are in hand
    for _ in range(min(6, table.move_count)):
        table.pop()
    text = shown(table._repr_html_())
    for name in table.players:
        assert name in text
    # the cards of each seat's hand, as the view knows them: rank and suit symbol
    view = table.view()
    for _name, cards, _unknown in view.hands:
        for code in cards:
            rank = "10" if code[0] == "T" else code[:-1]
            assert rank + {"S": "\u2660", "C": "\u2663", "D": "\u2666", "H": "\u2665"}[code[-1]] in text


def test_a_record_shows_its_kgn_text_highlighted() -> None:
    path = SAMPLES / "thousand" / "01-first-hand.kgn"
    record = notation.loads(path.read_text(encoding="utf-8"))
    html = record_html(record)
    assert "<span" in html and "style=" in html  # colours inline: no stylesheet needed
    assert shown(html).strip() == notation.dumps(record).strip()


def test_in_ipython_every_games_record_displays_as_its_highlighted_text() -> None:
    """The display IPython finds for a record (what a notebook cell shows) is the
    highlighted record, for the record class of every game."""
    interactiveshell = pytest.importorskip("IPython.core.interactiveshell")
    shell = interactiveshell.InteractiveShell.instance()
    try:
        assert "text/html" not in shell.display_formatter.format(replay.generate("bura", seed=5))[0]
        register()  # what ``import notation`` does in a notebook (and ``%load_ext notation.jupyter``)
        for game in ("thousand", "bura", "burkozel", "sixtysix"):
            record = replay.generate(game, seed=5)
            data, _ = shell.display_formatter.format(record)
            assert data["text/html"] == record_html(record)
            assert shown(data["text/html"]).strip() == notation.dumps(record).strip()
            table = replay.table_of(record)
            data, _ = shell.display_formatter.format(table)  # the table's own _repr_html_
            assert data["text/html"] == table._repr_html_() and "kozyr-table" in data["text/html"]
    finally:
        interactiveshell.InteractiveShell.clear_instance()
