"""KGN for Pygments: ``pygmentize``, Sphinx and MkDocs highlight ``.kgn`` text.

Registered as a Pygments plugin (``pyproject.toml``, entry point ``pygments.lexers``), so
once kozyr is installed ``pygmentize -l kgn game.kgn`` and a ```` ```kgn ```` block in a
Sphinx or MkDocs page are highlighted with no setting.  The keywords are read from KGN's
grammar (``grammar/*.lark``), so the lexer knows every event word the parser knows.

>>> from pygments import lex
>>> [(str(t), v) for t, v in lex('bid Anna 100, Boris pass {sure}', KgnLexer()) if v.strip()][:4]
[('Token.Keyword', 'bid'), ('Token.Name.Variable', 'Anna'), ('Token.Literal.Number', '100'), ('Token.Punctuation', ',')]
"""

from __future__ import annotations

import re
from functools import cache

from pygments.lexer import RegexLexer, bygroups
from pygments.token import (
    Comment,
    Generic,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

from .grammar import grammar_dir

__all__ = ["KgnLexer", "keywords"]

_WORD = re.compile(r"/\(\?a:(?:\(\?:)?([a-z|-]+)\)?\)")
"""A keyword terminal of the grammar: ``/(?a:deal)(?!...)/`` or ``/(?a:(?:win|fail))...``."""


@cache
def keywords() -> tuple[str, ...]:
    """Every event word of KGN's grammars (``deal``, ``bid``, ``trump``, ``marriage`` ...),
    the longest first (so that ``small-moskva`` is not read as ``small``)."""
    found: set[str] = set()
    for path in sorted(grammar_dir().glob("*.lark")):
        for m in _WORD.finditer(path.read_text(encoding="utf-8")):
            found.update(m.group(1).split("|"))
    found.update(("bid", "bids"))  # the grammar writes them ``bids?``
    return tuple(sorted(found, key=lambda w: (-len(w), w)))


_CARD = (
    r"(?:(?:10|[2-9TJQKA])[SCDH\u2660\u2663\u2666\u2665\u2664\u2667\u2662\u2661]"
    r"|[\u0422\u041a\u0414\u0412RDFW][\u2660\u2663\u2666\u2665\u2664\u2667\u2662\u2661])"
)
_BOUND = r"(?![\w'-])"


class KgnLexer(RegexLexer):
    """KGN, the notation of kozyr (docs/notation.md): tags, event words, player names,
    cards, numbers, comments, glyphs and variations."""

    name = "KGN"
    aliases = ["kgn"]  # noqa: RUF012  (Pygments reads these class attributes)
    filenames = ["*.kgn"]  # noqa: RUF012
    mimetypes = ["text/x-kgn"]  # noqa: RUF012
    url = "https://github.com/kozyr"
    flags = re.MULTILINE

    tokens = {  # noqa: RUF012
        "root": [
            (r"\s+", Whitespace),
            (r"(\[)([A-Za-z][A-Za-z0-9_]*)", bygroups(Punctuation, Name.Tag), "tag"),  # type: ignore[no-untyped-call]
            (r"\{", Comment.Multiline, "comment"),
            (r";[^\n]*", Comment.Single),
            ("(?i:" + "|".join(re.escape(w) for w in keywords()) + ")" + _BOUND, Keyword),
            (r"[0-9]+\.", Number.Integer),  # a trick's number
            (_CARD + r"(?!\w)", Name.Constant),
            (r"[+-]?[0-9]+" + _BOUND, Number),
            (r"->", Operator),
            (r"!!|\?\?|!\?|\?!|!|\?", Generic.Emph),  # glyphs
            (r"\$[0-9]+", Generic.Emph),  # numeric annotation codes
            (r"[(),/:]", Punctuation),
            (r"[^\W\d_][\w'-]*", Name.Variable),  # a player
            (r".", Text),
        ],
        "tag": [
            (r'"(?:[^"\\\n]|\\.)*"', String),
            (r"[ \t]+", Whitespace),
            (r"\]", Punctuation, "#pop"),
            (r"\n", Whitespace, "#pop"),  # a tag left open ends with its line
            (r".", Text),
        ],
        "comment": [
            (r"[^}\\]+", Comment.Multiline),
            (r"\\.", Comment.Multiline),
            (r"\}", Comment.Multiline, "#pop"),
        ],
    }
