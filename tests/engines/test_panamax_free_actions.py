"""A flag's free action through the engine (engines/panamax/flags.py, free_actions.py).

Which icon lies under which Clipboard space is not in the rulebook: the icons here are
declared by the tests, never presented as the game's.  Cards are made up too."""

from __future__ import annotations

from typing import Any

from engines.base import Event, State
from engines.panamax.engine import Panamax
from tests.engines.scenario import codes, legal
from tests.engines.test_panamax_loading import card, drawn_next, load, placed, taken
from tests.engines.test_panamax_loading import playing as loading_table
from tests.engines.test_panamax_turns import END, take

ENGINE = Panamax()


def playing() -> State:
    """Ana (red) and Ben (green); the EU card C5 (one 4) on column 5, another EU card (a 3) on Inbound."""
    return loading_table(inbound=card("I", "EU", (3,)))


def flagged(icon: str) -> State:
    """Ana completes C5 onto her 2-slot ship in the EU Loading zone: her first EU flag,
    on a space showing ``icon``."""
    return legal(ENGINE, playing(), take({"column": 5}, "contract_load"), taken(), drawn_next(),
                 placed("ship_deployed", "red-2a", "LOADING EU"), load(0, 0, "red-2a", free_action=icon))


def used(kind: str, **more: Any) -> Event:
    return Event("free_action_used", {"kind": kind, **more})


def test_a_flag_s_free_action_comes_before_anything_else() -> None:  # PX-F1
    state = flagged("market")
    assert state["companies"]["red"]["flags"] == ["EU"]
    assert state["declared"]["clipboard:EU:0"]["value"] == "market"
    assert ENGINE.expected(state) == {"actors": ["Ana"], "event_types": ["free_action_used"],
                                      "options": {"free_action_used": {"kind": ["market", "defer"],
                                                                       "company": ["red", "green"]}}}
    assert codes(ENGINE, state, END) == ["PX-F1"]
    assert codes(ENGINE, state, used("load_die", supply="pool", ship="red-2a")) == ["PX-F1"]
    assert codes(ENGINE, state, used("market", company="green", free_action="none")) == []
    bought = legal(ENGINE, state, used("market", company="green"))
    assert bought["players"]["Ana"]["money"] == 0 and bought["players"]["Ana"]["shares"] == {"red": 1, "green": 1}
    assert bought["companies"]["green"]["money"] == 18 + 6 and bought["companies"]["green"]["price"] == 7
    assert bought["free_action"] is None
    legal(ENGINE, bought, END)


def test_a_space_keeps_the_icon_first_declared_for_it() -> None:  # PX-F1 (declared)
    state = legal(ENGINE, flagged("none"), END)
    other = legal(ENGINE, state, take({"column": 6}, "contract_load"))
    other["companies"]["green"]["contracts"] = [{"card": "X", "side": "front", "nation": "EU",
                                                 "containers": [{"value": 3, "rail": False, "loaded": False}]}]
    other = legal(ENGINE, other, placed("ship_deployed", "green-2a", "LOADING EU"))
    assert codes(ENGINE, other, load(0, 0, "green-2a", free_action="move3")) == ["declared/conflict"]
    legal(ENGINE, other, load(0, 0, "green-2a"))  # known now: nothing to declare


def test_a_deferred_market_returns_with_the_nation_s_next_flag_in_a_later_turn() -> None:  # PX-F2
    state = legal(ENGINE, flagged("market"), used("defer"))
    assert state["companies"]["red"]["deferred"] == [{"nation": "EU", "at": "turn:1:0"}]
    # The same turn: another EU flag brings nothing back.
    same = legal(ENGINE, state, placed("ship_built", "red-3", "LOADING EU"))
    same["companies"]["red"]["contracts"] = [{"card": "X", "side": "front", "nation": "EU",
                                              "containers": [{"value": 1, "rail": False, "loaded": False}]}]
    same = legal(ENGINE, same, load(0, 0, "red-3", free_action="none"))
    assert same["free_action"] is None and same["companies"]["red"]["flags"] == ["EU", "EU"]
    # A later turn: Ana's next EU flag brings it back, to use at once or lose.
    later = legal(ENGINE, state, END, take({"column": 1}, "pass"), END, take({"column": 5}, "contract_load"), taken(),
                  drawn_next("N2"), load(0, 0, "red-2a", free_action="none"))
    assert ENGINE.expected(later)["options"] == {"free_action_used": {"kind": ["deferred_market", "decline"],
                                                                      "company": ["red", "green"]}}
    bought = legal(ENGINE, later, used("deferred_market", company="red"))
    assert bought["players"]["Ana"]["shares"]["red"] == 2 and bought["companies"]["red"]["deferred"] == []
    lost = legal(ENGINE, later, END)  # any other event: "it is lost ... the flag is turned back"
    assert lost["companies"]["red"]["deferred"] == [] and lost["free_action"] is None


def test_a_free_die_is_a_two_onto_any_ship_in_a_loading_zone() -> None:  # PX-F3, PX-C16
    state = flagged("load_die")
    assert codes(ENGINE, state, used("load_die", supply="pool", ship="red-1")) == ["PX-C9"]  # in the canal
    state["companies"]["red"]["pool"] = 0
    assert codes(ENGINE, state, used("load_die", supply="pool", ship="red-2a")) == ["PX-F3"]
    state = legal(ENGINE, state, used("load_die", supply="warehouse", ship="red-2a"))  # loaded this turn already
    assert state["ships"]["red-2a"]["dice"] == [{"company": "red", "value": 4}, {"company": "red", "value": 2}]
    assert state["companies"]["red"]["warehouse"] == 3 - 1


def test_a_free_rail_action_loads_a_two_or_raises_one_s_own_wagon_die() -> None:  # PX-F4
    state = flagged("load_rail")
    state["rail"]["wagon1"] = [{"company": "green", "value": 3}, {"company": "red", "value": 5}]
    assert codes(ENGINE, state, used("load_rail", **{"raise": 0})) == ["PX-F4"]  # Ben's die
    assert codes(ENGINE, state, used("load_rail", **{"raise": 1})) == ["PX-F4"]  # 5 + 2 > 6
    state["rail"]["wagon1"][1]["value"] = 4
    raised = legal(ENGINE, state, used("load_rail", **{"raise": 1}))
    assert raised["rail"]["wagon1"][1] == {"company": "red", "value": 6}
    loaded = legal(ENGINE, state, used("load_rail", supply="pool"))
    assert loaded["rail"]["wagon1"][-1] == {"company": "red", "value": 2} and loaded["companies"]["red"]["pool"] == 3


def test_move_three_owes_three_moves_of_any_kind() -> None:  # PX-F1, PX-M1, PX-M2
    state = legal(ENGINE, flagged("move3"), used("move3"))
    assert codes(ENGINE, state, END) == ["PX-M2"]
    state = legal(ENGINE, state,
                  Event("ship_moved", {"ships": ["red-1"], "kind": "lock", "to": "Culebra Cut", "to_kind": "DASHED",
                                       "via": "move3"}),
                  Event("ship_moved", {"ships": ["green-1"], "kind": "waterway", "to": "Pedro Miguel Locks",
                                       "to_kind": "DASHED", "via": "move3"}),
                  Event("ship_moved", {"ships": ["green-1"], "kind": "lock", "to": "Miraflores Lake", "via": "move3"}))
    assert codes(ENGINE, state, Event("ship_moved", {"ships": ["green-1"], "kind": "lock", "to": "OCEAN",
                                                     "via": "move3", "bonus": {"green-1": "money"}})) == ["PX-M1"]
    legal(ENGINE, state, END)


def test_a_free_action_that_cannot_be_used_is_recorded_unverified() -> None:  # PX-F1
    state = flagged("load_die")
    assert [(v.code, v.severity) for v in ENGINE.check(state, used("impossible"))] == [("PX-F1", "unverified")]
    assert codes(ENGINE, flagged("market"), used("impossible")) == ["PX-F1"]  # the Market action may be deferred
    legal(ENGINE, state, used("impossible"), END)


def test_a_rail_flag_s_free_moves_are_made_before_the_round_goes_on() -> None:  # PX-E2, PX-F1
    state = legal(ENGINE, playing(), take({"column": 4}, "contract_load"), taken(), drawn_next(),
                  placed("ship_deployed", "red-2a", "LOADING CHINA"), load(0, 0), END)
    while state["phase"] == "TURNS":
        layout = state["action_table"]
        column = next((c for c in range(1, 7) if layout["columns"][c - 1]), None)
        state = legal(ENGINE, state, take({"column": column} if column else {"executive": layout["executive"][0]},
                                          "pass"), END)
    state = legal(ENGINE, state, Event("rail_flag_taken", {"player": "Ana", "nation": "US_EAST", "free_action": "move3"}),
                  used("move3"))
    assert state["phase"] == "END_RAIL" and ENGINE.expected(state)["event_types"] == ["ship_moved", "movement_impossible"]
    assert codes(ENGINE, state, Event("cargo_fees", {"company": "red", "zone_dice": []})) != []
    state = legal(ENGINE, state, Event("movement_impossible", {"reason": "no ship can move"}))
    assert state["phase"] == "END_FEES" and state["turn"] is None
