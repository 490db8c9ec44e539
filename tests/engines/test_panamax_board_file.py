"""Panamax's optional board file (engines/panamax/board.py): facts loaded before the first
event, checked like declared ones.  The zones, rates and prices here are made up."""

from __future__ import annotations

from typing import Any

import pytest

from engines.base import Event, SetupError
from engines.panamax.board import rulebook_board
from engines.panamax.cargo import CRUISE_MAX_DICE
from engines.panamax.movement import KNOWN_SLOTS
from engines.panamax.setup import LAKES
from tests.engines.scenario import codes, legal
from tests.engines.test_panamax_movement import ENGINE, move, moving, playing

BOARD: dict[str, Any] = {
    "canal": ["Gatun Locks", "Gatun Lake", "Culebra Cut", "Miraflores Lake", "Miraflores Locks"],
    "zones": {"Gatun Locks": "DASHED", "Culebra Cut": "DASHED", "Pedro Miguel Locks": "DASHED"},
    "crossings": [{"bound": "ATLANTIC", "from": "Pedro Miguel Locks", "to": "Culebra Cut", "icon": "lock"}],
    "fees": {"Culebra Cut": 3},
    "market": [{"price": 6, "dividend": 2}],
    "clipboard": {"EU": ["market", "none"]},
    "ships": {"San Juan Prospector": {"slots": 3, "min": 6, "max": 14}},
    "two_slot_cost": 6,
}


def test_a_board_file_that_cannot_be_read_stops_the_set_up() -> None:
    for bad in ({"zones": {"Culebra Cut": "CANYON"}}, {"fees": {"Culebra Cut": 5}}, {"rivers": []},
                {"clipboard": {"MARS": ["none"]}}, {"ships": {"USS Nowhere": {"slots": 2}}}, []):
        with pytest.raises(SetupError) as refused:
            ENGINE.setup(["Ana", "Ben"], {"board": bad})
        assert {v.code for v in refused.value.violations} == {"options/invalid"}, bad


def test_the_board_s_facts_stand_before_the_first_event() -> None:
    state = ENGINE.setup(["Ana", "Ben"], {"board": BOARD})
    # The named places the file leaves out keep their place among the others.
    assert state["canal"] == ["Gatun Locks", "Gatun Lake", "Culebra Cut", "Pedro Miguel Locks", "Miraflores Lake",
                              "Miraflores Locks"]
    assert state["declared"]["zone_fee:Culebra Cut"] == {"value": 3, "at": "board", "label": "The fee in Culebra Cut"}
    assert state["declared"]["ship_spec:San Juan Prospector"]["value"] == {"slots": 3, "min": 6, "max": 14}


def test_a_move_needs_no_declaration_the_board_made_and_cannot_contradict_it() -> None:
    state = moving()
    state["declared"] = ENGINE.setup(["Ana", "Ben"], {"board": BOARD})["declared"]
    # Ana's ship at Pedro Miguel Locks, bound for the Atlantic: the board says a lock leads to Culebra Cut.
    assert codes(ENGINE, state, move(["red-1"], "waterway", "Culebra Cut")) == ["declared/conflict"]
    legal(ENGINE, state, move(["red-1"], "lock", "Culebra Cut"))  # its kind is on the board: nothing to declare


def test_the_shipped_board_file_holds_only_what_the_rulebook_states() -> None:
    shipped = rulebook_board()
    assert set(shipped) == {"zones", "ships"}
    assert shipped["zones"] == {lake: "LAKE" for lake in LAKES}  # "Miraflores Lake and Gatun Lake"
    assert {ship: spec["slots"] for ship, spec in shipped["ships"].items()} == KNOWN_SLOTS  # §9 "3-slot Cruise ships"
    assert {ship: spec["max_dice"] for ship, spec in shipped["ships"].items()} == CRUISE_MAX_DICE  # §10
    state = ENGINE.setup(["Ana", "Ben", "Cy"], {"board": shipped})
    assert state["declared"]["zone_kind:Gatun Lake"]["at"] == "board"


def test_with_the_market_table_on_the_board_a_price_stays_on_it() -> None:  # PX-K5
    table = {"market": [{"price": price, "dividend": price // 3} for price in range(4, 9)]}  # made up: $4 to $8
    state = legal(ENGINE, playing(options={"board": table}),
                  Event("action_die_taken", {"from": {"executive": 3}, "use": "market_raise"}))
    assert state["market_prices"] == [4, 5, 6, 7, 8]
    assert codes(ENGINE, state, Event("stock_raised", {"company": "red"})) == []  # $6 to $8
    state["companies"]["red"]["price"] = 7
    assert codes(ENGINE, state, Event("stock_raised", {"company": "red"})) == ["PX-K5"]  # $9 is off the table
