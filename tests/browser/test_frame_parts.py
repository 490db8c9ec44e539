"""The viewer's boards, sent in parts (``board=parts``) and joined in the browser, are the
boards the server draws whole: byte for byte at every step of the Pan Am demo, and on screen."""

from __future__ import annotations

from typing import Any

import pytest

from recorder.demo import load_demo_games
from tests.browser.conftest import wait_for_step

pytestmark = pytest.mark.browser


@pytest.fixture
def pan_am(live: Any) -> tuple[str, int]:
    loaded = load_demo_games(live.store)
    game_id = next(game_id for game_id, _, _ in loaded if live.store.get_game(game_id).engine == "pan-am")
    return game_id, live.store.state_at(game_id).step


def test_the_frame_store_joins_every_board_into_the_html_the_server_sends_whole(
        live: Any, context: Any, pan_am: tuple[str, int]) -> None:
    game_id, steps = pan_am
    page = context.new_page()
    page.goto(f"{live.url}/games/{game_id}?step=0")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    different = page.evaluate("""async ([url, steps]) => {
        const { FrameStore, boardHtml } = await import("/static/js/viewer/frames.js");
        const store = new FrameStore(url);
        store.setSteps(steps);
        await store.ensure(0, steps);
        const different = [];
        for (let from = 0; from <= steps; from += 50) {
            const whole = await (await fetch(`${url}?from=${from}&count=50&board=html`)).json();
            for (const frame of whole.frames) {
                if (boardHtml(store.cached(frame.step)) !== frame.board_html) different.push(frame.step);
            }
        }
        return different;
    }""", [f"/api/games/{game_id}/frames", steps])
    assert different == []
    assert any("board=parts" in url for url in asked)


def test_a_board_stepped_to_shows_what_the_page_for_that_step_shows(
        live: Any, context: Any, pan_am: tuple[str, int]) -> None:
    game_id, steps = pan_am
    page = context.new_page()
    page.goto(f"{live.url}/games/{game_id}?step=120")
    for key, step in (("ArrowRight", 121), ("ArrowRight", 122), ("ArrowLeft", 121), ("End", steps)):
        page.keyboard.press(key)
        wait_for_step(page, step)
        shown = page.inner_html("#board")
        fresh = context.new_page()
        fresh.goto(f"{live.url}/games/{game_id}?step={step}")  # drawn by the server, whole
        assert shown == fresh.inner_html("#board"), step
        fresh.close()
