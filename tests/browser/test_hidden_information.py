"""The recording page's *Show hidden information* switch, on a phone (390x844).

While a Panic in the Air game is played, the board and the standings show what the table
sees ("It is forbidden to count cards remaining in the card deck"; players "will not be
able to look into their own falling deck"): no deck count, no stack beneath its top card,
no distance.  The switch, off by default, shows the whole truth on this device; once the
game is over there is nothing left to hide and the switch goes.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import screenshot, wait_for_step, watched_page
from tests.browser.recording import api, open_recording, wait_for_shown_step

pytestmark = pytest.mark.browser

EVENTS = [
    {"type": "card_played", "actor": "Ana", "data": {"target": "Ana", "card": {"kind": "FALL", "value": 300}}},
    {"type": "card_played", "actor": "Ana", "data": {"target": "Ana", "card": {"kind": "FALL", "value": 200}}},
    {"type": "card_drawn", "actor": "Ben", "data": {}},
    {"type": "card_played", "actor": "Ben", "data": {"target": "Cy", "card": {"kind": "FALL", "value": 100}}},
]


def shown(locator: Any) -> str:
    """The element's text, spaces folded (the page's CSS may capitalise or wrap it)."""
    return " ".join(locator.text_content().split())


def totals(page: Any) -> list[str]:
    return [text.strip() for text in page.locator("#turn .standings .st-total").all_inner_texts()]


def test_the_switch_shows_the_deck_stacks_and_distances_only_when_turned_on(live: Any, browser: Any) -> None:
    created = api(live, "POST", "/api/games", {"engine": "panic-in-the-air", "title": "Hidden at the table",
                                                "players": [{"name": p} for p in ("Ana", "Ben", "Cy")]})
    game_id, token = str(created["id"]), str(created["write_token"])
    for event in EVENTS:
        api(live, "POST", f"/api/games/{game_id}/events", event, token)

    context, page, errors = open_recording(live, browser, game_id, token)
    wait_for_shown_step(page, 4)
    page.locator("#board-panel > summary").click()  # folded on a phone
    switch, board = page.locator("#show-hidden"), page.locator("#board")
    assert page.locator("#hidden-control").is_visible() and not switch.is_checked()
    assert "The table may not see this" in page.locator("#hidden-help").inner_text()
    assert "not to be counted" in shown(board) and "in the deck" not in shown(board)
    assert board.locator(".pita-pile").count() == 0 and "Distance" not in shown(board)
    assert totals(page) == ["—", "—", "—"] and page.locator("#hidden-badge").is_hidden()
    screenshot(page, "hidden-information-off-page-phone")
    page.locator("#hidden-control").scroll_into_view_if_needed()
    screenshot(page, "hidden-information-off-phone", full_page=False)

    page.locator("label[for=show-hidden]").click()
    page.wait_for_function("() => document.querySelector('#board').textContent.includes('in the deck')")
    assert switch.is_checked() and page.locator("#hidden-badge").is_visible()
    assert "44 cards in the deck" in shown(board)
    assert board.locator(".pita-pile").count() == 2 and totals(page) == ["500", "0", "100"]  # Ben's is empty
    page.locator("#hidden-control").scroll_into_view_if_needed()
    screenshot(page, "hidden-information-on-phone", full_page=False)

    page.locator("label[for=show-hidden]").click()
    page.wait_for_function("() => document.querySelector('#board').textContent.includes('not to be counted')")
    assert not switch.is_checked() and totals(page) == ["—", "—", "—"]

    # A reload is the table's view again: the switch is never remembered.
    page.locator("label[for=show-hidden]").click()
    page.wait_for_function("() => document.querySelector('#board').textContent.includes('in the deck')")
    page.reload()
    wait_for_shown_step(page, 4)
    assert not page.locator("#show-hidden").is_checked() and totals(page) == ["—", "—", "—"]

    # The game ends: everything is shown and the switch is gone.
    api(live, "POST", f"/api/games/{game_id}/events",
        {"type": "card_drawn", "actor": "Cy", "data": {"face": {"kind": "RIP"}},
         "override": {"reason": "the deck was short"}}, token)
    page.reload()
    wait_for_shown_step(page, 5)
    assert page.locator("#hidden-control").is_hidden()
    assert "43 cards in the deck" in shown(board) and "Distance" in shown(board)
    assert not errors, errors
    context.close()


def test_a_viewer_following_the_game_shows_everything_once_it_ends(live: Any, browser: Any) -> None:
    created = api(live, "POST", "/api/games", {"engine": "panic-in-the-air", "title": "Followed",
                                                "players": [{"name": p} for p in ("Ana", "Ben", "Cy")]})
    game_id, token = str(created["id"]), str(created["write_token"])
    for event in EVENTS:
        api(live, "POST", f"/api/games/{game_id}/events", event, token)
    context, page, refused, errors = watched_page(browser)
    page.goto(f"{live.url}/games/{game_id}")
    board = page.locator("#board")
    page.keyboard.press("ArrowLeft")  # step 3, cached as the table saw it
    wait_for_step(page, 3)
    page.keyboard.press("End")
    wait_for_step(page, 4)
    assert page.locator("#hidden-note").is_visible() and "in the deck" not in shown(board)
    screenshot(page, "hidden-information-viewer-phone")

    api(live, "POST", f"/api/games/{game_id}/events",
        {"type": "card_drawn", "actor": "Cy", "data": {"face": {"kind": "RIP"}},
         "override": {"reason": "the deck was short"}}, token)
    wait_for_step(page, 5)
    page.wait_for_function("() => document.querySelector('#board').textContent.includes('in the deck')")
    assert page.locator("#hidden-note").is_hidden() and page.locator("#chart-hidden").is_hidden()
    page.keyboard.press("Home")
    wait_for_step(page, 0)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_for_step(page, 3)
    # Step 3 again, now from the whole truth: the frames from before the end were dropped.
    page.wait_for_function("() => document.querySelector('#board').textContent.replace(/\\s+/g, ' ')"
                           ".includes('44 cards in the deck')")
    assert "44 cards in the deck" in shown(board) and "Distance" in shown(board)
    assert not errors and not refused, (errors, refused)
    context.close()
