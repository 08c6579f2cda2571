"""Reading KGN: split a stream into games and read each into records: the fast reader
(:mod:`notation.fastparse`) first, the Lark grammar (:mod:`notation.larkread`) where it
steps aside.

The reader streams: :func:`read_game` reads one game per call and returns ``None`` at the
end of the input, so a file of any size is read in constant memory.  One bad game raises a
located :class:`KgnSyntaxError`; the next call goes on with the next game.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from io import BytesIO, StringIO, UnsupportedOperation
from typing import IO, Any, Final, Literal, NamedTuple, overload

from mypy_extensions import mypyc_attr

from .errors import KgnError, KgnSyntaxError
from .escapes import COMMENT_BODY, unescape_string
from .gametext import GameText
from .i18n import tr
from .kinds import KINDS, NotationKind
from .records import MAX_DIGITS, MAX_ITEMS, GameRecord

__all__ = [
    "Chunk",
    "GameText",
    "game_kind",
    "iter_games",
    "parse_game",
    "parse_number",
    "read_chunks",
    "read_game",
    "split_chunk",
    "split_games",
]


_NUMBER: Final = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


def parse_number(text: str) -> int | None:
    """A whole number written in ASCII digits (an optional sign, at most 9 digits), as in
    tag values and switches; None for anything else (``²``, ``1e3``, a 5,000-digit number).

    >>> parse_number("-120"), parse_number("²"), parse_number("1" * 10)
    (-120, None, None)
    """
    return int(text) if _NUMBER.fullmatch(text) else None


# ---- Splitting a stream into games ------------------------------------------------------


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class _Stream:
    """Where reading a stream stands: the line and game numbers so far, and what was read
    ahead: one reader's own (:func:`split_games` and :func:`read_game` keep it for the
    length of a call, a :class:`GameReader` for as long as the caller holds it)."""

    line_no: int = 0
    games: int = 0
    pending: str | None = None
    pending_error: KgnSyntaxError | None = None
    at_end: bool = False
    in_brace: bool = False
    lines: list[Any] | None = None
    """Block reading (:func:`split_games` of a binary stream): the lines of the block read
    last, decoded (raw bytes, each to be decoded alone, where the block is not UTF-8)."""
    next: int = 0
    """The next line of ``lines``."""
    rest: bytes = b""
    """What the block read last held after its last newline."""
    open_end: bool = False
    """Whether the last game read ended inside a ``{`` comment or before its first move: at
    the end of the input, a ``[`` line after it would not have started a game."""
    rewind: bool = False
    """Leave the header that ends a game unread (:func:`read_game`): a seekable stream is
    put back before it, a binary one looks at it with ``peek`` first."""


_BLOCK: Final = 1 << 20
"""Bytes read at a time by block reading."""


def _fill(state: _Stream, handle: Any) -> bool:
    """Read the next block of whole lines into ``state.lines``; False at the end.  A line
    longer than a block is read on until its newline (or the end), in pieces joined once."""
    pieces = [state.rest] if state.rest else []
    while True:
        chunk = handle.read1(_BLOCK)
        if not chunk:
            state.rest = b""
            break
        cut = chunk.rfind(b"\n")
        if cut >= 0:
            pieces.append(chunk[: cut + 1])
            state.rest = chunk[cut + 1 :]
            break
        pieces.append(chunk)
    if not pieces:
        return False
    data = b"".join(pieces)
    try:
        lines: list[Any] = data.decode("utf-8").split("\n")
    except UnicodeDecodeError:  # each line decoded alone: the bad one is reported
        lines = [part + b"\n" for part in data.split(b"\n")]
        lines[-1] = lines[-1][:-1]
    if not lines[-1]:
        lines.pop()  # after the last newline
    state.lines, state.next = lines, 0
    return True


def _bad_utf8(
    raw: bytes, exc: UnicodeDecodeError, line_no: int, file: str | None
) -> tuple[str, KgnSyntaxError]:
    """A line that is not UTF-8: its text (the bad bytes replaced) and the error."""
    text = raw.decode("utf-8", errors="replace")
    col = len(raw[: exc.start].decode("utf-8", errors="replace")) + 1
    err = KgnSyntaxError(
        tr("invalid UTF-8 (byte 0x{raw:02x}); KGN files are UTF-8").format(raw=raw[exc.start]),
        code="encoding",
        file=file,
        line=line_no,
        column=col,
        source=text,
    )
    return text, err


def _scan_braces(line: str, in_brace: bool) -> bool:
    """Whether a ``{`` comment is still open at the end of ``line``."""
    if not in_brace and "{" not in line:
        return False
    i, n = 0, len(line)
    in_string = False
    while i < n:
        ch = line[i]
        if in_brace:
            j = COMMENT_BODY.match(line, i).end()  # type: ignore[union-attr]
            if j >= n:
                return True
            in_brace, i = False, j + 1
            continue
        if in_string:
            if ch == "\\":
                i += 2
                continue
            if ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "{":
            in_brace = True
        elif ch == ";":
            return False
        i += 1
    return in_brace


_GAME_LINE: Final = re.compile(r"\[\s*Game(?![A-Za-z0-9_])")
"""A line that starts with the Game tag: a game has one, so a second one starts the next
game, even after a game with no hand yet (a record just started)."""


def _pull_line(
    handle: Any, file: str | None, state: _Stream, line_no: int, peek: bool
) -> tuple[str | None, KgnSyntaxError | None, int | bool | None, int]:
    """The stream's next line, its decoding error, where it starts in a handle that can go
    back (for :func:`read_game`), and the line number after it; the line is None at the end
    of the stream, or where a header is next (``peek``: looked at without reading it)."""
    if state.pending is not None:
        line, state.pending = state.pending, None
        err, state.pending_error = state.pending_error, None
        return line, err, None, line_no
    if state.at_end:
        return None, None, None, line_no
    mark: int | bool | None = None
    if state.lines is None:
        if state.rewind:
            mark = _ahead(handle, peek)
        if mark is True:
            return None, None, mark, line_no  # a header is next (peeked at): the next game's
        raw = handle.readline()
        if not raw:
            state.at_end = True
            return None, None, None, line_no
    elif state.next < len(state.lines) or _fill(state, handle):
        raw = state.lines[state.next]  # without its newline
        state.next += 1
    else:
        state.at_end = True
        return None, None, None, line_no
    line_no += 1
    line, err = _decoded(raw, line_no, file)
    return line, err, mark, line_no


def _decoded(raw: str | bytes, line_no: int, file: str | None) -> tuple[str, KgnSyntaxError | None]:
    """A line as text, without its line end (and the file's byte-order mark), and the
    error of bytes that are not UTF-8."""
    if type(raw) is bytes:
        try:
            line, err = raw.decode("utf-8"), None
        except UnicodeDecodeError as exc:
            line, err = _bad_utf8(raw, exc, line_no, file)
    else:
        assert isinstance(raw, str)
        line, err = raw, None
    if line_no == 1 and line.startswith("\ufeff"):
        line = line[1:]
    if line.endswith("\n"):
        line = line[:-1]
    if line.endswith("\r"):
        line = line[:-1]
    return line, err


_NOTHING: Final = 0
"""A line inside a comment: it starts nothing."""
_BLANK: Final = 1
_BODY: Final = 2
"""A line of moves (not a header, a comment or a blank line)."""
_HEADER_LINE: Final = 3
_GAME_LINE_KIND: Final = 4
"""A header line that starts with the ``Game`` tag."""


def _line_kind(line: str) -> int:
    """What a line outside a comment is: blank, a line of moves, a header line, or a
    header line with the ``Game`` tag (a comment's line counts as nothing)."""
    stripped = line.lstrip()
    if not stripped:
        return _BLANK
    head = stripped[0]
    if head == "[":
        return _GAME_LINE_KIND if _GAME_LINE.match(stripped) is not None else _HEADER_LINE
    return _NOTHING if head in "{;" else _BODY


def _put_back(
    handle: Any, state: _Stream, mark: int | bool | None, line: str, err: KgnSyntaxError | None, line_no: int
) -> int:
    """The next game's header line, read ahead, stays to be read: the handle goes back to
    it, or the stream keeps it; the line number before it."""
    if isinstance(mark, int) and not isinstance(mark, bool):
        handle.seek(mark)
        return line_no - 1
    state.pending, state.pending_error = line, err
    return line_no


def _read_game_text(handle: Any, file: str | None, state: _Stream) -> GameText | None:
    lines: list[str] = []
    first_line = 0
    seen_body = False
    seen_game = False  # a Game tag: another one starts the next game, even before a hand
    error: KgnSyntaxError | None = None
    line_no = state.line_no
    in_brace = state.in_brace
    while True:
        line, err, mark, line_no = _pull_line(handle, file, state, line_no, seen_body and not in_brace)
        if line is None:
            break
        what = _NOTHING if in_brace else _line_kind(line)
        if what >= _HEADER_LINE:
            if seen_body or (what == _GAME_LINE_KIND and seen_game):
                line_no = _put_back(handle, state, mark, line, err, line_no)
                break
            seen_game = seen_game or what == _GAME_LINE_KIND
        elif what == _BODY:
            seen_body = True
        if not lines:
            if what == _BLANK and err is None:
                continue  # blank lines before a game belong to no game
            first_line = line_no
        if err is not None and error is None:
            error = err
        lines.append(line)
        if in_brace or "{" in line:
            in_brace = _scan_braces(line, in_brace)
    state.line_no = line_no
    state.in_brace = in_brace
    return _game_read(state, lines, first_line, file, error, in_brace or not seen_body)


def _game_read(
    state: _Stream, lines: list[str], first_line: int, file: str | None, error: KgnSyntaxError | None, open_end: bool
) -> GameText | None:
    """The game's text as read (None for only blank lines); ``open_end``: it may go on
    (it ends in a comment, or before any move)."""
    if lines:
        state.open_end = open_end
    if not lines or all(not ln.strip() for ln in lines):
        return None
    state.games += 1
    return GameText("\n".join(lines), first_line, state.games, file, error)


def split_games(handle: IO[str] | IO[bytes], file: str | None = None) -> Iterator[GameText]:
    """The games of a stream, as text with their first line number.  A binary stream is read
    a block at a time (``read1``: what a pipe holds now, up to 1 MB), not line by line as
    :func:`read_game` reads: the stream is read on past the game this yields."""
    state = _Stream(lines=[] if hasattr(handle, "read1") else None)
    while (chunk := _read_game_text(handle, file, state)) is not None:
        yield chunk


# ---- Chunks: a file cut for many processes -------------------------------------------------


class Chunk(NamedTuple):
    """Whole lines of one input, cut before a header (a line that most likely starts a game): the unit
    of work when many processes read one file.  The main process cuts the file without
    reading the games (:func:`read_chunks`); a worker splits its chunk into games
    (:func:`split_chunk`), which tells whether the cut was really between two games."""

    data: bytes
    file: str | None
    source: int
    """Which input of the run (0, 1, ...): game numbers start again at 1 with each."""
    first_line: int
    """The file's line number of the chunk's first line (exact)."""
    first_index: int
    """The number its first game has if each header before it in the file began a game (a
    guess: whoever puts the chunks' games in order checks it)."""
    last: bool
    """The input's last chunk."""

    def joined(self, *after: Chunk) -> Chunk:
        """This chunk and the ones after it, as one."""
        data = b"".join([self.data, *(c.data for c in after)])
        return self._replace(data=data, last=after[-1].last if after else self.last)


_CHUNK: Final = 1 << 16
"""Bytes read at a time by :func:`read_chunks` (a chunk is about that long)."""
_TAG_LINE: Final = b"\n["
_BOM: Final = b"\xef\xbb\xbf"


def _headers(data: bytes) -> int:
    """How many headers begin in ``data``: lines starting with ``[`` whose line before does
    not end with ``]`` (a guess at the number of games).  Each ``[`` is found at the speed
    of memory (``find`` of one byte) and its line looked at; text with many brackets that
    do not start headers is counted with ``count`` instead, so that the time stays linear.

    >>> _headers(b'[Event "x"]\\n[Game "bura"]\\n1. 6s 7s\\n\\n[Game "bura"]\\r\\n[Deal "[]"]\\n')
    2
    """
    first = 1 if data.startswith((b"[", _BOM + b"[")) else 0  # a header begins the chunk
    count = first
    budget = _MOST_BRACKETS
    at = data.find(b"[", 1)
    while at > 0:
        if data[at - 1] == 10:  # "\n[": a line starting with "["; after "]" (or "]\r")?
            before = at - 2
            if before >= 0 and data[before] == 13:
                before -= 1
            if before < 0 or data[before] != 93:
                count += 1
        budget -= 1
        if budget == 0:
            return first + _inner_headers_counted(data)
        at = data.find(b"[", at + 1)
    return count


def _inner_headers_counted(data: bytes) -> int:
    """:func:`_headers` after the first line, by counting the patterns (slower for text
    with few brackets)."""
    count = data.count(_TAG_LINE) - data.count(b"]\n[")
    if b"\r" in data:
        count -= data.count(b"]\r\n[")
    return count


_MOST_BRACKETS: Final = 1 << 10
"""Brackets :func:`_headers` looks at one by one in a chunk before it counts instead."""


def _last_tag_line(data: bytes | bytearray, start: int = 0) -> int:
    """Where the last line of ``data`` that starts with ``[`` after a newline at or after
    ``start`` begins (0: none), found from the last ``[`` backwards.

    >>> _last_tag_line(b'[Game "bura"]\\n1. 6s 7s\\n[Deal "[x]"]'), _last_tag_line(b'[Game "x"]')
    (23, 0)
    """
    at = data.rfind(b"[", start + 1)
    for _ in range(_MOST_TAGS):
        if at <= start:
            return 0
        if data[at - 1] == 10:
            return at
        at = data.rfind(b"[", start + 1, at)
    return data.rfind(_TAG_LINE, start) + 1  # many brackets inside lines: the pattern itself


_MOST_TAGS: Final = 64
"""How far back a cut looks for a header's first line (a longer run of tag lines is not
cut before, so that looking stays linear in the input)."""


def _header_start(data: bytes | bytearray, at: int) -> int:
    """Where the header holding the line at ``at`` begins: the first of the lines starting
    with ``[`` just before it, so that a cut there keeps a header whole; -1 if that is not
    known from ``data`` (the header begins ``data``, or it is longer than ``_MOST_TAGS``
    lines).  ``data`` begins at the start of a line."""
    for _ in range(_MOST_TAGS):
        if at == 0:
            return -1
        line_start = data.rfind(b"\n", 0, at - 1) + 1
        if not data[line_start : at - 1].lstrip().startswith(b"["):
            return at  # after a move, a comment or a blank line
        at = line_start
    return -1


def read_chunks(
    handle: IO[bytes], file: str | None = None, source: int = 0, size: int = _CHUNK
) -> Iterator[Chunk]:
    """A binary stream cut into :class:`Chunk` s of about ``size`` bytes, each cut made before
    a header (the first of a run of lines starting with ``[``).  Nothing is decoded or split
    here; the stream is read a block at a time (``read1``: what a pipe holds now), and each
    byte is looked at for a cut once, so the time is linear whatever the text.

    >>> import io
    >>> text = b'[Game "bura"]\\n1. 6s 7s\\n\\n[Event "x"]\\n[Game "bura"]\\n1. 8s 9s\\n'
    >>> [(c.data, c.first_line, c.first_index, c.last) for c in read_chunks(io.BytesIO(text), size=24)]
    [(b'[Game "bura"]\\n1. 6s 7s\\n\\n', 1, 1, False), (b'[Event "x"]\\n[Game "bura"]\\n1. 8s 9s\\n', 4, 2, True)]
    """
    read = getattr(handle, "read1", handle.read)
    pending = bytearray()  # read, not yet given out: it begins at the start of a line
    searched = 0  # where pending has been looked at for a cut (none was found before it)
    line, index = 1, 1
    while block := read(size):
        pending += block
        if len(pending) < size:
            continue
        at = _last_tag_line(pending, searched)
        cut = _header_start(pending, at) if at > 0 else -1
        searched = len(pending) - 1  # the newline before a tag line may end this block
        if cut <= 0:
            continue
        chunk = bytes(pending[:cut])
        del pending[:cut]
        searched -= cut
        yield Chunk(chunk, file, source, line, index, False)
        line += chunk.count(b"\n")
        index += _headers(chunk)
    if pending:
        yield Chunk(bytes(pending), file, source, line, index, True)


def split_chunk(chunk: Chunk) -> tuple[list[GameText], bool]:
    """The games of a chunk, numbered and located in their file as :func:`split_games` would
    (if ``chunk.first_index`` guessed right), and whether the chunk ends inside a game (a
    ``{`` comment open, or a game with no moves yet): then the cut after it was not between
    two games.

    >>> games, open_end = split_chunk(Chunk(b'\\n[Game "bura"]\\n1. 6s 7s\\n', "f", 0, 9, 4, False))
    >>> [(g.first_line, g.index) for g in games], open_end
    ([(10, 4)], False)
    >>> split_chunk(Chunk(b'[Game "bura"]\\n{ a comment\\n', "f", 0, 1, 1, False))[1]
    True
    """
    handle = BytesIO(chunk.data)
    state = _Stream(chunk.first_line - 1, chunk.first_index - 1, lines=[])
    games: list[GameText] = []
    while (gtext := _read_game_text(handle, chunk.file, state)) is not None:
        games.append(gtext)
    return games, state.open_end


# ---- Parsing one game -------------------------------------------------------------------

_GAME_TAG: Final = re.compile(r'\[\s*Game\s*"([^"\\\n]*(?:\\.[^"\\\n]*)*)"')
"""The Game tag, where a tag starts."""
_LATER_GAME_TAG: Final = re.compile(r'\]\s*(\[\s*Game\s*"([^"\\\n]*(?:\\.[^"\\\n]*)*)")')
"""The Game tag right after another tag on its line (not inside another tag's value)."""


def _find_game_tag(text: str) -> re.Match[str] | None:
    """The Game tag of a game's text: on one of the header's lines, the lines starting with
    ``[`` before the first move (a ``[Game ...]`` in a comment or a move does not count).

    >>> _find_game_tag('{[Game "bura"]}\\n; [Game "x"]\\n[Game "thousand"]').group(1)
    'thousand'
    >>> _find_game_tag('{ a comment\\n[Game "bura"] }\\nhand 1') is None
    True
    """
    at = 0
    n = len(text)
    in_brace = False
    while at < n:
        end = text.find("\n", at)
        if end < 0:
            end = n
        line = text[at:end]
        stripped = line.lstrip()
        if in_brace or stripped.startswith(("{", ";")):
            in_brace = _scan_braces(line, in_brace)
        elif stripped.startswith("["):
            start = at + line.index("[")
            m = _GAME_TAG.match(text, start, end)
            if m is None and (later := _LATER_GAME_TAG.search(text, start, end)) is not None:
                m = _GAME_TAG.match(text, later.start(1), end)
            if m is not None:
                return m
            in_brace = _scan_braces(line, False)
        elif stripped:
            return None  # the first move: the header is over
        at = end + 1
    return None


def game_kind(gtext: GameText) -> NotationKind:
    """The notation kind of the game a text is of, by its ``Game`` tag (without reading the
    rest); a located :class:`KgnSyntaxError` if the tag is missing or names no game kozyr
    knows."""
    m = _find_game_tag(gtext.text)

    def err(message: str, line: int, col: int) -> KgnSyntaxError:
        return gtext.syntax_error(message, line, col, code="header")

    names = list(KINDS)
    if m is None:
        tags = [f'[Game "{name}"]' for name in names]
        if len(tags) > 1:
            tags = [tr("{items} or {last}").format(items=", ".join(tags[:-1]), last=tags[-1])]
        raise err(
            tr("the game has no Game tag; every game starts with {tags}").format(tags=tags[0]),
            gtext.first_line,
            1,
        )
    name = unescape_string('"' + m.group(1) + '"').lower()
    if name not in KINDS:
        line = gtext.first_line + gtext.text.count("\n", 0, m.start())
        col = m.start(1) - (gtext.text.rfind("\n", 0, m.start()) + 1) + 1
        raise err(tr("unknown game {group!r}; expected one of: {list}").format(
            group=m.group(1), list=', '.join(names)
        ), line, col)
    return KINDS[name]


def _check_header_size(gtext: GameText) -> None:
    """A header of more tag values than a game holds items (a Players tag of two million
    names) is refused before either reader builds anything of it: what reading it would
    take grows with every value."""
    quotes = 0
    for k, line in enumerate(gtext.text.split("\n")):
        if not line.lstrip(" \t").startswith("["):
            return
        quotes += line.count('"') - line.count('\\"')
        if quotes > 2 * MAX_ITEMS:
            raise gtext.syntax_error(
                tr(
                    "the header holds more than {MAX_ITEMS:,} tag values; a game of KGN holds "
                    "at most {MAX_ITEMS:,} items"
                ).format(
                    MAX_ITEMS=MAX_ITEMS
                ),
                gtext.first_line + k,
                1,
            )


def parse_game(gtext: GameText, *, fast: bool = True) -> GameRecord:
    """Parse the text of one game into a record; raises a located :class:`KgnSyntaxError`.

    Canonical and near-canonical text takes its game's fast reader, which gives the same
    records as the grammar; ``fast=False`` always uses the grammar."""
    if gtext.encoding_error is not None:
        gtext.encoding_error.game = gtext.index
        raise gtext.encoding_error
    if len(gtext.text) > 2 * MAX_ITEMS and gtext.text.count('"') > 2 * MAX_ITEMS:
        _check_header_size(gtext)  # only a text that long can hold so many values
    text = gtext.text
    if fast and text.startswith('[Game "'):
        end = text.find('"', 7, 40)
        kind = KINDS.get(text[7:end]) if end > 0 else None
        if kind is not None:
            record = kind.read(text, gtext.first_line)
            if record is not None:
                return record
    from .larkread import read_with_grammar  # the grammar loads only when it is needed

    return read_with_grammar(gtext, game_kind(gtext))


# ---- The streaming API --------------------------------------------------------------------


def read_game(handle: IO[str] | IO[bytes], *, file: str | None = None) -> GameRecord | None:
    """Read the next game of a stream that can seek (a file, ``io.StringIO``); ``None`` at
    the end.  The handle is left just after the game, as python-chess's ``read_game`` leaves
    it, and nothing is kept between calls: the game's lines and its number in the file are
    counted from the handle's start (the lines of a binary stream or a ``StringIO`` at the
    speed of ``bytes.count``, the games only to name a bad one).  A loop over a text file
    holds a :class:`GameReader` (or :func:`iter_games`), which counts as it goes; a pipe is
    read only that way.

    Raises :class:`KgnSyntaxError` for a bad game; the next call reads the next game.

    >>> import io
    >>> src = io.StringIO('[Game "thousand"] [Players "A" "B" "C"] [Dealer "A"] [Rules "classic"]')
    >>> read_game(src).players, read_game(src)
    (['A', 'B', 'C'], None)
    """
    at = _tell(handle)
    if at is None:
        raise UnsupportedOperation(
            tr(
                "read_game reads a stream that can seek, and counts its lines from the start; "
                "read a pipe with notation.GameReader(handle) or notation.iter_games(handle)"
            )
        )
    state = _Stream(_lines_before(handle, at), rewind=True)
    gtext = _read_game_text(handle, file if file is not None else _name_of(handle), state)
    if gtext is None:
        return None
    try:
        return parse_game(gtext)
    except KgnError as exc:
        after = handle.tell()
        exc.game = _counted(handle, at).games + 1  # the game's number, counted from the start
        handle.seek(after)
        raise


def _lines_before(handle: Any, at: int) -> int:
    """The lines before position ``at`` of a seekable stream (the handle left there)."""
    if not at:
        return 0
    if isinstance(handle, StringIO):
        return handle.getvalue().count("\n", 0, at)
    raw = handle if hasattr(handle, "read1") else getattr(handle, "buffer", None)
    if raw is None or at >= 1 << 64:  # a text stream of its own, or its decoder mid-way
        return _counted(handle, at).line_no
    raw.seek(0)
    head = raw.read(at)
    handle.seek(at)
    if raw is handle:
        return int(head.count(b"\n"))
    return int(head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n"))  # as open() reads text


class GameReader:
    """The games of one stream, read one at a time: the handle is left just after each game
    (the next game's header line, read to see where a game ends, is put back: a stream
    that can seek goes back before it, a binary one peeks at it, and a text pipe's stays
    here).  Lines and games are numbered on from call to call; a reader made on a handle
    that is not at its start (or moved by its caller since) counts those before.

    Raises :class:`KgnSyntaxError` for a bad game; the next call reads the next game.

    >>> import io
    >>> src = io.StringIO('[Game "bura"] [Players "A" "B"] [Dealer "A"]\\n' * 2)
    >>> reader = GameReader(src)
    >>> [g.players for g in reader], reader.read_game()
    ([['A', 'B'], ['A', 'B']], None)
    """

    def __init__(self, handle: IO[str] | IO[bytes], *, file: str | None = None) -> None:
        self.handle = handle
        self.file = file if file is not None else _name_of(handle)
        self._at = _tell(handle)
        self._state = _counted(handle, self._at)

    def read_game(self) -> GameRecord | None:
        """The next game; ``None`` at the end."""
        at = _tell(self.handle)
        if at != self._at and at is not None:  # moved by its caller
            self._state = _counted(self.handle, at)
        gtext = _read_game_text(self.handle, self.file, self._state)
        self._at = _tell(self.handle)
        return None if gtext is None else parse_game(gtext)

    def __iter__(self) -> Iterator[GameRecord]:
        while (game := self.read_game()) is not None:
            yield game


def _tell(handle: Any) -> int | None:
    """The handle's position, or None where it cannot say (a pipe)."""
    try:
        return int(handle.tell()) if handle.seekable() else None
    except (OSError, ValueError, AttributeError):
        return None


def _ahead(handle: Any, after_body: bool) -> int | bool | None:
    """Before a line is read by :func:`read_game`: where it starts (a seekable stream goes
    back there if it is the next game's header), True when it is surely a header (peeked
    at, after a game's body), or None when neither can be known."""
    at = _tell(handle)
    if at is not None:
        return at
    peek = getattr(handle, "peek", None)
    if after_body and peek is not None:
        head = peek(1).lstrip(b" \t")
        return head[:1] == b"[" or None
    return None


def _counted(handle: Any, at: int | None) -> _Stream:
    """Where reading stands at ``at``: the lines and games before it, counted from the
    handle's start (a stream that cannot seek is numbered from where it stands)."""
    if not at:
        return _Stream(rewind=True)
    handle.seek(0)
    if hasattr(handle, "read1"):  # bytes: what comes before is read as a block, and split
        head, ahead = BytesIO(handle.read(at)), False
        state = _Stream(lines=[])
    else:
        head, ahead, state = handle, True, _Stream(rewind=True)
    while not ahead or (_tell(handle) or 0) < at:
        if _read_game_text(head, None, state) is None:
            break
    handle.seek(at)
    return _Stream(state.line_no, state.games, rewind=True)


@overload
def iter_games(
    handle: IO[str] | IO[bytes], *, file: str | None = ..., on_error: Literal["raise"] = ...
) -> Iterator[GameRecord]: ...
@overload
def iter_games(
    handle: IO[str] | IO[bytes], *, file: str | None = ..., on_error: Literal["yield"]
) -> Iterator[GameRecord | KgnError]: ...


def iter_games(
    handle: IO[str] | IO[bytes],
    *,
    file: str | None = None,
    on_error: Literal["raise", "yield"] = "raise",
) -> Iterator[GameRecord] | Iterator[GameRecord | KgnError]:
    """Every game of a stream.  With ``on_error="yield"`` a bad game is yielded as its
    :class:`KgnError` and reading goes on."""
    name = file if file is not None else _name_of(handle)

    def generate() -> Iterator[Any]:
        for gtext in split_games(handle, name):
            try:
                yield parse_game(gtext)
            except KgnError as exc:
                if on_error == "raise":
                    raise
                yield exc

    return generate()


def _name_of(handle: Any) -> str | None:
    name = getattr(handle, "name", None)
    return name if isinstance(name, str) else None
