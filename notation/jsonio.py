"""JSON for game records: every record converts to JSON and back without loss.

>>> import notation
>>> from notation.jsonio import to_json, from_json
>>> game = notation.loads('[Game "thousand"] [Players "A" "B" "C"] [Dealer "A"] [Rules "classic"]')
>>> from_json(to_json(game)) == game
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from pydantic import TypeAdapter, ValidationError

from .errors import KgnError
from .records import Game

__all__ = ["from_dict", "from_json", "iter_json_games", "json_schema", "to_dict", "to_json"]

_GAME: TypeAdapter[Game] = TypeAdapter(Game)


def to_dict(game: Game) -> dict[str, Any]:
    return game.model_dump(mode="json")


def to_json(game: Game, *, indent: int | None = None) -> str:
    """One game as a JSON document (positions are left out)."""
    return game.model_dump_json(indent=indent)


def from_dict(data: Any, *, file: str | None = None, index: int | None = None) -> Game:
    """A game record from JSON data, validated against the schema."""
    try:
        return _GAME.validate_python(data)
    except ValidationError as exc:
        raise _json_error(exc, file, index) from None


def from_json(text: str | bytes, *, file: str | None = None) -> Game:
    try:
        return _GAME.validate_json(text)
    except ValidationError as exc:
        raise _json_error(exc, file, None) from None


def iter_json_games(text: str, *, file: str | None = None) -> Iterator[Game]:
    """The games of a JSON text: one game object, an array of them, or JSON Lines."""
    stripped = text.lstrip("\ufeff").strip()
    if not stripped:
        return
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as first:
        # JSON Lines: one document per line.
        for n, line in enumerate(stripped.splitlines(), 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                err = first if n == 1 else exc
                raise KgnError(
                    f"not JSON: {err.msg}",
                    code="json",
                    file=file,
                    line=n if err is exc else first.lineno,
                    column=err.colno,
                ) from None
            yield from_dict(item, file=file, index=n)
        return
    items = data if isinstance(data, list) else [data]
    for i, item in enumerate(items, 1):
        yield from_dict(item, file=file, index=i)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a game record, generated from the pydantic models."""
    schema = _GAME.json_schema()
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
