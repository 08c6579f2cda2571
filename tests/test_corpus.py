"""Corpora: query, stats, dedupe, split and the tidy tables (docs/data.md)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from conftest import SAMPLES
from typer.testing import CliRunner

import notation
import replay
from replay.cli import app
from replay.corpus import Statistics, cut_round, facts_of
from replay.games import generate
from replay.thousand import generate_thousand

runner = CliRunner()
ALL = sorted(str(p) for p in SAMPLES.glob("*/*.kgn"))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated Thousand corpus (about 0.3 MB) and a Bura one, in one file."""
    games = [generate_thousand(seed=s, max_hands=20) for s in range(12)]
    games += [generate(g, seed=s, players=3, deals=6) for s in range(4) for g in ("bura", "burkozel")]
    path = tmp_path_factory.mktemp("corpus") / "corpus.kgn"
    path.write_text(notation.dumps(games))
    return path


def test_every_hand_of_every_sample_cut_out_with_start_tags_validates_alone() -> None:
    for path in ALL:
        for game in notation.loads_all(Path(path).read_text()):
            for hand in facts_of(game).rounds:
                if hand.finished:
                    report = replay.check(cut_round(game, hand))
                    assert report.ok, (path, hand.number, [d.format() for d in report.diagnostics])


def test_query_hands_of_a_failed_declarer_validate_and_are_exactly_those_hands(corpus: Path) -> None:
    out = runner.invoke(app, ["query", str(corpus), "--player", "Anna", "--declarer", "Anna", "--failed", "--hands", "-j", "1"])
    assert out.exit_code == 0
    cut = notation.loads_all(out.stdout)
    assert cut and all(replay.check(g).ok for g in cut)
    expected = [
        (g.tag("Round"), h.number)
        for g in notation.loads_all(corpus.read_text())
        if g.kind == "thousand"
        for h in facts_of(g).rounds
        if h.own.declarer == "Anna" and h.own.made is False  # type: ignore[attr-defined]
    ]
    assert [(g.tag("Round"), g.hands[0].number) for g in cut] == expected  # type: ignore[union-attr]
    count = runner.invoke(app, ["query", str(corpus), "--declarer", "anna", "--failed", "--hands", "--count"])
    assert count.stdout.strip() == str(len(expected))


def test_query_filters_games_by_tag_rule_result_and_kind(corpus: Path) -> None:
    def count(*args: str) -> int:
        out = runner.invoke(app, ["query", str(corpus), "--count", *args])
        assert out.exit_code == 0, out.stderr
        return int(out.stdout)

    assert count() == 20
    assert count("--game", "bura") == 4 and count("--game", "burkozel") == 4
    assert count("--tag", "Round=3") == 3  # one Thousand game, a Bura and a Burkozel one
    assert count("--rule", "bid-step=5") == 12
    assert count("--valid") == 20 and count("--invalid") == 0
    assert count("--claim", "made") + count("--claim", "failed") >= 1
    jsonl = runner.invoke(app, ["query", str(corpus), "--game", "bura", "--format", "jsonl"])
    assert [json.loads(line)["kind"] for line in jsonl.stdout.splitlines()] == ["bura"] * 4


def test_stats_come_from_the_engine_not_from_stated_facts(corpus: Path, tmp_path: Path) -> None:
    good = runner.invoke(app, ["stats", str(corpus), "--by", "contract", "--format", "json"])
    import re

    text = corpus.read_text()
    wrong = tmp_path / "wrong.kgn"  # every Anna total stated 5 too high
    wrong.write_text(re.sub(r"(totals Anna )(-?\d+)", lambda m: f"{m[1]}{int(m[2]) + 5}", text))
    bad = runner.invoke(app, ["stats", str(wrong), "--by", "contract", "--format", "json"])
    assert json.loads(good.stdout) == json.loads(bad.stdout)
    assert "use the engine's values" in bad.stderr
    acc = Statistics()
    for g in notation.loads_all(text):
        acc.add(facts_of(g))
    by_contract = acc.groups()["contract"]
    assert json.loads(good.stdout) == by_contract
    played = sum(1 for g in notation.loads_all(text) if g.kind == "thousand" for h in g.hands if h.tricks or h.concede)
    assert sum(int(str(row["played"])) for row in by_contract) <= played


def test_stats_by_player_and_csv(corpus: Path) -> None:
    out = runner.invoke(app, ["stats", str(corpus), "--by", "player", "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert list(rows[0])[:5] == ["game", "player", "games", "wins", "win_rate"]
    anna = {r["game"]: r for r in rows if r["player"] == "Anna"}
    assert set(anna) == {"thousand", "bura", "burkozel"}, "a row per game: points, chips and penalties never averaged together"
    assert anna["thousand"]["chips"] == "" and anna["thousand"]["declared"] != ""
    assert anna["bura"]["declared"] == "" and anna["bura"]["chips"] != ""
    assert anna["burkozel"]["penalty_points"] != "" and anna["burkozel"]["claims"] == ""
    table = runner.invoke(app, ["stats", str(corpus)])
    assert "contracts made" in table.stdout and "claims" in table.stdout


def test_stats_tables_show_every_column_whole_on_a_narrow_terminal(corpus: Path) -> None:
    out = runner.invoke(app, ["stats", str(corpus), "--by", "player"], env={"COLUMNS": "50"})
    assert out.exit_code == 0
    for title in ("player): bura", "player): burkozel", "player): thousand"):
        assert title in out.stdout
    for word in ("barrel", "falls", "claims", "chips", "penalty", "declared"):
        assert word in out.stdout, f"the {word} column is shown, wider than the terminal if need be"
    assert "\u2026" not in out.stdout, "no value or heading is cut short"


def test_dedupe_drops_a_reformatted_and_annotated_copy(corpus: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.kgn"
    annotated = runner.invoke(app, ["annotate", str(corpus)]).stdout  # comments, winners, facts
    copy.write_text(annotated.replace("\n  ", "\n    "))  # another layout
    both = tmp_path / "both.kgn"
    both.write_text(corpus.read_text() + "\n" + copy.read_text())
    out = runner.invoke(app, ["dedupe", str(both), "-o", str(tmp_path / "once.kgn")])
    assert out.exit_code == 0 and "20 game(s) kept, 20 duplicate(s) dropped" in out.stderr
    assert len(notation.loads_all((tmp_path / "once.kgn").read_text())) == 20


def test_split_writes_one_file_per_game_and_cat_joins_them(corpus: Path, tmp_path: Path) -> None:
    out = runner.invoke(app, ["split", str(corpus), "-o", str(tmp_path / "games")])
    assert out.exit_code == 0
    files = sorted((tmp_path / "games").glob("*.kgn"))
    assert len(files) == 20 and files[0].name.startswith("0001-thousand-")
    joined = "\n".join(f.read_text() for f in files)
    assert notation.loads_all(joined) == notation.loads_all(corpus.read_text())


@pytest.mark.parametrize(
    "command", [["query", "--count"], ["stats"], ["dedupe", "-j", "1"], ["dedupe", "-j", "2"]], ids=" ".join
)
def test_a_game_that_is_not_utf8_is_reported_at_its_byte_by_every_corpus_command(
    command: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "latin1.kgn"
    path.write_bytes('[Game "thousand"]\n[Event "caf\xe9"]\n'.encode("latin-1"))
    out = runner.invoke(app, [*command, str(path)])
    assert out.exit_code == 1
    assert f"{path}:2:12: error[encoding]: invalid UTF-8 (byte 0xe9)" in out.stderr
    assert "game 1" in out.stderr


def test_parquet_tables_answer_the_same_as_stats_in_duckdb(corpus: Path, tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    out = runner.invoke(app, ["export", "--to", "parquet", str(corpus), "-o", str(tmp_path / "pq"), "-j", "1"])
    assert out.exit_code == 0, out.stderr
    pq = tmp_path / "pq"
    rate = duckdb.sql(
        f"select count(*), sum(made::int) from '{pq}/thousand/hands.parquet' "
        "where contract = 120 and made is not null"
    ).fetchall()[0]
    stats = json.loads(runner.invoke(app, ["stats", str(corpus), "--by", "contract", "--format", "json"]).stdout)
    row = next(r for r in stats if r["contract"] == 120)
    assert rate == (row["played"], row["made"])
    games = notation.loads_all(corpus.read_text())

    def rows(table: str) -> int:
        return int(duckdb.sql(f"select count(*) from '{pq}/{table}.parquet'").fetchall()[0][0])

    assert rows("games") == len(games)
    cards = sum(len(t.plays) for g in games if g.kind == "thousand" for h in g.hands for t in h.tricks)
    assert rows("thousand/plays") == cards
    for kind in ("bura", "burkozel"):
        laid = sum(len(a.cards) + len(a.down) for g in games if g.kind == kind for d in g.deals for e in d.events if e.kind == "trick" for a in e.answers)
        assert rows(f"{kind}/plays") == laid


def test_each_games_parquet_tables_have_its_own_columns(corpus: Path, tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    out = runner.invoke(app, ["export", "--to", "parquet", str(corpus), "-o", str(tmp_path / "pq"), "-j", "1"])
    assert out.exit_code == 0, out.stderr
    pq = tmp_path / "pq"

    def columns(table: str) -> list[str]:
        return [c[0] for c in duckdb.sql(f"describe select * from '{pq}/{table}.parquet'").fetchall()]

    assert "claim_count" not in columns("thousand/hands") and "declarer" in columns("thousand/hands")
    assert "declarer" not in columns("bura/deals") and "claim_count" in columns("bura/deals")
    assert "marriage" in columns("thousand/plays") and "face_down" not in columns("thousand/plays")
    assert "face_down" in columns("bura/plays") and "marriage" not in columns("bura/plays")
    # a marriage declared is marked on the card that declared it, as the record says
    games = notation.loads_all(corpus.read_text())
    declared = sum(p.marriage for g in games if g.kind == "thousand" for h in g.hands for t in h.tricks for p in t.plays)
    marked = duckdb.sql(f"select count(*) from '{pq}/thousand/plays.parquet' where marriage").fetchall()[0][0]
    assert declared > 0 and marked == declared
    # the cards dealt, the talon taken and the cards given: 24 dealt in a hand of three players
    dealt = duckdb.sql(
        f"select game_id, hand, count(*) from '{pq}/thousand/cards.parquet' where how = 'dealt' "
        "group by game_id, hand"
    ).fetchall()
    assert dealt and {n for _, _, n in dealt} == {24}  # three hands of 7 and the talon
    given = duckdb.sql(f"select count(*) from '{pq}/thousand/cards.parquet' where how = 'given'").fetchall()[0][0]
    gives = sum(len(h.give.cards) for g in games if g.kind == "thousand" for h in g.hands if h.give)
    assert given == gives


def test_sheet_plot_draws_every_player_with_the_barrel_and_the_target(tmp_path: Path) -> None:
    svg = tmp_path / "totals.svg"
    out = runner.invoke(app, ["sheet", str(SAMPLES / "thousand" / "04-barrel-falls.kgn"), "--plot", str(svg)])
    assert out.exit_code == 0
    text = svg.read_text()
    assert text.count("<polyline") == 3 and "barrel 880" in text and "target 1000" in text
    assert all(name in text for name in ("Anna", "Boris", "Vera"))
    burkozel = tmp_path / "penalty.svg"
    runner.invoke(app, ["sheet", str(SAMPLES / "burkozel" / "02-three-players.kgn"), "--plot", str(burkozel)])
    assert "limit 12" in burkozel.read_text()


def test_sheet_plot_writes_a_png_with_matplotlib(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "totals.png"
    out = runner.invoke(app, ["sheet", str(SAMPLES / "thousand" / "04-barrel-falls.kgn"), "--plot", str(png)])
    assert out.exit_code == 0 and png.read_bytes().startswith(b"\x89PNG")


def test_a_plot_that_is_neither_svg_nor_png_is_refused_before_anything_is_printed(tmp_path: Path) -> None:
    out = runner.invoke(app, ["sheet", str(SAMPLES / "thousand" / "04-barrel-falls.kgn"), "--plot", str(tmp_path / "t.bmp")])
    assert out.exit_code == 2 and out.stdout == "" and "--plot writes OUT.svg or OUT.png" in out.stderr
    assert not (tmp_path / "t.bmp").exists()


@pytest.mark.parametrize("command", [["sheet"], ["replay", "--plain"]], ids=" ".join)
def test_a_width_too_narrow_for_a_table_is_a_usage_error(command: list[str]) -> None:
    out = runner.invoke(app, [*command, "--width", "0", str(SAMPLES / "thousand" / "01-first-hand.kgn")])
    assert out.exit_code == 2 and out.stdout == "" and "--width" in out.stderr


def test_a_bura_session_for_a_pot_has_no_winner_so_no_win_rate_but_chips(tmp_path: Path) -> None:
    pot = tmp_path / "pot.kgn"
    pot.write_text(notation.dumps(generate("bura", seed=4, players=3, deals=5)))
    out = runner.invoke(app, ["stats", str(pot), "--by", "player", "--format", "json"])
    rows = json.loads(out.stdout)
    assert rows and all(r["wins"] is None and r["win_rate"] is None for r in rows)
    assert sum(r["chips"] for r in rows) == 0 and any(r["chips"] for r in rows)
    table = runner.invoke(app, ["stats", str(pot), "--by", "player"]).stdout
    assert "0.0" not in table and "win rate" not in table  # no column of zeros that means nothing


def test_rates_read_as_percentages_and_averages_with_two_decimals(corpus: Path) -> None:
    table = runner.invoke(app, ["stats", str(corpus), "--by", "player"]).stdout
    import re

    assert re.search(r" [0-9]{1,3}\.[0-9]%", table)
    averages = re.findall(r" -?[0-9]+\.([0-9]+) ", table)
    assert averages and all(len(d) == 2 for d in averages)


# ---- tools that write several games into one file ----------------------------------------------

JUST_STARTED = '[Game "thousand"]\n[Players "Anna" "Boris" "Vera"]\n[Dealer "Anna"]\n[Rules "classic"]\n'
"""What ``kozyr record`` writes when a game starts: a header, no hand yet."""


def games_in(path: Path) -> int:
    return len(notation.loads_all(path.read_text()))


@pytest.mark.parametrize("second", ["thousand/01-first-hand.kgn", "bura/02-two-players.kgn"])
def test_a_game_with_no_hand_yet_stays_a_game_in_every_file_written_with_another(tmp_path: Path, second: str) -> None:
    started = tmp_path / "started.kgn"
    started.write_text(JUST_STARTED)
    other = SAMPLES / second
    for files in ([started, other], [started, started]):  # the second: two equal headers
        out = tmp_path / "dedupe.kgn"
        done = runner.invoke(app, ["dedupe", *map(str, files), "-o", str(out)])
        assert games_in(out) == (2 if files[1] != started else 1), out.read_text()
        exported = runner.invoke(app, ["export", *map(str, files), "--to", "kgn"])
        assert exported.exit_code == 0 and len(notation.loads_all(exported.stdout)) == 2
        assert runner.invoke(app, ["validate", str(out)]).exit_code == 0, done.stdout
        as_json = tmp_path / "games.jsonl"
        runner.invoke(app, ["export", *map(str, files), "--to", "json", "--jsonl", "-o", str(as_json)])
        back = runner.invoke(app, ["import", str(as_json)])
        assert back.exit_code == 0 and len(notation.loads_all(back.stdout)) == 2


def test_dedupe_keeps_score_sheet_hands_that_differ_in_their_points(tmp_path: Path) -> None:
    # In a hand kept as a score sheet (calls and points, no cards) the points are the hand:
    # two records that differ there are two games (Boris scores 50 in one, 10 in the other).
    sheet = JUST_STARTED + """
hand 1
  bid Boris 100, Vera 110, Anna pass, Boris pass
  talon ?? ?? ??
  give Boris ??, Anna ??
  contract 120
  points Boris {}, Vera 95, Anna 15
"""
    one, two = tmp_path / "a.kgn", tmp_path / "b.kgn"
    one.write_text(sheet.format(50))  # the cards' 120 and a marriage of 40
    two.write_text(sheet.format(10))
    assert runner.invoke(app, ["validate", str(one), str(two)]).exit_code == 0
    out = tmp_path / "out.kgn"
    done = runner.invoke(app, ["dedupe", str(one), str(two), "-o", str(out)])
    assert "2 game(s) kept" in done.stderr + done.stdout, done.stdout
    # the same record twice, laid out otherwise, is still one game
    two.write_text(sheet.format(50).replace("\n  ", "\n    "))
    done = runner.invoke(app, ["dedupe", str(one), str(two), "-o", str(out)])
    assert "1 game(s) kept, 1 duplicate(s) dropped" in done.stderr + done.stdout


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('; [Game "sixtysix"]\n', "has no Game tag"),
        ('{[Game "bura"]}\n' + JUST_STARTED + "hand 1\n  bid Anna 100 XX\n", "'hand'"),
        ('[Game "\u00a0sixtysix\u001d"]\n[Players "A" "B"]\n', "unknown game"),
    ],
)
def test_a_games_kind_is_its_header_s_game_tag_only(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "g.kgn"
    path.write_text(text)
    done = runner.invoke(app, ["validate", str(path)])
    assert done.exit_code == 1 and says in done.stdout + done.stderr, done.stdout + done.stderr
    assert "bura" not in (done.stdout + done.stderr).split("error")[1].split("\n")[0] or says != "'hand'"


@pytest.mark.parametrize(
    ("option", "value", "suggests"),
    [("--combo", "burra", "bura"), ("--marriage", "hart", "hearts"), ("--code", "must-folow", "must-follow"), ("--end", "bogus", None)],
)
def test_query_refuses_a_filter_value_that_matches_nothing_with_a_suggestion(option: str, value: str, suggests: str | None) -> None:
    done = runner.invoke(app, ["query", *ALL, option, value])
    assert done.exit_code == 2, done.stdout
    assert value in done.stderr and (suggests is None or f"did you mean '{suggests}'" in done.stderr)


def test_every_code_the_source_raises_is_listed_and_documented() -> None:
    import re

    from replay.codes import CODES

    root = Path(replay.__file__).parent
    source = "".join(p.read_text() for p in [*root.rglob("*.py"), *Path(notation.__file__).parent.rglob("*.py")])
    raised = set(re.findall(r'code="([\w-]+)"', source)) | set(
        re.findall(r'"([a-z]+(?:-[a-z]+)+)",\s*\n?\s*(?:self\.(?:clauses|CLAUSE)\[|self\.[A-Z_]+CLAUSE|clause|"[TBKS][0-9])', source)
    )
    assert raised <= CODES, sorted(raised - CODES)
    docs = (Path(__file__).parent.parent / "docs" / "rules.md").read_text()
    assert not [c for c in CODES if f"`{c}`" not in docs]
    # and filters by a code still find what they should
    assert runner.invoke(app, ["query", *ALL, "--marriage", "Hearts", "--count"]).stdout.strip() != "0"


def test_query_hands_keeps_the_games_comment_only_on_its_first_hand() -> None:
    path = SAMPLES / "thousand" / "04-barrel-falls.kgn"
    comment = next(line for line in path.read_text().splitlines() if line.startswith("{"))
    done = runner.invoke(app, ["query", str(path), "--hands", "--made"])
    records = notation.loads_all(done.stdout)
    assert len(records) > 1
    with_comment = [r for r in records if any(comment.strip("{}") in n.text for n in r.notes)]
    assert len(with_comment) <= 1
    assert all(r.rounds[0].number == 1 for r in with_comment)
