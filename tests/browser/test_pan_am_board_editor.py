"""Pan Am's board editor (static/js/boards/engines/pan-am.js) and the recording page's pickers
of the board's items (static/js/record/engines/pan-am.js), as the table uses them on a phone.

One story, told once: a box is transcribed in the editor by taps and by typing names and
numbers only (no file, no JSON, no script writing the data), its draft survives a reload, a
save the server refuses shows the problem beside its entry, the board is saved and stored
exactly as entered; a game is started on it from the New game form's Board chooser, and its
first reveals (the deal, the Event card, a Directive, a display refill) are recorded by
tapping the board's items, stored in the short form that names them.  Every board and card
here is made up for the test (the rulebook's own facts are respected so that set-up loads it).
"""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.browser.conftest import LAPTOP, PHONE, SCREENSHOTS, screenshot, watched_page
from tests.browser.recording import api, record_and_wait, state_of, stored
from tests.browser.tokens import browser_token

pytestmark = pytest.mark.browser

NAME = "Our Pan Am box (made-up test data)"
CITIES = [("Lisbon", "EUROPE"), ("Horta", "EUROPE"), ("Rome", "EUROPE"), ("Tokyo", "PACIFIC"), ("Honolulu", "PACIFIC"),
          ("Bangkok", "ASIA"), ("Miami", "NORTH_AMERICA"), ("Havana", "NORTH_AMERICA"), ("Lima", "SOUTH_AMERICA"),
          ("Rio de Janeiro", "SOUTH_AMERICA")]
OPENER = "Made-up opener"
WINDFALL = "Made-up windfall"
# What the taps and the typing below must store, exactly.
BOARD = {
    "cities": dict(CITIES),
    "routes": [["Lisbon", "Horta", 1], ["Lisbon", "Rome", 2], ["Miami", "Havana", None], ["Tokyo", "Honolulu", 3]],
    "tracks": {"A": {"1": [1, 2, 3, 4]}, "B": {"1": [0, 1, 2, 3]}},
    "work_sites": {"D": 4, "E": 3},
    "stock_price_track": {"min": 1, "max": 10},
    "destination_cards": [city for city, _ in CITIES],
    "event_cards": [
        {"name": OPENER, "round": 1, "stock_adjustment": {"op": "set", "value": 5}, "die_rolls": 1, "text": "Made up for this test."},
        {"name": "Made-up climb", "round": 2, "stock_adjustment": {"op": "up"}, "die_rolls": 2},
    ],
    "directive_cards": [{"name": WINDFALL, "timing": {"phase": "EVENT", "step": "STOCK_PRICE"},
                         "effects": [{"kind": "money", "amount": 3}]}],
    "complete": ["cities", "routes"],
}
DRAFT_KEY = "tablescribe:board-draft:pan-am:new"


def shot(locator: Any, name: str) -> None:
    """One part of a page, for a person to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def tall_enough(locator: Any) -> None:
    for i in range(locator.count()):
        box = locator.nth(i).bounding_box()
        assert box and box["height"] >= 44, f"a thumb-sized target: {box}"


def draft_holds(page: Any, text: str) -> None:
    page.wait_for_function("([key, text]) => (localStorage.getItem(key) || '').includes(text)", arg=[DRAFT_KEY, text])


# ---------------------------------------------------------------- the editor, by section

def enter_cities(page: Any) -> None:
    cities = page.locator("#pa-be-cities")
    name = cities.get_by_label("City name, as the board prints it")
    for city, region in CITIES:
        name.fill(city)
        cities.locator(f"[data-add=city] button[data-region={region}]").click()
        assert page.evaluate("document.activeElement.dataset.focusKey") == "pa-be-city-new", "the name field is ready for the next"
    name.fill("lisbon")
    cities.locator("[data-add=city] button[data-region=ASIA]").click()
    assert "Lisbon is already on the map (Europe)" in cities.locator("#pa-be-city-note").inner_text()
    name.fill("")
    tall_enough(cities.locator("button.pa-be-city"))
    cities.locator("button.pa-be-city[data-city=Horta]").click()
    shot(cities, "pan-am-board-cities-phone")
    cities.locator("button.pa-be-city[data-city=Horta]").click()
    cities.get_by_role("switch", name="This is every city on the map").check()


def enter_routes(page: Any) -> None:
    routes = page.locator("#pa-be-routes")
    adder = routes.locator("[data-add=route]")
    adder.locator("button[data-city=Lisbon]").click()
    adder.locator("button[data-city=Horta]").click()
    shot(routes, "pan-am-board-routes-distance-phone")
    adder.locator("button[data-distance='1']").click()
    assert adder.locator("button[data-city=Horta]").is_disabled(), "a route already there cannot be added twice"
    assert adder.locator("button[data-city=Lisbon]").count() == 0, "no route from Lisbon to itself"
    adder.locator("button[data-city=Rome]").click()
    adder.locator("button[data-distance='2']").click()
    for a, b, distance in [("Miami", "Havana", "unknown"), ("Tokyo", "Honolulu", "3")]:
        adder.locator("[data-focus-key=pa-be-route-change-a]").click()
        adder.locator(f"button[data-city='{a}']").click()
        adder.locator(f"button[data-city='{b}']").click()
        adder.locator(f"button[data-distance='{distance}']").click()
    assert routes.locator("button.pa-be-route").count() == 4
    shot(routes, "pan-am-board-routes-phone")
    routes.get_by_role("switch", name="These are all the routes on the map").check()


def enter_numbers(page: Any) -> None:
    tracks = page.locator("#pa-be-tracks")
    tracks.get_by_role("button", name="Add Airport track 1").click()
    for i, cost in enumerate(["1", "2", "3", "4"], start=1):
        tracks.get_by_label(f"Airport track 1, space {i}: cost").fill(cost)
    for i, cost in enumerate(["0", "1", "2", "3"], start=1):
        tracks.get_by_label(f"Destinations card 1 track, space {i}: cost").fill(cost)
    tall_enough(tracks.locator("input.pa-be-cost"))
    shot(tracks, "pan-am-board-tracks-phone")
    numbers = page.locator("#pa-be-numbers")
    numbers.get_by_role("textbox", name="Routes (D): Engineers it holds", exact=True).fill("4")
    for _ in range(3):
        numbers.get_by_role("button", name="Directives (E): Engineers it holds: one more").click()
    numbers.get_by_role("textbox", name="Lowest price ($)", exact=True).fill("1")
    numbers.get_by_role("textbox", name="Highest price ($)", exact=True).fill("10")
    shot(numbers, "pan-am-board-numbers-phone")


def enter_cards(page: Any) -> None:
    destinations = page.locator("#pa-be-destination_cards")
    destinations.get_by_role("button", name="A card for every city on the map").click()
    destinations.locator("button.pa-be-city[data-city=Lima]").click()
    assert destinations.locator("button.pa-be-city[data-city=Lima]").get_attribute("aria-pressed") == "false"
    destinations.locator("button.pa-be-city[data-city=Lima]").click()  # back, at the end of the list
    destinations.locator("button.pa-be-city[data-city='Rio de Janeiro']").click()
    destinations.locator("button.pa-be-city[data-city='Rio de Janeiro']").click()
    assert "10 cards" in destinations.locator(".pa-be-count").inner_text()
    shot(destinations, "pan-am-board-destinations-phone")

    events = page.locator("#pa-be-event_cards")
    for i, (name, round_, op, rolls) in enumerate([(OPENER, 1, "set", 1), ("Made-up climb", 2, "up", 2)]):
        events.get_by_role("button", name="Add an Event card").click()
        row = events.locator("li.be-row").nth(i)
        assert page.evaluate("document.activeElement.dataset.focusKey") == f"pa-be-ev-name:{i}"
        row.get_by_label("Card name").fill(name)
        row.locator(f"[data-focus-key='pa-be-ev-round:{i}:{round_}']").click()
        row.locator(f"button[data-op={op}]").click()
        if op == "set":
            assert page.evaluate("document.activeElement.dataset.focusKey") == f"pa-be-ev-value:{i}"
            row.get_by_role("textbox", name="The Stock Price becomes ($)", exact=True).fill("5")
            row.get_by_label("What the card says (optional)").fill("Made up for this test.")
        row.locator(f"[data-focus-key='pa-be-ev-rolls:{i}:{rolls}']").click()
    shot(events, "pan-am-board-events-phone")

    directives = page.locator("#pa-be-directive_cards")
    directives.get_by_role("button", name="Add a Directive card").click()
    row = directives.locator("li.be-row").first
    row.get_by_label("Card name").fill(WINDFALL)
    row.locator("""[data-focus-key='pa-be-dir-phase:0:"RESOLUTION"']""").click()
    assert row.locator("""[data-focus-key='pa-be-dir-step:0:"D"']""").count() == 1
    row.locator("""[data-focus-key='pa-be-dir-phase:0:"EVENT"']""").click()
    steps = row.locator("""[data-focus-key^='pa-be-dir-step:0:']""")
    assert steps.all_inner_texts() == ["Reveal", "Stock Price"], "only the Event phase's steps are offered"
    row.locator("""[data-focus-key='pa-be-dir-step:0:"STOCK_PRICE"']""").click()
    row.locator(".pa-be-effects > summary").click()
    row.locator("button[data-kind=money]").click()
    row.get_by_role("textbox", name="How much", exact=True).fill("3")
    shot(directives, "pan-am-board-directives-phone")


# --------------------------------------------------------------------------- the story

def test_a_box_is_transcribed_by_taps_saved_and_a_game_on_it_picks_its_items(live: Any, browser: Any) -> None:
    context, page, refused, errors = watched_page(browser)

    page.goto(f"{live.url}/boards/new?engine=pan-am")
    page.locator("#pa-be-cities").wait_for()
    page.locator("[data-focus-key=board-name]").fill(NAME)
    enter_cities(page)
    enter_routes(page)

    # The draft survives a reload before the board is saved.
    draft_holds(page, "Honolulu\",3")
    page.reload()
    page.locator(".be-restored").wait_for()
    assert page.locator("#pa-be-routes button.pa-be-route").count() == 4
    assert page.locator("[data-focus-key=board-name]").input_value() == NAME
    assert page.get_by_role("switch", name="This is every city on the map").is_checked()

    enter_numbers(page)
    enter_cards(page)
    page.locator("#pa-be-more > summary").click()
    shot(page.locator("#pa-be-more"), "pan-am-board-paths-phone")
    screenshot(page, "pan-am-board-editor-phone")

    # A save the server refuses: two Event cards of one name, shown beside the second.
    events = page.locator("#pa-be-event_cards")
    events.get_by_role("button", name="Add an Event card").click()
    third = events.locator("li.be-row").nth(2)
    third.get_by_label("Card name").fill(OPENER)
    third.locator("[data-focus-key='pa-be-ev-round:2:3']").click()
    third.locator("button[data-op=up]").click()
    third.locator("[data-focus-key='pa-be-ev-rolls:2:0']").click()
    page.locator("#board-save").click()
    page.locator("#save-problems .violation").wait_for()
    beside = page.locator("#pa-be-event_cards li.be-row").nth(2).locator(".be-problems")
    assert "PA-B14" in beside.inner_text() and "listed twice" in beside.inner_text()
    assert f"Event card 3 “{OPENER}”: name" in page.locator("#save-problems").inner_text(), "the save bar names the entry in words"
    assert page.locator("#pa-be-event_cards li.be-row").nth(0).locator(".be-problems").count() == 0
    shot(page.locator("#pa-be-event_cards"), "pan-am-board-refused-phone")
    assert api(live, "GET", "/api/boards?engine=pan-am")["boards"] == [], "nothing was stored"
    page.locator("#pa-be-event_cards").get_by_role("button", name=f"Remove Event card 3 “{OPENER}”").click()

    page.set_viewport_size(LAPTOP)
    screenshot(page, "pan-am-board-editor-laptop")
    page.set_viewport_size(PHONE)

    page.locator("#board-save").click()
    page.wait_for_url("**/boards?engine=pan-am&saved=*")
    board_id = parse_qs(urlparse(page.url).query)["saved"][0]
    saved = api(live, "GET", f"/api/boards/{board_id}")
    assert saved["name"] == NAME and saved["engine"] == "pan-am" and saved["source"] == "typed"
    assert saved["data"] == BOARD
    assert page.evaluate(f"localStorage.getItem('{DRAFT_KEY}')") is None, "the saved draft is forgotten"
    screenshot(page, "pan-am-board-saved-phone")

    # A game on it, from the New game form's Board chooser.
    page.goto(f"{live.url}/")
    page.locator("#engine").select_option("pan-am")
    page.locator("#player0").fill("Ann")
    page.locator("#player1").fill("Bob")
    chooser = page.locator("#board-pan-am")
    assert NAME in chooser.inner_text()
    chooser.select_option(board_id)
    shot(page.locator("#new-game"), "pan-am-board-new-game-phone")
    page.get_by_role("button", name="Create the game and start recording").click()
    page.wait_for_url("**/games/*/record?*")
    game_id = urlparse(page.url).path.split("/")[2]
    assert api(live, "GET", f"/api/games/{game_id}")["board"]["id"] == board_id
    token = browser_token(context, game_id)

    record_the_first_reveals(page, live, game_id, token)
    assert not errors, errors
    context.close()
    assert not refused, f"Content-Security-Policy refused: {refused}"


def record_the_first_reveals(page: Any, live: Any, game_id: str, token: str) -> None:
    # The deal: a space, then its city; the next empty space is chosen by itself.
    deal = page.locator(".pa-picker[data-type=cards_dealt]")
    deal.wait_for()
    assert deal.locator("button[data-slot='p:Ann:0']").get_attribute("aria-pressed") == "true"
    for city in ["Lisbon", "Tokyo", "Rome", "Honolulu", "Miami", "Lima", "Bangkok", "Havana"]:
        deal.locator(f".pa-pick-cities button[data-city='{city}']").click()
    assert deal.locator(".pa-pick-cities button[data-city=Lisbon]").is_disabled(), "a card dealt cannot be dealt twice"
    deal.locator("button[data-slot='d:3']").click()  # the last display card was misread: Horta, not Havana
    deal.locator(".pa-pick-cities button[data-city=Horta]").click()
    tall_enough(deal.locator(".pa-pick-cities button"))
    shot(deal, "pan-am-board-game-deal-phone")
    page.set_viewport_size(LAPTOP)
    shot(deal, "pan-am-board-game-deal-laptop")
    page.set_viewport_size(PHONE)
    event = record_and_wait(page, deal.locator("[data-focus-key='submit:cards_dealt']"), live, game_id)
    assert event["type"] == "cards_dealt"
    assert event["data"] == {"destinations": {"Ann": [{"city": "Lisbon"}, {"city": "Tokyo"}], "Bob": [{"city": "Rome"}, {"city": "Honolulu"}]},
                             "display": [{"city": "Miami"}, {"city": "Lima"}, {"city": "Bangkok"}, {"city": "Horta"}]}
    state = state_of(live, game_id)["state"]
    assert state["players"]["Ann"]["destinations"] == [{"city": "Lisbon", "region": "EUROPE"}, {"city": "Tokyo", "region": "PACIFIC"}]
    assert [space["card"] for space in state["display"]] == [
        {"city": "Miami", "region": "NORTH_AMERICA"}, {"city": "Lima", "region": "SOUTH_AMERICA"},
        {"city": "Bangkok", "region": "ASIA"}, {"city": "Horta", "region": "EUROPE"}]

    # The Event card: this round's cards of the board, one tap.
    card = page.locator(".pa-picker[data-type=event_card_revealed]")
    card.wait_for()
    assert card.locator("button.pa-pick-board-card").all_inner_texts() == [
        f"{OPENER}\nStock Price set to $5 · 1 die roll\nMade up for this test."]
    shot(card, "pan-am-board-game-event-phone")
    event = record_and_wait(page, card.locator(f"button[data-card='{OPENER}']"), live, game_id)
    assert event["type"] == "event_card_revealed" and event["data"] == {"name": OPENER}
    state = state_of(live, game_id)["state"]
    assert state["stock_price"] == 5 and state["event_card"]["name"] == OPENER and state["expansion"]["rolls_expected"] == 1

    # A Directive printed for the Stock Price step: who plays it (not the player due), then the card.
    directive = page.locator(".pa-picker[data-type=directive_played]")
    windfall = directive.locator(f"button[data-card='{WINDFALL}']")
    assert windfall.is_enabled() and "Earns $3" in windfall.inner_text(), "what the board says it does"
    directive.locator("button[data-player=Bob]").click()  # who plays it, beside the card
    shot(directive, "pan-am-board-game-directive-phone")
    screenshot(page, "pan-am-board-game-record-phone")
    event = record_and_wait(page, directive.locator(f"button[data-card='{WINDFALL}']"), live, game_id)
    assert event["type"] == "directive_played" and event["actor"] == "Bob" and event["data"] == {"card": WINDFALL}
    bob = state_of(live, game_id)["state"]["players"]["Bob"]
    assert bob["money"] == 15 and bob["directives"] == 0

    # To the refill, through the API: Ann takes the card of display space 1.
    def post(type_: str, data: dict[str, Any], actor: str | None = None) -> Any:
        return api(live, "POST", f"/api/games/{game_id}/events", {"type": type_, "data": data, **({"actor": actor} if actor else {})}, token)

    post("engineer_assigned", {"area": "B", "track": "1", "space": 1}, "Ann")
    deadline = time.monotonic() + 10
    while (now := state_of(live, game_id))["state"]["phase"] == "ASSIGNMENT":
        assert time.monotonic() < deadline
        actor = now["expected"]["actors"][0]
        post("engineer_set_aside", {"count": now["state"]["players"][actor]["available"]}, actor)
    post("destination_taken", {"slot": 1}, "Ann")
    refill = page.locator(".pa-picker[data-type=destination_display_refilled]")
    refill.wait_for()
    assert refill.locator(".pa-pick-cities button").all_inner_texts() == ["Havana", "Rio de Janeiro"], "the cards not in play"
    shot(refill, "pan-am-board-game-refill-phone")
    event = record_and_wait(page, refill.locator("button[data-city='Rio de Janeiro']"), live, game_id)
    assert event["type"] == "destination_display_refilled" and event["data"] == {"slot": 1, "card": {"city": "Rio de Janeiro"}}
    assert state_of(live, game_id)["state"]["display"][0]["card"] == {"city": "Rio de Janeiro", "region": "SOUTH_AMERICA"}
    assert [e["type"] for e in stored(live, game_id)][:3] == ["cards_dealt", "event_card_revealed", "directive_played"]


# ----------------------------------------------- the board pickers at their edges, alone

# One Pan Am picker alone in the ``phone`` fixture's page, its sends kept with their actor.
HARNESS = """
async ({ type, options, state, players, actor }) => {
  const { pickers } = await import('/static/js/record/engines/pan-am.js');
  window.recorded = [];
  const el = pickers[type]({ type, options, state, players, actor, draft: {},
    record: (data, who = null) => { window.recorded.push({ data, actor: who }); return Promise.resolve(true); },
    fallback: () => null });
  document.getElementById('host').replaceChildren(el || document.createTextNode('generic form'));
  return Boolean(el);
}
"""


def show(page: Any, type_: str, options: Any, state: Any, actor: str | None) -> bool:
    return bool(page.evaluate(HARNESS, {"type": type_, "options": options, "state": state, "players": ["Ann", "Bob"], "actor": actor}))

def test_without_the_board_s_items_the_refill_and_a_directive_keep_the_generic_form(phone: Any) -> None:
    state = {"phase": "RESOLUTION", "display": [{"card": None, "bonus": 0}] * 4, "cities": {}, "board": {},
             "players": {"Ann": {"directives": 1}, "Bob": {"directives": 0}}}
    refill = {"slot": [2], "card.region": ["ASIA", "EUROPE"]}
    assert not show(phone, "destination_display_refilled", refill, state, None), "no board cards: the generic form"
    assert not show(phone, "directive_played", {}, state, "Ann"), "no board Directives: the generic form"


def test_a_directive_whose_effects_the_table_chooses_is_not_played_in_one_tap(phone: Any) -> None:
    faces = {"Made-up airport": {"timing": {"phase": "RESOLUTION", "step": "D"}, "area": "D", "effects": None, "text": None},
             "Made-up bonus": {"timing": {"phase": "RESOLUTION", "step": "D"}, "area": None,
                               "effects": [{"kind": "money", "amount": 2, "player": "ALL"}, {"kind": "peek"}], "text": None}}
    state = {"phase": "RESOLUTION", "cities": {}, "board": {"directive_cards": faces},
             "players": {"Ann": {"directives": 1}, "Bob": {"directives": 2}}}
    assert show(phone, "directive_played", {"card": list(faces)}, state, "Ann")
    picker = phone.locator(".pa-picker[data-type=directive_played]")
    assert picker.locator("button[data-card='Made-up airport']").is_disabled()
    assert "the table chooses" in picker.locator("button[data-card='Made-up airport']").inner_text().lower()
    bonus = picker.locator("button[data-card='Made-up bonus']")
    assert "Every player earns $2; peeks" in bonus.inner_text()
    assert picker.locator("button[data-player=Ann]").get_attribute("aria-pressed") == "true", "the player due, by default"
    picker.locator("button[data-player=Bob]").click()
    picker.locator("button[data-card='Made-up bonus']").click()
    assert phone.evaluate("window.recorded") == [{"data": {"card": "Made-up bonus"}, "actor": "Bob"}]
