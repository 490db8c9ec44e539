"""Panamax's set-up (engines/panamax/state.py): §3 steps 1-20, §4's purse, §9's changes."""

from __future__ import annotations

from typing import Any

from engines.panamax.state import OPTIONS, initial_state, setup_problems


def options(**changes: Any) -> dict[str, Any]:
    return {**{name: option.default for name, option in OPTIONS.items()}, **changes}


def codes(problems: list) -> list[str]:
    return [problem.code for problem in problems]


def test_each_company_and_its_manager_start_with_the_rulebook_s_money_shares_and_price() -> None:
    state = initial_state(["Ana", "Ben", "Cy"], options(companies=["black", "red", "green"]))
    assert state["companies"]["black"] == {
        "manager": "Ana", "money": 18, "treasury": 4, "price": 6, "warehouse": 4, "pool": 4,
        "flags": [], "deferred": [], "passengers": [], "benefits": [], "contracts": []}
    assert state["players"]["Ben"]["money"] == 6 and state["players"]["Ben"]["shares"] == {"red": 1}
    assert "yellow" not in state["companies"]


def test_the_advanced_variant_waits_for_the_bids_with_the_player_s_24() -> None:
    state = initial_state(["Ana", "Ben"], options(variant="advanced"))
    assert state["players"]["Ana"]["money"] == 24
    assert state["companies"]["red"]["money"] == 0 and state["companies"]["red"]["price"] is None


def test_each_player_s_one_slot_ship_starts_where_step_15_puts_it_with_a_three() -> None:  # PX-S7
    state = initial_state(["Ana", "Ben", "Cy", "Di"], options())
    starts = {ship: (s["zone"], s["bound"], s["dice"]) for ship, s in state["ships"].items() if ship.endswith("-1")}
    assert starts == {
        "red-1": ("Pedro Miguel Locks", "ATLANTIC", [{"company": "red", "value": 3}]),
        "green-1": ("Culebra Cut", "PACIFIC", [{"company": "green", "value": 3}]),
        "yellow-1": ("Gatun Lake", "ATLANTIC", [{"company": "yellow", "value": 3}]),
        "black-1": ("Miraflores Lake", "PACIFIC", [{"company": "black", "value": 3}]),
    }
    # Nine dice a company: one on the ship, four in the Pool, four in the Warehouse (PX-S8).
    assert all(c["warehouse"] + c["pool"] + 1 == 9 for c in state["companies"].values())
    assert {ship: s["status"] for ship, s in state["ships"].items() if ship.startswith("red-")} == {
        "red-1": "ON_BOARD", "red-2a": "BUILT", "red-2b": "UNBUILT", "red-3": "UNBUILT"}
    assert (state["ships"]["red-3"]["min"], state["ships"]["red-3"]["max"]) == (7, 13)


def test_the_unique_ships_start_in_their_loading_zones() -> None:
    ships = initial_state(["Ana", "Ben", "Cy"], options())["ships"]
    assert ships["USS Iowa"]["zone"] == ships["Dice Fest Line"]["zone"] == "LOADING US_EAST"
    assert ships["San Juan Prospector"]["zone"] == ships["PLAN Yi Yang"]["zone"] == "LOADING CHINA"
    assert ships["Spiel of the Seas"]["kind"] == "CRUISE" and ships["NRP Sagres III"]["kind"] == "MILITARY"


def test_two_players_leave_out_two_unique_ships_and_wait_one_cruise_ship_per_ocean() -> None:  # PX-S6
    ships = initial_state(["Ana", "Ben"], options())["ships"]
    assert "San Juan Prospector" not in ships and "Spiel of the Seas" not in ships  # PX-S6
    assert ships["Lucky Me Cruises"]["zone"] == "WAITING PACIFIC" and ships["Dice Fest Line"]["zone"] == "WAITING ATLANTIC"
    swapped = initial_state(["Ana", "Ben"], options(two_player_pacific_cruise="Dice Fest Line"))["ships"]
    assert swapped["Dice Fest Line"]["zone"] == "WAITING PACIFIC"


def test_the_supplies_are_counted_as_the_box_holds_them() -> None:
    state = initial_state(["Ana", "Ben"], options())
    assert state["passenger_tokens"] == [5, 4, 4, 3, 3, 2, 2, 1]
    assert state["flag_supply"] == {"CHINA": 10, "EU": 10, "US_EAST": 10, "US_WEST": 10}
    assert state["rail"]["flags"] == ["CHINA", "EU", "US_EAST", "US_WEST"] and state["awards_left"] == [3, 5, 7]


def test_two_to_four_players_each_with_a_company_of_their_own() -> None:
    assert codes(setup_problems(["Ana"], options())) == ["PX-S1"]
    assert codes(setup_problems(["A", "B", "C", "D", "E"], options())) == ["PX-S1"]
    assert codes(setup_problems(["Ana", "Ben"], options(companies=["red", "red"]))) == ["PX-S1"]
    assert codes(setup_problems(["Ana", "Ben"], options(companies=["red", "blue"]))) == ["PX-S1"]
    assert codes(setup_problems(["Ana", "Ben", "Cy"], options(companies=["red", "green"]))) == ["PX-S1"]
    assert setup_problems(["Ana", "Ben"], options(companies=["yellow", "black"])) == []
