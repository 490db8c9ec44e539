"""What happens seldom waits under *Less often*, after the rest and smaller (expected.minor).

Pan Am's Directive and an Event card's effect are offered all through a round's
engineer placements; before *Less often* they were full-size buttons among the
placements, the first thing a thumb met.  The demo's opening, on the demo's saved board,
reaches such a moment.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import screenshot
from tests.browser.recording import api, open_recording, state_of, wait_for_shown_step
from tests.browser.tables.table import ScriptedGame, demo_board, new_game

pytestmark = pytest.mark.browser

# The demo's first six events: the round's Event card is revealed and the first
# engineer is placed; a Directive and the Event card's effect are offered, seldom.
OPENING = ScriptedGame(engine="pan-am", length=6, driver=None)  # type: ignore[arg-type]


def test_seldom_actions_come_after_the_common_ones_and_smaller(live: Any, browser: Any) -> None:
    board_id, _board = demo_board(live, OPENING)
    game_id, token = new_game(live, OPENING, board_id)
    for event in OPENING.events:
        api(live, "POST", f"/api/games/{game_id}/events",
            {"type": event["type"], "data": event.get("data", {}), "actor": event.get("actor")}, token)
    expected = state_of(live, game_id)["expected"]
    minor = set(expected["minor"])
    assert {"directive_played", "event_effect"} <= minor
    common = [t for t in expected["event_types"] if t not in minor]
    assert "engineer_assigned" in common

    context, page, errors = open_recording(live, browser, game_id, token)
    wait_for_shown_step(page, len(OPENING.events))
    actions = page.locator("#action-list")
    seldom = actions.locator(".minor-actions")
    assert seldom.locator(".minor-title").inner_text().strip().lower() == "less often"
    for type_ in minor:
        assert seldom.locator(f"[data-type={type_}], [data-focus-key='quick:{type_}']").count() >= 1, type_
    for type_ in common:
        shown = actions.locator(f"[data-type={type_}], [data-focus-key='quick:{type_}']").first
        assert shown.count() == 1 and seldom.locator(f"[data-type={type_}]").count() == 0, type_
        # Every common action is above the seldom ones on the page.
        assert shown.bounding_box()["y"] < seldom.bounding_box()["y"], type_
    # The first control a thumb meets is a common action's, not a seldom one's.
    first = actions.locator("button, input, select").first
    assert first.evaluate("el => !el.closest('.minor-actions')")
    screenshot(page, "pan-am-less-often-phone")
    actions.scroll_into_view_if_needed()
    screenshot(page, "pan-am-less-often-actions-phone", full_page=False)
    page.set_viewport_size({"width": 1366, "height": 900})
    screenshot(page, "pan-am-less-often-laptop")
    assert not errors, errors
    context.close()
