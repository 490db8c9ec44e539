"""Panic in the Air: rule scenarios, one or more per check PN-C01..C14 and per card effect.

Each test sets up a table, plays a few events and asserts the exact state fields,
standings or rejection codes.  ``table(...)`` may pre-load hands and stacks to stand
for a game already under way (state is plain data).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from engines.base import Engine, Event, SetupError, State
from engines.panic_in_the_air.demo import demo_game
from tests.engines.scenario import codes, legal, notes
from tests.engines.strategies import GAME_STRATEGIES, random_table

THREE = ["Ana", "Ben", "Cy"]
FOUR = ["Ana", "Ben", "Cy", "Dee"]

CC = {"kind": "CLICK_CLACK"}
SOLO = {"kind": "SOLO"}
RISK = {"kind": "RISK"}


def F(value: int) -> dict[str, Any]:
    return {"kind": "FALL", "value": value}


def W(direction: str) -> dict[str, Any]:
    return {"kind": "WIND", "direction": direction}


# -- events --------------------------------------------------------------------


def draw(actor: str | None = None, via: str | None = None, face: dict[str, Any] | None = None) -> Event:
    data: dict[str, Any] = {}
    if via is not None:
        data["via"] = via
    if face is not None:
        data["face"] = face
    return Event("card_drawn", data, actor)


def rip(actor: str | None = None, via: str | None = None) -> Event:
    return draw(actor, via, {"kind": "RIP"})


def play(actor: str | None, target: str, card: dict[str, Any]) -> Event:
    return Event("card_played", {"target": target, "card": card}, actor)


def take(actor: str | None, source: str, count: int | None = None) -> Event:
    data: dict[str, Any] = {"from": source}
    if count is not None:
        data["count"] = count
    return Event("cards_taken", data, actor)


def opens(actor: str | None) -> Event:
    return Event("parachute_opened", {}, actor)


def declines(actor: str | None) -> Event:
    return Event("risk_declined", {}, actor)


# -- helpers -------------------------------------------------------------------


def draws(via: str) -> dict[str, Any]:
    """A draw's offer: its ``via``, and the R.I.P. card as one tap of its own."""
    return {"via": [via], "presets": [{"label": "R.I.P. card drawn", "data": {"via": via, "face": {"kind": "RIP"}}}]}


def table(
    engine: Engine,
    players: list[str] = THREE,
    hands: dict[str, int] | None = None,
    stacks: dict[str, list[dict[str, Any]]] | None = None,
    **options: Any,
) -> State:
    state = engine.setup(players, options)
    for name, count in (hands or {}).items():
        state["players"][name]["hand_count"] = count
    for name, stack in (stacks or {}).items():
        state["players"][name]["stack"] = [dict(card) for card in stack]
    return state


def stack(state: State, name: str) -> list[dict[str, Any]]:
    return state["players"][name]["stack"]


def hands(state: State) -> dict[str, int]:
    return {name: player["hand_count"] for name, player in state["players"].items()}


def row(engine: Engine, state: State, name: str) -> dict[str, Any]:
    return next(r for r in engine.standings(state)["players"] if r["player"] == name)


# -- PN-C01: players and set-up -------------------------------------------------


def test_three_players_are_dealt_six_cards_each_from_a_63_card_deck(pita: Engine) -> None:
    state = pita.setup(THREE, {})
    assert hands(state) == {"Ana": 6, "Ben": 6, "Cy": 6}
    assert state["deck_remaining"] == 45
    assert state["current"] == "Ana"
    assert (state["turn_no"], state["actions_done"], state["setup_flags"]) == (1, 0, [])
    assert json.loads(json.dumps(state)) == state


def test_seven_players_are_dealt_three_cards_each(pita: Engine) -> None:
    state = pita.setup([f"P{i}" for i in range(7)], {})
    assert set(hands(state).values()) == {3}
    assert state["deck_remaining"] == 63 - 21


def test_two_players_start_with_the_box_minimum_warning(pita: Engine) -> None:
    state = pita.setup(["Ana", "Ben"], {})
    assert [(f["code"], f["severity"]) for f in state["setup_flags"]] == [("PN-C01", "warning")]
    assert state["setup_flags"][0]["rule"] == "Start of the Game"


@pytest.mark.parametrize("players", [["Ana"], [f"P{i}" for i in range(11)], ["Ana", "Ana", "Ben"], ["Ana", "", "Cy"]])
def test_a_table_of_the_wrong_size_or_names_cannot_start(pita: Engine, players: list[str]) -> None:
    with pytest.raises(SetupError) as caught:
        pita.setup(players, {})
    assert {v.code for v in caught.value.violations} == {"PN-C01"}


def test_two_players_cannot_start_when_the_box_minimum_is_chosen(pita: Engine) -> None:
    with pytest.raises(SetupError) as caught:
        pita.setup(["Ana", "Ben"], {"min_players": 3})
    assert [v.code for v in caught.value.violations] == ["PN-C01"]


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"first_player": "Zed"}, "options/invalid"),
        ({"wind_participants": "everyone"}, "options/invalid"),
        ({"fall_values": []}, "options/invalid"),
        ({"deck_total": "63"}, "options/invalid"),
        ({"deck_total": 27}, "PN-C14"),
        ({"colour": "red"}, "options/unknown"),
    ],
)
def test_bad_options_cannot_start(pita: Engine, options: dict[str, Any], code: str) -> None:
    with pytest.raises(SetupError) as caught:
        pita.setup(THREE, options)
    assert [v.code for v in caught.value.violations] == [code]


def test_the_first_player_option_gives_the_first_turn(pita: Engine) -> None:
    assert pita.setup(THREE, {"first_player": "Cy"})["current"] == "Cy"


# -- PN-C02 / PN-C03: turns ------------------------------------------------------


def test_two_draws_end_the_turn_and_pass_clockwise(pita: Engine) -> None:
    state = legal(pita, table(pita), draw("Ana"), draw("Ana"))
    assert (state["current"], state["turn_no"], state["actions_done"]) == ("Ben", 2, 0)
    assert hands(state)["Ana"] == 8
    assert (state["deck_remaining"], state["draws"]) == (43, 2)


def test_the_same_action_twice_or_one_of_each_is_a_turn(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ana", F(200)), play("Ana", "Ben", F(100)))
    state = legal(pita, state, draw("Ben"), play("Ben", "Ben", F(300)))
    assert state["current"] == "Cy"
    assert hands(state) == {"Ana": 4, "Ben": 6, "Cy": 6}


def test_the_last_seat_passes_the_turn_back_to_the_first(pita: Engine) -> None:
    state = table(pita, first_player="Cy")
    assert legal(pita, state, draw("Cy"), draw("Cy"))["current"] == "Ana"


def test_an_event_without_an_actor_is_the_current_players(pita: Engine) -> None:
    state = legal(pita, table(pita), draw(None), play(None, "Ben", F(200)))
    assert hands(state)["Ana"] == 6
    assert stack(state, "Ben") == [F(200)]
    assert state["current"] == "Ben"


def test_playing_out_of_turn_is_rejected(pita: Engine) -> None:
    assert codes(pita, table(pita), play("Ben", "Ana", F(200))) == ["PN-C02"]


def test_someone_not_at_the_table_is_rejected(pita: Engine) -> None:
    assert codes(pita, table(pita), draw("Zed")) == ["PN-C02"]


def test_a_third_action_is_rejected(pita: Engine) -> None:
    # A Risk on oneself as the second action keeps the turn open for its draws.
    state = legal(pita, table(pita), draw("Ana"), play("Ana", "Ana", RISK))
    assert state["actions_done"] == 2
    assert codes(pita, state, play("Ana", "Ben", F(100))) == ["PN-C03"]
    assert codes(pita, state, draw("Ana", via="action")) == ["PN-C03"]


def test_turn_order_skips_players_who_opened_their_parachute(pita: Engine) -> None:
    state = table(pita, hands={"Ben": 0})
    state = legal(pita, state, draw("Ana"), draw("Ana"), opens("Ben"))
    assert state["current"] == "Cy"
    state = legal(pita, state, draw("Cy"), draw("Cy"))
    assert state["current"] == "Ana"
    assert codes(pita, state, draw("Ben")) == ["PN-C02"]


# -- PN-C04 .. PN-C07: placing cards ---------------------------------------------


def test_fall_cards_add_up_on_the_stack(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ana", F(300)), play("Ana", "Ana", F(200)))
    assert stack(state, "Ana") == [F(300), F(200)]
    assert row(pita, state, "Ana")["breakdown"]["distance"] == 500


def test_playing_from_an_empty_hand_is_rejected(pita: Engine) -> None:
    state = table(pita, hands={"Ana": 0})
    assert codes(pita, state, play("Ana", "Ben", F(100))) == ["PN-C04"]


def test_placing_a_card_on_a_parachuted_player_is_rejected(pita: Engine) -> None:
    state = legal(pita, table(pita, hands={"Ben": 0}), draw("Ana"), draw("Ana"), opens("Ben"))
    assert codes(pita, state, play("Cy", "Ben", CC)) == ["PN-C05"]


def test_placing_a_card_on_nobody_is_rejected(pita: Engine) -> None:
    assert codes(pita, table(pita), play("Ana", "Zed", F(100))) == ["PN-C05"]


def test_the_rip_card_cannot_be_played(pita: Engine) -> None:
    assert codes(pita, table(pita), play("Ana", "Ben", {"kind": "RIP"})) == ["PN-C07"]


# -- Solo (PN-C06) ---------------------------------------------------------------


def test_solo_protection_blocks_other_players_cards(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ana", SOLO), draw("Ana"))
    assert state["players"]["Ana"]["protected_until"] == "Ana"
    assert codes(pita, state, play("Ben", "Ana", CC)) == ["PN-C06"]
    assert codes(pita, state, play("Ben", "Ana", RISK)) == ["PN-C06"]
    offered = pita.expected(state)["options"]["card_played"]
    assert offered["target"] == ["Ben", "Cy"]
    # Not offered, but shown apart with its rule, so the table can still rule otherwise.
    assert offered["refused_choices"] == {"target": [{
        "choice": "Ana", "code": "PN-C06", "rule": "Card Functions: Solo",
        "message": "Ana is protected by a Solo; Ben cannot place a card on them", "severity": "error"}]}


def test_both_the_current_player_and_the_late_opener_may_open_when_both_hands_are_empty(pita: Engine) -> None:
    state = table(pita, hands={"Ana": 2, "Ben": 0}, stacks={"Ana": [F(300)]})
    state = legal(pita, state, play("Ana", "Ana", F(100)), play("Ana", "Ana", F(200)))
    exp = pita.expected(state)
    assert exp["actors"] == ["Ben", "Ana"]
    assert exp["actors_of"] == {"parachute_opened": ["Ben", "Ana"]}
    assert codes(pita, state, opens("Ben")) == [] and codes(pita, state, opens("Ana")) == []


def test_a_protected_player_may_still_play_on_their_own_character(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ana", SOLO), play("Ana", "Ana", F(300)))
    assert stack(state, "Ana") == [SOLO, F(300)]


def test_solo_protection_ends_when_the_protected_players_turn_begins(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ana", SOLO), draw("Ana"))
    state = legal(pita, state, draw("Ben"), draw("Ben"), draw("Cy"), draw("Cy"))
    assert state["players"]["Ana"]["protected_until"] is None
    assert codes(pita, legal(pita, state, draw("Ana"), draw("Ana")), play("Ben", "Ana", CC)) == []


def test_solo_placed_on_another_protects_them_only_until_their_own_turn(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ben", SOLO))
    assert codes(pita, state, play("Ana", "Ben", CC)) == ["PN-C06"]
    state = legal(pita, state, draw("Ana"))
    assert state["current"] == "Ben"
    assert state["players"]["Ben"]["protected_until"] is None


def test_solo_lasting_until_the_placers_next_turn_covers_a_round(pita: Engine) -> None:
    state = table(pita, solo_duration="until_players_next_turn")
    state = legal(pita, state, play("Ana", "Ben", SOLO), draw("Ana"), draw("Ben"), draw("Ben"))
    assert codes(pita, state, play("Cy", "Ben", CC)) == ["PN-C06"]
    state = legal(pita, state, draw("Cy"), draw("Cy"))
    assert state["players"]["Ben"]["protected_until"] is None


def test_solo_on_another_player_is_rejected_when_solo_is_self_only(pita: Engine) -> None:
    state = table(pita, solo_target="self")
    assert codes(pita, state, play("Ana", "Ben", SOLO)) == ["PN-C06"]
    assert codes(pita, state, play("Ana", "Ana", SOLO)) == []


# -- Wind --------------------------------------------------------------------------


def test_wind_clockwise_moves_each_top_card_to_the_next_player(pita: Engine) -> None:
    state = table(pita, FOUR, stacks={"Ana": [F(100)], "Ben": [F(200)], "Cy": [CC], "Dee": [F(300)]})
    state = legal(pita, state, play("Ana", "Cy", W("CW")))
    assert [stack(state, n) for n in FOUR] == [[F(300)], [F(100)], [CC, F(200)], [W("CW")]]
    assert hands(state)["Ana"] == 5 and state["actions_done"] == 1


def test_wind_counter_clockwise_moves_each_top_card_to_the_previous_player(pita: Engine) -> None:
    state = table(pita, FOUR, stacks={"Ana": [F(100)], "Ben": [F(200)], "Cy": [CC], "Dee": [F(300)]})
    state = legal(pita, state, play("Ana", "Cy", W("CCW")))
    assert [stack(state, n) for n in FOUR] == [[F(200)], [W("CCW")], [CC, F(300)], [F(100)]]


def test_wind_moves_nothing_from_an_empty_stack_but_still_fills_the_next(pita: Engine) -> None:
    state = legal(pita, table(pita, stacks={"Ana": [F(500)]}), play("Ana", "Ana", W("CW")))
    assert [stack(state, n) for n in THREE] == [[F(500)], [W("CW")], []]


def test_wind_leaves_a_solo_on_top_in_place(pita: Engine) -> None:
    state = table(pita, stacks={"Ben": [F(300), SOLO], "Cy": [F(100)]})
    state = legal(pita, state, play("Ana", "Ana", W("CW")))
    assert [stack(state, n) for n in THREE] == [[F(100)], [F(300), SOLO, W("CW")], []]


def test_wind_skips_a_top_solo_and_takes_the_card_below_when_chosen(pita: Engine) -> None:
    state = table(pita, wind_solo_top="skip", stacks={"Ben": [F(300), SOLO], "Cy": [F(100)]})
    state = legal(pita, state, play("Ana", "Ana", W("CW")))
    assert [stack(state, n) for n in THREE] == [[F(100)], [SOLO, W("CW")], [F(300)]]


def test_wind_passes_over_players_who_opened_their_parachute(pita: Engine) -> None:
    state = table(pita, FOUR, hands={"Ben": 0}, stacks={"Ben": [F(200)], "Cy": [F(300)], "Dee": [CC]})
    state = legal(pita, state, draw("Ana"), draw("Ana"), opens("Ben"))
    state = legal(pita, state, play("Cy", "Cy", W("CW")))
    # Ana -> Cy -> Dee -> Ana; Ben's face-down stack takes no part.
    assert [stack(state, n) for n in FOUR] == [[CC], [F(200)], [F(300)], [W("CW")]]


def test_wind_includes_parachuted_players_when_all_take_part(pita: Engine) -> None:
    state = table(pita, FOUR, hands={"Ben": 0}, wind_participants="all", stacks={"Ben": [F(200)], "Cy": [F(300)]})
    state = legal(pita, state, draw("Ana"), draw("Ana"), opens("Ben"))
    state = legal(pita, state, play("Cy", "Cy", W("CW")))
    assert [stack(state, n) for n in FOUR] == [[], [], [F(300), F(200)], [W("CW")]]


def test_wind_neither_takes_from_nor_gives_to_a_protected_player(pita: Engine) -> None:
    state = table(pita, stacks={"Ana": [F(100)], "Cy": [F(300)]})
    state = legal(pita, state, play("Ana", "Ben", SOLO))  # Ben: [SOLO], protected
    state = legal(pita, state, play("Ana", "Cy", W("CW")))
    # Ana -> Ben is blocked (Ben protected); Ben -> Cy is blocked; Cy -> Ana moves.
    assert [stack(state, n) for n in THREE] == [[F(100), W("CW")], [SOLO], [F(300)]]


def test_wind_may_take_a_protected_top_card_when_protection_only_covers_receiving(pita: Engine) -> None:
    state = table(pita, solo_scope="receive_only", wind_solo_top="skip", stacks={"Ben": [F(200)], "Cy": [F(300)]})
    state = legal(pita, state, play("Ana", "Ben", SOLO))  # Ben: [F200, SOLO]
    state = legal(pita, state, play("Ana", "Cy", W("CW")))
    # Ben receives nothing, but still gives his 200 (below the Solo) to Cy; the Wind goes on to Ana.
    assert [stack(state, n) for n in THREE] == [[W("CW")], [SOLO], [F(300), F(200)]]


def test_a_protected_players_own_wind_moves_their_stack(pita: Engine) -> None:
    # The rulebook protects from *other* players' cards (the note would freeze the stack).
    state = table(pita, stacks={"Ben": [F(200)], "Cy": [F(300)]})
    state = legal(pita, state, play("Ana", "Ana", SOLO), play("Ana", "Ana", W("CW")))
    assert [stack(state, n) for n in THREE] == [[SOLO, F(300)], [W("CW")], [F(200)]]


# -- Risk (PN-C09) -------------------------------------------------------------------


def test_risk_on_an_opponent_takes_two_cards_from_their_hand(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ben", RISK))
    assert state["pending"] == {"type": "cards_taken", "player": "Ana", "from": "Ben", "count": 2}
    assert pita.expected(state) == {
        "actors": ["Ana"],
        "event_types": ["cards_taken", "risk_declined"],
        "options": {"cards_taken": {"from": ["Ben"], "count": [2]}},
        "minor": ["risk_declined"],
    }
    state = legal(pita, state, take("Ana", "Ben", 2))
    assert hands(state) == {"Ana": 7, "Ben": 4, "Cy": 6}
    assert stack(state, "Ben") == [RISK]
    assert (state["pending"], state["actions_done"], state["current"]) == (None, 1, "Ana")


def test_risk_on_an_opponent_with_one_card_takes_that_card(pita: Engine) -> None:
    state = legal(pita, table(pita, hands={"Ben": 1}), play("Ana", "Ben", RISK))
    assert codes(pita, state, take("Ana", "Ben", 2)) == ["PN-C09"]
    state = legal(pita, state, take("Ana", "Ben"))
    assert hands(state) == {"Ana": 6, "Ben": 0, "Cy": 6}


def test_risk_on_an_opponent_with_an_empty_hand_takes_nothing(pita: Engine) -> None:
    state = legal(pita, table(pita, hands={"Ben": 0}), play("Ana", "Ben", RISK))
    assert state["pending"] is None
    assert codes(pita, state, take("Ana", "Ben", 0)) == ["PN-C09"]


def test_a_risk_must_be_resolved_before_anything_else(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ben", RISK))
    assert codes(pita, state, play("Ana", "Cy", F(100))) == ["PN-C09"]
    assert codes(pita, state, draw("Ana")) == ["PN-C09"]
    assert codes(pita, state, take("Ana", "Cy", 2)) == ["PN-C09"]


def test_taking_cards_without_a_risk_is_rejected(pita: Engine) -> None:
    assert codes(pita, table(pita), take("Ana", "Ben", 2)) == ["PN-C09"]


def test_risk_on_self_gives_two_draws_that_are_not_actions(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ana", RISK))
    assert state["pending"] == {"type": "risk_draws", "player": "Ana", "remaining": 2}
    assert pita.expected(state)["options"] == {"card_drawn": draws("risk")}
    assert codes(pita, state, draw("Ana", via="action")) == ["PN-C09"]
    state = legal(pita, state, draw("Ana", via="risk"), draw("Ana"))
    assert hands(state)["Ana"] == 7
    assert (state["actions_done"], state["pending"], state["deck_remaining"]) == (1, None, 43)
    state = legal(pita, state, draw("Ana"))
    assert state["current"] == "Ben"


def test_risk_on_self_as_the_second_action_ends_the_turn_after_its_draws(pita: Engine) -> None:
    state = legal(pita, table(pita), draw("Ana"), play("Ana", "Ana", RISK), draw("Ana"))
    assert state["current"] == "Ana"
    state = legal(pita, state, draw("Ana", via="risk"))
    assert (state["current"], hands(state)["Ana"]) == ("Ben", 8)


def test_a_risk_draw_without_a_risk_is_rejected(pita: Engine) -> None:
    assert codes(pita, table(pita), draw("Ana", via="risk")) == ["PN-C09"]


# "The Risk cards allow you to take 2 cards": a permission, which the player may decline.


def test_pn_c09_a_risk_on_an_opponent_may_be_declined(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ben", RISK))
    exp = pita.expected(state)
    assert (exp["event_types"], exp["minor"]) == (["cards_taken", "risk_declined"], ["risk_declined"])
    state = legal(pita, state, declines("Ana"))
    assert hands(state) == {"Ana": 5, "Ben": 6, "Cy": 6}
    assert stack(state, "Ben") == [RISK]
    assert (state["pending"], state["actions_done"], state["current"]) == (None, 1, "Ana")
    assert codes(pita, state, take("Ana", "Ben", 2)) == ["PN-C09"]
    state = legal(pita, state, play("Ana", "Ana", F(100)))
    assert state["current"] == "Ben"


def test_pn_c09_a_risk_on_oneself_may_be_declined_after_one_draw(pita: Engine) -> None:
    state = legal(pita, table(pita), draw("Ana"), play("Ana", "Ana", RISK), draw("Ana", via="risk"))
    assert "risk_declined" in pita.expected(state)["event_types"]
    state = legal(pita, state, declines("Ana"))
    assert (hands(state)["Ana"], state["deck_remaining"], state["pending"]) == (7, 43, None)
    assert (state["current"], state["turn_no"]) == ("Ben", 2)


def test_pn_c09_declining_a_risk_placed_with_the_last_card_lets_the_player_open(pita: Engine) -> None:
    state = legal(pita, table(pita, hands={"Ana": 1}, stacks={"Ana": [F(300)]}), play("Ana", "Ana", RISK))
    assert codes(pita, state, opens("Ana")) == ["PN-C09"]
    state = legal(pita, state, declines("Ana"), opens("Ana"))
    assert state["players"]["Ana"]["status"] == "parachute_open"
    assert (hands(state)["Ana"], state["current"]) == (0, "Ben")


def test_pn_c09_there_is_nothing_to_decline_without_a_risk(pita: Engine) -> None:
    assert codes(pita, table(pita), declines("Ana")) == ["PN-C09"]
    state = legal(pita, table(pita, hands={"Ben": 0}), play("Ana", "Ben", RISK))
    assert codes(pita, state, declines("Ana")) == ["PN-C09"]
    state = legal(pita, table(pita), play("Ana", "Ben", RISK))
    assert codes(pita, state, declines("Ben")) == ["PN-C02"]


def test_pn_c09_a_table_may_play_the_risk_cards_as_a_must(pita: Engine) -> None:
    state = legal(pita, table(pita, risk_may_decline=False), play("Ana", "Ben", RISK))
    assert pita.expected(state) == {
        "actors": ["Ana"],
        "event_types": ["cards_taken"],
        "options": {"cards_taken": {"from": ["Ben"], "count": [2]}},
    }
    assert codes(pita, state, declines("Ana")) == ["PN-C09"]


def test_pn_c09_a_declined_risk_is_said_in_the_log(pita: Engine) -> None:
    before = legal(pita, table(pita), play("Ana", "Ben", RISK))
    after = pita.apply(before, declines("Ana"))
    assert pita.describe(before, declines("Ana")) == "Ana did not take the 2 cards of the Risk (from Ben's hand)"
    assert pita.changes(before, after, declines("Ana")) == ["Risk: Ana takes no cards from Ben's hand"]
    before = legal(pita, table(pita), play("Ana", "Ana", RISK), draw("Ana", via="risk"))
    after = pita.apply(before, declines("Ana"))
    assert pita.describe(before, declines("Ana")) == "Ana did not take the last card of the Risk (from the deck)"
    assert pita.changes(before, after, declines("Ana")) == ["Risk: Ana draws no more cards"]


# -- R.I.P. and the bottom ten (PN-C10, PN-C11, PN-C14) -------------------------------


def near_the_bottom(pita: Engine, left: int, **options: Any) -> State:
    """Three players with ``left`` cards in the deck, as if the game had drawn its way there."""
    state = table(pita, deck_total=max(28, 18 + left), **options)
    state["deck_remaining"] = left
    return state


def test_drawing_the_rip_card_ends_the_game_and_crashes_everyone_in_the_air(pita: Engine) -> None:
    state = legal(pita, near_the_bottom(pita, 10, first_player="Ben"), rip("Ben"))
    assert (state["game_over"], state["end_reason"], state["rip_drawn_by"]) == (True, "RIP", "Ben")
    assert {n: p["status"] for n, p in state["players"].items()} == dict.fromkeys(THREE, "crashed")
    assert hands(state)["Ben"] == 6
    assert pita.is_over(state)
    assert pita.expected(state) == {"actors": [], "event_types": [], "options": {}}


def test_rip_from_a_risk_self_draw_ends_the_game(pita: Engine) -> None:
    state = near_the_bottom(pita, 12, hands={"Ben": 0}, stacks={"Ben": [F(300)]})
    state = legal(pita, state, draw("Ana"), draw("Ana"), opens("Ben"), play("Cy", "Cy", RISK), draw("Cy"))
    state = legal(pita, state, rip("Cy"))
    assert (state["game_over"], state["end_reason"], state["rip_drawn_by"]) == (True, "RIP", "Cy")
    result = pita.standings(state)
    assert [(r["player"], r["status"], r["total"]) for r in result["players"]] == [
        ("Ana", "crashed", None),
        ("Ben", "survived", 300),
        ("Cy", "crashed", None),
    ]
    assert result["winners"] == ["Ben"]


def test_rip_drawn_with_more_than_ten_cards_left_is_rejected(pita: Engine) -> None:
    assert codes(pita, near_the_bottom(pita, 11), rip("Ana")) == ["PN-C10"]
    assert codes(pita, near_the_bottom(pita, 10), rip("Ana")) == []


def test_rip_drawn_early_is_a_warning_when_the_bottom_ten_is_not_enforced(pita: Engine) -> None:
    assert notes(pita, table(pita, enforce_bottom10=False), rip("Ana")) == [("PN-C10", "warning")]


def test_deck_checks_are_unverified_when_the_deck_size_is_unknown(pita: Engine) -> None:
    state = table(pita, deck_total=None)
    assert state["deck_remaining"] is None
    assert notes(pita, state, draw("Ana")) == [("PN-C14", "unverified")]
    assert notes(pita, state, rip("Ana")) == [("PN-C10", "unverified"), ("PN-C14", "unverified")]
    assert notes(pita, state, play("Ana", "Ana", F(500))) == [("PN-C11", "unverified")]


def test_a_500_before_any_draw_from_the_bottom_ten_is_rejected(pita: Engine) -> None:
    state = near_the_bottom(pita, 11)
    assert codes(pita, state, play("Ana", "Ana", F(500))) == ["PN-C11"]
    state = legal(pita, state, draw("Ana"), draw("Ana"))  # the second came from the bottom ten
    assert state["bottom_draws"] == 1
    assert codes(pita, state, play("Ben", "Ben", F(500))) == []
    state = legal(pita, state, play("Ben", "Ben", F(500)))
    assert codes(pita, state, play("Ben", "Ben", F(500))) == ["PN-C11"]


def test_a_fourth_500_is_rejected(pita: Engine) -> None:
    state = table(pita, deck_total=None)
    state = legal(pita, state, play("Ana", "Ana", F(500)), play("Ana", "Ana", F(500)), play("Ben", "Ben", F(500)))
    assert state["fives_played"] == 3
    assert codes(pita, state, play("Ben", "Ana", F(500))) == ["PN-C11"]


def test_the_last_card_of_the_deck_must_be_the_rip_card(pita: Engine) -> None:
    state = near_the_bottom(pita, 2)
    assert codes(pita, state, draw("Ana")) == []
    state = legal(pita, state, draw("Ana"))
    assert codes(pita, state, draw("Ana")) == ["PN-C14"]
    assert codes(pita, state, rip("Ana")) == []


def test_drawing_from_an_empty_deck_is_rejected(pita: Engine) -> None:
    state = near_the_bottom(pita, 0)
    assert codes(pita, state, draw("Ana")) == ["PN-C14"]
    assert "card_drawn" not in pita.expected(state)["event_types"]


# -- PN-C12: what a card shows -----------------------------------------------------------


@pytest.mark.parametrize("card", [F(400), {"kind": "FALL"}, {"kind": "WIND"}])
def test_a_fall_without_an_allowed_value_or_a_wind_without_an_arrow_is_rejected(
    pita: Engine, card: dict[str, Any]
) -> None:
    assert codes(pita, table(pita), play("Ana", "Ana", card)) == ["PN-C12"]


def test_the_fall_values_follow_the_rules_profile(pita: Engine) -> None:
    state = table(pita, fall_values=[200, 500])
    assert codes(pita, state, play("Ana", "Ana", F(100))) == ["PN-C12"]
    assert codes(pita, state, play("Ana", "Ana", F(200))) == []


def test_a_value_on_a_click_clack_is_a_warning_and_ignored(pita: Engine) -> None:
    state = table(pita)
    event = play("Ana", "Ana", {"kind": "CLICK_CLACK", "value": 200})
    assert notes(pita, state, event) == [("PN-C12", "warning")]
    assert stack(legal(pita, state, event), "Ana") == [CC]


# -- Parachutes (PN-C08), the lone player, the end (PN-C13) --------------------------------


def test_opening_with_cards_in_hand_is_rejected(pita: Engine) -> None:
    assert codes(pita, table(pita), opens("Ana")) == ["PN-C08"]


def test_opening_out_of_turn_is_rejected(pita: Engine) -> None:
    assert codes(pita, table(pita, hands={"Ben": 0}), opens("Ben")) == ["PN-C02"]


def test_opening_is_not_an_action_and_ends_the_turn(pita: Engine) -> None:
    state = table(pita, hands={"Ana": 1}, stacks={"Ana": [F(200)]})
    state = legal(pita, state, play("Ana", "Ana", F(300)))
    assert pita.expected(state)["event_types"] == ["card_drawn", "parachute_opened"]
    state = legal(pita, state, opens("Ana"))
    assert state["players"]["Ana"]["status"] == "parachute_open"
    assert (state["current"], state["actions_done"], state["turn_no"]) == ("Ben", 0, 2)
    assert row(pita, state, "Ana")["breakdown"]["secured"] is True


# A hand emptied by the turn's second action: the rulebook's "at any time during his turn"
# lets the player open right away, before the next player does anything.


def _emptied_on_the_second_action(pita: Engine, **options: Any) -> State:
    """Ana plays her last two cards; the turn has passed to Ben."""
    state = table(pita, hands={"Ana": 2}, stacks={"Ana": [F(300)]}, **options)
    return legal(pita, state, play("Ana", "Ana", F(100)), play("Ana", "Ana", F(200)))


def test_a_hand_emptied_by_the_second_action_may_open_before_the_next_player_acts(pita: Engine) -> None:
    state = _emptied_on_the_second_action(pita)
    assert (state["current"], state["turn_no"], state["actions_done"], state["may_still_open"]) == ("Ben", 2, 0, "Ana")
    assert json.loads(json.dumps(state)) == state
    exp = pita.expected(state)
    assert exp["actors"] == ["Ben", "Ana"]
    assert exp["event_types"] == ["card_drawn", "card_played", "parachute_opened"]
    # The parachute is Ana's alone: a page never records it for Ben, who is selected first.
    assert exp["actors_of"] == {"parachute_opened": ["Ana"]}
    assert exp["options"]["card_played"]["target"] == ["Ana", "Ben", "Cy"]
    assert codes(pita, state, opens("Ana")) == []
    assert pita.describe(state, opens("Ana")) == "Ana opened their parachute at the end of their turn"
    # Only the parachute: Ana's turn is over for anything else, and an open without
    # an actor is the current player's (Ben holds cards).
    assert codes(pita, state, draw("Ana")) == ["PN-C02"]
    assert codes(pita, state, opens(None)) == ["PN-C08"]
    state = legal(pita, state, opens("Ana"))
    assert state["players"]["Ana"]["status"] == "parachute_open"
    # Not an action and the turn does not pass again: Ben keeps his whole turn.
    assert (state["current"], state["turn_no"], state["actions_done"]) == ("Ben", 2, 0)
    assert (state["may_still_open"], state["game_over"]) == (None, False)
    assert row(pita, state, "Ana")["breakdown"]["secured"] is True
    assert pita.expected(state)["actors"] == ["Ben"]
    assert pita.expected(state)["options"]["card_played"]["target"] == ["Ben", "Cy"]
    state = legal(pita, state, draw("Ben"), draw("Ben"))
    assert (state["current"], state["turn_no"]) == ("Cy", 3)
    state = legal(pita, state, draw("Cy"), draw("Cy"))
    assert state["current"] == "Ben"  # Ana is skipped


def test_once_the_next_player_acts_the_late_opening_is_rejected(pita: Engine) -> None:
    state = legal(pita, _emptied_on_the_second_action(pita), play("Ben", "Ana", CC))
    assert state["may_still_open"] is None
    assert pita.expected(state)["actors"] == ["Ben"]
    assert codes(pita, state, opens("Ana")) == ["PN-C02"]
    # Ana falls on with the Click-Clack and opens on her own next turn.
    state = legal(pita, state, draw("Ben"), draw("Cy"), draw("Cy"))
    assert state["current"] == "Ana"
    state = legal(pita, state, opens("Ana"))
    assert stack(state, "Ana") == [F(300), F(100), F(200), CC]
    assert row(pita, state, "Ana")["breakdown"]["secured"] is False


def test_any_other_event_closes_the_moment_to_open_late(pita: Engine) -> None:
    # An overridden (illegal) fact by someone else still closes it: apply never judges.
    state = pita.apply(_emptied_on_the_second_action(pita), draw("Cy"))
    assert state["may_still_open"] is None
    assert codes(pita, state, opens("Ana")) == ["PN-C02"]


def test_a_late_opening_leaves_the_last_one_in_the_air_falling_alone(pita: Engine) -> None:
    state = table(pita, hands={"Cy": 0, "Ana": 2}, first_player="Cy")
    state = legal(pita, state, opens("Cy"), play("Ana", "Ana", F(100)), play("Ana", "Ben", F(200)))
    assert (state["current"], state["may_still_open"]) == ("Ben", "Ana")
    line = pita.describe(state, opens("Ana"))
    assert line == "Ana opened their parachute at the end of their turn; Ben falls on alone"
    state = legal(pita, state, opens("Ana"))
    assert (state["current"], state["actions_done"], state["game_over"]) == ("Ben", 0, False)
    state = legal(pita, state, draw("Ben"), draw("Ben"))
    assert (state["current"], state["turn_no"]) == ("Ben", 4)


def test_the_lone_player_emptying_their_hand_opens_on_their_own_next_turn(pita: Engine) -> None:
    # The turn passes back to the lone player: no late opening, just their turn; opening ends the game.
    state = table(pita, hands={"Ana": 0, "Ben": 0, "Cy": 2}, stacks={"Ana": [F(200)]})
    state = legal(pita, state, opens("Ana"), opens("Ben"), play("Cy", "Cy", F(300)), play("Cy", "Cy", F(100)))
    assert (state["current"], state["turn_no"], state["actions_done"], state["may_still_open"]) == ("Cy", 4, 0, None)
    assert pita.expected(state) == {
        "actors": ["Cy"],
        "event_types": ["card_drawn", "parachute_opened"],
        "options": {"card_drawn": draws("action")},
    }
    state = legal(pita, state, opens("Cy"))
    assert (state["game_over"], state["end_reason"]) == (True, "ALL_OPENED")
    assert pita.standings(state)["winners"] == ["Cy"]


def test_a_late_opening_by_the_last_one_in_the_air_ends_the_game(pita: Engine) -> None:
    # Not reachable by legal play (the next player is always in the air), but apply folds it:
    # a state where the current player is already out, as an overridden record could leave it.
    state = _emptied_on_the_second_action(pita)
    for name in ("Ben", "Cy"):
        state["players"][name]["status"] = "parachute_open"
    assert pita.describe(state, opens("Ana")) == (
        "Ana opened their parachute at the end of their turn: everyone is out, the game ends"
    )
    state = pita.apply(state, opens("Ana"))
    assert (state["game_over"], state["end_reason"], state["may_still_open"]) == (True, "ALL_OPENED", None)
    assert pita.standings(state)["winners"] == ["Ana"]


def test_a_hand_not_empty_after_the_second_action_cannot_open_late(pita: Engine) -> None:
    # PN-C02, not PN-C08: the moment to open late exists only for a turn that ended on an
    # empty hand, so Ana is simply out of turn, and the turn guard comes before the event's
    # own rules (PN-C08 is never reached).
    state = legal(pita, table(pita, hands={"Ana": 3}), play("Ana", "Ana", F(100)), play("Ana", "Ana", F(200)))
    assert (state["current"], state["may_still_open"], hands(state)["Ana"]) == ("Ben", None, 1)
    assert codes(pita, state, opens("Ana")) == ["PN-C02"]
    # A Risk on an opponent as the last card refills the hand before the turn ends: no late opening.
    state = legal(pita, table(pita, hands={"Ana": 2}), play("Ana", "Ana", F(100)), play("Ana", "Ben", RISK))
    state = legal(pita, state, take("Ana", "Ben", 2))
    assert (state["current"], state["may_still_open"], hands(state)["Ana"]) == ("Ben", None, 2)
    assert codes(pita, state, opens("Ana")) == ["PN-C02"]


def test_a_risk_on_an_empty_hand_as_the_last_card_still_lets_the_player_open_late(pita: Engine) -> None:
    state = table(pita, hands={"Ana": 2, "Ben": 0})
    state = legal(pita, state, play("Ana", "Ana", F(100)), play("Ana", "Ben", RISK))
    assert (state["current"], state["may_still_open"]) == ("Ben", "Ana")
    assert codes(pita, state, opens("Ana")) == []


def test_a_late_opening_ends_a_solo_that_lasted_until_the_openers_next_turn(pita: Engine) -> None:
    # G5: the protection ends when that player's turn begins or when they are out of the air.
    state = table(pita, hands={"Ana": 2}, solo_duration="until_players_next_turn")
    state = legal(pita, state, play("Ana", "Cy", SOLO), play("Ana", "Ana", F(100)))
    assert state["players"]["Cy"]["protected_until"] == "Ana"
    assert codes(pita, state, play("Ben", "Cy", CC)) == ["PN-C06"]
    state = legal(pita, state, opens("Ana"))
    assert state["players"]["Cy"]["protected_until"] is None
    assert codes(pita, state, play("Ben", "Cy", CC)) == []


def test_the_lone_player_keeps_playing_until_they_open(pita: Engine) -> None:
    state = table(pita, hands={"Ana": 0, "Ben": 0, "Cy": 1}, stacks={"Ana": [F(200)], "Ben": [F(100)]})
    state = legal(pita, state, opens("Ana"), opens("Ben"))
    assert state["current"] == "Cy" and not state["game_over"]
    state = legal(pita, state, play("Cy", "Cy", F(300)), draw("Cy"))
    assert (state["current"], state["turn_no"]) == ("Cy", 4)
    assert pita.expected(state)["options"]["card_played"]["target"] == ["Cy"]
    state = legal(pita, state, play("Cy", "Cy", F(200)), draw("Cy"), play("Cy", "Cy", F(100)))
    state = legal(pita, state, opens("Cy"))
    assert (state["game_over"], state["end_reason"]) == (True, "ALL_OPENED")
    assert pita.standings(state)["winners"] == ["Cy"]


def test_an_odd_click_clack_count_crashes_at_the_end(pita: Engine) -> None:
    state = table(pita, hands={"Ana": 0, "Ben": 0, "Cy": 0}, stacks={"Ana": [F(500), CC], "Ben": [CC, F(100), CC]})
    state = legal(pita, state, opens("Ana"))
    assert row(pita, state, "Ana")["status"] == "parachute_open"
    assert row(pita, state, "Ana")["breakdown"]["secured"] is False
    state = legal(pita, state, opens("Ben"), opens("Cy"))
    assert {n: (p["status"], p["crash_reason"]) for n, p in state["players"].items()} == {
        "Ana": ("crashed", "odd_click_clack"),
        "Ben": ("parachute_open", None),
        "Cy": ("parachute_open", None),
    }
    assert [(r["status"], r["total"], r["rank"]) for r in pita.standings(state)["players"]] == [
        ("crashed", None, None),
        ("survived", 100, 1),
        ("survived", 0, 2),
    ]


def test_survivors_are_ranked_by_distance_and_ties_share(pita: Engine) -> None:
    stacks = {"Ana": [F(300)], "Ben": [F(200), F(100)], "Cy": [F(100)], "Dee": [F(500), F(300), CC]}
    state = table(pita, FOUR, hands=dict.fromkeys(FOUR, 0), stacks=stacks)
    state = legal(pita, state, opens("Ana"), opens("Ben"), opens("Cy"), opens("Dee"))
    result = pita.standings(state)
    assert result["final"] is True
    assert [(r["player"], r["total"], r["rank"]) for r in result["players"]] == [
        ("Ana", 300, 1),
        ("Ben", 300, 1),
        ("Cy", 100, 3),
        ("Dee", None, None),
    ]
    assert result["winners"] == ["Ana", "Ben"]


def test_no_survivors_means_no_winner(pita: Engine) -> None:
    state = legal(pita, table(pita, deck_total=None, stacks={"Ana": [F(500)]}), rip("Ana"))
    result = pita.standings(state)
    assert [(r["status"], r["total"], r["rank"]) for r in result["players"]] == [("crashed", None, None)] * 3
    assert result["players"][0]["breakdown"]["distance"] == 500
    assert (result["final"], result["winners"]) == (True, [])


def test_no_event_is_accepted_after_the_game_ends(pita: Engine) -> None:
    state = legal(pita, table(pita, deck_total=None), rip("Ana"))
    assert codes(pita, state, draw("Ben")) == ["PN-C13"]
    assert codes(pita, state, Event("no_such_event", {}, "Ben")) == ["event/unknown-type"]


def test_mid_game_standings_show_the_running_distance(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ana", F(300)), play("Ana", "Ben", F(300)), play("Ben", "Ben", CC))
    result = pita.standings(state)
    assert result["final"] is False and result["winners"] == []
    assert result["players"][1] == {
        "player": "Ben",
        "total": 300,
        "breakdown": {
            "distance": 300,
            "click_clack": 1,
            "click_clack_parity": "odd",
            "hand_count": 5,
            "stack_height": 2,
            "safe_if_opened_now": False,
            "secured": False,
            "crash_reason": None,
        },
        "status": "in_air",
        "rank": 1,
    }
    assert [r["rank"] for r in result["players"]] == [1, 1, 3]


# -- expected, describe, schemas --------------------------------------------------------


def test_expected_offers_the_turns_choices(pita: Engine) -> None:
    assert pita.expected(table(pita)) == {
        "actors": ["Ana"],
        "event_types": ["card_drawn", "card_played"],
        "options": {
            "card_drawn": draws("action"),
            "card_played": {
                "target": ["Ana", "Ben", "Cy"],
                "kind": ["FALL", "CLICK_CLACK", "SOLO", "WIND", "RISK"],
                "value": [100, 200, 300, 500],
                "direction": ["CW", "CCW"],
                "shown_when": {"card.value": {"card.kind": ["FALL"]}, "card.direction": {"card.kind": ["WIND"]}},
                "refused_choices": {"target": []},
                "suggested": {"target": "Ana"},  # most cards go on one's own character
            },
        },
    }


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (play("Ana", "Ben", W("CW")), "Ana played Wind (CW) on Ben; the top cards moved clockwise"),
        (play(None, "Ana", F(300)), "Ana played Fall 300 on their own character"),
        (play("Ana", "Ben", RISK), "Ana played Risk on Ben: Ana takes 2 cards from Ben's hand"),
        (draw("Ana"), "Ana drew a card (7 in hand)"),
        (draw("Ana", face=F(200)), "Ana drew Fall 200 (7 in hand)"),
        (take("Ana", "Ben", 1), "Ana took 1 card from Ben's hand (Risk)"),
        (rip("Ana"), "Ana drew the R.I.P. card: the game ends"),
        (opens("Ana"), "Ana opened their parachute"),
    ],
)
def test_describe_says_what_happened(pita: Engine, event: Event, line: str) -> None:
    assert pita.describe(table(pita), event) == line


def test_schemas_reject_unknown_fields_and_kinds_but_not_rule_breaches(pita: Engine) -> None:
    played = pita.event_schemas["card_played"]()
    with pytest.raises(ValidationError) as caught:
        played.load({"target": "Ben", "card": {"kind": "JOKER"}})
    assert "card" in caught.value.messages
    with pytest.raises(ValidationError):
        played.load({"target": "Ben", "card": {"kind": "WIND", "direction": "NORTH"}})
    with pytest.raises(ValidationError):
        pita.event_schemas["card_drawn"]().load({"via": "luck"})
    with pytest.raises(ValidationError):
        pita.event_schemas["parachute_opened"]().load({"now": True})
    played.load({"target": "Ben", "card": {"kind": "FALL", "value": 400}})  # PN-C12, not a shape error
    assert pita.event_schemas["cards_taken"]().load({"from": "Ben", "count": 2}) == {"from_": "Ben", "count": 2}


# -- apply folds overridden (illegal) facts ----------------------------------------------


def test_apply_of_an_overridden_play_from_an_empty_hand_leaves_zero(pita: Engine) -> None:
    state = table(pita, hands={"Ana": 0})
    event = play("Ana", "Ben", F(200))
    assert codes(pita, state, event) == ["PN-C04"]
    state = pita.apply(state, event)
    assert (hands(state)["Ana"], stack(state, "Ben")) == (0, [F(200)])


def test_apply_of_an_overridden_play_on_a_parachuted_player_lands_on_their_stack(pita: Engine) -> None:
    state = legal(pita, table(pita, hands={"Ben": 0}), draw("Ana"), draw("Ana"), opens("Ben"))
    state = pita.apply(state, play("Cy", "Ben", CC))
    assert stack(state, "Ben") == [CC]
    assert state["players"]["Ben"]["status"] == "parachute_open"


@pytest.mark.parametrize(
    "event",
    [
        take("Ana", "Ben", 5),
        play("Zed", "Nobody", {"kind": "WIND"}),
        play("Ben", "Ana", {"kind": "RIP"}),
        opens("Ana"),
        draw("Ana", via="risk"),
        Event("no_such_event", {}, "Ana"),
    ],
)
def test_apply_of_an_illegal_event_does_not_raise(pita: Engine, event: Event) -> None:
    state = table(pita)
    assert codes(pita, state, event)
    before = json.dumps(state, sort_keys=True)
    folded = pita.apply(state, event)
    assert json.dumps(state, sort_keys=True) == before
    assert json.loads(json.dumps(folded)) == folded
    assert all(count >= 0 for count in hands(folded).values())


def test_apply_after_the_game_ends_changes_nothing_but_the_step(pita: Engine) -> None:
    state = legal(pita, table(pita, deck_total=None), rip("Ana"))
    folded = pita.apply(state, play("Ben", "Ben", F(500)))
    assert {**folded, "step": state["step"]} == state


# -- the demo game ----------------------------------------------------------------------


def test_the_demo_game_is_legal_and_ana_wins(pita: Engine) -> None:
    game = demo_game()
    state = pita.setup(game["players"], game["options"])
    for raw in game["events"]:
        pita.event_schemas[raw["type"]]().load(raw["data"])
        state = legal(pita, state, Event(raw["type"], raw["data"], raw["actor"]))
    result = pita.standings(state)
    assert (pita.is_over(state), state["end_reason"], result["winners"]) == (True, "ALL_OPENED", ["Ana"])
    assert [(r["player"], r["status"], r["total"], r["breakdown"]["distance"]) for r in result["players"]] == [
        ("Ana", "survived", 1100, 1100),
        ("Ben", "crashed", None, 300),
        ("Cy", "survived", 900, 900),
        ("Dee", "crashed", None, 1000),
    ]


# -- apply is total: any shape-valid event folds at any point of any game ----------------

_KINDS = ["FALL", "CLICK_CLACK", "SOLO", "WIND", "RISK", "RIP"]
_CARDS = st.fixed_dictionaries(
    {"kind": st.sampled_from(_KINDS)},
    optional={"value": st.integers(-1000, 1000), "direction": st.sampled_from(["CW", "CCW"])},
)


def _any_event(names: list[str]) -> st.SearchStrategy[Event]:
    who = st.sampled_from([*names, "Zed"])
    actor = st.one_of(st.none(), who)
    drawn = st.builds(
        Event,
        st.just("card_drawn"),
        st.fixed_dictionaries({}, optional={"face": _CARDS, "via": st.sampled_from(["action", "risk"])}),
        actor,
    )
    played = st.builds(Event, st.just("card_played"), st.fixed_dictionaries({"target": who, "card": _CARDS}), actor)
    taken = st.builds(
        Event,
        st.just("cards_taken"),
        st.fixed_dictionaries({"from": who}, optional={"count": st.integers(0, 5)}),
        actor,
    )
    opened = st.builds(Event, st.just("parachute_opened"), st.just({}), actor)
    return st.one_of(drawn, played, taken, opened)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_apply_folds_any_shape_valid_event_without_raising(pita: Engine, data: st.DataObject) -> None:
    players, state = random_table(data, pita)
    for odd in data.draw(st.lists(_any_event(players), min_size=1, max_size=5), label="odd events"):
        pita.event_schemas[odd.type]().load(dict(odd.data))
        pita.check(state, odd)
        assert pita.describe(state, odd)
        before = json.dumps(state, sort_keys=True)
        folded = pita.apply(state, odd)
        assert json.dumps(state, sort_keys=True) == before
        assert json.loads(json.dumps(folded)) == folded
        assert all(count >= 0 for count in hands(folded).values())
        assert folded["deck_remaining"] is None or folded["deck_remaining"] >= 0
        pita.standings(folded)
        pita.expected(folded)
        state = folded


# -- the random legal games reach the late opening ---------------------------------------


@st.composite
def _legal_games(draw: Any) -> tuple[list[str], dict[str, Any], list[Event]]:
    class _Data:  # what the recipe needs of Hypothesis' ``data`` object
        def draw(self, strategy: st.SearchStrategy[Any], label: str | None = None) -> Any:
            return draw(strategy)

    return GAME_STRATEGIES["panic-in-the-air"](_Data())  # type: ignore[arg-type]


def _late_openings(pita: Engine, recipe: tuple[list[str], dict[str, Any], list[Event]]) -> int:
    players, options, events = recipe
    state, count = pita.setup(players, options), 0
    for event in events:
        if event.type == "parachute_opened" and event.actor not in (None, state["current"]):
            count += 1
        state = pita.apply(state, event)
    return count


def test_the_random_legal_games_include_late_openings(pita: Engine) -> None:
    # Without shrinking: any game with a late opening will do (a few percent of them have one).
    found = find(
        _legal_games(),
        lambda recipe: _late_openings(pita, recipe) > 0,
        settings=settings(
            max_examples=2000,
            derandomize=True,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        ),
    )
    assert _late_openings(pita, found) >= 1
