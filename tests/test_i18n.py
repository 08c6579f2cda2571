"""The players' languages (docs/cli.md, Languages): every text marked for translation has
its Russian, Italian and Polish words; plural forms follow each language's own rule; the
language is chosen as people expect; a built package carries the catalogues compiled."""

from __future__ import annotations

import functools
import io
import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from conftest import ROOT, SAMPLES
from typer.testing import CliRunner

from notation import i18n
from replay.cli import app, take_lang

runner = CliRunner()
LOCALE = ROOT / "notation" / "locale"
KEYWORDS = {"tr": None, "ntr": (1, 2), "ptr": ((1, "c"), 2), "N_": None, "NN_": (1, 2), "NP_": ((1, "c"), 2), "switch": (4,), "Filter": (2,)}
TRANSLATED = ("ru", "it", "pl")


def marked() -> set[tuple[str | None, str | tuple[str, str]]]:
    """Every text the source marks, found by Babel's extractor (as ``pybabel extract``)."""
    found: set[tuple[str | None, str | tuple[str, str]]] = set()
    for package in ("notation", "replay"):
        for _file, _line, message, _comments, context in extract_from_dir(ROOT / package, keywords=KEYWORDS):
            found.add((context, message))
    return found


def catalogue(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALE / lang / "LC_MESSAGES" / "kozyr.po").open("rb") as handle:
        return read_po(handle, locale=lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_marked_text_has_its_translation_and_keeps_its_placeholders(lang: str) -> None:
    texts = marked()
    assert len(texts) >= 40
    cat = catalogue(lang)
    have = {(m.context, m.id): m for m in cat if m.id}
    missing = [t for t in texts if t not in have]
    assert not missing, f"{lang}: no translation of {missing}"
    assert not set(have) - texts, f"{lang}: translations of texts the source no longer has"
    for key, m in have.items():
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(s.strip() for s in strings), f"{lang}: {key} is empty"
        assert not m.fuzzy, f"{lang}: {key} is marked fuzzy"
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        fields = set(re.findall(r"\{(\w+)\}", ids[0]))
        for s in strings:
            assert set(re.findall(r"\{(\w+)\}", s)) == fields, f"{lang}: {key} -> {s!r} changes the placeholders"


def plural_form(lang: str, n: int) -> int:
    """The plural form a number takes, by each language's grammar as its grammars state
    it (written here on their own, not read from the catalogue)."""
    if lang == "it":
        return 0 if n == 1 else 1
    few = 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14
    if lang == "ru":
        return 0 if n % 10 == 1 and n % 100 != 11 else 1 if few else 2
    return 0 if n == 1 else 1 if few else 2  # pl


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_count_takes_the_plural_form_its_language_gives_that_number(lang: str) -> None:
    cat = catalogue(lang)
    forms = cat[("{n} game", "{n} games")].string
    i18n.use(lang)
    for n in range(0, 1_200):
        assert i18n.ntr("{n} game", "{n} games", n) == forms[plural_form(lang, n)], (lang, n)


def test_russian_and_polish_counts_read_as_their_speakers_say_them() -> None:
    i18n.use("ru")
    said = [i18n.ntr("{n} game", "{n} games", n).format(n=n) for n in (1, 2, 5, 21, 111)]
    assert said == ["1 партия", "2 партии", "5 партий", "21 партия", "111 партий"]
    i18n.use("pl")
    said = [i18n.ntr("{n} error", "{n} errors", n).format(n=n) for n in (1, 3, 5, 22, 12)]
    assert said == ["1 błąd", "3 błędy", "5 błędów", "22 błędy", "12 błędów"]
    assert i18n.number(1234567) == "1\u00a0234\u00a0567"
    i18n.use("it")
    assert i18n.number(1234567) == "1.234.567"
    i18n.use("en")
    assert i18n.number(1234567) == "1,234,567"


def test_the_language_is_the_flag_then_kozyr_lang_then_the_locale() -> None:
    env = {"LANG": "pl_PL.UTF-8", "LC_MESSAGES": "it_IT.UTF-8", "LC_ALL": "ru_RU.UTF-8", "KOZYR_LANG": "it"}
    assert i18n.choose("pl", env) == "pl"
    assert i18n.choose(None, env) == "it"
    del env["KOZYR_LANG"]
    assert i18n.choose(None, env) == "ru"
    del env["LC_ALL"]
    assert i18n.choose(None, env) == "it"
    del env["LC_MESSAGES"]
    assert i18n.choose(None, env) == "pl"
    assert i18n.choose(None, {"LANG": "C.UTF-8"}) == "en"
    assert i18n.choose(None, {"LC_ALL": "de_DE", "LANG": "ru_RU"}) == "en", "the first locale set decides"
    assert i18n.choose(None, {}) == "en"
    with pytest.raises(ValueError, match="kozyr speaks en, ru, it, pl"):
        i18n.choose("de")


def test_a_compiled_catalogue_says_what_the_source_catalogue_says(tmp_path: Path) -> None:
    """What a built package reads (kozyr.mo, compiled by setup.py) and what a checkout
    reads (kozyr.po, compiled in memory) give every text alike."""
    import gettext

    for lang in TRANSLATED:
        buffer = io.BytesIO()
        write_mo(buffer, catalogue(lang))
        buffer.seek(0)
        built = gettext.GNUTranslations(buffer)
        source = i18n.translations(lang)
        for context, message in marked():
            if isinstance(message, tuple):
                for n in (1, 2, 5):
                    assert built.ngettext(*message, n) == source.ngettext(*message, n)
            elif context:
                assert built.pgettext(context, message) == source.pgettext(context, message)
            else:
                assert built.gettext(message) == source.gettext(message)


THOUSAND = SAMPLES / "thousand" / "04-barrel-falls.kgn"


def test_the_score_sheet_in_russian_italian_and_polish() -> None:
    english = runner.invoke(app, ["sheet", str(THOUSAND)]).stdout
    assert "Thousand" in english and "contract" in english and "made" in english
    words = {"ru": ("Тысяча", "заказ", "сыграно", "Б на бочке"), "it": ("Mille", "contratto", "fatto", "B sulla botte"),
             "pl": ("Tysiąc", "kontrakt", "ugrane", "B na beczce")}  # fmt: skip
    for lang, expected in words.items():
        out = runner.invoke(app, ["--lang", lang, "sheet", str(THOUSAND)]).stdout.replace("\u00a0", " ")
        assert all(w in out for w in expected), (lang, out)
        assert "contract" not in out and "made" not in out
        for name in ("Anna", "Boris", "Vera"):
            assert name in out, "names stay as written"
    bura = runner.invoke(app, ["--lang", "ru", "sheet", str(SAMPLES / "bura" / "01-illustrative-game.kgn")]).stdout
    assert "ложная заявка (25)" in bura and "банк" in bura
    six = runner.invoke(app, ["--lang", "pl", "sheet", str(SAMPLES / "sixtysix" / "03-a-false-out.kgn")]).stdout
    assert "wychodzi bez 66" in six


def test_validate_counts_in_the_chosen_language(tmp_path: Path) -> None:
    files = [str(p) for p in sorted((SAMPLES / "sixtysix").glob("*.kgn"))]
    english = runner.invoke(app, ["validate", *files]).stderr.splitlines()[-1]
    assert re.fullmatch(r"\d+ games, \d+ hands/deals checked, 0 errors", english)
    russian = runner.invoke(app, ["--lang", "ru", "validate", *files]).stderr.splitlines()[-1]
    games, deals = map(int, re.findall(r"\d+", english)[:2])
    game_word = ("партия", "партии", "партий")[plural_form("ru", games)]
    deal_word = ("раздача", "раздачи", "раздач")[plural_form("ru", deals)]
    assert russian == f"проверено: {games} {game_word}, {deals} {deal_word}; 0 ошибок"
    by_env = runner.invoke(app, ["validate", *files], env={"KOZYR_LANG": "it"}).stderr.splitlines()[-1]
    assert by_env.startswith("verifica: ") and by_env.endswith("0 errori")


def test_a_file_that_cannot_be_read_is_said_in_the_chosen_language(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    said = {
        "ru": ("не удаётся прочитать", "нет такого файла", "папка, в которой нет ни одного файла .kgn"),
        "it": ("impossibile leggere", "il file non esiste", "una cartella senza alcun file .kgn"),
        "pl": ("nie można odczytać", "nie ma takiego pliku", "folder bez żadnego pliku .kgn"),
    }
    for lang, (cannot, missing, folder) in said.items():
        result = runner.invoke(app, ["--lang", lang, "validate", str(tmp_path / "nope.kgn"), str(tmp_path / "empty")])
        assert result.exit_code == 2
        assert f"kozyr: {cannot} {tmp_path / 'nope.kgn'}: {missing}" in result.stderr
        assert f"kozyr: {cannot} {tmp_path / 'empty'}: {folder}" in result.stderr
    served = runner.invoke(app, ["--lang", "ru", "serve", str(tmp_path / "nope")])
    assert served.exit_code == 2 and f"kozyr serve: {tmp_path / 'nope'}: нет такой папки" in served.stderr


def test_lang_may_follow_the_command_and_a_wrong_one_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KOZYR_LANG", raising=False)
    assert take_lang(["sheet", "--lang", "ru", "a.kgn"]) == ["sheet", "a.kgn"]
    import os

    assert os.environ["KOZYR_LANG"] == "ru"
    assert take_lang(["sheet", "--lang=it_IT", "--", "--lang", "x"]) == ["sheet", "--", "--lang", "x"]
    assert os.environ["KOZYR_LANG"] == "it"
    for wrong in (["validate", "--lang", "klingon", "a.kgn"], ["validate", "a.kgn", "--lang"], ["--lang=", "validate"]):
        with pytest.raises(SystemExit) as info:
            take_lang(wrong)
        assert info.value.code == 2, wrong
    wrong = runner.invoke(app, ["--lang", "de", "validate", str(THOUSAND)])
    assert wrong.exit_code == 2 and "kozyr speaks en, ru, it, pl" in wrong.stderr


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_card_face_shows_the_players_letters_and_reads_back_as_the_same_card(lang: str) -> None:
    """ru Т К Д В 10 9, it A R D F 10 9, pl A K D W 10 9 on the faces (with suit symbols);
    the readers take each face back as the card it shows."""
    from notation.cards import canonical_card
    from replay.render import card_text

    i18n.use(lang)
    faces = {code: card_text(code).plain for code in (r + s for r in "9TJQKA" for s in "SCDH")}
    assert {face[:-1] for face in faces.values()} == set(
        {"ru": "9 10 В Д К Т", "it": "9 10 F D R A", "pl": "9 10 W D K A"}[lang].split()
    )
    assert all(canonical_card(face) == code for code, face in faces.items())
    assert card_text("QS", symbols=False).plain == "QS", "without symbols a card is its KGN code"


def test_the_table_speaks_the_language_and_keeps_the_record_s_words() -> None:
    out = runner.invoke(app, ["--lang", "pl", "replay", "--plain", "--at", "2.3", str(THOUSAND)]).stdout
    assert "gracz" in out and "lewy" in out and "atut: kara" in out
    assert "Anna" in out and "QS" in out


def test_the_phone_speaks_the_browsers_language_and_remembers_a_choice(tmp_path: Path) -> None:
    """``kozyr serve``: each phone's page, prompts and answers in its browser's language
    (Accept-Language), a language chosen on the page kept in a cookie, and the server's
    own (``--lang``) for a browser that asks for none kozyr speaks; the record is KGN."""
    import httpx
    from serving import Client, Server, new_game

    folder = tmp_path / "games"
    folder.mkdir()
    server = Server(folder, "--lang", "pl")
    try:
        key = new_game(server, "friday.kgn", "thousand", "Anna, Boris, Vera", "Vera")
        play = f"{server.base}/play/friday.kgn?k={key}"
        russian = httpx.get(play, headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"}, timeout=10)
        assert '<html lang="ru">' in russian.text and ">отменить<" in russian.text and "запись очков" in russian.text
        config = json.loads(re.search(r'id="kozyr-serve">(.*?)</script>', russian.text, re.S)[1])  # type: ignore[index]
        assert config["words"]["the server cannot be reached"] == "сервер недоступен"
        assert config["ranks"]["Q"] == "\u0414"
        phone = Client(server, "friday.kgn", key)
        phone.http.headers["Accept-Language"] = "ru"
        assert phone.state()["prompt"] == "раздача 1: сдача"
        after = phone.enter("Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: KS QS KC QC JC JD JH / talon: TH 9C JS")
        assert after["prompt"] == "ставка, Anna"
        refused = phone.post({"answer": "x"})
        assert refused.status_code >= 400 and re.search("[а-я]", refused.json()["error"]), refused.text
        # no language the server speaks: the server's own (--lang pl)
        german = httpx.get(play, headers={"Accept-Language": "de-DE,de;q=0.9"}, timeout=10)
        assert '<html lang="pl">' in german.text and ">cofnij<" in german.text
        # chosen on the page: kept in a cookie, over the browser's language
        chosen = httpx.get(play + "&lang=it", headers={"Accept-Language": "ru"}, timeout=10)
        assert "kozyr-lang=it" in chosen.headers["set-cookie"] and ">annulla<" in chosen.text
        again = httpx.get(play, headers={"Accept-Language": "ru"}, cookies={"kozyr-lang": "it"}, timeout=10)
        assert '<html lang="it">' in again.text
        assert "deal Anna: AS TS KH QH AH 9H 9S" in (folder / "friday.kgn").read_text(encoding="utf-8")
        # two watchers of the same seat and version: each gets the board in its own words
        data = f"{server.base}/api/friday.kgn/data?k={server.link('seat', 'friday.kgn', 'Boris')}&seat=Boris"
        english = httpx.get(data, headers={"Accept-Language": "en"}, timeout=10).json()
        russian_data = httpx.get(data, headers={"Accept-Language": "ru"}, timeout=10).json()
        assert english["words"]["trump"] == "trump" and russian_data["words"]["trump"] == "козырь"
        assert english["result"] != russian_data["result"]
    finally:
        server.kill()


CLAUSE = re.compile(r"\*\*([TBKS]\d+(?:\.\d+)?)\*\*")


@pytest.mark.parametrize(("lang", "games"), [("ru", "TBK"), ("it", "T")])
def test_the_translated_rulebooks_have_every_clause_of_their_games(lang: str, games: str) -> None:
    """docs/ru/rules.md (Thousand, Bura, Burkozel) and docs/it/rules.md (Thousand): the
    same clause ids as docs/rules.md, each once, in the same order."""
    english = [c for c in CLAUSE.findall((ROOT / "docs" / "rules.md").read_text(encoding="utf-8")) if c[0] in games]
    translated = CLAUSE.findall((ROOT / "docs" / lang / "rules.md").read_text(encoding="utf-8"))
    assert translated == english


@pytest.mark.parametrize("lang", ["ru", "it"])
def test_the_translated_quick_start_shows_what_kozyr_prints(lang: str) -> None:
    page = (ROOT / "docs" / lang / "README.md").read_text(encoding="utf-8")
    shown = re.search(rf"\$ kozyr validate samples/\*/\*\.kgn --lang {lang}\n\s+(.+)\n", page)
    assert shown is not None
    files = [str(p) for p in sorted(SAMPLES.glob("*/*.kgn"))]
    printed = runner.invoke(app, ["--lang", lang, "validate", *files]).stderr.splitlines()[-1]
    assert printed == shown[1].strip()
    for command in ("python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/kozyr validate samples/*/*.kgn",
                    "python3 -m venv .venv && .venv/bin/pip install -q '.[test]' && .venv/bin/python -m pytest"):  # fmt: skip
        assert command in page and command in (ROOT / "README.md").read_text(encoding="utf-8")


def test_no_diagnostic_needs_a_players_gender() -> None:
    """In English no pronoun stands for a player (a translation can then be written
    without one): every diagnostic of the corpus of wrong records, one per code."""
    from conftest import INVALID

    out = runner.invoke(app, ["validate", "--format", "json", str(INVALID)])
    found = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert len(found) > 100
    gendered = [d["message"] for d in found if re.search(r"\b(he|his|him|himself|she|her|hers|herself)\b", d["message"], re.I)]
    assert not gendered


LOCATION = ("file", "line", "column", "code", "clause", "game", "hand", "trick", "seat")


@functools.cache
def _diagnostics(lang: str) -> list[dict[str, object]]:
    from conftest import INVALID

    files = sorted(str(p) for p in INVALID.rglob("*.kgn"))
    out = runner.invoke(app, ["--lang", lang, "validate", "--format", "json", *files])
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_diagnostic_of_the_wrong_records_speaks_the_language_at_the_same_place(lang: str) -> None:
    """`kozyr validate --lang ru` of every wrong record: the same file, line, column, code,
    clause, game, hand and trick as in English, and each message, its note and its
    location words in the language (none is left as the English text)."""
    english, local = _diagnostics("en"), _diagnostics(lang)
    assert len(english) > 130 and len(local) == len(english)
    for en, there in zip(english, local, strict=True):
        assert [there[k] for k in LOCATION] == [en[k] for k in LOCATION]
        assert there["message"] != en["message"], (lang, en["message"])
        if en["hint"]:
            assert there["hint"] != en["hint"], (lang, en["hint"])
        assert there["legal"] == en["legal"]  # moves are KGN: never translated
    if lang == "ru":
        assert all(re.search("[а-яё]", str(d["message"]), re.I) for d in local)


def test_a_russian_diagnostic_reads_as_a_player_says_it(tmp_path: Path) -> None:
    """The worked example: a bid over the cap of a hand with no marriage, in Russian, at its
    column, with its clause; the location words and the count of the summary agree."""
    record = tmp_path / "cap.kgn"
    record.write_text(
        '[Game "thousand"]\n[Players "Anna" "Boris" "Vera"]\n[Dealer "Vera"]\n[Rules "classic"]\n'
        '[Result "*"]\n\nhand 1\n'
        "  deal Anna: AS TS KS QS JS 9S AC / Boris: AD TD KD JD 9D TC QH /\n"
        "       Vera: AH TH KH JH 9H KC QD / talon: QC JC 9C\n"
        "  bid Anna 100, Boris 130\n",
        encoding="utf-8",
    )
    out = runner.invoke(app, ["--lang", "ru", "validate", str(record)])
    lines = out.stderr.splitlines()
    assert out.exit_code == 1
    assert lines[0] == (
        f"{record}:10:17: error[T3.3 bid-cap]: Boris: ставка 130 выше предела 120 "
        "(марьяжей на руке нет): партия 1, раздача 1"
    ), lines[0]
    assert lines[-1] == "проверено: 1 партия, 1 раздача; 1 ошибка"


def test_annotate_writes_its_comments_in_the_language_chosen_or_as_comments_says() -> None:
    """The comments annotate writes into a record follow --lang; --comments en keeps a
    record shared abroad exactly as an English run writes it, while the messages stay in
    the language chosen."""
    sample = str(SAMPLES / "bura" / "02-two-players.kgn")
    english = runner.invoke(app, ["annotate", sample]).stdout
    russian = runner.invoke(app, ["--lang", "ru", "annotate", sample]).stdout
    kept = runner.invoke(app, ["--lang", "ru", "annotate", "--comments", "en", sample]).stdout
    assert "{Anna claims with 35 and takes the pot of 2}" in english
    assert "{Anna заявляет 35 очков и забирает банк 2}" in russian
    assert kept == english
    wrong = runner.invoke(app, ["annotate", "--comments", "de", sample])
    assert wrong.exit_code == 2 and "--comments: kozyr speaks en, ru, it, pl, not 'de'" in wrong.stderr


def test_the_command_line_help_is_in_the_language_chosen() -> None:
    """kozyr's own help texts (the commands, their options, the games' filters and the
    rule switches of `kozyr rules`) come from the catalogue; Click's few words stay."""
    import subprocess
    import sys

    top = subprocess.run(
        [sys.executable, "-c", "from replay.cli import main; main()", "--help", "--lang", "ru"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout  # fmt: skip
    assert "Запись, проверка, просмотр и разбор партий" in top and "Показать версию." in top
    assert "validate  Проиграть каждую партию по её правилам" in top
    query = runner.invoke(app, ["--lang", "pl", "query", "--help"]).stdout
    assert "Tysiąc: rozdania, w których ten gracz rozgrywał." in query
    rules = runner.invoke(app, ["--lang", "it", "rules", "sixtysix"]).stdout
    assert "interruttori (il primo valore è il predefinito):" in rules
    assert "il nove di briscola si può scambiare con la carta scoperta" in rules
    english = runner.invoke(app, ["rules", "sixtysix"], env={"KOZYR_LANG": "en"}).stdout
    assert "the trump nine may be exchanged for the turned card" in english


def test_stats_shows_its_words_in_the_language_and_keeps_its_keys_as_data() -> None:
    folder = str(SAMPLES)
    table = runner.invoke(app, ["--lang", "ru", "stats", folder]).stdout
    assert "неверные партии" in table and "сыграно заказов" in table
    data = runner.invoke(app, ["--lang", "ru", "stats", "--format", "json", folder]).stdout
    assert '"statistic": "invalid games"' in data
    heads = runner.invoke(app, ["--lang", "pl", "stats", "--by", "player", folder]).stdout
    assert "odsetek wygranych" in heads


def test_the_analysis_speaks_the_language_chosen() -> None:
    """`kozyr analyze` in Russian: the summary of each round and each play's line, the
    reason an ending is not solved; moves stay KGN (``KC marriage``, ``out``)."""
    six = runner.invoke(app, ["--lang", "ru", "analyze", str(SAMPLES / "sixtysix" / "01-close-made-and-failed.kgn")]).stdout
    assert "сдача 1: выход. Со взятки 7, когда известны все карты: Ivan +2, Olga -2" in six
    assert "Перелом во взятке 7: ход KC marriage игрока Olga стоил игроку Olga 2" in six
    assert "<- стоит 2; лучше AS или AC или TD или AH" in six
    assert "(ни в один момент сдачи не все карты были известны всем игрокам)" in six
    hand = runner.invoke(app, ["--lang", "ru", "analyze", "--hand", "1", str(SAMPLES / "thousand" / "01-first-hand.kgn")]).stdout
    assert "раздача 1: Anna: заказ 120 сыгран, взято 120 очков. При лучшей игре всех сторон Anna может взять 205" in hand
    assert "9C 120 (-85; лучше TS или 9H или QH или TH или AH)" in hand
    for text in (six, hand):
        assert not re.search(r"\b(trick|kept|costs|best|with every card known|could take)\b", text), text


def test_dates_and_numbers_are_written_as_each_language_writes_them() -> None:
    """A record's date on the page and a count in a summary: Babel's locale data (an
    independent table: CLDR), checked against what a reader of each language writes."""
    from replay.page import page_title

    expected = {"en": "2026.11.24", "ru": "24 ноября 2026 г.", "it": "24 novembre 2026", "pl": "24 listopada 2026"}
    for lang, text in expected.items():
        i18n.use(lang)
        assert i18n.date_text("2026.11.24").replace("\u202f", " ") == text  # CLDR's narrow space
        assert i18n.date_text("2026.??.??") == "2026.??.??"  # a date with unknown parts stays KGN
    i18n.use("ru")
    assert i18n.number(12345).replace("\u00a0", " ") == "12 345"
    import notation

    record = notation.loads('[Game "bura"] [Event "Клуб"]')
    assert page_title(record, "x.kgn", 2) == "Клуб (партия 2)"
    i18n.use("it")
    assert i18n.number(12345) == "12.345"
    i18n.use("en")


def test_the_workers_of_jobs_speak_the_language_chosen() -> None:
    """`kozyr --lang ru validate --jobs 2`: the diagnostics come from worker processes, in
    Russian as the command was asked."""
    import subprocess
    import sys

    from conftest import INVALID

    files = [str(p) for p in sorted((INVALID / "thousand").glob("*.kgn"))[:6]]
    out = subprocess.run(
        [sys.executable, "-c", "from replay.cli import main; main()", "--lang", "ru", "validate", "--jobs", "2", *files],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    lines = [line for line in out.stderr.splitlines() if "error[" in line]
    assert out.returncode == 1 and len(lines) >= 6
    assert all(re.search("[а-я]", line.split("]: ", 1)[1]) for line in lines), lines
