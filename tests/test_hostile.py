"""Hostile input: every shape gives a record or a located error, never a traceback, in
linear time (issue: hostile input)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import notation
from replay.cli import app

runner = CliRunner()
H = '[Game "thousand"]\n[Players "A" "B" "C"]\n[Dealer "C"]\n[Rules "classic"]\n'
B = '[Game "bura"]\n[Players "A" "B"]\n[Dealer "B"]\n[Rules "classic"]\n'
COMMANDS = [["validate"], ["validate", "-j", "2"], ["fmt"], ["export", "--to", "json"], ["annotate"], ["replay", "--plain"], ["sheet"]]

HOSTILE = {
    "huge bid": H + "hand 1\n  bid A 1" + "0" * 5000 + "\n",
    "huge hand number": H + "hand 1" + "0" * 5000 + "\n",
    "huge trick number": H + "hand 1\n  bid A 100, B pass, C pass\n  1" + "0" * 5000 + ". A AS\n",
    "huge nag": H + "hand 1\n  bid A 100 $1" + "0" * 5000 + "\n",
    "huge score": H + "hand 1\n  score A 1" + "0" * 5000 + "\n",
    "huge pot": B + "deal 1\n  pot 1" + "0" * 5000 + "\n",
    "huge open": B + "deal 1\n  hands A: 6H 7H 8H / B: 9S TS JS / trump: QC\n  open A 1" + "0" * 5000 + "\n",
    "superscript FirstHand": H + '[FirstHand "²"]\nhand 1\n',
    "superscript target": H.replace("classic", "classic target=²") + "hand 1\n",
    "huge target": H.replace("classic", "classic target=1" + "0" * 5000) + "hand 1\n",
    "huge Totals": H + '[Totals "1' + "0" * 5000 + '" "0" "0"]\nhand 1\n',
    "huge Ante": B + '[Ante "1' + "0" * 5000 + '"]\ndeal 1\n',
    "deep variations": H + "hand 1\n  bid A 100" + " (A 105" * 300 + ")" * 300 + "\n",
}


TAG_VALUES = {"superscript FirstHand", "superscript target", "huge target", "huge Totals", "huge Ante"}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
def test_a_hostile_record_gives_a_located_error_in_every_command(tmp_path: Path, name: str, command: list[str]) -> None:
    path = tmp_path / "h.kgn"
    path.write_text(HOSTILE[name])
    result = runner.invoke(app, [*command, str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.stderr
    if name in TAG_VALUES and command[0] in ("fmt", "export"):
        assert result.exit_code == 0  # a tag value is text until the rules read it
        return
    assert result.exit_code == 1, result.stderr[-500:]
    assert f"{path}:" in result.stderr + result.stdout
    assert max(len(line) for line in (result.stderr + result.stdout).splitlines()) < 300  # cut


def test_fifty_nested_variations_are_fine_and_fifty_one_are_not() -> None:
    ok = H + "\nhand 1\n  bid A 100" + " (A 105" * 50 + ")" * 50 + "\n"
    assert notation.dumps(notation.loads(ok)) == ok
    with pytest.raises(notation.KgnSyntaxError) as info:
        notation.loads(H + "hand 1\n  bid A 100" + " (A 105" * 51 + ")" * 51 + "\n")
    assert "nested more than 50 deep" in info.value.message and info.value.column == len('  bid A 100') + 7 * 50 + 2


def seconds(text: str, command: list[str], tmp_path: Path) -> float:
    path = tmp_path / "t.kgn"
    path.write_text(text)
    start = time.process_time()
    runner.invoke(app, [*command, str(path)])
    return time.process_time() - start


@pytest.mark.parametrize(
    "shape",
    [
        lambda n: "\n" * n + H,  # leading blank lines
        lambda n: H + "hand 1\n" + "  score A 0\n" * (n // 12),  # many errors in one game
        lambda n: B + "deal 1\n  hands A: 6H 7H 8H / B: 9S TS JS / trump: QC\n" + "  pot 0\n" * (n // 8),
    ],
    ids=["blank-lines", "errors-per-game", "bura-pot-lines"],
)
def test_pathological_shapes_take_linear_time(shape: object, tmp_path: Path) -> None:
    make = shape  # type: ignore[assignment]
    small = seconds(make(250_000), ["validate", "-j", "1"], tmp_path)  # type: ignore[operator]
    large = seconds(make(1_000_000), ["validate", "-j", "1"], tmp_path)  # type: ignore[operator]
    assert large < 8 * max(small, 0.05), (small, large)


def test_one_game_reports_its_first_hundred_errors_and_counts_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "many.kgn"
    path.write_text(B + "deal 1\n  hands A: 6H 7H 8H / B: 9S TS JS / trump: QC\n" + "  pot 0\n" * 250)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.stderr.count("error[") == 100
    assert "and 150 more errors in this game" in result.stderr


def test_every_error_of_every_readable_file_is_reported_and_unreadable_ones_too(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kgn"
    bad.write_text(H + "\nhand 1\n  bid A 103\n")
    folder = tmp_path / "folder"
    folder.mkdir()
    result = runner.invoke(app, ["validate", "-j", "1", str(bad), str(folder), str(tmp_path / "none.kgn")])
    assert result.exit_code == 2
    assert "error[T3.2 bid-step]" in result.stderr
    assert f"cannot read {folder}: a folder" in result.stderr and "none.kgn: no such file" in result.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_four_hundred_bad_games_give_four_hundred_errors(tmp_path: Path, jobs: str) -> None:
    path = tmp_path / "bad400.kgn"
    path.write_text("\n".join([H + "\nhand 1\n  bid A 103\n"] * 400))
    result = runner.invoke(app, ["validate", "-j", jobs, str(path)])
    assert result.exit_code == 1 and result.stderr.count("error[T3.2 bid-step]") == 400
