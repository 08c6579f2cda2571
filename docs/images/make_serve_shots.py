"""The phone screenshots of docs/serve.md (412x915, as tests/test_serve.py taps): run from the
repository with Chromium installed: ``python docs/images/make_serve_shots.py``."""
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
from serving import Server, new_game, Client
from test_serve import Phone, phone_driver, wait, version


def sheet_hand(p, driver, shot):
    """Hand 1 of a score sheet entered on phone ``p``, the points typed, and the screen saved."""
    p.enter()
    p.choice("bid Boris 100"); p.choice("bid Vera 110"); p.choice("bid Anna pass"); p.choice("bid Boris pass")
    p.enter(); p.enter(); p.choice("contract 120")
    p.css('#tally input[data-player="Boris"]').send_keys("10")
    p.css('#tally input[data-player="Vera"]').send_keys("95")
    p.css('#tally input[data-player="Anna"]').send_keys("15")
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    driver.save_screenshot(str(out / shot))


folder = Path(tempfile.mkdtemp()); shutil.rmtree(folder, ignore_errors=True); folder.mkdir()
s = Server(folder)
out = Path(__file__).resolve().parent
d = phone_driver()
w = phone_driver()
try:
    key = new_game(s, "friday.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    p = Phone(d, f"{s.base}/play/friday.kgn?k={key}")
    p.css("#mode").click()
    sheet_hand(p, d, "serve-sheet.png")
    p.css("#tally button").click(); time.sleep(0.5)
    key2 = new_game(s, "club.kgn", "thousand", "Anna,Boris,Vera", "Vera")
    c = Client(s, "club.kgn", key2)
    for e in ["deal Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: KS QS KC QC JC JD JH / talon: TH 9C JS",
              "bid Anna 100", "bid Boris 110", "bid Vera pass", "bid Anna 115", "bid Boris pass", "talon TH 9C JS",
              "give Boris 9S, Vera JS", "contract 120", "Anna AS", "Boris 9S", "Vera QS"]:
        c.enter(e)
    p = Phone(d, f"{s.base}/play/club.kgn?k={key2}")
    if p.css("#mode").get_attribute("aria-pressed") == "true":
        p.css("#mode").click()
    time.sleep(0.3)
    d.save_screenshot(str(out / "serve-full.png"))
    w.get(f"{s.base}/watch/club.kgn?k={s.link('seat', 'club.kgn', 'Boris')}&seat=Boris")
    wait(lambda: w.execute_script("return document.documentElement.dataset.ready"))
    p.choice("Anna KH marriage")
    v = version(d)
    wait(lambda: version(w) == v)
    time.sleep(0.3)
    w.save_screenshot(str(out / "serve-watch.png"))
    # The same at a Russian table: the phones' browsers ask for Russian (nothing chosen on the page)
    rd, rw = phone_driver("ru-RU,ru"), phone_driver("ru")
    try:
        key3 = new_game(s, "kazan.kgn", "thousand", "Anna,Boris,Vera", "Anna")
        p = Phone(rd, f"{s.base}/play/kazan.kgn?k={key3}")
        if p.css("#mode").get_attribute("aria-pressed") != "true":
            p.css("#mode").click()  # score-sheet mode
        sheet_hand(p, rd, "serve-sheet-ru.png")
        p = Phone(rd, f"{s.base}/play/club.kgn?k={key2}")
        if p.css("#mode").get_attribute("aria-pressed") == "true":
            p.css("#mode").click()
        time.sleep(0.3)
        rd.save_screenshot(str(out / "serve-full-ru.png"))
        rw.get(f"{s.base}/watch/club.kgn?k={s.link('seat', 'club.kgn', 'Boris')}&seat=Boris")
        wait(lambda: rw.execute_script("return document.documentElement.dataset.ready"))
        p.choice("Boris 9D")
        v = version(rd)
        wait(lambda: version(rw) == v)
        time.sleep(0.3)
        rw.save_screenshot(str(out / "serve-watch-ru.png"))
    finally:
        rd.quit(); rw.quit()
finally:
    d.quit(); w.quit(); s.kill()
