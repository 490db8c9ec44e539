"""Panamax's engine through its protocol (engines/panamax/engine.py): the set-up's events.

Cards here are made up for the tests, never presented as the game's."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.base import Event, SetupError
from engines.panamax.action_table import layout_from_rolls
from engines.panamax.engine import Panamax
from tests.engines.scenario import codes, legal

ENGINE = Panamax()
PLAYERS = ["Ana", "Ben", "Cy"]
SPREAD3 = [1, 2, 3, 4, 5, 6, 1, 5, 6]


def card(card_id: str, nation: str = "EU", values: tuple[int, ...] = (4, 2)) -> dict[str, Any]:
    backs = 2 if len(values) == 3 else 1
    return {"id": card_id, "front": {"nation": nation, "containers": [{"value": v, "rail": False} for v in values]},
            "back": {"containers": [{"value": 3, "rail": False}] * backs}}


def rolled(action: list[int], executive: list[int], layout: dict[str, Any] | None = None) -> Event:
    return Event("action_table_rolled", {"action_rolls": action, "executive_rolls": executive,
                                         "layout": layout or layout_from_rolls(action, executive)})


def revealed(*ids: str) -> Event:
    first, second, third, inbound, top = ids
    return Event("contracts_revealed", {"action_table": {"4": card(first), "5": card(second), "6": card(third)},
                                        "inbound": card(inbound), "draw_top": card(top)})


def kept(player: str) -> Event:
    return Event("financial_advisor_kept", {"player": player})


def test_a_table_of_the_wrong_size_cannot_start() -> None:
    with pytest.raises(SetupError) as refused:
        ENGINE.setup(["Ana"], {})
    assert [v.code for v in refused.value.violations] == ["PX-S1"]
    with pytest.raises(SetupError):
        ENGINE.setup(PLAYERS, {"variant": "expert"})


def test_the_set_up_waits_for_its_roll_its_cards_and_every_secret_goal() -> None:
    state = ENGINE.setup(PLAYERS, {})
    assert ENGINE.expected(state)["event_types"] == ["action_table_rolled", "contracts_revealed", "financial_advisor_kept"]
    state = legal(ENGINE, state, rolled(SPREAD3, [2, 4, 5]), revealed("A", "B", "C", "D", "E"), kept("Ana"), kept("Cy"))
    assert ENGINE.expected(state) == {"actors": PLAYERS, "event_types": ["financial_advisor_kept"],
                                      "options": {"financial_advisor_kept": {"player": ["Ben"]}}}
    state = legal(ENGINE, state, kept("Ben"))
    assert state["phase"] == "SETUP_CONTRACTS" and state["advisor_pile"] == 6  # PX-S9: 9 - 3
    assert state["action_table"] == {"columns": [2, 1, 1, 1, 2, 2], "executive": [2, 4, 5]}
    assert state["contracts"] == {"slots": {"4": "A", "5": "B", "6": "C"}, "inbound": "D", "draw_top": "E"}
    assert json.loads(json.dumps(state)) == state


def test_anyone_at_the_table_records_whose_secret_goal_is_kept() -> None:
    state = ENGINE.setup(PLAYERS, {})
    assert codes(ENGINE, state, Event("financial_advisor_kept", {"player": "Ana"}, "Ben")) == []


def test_a_layout_that_is_not_what_the_rolls_give_is_refused() -> None:  # PX-S5
    state = ENGINE.setup(PLAYERS, {})
    wrong = {"columns": [2, 2, 1, 1, 1, 2], "executive": [2, 4, 5]}
    assert codes(ENGINE, state, rolled(SPREAD3, [2, 4, 5], wrong)) == ["PX-S5"]


def test_a_mulligan_roll_is_kept_as_a_fact_and_the_dice_are_rolled_again() -> None:  # PX-S4
    state = ENGINE.setup(PLAYERS, {})
    low = [1, 1, 2, 2, 3, 3, 4, 5, 6]
    state = legal(ENGINE, state, rolled(low, [1, 2, 3]))
    assert state["action_table"] is None and state["setup"]["mulligans"] == 1
    assert "action_table_rolled" in ENGINE.expected(state)["event_types"]
    state = legal(ENGINE, state, rolled(low, [1, 2, 4]))
    assert state["action_table"] == {"columns": [2, 2, 2, 1, 1, 1], "executive": [1, 2, 4]}
    assert codes(ENGINE, state, rolled(low, [1, 2, 4])) == ["PX-S3"]  # the table stands: no third roll


def test_the_face_up_cards_are_five_different_cards_declared_once() -> None:  # PX-S10, declared data
    state = ENGINE.setup(PLAYERS, {})
    assert codes(ENGINE, state, revealed("A", "B", "A", "D", "E")) == ["PX-S10"]
    bad_back = revealed("A", "B", "C", "D", "E")
    bad_back.data["inbound"]["back"]["containers"] = [{"value": 2, "rail": False}]
    assert codes(ENGINE, state, bad_back) == ["PX-C6"]
    state = legal(ENGINE, state, revealed("A", "B", "C", "D", "E"))
    assert state["declared"]["contract:A"]["value"]["front"]["nation"] == "EU" and state["declared"]["contract:A"]["at"] == 1
    assert codes(ENGINE, state, revealed("F", "G", "H", "I", "J")) == ["PX-S10"]  # revealed once


def test_each_player_keeps_one_secret_goal() -> None:  # PX-S9
    state = legal(ENGINE, ENGINE.setup(PLAYERS, {}), kept("Ana"))
    assert codes(ENGINE, state, kept("Ana")) == ["PX-S9"]
    assert codes(ENGINE, state, kept("Dee")) == ["event/unknown-player"]


def test_advanced_bids_set_each_company_s_capital_and_price() -> None:  # PX-S2, §4's example
    state = ENGINE.setup(["Ana", "Ben"], {"variant": "advanced"})
    assert ENGINE.expected(state)["event_types"][0] == "advanced_bids"
    assert codes(ENGINE, state, Event("advanced_bids", {"bids": {"Ana": 15}})) == ["PX-S2"]  # Ben did not bid
    assert codes(ENGINE, state, Event("advanced_bids", {"bids": {"Ana": 15, "Ben": 13}})) == ["PX-S2"]
    state = legal(ENGINE, state, Event("advanced_bids", {"bids": {"Ana": 15, "Ben": 24}}))
    assert (state["companies"]["red"]["money"], state["companies"]["red"]["price"], state["players"]["Ana"]["money"]) == (15, 5, 9)
    assert (state["companies"]["green"]["price"], state["players"]["Ben"]["money"]) == (8, 0)
    rows = {row["player"]: row for row in ENGINE.standings(state)["players"]}
    assert (rows["Ana"]["total"], rows["Ben"]["total"]) == (9 + 5, 0 + 8) and rows["Ana"]["rank"] == 1


def test_the_standard_standings_are_money_and_shares() -> None:
    rows = ENGINE.standings(ENGINE.setup(PLAYERS, {}))["players"]
    assert [(row["player"], row["total"], row["rank"]) for row in rows] == [("Ana", 12, 1), ("Ben", 12, 1), ("Cy", 12, 1)]
    # Beside each fortune, the company the player manages: its money and its stock price.
    assert rows[0]["breakdown"] == {"money": 6, "shares": 6, "awards": 0, "bailouts": 0, "company_money": 18,
                                    "company_price": 6}
