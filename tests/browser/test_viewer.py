"""The viewer in a real browser: keyboard stepping, links to a step, the chart, live follow."""

from __future__ import annotations

from typing import Any

import pytest

from recorder.build import build_id
from recorder.store import AppendRequest
from tests.browser.conftest import PHONE, screenshot, wait_for_step
from tests.recorder.helpers import draw, panic_demo_id

pytestmark = pytest.mark.browser


def counter(page: Any) -> int:
    return int(page.text_content("#counter-step"))


def test_step_through_the_demo_with_the_keyboard_and_a_link(live: Any, context: Any) -> None:
    game_id = panic_demo_id(live.store)
    steps = live.store.state_at(game_id).step
    page = context.new_page()
    page.goto(f"{live.url}/games/{game_id}?step=5")
    assert counter(page) == 5
    describe_at_5 = page.text_content("#step-describe")
    assert describe_at_5 == live.store.effective_log(game_id)[4]["describe"]

    page.locator("body").press("ArrowRight")
    wait_for_step(page, 6)
    assert page.text_content("#step-describe") == live.store.effective_log(game_id)[5]["describe"]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 4)
    page.keyboard.press("End")
    wait_for_step(page, steps)
    assert "Ana wins with 1100 m" in page.text_content("#changes")
    page.keyboard.press("Home")
    wait_for_step(page, 0)
    assert page.text_content("#changes").strip().startswith("The game is set up")
    screenshot(page, "viewer-laptop-start")

    # Clicking a log entry seeks there.
    page.locator("#log a[data-step='12']").first.click()
    wait_for_step(page, 12)
    screenshot(page, "viewer-laptop-step-12")


def test_clicking_the_chart_seeks_and_the_cursor_follows(live: Any, context: Any) -> None:
    game_id = panic_demo_id(live.store)
    steps = live.store.state_at(game_id).step
    page = context.new_page()
    page.goto(f"{live.url}/games/{game_id}?step=0")
    hit = page.locator("#chart .chart-hit")
    hit.scroll_into_view_if_needed()
    svg = page.locator("#chart svg.score-chart")
    x0, dx = float(svg.get_attribute("data-x0")), float(svg.get_attribute("data-dx"))
    target = steps // 2
    # Click where the step lies, in the SVG's own coordinates.
    point = page.evaluate(
        """([x]) => { const svg = document.querySelector('#chart svg.score-chart');
                      const p = svg.createSVGPoint(); p.x = x; p.y = 100;
                      const s = p.matrixTransform(svg.getScreenCTM());
                      return [s.x, s.y]; }""", [x0 + target * dx])
    page.mouse.click(point[0], point[1])
    wait_for_step(page, target)
    cursor_x = float(page.locator("#chart .chart-cursor").get_attribute("x1"))
    assert abs(cursor_x - (x0 + target * dx)) < 0.6


def test_a_live_event_arrives_in_an_open_viewer(live: Any, browser: Any) -> None:
    game, token = live.store.create_game("panic-in-the-air", ["Ana", "Ben", "Cy"], "Live game")
    live.store.append(game.id, token, draw())
    viewer = browser.new_context(viewport=PHONE)
    page = viewer.new_page()
    asked: list[tuple[str, str]] = []  # each frames request's URL and the answer's Cache-Control
    page.on("response", lambda r: asked.append((r.url, r.headers.get("cache-control", "")))
            if "/frames?" in r.url else None)
    page.goto(f"{live.url}/games/{game.id}")
    assert counter(page) == 1
    page.locator("#live-indicator").wait_for(state="visible")

    # A second page records the next action: the open viewer follows to it.
    recorder = browser.new_context()
    recorder.add_cookies([{"name": f"ts_token_{game.id}", "value": token, "url": live.url}])
    recording = recorder.new_page()
    recording.goto(f"{live.url}/games/{game.id}/record")
    recording.click(".quick-btn")
    recording.wait_for_function("() => document.querySelector('#result').textContent.includes('Ana drew')")
    wait_for_step(page, 2)
    assert "Ana drew a card" in page.text_content("#step-describe")
    screenshot(page, "viewer-phone-live")
    # The frames of the new step are asked for at the version the stream announced, an
    # answer the browser may keep for good (docs/WEB.md, "Caching").
    assert [cache for url, cache in asked if f"version=2&build={build_id()}" in url] == [
        "public, max-age=31536000, immutable"]

    # A correction rewrites history: the viewer re-syncs to the shorter game.
    live.store.append(game.id, token, AppendRequest(type="undo"))
    wait_for_step(page, 1)
    assert int(page.text_content("#counter-steps")) == 1
    assert any("version=3&build=" in url for url, _ in asked), asked
    viewer.close()
    recorder.close()


def test_a_viewer_that_reconnects_catches_up_with_what_it_missed(live: Any, context: Any) -> None:
    """Events recorded while the stream was down arrive through the reconnect's hello."""
    game, token = live.store.create_game("panic-in-the-air", ["Ana", "Ben", "Cy"], "Reconnect")
    live.store.append(game.id, token, draw())
    # The stream never reports updates itself here: it ends after a second, and
    # only the browser's reconnection (and its hello) can tell the viewer.
    live.app.config.update(LIVE_POLL_SECONDS=60, LIVE_MAX_SECONDS=1)
    page = context.new_page()
    page.goto(f"{live.url}/games/{game.id}")
    assert counter(page) == 1
    live.store.append(game.id, token, draw())
    live.store.append(game.id, token, draw())
    wait_for_step(page, 3)
    assert int(page.text_content("#counter-steps")) == 3
    live.store.append(game.id, token, draw())
    wait_for_step(page, 4)


@pytest.mark.parametrize("size", [PHONE, {"width": 1280, "height": 900}], ids=["phone", "laptop"])
def test_the_export_menu_opens_inside_the_screen_and_downloads(live: Any, context: Any, size: dict[str, int]) -> None:
    game_id = panic_demo_id(live.store)
    page = context.new_page()
    page.set_viewport_size(size)
    page.goto(f"{live.url}/games/{game_id}")
    page.click(".export-menu > summary")
    box = page.locator(".export-menu > ul").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    screenshot(page, f"viewer-export-menu-{'phone' if size is PHONE else 'laptop'}")
    with page.expect_download() as download:
        page.click("text=Transcript (text)")
    assert download.value.suggested_filename.endswith(f"-{game_id}.txt")
