"""The Isle of Pan in a real browser: the island replayed tile by tile, and a tile placed
from the recording page by choosing one of the legal placements the engine offers."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from engines.isle_of_pan.demo import demo_game
from recorder.store import AppendRequest
from tests.browser.conftest import PHONE, SCREENSHOTS, screenshot
from tests.web.test_isle_of_pan_board import NEW_HEX, isle_demo

pytestmark = pytest.mark.browser


def demo_until(live: Any, event_type: str) -> tuple[Any, str]:
    """A game that has recorded the demo's events up to its first ``event_type``."""
    demo = demo_game()
    game, token = live.store.create_game("isle-of-pan", demo["players"], "Isle at the table", demo["options"])
    events = demo["events"]
    until = next(i for i, e in enumerate(events) if e["type"] == event_type)
    for event in events[:until]:
        live.store.append(game.id, token, AppendRequest(
            type=event["type"], data=event.get("data", {}), actor=event.get("actor")))
    return game, token


def open_recording(live: Any, browser: Any, game_id: str, token: str) -> tuple[Any, Any]:
    """A phone-sized page on the game's recording page, holding its write token."""
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": f"ts_token_{game_id}", "value": token, "url": live.url}])
    page = context.new_page()
    page.goto(f"{live.url}/games/{game_id}/record")
    return context, page


def expected_options(live: Any, game_id: str) -> dict[str, Any]:
    """What the engine offers now, as the recording page reads it."""
    with urllib.request.urlopen(f"{live.url}/api/games/{game_id}/state") as answer:
        return json.load(answer)["expected"]["options"]


def test_the_island_is_replayed_tile_by_tile_with_the_keyboard(live: Any, context: Any) -> None:
    game_id = isle_demo(live.store)
    log = live.store.effective_log(game_id)
    first_tile = next(e["step"] for e in log if e.get("type") == "tile_placed")
    page = context.new_page()
    page.goto(f"{live.url}/games/{game_id}?step={first_tile - 1}")
    hexes_before = page.locator("#board .iop-hex").count()
    page.locator("body").press("ArrowRight")
    page.wait_for_url(f"**step={first_tile}")
    page.wait_for_function(f"() => document.querySelectorAll('#board .iop-hex').length === {hexes_before + 3}")
    assert len(NEW_HEX.findall(page.inner_html("#board"))) == 3
    screenshot(page, "isle-viewer-first-tile")
    steps = live.store.state_at(game_id).step
    page.keyboard.press("End")
    page.wait_for_url(f"**step={steps}")
    page.wait_for_function("() => document.querySelector('#board').textContent.includes('Game over')")
    screenshot(page, "isle-viewer-end")


def test_a_tile_is_placed_from_the_recording_page_by_tapping_a_position_and_rotating(live: Any, browser: Any) -> None:
    game, token = demo_until(live, "tile_placed")
    offered = expected_options(live, game.id)["tile_placed"]
    context, page = open_recording(live, browser, game.id, token)
    picker = page.locator(".iop-picker[data-type=tile_placed]")
    picker.wait_for()
    targets = picker.locator("svg g[role=button]")
    assert targets.count() > 1, "every cell of some legal placement is a tappable hex"
    # A cell that lies in several placements, so that Rotate has somewhere to go.
    counts: dict[str, int] = {}
    for placement in offered["placements"]:
        for c in placement:
            counts[f"{c['q']},{c['r']}"] = counts.get(f"{c['q']},{c['r']}", 0) + 1
    cell = max(counts, key=lambda k: counts[k])
    q, r = cell.split(",")
    hex_button = picker.locator(f'g[role=button][aria-label="Place at ({q}, {r})"]')
    box = hex_button.bounding_box()
    assert box and box["width"] >= 30, f"a hex is a thumb-sized target on a phone: {box}"
    hex_button.click()
    status = picker.locator(".iop-pick-status")
    assert f"Placement 1 of {counts[cell]} at ({q}, {r})" in status.inner_text()
    first = picker.get_attribute("data-cells")
    picker.get_by_role("button", name="Rotate").click()
    assert f"Placement 2 of {counts[cell]} at ({q}, {r})" in status.inner_text()
    previewed = picker.get_attribute("data-cells")
    assert previewed and previewed != first
    cells = json.loads(previewed)
    assert cells in offered["placements"] and any(f"{c['q']},{c['r']}" == cell for c in cells)
    assert picker.locator(".iop-pick-preview polygon").count() == 3
    screenshot(page, "isle-record-placement")
    picker.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "isle-record-placement-phone.png"))  # what the phone shows, 390x844
    picker.get_by_role("button", name="Record tile placed").click()
    page.wait_for_function("() => document.querySelector('#result').textContent.includes('placed')")
    stored = live.store.recorded_events(game.id)[-1]
    assert stored.type == "tile_placed" and stored.data["cells"] == cells
    if offered.get("display_id"):
        assert stored.data["display_id"] == offered["display_id"][0]
    assert live.store.state_at(game.id).state["turn_step"] == "MOVE"
    context.close()


def test_the_placement_picker_works_with_the_keyboard_and_keeps_the_list(live: Any, browser: Any) -> None:
    game, token = demo_until(live, "tile_placed")
    context, page = open_recording(live, browser, game.id, token)
    picker = page.locator(".iop-picker[data-type=tile_placed]")
    picker.wait_for()
    first_hex = picker.locator("svg g[role=button]").first
    first_hex.focus()
    page.keyboard.press("Enter")
    assert picker.get_attribute("data-cells")
    before = picker.get_attribute("data-cells")
    page.keyboard.press(" ")  # the same cell again: the next placement there, when it has one
    assert "Placement" in picker.locator(".iop-pick-status").inner_text()
    assert page.evaluate("document.activeElement.getAttribute('role')") == "button"
    # The generic list stays available, collapsed.
    fallback = picker.locator("details.iop-pick-fallback")
    assert not fallback.evaluate("d => d.open")
    fallback.locator("summary").click()
    assert fallback.locator("select").first.locator("option").count() > 1
    assert before
    context.close()


def test_the_explorer_moves_by_tapping_a_reachable_space(live: Any, browser: Any) -> None:
    game, token = demo_until(live, "explorer_moved")
    offered = expected_options(live, game.id)["explorer_moved"]["to"]
    assert len(offered) >= 2, "the demo's first move offers several spaces (one would be a one-tap button)"
    context, page = open_recording(live, browser, game.id, token)
    picker = page.locator(".iop-picker[data-type=explorer_moved]")
    picker.wait_for()
    assert picker.locator("svg g[role=button]").count() == len(offered)
    goal = offered[-1]
    picker.locator(f'g[role=button][data-cell="{goal["q"]},{goal["r"]}"]').click()
    assert json.loads(picker.get_attribute("data-to") or "null") == {"q": goal["q"], "r": goal["r"]}
    screenshot(page, "isle-record-move")
    picker.get_by_role("button", name="Record explorer moved").click()
    page.wait_for_function("() => document.querySelector('#result').textContent.includes('moved')")
    stored = live.store.recorded_events(game.id)[-1]
    assert stored.type == "explorer_moved" and stored.data["to"] == {"q": goal["q"], "r": goal["r"]}
    context.close()


def test_a_face_up_tile_is_taken_with_one_animal_asked_per_portal(live: Any, browser: Any) -> None:
    game, token = demo_until(live, "tile_taken")
    display = live.store.state_at(game.id).state["display"]
    with_portal = next((slot for slot in display if slot["tile"] and "PORTAL" in slot["tile"]["terrains"]), None)
    assert with_portal is not None, "the demo opens with a Portal face up"
    portals = with_portal["tile"]["terrains"].count("PORTAL")
    context, page = open_recording(live, browser, game.id, token)
    picker = page.locator(".iop-picker[data-type=tile_taken]")
    picker.wait_for()
    assert picker.locator(".iop-take-tile").count() == 3
    picker.locator(f".iop-take-tile[data-slot={with_portal['id']}]").click()
    assert picker.locator("fieldset").count() == portals, "one question per Magical Portal"
    for fieldset in picker.locator("fieldset").all():
        fieldset.locator("button", has_text="Reptile").click()
    screenshot(page, "isle-record-take")
    picker.locator("button.record-btn").click()
    page.wait_for_function("() => document.querySelector('#result').textContent.includes('took')")
    stored = live.store.recorded_events(game.id)[-1]
    assert stored.type == "tile_taken"
    assert stored.data == {"display_id": with_portal["id"], "portal_choices": ["REPTILE"] * portals}
    context.close()
