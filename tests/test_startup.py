"""Start-up: the grammar tables are cached in the user's cache directory, and a bad cache
is never fatal (docs/cli.md, Start-up and the cache)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from notation.grammar import grammar_digest

SAMPLES = ROOT / "samples"
LENIENT = ROOT / "tests" / "data" / "lenient"
SAMPLE = LENIENT / "thousand-tab.kgn"
"""A sample with a tab for one space (free layout): only the grammar reads it (the fast
reader takes canonical text), so the grammar's tables are needed."""
BURA = LENIENT / "bura-tab.kgn"


def validate(cache: str, *files: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KOZYR_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", "from replay.cli import main; main()", "validate", *map(str, files)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )


def test_the_first_run_writes_the_cache_and_the_next_reads_it(tmp_path: Path) -> None:
    first = validate(str(tmp_path / "c"), SAMPLE)
    assert first.returncode == 0, first.stdout + first.stderr
    cached = sorted((tmp_path / "c").glob("lark-*.pickle"))
    assert [p.name for p in cached] == [f"lark-thousand-records-{grammar_digest()}.pickle"]
    stamp = cached[0].stat().st_mtime_ns
    again = validate(str(tmp_path / "c"), SAMPLE)
    assert again.returncode == 0 and again.stdout == first.stdout
    assert cached[0].stat().st_mtime_ns == stamp, "a good cache is read, not rewritten"


def test_a_corrupt_or_foreign_cache_is_rebuilt_silently(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    cached = folder / f"lark-thousand-records-{grammar_digest()}.pickle"
    for garbage in (b"", b"\x00" * 50, b"not a pickle\n\x80\x04junk", b"0" * 64 + b"\n\x80\x04N."):
        cached.write_bytes(garbage)
        run = validate(str(folder), SAMPLE)
        assert run.returncode == 0 and "Traceback" not in run.stdout + run.stderr, run.stderr
        assert cached.stat().st_size > 10_000  # rebuilt


def test_tables_cached_from_other_grammar_files_are_never_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lark checks a cache file against the grammar it opens but not against the grammars
    that one imports: a change to common.lark alone (a new card spelling) must still give
    new tables, and the old file goes."""
    import shutil

    from notation import grammar

    copy = tmp_path / "grammar"
    shutil.copytree(grammar.grammar_dir(), copy)
    monkeypatch.setattr(grammar, "grammar_dir", lambda: copy)
    monkeypatch.setenv("KOZYR_CACHE_DIR", str(tmp_path / "c"))
    grammar.grammar_digest.cache_clear()
    try:
        before = grammar.cache_file("thousand-records")
        assert before is not None
        Path(before).write_bytes(b"tables of the grammar as it was")
        common = copy / "common.lark"
        common.write_text(common.read_text(encoding="utf-8") + "\n// a change to an imported grammar\n", encoding="utf-8")
        grammar.grammar_digest.cache_clear()
        after = grammar.cache_file("thousand-records")
        assert after is not None and after != before
        assert not Path(before).exists(), "the stale tables are deleted"
    finally:
        grammar.grammar_digest.cache_clear()


def test_no_usable_cache_directory_still_works(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder would be")
    for cache in ("", str(blocked / "kozyr")):
        run = validate(cache, SAMPLE)
        assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert blocked.read_text().startswith("a file")


def test_both_grammars_read_the_same_records_cold_and_warm(tmp_path: Path) -> None:
    bura = BURA
    cold = validate(str(tmp_path / "c"), SAMPLE, bura)
    warm = validate(str(tmp_path / "c"), SAMPLE, bura)
    assert cold.returncode == warm.returncode == 0 and cold.stdout == warm.stdout


def test_the_lenient_samples_are_the_samples_with_a_tab_for_one_space() -> None:
    pairs = [
        (SAMPLE, SAMPLES / "thousand" / "01-first-hand.kgn"),
        (BURA, SAMPLES / "bura" / "01-illustrative-game.kgn"),
    ]
    for lenient, sample in pairs:
        a, b = lenient.read_text(), sample.read_text()
        assert a != b and "\t" in a and len(a) == len(b)
        assert sum(x != y for x, y in zip(a, b, strict=True)) == 1


def loaded_after(*args: str) -> set[str]:
    """The top-level packages and kozyr modules a `kozyr ARGS` run has imported."""
    code = (
        "import sys\nfrom replay.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return set(run.stderr.split("\n")[-2].split())


def test_checking_a_canonical_thousand_file_loads_no_grammar_no_pydantic_and_no_other_game() -> (
    None
):
    modules = loaded_after("validate", str(SAMPLES / "thousand" / "01-first-hand.kgn"))
    assert "replay.thousand" in modules  # the run did check the file
    for absent in (
        "lark",
        "pydantic",
        "replay.bura",
        "replay.burkozel",
        "concurrent.futures.process",
        "textual",
        # what the game shows, generates and keeps for the corpus tools loads when used
        "replay.view",
        "replay.facts",
        "replay.thousand.view",
        "replay.thousand.facts",
        "replay.thousand.view",
    ):
        assert absent not in modules, (
            f"{absent} is loaded by `kozyr validate` of a small canonical file"
        )


def test_the_grammar_and_pydantic_load_when_a_command_needs_them() -> None:
    assert "lark" in loaded_after("validate", str(SAMPLE))  # a tab: only the grammar reads it
    assert "pydantic" in loaded_after("schema")
    help_modules = loaded_after("--help")
    assert not {"lark", "pydantic", "textual"} & help_modules


def test_the_command_being_run_is_the_only_one_built_and_behaves_as_in_the_whole_app() -> None:
    from typer.testing import CliRunner

    from replay.cli import app, app_for

    runner = CliRunner()
    names = [c.name or c.callback.__name__.replace("_", "-") for c in app.registered_commands]
    assert len(names) > 10 and "import" in names
    for name in names:
        assert [c.callback for c in app_for([name, "x"]).registered_commands] == [
            c.callback for c in app.registered_commands if c.name == name or c.callback.__name__.replace("_", "-") == name
        ]  # fmt: skip
        for args in ([name, "--help"], [name, "--no-such-option"]):
            one, whole = runner.invoke(app_for(args), args), runner.invoke(app, args)
            assert (one.exit_code, one.output) == (whole.exit_code, whole.output), args
    for args in ([], ["--help"], ["--version"], ["valdate", "x.kgn"], ["-j", "2", "validate"]):
        assert app_for(args) is app  # help, suggestions and errors see every command
    typo = runner.invoke(app, ["valdate", "x.kgn"])
    assert typo.exit_code == 2 and "validate" in typo.output


def test_validate_with_files_alone_builds_no_app() -> None:
    # the commonest command runs its work at once (replay.cli.check); any option, or no
    # file, goes through the app
    alone = loaded_after("validate", str(SAMPLES / "thousand" / "01-first-hand.kgn"))
    assert "replay.thousand" in alone  # the file was checked
    assert not {"typer", "click", "rich", "replay.cli.commands"} & alone
    jobs = loaded_after("validate", "-q", "--jobs", "1", str(SAMPLES / "thousand" / "01-first-hand.kgn"))
    assert "replay.thousand" in jobs and "typer" not in jobs
    assert "typer" in loaded_after("validate", "--first", str(SAMPLES / "thousand" / "01-first-hand.kgn"))
    assert "typer" in loaded_after("validate")


def kozyr(*args: str) -> tuple[int, str, str]:
    run = subprocess.run(
        [sys.executable, "-c", "from replay.cli import main; main()", *args],
        capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    return run.returncode, run.stdout, run.stderr


@pytest.mark.parametrize(
    "files",
    [
        ["samples/thousand/01-first-hand.kgn"],
        ["samples"],  # folders are opened into their files
        ["tests/data/invalid/sixtysix", "samples/bura"],  # errors: exit 1
        ["samples/thousand/01-first-hand.kgn", "no-such-file.kgn"],  # exit 2, the rest checked
        ["tests/data/lenient"],  # read by the grammar
    ],
)
def test_validate_with_files_alone_says_what_the_app_says(files: list[str]) -> None:
    alone = kozyr("validate", *files)
    through_the_app = kozyr("validate", "--format", "text", *files)  # an option: the app reads them
    assert alone == through_the_app
    assert alone[0] == (0 if files in (["samples"], ["tests/data/lenient"], ["samples/thousand/01-first-hand.kgn"]) else 1 if "invalid" in files[0] else 2)
    assert kozyr("--lang", "ru", "validate", *files) == kozyr("validate", "--lang", "ru", "--format", "text", *files)
    for options in (["-j", "1"], ["--jobs", "2"], ["-q"], ["--quiet", "-j", "1"]):  # read without the app too
        assert kozyr("validate", *options, *files) == kozyr("validate", "--format", "text", *options, *files)


def test_only_files_and_jobs_are_read_without_the_app() -> None:
    from replay.cli import plain_validate

    assert plain_validate(["validate", "a.kgn", "-j", "2", "b"]) == (["a.kgn", "b"], {"jobs": 2})
    assert plain_validate(["validate", "-q", "--jobs", "1", "a.kgn"]) == (["a.kgn"], {"quiet": True, "jobs": 1})
    assert plain_validate(["validate", "a.kgn", "--quiet"]) == (["a.kgn"], {"quiet": True})
    assert plain_validate(["validate", "a.kgn"]) == (["a.kgn"], {})
    for args in (
        ["validate"], ["validate", "-j", "1"], ["validate", "-", "a.kgn"], ["validate", "--first", "a.kgn"], ["validate", "-qj", "1", "a.kgn"],
        ["validate", "-j", "0", "a.kgn"], ["validate", "-j", "x", "a.kgn"], ["validate", "a.kgn", "-j"],
        ["validate", "-j", "1", "-j", "2", "a.kgn"], ["validate", "--", "a.kgn"], ["fmt", "a.kgn"], [],
    ):  # fmt: skip
        assert plain_validate(args) is None, args
    # what the app says of them is the app's: exit 2 and its message
    code, _, err = kozyr("validate", "-j", "0", "samples")
    assert code == 2 and "--jobs" in err


def test_what_a_pool_imports_before_it_forks_is_the_first_games_kind_only() -> None:
    # What every worker needs is imported once, in the process they are forked from
    # (replay.pool.imap_games with warm=load_kind); a text with no known Game tag loads
    # nothing and raises nothing, the worker reports it.
    code = """
import sys
from notation.parse import GameText
from replay.games import load_kind
def ours():
    return {m for m in sys.modules if m.startswith("replay.")}
start = ours()
load_kind(GameText('[Event "no Game tag"]\\n', 1, 1, "a.kgn"))
load_kind(GameText('[Game "chess"]\\n', 1, 1, "a.kgn"))
before = ours()
load_kind(GameText('[Game "bura"]\\n[Players "A" "B"]\\n\\ndeal 1\\n  1. ???\\n', 1, 1, "a.kgn"))
print((sorted(before - start), sorted(ours() - before)))
"""
    run = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert run.returncode == 0, run.stderr
    nothing, loaded = ast.literal_eval(run.stdout)
    assert nothing == []
    assert "replay.bura" in loaded and "replay.bura.table" in loaded
    assert not any(m.startswith(("replay.thousand", "replay.burkozel")) for m in loaded)
