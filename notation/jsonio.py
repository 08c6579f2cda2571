"""JSON for game records: every record converts to JSON and back without loss.

>>> import notation
>>> from notation.jsonio import to_json, from_json
>>> game = notation.loads('[Game "thousand"] [Players "A" "B" "C"] [Dealer "A"] [Rules "classic"]')
>>> from_json(to_json(game)) == game
True
"""

from __future__ import annotations

import codecs
import functools
import io
import json
import re
from collections.abc import Iterator
from typing import IO, Annotated, Any, Final, Union

from pydantic import TypeAdapter, ValidationError

from .errors import KgnError, clip
from .i18n import ptr, tr
from .kinds import KINDS
from .records import MAX_DIGITS, MAX_ITEMS, MAX_ROUNDS, TAGGED, GameRecord, count_items

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
def _game() -> TypeAdapter[GameRecord]:
    """The validator of game records: every registered game's record, told apart by its
    ``kind`` (built on first use: it takes a while, and checking records needs no JSON)."""
    classes = []
    for name in KINDS:
        kind = KINDS[name]
        if kind.record not in classes:
            classes.append(kind.record)
    union = classes[0] if len(classes) == 1 else Union[tuple(classes)]  # noqa: UP007
    tagged: Any = Annotated[union, TAGGED]
    adapter: TypeAdapter[GameRecord] = TypeAdapter(tagged)
    return adapter


_WRITERS: dict[str, TypeAdapter[GameRecord]] = {}


def _writer(game: GameRecord) -> TypeAdapter[GameRecord]:
    """The serializer of one record class (five times faster than the union's)."""
    name = type(game).__name__
    writer = _WRITERS.get(name)
    if writer is None:
        writer = _WRITERS[name] = TypeAdapter(type(game))
    return writer


def to_dict(game: GameRecord) -> dict[str, Any]:
    """One game as JSON data (positions are left out)."""
    data: dict[str, Any] = _writer(game).dump_python(game, mode="json")
    return data


def to_json(game: GameRecord, *, indent: int | None = None) -> str:
    """One game as a JSON document (positions are left out)."""
    return _writer(game).dump_json(game, indent=indent).decode("utf-8")


def from_dict(data: Any, *, file: str | None = None, index: int | None = None) -> GameRecord:
    """A game record from JSON data, validated against the schema (JSON that kozyr wrote
    before a rename reads as it is written now: :func:`renamed`)."""
    try:
        game = _game().validate_python(renamed(data))
    except ValidationError as exc:
        raise _json_error(exc, file, index) from None
    return _within_limits(game, file, index)


def renamed(data: Any) -> Any:
    """Game data as kozyr writes it now, from data written before a rename (docs/data.md,
    "Renamed"):

    - a deal's cards dealt in Bura, Burkozel and Sixty-six were ``"dealing": {"kind":
      "dealing", ...}`` and are ``"deal": {"kind": "deal", ...}``, as in Thousand;
    - a Thousand hand and variation held their events in fields of their own
      (``"redeal"``, ``"auction"``, ``"talon"``, ``"concede"``, ``"give"``,
      ``"contract"``, ``"tricks"``, ``"stated"``) and hold them in ``"events"``, in
      that order, as every game's round does.

    The data given is not changed; what is renamed is copied."""
    if not isinstance(data, dict):
        return data
    out = data
    for key, rounds in data.items():
        if not isinstance(rounds, list):
            continue
        if any(isinstance(r, dict) and "dealing" in r for r in rounds):
            rounds = [_renamed_round(r) if isinstance(r, dict) and "dealing" in r else r for r in rounds]
        elif any(isinstance(r, dict) and "events" not in r and any(k in r for k in _OLD_LINE) for r in rounds):
            rounds = _with_events(rounds)
        else:
            continue
        if out is data:
            out = dict(data)
        out[key] = rounds
    return out


_OLD_LINE: Final = ("redeal", "auction", "talon", "concede", "give", "contract", "tricks", "stated")
"""The fields a Thousand hand or variation held its events in, in their order."""


def _with_events(value: Any, line: bool = True) -> Any:
    """Thousand data written before its events were one list: each hand of ``value`` (a
    list of them), and every variation at any depth (in a move's notes), with its
    ``events``; ``line``: ``value`` is a hand or a list of hands."""
    if isinstance(value, list):
        return [_with_events(v, line) for v in value]
    if not isinstance(value, dict):
        return value
    if "events" in value or not (line or value.get("kind") == "variation"):
        return {k: _with_events(v, False) for k, v in value.items()}  # a deal keeps its talon
    new = {k: _with_events(v, False) for k, v in value.items() if k not in _OLD_LINE}
    events: list[Any] = []
    for key in _OLD_LINE:
        held = value.get(key)
        if isinstance(held, list):
            events.extend(_with_events(held, False))
        elif held is not None:
            events.append(_with_events(held, False))
    new["events"] = events
    return new


def _renamed_round(old: dict[str, Any]) -> dict[str, Any]:
    """One round of data written before ``dealing`` was called ``deal``."""
    new: dict[str, Any] = {}
    for key, value in old.items():
        if key == "dealing" and "deal" not in old:
            key = "deal"
            if isinstance(value, dict) and value.get("kind") == "dealing":
                value = {**value, "kind": "deal"}
        new[key] = value
    return new


def from_json(text: str | bytes, *, file: str | None = None) -> GameRecord:
    """A game record from a JSON document, validated against the schema.  The JSON is read
    by Python's own reader (nested as deep as KGN's fifty variations go; a number longer
    than KGN's nine digits is a located error), then validated."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise KgnError(
                tr("invalid UTF-8 at byte {start}; JSON files are UTF-8").format(start=exc.start), code="json", file=file
            ) from None
    stream = _Stream(text.lstrip("\ufeff"), file)
    if not stream.skip_space():
        raise stream.error(tr("not JSON: the text is empty"))
    data = stream.value()
    if stream.skip_space():
        raise stream.error(tr("not JSON: extra data after the game"))
    return from_dict(data, file=file)


def _within_limits(game: GameRecord, file: str | None, index: int | None) -> GameRecord:
    """The game, if KGN can hold it: no more hands and items than a KGN reader takes (so
    that what JSON gives always reads back from the KGN written of it)."""
    hands, items = count_items(game)
    if hands > MAX_ROUNDS:
        message = tr("a game of {hands:,} {ROUNDS}; a game of KGN has at most {MAX_ROUNDS:,}").format(
            hands=hands, ROUNDS=ptr("count", game.ROUNDS), MAX_ROUNDS=MAX_ROUNDS
        )
    elif items > MAX_ITEMS:
        message = (
            tr(
                "a game of {items:,} moves, notes, cards and other records; a game of KGN "
                "holds at most {MAX_ITEMS:,}"
            ).format(
                items=items, MAX_ITEMS=MAX_ITEMS
            )
        )
    else:
        return game
    raise KgnError(message, code="json", file=file, game=index)


class _Duplicate(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(tr("the key {clip} appears twice in one object").format(clip=clip(repr(key))))
        out[key] = value
    return out


class _TooLong(ValueError):
    """A number of more digits than KGN writes."""

    def __init__(self, digits: str) -> None:
        super().__init__(digits)
        self.digits = digits


def _whole(text: str) -> int:
    """A JSON integer, if KGN can hold it (the rest are refused before Python's own limit
    on converting long numbers is reached)."""
    if len(text) > MAX_DIGITS + (text[0] == "-"):
        raise _TooLong(text)
    return int(text)


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_int=_whole)
_SPACE = re.compile(r"[ \t\n\r]*")
_CHUNK = 1 << 20


class _Stream:
    """JSON text read a chunk at a time: ``text[pos:]`` is what is not consumed yet, and
    ``text[pos]`` stands at file ``line``, ``column``.  Memory stays near the largest single
    value, and consuming is not copying (the text read is compacted only as it is read)."""

    def __init__(self, source: str | IO[str] | IO[bytes], file: str | None) -> None:
        self.file = file
        self._source = io.StringIO(source) if isinstance(source, str) else source
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._bytes = 0
        self.text = ""
        self.pos = 0
        self.line, self.column = 1, 1
        self._first = True
        self.eof = False

    def fill(self, size: int = _CHUNK) -> bool:
        """Read about ``size`` more characters; False at the end of the input."""
        if self.eof:
            return False
        data = self._source.read(size)
        if isinstance(data, bytes):
            try:
                chunk = self._decoder.decode(data, final=not data)
            except UnicodeDecodeError as exc:
                raise KgnError(
                    tr("invalid UTF-8 at byte {x}; JSON files are UTF-8").format(
                        x=self._bytes + exc.start
                    ),
                    code="encoding",
                    file=self.file,
                ) from None
            self._bytes += len(data)
        else:
            chunk = data
        if not data:
            self.eof = True
            return False
        if self._first:
            chunk, self._first = chunk.lstrip("\ufeff"), False
        self.text = self.text[self.pos :] + chunk
        self.pos = 0
        return True

    def where(self, at: int) -> tuple[int, int]:
        """The file line and column of index ``at`` of the text (at or after ``pos``)."""
        breaks = self.text.count("\n", self.pos, at)
        if breaks:
            return self.line + breaks, at - self.text.rfind("\n", self.pos, at)
        return self.line, self.column + at - self.pos

    def consume(self, end: int) -> None:
        """Move on to index ``end`` of the text."""
        self.line, self.column = self.where(end)
        self.pos = end

    def skip_space(self) -> str:
        """Skip white space; the next character, or "" at the end."""
        while True:
            self.consume(_SPACE.match(self.text, self.pos).end())  # type: ignore[union-attr]
            if self.pos < len(self.text) or not self.fill():
                return self.text[self.pos : self.pos + 1]

    def error(self, message: str, at: int | None = None) -> KgnError:
        """A located error at index ``at`` of the text (default: where reading stands)."""
        line, column = self.where(self.pos if at is None else at)
        return KgnError(message, code="json", file=self.file, line=line, column=column)

    def value(self) -> Any:
        """The JSON value that starts here (read further while it is incomplete)."""
        size = _CHUNK
        while True:
            try:
                value, end = _DECODER.raw_decode(self.text, self.pos)
            except json.JSONDecodeError as exc:
                # The text read so far may end inside the value: an unterminated string (its
                # start is reported), or a token cut short near the end.  Anything else is
                # an error where it is, and nothing more is read for it.
                cut = exc.msg.startswith("Unterminated string") or exc.pos >= len(self.text) - 64
                if cut and self.fill(size):
                    size *= 2  # a long value is read in doubling chunks: linear, not quadratic
                    continue
                raise self.error(tr("not JSON: {msg}").format(msg=exc.msg), exc.pos) from None
            except RecursionError:
                raise self.error(tr("not a game record: JSON nested too deeply")) from None
            except _TooLong as exc:
                at = self.text.find(exc.digits, self.pos)
                raise self.error(
                    tr(
                        "a number of {n:,} digits; numbers in KGN have at most {MAX_DIGITS}"
                    ).format(
                        n=len(exc.digits.lstrip('-')), MAX_DIGITS=MAX_DIGITS
                    ),
                    at if at >= 0 else None,
                ) from None
            except ValueError as exc:  # duplicate keys, a number too long to read
                raise self.error(tr("not a game record: {clip}").format(clip=clip(str(exc), 120))) from None
            if end == len(self.text) and self.fill(size):
                continue  # a value that ends with the text read so far may go on (a number)
            self.consume(end)
            return value


def iter_json_games(
    source: str | IO[str] | IO[bytes], *, file: str | None = None
) -> Iterator[GameRecord]:
    """The games of a JSON text or stream: an array of game objects, or game objects one
    after another (JSON Lines, or one object over several lines).  The input is read a
    chunk at a time, so memory stays near the size of one game whatever the file's size.
    Invalid UTF-8, duplicate keys, nesting too deep and numbers too long are located
    errors."""
    stream = _Stream(source, file)
    first = stream.skip_space()
    if not first:
        return
    if first == "[":
        stream.consume(stream.pos + 1)
        yield from _array_games(stream)
        return
    n = 0
    while stream.skip_space():
        value = stream.value()
        n += 1
        yield from_dict(value, file=file, index=n)
        ended = stream.line
        if stream.skip_space() and stream.line == ended:
            raise stream.error(
                tr("not JSON: extra data after the value (one game a line in JSON Lines)")
            )


def _array_games(stream: _Stream) -> Iterator[GameRecord]:
    n = 0
    while True:
        if stream.skip_space() == "]" and n == 0:
            stream.consume(stream.pos + 1)
            break
        value = stream.value()
        n += 1
        yield from_dict(value, file=stream.file, index=n)
        after = stream.skip_space()
        if after in (",", "]"):
            stream.consume(stream.pos + 1)
            if after == ",":
                continue
            break
        raise stream.error(tr("not JSON: expected ',' or ']' after a game"))
    if stream.skip_space():
        raise stream.error(tr("not JSON: extra data after the array"))


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
    schema = _readable_names(_game().json_schema())
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "KGN game record"
    return schema


def _readable_names(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with its definitions named as a reader names them: pydantic names a class
    that two games define by its module path (``notation__bura__records__Round``); here it
    is the game's name and the class's (``BuraRound``), and a shared one its own (``Deal``)."""
    defs: dict[str, Any] = schema.get("$defs", {})
    renamed: dict[str, str] = {}
    for key in defs:
        parts = key.split("__")
        if len(parts) < 3:
            continue
        if len(parts) == 4 and parts[1] in KINDS:
            game = KINDS[parts[1]].record.__name__.removesuffix("Game")
            renamed[key] = game + parts[-1]
        elif parts[-1] not in defs:
            renamed[key] = parts[-1]
    if not renamed:
        return schema

    def fix(node: Any) -> Any:  # every reference: "$ref"s and a discriminator's mapping
        if isinstance(node, dict):
            return {k: fix(v) for k, v in node.items()}
        if isinstance(node, list):
            return [fix(v) for v in node]
        if isinstance(node, str) and node.startswith("#/$defs/") and node[8:] in renamed:
            return "#/$defs/" + renamed[node[8:]]
        return node

    fixed: dict[str, Any] = fix(schema)
    fixed["$defs"] = {renamed.get(k, k): v for k, v in fixed["$defs"].items()}
    return fixed


def _json_error(exc: ValidationError, file: str | None, index: int | None) -> KgnError:
    first = exc.errors()[0]
    path = ".".join(str(p) for p in first["loc"])
    more = tr(" (and {x} more)").format(x=exc.error_count() - 1) if exc.error_count() > 1 else ""
    return KgnError(
        tr("invalid game record at {x}: {first}{more}").format(
            x=path or tr("top level"), first=first["msg"], more=more
        ),
        code="json",
        file=file,
        game=index,
    )
