"""Pan Am on the recording page: the plugin's pickers (static/js/record/engines/pan-am.js).

Two kinds of test.  The first renders each picker alone in a page of the live server, with
a state shaped as in ``engines/pan_am/state.py`` and options as ``expected()`` gives them
(documented in ``engines/pan_am/__init__.py``), and reads the data it would record: they
need no engine.  The second plays a real Pan Am game on the recording page (set-up cards,
an Event card, an Engineer tapped onto a B space, a new route declared and claimed), and
checks what the store kept; it runs once the engine is registered.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import engines
from recorder.store import AppendRequest
from tests.browser.conftest import LAPTOP, PHONE, SCREENSHOTS, screenshot
from tests.browser.recording import api, open_recording, record_and_wait

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cy"]

# A state shaped as engines/pan_am/state.py describes it, in round 3's Engineer phase.
STATE: dict[str, Any] = {
    "step": 12, "seats": PLAYERS, "round": 3, "phase": "ASSIGNMENT", "first_player": "Ann", "turn": "Bob",
    "stock_price": 5, "event_card": None,
    "tiles": {"CRUISER": False, "JET": True},
    "display": [
        {"card": {"city": "Lisbon", "region": "EUROPE"}, "bonus": 1},
        {"card": {"city": "Tokyo", "region": "PACIFIC"}, "bonus": 0},
        {"card": None, "bonus": 0},
        {"card": {"city": "Lima", "region": "SOUTH_AMERICA"}, "bonus": 2},
    ],
    "tracks": {"A": {"1": {"player": "Ann", "space": 2, "cost": 3, "priority": False, "resolved": False}},
               "B": {"1": None, "2": {"player": "Cy", "space": 1, "cost": 1, "priority": False, "resolved": False},
                     "3": None, "4": None},
               "C": {"TRIMOTOR": None, "CLIPPER": None, "CRUISER": None, "JET": None}},
    "sites": {"D": [{"player": "Ann", "priority": False, "resolved": False}], "E": []},
    "priority_queue": [],
    "expansion": {"rolls_expected": 2, "rolls": [["AP"]], "paths_due": [], "offers_due": []},
    "cities": {"Lisbon": {"region": "EUROPE", "airport": "Bob"}, "Horta": {"region": "EUROPE", "airport": None},
               "Madrid": {"region": "EUROPE", "airport": None}, "Tokyo": {"region": "PACIFIC", "airport": None},
               "Honolulu": {"region": "PACIFIC", "airport": None}, "Miami": {"region": "NORTH_AMERICA", "airport": None}},
    "routes": {"Horta|Lisbon": {"cities": ["Lisbon", "Horta"], "distance": 1, "owner": None, "plane": None}},
    "players": {name: {"money": 12, "stock": 0, "income": 0,
                       "fleet": {"TRIMOTOR": 2, "CLIPPER": 1, "CRUISER": 0, "JET": 0},
                       "hangar": {"TRIMOTOR": 3, "CLIPPER": 3, "CRUISER": 3, "JET": 1},
                       "airports_supply": 5, "airports": [], "routes": [], "destinations": [],
                       "directives": 1, "engineers": 4, "available": 2, "set_aside": 0} for name in PLAYERS},
}
STATE["players"]["Bob"]["airports"] = ["Lisbon"]
STATE["players"]["Bob"]["destinations"] = [{"city": "Madrid", "region": "EUROPE"},
                                           {"city": "Tokyo", "region": "PACIFIC"},
                                           {"city": "Honolulu", "region": "PACIFIC"}]

HARNESS = """
async ({ type, options, state, players, actor }) => {
  const { pickers } = await import('/static/js/record/engines/pan-am.js');
  window.recorded = [];
  const draft = {};
  const host = document.getElementById('host');
  window.rerender = () => {
    const el = pickers[type]({ type, options, state, players, actor, draft,
      record: (data) => { window.recorded.push(data); return Promise.resolve(true); },
      fallback: () => null });
    host.replaceChildren(el || document.createTextNode('generic form'));
  };
  window.rerender();
  return Boolean(host.querySelector('.pa-picker'));
}
"""

def mount(page: Any, type_: str, options: dict[str, Any], state: dict[str, Any] | None = None,
          actor: str | None = "Bob") -> Any:
    shown = page.evaluate(HARNESS, {"type": type_, "options": options, "state": state or STATE,
                                    "players": PLAYERS, "actor": actor})
    assert shown, f"the {type_} picker replaced the generic form"
    return page.locator(f".pa-picker[data-type={type_}]")


def recorded(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("window.recorded"))


def shoot(page: Any, name: str) -> None:
    """The whole page at phone width, then at laptop width."""
    screenshot(page, f"pan-am-{name}-phone")
    page.set_viewport_size(LAPTOP)
    screenshot(page, f"pan-am-{name}-laptop")
    page.set_viewport_size(PHONE)


def shoot_picker(page: Any, picker: Any, name: str) -> None:
    """The picker alone on the recording page, at phone width, then at laptop width."""
    SCREENSHOTS.mkdir(exist_ok=True)
    screenshot(page, f"pan-am-{name}-phone")
    picker.screenshot(path=str(SCREENSHOTS / f"pan-am-{name}-picker-phone.png"))
    page.set_viewport_size(LAPTOP)
    screenshot(page, f"pan-am-{name}-laptop")
    picker.screenshot(path=str(SCREENSHOTS / f"pan-am-{name}-picker-laptop.png"))
    page.set_viewport_size(PHONE)


# ------------------------------------------------------------ the pickers alone

ENGINEER_OPTIONS = {
    "area": ["A", "B", "C", "D", "E"],
    "spaces": [
        *({"area": "A", "track": "1", "space": s, "cost": {3: 4, 4: 5}[s], "label": f"A 1 · {s}"} for s in (3, 4)),
        *({"area": "A", "track": "2", "space": s, "cost": None, "label": f"A 2 · {s}"} for s in (1, 2, 3, 4)),
        *({"area": "B", "track": "1", "space": s, "cost": s, "label": f"B 1 · {s}"} for s in (1, 2, 3, 4)),
        *({"area": "B", "track": "2", "space": s, "cost": None, "label": f"B 2 · {s}"} for s in (2, 3, 4)),
        *({"area": "B", "track": "4", "space": s, "cost": s + 1, "label": f"B 4 · {s}"} for s in (1, 2, 3, 4)),
        *({"area": "C", "track": p, "space": s, "cost": None, "label": f"C {p} · {s}"}
          for p in ("TRIMOTOR", "CLIPPER", "CRUISER") for s in (1, 2, 3, 4)),
        {"area": "D", "track": None, "space": None, "cost": None, "label": "D"},
        {"area": "E", "track": None, "space": None, "cost": None, "label": "E"},
    ],
}


def test_an_engineer_goes_on_a_space_in_one_tap_and_asks_an_unknown_cost(phone: Any) -> None:
    picker = mount(phone, "engineer_assigned", ENGINEER_OPTIONS)
    assert "Bob" in picker.locator(".pa-pick-status").inner_text()
    b = picker.locator(".pa-pick-area[data-area=B]")
    assert "Lisbon · Europe · +$1 bonus" in b.inner_text(), "a B space is named by its display card"
    assert "Cy" in b.locator(".pa-pick-track[data-track='2'] .is-held").inner_text(), "the occupant is shown"
    jet = picker.locator(".pa-pick-area[data-area=C] .pa-pick-track[data-track=JET]")
    assert "covered" in jet.inner_text() and jet.locator("button").count() == 0
    box = b.locator("button[data-track='1'][data-space='3']").bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 60, f"a thumb-sized space on a phone: {box}"
    shoot(phone, "engineer")

    b.locator("button[data-track='1'][data-space='3']").click()
    assert recorded(phone) == [{"area": "B", "track": "1", "space": 3, "cost": 3}]

    picker.locator(".pa-pick-area[data-area=D] button").click()
    assert recorded(phone)[-1] == {"area": "D"}, "a work site takes no track, space or cost"

    # A space whose printed cost the engine does not know yet: asked, required.
    picker.locator(".pa-pick-area[data-area=C] button[data-track=CLIPPER][data-space='2']").click()
    cost = picker.locator(".pa-pick-cost")
    assert "space 2" in cost.inner_text()
    assert phone.evaluate("document.activeElement.id") == "pa-cost", "the cost field takes the focus"
    cost.locator("button[type=submit]").click()
    assert len(recorded(phone)) == 2, "nothing is recorded without the cost"
    assert "cost printed" in picker.locator(".result-slot").inner_text()
    screenshot(phone, "pan-am-engineer-cost-phone")
    cost.locator("input").fill("6")
    cost.locator("input").press("Enter")
    assert recorded(phone)[-1] == {"area": "C", "track": "CLIPPER", "space": 2, "cost": 6}


def test_priority_access_is_said_and_the_directives_are_not_offered(phone: Any) -> None:
    state = copy.deepcopy(STATE)
    state["phase"] = "PRIORITY"
    state["turn"] = "Cy"
    options = {"area": ["A", "B", "C", "D"], "spaces": [s for s in ENGINEER_OPTIONS["spaces"] if s["area"] != "E"]}
    picker = mount(phone, "engineer_assigned", options, state, actor="Cy")
    status = picker.locator(".pa-pick-status")
    assert "Priority Access" in status.inner_text() and "Cy" in status.inner_text()
    assert picker.locator(".pa-pick-area[data-area=E]").count() == 0


ROUTE_OPTIONS = {
    "plane": ["TRIMOTOR", "CLIPPER"],
    "claims": [{"cities": ["Lisbon", "Horta"], "distance": 1, "planes": ["TRIMOTOR", "CLIPPER"],
                "rights": [{"Lisbon": {"method": "airport", "cards": []},
                            "Horta": {"method": "discard_same_region", "cards": ["Madrid"]}}]}],
}


def test_a_known_route_is_claimed_with_one_tap_per_choice(phone: Any) -> None:
    picker = mount(phone, "route_claimed", ROUTE_OPTIONS)
    claim = picker.locator(".pa-pick-claim").first
    assert "Lisbon–Horta · distance 1" in claim.inner_text()
    claim.locator("button[data-claim='0']").click()
    claim = picker.locator(".pa-pick-claim").first
    way = claim.locator("button[data-way='0']")
    assert way.get_attribute("aria-pressed") == "true", "the only way is chosen at once"
    assert "Lisbon: your Airport" in way.inner_text() and "Horta: discard Madrid (Europe)" in way.inner_text()
    picker.locator("[data-focus-key='submit:pa-listed']").click()
    assert recorded(phone) == [], "two planes fit: one must be chosen"
    assert "plane" in picker.locator(".result-slot").inner_text()
    claim.locator("button[data-plane=TRIMOTOR]").click()
    shoot(phone, "route-listed")
    picker.locator("[data-focus-key='submit:pa-listed']").click()
    assert recorded(phone) == [{"cities": ["Lisbon", "Horta"], "plane": "TRIMOTOR", "landing_rights": {
        "Lisbon": {"method": "airport"}, "Horta": {"method": "discard_same_region", "cards": ["Madrid"]}}}]


def test_a_new_route_is_declared_and_claimed_with_its_regions_and_landing_rights(phone: Any) -> None:
    picker = mount(phone, "route_claimed", ROUTE_OPTIONS)
    form = picker.locator("[data-form=new-route]")
    form.locator("#pa-city-0").fill("lisbon")
    form.locator("#pa-city-1").fill("Azores")
    region = form.locator("#pa-region-1")
    assert region.count() == 1 and form.locator("#pa-region-0").count() == 0, "only the new city's region is asked"
    region.select_option("EUROPE")
    form.locator("button[data-distance='3']").click()
    assert form.locator("button[data-plane=CLIPPER]").is_disabled(), "a Clipper cannot fly distance 3"
    form.locator("button[data-distance='2']").click()
    form.locator("button[data-plane=CLIPPER]").click()
    rights = form.locator(".pa-pick-rights")
    assert "Bob has one here" in rights.nth(0).inner_text(), "Bob's Airport in Lisbon is pointed out"
    rights.nth(0).locator("button[data-method=airport]").click()
    rights.nth(1).locator("button[data-method=discard_two_other_region]").click()
    rights.nth(1).get_by_label("Tokyo (Pacific)").check()
    form.locator("[data-focus-key='submit:pa-new-route']").click()
    assert recorded(phone) == []
    assert "two cards" in form.locator(".result-slot").inner_text(), "the message is under the form used"
    rights.nth(1).get_by_label("Honolulu (Pacific)").check()
    shoot(phone, "route-new")
    form.locator("[data-focus-key='submit:pa-new-route']").click()
    assert recorded(phone) == [{
        "cities": ["Lisbon", "Azores"], "distance": 2, "plane": "CLIPPER", "regions": {"Azores": "EUROPE"},
        "landing_rights": {"Lisbon": {"method": "airport"},
                           "Azores": {"method": "discard_two_other_region", "cards": ["Tokyo", "Honolulu"]}}}]


def test_the_set_up_cards_fill_in_known_regions(phone: Any) -> None:
    state = {"phase": "SETUP", "players": {}, "cities": {}}
    known = {"Rome": "EUROPE", "Bangkok": "ASIA", "Tokyo": "PACIFIC"}
    # The engine lists the known cities as cards; {city: region} is read as well.
    options = {"players": PLAYERS, "region": ["ASIA", "EUROPE", "NORTH_AMERICA", "PACIFIC", "SOUTH_AMERICA"],
               "cities": [{"city": c, "region": r} for c, r in known.items()]}
    picker = mount(phone, "cards_dealt", options, state, actor=None)
    cities = ["Rome", "Bangkok", "Tokyo", "Lima", "Oslo", "Cairo", "Quito", "Dakar", "Perth", "Nome"]
    keys = [f"p:{p}:{i}" for p in PLAYERS for i in (0, 1)] + [f"d:{i}" for i in range(4)]
    for key, city in zip(keys, cities, strict=True):
        picker.locator(f"[data-card='{key}'] input").fill(city)
    assert picker.locator("[data-card='p:Ann:1'] select").input_value() == "ASIA", "a known city fills in its region"
    picker.locator("button.record-btn").click()
    assert recorded(phone) == [] and "Lima" not in picker.locator(".result-slot").inner_text()
    assert "Bob’s card 2" in picker.locator(".result-slot").inner_text()
    unknown = {"Lima": "SOUTH_AMERICA", "Oslo": "EUROPE", "Cairo": "ASIA", "Quito": "SOUTH_AMERICA", "Dakar": "EUROPE",
               "Perth": "PACIFIC", "Nome": "NORTH_AMERICA"}
    for key, city in zip(keys, cities, strict=True):
        if city in unknown:
            picker.locator(f"[data-card='{key}'] select").select_option(unknown[city])
    shoot(phone, "cards-dealt")
    picker.locator("button.record-btn").click()
    regions = {**known, **unknown}
    card = [{"city": c, "region": regions[c]} for c in cities]
    assert recorded(phone) == [{"destinations": {"Ann": card[0:2], "Bob": card[2:4], "Cy": card[4:6]}, "display": card[6:10]}]


def test_an_event_card_is_named_with_its_stock_change_and_die_rolls(phone: Any) -> None:
    picker = mount(phone, "event_card_revealed", {"round": [1], "stock_adjustment.op": ["up", "down", "set"]},
                   {**STATE, "stock_price": None}, actor=None)
    picker.locator("#pa-event-name").fill("Flying boats")
    picker.locator("button[data-op=set]").click()
    assert phone.evaluate("document.activeElement.id") == "pa-op-value"
    picker.locator("#pa-op-value").fill("4")
    picker.locator("button[data-rolls='2']").click()
    picker.locator("#pa-event-text").fill("Each player earns $2.")
    shoot(phone, "event-card")
    picker.locator("button.record-btn").click()
    assert recorded(phone) == [{"name": "Flying boats", "stock_adjustment": {"op": "set", "value": 4}, "die_rolls": 2,
                                "round": 1, "text": "Each player earns $2."}]
    # A free number of rolls, and a plain "up".
    picker.locator("button[data-op=up]").click()
    picker.get_by_label("Other number of die rolls").fill("6")
    picker.locator("button.record-btn").click()
    assert recorded(phone)[-1]["stock_adjustment"] == {"op": "up"} and recorded(phone)[-1]["die_rolls"] == 6


def test_the_die_is_recorded_with_every_symbol_shown(phone: Any) -> None:
    picker = mount(phone, "die_rolled", {"faces": ["SA", "EU", "AP", "PAN_AM"]}, actor=None)
    assert "roll 2 of 2" in picker.locator("h3").inner_text()
    picker.locator("button.record-btn").click()
    assert recorded(phone) == [] and "at least one" in picker.locator(".result-slot").inner_text()
    picker.locator("button[data-face=PAN_AM]").click()
    picker.locator("button[data-face=SA]").click()
    picker.locator("button[data-face=EU]").click()
    picker.locator("button[data-face=EU]").click()
    assert picker.locator("button[data-face=SA]").get_attribute("aria-pressed") == "true"
    shoot(phone, "die")
    picker.locator("button.record-btn").click()
    assert recorded(phone) == [{"faces": ["SA", "PAN_AM"]}]


# ----------------------------------------------- a real game on the recording page

def pan_am() -> Any:
    try:
        engine = engines.find("pan-am")
    except Exception:  # noqa: BLE001 (not registered yet, or not written yet)
        pytest.skip("the Pan Am engine is not registered")
    if not hasattr(engine, "board_view"):  # templates/engines/pan-am/board.html calls it
        pytest.skip("the Pan Am engine has no board_view yet: its board partial, so the recording page, cannot render")
    return engine


def post(live: Any, game_id: str, token: str, type_: str, data: dict[str, Any], actor: str | None = None) -> Any:
    body: dict[str, Any] = {"type": type_, "data": data}
    if actor:
        body["actor"] = actor
    return api(live, "POST", f"/api/games/{game_id}/events", body, token)


def wait_for_steps(page: Any, steps: int) -> None:
    """Until the page shows the game after `steps` events (its log has that many entries)."""
    page.wait_for_function(f"() => document.querySelectorAll('#log .log-entry').length === {steps}")


def state_of(live: Any, game_id: str) -> dict[str, Any]:
    return dict(api(live, "GET", f"/api/games/{game_id}/state"))


def stored(live: Any, game_id: str) -> list[dict[str, Any]]:
    return list(api(live, "GET", f"/api/games/{game_id}/events?view=recorded")["events"])


DEALT = {"destinations": {"Ann": [{"city": "Lisbon", "region": "EUROPE"}, {"city": "Madrid", "region": "EUROPE"}],
                          "Bob": [{"city": "Tokyo", "region": "PACIFIC"}, {"city": "Honolulu", "region": "PACIFIC"}]},
         "display": [{"city": "Rome", "region": "EUROPE"}, {"city": "Bangkok", "region": "ASIA"},
                     {"city": "Lima", "region": "SOUTH_AMERICA"}, {"city": "Rio de Janeiro", "region": "SOUTH_AMERICA"}]}


def new_game(live: Any) -> tuple[str, str]:
    pan_am()
    created = api(live, "POST", "/api/games", {"engine": "pan-am", "title": "Pan Am at the table",
                                                "players": [{"name": "Ann"}, {"name": "Bob"}]})
    return str(created["id"]), str(created["write_token"])


def to_d_resolution(live: Any, game_id: str, token: str) -> None:
    """Round 1 through the API: Ann sends one Engineer to Routes (D), every other Engineer
    is set aside, so the Resolution phase opens on Ann's D Engineer."""
    post(live, game_id, token, "cards_dealt", DEALT)
    post(live, game_id, token, "event_card_revealed",
         {"name": "Pan Am is founded", "stock_adjustment": {"op": "set", "value": 4}, "die_rolls": 1})
    post(live, game_id, token, "engineer_assigned", {"area": "D"}, "Ann")
    for _ in range(10):
        now = state_of(live, game_id)
        if now["state"]["phase"] != "ASSIGNMENT":
            break
        actor = now["expected"]["actors"][0]
        post(live, game_id, token, "engineer_set_aside", {"count": now["state"]["players"][actor]["available"]}, actor)
    assert now["state"]["phase"] == "RESOLUTION"
    assert now["expected"]["actors"][0] == "Ann" and "route_claimed" in now["expected"]["event_types"]


def test_a_game_is_set_up_and_an_engineer_placed_from_the_recording_page(live: Any, browser: Any) -> None:
    game_id, token = new_game(live)
    context, page, errors = open_recording(live, browser, game_id, token)
    picker = page.locator(".pa-picker[data-type=cards_dealt]")
    picker.wait_for()
    for player, cards in DEALT["destinations"].items():
        for i, card in enumerate(cards):
            picker.locator(f"[data-card='p:{player}:{i}'] input").fill(card["city"])
            picker.locator(f"[data-card='p:{player}:{i}'] select").select_option(card["region"])
    for i, card in enumerate(DEALT["display"]):
        picker.locator(f"[data-card='d:{i}'] input").fill(card["city"])
        picker.locator(f"[data-card='d:{i}'] select").select_option(card["region"])
    shoot_picker(page, picker, "game-cards-dealt")
    picker.locator("button.record-btn").click()
    page.locator(".pa-picker[data-type=event_card_revealed]").wait_for()
    assert stored(live, game_id)[-1]["type"] == "cards_dealt"
    assert stored(live, game_id)[-1]["data"] == DEALT

    card = page.locator(".pa-picker[data-type=event_card_revealed]")
    card.locator("#pa-event-name").fill("Pan Am is founded")
    card.locator("button[data-op=set]").click()
    card.locator("#pa-op-value").fill("4")
    card.locator("button[data-rolls='1']").click()
    assert card.locator("button[data-op=up]").is_disabled(), "round 1's card must set the price (PA-V3)"
    shoot_picker(page, card, "game-event-card")
    card.locator("button.record-btn").click()
    engineer = page.locator(".pa-picker[data-type=engineer_assigned]")
    engineer.wait_for()
    event = stored(live, game_id)[-1]
    assert event["type"] == "event_card_revealed"
    assert event["data"]["name"] == "Pan Am is founded" and event["data"]["stock_adjustment"] == {"op": "set", "value": 4}
    assert event["data"]["die_rolls"] == 1
    assert state_of(live, game_id)["state"]["stock_price"] == 4

    b = engineer.locator(".pa-pick-area[data-area=B]")
    assert "Rome" in b.inner_text()
    shoot_picker(page, engineer, "game-engineer")
    space = b.locator("button[data-track='1'][data-space='2']")
    space.click()
    cost_form = engineer.locator(".pa-pick-cost")
    if cost_form.count():  # no board file: the printed cost is declared the first time
        cost_form.locator("input").fill("2")
        cost_form.locator("button[type=submit]").click()
    wait_for_steps(page, 3)
    event = stored(live, game_id)[-1]
    assert event["type"] == "engineer_assigned" and event["actor"] == "Ann"
    assert event["data"] == {"area": "B", "track": "1", "space": 2, "cost": 2}
    placed = state_of(live, game_id)["state"]["tracks"]["B"]["1"]
    assert placed["player"] == "Ann" and placed["space"] == 2
    assert not errors, errors
    context.close()


def test_a_new_route_is_declared_and_claimed_from_the_d_form(live: Any, browser: Any) -> None:
    game_id, token = new_game(live)
    to_d_resolution(live, game_id, token)
    context, page, errors = open_recording(live, browser, game_id, token)
    picker = page.locator(".pa-picker[data-type=route_claimed]")
    picker.wait_for()
    form = picker.locator("[data-form=new-route]")
    form.locator("#pa-city-0").fill("Lisbon")
    form.locator("#pa-city-1").fill("Horta")
    if form.locator("#pa-region-1").count():
        form.locator("#pa-region-1").select_option("EUROPE")
    form.locator("button[data-distance='1']").click()
    form.locator("button[data-plane=TRIMOTOR]").click()
    rights = form.locator(".pa-pick-rights")
    rights.nth(0).locator("button[data-method=destination_card]").click()
    rights.nth(1).locator("button[data-method=discard_same_region]").click()
    rights.nth(1).get_by_label("Madrid (Europe)").check()
    shoot_picker(page, picker, "game-route")
    steps = len(stored(live, game_id))
    form.locator("[data-focus-key='submit:pa-new-route']").click()
    wait_for_steps(page, steps + 1)
    event = stored(live, game_id)[-1]
    assert event["type"] == "route_claimed" and event["actor"] == "Ann"
    assert event["data"]["cities"] == ["Lisbon", "Horta"] and event["data"]["plane"] == "TRIMOTOR"
    assert event["data"]["landing_rights"] == {"Lisbon": {"method": "destination_card", "cards": ["Lisbon"]},
                                               "Horta": {"method": "discard_same_region", "cards": ["Madrid"]}}
    after = state_of(live, game_id)["state"]
    assert after["routes"]["Horta|Lisbon"]["owner"] == "Ann"
    assert after["players"]["Ann"]["destinations"] == [{"city": "Lisbon", "region": "EUROPE"}]
    assert not errors, errors
    context.close()


def test_the_server_s_refusal_shows_under_the_route_form(live: Any, browser: Any) -> None:
    """A route the player cannot claim: the engine's 422 is shown where the user is."""
    game_id, token = new_game(live)
    to_d_resolution(live, game_id, token)
    context, page, errors = open_recording(live, browser, game_id, token)
    form = page.locator(".pa-picker[data-type=route_claimed] [data-form=new-route]")
    form.wait_for()
    form.locator("#pa-city-0").fill("Lisbon")
    form.locator("#pa-city-1").fill("Tokyo")
    form.locator("button[data-distance='1']").click()
    form.locator("button[data-plane=TRIMOTOR]").click()
    rights = form.locator(".pa-pick-rights")
    rights.nth(0).locator("button[data-method=airport]").click()   # Ann has no Airport in Lisbon
    rights.nth(1).locator("button[data-method=airport]").click()
    form.locator("[data-focus-key='submit:pa-new-route']").click()
    form.locator(".result-slot .violation").wait_for()
    assert "Not recorded" in form.locator(".result-slot").inner_text()
    screenshot(page, "pan-am-game-route-refused-phone")
    assert stored(live, game_id)[-1]["type"] == "engineer_set_aside", "nothing was recorded"
    assert not errors, errors
    context.close()




# ------------------------------------- the deal, the Airport, Pan Am's path, the Event card

def test_the_deal_is_recorded_a_hand_at_a_time(phone: Any) -> None:
    """On a board: Ann's hand is in, Bob's two cards are tapped and recorded alone; a part
    half dealt is never recorded."""
    cities = ["Rome", "Tokyo", "Lima", "Bangkok", "Madrid", "Honolulu", "Miami"]
    state = {**copy.deepcopy(STATE), "phase": "SETUP",
             "display": [{"card": None, "bonus": 0} for _ in range(4)],
             "board": {"destination_cards": cities, "complete_items": ["destination_cards"]}}
    state["players"]["Ann"]["destinations"] = [{"city": "Lisbon", "region": "EUROPE"}, {"city": "Horta", "region": "EUROPE"}]
    options = {"players": ["Bob", "Cy"], "display_due": [True], "card.city": cities}
    picker = mount(phone, "cards_dealt", options, state, actor=None)
    assert "Dealt already: Ann" in picker.inner_text()
    assert picker.locator("button[data-slot^='p:Ann']").count() == 0, "Ann's cards are not asked again"
    assert picker.locator("button[data-slot='p:Bob:0']").get_attribute("aria-pressed") == "true"
    picker.locator("button[data-city=Tokyo]").click()
    picker.locator("button[data-city=Honolulu]").click()
    record = picker.locator("[data-focus-key='submit:cards_dealt']")
    assert record.inner_text() == "Record Bob’s cards"
    shoot(phone, "deal-by-hand")
    picker.locator("button[data-slot='d:0']").click()
    picker.locator("button[data-city=Rome]").click()
    record.click()
    assert recorded(phone) == [], "the display is half dealt"
    assert "display space 2" in picker.locator(".result-slot").inner_text()
    picker.locator("button[data-slot='d:0']").click()
    picker.locator(".pa-pick-clear").click()
    record.click()
    assert recorded(phone) == [{"destinations": {"Bob": [{"city": "Tokyo"}, {"city": "Honolulu"}]}}]


def to_a_resolution(live: Any, game_id: str, token: str) -> None:
    """Round 1 through the API: Ann bids $1 on an Airport, every other Engineer is set aside."""
    post(live, game_id, token, "cards_dealt", DEALT)
    post(live, game_id, token, "event_card_revealed",
         {"name": "Pan Am is founded", "stock_adjustment": {"op": "set", "value": 4}, "die_rolls": 1})
    post(live, game_id, token, "engineer_assigned", {"area": "A", "track": "1", "space": 1, "cost": 1}, "Ann")
    for _ in range(10):
        now = state_of(live, game_id)
        if now["state"]["phase"] != "ASSIGNMENT":
            break
        actor = now["expected"]["actors"][0]
        post(live, game_id, token, "engineer_set_aside", {"count": now["state"]["players"][actor]["available"]}, actor)
    assert now["expected"]["event_types"][0] == "airport_placed"


def test_an_airport_goes_on_a_city_nobody_declared_yet_from_its_picker(live: Any, browser: Any) -> None:
    game_id, token = new_game(live)
    to_a_resolution(live, game_id, token)
    context, page, errors = open_recording(live, browser, game_id, token)
    picker = page.locator(".pa-picker[data-type=airport_placed]")
    picker.wait_for()
    assert "Ann" in picker.locator(".pa-pick-status").inner_text() and "$1" in picker.locator(".pa-pick-status").inner_text()
    assert picker.locator(".pa-pick-cities button[data-city=Lisbon]").count() == 1, "the known cities, one tap each"
    new = picker.locator("[data-form=new-city]")
    assert new.locator("button[data-region]").count() == 0, "no region asked before a new city is named"
    new.locator("#pa-airport-new").fill("Reykjavik")
    new.locator("button[data-region]").first.wait_for()
    new.locator("[data-focus-key='submit:pa-airport-new']").click()
    assert "region of Reykjavik" in picker.locator(".result-slot").inner_text(), "a new city needs its region"
    new.locator("button[data-region=EUROPE]").click()
    shoot_picker(page, picker, "game-airport-new-city")
    event = record_and_wait(page, new.locator("[data-focus-key='submit:pa-airport-new']"), live, game_id)
    assert (event["type"], event["actor"], event["data"]) == ("airport_placed", "Ann", {"city": "Reykjavik", "region": "EUROPE"})
    after = state_of(live, game_id)["state"]
    assert (after["cities"]["Reykjavik"]["region"], after["cities"]["Reykjavik"]["airport"]) == ("EUROPE", "Ann")
    assert after["players"]["Ann"]["airports"] == ["Reykjavik"] and after["players"]["Ann"]["money"] == 11
    assert not errors, errors
    context.close()


def test_pan_am_expands_on_a_route_tapped_city_by_city_and_the_seldom_actions_wait_below(live: Any, browser: Any) -> None:
    """No board names the South American path's routes: its next route is two cities tapped in
    order and a distance; *path exhausted*, a Directive and the Event card's effect are under
    *Less often*, never the first thing to tap."""
    game_id, token = new_game(live)
    to_a_resolution(live, game_id, token)
    post(live, game_id, token, "airport_placed", {"city": "Lisbon"}, "Ann")
    post(live, game_id, token, "die_rolled", {"faces": ["SA"]})
    context, page, errors = open_recording(live, browser, game_id, token)
    picker = page.locator(".pa-picker[data-type=pan_am_expanded]")
    picker.wait_for()
    seldom = page.locator("#action-list .minor-actions")
    assert seldom.locator("[data-focus-key='quick:pan_am_path_exhausted']").count() == 1
    assert seldom.locator(".pa-picker[data-type=event_effect]").count() == 1, "the Event card's effect: its picker"
    assert seldom.locator("[data-type=directive_played], [data-focus-key='quick:directive_played']").count() >= 1
    assert page.locator("#action-list > .quick [data-focus-key='quick:pan_am_path_exhausted']").count() == 0
    assert picker.evaluate("el => !el.closest('.minor-actions')"), "the expansion is the main action"
    assert "South American path" in picker.locator("h3").inner_text()
    picker.locator("button[data-city=Miami]").click()
    picker.locator("button[data-city='San Juan']").click()
    assert "Miami–San Juan" in picker.locator(".pa-pick-deal-now").inner_text()
    assert picker.locator("button[data-city=Lima]").is_disabled(), "two cities make the route"
    picker.locator("[data-focus-key='submit:pan_am_expanded']").click()
    assert "distance" in picker.locator(".result-slot").inner_text(), "nobody knows the distance yet"
    picker.locator("button[data-distance='2']").click()
    shoot_picker(page, picker, "game-expansion")
    event = record_and_wait(page, picker.locator("[data-focus-key='submit:pan_am_expanded']"), live, game_id)
    assert (event["type"], event["data"]) == ("pan_am_expanded", {"path": "SA", "cities": ["Miami", "San Juan"], "distance": 2})
    route = state_of(live, game_id)["state"]["routes"]["Miami|San Juan"]
    assert (route["owner"], route["distance"]) == ("PAN_AM", 2)
    assert not errors, errors
    context.close()


def test_the_demo_s_event_card_effect_is_recorded_from_its_picker(live: Any, browser: Any) -> None:
    """Round 4 of the demo: "every airline earns $2", three taps and the record button."""
    from engines.pan_am.demo import demo_game

    demo = demo_game()
    at = next(i for i, e in enumerate(demo["events"]) if e["type"] == "event_effect")
    created = api(live, "POST", "/api/games", {"engine": "pan-am", "title": "Pan Am round 4",
                                                "players": [{"name": p} for p in demo["players"]], "options": demo["options"]})
    game_id, token = str(created["id"]), str(created["write_token"])
    for e in demo["events"][:at]:  # straight into the store: the API would rightly slow so many writes down
        live.store.append(game_id, token, AppendRequest(type=e["type"], data=e["data"], actor=e["actor"], recorded_by="demo"))
    before = {name: p["money"] for name, p in state_of(live, game_id)["state"]["players"].items()}
    context, page, errors = open_recording(live, browser, game_id, token)
    picker = page.locator("#action-list .minor-actions .pa-picker[data-type=event_effect]")
    picker.wait_for()
    assert "every airline earns $2" in picker.inner_text(), "the card's words, from the board"
    picker.locator("button[data-kind=money]").click()
    assert picker.locator("button[data-player=ALL]").count() == 1, "money may be every player's"
    picker.locator("button[data-player=ALL]").click()
    picker.locator("button[data-amount='2']").click()
    shoot_picker(page, picker, "game-event-effect")
    event = record_and_wait(page, picker.locator("[data-focus-key='submit:pa-effect']"), live, game_id)
    assert (event["type"], event["data"]) == ("event_effect", demo["events"][at]["data"])
    after = {name: p["money"] for name, p in state_of(live, game_id)["state"]["players"].items()}
    assert after == {name: money + 2 for name, money in before.items()}
    assert not errors, errors
    context.close()


def test_an_event_card_may_do_several_things_in_one_record(phone: Any) -> None:
    options = {"kind": ["money", "income", "stock", "stock_price", "die_rolls", "draw_directive", "gain_plane", "text"],
               "player": [*PLAYERS, "ALL"], "everyone": ["income", "money", "stock"], "op": ["up", "down", "set"],
               "plane": ["TRIMOTOR", "CLIPPER", "CRUISER", "JET"]}
    picker = mount(phone, "event_effect", options, {**STATE, "event_card": {"name": "Jet age", "round": 3}}, actor=None)
    assert "Jet age" in picker.locator("h3").inner_text()
    picker.locator("[data-focus-key='submit:pa-effect']").click()
    assert recorded(phone) == [] and "Tap what the card changes" in picker.locator(".result-slot").inner_text()
    picker.locator("button[data-kind=draw_directive]").click()
    assert picker.locator("button[data-player=ALL]").count() == 0, "a Directive card is drawn by one player"
    picker.locator("button[data-player=Cy]").click()
    picker.locator("button[data-count='2']").click()
    picker.locator("[data-focus-key='pa-effect-add']").click()
    assert "Cy: Draws 2 Directive cards" in picker.locator(".pa-pick-added").inner_text()
    picker.locator("button[data-kind=stock_price]").click()
    picker.locator("button[data-op=set]").click()
    picker.locator("#pa-effect-value").fill("6")
    shoot(phone, "event-effect-builder")
    picker.locator("[data-focus-key='submit:pa-effect']").click()
    assert recorded(phone) == [{"effects": [{"kind": "draw_directive", "player": "Cy", "count": 2},
                                            {"kind": "stock_price", "op": "set", "value": 6}]}]


def test_stock_is_bought_in_one_tap_on_the_number(phone: Any) -> None:
    state = {**copy.deepcopy(STATE), "phase": "STOCK", "turn": "Bob"}
    picker = mount(phone, "stock_bought", {"count": [0, 1, 2]}, state)
    assert "Bob has $12 and 0 Stock; the price is $5." in picker.locator(".pa-pick-status").inner_text()
    assert [b.inner_text().replace("\n", " ") for b in picker.locator("button[data-count]").all()] == [
        "0 pass", "1 pays $5", "2 pays $10"], "only what Bob can pay for"
    shoot(phone, "stock")
    picker.locator("button[data-count='2']").click()
    assert recorded(phone) == [{"count": 2}]


def test_the_route_the_board_names_next_on_the_path_is_one_tap(phone: Any) -> None:
    state = copy.deepcopy(STATE)
    state["routes"]["Havana|Miami"] = {"cities": ["Miami", "Havana"], "distance": 1, "owner": "Bob", "plane": "TRIMOTOR"}
    picker = mount(phone, "pan_am_expanded", {"path": ["AP"], "cities": [["Havana", "Miami"]]}, state, actor=None)
    button = picker.locator("button[data-cities='Havana|Miami']")
    assert "Havana–Miami" in button.inner_text() and "Bob sells it to Pan Am" in button.inner_text()
    assert picker.locator("button[data-city]").count() == 0, "no city to tap when the board says"
    shoot(phone, "expansion-named")
    button.click()
    assert recorded(phone) == [{"path": "AP", "cities": ["Havana", "Miami"]}]
