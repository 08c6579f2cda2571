"""Sixty-six (docs/rules.md, S1-S13): the rules as the table enforces them, the samples, the
invalid corpus, and every command on the game's records."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import INVALID, ROOT, SAMPLES, diagnostics_of
from typer.testing import CliRunner

import notation
import replay
from notation.errors import IllegalMoveError
from replay.checker import round_results
from replay.cli import app
from replay.sixtysix import Close, DrawCard, Exchange, GoOut, PlayCard, game_points
from replay.sixtysix.engine import RoundResult

runner = CliRunner()
SIXTYSIX = sorted((SAMPLES / "sixtysix").glob("*.kgn"))

# Boris deals, so Anna leads first (S3).  Hearts are trump; Anna holds its marriage.
HANDS = "hands Anna: KH QH AS TS AC 9D / Boris: AH TH KS QS JC 9C / trump: 9H / stock: JH KC QC TC AD TD KD QD JD JS 9S"
# The same, with the jack of hearts turned and the trump nine in Anna's hand.
NINE = "hands Anna: 9H QH AS TS AC 9D / Boris: AH TH KS QS JC 9C / trump: JH / stock: KH KC QC TC AD TD KD QD JD JS 9S"


def table(deal: str = HANDS, rules: str = "classic") -> replay.Table:
    t = replay.new_table("sixtysix", ["Anna", "Boris"], dealer="Boris", rules=rules)
    t.push(t.parse_move(deal))
    return t


def play(t: replay.Table, *events: str) -> None:
    """Each event pushed, and the draws that follow from the known stock after it."""
    for event in events:
        t.push(t.parse_move(event))
        while (auto := t.automatic_move()) is not None:
            t.push(auto)


def card(text: str) -> int:
    return notation.cards.parse_card(text)


# ---- the rules ---------------------------------------------------------------------------


def test_the_non_dealer_leads_the_first_trick_and_the_taker_leads_the_next() -> None:
    t = table()
    assert t.to_move == 0  # S3: Boris dealt
    with pytest.raises(IllegalMoveError) as info:
        t.push(t.parse_move("Boris AH"))
    assert (info.value.code, info.value.clause) == ("wrong-leader", "S3")
    play(t, "Anna AS", "Boris KS")
    assert t.last_winner == 0 and t.to_move == 0


def test_the_taker_draws_first_and_the_turned_card_comes_last_to_the_loser() -> None:
    rng = random.Random(5)
    t = table()
    drawn: list[tuple[int, int | None]] = []
    loser_of_last = None
    while t.round is not None and not t.round.exhausted:
        if t.phase == "draw":
            move = t.legal_moves()[0]
            assert isinstance(move, DrawCard)
            if not drawn or len(drawn) % 2 == 0:
                assert move.seat == t.last_winner  # S4: the taker first
            drawn.append((move.seat, move.card))
            loser_of_last = 1 - (t.last_winner or 0)
            t.push(move)
            continue
        plays = [m for m in t.legal_moves() if isinstance(m, PlayCard) and not m.marriage]
        t.push(rng.choice(plays))
    assert len(drawn) == 12 and drawn[-1] == (loser_of_last, card("9H"))


def test_a_draw_from_a_stock_nobody_placed_does_not_come_by_itself() -> None:
    """With only the hands and the trump card written, the draws after a trick are the
    record's to name: the table after the draws that come by themselves is the table
    itself, and the search of a deal says why it cannot start (not a crash)."""
    t = replay.new_table("sixtysix", ["Anna", "Boris"], dealer="Boris")
    t.push(t.parse_move("hands Anna: AS TS KS QS JS 9S / Boris: AH TH KH QH JH 9H / trump: AC"))
    t.push(t.parse_move("Anna AS"))
    t.push(t.parse_move("Boris AH"))
    assert t.phase == "draw" and t.automatic_move() is None
    assert t.past_draws() is t
    search = replay.GAMES["sixtysix"].faster_search(t, 1000)
    if search is not None:  # Sixty-six's C search, where built: it says why it cannot start
        with pytest.raises(ValueError, match="not known"):
            search.value(t, 0)


def test_a_marriage_counts_only_once_its_holder_takes_a_trick() -> None:
    t = table()
    play(t, "Anna KH marriage", "Boris AH")  # 40 in trumps, shown, not counted yet
    assert t.count(0) == 0 and t.count(1) == 15
    play(t, "Boris 9C", "Anna KC")  # her first trick: 4 and the marriage
    assert t.count(0) == 44


def test_the_trump_nine_is_given_for_the_turned_card_after_a_trick() -> None:
    t = table(NINE)
    with pytest.raises(IllegalMoveError) as info:
        t.push(Exchange(0))
    assert (info.value.code, info.value.clause) == ("exchange-invalid", "S7")
    play(t, "Anna AS", "Boris KS")
    assert Exchange(0) in t.legal_moves()
    play(t, "exchange Anna")
    deal = t.round
    assert deal is not None and deal.trump_card == card("9H")
    assert card("JH") in deal.holdings.known[0] and card("9H") not in deal.holdings.known[0]
    assert Exchange(0) not in t.legal_moves()


def test_after_a_close_the_follower_follows_suit_and_takes_the_trick_if_he_can() -> None:
    t = table(NINE)
    play(t, "Anna AS", "Boris KS")
    assert t.legal_moves()[0] == GoOut(0) and Close(0) in t.legal_moves()
    open_stock = t.clone()
    play(t, "close Anna", "Anna TS")
    assert t.legal_cards(1) == [card("QS")]  # S5: follow, though it cannot win
    play(open_stock, "Anna TS")
    assert len(open_stock.legal_cards(1)) == 6  # S4: any of his six cards while the stock is open
    with pytest.raises(IllegalMoveError) as info:
        t.push(t.parse_move("Boris AH"))
    assert (info.value.code, info.value.clause) == ("must-follow", "S5")


def test_a_false_out_gives_the_other_player_two_or_three_game_points() -> None:
    t = table()
    play(t, "Anna AS", "Boris KS", "out Anna")  # 15, not 66
    res = t.results[-1]
    assert (res.end, res.winner, res.scores) == ("false-out", 1, {0: 0, 1: 3})  # Boris: no trick
    t = table()
    play(t, "Anna TS", "Boris AH", "Boris 9C", "Anna AC", "out Anna")
    assert t.results[-1].scores == {0: 0, 1: 2}  # Boris took a trick


def test_going_out_on_a_marriage_before_any_trick_is_a_false_out() -> None:
    # S9: one may go out on showing a marriage; without a trick it counts nothing yet, so
    # this out loses the deal (Boris, who took no trick, scores 3), as it would a trick later.
    text = """[Game "sixtysix"]
[Players "Anna" "Boris"]
[Dealer "Boris"]
[Rules "classic"]

deal 1
  hands Anna: AS TS KS QS AC TC / Boris: 9S JS 9C JC 9D JD / trump: JH / stock: AH TH KH 9H QH AD TD KD QD KC QC
  1. Anna KS marriage
  out Anna
  points Anna 0, Boris 0
  score Anna 0, Boris 3
  totals Anna 0, Boris 3
"""
    report = replay.check(notation.loads(text))
    assert report.ok, [d.format() for d in report.diagnostics]
    res = round_results(report, RoundResult)[-1]
    assert (res.end, res.winner, res.scores) == ("false-out", 1, {0: 0, 1: 3})


def test_a_closer_who_goes_out_short_of_66_fails_the_close_counted_at_the_close() -> None:
    # S11: Anna closes before Boris has a trick, Boris then takes one, and Anna goes out with
    # 11: her close failed, and Boris scores 3 (no trick when she closed), not S9's 2.
    t = table("hands Anna: AS TS KS QS AC 9D / Boris: 9S JS 9C JC AD TD / trump: JH / stock: AH TH KH 9H QH KD QD JD KC QC TC")
    play(t, "close Anna", "Anna 9D", "Boris TD", "Boris 9C", "Anna AC", "out Anna")
    res = t.results[-1]
    assert (res.end, res.winner, res.scores) == ("closed-failed", 1, {0: 0, 1: 3})


def test_the_losers_count_includes_the_last_trick_he_took() -> None:
    # S12 with S10: over random deals played out (nobody closes or goes out), the loser's
    # count, worked out here from the record's tricks, includes the last trick's 10 when he
    # took it, and the winner's game points follow from it.
    from notation.sixtysix.records import Trick

    rng = random.Random(7)
    seen = 0
    for _ in range(200):
        t = replay.new_table("sixtysix", ["Anna", "Boris"], dealer="Boris")
        while not t.results:
            moves = t.legal_moves()
            calm = [m for m in moves if not isinstance(m, GoOut | Close)]
            t.push(rng.choice(calm) if calm else t.random_move(rng))
        res = t.results[-1]
        if res.end != "played-out" or res.winner is None:
            continue
        loser = 1 - res.winner
        tricks = [e for e in t.record().rounds[0].events if isinstance(e, Trick)]
        taken = [tr for tr in tricks if tr.winner is not None and tr.winner.seat == t.players[loser]]
        if tricks[-1] not in taken:
            continue
        seen += 1
        count = sum(notation.cards.card_points(card(p.card)) for tr in taken for p in tr.plays)
        marriages = res.points[loser] - count - 10  # what is left: his marriages, 20s and 40s
        assert marriages >= 0 and marriages % 20 == 0, (res, count)
        assert res.scores[res.winner] == game_points(res.points[loser], True)
    assert seen > 5


def test_game_points_follow_the_losers_count_and_tricks() -> None:
    assert [game_points(n, True) for n in (33, 60, 32, 0)] == [1, 1, 2, 2]
    assert game_points(0, False) == 3


@pytest.mark.parametrize("path", SIXTYSIX, ids=lambda p: p.name)
def test_every_deal_of_the_samples_scores_as_s9_to_s12_say(path: Path) -> None:
    report = replay.check(notation.loads(path.read_text()))
    assert report.ok
    bonus = 0
    for res in round_results(report, RoundResult):
        if res.winner is None:
            assert res.end == "tie" and res.scores == {0: 0, 1: 0} and res.points[0] == res.points[1]
            bonus += 1
            continue
        loser = 1 - res.winner
        if res.end in ("out", "played-out"):
            want = game_points(res.points[loser], res.tricks.get(loser, 0) > 0)
        else:  # a false out (S9), a failed close (S11)
            assert res.end in ("false-out", "closed-failed")
            want = res.scores[res.winner] - bonus
            assert want in (2, 3)
        assert res.scores == {res.winner: want + bonus, loser: 0}, res
        bonus = 0
    last = round_results(report, RoundResult)[-1]
    assert last.winner is not None and last.totals[last.winner] >= 7  # S13
    assert report.result == report.players[last.winner]


def test_the_samples_show_every_move_of_the_game() -> None:
    ends, closes, marriages = set(), set(), set()
    texts = [p.read_text() for p in SIXTYSIX]
    for text in texts:
        for res in round_results(replay.check(notation.loads(text)), RoundResult):
            ends.add(res.end)
            if res.closed_by is not None:
                closes.add("made" if res.winner == res.closed_by else "failed")
            if res.end in ("out", "played-out"):
                ends.add({1: "", 2: "schneider", 3: "schwarz"}[max(res.scores.values())])
    assert {"out", "false-out", "played-out", "tie", "closed-failed", "schneider", "schwarz"} <= ends
    assert closes == {"made", "failed"}
    assert any("exchange" in t for t in texts)

    class Marriages(replay.Visitor):
        def visit_move(self, table, node, where):  # type: ignore[no-untyped-def]
            if self.depth == 0 and getattr(node, "marriage", False):
                marriages.add("strict" if table.round.strict else "open")

    for text in texts:
        replay.replay_record(notation.loads(text), visitor=Marriages())
    assert marriages == {"open", "strict"}
    assert "65, Boris 65" in (SAMPLES / "sixtysix" / "02-a-65-65-deal.kgn").read_text().replace("Marta", "Anna").replace("Pavel", "Boris")


def test_one_players_view_with_unknown_cards_validates() -> None:
    text = (SAMPLES / "sixtysix" / "04-one-players-view.kgn").read_text()
    assert "Boris: ?? ?? ?? ?? ?? ??" in text and "draw Boris ??" in text
    report = replay.check(notation.loads(text))
    assert report.ok and report.result == "Anna"
    wrong = text.replace("  2. Boris JC, Anna JS -> Boris", "  2. Boris JC, Anna KS -> Boris", 1)
    codes = [d.code for d in replay.check(notation.loads(wrong)).diagnostics]
    assert codes and codes[0] == "card-not-held"  # Anna's own cards are known: KS is not one


# ---- the invalid corpus --------------------------------------------------------------------


def test_every_sixtysix_code_has_an_invalid_record() -> None:
    here = Path(replay.__file__).parent / "sixtysix"
    source = (here / "engine.py").read_text() + (here / "table.py").read_text()
    codes = set(re.findall(r'"([a-z]+(?:-[a-z]+)+)",\s*\n?\s*"S[0-9]', source))
    codes |= set(re.findall(r'code="([\w-]+)"', source))
    have = {p.stem for p in (INVALID / "sixtysix").glob("*.kgn")}
    internal = {"bad-move"}  # a move of another game pushed on the table
    assert codes and not codes - have - internal, sorted(codes - have - internal)


@pytest.mark.parametrize("path", sorted((INVALID / "sixtysix").glob("*.kgn")), ids=lambda p: p.stem)
def test_sixtysix_diagnostics_cite_s_clauses_and_say_deal(path: Path) -> None:
    for d in diagnostics_of(path):
        if d.code in ("syntax", "encoding"):
            continue
        assert d.clause and d.clause[0] == "S", d.format()
        assert not re.search(r"\bhands? \d", d.format()), d.format()


# ---- the commands --------------------------------------------------------------------------


def kozyr(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from replay.cli import main; main()", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def test_validate_fmt_export_and_import_take_the_samples() -> None:
    files = [str(p) for p in SIXTYSIX]
    assert kozyr("validate", *files).returncode == 0
    assert kozyr("fmt", "--check", *files).returncode == 0
    exported = kozyr("export", *files)
    assert exported.returncode == 0
    assert all(g["kind"] == "sixtysix" for g in json.loads(exported.stdout))
    back = runner.invoke(app, ["import", "-"], input=exported.stdout)
    assert back.exit_code == 0
    assert notation.loads_all(back.stdout) == [g for p in SIXTYSIX for g in notation.loads_all(p.read_text())]
    schema = json.dumps(json.loads(kozyr("schema").stdout))
    assert '"sixtysix"' in schema and "exchange" in schema


def test_replay_shows_the_stock_the_trump_card_and_a_closed_stock() -> None:
    out = runner.invoke(app, ["replay", "--plain", "--ascii", str(SIXTYSIX[0])])
    assert out.exit_code == 0
    assert "stock: 12 cards" in out.stdout and "trump: 9H" in out.stdout
    assert "stock closed:" in out.stdout and "closes the stock" in out.stdout
    assert "shows the marriage (40)" in out.stdout or "shows the marriage (20)" in out.stdout


def test_sheet_annotate_and_generate() -> None:
    out = runner.invoke(app, ["sheet", str(SIXTYSIX[1])])
    assert out.exit_code == 0 and "a tie when all was played" in out.stdout
    annotated = runner.invoke(app, ["annotate", str(SIXTYSIX[0])])
    assert annotated.exit_code == 0
    assert replay.check(notation.loads(annotated.stdout)).ok
    generated = runner.invoke(app, ["generate", "sixtysix", "--games", "3", "--seed", "7"])
    assert generated.exit_code == 0
    games = notation.loads_all(generated.stdout)
    assert len(games) == 3 and all(replay.check(g).ok for g in games)
    assert runner.invoke(app, ["generate", "sixtysix", "--players", "3"]).exit_code == 2


def test_query_stats_dedupe_and_the_rules() -> None:
    files = [str(p) for p in SIXTYSIX]
    closed = runner.invoke(app, ["query", *files, "--closed", "--hands", "-j", "1"])
    assert closed.exit_code == 0
    cut = notation.loads_all(closed.stdout)
    assert cut and all(replay.check(g).ok for g in cut)
    ties = runner.invoke(app, ["query", *files, "--end", "tie", "--count", "-j", "1"])
    assert ties.stdout.strip() == "1"
    assert runner.invoke(app, ["query", *files, "--end", "draw"]).exit_code == 2
    stats = runner.invoke(app, ["stats", *files, "--by", "player", "--format", "json", "-j", "1"])
    rows = [r for r in json.loads(stats.stdout) if r["game"] == "sixtysix"]
    assert rows and all(r["game_points"] is not None and r["deals_won"] is not None for r in rows)
    dedupe = runner.invoke(app, ["dedupe", *files, files[0]])
    assert "1 duplicate(s) dropped" in dedupe.stderr
    rules = runner.invoke(app, ["rules", "sixtysix"])
    assert "nine-exchange" in rules.stdout and "S7" in rules.stdout


def test_parquet_tables_of_sixtysix(tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    out = runner.invoke(app, ["export", "--to", "parquet", *map(str, SIXTYSIX), "-o", str(tmp_path), "-j", "1"])
    assert out.exit_code == 0, out.stderr
    deals = duckdb.sql(f"select count(*) from '{tmp_path}/sixtysix/deals.parquet'").fetchall()[0][0]
    assert deals == sum(len(notation.loads(p.read_text()).rounds) for p in SIXTYSIX)
    marked = duckdb.sql(f"select count(*) from '{tmp_path}/sixtysix/plays.parquet' where marriage").fetchall()[0][0]
    shown = sum(len(re.findall(r" [9TJQKA][SCDH] marriage", p.read_text())) for p in SIXTYSIX)
    assert shown and marked == shown


def test_a_deal_recorded_at_the_table_validates(tmp_path: Path) -> None:
    lines = [
        "Anna: KH QH AS TS AC 9D / Boris: AH TH KS QS JC 9C / trump: 9H / stock: JH KC QC TC AD TD KD QD JD JS 9S",
        "KH marriage", "AH", "9C", "KC", "close Anna", "out Anna", "",
    ]  # fmt: skip
    path = tmp_path / "g.kgn"
    done = subprocess.run(
        [sys.executable, "-c", "from replay.cli import main; main()", "record", "sixtysix",
         "--players", "Anna,Boris", "--dealer", "Boris", "-o", str(path)],
        input="".join(line + "\n" for line in lines), capture_output=True, text=True, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    game = notation.loads(path.read_text())
    report = replay.check(game)
    assert report.ok, [d.format() for d in report.diagnostics]
    res = round_results(report, RoundResult)[0]
    assert (res.end, res.closed_by) == ("closed-failed", 0)  # 44 is not 66: the close failed (S11)
    assert "close Anna" in path.read_text() and "out Anna" in path.read_text()


def test_the_recorder_takes_exchange_close_and_out_without_a_name() -> None:
    table = replay.new_table("sixtysix", ["Ivan", "Olga"], dealer="Olga")
    for event in [
        "hands Ivan: AS QS KC QC 9D AH / Olga: TS JS 9C TH KH 9H / trump: JD / stock: JH TC KS AC QH AD KD QD JC TD 9S",
        "Ivan KC marriage", "Olga 9C",
    ]:  # fmt: skip
        table.push(table.parse_move(event))
    while (draw := table.automatic_move()) is not None:  # the stock's order is known
        table.push(draw)
    kind = replay.GAMES["sixtysix"]
    assert kind.question(table).event_for("exchange") == "exchange Ivan"
    assert kind.question(table).event_for("Close") == "close Ivan"
    assert kind.question(table).event_for("out") == "out Ivan"
    table.push(table.parse_move("Ivan JH"))
    # Olga may not go out or close when answering: the words name the player to move, and
    # the engine says why not
    assert kind.question(table).event_for("out") == "out Olga"
    with pytest.raises(replay.IllegalMoveError) as refused:
        table.push(table.parse_move("out Olga"))
    assert refused.value.clause == "S9"


SAMPLE_ONE = (SAMPLES / "sixtysix" / "01-close-made-and-failed.kgn").read_text()


def first_error(text: str) -> tuple[str, str | None, str]:
    d = next(d for d in replay.check(notation.loads(text)).diagnostics if d.severity == "error")
    return d.code, d.clause, d.format()


def test_a_trick_after_going_out_is_out_of_order_by_s9_at_the_trick_written() -> None:
    head = SAMPLE_ONE.split("  5. Ivan QD")[0]
    code, clause, text = first_error(head + "  out Ivan\n  5. Ivan QD, Olga 9D -> Ivan\n")
    assert (code, clause) == ("out-of-order", "S9"), text
    assert "every card" not in text and "deal 1 is over" in text and "trick 5" in text


def test_a_forgotten_point_of_a_65_65_deal_cites_s10() -> None:
    text = (SAMPLES / "sixtysix" / "02-a-65-65-deal.kgn").read_text()
    wrong = text.replace("  score Marta 3, Pavel 0 {Marta went out with 69", "  score Marta 2, Pavel 0 {Marta went out with 69", 1)
    assert wrong != text
    code, clause, said = first_error(wrong)
    assert (code, clause) == ("wrong-score", "S10"), said
    assert "65-65" in said


def test_a_card_not_held_is_said_before_the_duty_to_follow() -> None:
    # After the close Olga must follow suit; QS is neither hers nor a spade she could follow with.
    head = SAMPLE_ONE.split("  1. Olga JD")[0]
    code, clause, text = first_error(head + "  close Olga\n  1. Olga JD, Ivan 9C -> Olga\n")
    assert code != "must-follow" and clause != "S5", text


def test_a_wrong_point_count_cites_how_the_deal_ended() -> None:
    text = SAMPLE_ONE.replace("  points Ivan 73, Olga 12", "  points Ivan 75, Olga 12", 1)
    code, clause, said = first_error(text)
    assert (code, clause) == ("wrong-points", "S9"), said  # deal 1 ended by going out
