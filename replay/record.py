"""``kozyr record``: enter a game at the table, one event at a time, losing nothing.

The recorder asks for each event in turn (the deal or the cards you know, each call, the
talon, the gives, each card of each trick; in Bura the leads, answers, draws and claims),
shows the table, lists the legal choices, and refuses an illegal entry with the rule it
breaks.  What you type is KGN for that event (``100``, ``pass``, ``KH marriage``,
``down 6S 7D``, ``??`` for a card you did not see).  Commands at any prompt: ``undo``,
``open NAME [N]``, ``show NAME COMBO CARDS``, ``fault NAME KIND``, ``help``, ``quit``.

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
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.text import Text

import notation
from notation.cards import card_code
from notation.errors import KgnError, safe_text
from notation.records import (
    AnyGame,
    BuraDeal,
    BuraGame,
    BuraTrick,
    Draw,
    Hand,
    Tag,
    ThousandGame,
    Trick,
)
from notation.write import seat_text, write_game

from . import bura as bu
from . import thousand as th
from .check import Report, replay_record
from .render import render_view
from .steps import view_of

__all__ = ["Recorder", "save_atomic"]

COMMANDS = ("undo", "quit", "help", "save", "open", "show", "fault")

HELP = """Type the event the prompt asks for, in KGN:
  a deal        Anna: AS TS KH ... / Boris: ... / talon: TH 9C JS   (Enter if unknown)
  a call        100, 105 ... or pass
  the talon     Enter for the cards as dealt, or the three cards
  the gives     Boris 9S, Vera JS    (or concede, where the rules allow it)
  the contract  Enter for the bid, or a higher value
  a card        KH, or KH marriage
  Bura          a deal: Anna: TH 6H 9C / Boris: ... / trump: KH; a lead or an
                answer: TH 6H, down 6S 7D; a draw: the card, or Enter if unseen
  ??            a card you did not see
Commands at any prompt:
  undo                     take the last event back (in the file too)
  open NAME [N] [win|fail] a Bura claim
  show NAME COMBO CARDS    a Bura combination (bura, molodka, moskva, ...)
  fault NAME KIND          a Bura fault (out-of-turn, double-draw)
  save PATH                go on writing the record to another file
  help                     this text
  quit                     stop; the file is saved, go on with --resume FILE
Every accepted event is saved at once."""


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
    """An exclusive lock on a record while one recorder writes it (a second recorder on
    the same file is refused).  The lock is released when the process ends, however it
    ends."""

    def __init__(self, path: Path) -> None:
        target = Path(os.path.realpath(path))
        self.path = target.with_name(f".{target.name}.lock")
        self.fd: int | None = None

    def acquire(self) -> bool:
        import fcntl

        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self.fd = fd
        return True

    def release(self) -> None:
        # The lock file stays: removing it could let two recorders lock two different files.
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


@dataclass
class _State:
    report: Report
    table: Any


class Recorder:
    """A recording session over one game record and its file."""

    def __init__(
        self, game: AnyGame, path: Path, *, out: IO[str] | None = None, width: int = 100
    ) -> None:
        self.game = game
        self.path = path
        self.unsaved = False
        """The last save failed (the record is only in memory since)."""
        self.lock: FileLock | None = None
        self.console = Console(
            file=out or sys.stdout, width=width, highlight=False, markup=False, emoji=False
        )
        self.history: list[str] = [write_game(game)]
        self.current_legal: list[str] = []
        """The legal choices at the current prompt (for completion)."""
        self.state = self.replay(game)

    # -- replay and file ----------------------------------------------------------------------

    def replay(self, game: AnyGame) -> _State:
        # A Bura deal whose cards are all played stays open: its taker may still claim.
        report, table = replay_record(game, file=str(self.path), final_close=False)
        return _State(report, table)

    def save(self) -> None:
        """Save the record; a failed save keeps the session (and every event) alive."""
        try:
            save_atomic(self.path, write_game(self.game))
        except OSError as exc:
            self.unsaved = True
            self.say(
                f"could not save {self.path}: {exc.strerror or exc}. Nothing is lost: the "
                "record is kept here and saved again after the next event; type "
                "'save PATH' to save it elsewhere.",
                "bold red",
            )
        else:
            self.unsaved = False

    def save_as(self, answer: str) -> None:
        """``save PATH``: go on writing the record to another file."""
        target = answer.split(" ", 1)[1].strip() if " " in answer else ""
        if not target:
            self.say("save PATH: the file to write the record to")
            return
        new = Path(target)
        lock = FileLock(new)
        try:
            locked = lock.acquire()
        except OSError as exc:
            self.say(f"cannot write {new}: {exc.strerror or exc}", "bold red")
            return
        if not locked:
            self.say(f"{new} is being recorded by another kozyr record", "bold red")
            return
        old_lock, self.lock, self.path = self.lock, lock, new
        if old_lock is not None:
            old_lock.release()
        self.save()
        if not self.unsaved:
            self.say(f"saved to {new}; the record goes on there")

    def try_change(self, change: Callable[[AnyGame], Any]) -> KgnError | None:
        """Apply ``change`` to a copy of the record; keep it when the record stays valid."""
        candidate = self.game.model_copy(deep=True)
        change(candidate)
        state = self.replay(candidate)
        errors = [d for d in state.report.diagnostics if d.severity == "error"]
        if errors:
            return errors[0]
        self.game, self.state = candidate, state
        self._fill_facts()
        self.history.append(write_game(self.game))
        self.save()
        return None

    def undo(self) -> bool:
        if len(self.history) <= 1:
            return False
        self.history.pop()
        self.game = notation.loads(self.history[-1])
        self.state = self.replay(self.game)
        self.save()
        return True

    # -- parsing what is typed ----------------------------------------------------------------

    def header(self) -> str:
        return "".join(
            f"[{t.name} " + " ".join(f'"{v}"' for v in t.values) + "]\n" for t in self.game.tags[:4]
        )

    def parse(self, body: str) -> AnyGame:
        """A snippet of KGN in this game's header (raises KgnSyntaxError)."""
        head = self.header().replace("\\", "\\\\")
        return notation.loads(head + "\n" + body)

    # -- facts the engine computes ----------------------------------------------------------

    def _fill_facts(self) -> None:
        from .annotate import annotate

        annotated, report = annotate(self.game)
        if isinstance(annotated, BuraGame) and report.hands and report.hands[-1].end == "void":
            t = self.state.table
            if t is not None and t.deal is not None and t.deal.phase == "end":
                return  # the deal's last trick: its taker may still claim
        if report.ok:
            if isinstance(annotated, ThousandGame):
                for hand in annotated.hands:
                    for st in hand.stated:
                        st.notes = []
                    for trick in hand.tricks:
                        for p in trick.plays:
                            p.notes = [
                                n for n in p.notes if not isinstance(n, notation.records.Comment)
                            ]
            self.game = annotated
            self.state = self.replay(self.game)

    # -- the session ----------------------------------------------------------------------------

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(Text(safe_text(text), style=style or ""))

    def show(self) -> None:
        table = self.state.table
        if table is not None:
            self.console.print(render_view(view_of(table)))

    def run(self, read: Callable[[str], str | None]) -> int:
        """Ask, check and record until the game ends or input ends; 0 when done."""
        self.show()
        shown_legal = False  # a refusal listed the legal choices already
        while True:
            prompt, handler, legal = self.next_question()
            if handler is None:
                self.say(f"the game is over: {self.state.report.result}", "bold")
                return 0
            self.current_legal = legal
            if legal and not shown_legal:
                self.say("legal: " + ", ".join(legal), "dim")
            shown_legal = False
            answer = read(prompt)
            if answer is None:
                self.say("input ended; the record so far is saved")
                return 0
            answer = answer.strip()
            if not answer and prompt.startswith(("contract", "talon", "draw", "claim")):
                answer = ""
            word = answer.split(" ", 1)[0].lower() if answer else ""
            if word == "quit":
                self.say("saved; resume with: kozyr record --resume " + str(self.path))
                return 0
            if word == "help":
                self.say(HELP)
                continue
            if word == "save":
                self.save_as(answer)
                continue
            if word == "undo":
                self.say("taken back" if self.undo() else "nothing to take back")
                self.show()
                continue
            try:
                if word in ("open", "show", "fault") and isinstance(self.game, BuraGame):
                    err = self.bura_command(answer)
                else:
                    err = handler(answer)
            except KgnError as exc:
                err = exc
            if err is not None:
                self.say(f"refused: [{err.label}] {err.message}", "bold red")
                if err.legal:
                    self.say("legal: " + ", ".join(err.legal), "dim")
                    shown_legal = True
                continue
            self.show()

    # -- what comes next --------------------------------------------------------------------

    def next_question(self) -> tuple[str, Callable[[str], KgnError | None] | None, list[str]]:
        table = self.state.table
        if table is None or table.phase == "over":
            return "", None, []
        if isinstance(table, th.ThousandTable):
            return self._thousand_question(table)
        return self._bura_question(table)

    # Thousand -------------------------------------------------------------------------------

    def _hand(self, game: ThousandGame) -> Hand:
        return game.hands[-1]

    def _thousand_question(
        self, t: th.ThousandTable
    ) -> tuple[str, Callable[[str], KgnError | None], list[str]]:
        hand = t.hand
        names = t.players
        if hand is None:
            return f"hand {t.session.number} deal (KGN deal, or Enter if unknown)> ", self.th_deal, []
        if hand.phase == "auction":
            seat = names[hand.turn]
            legal = ["pass" if b is None else str(b) for b in t.legal_bids()]
            return (
                f"{seat} bids> ",
                lambda a: self.th_event(f"  bid {seat_text(seat)} {a}"),
                legal,
            )
        if hand.phase == "talon":
            shown = _talon_default(hand)
            return (
                f"talon (the 3 cards; Enter: {shown})> ",
                lambda a: self.th_event(f"  talon {a or shown}"),
                [],
            )
        if hand.phase == "give":
            assert hand.declarer is not None
            opp = [names[p] for p in hand.active if p != hand.declarer]
            legal = [card_code(c) for c in sorted(hand.holdings.known[hand.declarer])]
            return (
                f"{names[hand.declarer]} gives ({opp[0]} CARD, {opp[1]} CARD, or concede)> ",
                self.th_give,
                legal,
            )
        if (
            hand.phase == "contract"
            and not hand.plays
            and hand.trick_no == 1
            and not self._has_contract()
        ):
            return (
                f"contract (Enter for {hand.bid})> ",
                lambda a: self.th_event(f"  contract {a or hand.bid}"),
                [],
            )
        seat = names[hand.turn]
        known = hand.holdings.fully_known(hand.turn)
        legal = [card_code(c) for c in t.legal_cards()] if known else []
        verb = "leads" if not hand.plays else "plays"
        return f"trick {hand.trick_no}: {seat} {verb}> ", lambda a: self.th_play(seat, a), legal

    def _has_contract(self) -> bool:
        return (
            isinstance(self.game, ThousandGame)
            and bool(self.game.hands)
            and self.game.hands[-1].contract is not None
        )

    def th_deal(self, answer: str) -> KgnError | None:
        number = self.state.table.session.number
        body = f"hand {number}\n" + (f"  deal {answer}\n" if answer else "")
        parsed = self.parse(body)
        assert isinstance(parsed, ThousandGame)
        new_hand = parsed.hands[0]

        def change(g: AnyGame) -> None:
            assert isinstance(g, ThousandGame)
            g.hands.append(Hand(number=number, deal=new_hand.deal))

        return self.try_change(change)

    def th_event(self, line: str) -> KgnError | None:
        parsed = self.parse(f"hand 1\n{line}\n")
        assert isinstance(parsed, ThousandGame)
        new = parsed.hands[0]

        def change(g: AnyGame) -> None:
            assert isinstance(g, ThousandGame)
            hand = g.hands[-1]
            if new.auction:
                hand.auction.extend(new.auction)
            for name in ("talon", "concede", "give", "contract"):
                if getattr(new, name) is not None:
                    setattr(hand, name, getattr(new, name))

        return self.try_change(change)

    def th_give(self, answer: str) -> KgnError | None:
        if answer.strip().lower() == "concede":
            return self.th_event("  concede")
        return self.th_event(f"  give {answer}")

    def th_play(self, seat: str, answer: str) -> KgnError | None:
        parsed = self.parse(f"hand 1\n  1. {seat_text(seat)} {answer}\n")
        assert isinstance(parsed, ThousandGame)
        play = parsed.hands[0].tricks[0].plays[0]
        t = self.state.table
        assert isinstance(t, th.ThousandTable) and t.hand is not None
        number = t.hand.trick_no

        def change(g: AnyGame) -> None:
            assert isinstance(g, ThousandGame)
            hand = g.hands[-1]
            if not hand.tricks or hand.tricks[-1].number != number:
                hand.tricks.append(Trick(number=number, plays=[]))
            hand.tricks[-1].plays.append(play)

        return self.try_change(change)

    # Bura -----------------------------------------------------------------------------------

    def _bura_question(
        self, t: bu.BuraTable
    ) -> tuple[str, Callable[[str], KgnError | None], list[str]]:
        deal = t.deal
        names = t.players
        if deal is None:
            return (
                f"deal {t.match.number} (hands ... / trump: CARD [/ stock: ...])> ",
                self.bu_deal,
                [],
            )
        if deal.phase == "draw" and deal.stock is not None:
            t = t.clone()  # the stock order is known: the draws are implicit
            t.auto_draws()
            return self._bura_question(t)
        if deal.phase == "draw":
            seat, _ = t.next_draw() or (0, None)
            claim = (
                f"; or open {names[deal.claim_window]} to claim"
                if deal.claim_window is not None
                else ""
            )
            return (
                f"{names[seat]} draws (card, or Enter if unseen{claim})> ",
                lambda a: self.bu_draw(names[seat], a),
                [],
            )
        if deal.phase == "end":
            return "claim? (open NAME, or Enter: nobody claims)> ", self.bu_end, []
        if deal.phase == "bura":
            return "a second bura? (show NAME bura CARDS, or Enter)> ", self.bu_end, []
        player = names[deal.right[0] if deal.right and not deal.trick else deal.turn]
        verb = "leads" if not deal.trick else "answers"
        legal = (
            [" ".join(card_code(c) for c in lead) for lead in t.legal_leads()][:10]
            if not deal.trick
            else []
        )
        return f"trick {deal.trick_no}: {player} {verb}> ", lambda a: self.bu_lay(player, a), legal

    def _deal_of(self, g: AnyGame) -> BuraDeal:
        assert isinstance(g, BuraGame)
        return g.deals[-1]

    def bu_deal(self, answer: str) -> KgnError | None:
        number = self.state.table.match.number
        parsed = self.parse(f"deal {number}\n  hands {answer}\n")
        assert isinstance(parsed, BuraGame)
        dealing = parsed.deals[0].dealing

        def change(g: AnyGame) -> None:
            assert isinstance(g, BuraGame)
            g.deals.append(BuraDeal(number=number, dealing=dealing))

        return self.try_change(change)

    def bu_event(self, line: str) -> KgnError | None:
        parsed = self.parse(f"deal 1\n{line}\n")
        assert isinstance(parsed, BuraGame)
        events = parsed.deals[0].events

        def change(g: AnyGame) -> None:
            deal = self._deal_of(g)
            for ev in events:
                if isinstance(ev, Draw) and deal.events and isinstance(deal.events[-1], Draw):
                    deal.events[-1].cards.extend(ev.cards)
                else:
                    deal.events.append(ev)

        return self.try_change(change)

    def bu_lay(self, seat: str, answer: str) -> KgnError | None:
        parsed = self.parse(f"deal 1\n  1. {seat_text(seat)} {answer}\n")
        assert isinstance(parsed, BuraGame)
        ev = parsed.deals[0].events[0]
        assert isinstance(ev, BuraTrick)
        answer_rec = ev.answers[0]
        t = self.state.table
        assert isinstance(t, bu.BuraTable) and t.deal is not None
        number = t.deal.trick_no

        def change(g: AnyGame) -> None:
            deal = self._deal_of(g)
            last = deal.events[-1] if deal.events else None
            if not isinstance(last, BuraTrick) or last.number != number or last.winner is not None:
                deal.events.append(BuraTrick(number=number, answers=[]))
                last = deal.events[-1]
            assert isinstance(last, BuraTrick)
            last.answers.append(answer_rec)

        return self.try_change(change)

    def bu_draw(self, seat: str, answer: str) -> KgnError | None:
        return self.bu_event(f"  draw {seat_text(seat)} {answer or '??'}")

    def bu_end(self, answer: str) -> KgnError | None:
        if answer:
            return self.bura_command(answer)
        t = self.state.table
        assert isinstance(t, bu.BuraTable)
        t.close_deal()  # nobody claims: the next deal starts the next record event
        self.state.table = t
        return None

    def bura_command(self, answer: str) -> KgnError | None:
        word = answer.split(" ", 1)[0].lower()
        return self.bu_event(f"  {word} {answer.split(' ', 1)[1] if ' ' in answer else ''}")


def _talon_default(hand: Any) -> str:
    h = hand.holdings
    from .table import POOL

    known = sorted(h.known[POOL], key=lambda c: (c // 9, -(c % 9)))
    return " ".join([card_code(c) for c in known] + ["??"] * h.unknown[POOL])


def new_game(kind: str, players: list[str], dealer: str, rules: str, ante: int | None) -> AnyGame:
    tags = [
        Tag(name="Game", values=[kind]),
        Tag(name="Players", values=players),
        Tag(name="Dealer", values=[dealer]),
        Tag(name="Rules", values=[rules]),
    ]
    if kind == "bura" and ante is not None:
        tags.append(Tag(name="Ante", values=[str(ante)]))
    if kind == "thousand":
        return ThousandGame(tags=tags)
    return BuraGame(kind=kind, tags=tags)
