"""Figure 7 of issue 24, stepping in the browser: the right arrow held down on each demo
game's viewer in Chromium (Playwright, 1366x900), the time from each key press to the new
frame painted, and the frames dropped while the key is held; then the first paint of the
viewer, of the recording page and of a static page.

    python -m bench.stepping          # 100 steps a game, each page's first paint 3 times
    python -m bench.stepping --quick  # 10 steps a game, once (the test suite's)

*The server* is the real app as the browser tests and ``bench.taps`` start it
(``tests.browser.conftest.LiveServer``: werkzeug, threaded, SQLite in a temporary folder),
the demo games loaded with ``recorder.demo.load_demo_games``; Chromium is Debian's, with the
browser tests' ``CHROMIUM_ARGS`` (headless, software rendering).

*Holding the key.* Each viewer opens at ``?step=0``; once its first batches of frames are
in (the network idle), ``page.keyboard.down("ArrowRight")`` is sent 100 times, one every
33.3 ms, the key-repeat rate of a desktop set to a fast repeat (30/s; X11's default is 25/s,
macOS's fastest 30/s), then ``keyboard.up``. Playwright marks every keydown after the first
``repeat: true``, as an operating system does. The OS's initial delay before repeating
(about half a second) is left out: it adds nothing to a step's cost. The sends are paced on
the clock (press *i* at *i* x 33.3 ms from the first), not one after another, so a page that
falls behind finds presses waiting, as it would under a real key.

*Key press to new frame painted*, measured in the page (a script injected with
``add_init_script``, before the page's own):

- the press's time is the keydown event's ``timeStamp`` (when the browser received the
  input, on the ``performance.now()`` clock), so the time the event waited behind a busy
  main thread counts;
- the step it asked for is the counter's (``#counter-step``) once the viewer's own keydown
  handler has run (a listener on ``window`` in the bubbling phase, after the viewer's
  ``document`` listener), and whether the viewer had the frame (``.stage.is-loading`` is
  set while it waits for one from the server);
- a press whose frame the viewer had draws it in its keydown handler, so the next frame
  presented shows it: its figure is Chromium's Event Timing entry for it
  (``PerformanceObserver`` of type ``event``), whose ``duration`` runs from the
  ``timeStamp`` to the time the compositor presented that frame (INP's definition).
  Chromium rounds it to 8 ms and reports only presses of 16 ms or more: a press it leaves
  out (below 12 ms before rounding) counts as 16 ms, an upper bound;
- a press whose frame had to come from the server (none, once the viewer prefetches far
  enough ahead for a held key) ends when its step is on screen: a ``MutationObserver``
  on the step heading (``#step-position``), which the viewer rewrites once the step's
  frame (board, changes, standings) is in the page, then a ``requestAnimationFrame``
  callback and a message posted from it through a ``MessageChannel`` (a task of its own,
  like ``setTimeout(0)`` without the clamp), which runs once that frame's style, layout,
  paint and commit are done. A press whose step was passed over ends with the first frame
  at its step or beyond.

The lines under the table give, for each game, the press to its frame's
``requestAnimationFrame`` callback (a lower bound: before the frame's style, layout and
paint), how long presses waited for the main thread, how many waited for the server, how
many Event Timing reported, and the press to the message for every press. That message is
not the figure: while the main thread is saturated Chromium runs the waiting key presses
first (input comes before other tasks), so the message can wait far longer than the frame.

*Frames dropped*: a ``requestAnimationFrame`` loop runs from the first press until the last
press's frame is painted; each interval between two callbacks longer than 1.5 x 16.7 ms
counts as round(interval / 16.7) - 1 frames dropped. Printed beside the frames expected in
that time at 60 Hz.

*First paint*: ``first-contentful-paint`` from a ``PerformanceObserver`` (``paint``,
buffered), each page loaded in a fresh browser context (an empty cache, as a first visit),
the median of 3 loads: the viewer at ``?step=0`` and the recording page of every demo game
(a copy of each demo recorded through the same store with its owner token, since
``load_demo_games`` keeps no token; the token is the context's cookie, as the browser tests
hold it), beside a static page: ``/bench/static-page`` answered by the same server from
memory, before the app (no template, no database), an ``<h1>`` and a paragraph with the
stylesheet every page links (``/static/css/app.css``).

*The floor*: the same hold, timed the same way, on ``/bench/stepping-floor``, a page served
from memory whose right arrow only rewrites a number and a heading (the viewer's counter and
step heading). It has no board, no frames and nothing to fetch, so what it measures is this
Chromium's own time from a key press to a presented frame on this machine (its software
raster and presentation); a game cannot step faster than that, and the row is printed
beside the games' as figure 1 prints its floor.

The targets (issue 24): a median of at most 16 ms and a p95 of at most 33 ms in every
game. First paint has no target; the ratio to the static page is printed.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import tempfile
import time
from dataclasses import dataclass
from typing import Any

import engines
from recorder import close_app, create_app
from recorder.demo import demo_games, load_demo_games
from recorder.migrate import upgrade
from recorder.store import AppendRequest
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, LAPTOP_WIDE, LiveServer

STEPS, QUICK_STEPS = 100, 10
REPEAT_HZ = 30.0
FRAME_MS = 1000 / 60
MEDIAN_TARGET_MS, P95_TARGET_MS = 16.0, 33.0
UNREPORTED_MS = 16.0  # Event Timing reports a press from 16 ms: one it left out counts as 16
PAINT_LOADS, QUICK_PAINT_LOADS = 3, 1
STATIC_PATH = "/bench/static-page"
FLOOR_PATH = "/bench/stepping-floor"
FLOOR_TITLE = "a page that only counts"
STATIC_PAGE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Static page</title>
<link rel="stylesheet" href="/static/css/app.css"></head>
<body><main><h1>Tablescribe</h1><p>A static page: the stylesheet every page links, no script.</p></main></body></html>"""
# The floor of figure 7: a page whose right arrow only rewrites a number and a heading, as
# the viewer's counter and step heading are written, so the probe times it the same way.
# What it measures is this browser's own press-to-presented time on this machine.
FLOOR_PAGE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Stepping floor</title>
<link rel="stylesheet" href="/static/css/app.css"></head>
<body><main><h1 id="step-position"><span class="step-number">Step 0</span></h1>
<p>Step <span id="counter-step">0</span></p></main>
<script>
let step = 0;
document.addEventListener("keydown", (event) => {
  if (event.key !== "ArrowRight") return;
  step += 1;
  document.getElementById("counter-step").textContent = String(step);
  document.querySelector("#step-position .step-number").textContent = `Step ${step}`;
});
</script></body></html>"""

# Injected before the viewer's own scripts: the presses, the frames they asked for, and
# the animation frames while the key is held.  Read back with window.__stepping.
PROBE = """
(() => {
  const probe = { presses: [], ticks: [], shown: null, holding: false, events: [] };
  window.__stepping = probe;
  // Chromium's own timing of each key press to the next frame presented (Event Timing,
  // from 16 ms; rounded to 8 ms): what the compositor put on screen, not a task's turn.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "keydown") probe.events.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  const FAR = Number.MAX_SAFE_INTEGER;
  function tick(now) {
    probe.ticks.push(now);
    if (probe.holding || probe.presses.some((p) => p.painted === null)) requestAnimationFrame(tick);
  }
  window.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowRight") return;
    if (!probe.holding) { probe.holding = true; probe.ticks = []; requestAnimationFrame(tick); }
    probe.presses.push({ at: event.timeStamp, seen: performance.now(), repeat: event.repeat, step: null, begun: null, painted: null });
  }, true);
  window.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowRight" || !probe.presses.length) return;
    const counter = document.getElementById("counter-step");
    const press = probe.presses[probe.presses.length - 1];
    press.step = counter ? Number(counter.textContent.trim()) : FAR;
    press.fetching = Boolean(document.querySelector(".stage.is-loading")); // its frame not in the page's cache
    check();  // a frame already on screen (the last step): painted with the next frame
  });
  window.addEventListener("keyup", (event) => { if (event.key === "ArrowRight") probe.holding = false; });
  // The frame holding a change: its requestAnimationFrame callback runs just before its
  // style, layout and paint; a message posted from there runs once they are done.
  const channel = new MessageChannel();
  let waiting = [];          // on screen in the DOM, their frame not begun
  const framing = [];        // batches whose frame has begun, awaiting its end
  let asked = false;
  channel.port1.onmessage = () => {
    const now = performance.now();
    for (const press of framing.shift()) press.painted = now;
  };
  function framed() {
    const now = performance.now();
    for (const press of waiting) press.begun = now;
    framing.push(waiting);
    waiting = [];
    asked = false;
    channel.port2.postMessage(null);
  }
  function shownStep() {
    const number = document.querySelector("#step-position .step-number");
    const match = number && /Step (\\d+)/.exec(number.textContent);
    return match ? Number(match[1]) : null;
  }
  function check() {
    const shown = shownStep();
    probe.shown = shown;
    if (shown === null) return;
    const done = probe.presses.filter((p) => p.begun === null && p.step !== null && p.step <= shown && !waiting.includes(p));
    if (!done.length) return;
    waiting.push(...done);
    if (!asked) { asked = true; requestAnimationFrame(framed); }
  }
  function observe() {
    const heading = document.getElementById("step-position");
    if (!heading) return;
    new MutationObserver(check).observe(heading, { childList: true, subtree: true, characterData: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", observe);
  else observe();
})();
"""

FIRST_PAINT = """() => new Promise((resolve) => {
  const seen = () => performance.getEntriesByName("first-contentful-paint")[0];
  if (seen()) return resolve(seen().startTime);
  new PerformanceObserver((list) => {
    const entry = list.getEntriesByName("first-contentful-paint")[0];
    if (entry) resolve(entry.startTime);
  }).observe({ type: "paint", buffered: true });
  setTimeout(() => resolve(null), 10000);
})"""


@dataclass(frozen=True)
class Held:
    """One game's hold: each press's time to its frame painted, and the animation frames."""

    title: str
    latencies_ms: list[float]  # key press to its frame presented (press_to_paint)
    posted_ms: list[float]  # key press to the message posted from its frame's requestAnimationFrame
    begun_ms: list[float]  # key press to the requestAnimationFrame callback of its frame: a lower bound
    waited_ms: list[float]  # key press to the page's first listener running
    fetching: int  # presses whose frame the viewer had to wait for from the server
    reported: int  # presses Event Timing reported (16 ms or more)
    dropped: int
    expected_frames: int
    seconds: float

    @property
    def median(self) -> float:
        return statistics.median(self.latencies_ms)

    @property
    def p95(self) -> float:
        return percentile(self.latencies_ms, 95)


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile (the value below which ``pct`` % of the presses fall)."""
    ranked = sorted(values)
    rank = max(1, -(-len(ranked) * pct // 100))
    return ranked[int(rank) - 1]


def dropped_frames(ticks: list[float]) -> tuple[int, int]:
    """(frames dropped, frames expected at 60 Hz) over the animation frames' timestamps."""
    dropped = 0
    for before, after in zip(ticks, ticks[1:], strict=False):
        interval = after - before
        if interval > 1.5 * FRAME_MS:
            dropped += round(interval / FRAME_MS) - 1
    expected = round((ticks[-1] - ticks[0]) / FRAME_MS) if len(ticks) > 1 else 0
    return dropped, expected


def with_static_page(app: Any) -> Any:
    """``app`` behind two extra paths served from memory: the static page and the floor page."""
    pages = {STATIC_PATH: STATIC_PAGE, FLOOR_PATH: FLOOR_PAGE}

    def serve(environ: Any, start_response: Any) -> Any:
        page = pages.get(environ.get("PATH_INFO", ""))
        if page is not None:
            start_response("200 OK", [("Content-Type", "text/html; charset=utf-8"),
                                      ("Content-Length", str(len(page)))])
            return [page]
        return app(environ, start_response)
    return serve


def hold_right_arrow(browser: Any, url: str, title: str, steps: int) -> Held:
    """Open ``url`` (a viewer at step 0) and hold the right arrow for ``steps`` presses."""
    context = browser.new_context(viewport=LAPTOP_WIDE)
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.add_init_script(PROBE)
        page.goto(url, wait_until="networkidle")
        page.wait_for_timeout(300)
        interval = 1 / REPEAT_HZ
        started = time.perf_counter()
        for press in range(steps):
            delay = started + press * interval - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            page.keyboard.down("ArrowRight")
        page.keyboard.up("ArrowRight")
        page.wait_for_function("() => window.__stepping.presses.every((p) => p.painted !== null)")
        seconds = time.perf_counter() - started
        page.wait_for_timeout(500)  # the last Event Timing entries are delivered after their frame
        probe = page.evaluate("() => window.__stepping")
        if errors:
            raise RuntimeError(f"{title}: script errors {errors}")
        presses = probe["presses"]
        if len(presses) != steps:
            raise RuntimeError(f"{title}: {len(presses)} key presses seen, {steps} sent")
        dropped, expected = dropped_frames(probe["ticks"])
        timed = {round(e["start"], 2): e["duration"] for e in probe["events"]}
        return Held(title, [press_to_paint(p, timed) for p in presses], [p["painted"] - p["at"] for p in presses],
                    [p["begun"] - p["at"] for p in presses], [p["seen"] - p["at"] for p in presses],
                    sum(1 for p in presses if p["fetching"]), sum(1 for p in presses if round(p["at"], 2) in timed),
                    dropped, expected, seconds)
    finally:
        context.close()


def press_to_paint(press: dict[str, Any], timed: dict[float, float]) -> float:
    """A press's time to its frame presented, in ms: Event Timing's when its frame was drawn
    in the handler (16 ms, the threshold, when Chromium reported nothing: below 12 ms once
    rounded), else (its frame came from the server) the message after its frame."""
    if press["fetching"]:
        return float(press["painted"] - press["at"])
    return float(timed.get(round(press["at"], 2), UNREPORTED_MS))


def first_paint(browser: Any, url: str, cookies: list[dict[str, Any]] | None = None) -> float:
    """first-contentful-paint of ``url`` in a fresh context, in ms from navigation start."""
    context = browser.new_context(viewport=LAPTOP_WIDE)
    context.set_default_timeout(30_000)
    try:
        if cookies:
            context.add_cookies(cookies)
        page = context.new_page()
        page.goto(url, wait_until="load")
        painted = page.evaluate(FIRST_PAINT)
        if painted is None:
            raise RuntimeError(f"no first-contentful-paint on {url}")
        return float(painted)
    finally:
        context.close()


def record_copies(store: Any) -> list[tuple[str, str, str]]:
    """Each demo game recorded once more through the store, keeping its owner token:
    (game id, title, token), for the recording page's first paint."""
    copies = []
    for demo in demo_games():
        game, token = store.create_game(demo["engine"], demo["players"], f"{demo['title']} (recording page)",
                                        demo.get("options"))
        for event in demo["events"]:
            store.append(game.id, token, AppendRequest(
                type=event["type"], data=event.get("data", {}), actor=event.get("actor"),
                note=event.get("note"), recorded_by="demo"))
        copies.append((game.id, engines.find(demo["engine"]).title, token))
    return copies


def measure(steps: int, paint_loads: int, browser: Any = None) -> dict[str, Any]:
    """Every game's hold and every page's first paint, on a fresh server; in ``browser``
    when given (the browser tests' own: Playwright's sync API runs once a process), else in
    a Chromium of its own."""
    if browser is not None:
        return measure_in(browser, steps, paint_loads)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        own = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return measure_in(own, steps, paint_loads)
        finally:
            own.close()


def measure_in(browser: Any, steps: int, paint_loads: int) -> dict[str, Any]:
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    with tempfile.TemporaryDirectory(prefix="tablescribe-stepping-") as tmp:
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp}/stepping.db",
                          "SECRET_KEY": "bench-stepping", "LIVE_POLL_SECONDS": 0.2, "LIVE_MAX_SECONDS": 30,
                          # One process: nothing to share on disk, and no request thread
                          # still writing a shared answer while the folder is removed.
                          "FRAMES_SHARED_BYTES": 0})
        upgrade(app.extensions["tablescribe.db"])
        live = LiveServer(with_static_page(app))
        live.app = app
        try:
            store = app.extensions["tablescribe.store"]
            # Each demo game by its engine's title ("Pan Am"), not the demo's long title.
            games = [(game_id, engines.find(store.get_game(game_id).engine).title, new)
                     for game_id, _title, new in load_demo_games(store)]
            copies = record_copies(store)
            floor = hold_right_arrow(browser, f"{live.url}{FLOOR_PATH}", FLOOR_TITLE, steps)
            held = []
            for game_id, title, _new in sorted(games, key=lambda g: g[1]):
                length = store.state_at(game_id).step
                held.append(hold_right_arrow(browser, f"{live.url}/games/{game_id}?step=0", title, min(steps, length)))
            first_paint(browser, f"{live.url}{STATIC_PATH}")  # the server's and the browser's first request warm up
            paints: dict[str, list[float]] = {"static": []}
            for _ in range(paint_loads):
                paints["static"].append(first_paint(browser, f"{live.url}{STATIC_PATH}"))
                for game_id, title, _new in games:
                    paints.setdefault(f"viewer:{title}", []).append(first_paint(browser, f"{live.url}/games/{game_id}?step=0"))
                for game_id, title, token in copies:
                    cookie = [{"name": f"ts_token_{game_id}", "value": token, "url": live.url}]
                    paints.setdefault(f"record:{title}", []).append(
                        first_paint(browser, f"{live.url}/games/{game_id}/record", cookie))
        finally:
            live.stop()
            close_app(app)
    return {"held": held, "floor": floor,
            "paints": {page: statistics.median(times) for page, times in paints.items()}}


def rows(found: dict[str, Any]) -> list[list[str]]:
    """The table's rows, as bench/run.py prints them: figure, measured, reference, ratio, target, met."""
    floor = found["floor"]
    out = []
    for held in found["held"]:
        n = len(held.latencies_ms)
        out.append([f"7. stepping, {held.title} ({n} steps held)", held_figures(held),
                    f"a frame at 60 Hz {FRAME_MS:.1f} ms; {n} presses at {REPEAT_HZ:.0f}/s took {held.seconds:.1f} s "
                    f"(key repeat {n / REPEAT_HZ:.1f} s); floor median {floor.median:.1f} ms",
                    f"{held.median / FRAME_MS:.2f}x", f"median ≤ {MEDIAN_TARGET_MS:.0f} ms, p95 ≤ {P95_TARGET_MS:.0f} ms",
                    "yes" if met(held) else "**no**"])
    out.append([f"7. stepping floor, {FLOOR_TITLE} ({len(floor.latencies_ms)} steps held)", held_figures(floor),
                "this Chromium's press to a presented frame on this machine", f"{floor.median / FRAME_MS:.2f}x",
                "", ""])
    paints = found["paints"]
    static = paints["static"]
    for page, painted in paints.items():
        if page == "static":
            continue
        kind, title = page.split(":", 1)
        name = "viewer" if kind == "viewer" else "recording page"
        out.append([f"7. first paint, {name}, {title}", f"{painted:.0f} ms", f"static page {static:.0f} ms",
                    f"{painted / static:.2f}x", "", ""])
    return out


def held_figures(held: Held) -> str:
    return (f"median {held.median:.1f} ms, p95 {held.p95:.1f} ms; "
            f"{held.dropped} of {held.expected_frames} frames dropped")


def met(held: Held) -> bool:
    return held.median <= MEDIAN_TARGET_MS and held.p95 <= P95_TARGET_MS


def table(found: dict[str, Any]) -> list[str]:
    lines = ["| figure | measured | reference | ratio | target | met |", "| --- | --- | --- | --- | --- | --- |"]
    return lines + ["| " + " | ".join(cells) + " |" for cells in rows(found)]


def main(argv: list[str] | None = None, browser: Any = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_STEPS} steps a game, each page loaded once")
    parser.add_argument("--steps", type=int, default=None, help=f"presses a game (default {STEPS})")
    args = parser.parse_args(argv)
    steps = args.steps or (QUICK_STEPS if args.quick else STEPS)
    found = measure(steps, QUICK_PAINT_LOADS if args.quick else PAINT_LOADS, browser)
    for line in table(found):
        print(line)
    print()
    for held in [*found["held"], found["floor"]]:
        print(f"{held.title}: key press to its frame begun (requestAnimationFrame, before style, layout and paint): "
              f"median {statistics.median(held.begun_ms):.1f} ms, p95 {percentile(held.begun_ms, 95):.1f} ms; "
              f"the key press waited for the main thread: median "
              f"{statistics.median(held.waited_ms):.1f} ms; {held.fetching} of {len(held.latencies_ms)} presses "
              f"waited for their frame from the server; {held.reported} reported by Event Timing (16 ms or more); "
              f"to the message after the frame: median {statistics.median(held.posted_ms):.1f} ms, "
              f"p95 {percentile(held.posted_ms, 95):.1f} ms")
    return found


if __name__ == "__main__":
    main()
