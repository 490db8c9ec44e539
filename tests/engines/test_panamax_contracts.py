"""Panamax's Contract cards and their cargo (engines/panamax/contracts.py): §5 "Choose 1
Contract card and/or Load Cargo", "Contract cards", "Loading Cargo", "Passenger benefits"."""

from __future__ import annotations

from typing import Any

from engines.panamax.contracts import (
    card_problems,
    dice_for,
    earns_flag,
    held,
    incomplete_problems,
    once_per_turn_problems,
    refill,
    source_problems,
    target_problems,
)

# Declared as a table would see them: not the game's real cards.
TWO_TO_EU = {"id": "T1", "front": {"nation": "EU", "containers": [{"value": 4, "rail": False}, {"value": 2, "rail": True}]},
             "back": {"containers": [{"value": 3, "rail": False}]}}
THREE_TO_CHINA = {"id": "T2", "front": {"nation": "CHINA", "containers": [{"value": v, "rail": False} for v in (1, 5, 6)]},
                  "back": {"containers": [{"value": 3, "rail": True}, {"value": 3, "rail": False}]}}


def codes(problems: list) -> list[str]:
    return [problem.code for problem in problems]


def loading(nation: str) -> dict[str, Any]:
    return {"zone_kind": "LOADING", "nation": nation}


def test_a_card_s_back_is_one_or_two_generic_threes_and_the_rail_icon_is_on_one_side_only() -> None:
    assert card_problems(TWO_TO_EU) == [] and card_problems(THREE_TO_CHINA) == []
    two_backs = {**TWO_TO_EU, "back": {"containers": [{"value": 3, "rail": False}] * 2}}
    assert codes(card_problems(two_backs)) == ["PX-C6"]
    both_rails = {**TWO_TO_EU, "back": {"containers": [{"value": 3, "rail": True}]}}
    assert codes(card_problems(both_rails)) == ["PX-C7"]


def test_a_card_is_taken_with_a_grey_die_and_the_inbound_or_draw_card_only_with_the_benefit() -> None:  # PX-C1
    assert source_problems("action_table", 5, extra_choice=False) == []
    assert codes(source_problems("action_table", 2, extra_choice=False)) == ["PX-C1"]
    assert codes(source_problems("inbound", 6, extra_choice=False)) == ["PX-C1"]
    assert source_problems("draw_top", 6, extra_choice=True) == []


def test_the_dice_come_from_the_warehouse_first_then_the_pool() -> None:  # PX-C2
    assert dice_for(2, warehouse=4, pool=4) == (2, 0)
    assert dice_for(3, warehouse=1, pool=4) == (1, 2)
    assert dice_for(3, warehouse=0, pool=2) is None


def test_the_inbound_card_fills_the_emptied_slot_and_the_draw_top_moves_to_inbound() -> None:  # PX-C3
    slots, inbound = refill({"4": "A", "5": "B", "6": "C"}, "5", inbound="I", draw_top="D")
    assert slots == {"4": "A", "5": "I", "6": "C"} and inbound == "D"


def test_front_cargo_goes_to_its_nation_s_loading_zone_back_cargo_to_any() -> None:  # PX-C6, PX-C9
    front, back = held(TWO_TO_EU, "front"), held(TWO_TO_EU, "back")
    assert target_problems(front, front["containers"][0], loading("EU")) == []
    assert codes(target_problems(front, front["containers"][0], loading("CHINA"))) == ["PX-C6"]
    assert target_problems(back, back["containers"][0], loading("CHINA")) == []
    assert codes(target_problems(back, back["containers"][0], {"zone_kind": "WAITING", "nation": None})) == ["PX-C9"]


def test_front_rail_cargo_must_take_the_train_and_the_wagon_holds_four() -> None:  # PX-C7
    front = held(TWO_TO_EU, "front")
    rail_box = front["containers"][1]
    assert codes(target_problems(front, rail_box, loading("EU"))) == ["PX-C7"]
    assert target_problems(front, rail_box, {"rail": True, "wagon_dice": 3}) == []
    assert codes(target_problems(front, rail_box, {"rail": True, "wagon_dice": 4})) == ["PX-C7"]
    assert codes(target_problems(front, front["containers"][0], {"rail": True, "wagon_dice": 0})) == ["PX-C7"]
    back = held(THREE_TO_CHINA, "back")  # a back Rail container may take a ship or the train
    assert target_problems(back, back["containers"][0], loading("US_WEST")) == []
    assert target_problems(back, back["containers"][0], {"rail": True, "wagon_dice": 0}) == []


def test_one_die_a_ship_a_turn_unless_a_free_action_or_stevedore_loads_it() -> None:  # PX-C8
    assert codes(once_per_turn_problems("red-2a", ["red-2a"], "action")) == ["PX-C8"]
    assert codes(once_per_turn_problems("rail", ["rail"], "action")) == ["PX-C8"]
    assert once_per_turn_problems("red-2a", ["red-2a"], "free_action") == []
    assert once_per_turn_problems("red-2a", ["red-2a"], "stevedore") == []
    assert once_per_turn_problems("red-3", ["red-2a"], "action") == []


def test_completing_a_front_earns_its_flag_a_back_earns_none() -> None:  # PX-C14
    front, back = held(TWO_TO_EU, "front"), held(TWO_TO_EU, "back")
    assert earns_flag(front) is None
    for container in front["containers"] + back["containers"]:
        container["loaded"] = True
    assert earns_flag(front) == "EU" and earns_flag(back) is None


def test_at_most_two_incomplete_contracts_at_the_end_of_a_turn() -> None:  # PX-C15
    three = [held(TWO_TO_EU, "front"), held(THREE_TO_CHINA, "front"), held(TWO_TO_EU, "back")]
    assert codes(incomplete_problems(three)) == ["PX-C15"]
    for container in three[2]["containers"]:
        container["loaded"] = True
    assert incomplete_problems(three) == []
