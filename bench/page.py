"""The replay page of a long session: its size and how fast it opens in headless Chromium.

    python bench/page.py [--hands 200] [--runs 5] [--screenshots docs/]

Generates a Thousand session of ``--hands`` hands (a target no one reaches, so it runs to
the hand limit), writes its page with ``kozyr html`` (timed, one process), then opens the
page from disk ``--runs`` times in Debian's headless Chromium and reports, per run, the time
until the page's script has drawn the first position (``performance.now()`` at that
moment, which counts from the start of navigation).  Targets: under 1.5 MB, under 1 s.

``--screenshots DIR`` also writes the two screens shown in the README and docs/cli.md.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def kozyr(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "replay.cli", *args], check=True, cwd=ROOT, capture_output=True)


def browser(width: int = 1280, height: int = 900):  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}"):
        options.add_argument(arg)
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--screenshots", type=Path)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "session.kgn"
        page = Path(tmp) / "session.html"
        kozyr("generate", "thousand", "--seed", "1", "--rules", f"classic target=100000 max-hands={args.hands}", "-o", str(record))
        hands = record.read_text().count("\nhand ")
        start = time.perf_counter()
        kozyr("html", str(record), "-o", str(page))
        written = time.perf_counter() - start
        size = page.stat().st_size
        driver = browser()
        try:
            opened = []
            for _ in range(args.runs):
                driver.get("about:blank")
                driver.get(page.as_uri())
                ready = driver.execute_script("return document.documentElement.dataset.ready")
                opened.append(float(ready) / 1000)
            driver.get(page.as_uri() + "#h150t4")
            where = driver.execute_script("return document.getElementById('where').textContent")
        finally:
            driver.quit()
        print(f"session: {hands} hands, {record.stat().st_size / 1e6:.2f} MB of KGN")
        print(f"kozyr html: {written:.2f} s wall (one process, start-up included)")
        print(f"page: {size / 1e6:.2f} MB (target < 1.5 MB)")
        print(
            f"open from disk to the first position drawn: median {statistics.median(opened):.3f} s, "
            f"max {max(opened):.3f} s over {len(opened)} runs (target < 1 s)"
        )
        print(f"link #h150t4 opens at: {where}")
    if args.screenshots is not None:
        shots(args.screenshots)


def shots(folder: Path) -> None:
    """The two screens of the docs: a Thousand trick just taken, a Bura deal on a phone."""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for source, fragment, name, size in (
            ("samples/thousand/04-barrel-falls.kgn", "#h2t3", "html-thousand.png", (1280, 900)),
            ("samples/bura/01-illustrative-game.kgn", "#s2", "html-bura-phone.png", (412, 915)),
        ):
            page = Path(tmp) / (name + ".html")
            kozyr("html", source, "-o", str(page))
            driver = browser(*size)
            try:
                driver.get(page.as_uri() + fragment)
                driver.execute_script("return document.documentElement.dataset.ready")
                driver.save_screenshot(str(folder / name))
            finally:
                driver.quit()
            print(f"wrote {folder / name}")


if __name__ == "__main__":
    main()
