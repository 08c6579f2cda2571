"""The players' languages: which one kozyr speaks, and its words (gettext catalogues).

kozyr's texts are written in English and marked for translation (``tr("...")``,
``ntr(singular, plural, n)`` for a text with a number, ``ptr(context, "...")`` for a word
that reads differently elsewhere).  The catalogues are ``notation/locale/<lang>/LC_MESSAGES/
kozyr.po``: one file per language, and a new language is one more file.  The build
compiles them (``kozyr.mo``, by Babel, in setup.py); a source checkout compiles them in
memory on first use.  Plural forms are the catalogue's own (Russian and Polish have three:
1 игра, 2 игры, 5 игр), so no code counts in English.

The language is chosen as people expect: ``--lang`` on the command line, then
``KOZYR_LANG``, then the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English when none
names a language kozyr speaks.

>>> use("ru")
>>> ntr("{n} game", "{n} games", 5).format(n=5)
'5 партий'
>>> use("en")
>>> ntr("{n} game", "{n} games", 1).format(n=1)
'1 game'
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Final

from .cards import LOCAL_LETTERS

__all__ = ["LANGUAGES", "NN_", "NP_", "N_", "choose", "current", "date_text", "language_of", "ntr", "number", "ptr", "rank_letters", "rank_text", "round_text", "rounds_counted", "speaking", "tr", "translations", "use"]

LANGUAGES: Final = ("en", "ru", "it", "pl")
"""The languages kozyr speaks (English is the source: it has no catalogue)."""

DOMAIN: Final = "kozyr"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"


def language_of(value: str | None) -> str | None:
    """The language a setting names (``ru``, ``ru_RU.UTF-8``, ``it-IT``, ``pl:en``), if
    kozyr speaks it; None otherwise (``C``, ``POSIX``, ``de``, empty)."""
    if not value:
        return None
    for part in value.split(":"):  # LANGUAGE-style lists: the first kozyr speaks
        code = part.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return None


def choose(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``explicit`` (``--lang``), else ``KOZYR_LANG``, else the
    locale's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: the first one set decides, as the C
    library's rule), else English.  An explicit language kozyr does not speak is an error
    (ValueError); a locale it does not speak is English."""
    env = os.environ if environ is None else environ
    if explicit is not None:
        lang = language_of(explicit)
        if lang is None:
            raise ValueError(f"kozyr speaks {', '.join(LANGUAGES)}, not {explicit!r}")
        return lang
    chosen = language_of(env.get("KOZYR_LANG"))
    if chosen is not None:
        return chosen
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return language_of(env[name]) or "en"
    return "en"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang``: the compiled ``kozyr.mo`` of an installed package, else
    the ``kozyr.po`` of a checkout compiled in memory (Babel); English has none."""
    if lang == "en":
        return gettext.NullTranslations()
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    mo = folder / f"{DOMAIN}.mo"
    if mo.is_file():
        with mo.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with (folder / f"{DOMAIN}.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


_active: ContextVar[str] = ContextVar("kozyr_language", default="en")
"""The language in use: the command line sets it once; ``kozyr serve`` sets each
request's own (a context variable, so requests answered at once keep theirs)."""


def use(lang: str) -> None:
    """Speak ``lang`` from now on, in this context (one of :data:`LANGUAGES`)."""
    if lang not in LANGUAGES:
        raise ValueError(f"kozyr speaks {', '.join(LANGUAGES)}, not {lang!r}")
    _active.set(lang)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the ``with`` block only (``annotate --comments en`` writes
    its comments in English while its messages stay in the language chosen)."""
    if lang not in LANGUAGES:
        raise ValueError(f"kozyr speaks {', '.join(LANGUAGES)}, not {lang!r}")
    token = _active.set(lang)
    try:
        yield
    finally:
        _active.reset(token)


def current() -> str:
    """The language in use."""
    return _active.get()


def tr(message: str) -> str:
    """``message`` in the language in use."""
    lang = _active.get()
    return message if lang == "en" else translations(lang).gettext(message)


def ntr(singular: str, plural: str, n: int) -> str:
    """The form of a text with a number ``n`` that the language in use takes for it."""
    lang = _active.get()
    if lang == "en":
        return singular if n == 1 else plural
    return translations(lang).ngettext(singular, plural, n)


def ptr(context: str, message: str) -> str:
    """``message`` in the language in use, as it reads in ``context`` (``"end"``: how a
    deal ended; ``"sheet"``: a score sheet's heading)."""
    lang = _active.get()
    return message if lang == "en" else translations(lang).pgettext(context, message)


def rank_letters() -> dict[str, str]:
    """The KGN rank letters the language in use writes otherwise on a card face
    (:data:`notation.cards.LOCAL_LETTERS`; none in English)."""
    return LOCAL_LETTERS.get(_active.get(), {})


def rank_text(rank: str) -> str:
    """A rank letter of KGN (``Q``) as the language in use writes it on a card face
    (``Д``); English keeps KGN's letters."""
    return rank_letters().get(rank, rank)


def number(n: int) -> str:
    """A whole number as the language in use writes it (``12,345``; ru and pl ``12 345``
    with a no-break space, it ``12.345``: Babel's locale data)."""
    lang = _active.get()
    if lang == "en":
        return f"{n:,}"
    from babel.numbers import format_decimal

    return str(format_decimal(n, locale=lang))


def date_text(value: str) -> str:
    """A KGN date (``2026.11.24``) as the language in use writes a date (ru ``24 ноября
    2026 г.``, it ``24 novembre 2026``, pl ``24 listopada 2026``: Babel's locale data);
    English, and a date with unknown parts (``2026.??.??``), keep KGN's form.

    >>> use("ru"); date_text("2026.11.24").replace("\\u202f", " "); use("en")
    '24 ноября 2026 г.'
    """
    lang = _active.get()
    parts = value.strip().split(".")
    if lang == "en" or len(parts) != 3 or not all(p.isdigit() for p in parts):
        return value
    import datetime

    from babel.dates import format_date

    try:
        day = datetime.date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError:
        return value
    return str(format_date(day, format="long", locale=lang))


def N_(message: str) -> str:
    """Marks a text kept in a table for translation where it is shown (``tr(TABLE[key])``):
    it is returned as it is, and the catalogue's extraction finds it."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """As :func:`N_`, for a text with a number shown with :func:`ntr` (``ntr(*FORMS, n)``)."""
    return singular, plural


def NP_(context: str, message: str) -> str:
    """As :func:`N_`, for a text shown with :func:`ptr` in ``context``."""
    return message


ROUND_WORDS: Final = (N_("hand {n}"), N_("deal {n}"), NP_("count", "hands"), NP_("count", "deals"))
"""A round as each game calls it (``hand``, ``deal``): one of them, and after a count."""


def round_text(word: str, n: int) -> str:
    """Round ``n`` in the game's word for a round (``hand 3``; ru ``раздача 3``)."""
    key = f"{word} {{n}}"
    return tr(key).format(n=n)


def rounds_counted(word: str) -> str:
    """The game's word for its rounds after a count (``hands``; ru ``раздач``)."""
    key = f"{word}s"
    return ptr("count", key)
