"""The Setup Contracts (§4 steps 22-23) through the engine (engines/panamax/setup_contracts.py).

Cards here are made up for the tests, never presented as the game's."""

from __future__ import annotations

from typing import Any

from engines.base import Event, State
from engines.panamax.action_table import layout_from_rolls
from engines.panamax.engine import Panamax
from tests.engines.scenario import codes, legal

ENGINE = Panamax()
PLAYERS = ["Ana", "Ben", "Cy"]  # red, green, yellow, in turn order
ACTION, EXECUTIVE = [1, 2, 3, 4, 5, 6, 1, 5, 6], [2, 4, 5]
END = Event("turn_ended", {})


def card(card_id: str, nation: str = "EU", values: tuple[int, ...] = (4, 2)) -> dict[str, Any]:
    return {"id": card_id, "front": {"nation": nation, "containers": [{"value": v, "rail": False} for v in values]},
            "back": {"containers": [{"value": 3, "rail": False}] * (2 if len(values) == 3 else 1)}}


def setup_card(card_id: str, nation: str = "EU", values: tuple[int, ...] = (4, 2)) -> dict[str, Any]:
    return {"id": card_id, "front": card(card_id, nation, values)["front"]}


def set_up() -> State:
    """The set-up's steps 1-21 done: the Setup Contracts are next."""
    state = ENGINE.setup(PLAYERS, {})
    return legal(ENGINE, state,
                 Event("action_table_rolled", {"action_rolls": ACTION, "executive_rolls": EXECUTIVE,
                                               "layout": layout_from_rolls(ACTION, EXECUTIVE)}),
                 Event("contracts_revealed", {"action_table": {s: card(f"C{s}") for s in "456"},
                                              "inbound": card("I"), "draw_top": card("D")}),
                 *[Event("financial_advisor_kept", {"player": p}) for p in PLAYERS])


def drawn(*ids: str) -> Event:
    return Event("setup_contracts_drawn", {"cards": [setup_card(i, values=(4, 2) if i != "S3" else (3,)) for i in ids]})


def chosen(card_id: str, actor: str | None = None) -> Event:
    return Event("setup_contract_chosen", {"card": card_id}, actor)


def test_one_card_per_player_plus_one_is_drawn() -> None:  # PX-S11
    state = set_up()
    assert state["phase"] == "SETUP_CONTRACTS"
    assert ENGINE.expected(state)["event_types"] == ["setup_contracts_drawn"]
    assert codes(ENGINE, state, drawn("S1", "S2", "S3")) == ["PX-S11"]  # 3 players need 4 cards
    assert codes(ENGINE, state, drawn("S1", "S2", "S3", "S3")) == ["PX-S11"]
    assert codes(ENGINE, state, Event("action_die_taken", {"from": {"column": 1}, "use": "movement"})) == ["PX-S11"]
    state = legal(ENGINE, state, drawn("S1", "S2", "S3", "S4"))
    assert ENGINE.expected(state) == {"actors": ["Cy"], "event_types": ["setup_contract_chosen"],
                                      "options": {"setup_contract_chosen": {"card": ["S1", "S2", "S3", "S4"]}}}


def test_players_choose_in_reverse_turn_order_and_load_at_once() -> None:  # PX-S11, PX-C8, PX-C14
    state = legal(ENGINE, set_up(), drawn("S1", "S2", "S3", "S4"))
    assert codes(ENGINE, state, chosen("S1", "Ana")) == ["PX-S11"]  # Cy, the last player, chooses first
    assert codes(ENGINE, state, chosen("S9")) == ["PX-S11"]
    state = legal(ENGINE, state, chosen("S1", "Cy"))
    yellow = state["companies"]["yellow"]
    assert yellow["warehouse"] == 4 - 2 and yellow["pool"] == 4  # dice from the Warehouse only
    assert [c["card"] for c in yellow["contracts"]] == ["S1"]
    load_4 = Event("die_loaded", {"contract": 0, "container": 0, "target": {"ship": "yellow-2a"}})
    load_2 = Event("die_loaded", {"contract": 0, "container": 1, "target": {"ship": "yellow-2a"}})
    state = legal(ENGINE, state, Event("ship_deployed", {"ship": "yellow-2a", "zone": "LOADING EU"}), load_4)
    assert codes(ENGINE, state, load_2) == ["PX-C8"]  # one die a ship, as in a turn
    state = legal(ENGINE, state, Event("die_loaded", {"contract": 0, "container": 1,
                                                      "target": {"ship": "Lucky Me Cruises"}, "free_action": "none"}))
    assert yellow["flags"] == [] and state["companies"]["yellow"]["flags"] == ["EU"]  # "Receive the flag"
    assert state["companies"]["yellow"]["contracts"] == []
    state = legal(ENGINE, state, END)
    assert ENGINE.expected(state)["actors"] == ["Ben"]
    assert ENGINE.expected(state)["options"] == {"setup_contract_chosen": {"card": ["S2", "S3", "S4"]}}


def test_a_setup_contract_left_unloaded_stays_with_the_company_and_turns_begin() -> None:  # PX-S11, PX-C15
    state = legal(ENGINE, set_up(), drawn("S1", "S2", "S3", "S4"), chosen("S1"), END, chosen("S3"), END)
    assert [c["card"] for c in state["companies"]["green"]["contracts"]] == ["S3"]
    assert state["phase"] == "SETUP_CONTRACTS" and ENGINE.expected(state)["actors"] == ["Ana"]
    state = legal(ENGINE, state, chosen("S2"), END)
    assert state["phase"] == "TURNS" and ENGINE.expected(state)["actors"] == ["Ana"]
    assert state["setup_contracts"]["offered"] == []  # the unused card goes back to the box
    assert ENGINE.describe(state, Event("action_die_taken", {"from": {"column": 1}, "use": "movement"})).startswith("Ana")
