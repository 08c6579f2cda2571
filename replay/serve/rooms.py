"""The games a server keeps: one room per record file of its folder.

A room holds the file through the same :class:`replay.record.Recorder` as ``kozyr record``
(one writer per file, the same lock, each accepted event saved atomically), so the file is a
valid record at every moment and a server killed and started again goes on where it was.
Every change gets a new version (``BOOT-N``: a version of an earlier run of the server is
never taken for one of this run); an entry made on an older version than the room's is
refused and the client is shown the new state, so of two phones entering at once one is
taken and the other is told.

Nothing here knows a game: the prompts, the choices and the score-sheet form come from the
game's kind (its recorder ``question``) and its table (``legal_moves`` written by
``format_move``).
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import stat
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import notation
from notation.errors import KgnError, safe_text
from notation.i18n import current, tr
from notation.write import seat_text

from ..games import GAMES
from ..model import Question
from ..page import page_data, page_title
from ..record import Recorder, open_recording
from ..steps import replay_steps

__all__ = ["BadName", "Conflict", "Games", "Refused", "Room", "check_name", "private"]

NAME = re.compile(r"[^\W_][\w .,()+-]{0,79}\.kgn")
"""A game's file name: letters or digits first, then letters, digits, blanks and
``_ . , ( ) + -``, ending in ``.kgn``; no folder, no leading dot."""

MAX_OPEN = 32
"""The most games kept open at once: each holds its file's lock (a descriptor), so the
least recently used one without watchers is given up (and opened again when asked for)."""

MAX_CHOICES = 64
"""More legal moves than this are not shown as buttons one each: where they are made of
parts (``give Boris 9S, Vera JS``) the page offers them part by part (:func:`stages`)."""
MAX_STAGED = 4096
"""The most legal moves offered part by part; beyond, the composer takes them."""


def stages(events: list[str]) -> dict[str, object] | None:
    """Many legal moves that share their first word and list parts after it, comma by comma
    (Thousand's gives: ``give Boris 9S, Vera JS``), as the page offers them: a button for
    each first part, then for each part that can follow (None when they are not of that
    shape, or a step would have more than ``MAX_CHOICES`` buttons).

    >>> stages(["give Boris 9S, Vera JS", "give Boris 9S, Vera TS", "give Boris TS, Vera JS"])
    {'head': 'give', 'events': ['give Boris 9S, Vera JS', 'give Boris 9S, Vera TS', 'give Boris TS, Vera JS']}
    >>> stages(["Anna AS", "Anna KS"]) is None
    True
    """
    heads = {e.split(" ", 1)[0] for e in events}
    if len(heads) != 1:
        return None
    head = heads.pop()
    parts = [e[len(head) + 1 :].split(", ") for e in events]
    if any(len(p) < 2 for p in parts) or len({len(p) for p in parts}) != 1:
        return None
    for k in range(len(parts[0])):  # no step offers more buttons than the page shows at once
        seen: dict[tuple[str, ...], set[str]] = {}
        for p in parts:
            seen.setdefault(tuple(p[:k]), set()).add(p[k])
        if max(len(v) for v in seen.values()) > MAX_CHOICES:
            return None
    return {"head": safe_text(head), "events": [safe_text(e) for e in events]}


class BadName(Exception):
    """A name that is not a game of the folder (or cannot be one)."""


class Refused(Exception):
    """An entry the room does not take: the message (and the legal choices) for the page."""

    def __init__(self, message: str, legal: list[str] | None = None, status: int = 422) -> None:
        super().__init__(message)
        self.message = message
        self.legal = legal
        self.status = status


class Conflict(Exception):
    """An entry made on a version the room has moved on from."""


def check_name(folder: Path, name: str, *, new: bool = False) -> Path:
    """The file of game ``name`` in ``folder``: a plain name (no folder, no ``..``, no
    leading dot), a regular file right in the folder and not a link (``new``: no file of
    that name yet).  ``BadName`` otherwise."""
    if not NAME.fullmatch(name) or ".." in name:
        raise BadName(tr("not a game's name: {name!r}").format(name=name))
    path = folder / name
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        if new:
            return path
        raise BadName(tr("no game {name!r}").format(name=name)) from None
    except OSError:
        raise BadName(tr("no game {name!r}").format(name=name)) from None
    if new:
        raise BadName(tr("{name} exists already").format(name=name))
    if not stat.S_ISREG(info.st_mode) or os.path.realpath(path) != str(folder.resolve() / name):
        raise BadName(tr("no game {name!r}").format(name=name))
    return path


def private(text: str, folder: Path) -> str:
    """``text`` without the server's folder: a link holder sees a game's file name only."""
    where = str(folder)
    return text.replace(where + os.sep, "").replace(where, tr("the folder"))


def phone_prompt(prompt: str) -> str:
    """The recorder's prompt as the phone shows it: without the hint on typing KGN (the
    buttons say what may be entered).

    >>> phone_prompt("hand 1 deal (KGN deal, or Enter if unknown)> ")
    'hand 1 deal'
    >>> phone_prompt("trick 2: Anna leads> ")
    'trick 2: Anna leads'
    """
    text = prompt.rstrip().rstrip(">").rstrip()
    return re.sub(r"\s*\([^()]*\)$", "", text) or text


def round_summary(text: str) -> str:
    """The last round of a record's canonical text, as far as it says how that round
    ended: its first line and its points, score and totals lines.

    >>> round_summary("hand 1\\n  deal ...\\n  1. Anna AS\\n  score Anna +120, Boris 0\\n  totals Anna 120, Boris 0\\n")
    'hand 1\\nscore Anna +120, Boris 0\\ntotals Anna 120, Boris 0'
    """
    lines = text.rstrip("\n").split("\n")
    start = max((i for i, line in enumerate(lines) if line and not line[0].isspace() and not line.startswith(("[", "{"))), default=0)
    said = [line.strip() for line in lines[start + 1 :] if line.strip().startswith(("points ", "score ", "totals "))]
    return "\n".join([lines[start].split("{")[0].strip(), *said]) if said else ""


class ServedRecorder(Recorder):
    """The recorder of a served game: what the terminal's recorder prints is kept for the
    page instead."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("out", io.StringIO())
        super().__init__(*args, **kwargs)
        self.messages: list[str] = []

    def say(self, text: str, style: str | None = None) -> None:
        self.messages.append(safe_text(private(text, self.path.parent)))

    def changed_text(self) -> str:
        return (
            tr(
                "{name} was changed by another program while it was recorded here: nothing was "
                "written over it, and nothing entered here is lost. Save this game under a new "
                "name to go on recording it."
            ).format(name=self.path.name)
        )

    def show(self) -> None:
        pass


def label_of(event: str, name: str | None) -> str:
    """A button's label: the event without the name of the player it is for where the
    rest says what it is (``Boris KH`` → ``KH``, ``bid Boris 110`` → ``bid 110``; ``open
    Boris`` stays).

    >>> label_of("bid Boris 110", "Boris"), label_of("Anna KH marriage", "Anna")
    ('bid 110', 'KH marriage')
    >>> label_of("open Boris", "Boris"), label_of("bid Vera pass", "Vera")
    ('open Boris', 'pass')
    """
    if name is None:
        return event
    if event == f"bid {seat_text(name)} pass":
        return "pass"
    words = event.split(" ")
    who = seat_text(name)
    if words[0] == who and len(words) > 1:
        return " ".join(words[1:])
    if len(words) > 2 and words[1] == who:
        return " ".join(words[:1] + words[2:])
    return event


@dataclass
class Room:
    """One game's file, held while the server runs."""

    name: str
    recorder: ServedRecorder
    boot: str
    number: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[asyncio.Queue[str | None]] = field(default_factory=set)
    views: dict[tuple[str, str | None, str], bytes] = field(default_factory=dict)
    """The live page's data built so far: by version, seat and language."""
    guard: threading.Lock = field(default_factory=threading.Lock)
    """Held while the game changes or its text is read by a thread building a view."""
    building: threading.Lock = field(default_factory=threading.Lock)
    """Held while a view is built: watchers asking at once wait for the one build."""
    ended: str = ""
    """How the round the last entry finished ended (its score lines), shown until the
    next entry."""
    used: float = 0.0
    """When the room was last asked for (the least recently used one is closed first)."""
    closed: bool = False
    """Given up to keep the open files bounded: the game is opened again when asked for."""

    @property
    def version(self) -> str:
        return f"{self.boot}-{self.number}"

    @property
    def kind(self) -> str:
        return self.recorder.game.kind

    def text(self) -> str:
        """The record's canonical text now (what the file holds)."""
        return self.recorder.history[-1][0]

    # -- what the recording page shows -----------------------------------------------------

    def question(self) -> Question | None:
        rec = self.recorder
        if rec.over() is not None:
            return None
        return rec.kind.question(rec.table, rec.declined)

    def state(self) -> dict[str, object]:
        """Everything the recording page shows: the prompt, the buttons for the legal
        moves, the answer Enter gives, the words an answer may hold, the score-sheet form,
        the record's text and how the game stands."""
        rec = self.recorder
        table = rec.table
        q = self.question()
        out: dict[str, object] = {
            "version": self.version,
            "name": safe_text(self.name),
            "game": self.kind,
            "title": tr(GAMES[self.kind].title),
            "players": [safe_text(p) for p in rec.game.players],
            "over": None if q is not None else safe_text(rec.over() or ""),
            "text": safe_text(self.text()),
            "unsaved": rec.unsaved,
            "changed": rec.changed_elsewhere,
            "messages": rec.messages[-3:],
            "ended": self.ended,
            "can_undo": len(rec.history) > 1,
        }
        if q is None:
            return out
        mover = table.to_move
        name = None if mover is None else table.players[mover]
        choices: list[dict[str, str]] = []
        staged: dict[str, object] | None = None
        if mover is not None:
            moves = table.legal_moves()
            if MAX_CHOICES < len(moves) <= MAX_STAGED:
                staged = stages([table.format_move(m) for m in moves])
            if len(moves) <= MAX_CHOICES:
                for m in moves:
                    event = table.format_move(m)
                    choice = {"label": safe_text(label_of(event, name)), "event": safe_text(event)}
                    warning = table.move_warning(m)
                    if warning:
                        choice["note"] = warning
                    choices.append(choice)
                choices.sort(key=lambda c: "note" in c)  # a move that loses comes last
        enter = self._enter_button(q)
        if enter is not None:  # the move Enter plays is its own button
            choices = [c for c in choices if c["event"] != enter["label"]]
        out.update(
            prompt=safe_text(phone_prompt(q.prompt)),
            choices=choices,
            enter=enter,
            staged=staged,
            words=[safe_text(w) for w in q.words],
            legal=[safe_text(w) for w in q.legal],
            tally=None
            if q.tally is None
            else {"word": q.tally[0], "names": [safe_text(n) for n in q.tally[1]]},
        )
        return out

    def _enter_button(self, q: Question) -> dict[str, str] | None:
        """What an empty answer does here: an event the table takes (a deal or card not
        seen, the contract at the bid ...), a decline (nobody claims), or nothing."""
        event = q.event_for("")
        if event is None:
            return {"label": tr("no (go on)"), "event": ""}
        table = self.recorder.table
        try:
            ok = table.is_legal(table.parse_move(event))
        except KgnError:
            ok = False
        if not ok:
            return None
        mover = table.to_move
        label = tr("not seen") if "??" in event else label_of(event, None if mover is None else table.players[mover])
        return {"label": safe_text(label), "event": ""}

    # -- entries -----------------------------------------------------------------------------

    def enter(self, version: str, entry: dict[str, object]) -> None:
        """Take one entry made on ``version`` (the caller holds ``lock``): ``answer`` (what
        the recorder's prompt takes: an event, or ``""`` for Enter), ``event`` (one KGN event
        as it is: a button's move), ``tally`` (the numbers
        of the score-sheet form), or ``undo``.  ``Conflict`` when the room moved on;
        ``Refused`` with the recorder's diagnostic when the entry is not taken."""
        if version != self.version:
            raise Conflict(version)
        rec = self.recorder
        rec.messages.clear()
        rounds = len(rec.table.results)
        try:
            self._enter(entry)
        finally:
            finished = len(rec.table.results) > rounds and rec.over() is None
            self.ended = round_summary(self.text()) if finished else ""

    def _enter(self, entry: dict[str, object]) -> None:
        rec = self.recorder
        with self.guard:
            if entry.get("undo") is True:
                if not rec.undo():
                    raise Refused(tr("nothing to take back"))
                self._changed()
                return
            if rec.changed_elsewhere:
                raise Refused(rec.changed_text(), status=409)
            q = self.question()
            if q is None:
                raise Refused(tr("the game is over: {result}").format(result=rec.over()))
            tally = entry.get("tally")
            if tally is not None:
                if q.tally is None:
                    raise Refused(tr("no score can be entered here"))
                if (
                    not isinstance(tally, list)
                    or len(tally) != len(q.tally[1])
                    or not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**6 for v in tally)
                ):
                    raise Refused(tr("a whole number for each of {players}").format(players=", ".join(q.tally[1])))
                event: str | None = q.tallied(tally)
            elif isinstance(entry.get("event"), str):  # a button's move: KGN as it is
                event = str(entry["event"]).strip()
                if not event:
                    raise Refused(tr("an empty event"), status=400)
            else:
                answer = entry.get("answer")
                if not isinstance(answer, str):
                    raise Refused(tr("an entry is an event, an answer, a tally or undo"), status=400)
                event = q.event_for(answer.strip())
            if event is None:
                rec.decline()
            else:
                err = rec.play(event)
                if err is not None:
                    raise Refused(tr("refused: [{label}] {message}").format(label=err.label, message=err.message), err.legal)
            self._changed()

    def save_as(self, path: Path) -> None:
        """Go on writing the game to ``path``, a new file of the folder (the caller holds
        ``lock``): what the phone does when another program changed the game's file.
        ``Refused`` when it cannot be written."""
        rec = self.recorder
        with self.guard:
            rec.messages.clear()
            rec.save_as(f"save {path}")
            if rec.path != path:
                raise Refused(" ".join(rec.messages) or tr("cannot save as {name}").format(name=path.name))
            self.name = path.name
            self._changed()

    def _changed(self) -> None:
        self.number += 1
        self.views.clear()

    def notify(self) -> None:
        """Tell every watcher of the room its new version."""
        for queue in list(self.listeners):
            if queue.full():
                queue.get_nowait()  # a watcher only needs the newest version
            queue.put_nowait(self.version)

    # -- what a watcher sees -----------------------------------------------------------------

    def view(self, seat: str | None) -> bytes:
        """The data of the live replay page (as ``kozyr html`` writes it, for ``seat``
        or for every card), as JSON: each version is built once per seat.  It names where
        the page asks for news (the page adds its own link's key: the data holds none).
        Its words are the request's language: a Russian watcher and an English one of the
        same seat get each their own."""
        lang = current()
        with self.building:
            with self.guard:
                version, text = self.version, self.text()
                cached = self.views.get((version, seat, lang))
            if cached is not None:
                return cached
            return self._build(version, text, seat)

    def _build(self, version: str, text: str, seat: str | None) -> bytes:
        record = notation.loads(text, file=self.name)
        steps, report, table = replay_steps(record, file=self.name, live=True)
        data = page_data(record, steps, report, table, title=page_title(record, self.name), seat=seat)
        data["start"] = max(len(steps) - 1, 0)
        base = "/api/" + quote(self.name)
        data["live"] = {"events": base + "/events", "data": base + "/data", "version": version}
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        with self.guard:
            if self.version == version:
                self.views[(version, seat, current())] = body
        return body


class Games:
    """The folder of games a server keeps, and the rooms of those opened so far."""

    def __init__(self, folder: Path, boot: str) -> None:
        self.folder = folder
        self.boot = boot
        self.rooms: dict[str, Room] = {}
        self.opening = asyncio.Lock()
        self.stopping = False
        """The server is stopping: streams end, new ones end at once."""
        self.loop: asyncio.AbstractEventLoop | None = None

    def listing(self) -> list[dict[str, str]]:
        """Each game file of the folder: its name, game, players and how it stands."""
        out = []
        for path in sorted(self.folder.glob("*.kgn")):
            try:
                check_name(self.folder, path.name)
            except BadName:
                continue
            room = self.rooms.get(path.name)
            if room is not None:
                rec = room.recorder
                kind, players, state = rec.game.kind, ", ".join(rec.game.players), rec.over() or tr("going on")
            else:
                kind, players, state = _peek(path)
            out.append({"name": path.name, "game": kind, "players": players, "state": state})
        return out

    async def room(self, name: str) -> Room:
        """The room of game ``name``, opened (and its file locked) on first use."""
        room = self.rooms.get(name)
        if room is None:
            async with self.opening:
                room = self.rooms.get(name)
                if room is None:
                    path = check_name(self.folder, name)
                    self._make_room()
                    recorder = await asyncio.to_thread(self._open, path, None)
                    room = self.rooms[name] = Room(name, recorder, self.boot)
        room.used = time.monotonic()
        return room

    def _make_room(self) -> None:
        """Close the least recently used games nobody watches or enters into while
        ``MAX_OPEN`` are open."""
        idle = sorted(
            (r for r in self.rooms.values() if not r.listeners and not r.lock.locked()),
            key=lambda r: r.used,
        )
        while len(self.rooms) >= MAX_OPEN and idle:
            room = idle.pop(0)
            room.closed = True
            room.recorder.file.release()
            del self.rooms[room.name]

    async def create(self, name: str, game: str, players: str, dealer: str, rules: str, ante: int | None) -> Room:
        """A new game: the same checks as ``kozyr record GAME --players ... -o NAME``."""
        async with self.opening:
            path = check_name(self.folder, name, new=True)
            self._make_room()
            options = {"game": game, "players": players, "dealer": dealer, "rules": rules, "ante": ante}
            recorder = await asyncio.to_thread(self._open, path, options)
            room = self.rooms[name] = Room(name, recorder, self.boot)
        return room

    @staticmethod
    def _open(path: Path, options: dict[str, Any] | None) -> ServedRecorder:
        if options is None:
            rec, _ = open_recording(
                game=None, players=None, dealer=None, rules="classic", ante=None,
                output=None, resume=path, session=ServedRecorder,
            )  # fmt: skip
        else:
            rec, _ = open_recording(**options, output=path, resume=None, session=ServedRecorder)
        assert isinstance(rec, ServedRecorder)
        return rec

    async def save_as(self, room: Room, name: str) -> None:
        """Save ``room``'s game under ``name``, a new file, and keep the room under that
        name (``BadName``, ``Refused``)."""
        async with self.opening:
            path = check_name(self.folder, name, new=True)
            old = room.name
            await asyncio.to_thread(room.save_as, path)
            self.rooms.pop(old, None)
            self.rooms[room.name] = room

    def stop_streams(self) -> None:
        """End every watcher's stream (the server is stopping): each gets ``None``."""
        self.stopping = True
        for room in self.rooms.values():
            for queue in list(room.listeners):
                if queue.full():
                    queue.get_nowait()
                queue.put_nowait(None)

    def close(self) -> None:
        """Give every file up (their locks go)."""
        for room in self.rooms.values():
            room.recorder.file.release()
        self.rooms.clear()


def _peek(path: Path) -> tuple[str, str, str]:
    """The game, players and state of a file not opened yet (read, not locked)."""
    try:
        if path.stat().st_size > 4 * 1024 * 1024:
            return "?", "", tr("too large to list")
        record = notation.loads(path.read_text(encoding="utf-8"), file=path.name)
    except (OSError, UnicodeDecodeError, KgnError):
        return "?", "", tr("not a valid record")
    result = record.tag("Result")
    ended = result and result.strip() != "*"
    return record.kind, ", ".join(record.players), tr("ended: {result}").format(result=result) if ended else tr("not ended")

