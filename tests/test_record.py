"""Recording at the table: scripted input, every event saved at once, SIGKILL loses nothing."""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

import notation
import replay

THOUSAND_INPUT = [
    "Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: KS QS KC QC JC JD JH / talon: TH 9C JS",
    "100", "110", "pass", "103", "115", "pass", "", "Boris 9S, Vera JS", "120",
    "AS", "9S", "QS", "KH marriage", "9D", "JH", "9C", "AC", "JC", "QD marriage", "JD", "9H",
    "AD", "KS", "TS", "TD", "JS", "QH", "KD", "KC", "TH", "TC", "QC", "AH",
]  # fmt: skip
BURA_INPUT = [
    "Mikhail: TH 6H 9C / Ilya: 6S 7D JC / Oleg: 7H KD 8S / trump: KH",
    "TH 6H", "down 6S 7D", "7H down KD", "AH", "8D", "9H", "7C", "TS", "QC",
    "AH", "8D", "9H", "open Mikhail 25 fail",
]  # fmt: skip
THOUSAND_ARGS = ["thousand", "--players", "Anna,Boris,Vera", "--dealer", "Vera"]
BURA_ARGS = ["bura", "--players", "Oleg,Mikhail,Ilya", "--dealer", "Oleg", "--ante", "5"]
KOZYR = [sys.executable, "-c", "from replay.cli import main; main()"]


class Session:
    """The recorder as a child process, answered one prompt at a time."""

    def __init__(self, args: list[str]) -> None:
        self.proc = subprocess.Popen(
            [*KOZYR, "record", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"},
        )
        self.wait_prompt()

    def wait_prompt(self, timeout: float = 30.0) -> str:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        data = b""
        while not data.endswith(b"> "):
            ready, _, _ = select.select([fd], [], [], timeout)
            if not ready:
                raise TimeoutError(data.decode(errors="replace")[-500:])
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
        return data.decode(errors="replace")

    def answer(self, line: str) -> str:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()
        return self.wait_prompt()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def finish(self, lines: list[str]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("".join(line + "\n" for line in lines).encode())
        self.proc.stdin.close()
        assert self.proc.stdout is not None
        self.proc.stdout.read()
        assert self.proc.wait(timeout=60) == 0


def record(tmp: Path, args: list[str], lines: list[str], name: str = "game.kgn") -> Path:
    path = tmp / name
    result = subprocess.run(
        [*KOZYR, "record", *args, "-o", str(path)],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return path


def test_a_full_thousand_hand_recorded_from_scripted_input_validates(tmp_path: Path) -> None:
    path = record(tmp_path, THOUSAND_ARGS, THOUSAND_INPUT)
    game = notation.loads(path.read_text())
    report = replay.check(game)
    assert report.ok and report.totals == {"Anna": 120, "Boris": 180, "Vera": 0}
    hand = game.hands[0]  # type: ignore[union-attr]
    assert [c.bid for c in hand.auction] == [100, 110, None, 115, None]  # 103 was refused
    assert hand.talon is not None and hand.talon.cards == ["JS", "9C", "TH"]  # Enter: the dealt talon


def test_a_full_bura_deal_recorded_from_scripted_input_validates(tmp_path: Path) -> None:
    path = record(tmp_path, BURA_ARGS, BURA_INPUT)
    report = replay.check(notation.loads(path.read_text()))
    assert report.ok
    assert report.rounds[0].end == "claim-failed" and report.totals["Mikhail"] == -20


def test_an_answer_typed_as_the_whole_event_is_taken_as_written(tmp_path: Path) -> None:
    whole = [
        "deal " + THOUSAND_INPUT[0], "bid Anna 100", "Boris 110", "bids vera pass", "Anna 103", "ANNA 115",
        "bid Boris pass", "", "give Boris 9S, Vera JS", "contract 120",
        "Anna AS", "Boris 9S", "QS", "anna KH marriage", *THOUSAND_INPUT[14:],
    ]  # fmt: skip
    short = record(tmp_path, THOUSAND_ARGS, THOUSAND_INPUT, "short.kgn").read_text()
    assert record(tmp_path, THOUSAND_ARGS, whole, "whole.kgn").read_text() == short
    bura = ["hands " + BURA_INPUT[0], "Mikhail TH 6H", "ilya down 6S 7D", *BURA_INPUT[3:]]
    short = record(tmp_path, BURA_ARGS, BURA_INPUT, "short-bura.kgn").read_text()
    assert record(tmp_path, BURA_ARGS, bura, "whole-bura.kgn").read_text() == short


RUSSIAN = {"A": "\u0422", "K": "\u041a", "Q": "\u0434", "J": "\u0412", "T": "10"}
ITALIAN = {"K": "R", "Q": "D", "J": "f", "T": "10"}
SYMBOL = {"S": "\u2660", "C": "\u2663", "D": "\u2666", "H": "\u2665"}


@pytest.mark.parametrize("letters", [RUSSIAN, ITALIAN], ids=["ru", "it"])
def test_cards_typed_with_the_players_own_letters_record_the_same_hand(tmp_path: Path, letters: dict[str, str]) -> None:
    """A Russian or Italian scorer types Д♥ or R♥ (docs/notation.md, Cards and players):
    the file is the one the English letters give, canonical."""

    def local(answer: str) -> str:
        return re.sub(r"\b([6-9TJQKA])([SCDH])\b", lambda m: letters.get(m[1], m[1]) + SYMBOL[m[2]], answer)

    typed = [local(a) for a in THOUSAND_INPUT]
    assert "\u2665" in typed[0] and typed[0] != THOUSAND_INPUT[0]
    short = record(tmp_path, THOUSAND_ARGS, THOUSAND_INPUT, "english.kgn").read_text()
    assert record(tmp_path, THOUSAND_ARGS, typed, "local.kgn").read_text() == short


def test_the_recorder_asks_in_the_players_language_and_writes_the_same_record(tmp_path: Path) -> None:
    """``kozyr record --lang ru``: the prompts, the legal list and the help in Russian (the
    KGN words typed stay KGN's); the file is the one an English session writes."""
    english = record(tmp_path, THOUSAND_ARGS, THOUSAND_INPUT, "english.kgn").read_text()
    path = tmp_path / "russian.kgn"
    session = Session([*THOUSAND_ARGS, "--lang", "ru", "-o", str(path)])
    shown = session.answer(THOUSAND_INPUT[0])
    assert "ставка, Anna> " in shown and "можно: 100" in shown
    assert "undo                     вернуть последнее событие" in session.answer("help")
    assert "не принято: [" in session.answer("103x")
    session.finish(THOUSAND_INPUT[1:])
    assert path.read_text() == english


@pytest.mark.parametrize(
    "args",
    [
        ["thousand", "--players", "Anna,Boris,anna", "--dealer", "Anna", "-o", "g.kgn"],
        ["bura", "--players", "Oleg", "--dealer", "Oleg", "-o", "g.kgn"],
        ["thousand", "--players", "Anna,Boris,Vera", "--dealer", "Gleb", "-o", "g.kgn"],
        ["--resume", "missing.kgn"],
    ],
    ids=["same-name", "one-player", "dealer", "missing"],
)
def test_a_start_the_options_refuse_is_a_usage_error_and_leaves_no_file(tmp_path: Path, args: list[str]) -> None:
    result = subprocess.run(
        [*KOZYR, "record", *args], input="", capture_output=True, text=True, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.startswith("kozyr: ")
    assert list(tmp_path.iterdir()) == [], "no record, no lock file, no temporary"


def test_a_new_record_never_overwrites_a_file_and_each_caller_says_how_to_go_on(tmp_path: Path) -> None:
    """The library says what is wrong (the file exists); the command line says how to go
    on with it, and the server (which has no ``--resume``) only what is wrong."""
    from replay.record import SessionError, open_recording

    path = tmp_path / "g.kgn"
    path.write_text("kept")
    with pytest.raises(SessionError) as refused:
        open_recording(
            game="thousand", players="Anna,Boris,Vera", dealer="Anna", rules="classic", ante=None, output=path, resume=None
        )
    assert refused.value.text == f"{path} exists" and refused.value.exists == path
    assert "--resume" not in refused.value.text
    result = subprocess.run(
        [*KOZYR, "record", "thousand", "--players", "Anna,Boris,Vera", "--dealer", "Anna", "-o", "g.kgn"],
        input="", capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2 and result.stderr == "kozyr: g.kgn exists; continue it with --resume g.kgn\n"
    assert path.read_text() == "kept" and sorted(p.name for p in tmp_path.iterdir()) == ["g.kgn"]


def test_an_illegal_entry_is_refused_with_its_clause(tmp_path: Path) -> None:
    session = Session([*THOUSAND_ARGS, "-o", str(tmp_path / "g.kgn")])
    session.answer(THOUSAND_INPUT[0])
    out = session.answer("pass")  # the forehand may not pass
    assert "refused: [T3.1 opening-bid]" in out
    session.kill()


def test_undo_takes_the_last_event_back_in_the_file_too(tmp_path: Path) -> None:
    path = tmp_path / "g.kgn"
    session = Session([*THOUSAND_ARGS, "-o", str(path)])
    for line in THOUSAND_INPUT[:3]:
        session.answer(line)
    assert "Boris 110" in path.read_text()
    session.answer("undo")
    assert "Boris 110" not in path.read_text() and "bid Anna 100" in path.read_text()
    session.kill()


@pytest.mark.parametrize("cut", [1, 5, 9, 20, len(THOUSAND_INPUT) - 1])
def test_sigkill_after_an_accepted_event_loses_nothing(tmp_path: Path, cut: int) -> None:
    straight = record(tmp_path, THOUSAND_ARGS, THOUSAND_INPUT, "straight.kgn")
    path = tmp_path / "killed.kgn"
    session = Session([*THOUSAND_ARGS, "-o", str(path)])
    for line in THOUSAND_INPUT[:cut]:
        session.answer(line)
    session.kill()
    assert replay.check(notation.loads(path.read_text())).ok  # a valid partial record
    Session(["--resume", str(path)]).finish(THOUSAND_INPUT[cut:])
    assert path.read_bytes() == straight.read_bytes()


def test_resuming_a_bura_session_gives_the_same_file(tmp_path: Path) -> None:
    straight = record(tmp_path, BURA_ARGS, BURA_INPUT, "straight.kgn")
    path = tmp_path / "killed.kgn"
    session = Session([*BURA_ARGS, "-o", str(path)])
    for line in BURA_INPUT[:6]:
        session.answer(line)
    session.kill()
    Session(["--resume", str(path)]).finish(BURA_INPUT[6:])
    assert path.read_bytes() == straight.read_bytes()


def test_the_legal_bids_go_up_to_the_cap_and_are_listed_once_per_refusal(tmp_path: Path) -> None:
    session = Session([*THOUSAND_ARGS, "-o", str(tmp_path / "g.kgn")])
    out = session.answer(THOUSAND_INPUT[0])  # Anna holds the hearts marriage: cap 220
    legal = " ".join(out[out.rindex("legal: ") :].split("\n")[:-1])  # lines wrap at 100
    assert " ".join(legal.split()) == "legal: " + ", ".join(str(b) for b in range(100, 225, 5))
    out = session.answer("pass")  # refused: the legal bids once, not again before the prompt
    assert out.count("legal: ") == 1 and "refused: [T3.1 opening-bid]" in out
    assert "legal: 100, 105" in out and "220" in out
    out = session.answer("help")
    assert "undo" in out and "``" not in out and ":class:" not in out
    session.kill()


def test_the_bura_draw_prompt_says_a_claim_is_possible(tmp_path: Path) -> None:
    session = Session([*BURA_ARGS, "-o", str(tmp_path / "g.kgn")])
    for line in BURA_INPUT[:3]:
        out = session.answer(line)
    out = session.answer(BURA_INPUT[3])  # the trick is over: Mikhail may claim before drawing
    assert "Mikhail draws (card, or Enter if unseen; or open Mikhail to claim)> " in out
    session.kill()


# ---- the file is safe: one recorder per file, failed saves, temporary files, symlinks ------


def test_a_second_recorder_on_the_same_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.kgn"
    first = Session([*THOUSAND_ARGS, "-o", str(path)])
    first.answer(THOUSAND_INPUT[0])
    second = subprocess.run(
        [*KOZYR, "record", "--resume", str(path)], input="100\n", capture_output=True, text=True,
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60,
    )
    assert second.returncode == 2 and "being recorded by another kozyr" in second.stderr
    first.answer("100")  # the first one goes on, and nothing of it was lost
    assert "bid Anna 100" in path.read_text()
    first.kill()


def test_a_save_that_fails_keeps_the_session_and_the_record_can_be_saved_elsewhere(tmp_path: Path) -> None:
    folder = tmp_path / "usb"
    folder.mkdir()
    path = folder / "g.kgn"
    session = Session([*THOUSAND_ARGS, "-o", str(path)])
    session.answer(THOUSAND_INPUT[0])
    shutil.rmtree(folder)  # the stick is pulled out
    out = session.answer("100")
    assert "could not save" in out and "Nothing is lost" in out and "Boris bids>" in out
    elsewhere = tmp_path / "saved.kgn"
    out = session.answer(f"save {elsewhere}")
    assert "saved to" in out
    session.answer("110")
    text = elsewhere.read_text()
    assert "bid Anna 100, Boris 110" in text and replay.check(notation.loads(text)).ok
    session.kill()


def test_leftover_temporary_files_are_removed_and_a_planted_symlink_is_never_followed(tmp_path: Path) -> None:
    path = record(tmp_path, THOUSAND_ARGS, THOUSAND_INPUT[:3])
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (tmp_path / "g.kgn.tmp").symlink_to(victim)  # a planted OUT.tmp symlink
    (tmp_path / "game.kgn.tmp").write_text("half a save")  # a crash's leftovers
    (tmp_path / ".game.kgn.abc123.tmp").write_text("half a save")
    Session(["--resume", str(path)]).finish(THOUSAND_INPUT[3:6])
    assert victim.read_text() == "precious"
    assert not (tmp_path / "game.kgn.tmp").exists() and not (tmp_path / ".game.kgn.abc123.tmp").exists()
    assert "Boris 110" in path.read_text()


def test_recording_through_a_symlink_updates_its_target(tmp_path: Path) -> None:
    real = record(tmp_path, THOUSAND_ARGS, THOUSAND_INPUT[:2], "real.kgn")
    link = tmp_path / "link.kgn"
    link.symlink_to(real)
    Session(["--resume", str(link)]).finish(THOUSAND_INPUT[2:4])
    assert link.is_symlink() and "Boris 110" in real.read_text()


def test_player_names_reach_the_prompt_escaped(tmp_path: Path) -> None:
    args = ["thousand", "--players", "An\x1b]0;PWNED\x07na,Boris,Vera", "--dealer", "Vera"]
    session = Session([*args, "-o", str(tmp_path / "g.kgn")])
    out = session.answer(THOUSAND_INPUT[0].replace("Anna:", '"An\\u{1B}]0;PWNED\\u{7}na":'))
    assert "\x1b]0;PWNED" not in out and "\x07" not in out
    session.kill()


def test_what_the_user_typed_is_echoed_escaped(tmp_path: Path) -> None:
    session = Session([*THOUSAND_ARGS, "-o", str(tmp_path / "g.kgn")])
    session.answer(THOUSAND_INPUT[0])
    out = session.answer("\x1b]0;PWNED\x07")  # piped input is echoed after the prompt
    assert "\x1b]0;PWNED" not in out and "\x07" not in out and "\\x1b]0;PWNED" in out
    session.kill()


def test_a_recorded_file_has_the_usual_permissions(tmp_path: Path) -> None:
    path = record(tmp_path, THOUSAND_ARGS, THOUSAND_INPUT[:3])
    mask = os.umask(0)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask
    path.chmod(0o640)
    Session(["--resume", str(path)]).finish(THOUSAND_INPUT[3:5])
    assert path.stat().st_mode & 0o777 == 0o640  # a rewrite keeps the file's own mode


# ---- the lock: gone after a clean end, taken over after a kill --------------------------------


def lock_of(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def test_quitting_removes_the_lock_file(tmp_path: Path) -> None:
    path = tmp_path / "g.kgn"
    session = Session([*THOUSAND_ARGS, "-o", str(path)])
    assert lock_of(path).exists()
    session.finish([THOUSAND_INPUT[0], "quit"])
    assert not lock_of(path).exists()
    assert "deal Anna" in path.read_text()


def test_a_lock_left_by_a_killed_recorder_is_taken_over_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "g.kgn"
    first = Session([*THOUSAND_ARGS, "-o", str(path)])
    first.answer(THOUSAND_INPUT[0])
    pid = first.proc.pid
    first.kill()
    assert lock_of(path).read_text().strip() == str(pid)  # left behind by SIGKILL
    second = Session(["--resume", str(path)])
    out = second.answer("100")
    second.finish(["quit"])
    assert "bid Anna 100" in path.read_text() and not lock_of(path).exists()
    resumed = subprocess.run(
        [*KOZYR, "record", "--resume", str(path)], input="quit\n", capture_output=True, text=True,
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60,
    )
    assert "taken over" not in resumed.stderr  # a clean end leaves no lock to take over
    assert out is not None


def test_the_lock_taken_over_names_the_process_that_left_it(tmp_path: Path) -> None:
    path = record(tmp_path, THOUSAND_ARGS, THOUSAND_INPUT[:2])
    lock_of(path).write_text("999999\n")  # as a recorder killed at once leaves it
    result = subprocess.run(
        [*KOZYR, "record", "--resume", str(path)], input="quit\n", capture_output=True, text=True,
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60,
    )
    assert result.returncode == 0
    assert "left on" in result.stderr and "by process 999999" in result.stderr and "taken over" in result.stderr


# ---- what Tab completes: what the prompt takes -------------------------------------------------


def questions(game: str, names: list[str], moves: list[str], **options: object) -> replay.model.Question:
    table = replay.new_table(game, names, dealer=names[-1] if game == "thousand" else names[0], **options)  # type: ignore[arg-type]
    for text in moves:
        table.push(table.parse_move(text))
    return replay.GAMES[game].question(table, False)


def test_the_deal_prompt_completes_the_seats_the_talon_and_cards_not_bids_or_play_words() -> None:
    words = questions("thousand", ["Anna", "Boris", "Vera"], []).words
    assert {"Anna:", "Boris:", "Vera:", "talon:", "AS", "9H"} <= set(words)
    assert not {"pass", "marriage", "down", "open"} & set(words)


def test_the_play_prompt_completes_the_legal_cards_and_marriage_only_when_one_may_be_declared() -> None:
    deal = "deal Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: KS QS KC QC JC JD JH / talon: TH 9C JS"
    auction = ["bid Anna 100", "bid Boris 110", "bid Vera pass", "bid Anna 115", "bid Boris pass"]
    gives = ["talon TH 9C JS", "give Boris 9S, Vera JS", "contract 120"]
    first = questions("thousand", ["Anna", "Boris", "Vera"], [deal, *auction, *gives]).words
    assert "AS" in first and "marriage" not in first  # no marriage in trick 1
    later = questions("thousand", ["Anna", "Boris", "Vera"], [deal, *auction, *gives, "Anna AS", "Boris 9S", "Vera QS"]).words
    assert "KH" in later and "marriage" in later and "pass" not in later


def test_a_bura_answer_completes_the_answerers_cards_and_down() -> None:
    deal = "hands Oleg: 7H KD 8S / Mikhail: TH 6H 9C / Ilya: 6S 7D JC / trump: KH"
    words = questions("bura", ["Oleg", "Mikhail", "Ilya"], [deal, "Mikhail TH"]).words
    assert {"6S", "7D", "JC", "down"} <= set(words) and "marriage" not in words and "pass" not in words


# ---- another program's text is never saved over ---------------------------------------------------


def test_text_appended_by_another_program_is_not_saved_over(tmp_path: Path) -> None:
    path = tmp_path / "g.kgn"
    session = Session([*THOUSAND_ARGS, "-o", str(path)])
    session.answer(THOUSAND_INPUT[0])
    with path.open("a") as other:
        other.write("{written by another program}\n")
    changed = path.read_text()
    out = " ".join(session.answer("100").split())
    assert "was changed by another program" in out and "nothing was written over it" in out
    assert path.read_text() == changed  # the other program's text is still there
    elsewhere = tmp_path / "mine.kgn"
    out = session.answer(f"save {elsewhere}")
    assert "saved to" in out
    session.answer("110")
    assert "bid Anna 100, Boris 110" in elsewhere.read_text() and path.read_text() == changed
    session.kill()


def test_save_refuses_a_file_that_holds_something(tmp_path: Path) -> None:
    path = tmp_path / "g.kgn"
    taken = tmp_path / "taken.kgn"
    taken.write_text("precious")
    session = Session([*THOUSAND_ARGS, "-o", str(path)])
    out = " ".join(session.answer(f"save {taken}").split())
    assert "exists; give a new file's name" in out and taken.read_text() == "precious"
    session.kill()


def test_the_recording_library_speaks_of_the_game_not_of_the_command_line(tmp_path: Path) -> None:
    """A start refused by the library (`kozyr serve`'s form shows it too) names what is
    wrong in the game's words, no option and no program name; the command line adds its
    own ``kozyr:`` and its usage."""
    from typer.testing import CliRunner

    from replay.cli import app
    from replay.record import SessionError, open_recording

    start = dict(game="thousand", players="Anna, Boris, Vera", rules="classic", ante=None, output=tmp_path / "a.kgn", resume=None)
    refusals = [
        dict(start, dealer="Zoe"),
        dict(start, dealer="Anna", ante=5),
        dict(start, dealer="Anna", rules="classic bid-cap=on"),
        dict(start, dealer="Anna", players="Anna, Anna, Vera"),
    ]
    for options in refusals:
        with pytest.raises(SessionError) as refused:
            open_recording(**options)  # type: ignore[arg-type]
        assert "kozyr" not in refused.value.text and "--" not in refused.value.text, refused.value.text
    shown = CliRunner().invoke(app, ["record", "thousand", "--players", "Anna,Boris,Vera", "--dealer", "Zoe", "-o", str(tmp_path / "b.kgn")])
    assert shown.exit_code == 2
    assert shown.stderr.startswith("kozyr: the dealer 'Zoe' is not one of the players (Anna, Boris, Vera)"), shown.stderr
