"""The Isle of Pan in a real browser: the island replayed tile by tile, and a tile placed
from the recording page by choosing one of the legal placements the engine offers."""

from __future__ import annotations

import json
import math
import urllib.request
from typing import Any

import pytest

import engines
from engines.base import Event
from engines.isle_of_pan.demo import STARTING_TILE as START
from engines.isle_of_pan.demo import demo_game
from recorder.store import AppendRequest
from tests.browser.conftest import PHONE, SCREENSHOTS, screenshot
from tests.browser.recording import Pickers, refusals, shoot
from tests.web.test_isle_of_pan_board import NEW_HEX, isle_demo

pytestmark = pytest.mark.browser
PICKERS = Pickers("isle-of-pan", "iop-picker", ["Ana", "Ben"])


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
    assert "Placement 1 of" in picker.locator(".iop-pick-status").inner_text()
    page.keyboard.press(" ")  # the same space again: let go of it
    assert picker.get_attribute("data-cells") == "" and picker.get_attribute("data-tapped") == ""
    assert "Tap the spaces the tile covers" in picker.locator(".iop-pick-status").inner_text()
    assert page.evaluate("document.activeElement.getAttribute('role')") == "button", "the focus stays on the space"
    # The generic list stays available, collapsed.
    fallback = picker.locator("details.pa-pick-fallback")
    assert not fallback.evaluate("d => d.open")
    fallback.locator("summary").click()
    assert fallback.locator("select").first.locator("option").count() > 1
    assert before
    context.close()


def test_tapping_the_spaces_the_tile_covers_narrows_the_placements_to_those_spaces(live: Any, browser: Any) -> None:
    game, token = demo_until(live, "tile_placed")
    offered = expected_options(live, game.id)["tile_placed"]["placements"]
    laid = next(e for e in demo_game()["events"] if e["type"] == "tile_placed")["data"]["cells"]
    keys = [f"{c['q']},{c['r']}" for c in laid]

    def over(*ks: str) -> list[Any]:
        """The offered placements covering every one of the spaces `ks`, in the offered order."""
        return [p for p in offered if all(any(f"{c['q']},{c['r']}" == k for c in p) for k in ks)]

    context, page = open_recording(live, browser, game.id, token)
    picker = page.locator(".iop-picker[data-type=tile_placed]")
    picker.wait_for()
    status = picker.locator(".iop-pick-status")
    for n in (1, 2, 3):
        picker.locator(f'g[role=button][data-cell="{keys[n - 1]}"]').click()
        left = over(*keys[:n])
        assert f"Placement 1 of {len(left)} at " in status.inner_text()
        assert json.loads(picker.get_attribute("data-cells") or "null") == left[0]
        # The spaces no placement left covers are dimmed, never hidden: every legal position stays.
        dim = picker.locator("g[role=button].is-dim").count()
        assert dim == len({f"{c['q']},{c['r']}" for p in offered for c in p} - {f"{c['q']},{c['r']}" for p in left for c in p})
    assert len(over(*keys)) < len(over(keys[0])), "three spaces leave fewer placements than one"
    shown = []
    for _ in over(*keys):
        shown.append(json.loads(picker.get_attribute("data-cells") or "null"))
        if picker.get_by_role("button", name="Rotate").is_enabled():
            picker.get_by_role("button", name="Rotate").click()
    assert shown == over(*keys), "Rotate turns the tile through the placements on those spaces"
    shoot("isle-record", picker, "placement-narrowed")
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


def test_a_face_up_tile_is_taken_by_tapping_what_its_portal_gives(live: Any, browser: Any) -> None:
    game, token = demo_until(live, "tile_taken")
    display = live.store.state_at(game.id).state["display"]
    with_portal = next((slot for slot in display if slot["tile"] and "PORTAL" in slot["tile"]["terrains"]), None)
    assert with_portal is not None, "the demo opens with a Portal face up"
    portals = with_portal["tile"]["terrains"].count("PORTAL")
    context, page = open_recording(live, browser, game.id, token)
    picker = page.locator(".iop-picker[data-type=tile_taken]")
    picker.wait_for()
    assert picker.locator(".iop-take-tile").count() == 3
    kinds = picker.locator(f".iop-take-kind[data-slot={with_portal['id']}]")
    assert kinds.count() == math.comb(portals + 2, portals), "each multiset of kinds, once"
    assert picker.locator(".iop-take-kind").count() == kinds.count(), "only the tile with a Portal asks for a kind"
    reptile = ["REPTILE"] * portals
    picker.locator(f".iop-take-kind[data-slot={with_portal['id']}][data-choices='{json.dumps(reptile)}']").click()
    assert picker.get_attribute("data-slot") == with_portal["id"], "the Portal's kind chooses its tile too"
    assert "+1 Reptile" in picker.locator(".iop-pick-status").inner_text()
    screenshot(page, "isle-record-take")
    picker.locator(":scope > .form-foot .record-btn").click()
    page.wait_for_function("() => document.querySelector('#result').textContent.includes('took')")
    stored = live.store.recorded_events(game.id)[-1]
    assert stored.type == "tile_taken"
    assert stored.data == {"display_id": with_portal["id"], "portal_choices": reptile}
    context.close()


def portal_table() -> Any:
    """Set-up done without a board: two Portals face up in D1, one in D2, none in D3."""
    engine = engines.find("isle-of-pan")
    state = engine.setup(["Ana", "Ben"], {})
    for event in [Event("starting_tile_declared", START, "Ana"),
                  *[Event("tile_revealed", {"terrains": terrains}, "Ana") for terrains in
                    (["PORTAL", "PLAIN", "PORTAL"], ["PLAIN", "PORTAL", "MOUNTAIN"], ["DESERT", "DESERT", "LAKE"])]]:
        state = engine.apply(state, event)
    return engine, state


def test_the_take_picker_pairs_each_portal_choice_with_its_tile_and_sends_only_what_the_rules_take(phone: Any) -> None:
    engine, state = portal_table()
    offered = engine.expected(state)["options"]["tile_taken"]
    assert {len(c) for c in offered["portal_choices"]} == {0, 1, 2}, "the per-field list mixes the tiles' lengths"
    phone.add_style_tag(url="/static/css/engines/isle-of-pan.css")
    picker = PICKERS.mount(phone, engine, state, "tile_taken")
    for slot, length, count in (("D1", 2, 6), ("D2", 1, 3), ("D3", 0, 0)):
        chips = picker.locator(f".iop-take-kind[data-slot={slot}]")
        assert chips.count() == count
        assert all(len(json.loads(c.get_attribute("data-choices") or "[]")) == length for c in chips.all())
    shoot("isle-take", picker, "portals")
    # A tile with Portals and no kind tapped yet is not sent.
    picker.locator(".iop-take-tile[data-slot=D1]").click()
    picker.locator(":scope > .form-foot .record-btn").click()
    assert "Tap the animals its Magical Portals give" in picker.locator(".violation").inner_text()
    assert phone.evaluate("window.recorded") == []
    # Every choice the picker shows, recorded: exactly the engine's takes, each one legal.
    for chip in picker.locator(".iop-take-kind").all():
        chip.click()
        picker.locator(":scope > .form-foot .record-btn").click()
    picker.locator(".iop-take-tile[data-slot=D3]").click()
    picker.locator(":scope > .form-foot .record-btn").click()
    sent = phone.evaluate("window.recorded")
    assert sent == offered["takes"]
    assert all(refusals(engine, state, "tile_taken", data, "Ana") == [] for data in sent)


def test_amend_s_take_picker_starts_on_the_recorded_tile_and_kinds(phone: Any) -> None:
    engine, state = portal_table()
    recorded = next(take for take in engine.expected(state)["options"]["tile_taken"]["takes"] if take["display_id"] == "D2")
    picker = PICKERS.mount(phone, engine, state, "tile_taken", initial=recorded)
    assert picker.locator(".iop-take-tile[data-slot=D2]").get_attribute("aria-pressed") == "true"
    assert picker.locator(".iop-take-tile[aria-pressed=true]").count() == 1
    picker.locator(":scope > .form-foot .record-btn").click()   # unchanged, it sends what was recorded
    assert phone.evaluate("window.recorded") == [recorded]


def test_animals_observed_are_one_tap_on_their_count(phone: Any) -> None:
    engine = engines.find("isle-of-pan")
    demo = demo_game()
    state = engine.setup(demo["players"], demo["options"])
    events = demo["events"]
    until = next(i for i, e in enumerate(events) if e["type"] == "animals_observed")
    for event in events[:until]:
        state = engine.apply(state, Event(event["type"], event.get("data", {}), event.get("actor")))
    offered = engine.expected(state)["options"]["animals_observed"]
    phone.add_style_tag(url="/static/css/engines/isle-of-pan.css")
    picker = PICKERS.mount(phone, engine, state, "animals_observed")
    buttons = picker.locator("button[data-kind]")
    assert buttons.count() == len(offered["kind"]) * len(offered["count"])
    shoot("isle-observe", picker, "counts")
    kind, most = offered["kind"][0], offered["count"][-1]
    picker.locator(f"button[data-kind={kind}][data-count='{most}']").click()
    assert phone.evaluate("window.recorded") == [{"kind": kind, "count": most}] == [events[until]["data"]]


def test_the_board_s_starting_tile_is_confirmed_in_one_tap(phone: Any) -> None:
    engine = engines.find("isle-of-pan")
    state = engine.setup(["Ana", "Ben"], {}, board={"starting_tile": START})
    phone.add_style_tag(url="/static/css/engines/isle-of-pan.css")
    picker = PICKERS.mount(phone, engine, state, "starting_tile_declared")
    shoot("isle-start", picker, "confirm")
    picker.get_by_role("button", name="Confirm the Starting Tile").click()
    [sent] = phone.evaluate("window.recorded")
    assert sent["central"] == START["central"]
    assert sorted(map(json.dumps, sent["spaces"])) == sorted(map(json.dumps, START["spaces"]))
    assert refusals(engine, state, "starting_tile_declared", sent, "Ana") == []
