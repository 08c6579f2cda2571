"""``kozyr serve``: recording and watching from phones, over HTTP on 127.0.0.1.

The server runs as a child process (``tests/serving.py``), as a user starts it.  The
recording tests tap the page in Debian's Chromium through selenium with a phone's screen
(412x915, touch); on a machine without Chromium they are skipped, except under CI, where
that is a failure.  The records they make must equal records written by hand.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import SAMPLES
from serving import Client, Server, Watchers, new_game

import notation
import replay
from notation.api import write_game
from replay.page import page_data
from replay.steps import replay_steps

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

SHEET_HAND = """[Game "thousand"]
[Players "Anna" "Boris" "Vera"]
[Dealer "Anna"]
[Rules "classic"]

hand 1
  bid Boris 100, Vera 110, Anna pass, Boris pass
  talon ?? ?? ??
  give Boris ??, Anna ??
  contract 120
  points Anna 15, Boris 10, Vera 95
  score Anna +15, Boris +10, Vera -120
  totals Anna 15, Boris 10, Vera -120
"""
"""A score-sheet hand as a club's sheet keeps it: the calls, the contract and the points."""

FULL_HAND = """[Game "thousand"]
[Players "Anna" "Boris" "Vera"]
[Dealer "Vera"]
[Rules "classic"]

hand 1
  deal Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: KS QS KC QC JC JD JH / talon: TH 9C JS
  bid Anna 100, Boris 110, Vera pass, Anna 115, Boris pass
  talon TH 9C JS
  give Boris 9S, Vera JS
  contract 120
  1. Anna AS, Boris 9S, Vera QS -> Anna
  2. Anna KH marriage, Boris 9D, Vera JH -> Anna
  3. Anna 9C, Boris AC, Vera JC -> Boris
  4. Boris QD marriage, Vera JD, Anna 9H -> Boris
  5. Boris AD, Vera KS, Anna TS -> Boris
  6. Boris TD, Vera JS, Anna QH -> Boris
  7. Boris KD, Vera KC, Anna TH -> Boris
  8. Boris TC, Vera QC, Anna AH -> Boris
  points Anna 120, Boris 180, Vera 0
  score Anna +120, Boris +180, Vera 0
  totals Anna 120, Boris 180, Vera 0
"""
"""samples/thousand/01-first-hand.kgn without its tags, comments, glyphs and variation."""

BURA_DEAL = """[Game "bura"]
[Players "Oleg" "Mikhail" "Ilya"]
[Dealer "Oleg"]
[Rules "classic"]
[Ante "5"]

deal 1
  hands Mikhail: TH 6H 9C / Ilya: 6S 7D JC / Oleg: 7H KD 8S / trump: KH
  pot 15
  1. Mikhail 6H TH / Ilya down 6S 7D / Oleg 7H down KD -> Mikhail
  draw Mikhail AH, Ilya 8D, Oleg 9H, Mikhail 7C, Ilya TS, Oleg QC
  2. Mikhail AH / Ilya 8D / Oleg 9H -> Mikhail
  open Mikhail 25 fail
  pot 30
  chips Oleg -5, Mikhail -20, Ilya -5
"""
"""A Bura deal with a failed claim (25 of 31), the one kozyr record's tests enter."""


def canonical(text: str) -> str:
    return write_game(notation.loads(text))


def valid(path: Path) -> bool:
    report = replay.check(notation.loads(path.read_text(encoding="utf-8")), file=str(path))
    return not [d for d in report.diagnostics if d.severity == "error"]


# ---- the browser -------------------------------------------------------------------------


def phone_driver(accept_language: str | None = None) -> Any:
    """A headless Chromium as a 412x915 phone; ``accept_language`` is the languages its
    browser asks for (``ru``), as a phone set to Russian does."""
    if not (CHROMIUM and CHROMEDRIVER):
        if os.environ.get("CI"):
            pytest.fail("Chromium and chromedriver are needed (apt-get install chromium chromium-driver)")
        pytest.skip("no Chromium on this machine")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.add_experimental_option(
        "mobileEmulation",
        {
            "deviceMetrics": {"width": 412, "height": 915, "pixelRatio": 2.625, "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36",
        },
    )
    if accept_language is not None:
        options.add_experimental_option("prefs", {"intl.accept_languages": accept_language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_page_load_timeout(30)
    return driver


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    driver = phone_driver()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def watcher() -> Iterator[Any]:
    driver = phone_driver()
    yield driver
    driver.quit()


def version(driver: Any) -> str:
    return str(driver.execute_script("return document.documentElement.dataset.version || ''"))


def wait(condition: Any, timeout: float = 10.0, what: str = "") -> float:
    """Wait until ``condition()`` holds; the seconds it took."""
    start = time.perf_counter()
    while not condition():
        if time.perf_counter() - start > timeout:
            raise TimeoutError(what)
        time.sleep(0.01)
    return time.perf_counter() - start


class Phone:
    """The recording page on a phone, tapped as a player taps it."""

    def __init__(self, driver: Any, url: str) -> None:
        self.d = driver
        driver.get(url)
        wait(lambda: driver.execute_script("return document.documentElement.dataset.ready === '1'"), what="page ready")

    def css(self, selector: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.d.find_element(By.CSS_SELECTOR, selector)

    def settled(self) -> None:
        """Wait until the buttons take taps again (they do not for a moment after each new
        position, so that a tap meant for the old one is not taken)."""
        wait(lambda: not self.d.execute_script("return document.body.classList.contains('settling')"), what="the buttons settle")

    def _tap(self, element: Any) -> str:
        before = version(self.d)
        element.click()
        wait(lambda: version(self.d) != before or self.message() != "", what="the entry's answer")
        assert self.message() == "", self.message()
        self.settled()
        return version(self.d)

    def message(self) -> str:
        return str(self.css("#message").text)

    def choice(self, event: str) -> str:
        """Tap the button of one legal move."""
        found = [b for b in self.d.find_elements("css selector", "#choices button.choice") if b.get_attribute("data-event") == event]
        assert found, f"no button for {event!r}: {self.css('#choices').text!r}"
        return self._tap(found[0])

    def enter(self) -> str:
        """Tap the button of what Enter gives (a card not seen, the contract at the bid)."""
        return self._tap(self.css("#choices button.enter"))

    def words(self, *words: str) -> str:
        """Tap the chips of an event's words, then the enter button (opening the composer
        where buttons cover the event)."""
        opener = self.d.find_elements("css selector", "#open-compose")
        if opener:
            opener[0].click()
        for w in words:
            chips = [b for b in self.d.find_elements("css selector", "#words button") if b.get_attribute("data-word") == w]
            assert chips, f"no chip {w!r}"
            chips[0].click()
        return self._tap(self.css("#send"))

    def tally(self, **points: int) -> str:
        for name, value in points.items():
            self.css(f'#tally input[data-player="{name}"]').send_keys(str(value))
        return self._tap(self.css("#tally button"))

    def part(self, text: str, last: bool = False) -> str:
        """Tap the button of one part of a move offered part by part (a give); the last
        part enters the move."""
        self.settled()
        found = [b for b in self.d.find_elements("css selector", "#choices button.part") if b.get_attribute("data-part") == text]
        assert found, f"no part {text!r}: {self.css('#choices').text!r}"
        if last:
            return self._tap(found[0])
        found[0].click()
        return version(self.d)

    def prompt(self) -> str:
        return str(self.css("#prompt").text)


# ---- recording by tapping ------------------------------------------------------------------


@pytest.mark.browser_and_load
def test_a_score_sheet_hand_tapped_on_a_phone_while_another_watches(server: Server, phone: Any, watcher: Any) -> None:
    # The host starts the game from the folder's page, as a person does.
    phone.get(f"{server.base}/?k={server.admin}")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    form = phone.find_element(By.ID, "new")
    form.find_element(By.NAME, "name").send_keys("friday")
    Select(form.find_element(By.NAME, "game")).select_by_value("thousand")
    form.find_element(By.NAME, "players").send_keys("Anna, Boris, Vera")
    form.find_element(By.NAME, "dealer").send_keys("Anna")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(lambda: "/play/friday.kgn" in phone.current_url, what="the recording page")
    p = Phone(phone, phone.current_url)
    p.css("#mode").click()  # score-sheet mode: no cards to enter
    assert p.css("#mode").get_attribute("aria-pressed") == "true"
    assert not p.css("#typed").is_displayed()  # no cards to type: the composer is closed

    watcher.get(f"{server.base}/watch/friday.kgn?k={server.link('watch', 'friday.kgn')}")
    wait(lambda: watcher.execute_script("return document.documentElement.dataset.ready"), what="watch page")
    lags: list[float] = []

    def seen(v: str) -> None:
        lags.append(wait(lambda: version(watcher) == v, timeout=5, what="the watcher sees " + v))

    seen(p.enter())  # the deal, cards unknown
    for bid in ("bid Boris 100", "bid Vera 110", "bid Anna pass", "bid Boris pass"):
        seen(p.choice(bid))
    seen(p.enter())  # the talon, not seen
    seen(p.enter())  # the gives, not seen
    seen(p.choice("contract 120"))
    seen(p.tally(Boris=10, Vera=95, Anna=15))
    assert "hand 2 deal" in p.prompt()

    path = server.folder / "friday.kgn"
    assert valid(path)
    assert path.read_text(encoding="utf-8") == canonical(SHEET_HAND)
    # each event reached the watcher's board within a second of being accepted
    assert len(lags) == 9 and max(lags) < 1.0, lags
    board = watcher.find_element(By.ID, "sheet").text
    assert "-120" in board and "15" in board


def full_hand_to_the_gives(server: Server, phone: Any, name: str) -> Phone:
    """FULL_HAND's game started and tapped in full mode up to the gives: the deal, the
    auction and the talon turned up."""
    key = new_game(server, name, "thousand", "Anna,Boris,Vera", "Vera")
    p = Phone(phone, f"{server.base}/play/{name}?k={key}")
    if p.css("#mode").get_attribute("aria-pressed") == "true":
        p.css("#mode").click()  # full mode: every card
    deal = "Anna: AS TS KH QH AH 9H 9S Boris: KD QD AD TD AC TC 9D Vera: KS QS KC QC JC JD JH talon: TH 9C JS"
    p.words(*deal.split())
    for bid in ("bid Anna 100", "bid Boris 110", "bid Vera pass", "bid Anna 115", "bid Boris pass"):
        p.choice(bid)
    p.words("TH", "9C", "JS")  # the talon turned up, in the order it lay
    return p


@pytest.mark.browser_and_load
def test_a_russian_phone_records_the_same_hand(server: Server, phone: Any) -> None:
    """The page in Russian (chosen on it: ?lang=ru, kept in a cookie): its buttons, its
    prompts, the cards with the letters Russian players write (В♠ for JS, 10♥ for TH); the
    file is the same KGN as an English phone's."""
    key = new_game(server, "russian.kgn", "thousand", "Anna,Boris,Vera", "Vera")
    try:
        p = Phone(phone, f"{server.base}/play/russian.kgn?k={key}&lang=ru")
        assert p.css("#undo").text == "отменить" and p.css("#mode").text == "запись очков"
        if p.css("#mode").get_attribute("aria-pressed") == "true":
            p.css("#mode").click()
        assert p.prompt() == "раздача 1: сдача"
        deal = "Anna: AS TS KH QH AH 9H 9S Boris: KD QD AD TD AC TC 9D Vera: KS QS KC QC JC JD JH talon: TH 9C JS"
        p.words(*deal.split())
        assert p.prompt() == "ставка, Anna"
        for bid in ("bid Anna 100", "bid Boris 110", "bid Vera pass", "bid Anna 115", "bid Boris pass"):
            p.choice(bid)
        faces = {b.get_attribute("data-word"): b.text for b in phone.find_elements("css selector", "#words button")}
        assert (faces.get("JS"), faces.get("TH"), faces.get("9C")) == ("\u0412\u2660", "10\u2665", "9\u2663")  # the talon's cards
        p.css("#undo").click()
        assert p.css("#undo").text == "отменить: точно?"
        phone.get(f"{server.base}/play/russian.kgn?k={key}")  # the cookie keeps Russian
        wait(lambda: phone.execute_script("return document.documentElement.dataset.ready === '1'"), what="page ready")
        assert phone.find_element("css selector", "html").get_attribute("lang") == "ru"
        text = (server.folder / "russian.kgn").read_text(encoding="utf-8")
        assert "bid Anna 100, Boris 110, Vera pass, Anna 115, Boris pass" in text
        assert "deal Anna: AS TS KH QH AH 9H 9S" in text
    finally:
        phone.delete_all_cookies()


FULL_PLAYS = [
    "Anna AS", "Boris 9S", "Vera QS", "Anna KH marriage", "Boris 9D", "Vera JH", "Anna 9C",
    "Boris AC", "Vera JC", "Boris QD marriage", "Vera JD", "Anna 9H", "Boris AD", "Vera KS",
    "Anna TS", "Boris TD", "Vera JS", "Anna QH", "Boris KD", "Vera KC", "Anna TH", "Boris TC",
    "Vera QC", "Anna AH",
]  # fmt: skip
"""FULL_HAND's play, card by card."""


@pytest.mark.browser_and_load
def test_a_phone_whose_browser_asks_for_russian_records_a_whole_hand_in_russian(server: Server) -> None:
    """A phone set to Russian (its browser's Accept-Language, nothing chosen on the page)
    records FULL_HAND tap by tap in Russian, and a watcher's phone set to Russian follows
    it on a Russian board; the file is the same KGN as an English phone's."""
    from selenium.webdriver.common.by import By

    phone, watcher = phone_driver("ru-RU,ru"), phone_driver("ru")
    try:
        key = new_game(server, "moscow.kgn", "thousand", "Anna,Boris,Vera", "Vera")
        p = Phone(phone, f"{server.base}/play/moscow.kgn?k={key}")
        assert phone.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == "ru"
        assert p.css("#undo").text == "отменить"
        if p.css("#mode").get_attribute("aria-pressed") == "true":
            p.css("#mode").click()  # full mode: every card
        assert p.prompt() == "раздача 1: сдача"
        deal = "Anna: AS TS KH QH AH 9H 9S Boris: KD QD AD TD AC TC 9D Vera: KS QS KC QC JC JD JH talon: TH 9C JS"
        p.words(*deal.split())
        assert p.prompt() == "ставка, Anna"
        for bid in ("bid Anna 100", "bid Boris 110", "bid Vera pass", "bid Anna 115", "bid Boris pass"):
            p.choice(bid)
        p.words("TH", "9C", "JS")
        p.words("Boris", "9S", ",", "Vera", "JS")
        p.choice("contract 120")
        watcher.get(f"{server.base}/watch/moscow.kgn?k={server.link('watch', 'moscow.kgn')}")
        wait(lambda: watcher.execute_script("return document.documentElement.dataset.ready"), what="watch page")
        for play in FULL_PLAYS:
            p.choice(play)
        wait(lambda: version(watcher) == version(phone), what="the watcher sees the last card")
        board = watcher.find_element(By.TAG_NAME, "body").text
        assert watcher.find_element(By.CSS_SELECTOR, "html").get_attribute("lang") == "ru"
        assert "раздача 1" in board and "hand 1" not in board, board
        path = server.folder / "moscow.kgn"
        assert valid(path)
        assert path.read_text(encoding="utf-8") == canonical(FULL_HAND)
    finally:
        phone.quit()
        watcher.quit()


@pytest.mark.browser_and_load
def test_a_full_hand_tapped_card_by_card(server: Server, phone: Any) -> None:
    p = full_hand_to_the_gives(server, phone, "club.kgn")
    p.words("Boris", "9S", ",", "Vera", "JS")
    p.choice("contract 120")
    for play in FULL_PLAYS:
        p.choice(play)
    path = server.folder / "club.kgn"
    assert valid(path)
    assert path.read_text(encoding="utf-8") == canonical(FULL_HAND)


@pytest.mark.browser_and_load
def test_a_bura_deal_with_a_claim_tapped(server: Server, phone: Any) -> None:
    key = new_game(server, "bura.kgn", "bura", "Oleg,Mikhail,Ilya", "Oleg", ante="5")
    p = Phone(phone, f"{server.base}/play/bura.kgn?k={key}")
    p.words(*"Mikhail: TH 6H 9C Ilya: 6S 7D JC Oleg: 7H KD 8S trump: KH".split())
    p.choice("Mikhail 6H TH")  # the lead's button (the table lists every lead)
    p.choice("Ilya down 6S 7D")
    p.words("7H", "down", "KD")  # one card up, one down: typed with the chips
    for card in ("AH", "8D", "9H", "7C", "TS", "QC"):
        p.words(card)  # each draw: the card drawn
    p.choice("Mikhail AH")
    p.choice("Ilya 8D")
    p.choice("Oleg 9H")
    p.choice("open Mikhail")  # the claim: the table counts his 25
    path = server.folder / "bura.kgn"
    assert valid(path)
    assert path.read_text(encoding="utf-8") == canonical(BURA_DEAL)


def test_an_illegal_typed_entry_is_refused_with_the_recorders_diagnostic(server: Server, phone: Any) -> None:
    key = new_game(server, "t.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    p = Phone(phone, f"{server.base}/play/t.kgn?k={key}")
    p.enter()
    before = (server.folder / "t.kgn").read_text()
    p.css("#open-compose").click()  # the bids are buttons: typing is behind one more tap
    p.css("#answer").send_keys("103")
    p.css("#send").click()
    wait(lambda: p.message() != "", what="the refusal")
    assert p.message().startswith("refused: [T3.2 bid-step]"), p.message()
    assert "legal: pass, 100, 105" in p.message() or "legal: 100, 105" in p.message()
    assert (server.folder / "t.kgn").read_text() == before
    # the same words as kozyr record says for the same entry
    from replay.record import Recorder, RecordFile

    rec = Recorder(notation.loads(before), RecordFile(server.folder / "copy.kgn"))
    err = rec.play("bid Boris 103")
    assert err is not None and p.message().startswith(f"refused: [{err.label}] {err.message}")


# ---- watching --------------------------------------------------------------------------


def test_a_seat_link_shows_what_that_seat_may_see_and_nothing_else(server: Server, watcher: Any) -> None:
    source = SAMPLES / "thousand" / "01-first-hand.kgn"
    shutil.copy(source, server.folder / "first.kgn")
    key = server.link("seat", "first.kgn", "Boris")
    data = httpx.get(f"{server.base}/api/first.kgn/data", params={"k": key, "seat": "Boris"}).json()
    record = notation.loads(source.read_text())
    steps, report, table = replay_steps(record, live=True)  # a served game goes on
    expected = page_data(record, steps, report, table, title="x", seat="Boris")
    assert data["steps"] == expected["steps"] and data["values"] == expected["values"]
    # the seat's page holds none of Anna's or Vera's cards before they are played
    seen = {code for value in data["values"] if isinstance(value, list) for code in value if isinstance(code, str) and len(code) == 2}
    assert "AH" not in json.dumps(data["values"][:40])
    assert seen  # the data does show cards (Boris's own)
    # another seat's key, or a seat's key for another seat, is refused
    for params in ({"k": key, "seat": "Anna"}, {"k": key}, {"k": server.link("seat", "first.kgn", "Anna"), "seat": "Boris"}):
        assert httpx.get(f"{server.base}/api/first.kgn/data", params=params).status_code == 403
    # in the browser: the other seats' cards are backs
    watcher.get(f"{server.base}/watch/first.kgn?k={key}&seat=Boris#s1")
    wait(lambda: watcher.execute_script("return document.documentElement.dataset.ready"), what="page")
    watcher.execute_script("document.getElementById('first').click()")
    watcher.execute_script("document.getElementById('next').click()")
    shown = watcher.execute_script(
        "return [...document.querySelectorAll('.seat')].map(s => [s.querySelector('.name').textContent,"
        " [...s.querySelectorAll('.card')].map(c => c.dataset.card || '??')])"
    )
    for name, cards in shown:
        if "Boris" not in name:
            assert set(cards) <= {"??"}, (name, cards)


# ---- who may do what ---------------------------------------------------------------------


def test_without_the_right_key_nothing_is_served_or_written(server: Server, tmp_path: Path) -> None:
    key = new_game(server, "g.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    path = server.folder / "g.kgn"
    before = path.read_bytes()
    watch = server.link("watch", "g.kgn")
    get = lambda url, **params: httpx.get(server.base + url, params=params)  # noqa: E731
    for url in ("/", "/play/g.kgn", "/watch/g.kgn", "/api/g.kgn/state", "/api/g.kgn/data", "/api/g.kgn/events"):
        reply = get(url)
        assert reply.status_code == 403 and "g.kgn" not in reply.text.replace(url, ""), url
        assert get(url, k="nope").status_code == 403
    assert get("/", k=key).status_code == 403  # a game's key is not the folder's
    assert get("/", k=watch).status_code == 403
    # a watching link cannot write, and a game's link is not another game's
    for k in (watch, server.link("seat", "g.kgn", "Anna"), server.link("write", "other.kgn")):
        assert get("/api/g.kgn/state", k=k).status_code == 403
        entry = {"version": "x", "answer": ""}
        assert httpx.post(f"{server.base}/api/g.kgn/entry", params={"k": k}, json=entry).status_code == 403
    assert httpx.post(server.base + "/new", data={"k": key, "name": "x", "game": "bura", "players": "A,B", "dealer": "A"}).status_code == 403
    assert path.read_bytes() == before and sorted(p.name for p in server.folder.iterdir() if not p.name.startswith(".")) == ["g.kgn"]


def test_no_name_reaches_a_file_outside_the_folder(server: Server, tmp_path: Path) -> None:
    secret = tmp_path / "secret.kgn"
    shutil.copy(SAMPLES / "thousand" / "01-first-hand.kgn", secret)
    (server.folder / "link.kgn").symlink_to(secret)
    (server.folder / "sub").mkdir()
    shutil.copy(secret, server.folder / "sub" / "in.kgn")
    admin = server.admin
    for name in ("link.kgn", "..%2Fsecret.kgn", "%2E%2E", "%2E%2E%2Fsecret.kgn", "sub%2Fin.kgn", ".kozyr-serve.key", "%2Fetc%2Fpasswd"):
        for url in (f"/play/{name}", f"/watch/{name}", f"/api/{name}/state", f"/api/{name}/data"):
            reply = httpx.get(f"{server.base}{url}", params={"k": admin})
            assert reply.status_code in (403, 404), (url, reply.status_code)
            assert "Tuesday club night" not in reply.text and "BEGIN" not in reply.text
    raw = httpx.get(f"{server.base}/play/../../secret.kgn?k={admin}")
    assert raw.status_code == 404
    for name in ("../made", "sub/made", ".hidden", "link"):
        form = {"k": admin, "name": name, "game": "bura", "players": "A,B", "dealer": "A"}
        reply = httpx.post(server.base + "/new", data=form)
        assert reply.status_code == 400, name
    assert not (tmp_path / "made.kgn").exists() and not (server.folder / "sub" / "made.kgn").exists()
    assert secret.read_text() == (SAMPLES / "thousand" / "01-first-hand.kgn").read_text()
    # the listing shows no link and no file outside
    listing = httpx.get(server.base + "/", params={"k": admin}).text
    assert "link.kgn" not in listing and "in.kgn" not in listing


def test_oversized_and_malformed_bodies_are_refused_and_nothing_is_written(server: Server) -> None:
    key = new_game(server, "g.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    path = server.folder / "g.kgn"
    before = path.read_bytes()
    c = Client(server, "g.kgn", key)
    v = c.state()["version"]
    url = f"{server.base}/api/g.kgn/entry"
    huge = json.dumps({"version": v, "answer": "deal " + "AS " * 20000})
    assert httpx.post(url, params={"k": key}, content=huge).status_code == 413
    for body in ("not json", "[]", json.dumps({"answer": ""}), json.dumps({"version": v, "answer": 5}), json.dumps({"version": v, "tally": ["a"]})):
        assert httpx.post(url, params={"k": key}, content=body).status_code in (400, 422), body
    assert httpx.post(server.base + "/new", data={"k": server.admin, "name": "x" * 20000}).status_code == 413
    assert path.read_bytes() == before


def test_hostile_names_and_comments_are_shown_as_text(server: Server, phone: Any) -> None:
    hostile = '<img src=x onerror="window.pwned=1">'
    text = (
        '[Game "thousand"]\n[Players "A<script>window.pwned=2</script>" "B&amp;" "' + hostile.replace('"', "'") + '"]\n'
        '[Dealer "B&amp;"]\n[Rules "classic"]\n{</script><script>window.pwned=3</script>}\n'
    )
    (server.folder / "evil.kgn").write_text(text, encoding="utf-8")
    key = server.link("write", "evil.kgn")
    p = Phone(phone, f"{server.base}/play/evil.kgn?k={key}")
    assert phone.execute_script("return window.pwned === undefined")
    assert "A<script>window.pwned=2</script>" in p.css("#meta").text
    assert "</script><script>window.pwned=3</script>" in p.css("#text").get_attribute("textContent")  # the record is folded away by default
    phone.get(f"{server.base}/watch/evil.kgn?k={server.link('watch', 'evil.kgn')}")
    wait(lambda: phone.execute_script("return document.documentElement.dataset.ready"), what="page")
    assert phone.execute_script("return window.pwned === undefined")
    listing = httpx.get(server.base + "/", params={"k": server.admin})
    assert "<script>window.pwned" not in listing.text and "&lt;script&gt;" in listing.text
    csp = listing.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "unsafe-inline" not in csp


# ---- two phones, a killed server ------------------------------------------------------------


def test_two_phones_on_one_version_one_is_taken_and_the_other_told(server: Server) -> None:
    key = new_game(server, "g.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    a, b = Client(server, "g.kgn", key), Client(server, "g.kgn", key)
    a.enter("")
    for _ in range(5):
        v = a.state()["version"]
        replies: list[Any] = [None, None]
        bid = a.state()["choices"][1]["event"]
        go = threading.Barrier(2)

        def send(i: int, client: Client, go: threading.Barrier, bid: str, v: str, replies: list[Any]) -> None:
            go.wait()
            replies[i] = client.post({"event": bid}, version=v)

        threads = [threading.Thread(target=send, args=(i, c, go, bid, v, replies)) for i, c in enumerate((a, b))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(r.status_code for r in replies)
        assert codes == [200, 409], [r.text for r in replies]
        told = next(r for r in replies if r.status_code == 409).json()
        assert "moved on" in told["moved"] and told["state"]["version"] != v
    text = (server.folder / "g.kgn").read_text()
    assert text.count("bid ") == 1 and len(notation.loads(text).rounds[0].auction) == 5, text


def touch(driver: Any, element: Any) -> None:
    """A real tap (touch start and end, as a finger makes them) at the middle of
    ``element`` as it is on the screen now."""
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];", element)
    point = {"x": box[0], "y": box[1]}
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap_at(driver: Any, point: tuple[float, float]) -> None:
    where = {"x": point[0], "y": point[1]}
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [where]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def centre(driver: Any, element: Any) -> tuple[float, float]:
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];", element)
    return (float(box[0]), float(box[1]))


def auction_of(path: Path) -> list[str]:
    return [c.strip() for line in path.read_text().splitlines() if line.strip().startswith("bid ") for c in line.strip()[4:].split(",")]


@pytest.mark.browser_and_load
def test_a_double_tap_enters_one_event(server: Server, phone: Any) -> None:
    key = new_game(server, "tap.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    p = Phone(phone, f"{server.base}/play/tap.kgn?k={key}")
    p.enter()  # the deal, cards not seen
    time.sleep(0.5)
    path = server.folder / "tap.kgn"
    for _ in range(3):  # three double taps on a bid: three calls, not six
        bids = [b for b in phone.find_elements("css selector", "#choices button.choice") if b.get_attribute("data-event")[-1].isdigit()]
        where = centre(phone, bids[0])
        before = auction_of(path)
        tap_at(phone, where)
        time.sleep(0.15)  # the second tap of a double tap, where the first one was
        tap_at(phone, where)
        time.sleep(1.0)
        assert len(auction_of(path)) == len(before) + 1, (before, auction_of(path))
        p.settled()


@pytest.mark.browser_and_load
def test_a_tap_just_after_another_phones_entry_is_not_taken(server: Server, phone: Any) -> None:
    key = new_game(server, "two.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    other = Client(server, "two.kgn", key)  # the other recording phone
    other.enter("")
    Phone(phone, f"{server.base}/play/two.kgn?k={key}")
    path = server.folder / "two.kgn"
    for _ in range(3):
        time.sleep(0.5)
        first = phone.find_elements("css selector", "#choices button.choice")[0]
        where = centre(phone, first)
        event = first.get_attribute("data-event")
        other.post({"event": event})  # the other phone enters this very move
        time.sleep(0.1)
        tap_at(phone, where)  # the finger comes down on what is there now
        time.sleep(1.0)
        assert auction_of(path)[-1] == event.split(" ", 1)[1], auction_of(path)
    assert len(auction_of(path)) == 3, path.read_text()


def test_a_server_killed_mid_hand_goes_on_where_it_was(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    first = Server(folder)
    key = new_game(first, "g.kgn", "thousand", "Anna,Boris,Vera", "Vera")
    c = Client(first, "g.kgn", key)
    answers = FULL_HAND.split("hand 1\n")[1].splitlines()
    events = [answers[0].strip()] + [f"bid {x.strip()}" for x in answers[1].strip()[4:].split(",")]
    events += ["talon TH 9C JS", "give Boris 9S, Vera JS", "contract 120", "Anna AS", "Boris 9S", "Vera QS"]
    for e in events:
        c.enter(e)
    old = c.state()["version"]
    first.kill()  # SIGKILL, mid-hand: no clean shutdown
    saved = (folder / "g.kgn").read_text()
    second = Server(folder)
    try:
        c2 = Client(second, "g.kgn", key)  # the same link works after the restart
        state = c2.state()
        assert state["version"] != old and state["prompt"] == "trick 2: Anna leads"
        stale = c2.post({"answer": "Anna KH marriage"}, version=old)
        assert stale.status_code == 409  # an entry made before the restart is not taken blindly
        for e in ["Anna KH marriage", "Boris 9D", "Vera JH", "Anna 9C", "Boris AC", "Vera JC", "Boris QD marriage",
                  "Vera JD", "Anna 9H", "Boris AD", "Vera KS", "Anna TS", "Boris TD", "Vera JS", "Anna QH",
                  "Boris KD", "Vera KC", "Anna TH", "Boris TC", "Vera QC", "Anna AH"]:  # fmt: skip
            c2.enter(e)
        text = (folder / "g.kgn").read_text()
        assert text.startswith(saved.split("  1. ")[0]) and text == canonical(FULL_HAND)
    finally:
        second.kill()


# ---- load ---------------------------------------------------------------------------------


PACE = 0.02
"""Seconds between two events of the load test (bench/serve.py also runs them back to back)."""


@pytest.mark.browser_and_load
def test_twenty_watchers_see_each_of_500_events(server: Server) -> None:
    """A bounded load test: 20 watchers follow a game while 500 events are entered; each
    watcher gets the news of every event and fetches the board's data."""
    key = new_game(server, "load.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    events = generated_events("thousand", ["Anna", "Boris", "Vera"], 500)
    assert len(events) == 500
    watchers = Watchers(server, "load.kgn", server.link("watch", "load.kgn"), 20)
    c = Client(server, "load.kgn", key)
    accepted: dict[str, float] = {}
    version = c.state()["version"]
    for e in events:
        time.sleep(PACE)  # 20 events a second: a table enters one every few seconds
        reply = c.post({"event": e}, version=version)
        assert reply.status_code == 200, (e, reply.text)
        version = reply.json()["state"]["version"]
        accepted[version] = time.perf_counter()
    views, finished = watchers.finish(version)
    lags = sorted(t - accepted[v] for v, t in views if v in accepted)
    p95 = lags[int(0.95 * (len(lags) - 1))]
    rss = server.rss_kb()
    print(f"\nload: 20 watchers, {len(events)} events, {len(lags)} views; median {statistics.median(lags) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms; RSS {rss // 1024} MB")
    assert finished == 20  # every watcher saw the last event (one busy fetching may skip to a newer one)
    assert p95 < 1.0 and statistics.median(lags) < 0.5
    assert valid(server.folder / "load.kgn")


def generated_events(game: str, players: list[str], count: int) -> list[str]:
    """The first ``count`` events of random games (each as KGN), from the game's table."""
    import random

    rng = random.Random(7)
    kind = replay.GAMES[game]
    out: list[str] = []
    table = kind.new_table(players, dealer=0)
    while len(out) < count:
        move = table.random_move(rng)
        out.append(table.format_move(move))
        table.push(move)
    return out


# ---- the command ---------------------------------------------------------------------------


def test_lan_prints_the_address_with_its_key_as_a_qr_code(tmp_path: Path) -> None:
    server = Server(tmp_path, "--lan")
    try:
        assert "scan it with a phone" in server.output
        qr = [row for row in server.output.splitlines() if "\u2588" in row or "\u2580" in row]
        assert len(qr) > 10  # the QR code, drawn with blocks
        # bound to every address of the machine: this test talks to 127.0.0.1 only
        assert httpx.get(f"{server.base}/", params={"k": server.admin}).status_code == 200
        assert httpx.get(f"{server.base}/").status_code == 403
    finally:
        server.kill()


def test_without_lan_only_this_machine_is_served(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        assert "http://127.0.0.1:" in server.output and "scan" not in server.output
        # the kernel's table of listening sockets: the port is held on 127.0.0.1 alone
        rows = [r.split() for r in Path("/proc/net/tcp").read_text().splitlines()[1:]]
        held = {r[1] for r in rows if r[3] == "0A" and int(r[1].split(":")[1], 16) == server.port}
        assert held == {f"0100007F:{server.port:04X}"}, held
    finally:
        server.kill()


def test_a_folder_that_is_not_one_or_a_port_in_use_is_a_usage_error(tmp_path: Path) -> None:
    import subprocess

    from serving import KOZYR, ROOT

    missing = subprocess.run([*KOZYR, "serve", str(tmp_path / "no"), "--port", "0"], capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert missing.returncode == 2 and "no such folder" in missing.stderr and "Traceback" not in missing.stderr
    server = Server(tmp_path)
    try:
        busy = subprocess.run([*KOZYR, "serve", str(tmp_path), "--port", str(server.port)], capture_output=True, text=True, cwd=ROOT, timeout=30)
        assert busy.returncode == 2 and "cannot listen on 127.0.0.1" in busy.stderr and "Traceback" not in busy.stderr
    finally:
        server.kill()


def test_undo_takes_the_last_event_back_in_the_file_too(server: Server) -> None:
    key = new_game(server, "g.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    c = Client(server, "g.kgn", key)
    c.enter("")
    before = (server.folder / "g.kgn").read_text()
    state = c.enter("bid Boris 100")
    assert "bid Boris 100" in (server.folder / "g.kgn").read_text()
    reply = c.post({"undo": True}, version=state["version"])
    assert reply.status_code == 200 and reply.json()["state"]["prompt"] == "Boris bids"
    assert (server.folder / "g.kgn").read_text() == before


def test_one_writer_per_file_the_server_and_kozyr_record_refuse_each_other(server: Server) -> None:
    import subprocess

    from serving import KOZYR, ROOT

    key = new_game(server, "g.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    Client(server, "g.kgn", key).enter("")
    second = subprocess.run([*KOZYR, "record", "--resume", str(server.folder / "g.kgn")], input="", capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert second.returncode == 2 and "being recorded by another kozyr" in second.stderr
    # and a file another recorder holds is not opened by the server
    other = server.folder / "held.kgn"
    recorder = subprocess.Popen(
        [*KOZYR, "record", "bura", "--players", "A,B", "--dealer", "A", "-o", str(other)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=ROOT,
    )  # fmt: skip
    try:
        wait(lambda: (server.folder / ".held.kgn.lock").exists(), what="the recorder's lock")
        reply = httpx.get(f"{server.base}/api/held.kgn/state", params={"k": server.link("write", "held.kgn")})
        assert reply.status_code == 422 and "being recorded by another kozyr" in reply.json()["error"]
    finally:
        recorder.kill()
        recorder.wait(10)


def test_ctrl_c_stops_the_server_at_once_with_watchers_connected(tmp_path: Path) -> None:
    import signal

    shutil.copy(SAMPLES / "thousand" / "01-first-hand.kgn", tmp_path / "a.kgn")
    server = Server(tmp_path)
    watch = server.link("watch", "a.kgn")
    with httpx.Client(base_url=server.base, timeout=10) as http:
        with http.stream("GET", "/api/a.kgn/events", params={"k": watch}) as news:
            assert next(news.iter_lines()).startswith("retry:")
            assert (tmp_path / ".a.kgn.lock").exists()  # the game is open: its file locked
            start = time.perf_counter()
            server.proc.send_signal(signal.SIGINT)
            code = server.proc.wait(10)
            took = time.perf_counter() - start
    assert server.proc.stdout is not None
    rest = server.proc.stdout.read().decode()
    assert code == 0 and took < 3.0 and "Traceback" not in rest and "ERROR" not in rest, (code, took, rest)
    assert not (tmp_path / ".a.kgn.lock").exists()  # every file given up


@pytest.mark.parametrize("game", sorted(replay.GAMES))
def test_every_game_can_be_recorded_event_by_event_and_stays_in_step_with_its_table(game: str, tmp_path: Path) -> None:
    """Random games of each kind, entered one event at a time as a phone's buttons and
    composer send them: every event is taken, the recording page's state can be shown
    at every step, its buttons are the table's legal moves, and the room's table stays in
    step with the table that made the game (a claim before a draw from a known stock too)."""
    import asyncio
    import random

    from replay.serve.rooms import Games
    from replay.solve import takes_a_choice

    kind = replay.GAMES[game]
    counts = kind.player_counts(kind.rulebook.parse("classic"))
    players = ["Anna", "Boris", "Vera"][: 3 if 3 in counts else counts[0]]

    async def play(seed: int) -> None:
        folder = tmp_path / str(seed)
        folder.mkdir()
        games = Games(folder, "t")
        table = kind.new_table(players, dealer=0)
        room = await games.create("g.kgn", game, ",".join(players), players[0], "classic", None)
        rng = random.Random(seed)
        try:
            for _ in range(400):
                if table.outcome() is not None:
                    break
                state = room.state()
                shown = {c["event"] for c in state["choices"]}  # type: ignore[union-attr]
                if table.to_move is not None and shown:
                    assert shown == {table.format_move(m) for m in table.legal_moves()} - {state["enter"] and state["enter"]["label"]}  # type: ignore[index]
                move = table.random_move(rng)
                table.push(move)
                room.enter(room.version, {"event": table.format_move(move)})
                # what follows by itself, as the recorder plays it (a known stock's draws)
                while (auto := table.automatic_move()) is not None and not takes_a_choice(table, auto):
                    table.push(auto)
                assert room.recorder.table.move_count == table.move_count
            mine = room.recorder.table
            assert [mine.format_move(m) for m in mine.moves] == [table.format_move(m) for m in table.moves]
            assert valid(folder / "g.kgn")
        finally:
            games.close()

    for seed in range(2):
        asyncio.run(play(seed))


def test_after_a_restart_a_game_with_a_known_stock_goes_on_after_its_draws(tmp_path: Path) -> None:
    """SIGKILL, then a new server: Sixty-six goes on at the next lead (the draws its known
    stock gives follow, as they did before), and a Bura draw entered at the claim prompt
    was written, so the restarted server is past it too."""
    folder = tmp_path / "games"
    folder.mkdir()
    first = Server(folder)
    six = Client(first, "s.kgn", new_game(first, "s.kgn", "sixtysix", "Ivan,Olga", "Ivan"))
    six.enter("Ivan: AS TS TC AH KH QH / Olga: AC KC AD TD JD TH / trump: 9H / stock: 9S JC JS 9C 9D JH QD KD KS QC QS")
    six.enter("Olga JD")
    assert six.enter("Ivan QH")["prompt"] == "trick 2: Ivan leads"
    bura = Client(first, "b.kgn", new_game(first, "b.kgn", "bura", "Anna,Boris", "Boris", ante="1"))
    bura.enter("Anna: 6S QC JD / Boris: 7D 9D AC / trump: TH / stock: 9H TS QS 7C JC KD 7S 7H QD AS 9S 8D 6H JS KH KS 6D 8C KC 6C AH TD 8H 9C JH QH TC 8S AD")
    bura.enter("Anna 6S")
    at_claim = bura.enter("Boris down 7D")
    assert at_claim["prompt"] == "Anna draws" and "open Anna" in [c["event"] for c in at_claim["choices"]], at_claim
    after_draw = bura.enter("9H")  # Anna's draw, entered where she might have claimed
    first.kill()
    assert "draw Anna 9H" in (folder / "b.kgn").read_text()
    second = Server(folder)
    try:
        six2 = Client(second, "s.kgn", six.key)
        assert six2.state()["prompt"] == "trick 2: Ivan leads"
        assert "trick 2" in six2.enter("Ivan 9S")["prompt"]  # a legal lead is taken
        bura2 = Client(second, "b.kgn", bura.key)
        assert bura2.state()["prompt"] == after_draw["prompt"]
    finally:
        second.kill()


@pytest.mark.browser_and_load
def test_a_watcher_is_told_the_game_goes_on_and_when_the_server_is_gone(tmp_path: Path, watcher: Any) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    s = Server(folder)
    try:
        key = new_game(s, "w.kgn", "thousand", "Anna,Boris,Vera", "Anna")
        Client(s, "w.kgn", key).enter("")
        watcher.get(f"{s.base}/watch/w.kgn?k={s.link('watch', 'w.kgn')}")
        wait(lambda: watcher.execute_script("return document.documentElement.dataset.ready"), what="watch page")
        live = lambda: watcher.execute_script("const e = document.getElementById('live'); return e ? e.textContent : ''")  # noqa: E731
        wait(lambda: live().startswith("live:"), what="the live status")
        assert "the end of the record" not in watcher.find_element("id", "event").text
        assert "the game goes on" in watcher.find_element("id", "event").text
    finally:
        s.kill()
    wait(lambda: "cannot be reached" in live(), timeout=15, what="the server's absence said")


@pytest.mark.browser_and_load
def test_gives_in_full_mode_are_tapped_part_by_part(server: Server, phone: Any) -> None:
    p = full_hand_to_the_gives(server, phone, "gives.kgn")
    assert p.prompt() == "Anna gives"
    buttons = phone.find_elements("css selector", "#choices button.part")
    assert len(buttons) == 10  # each of Anna's ten cards, for Boris first
    p.part("Boris 9S")
    assert len(phone.find_elements("css selector", "#choices button.part")) == 9  # the nine left, for Vera
    p.part("Vera JS", last=True)
    assert "give Boris 9S, Vera JS" in (server.folder / "gives.kgn").read_text()
