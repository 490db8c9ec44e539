"""Panamax's turns through the engine (engines/panamax/turns.py): the Action die, a
transfer before it, an Executive die's Market action, the turn's end and the round's."""

from __future__ import annotations

from typing import Any

from engines.base import Event, State
from engines.panamax.action_table import layout_from_rolls
from engines.panamax.engine import Panamax
from tests.engines.scenario import codes, legal

ENGINE = Panamax()
# Two players: 10 Action dice and 2 Executive dice (§9).
ACTION = [1, 2, 3, 4, 5, 6, 1, 2, 5, 6]
EXECUTIVE = [3, 4]


def card(card_id: str) -> dict[str, Any]:
    return {"id": card_id, "front": {"nation": "EU", "containers": [{"value": 4, "rail": False}]},
            "back": {"containers": [{"value": 3, "rail": False}]}}


def playing() -> State:
    """Ana (red) and Ben (green) at their first turn, the set-up done (no Setup Contracts)."""
    state = ENGINE.setup(["Ana", "Ben"], {"setup_contracts_in_standard": False})
    return legal(ENGINE, state,
                 Event("action_table_rolled", {"action_rolls": ACTION, "executive_rolls": EXECUTIVE,
                                               "layout": layout_from_rolls(ACTION, EXECUTIVE)}),
                 Event("contracts_revealed", {"action_table": {s: card(f"C{s}") for s in "456"},
                                              "inbound": card("I"), "draw_top": card("D")}),
                 Event("financial_advisor_kept", {"player": "Ana"}), Event("financial_advisor_kept", {"player": "Ben"}))


def take(source: dict[str, int], use: str, actor: str | None = None) -> Event:
    return Event("action_die_taken", {"from": source, "use": use}, actor)


END = Event("turn_ended", {})


def test_players_act_in_turn_order_one_action_die_each() -> None:  # PX-T1, PX-T2
    state = playing()
    expected = ENGINE.expected(state)
    assert expected["actors"] == ["Ana"]
    assert expected["event_types"] == ["die_transferred", "action_die_taken", "ship_built", "ship_deployed"]
    # The dice the recording page offers: every column holds one; the Executive dice wait for theirs.
    offered = expected["options"]["action_die_taken"]
    assert (offered["from.column"], offered["from.executive"]) == ([1, 2, 3, 4, 5, 6], [])
    assert offered["use"] == ["movement", "contract_load", "pass"]
    # Each die with what it allows and its legal uses, as the rules judge them.
    assert offered["dice"][0] == {"from": {"column": 1}, "allows": {"waterway": 2, "lock": 1}, "uses": ["movement", "pass"]}
    assert offered["dice"][4] == {"from": {"column": 5}, "allows": {"loads": 2}, "uses": ["contract_load", "pass"]}
    assert expected["options"]["ship_built"]["ship"] == ["red-2b", "red-3"]
    assert codes(ENGINE, state, take({"column": 1}, "movement", "Ben")) == ["PX-T1"]
    assert codes(ENGINE, state, END) == ["PX-T2"]  # no die taken yet
    state = legal(ENGINE, state, take({"column": 1}, "movement", "Ana"))
    assert state["turn"]["allowance"] == {"waterway": 2, "lock": 1}  # column 1 held 2 dice: row 2
    assert codes(ENGINE, state, take({"column": 2}, "movement")) == ["PX-T2"]
    assert codes(ENGINE, state, END) == ["PX-M2"]  # the movement is owed
    state = legal(ENGINE, state, Event("movement_impossible", {"reason": "no ship is ready"}), END)
    assert ENGINE.expected(state)["actors"] == ["Ben"] and state["action_table"]["columns"][0] == 1


def test_a_die_is_used_for_its_own_side_and_any_die_may_pass() -> None:  # PX-T5
    state = playing()
    assert codes(ENGINE, state, take({"column": 2}, "contract_load")) == ["PX-T5"]
    assert codes(ENGINE, state, take({"column": 5}, "movement")) == ["PX-T5"]
    state = legal(ENGINE, state, take({"column": 5}, "contract_load"))
    assert state["turn"]["allowance"] == {"loads": 2}
    assert legal(ENGINE, playing(), take({"column": 2}, "pass"))["turn"]["allowance"] == {}


def test_market_actions_need_an_executive_die_whose_column_is_empty() -> None:  # PX-T4, PX-T6
    state = playing()
    assert codes(ENGINE, state, take({"column": 6}, "market_buy")) == ["PX-T6"]
    assert codes(ENGINE, state, take({"executive": 4}, "market_buy")) == ["PX-T4"]  # column 4 still holds a die
    state = legal(ENGINE, state, take({"column": 4}, "pass"), END)
    assert ENGINE.check(state, take({"executive": 4}, "market_buy", "Ben")) == []


def test_a_share_is_paid_by_the_player_to_the_company_and_raises_its_price() -> None:  # PX-K1 to PX-K3
    state = legal(ENGINE, playing(), take({"column": 4}, "pass"), END, take({"executive": 4}, "market_buy"))
    assert ENGINE.expected(state)["event_types"] == ["share_bought", "ship_built", "ship_deployed"]
    assert codes(ENGINE, state, END) == ["PX-T2"]  # the purchase is not recorded yet
    state = legal(ENGINE, state, Event("share_bought", {"company": "red"}))
    assert state["players"]["Ben"]["money"] == 0 and state["players"]["Ben"]["shares"] == {"green": 1, "red": 1}
    assert (state["companies"]["red"]["money"], state["companies"]["red"]["price"], state["companies"]["red"]["treasury"]) == (24, 7, 3)
    assert codes(ENGINE, state, Event("share_bought", {"company": "red"})) == ["PX-K1"]  # once


def test_a_player_short_of_money_buys_nothing_and_raises_only_his_own_stock() -> None:  # PX-K3, PX-K4
    state = legal(ENGINE, playing(), take({"column": 4}, "pass"), END, take({"executive": 4}, "market_buy"))
    state["players"]["Ben"]["money"] = 5
    assert codes(ENGINE, state, Event("share_bought", {"company": "green"})) == ["PX-K3"]
    raising = legal(ENGINE, playing(), take({"column": 4}, "pass"), END, take({"executive": 4}, "market_raise"))
    assert codes(ENGINE, raising, Event("stock_raised", {"company": "red"})) == ["PX-K4"]
    raised = legal(ENGINE, raising, Event("stock_raised", {"company": "green"}), END)
    assert raised["companies"]["green"]["price"] == 8 and ENGINE.expected(raised)["actors"] == ["Ana"]


def test_a_transferred_die_costs_the_company_and_is_the_one_taken() -> None:  # PX-T7, PX-T8
    state = playing()
    moved = Event("die_transferred", {"from": {"column": 2}, "to_column": 4})
    state = legal(ENGINE, state, moved)
    assert state["companies"]["red"]["money"] == 13 and state["action_table"]["columns"][1:4] == [1, 1, 2]
    assert codes(ENGINE, state, moved) == ["PX-T7"]  # once a turn
    assert codes(ENGINE, state, take({"column": 5}, "contract_load")) == ["PX-T8"]
    state = legal(ENGINE, state, take({"column": 4}, "contract_load"))
    assert state["turn"]["allowance"] == {"loads": 2}  # it lay in row 2 of column 4


def test_the_passenger_benefit_makes_a_transfer_cost_two() -> None:  # PX-T7
    state = playing()
    state["companies"]["red"]["benefits"].append("transfer_2")
    state = legal(ENGINE, state, Event("die_transferred", {"from": {"column": 6}, "to_column": 3}))
    assert state["companies"]["red"]["money"] == 16


def test_the_round_ends_when_the_table_is_empty() -> None:  # PX-E1
    state = playing()
    while state["phase"] == "TURNS":
        layout = state["action_table"]
        column = next((c for c in range(1, 7) if layout["columns"][c - 1]), None)
        source = {"column": column} if column else {"executive": layout["executive"][0]}
        state = legal(ENGINE, state, take(source, "pass"), END)
    # 10 + 2 dice, 6 turns each; no die on the Rail table, so the fees come first.
    assert state["phase"] == "END_FEES" and state["turn_index"] == 12
    assert codes(ENGINE, state, take({"column": 1}, "pass")) == ["PX-E1"]


def test_each_turn_event_reads_as_a_line_of_the_log() -> None:
    state = playing()
    moved = Event("die_transferred", {"from": {"column": 2}, "to_column": 4})
    assert ENGINE.describe(state, moved) == "Ana moves the die of column 2 to column 4 ($5)"
    state = legal(ENGINE, state, moved)
    assert ENGINE.describe(state, take({"column": 4}, "contract_load")) == "Ana takes the die of column 4 for contract load"
    state = legal(ENGINE, state, take({"column": 4}, "pass"))
    assert ENGINE.describe(state, END) == "Ana ends the turn"
    buying = legal(ENGINE, playing(), take({"column": 4}, "pass"), END, take({"executive": 4}, "market_buy"))
    assert ENGINE.describe(buying, Event("share_bought", {"company": "red"})) == "Ben buys a red share for $6"


def test_each_step_knows_its_round_and_turn_and_each_seat_its_colour() -> None:
    state = playing()
    assert ENGINE.position(ENGINE.setup(["Ana", "Ben"], {})) == {"round": None, "turn": None, "label": "Set-up"}
    assert ENGINE.position(state) == {"round": 1, "turn": 1, "label": "Round 1 · Ana"}
    state = legal(ENGINE, state, take({"column": 5}, "pass"), END)
    assert ENGINE.position(state) == {"round": 1, "turn": 2, "label": "Round 1 · Ben"}
    assert ENGINE.seat_colours(state) == ["#c0392b", "#2e8b57"]  # red and green
