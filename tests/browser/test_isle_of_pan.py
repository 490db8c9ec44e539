"""The Isle of Pan in a real browser: the island replayed tile by tile, and a tile placed
from the recording page by choosing one of the legal placements the engine offers."""

from __future__ import annotations

from typing import Any

import pytest

from engines.isle_of_pan.demo import demo_game
from recorder.store import AppendRequest
from tests.browser.conftest import PHONE, screenshot
from tests.web.test_isle_of_pan_board import NEW_HEX, isle_demo

pytestmark = pytest.mark.browser


def test_the_island_is_replayed_tile_by_tile_with_the_keyboard(live: Any, context: Any) -> None:
    game_id = isle_demo(live.store)
    log = live.store.effective_log(game_id)
    first_tile = next(e["step"] for e in log if e.get("type") == "tile_placed")
    page = context.new_page()
    page.goto(f"{live.url}/games/{game_id}?step={first_tile - 1}")
    hexes_before = page.locator("#board .iop-hex").count()
    page.locator("body").press("ArrowRight")
    page.wait_for_url(f"**step={first_tile}")
    page.wait_for_function(f"document.querySelectorAll('#board .iop-hex').length === {hexes_before + 3}")
    assert len(NEW_HEX.findall(page.inner_html("#board"))) == 3
    screenshot(page, "isle-viewer-first-tile")
    steps = live.store.state_at(game_id).step
    page.keyboard.press("End")
    page.wait_for_url(f"**step={steps}")
    page.wait_for_function("document.querySelector('#board').textContent.includes('Game over')")
    screenshot(page, "isle-viewer-end")


def test_a_tile_is_placed_from_the_recording_page_by_choosing_a_placement(live: Any, browser: Any) -> None:
    demo = demo_game()
    game, token = live.store.create_game("isle-of-pan", demo["players"], "Isle at the table", demo["options"])
    events = demo["events"]
    first_place = next(i for i, e in enumerate(events) if e["type"] == "tile_placed")
    for event in events[:first_place]:
        live.store.append(game.id, token, AppendRequest(
            type=event["type"], data=event.get("data", {}), actor=event.get("actor")))
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": f"ts_token_{game.id}", "value": token, "url": live.url}])
    page = context.new_page()
    page.goto(f"{live.url}/games/{game.id}/record")
    form = page.locator("form.action-form[data-type=tile_placed]")
    form.wait_for()
    chooser = form.locator("select").first
    offered = chooser.locator("option").count()
    assert offered > 1, "the engine's legal placements are offered as choices"
    chooser.select_option(index=1)
    screenshot(page, "isle-record-placement")
    form.locator("button[type=submit]").click()
    page.wait_for_function("document.querySelector('#result').textContent.includes('placed')")
    stored = live.store.recorded_events(game.id)[-1]
    assert stored.type == "tile_placed" and len(stored.data["cells"]) == 3
    assert live.store.state_at(game.id).state["turn_step"] == "MOVE"
    context.close()
