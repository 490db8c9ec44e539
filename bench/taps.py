"""Taps per recorded action: each engine's scripted game recorded on the recording page in
Chromium (390x844) through its pickers alone, counted, printed and written into
docs/WEB.md between its markers.

The games, the drivers and the counting are the browser tests' own
(``tests/browser/tables``): a tap is one, a select two, typing its characters by kind.
The targets (issue 20): a median of at most 3 taps an action for every engine, at most 6
for the longest action, nothing typed but names, numbers printed on the table and notes.

    python -m bench.taps            # every engine whose driver exists; rewrites docs/WEB.md
    python -m bench.taps --no-write # print only
"""

from __future__ import annotations

import argparse
import importlib
import logging
import tempfile
import time
from pathlib import Path

from recorder import close_app, create_app
from recorder.migrate import upgrade
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, LiveServer
from tests.browser.tables.table import MEDIAN_TAPS, MOST_TAPS, Played, play

# The scripted games, in the order, and what each records.
GAMES = [
    ("panic_in_the_air", "Panic in the Air", "the whole game"),
    ("isle_of_pan", "The Isle of Pan", "two rounds"),
    ("pan_am", "Pan Am", "round 1"),
    ("panamax", "Panamax", "round 1"),
    ("air_alliance", "Air Alliance", "six turns"),
]
WEB_MD = Path(__file__).resolve().parent.parent / "docs" / "WEB.md"
BEGIN, END = "<!-- taps:begin -->", "<!-- taps:end -->"


def run_games(modules: list[str]) -> list[tuple[str, str, Played, float]]:
    """Each scripted game played once on a fresh server: (title, cut, figures, seconds)."""
    from playwright.sync_api import sync_playwright

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    results = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for module, title, cut in GAMES:
                if module not in modules:
                    continue
                game = importlib.import_module(f"tests.browser.tables.{module}").GAME
                app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp}/{module}.db", "FRAMES_SHARED_BYTES": 0,
                                  "SECRET_KEY": "bench-taps", "LIVE_POLL_SECONDS": 0.2, "LIVE_MAX_SECONDS": 30})
                upgrade(app.extensions["tablescribe.db"])
                live = LiveServer(app)
                started = time.perf_counter()
                try:
                    played = play(live, browser, game)
                finally:
                    live.stop()
                    close_app(app)
                results.append((title, cut, played, time.perf_counter() - started))
        finally:
            browser.close()
    return results


def table(results: list[tuple[str, str, Played, float]]) -> str:
    """The figures as a Markdown table."""
    lines = ["| Engine | Scripted game | Actions | Taps, all | Taps, median | Taps, most (action) | Typed: names / numbers / notes | Other typing |",
             "|---|---|---:|---:|---:|---|---|---|"]
    for title, cut, played, _seconds in results:
        longest = played.longest
        other = sum(n for a in played.actions for kind, n in a.typed.items() if kind not in ("name", "number", "note"))
        lines.append(f"| {title} | {cut} | {len(played.actions)} | {sum(played.taps)} | {played.median:g} | {longest.taps} ({longest.type}) | "
                     f"{played.typed('name')} / {played.typed('number')} / {played.typed('note')} | {other} |")
    return "\n".join(lines)


def verdict(results: list[tuple[str, str, Played, float]]) -> list[str]:
    """Where a game misses the targets (empty when every one meets them)."""
    misses = []
    for title, _cut, played, _seconds in results:
        if played.median > MEDIAN_TAPS:
            misses.append(f"{title}: median {played.median:g} taps > {MEDIAN_TAPS}")
        if played.longest.taps > MOST_TAPS:
            misses.append(f"{title}: {played.longest.type} took {played.longest.taps} taps > {MOST_TAPS}")
    return misses


def write_into_docs(text: str) -> None:
    doc = WEB_MD.read_text()
    start, end = doc.index(BEGIN) + len(BEGIN), doc.index(END)
    WEB_MD.write_text(f"{doc[:start]}\n{text}\n{doc[end:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-write", action="store_true", help="print the table, leave docs/WEB.md alone")
    parser.add_argument("--only", nargs="*", default=[m for m, _t, _c in GAMES], help="driver modules to run")
    args = parser.parse_args(argv)
    results = run_games(args.only)
    text = table(results)
    misses = verdict(results)
    stamp = time.strftime("%Y-%m-%d")
    block = (f"Measured {stamp} with `make bench-taps` (`python -m bench.taps`), Chromium at 390x844:\n\n{text}\n\n"
             + ("Every engine meets the targets." if not misses else "Missed: " + "; ".join(misses) + "."))
    print(block)
    for title, _cut, _played, seconds in results:
        print(f"  {title}: {seconds:.1f} s")
    if not args.no_write:
        write_into_docs(block)
    return 1 if misses else 0


if __name__ == "__main__":
    raise SystemExit(main())
