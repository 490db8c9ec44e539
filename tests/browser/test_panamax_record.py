"""Panamax on the recording page: the plugin's pickers (static/js/record/engines/panamax.js).

What the generic form did with Panamax's one-of fields, seen on the real page before the
plugin: an Action die's ``from`` showed Column and Executive as two optional rows, so a
tap on both (or on neither) was sent and refused with a 400 ("Name either a column or an
Executive space"); a load's ``target`` the same with Ship and Rail; a load's contract and
container were bare indexes ("0", "1") without the cargo's value; and ``ship_moved`` was
broken: ``ships`` is a list, and the form sent one ship's name as a string (400 "Not a
valid list").  The pickers build exactly one source and one target, show the Action
table, the company's containers and the ships, and send ``ships`` as a list.

Most tests play a real game on the recording page: the set-up's events through the API,
then a turn tapped through the page, and what the store kept read back through the API.
Two mount a picker alone on a real engine state (changed where the set-up cannot reach
quickly) and ask the engine whether the data it would record is legal.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import engines
from engines.base import Event
from tests.browser.recording import Pickers, api, open_recording, record_and_wait, refusals, shoot, state_of, stored
from tests.engines.scenario import legal

pytestmark = pytest.mark.browser

PLAYERS = ["Amelia", "Bruno", "Chen"]  # red, green, yellow, in turn order
mount = Pickers("panamax", "px-picker", PLAYERS).mount


def card(card_id: str, nation: str, values: list[int], rail: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"id": card_id, "front": {"nation": nation, "containers": [{"value": v, "rail": i in rail} for i, v in enumerate(values)]},
            "back": {"containers": [{"value": 3, "rail": False}]}}


# The set-up, as a table would record it: the Action table laid out as the rolls cascade
# (columns [2, 1, 1, 1, 2, 2], Executive dice on 2, 4 and 5), the cards face up (C4 on
# column 4: US East, a 2 and a 4), a Setup Contract each, and Bruno's green-2a deployed in
# Loading US East.  Amelia (red) plays first, still holding her Setup Contract S2.
SETUP: list[tuple[str, str | None, dict[str, Any]]] = [
    ("action_table_rolled", None, {"action_rolls": [1, 2, 3, 4, 5, 6, 1, 5, 6], "executive_rolls": [2, 4, 5],
                                   "layout": {"columns": [2, 1, 1, 1, 2, 2], "executive": [2, 4, 5]}}),
    ("contracts_revealed", None, {"action_table": {"4": card("C4", "US_EAST", [2, 4]), "5": card("C5", "CHINA", [3]),
                                                   "6": card("C6", "EU", [1, 5])},
                                  "inbound": card("C7", "US_WEST", [2]), "draw_top": card("C8", "EU", [4])}),
    *[("financial_advisor_kept", None, {"player": p}) for p in PLAYERS],
    ("setup_contracts_drawn", None, {"cards": [{"id": f"S{n}", "front": {"nation": "CHINA", "containers": [
        {"value": 2, "rail": False}]}} for n in range(4)]}),
    ("setup_contract_chosen", "Chen", {"card": "S0"}), ("turn_ended", "Chen", {}),
    ("setup_contract_chosen", "Bruno", {"card": "S1"}),
    ("ship_deployed", "Bruno", {"ship": "green-2a", "zone": "LOADING US_EAST"}), ("turn_ended", "Bruno", {}),
    ("setup_contract_chosen", "Amelia", {"card": "S2"}), ("turn_ended", "Amelia", {}),
]


def panamax() -> Any:
    return engines.find("panamax")


def new_game(live: Any) -> tuple[str, str]:
    """A Panamax game at the start of Amelia's first turn."""
    panamax()
    created = api(live, "POST", "/api/games", {"engine": "panamax", "title": "Panamax at the table",
                                                "players": [{"name": p} for p in PLAYERS]})
    game_id, token = str(created["id"]), str(created["write_token"])
    for type_, actor, data in SETUP:
        body: dict[str, Any] = {"type": type_, "data": data}
        if actor:
            body["actor"] = actor
        answer = api(live, "POST", f"/api/games/{game_id}/events", body, token)
        assert not answer.get("flags"), (type_, answer["flags"])
    now = state_of(live, game_id)
    assert now["state"]["phase"] == "TURNS" and now["expected"]["actors"] == ["Amelia"]
    return game_id, token


# ---------------------------------------------------------- a real turn, tapped

def test_a_contract_load_turn_is_recorded_die_card_and_loads(live: Any, browser: Any) -> None:
    game_id, token = new_game(live)
    context, page, errors = open_recording(live, browser, game_id, token)
    take = page.locator(".px-picker[data-type=action_die_taken]")
    take.wait_for()

    # The Action table as it lies: every column with dice is a button with its count; the
    # Executive dice of 4 and 5 wait for their columns; there is no Executive die on 1.
    for column, count in zip(range(1, 7), [2, 1, 1, 1, 2, 2], strict=True):
        button = take.locator(f"button[data-column='{column}']")
        assert button.count() == 1 and f"{count} di" in button.inner_text()
    assert take.locator("button[data-executive]").count() == 0, "no Executive die is free while its column holds dice"
    assert "not offered" in take.locator(".px-pick-off[data-executive='4']").inner_text()
    assert "no die" in take.locator(".px-pick-off[data-executive='1']").inner_text()
    assert take.locator("button[data-use=market_buy]").count() == 0, "no Market use without a free Executive die"
    # What each die allows is the engine's word (offers.py `dice`), said on its button.
    offered = state_of(live, game_id)["expected"]["options"]["action_die_taken"]["dice"]
    assert offered[1] == {"from": {"column": 2}, "allows": {"waterway": 3, "lock": 2}, "uses": ["movement", "pass"]}
    assert "3 waterways, 2 locks" in take.locator("button[data-column='2']").inner_text()

    take.locator("button[data-column='4']").click()
    assert take.locator("button[data-use=contract_load]").get_attribute("aria-pressed") == "true", "a grey die's use is chosen"
    assert take.locator("button[data-use=movement]").is_disabled(), "a grey die cannot move ships"
    assert "not with this die" in take.locator("button[data-use=movement]").inner_text()
    assert "3 loads" in take.locator("button[data-column='4']").inner_text()
    shoot("panamax", take, "take")
    record = take.locator(".px-pick-record")
    assert record.inner_text() == "Take column 4 for contract / load"
    event = record_and_wait(page, record, live, game_id)
    assert event["type"] == "action_die_taken" and event["actor"] == "Amelia"
    assert event["data"] == {"from": {"column": 4}, "use": "contract_load"}
    now = state_of(live, game_id)["state"]
    assert now["action_table"]["columns"] == [2, 1, 1, 0, 2, 2]
    assert now["turn"]["use"] == "contract_load" and now["turn"]["allowance"] == {"loads": 3}

    # The card on column 4, with the generic form (one source, a side).
    taken = page.locator("form[data-type=contract_taken]")
    taken.locator("[data-field=side] label", has_text="front").click()
    event = record_and_wait(page, taken.locator("button[type=submit]"), live, game_id)
    assert event["data"] == {"source": "action_table", "side": "front"}
    held = state_of(live, game_id)["state"]["companies"]["red"]["contracts"]
    assert [c["card"] for c in held] == ["S2", "C4"]

    # red-2a into Loading US East (generic form: one ship, so it is chosen already).
    deployed = page.locator("form[data-type=ship_deployed]")
    deployed.locator("[data-field=zone] label", has_text="LOADING US EAST").click()
    event = record_and_wait(page, deployed.locator("button[type=submit]"), live, game_id)
    assert event["data"] == {"ship": "red-2a", "zone": "LOADING US_EAST"}

    # The 2 of C4: its targets are the ships in Loading US East that can take it.
    load = page.locator(".px-picker[data-type=die_loaded]")
    # The loads left are the engine's count (offers.py `loads_left`): column 4's die allows 3.
    assert state_of(live, game_id)["expected"]["options"]["die_loaded"]["loads_left"] == [3]
    assert load.locator(".px-pick-loads-left").inner_text() == "3 loads left this action"
    assert "S2" in load.locator(".px-pick-contract[data-contract='0'] legend").inner_text()
    assert "C4 · front · US East" in load.locator(".px-pick-contract[data-contract='1'] legend").inner_text()
    assert load.locator(".px-pick-record").inner_text() == "Record the load"
    load.locator("button[data-contract='1'][data-container='0']").click()
    # The places the die may go are the engine's (offers.py `loads[].targets`), in its order.
    loads = state_of(live, game_id)["expected"]["options"]["die_loaded"]["loads"]
    two = next(c for c in loads if (c["contract"], c["container"]) == (1, 0))
    assert two["targets"] == [{"ship": "red-2a"}, {"ship": "green-2a"}, {"ship": "Dice Fest Line"}]
    fits = load.locator(".px-pick-targets[role=group]")
    assert sorted(fits.locator("button").evaluate_all("bs => bs.map(b => b.dataset.ship || 'rail')")) == [
        "Dice Fest Line", "green-2a", "red-2a"]
    # Each refused place says the rule's own message (offers.py `loads[].refused`).
    refused = load.locator(".px-pick-refused")
    reasons = {json.dumps(r["target"], sort_keys=True): r["message"] for r in two["refused"]}
    assert {'{"rail": true}', '{"ship": "Lucky Me Cruises"}'} <= set(reasons)
    shown = refused.locator("button").evaluate_all(
        "bs => bs.map(b => [b.dataset.rail ? '{\"rail\": true}' : `{\"ship\": \"${b.dataset.ship}\"}`,"
        " b.querySelector('.px-pick-reason').textContent])")
    assert dict(shown) == reasons, "every refused place, each with its message"
    assert refused.locator("button[data-ship='Lucky Me Cruises'] .px-pick-reason").text_content() == reasons['{"ship": "Lucky Me Cruises"}']
    assert refused.locator("button[data-rail] .px-pick-reason").text_content() == reasons['{"rail": true}']
    assert reasons['{"ship": "Lucky Me Cruises"}'] != reasons['{"rail": true}'], "one message a rule, not one for all"
    assert "the rules refuse it" not in load.text_content()
    assert refused.locator("button[data-ship='USS Iowa']").count() == 0, "a military ship is never offered a die"
    fits.locator("button[data-ship='red-2a']").click()
    assert load.locator(".px-pick-record").inner_text() == "Load the 2 onto red-2a"
    shoot("panamax", load, "load")
    event = record_and_wait(page, load.locator(".px-pick-record"), live, game_id)
    assert event["type"] == "die_loaded" and event["actor"] == "Amelia"
    assert event["data"] == {"contract": 1, "container": 0, "target": {"ship": "red-2a"}}
    now = state_of(live, game_id)["state"]
    assert now["ships"]["red-2a"]["dice"] == [{"company": "red", "value": 2}]
    assert now["companies"]["red"]["contracts"][1]["containers"][0]["loaded"] is True

    # The 4 completes C4's front: red-2a took a die this turn, the cruise ship takes 1s and
    # 2s, so green-2a is the place; the flag's space is new, so its icon is asked.
    load = page.locator(".px-picker[data-type=die_loaded]")
    assert load.locator(".px-pick-loads-left").inner_text() == "2 loads left this action"
    assert load.locator(".px-pick-off[data-contract='1'][data-container='0']").inner_text().endswith("loaded")
    load.locator("button[data-contract='1'][data-container='1']").click()
    fits = load.locator(".px-pick-targets[role=group]")
    assert fits.locator("button").evaluate_all("bs => bs.map(b => b.dataset.ship)") == ["green-2a"]
    assert load.locator(".px-pick-refused button[data-ship='red-2a']").count() == 1, "loaded this turn: folded away"
    assert load.locator(".px-pick-refused button[data-ship='Dice Fest Line']").count() == 1, "a cruise ship takes 1s and 2s"
    four = next(c for c in state_of(live, game_id)["expected"]["options"]["die_loaded"]["loads"] if c["container"] == 1)
    assert (four["completes"], four["icon"], four["space"]) == (True, None, 1), "the engine asks for the flag's icon"
    assert load.locator(".px-pick-refused button[data-ship='red-2a'] .px-pick-reason").text_content() == next(
        r["message"] for r in four["refused"] if r["target"] == {"ship": "red-2a"})
    fits.locator("button[data-ship='green-2a']").click()
    assert "US East flag covers space 1 of its Clipboard row" in load.locator(".px-pick-flag legend").inner_text()
    steps = len(stored(live, game_id))
    load.locator(".px-pick-record").click()
    assert "free action" in load.locator(".result-slot").first.inner_text()
    assert len(stored(live, game_id)) == steps, "nothing is recorded while the icon is not declared"
    load.locator("button[data-free=market]").click()
    shoot("panamax", load, "load-flag")
    event = record_and_wait(page, load.locator(".px-pick-record"), live, game_id)
    assert event["data"] == {"contract": 1, "container": 1, "target": {"ship": "green-2a"}, "free_action": "market"}
    now = state_of(live, game_id)
    red = now["state"]["companies"]["red"]
    assert red["flags"] == ["US_EAST"] and [c["card"] for c in red["contracts"]] == ["S2"]
    assert now["state"]["ships"]["green-2a"]["dice"] == [{"company": "red", "value": 4}]
    assert now["expected"]["event_types"] == ["free_action_used"], "the flag's Market action comes next"

    # The flag's Market action: a share of a company in the game that Amelia can pay for.
    free = page.locator(".px-picker[data-type=free_action_used]")
    assert free.locator("button[data-kind=market]").get_attribute("aria-pressed") == "true"
    assert free.locator("button[data-company]").evaluate_all("bs => bs.map(b => b.dataset.company)") == ["red", "green", "yellow"]
    assert "$6 · 4 left" in free.locator("button[data-company=green]").inner_text()
    free.locator("button[data-company=green]").click()
    shoot("panamax", free, "free-market")
    event = record_and_wait(page, free.locator(".px-pick-record"), live, game_id)
    assert event["type"] == "free_action_used" and event["data"] == {"kind": "market", "company": "green"}
    now = state_of(live, game_id)
    assert now["state"]["players"]["Amelia"]["shares"] == {"red": 1, "green": 1}
    assert now["state"]["players"]["Amelia"]["money"] == 0 and now["state"]["companies"]["green"]["treasury"] == 3
    assert "free_action_used" not in now["expected"]["event_types"]
    assert not errors, errors
    context.close()


def test_a_transfer_then_the_moved_die_then_ships_sail_out(live: Any, browser: Any) -> None:
    game_id, token = new_game(live)
    context, page, errors = open_recording(live, browser, game_id, token)
    transfer = page.locator(".px-picker[data-type=die_transferred]")
    transfer.wait_for()
    assert transfer.locator(".px-pick-more").get_attribute("open") is None, "a transfer is rare: folded away"
    transfer.locator(".px-pick-more > summary").click()
    assert "$5 from the red company’s money ($18)" in transfer.locator(".px-pick-more > summary").inner_text()
    transfer.locator("button[data-column='5']").click()
    assert transfer.locator("button[data-to-column='6']").is_disabled(), "a die goes to the other side"
    transfer.locator("button[data-to-column='2']").click()
    event = record_and_wait(page, transfer.locator(".px-pick-record"), live, game_id)
    assert event["data"] == {"from": {"column": 5}, "to_column": 2}
    now = state_of(live, game_id)["state"]
    assert now["action_table"]["columns"] == [2, 2, 1, 1, 1, 2] and now["companies"]["red"]["money"] == 13

    # Only the moved die may be taken: it is chosen, with its side's use.
    take = page.locator(".px-picker[data-type=action_die_taken]")
    assert "transferred to column 2" in take.locator(".px-pick-moved").inner_text()
    assert take.locator("button[data-column]").evaluate_all("bs => bs.map(b => b.dataset.column)") == ["2"]
    assert take.locator(".px-pick-record").inner_text() == "Take column 2 for movement"
    event = record_and_wait(page, take.locator(".px-pick-record"), live, game_id)
    assert event["data"] == {"from": {"column": 2}, "use": "movement"}
    assert state_of(live, game_id)["state"]["turn"]["allowance"] == {"waterway": 2, "lock": 2}

    # red-1 (Pedro Miguel Locks, bound for the Atlantic) into Culebra Cut, new to the game.
    move = page.locator(".px-picker[data-type=ship_moved]")
    assert "2 locks, 2 waterways" in move.locator(".pa-pick-status").inner_text()
    offered = state_of(live, game_id)["expected"]["options"]["ship_moved"]
    sailing = [m["ship"] for m in offered["moves"]]
    assert "Lucky Me Cruises" not in sailing and "red-1" in sailing
    shown = move.locator(".pa-pick-group").first.locator("button.px-pick-ship:not(.is-refused)")
    assert sorted(shown.evaluate_all("bs => bs.map(b => b.dataset.ship)")) == sorted(sailing), "the ships are the engine's moves"
    # The ships the engine refuses (offers.py `refused`), each with its reason.
    refused = move.locator(".px-pick-refused")
    assert {r["ship"]: r["reason"] for r in offered["refused"]}["Lucky Me Cruises"] == "does not carry enough to sail"
    assert sorted(refused.locator("button.px-pick-ship").evaluate_all("bs => bs.map(b => b.dataset.ship)")) == sorted(
        r["ship"] for r in offered["refused"])
    assert refused.locator("button[data-ship='Lucky Me Cruises'] .px-pick-reason").text_content() == "does not carry enough to sail"
    assert refused.locator("button[data-ship='red-1']").count() == 0
    assert "the table judges" in move.locator("button[data-ship='San Juan Prospector']").inner_text(), "its readiness is unknown"
    move.locator("button[data-ship='red-1']").click()
    # The zones ahead of red-1 (the engine's `ahead`), then out; the zones behind folded away.
    ahead = move.locator(".px-pick-zones[role=group] button").evaluate_all("bs => bs.map(b => b.dataset.to)")
    assert ahead == ["Culebra Cut", "Gatun Lake", "OCEAN", "other"]
    assert move.locator(".px-pick-refused button[data-to='Miraflores Lake']").count() == 1
    move.locator("button[data-kind=waterway]").click()
    # Culebra Cut's kind is not known (offers.py `zones`: kind null): the table declares it.
    assert {z["zone"]: z["kind"] for z in offered["zones"]}["Culebra Cut"] is None
    move.locator("button[data-to='Culebra Cut']").click()
    steps = len(stored(live, game_id))
    move.locator(".px-pick-record").click()
    assert "dashed rectangle or a lake" in move.locator(".result-slot").first.inner_text()
    assert len(stored(live, game_id)) == steps
    move.locator("button[data-zone-kind=DASHED]").click()
    shoot("panamax", move, "move")
    event = record_and_wait(page, move.locator(".px-pick-record"), live, game_id)
    assert event["type"] == "ship_moved" and event["actor"] == "Amelia"
    assert event["data"] == {"ships": ["red-1"], "kind": "waterway", "to": "Culebra Cut", "to_kind": "DASHED", "via": "action"}
    assert state_of(live, game_id)["state"]["ships"]["red-1"]["zone"] == "Culebra Cut"

    # Into Gatun Lake (a lake: nothing to declare), then out by a lock: the owner's bonus.
    move = page.locator(".px-picker[data-type=ship_moved]")
    move.locator("button[data-ship='red-1']").click()
    move.locator("button[data-kind=waterway]").click()
    move.locator("button[data-to='Gatun Lake']").click()
    assert {z["zone"]: z["kind"] for z in state_of(live, game_id)["expected"]["options"]["ship_moved"]["zones"]}["Gatun Lake"] == "LAKE"
    assert move.locator("button[data-zone-kind]").count() == 0, "the engine names Gatun Lake a lake"
    event = record_and_wait(page, move.locator(".px-pick-record"), live, game_id)
    assert event["data"] == {"ships": ["red-1"], "kind": "waterway", "to": "Gatun Lake", "via": "action"}

    move = page.locator(".px-picker[data-type=ship_moved]")
    move.locator("button[data-ship='red-1']").click()
    move.locator("button[data-kind=lock]").click()
    move.locator("button[data-to=OCEAN]").click()
    exit_ = next(m for m in state_of(live, game_id)["expected"]["options"]["ship_moved"]["moves"] if m["ship"] == "red-1")["exit"]
    assert exit_ == {"bonus": {"owner": "red", "card": "captain", "card_left": True, "money": 2}, "passengers": [], "doubles": {}}
    bonus = move.locator(".px-pick-bonus[data-ship='red-1']")
    assert "Captain card" in bonus.inner_text() and "$2" in bonus.inner_text()
    assert not bonus.locator("button[data-bonus=card]").is_disabled(), "a Captain card is left"
    assert move.locator(".px-pick-spot, .px-pick-doubled").count() == 0, "a company ship's exit asks only the bonus"
    move.locator(".px-pick-record").click()
    assert "owner’s bonus for red-1" in move.locator(".result-slot").first.inner_text()
    bonus.locator("button[data-bonus=card]").click()
    shoot("panamax", move, "move-out")
    event = record_and_wait(page, move.locator(".px-pick-record"), live, game_id)
    assert event["data"] == {"ships": ["red-1"], "kind": "lock", "to": "OCEAN", "via": "action", "bonus": {"red-1": "card"}}
    now = state_of(live, game_id)["state"]
    assert now["ships"]["red-1"]["zone"] == "WAITING ATLANTIC" and now["ships"]["red-1"]["dice"] == []
    assert [c["card"] for c in now["players"]["Amelia"]["captain"]] == [1]
    assert now["companies"]["red"]["money"] == 13 + 3, "the ship's die of 3 paid the company"
    assert not errors, errors
    context.close()


# ------------------------------------------------- a picker alone, on a real state

def after_setup(*more: tuple[str, str | None, dict[str, Any]]) -> tuple[Any, Any]:
    """The engine and its state after the set-up and `more` events (each legal)."""
    engine = panamax()
    state = engine.setup(PLAYERS, {})
    return engine, legal(engine, state, *[Event(type_, data, actor) for type_, actor, data in [*SETUP, *more]])


def test_a_front_s_rail_container_goes_only_on_the_first_wagon(phone: Any) -> None:
    engine, state = after_setup(("action_die_taken", "Amelia", {"from": {"column": 4}, "use": "contract_load"}))
    state = copy.deepcopy(state)
    state["companies"]["red"]["contracts"] = [{"card": "R1", "side": "front", "nation": "EU", "containers": [
        {"value": 5, "rail": True, "loaded": False}, {"value": 1, "rail": False, "loaded": False}]}]
    picker = mount(phone, engine, state, "die_loaded")
    picker.locator("button[data-contract='0'][data-container='0']").click()
    fits = picker.locator(".px-pick-targets[role=group] button")
    assert fits.evaluate_all("bs => bs.map(b => b.dataset.rail || b.dataset.ship)") == ["true"]
    assert "1st wagon: 0 dice" in fits.first.inner_text()
    rail = next(c for c in engine.expected(state)["options"]["die_loaded"]["loads"] if c["container"] == 0)
    assert picker.locator(".px-pick-refused button[data-ship='Lucky Me Cruises'] .px-pick-reason").text_content() == next(
        r["message"] for r in rail["refused"] if r["target"] == {"ship": "Lucky Me Cruises"})
    assert "1st wagon" in picker.locator(".px-pick-refused button[data-ship='Lucky Me Cruises']").text_content()
    fits.first.click()
    picker.locator(".px-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == {"contract": 0, "container": 0, "target": {"rail": True}}
    assert refusals(engine, state, "die_loaded", data, "Amelia") == []

    # Its other container, a 1 for the EU zone: the cruise ship there takes it.
    picker.locator("button[data-contract='0'][data-container='1']").click()
    fits = picker.locator(".px-pick-targets[role=group] button")
    assert fits.evaluate_all("bs => bs.map(b => b.dataset.ship)") == ["Lucky Me Cruises"]


def test_a_cruise_ship_out_names_a_spot_for_each_passenger_token(phone: Any) -> None:
    engine, state = after_setup(("action_die_taken", "Amelia", {"from": {"column": 2}, "use": "movement"}))
    state = copy.deepcopy(state)
    # Dice Fest Line, bound for the Pacific, in the canal's last zone with a die of each of two companies.
    state["ships"]["Dice Fest Line"].update({"zone": "Miraflores Lake", "dice": [
        {"company": "green", "value": 2}, {"company": "red", "value": 1}]})
    state["companies"]["red"]["benefits"] = ["transfer_2"]
    picker = mount(phone, engine, state, "ship_moved")
    picker.locator("button[data-ship='Dice Fest Line']").click()
    picker.locator("button[data-kind=lock]").click()
    picker.locator("button[data-to=OCEAN]").click()
    spots = picker.locator(".px-pick-spot")
    assert spots.count() == 2
    # The mover's company first: red's token ($5), then green's ($4).
    assert "$5 to the red company" in spots.nth(0).inner_text() and "$4 to the green company" in spots.nth(1).inner_text()
    assert spots.nth(0).locator("button[data-spot=transfer_2]").count() == 0, "red's transfer spot is taken"
    picker.locator(".px-pick-record").click()
    assert phone.evaluate("window.recorded") == [] and "benefit spot" in picker.locator(".result-slot").first.inner_text()
    spots.nth(0).locator("button[data-spot=extra_load]").click()
    spots = picker.locator(".px-pick-spot")
    spots.nth(1).locator("button[data-spot=transfer_2]").click()
    picker.locator(".px-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == {"ships": ["Dice Fest Line"], "kind": "lock", "to": "OCEAN", "via": "action",
                    "spots": ["extra_load", "transfer_2"]}
    assert refusals(engine, state, "ship_moved", data, "Amelia") == []


def test_a_free_load_takes_a_2_from_the_pool_even_onto_a_ship_loaded_this_turn(phone: Any) -> None:
    engine, state = after_setup(("action_die_taken", "Amelia", {"from": {"column": 4}, "use": "contract_load"}))
    state = copy.deepcopy(state)
    state["turn"]["loaded"] = ["green-2a"]
    state["free_action"] = {"player": "Amelia", "company": "red", "queue": [{"kind": "load_die", "nation": "EU"}]}
    picker = mount(phone, engine, state, "free_action_used")
    assert picker.locator("button[data-kind=load_die]").get_attribute("aria-pressed") == "true"
    assert "Tap the die first" in picker.inner_text()
    picker.locator("button[data-supply=pool]").click()
    fits = picker.locator(".px-pick-targets[role=group] button")
    assert "green-2a" in fits.evaluate_all("bs => bs.map(b => b.dataset.ship)"), "a free load lifts the one-die-a-ship limit"
    assert "carries no dice" not in picker.text_content(), "military ships are not offered"
    picker.locator(".px-pick-record").click()
    assert phone.evaluate("window.recorded") == [] and "ship" in picker.locator(".result-slot").first.inner_text()
    fits.filter(has_text="green-2a").click()
    picker.locator(".px-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == {"kind": "load_die", "ship": "green-2a", "supply": "pool"}
    assert refusals(engine, state, "free_action_used", data, "Amelia") == []


def test_a_zone_the_record_has_not_seen_is_typed_and_its_kind_declared(phone: Any) -> None:
    engine, state = after_setup(("action_die_taken", "Amelia", {"from": {"column": 2}, "use": "movement"}))
    picker = mount(phone, engine, state, "ship_moved")
    picker.locator("button[data-ship='red-1']").click()
    picker.locator("button[data-kind=waterway]").click()
    picker.locator("button[data-to=other]").click()
    assert phone.evaluate("document.activeElement.id") == "px-new-zone", "the name field takes the focus"
    phone.locator("#px-new-zone").fill("Paraiso Reach")
    picker.locator(".px-pick-record").click()
    assert phone.evaluate("window.recorded") == [] and "dashed rectangle or a lake" in picker.locator(".result-slot").first.inner_text()
    picker.locator("button[data-zone-kind=DASHED]").click()
    assert phone.locator("#px-new-zone").input_value() == "Paraiso Reach", "the name survives a re-render"
    picker.locator(".px-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == {"ships": ["red-1"], "kind": "waterway", "to": "Paraiso Reach", "to_kind": "DASHED", "via": "action"}
    assert refusals(engine, state, "ship_moved", data, "Amelia") == []


def test_an_executive_die_says_what_the_engine_allows_and_offers_its_uses(phone: Any) -> None:
    # Amelia took column 4's last die: Bruno may take the Executive die of 4.
    engine, state = after_setup(("action_die_taken", "Amelia", {"from": {"column": 4}, "use": "pass"}),
                                ("turn_ended", "Amelia", {}))
    picker = mount(phone, engine, state, "action_die_taken")
    executive = picker.locator("button[data-executive='4']")
    assert "3 loads" in executive.inner_text()
    assert picker.locator(".px-pick-off[data-column='4']").count() == 1, "an empty column is said, not offered"
    executive.click()
    uses = {b: picker.locator(f"button[data-use={b}]") for b in ("movement", "contract_load", "market_buy", "market_raise")}
    assert uses["movement"].is_disabled() and "not with this die" in uses["movement"].inner_text()
    assert not any(uses[b].is_disabled() for b in ("contract_load", "market_buy", "market_raise"))
    assert picker.locator("button[data-use][aria-pressed=true]").count() == 0, "several uses: the table chooses"
    uses["market_buy"].click()
    picker.locator(".px-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == {"from": {"executive": 4}, "use": "market_buy"}
    assert refusals(engine, state, "action_die_taken", data, "Bruno") == []


def test_a_free_rail_action_offers_the_supplies_and_the_wagon_dice_the_engine_allows(phone: Any) -> None:
    engine, state = after_setup(("action_die_taken", "Amelia", {"from": {"column": 4}, "use": "contract_load"}))
    state = copy.deepcopy(state)
    state["rail"]["wagon1"] = [{"company": "green", "value": 3}, {"company": "red", "value": 4}, {"company": "red", "value": 5}]
    state["companies"]["red"]["warehouse"] = 0
    state["free_action"] = {"player": "Amelia", "company": "red", "queue": [{"kind": "load_rail", "nation": "EU"}]}
    assert engine.expected(state)["options"]["free_action_used"]["raise"] == [1]
    picker = mount(phone, engine, state, "free_action_used")
    assert picker.locator("button[data-raise]").evaluate_all("bs => bs.map(b => b.dataset.raise)") == ["1"]
    assert "green’s" in picker.locator(".px-pick-off[data-wagon-die='0']").inner_text()
    assert picker.locator(".px-pick-off[data-wagon-die='2']").count() == 1, "a 5 cannot be raised by 2"
    assert picker.locator("button[data-supply=warehouse]").is_disabled(), "an empty Warehouse is not offered"
    picker.locator("button[data-raise='1']").click()
    picker.locator(".px-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == {"kind": "load_rail", "raise": 1}
    assert refusals(engine, state, "free_action_used", data, "Amelia") == []


def test_the_load_picker_follows_the_engine_s_offers_not_rules_of_its_own(phone: Any) -> None:
    """The engine's offers, changed on purpose: the page shows exactly them (no rule of its own
    moves a place between allowed and refused, nor decides whether a flag's icon is asked)."""
    engine, state = after_setup(("action_die_taken", "Amelia", {"from": {"column": 4}, "use": "contract_load"}),
                                ("contract_taken", "Amelia", {"source": "action_table", "side": "front"}),
                                ("ship_deployed", "Amelia", {"ship": "red-2a", "zone": "LOADING US_EAST"}))
    options = copy.deepcopy(engine.expected(state)["options"]["die_loaded"])
    two = next(c for c in options["loads"] if (c["contract"], c["container"]) == (1, 0))
    assert two["targets"] == [{"ship": "red-2a"}, {"ship": "green-2a"}, {"ship": "Dice Fest Line"}]
    two["targets"] = [{"ship": "Lucky Me Cruises"}]
    two["refused"] = [{"target": {"ship": "red-2a"}, "code": "PX-T1", "message": "The harbour master says no"},
                      {"target": {"rail": True}, "code": "PX-T2", "message": "The wagon is in the shed"}]
    two.update(completes=True, icon="move3", space=3)
    options["loads_left"] = [7]
    picker = mount(phone, engine, state, "die_loaded", options)
    assert picker.locator(".px-pick-loads-left").inner_text() == "7 loads left this action"
    picker.locator("button[data-contract='1'][data-container='0']").click()
    fits = picker.locator(".px-pick-targets[role=group] button")
    assert fits.evaluate_all("bs => bs.map(b => b.dataset.ship)") == ["Lucky Me Cruises"]
    refused = picker.locator(".px-pick-refused")
    assert refused.locator("button[data-ship='red-2a'] .px-pick-reason").text_content() == "The harbour master says no"
    assert refused.locator("button[data-rail] .px-pick-reason").text_content() == "The wagon is in the shed"
    # green-2a: neither a target nor refused in these offers (the field still lists it): said, with no rule of the page's.
    assert refused.locator("button[data-ship='green-2a'] .px-pick-reason").text_content() == "not offered"
    flag = picker.locator(".px-pick-flag").inner_text()
    assert "space 3 of its Clipboard row" in flag and "shows Move 3" in flag, "a declared icon is said, not asked"
    fits.first.click()
    picker.locator(".px-pick-record").click()
    assert phone.evaluate("window.recorded")[-1] == {"contract": 1, "container": 0, "target": {"ship": "Lucky Me Cruises"}}


def test_the_move_picker_follows_the_engine_s_zones_exits_and_refusals(phone: Any) -> None:
    """The engine's ship_moved offers, changed on purpose: whether a zone's kind is asked,
    what each exit asks (bonus, doubled die, Passenger tokens across the ships) and the
    refused ships' reasons are the offers', not the page's own rules."""
    engine, state = after_setup(("action_die_taken", "Amelia", {"from": {"column": 2}, "use": "movement"}))
    options = copy.deepcopy(engine.expected(state)["options"]["ship_moved"])
    kinds = {z["zone"]: z["kind"] for z in options["zones"]}
    assert kinds["Culebra Cut"] is None and kinds["Gatun Lake"] == "LAKE"
    options["zones"] = [{"zone": "Gatun Lake", "kind": None}, {"zone": "Culebra Cut", "kind": "DASHED"}]
    moves = {m["ship"]: m for m in options["moves"]}
    moves["red-1"]["exit"]["bonus"] = {"owner": "red", "card": "stevedore", "card_left": False, "money": 9}
    moves["yellow-1"]["exit"] = {"bonus": None, "passengers": ["green", "yellow"], "doubles": {"green": [6, 2, 6]}}
    moves["green-1"]["exit"] = {"bonus": None, "passengers": ["red"], "doubles": {}}
    options["tokens"] = [7, 6]
    options["refused"] = [{"ship": "Lucky Me Cruises", "zone": "LOADING EU", "reason": "waits for its tugboat"}]
    picker = mount(phone, engine, state, "ship_moved", options)
    refused = picker.locator(".px-pick-refused").first
    assert refused.locator("button.px-pick-ship").evaluate_all("bs => bs.map(b => b.dataset.ship)") == ["Lucky Me Cruises"]
    assert refused.locator("button[data-ship='Lucky Me Cruises'] .px-pick-reason").text_content() == "waits for its tugboat"

    picker.locator("button[data-ship='red-1']").click()
    picker.locator("button[data-kind=waterway]").click()
    picker.locator("button[data-to='Culebra Cut']").click()
    assert picker.locator("button[data-zone-kind]").count() == 0, "the offers give Culebra Cut a kind"
    picker.locator("button[data-to='Gatun Lake']").click()
    assert picker.locator("button[data-zone-kind]").count() == 2, "the offers leave Gatun Lake's kind to declare"
    picker.locator(".px-pick-record").click()
    assert phone.evaluate("window.recorded") == [] and "dashed rectangle or a lake" in picker.locator(".result-slot").first.inner_text()

    # Out to the ocean, three ships listed red-1, yellow-1, green-1: the tokens go out in that order.
    picker.locator("button[data-ship='yellow-1']").click()
    picker.locator("button[data-ship='green-1']").click()
    picker.locator("button[data-kind=lock]").click()
    picker.locator("button[data-to=OCEAN]").click()
    bonus = picker.locator(".px-pick-bonus[data-ship='red-1']")
    assert "Stevedore card" in bonus.inner_text() and "$9" in bonus.inner_text() and "red company" in bonus.inner_text()
    assert bonus.locator("button[data-bonus=card]").is_disabled() and "none left" in bonus.inner_text()
    assert picker.locator(".px-pick-bonus").count() == 1, "only red-1's exit asks a bonus"
    doubled = picker.locator(".px-pick-doubled[data-company=green]")
    assert doubled.locator("button[data-doubled]").evaluate_all("bs => bs.map(b => b.dataset.doubled)") == ["6", "2"]
    spots = picker.locator(".px-pick-spot")
    assert spots.count() == 2
    assert "$7 to the green company" in spots.nth(0).inner_text() and "$6 to the yellow company" in spots.nth(1).inner_text()
    assert "runs out" in picker.locator(".px-pick-no-tokens").inner_text(), "green-1's red die finds the stack empty"
    picker.locator(".px-pick-record").click()
    assert phone.evaluate("window.recorded") == [] and "bonus for red-1" in picker.locator(".result-slot").first.inner_text()
    bonus.locator("button[data-bonus=money]").click()
    picker.locator(".px-pick-doubled button[data-doubled='2']").click()
    picker.locator(".px-pick-spot").nth(0).locator("button[data-spot=extra_load]").click()
    picker.locator(".px-pick-spot").nth(1).locator("button[data-spot=transfer_2]").click()
    picker.locator(".px-pick-record").click()
    assert phone.evaluate("window.recorded")[-1] == {
        "ships": ["red-1", "yellow-1", "green-1"], "kind": "lock", "to": "OCEAN", "via": "action",
        "bonus": {"red-1": "money"}, "doubled": {"green": 2}, "spots": ["extra_load", "transfer_2"]}


def test_a_ship_into_a_full_dashed_rectangle_pushes_the_ships_tapped_there(phone: Any) -> None:  # PX-M8, PX-M9
    from engines.declared import Fact, declare
    engine, state = after_setup(("action_die_taken", "Amelia", {"from": {"column": 2}, "use": "movement"}))
    state = copy.deepcopy(state)
    # Culebra Cut, a dashed rectangle, holds 4 slots of Atlantic-bound ships: green-1 and
    # yellow-1 (1 slot each) and green-2a (2 slots); red-1 comes in from Pedro Miguel Locks.
    state["declared"] = declare(state["declared"], [Fact("zone_kind:Culebra Cut", "DASHED", "The kind of zone Culebra Cut")],
                                state["step"])
    for ship in ("green-1", "yellow-1", "green-2a"):
        state["ships"][ship].update(status="ON_BOARD", zone="Culebra Cut", bound="ATLANTIC")
    alone = {"ships": ["red-1"], "kind": "waterway", "to": "Culebra Cut", "via": "action"}
    assert [code for code, _ in refusals(engine, state, "ship_moved", alone, "Amelia")] == ["PX-M8"]
    # What the engine tells the page: the rectangle's ships, the slots they fill, its 4.
    zones = {z["zone"]: z for z in engine.expected(state)["options"]["ship_moved"]["zones"]}
    assert zones["Culebra Cut"]["held"] == 4 and zones["Culebra Cut"]["capacity"] == 4

    picker = mount(phone, engine, state, "ship_moved")
    picker.locator("button.px-pick-ship[data-ship='red-1']").click()
    picker.locator("button[data-to='Culebra Cut']").click()
    picker.locator("button[data-kind=waterway]").click()
    push = picker.locator(".px-pick-push[data-zone='Culebra Cut']")
    assert "ships pushed forward into Gatun Lake" in push.locator("legend").inner_text()
    assert sorted(push.locator("button[data-push-ship]").evaluate_all("bs => bs.map(b => b.dataset.pushShip)")) == [
        "green-1", "green-2a", "yellow-1"]
    picker.locator(".px-pick-record").click()
    assert phone.evaluate("window.recorded") == []
    assert "pushed out of Culebra Cut" in picker.locator(".result-slot").first.inner_text()
    push.locator("button[data-push-ship='yellow-1']").click()
    assert push.locator("button[data-push-ship='yellow-1']").get_attribute("aria-pressed") == "true"
    shoot("panamax", picker, "push")
    picker.locator(".px-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == {**alone, "pushes": [{"ships": ["yellow-1"], "to": "Gatun Lake"}]}
    assert refusals(engine, state, "ship_moved", data, "Amelia") == []
    after = engine.apply(state, Event("ship_moved", data, "Amelia"))
    assert (after["ships"]["red-1"]["zone"], after["ships"]["yellow-1"]["zone"]) == ("Culebra Cut", "Gatun Lake")


def test_the_action_table_roll_is_typed_as_the_dice_fell_and_laid_out_by_the_engine(phone: Any) -> None:  # PX-S5
    engine = panamax()
    state = engine.setup(PLAYERS, {})
    picker = mount(phone, engine, state, "action_table_rolled", {})
    picker.locator("input[data-rolls=action]").fill("123456156")
    picker.locator(".px-pick-record").click()
    assert phone.evaluate("window.recorded") == [] and "Executive" in picker.locator(".result-slot").first.inner_text()
    picker.locator("input[data-rolls=executive]").fill("2 4 5")
    shoot("panamax", picker, "rolled")
    picker.locator(".px-pick-record").click()
    data = phone.evaluate("window.recorded")[-1]
    assert data == {"action_rolls": [1, 2, 3, 4, 5, 6, 1, 5, 6], "executive_rolls": [2, 4, 5]}
    assert refusals(engine, state, "action_table_rolled", data, "Amelia") == []
    after = engine.apply(state, Event("action_table_rolled", data, None))
    assert after["action_table"] == {"columns": [2, 1, 1, 1, 2, 2], "executive": [2, 4, 5]}
