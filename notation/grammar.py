"""Where the Lark grammars are, and the parsers built from them (built once, lazily).

Building a grammar's LALR tables takes about half a second, so the tables are cached in
the user's cache directory (``$KOZYR_CACHE_DIR``, else ``$XDG_CACHE_HOME/kozyr``, else
``~/.cache/kozyr``; ``KOZYR_CACHE_DIR=`` empty turns the cache off).  Lark keys each cache
file's content by the grammar's text, the options and its own version, but not by the
grammars it imports (``common.lark``), so the file's *name* carries a digest of every
grammar file: tables built from other grammar files (an older kozyr's) are never read, and
are deleted when the new ones are written.  A corrupt or unreadable file is ignored and
rebuilt, and a cache that cannot be written is simply not used.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
from functools import cache
from pathlib import Path

from lark import Lark, Token, Transformer

__all__ = ["cache_file", "grammar_digest", "grammar_dir", "grammar_path", "lark_parser", "open_lark"]


def grammar_dir() -> Path:
    """The folder of the ``.lark`` files: inside the installed package, or ``grammar/``
    beside it in a source checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_grammar", here.parent / "grammar"):
        if (candidate / "common.lark").is_file():
            return candidate
    raise FileNotFoundError("the KGN grammar files (common.lark ...) are not installed")


def grammar_path(name: str) -> Path:
    return grammar_dir() / f"{name}.lark"


def cache_file(name: str) -> str | None:
    """Where the tables of grammar ``name`` (and these options) are cached, or None when
    there is no usable cache directory."""
    root = os.environ.get("KOZYR_CACHE_DIR")
    if root is None:
        xdg = os.environ.get("XDG_CACHE_HOME")
        root = str(Path(xdg) / "kozyr") if xdg else str(Path.home() / ".cache" / "kozyr")
    if not root:
        return None
    folder = Path(root)
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return None
    if not os.access(folder, os.W_OK | os.X_OK):
        return None
    path = folder / f"lark-{name}-{grammar_digest()}.pickle"
    if not path.exists():  # new tables will be written: the stale ones of this grammar go
        stale = re.compile(rf"lark-{re.escape(name)}(-[0-9a-f]{{16}})?\.pickle")  # (no digest: kozyr 0.1's)
        for old in folder.glob(f"lark-{name}*.pickle"):
            if stale.fullmatch(old.name):
                with contextlib.suppress(OSError):
                    old.unlink()
    return str(path)


@cache
def grammar_digest() -> str:
    """A digest of every grammar file (the imported ones too), for the cache's file names."""
    h = hashlib.sha256()
    for path in sorted(grammar_dir().glob("*.lark")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def open_lark(
    name: str,
    tag: str,
    *,
    start: str | list[str] = "start",
    transformer: Transformer[Token, object] | None = None,
    propagate_positions: bool = False,
) -> Lark:
    """The LALR parser of grammar ``name`` (a game's record, and with ``start`` its other
    start symbols: ``event``, one event alone), its tables cached under ``tag``."""
    return Lark.open(
        str(grammar_path(name)),
        parser="lalr",
        lexer="contextual",
        start=start,
        maybe_placeholders=False,
        cache=cache_file(f"{name}-{tag}") or False,
        transformer=transformer,
        propagate_positions=propagate_positions,
    )


@cache
def lark_parser(name: str) -> Lark:
    """The LALR parser of one game's grammar, producing a tree."""
    return open_lark(name, "tree")
