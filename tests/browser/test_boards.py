"""Boards in a real browser, at phone size: a finished game's board saved from its page, found
on the boards page, and chosen for the next game at New game by taps alone."""

from __future__ import annotations

from typing import Any

import pytest

from recorder.demo import load_demo_games
from tests.browser.conftest import PHONE, screenshot, watched_page

pytestmark = pytest.mark.browser


def test_a_finished_games_board_is_saved_and_chosen_for_the_next_game(live: Any, browser: Any) -> None:
    demo = next(g for g, _, _ in load_demo_games(live.store) if live.store.get_game(g).engine == "isle-of-pan")
    context, page, refused, errors = watched_page(browser)

    page.goto(f"{live.url}/games/{demo}")
    save = page.get_by_role("button", name="Save this game's board")
    save.scroll_into_view_if_needed()
    screenshot(page, "boards-viewer-save-phone")
    save.click()
    page.wait_for_url("**/boards?engine=isle-of-pan&saved=*")
    [board] = live.store.boards.list("isle-of-pan")[0]
    assert board.source == f"from_game:{demo}" and board.facts > 20  # the Starting Tile and twenty tiles
    card = page.locator(f"#board-{board.id}")
    assert card.get_by_text("Saved from a game").is_visible()
    assert page.get_by_role("status").inner_text().startswith("Board saved")
    screenshot(page, "boards-list-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the boards page scrolls sideways ({width}px)"

    card.get_by_role("link", name="Use for a new game").click()
    page.wait_for_url("**/?new_engine=isle-of-pan*")
    assert page.locator("#engine").input_value() == "isle-of-pan"
    chooser = page.locator("#board-isle-of-pan")
    assert chooser.is_visible() and chooser.input_value() == board.id
    page.fill("#player0", "Ana")
    page.fill("#player1", "Ben")
    chooser.scroll_into_view_if_needed()
    screenshot(page, "boards-new-game-chooser-phone")
    page.get_by_role("button", name="Create the game and start recording").click()
    page.wait_for_url("**/record?created=1")
    game_id = page.url.split("/games/")[1].split("/")[0]
    game = live.store.get_game(game_id)
    assert (game.board_id, game.board_hash) == (board.id, board.hash)
    # The board lays the Starting Tile: the first thing to record is the opening display.
    assert live.store.state_at(game_id).state["start"] is not None
    assert not errors and not refused
    context.close()
