"""Panamax's ships (engines/panamax/cargo.py): loading, sailing and leaving the canal,
§5 "How to load ships", "When a ship arrives at the end of the Canal", §10 "Unique ships"."""

from __future__ import annotations

from typing import Any

from engines.panamax.cargo import (
    doubled_problems,
    exit_bonus,
    exit_payments,
    load_problems,
    military_pay,
    passenger_payments,
    ready_to_sail,
)
from engines.panamax.state import company_ship


def ship(slots: int, *values: int, owner: str = "red") -> dict[str, Any]:
    return company_ship(owner, slots, "ON_BOARD", "LOADING EU", "PACIFIC", dice=list(values))


def unique(kind: str, *dice: tuple[str, int]) -> dict[str, Any]:
    return {"kind": kind, "dice": [{"company": c, "value": v} for c, v in dice]}


def codes(problems: list) -> list[str]:
    return [problem.code for problem in problems]


def test_acompany_ship_never_carries_more_than_its_maximum() -> None:  # PX-C10
    assert load_problems("red-3", ship(3, 6, 5), 2) == []  # 13: the maximum, exactly
    problems = load_problems("red-3", ship(3, 6, 5), 3)
    assert codes(problems) == ["PX-C10"] and "at most 13" in problems[0].message
    assert codes(load_problems("red-1", ship(1, 3), 1)) == ["PX-C10"]  # its one slot is taken


def test_the_die_in_the_last_slot_must_bring_the_ship_to_its_minimum() -> None:  # PX-C10
    problems = load_problems("red-2a", ship(2, 1), 3)
    assert codes(problems) == ["PX-C10"] and "short of the 5" in problems[0].message
    assert load_problems("red-2a", ship(2, 1), 4) == []
    assert load_problems("red-3", ship(3), 1) == []  # not the last slot: a low first die is fine


def test_cruise_ships_take_only_ones_and_twos_up_to_their_dice() -> None:  # PX-C11
    assert codes(load_problems("Dice Fest Line", unique("CRUISE"), 3)) == ["PX-C11"]
    assert load_problems("Dice Fest Line", unique("CRUISE", ("red", 2), ("red", 2)), 1) == []
    assert codes(load_problems("Lucky Me Cruises", unique("CRUISE", ("red", 1), ("red", 2), ("green", 1)), 1)) == ["PX-C11"]
    unknown = load_problems("Spiel of the Seas", unique("CRUISE", ("red", 1)), 2)
    assert [(p.code, p.severity) for p in unknown] == [("PX-C11", "unverified")]
    assert load_problems("Spiel of the Seas", unique("CRUISE", ("red", 1)), 2, {"max_dice": 1})[0].severity == "error"


def test_military_ships_carry_nothing_and_the_prospector_needs_its_declared_spec() -> None:  # PX-C12, PX-C13
    assert codes(load_problems("USS Iowa", unique("MILITARY"), 2)) == ["PX-C12"]
    assert [(p.code, p.severity) for p in load_problems("San Juan Prospector", unique("PANAMAX"), 6)] == [
        ("PX-C13", "unverified")]
    spec = {"slots": 2, "min": 8, "max": 12}
    assert codes(load_problems("San Juan Prospector", unique("PANAMAX", ("red", 6)), 1, spec)) == ["PX-C10"]
    assert load_problems("San Juan Prospector", unique("PANAMAX", ("red", 6)), 6, spec) == []


def test_a_ship_sails_once_its_minimum_is_met() -> None:  # PX-M5
    assert not ready_to_sail("red-3", ship(3, 3, 3)) and ready_to_sail("red-3", ship(3, 3, 4))
    assert not ready_to_sail("Dice Fest Line", unique("CRUISE", ("red", 2)))
    assert ready_to_sail("Dice Fest Line", unique("CRUISE", ("red", 1), ("red", 1)))
    assert ready_to_sail("Spiel of the Seas", unique("CRUISE", ("red", 1)))
    assert ready_to_sail("USS Pegasus", unique("MILITARY")) is True
    assert ready_to_sail("San Juan Prospector", unique("PANAMAX", ("red", 6))) is None


def test_each_company_earns_a_dollar_a_pip_of_its_own_dice_whoever_owns_the_ship() -> None:  # PX-M10
    mixed = ship(3, 4, owner="red")
    mixed["dice"].append({"company": "green", "value": 5})
    assert exit_payments(mixed) == {"red": 4, "green": 5}


def test_on_the_prospector_each_company_doubles_one_die_of_its_choice() -> None:  # PX-M14, the rulebook's example
    prospector = unique("PANAMAX", ("red", 5), ("green", 5), ("green", 3))
    assert exit_payments(prospector) == {"red": 10, "green": 13}
    assert exit_payments(prospector, {"green": 3}) == {"red": 10, "green": 11}
    assert codes(doubled_problems(prospector, {"red": 3})) == ["PX-M14"] and doubled_problems(prospector, {"red": 5}) == []


def test_cruise_passengers_go_to_the_mover_first_then_in_turn_order() -> None:  # PX-M13
    cruise = unique("CRUISE", ("red", 1), ("black", 2), ("green", 1))
    assert passenger_payments(cruise, [5, 4, 4], mover="green", turn_order=["red", "green", "black"]) == [
        ("green", 5), ("red", 4), ("black", 4)]
    assert passenger_payments(cruise, [1], mover="red", turn_order=["red", "green", "black"]) == [
        ("red", 1), ("green", None), ("black", None)]


def test_the_owner_takes_the_card_of_the_ship_s_size_or_its_money() -> None:  # PX-M10
    assert [exit_bonus(size, "money") for size in (1, 2, 3)] == [("money", 2), ("money", 3), ("money", 5)]
    assert [exit_bonus(size, "card")[0] for size in (1, 2, 3)] == ["captain", "stevedore", "advisor"]


def test_a_military_ship_pays_a_dollar_a_flag_of_its_nation_up_to_three() -> None:  # PX-M15
    assert [military_pay(flags) for flags in (0, 2, 3, 7)] == [0, 2, 3, 3]
