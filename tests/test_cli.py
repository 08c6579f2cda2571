"""The kozyr command line: exit codes, messages, round trips."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from conftest import INVALID, SAMPLES
from typer.testing import CliRunner

import notation
from replay.cli import app

runner = CliRunner()
THOUSAND = sorted(str(p) for p in SAMPLES.glob("thousand/*.kgn"))


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.startswith("kozyr ")


def test_fmt_check_passes_on_samples() -> None:
    assert runner.invoke(app, ["fmt", "--check", *THOUSAND]).exit_code == 0


def test_fmt_check_fails_on_non_canonical(tmp_path: Path) -> None:
    path = tmp_path / "a.kgn"
    path.write_text(Path(THOUSAND[0]).read_text().replace("bid Anna 100,", "bid  anna 100 ,"))
    result = runner.invoke(app, ["fmt", "--check", str(path)])
    assert result.exit_code == 1 and "not in canonical form" in result.stderr
    assert runner.invoke(app, ["fmt", "--write", str(path)]).exit_code == 0
    assert path.read_text() == Path(THOUSAND[0]).read_text()


def test_a_folder_stands_for_the_kgn_files_beneath_it_in_path_order(tmp_path: Path) -> None:
    (tmp_path / "b" / "deep").mkdir(parents=True)
    (tmp_path / "a.kgn").write_text(Path(THOUSAND[0]).read_text())
    (tmp_path / "b" / "deep" / "c.kgn").write_text(Path(THOUSAND[1]).read_text().replace("bid Anna 100,", "bid  anna 100 ,"))
    (tmp_path / "b" / "notes.txt").write_text("not a record")
    result = runner.invoke(app, ["fmt", "--check", str(tmp_path)])
    assert result.exit_code == 1 and f"{tmp_path / 'b' / 'deep' / 'c.kgn'}: not in canonical form" in result.stderr
    listed = runner.invoke(app, ["export", "--to", "json", "--jsonl", str(tmp_path)])
    files = runner.invoke(app, ["export", "--to", "json", "--jsonl", str(tmp_path / "a.kgn"), str(tmp_path / "b" / "deep" / "c.kgn")])
    assert listed.exit_code == files.exit_code == 0 and listed.stdout == files.stdout
    assert len(listed.stdout.splitlines()) == 2
    assert "2 games" in runner.invoke(app, ["validate", str(tmp_path)]).stderr


def test_a_folder_with_no_kgn_file_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 2 and f"cannot read {tmp_path}: a folder with no .kgn file in it" in result.stderr


def test_fmt_check_reads_standard_input_like_a_file() -> None:
    canonical = Path(THOUSAND[0]).read_text()
    assert runner.invoke(app, ["fmt", "--check", "-"], input=canonical).exit_code == 0
    messy = runner.invoke(app, ["fmt", "--check", "-"], input=canonical.replace("bid Anna 100,", "bid  anna 100 ,"))
    assert messy.exit_code == 1 and "-: not in canonical form (kozyr fmt - prints" in messy.stderr


@pytest.mark.parametrize("command", ["fmt", "annotate"])
def test_write_with_standard_input_prints_the_text_it_has_no_file_to_rewrite(command: str) -> None:
    messy = Path(THOUSAND[0]).read_text().replace("bid Anna 100,", "bid  anna 100 ,")
    result = runner.invoke(app, [command, "--write", "-"], input=messy)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == runner.invoke(app, [command, "-"], input=messy).stdout != ""


def test_fmt_write_through_a_symbolic_link_rewrites_its_file_and_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.kgn"
    real.write_text(Path(THOUSAND[0]).read_text().replace("bid Anna 100,", "bid  anna 100 ,"))
    link = tmp_path / "link.kgn"
    link.symlink_to(real)
    result = runner.invoke(app, ["fmt", "--write", str(link)])
    assert result.exit_code == 0 and "rewritten" in result.stderr
    assert link.is_symlink() and real.read_text() == Path(THOUSAND[0]).read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.kgn", "real.kgn"]  # no temporary left


def test_a_bad_game_after_good_ones_means_nothing_is_printed_or_written(tmp_path: Path) -> None:
    good = Path(THOUSAND[0]).read_text()
    path = tmp_path / "mixed.kgn"
    path.write_text(good + "\n" + good + "\n" + good.replace("bid Anna 100,", "bid Anna 1@0,", 1))
    before = path.read_bytes()
    for args in (["fmt", str(path)], ["fmt", "--write", str(path)], ["annotate", str(path)], ["annotate", "--write", str(path)]):
        result = runner.invoke(app, args)
        assert result.exit_code == 1, args
        assert result.stdout == "" and "game 3" in result.stderr, args
        assert path.read_bytes() == before, args
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mixed.kgn"]


def test_export_import_is_byte_identical(tmp_path: Path) -> None:
    for sample in THOUSAND:
        out = tmp_path / "g.json"
        assert runner.invoke(app, ["export", sample, "--to", "json", "-o", str(out)]).exit_code == 0
        assert isinstance(json.loads(out.read_text()), list)
        back = runner.invoke(app, ["import", str(out)])
        assert back.exit_code == 0 and back.stdout == Path(sample).read_text()
        jl = runner.invoke(app, ["export", sample, "--jsonl"])
        assert all(json.loads(line)["kind"] == "thousand" for line in jl.stdout.splitlines())


def test_validate_samples_ok_and_invalid_exit_1() -> None:
    assert runner.invoke(app, ["validate", *THOUSAND]).exit_code == 0
    result = runner.invoke(app, ["validate", str(INVALID / "thousand" / "must-trump.kgn")])
    assert result.exit_code == 1
    assert "error[T5.2 must-trump]: Anna must play a trump (holds" in result.stderr
    assert "legal:" in result.stderr and "^" in result.stderr


def test_validate_json_format_is_machine_readable() -> None:
    result = runner.invoke(app, ["validate", "--format", "json", str(INVALID / "thousand" / "bid-step.kgn")])
    assert result.exit_code == 1
    record = json.loads(result.stdout.splitlines()[0])
    assert record["code"] == "bid-step" and record["clause"] == "T3.2" and record["line"] == 14


def test_missing_file_is_exit_2() -> None:
    result = runner.invoke(app, ["validate", "no/such/file.kgn"])
    assert result.exit_code == 2 and "cannot read" in result.stderr


@pytest.mark.parametrize("command", [["validate"], ["validate", "-j", "2"], ["stats"], ["query", "--count"]], ids=" ".join)
def test_a_named_pipe_is_read_like_a_file(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "games.fifo"  # what `kozyr validate <(zcat games.kgn.gz)` passes
    os.mkfifo(fifo)
    text = (SAMPLES / "thousand" / "01-first-hand.kgn").read_bytes()

    def feed() -> None:
        with open(fifo, "wb") as pipe:
            pipe.write(text)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    result = runner.invoke(app, [*command, str(fifo)])
    writer.join(timeout=10)
    assert result.exit_code == 0, result.stderr
    assert "cannot read" not in result.stderr


@pytest.mark.parametrize(
    "command",
    [["generate", "thousand", "-n", "40"], ["replay", str(SAMPLES / "bura" / "01-illustrative-game.kgn")]],
    ids=lambda c: c[0],
)
def test_a_reader_that_stops_reading_ends_the_command_quietly_with_141(command: list[str]) -> None:
    import subprocess
    import sys

    kozyr = Path(sys.executable).parent / "kozyr"  # what `kozyr generate ... | head -1` does
    proc = subprocess.Popen([str(kozyr), *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141, "128 + SIGPIPE, as cat and grep; 1 would say a record is invalid"
    assert err == "", "no traceback and no message: the reader chose to stop"


def test_rules_without_a_game_repeats_the_option_it_was_given() -> None:
    result = runner.invoke(app, ["rules", "--rules", "classic bid-step=10"])
    assert result.exit_code == 2 and "kozyr rules GAME --rules 'classic bid-step=10'" in result.stderr


def test_unknown_option_is_exit_2() -> None:
    assert runner.invoke(app, ["validate", "--bogus", THOUSAND[0]]).exit_code == 2


def test_binary_garbage_gives_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "junk.kgn"
    path.write_bytes(bytes(range(256)) * 4)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_hostile_text_cannot_drive_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "evil.kgn"
    path.write_text('[Game "thousand"]\n[Players "\x1b[31mA" "B" "C"]\n[Dealer "X"]\n[Rules "classic"]\n')
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1 and "\x1b" not in result.stderr


def test_generate_writes_valid_games(tmp_path: Path) -> None:
    out = tmp_path / "g.kgn"
    assert runner.invoke(app, ["generate", "thousand", "--games", "2", "--seed", "5", "-o", str(out)]).exit_code == 0
    assert runner.invoke(app, ["validate", str(out)]).exit_code == 0
    again = runner.invoke(app, ["generate", "thousand", "--games", "2", "--seed", "5"])
    assert again.stdout == out.read_text()


def test_seat_names_match_ignoring_case_and_a_near_miss_is_suggested() -> None:
    sample = THOUSAND[0]
    ok = runner.invoke(app, ["replay", "--plain", "--seat", "anna", sample])
    assert ok.exit_code == 0
    bad = runner.invoke(app, ["replay", "--plain", "--seat", "Anya", sample])
    assert bad.exit_code == 2 and "did you mean 'Anna'?" in bad.stderr


def test_unknown_switches_and_presets_suggest_the_nearest() -> None:
    result = runner.invoke(app, ["rules", "thousand", "--rules", "clasic bid-stp=10"])
    assert result.exit_code == 2 and "did you mean 'classic'?" in result.stderr
    result = runner.invoke(app, ["rules", "thousand", "--rules", "classic bid-stp=10"])
    assert "did you mean 'bid-step'?" in result.stderr
    result = runner.invoke(app, ["valdate"])
    assert result.exit_code == 2 and "Did you mean 'validate'?" in result.stderr


def test_plain_replay_names_the_file_not_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kgn"
    bad.write_text(Path(THOUSAND[0]).read_text().replace("Boris 9S, Vera QS", "Boris 9S, Vera QC"))
    result = runner.invoke(app, ["replay", "--plain", str(bad)])
    assert result.exit_code == 1
    assert "<input>" not in result.stdout and f"{bad}:" in result.stdout


def test_help_placeholders_are_words() -> None:
    result = runner.invoke(app, ["validate", "--help"])
    assert "<list[str]>" not in result.stdout and "<int" not in result.stdout
    assert "FILE" in result.stdout and "--jobs N" in result.stdout


def test_shell_completion_completes_game_names() -> None:
    import os
    import subprocess
    import sys

    env = dict(os.environ, _KOZYR_COMPLETE="complete_bash", COMP_WORDS="kozyr generate bu", COMP_CWORD="2")
    kozyr = Path(sys.executable).parent / "kozyr"
    out = subprocess.run([str(kozyr)], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["bura", "burkozel"]


def test_summary_counts_the_hand_an_error_stopped_in_and_shows_speed_only_on_request(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kgn"
    bad.write_text(Path(THOUSAND[0]).read_text().replace("Boris 9S, Vera QS", "Boris 9S, Vera QC"))
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.stderr.splitlines()[-1] == "1 game, 1 hand/deal checked, 1 error"
    result = runner.invoke(app, ["validate", "--stats", str(bad)])
    assert result.stderr.splitlines()[-1].endswith("MB/s")


def test_shell_completion_completes_player_names_from_the_file() -> None:
    import os
    import subprocess
    import sys

    words = f"kozyr replay {THOUSAND[0]} --seat b"
    env = dict(os.environ, _KOZYR_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD="4")
    kozyr = Path(sys.executable).parent / "kozyr"
    out = subprocess.run([str(kozyr)], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["boris"]


def test_split_never_writes_over_another_game_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    one, other = (str(SAMPLES / "thousand" / name) for name in ("05-long-session.kgn", "06-club-evening.kgn"))
    assert runner.invoke(app, ["split", one, "-o", str(tmp_path)]).exit_code == 0
    first = {p.name: p.read_text() for p in tmp_path.iterdir()}
    result = runner.invoke(app, ["split", other, "-o", str(tmp_path)])  # the same players: the same name
    assert result.exit_code == 0 and "1 named with a number added" in result.stderr
    after = {p.name: p.read_text() for p in tmp_path.iterdir()}
    assert len(after) == 2 and all(after[name] == text for name, text in first.items())
    again = runner.invoke(app, ["split", other, "-o", str(tmp_path)])
    assert "0 file(s) written" in again.stderr and "1 already there with the same game" in again.stderr
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == after


# ---- a rewrite never turns a valid file into an invalid one ---------------------------------

NESTED_IN_COMMENT = """[Game "thousand"]
[Players "Anna" "Boris" "Vera"]
[Dealer "Vera"]
[Rules "classic"]

hand 1 {a note over two lines
""" + "(" * 51 + """ and the control character \x07 here}
  bid Anna 100, Boris pass, Vera pass ; a comment of this kind takes the grammar's reader
"""


@pytest.mark.parametrize("command", ["fmt", "annotate"])
def test_a_comment_over_lines_full_of_parentheses_stays_valid_after_a_rewrite(tmp_path: Path, command: str) -> None:
    path = tmp_path / "nested.kgn"
    path.write_text(NESTED_IN_COMMENT)
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0
    result = runner.invoke(app, [command, "--write", str(path)])
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0
    assert "(" * 51 in notation.loads(path.read_text()).hands[0].notes[0].text


@pytest.mark.parametrize("command", ["fmt", "annotate"])
def test_a_rewrite_that_would_not_read_back_leaves_the_file_as_it_was(
    tmp_path: Path, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.kgn"
    original = (SAMPLES / "thousand" / "01-first-hand.kgn").read_text()
    path.write_text(original)
    import replay.cli.records
    import replay.cli.screens

    room = replay.cli.records if command == "fmt" else replay.cli.screens  # where it writes
    real = room.write_game
    monkeypatch.setattr(room, "write_game", lambda g: real(g).replace("Boris 9S", "Boris 9C", 1))
    result = runner.invoke(app, [command, "--write", str(path)])
    assert result.exit_code == 1
    assert "does not read back" in result.output and path.read_text() == original


def test_json_export_is_compact_by_default_and_indented_on_request() -> None:
    sample = str(SAMPLES / "thousand" / "05-long-session.kgn")
    kgn = (SAMPLES / "thousand" / "05-long-session.kgn").stat().st_size
    compact = runner.invoke(app, ["export", sample])
    people = runner.invoke(app, ["export", sample, "--indent", "2"])
    assert compact.exit_code == people.exit_code == 0
    assert json.loads(compact.stdout) == json.loads(people.stdout)
    assert len(compact.stdout) < 6 * kgn < len(people.stdout)
    assert compact.stdout.count("\n") == 3  # "[", the game, "]"
    usage = runner.invoke(app, ["export", sample, "--jsonl", "--indent", "2"])
    assert usage.exit_code == 2 and "--indent is for --to json" in usage.output


def test_jobs_starts_no_more_workers_than_pieces_of_work_or_the_machine_holds() -> None:
    from replay.pool import _how_many, most_workers

    assert _how_many(100, range(3))[0] == min(3, most_workers())  # three pieces: three at most
    assert _how_many(100, range(1000))[0] == most_workers()
    assert _how_many(100, range(1))[0] == 1
    assert list(_how_many(100, range(5))[2]) == [0, 1, 2, 3, 4]  # nothing is lost by looking ahead


def test_jobs_with_few_descriptors_left_works_without_a_traceback() -> None:
    import resource
    import subprocess
    import sys

    from conftest import ROOT

    def few() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (40, 40))

    files = [str(p) for p in sorted(SAMPLES.glob("*/*.kgn"))]
    done = subprocess.run(
        [sys.executable, "-c", "from replay.cli import main; main()", "validate", "--jobs", "100", *files],
        capture_output=True, text=True, cwd=ROOT, timeout=300, preexec_fn=few,
    )  # fmt: skip
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert f"{len(files)} games" in done.stdout + done.stderr


def test_validate_json_escapes_control_and_bidi_characters_from_names(tmp_path: Path) -> None:
    path = tmp_path / "g.kgn"
    path.write_text('[Game "thousand"]\n[Players "An\u202ena" "B\u200bo" "V\u009b"]\n[Dealer "Anna"]\n[Rules "classic"]\n')
    done = CliRunner().invoke(app, ["validate", "--format", "json", str(path)])
    line = done.stdout.splitlines()[0]
    for raw in ("\u202e", "\u200b", "\u009b"):
        assert raw not in line
    record = json.loads(line)
    assert "An\\u202ena" in record["message"]  # as the text format writes it


def test_analyze_refuses_summary_with_simulate_before_the_work() -> None:
    done = CliRunner().invoke(app, ["analyze", str(SAMPLES / "thousand" / "01-first-hand.kgn"), "--simulate", "50", "--summary"])
    assert done.exit_code == 2 and "--summary" in done.stderr


@pytest.mark.parametrize("players", [2, 3, 6])
def test_generate_deals_gives_that_many_deals(players: int) -> None:
    for seed in range(4):
        done = CliRunner().invoke(app, ["generate", "bura", "--deals", "3", "--players", str(players), "--seed", str(seed)])
        assert done.exit_code == 0
        assert len(notation.loads(done.stdout).rounds) == 3


def test_generate_names_the_players_and_plays_the_same_game() -> None:
    plain = CliRunner().invoke(app, ["generate", "sixtysix", "--seed", "5"]).stdout
    named = CliRunner().invoke(app, ["generate", "sixtysix", "--seed", "5", "--names", "Ivan,Olga"]).stdout
    game = notation.loads(named)
    assert game.players == ["Ivan", "Olga"]
    assert named.replace("Ivan", "Anna").replace("Olga", "Boris") == plain
    wrong = CliRunner().invoke(app, ["generate", "thousand", "--names", "A,B"])
    assert wrong.exit_code == 2 and "--names" in wrong.stderr


def test_an_empty_file_is_no_record(tmp_path: Path) -> None:
    path = tmp_path / "empty.kgn"
    path.write_text("")
    done = CliRunner().invoke(app, ["validate", str(path)])
    assert done.exit_code == 1 and "no game in" in done.stderr


@pytest.mark.parametrize("sample", ["thousand/01-first-hand.kgn", "bura/02-two-players.kgn", "sixtysix/01-close-made-and-failed.kgn"])
def test_annotate_fills_in_the_takers_of_a_round_the_record_does_not_finish(sample: str, tmp_path: Path) -> None:
    import re

    text = (SAMPLES / sample).read_text()
    lines = text.splitlines()
    third = next(i for i, line in enumerate(lines) if re.match(r"\s+3\. ", line))
    cut = "\n".join(lines[: third + 1]) + "\n"  # the record stops after trick 3 of its first round
    bare = re.sub(r'\[Result "[^"]*"\]\n', "", re.sub(r" -> [A-Za-z]+", "", cut))
    path = tmp_path / "cut.kgn"
    path.write_text(bare)
    done = CliRunner().invoke(app, ["annotate", str(path)])
    assert done.exit_code == 0, done.stdout
    taken = [line for line in done.stdout.splitlines() if re.match(r"\s+[123]\. ", line)]
    assert len(taken) == 3 and all(" -> " in line for line in taken), taken


def test_sheet_plot_svg_has_ticks_and_keeps_its_labels_apart_and_off_the_lines(tmp_path: Path) -> None:
    import re

    out = tmp_path / "p.svg"
    done = CliRunner().invoke(app, ["sheet", str(SAMPLES / "thousand" / "04-barrel-falls.kgn"), "--plot", str(out)])
    assert done.exit_code == 0
    svg = out.read_text()
    ticks = [int(v) for v in re.findall(r'text-anchor="end">(-?\d+)</text>', svg)]
    assert len(ticks) >= 4 and ticks in (sorted(ticks), sorted(ticks, reverse=True))  # between the ends too
    assert len(re.findall(r'text-anchor="middle">\d+</text>', svg)) >= 4  # the hands
    ends = [float(y) for y in re.findall(r'<text x="616" y="([\d.]+)" fill="#', svg)]
    assert len(ends) == 3 and min(b - a for a, b in zip(sorted(ends), sorted(ends)[1:], strict=False)) >= 13.9
    lines = [float(y) for y in re.findall(r'stroke-dasharray="6 4"/><text x="\d+" y="([\d.]+)"', svg)]
    dashed = [float(y) for y in re.findall(r'<line x1="60" y1="([\d.]+)"[^>]*stroke-dasharray', svg)]
    assert all(abs(a - b) >= 3 for a, b in zip(lines, dashed, strict=True))  # a reference line's label is off its line


def test_sheet_width_never_splits_a_word() -> None:
    done = CliRunner().invoke(app, ["sheet", str(SAMPLES / "thousand" / "01-first-hand.kgn"), "--width", "20"])
    assert done.exit_code == 0
    assert "…" not in done.stdout and "made" in done.stdout and "unfinished" in done.stdout
    assert "no\u00a0trick\u00a0(bolt)" in done.stdout or "no trick (bolt)" in done.stdout
