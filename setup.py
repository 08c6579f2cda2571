"""Build kozyr: the metadata is in pyproject.toml; this file only compiles the hot path.

The modules in COMPILED (the fast reader, every game's table, engine and checker) are
compiled to C with mypyc, from the same typed source that runs as plain Python: one
implementation, made 1.5 to 1.9 times as fast (docs/architecture.md, "Compiled modules").  Compiling needs a C
compiler and Python's headers.  Without them, or with ``KOZYR_COMPILE=0``, the package is
installed as plain Python and works the same, only slower.  A build that fails half way
installs no compiled module at all, so a module never imports a half-built library.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent

COMPILED = sorted(
    [
        "notation/cards.py",
        "notation/escapes.py",
        "notation/fastparse.py",
        "notation/gametext.py",
        "notation/parse.py",
        "replay/checker.py",
        "replay/checking.py",
        "replay/solve.py",
        "replay/stock.py",
        "replay/table.py",
        # every game's fast reader, its engine (rules, moves, engine) and its table
        # (translator, table, checker)
        *(str(p.relative_to(HERE)) for p in HERE.glob("notation/*/read.py")),
        *(str(p.relative_to(HERE)) for name in ("engine", "table")
          for p in HERE.glob(f"replay/*/{name}.py")),
    ]
)  # fmt: skip
"""The modules compiled with mypyc (paths from the source folder): a new game's are found
by their names."""


def _say(message: str) -> None:
    print(f"kozyr build: {message}", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """Builds the compiled modules, or none of them: a failure leaves plain Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, no headers, a compiler error
            reason = str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__
            _say(f"compiling failed ({reason}); installing plain Python (slower, same results)")
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            self.extensions = []


class BuildPyWithGrammar(build_py):
    """Ships the grammar (grammar/*.lark) inside the package, as notation/_grammar, and
    the languages' catalogues compiled (notation/locale/*/LC_MESSAGES/kozyr.po to kozyr.mo,
    by Babel), so that an installed kozyr speaks every language (notation/i18n.py)."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "notation" / "_grammar"
        target.mkdir(parents=True, exist_ok=True)
        for lark in sorted((Path(__file__).parent / "grammar").glob("*.lark")):
            self.copy_file(str(lark), str(target / lark.name))
        self._compile_catalogues()

    def _compile_catalogues(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted((HERE / "notation" / "locale").glob("*/LC_MESSAGES/kozyr.po")):
            lang = po.parent.parent.name
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
            mo = Path(self.build_lib) / po.relative_to(HERE).with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with mo.open("wb") as handle:
                write_mo(handle, catalog)


def _extensions() -> list[object]:
    if os.environ.get("KOZYR_COMPILE", "1") == "0":
        _say("KOZYR_COMPILE=0: plain Python")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not available; installing plain Python")
        return []
    from setuptools import Extension

    # The searches in C: Thousand's double-dummy search (replay/thousand/dd.py uses it when
    # it is built, and is its reference otherwise) and Sixty-six's search of a deal
    # and Bura's (DealSearch in replay/sixtysix/__init__.py and replay/bura/__init__.py; the game-free
    # replay/solve.py is their reference).
    native = [
        Extension(
            f"replay.{name}", [f"replay/{name.replace('.', '/')}.c"], depends=["replay/native.h"], extra_compile_args=["-O2"]
        )
        for name in ("thousand.ddsearch", "sixtysix.dealsearch", "bura.dealsearch")
    ]
    # The records the fast readers make, made in C (notation/records.py's maker uses it when
    # it is built, and its Python maker otherwise).
    native.append(Extension("notation.recordmaker", ["notation/recordmaker.c"], extra_compile_args=["-O2"]))
    try:  # the types are checked as pyproject.toml's [tool.mypy] says (strict)
        return [
            *mypycify(
                COMPILED,
                opt_level="3",
                debug_level="0",
            ),
            *native,
        ]
    except BaseException as exc:  # mypyc reports a type error by SystemExit
        _say(f"mypyc could not translate the modules ({exc!r}); installing plain Python")
        return []


setup(
    ext_modules=_extensions(),
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithGrammar},
)
