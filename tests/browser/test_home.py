"""The home page in a real browser: creating a game from a phone-sized window."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from tests.browser.conftest import PHONE, screenshot, watched_page
from tests.browser.tokens import browser_token, token_cookie

pytestmark = pytest.mark.browser


def test_new_game_form_on_a_phone_creates_the_game_and_opens_recording(live: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(live.url + "/")
    page.select_option("#engine", "panic-in-the-air")
    page.fill("#title", "Phone game")
    for seat, name in enumerate(["Ana", "Ben", "Cy", "Dee"]):
        page.fill(f"#player{seat}", name)
    assert page.is_hidden("#player4"), "spare seats stay folded until asked for"
    page.click("text=Add a seat")
    page.fill("#player4", "Eve")
    page.select_option("#opt\\.panic-in-the-air\\.min_players", "3")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "no sideways scrolling"
    screenshot(page, "home-phone-form")
    page.click("text=Create the game and start recording")
    page.wait_for_url("**/record?created=1")
    games, total = live.store.list_games()
    assert total == 1 and [p["name"] for p in games[0].players] == ["Ana", "Ben", "Cy", "Dee", "Eve"]
    assert games[0].options["min_players"] == 3
    cookie = token_cookie(context)
    assert browser_token(context, games[0].id)
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    assert page.evaluate("document.cookie").find("ts_token") == -1, "scripts cannot read the token"
    context.close()


def test_new_game_controls_are_switches_seat_pickers_and_one_age_per_player(live: Any, browser: Any) -> None:
    context, page, refused, errors = watched_page(browser)
    page.goto(live.url + "/")
    page.select_option("#engine", "isle-of-pan")
    for seat, name in enumerate(["Ana", "Ben", "Cy"]):
        page.fill(f"#player{seat}", name)
    picker = "#opt\\.isle-of-pan\\.first_player"
    offered = page.eval_on_selector_all(f"{picker} option:not([disabled])", "os => os.map(o => o.textContent)")
    assert offered == ["Whoever sits in seat 1 (default)", "Ana", "Ben", "Cy"], "the seats, by the names typed"
    page.select_option(picker, label="Cy")
    ages = page.locator(".per-seat-field:visible label")
    assert ages.all_text_contents() == ["Ana", "Ben", "Cy"], "one age field for each named seat"
    for seat, years in enumerate(["44", "12", "8"]):
        page.fill(f"#opt\\.isle-of-pan\\.ages\\.{seat}", years)
    page.locator("label.switch", has_text="A Wondrous Lake may add new spaces").click()
    assert page.is_checked("#opt\\.isle-of-pan\\.wl_adds_hexes")
    page.locator("fieldset.options[data-engine=isle-of-pan]").scroll_into_view_if_needed()
    screenshot(page, "home-phone-options")
    page.click("text=Create the game and start recording")
    page.wait_for_url("**/record?created=1")
    game = live.store.list_games()[0][0]
    assert (game.options["first_player"], game.options["ages"]) == ("Cy", {"Ana": 44, "Ben": 12, "Cy": 8})
    # The switch tapped is on; the one left alone keeps its default (on since issue 21).
    untouched = engines.find("isle-of-pan").options["zero_move_end_check"].default
    assert untouched is True
    assert (game.options["wl_adds_hexes"], game.options["zero_move_end_check"]) == (True, untouched)
    assert refused == [] and errors == []
    context.close()


def test_home_lists_the_demo_game_with_a_search(live: Any, context: Any) -> None:
    live.store.create_game("panic-in-the-air", ["Ana", "Ben"], "Tuesday club")
    live.store.create_game("panic-in-the-air", ["Cy", "Dee"], "Weekend")
    page = context.new_page()
    page.goto(live.url + "/")
    page.fill("#q", "tues")
    page.press("#q", "Enter")
    page.wait_for_url("**q=tues**")
    titles = page.locator(".game-title").all_text_contents()
    assert titles == ["Tuesday club"]
    screenshot(page, "home-laptop")


def test_a_shared_export_imports_from_the_home_page(live: Any, context: Any, tmp_path: Any) -> None:
    """Somebody sends you their game: choose the file, import, look at it, carry on recording."""
    import json

    from recorder.exports.game_json import export_game
    from tests.recorder.helpers import draw

    game, token = live.store.create_game("panic-in-the-air", ["Ana", "Ben"], "Sent by Ana")
    live.store.append(game.id, token, draw())
    document = export_game(live.store, game.id)
    # The same game under a new id is another game: import it as if from another server.
    from bench.games import rechained
    shared = rechained(document, game_id="f" * 32, title="Sent by Ana (copy)")
    path = tmp_path / "sent-by-ana.tablescribe.json"
    path.write_text(json.dumps(shared, indent=2), encoding="utf-8")
    page = context.new_page()
    page.goto(live.url + "/#import")
    page.set_input_files("#import-file", str(path))
    screenshot(page, "home-import-form")
    page.click(".import-form button[type=submit]")
    page.wait_for_url("**/import")
    assert "Imported 1 games (1 events); 0 already here; 0 refused." in page.inner_text(".import-report")
    screenshot(page, "import-report")
    page.click(".imported >> text=record")
    page.wait_for_url(f"**/games/{'f' * 32}/record")
    assert live.store.get_game("f" * 32).title == "Sent by Ana (copy)"


def test_every_page_runs_under_its_content_security_policy(live: Any, context: Any, browser: Any) -> None:
    """Script, styles, the chart, the QR code and Swagger UI all work with the policy on
    (the context fixture fails the test on any violation), and an inline script does not."""
    from recorder.demo import load_demo_games

    ids = [game_id for game_id, _, _ in load_demo_games(live.store)]
    game, token = live.store.create_game("panic-in-the-air", ["Ana", "Ben"], "Headers")
    page = context.new_page()
    for path in ["/", *[f"/games/{game_id}" for game_id in ids], f"/games/{game.id}"]:
        page.goto(live.url + path)
        page.wait_for_load_state("networkidle")
    page.goto(live.url + "/api/docs")
    page.wait_for_selector(".swagger-ui .info", timeout=10_000)
    assert "Tablescribe" in page.inner_text(".swagger-ui .info")
    injected = browser.new_context()  # its violation is the point: not the fixture's context
    page = injected.new_page()
    page.goto(live.url + "/")
    ran = page.evaluate("""() => new Promise(done => {
        document.addEventListener('securitypolicyviolation', () => done('refused'), {once: true});
        const s = document.createElement('script'); s.textContent = 'window.injected = 1';
        document.body.appendChild(s);
        setTimeout(() => done(window.injected ? 'ran' : 'not run'), 500);
    })""")
    injected.close()
    assert ran == "refused"
