"""``kozyr html``: the replay page, opened from disk in a real headless Chromium.

The browser tests drive Debian's Chromium through selenium (``.ci/run`` installs both); on a
machine without Chromium they are skipped, except under CI, where that is a failure.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import INVALID, ROOT, SAMPLES
from typer.testing import CliRunner

import notation
import replay
from replay.cli import app

runner = CliRunner()
HOSTILE = Path(__file__).resolve().parent / "data" / "hostile" / "html-payloads.kgn"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")


def write_page(tmp_path: Path, source: Path, *args: str) -> Path:
    out = tmp_path / (source.stem + ".html")
    result = runner.invoke(app, ["html", str(source.relative_to(ROOT)), "-o", str(out), *args])
    assert result.exit_code in (0, 1), result.output
    return out


def page_json(path: Path) -> dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="kozyr-data">(.*?)</script>', text, re.S)
    assert block is not None
    data: dict[str, Any] = json.loads(block.group(1))
    return data


# ---- the page as a file ------------------------------------------------------------------


def test_one_input_makes_one_self_contained_page(tmp_path: Path) -> None:
    out = write_page(tmp_path, SAMPLES / "thousand" / "04-barrel-falls.kgn")
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert 'http-equiv="Content-Security-Policy"' in text and "default-src 'none'" in text
    # nothing to load: no src, no href, no url() anywhere
    assert not re.search(r"\b(src|href)\s*=", text)
    assert "url(" not in text and "@import" not in text
    assert text.count("<script") == 2  # the data block and the page's own script


def test_several_inputs_make_a_folder_of_pages(tmp_path: Path) -> None:
    out = tmp_path / "pages"
    files = [str((SAMPLES / "thousand" / "01-first-hand.kgn").relative_to(ROOT)), str((SAMPLES / "bura" / "02-two-players.kgn").relative_to(ROOT))]
    result = runner.invoke(app, ["html", *files, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["01-first-hand.html", "02-two-players.html"]


def test_files_of_one_name_in_two_folders_make_two_pages_not_one_overwritten(tmp_path: Path) -> None:
    for folder, sample in (("monday", "thousand/01-first-hand.kgn"), ("tuesday", "bura/02-two-players.kgn")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "club.kgn").write_text((SAMPLES / sample).read_text())
    files = [str(tmp_path / "monday" / "club.kgn"), str(tmp_path / "tuesday" / "club.kgn")]
    result = runner.invoke(app, ["html", *files, "-o", str(tmp_path / "pages")])
    assert result.exit_code == 0, result.output
    pages = sorted((tmp_path / "pages").iterdir())
    assert len(pages) == 2 and [p.name.endswith(("monday_club.html", "tuesday_club.html")) for p in pages] == [True, True]
    assert {page_json(p)["game"] for p in pages} == {"thousand", "bura"}


def test_game_n_picks_one_game_of_a_file(tmp_path: Path) -> None:
    two = tmp_path / "two.kgn"
    first = (SAMPLES / "thousand" / "01-first-hand.kgn").read_text()
    second = (SAMPLES / "thousand" / "04-barrel-falls.kgn").read_text()
    two.write_text(first + "\n" + second)
    result = runner.invoke(app, ["html", str(two), "--game", "2", "-o", str(tmp_path / "g2.html")])
    assert result.exit_code == 0, result.output
    data = page_json(tmp_path / "g2.html")
    assert data["title"] == "kozyr sample session (game 2)" and len(data["sheet"]["rows"]) > 20
    result = runner.invoke(app, ["html", str(two), "-o", str(tmp_path / "both")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "both").iterdir()) == ["two-1.html", "two-2.html"]
    result = runner.invoke(app, ["html", str(two), "--game", "3", "-o", str(tmp_path / "g3.html")])
    assert result.exit_code == 2 and "has no game 3" in result.output


def test_several_games_into_one_html_file_is_a_usage_error(tmp_path: Path) -> None:
    files = [str((SAMPLES / "thousand" / "01-first-hand.kgn").relative_to(ROOT))] * 2
    result = runner.invoke(app, ["html", *files, "-o", str(tmp_path / "x.html")])
    assert result.exit_code == 2 and "give -o a folder" in result.output
    assert not (tmp_path / "x.html").exists()


def test_a_missing_file_is_a_usage_error_and_a_bad_seat_names_the_players(tmp_path: Path) -> None:
    result = runner.invoke(app, ["html", str(tmp_path / "nope.kgn"), "-o", str(tmp_path / "x.html")])
    assert result.exit_code == 2 and "cannot read" in result.output
    source = str((SAMPLES / "thousand" / "01-first-hand.kgn").relative_to(ROOT))
    result = runner.invoke(app, ["html", source, "-o", str(tmp_path / "x.html"), "--seat", "Zoe"])
    assert result.exit_code == 2 and "Anna, Boris, Vera" in result.output


def test_a_seat_page_holds_no_card_that_seat_could_not_see(tmp_path: Path) -> None:
    out = write_page(tmp_path, SAMPLES / "thousand" / "01-first-hand.kgn", "--seat", "Vera")
    data = page_json(out)
    values = data["values"]
    anna_hand = {"AS", "TS", "9S", "AH", "KH", "QH", "9H"}
    hands = [v for v in values if isinstance(v, list) and len(v) == 3 and v[0] in ("Anna", "Boris", "Vera") and isinstance(v[1], list)]
    assert hands and all(cards == [] for name, cards, _ in hands if name != "Vera")
    assert any(cards for name, cards, _ in hands if name == "Vera")
    # the talon lies face down on Vera's page
    talons = [v for v in values if isinstance(v, list) and len(v) == 3 and v[0] == "talon"]
    assert talons and all(cards == ["??"] * 3 for _, cards, _ in talons)
    assert "TH" not in json.dumps([cards for _, cards, _ in talons])
    full = page_json(write_page(tmp_path, SAMPLES / "thousand" / "01-first-hand.kgn"))
    assert any(isinstance(v, list) and len(v) == 3 and v[0] == "Anna" and set(v[1]) == anna_hand for v in full["values"])
    assert not any(isinstance(v, list) and len(v) == 3 and v[0] == "Anna" and set(v[1]) & anna_hand for v in values)


def test_file_text_cannot_close_the_data_block(tmp_path: Path) -> None:
    out = write_page(tmp_path, HOSTILE)
    block = out.read_text(encoding="utf-8").split('id="kozyr-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in block and ">" not in block and "&" not in block.replace("\\u0026", "")
    data = page_json(out)
    assert data["seats"][0] == "<script>window.pwned=1</script>"
    assert data["seats"][2] == "V\\u202eera</script><b>bold"  # a bidi override, shown as an escape


# ---- in a browser ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (CHROMIUM and CHROMEDRIVER):
        if os.environ.get("CI"):
            pytest.fail("Chromium and chromedriver are needed (apt-get install chromium chromium-driver)")
        pytest.skip("no Chromium on this machine")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def open_page(browser: Any, page: Path, fragment: str = "") -> None:
    browser.get_log("performance")  # start each page with an empty log
    browser.get(page.as_uri() + fragment)
    browser.execute_script("return document.documentElement.dataset.ready")


def press(browser: Any, *keys: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    chain = ActionChains(browser)
    for key in keys:
        chain.send_keys(key)
    chain.perform()


def text(browser: Any, selector: str) -> str:
    from selenium.webdriver.common.by import By

    return str(browser.find_element(By.CSS_SELECTOR, selector).text)


def requests(browser: Any) -> list[str]:
    urls = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def test_the_last_card_of_trick_1_shows_the_whole_trick_and_its_taker(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    page = write_page(tmp_path, SAMPLES / "thousand" / "01-first-hand.kgn")
    open_page(browser, page)
    press(browser, Keys.ARROW_DOWN)
    trick = browser.execute_script("return [...document.querySelectorAll('#table .trick .card')].map(c => c.dataset.card)")
    assert trick == ["AS", "9S", "QS"]
    assert "Anna takes the trick" in text(browser, "#table .trick")
    assert browser.execute_script("return document.querySelector('.seat.taker').dataset.seat") == "Anna"
    assert text(browser, "#where").startswith("hand 1 · trick 1 ·")
    assert browser.execute_script("return location.hash") == "#h1t1"
    press(browser, Keys.ARROW_RIGHT)  # the next card clears the table
    assert browser.execute_script("return [...document.querySelectorAll('#table .trick .card')].map(c => c.dataset.card)") == ["KH"]
    assert all(url.startswith("file://") for url in requests(browser))


def test_a_page_written_in_russian_reads_in_russian(browser: Any, tmp_path: Path) -> None:
    """``kozyr html --lang ru``: the page's buttons and panes, the events in words, the
    table's words and the cards in the letters Russian players write (Т♠ the ace, 10♠
    the ten); the record's own texts (names, comments) as they are; the same positions."""
    from selenium.webdriver.common.keys import Keys

    page = tmp_path / "ru.html"
    done = runner.invoke(app, ["--lang", "ru", "html", str(SAMPLES / "thousand" / "01-first-hand.kgn"), "-o", str(page)])
    assert done.exit_code == 0, done.output
    assert '<html lang="ru">' in page.read_text(encoding="utf-8")
    open_page(browser, page)
    press(browser, Keys.ARROW_DOWN)
    assert browser.execute_script("return [...document.querySelectorAll('#table .trick .card')].map(c => c.dataset.card)") == ["AS", "9S", "QS"]
    faces = browser.execute_script("return [...document.querySelectorAll('#table .trick .card')].map(c => c.textContent)")
    assert faces == ["\u0422\u2660", "9\u2660", "\u0414\u2660"]
    assert "Anna берёт взятку" in text(browser, "#table .trick")
    assert text(browser, "#where").startswith("раздача 1 · взятка 1 · событие ")
    assert text(browser, "#next-trick") == "взятка ›" and text(browser, "#spoilers") == "показать остаток"
    calls = text(browser, "#calls")
    assert "Anna: ставка 100" in calls and "Vera: пас" in calls
    assert browser.execute_script("return location.hash") == "#h1t1"


def test_the_totals_after_hand_2_and_the_sheet(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    source = SAMPLES / "thousand" / "04-barrel-falls.kgn"
    report = replay.check(notation.loads(source.read_text()))
    after_two = {report.players[p]: t for p, t in report.rounds[1].totals.items()}
    page = write_page(tmp_path, source)
    open_page(browser, page)
    press(browser, Keys.PAGE_DOWN, Keys.PAGE_DOWN)  # the deal of hand 3: the totals after hand 2
    assert text(browser, "#where").startswith("hand 3")
    for name, total in after_two.items():
        seat = browser.find_element(By.CSS_SELECTOR, f'.seat[data-seat="{name}"]')
        assert f"total {total}" in seat.text
    rows = browser.find_elements(By.CSS_SELECTOR, "#sheet tr[data-hand]")
    shown = [r.get_attribute("data-hand") for r in rows if r.is_displayed()]
    assert shown == ["1", "2"]  # the hands finished by now, no more
    assert "result: not yet" in text(browser, "#sheet")
    lines = browser.find_elements(By.CSS_SELECTOR, "#chart svg polyline")  # the totals so far
    assert len(lines) == 3 and all(len(p.get_attribute("points").split()) == 3 for p in lines)
    assert "barrel 880" in text(browser, "#chart")
    browser.find_element(By.ID, "spoilers").click()  # the rest of the game, on request
    assert len([r for r in rows if r.is_displayed()]) == len(rows) > 20
    assert browser.find_element(By.CSS_SELECTOR, "#sheet tr.current").get_attribute("data-hand") == "3"
    now = browser.find_element(By.ID, "now")  # the chart's line at the current hand
    first = float(now.get_attribute("x1"))
    browser.find_element(By.CSS_SELECTOR, '#sheet tr[data-hand="7"]').click()
    assert text(browser, "#where").startswith("hand 7")
    assert float(browser.find_element(By.ID, "now").get_attribute("x1")) > first
    assert "result: " + report.result in text(browser, "#sheet")


def test_buttons_slider_and_a_link_to_a_position(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    page = write_page(tmp_path, SAMPLES / "thousand" / "04-barrel-falls.kgn")
    open_page(browser, page, "#h3t5")
    assert text(browser, "#where").startswith("hand 3 · trick 5 ·")
    assert "takes the trick" in text(browser, "#table .trick")
    assert "current" in browser.find_element(By.CSS_SELECTOR, '#tricks li[data-trick="5"]').get_attribute("class")
    browser.find_element(By.ID, "next").click()
    assert text(browser, "#where").startswith("hand 3 · trick 6 ·")
    browser.find_element(By.ID, "first").click()
    assert browser.execute_script("return document.getElementById('slider').value") == "0"
    browser.execute_script("const s = document.getElementById('slider'); s.value = 40; s.dispatchEvent(new Event('input'))")
    assert "event 41 of" in text(browser, "#where")
    browser.find_element(By.ID, "last").click()
    assert text(browser, "#event").startswith("the end of the record")
    browser.find_element(By.CSS_SELECTOR, '#tricks li[data-trick="2"]').click()
    assert "trick 2 ·" in text(browser, "#where")


def test_a_seat_view_shows_backs_for_the_others(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    page = write_page(tmp_path, SAMPLES / "thousand" / "01-first-hand.kgn", "--seat", "Vera")
    open_page(browser, page)
    own = browser.find_element(By.CSS_SELECTOR, '.seat[data-seat="Vera"]')
    assert len(own.find_elements(By.CSS_SELECTOR, ".card[data-card]")) == 7
    for other in ("Anna", "Boris"):
        box = browser.find_element(By.CSS_SELECTOR, f'.seat[data-seat="{other}"]')
        assert not box.find_elements(By.CSS_SELECTOR, ".card[data-card]")
        assert len(box.find_elements(By.CSS_SELECTOR, ".card.back")) == 7
    assert "as seen by Vera" in text(browser, "#where")
    assert text(browser, ".seat.p-s .name").startswith("Vera")  # the seat at the bottom


def test_variations_and_comments(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    page = write_page(tmp_path, SAMPLES / "thousand" / "01-first-hand.kgn")
    open_page(browser, page)
    press(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert text(browser, "#event") == "Boris bids 110"
    assert text(browser, "#notes") == "Boris holds the diamond marriage"
    for _ in range(40):
        if browser.find_elements(By.CSS_SELECTOR, "#variations button.variation"):
            break
        press(browser, Keys.ARROW_RIGHT)
    browser.find_element(By.CSS_SELECTOR, "#variations button.variation").click()
    assert "variation depth 1" in text(browser, "#where")
    assert text(browser, "#event").startswith("Boris plays T♣")
    press(browser, Keys.ESCAPE)
    assert "variation depth" not in text(browser, "#where")
    assert text(browser, "#event").startswith("Boris plays A♣")


def test_an_invalid_record_stops_at_the_illegal_move(browser: Any, tmp_path: Path) -> None:
    page = write_page(tmp_path, INVALID / "thousand" / "must-trump.kgn")
    open_page(browser, page)
    assert text(browser, "#event").startswith("illegal: Anna must play a trump")
    assert "error[T5.2 must-trump]" in text(browser, "#notes")
    assert "legal: 9H, QH, TH, AH" in text(browser, "#notes")


def test_bura_face_down_cards(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    page = write_page(tmp_path, SAMPLES / "bura" / "01-illustrative-game.kgn")
    open_page(browser, page)
    press(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    down = browser.execute_script("return [...document.querySelectorAll('#table .trick .card.down')].map(c => c.dataset.card)")
    assert down == ["6S", "7D"]
    assert "↓2" in text(browser, "#table .trick")


def test_hostile_names_and_comments_are_text_and_run_nothing(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    page = write_page(tmp_path, HOSTILE)
    open_page(browser, page)
    press(browser, Keys.ARROW_RIGHT)  # the first bid, with its comment
    assert text(browser, "#notes").startswith('</script><script>window.pwned=3</script> <a href="javascript:window.pwned=4">javascript:alert(1)</a>')
    for _ in range(40):  # every step, every pane
        press(browser, Keys.ARROW_RIGHT)
    browser.find_element(By.CSS_SELECTOR, '#sheet tr[data-hand="1"]').click()
    press(browser, Keys.ARROW_RIGHT)
    assert browser.execute_script("return window.pwned") is None
    assert browser.execute_script("return document.querySelectorAll('script').length") == 2
    assert not browser.find_elements(By.CSS_SELECTOR, "img, a, iframe, object, embed, form")
    names = browser.execute_script("return [...document.querySelectorAll('.seat')].map(s => s.dataset.seat)")
    assert names == ["<script>window.pwned=1</script>", "<img src=x onerror=window.pwned=2>", "V\\u202eera</script><b>bold"]
    assert "<script>window.pwned=1</script>" in text(browser, ".seat.p-s .name")
    assert all(url.startswith("file://") for url in requests(browser))
    errors = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []


# ---- what the page shows: what has happened, as the page's seat could know it --------------


def test_a_seat_page_at_its_first_position_shows_nothing_ahead(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    page = write_page(tmp_path, SAMPLES / "thousand" / "01-first-hand.kgn", "--seat", "Boris")
    open_page(browser, page)
    screen = browser.find_element(By.TAG_NAME, "body").text
    for card in ("A♠", "T♠", "K♥", "K♠", "Q♠"):  # Anna's and Vera's cards
        assert card not in screen, card
    assert "talon" not in text(browser, "#calls") and text(browser, "#tricks") == ""
    assert not [r for r in browser.find_elements(By.CSS_SELECTOR, "#sheet tr[data-hand]") if r.is_displayed()]
    assert "result: not yet" in text(browser, "#sheet")
    # the data of a seat page holds no card the seat never sees: Vera's given card stays hers
    said = [v for v in page_json(page)["values"] if isinstance(v, list) and "the declarer gives " in v]
    assert said and all(["9S"] in s and ["JS"] not in s and ["??"] in s for s in said)


def test_the_all_cards_page_shows_the_past_and_the_spoilers_button_the_rest(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    page = write_page(tmp_path, SAMPLES / "thousand" / "01-first-hand.kgn")
    open_page(browser, page)
    press(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#calls li")] == ["hand 1: Vera deals", "Anna bids 100", "Boris bids 110"]
    browser.find_element(By.ID, "spoilers").click()
    calls = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#calls li")]
    assert len(calls) > 3 and "later" in browser.find_elements(By.CSS_SELECTOR, "#calls li")[3].get_attribute("class")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#tricks li")) == 8
    press(browser, "f")  # the key does the same
    assert len(browser.find_elements(By.CSS_SELECTOR, "#calls li")) == 3
    spoiled = write_page(tmp_path, SAMPLES / "thousand" / "04-barrel-falls.kgn", "--spoilers")
    open_page(browser, spoiled)
    assert browser.find_element(By.ID, "spoilers").get_attribute("aria-pressed") == "true"


@pytest.mark.parametrize(("width", "height"), [(412, 915), (1280, 900), (1920, 1080)])
def test_every_column_of_the_score_sheet_is_inside_the_window(browser: Any, tmp_path: Path, width: int, height: int) -> None:
    page = write_page(tmp_path, SAMPLES / "thousand" / "04-barrel-falls.kgn", "--spoilers")
    browser.set_window_size(width, height)
    try:
        open_page(browser, page, "#h2t3")
        inner = browser.execute_script("return window.innerWidth")
        sheet = browser.execute_script(
            "const s = document.getElementById('sheet');"
            "const cells = [...s.querySelectorAll('th, td')].map(c => c.getBoundingClientRect());"
            "return [s.scrollWidth, s.clientWidth, Math.max(...cells.map(r => r.right)), Math.min(...cells.map(r => r.left))]"
        )
        assert sheet[0] <= sheet[1], "the sheet scrolls sideways: a column is cut"
        assert 0 <= sheet[3] and sheet[2] <= inner, sheet
        rows = browser.execute_script(
            "return new Set([...document.querySelectorAll('#controls button')].map(b => Math.round(b.getBoundingClientRect().top))).size"
        )
        assert rows == 1, "the buttons are on one row"
        labels = browser.execute_script(
            "return [...document.querySelectorAll('#chart text')].map(t => t.getBoundingClientRect().height)"
        )
        assert labels and min(labels) >= 11, "the chart's words read at the page's size"
        browser.save_screenshot(str(tmp_path / f"sheet-{width}.png"))
    finally:
        browser.set_window_size(1280, 1000)


def test_a_page_is_named_by_its_file_or_event_never_its_folder(tmp_path: Path) -> None:
    folder = tmp_path / "home" / "secret-folder"
    folder.mkdir(parents=True)
    source = folder / "club.kgn"
    source.write_text((SAMPLES / "bura" / "02-two-players.kgn").read_text())
    result = runner.invoke(app, ["html", str(source), "-o", str(tmp_path / "p.html")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "p.html").read_text()
    assert "secret-folder" not in page and str(tmp_path) not in page
    title = page_json(tmp_path / "p.html")["title"]
    assert title in ("club.kgn", notation.loads(source.read_text()).tag("Event"))


def test_a_sixtysix_page_shows_the_stock_the_trump_card_and_a_closed_stock(browser: Any, tmp_path: Path) -> None:
    from replay.steps import timeline

    source = SAMPLES / "sixtysix" / "01-close-made-and-failed.kgn"
    steps, _ = timeline(notation.loads(source.read_text()))
    closed = next(i for i, st in enumerate(steps) if "closes the stock" in st.said.text)
    page = write_page(tmp_path, source)
    corners = "return [...document.querySelectorAll('.corner')].map(c => c.innerText).join(' | ')"
    cards = "return [...document.querySelectorAll('.corner .card')].map(c => c.dataset.card)"
    open_page(browser, page, "#s1")
    assert "trump" in browser.execute_script(corners) and "stock 12" in browser.execute_script(corners)
    assert browser.execute_script(cards) == ["9H"]
    open_page(browser, page, f"#s{closed}")
    shown = browser.execute_script(corners)
    assert "stock closed" in shown and "closes the stock" in browser.execute_script("return document.body.innerText")
    assert browser.execute_script(cards) == []  # the turned card lies face down under it
