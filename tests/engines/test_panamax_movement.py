"""Panamax's ship movement through the engine (engines/panamax/movement.py): the die's
moves, direction, groups, dashed rectangles and pushes, leaving the canal, military pay.

Zone names other than the rulebook's own are made up for the tests (the canal's map is
not in the rulebook), and so are the sizes declared for unique ships."""

from __future__ import annotations

from typing import Any

from engines.base import Event, State
from engines.panamax.action_table import layout_from_rolls
from engines.panamax.engine import Panamax
from tests.engines.scenario import codes, legal

ENGINE = Panamax()
# Two players: 10 Action dice and 2 Executive dice (§9).  Columns: 2, 3, 0, 1, 2, 2, so the
# Executive 3 is free to take.
ACTION = [1, 2, 2, 4, 5, 6, 1, 2, 5, 6]
EXECUTIVE = [3, 4]
END = Event("turn_ended", {})


def card(card_id: str) -> dict[str, Any]:
    return {"id": card_id, "front": {"nation": "EU", "containers": [{"value": 4, "rail": False}]},
            "back": {"containers": [{"value": 3, "rail": False}]}}


def playing(players: tuple[str, ...] = ("Ana", "Ben"), options: dict[str, Any] | None = None) -> State:
    """At Ana's (red) first turn; Ben is green.  Ana's 1-slot ship (a 3) is at Pedro Miguel
    Locks bound for the Atlantic, Ben's at Culebra Cut bound for the Pacific."""
    action = ACTION if len(players) == 2 else [1, 2, 2, 4, 5, 6, 1, 5, 6]
    executive = EXECUTIVE if len(players) == 2 else [3, 4, 2]
    state = ENGINE.setup(list(players), {"setup_contracts_in_standard": False, **(options or {})})
    return legal(ENGINE, state,
                 Event("action_table_rolled", {"action_rolls": action, "executive_rolls": executive,
                                               "layout": layout_from_rolls(action, executive)}),
                 Event("contracts_revealed", {"action_table": {s: card(f"C{s}") for s in "456"},
                                              "inbound": card("I"), "draw_top": card("D")}),
                 *[Event("financial_advisor_kept", {"player": p}) for p in players])


def moving(source: dict[str, int] | None = None, players: tuple[str, ...] = ("Ana", "Ben")) -> State:
    """Ana has taken a movement die: by default column 1's lower die (2 waterways, 1 lock)."""
    return legal(ENGINE, playing(players), Event("action_die_taken", {"from": source or {"column": 1}, "use": "movement"}))


def move(ships: list[str], kind: str, to: str, **more: Any) -> Event:
    return Event("ship_moved", {"ships": ships, "kind": kind, "to": to, **more})


def test_a_movement_die_owes_its_waterways_and_locks_and_no_more() -> None:  # PX-M1, PX-M2, PX-M6
    state = moving()
    assert state["turn"]["allowance"] == {"waterway": 2, "lock": 1}
    state = legal(ENGINE, state, move(["red-1"], "waterway", "Culebra Cut", to_kind="DASHED"))
    assert state["ships"]["red-1"]["zone"] == "Culebra Cut"
    assert codes(ENGINE, state, END) == ["PX-M2"]
    state = legal(ENGINE, state, move(["green-1"], "lock", "Pedro Miguel Locks", to_kind="DASHED"))  # Ben's ship: any
    assert codes(ENGINE, state, move(["green-1"], "lock", "Miraflores Lake")) == ["PX-M1"]
    state = legal(ENGINE, state, move(["green-1"], "waterway", "Miraflores Lake"))
    assert "turn_ended" in ENGINE.expected(state)["event_types"] and "ship_moved" not in ENGINE.expected(state)["event_types"]
    assert codes(ENGINE, state, Event("movement_impossible", {"reason": "stuck"})) == ["PX-M2"]  # nothing is owed
    legal(ENGINE, state, END)


def test_a_market_or_contract_die_moves_nothing() -> None:  # PX-M1
    state = legal(ENGINE, playing(), Event("action_die_taken", {"from": {"column": 5}, "use": "contract_load"}))
    assert codes(ENGINE, state, move(["red-1"], "waterway", "Culebra Cut", to_kind="DASHED")) == ["PX-M1"]


def test_an_impossible_movement_is_recorded_unverified_and_ends_the_obligation() -> None:  # PX-M2
    state = moving()
    claim = Event("movement_impossible", {"reason": "every dashed rectangle ahead is full"})
    assert [(v.code, v.severity) for v in ENGINE.check(state, claim)] == [("PX-M2", "unverified")]
    legal(ENGINE, state, claim, END)


def test_a_new_zone_declares_its_kind_and_ships_never_turn_back() -> None:  # PX-M4, PX-M8
    state = moving()
    assert codes(ENGINE, state, move(["red-1"], "waterway", "Culebra Cut")) == ["PX-M8"]
    # Ana's ship is bound for the Atlantic: Miraflores Lake lies behind it.
    assert codes(ENGINE, state, move(["red-1"], "waterway", "Miraflores Lake")) == ["PX-M4"]
    assert codes(ENGINE, state, move(["red-1"], "waterway", "LOADING EU")) == ["PX-M3"]
    state = legal(ENGINE, state, move(["red-1"], "waterway", "Gatun Cut", to_kind="DASHED"))
    # A zone first seen lies beyond the one the ship came from, in its direction.
    assert state["canal"] == ["Gatun Lake", "Culebra Cut", "Gatun Cut", "Pedro Miguel Locks", "Miraflores Lake"]
    assert state["declared"]["zone_kind:Gatun Cut"]["value"] == "DASHED"
    assert codes(ENGINE, state, move(["green-1"], "waterway", "Gatun Lake")) == ["PX-M4"]  # behind a Pacific-bound ship


def test_the_same_crossing_keeps_its_icon() -> None:  # PX-M3 (declared)
    state = legal(ENGINE, moving({"executive": 3}), move(["red-1"], "waterway", "Culebra Cut", to_kind="DASHED"))
    assert codes(ENGINE, state, move(["USS Iowa"], "lock", "Gatun Locks", to_kind="DASHED")) == []  # a new crossing
    # The Atlantic-bound crossing from Pedro Miguel Locks to Culebra Cut was a waterway.
    state["ships"]["red-1"]["zone"] = "Pedro Miguel Locks"
    assert codes(ENGINE, state, move(["red-1"], "lock", "Culebra Cut")) == ["declared/conflict"]


def test_only_ships_ready_to_sail_move_and_military_ships_always_are() -> None:  # PX-M5
    state = moving(players=("Ana", "Ben", "Cy"))
    assert codes(ENGINE, state, move(["Dice Fest Line"], "waterway", "Gatun Locks", to_kind="DASHED")) == ["PX-M5"]
    legal(ENGINE, state, move(["USS Iowa"], "waterway", "Gatun Locks", to_kind="DASHED", sizes={"USS Iowa": 2}))


def test_a_group_is_four_slots_from_one_place() -> None:  # PX-M7
    state = moving(players=("Ana", "Ben", "Cy"))
    group = ["USS Iowa", "NRP Sagres III"]  # the two Atlantic Loading zones are adjacent
    unsized = ENGINE.check(state, move(group, "waterway", "Gatun Locks", to_kind="DASHED"))
    assert [(v.code, v.severity) for v in unsized] == [("PX-M7", "unverified"), ("PX-M8", "unverified")]
    too_big = move(group, "waterway", "Gatun Locks", to_kind="DASHED", sizes={"USS Iowa": 3, "NRP Sagres III": 2})
    assert codes(ENGINE, state, too_big) == ["PX-M7"]
    heads = move(["USS Iowa", "PLAN Yi Yang"], "waterway", "Gatun Locks", to_kind="DASHED",
                 sizes={"USS Iowa": 2, "PLAN Yi Yang": 2})
    assert codes(ENGINE, state, heads) == ["PX-M4"]  # the other ocean's ship heads the other way
    apart = move(["USS Iowa", "green-1"], "waterway", "Miraflores Lake", sizes={"USS Iowa": 2})
    # Both bound for the Pacific, but not in one place, nor is Miraflores Lake the next zone of either (PX-M3).
    assert codes(ENGINE, state, apart) == ["PX-M7", "PX-M3", "PX-M3"]
    state = legal(ENGINE, state, move(group, "waterway", "Gatun Locks", to_kind="DASHED",
                                      sizes={"USS Iowa": 2, "NRP Sagres III": 2}))
    assert state["ships"]["USS Iowa"]["group"] == ["NRP Sagres III", "USS Iowa"]
    # Out of a lake only may a group split.
    assert codes(ENGINE, state, move(["USS Iowa"], "lock", "Gatun Lake")) == ["PX-M7"]
    state = legal(ENGINE, state, move(group, "lock", "Gatun Lake"))
    assert state["ships"]["USS Iowa"]["group"] is None
    legal(ENGINE, state, move(["USS Iowa"], "waterway", "Culebra Cut", to_kind="DASHED"))


def test_a_full_dashed_rectangle_is_entered_only_by_pushing_its_ships_forward() -> None:  # PX-M8, PX-M9
    state = moving({"executive": 3}, players=("Ana", "Ben", "Cy"))
    sizes = {"USS Iowa": 2, "NRP Sagres III": 2}
    state = legal(ENGINE, state, move(["USS Iowa", "NRP Sagres III"], "waterway", "Gatun Locks", to_kind="DASHED",
                                      sizes=sizes))
    # Dice Fest Line (3 slots) cannot join the 4 slots already in Gatun Locks...
    state["ships"]["Dice Fest Line"]["dice"] = [{"company": "red", "value": 1}, {"company": "green", "value": 2}]
    assert codes(ENGINE, state, move(["Dice Fest Line"], "waterway", "Gatun Locks")) == ["PX-M8"]
    # ...unless it pushes them on, but never out of the canal.
    group = ["USS Iowa", "NRP Sagres III"]
    out = move(["Dice Fest Line"], "waterway", "Gatun Locks", pushes=[{"ships": group, "to": "OCEAN"}])
    assert codes(ENGINE, state, out) == ["PX-M9"]
    state = legal(ENGINE, state, move(["Dice Fest Line"], "waterway", "Gatun Locks",
                                      pushes=[{"ships": group, "to": "Gatun Lake"}]))
    assert {ship: state["ships"][ship]["zone"] for ship in ("Dice Fest Line", *group)} == {
        "Dice Fest Line": "Gatun Locks", "USS Iowa": "Gatun Lake", "NRP Sagres III": "Gatun Lake"}
    assert state["turn"]["moves"] == {"waterway": 2}  # the push cost nothing
    # Ships in lakes are never pushed.
    lake = move(["Dice Fest Line"], "lock", "Gatun Lake", pushes=[{"ships": ["USS Iowa"], "to": "Culebra Cut",
                                                                   "to_kind": "DASHED"}])
    assert codes(ENGINE, state, lake) == ["PX-M9"]


def test_ships_that_came_into_a_rectangle_apart_do_not_leave_it_as_a_group() -> None:  # PX-M7
    state = moving({"executive": 3}, players=("Ana", "Ben", "Cy"))
    state = legal(ENGINE, state, move(["USS Iowa"], "waterway", "Gatun Locks", to_kind="DASHED", sizes={"USS Iowa": 2}),
                  move(["NRP Sagres III"], "waterway", "Gatun Locks", sizes={"NRP Sagres III": 2}))
    assert codes(ENGINE, state, move(["USS Iowa", "NRP Sagres III"], "lock", "Gatun Lake")) == ["PX-M7"]
    legal(ENGINE, state, move(["USS Iowa"], "lock", "Gatun Lake"))


def test_ships_are_pushed_only_out_of_a_rectangle_with_no_room() -> None:  # PX-M9
    state = moving({"executive": 3}, players=("Ana", "Ben", "Cy"))
    state = legal(ENGINE, state, move(["USS Iowa"], "waterway", "Gatun Locks", to_kind="DASHED", sizes={"USS Iowa": 2}))
    needless = move(["NRP Sagres III"], "waterway", "Gatun Locks", sizes={"NRP Sagres III": 2},
                    pushes=[{"ships": ["USS Iowa"], "to": "Gatun Lake"}])
    assert codes(ENGINE, state, needless) == ["PX-M9"]
    legal(ENGINE, state, move(["NRP Sagres III"], "waterway", "Gatun Locks", sizes={"NRP Sagres III": 2}))


def test_a_pushed_military_ship_pays_nobody_and_a_moved_one_pays_its_flags_once() -> None:  # PX-M15
    state = moving({"executive": 3}, players=("Ana", "Ben", "Cy"))
    state["companies"]["red"]["flags"] = ["US_EAST", "US_EAST", "EU", "US_EAST", "US_EAST"]
    state = legal(ENGINE, state, move(["NRP Sagres III"], "waterway", "Gatun Locks", to_kind="DASHED",
                                      sizes={"NRP Sagres III": 4}),
                  move(["USS Iowa"], "lock", "Gatun Locks", sizes={"USS Iowa": 2},
                       pushes=[{"ships": ["NRP Sagres III"], "to": "Gatun Lake"}]))
    claim = Event("military_pay_claimed", {"ship": "NRP Sagres III"})
    assert codes(ENGINE, state, claim) == []  # moved before it was pushed
    paid = legal(ENGINE, state, Event("military_pay_claimed", {"ship": "USS Iowa"}))
    assert paid["players"]["Ana"]["money"] == 6 + 3  # four US East flags: $3 at most
    assert codes(ENGINE, paid, claim) == ["PX-M15"]  # once a turn
    assert codes(ENGINE, state, Event("military_pay_claimed", {"ship": "PLAN Yi Yang"})) == ["PX-M15"]  # not moved


def test_a_ship_leaves_by_a_lock_paying_its_pips_and_its_owner_s_bonus() -> None:  # PX-M10, PX-M12
    state = moving()
    state["ships"]["red-1"]["zone"] = "Gatun Lake"  # as if it had sailed to the canal's Atlantic end
    assert codes(ENGINE, state, move(["red-1"], "waterway", "OCEAN")) == ["PX-M10"]
    assert codes(ENGINE, state, move(["red-1"], "lock", "OCEAN")) == ["PX-M10"]  # the owner's choice is missing
    pushing = move(["red-1"], "lock", "OCEAN", bonus={"red-1": "money"}, pushes=[{"ships": ["green-1"], "to": "X"}])
    assert codes(ENGINE, state, pushing) == ["PX-M9"]
    money = legal(ENGINE, state, move(["red-1"], "lock", "OCEAN", bonus={"red-1": "money"}))
    assert money["companies"]["red"]["money"] == 18 + 3 and money["players"]["Ana"]["money"] == 6 + 2
    assert money["companies"]["red"]["pool"] == 4 + 1
    assert money["ships"]["red-1"] | {} == {**state["ships"]["red-1"], "zone": "WAITING ATLANTIC", "bound": None,
                                            "dice": [], "group": None}
    taken = legal(ENGINE, state, move(["red-1"], "lock", "OCEAN", bonus={"red-1": "card"}))
    assert taken["players"]["Ana"]["captain"] == [{"card": 1, "round": 1, "turn": 0}]
    assert taken["captain_stack"] == [2, 3, 4, 5] and taken["players"]["Ana"]["money"] == 6
    state["captain_stack"] = []
    assert codes(ENGINE, state, move(["red-1"], "lock", "OCEAN", bonus={"red-1": "card"})) == ["PX-M12"]
    assert codes(ENGINE, state, move(["red-1"], "lock", "OCEAN", bonus={"red-1": "money", "USS Iowa": "money"})) == [
        "PX-M11"]


def test_the_san_juan_prospector_doubles_one_die_of_each_company() -> None:  # PX-M14, the rulebook's example
    state = moving({"executive": 3}, players=("Ana", "Ben", "Cy"))
    prospector = state["ships"]["San Juan Prospector"]
    prospector["zone"] = "Gatun Lake"
    prospector["dice"] = [{"company": "red", "value": 5}, {"company": "green", "value": 5},
                          {"company": "green", "value": 3}]
    assert codes(ENGINE, state, move(["San Juan Prospector"], "lock", "OCEAN", doubled={"green": 4})) == ["PX-M14"]
    state = legal(ENGINE, state, move(["San Juan Prospector"], "lock", "OCEAN", doubled={"red": 5, "green": 5}))
    assert state["companies"]["red"]["money"] == 18 + 10 and state["companies"]["green"]["money"] == 18 + 13
    assert state["ships"]["San Juan Prospector"]["zone"] == "WAITING ATLANTIC"


def test_a_cruise_ship_hands_out_passengers_to_the_mover_first() -> None:  # PX-M13, PX-F6
    state = moving(players=("Ana", "Ben", "Cy"))
    cruise = state["ships"]["Dice Fest Line"]
    cruise.update({"zone": "Miraflores Lake", "dice": [{"company": "green", "value": 1}, {"company": "red", "value": 2}]})
    exit_ = move(["Dice Fest Line"], "lock", "OCEAN")
    assert codes(ENGINE, state, exit_) == ["PX-M13"]  # two tokens: two spots to name
    spots = ["extra_load", "transfer_2"]  # red (the mover's) first, then green
    state = legal(ENGINE, state, move(["Dice Fest Line"], "lock", "OCEAN", spots=spots))
    assert state["companies"]["red"]["money"] == 18 + 5 and state["companies"]["green"]["money"] == 18 + 4
    assert state["companies"]["red"]["benefits"] == ["extra_load"]
    assert state["companies"]["green"]["benefits"] == ["transfer_2"]
    assert state["passenger_tokens"] == [4, 3, 3, 2, 2, 1]


def test_the_board_view_says_what_each_zone_holds_and_which_ships_may_sail() -> None:
    state = moving(players=("Ana", "Ben", "Cy"))
    state = legal(ENGINE, state, move(["USS Iowa"], "waterway", "Gatun Locks", to_kind="DASHED", sizes={"USS Iowa": 2}))
    seen = ENGINE.board_view(state)
    assert seen["oceans"]["ATLANTIC"] == ["LOADING EU", "LOADING US_EAST", "WAITING ATLANTIC"]
    assert seen["zones"]["Gatun Locks"] == {"kind": "DASHED", "slots_used": 2, "capacity": 4}
    assert seen["zones"]["Gatun Lake"] == {"kind": "LAKE", "slots_used": 1, "capacity": None}  # Cy's 1-slot ship
    assert seen["zones"]["Culebra Cut"]["kind"] is None  # nobody has declared it
    assert seen["ready"]["red-1"] is True and seen["ready"]["Dice Fest Line"] is False
    assert seen["ready"]["San Juan Prospector"] is None  # its tile is not in the rulebook


def test_the_page_is_offered_the_ships_that_may_sail_and_the_zones_ahead_of_each() -> None:  # PX-M4, PX-M5
    offered = ENGINE.expected(moving(players=("Ana", "Ben", "Cy")))["options"]["ship_moved"]
    moves = {m["ship"]: m for m in offered["moves"]}
    assert "Dice Fest Line" not in moves and "USS Iowa" in moves  # an empty cruise ship does not sail
    assert moves["red-1"]["ahead"] == ["Culebra Cut", "Gatun Lake"]  # bound for the Atlantic
    assert moves["green-1"]["ahead"] == ["Pedro Miguel Locks", "Miraflores Lake"]
    assert moves["San Juan Prospector"]["ready"] is None  # its tile is not in the rulebook: the table judges
    assert offered["moves_left"] == [{"lock": 1, "waterway": 2, "any": 0}]


def test_the_page_is_told_what_each_exit_asks() -> None:  # PX-M10, PX-M12, PX-M13, PX-M14
    state = moving(players=("Ana", "Ben", "Cy"))
    state["ships"]["Dice Fest Line"]["dice"] = [{"company": "green", "value": 1}, {"company": "red", "value": 2}]
    state["ships"]["San Juan Prospector"]["dice"] = [{"company": "red", "value": 5}, {"company": "green", "value": 3}]
    state["captain_stack"] = []
    offered = ENGINE.expected(state)["options"]["ship_moved"]
    exits = {m["ship"]: m["exit"] for m in offered["moves"]}
    assert exits["red-1"]["bonus"] == {"owner": "red", "card": "captain", "card_left": False, "money": 2}
    assert exits["Dice Fest Line"]["passengers"] == ["red", "green"]  # the mover's company first
    assert exits["San Juan Prospector"]["doubles"] == {"red": [5], "green": [3]}
    assert offered["tokens"] == [5, 4, 4, 3, 3, 2, 2, 1]
    zones = {z["zone"]: z for z in offered["zones"]}
    assert zones["Culebra Cut"]["kind"] is None and zones["Culebra Cut"]["capacity"] is None  # declared when first entered
    assert offered["refused"] == [{"ship": "Lucky Me Cruises", "zone": "LOADING EU", "reason": "does not carry enough to sail"},
                                  {"ship": "Spiel of the Seas", "zone": "LOADING US_WEST",
                                   "reason": "does not carry enough to sail"}]


def test_the_page_is_told_each_rectangle_s_ships_and_room_for_the_pushes() -> None:  # PX-M8, PX-M9
    state = moving({"executive": 3}, players=("Ana", "Ben", "Cy"))
    state = legal(ENGINE, state, move(["USS Iowa", "NRP Sagres III"], "waterway", "Gatun Locks", to_kind="DASHED",
                                      sizes={"USS Iowa": 2, "NRP Sagres III": 2}))
    state["ships"]["Dice Fest Line"]["dice"] = [{"company": "red", "value": 1}, {"company": "green", "value": 2}]
    offered = ENGINE.expected(state)["options"]["ship_moved"]
    zones = {z["zone"]: z for z in offered["zones"]}
    assert zones["Gatun Locks"]["held"] == 4 and zones["Gatun Locks"]["capacity"] == 4
    assert [s["ship"] for s in zones["Gatun Locks"]["ships"]] == ["USS Iowa", "NRP Sagres III"]
    assert zones["Gatun Lake"]["capacity"] is None  # a lake has no limit, and nobody is pushed out of it
    # The crossing just made is known: the next ship across it need not say its icon.
    icons = {m["ship"]: m["icons"] for m in offered["moves"]}
    assert icons["Dice Fest Line"] == {"Gatun Locks": "waterway"}
