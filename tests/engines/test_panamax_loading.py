"""Panamax's Contract/Load Cargo action through the engine (engines/panamax/loading.py).

Cards are made up for the tests, never presented as the game's."""

from __future__ import annotations

from typing import Any

from engines.base import Event, State
from engines.panamax.action_table import layout_from_rolls
from engines.panamax.engine import Panamax
from tests.engines.scenario import codes, legal
from tests.engines.test_panamax_turns import ACTION, END, EXECUTIVE, take

ENGINE = Panamax()


def card(card_id: str, nation: str = "EU", values: tuple[int, ...] = (4,), rail: tuple[bool, ...] = ()) -> dict[str, Any]:
    rails = rail or (False,) * len(values)
    backs = 2 if len(values) == 3 else 1
    return {"id": card_id, "front": {"nation": nation, "containers": [{"value": v, "rail": r} for v, r in zip(values, rails, strict=True)]},
            "back": {"containers": [{"value": 3, "rail": False}] * backs}}


SLOTS = {"4": card("C4", "CHINA", (2, 3), (True, False)), "5": card("C5"), "6": card("C6", "EU", (1, 5, 6))}


def playing(inbound: dict[str, Any] | None = None) -> State:
    """Ana (red) and Ben (green) at Ana's first turn: SLOTS on the table, a US East card
    (or ``inbound``) on Inbound Cargo."""
    state = ENGINE.setup(["Ana", "Ben"], {"setup_contracts_in_standard": False})
    return legal(ENGINE, state,
                 Event("action_table_rolled", {"action_rolls": ACTION, "executive_rolls": EXECUTIVE,
                                               "layout": layout_from_rolls(ACTION, EXECUTIVE)}),
                 Event("contracts_revealed", {"action_table": SLOTS, "inbound": inbound or card("I", "US_EAST"),
                                              "draw_top": card("D", "US_WEST")}),
                 Event("financial_advisor_kept", {"player": "Ana"}), Event("financial_advisor_kept", {"player": "Ben"}))


def taken(source: str = "action_table", side: str = "front") -> Event:
    return Event("contract_taken", {"source": source, "side": side})


def drawn_next(card_id: str = "N") -> Event:
    """The Draw pile's next card turned up, as every take asks before the turn ends (PX-C3)."""
    return Event("contract_card_revealed", {"card": card(card_id, "CHINA")})


def placed(kind: str, ship: str, zone: str, **extra: Any) -> Event:
    return Event(kind, {"ship": ship, "zone": zone, **extra})


def load(contract: int, container: int, ship: str | None = None, **more: Any) -> Event:
    return Event("die_loaded", {"contract": contract, "container": container,
                                "target": {"ship": ship} if ship else {"rail": True}, **more})


def test_the_contract_die_takes_its_column_s_card_and_the_table_refills() -> None:  # PX-C1, PX-C3
    state = legal(ENGINE, playing(), take({"column": 5}, "contract_load"))
    assert codes(ENGINE, state, taken("inbound")) == ["PX-C1"]  # needs the Passenger benefit
    state = legal(ENGINE, state, taken())
    assert state["companies"]["red"]["contracts"][0]["card"] == "C5" and state["companies"]["red"]["warehouse"] == 3
    assert state["contracts"]["slots"]["5"] == "I" and state["contracts"]["inbound"] == "D"
    assert state["contracts"]["draw_top"] is None and codes(ENGINE, state, taken()) == ["PX-C1"]  # one card an action
    revealed = Event("contract_card_revealed", {"card": card("N", "CHINA")})
    state = legal(ENGINE, state, revealed)
    assert state["contracts"]["draw_top"] == "N" and codes(ENGINE, state, revealed) == ["PX-C3"]
    assert codes(ENGINE, legal(ENGINE, playing(), take({"column": 2}, "movement")), taken()) == ["PX-C1"]


def test_a_company_without_enough_dice_cannot_take_the_card() -> None:  # PX-C2
    state = legal(ENGINE, playing(), take({"column": 6}, "contract_load"))
    state["companies"]["red"]["warehouse"], state["companies"]["red"]["pool"] = 1, 1
    assert codes(ENGINE, state, taken()) == ["PX-C2"]
    assert ENGINE.check(state, taken(side="back")) == []  # two generic containers on the back


def test_ships_are_built_with_company_money_into_a_loading_zone() -> None:  # PX-B1
    state = legal(ENGINE, playing(), take({"column": 5}, "contract_load"))
    state = legal(ENGINE, state, placed("ship_built", "red-3", "LOADING EU"))
    assert state["companies"]["red"]["money"] == 11 and state["ships"]["red-3"]["zone"] == "LOADING EU"
    assert codes(ENGINE, state, placed("ship_built", "red-2b", "LOADING EU")) == ["PX-B1"]  # price not printed
    state = legal(ENGINE, state, placed("ship_built", "red-2b", "LOADING CHINA", cost=5))
    assert state["companies"]["red"]["money"] == 6 and state["declared"]["build_cost:2"]["value"] == 5
    assert codes(ENGINE, state, placed("ship_built", "green-3", "LOADING EU")) == ["PX-B1"]  # Ben's
    assert codes(ENGINE, state, placed("ship_deployed", "red-2a", "Gatun Lake")) == ["PX-B1"]  # not a Loading zone
    assert codes(ENGINE, state, placed("ship_built", "red-1", "LOADING EU")) == ["PX-B1"]  # on the board already


def test_loading_a_front_contract_to_its_nation_completes_it_and_earns_the_flag() -> None:  # PX-C6, PX-C14
    state = legal(ENGINE, playing(), take({"column": 5}, "contract_load"), taken(),
                  placed("ship_deployed", "red-2a", "LOADING EU"), placed("ship_built", "red-3", "LOADING CHINA"))
    assert codes(ENGINE, state, load(0, 0, "red-3")) == ["PX-C6"]  # an EU card, a ship off China
    assert codes(ENGINE, state, load(0, 0, "red-2a")) == ["PX-F1"]  # the flag's space is new: declare its icon
    state = legal(ENGINE, state, load(0, 0, "red-2a", free_action="none"))
    red = state["companies"]["red"]
    assert red["contracts"] == [] and red["flags"] == ["EU"] and state["flag_supply"]["EU"] == 9
    assert state["ships"]["red-2a"]["dice"] == [{"company": "red", "value": 4}]
    assert state["contracts"]["discards"] == ["C5"]


def test_one_die_a_ship_a_turn_and_no_more_dice_than_the_row_allows() -> None:  # PX-C8, PX-C4
    state = legal(ENGINE, playing(), take({"column": 6}, "contract_load"), taken(),
                  placed("ship_built", "red-3", "LOADING EU"), placed("ship_deployed", "red-2a", "LOADING EU"))
    assert state["turn"]["allowance"] == {"loads": 2}
    state = legal(ENGINE, state, load(0, 1, "red-3"))
    assert codes(ENGINE, state, load(0, 2, "red-3")) == ["PX-C8"]
    state = legal(ENGINE, state, load(0, 2, "red-2a"))
    assert codes(ENGINE, state, load(0, 0, "red-2a")) == ["PX-C4"]  # two loads spent


def test_a_ship_s_range_limits_its_cargo() -> None:  # PX-C10
    state = legal(ENGINE, playing(), take({"column": 6}, "contract_load"), taken(),
                  placed("ship_deployed", "red-2a", "LOADING EU"))
    state["ships"]["red-2a"]["dice"] = [{"company": "green", "value": 6}]
    assert codes(ENGINE, state, load(0, 2, "red-2a")) == ["PX-C10"]  # 6 + 6 > 11
    assert ENGINE.check(state, load(0, 1, "red-2a")) == []  # 6 + 5 = 11


def test_front_rail_cargo_rides_the_train_and_wins_a_flag_at_the_round_s_end() -> None:  # PX-C7, PX-E2
    state = legal(ENGINE, playing(), take({"column": 4}, "contract_load"), taken(), drawn_next(),
                  placed("ship_deployed", "red-2a", "LOADING CHINA"))
    assert codes(ENGINE, state, load(0, 0, "red-2a")) == ["PX-C7"]  # its Rail container
    state = legal(ENGINE, state, load(0, 0), load(0, 1, "red-2a", free_action="none"))
    assert state["rail"]["wagon1"] == [{"company": "red", "value": 2}] and state["companies"]["red"]["flags"] == ["CHINA"]
    state = legal(ENGINE, state, END)
    while state["phase"] == "TURNS":
        layout = state["action_table"]
        column = next((c for c in range(1, 7) if layout["columns"][c - 1]), None)
        state = legal(ENGINE, state, take({"column": column} if column else {"executive": layout["executive"][0]}, "pass"), END)
    assert state["phase"] == "END_RAIL" and state["turn_order"] == ["Ana", "Ben"]
    assert ENGINE.expected(state)["actors"] == ["Ana"]
    assert codes(ENGINE, state, Event("rail_flag_taken", {"player": "Ben", "nation": "EU"})) == ["PX-E2"]
    assert codes(ENGINE, state, Event("rail_flag_taken", {"player": "Ana", "nation": "EU"}, "Ben")) == [
        "event/actor-mismatch"]
    state = legal(ENGINE, state, Event("rail_flag_taken", {"player": "Ana", "nation": "EU", "free_action": "none"}))
    assert state["companies"]["red"]["flags"] == ["CHINA", "EU"] and state["rail"]["flags"] == ["CHINA", "US_EAST", "US_WEST"]
    assert state["phase"] == "END_FEES" and state["companies"]["red"]["pool"] == 5  # the die went back to the Pool


def test_a_die_comes_from_a_container_the_company_holds_still_unloaded() -> None:  # PX-C5
    state = legal(ENGINE, playing(), take({"column": 6}, "contract_load"), taken(),
                  placed("ship_built", "red-3", "LOADING EU"), placed("ship_deployed", "red-2a", "LOADING EU"))
    assert codes(ENGINE, state, load(1, 0, "red-3")) == ["PX-C5"]  # one card held
    assert codes(ENGINE, state, load(0, 3, "red-3")) == ["PX-C5"]  # three containers on it
    state = legal(ENGINE, state, load(0, 1, "red-3"))
    assert codes(ENGINE, state, load(0, 1, "red-2a")) == ["PX-C5"]  # already loaded


def test_at_most_two_open_contracts_at_the_end_of_a_turn() -> None:  # PX-C15
    state = legal(ENGINE, playing(), take({"column": 6}, "contract_load"), taken(), drawn_next())
    state["companies"]["red"]["contracts"] *= 3
    assert codes(ENGINE, state, END) == ["PX-C15"]


def test_ships_may_be_built_at_any_point_of_the_turn_and_head_for_the_other_ocean() -> None:  # PX-B1, PX-M4
    state = playing()
    assert "ship_built" in ENGINE.expected(state)["event_types"]  # before the Action die, too
    state = legal(ENGINE, state, placed("ship_built", "red-3", "LOADING US_WEST"))
    assert state["ships"]["red-3"]["bound"] == "ATLANTIC"
    state["ships"]["red-3"].update(zone="WAITING ATLANTIC")  # as after crossing to the Atlantic
    state = legal(ENGINE, state, take({"column": 5}, "contract_load"), placed("ship_to_loading_zone", "red-3", "LOADING EU"))
    assert state["ships"]["red-3"]["bound"] == "PACIFIC"
    assert codes(ENGINE, state, placed("ship_to_loading_zone", "red-2a", "LOADING EU")) == ["PX-C9"]  # not waiting


def test_the_page_is_offered_each_container_with_the_targets_the_rules_allow() -> None:  # PX-C6, PX-C7, PX-C14
    state = legal(ENGINE, playing(), take({"column": 4}, "contract_load"), taken(),
                  placed("ship_deployed", "red-2a", "LOADING CHINA"))
    offered = ENGINE.expected(state)["options"]["die_loaded"]
    rail_refused = {"target": {"ship": "red-2a"}, "code": "PX-C7",
                    "message": "A Rail container of a card's front MUST be loaded onto the 1st wagon"}
    ship_refused = {"target": {"rail": True}, "code": "PX-C7",
                    "message": "Only a container with the Rail icon goes on the Rail table"}
    assert offered["loads"] == [
        {"contract": 0, "container": 0, "card": "C4", "value": 2, "rail": True, "targets": [{"rail": True}],
         "refused": [rail_refused], "completes": False, "icon": None, "space": None},
        {"contract": 0, "container": 1, "card": "C4", "value": 3, "rail": False, "targets": [{"ship": "red-2a"}],
         "refused": [ship_refused], "completes": False, "icon": None, "space": None}]
    assert offered["loads_left"] == [3]  # column 4's only die: taking it exposes row 3
    state = legal(ENGINE, state, load(0, 0))
    last = ENGINE.expected(state)["options"]["die_loaded"]["loads"]
    # The last container completes the card: its flag covers the China row's first space, its icon to declare.
    assert [(c["container"], c["completes"], c["icon"], c["space"]) for c in last] == [(1, True, None, 1)]
