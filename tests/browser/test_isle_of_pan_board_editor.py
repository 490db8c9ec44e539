"""The Isle of Pan's board editor at the table, on a phone: a board made by taps and by typing
numbers only, kept as a draft through a reload, refused with the problem beside its entry,
saved, chosen at New game, and its tiles revealed on the recording page by tapping them.

Every tile and space here is made up for the test; none is the published game's."""

from __future__ import annotations

import re
from typing import Any

import pytest

import engines
from engines.base import Event
from tests.browser.conftest import LAPTOP, PHONE, SCREENSHOTS, screenshot, watched_page
from tests.browser.recording import Pickers, api, record_and_wait, state_of, stored

pytestmark = pytest.mark.browser

NAME = "Our box (made-up test tiles)"


def cells(*spec: tuple[int, int, str]) -> list[dict[str, Any]]:
    return [{"dq": dq, "dr": dr, "t": t} for dq, dr, t in spec]


# What the taps below make, exactly: the Starting Tile as laid (its central space moved to the
# Mountain), six tiles (the sixth first typed as a second "2"), and "every tile listed".
EXPECTED = {
    "starting_tile": {
        "spaces": [{"q": 0, "r": 0, "t": "PLAIN"}, {"q": 1, "r": 0, "t": "MOUNTAIN"},
                   {"q": 0, "r": 1, "t": "DESERT"}, {"q": -1, "r": 1, "t": "LAKE"}],
        "central": {"q": 1, "r": 0},
    },
    "tiles": [
        {"id": "1", "terrains": ["PLAIN", "PLAIN", "PORTAL"],
         "shape": cells((0, 0, "PLAIN"), (1, 0, "PLAIN"), (2, 0, "PORTAL")), "marker": "none"},
        {"id": "2", "terrains": ["MOUNTAIN", "LAKE", "DESERT"],
         "shape": cells((0, 0, "MOUNTAIN"), (1, 0, "LAKE"), (0, 1, "DESERT")), "marker": "none"},
        # A chevron, turned a sixth by a tap on Turn.
        {"id": "3", "terrains": ["DESERT", "DESERT", "PLAIN"],
         "shape": cells((0, 0, "DESERT"), (0, 1, "DESERT"), (1, 1, "PLAIN")), "marker": "none"},
        {"id": "4", "terrains": ["PLAIN", "MOUNTAIN", "MOUNTAIN"],
         "shape": cells((0, 0, "PLAIN"), (0, 1, "MOUNTAIN"), (1, 1, "MOUNTAIN")), "marker": 4},
        {"id": "5", "terrains": ["LAKE", "PLAIN", "PLAIN"], "shape": None},
        {"id": "6", "terrains": ["PORTAL", "MOUNTAIN", "DESERT"],
         "shape": cells((0, 0, "PORTAL"), (1, 0, "MOUNTAIN"), (2, 0, "DESERT")), "marker": "none"},
    ],
    "complete": ["tiles"],
}


def shoot(page: Any, name: str, element: Any = None) -> None:
    """The whole page, and what the phone shows with `element` at the top."""
    screenshot(page, name)
    if element is not None:
        element.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / f"{name}-view.png"))


def assert_fits_a_phone(page: Any, where: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], f"{where}: no sideways scrolling"
    small = page.evaluate("""() => [...document.querySelectorAll('#board-sections button, #board-sections [role=button], #board-sections input')]
        .filter((el) => el.offsetParent !== null || el.getBoundingClientRect().width > 0)
        .map((el) => [el.getAttribute('aria-label') || el.textContent.trim() || el.id, el.getBoundingClientRect()])
        .filter(([, box]) => box.width > 0 && (box.height < 44 || box.width < 44))
        .map(([name, box]) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`)""")
    assert not small, f"{where}: every tap target is at least 44 px: {small}"


def test_a_board_typed_on_a_phone_is_saved_chosen_at_new_game_and_its_tiles_revealed_by_a_tap(
        live: Any, browser: Any) -> None:
    context, page, refused, errors = watched_page(browser, PHONE)
    page.goto(f"{live.url}/boards/new?engine=isle-of-pan")
    page.fill("[data-focus-key=board-name]", NAME)

    # -- the Starting Tile: a terrain, then its hexes; then the central space.
    start = page.locator("#iop-starting-tile")

    def tool(name: str) -> None:
        start.locator(".pa-pick-opt", has_text=name).click()

    def lay(q: int, r: int) -> None:
        start.locator(f'g[role=button][data-cell="{q},{r}"]').click()

    tool("Plain")
    lay(0, 0)
    tool("Mountain")
    lay(1, 0)
    tool("Desert")
    lay(0, 1)
    tool("Lake")
    lay(-1, 1)
    tool("Portal")
    lay(0, -1)
    tool("Remove")
    lay(0, -1)
    assert "the Explorers start on (0, 0) Plain" in start.locator("#iop-start-status").inner_text(), \
        "the first space laid is the central one until another is chosen"
    tool("Central space")
    assert start.locator('g[role=button][data-cell="-1,1"]').count() == 0, "a Lake is never offered as the central space"
    lay(1, 0)
    assert "4 spaces · the Explorers start on (1, 0) Mountain" in start.locator("#iop-start-status").inner_text()
    assert start.locator(".pa-pick-opt.is-on").inner_text().endswith("Portal"), "after the central space, the last terrain again"
    shoot(page, "isle-board-editor-starting-tile-phone", start)

    # -- the Landscape tiles: the next free number offered, the shape, the terrains hex by hex, the marker.
    tiles = page.locator("#iop-tiles")
    tile = tiles.locator(".be-row.is-open")

    def shape(name: str) -> None:
        tile.locator(".iop-be-shape", has_text=name).click()

    def terrains(*names: str) -> None:
        for name in names:
            tile.locator(f".iop-be-chip[data-terrain={name}]").click()

    def marker(label: str) -> None:
        tile.locator(".iop-be-marker", has_text=label).click()

    def next_tile(number: str) -> None:
        tile.locator(".iop-be-next").click()
        assert tile.locator("input").input_value() == number, "the next free number is offered"

    tiles.locator(".iop-be-add").click()
    assert tile.locator("input").input_value() == "1"
    shape("Line")
    terrains("PLAIN", "PLAIN", "PORTAL")
    marker("No marker")
    shoot(page, "isle-board-editor-tile-phone", tile)
    next_tile("2")
    shape("Triangle")
    terrains("MOUNTAIN", "LAKE", "DESERT")
    # A wrong terrain is put right by tapping its hex, then the right terrain.
    tile.locator('g[role=button][data-cell="2"]').click()
    terrains("PLAIN")
    tile.locator('g[role=button][data-cell="2"]').click()
    terrains("LAKE")
    next_tile("3")
    shape("Chevron")
    tile.locator("button", has_text="Turn").click()  # to lie as the tile in hand
    terrains("DESERT", "DESERT", "PLAIN")
    next_tile("4")  # keeps the turned chevron and "no marker"
    terrains("PLAIN", "MOUNTAIN", "MOUNTAIN")
    marker("[4]")
    next_tile("5")
    shape("Not known")
    terrains("LAKE", "PLAIN", "PLAIN")
    marker("Not known")
    next_tile("6")
    tile.locator("input").fill("2")  # a second tile 2: the server refuses it
    shape("Line")
    terrains("PORTAL", "MOUNTAIN", "DESERT")
    marker("No marker")
    tile.locator("button", has_text="Done").click()
    assert tiles.locator(".iop-be-tile-summary").count() == 6
    assert "2 (the 6th)" in tiles.locator(".iop-be-tile-summary").nth(5).get_attribute("aria-label")
    shoot(page, "isle-board-editor-tiles-phone", tiles)

    more = page.locator("#iop-more")
    more.locator("summary").click()
    more.locator(".pa-pick-opt", has_text="Yes, every tile").click()
    assert "6 tiles (the whole box), the Starting Tile (4 spaces)" in page.inner_text("#save-status")
    shoot(page, "isle-board-editor-more-phone", more)
    assert_fits_a_phone(page, "the editor")

    # -- the draft survives a reload before saving.
    page.wait_for_function("() => (localStorage.getItem('tablescribe:board-draft:isle-of-pan:new') || '').includes('\"complete\"')")
    page.reload()
    page.locator(".be-restored").wait_for()
    assert page.input_value("[data-focus-key=board-name]") == NAME
    assert tiles.locator(".iop-be-tile-summary").count() == 6
    assert start.locator("g.is-central").get_attribute("data-cell") == "1,0"

    # -- a refused save: the problem beside the entry it names, and in the save bar in words.
    page.click("#board-save")
    page.locator("#save-problems .violation").wait_for()
    assert "Tile 2 (the 6th): its number" in page.inner_text("#save-problems")
    sixth = tiles.locator("#iop-tile-5")
    assert "is-open" in (sixth.get_attribute("class") or ""), "the tile a refused save names is opened"
    assert "IP-B04 Tile 2 is listed twice (entries 2 and 6 of the list)" in sixth.locator(".be-problems").inner_text()
    assert tiles.locator(".be-problems").count() == 1, "only the entry it names shows the problem"
    shoot(page, "isle-board-editor-refused-phone", sixth)
    sixth.locator("input").fill("6")
    page.click("#board-save")
    page.wait_for_url(re.compile(r".*/boards\?engine=isle-of-pan&saved=[0-9a-f]+.*"))
    board_id = re.search(r"saved=([0-9a-f]+)", page.url).group(1)
    saved = api(live, "GET", f"/api/boards/{board_id}")
    assert saved["name"] == NAME and saved["engine"] == "isle-of-pan" and saved["source"] == "typed"
    assert saved["data"] == EXPECTED
    assert page.evaluate("localStorage.getItem('tablescribe:board-draft:isle-of-pan:new')") is None, "the draft is forgotten"
    shoot(page, "isle-board-saved-list-phone")

    # -- New game on that board, chosen in the Board chooser.
    page.goto(f"{live.url}/")
    page.select_option("#engine", "isle-of-pan")
    chooser = page.locator("#board-isle-of-pan")
    assert chooser.locator("option").all_inner_texts()[0] == f"{NAME} (the newest)"
    chooser.select_option(board_id)
    page.fill("#player0", "Ana")
    page.fill("#player1", "Ben")
    page.click("text=Create the game and start recording")
    page.wait_for_url("**/record?created=1")
    game_id = re.search(r"/games/([0-9a-f]+)/record", page.url).group(1)
    assert api(live, "GET", f"/api/games/{game_id}")["board"]["id"] == board_id

    # -- the opening reveals, each by tapping the board's tile: two taps, the short form stored.
    picker = page.locator(".iop-picker[data-type=tile_revealed]")
    picker.wait_for()
    offered = [b.get_attribute("data-tile") for b in picker.locator(".iop-reveal-tile").all()]
    assert offered == ["1", "2", "3", "5", "6"], "tile 4, marked [4], stays in the box with 2 players"
    picker.locator(".iop-reveal-tile[data-tile='5']").click()
    assert "Lake · Plain · Plain" in picker.locator(".iop-pick-status").inner_text()
    shoot(page, "isle-record-reveal-phone", picker)
    picker.screenshot(path=str(SCREENSHOTS / "isle-record-reveal-picker-phone.png"))
    for slot, tile_id in (("D1", "5"), ("D2", "1"), ("D3", "3")):
        picker.locator(f".iop-reveal-tile[data-tile='{tile_id}']").click()
        event = record_and_wait(page, picker.get_by_role("button", name=f"Record tile {tile_id} revealed"), live, game_id)
        assert (event["type"], event["data"]) == ("tile_revealed", {"display_id": slot, "tile_id": tile_id})
    state = state_of(live, game_id)["state"]
    assert state["start"]["central"] == [1, 0], "the board laid the Starting Tile at set-up"
    assert {name: p["explorer"] for name, p in state["players"].items()} == {"Ana": [1, 0], "Ben": [1, 0]}
    assert sorted(state["island"]) == ["-1,1", "0,0", "0,1", "1,0"]
    assert [slot["tile"] for slot in state["display"]] == [
        {"tile_id": "5", "terrains": ["LAKE", "PLAIN", "PLAIN"], "shape": None, "marker": None},
        {"tile_id": "1", "terrains": ["PLAIN", "PLAIN", "PORTAL"], "shape": EXPECTED["tiles"][0]["shape"], "marker": "none"},
        {"tile_id": "3", "terrains": ["DESERT", "DESERT", "PLAIN"], "shape": EXPECTED["tiles"][2]["shape"], "marker": "none"},
    ]
    assert [e["type"] for e in stored(live, game_id)] == ["tile_revealed"] * 3, "nobody declared the Starting Tile"
    take = page.locator(".iop-picker[data-type=tile_taken]")
    take.wait_for()
    assert "tile 1 · Plain · Plain · Portal" in take.locator(".iop-take-tile[data-slot=D2]").inner_text()
    assert not errors, errors
    context.close()
    assert not refused, f"Content-Security-Policy refused: {refused}"

    # -- the same editor on a laptop, editing the saved board (an edit saves a new board).
    context, page, refused, errors = watched_page(browser, LAPTOP)
    page.goto(f"{live.url}/boards/{board_id}/edit")
    page.locator("#iop-tiles .iop-be-tile-summary").first.click()
    assert page.locator("#iop-tiles .be-row.is-open input").input_value() == "1"
    screenshot(page, "isle-board-editor-laptop")
    assert not errors, errors
    context.close()
    assert not refused, f"Content-Security-Policy refused: {refused}"


def test_without_a_board_a_reveal_is_spelled_out_in_the_generic_form(phone: Any) -> None:
    """A game recorded without a board offers no tile ids: the reveal picker steps aside."""
    engine = engines.find("isle-of-pan")
    state = engine.setup(["Ana", "Ben"], {})
    state = engine.apply(state, Event("starting_tile_declared", EXPECTED["starting_tile"], "Ana"))
    offered = engine.expected(state)["options"]["tile_revealed"]
    assert "tile_id" not in offered
    assert not Pickers("isle-of-pan", "iop-picker", ["Ana", "Ben"]).show(phone, "tile_revealed", offered, state, "Ana")
    assert phone.inner_text("#host") == "generic form"
