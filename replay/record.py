"""``kozyr record``: enter a game at the table, one event at a time, losing nothing.

The recorder asks for each event in turn (the deal or the cards you know, then each event
of the game as its kind's ``question`` asks for it: calls, cards, draws ...), shows the
table, lists the legal choices, and refuses an illegal entry with the rule it breaks.
What you type is KGN for that event (``100``, ``pass``, ``down 6S 7D``, ``??`` for a card
you did not see).  Commands at any prompt: ``undo``, ``save PATH``, ``help``, ``quit``.

Every accepted event is written to the file at once, atomically (a temporary file, fsync,
rename), so the file is a complete, valid, canonical KGN record at every moment: closing
the terminal, Ctrl-C, a crash or SIGKILL lose nothing already accepted.  ``--resume FILE``
goes on from the file; ``undo`` takes the last event back, in the file too.
"""

from __future__ import annotations

import contextlib
import glob
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO

from rich.console import Console
from rich.text import Text

import notation
from notation.api import write_game
from notation.errors import KgnError, safe_text
from notation.i18n import N_, tr
from notation.records import GameRecord, Tag, fold_name

from .checking import replay_record
from .games import GAMES
from .render import render_view
from .solve import takes_a_choice
from .sources import cannot_read
from .table import AnyTable

__all__ = [
    "FileChanged",
    "FileLock",
    "LockedError",
    "RecordFile",
    "Recorder",
    "SessionError",
    "open_recording",
    "save_atomic",
]

COMMANDS = ("undo", "quit", "help", "save")

HELP = N_("""Commands at any prompt:
  undo                     take the last event back (in the file too)
  save PATH                go on writing the record to another file
  help                     this text
  quit                     stop; the file is saved, go on with --resume FILE
Every accepted event is saved at once.""")
"""What ``help`` says after the game's own events (its kind's ``recorder_help``)."""


def save_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old or the new file whole.

    The new text goes to a fresh temporary file beside the target (created exclusively, so a
    symlink placed there in advance is never followed), is synced, and renamed over it.  A
    ``path`` that is a symlink is kept: its target is what gets replaced."""
    target = Path(os.path.realpath(path))
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.fchmod(fd, file_mode(target))
        with open(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise
    try:
        dfd = os.open(target.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def file_mode(target: Path) -> int:
    """The permissions a rewritten file keeps: its own, or for a new file the ones the
    user's umask gives (a temporary file starts private)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def leftover_temps(path: Path) -> list[Path]:
    """Temporary files an interrupted save of ``path`` left behind."""
    target = Path(os.path.realpath(path))
    found = list(target.parent.glob(f".{glob.escape(target.name)}.*.tmp"))
    legacy = target.with_name(target.name + ".tmp")
    if legacy.is_file() and not legacy.is_symlink():
        found.append(legacy)
    return found


class FileLock:
    """An exclusive lock on a record while one writer keeps it (a second recorder, or a
    server, on the same file is refused): ``.FILE.lock`` beside it, holding the writer's
    process id.  The lock is released when the process ends, however it ends; a clean end
    removes the file, and a lock file left by a process that was killed is taken over."""

    def __init__(self, path: Path) -> None:
        target = Path(os.path.realpath(path))
        self.path = target.with_name(f".{target.name}.lock")
        self.fd: int | None = None
        self.stale: int | None = None
        """The process id a lock file taken over was left by (it no longer runs)."""

    def acquire(self) -> bool:
        import fcntl

        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                return False
            # A holder that released the lock removed its file: ours may be that one, gone.
            try:
                now = os.stat(self.path, follow_symlinks=False)
            except FileNotFoundError:
                now = None
            held = os.fstat(fd)
            if now is not None and (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino):
                break
            os.close(fd)
        left = os.read(fd, 32).decode("ascii", "replace").strip()
        self.stale = int(left) if left.isdigit() and int(left) != os.getpid() else None
        os.lseek(fd, 0, os.SEEK_SET)
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self.fd = fd
        return True

    def release(self) -> None:
        """Give the lock up and remove its file (while still holding it, so that no other
        writer can hold a lock on a file that is then removed)."""
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.path)
            os.close(self.fd)
            self.fd = None


class FileChanged(Exception):
    """The file was changed by another program since it was last saved."""


class RecordFile:
    """A record on disk kept by one writer (``kozyr record``, ``kozyr serve``): locked while
    it is written, each save atomic, and never saved over text another program put there
    since the last save (that is refused, and the record stays in memory)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = FileLock(path)
        self.saved: bytes | None = None
        """What the file held after the last save or read (None: not read yet)."""

    def take(self) -> str | None:
        """Lock the file and remove what an interrupted save left behind; a note when a lock
        left by a killed writer was taken over.  ``LockedError`` when another writer holds
        it, ``OSError`` when it cannot be locked."""
        if not self.lock.acquire():
            raise LockedError(
                tr("{path} is being recorded by another kozyr; nothing was changed").format(
                    path=self.path
                )
            )
        for tmp in leftover_temps(self.path):
            with contextlib.suppress(OSError):
                tmp.unlink()
        if self.lock.stale is not None:
            return tr(
                "the lock left on {path} by process {pid}, which no longer runs, is taken over"
            ).format(path=self.path, pid=self.lock.stale)
        return None

    def read(self) -> str:
        """The file's text (it becomes what a save compares against)."""
        data = self.path.read_bytes()
        self.saved = data
        return data.decode("utf-8")

    def changed(self) -> bool:
        """Whether another program changed the file since it was last saved or read."""
        if self.saved is None:
            return self.path.exists()
        try:
            return self.path.read_bytes() != self.saved
        except FileNotFoundError:
            return False  # removed: saving makes it again
        except OSError:
            return False  # unreadable: the save reports it

    def save(self, text: str) -> None:
        """Replace the file with ``text`` atomically; ``FileChanged`` (and nothing written)
        when another program changed it since the last save."""
        if self.changed():
            raise FileChanged(str(self.path))
        data = text.encode("utf-8")
        save_atomic(self.path, text)
        self.saved = data

    def release(self) -> None:
        self.lock.release()


class LockedError(Exception):
    """Another writer holds the file."""


class Recorder:
    """A recording session over one game record and its file.

    One live table follows the game: each accepted event is one ``push`` (and is written
    into the record with the table's ``push_into``), ``undo`` is ``pop``.  The record
    resumed from a file keeps everything it had (comments, variations); new events are
    appended to it."""

    def __init__(
        self, game: GameRecord, file: RecordFile, *, out: IO[str] | None = None, width: int = 100
    ) -> None:
        self.game = game
        self.file = file
        self.kind = GAMES[game.kind]
        self.unsaved = False
        """The last save failed (the record is only in memory since)."""
        self.changed_elsewhere = False
        """The last save found the file changed by another program (and left it alone)."""
        self.console = Console(
            file=out or sys.stdout, width=width, highlight=False, markup=False, emoji=False
        )
        # A round whose cards are all played stays open: a move may still close it.
        report, table = replay_record(game, file=str(file.path), final_close=False)
        if table is None:  # the header is wrong: nothing can be played
            errors = [d.format() for d in report.diagnostics if d.severity == "error"]
            raise SessionError("\n".join(errors), 1)
        self.report = report
        self.table: AnyTable = table
        self.declined = False
        """The last question was declined (Enter at an optional event): the next round
        is asked for."""
        # A resumed record stops where the play was: the draws its known stock gives after
        # its last trick follow, as they did when it was recorded.
        self._follow()
        self.history: list[tuple[str, int, bool]] = [(write_game(game), self._moves(), False)]
        """Per accepted event: the record's text, the table's move count, ``declined``."""
        self.current_words: list[str] = []
        """What the current prompt takes, for completion (Tab)."""

    @property
    def path(self) -> Path:
        return self.file.path

    def _moves(self) -> int:
        return self.table.move_count

    # -- the file ------------------------------------------------------------------------

    def save(self) -> None:
        """Save the record; a failed save keeps the session (and every event) alive, and a
        file another program changed is not saved over."""
        try:
            self.file.save(write_game(self.game))
        except FileChanged:
            self.unsaved = self.changed_elsewhere = True
            self.say(self.changed_text(), "bold red")
        except OSError as exc:
            self.unsaved = True
            self.say(
                tr(
                    "could not save {path}: {why}. Nothing is lost: the record is kept here and "
                    "saved again after the next event; type 'save PATH' to save it elsewhere."
                ).format(path=self.path, why=exc.strerror or exc),
                "bold red",
            )
        else:
            self.unsaved = self.changed_elsewhere = False

    def changed_text(self) -> str:
        """What is said when another program changed the file since it was saved."""
        return tr(
            "{path} was changed by another program since kozyr last saved it: nothing was "
            "written over it. Nothing is lost: the record is kept here; type 'save PATH' to "
            "save it to a new file, then compare the two."
        ).format(path=self.path)

    def save_as(self, answer: str) -> None:
        """``save PATH``: go on writing the record to another file (a new one: a file that
        holds something is not written over)."""
        target = answer.split(" ", 1)[1].strip() if " " in answer else ""
        if not target:
            self.say(tr("save PATH: the file to write the record to"))
            return
        new = RecordFile(Path(target))
        try:
            new.take()
        except LockedError as exc:
            self.say(str(exc), "bold red")
            return
        except OSError as exc:
            self.say(tr("cannot write {path}: {why}").format(path=new.path, why=exc.strerror or exc), "bold red")
            return
        if new.changed():
            new.release()
            self.say(tr("{path} exists; give a new file's name").format(path=new.path), "bold red")
            return
        old, self.file = self.file, new
        self.save()
        if self.unsaved:
            self.file = old
            new.release()
            return
        old.release()
        self.say(tr("saved to {path}; the record goes on there").format(path=new.path))

    # -- events ----------------------------------------------------------------------------

    def play(self, text: str) -> KgnError | None:
        """One KGN event typed at the table: pushed and written, or the reason it is not."""
        table = self.table
        try:
            move = table.parse_move(text)
            # A move that would have followed by itself was asked for because a player had
            # another (a claim before the draw): the record says it was made.
            self._push(move, written=move == table.automatic_move())
        except KgnError as exc:
            exc.file = str(self.path)
            if exc.legal is not None:  # every choice the prompt offered, not the cards alone
                exc.legal = self.kind.question(table, self.declined).legal or exc.legal
            return exc
        self._follow()
        self.declined = False
        self._finish()
        return None

    def _follow(self) -> None:
        """Play what follows by itself (a card drawn from a stock whose order is known),
        unless it would take away a move a player may make now (a claim before the draw):
        that is asked for."""
        table = self.table
        while (auto := table.automatic_move()) is not None and not takes_a_choice(table, auto):
            self._push(auto)

    def _push(self, move: object, *, written: bool = False) -> None:
        self.table.push_into(self.game, move, written=written)

    def decline(self) -> None:
        """An optional event was declined (Enter): the next question is the next round."""
        self.declined = True
        self.history.append((self.history[-1][0], self._moves(), True))

    def _finish(self) -> None:
        outcome = self.table.outcome()
        if outcome is not None and outcome.result:
            tag = next((t for t in self.game.tags if t.name == "Result"), None)
            if tag is None:
                self.game.tags.append(Tag(name="Result", values=[outcome.result]))
            else:
                tag.values = [outcome.result]
        self.history.append((write_game(self.game), self._moves(), False))
        self.save()

    def undo(self) -> bool:
        """Take the last event back: the table pops it, the file goes back too."""
        if len(self.history) <= 1:
            return False
        self.history.pop()
        text, moves, declined = self.history[-1]
        while self._moves() > moves:
            self.table.pop()
        self.declined = declined
        self.game = notation.loads(text)
        self.save()
        return True

    # -- the session ----------------------------------------------------------------------------

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(Text(safe_text(text), style=style or ""))

    def show(self) -> None:
        if self.table is not None:
            self.console.print(render_view(self.table.view()))

    def over(self) -> str | None:
        """How the game ended (None while it goes on, or the record cannot go on)."""
        if self.table is None:
            return tr("the record cannot be replayed")
        outcome = self.table.outcome()
        if outcome is None and self.report.complete:
            return None
        if outcome is None:
            return tr("the record stops at an illegal move")
        return outcome.result or tr("no result")

    def run(self, read: Callable[[str], str | None]) -> int:
        """Ask, check and record until the game ends or input ends; 0 when done."""
        self.show()
        shown_legal = False  # a refusal listed the legal choices already
        while True:
            ended = self.over()
            if ended is not None:
                self.say(tr("the game is over: {result}").format(result=ended), "bold")
                return 0
            q = self.kind.question(self.table, self.declined)
            self.current_words = [*q.words, *COMMANDS]
            if q.legal and not shown_legal:
                self.say(tr("legal:") + " " + ", ".join(q.legal), "dim")
            shown_legal = False
            answer = read(q.prompt)
            if answer is None:
                self.say(tr("input ended; the record so far is saved"))
                return 0
            answer = answer.strip()
            word = answer.split(" ", 1)[0].lower() if answer else ""
            if word == "quit":
                self.say(tr("saved; resume with: kozyr record --resume {path}").format(path=self.path))
                return 0
            if word == "help":
                self.say(tr(self.kind.recorder_help) + "\n" + tr(HELP))
                continue
            if word == "save":
                self.save_as(answer)
                continue
            if word == "undo":
                self.say(tr("taken back") if self.undo() else tr("nothing to take back"))
                self.show()
                continue
            event = q.event_for(answer)
            if event is None:
                self.decline()
                continue
            err = self.play(event)
            if err is not None:
                self.say(tr("refused: [{code}] {message}").format(code=err.label, message=err.message), "bold red")
                if err.legal:
                    self.say(tr("legal:") + " " + ", ".join(err.legal), "dim")
                    shown_legal = True
                continue
            self.show()


def new_game(kind: str, players: list[str], dealer: str, rules: str, ante: int | None) -> GameRecord:
    """The header of a new record: the game, players, dealer, rules (and the ante of a game
    played for a pot)."""
    tags = [
        Tag(name="Game", values=[kind]),
        Tag(name="Players", values=players),
        Tag(name="Dealer", values=[dealer]),
        Tag(name="Rules", values=[rules]),
    ]
    if ante is not None:
        tags.append(Tag(name="Ante", values=[str(ante)]))
    return GAMES[kind].notation.record(kind=kind, tags=tags)


class SessionError(Exception):
    """A recording that cannot start: what is wrong, and the exit code (2: the options or
    the file; 1: the record in the file is invalid); ``exists``: the file a new record would
    have overwritten (the caller says how to go on with it)."""

    def __init__(self, text: str, code: int = 2, *, exists: Path | None = None) -> None:
        super().__init__(text)
        self.text = text
        self.code = code
        self.exists = exists


def open_recording(
    *,
    game: str | None,
    players: str | None,
    dealer: str | None,
    rules: str,
    ante: int | None,
    output: Path | None,
    resume: Path | None,
    session: type[Recorder] = Recorder,
) -> tuple[Recorder, list[str]]:
    """A recorder over a new record (``game``, ``players`` as ``A,B,C``, the first
    ``dealer``, ``rules``, the ``ante`` of a game played for a pot) written to ``output``, or over the record in
    ``resume``; and notes for the user (a stale lock taken over).  Everything the options
    say is checked before the file is locked, so a refused start leaves nothing behind;
    ``SessionError`` says why.  ``session``: the class of the recorder (``kozyr serve``'s
    says what the terminal's prints to its page)."""
    record_game: GameRecord | None = None
    if resume is not None:
        if game is not None or players is not None or output is not None:
            raise SessionError(tr("a record resumed takes its game, players and file from the file"))
        if not resume.is_file():
            what = tr("a folder, not a file") if resume.is_dir() else tr("no such file")
            raise SessionError(cannot_read(resume, what))
        path = resume
    else:
        if game is None or game not in GAMES or not players or not dealer or output is None:
            raise SessionError(tr("a new record needs its game, its players, the first dealer and a file"))
        record_game = _new_record(game, players, dealer, rules, ante)
        if output.exists():
            raise SessionError(tr("{path} exists").format(path=output), exists=output)
        path = output
    # One writer per file: a second one would lose the first one's events.
    file = RecordFile(path)
    try:
        note = file.take()
    except LockedError as exc:
        raise SessionError(str(exc)) from None
    except OSError as exc:
        raise SessionError(tr("cannot write {path}: {x}").format(path=path, x=exc.strerror or exc)) from None
    try:
        recorder = _open_on(file, record_game, session)
    except BaseException:
        file.release()
        raise
    return recorder, [note] if note is not None else []


def _new_record(game: str, players: str, dealer: str, rules: str, ante: int | None) -> GameRecord:
    """The header of a new record of ``game`` as the recorder's options give it, checked
    (``SessionError`` says what is wrong)."""
    from .checking import check as check_record
    from .rules import did_you_mean

    if ante is not None and not GAMES[game].pot:
        raise SessionError(tr("{title} is not played for a pot: it has no ante").format(title=GAMES[game].title))
    names = [p.strip() for p in players.split(",") if p.strip()]
    first = next((n for n in names if fold_name(n) == fold_name(dealer)), None)
    if first is None:
        raise SessionError(
            tr("the dealer {name!r} is not one of the players ({players})").format(
                name=dealer, players=", ".join(names)
            )
            + did_you_mean(dealer, names)
        )
    try:
        GAMES[game].rulebook.parse(rules)
    except KgnError as exc:
        raise SessionError(exc.message) from None
    record_game = new_game(game, names, first, rules, ante)
    header = [d for d in check_record(record_game).diagnostics if d.severity == "error"]
    if header:
        raise SessionError("; ".join(d.message for d in header))
    return record_game


def _open_on(file: RecordFile, record_game: GameRecord | None, session: type[Recorder]) -> Recorder:
    """A recorder over the locked ``file``: over ``record_game`` (a new record, written
    to it), or over the record the file holds (None)."""
    path = file.path
    if record_game is None:
        try:
            text = file.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise SessionError(cannot_read(path, exc)) from None
        try:
            record_game = notation.loads(text, file=str(path))
        except KgnError as exc:
            raise SessionError(exc.format(), 1) from None
    elif path.exists():  # made since the options were checked
        raise SessionError(tr("{path} exists").format(path=path), exists=path)
    recorder = session(record_game, file)
    errors = [d for d in recorder.report.diagnostics if d.severity == "error"]
    if errors:
        raise SessionError("\n".join(d.format() for d in errors), 1)
    try:
        file.save(write_game(recorder.game))
    except FileChanged:
        raise SessionError(tr("{path} changed while it was opened; try again").format(path=path)) from None
    except OSError as exc:
        raise SessionError(tr("cannot write {path}: {x}").format(path=path, x=exc.strerror or exc)) from None
    return recorder
