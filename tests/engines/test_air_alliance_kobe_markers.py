"""The Kobe Rules (3) reservations off the board, (4) waiting for a cancellation and (6)
the extra marker, as rule scenarios (engines/air_alliance/reservations.py, turns.py).

The cards and icons are made up for the tests, never presented as the game's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from engines import weighted_play
from engines.air_alliance import demo
from engines.base import Event, State
from tests.engines.scenario import codes, legal
from tests.engines.test_air_alliance_engine import ENGINE, card, fly, reveal

ALL = [{"type": "AREA", "areas": "ALL"}]
PLANES = {"Ann": ["A1", "A2", "E1", "U1"], "Bo": ["A3", "E3", "M1", "U2"], "Cy": ["A2", "E2", "M2", "U3"]}


def set_up(options: Mapping[str, Any], players: tuple[str, ...] = ("Ann", "Bo")) -> State:
    """The row P1 to P6; P4 flies U1 to U2, where Ann's plane at U1 can carry it."""
    state = ENGINE.setup(list(players), {**options, "colours": ["red", "yellow", "green"][:len(players)]})
    return legal(ENGINE, state, *[Event("planes_placed", {"player": p, "airports": PLANES[p]}) for p in players],
                 reveal("P1"), reveal("P2"), reveal("P3"), reveal("P4", "U1", "U2"), reveal("P5"), reveal("P6"))


def end_turn(state: State, *reveals: str) -> State:
    """PHASE 1 ends (markers optional), the Lost Baggage is refilled, nothing is placed."""
    state = legal(ENGINE, state, Event("phase1_ended", {}))
    if state["turn"].get("claims"):
        state = legal(ENGINE, state, Event("cancellations_claimed", {"claims": {}}))
    state = legal(ENGINE, state, *[reveal(card_id) for card_id in reveals])
    return legal(ENGINE, state, Event("boarding_pass_updated", {"placements": {}}))


OFFBOARD = {"kobe_reserve_offboard": True, "kobe_markers_optional": True}
WAITING = {"kobe_wait_cancellation": True, "kobe_markers_optional": True}


def test_kobe_3_a_reserved_card_leaves_the_board_and_only_its_reserver_gains_it() -> None:  # AA-C23
    state = legal(ENGINE, set_up(OFFBOARD), Event("marker_placed", {"reserve": "P4"}))
    assert state["row"] == ["P1", "P2", "P3", "P5", "P6", None] and state["offboard"] == {"P4": "Ann"}
    assert codes(ENGINE, state, Event("phase1_ended", {})) == ["AA-C26"]  # "draw a new Passenger Card"
    state = end_turn(legal(ENGINE, state, reveal("P7")), "P8")
    assert state["discards"] == ["P1"]  # the row has no marker: its leftmost card goes
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P4"})) == ["AA-C23"]  # Bo's turn: Ann's card
    state = end_turn(state, "P9")
    # Ann's PHASE 1: her marker comes back; the card, off the board, is still hers to gain this turn.
    assert state["offboard"] == {"P4": None} and state["players"]["Ann"]["reservation"] is None
    state = legal(ENGINE, state, fly(0, "red", "U1", "U2", ALL))
    assert ENGINE.expected(state)["options"]["passenger_gained"] == {"card": ["P4"]}
    state = legal(ENGINE, state, Event("passenger_gained", {"card": "P4"}))
    assert state["offboard"] == {} and state["turn"]["gained"] == ["P4"] and None not in state["row"]


def test_kobe_3_a_reserved_card_not_gained_is_discarded_with_the_lost_baggage() -> None:  # AA-C28
    state = legal(ENGINE, set_up(OFFBOARD), Event("marker_placed", {"reserve": "P4"}), reveal("P7"))
    state = end_turn(end_turn(state, "P8"), "P9")  # Ann's turn, then Bo's
    row = list(state["row"])
    state = legal(ENGINE, state, Event("phase1_ended", {}))  # Ann does not gain it
    assert state["discards"] == ["P1", "P2", row[0], "P4"] and state["offboard"] == {}


def test_kobe_4_a_waiting_marker_claims_after_another_player_s_phase_1() -> None:  # AA-C21, AA-C32
    state = set_up(WAITING)
    assert ENGINE.expected(state)["options"]["marker_placed"]["wait"] == [True]
    assert codes(ENGINE, set_up({}), Event("marker_placed", {"wait": True})) == ["AA-C32"]  # not in play
    state = legal(ENGINE, state, Event("marker_placed", {"wait": True}))
    assert state["players"]["Ann"]["waiting"] is True
    assert codes(ENGINE, state, Event("marker_placed", {"reserve": "P1"})) == ["AA-C21"]  # reserve or wait, once
    assert codes(ENGINE, state, Event("marker_placed", {"wait": True})) == ["AA-C21"]
    state = end_turn(state, "P7")
    assert codes(ENGINE, state, Event("cancellations_claimed", {"claims": {"Ann": "P2"}})) == ["AA-C32"]  # no window
    state = legal(ENGINE, state, Event("phase1_ended", {}))  # Bo finishes PHASE 1: Ann may claim first
    assert state["turn"]["claims"] == ["Ann"] and state["row"] == ["P2", "P3", "P4", "P5", "P6", "P7"]
    expected = ENGINE.expected(state)
    assert expected["event_types"] == ["cancellations_claimed"] and expected["actors"] == ["Bo", "Ann"]  # a table event
    assert expected["options"]["cancellations_claimed"]["claims"] == [
        {"player": "Ann", "cards": ["P2", "P3", "P4", "P5", "P6", "P7"]}]
    assert codes(ENGINE, state, Event("cancellations_claimed", {"claims": {"Bo": "P2"}})) == ["AA-C32"]
    assert codes(ENGINE, state, Event("cancellations_claimed", {"claims": {"Ann": "P1"}})) == ["AA-C32"]  # discarded
    state = legal(ENGINE, state, Event("cancellations_claimed", {"claims": {"Ann": "P2"}}, "Ann"))
    # The claim saved P2 from the Lost Baggage: the leftmost card without a marker is P3.
    assert state["reserved"] == {"P2": "Ann"} and state["discards"] == ["P1", "P3"]
    assert state["players"]["Ann"]["waiting"] is False and state["players"]["Ann"]["reservation"] == "P2"


def test_kobe_4_the_farthest_claimant_from_the_current_player_takes_the_card() -> None:  # AA-C32
    state = set_up(WAITING, ("Ann", "Bo", "Cy"))
    state = legal(ENGINE, state, Event("marker_placed", {"wait": True}))
    state = end_turn(state, "P7")
    state = legal(ENGINE, state, Event("marker_placed", {"wait": True}))
    state = end_turn(state, "P8")  # Ann claimed nothing after Bo's PHASE 1
    state = legal(ENGINE, state, Event("phase1_ended", {}))  # Cy's: Ann and Bo wait
    assert state["turn"]["claims"] == ["Ann", "Bo"]
    claims = Event("cancellations_claimed", {"claims": {"Ann": "P3", "Bo": "P3"}})
    assert ENGINE.describe(state, claims) == "Ann claims P3 (too late); Bo claims P3"
    state = legal(ENGINE, state, claims)  # from Cy, Ann is next and Bo the farthest
    assert state["reserved"] == {"P3": "Bo"}
    assert state["players"]["Ann"]["waiting"] is True and state["players"]["Bo"]["waiting"] is False


def test_kobe_4_an_overridden_claim_with_no_window_changes_nothing() -> None:  # AA-C32
    state = legal(ENGINE, set_up(WAITING), Event("marker_placed", {"reserve": "P2"}))
    claims = Event("cancellations_claimed", {"claims": {"Bo": "P1"}})
    assert codes(ENGINE, state, claims) == ["AA-C32"]
    folded = ENGINE.apply(state, claims)  # the table overrode the refusal
    assert folded == {**state, "step": state["step"] + 1}


def test_kobe_first_turn_ends_with_its_extra_turn_earned() -> None:  # Kobe Rules 2 with the extra turn
    state = transit({"kobe_first_turn": True, "kobe_markers_optional": True}, reserve=False)  # none in First Turns
    assert state["turn"]["player"] == "Ann" and state["turn"]["extra"] is True
    assert state["players"]["Ann"]["first_turn_done"] is True  # her First Turn is over; this one is extra
    assert "row_refreshed" not in ENGINE.expected(state)["event_types"]


def test_kobe_4_claims_off_the_board_and_none_during_the_first_turns() -> None:  # Kobe Rules (3) with (4), and 2
    state = set_up({**OFFBOARD, **WAITING})
    state = legal(ENGINE, state, Event("marker_placed", {"reserve": "P4"}), reveal("P7"))
    state = end_turn(state, "P8")
    state = end_turn(legal(ENGINE, state, Event("marker_placed", {"wait": True})), "P9")
    state = legal(ENGINE, state, Event("phase1_ended", {}))  # Ann leaves P4 off the board, unmarked
    assert ENGINE.expected(state)["options"]["cancellations_claimed"]["claims"] == [
        {"player": "Bo", "cards": [*state["row"], "P4"]}]
    state = legal(ENGINE, state, Event("cancellations_claimed", {"claims": {"Bo": "P4"}}))
    assert state["offboard"] == {"P4": "Bo"} and "P4" not in state["discards"]
    first = set_up({**WAITING, "kobe_first_turn": True})
    first = legal(ENGINE, first, Event("marker_placed", {"wait": True}))
    first = legal(ENGINE, end_turn(first, "P7"), Event("phase1_ended", {}))
    assert "claims" not in first["turn"]  # "no player may reserve ... until all First Turns are finished"


def transit(options: Mapping[str, Any], reserve: bool = True) -> State:
    """Ann's turn: red flies A1 -> E2 -> M3 and gains P1 to P3 (the transit example), her
    third marker reserves P4 (unless not ``reserve``); P7 (M3 to U1) and P10 (A1 to M3,
    carried already) turn up after them."""
    state = ENGINE.setup(["Ann", "Bo"], options)
    return legal(ENGINE, state, *[Event("planes_placed", {"player": p, "airports": PLANES[p]}) for p in ("Ann", "Bo")],
                 Event("card_revealed", {"card": card("P1", "A1", "E2")}),
                 Event("card_revealed", {"card": card("P2", "E2", "M3")}),
                 Event("card_revealed", {"card": card("P3", "A1", "M3")}), reveal("P4"), reveal("P5"), reveal("P6"),
                 fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]),
                 fly(1, "red", "E2", "M3", [{"type": "AREA", "areas": "EM"}]),
                 *[Event("passenger_gained", {"card": c}) for c in ("P1", "P2", "P3")],
                 *([Event("marker_placed", {"reserve": "P4"})] if reserve else []), reveal("P7", "M3", "U1"),
                 reveal("P8"), reveal("P9"),
                 Event("phase1_ended", {}), reveal("P10", "A1", "M3"),
                 Event("boarding_pass_updated", {"placements": {"P1": 0, "P2": 1, "P3": 2}}))


def test_kobe_6_an_extra_marker_instead_of_an_extra_turn() -> None:  # AA-C34
    state = transit({"kobe_extra_marker": True})
    turn = state["turn"]
    assert turn["player"] == "Ann" and turn["phase"] == 4 and turn["slots_used"] == []  # new faces, no extra turn
    assert ENGINE.expected(state)["event_types"] == ["marker_placed", "boarding_pass_updated"]
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P7"})) == ["AA-C34"]  # the extra marker first
    # P1's Area icon (ALL) flies the red plane on from M3 to U1, which carries P7.
    state = legal(ENGINE, state, Event("marker_placed", {"slot": 0, "icon": 0, "fly": {"colour": "red", "from": "M3",
                                                                                         "to": "U1"}}))
    assert codes(ENGINE, state, Event("marker_placed", {"slot": 1, "icon": 1, "swap": {"airport": "U1",
                                                                                      "places": [0, 1]}})) == ["AA-C34"]
    # P10 turned up after PHASE 1, whose flights carry it: not the extra marker's to gain.
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P10"})) == ["AA-C34"]
    state = legal(ENGINE, state, Event("passenger_gained", {"card": "P7"}))
    assert codes(ENGINE, state, Event("boarding_pass_updated", {"placements": {"P7": 1}})) == ["AA-C26"]
    state = legal(ENGINE, state, reveal("P11"))
    assert codes(ENGINE, state, Event("boarding_pass_updated", {"placements": {}})) == ["AA-C29"]  # P7 to place
    state = legal(ENGINE, state, Event("boarding_pass_updated", {"placements": {"P7": 1}}))
    assert state["players"]["Ann"]["slots"] == [["P1"], ["P2", "P7"], ["P3"]]
    assert state["turn"]["player"] == "Bo" and state["turn"]["extra"] is False


def test_kobe_6_an_extra_marker_that_flies_nothing_gains_nothing() -> None:  # AA-C34
    state = transit({"kobe_extra_marker": True, "kobe_flush": True})
    state = legal(ENGINE, state, Event("marker_placed", {"flush": True}))
    assert ENGINE.expected(state)["options"]["passenger_gained"] == {"card": []}
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P10"})) == ["AA-C34"]


def test_kobe_6_fewer_than_three_passengers_earn_no_extra_marker() -> None:  # AA-C34
    state = legal(ENGINE, set_up({"kobe_extra_marker": True, "kobe_markers_optional": True}),
                  fly(0, "red", "U1", "U2", ALL), Event("passenger_gained", {"card": "P4"}), reveal("P7"),
                  Event("phase1_ended", {}), reveal("P8"))
    state = legal(ENGINE, state, Event("boarding_pass_updated", {"placements": {"P4": 0}}))
    assert state["turn"]["player"] == "Bo" and state["turn"]["phase"] == 1


KOBE = {name: True for name in ENGINE.options if name.startswith("kobe_")}


@pytest.mark.parametrize("seed", [0, 1])
def test_a_game_under_every_kobe_rule_keeps_its_sixty_cards_and_ends(seed: int) -> None:
    """A seeded legal game with every switch on: every card is somewhere at every step,
    and the engine's cheap ``actors`` agrees with ``expected()``."""
    events = weighted_play.play_out(ENGINE, demo.PLAYERS, KOBE, demo.candidates, demo._liking, seed)
    state = ENGINE.setup(demo.PLAYERS, KOBE)
    for event in events:
        state = legal(ENGINE, state, event)
        assert ENGINE.actors(state) == ENGINE.expected(state)["actors"]
        held = sum(len(stack) for p in state["players"].values() for stack in [*p["slots"], p["set_aside"]])
        in_turn = len(state["turn"]["gained"]) - state["turn"]["placed"] if state.get("turn") else 0
        on_table = sum(1 for c in state["row"] if c is not None) + len(state["offboard"]) + len(state["discards"])
        assert held + in_turn + on_table + state["deck"] == 60, event
    assert ENGINE.is_over(state)
