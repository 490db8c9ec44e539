"""Amend reopens the engine's own picker, as the game stood before the amended event,
starting on what was recorded.

A Panamax Action die taken from the wrong column is amended by tapping the right column
on the same Action table picker that recorded it: no typed data, and the choices are
those of that moment (the column taken is free again in the picker).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import SCREENSHOTS, screenshot
from tests.browser.recording import api, open_recording, state_of, stored, wait_for_shown_step
from tests.browser.test_panamax_record import new_game

pytestmark = pytest.mark.browser


def test_amend_opens_the_picker_of_the_moment_and_its_button_applies_the_amendment(live: Any, browser: Any) -> None:
    game_id, token = new_game(live)
    taken = api(live, "POST", f"/api/games/{game_id}/events",
                {"type": "action_die_taken", "actor": "Amelia", "data": {"from": {"column": 4}, "use": "contract_load"}}, token)
    assert state_of(live, game_id)["state"]["action_table"]["columns"][3] == 0, "column 4's die is taken"
    context, page, errors = open_recording(live, browser, game_id, token)
    wait_for_shown_step(page, state_of(live, game_id)["step"])

    entry = page.locator(f"li.log-entry[data-seq='{taken['seq']}']")
    entry.locator("button", has_text="Amend").click()
    picker = entry.locator(".amend-fields .px-picker[data-type=action_die_taken]")
    picker.wait_for()
    assert "Recorded: " in entry.locator(".amend-recorded").inner_text()
    assert entry.locator(".amend-form textarea:visible").count() == 0, "no typed data in sight"
    assert not entry.locator(".amend-form button[type=submit]").is_visible(), "the picker's own button applies it"
    # The Action table as it stood before the event: column 4 still has its die, and the
    # picker starts on what was recorded (column 4 for contract / load).
    assert picker.locator("button[data-column='4']").get_attribute("aria-pressed") == "true"
    assert picker.locator("button[data-use=contract_load]").get_attribute("aria-pressed") == "true"
    picker.locator("button[data-column='2']").click()
    picker.locator("button[data-use=movement]").click()
    screenshot(page, "amend-picker-phone")
    entry.screenshot(path=str(SCREENSHOTS / "amend-picker-entry-phone.png"))
    before = len(stored(live, game_id))
    picker.locator(".px-pick-record").click()
    page.wait_for_function("n => document.querySelectorAll('#log li.log-entry').length >= 1", arg=before)
    events = stored(live, game_id)
    while len(events) == before:
        page.wait_for_timeout(50)
        events = stored(live, game_id)
    amend = events[-1]
    assert amend["type"] == "amend"
    assert amend["data"]["target_seq"] == taken["seq"]
    assert amend["data"]["event"] == {"type": "action_die_taken", "actor": "Amelia",
                                      "data": {"from": {"column": 2}, "use": "movement"}}
    now = state_of(live, game_id)["state"]
    assert now["action_table"]["columns"][3] == 1 and now["action_table"]["columns"][1] == 0, "column 2's die instead"
    assert not errors, errors
    context.close()
