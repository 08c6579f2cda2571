"""Records in Jupyter: a record shows itself as its KGN text, highlighted by kozyr's lexer
(:mod:`notation.lexer`), as python-chess's boards draw themselves.

The records are the bottom layer of the package and know nothing of writing or
highlighting, so the method is not theirs: IPython's own way for such types is a display
formatter, registered here for :class:`notation.records.GameRecord` and every game's
record class under it.  ``import notation`` in a notebook registers it; in an IPython that
imported kozyr first, ``%load_ext notation.jupyter`` does.

>>> import notation
>>> record = notation.loads('[Game "bura"]\\n[Players "Anna" "Boris"]\\n')
>>> "<span" in record_html(record)
True
"""

from __future__ import annotations

import sys
from typing import Any

from pygments import highlight
from pygments.formatters import HtmlFormatter

from .api import write_game
from .lexer import KgnLexer
from .records import GameRecord

__all__ = ["load_ipython_extension", "record_html", "register"]


def record_html(record: GameRecord) -> str:
    """The record's KGN text as HTML, its colours inline (no stylesheet needed)."""
    text: str = highlight(write_game(record), KgnLexer(), HtmlFormatter(noclasses=True))
    return text


def load_ipython_extension(shell: Any) -> None:
    """Show every record as :func:`record_html` in this IPython shell (``%load_ext``)."""
    html = shell.display_formatter.formatters["text/html"]
    html.for_type(GameRecord, record_html)


def register() -> None:
    """Register the display in the IPython that runs this process, if one does."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        load_ipython_extension(shell)
