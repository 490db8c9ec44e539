"""A long game in the viewer: the log comes in pages, and stepping or clicking across
them still lands on the step, its log line highlighted (docs/WEB.md, "Long games")."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bench.seek import OPTIONS, PLAYERS, synthetic_events
from recorder.web.viewer_page import LOG_WINDOW
from tests.browser.conftest import LAPTOP_WIDE, PHONE, screenshot, wait_for_step, watched_page

pytestmark = pytest.mark.browser

STEPS = 3000


def long_game(live: Any) -> str:
    game, token = live.store.create_game("panic-in-the-air", PLAYERS, "A long night", options=OPTIONS)
    for request in itertools.islice(synthetic_events(), STEPS):
        live.store.append(game.id, token, request)
    return game.id


def current_line(page: Any, step: int) -> Any:
    """The log line of ``step``, once it is on the page and marked current."""
    line = page.locator(f'#log li[data-step="{step}"][aria-current="step"]')
    line.wait_for()
    return line


def in_log_box(page: Any, step: int) -> bool:
    """Whether the line of ``step`` is scrolled into sight inside the log box."""
    return bool(page.evaluate(f"""() => {{
        const box = document.getElementById('log').getBoundingClientRect();
        const row = document.querySelector('#log li[data-step="{step}"]').getBoundingClientRect();
        return row.top >= box.top - 1 && row.bottom <= box.bottom + 1;
    }}"""))


def logged_steps(page: Any) -> list[int]:
    return [int(s) for s in page.eval_on_selector_all("#log li[data-step]", "els => els.map(e => e.dataset.step)")]


@pytest.mark.parametrize("viewport, name", [(LAPTOP_WIDE, "laptop"), (PHONE, "phone")])
def test_jumping_far_back_brings_that_steps_log_line(live: Any, browser: Any, viewport: dict[str, int],
                                                     name: str) -> None:
    game_id = long_game(live)
    context, page, refused, errors = watched_page(browser, viewport)
    page.goto(f"{live.url}/games/{game_id}")
    current_line(page, STEPS)
    assert logged_steps(page) == list(range(STEPS - LOG_WINDOW + 1, STEPS + 1))
    screenshot(page, f"long-viewer-{name}-last-step", full_page=False)

    # The stepper's First: far outside the log on the page.
    page.locator("#controls a[data-go='first']").click()
    wait_for_step(page, 0)
    current_line(page, 0)
    assert in_log_box(page, 0) and logged_steps(page)[:3] == [0, 1, 2]

    # Next across the page's end: the following steps join the log.
    page.goto(f"{live.url}/games/{game_id}?step={LOG_WINDOW - 1}")
    current_line(page, LOG_WINDOW - 1)
    page.locator("body").press("ArrowRight")
    wait_for_step(page, LOG_WINDOW)
    current_line(page, LOG_WINDOW)
    assert in_log_box(page, LOG_WINDOW)

    # The scrubber to a step far back, then a click on a log line near it.
    page.evaluate("""() => { const s = document.getElementById('scrubber');
                             s.value = '1234'; s.dispatchEvent(new Event('input', {bubbles: true})); }""")
    wait_for_step(page, 1234)
    current_line(page, 1234)
    assert in_log_box(page, 1234) and 1234 - LOG_WINDOW // 2 in logged_steps(page)
    page.locator('#log a[data-step="1230"]').first.click()
    wait_for_step(page, 1230)
    current_line(page, 1230)
    page.locator("#log").scroll_into_view_if_needed()
    screenshot(page, f"long-viewer-{name}-step-1230", full_page=False)

    # Scrolling the log to its top loads the steps before it, and the line read stays put.
    earlier = min(logged_steps(page))
    page.eval_on_selector("#log", "el => { el.scrollTop = 0; }")
    page.locator(f'#log li[data-step="{earlier - 1}"]').wait_for()
    assert min(logged_steps(page)) == earlier - LOG_WINDOW
    assert page.eval_on_selector("#log", "el => el.scrollTop") > 0
    current_line(page, 1230)
    screenshot(page, f"long-viewer-{name}-earlier-loaded", full_page=False)

    # The same in the log as recorded.
    page.locator("#log-recorded").click()
    page.locator('#log li.rec-row[data-step="1230"][aria-current="step"]').wait_for()
    page.locator("#controls a[data-go='last']").click()
    page.wait_for_url(f"**step={STEPS}&log=recorded")
    page.locator(f'#log li.rec-row[data-step="{STEPS}"][aria-current="step"]').wait_for()
    assert in_log_box(page, STEPS)
    assert not errors, errors
    assert not refused, refused
    context.close()
