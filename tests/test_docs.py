"""The documentation is the user's rulebook: complete, and the only one the repository cites."""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

from replay.facts import PlayerStats
from replay.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "rules.md").read_text()


def shipped_text() -> list[tuple[Path, str]]:
    out = []
    for folder in ("notation", "replay", "grammar", "samples", "docs", "tests/data"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".md", ".kgn", ".lark"):
                out.append((path, path.read_text(encoding="utf-8", errors="replace")))
    out.append((ROOT / "README.md", (ROOT / "README.md").read_text()))
    return out


def test_nothing_points_at_a_rulebook_users_do_not_have() -> None:
    bad = [str(p) for p, text in shipped_text() if "RULES.md" in text or "shared/" in text]
    assert not bad


def test_every_clause_the_engines_cite_is_written_out_in_the_rulebook() -> None:
    source = "".join(path.read_text() for path in (ROOT / "replay").rglob("*.py"))
    cited = set(re.findall(r'"([TBK]\d+(?:\.\d+)?)"', source))
    assert len(cited) > 30
    defined = set(re.findall(r"\*\*([TBK]\d+(?:\.\d+)?)\*\*", RULES))
    assert not cited - defined, sorted(cited - defined)


def test_every_switch_and_value_is_in_the_rulebook() -> None:
    house = RULES[RULES.index("## House rules") :]
    sections = {
        game: house[house.index(f"### {GAMES[game].title} (") :].split("\n### ")[0]
        for game in GAMES
    }
    for game in GAMES:
        for sw in GAMES[game].rulebook.switches:
            lines = sections[game].splitlines()
            row = next((line for line in lines if line.startswith(f"| `{sw.name}` |")), None)
            assert row is not None, sw.name
            for value in sw.values:
                assert value in row, (sw.name, value)


def test_the_api_examples_run_and_print_what_the_page_says(capsys: object, monkeypatch: object) -> None:
    """Every code block of docs/api.md that imports something runs as written."""
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch) and isinstance(capsys, pytest.CaptureFixture)
    monkeypatch.chdir(ROOT)
    text = (ROOT / "docs" / "api.md").read_text()
    blocks = ["\n".join(line[4:] for line in b.split("\n")) for b in re.findall(r"\n((?:    .*\n|\n)+)", text)]
    examples = [b for b in blocks if "import" in b]
    assert len(examples) >= 5
    for code in examples:
        exec(compile(code, "docs/api.md", "exec"), {})
    out = capsys.readouterr().out
    for promised in ("T5.1 must-follow ['9S']", "[(1, 'Anna', 'KH'), (1, 'Boris', 'QD')]",
                     "['Anna TS', 'Anna AS', 'Anna 9C'"):
        assert promised in out


def test_the_readme_table_example_runs(capsys: object, monkeypatch: object) -> None:
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch) and isinstance(capsys, pytest.CaptureFixture)
    monkeypatch.chdir(ROOT)
    text = (ROOT / "README.md").read_text()
    blocks = ["\n".join(line[4:] for line in b.split("\n")) for b in re.findall(r"\n((?:    .*\n|\n)+)", text)]
    example = next(b for b in blocks if "new_table" in b)
    exec(compile(example, "README.md", "exec"), {})
    assert '[Game "bura"]' in capsys.readouterr().out


def test_extras_are_installed_from_the_source_folder_as_the_readme_installs_kozyr() -> None:
    # kozyr is installed from its source (pip install .), not from a package index: the
    # extras are '.[data]', '.[dask]', never 'kozyr[data]'.
    bad = [str(p) for p, text in shipped_text() if "kozyr[" in text]
    assert not bad


def test_a_missing_extra_names_the_install_that_brings_it(tmp_path: Path, monkeypatch: object) -> None:
    import sys

    import pytest
    from typer.testing import CliRunner

    from replay.cli import app

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as where pyarrow is not installed
    monkeypatch.setitem(sys.modules, "distributed", None)
    sample = str(ROOT / "samples" / "thousand" / "01-first-hand.kgn")
    result = CliRunner().invoke(app, ["export", sample, "--to", "parquet", "-o", str(tmp_path / "t")])
    assert result.exit_code == 2 and "pip install '.[data]'" in result.output
    result = CliRunner().invoke(app, ["validate", sample, "--dask=local"])
    assert result.exit_code == 2 and "pip install '.[dask]'" in result.output and "Traceback" not in result.output


def test_the_jupyter_notebook_in_the_docs_runs_and_shows_a_record_and_a_table() -> None:
    """docs/jupyter.ipynb, run as a reader runs it (a real kernel, through nbclient): the
    record shows as highlighted KGN, the table as a card table, and in Russian after
    ``use("ru")``: the players' card letters and words."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(ROOT / "docs" / "jupyter.ipynb", as_version=4)
    assert not any(cell.get("outputs") for cell in notebook.cells)  # kept without outputs
    client = NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT / "docs")}})
    client.execute()
    shown = [
        output["data"]["text/html"]
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.get("output_type") == "execute_result"
    ]
    record, table, russian = shown
    assert 'class="highlight"' in record and "Game" in record and "thousand" in record
    assert "kozyr-table" in table and "hand 1 · trick 1" in table and "Anna" in table
    assert "раздача 1 · взятка 1" in russian and "заказ" in russian
    assert ">Т<" not in table and "Т\u2665" in russian  # the ace of hearts as Russians write it


def walk_through() -> dict[str, str]:
    """The rows of docs/architecture.md's "A new game": each file and what it holds."""
    text = (ROOT / "docs" / "architecture.md").read_text()
    section = text.split("**A new game.**", 1)[1].split("\n\n", 2)[1]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 2 and cells[0].startswith("`"):
            rows[cells[0]] = cells[1]
    return rows


def test_the_walk_through_of_a_new_game_names_the_files_every_game_has() -> None:
    from replay.model import GameKind

    rows = walk_through()
    per_game = [re.findall(r"`([^`]*<game>[^`]*)`", f) for f in rows if "(where needed)" not in f]
    paths = [p for found in per_game for p in found if not p.startswith("class")]
    assert "replay/<game>/__init__.py" in paths and "replay/<game>/engine.py" in paths
    for optional in ("notation/<game>/build.py", "notation/<game>/read.py"):
        assert optional not in paths  # a game with a stock may do without
    for name in GAMES:
        kind = GAMES[name]
        base = type(kind).__mro__[1]
        if base is not GameKind:  # a variant: its kind is a subclass of its game's
            assert isinstance(kind, base) and GAMES[kind.notation.grammar].name != name
            continue
        for path in paths:
            assert (ROOT / path.replace("<game>", name)).exists(), (name, path)


def test_a_game_is_at_most_eight_files_of_python() -> None:
    """The files every game has, and Sixty-six's whole packages (it has nothing else: its
    reader and its builder are the shared ones), are at most eight modules."""
    rows = walk_through()
    required = [f for f in rows if "<game>/" in f and f.endswith(".py`") and "(where needed)" not in f]
    assert len(required) <= 8, required
    sixtysix = [*(ROOT / "notation" / "sixtysix").glob("*.py"), *(ROOT / "replay" / "sixtysix").glob("*.py")]
    assert len(sixtysix) <= 8, sorted(str(p.relative_to(ROOT)) for p in sixtysix)


def test_every_game_kind_is_a_class_that_names_its_game_once_on_its_table() -> None:
    """As the walk-through says: the table names the game, the kind and the checker read it
    there, and every hook ``GameKind`` leaves open is overridden by name."""
    from notation.kinds import NotationKind
    from replay.model import GameKind

    open_hooks = [
        name
        for name, value in vars(GameKind).items()
        if callable(value) and "raise NotImplementedError" in inspect.getsource(value)
    ]
    assert "generate" in open_hooks
    for name in GAMES:
        kind = GAMES[name]
        assert isinstance(kind, GameKind) and type(kind) is not GameKind
        assert kind.name == kind.table.game == name
        assert kind.title == kind.table.title == GAMES.titles()[list(GAMES).index(name)]
        assert kind.rulebook is kind.table.RULEBOOK and kind.rulebook.game == name
        assert kind.checker.table_class is kind.table
        assert kind.notation.name == name and type(kind.notation) is not NotationKind
        assert isinstance(kind.notation, NotationKind)
        for hook in open_hooks:
            assert getattr(type(kind), hook) is not getattr(GameKind, hook), (name, hook)
        for hooks, module in (("views", "view"), ("facts", "facts"), ("questions", "view")):
            owner = next(c for c in type(kind).__mro__ if hooks in vars(c))  # the game's kind
            package = owner.__module__  # the kind is its package's __init__.py
            assert getattr(kind, hooks).__name__ == f"{package}.{module}", (name, hooks)
        assert isinstance(kind.stats(), PlayerStats)  # its facts module's STATS, or its own
        assert not {"game", "title", "round_word", "rulebook"} & set(vars(kind.checker))


def test_every_table_gives_what_table_leaves_open_and_writes_records_through_one_path() -> None:
    """``record()`` and ``push_into`` are written once, in ``Table``; each game's table gives
    the translator and the hooks they ask (``position_before``, ``append_move``, the stock
    games' through ``StockEngine``) and its start tags (``START``, which ``start_tags``
    writes for every game), and nothing else writes a record of a table."""
    from replay.stock import StockEngine
    from replay.table import Table

    def open_hooks(cls: type) -> set[str]:
        return {
            name
            for name, value in vars(cls).items()
            if inspect.isfunction(value) and "raise NotImplementedError" in inspect.getsource(value)
        }

    assert {"move_of", "node_of", "position_before", "append_move"} <= open_hooks(Table)
    assert "start_tags" not in open_hooks(Table) and Table.START == ()
    assert "round_facts" in open_hooks(StockEngine)
    for name in GAMES:
        table = GAMES[name].table
        one_card = name in ("thousand", "sixtysix")  # a move is one card (Bura's: a lay of several)
        for base in (Table, StockEngine):
            if issubclass(table, base):
                for hook in open_hooks(base) - ({"play_move"} if not one_card else set()):
                    assert getattr(table, hook) is not getattr(base, hook), (name, hook)
        assert "push_into" not in vars(table) and not hasattr(sys.modules[table.__module__], "record_of")
        assert table.START and "start_tags" not in vars(table), name
