"""Panamax's Clipboard (engines/panamax/clipboard.py): flags and their free actions,
Passenger benefits (§5 "The Clipboard", "Free Actions", "Passenger benefits")."""

from __future__ import annotations

from engines.panamax.clipboard import (
    benefit_problems,
    first_column_complete,
    flag_problems,
    free_action_problems,
    next_slot,
    rail_raise_problems,
)


def codes(problems: list) -> list[str]:
    return [problem.code for problem in problems]


def test_flags_run_out() -> None:
    assert flag_problems("EU", {"EU": 1}) == [] and codes(flag_problems("EU", {"EU": 0})) == ["PX-C14"]


def test_a_flag_of_every_nation_fills_the_first_column() -> None:  # PX-F5
    assert not first_column_complete(["EU", "EU", "CHINA", "US_WEST"])
    assert first_column_complete(["EU", "CHINA", "US_WEST", "US_EAST", "EU"])
    assert (next_slot(["EU", "CHINA", "EU"], "EU"), next_slot(["EU"], "US_WEST")) == (2, 0)


def test_a_free_action_is_used_at_once_and_only_the_market_may_wait() -> None:  # PX-F1
    pending = {"nation": "EU", "kind": "load_die"}
    assert free_action_problems(pending, "load_die") == []
    assert codes(free_action_problems(pending, None)) == ["PX-F1"]
    assert codes(free_action_problems(pending, "defer")) == ["PX-F1"]
    assert codes(free_action_problems(pending, "move3")) == ["PX-F1"]
    assert free_action_problems({"nation": "EU", "kind": "market"}, "defer") == []
    assert codes(free_action_problems(None, "market")) == ["PX-F1"] and free_action_problems(None, None) == []


def test_a_wagon_die_rises_by_two_up_to_six_and_only_one_s_own() -> None:  # PX-F4
    assert rail_raise_problems(4, own=True) == []
    assert codes(rail_raise_problems(5, own=True)) == ["PX-F4"] and codes(rail_raise_problems(1, own=False)) == ["PX-F4"]


def test_each_passenger_spot_holds_one_token() -> None:  # PX-F6
    assert benefit_problems([], "transfer_2") == []
    assert codes(benefit_problems(["transfer_2"], "transfer_2")) == ["PX-F6"]
    assert codes(benefit_problems([], "free_lunch")) == ["PX-F6"]
    assert codes(benefit_problems(["extra_load"], None)) == ["PX-F6"]
    assert benefit_problems(["transfer_2", "extra_contract_choice", "extra_load"], None) == []
