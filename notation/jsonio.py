"""JSON for game records: every record converts to JSON and back without loss.

>>> import notation
>>> from notation.jsonio import to_json, from_json
>>> game = notation.loads('[Game "thousand"] [Players "A" "B" "C"] [Dealer "A"] [Rules "classic"]')
>>> from_json(to_json(game)) == game
True
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from typing import Any

from pydantic import TypeAdapter, ValidationError

from .errors import KgnError, clip
from .records import Game, pydantic_names

__all__ = [
    "from_dict",
    "from_json",
    "iter_json_games",
    "json_safe",
    "json_schema",
    "to_dict",
    "to_json",
]

@functools.cache
def _game() -> TypeAdapter[Game]:
    """The validator of game records (built on first use: it takes a while, and checking
    records needs no JSON)."""
    adapter: TypeAdapter[Game] = TypeAdapter(pydantic_names()["Game"])
    return adapter


_WRITERS: dict[str, TypeAdapter[Any]] = {}


def _writer(game: Game) -> TypeAdapter[Any]:
    """The serializer of one record class (five times faster than the union's)."""
    name = type(game).__name__
    writer = _WRITERS.get(name)
    if writer is None:
        pydantic_names()
        writer = _WRITERS[name] = TypeAdapter(type(game))
    return writer


def to_dict(game: Game) -> dict[str, Any]:
    """One game as JSON data (positions are left out)."""
    data: dict[str, Any] = _writer(game).dump_python(game, mode="json")
    return data


def to_json(game: Game, *, indent: int | None = None) -> str:
    """One game as a JSON document (positions are left out)."""
    return _writer(game).dump_json(game, indent=indent).decode("utf-8")


def from_dict(data: Any, *, file: str | None = None, index: int | None = None) -> Game:
    """A game record from JSON data, validated against the schema."""
    try:
        return _game().validate_python(data)
    except ValidationError as exc:
        raise _json_error(exc, file, index) from None


def from_json(text: str | bytes, *, file: str | None = None) -> Game:
    try:
        return _game().validate_json(text)
    except ValidationError as exc:
        raise _json_error(exc, file, None) from None


class _Duplicate(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(f"the key {clip(repr(key))} appears twice in one object")
        out[key] = value
    return out


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates)
_SPACE = re.compile(r"[ \t\n\r]*")


def _decode_at(text: str, index: int, file: str | None, line: int) -> tuple[Any, int]:
    """One JSON value starting at ``index``: (value, end); a located error otherwise."""
    try:
        return _DECODER.raw_decode(text, index)
    except json.JSONDecodeError as exc:
        raise KgnError(
            f"not JSON: {exc.msg}", code="json", file=file, line=exc.lineno, column=exc.colno
        ) from None
    except RecursionError:
        raise KgnError(
            "not a game record: JSON nested too deeply", code="json", file=file, line=line
        ) from None
    except ValueError as exc:  # duplicate keys, a number too long to read
        raise KgnError(
            f"not a game record: {clip(str(exc), 120)}", code="json", file=file, line=line
        ) from None


def iter_json_games(text: str, *, file: str | None = None) -> Iterator[Game]:
    """The games of a JSON text: one game object, an array of them (read one element at a
    time, so memory stays near the text's size), or JSON Lines.  Duplicate keys, nesting too
    deep and numbers too long are located errors."""
    text = text.lstrip("\ufeff")
    pos = _SPACE.match(text).end()  # type: ignore[union-attr]
    if pos == len(text):
        return
    if text[pos] == "[":
        yield from _array_games(text, pos + 1, file)
        return
    line = 1
    n = 0
    for raw in text.splitlines():
        if raw.strip():
            n += 1
            value, end = _decode_at(raw, _SPACE.match(raw).end(), file, line)  # type: ignore[union-attr]
            if raw[end:].strip():
                raise KgnError(
                    "not JSON: extra data after the value (one game a line in JSON Lines)",
                    code="json",
                    file=file,
                    line=line,
                    column=end + 1,
                )
            yield from_dict(value, file=file, index=n)
        line += 1


def _array_games(text: str, pos: int, file: str | None) -> Iterator[Game]:
    line, counted, n = 1, 0, 0
    while True:
        pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
        line += text.count("\n", counted, pos)
        counted = pos
        if pos < len(text) and text[pos] == "]" and n == 0:
            pos += 1
            break
        value, pos = _decode_at(text, pos, file, line)
        n += 1
        yield from_dict(value, file=file, index=n)
        pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
        if pos < len(text) and text[pos] == ",":
            pos += 1
            continue
        if pos < len(text) and text[pos] == "]":
            pos += 1
            break
        raise KgnError("not JSON: expected ',' or ']' after a game", code="json", file=file)
    if text[pos:].strip():
        raise KgnError("not JSON: extra data after the array", code="json", file=file)


def json_safe(text: str) -> str:
    r"""JSON text with every character that is not printable written ``\uXXXX`` (bidi
    overrides, C1 controls, zero-width marks), so that no file's text reaches a terminal raw;
    line breaks between values are kept.

    >>> json_safe('"a\u202eb"')
    '"a\\u202eb"'
    """
    if text.replace("\n", "").isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch == "\n":
            out.append(ch)
        elif ord(ch) < 0x10000:
            out.append(f"\\u{ord(ch):04x}")
        else:
            v = ord(ch) - 0x10000
            out.append(f"\\u{0xD800 + (v >> 10):04x}\\u{0xDC00 + (v & 0x3FF):04x}")
    return "".join(out)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a game record, generated from the record classes."""
    schema = _game().json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "KGN game record"
    return schema


def _json_error(exc: ValidationError, file: str | None, index: int | None) -> KgnError:
    first = exc.errors()[0]
    path = ".".join(str(p) for p in first["loc"])
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return KgnError(
        f"invalid game record at {path or 'top level'}: {first['msg']}{more}",
        code="json",
        file=file,
        game=index,
    )
