"""Air Alliance's board editor (static/js/boards/engines/air-alliance.js) and the recording
page's reveals picked from the board (static/js/record/engines/air-alliance.js), at phone size.

One test is the whole path of a table that owns the box: the board made in the editor by taps
and by typing names and numbers only (the V airports' colours, two special airports, two
Boarding Passes, six Passenger Cards built with the card builder), the draft surviving a
reload, a refused save (two cards with one id) shown beside the card it names, the board
saved and read back through the API as exactly the data tapped, then a game started on it
from the New game form's Board chooser, with no ``board_declared`` left to record at the
set-up, and its first reveals recorded on the recording page by tapping the board's cards,
the last one a card the board does not hold yet, spelled out by taps; then the players' planes
tapped on the airports' grid, and the first turn begins. Another mounts the
reveal picker alone: many cards narrowed by their departure's area, and a complete board
that offers no other card. Screenshots of each section at phone size, one at laptop size.

The board, its cards and icons are made up for the test, never the game's."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.base import Event
from tests.browser.conftest import LAPTOP, SCREENSHOTS, screenshot, watched_page
from tests.browser.recording import Pickers, api, record_and_wait, shoot, state_of, stored

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bo"]  # red and yellow, the colours' default order
ALL = {"type": "AREA", "areas": "ALL"}
PRIORITY = {"type": "PRIORITY"}


def area(areas: str) -> dict[str, Any]:
    return {"type": "AREA", "areas": areas}


def special(colour: str) -> dict[str, Any]:
    return {"type": "SPECIAL", "colour": colour}


def codeshare(*colours: str) -> dict[str, Any]:
    return {"type": "CODESHARE", "colours": list(colours)}


# What the table reads off its (made-up) box, and what the editor must store for it.
LANDABLE = {"A4": ["white"], "A5": ["red", "white"], "A6": ["ALL"], "E4": ["black"], "E5": ["ALL"],
            "E6": ["green", "purple"], "M4": ["black"], "M5": ["ALL"], "M6": ["ALL"], "U4": ["purple"],
            "U5": ["ALL"], "U6": ["ALL"]}
SPECIAL = {"red": "E2", "yellow": "U3"}
PASSES = {"red": [[area("AE")], [area("EM"), PRIORITY], [codeshare("black")]],
          "yellow": [[ALL], [special("yellow")], [codeshare("white", "purple")]]}
CARDS = [
    {"id": "C01", "name": "Board Gamer", "dep": "A1", "arr": "E2", "miles": 3000, "cls": "ECONOMY",
     "icons": [ALL, PRIORITY, codeshare("black")], "trio": "Enthusiast"},
    {"id": "C02", "name": "Folklorist", "dep": "E2", "arr": "M3", "miles": 4000, "cls": "FIRST",
     "icons": [area("AM"), codeshare("black", "white"), special("red")]},
    {"id": "C03", "name": "Tennis Player", "dep": "A1", "arr": "M3", "miles": 9000, "cls": "ECONOMY",
     "icons": [PRIORITY, area("E"), codeshare("purple")], "trio": "Ball Game"},
    {"id": "C04", "name": "Yeti", "dep": "U3", "arr": "U2", "miles": 2000, "cls": "ECONOMY",
     "icons": [area("U"), ALL, PRIORITY]},
    {"id": "C05", "name": "Bartender", "dep": "M2", "arr": "A3", "miles": 5000, "cls": "FIRST",
     "icons": [codeshare("white"), area("MU"), special("yellow")], "trio": "Cocktail"},
    {"id": "C06", "name": "Hotelier", "dep": "E1", "arr": "U1", "miles": 6000, "cls": "ECONOMY",
     "icons": [area("EU"), PRIORITY, codeshare("black")]},
]
BOARD = {"landable": LANDABLE, "special": SPECIAL, "passes": PASSES, "cards": CARDS}
# A card the board does not hold, spelled out at the recording page.
OTHER = {"id": "C07", "name": "Neanderthal", "dep": "U1", "arr": "E3", "miles": 7000, "cls": "FIRST",
         "icons": [area("A"), PRIORITY, special("red")], "trio": "Primitive Man"}
TRIOS = ["Enthusiast", "Scholar", "Actor", "Cocktail", "Ball Game", "Spy", "Primitive Man"]  # the rulebook's Trio List


def shot(locator: Any, name: str) -> None:
    """One part of the page, for a person to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)
    locator.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def tap_icon(group: Any, icon: dict[str, Any]) -> None:
    """Build one Flight icon in an icon editor (`group`) by taps: its kind, then what it shows."""
    group.locator(f"button[data-kind={icon['type']}]").click()
    if icon["type"] == "AREA":
        group.get_by_role("group", name="Areas printed on it").locator(f"button[data-areas={icon['areas']}]").click()
    elif icon["type"] == "SPECIAL":
        group.get_by_role("group", name="Its colour").get_by_role("button", name=icon["colour"].title(), exact=True).click()
    elif icon["type"] == "CODESHARE":
        for colour in icon["colours"]:
            group.get_by_role("group", name="NPA colours printed (one or two)").get_by_role(
                "button", name=colour.title(), exact=True).click()


def tap_face(where: Any, face: dict[str, Any], *, typed_id: str | None = None) -> None:
    """A card's face in a face builder: the name (and the id, when given) and miles typed,
    the rest tapped."""
    if typed_id is not None:
        where.get_by_label("Id", exact=True).fill(typed_id)
    where.get_by_label("Name (the passenger)").fill(face["name"])
    where.get_by_role("group", name="Departure").get_by_role("button", name=face["dep"], exact=True).click()
    where.get_by_role("group", name="Arrival").get_by_role("button", name=face["arr"], exact=True).click()
    where.get_by_label("Miles", exact=True).fill(str(face["miles"]))
    where.get_by_role("group", name="Class").get_by_role(
        "button", name="First class" if face["cls"] == "FIRST" else "Economy class").click()
    for k, icon in enumerate(face["icons"]):
        tap_icon(where.get_by_role("group", name=f"Flight icon {k + 1}", exact=True), icon)
    if face.get("trio"):
        where.get_by_role("group", name="Trio Set").locator(f"button[data-trio='{face['trio']}']").click()


def tap_airports(page: Any) -> None:
    for code, colours in LANDABLE.items():
        chips = page.get_by_role("group", name=f"Colours that land at {code}")
        for colour in colours:
            chips.get_by_role("button", name="Every colour" if colour == "ALL" else colour.title(), exact=True).click()


def tap_specials(page: Any) -> None:
    for colour, code in SPECIAL.items():
        page.get_by_role("group", name=f"{colour.title()}'s special airport").get_by_role("button", name=code, exact=True).click()
        assert page.locator(f".aa-be-special[data-colour={colour}] .aa-be-special-value").inner_text().startswith(code)


def tap_passes(page: Any) -> None:
    for colour, slots in PASSES.items():
        for slot, icons in enumerate(slots):
            for icon in icons:
                pass_slot = page.locator(f".aa-be-pass[data-colour={colour}] .aa-be-slot[data-slot='{slot}']")
                pass_slot.get_by_role("button", name=f"Slot {slot + 1}: add an icon").click()
                tap_icon(pass_slot.locator(".aa-icon-editor"), icon)
                pass_slot.get_by_role("button", name="Done", exact=True).click()


def test_a_board_made_by_taps_is_saved_and_a_game_on_it_reveals_its_cards_by_a_tap(live: Any, browser: Any) -> None:
    context, page, refused, errors = watched_page(browser)
    page.goto(f"{live.url}/boards/new?engine=air-alliance")
    page.get_by_label("Name", exact=True).fill("Our Air Alliance box (test data)")

    # The airports, the special airports and the Boarding Passes: taps only.
    tap_airports(page)
    shot(page.locator("#aa-airports"), "aa-board-airports-phone")
    tap_specials(page)
    page.get_by_role("button", name="Change Yellow's special airport").click()  # opens the grid again, to look at
    shot(page.locator("#aa-specials"), "aa-board-specials-phone")
    page.get_by_role("group", name="Yellow's special airport").get_by_role("button", name="U3", exact=True).click()
    tap_passes(page)
    page.locator(".aa-be-pass[data-colour=red] .aa-be-slot[data-slot='1']").get_by_role("button", name="Slot 2, icon 1: change it").click()
    shot(page.locator("#aa-passes"), "aa-board-passes-phone")
    page.locator(".aa-be-pass[data-colour=red] .aa-be-slot[data-slot='1']").get_by_role("button", name="Done", exact=True).click()

    # The first card, then a reload: the draft is back, as tapped.
    page.get_by_role("button", name="Add a card").click()
    card = page.locator(".aa-be-card.is-open")
    assert card.get_by_label("Id", exact=True).input_value() == "C01"  # a free id, offered
    tap_face(card, CARDS[0])
    preview = card.locator(".aa-face-preview")
    assert (preview.locator(".aa-dep").inner_text(), preview.locator(".aa-arr").inner_text()) == ("A1", "E2")
    assert card.locator(".aa-face-preview .aa-miles").inner_text() == "3,000"
    shot(page.locator("#aa-cards"), "aa-board-card-builder-phone")
    card.get_by_role("group", name="Flight icon 3", exact=True).scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "aa-board-card-builder-in-view-phone.png"))  # what the thumb sees
    page.wait_for_timeout(400)  # the draft is written a quarter second after a change
    page.reload()
    page.locator(".be-restored").wait_for()
    assert page.get_by_role("group", name="Colours that land at E6").get_by_role("button", name="Purple", exact=True) \
        .get_attribute("aria-pressed") == "true"
    assert page.locator(".aa-be-pass[data-colour=yellow] .aa-be-slot[data-slot='2'] .aa-icon").inner_text().startswith("Code Sharing")
    assert page.locator(".aa-be-card[data-card='0'] .aa-be-card-line").all_inner_texts() == [
        "C01 Board Gamer\nEdit", "A1 → E2 · 3,000 mi · Economy · Enthusiast", "Area ALL · Priority · Code Sharing black"]

    # The other cards; the sixth first given the first one's id, which the server refuses.
    for face in CARDS[1:]:
        page.get_by_role("button", name="Add the next card").click()
        card = page.locator(".aa-be-card.is-open")
        tap_face(card, face, typed_id="C01" if face["id"] == "C06" else None)
        page.get_by_role("button", name="Done with this card").click()
    page.get_by_role("button", name="Save board").click()
    card = page.locator(".aa-be-card.is-open")  # the card a problem names opens, the problem beside its id
    card.locator(".aa-face-problems").wait_for()
    assert card.get_attribute("data-card") == "5"
    assert "AA-B02" in card.locator(".aa-face-help + .aa-face-problems").inner_text()  # beside the id
    assert "Card 6 (C01): id" in page.locator("#save-problems").inner_text()
    screenshot(page, "aa-board-refused-phone")
    card.get_by_label("Id", exact=True).fill("C06")
    with page.expect_navigation():
        page.get_by_role("button", name="Save board").click()

    # The saved list, and the board read back: exactly what was tapped.
    page.locator(".board-card.just-saved").wait_for()
    screenshot(page, "aa-board-saved-list-phone")
    board_id = page.locator(".board-card.just-saved").get_attribute("id").removeprefix("board-")
    saved = api(live, "GET", f"/api/boards/{board_id}")
    assert saved["name"] == "Our Air Alliance box (test data)"
    assert saved["data"] == BOARD

    # A game on it, from the New game form's Board chooser.
    page.goto(f"{live.url}/")
    page.select_option("#engine", "air-alliance")
    page.fill("#title", "Air Alliance on our box")
    page.fill("#player0", "Ann")
    page.fill("#player1", "Bo")
    page.select_option("#board-air-alliance", label="Our Air Alliance box (test data) (the newest)")
    with page.expect_navigation(url="**/record?*"):
        page.get_by_role("button", name="Create the game and start recording").click()
    game_id = page.url.split("/games/")[1].split("/")[0]
    now = state_of(live, game_id)
    # The board holds every board fact: board_declared is moot, offered only among the seldom actions.
    assert now["expected"]["event_types"] == ["planes_placed", "card_revealed", "board_declared"]
    assert now["expected"]["minor"] == ["board_declared"]
    assert api(live, "GET", f"/api/games/{game_id}")["board"]["id"] == board_id

    # The first reveals: a card of the board with two taps, each.
    picker = page.locator(".aa-picker[data-type=card_revealed]")
    picker.wait_for()
    shots = {"C03": "aa-reveal-picker-phone"}
    for card_id in ["C03", "C01", "C05", "C02", "C04"]:
        picker.locator(f"button.aa-reveal-card[data-card='{card_id}']").click()
        if card_id in shots:
            shoot("aa-reveal", picker, "board-card")
        event = record_and_wait(page, picker.get_by_role("button", name=f"Reveal {card_id}", exact=True), live, game_id)
        assert (event["type"], event["data"]) == ("card_revealed", {"card": {"id": card_id}})
        picker = page.locator(".aa-picker[data-type=card_revealed]")
    assert picker.locator("button.aa-reveal-card").evaluate_all("els => els.map(e => e.dataset.card)") == ["C06"]

    # The sixth: a card the board does not hold yet, spelled out by taps (its id offered).
    picker.locator("button.aa-reveal-other").click()
    builder = picker.locator(".aa-reveal-new")
    assert builder.get_by_label("Id", exact=True).input_value() == OTHER["id"]
    tap_face(builder, OTHER)
    shoot("aa-reveal", picker, "another-card")
    event = record_and_wait(page, picker.get_by_role("button", name="Reveal C07", exact=True), live, game_id)
    assert (event["type"], event["data"]) == ("card_revealed", {"card": OTHER})
    state = state_of(live, game_id)["state"]
    assert state["row"] == ["C03", "C01", "C05", "C02", "C04", "C07"]
    assert state["declared"]["card:C07"]["value"] == {k: v for k, v in OTHER.items() if k != "id"}
    assert state["declared"]["card:C03"]["value"] == {k: v for k, v in CARDS[2].items() if k != "id"}
    assert state["declared"]["card:C03"]["at"] == "board"
    assert [e["data"] for e in stored(live, game_id)] == [
        *({"card": {"id": c}} for c in ["C03", "C01", "C05", "C02", "C04"]), {"card": OTHER}]
    page.locator(".aa-picker[data-type=card_revealed]").wait_for(state="detached")

    # The planes, tapped on the airports' grid: then Ann's first turn begins.
    for player, codes in (("Ann", ["A1", "A2", "E1", "U1"]), ("Bo", ["A3", "E3", "M1", "U2"])):
        planes = page.locator(".aa-picker[data-type=planes_placed]")
        if player == "Ann":
            planes.locator("button[data-player=Ann]").click()
        for code in codes:
            planes.locator(f"button.aa-airport-btn[data-airport={code}]").click()
        if player == "Ann":
            shoot("aa-planes", planes, "placed")
        event = record_and_wait(page, planes.locator("button.aa-pick-record"), live, game_id)
        assert (event["type"], event["data"]) == ("planes_placed", {"player": player, "airports": codes})
    state = state_of(live, game_id)["state"]
    assert (state["phase"], state["turn"]["player"]) == ("TURNS", "Ann")
    screenshot(page, "aa-reveal-recorded-phone")

    # The editor at a laptop's size, on the board saved (an edit saves a new board).
    page.set_viewport_size(LAPTOP)
    page.goto(f"{live.url}/boards/{board_id}/edit")
    page.locator(".aa-be-card-btn").nth(2).click()
    shot(page.locator("#aa-cards"), "aa-board-card-builder-laptop")
    screenshot(page, "aa-board-editor-laptop")
    assert not errors, errors
    context.close()
    assert not refused, f"Content-Security-Policy refused: {refused}"


def test_the_reveal_picker_narrows_many_cards_by_area_and_a_complete_board_offers_no_other(phone: Any) -> None:
    engine = engines.find("air-alliance")
    many = [{**CARDS[i % 6], "id": f"C{i + 1:02d}", "trio": None} for i in range(20)]
    board = {"cards": many}
    state = engine.setup(PLAYERS, {}, board=board)
    pickers = Pickers("air-alliance", "aa-picker", PLAYERS)
    picker = pickers.mount(phone, engine, state, "card_revealed")
    assert picker.locator("button.aa-reveal-card").count() == 20
    picker.locator("button[data-area=U]").click()
    assert picker.locator("button.aa-reveal-card").evaluate_all("els => els.map(e => e.dataset.card)") == ["C04", "C10", "C16"]
    picker.locator("button.aa-reveal-card[data-card=C10]").click()
    assert picker.locator(".aa-reveal-chosen .aa-route").inner_text().startswith("U3")
    shoot("aa-reveal", picker, "many-cards")
    picker.get_by_role("button", name="Reveal C10").click()
    assert phone.evaluate("window.recorded") == [{"card": {"id": "C10"}}]
    assert not engine.check(state, Event("card_revealed", {"card": {"id": "C10"}}, "Ann"))
    assert picker.locator("button.aa-reveal-other").count() == 1

    # A board of the box's 60 cards offers no other card.
    trios = [trio for trio in TRIOS for _ in range(3)]
    complete = {"cards": [{**CARDS[i % 6], "id": f"C{i + 1:02d}", "trio": trios[i] if i < len(trios) else None}
                          for i in range(60)], "complete": ["cards"]}
    whole = engine.setup(PLAYERS, {}, board=complete)
    picker = pickers.mount(phone, engine, whole, "card_revealed")
    assert picker.locator("button.aa-reveal-card").count() == 60
    assert picker.locator(".aa-reveal-other").count() == 0

    # No board: the face is built by taps, with its id offered.
    bare = engine.setup(PLAYERS, {})
    picker = pickers.mount(phone, engine, bare, "card_revealed", options={})
    assert picker.get_by_label("Id", exact=True).input_value() == "C01"
    picker.get_by_role("button", name="Reveal C01").click()
    assert "Still to enter: the name, the departure" in picker.locator(".result-slot").inner_text()
    tap_face(picker, CARDS[3])
    picker.get_by_role("button", name="Reveal C01").click()
    assert phone.evaluate("window.recorded") == [{"card": {**CARDS[3], "id": "C01"}}]
