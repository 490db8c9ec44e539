"""Air Alliance on the recording page: the plugin's pickers (static/js/record/engines/air-alliance.js).

The pickers show only what the engine offers (engines/air_alliance/offers.py): each slot's
visible Flight icons with the flights or switches each allows now (the exact marker data),
the cards that may be reserved, the cards this turn's flights carry, the legal Alliances.
A bare slot whose icons nobody declared asks for them and sends them as ``pass_icons``.

Under the Kobe Rules the engine offers more: a marker that flushes the Boarding Pass (2) or
waits for a cancellation (4), cards held off the board to gain (3), the waiting players'
claims after another player's PHASE 1 (4), and after PHASE 3 the extra marker and the cards
it gains placed (6).

One test plays a real turn on the recording page (the set-up's events through the API, then
a flight, a passenger and a reservation tapped through the page, and what the store kept
read back through the API), and one a Kobe Rules picker each the same way, from a game
brought to its moment through the API; the others mount a picker alone on a real engine
state, with the engine's options or with options changed to show the page follows them and
not rules of its own.  The cards, airports' codes and icons are made up for the tests.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import engines
from engines.base import Event
from tests.browser.recording import (
    Pickers,
    api,
    open_recording,
    record_and_wait,
    refusals,
    shoot,
    state_of,
    stored,
    wait_for_shown_step,
)
from tests.engines.scenario import legal

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bo"]  # red, yellow
PICKERS = Pickers("air-alliance", "aa-picker", PLAYERS)
mount = PICKERS.mount
PRIORITY = {"type": "PRIORITY"}


def card(card_id: str, dep: str, arr: str, miles: int = 3000, name: str | None = None) -> dict[str, Any]:
    return {"id": card_id, "name": name or f"Passenger {card_id}", "dep": dep, "arr": arr, "miles": miles, "cls": "ECONOMY",
            "icons": [{"type": "AREA", "areas": "ALL"}, PRIORITY, {"type": "CODESHARE", "colours": ["black"]}], "trio": None}


CARDS = [card("P1", "A1", "E2"), card("P2", "E2", "M3"), card("P3", "A1", "M3", 9000),
         card("P4", "U3", "U2", 4000), card("P5", "U3", "U2"), card("P6", "U3", "U2")]
# Ann's Boarding Pass as printed (made up): an AE Area Landing Permit on slot 1, an EM
# permit and a Priority Takeoff on slot 2, a black Code Sharing on slot 3.
RED_PASS = [[{"type": "AREA", "areas": "AE"}], [{"type": "AREA", "areas": "EM"}, PRIORITY],
            [{"type": "CODESHARE", "colours": ["black"]}]]
SETUP: list[tuple[str, dict[str, Any]]] = [
    ("planes_placed", {"player": "Ann", "airports": ["A1", "A2", "E1", "U1"]}),
    ("planes_placed", {"player": "Bo", "airports": ["A3", "E3", "M1", "U2"]}),
    *[("card_revealed", {"card": c}) for c in CARDS],
]


def air_alliance() -> Any:
    return engines.find("air-alliance")


def create_game(live: Any, events: list[tuple[str, dict[str, Any]]], players: list[str] = PLAYERS,
                options: dict[str, Any] | None = None) -> tuple[str, str]:
    """A new Air Alliance game with `events` recorded through the API, each without a flag."""
    air_alliance()
    created = api(live, "POST", "/api/games", {"engine": "air-alliance", "title": "Air Alliance at the table",
                                                "players": [{"name": p} for p in players], "options": options or {}})
    game_id, token = str(created["id"]), str(created["write_token"])
    for type_, data in events:
        answer = api(live, "POST", f"/api/games/{game_id}/events", {"type": type_, "data": data}, token)
        assert not answer.get("flags"), (type_, data, answer["flags"])
    return game_id, token


def new_game(live: Any, *more: tuple[str, dict[str, Any]]) -> tuple[str, str]:
    """An Air Alliance game at the start of Ann's first turn."""
    game_id, token = create_game(live, [*SETUP, *more])
    now = state_of(live, game_id)
    assert now["state"]["phase"] == "TURNS" and now["expected"]["actors"] == ["Ann"]
    return game_id, token


# ---------------------------------------------------------- a real turn, tapped

def test_a_turn_is_recorded_a_flight_by_an_icon_a_passenger_and_a_reservation(live: Any, browser: Any) -> None:
    game_id, token = new_game(live, ("board_declared", {"passes": {"red": RED_PASS}}))
    context, page, errors = open_recording(live, browser, game_id, token)
    marker = page.locator(".aa-picker[data-type=marker_placed]")
    marker.wait_for()

    # The three slots and their visible icons, as the engine offers them.
    offered = state_of(live, game_id)["expected"]["options"]["marker_placed"]
    assert [m["slot"] for m in offered["markers"]] == [0, 1, 2]
    assert marker.locator(".aa-pick-slot").evaluate_all("ss => ss.map(s => s.dataset.slot)") == ["0", "1", "2"]
    icons = marker.locator("button.aa-pick-icon")
    assert icons.evaluate_all("bs => bs.map(b => b.dataset.slot + ':' + b.dataset.icon)") == ["0:0", "1:0", "1:1", "2:0"]
    assert "Area Landing Permit: A, E" in icons.nth(0).inner_text()
    assert f"{len(offered['markers'][0]['actions'][0])} flights" in icons.nth(0).inner_text()
    # No two different planes share an airport yet: Priority Takeoff allows nothing.
    assert offered["markers"][1]["actions"][1] == []
    assert marker.locator("button[data-slot='1'][data-icon='1']").is_disabled()
    assert "nothing legal now" in marker.locator("button[data-slot='1'][data-icon='1']").inner_text()

    # Tap the AE permit: its flights, by plane, each a destination the engine allows.
    marker.locator("button[data-slot='0'][data-icon='0']").click()
    flights = marker.locator("button.aa-pick-action")
    shown = flights.evaluate_all("bs => bs.map(b => [b.dataset.colour, b.dataset.from, b.dataset.to])")
    assert sorted(map(tuple, shown)) == sorted((a["fly"]["colour"], a["fly"]["from"], a["fly"]["to"])
                                               for a in offered["markers"][0]["actions"][0])
    assert marker.locator(".aa-pick-plane[data-group='red@A1'] .aa-pick-plane-name").inner_text() == "Red plane at A1"
    marker.locator(".aa-pick-plane[data-group='red@A1'] button[data-to='E2']").click()
    shoot("air-alliance", marker, "marker")
    record = marker.locator(".aa-pick-record")
    assert record.inner_text() == "Fly the red plane A1 → E2"
    event = record_and_wait(page, record, live, game_id)
    assert event["type"] == "marker_placed" and event["actor"] == "Ann"
    assert event["data"] == {"slot": 0, "icon": 0, "fly": {"colour": "red", "from": "A1", "to": "E2"}}
    now = state_of(live, game_id)
    assert now["state"]["airports"]["E2"] == ["red"] and now["state"]["turn"]["slots_used"] == [0]

    # The passenger the flight carries: P1 (A1 → E2), with its route and miles.
    assert now["expected"]["options"]["passenger_gained"] == {"card": ["P1"]}
    gain = page.locator(".aa-picker[data-type=passenger_gained]")
    assert gain.locator("button.aa-pick-card").evaluate_all("bs => bs.map(b => b.dataset.card)") == ["P1"]
    assert "A1 → E2 · 3,000 miles" in gain.locator("button[data-card='P1']").inner_text()
    assert "A1 → E2" in gain.locator(".pa-pick-status").inner_text()
    gain.locator("button[data-card='P1']").click()
    shoot("air-alliance", gain, "gain")
    event = record_and_wait(page, gain.locator(".aa-pick-record"), live, game_id)
    assert event["type"] == "passenger_gained" and event["data"] == {"card": "P1"}
    assert state_of(live, game_id)["state"]["turn"]["gained"] == ["P1"]

    # The used slot is gone; reserve P4 (U3 → U2, 4,000 miles) from the reserve section.
    assert marker.locator(".aa-pick-slot").evaluate_all("ss => ss.map(s => s.dataset.slot)") == ["1", "2"]
    reserve = marker.locator(".aa-pick-reserve button")
    assert reserve.evaluate_all("bs => bs.map(b => b.dataset.card)") == \
        state_of(live, game_id)["expected"]["options"]["marker_placed"]["reserve"]
    assert "U3 → U2 · 4,000 miles" in marker.locator(".aa-pick-reserve button[data-card='P4']").inner_text()
    marker.locator(".aa-pick-reserve button[data-card='P4']").click()
    assert marker.locator(".aa-pick-record").inner_text() == "Reserve P4"
    event = record_and_wait(page, marker.locator(".aa-pick-record"), live, game_id)
    assert event["data"] == {"reserve": "P4"}
    now = state_of(live, game_id)["state"]
    assert now["reserved"] == {"P4": "Ann"} and now["turn"]["markers"] == 2 and now["turn"]["gained"] == ["P1"]
    assert [e["type"] for e in stored(live, game_id)][-3:] == ["marker_placed", "passenger_gained", "marker_placed"]
    assert not errors, errors
    context.close()


# ------------------------------------------------- a picker alone, on a real state

def after_setup(*more: Event, cards: list[dict[str, Any]] = CARDS) -> tuple[Any, Any]:
    """The engine and its state after the set-up and `more` events (each legal)."""
    engine = air_alliance()
    state = engine.setup(PLAYERS, {})
    events = [Event("planes_placed", SETUP[0][1]), Event("planes_placed", SETUP[1][1]),
              *[Event("card_revealed", {"card": c}) for c in cards], *more]
    return engine, legal(engine, state, *events)


def test_a_bare_slot_asks_for_its_icons_and_sends_them_with_the_marker(phone: Any) -> None:
    engine, state = after_setup()
    assert all(m["icons"] is None for m in engine.expected(state)["options"]["marker_placed"]["markers"])
    picker = mount(phone, engine, state, "marker_placed")
    assert picker.locator("button.aa-pick-icon").count() == 0
    assert picker.locator("button.aa-pick-bare-btn").evaluate_all("bs => bs.map(b => b.dataset.slot)") == ["0", "1", "2"]
    picker.locator("button.aa-pick-bare-btn[data-slot='1']").click()
    picker.locator("#aa-bare-areas-0").select_option("AE")
    picker.locator("#aa-bare-from").select_option("A1")
    picker.locator("#aa-bare-to").select_option("E2")
    assert picker.locator("#aa-bare-colour").input_value() == "red", "the player's own plane first"
    picker.locator(".aa-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == {"slot": 1, "icon": 0, "pass_icons": [{"type": "AREA", "areas": "AE"}],
                    "fly": {"colour": "red", "from": "A1", "to": "E2"}}
    assert refusals(engine, state, "marker_placed", data, "Ann") == []

    # Two icons, the marker on the second (a black/white Code Sharing): a black NPA flies.
    picker.locator("button[data-focus-key='aa-bare-add']").click()
    picker.locator("#aa-bare-type-1").select_option("CODESHARE")
    picker.locator("[data-icon='1'] button[data-npa='black']").click()
    picker.locator("[data-icon='1'] button[data-npa='white']").click()
    picker.locator("button[data-use='1']").click()
    picker.locator("#aa-bare-colour").select_option("black")
    picker.locator("#aa-bare-from").select_option("M4")
    picker.locator("#aa-bare-to").select_option("M2")
    shoot("air-alliance", picker, "bare")
    picker.locator(".aa-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == {"slot": 1, "icon": 1, "pass_icons": [{"type": "AREA", "areas": "AE"},
                                                         {"type": "CODESHARE", "colours": ["black", "white"]}],
                    "fly": {"colour": "black", "from": "M4", "to": "M2"}}
    assert refusals(engine, state, "marker_placed", data, "Ann") == []

    # A Code Sharing icon with no colour is refused before it is sent.
    picker.locator("[data-icon='1'] button[data-npa='black']").click()
    picker.locator("[data-icon='1'] button[data-npa='white']").click()
    picker.locator(".aa-pick-record").click()
    assert len(phone.evaluate("window.recorded")) == 2
    assert "one or two NPA colours" in picker.locator(".result-slot").inner_text()


def test_the_marker_picker_follows_the_engine_s_offers_not_rules_of_its_own(phone: Any) -> None:
    engine, state = after_setup(Event("board_declared", {"passes": {"red": RED_PASS}}))
    # Stand two different planes at A1 so Priority Takeoff has switches to offer.
    state = copy.deepcopy(state)
    state["airports"]["A1"] = ["red", "yellow"]
    state["airports"]["A3"] = []
    real = engine.expected(state)["options"]["marker_placed"]
    switches = real["markers"][1]["actions"][1]
    assert switches == [{"slot": 1, "icon": 1, "swap": {"airport": "A1", "places": [0, 1]}}]
    picker = mount(phone, engine, state, "marker_placed")
    picker.locator("button[data-slot='1'][data-icon='1']").click()
    switch = picker.locator("button.aa-pick-action")
    assert switch.count() == 1 and "Red ↔ Yellow" in switch.inner_text()
    assert picker.locator(".aa-pick-record").inner_text() == "Switch places 1 and 2 at A1", "a lone action is chosen"
    picker.locator(".aa-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == switches[0] and refusals(engine, state, "marker_placed", data, "Ann") == []

    # Options cut down by hand: one slot, one flight the engine would not offer, one card.
    odd = {"slot": 2, "icon": 0, "fly": {"colour": "white", "from": "A4", "to": "U3"}}
    options = {"markers": [{"slot": 2, "icons": RED_PASS[2], "actions": [[odd]]}], "reserve": ["P6"]}
    picker = mount(phone, engine, state, "marker_placed", options)
    assert picker.locator(".aa-pick-slot").evaluate_all("ss => ss.map(s => s.dataset.slot)") == ["2"]
    assert picker.locator(".aa-pick-reserve button").evaluate_all("bs => bs.map(b => b.dataset.card)") == ["P6"]
    picker.locator("button[data-slot='2'][data-icon='0']").click()
    assert picker.locator("button.aa-pick-action").evaluate_all("bs => bs.map(b => b.dataset.to)") == ["U3"]
    picker.locator(".aa-pick-record").click()
    assert phone.evaluate("window.recorded")[-1] == odd, "the page sends what the offers say, and judges nothing"
    assert refusals(engine, state, "marker_placed", odd, "Ann") != [], "(the engine refuses it: the page did not judge)"

    # Nothing offered at all: the generic form.
    shown = PICKERS.show(phone, "marker_placed", {"markers": [], "reserve": []}, state, "Ann")
    assert shown is False and phone.locator("#host").inner_text() == "generic form"


def test_the_gain_picker_lists_the_carried_cards_as_text(phone: Any) -> None:
    hostile = card("P2", "E2", "M3", 5000, name="<img src=x onerror=alert(1)>")
    cards = [CARDS[0], hostile, *CARDS[2:]]
    engine, state = after_setup(Event("board_declared", {"passes": {"red": RED_PASS}}),
                                Event("marker_placed", {"slot": 0, "icon": 0, "fly": {"colour": "red", "from": "A1", "to": "E2"}}),
                                Event("marker_placed", {"slot": 1, "icon": 0, "fly": {"colour": "red", "from": "E2", "to": "M3"}}),
                                cards=cards)
    offered = engine.expected(state)["options"]["passenger_gained"]["card"]
    assert offered == ["P1", "P2", "P3"]
    picker = mount(phone, engine, state, "passenger_gained")
    assert picker.locator("button.aa-pick-card").evaluate_all("bs => bs.map(b => b.dataset.card)") == offered
    assert picker.locator("img").count() == 0
    assert "<img src=x onerror=alert(1)>" in picker.locator("button[data-card='P2']").inner_text()
    assert "A1 → M3 · 9,000 miles · Economy" in picker.locator("button[data-card='P3']").inner_text()
    picker.locator("button[data-card='P3']").click()
    picker.locator(".aa-pick-record").click()
    assert phone.evaluate("window.recorded")[-1] == {"card": "P3"}

    # The page lists what the offers list, no more: one card offered, one button, chosen already.
    picker = mount(phone, engine, state, "passenger_gained", {"card": ["P2"]})
    assert picker.locator("button.aa-pick-card").evaluate_all("bs => bs.map(b => b.dataset.card)") == ["P2"]
    picker.locator(".aa-pick-record").click()
    assert phone.evaluate("window.recorded")[-1] == {"card": "P2"}
    picker = mount(phone, engine, state, "passenger_gained", {"card": []})
    assert picker.locator("button.aa-pick-card").count() == 0 and picker.locator(".aa-pick-record").count() == 0


def test_the_alliance_picker_offers_the_legal_choices(phone: Any) -> None:
    engine, state = after_setup(Event("board_declared", {"passes": {"red": [
        [{"type": "CODESHARE", "colours": ["black"]}], [{"type": "CODESHARE", "colours": ["black", "white"]}],
        [{"type": "CODESHARE", "colours": ["purple", "black"]}]]}}))
    state = copy.deepcopy(state)
    state["alliances"] = [["yellow", "black"], [], [], []]
    choices = engine.expected(state)["options"]["alliance_formed"]["choices"]
    assert choices and {c["npa"] for c in choices} == {"black"}
    picker = mount(phone, engine, state, "alliance_formed")
    shown = picker.locator("button.aa-pick-alliance").evaluate_all("bs => bs.map(b => [b.dataset.npa, Number(b.dataset.area)])")
    assert sorted(map(tuple, shown)) == sorted((c["npa"], c["area"]) for c in choices)
    assert "Yellow, Black" in picker.locator("button.aa-pick-alliance[data-area='0']").inner_text()
    picker.locator("button.aa-pick-alliance[data-area='0']").click()
    shoot("air-alliance", picker, "alliance")
    picker.locator(".aa-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == {"npa": "black", "area": 0} and refusals(engine, state, "alliance_formed", data, "Ann") == []

    picker = mount(phone, engine, state, "alliance_formed", {"npa": [], "area": [], "choices": [{"npa": "white", "area": 3}]})
    assert picker.locator("button.aa-pick-alliance").evaluate_all("bs => bs.map(b => b.dataset.npa + b.dataset.area)") == ["white3"]
    picker = mount(phone, engine, state, "alliance_formed", {"npa": [], "area": [], "choices": []})
    assert picker.locator("button.aa-pick-alliance").count() == 0
    assert "no Alliance" in picker.inner_text()


# ------------------------------------------------- the Kobe Rules, tapped

# The Kobe Rules (2), (3), (4) and (6); (5) lets a turn end with markers unplaced, so a game
# reaches the moment a test needs in few events.
KOBE = {"kobe_flush": True, "kobe_reserve_offboard": True, "kobe_wait_cancellation": True, "kobe_extra_marker": True,
        "kobe_markers_optional": True}
CY_PLANES = ("planes_placed", {"player": "Cy", "airports": ["M2", "M3", "U3", "E2"]})  # a third player, green
BOARD = ("board_declared", {"passes": {"red": RED_PASS}})


def revealed(card_id: str, dep: str = "E1", arr: str = "E3") -> tuple[str, dict[str, Any]]:
    """A new card turns up (by default on a route nobody flies in these tests)."""
    return ("card_revealed", {"card": card(card_id, dep, arr)})


def red_flight(slot: int, start: str, end: str) -> tuple[str, dict[str, Any]]:
    """A marker on the slot's first icon (an Area Landing Permit) flies Ann's red plane."""
    return ("marker_placed", {"slot": slot, "icon": 0, "fly": {"colour": "red", "from": start, "to": end}})


def placed(placements: dict[str, int]) -> tuple[str, dict[str, Any]]:
    return ("boarding_pass_updated", {"placements": placements})


def kobe_game(live: Any, *events: tuple[str, dict[str, Any]], players: list[str] = PLAYERS) -> tuple[str, str]:
    """A game under the Kobe Rules, set up (Ann's pass declared), then `events`."""
    setup = [*SETUP[:2], *([CY_PLANES] if "Cy" in players else []), *SETUP[2:], BOARD]
    return create_game(live, [*setup, *events], players, KOBE)


def test_a_marker_waits_for_a_cancellation_then_one_flushes_the_pass(live: Any, browser: Any) -> None:
    # Ann's first turn puts P1 on her pass; Bo's turn passes; Ann's second turn begins.
    game_id, token = kobe_game(live, red_flight(0, "A1", "E2"), ("passenger_gained", {"card": "P1"}), revealed("P7"),
                               ("phase1_ended", {}), revealed("P8"), placed({"P1": 0}),
                               ("phase1_ended", {}), revealed("P9"), placed({}))
    offered = state_of(live, game_id)["expected"]["options"]["marker_placed"]
    assert offered["wait"] == [True] and offered["flush"] == [True] and offered["reserve"]
    context, page, errors = open_recording(live, browser, game_id, token)
    marker = page.locator(".aa-picker[data-type=marker_placed]")
    marker.wait_for()

    # "Wait for a cancellation" beside the cards to reserve, which stay the engine's list.
    assert "wait for a cancellation" in marker.locator(".pa-pick-group", has=page.locator(".aa-pick-wait")).inner_text()
    assert marker.locator(".aa-pick-reserve button").evaluate_all("bs => bs.map(b => b.dataset.card)") == offered["reserve"]
    marker.locator("button[data-use=wait]").click()
    assert marker.locator("button[data-use=wait]").get_attribute("aria-pressed") == "true"
    shoot("air-alliance", marker, "wait")
    record = marker.locator(".aa-pick-record")
    assert record.inner_text() == "Wait for a cancellation"
    event = record_and_wait(page, record, live, game_id)
    assert (event["type"], event["actor"], event["data"]) == ("marker_placed", "Ann", {"wait": True})
    now = state_of(live, game_id)
    assert now["state"]["players"]["Ann"]["waiting"] is True
    # Reserve or wait, once a turn: the engine offers neither now, and the page shows neither.
    offered = now["expected"]["options"]["marker_placed"]
    assert offered["wait"] == [] and offered["reserve"] == []
    assert marker.locator(".aa-pick-wait, .aa-pick-reserve").count() == 0

    # Flush: P1 leaves the pass for the cards set aside.
    assert "1 card set aside" in marker.locator("button[data-use=flush]").inner_text()
    marker.locator("button[data-use=flush]").click()
    assert marker.locator(".aa-pick-record").inner_text() == "Flush the Boarding Pass"
    event = record_and_wait(page, marker.locator(".aa-pick-record"), live, game_id)
    assert (event["type"], event["actor"], event["data"]) == ("marker_placed", "Ann", {"flush": True})
    ann = state_of(live, game_id)["state"]["players"]["Ann"]
    assert ann["slots"] == [[], [], []] and ann["set_aside"] == ["P1"]
    assert [e["data"] for e in stored(live, game_id)][-2:] == [{"wait": True}, {"flush": True}]
    assert not errors, errors
    context.close()


def test_the_waiting_players_claim_a_cancellation_each_or_not(live: Any, browser: Any) -> None:
    # Ann waits in her turn, Bo in his (Ann claims nothing after his PHASE 1); Cy ends PHASE 1.
    players = ["Ann", "Bo", "Cy"]
    game_id, token = kobe_game(live, ("marker_placed", {"wait": True}), ("phase1_ended", {}), revealed("P7"), placed({}),
                               ("marker_placed", {"wait": True}), ("phase1_ended", {}),
                               ("cancellations_claimed", {"claims": {}}), revealed("P8"), placed({}),
                               ("phase1_ended", {}), players=players)
    now = state_of(live, game_id)
    assert now["expected"]["event_types"] == ["cancellations_claimed"]
    claims = {c["player"]: c["cards"] for c in now["expected"]["options"]["cancellations_claimed"]["claims"]}
    assert list(claims) == ["Ann", "Bo"] and "P4" in claims["Ann"] and "P5" in claims["Bo"]
    context, page, errors = open_recording(live, browser, game_id, token)
    picker = page.locator(".aa-picker[data-type=cancellations_claimed]")
    picker.wait_for()

    # A row per waiting player: the engine's cards for them, then No claim (chosen at first).
    assert picker.locator(".aa-pick-claim").evaluate_all("rs => rs.map(r => r.dataset.player)") == ["Ann", "Bo"]
    for player in ("Ann", "Bo"):
        row = picker.locator(f".aa-pick-claim[data-player={player}]")
        assert row.locator("button.aa-pick-card").evaluate_all("bs => bs.map(b => b.dataset.card)") == claims[player]
        assert row.locator("button.aa-pick-no-claim").get_attribute("aria-pressed") == "true"
    assert "U3 → U2 · 4,000 miles" in picker.locator("button[data-player=Ann][data-card=P4]").inner_text()
    assert picker.locator(".aa-pick-record").inner_text() == "Record: nobody claims"

    # Ann claims P4; Bo taps P5, then thinks better of it.
    picker.locator("button[data-player=Ann][data-card=P4]").click()
    picker.locator("button[data-player=Bo][data-card=P5]").click()
    picker.locator("button[data-player=Bo][data-none]").click()
    assert picker.locator("button[data-player=Bo][data-card=P5]").get_attribute("aria-pressed") == "false"
    shoot("air-alliance", picker, "claims")
    record = picker.locator(".aa-pick-record")
    assert record.inner_text() == "Record 1 claim"
    event = record_and_wait(page, record, live, game_id)
    # A table event: the page names the first expected actor, the player whose turn it is.
    assert (event["type"], event["actor"], event["data"]) == ("cancellations_claimed", "Cy", {"claims": {"Ann": "P4"}})
    now = state_of(live, game_id)["state"]
    assert now["offboard"] == {"P4": "Ann"} and now["players"]["Ann"]["reservation"] == "P4"
    assert now["players"]["Ann"]["waiting"] is False and now["players"]["Bo"]["waiting"] is True
    assert not errors, errors
    context.close()


def test_the_extra_marker_flies_and_only_its_card_is_placed(live: Any, browser: Any) -> None:
    # Ann's flights A1 → E2 → M3 carry P1, P2 and P3; the row is refilled, PHASE 2 played.
    game_id, token = kobe_game(live, red_flight(0, "A1", "E2"), red_flight(1, "E2", "M3"),
                               *[("passenger_gained", {"card": c}) for c in ("P1", "P2", "P3")],
                               revealed("P7", "U1", "U2"), revealed("P8"), revealed("P9"), ("phase1_ended", {}),
                               revealed("P10"))
    context, page, errors = open_recording(live, browser, game_id, token)
    placement = page.locator(".aa-picker[data-type=boarding_pass_updated]")
    placement.wait_for()

    # PHASE 3: the three cards, each on a slot of its own.
    assert placement.locator(".aa-pick-place").evaluate_all("rs => rs.map(r => r.dataset.card)") == ["P1", "P2", "P3"]
    for slot, card_id in enumerate(["P1", "P2", "P3"]):
        placement.locator(f"button[data-card={card_id}][data-slot='{slot}']").click()
    event = record_and_wait(page, placement.locator(".aa-pick-record"), live, game_id)
    assert (event["type"], event["data"]) == ("boarding_pass_updated", {"placements": {"P1": 0, "P2": 1, "P3": 2}})
    now = state_of(live, game_id)
    assert now["state"]["turn"]["phase"] == 4 and "marker_placed" in now["expected"]["event_types"]

    # The extra marker, said so; the placement picker would end the turn without it.
    marker = page.locator(".aa-picker[data-type=marker_placed]")
    assert marker.locator("#picker-title-marker_placed").inner_text() == "Extra marker placed"
    assert "extra marker (Kobe Rules (6))" in marker.locator(".pa-pick-status").inner_text()
    assert placement.locator(".aa-pick-place").count() == 0
    assert placement.locator(".aa-pick-record").inner_text() == "End the turn without the extra marker"
    # P1's face now shows on slot 1: its all-areas permit flies the red plane at U1 to U2.
    marker.locator("button[data-slot='0'][data-icon='0']").click()
    marker.locator(".aa-pick-plane[data-group='red@U1'] button[data-to='U2']").click()
    assert marker.locator(".aa-pick-record").inner_text() == "Fly the red plane U1 → U2"
    event = record_and_wait(page, marker.locator(".aa-pick-record"), live, game_id)
    assert (event["type"], event["data"]) == ("marker_placed", red_flight(0, "U1", "U2")[1])
    assert state_of(live, game_id)["state"]["turn"]["extra_markers"] == 1

    gain = page.locator(".aa-picker[data-type=passenger_gained]")
    assert gain.locator("button.aa-pick-card").evaluate_all("bs => bs.map(b => b.dataset.card)") == ["P7"]
    event = record_and_wait(page, gain.locator(".aa-pick-record"), live, game_id)
    assert (event["type"], event["data"]) == ("passenger_gained", {"card": "P7"})
    # The row refilled (through the API: the generic form's part).
    type_, data = revealed("P11")
    answer = api(live, "POST", f"/api/games/{game_id}/events", {"type": type_, "data": data}, token)
    assert not answer.get("flags")
    wait_for_shown_step(page, state_of(live, game_id)["step"])

    # Only P7 is asked about: P1, P2 and P3 were placed at PHASE 3.
    title = placement.locator("#picker-title-boarding_pass_updated").inner_text()
    assert title == "Boarding Pass updated: the extra marker’s cards"
    assert placement.locator(".aa-pick-place").evaluate_all("rs => rs.map(r => r.dataset.card)") == ["P7"]
    assert "on P1" in placement.locator("button[data-card=P7][data-slot='0']").inner_text()
    placement.locator("button[data-card=P7][data-slot='0']").click()
    shoot("air-alliance", placement, "extra-placement")
    record = placement.locator(".aa-pick-record")
    assert record.inner_text() == "Place P7 on slot 1"
    event = record_and_wait(page, record, live, game_id)
    assert (event["type"], event["actor"], event["data"]) == ("boarding_pass_updated", "Ann", {"placements": {"P7": 0}})
    now = state_of(live, game_id)["state"]
    assert now["players"]["Ann"]["slots"] == [["P1", "P7"], ["P2"], ["P3"]]
    assert now["turn"]["player"] == "Bo", "no extra turn under the Kobe Rules (6)"
    assert not errors, errors
    context.close()


def test_a_reserved_card_off_the_board_is_offered_to_gain(live: Any, browser: Any) -> None:
    # Ann reserves P1 (it leaves the row); Bo's turn passes; Ann's second turn flies A1 → E2.
    game_id, token = kobe_game(live, ("marker_placed", {"reserve": "P1"}), revealed("P7"), ("phase1_ended", {}),
                               revealed("P8"), placed({}), ("phase1_ended", {}), revealed("P9"), placed({}),
                               red_flight(0, "A1", "E2"))
    now = state_of(live, game_id)
    assert now["state"]["offboard"] == {"P1": None} and "P1" not in now["state"]["row"]
    assert now["expected"]["options"]["passenger_gained"] == {"card": ["P1"]}
    context, page, errors = open_recording(live, browser, game_id, token)
    gain = page.locator(".aa-picker[data-type=passenger_gained]")
    gain.wait_for()

    card_button = gain.locator("button[data-card=P1]")
    assert gain.locator("button.aa-pick-card").count() == 1 and card_button.get_attribute("data-offboard") == "true"
    assert "A1 → E2 · 3,000 miles · Economy · off the board" in card_button.inner_text()
    shoot("air-alliance", gain, "gain-offboard")
    event = record_and_wait(page, gain.locator(".aa-pick-record"), live, game_id)
    assert (event["type"], event["actor"], event["data"]) == ("passenger_gained", "Ann", {"card": "P1"})
    now = state_of(live, game_id)["state"]
    assert now["offboard"] == {} and now["turn"]["gained"] == ["P1"]
    assert not errors, errors
    context.close()


# ---------------------------------------------------------- the board's facts, from a saved board

def test_board_facts_are_declared_from_a_saved_board_in_two_taps(live: Any, browser: Any) -> None:
    """A game started without a saved board: the picker lists the saved boards and declares
    the chosen one's V airports, special airports and Boarding Passes (never an empty
    declaration); its cards stay the board's own business."""
    facts = {"landable": {"A5": ["white"]}, "special": {"red": "M2"}, "passes": {"red": RED_PASS}}
    saved = api(live, "POST", "/api/boards", {"engine": "air-alliance", "name": "Our box",
                                             "data": {**facts, "cards": [CARDS[0]]}})
    game_id, token = create_game(live, [])
    assert "board_declared" in state_of(live, game_id)["expected"]["event_types"]
    context, page, errors = open_recording(live, browser, game_id, token)
    picker = page.locator(".aa-picker[data-type=board_declared]")
    picker.locator(f"[data-board='{saved['id']}']").click()
    shoot("aa", picker, "board-declared")
    event = record_and_wait(page, picker.locator("button.aa-pick-record"), live, game_id)
    assert (event["type"], event["data"], event["flags"]) == ("board_declared", facts, [])
    assert errors == []
    context.close()


def test_on_a_saved_board_holding_every_fact_they_are_declared_in_one_tap_among_the_seldom_actions(
        live: Any, browser: Any) -> None:
    """A game on a saved board that holds every fact board_declared declares: nothing is asked
    for, but a table reading them out records them with one tap, as the board has them."""
    facts = {"landable": {f"{area}{n}": ["ALL"] for area in "AEMU" for n in (4, 5, 6)},
             "special": {"red": "M2", "yellow": "E3"}, "passes": {"red": RED_PASS, "yellow": RED_PASS}}
    saved = api(live, "POST", "/api/boards", {"engine": "air-alliance", "name": "Our whole box",
                                             "data": {**facts, "cards": CARDS}})
    created = api(live, "POST", "/api/games", {"engine": "air-alliance", "title": "On our box", "board": saved["id"],
                                                "players": [{"name": p} for p in PLAYERS], "options": {}})
    game_id, token = str(created["id"]), str(created["write_token"])
    assert state_of(live, game_id)["expected"]["minor"] == ["board_declared"]
    context, page, errors = open_recording(live, browser, game_id, token)
    picker = page.locator(".minor-actions .aa-picker[data-type=board_declared]")
    assert "12 V airports’ colours, 2 special airports, 2 Boarding Passes" in picker.locator(".pa-pick-status").inner_text()
    # No saved board to choose: the game's own is the one.
    assert picker.locator("[data-board]").count() == 0
    shoot("aa", picker, "board-declared-on-a-board")
    event = record_and_wait(page, picker.locator("button.aa-pick-record"), live, game_id)
    assert (event["type"], event["data"], event["flags"]) == ("board_declared", facts, [])
    assert "board_declared" not in state_of(live, game_id)["expected"]["event_types"][:2]
    assert errors == []
    context.close()


def test_phase_1_ends_by_one_tap_and_says_the_rule_while_a_marker_is_left(phone: Any) -> None:
    flights = [Event("marker_placed", {"slot": 0, "icon": 0, "fly": {"colour": "red", "from": "A1", "to": "E2"}}),
               Event("marker_placed", {"slot": 1, "icon": 0, "fly": {"colour": "red", "from": "E2", "to": "M3"}}),
               Event("marker_placed", {"slot": 2, "icon": 0, "fly": {"colour": "black", "from": "M4", "to": "A1"}})]
    engine, state = after_setup(Event("board_declared", {"passes": {"red": RED_PASS}}), flights[0])
    offered = engine.expected(state)["options"]["phase1_ended"]
    assert offered["ready"] == [] and offered["refused_choices"]["ready"][0]["code"] == "AA-C07"
    picker = mount(phone, engine, state, "phase1_ended")
    assert "Ann has placed 1 of 3 markers" in picker.locator(".pa-pick-status").inner_text()
    assert picker.locator(".aa-pick-refused").get_attribute("data-code") == "AA-C07"
    button = picker.locator(".aa-pick-record")
    assert button.inner_text() == "End PHASE 1 anyway" and "secondary" in (button.get_attribute("class") or "")
    shoot("air-alliance", picker, "phase1-refused")

    engine, state = after_setup(Event("board_declared", {"passes": {"red": RED_PASS}}), *flights)
    assert engine.expected(state)["options"]["phase1_ended"] == {"ready": [True]}
    picker = mount(phone, engine, state, "phase1_ended")
    assert picker.locator(".aa-pick-refused").count() == 0
    assert picker.locator(".aa-pick-record").inner_text() == "End PHASE 1"
    picker.locator(".aa-pick-record").click()
    assert phone.evaluate("window.recorded") == [{}]
    assert refusals(engine, state, "phase1_ended", {}, "Ann") == []
    shoot("air-alliance", picker, "phase1")
