"""Pan Am: the Engineer phase, PA-E1..PA-E17.  Most tables load the illustrative board
(``pan_am_helpers.ILLUSTRATIVE_BOARD``: A tracks 1-2, costs on every track, D holds 4, E 3)."""

from __future__ import annotations

from engines.base import Engine, Event, State
from tests.engines.pan_am_helpers import (
    airport,
    aside,
    bid,
    dealt,
    drawn,
    finish_round,
    reveal,
    revealed,
    set_aside_all,
    set_players,
    site,
    to_resolution,
    to_round,
)
from tests.engines.scenario import codes, legal, notes


def round_two_with_priority(pa: Engine) -> State:
    """Round 1: Ann then Bob put an Engineer on E and draw; round 2's Event card is up.
    Bob now holds the First Player Marker; Ann's Engineer is leftmost on E."""
    state = legal(pa, revealed(pa), site("E", "Ann"), site("E", "Bob"))
    state = set_aside_all(pa, state)
    state = legal(pa, state, drawn("Ann"), drawn("Bob"))
    state = finish_round(pa, state)
    return legal(pa, state, reveal("up", None))


# -- PA-E1, PA-E2: the phase -------------------------------------------------------------


def test_engineers_are_assigned_only_in_the_engineer_phase(pa: Engine) -> None:
    assert codes(pa, dealt(pa), site("D", "Ann")) == ["PA-E1"]  # no Event card yet
    state = to_resolution(pa, revealed(pa), bid("A", "1", 1, "Ann"))
    assert state["phase"] == "RESOLUTION"
    assert codes(pa, state, site("D", "Ann")) == ["PA-E1"]


def test_round_one_has_no_priority_access_step(pa: Engine) -> None:
    state = revealed(pa)
    assert state["priority_queue"] == []
    state = legal(pa, state, site("E", "Ann"))
    assert state["phase"] == "ASSIGNMENT" and state["turn"] == "Bob"


# -- PA-E3, PA-E4: Priority Access --------------------------------------------------------


def test_priority_access_goes_left_to_right_on_e_before_the_first_player(pa: Engine) -> None:
    state = round_two_with_priority(pa)
    assert state["first_player"] == "Bob" and state["priority_queue"] == ["Ann", "Bob"]
    assert pa.expected(state)["actors"] == ["Ann"]
    assert codes(pa, state, site("D", "Bob")) == ["PA-E3"]
    state = legal(pa, state, site("D", "Ann"))
    assert state["phase"] == "PRIORITY" and state["sites"]["D"][0] == {"player": "Ann", "priority": True, "resolved": False}
    state = legal(pa, state, bid("A", "1", 2, "Bob"))
    # The Assignment step starts with the first player, Bob.
    assert (state["phase"], state["turn"]) == ("ASSIGNMENT", "Bob")
    assert state["players"]["Ann"]["available"] == 4


def test_a_priority_engineer_does_not_go_back_to_e(pa: Engine) -> None:
    state = round_two_with_priority(pa)
    assert codes(pa, state, site("E", "Ann")) == ["PA-E4"]
    assert codes(pa, state, aside("Ann", 2)) == ["PA-E3"]
    state = legal(pa, state, aside("Ann"))
    assert state["players"]["Ann"]["set_aside"] == 1 and state["priority_queue"] == ["Bob"]


# -- PA-E5, PA-E6: turns ------------------------------------------------------------------


def test_players_assign_one_engineer_at_a_time_clockwise(pa: Engine) -> None:
    state = revealed(pa)
    assert codes(pa, state, site("D", "Bob")) == ["PA-E5"]
    state = legal(pa, state, site("D", "Ann"), site("D", "Bob"))
    assert state["turn"] == "Ann"


def test_a_player_with_no_engineer_left_is_skipped(pa: Engine) -> None:
    state = legal(pa, revealed(pa), aside("Ann", 5))
    assert codes(pa, state, aside("Bob", 6)) == ["PA-E6"]
    state = legal(pa, state, site("D", "Bob"))
    assert state["turn"] == "Bob"  # Ann has none: Bob goes again
    assert codes(pa, state, site("D", "Ann")) == ["PA-E5"]


# -- PA-E7, PA-E8, PA-E15, PA-E17: bidding tracks --------------------------------------------


def test_an_occupied_track_takes_only_a_higher_space(pa: Engine) -> None:
    state = legal(pa, revealed(pa), bid("B", "2", 2, "Ann"))
    assert codes(pa, state, bid("B", "2", 2, "Bob")) == ["PA-E7"]
    assert codes(pa, state, bid("B", "2", 1, "Bob")) == ["PA-E7"]
    assert pa.check(state, bid("B", "2", 1, "Bob"))[0].message == (
        "Bob cannot bid at B2 space 1: Ann's Engineer is on space 2; place higher")
    assert codes(pa, state, bid("B", "2", 5, "Bob")) == ["PA-E7"]
    assert codes(pa, state, Event("engineer_assigned", {"area": "B", "track": "2"}, "Bob")) == ["PA-E7"]


def test_an_overbid_engineer_goes_back_and_is_reassigned_in_turn(pa: Engine) -> None:
    state = legal(pa, revealed(pa), bid("B", "2", 1, "Ann"), bid("B", "2", 3, "Bob"))
    # PA-E8: one Engineer per track; PA-E15: Ann's comes back to her hand.
    assert state["tracks"]["B"]["2"]["player"] == "Bob"
    assert state["players"]["Ann"]["available"] == 5
    assert state["turn"] == "Ann"


def test_overbidding_your_own_engineer_follows_the_profile(pa: Engine) -> None:
    state = legal(pa, revealed(pa), bid("A", "1", 1, "Ann"), site("D", "Bob"))
    assert notes(pa, state, bid("A", "1", 2, "Ann")) == [("PA-E17", "warning")]
    state = legal(pa, revealed(pa, self_overbid="forbidden"), bid("A", "1", 1, "Ann"), site("D", "Bob"))
    assert codes(pa, state, bid("A", "1", 2, "Ann")) == ["PA-E17"]
    state = legal(pa, revealed(pa, self_overbid="allowed"), bid("A", "1", 1, "Ann"), site("D", "Bob"))
    assert notes(pa, state, bid("A", "1", 2, "Ann")) == []


# -- PA-E9, PA-E10, PA-E11: which tracks ---------------------------------------------------


def test_a_destination_track_is_a_display_space_holding_a_card(pa: Engine) -> None:
    state = revealed(pa)
    assert codes(pa, state, bid("B", "5", 1, "Ann")) == ["PA-E9"]
    state["display"][2] = {"card": None, "bonus": 0}  # the deck ran out earlier (pre-loaded)
    assert codes(pa, state, bid("B", "3", 1, "Ann")) == ["PA-E9"]


def test_cruisers_open_in_round_3_and_jets_in_round_6(pa: Engine) -> None:
    state = revealed(pa)
    assert codes(pa, state, bid("C", "CRUISER", 1, "Ann")) == ["PA-E10"]
    assert pa.check(state, bid("C", "JET", 1, "Ann"))[0].message == "The Jet track is covered by its tile until round 6"
    state = to_round(pa, revealed(pa), 3)
    state = legal(pa, state, reveal("up", None))
    assert state["tiles"] == {"CRUISER": False, "JET": True}
    assert notes(pa, state, bid("C", "CRUISER", 1, "Ann")) == []
    assert codes(pa, state, bid("C", "JET", 1, "Ann")) == ["PA-E10"]


def test_the_open_rounds_are_a_profile_option(pa: Engine) -> None:
    state = revealed(pa, cruiser_open_round=1)
    assert codes(pa, state, bid("C", "CRUISER", 1, "Ann")) == []


def test_airport_tracks_are_the_boards_or_unverified(pa: Engine) -> None:
    assert codes(pa, revealed(pa), bid("A", "3", 1, "Ann")) == ["PA-E11"]  # the board has A1, A2
    state = legal(pa, dealt(pa), reveal())
    assert notes(pa, state, bid("A", "1", 1, "Ann", cost=1)) == [("PA-E11", "unverified")]
    assert codes(pa, state, bid("A", "x", 1, "Ann", cost=1)) == ["PA-E11"]
    state = legal(pa, state, bid("A", "1", 1, "Ann", cost=1))
    assert notes(pa, state, bid("A", "1", 2, "Bob", cost=2)) == []  # A1 is known now


# -- PA-E12: costs -------------------------------------------------------------------------


def test_a_cost_is_declared_on_first_use_and_fixed_after(pa: Engine) -> None:
    state = legal(pa, dealt(pa), reveal())
    assert codes(pa, state, bid("B", "1", 2, "Ann")) == ["PA-E12"]
    state = legal(pa, state, bid("B", "1", 2, "Ann", cost=3))
    assert state["tracks"]["B"]["1"]["cost"] == 3
    assert state["declared"]["track_cost:B:1:2"]["value"] == 3
    state = legal(pa, state, aside("Bob"), aside("Ann"))
    # B1 space 2 is known: no cost needed, a different one is a conflict.
    assert notes(pa, state, bid("B", "1", 3, "Bob", cost=2)) == [("PA-E12", "warning")]
    state2 = legal(pa, state, site("D", "Bob"))
    assert codes(pa, state2, bid("B", "2", 2, "Ann", cost=3)) == []


def test_a_known_cost_cannot_be_redeclared(pa: Engine) -> None:
    state = revealed(pa)  # the board prints B1 space 2 at $1
    assert codes(pa, state, bid("B", "1", 2, "Ann", cost=5)) == ["declared/conflict"]
    assert codes(pa, state, bid("B", "1", 2, "Ann", cost=1)) == []


# -- PA-E13: work sites ---------------------------------------------------------------------


def test_work_sites_fill_left_to_right_up_to_their_capacity(pa: Engine) -> None:
    state = legal(pa, revealed(pa), site("E", "Ann"), site("E", "Bob"), site("E", "Ann"))
    assert codes(pa, state, site("E", "Bob")) == ["PA-E13"]  # E holds 3 on the test board
    assert codes(pa, state, Event("engineer_assigned", {"area": "D", "space": 2}, "Bob")) == ["PA-E13"]
    assert [s["player"] for s in state["sites"]["E"]] == ["Ann", "Bob", "Ann"]


def test_without_a_board_the_capacity_is_unverified(pa: Engine) -> None:
    state = legal(pa, dealt(pa), reveal())
    assert notes(pa, state, site("D", "Ann")) == [("PA-E13", "unverified")]


# -- PA-E14, PA-E16 ----------------------------------------------------------------------------


def test_a_bid_above_the_money_is_legal_at_placement(pa: Engine) -> None:
    state = set_players(revealed(pa), Ann={"money": 2})
    assert codes(pa, state, bid("C", "CLIPPER", 4, "Ann")) == []  # $6


def test_nothing_resolves_while_engineers_are_being_assigned(pa: Engine) -> None:
    state = legal(pa, revealed(pa), bid("A", "1", 1, "Ann"))
    assert codes(pa, state, airport("Lisbon", "Ann")) == ["PA-E16"]


def test_the_phase_ends_when_nobody_holds_an_engineer(pa: Engine) -> None:
    state = legal(pa, revealed(pa), bid("A", "1", 1, "Ann"), aside("Bob", 5), aside("Ann", 4))
    assert state["phase"] == "RESOLUTION"
    assert state["resolution"]["queue"] == [{"area": "A", "track": "1", "index": None, "player": "Ann", "cost": 1}]


# -- added by the audit: each check has a failing test -------------------------------------------


def test_the_plane_tracks_are_the_four_planes(pa: Engine) -> None:
    state = revealed(pa)
    assert codes(pa, state, bid("C", "BALLOON", 1, "Ann")) == ["PA-E10"]
    assert pa.check(state, bid("C", "BALLOON", 1, "Ann"))[0].message == (
        "The Plane tracks are TRIMOTOR, CLIPPER, CRUISER, JET, not 'BALLOON'")


def test_the_player_due_must_hold_an_engineer(pa: Engine) -> None:
    state = legal(pa, revealed(pa), site("D", "Ann"))
    state = set_players(state, Bob={"available": 0})  # pre-loaded: Bob's hand is empty
    assert codes(pa, state, site("D", "Bob")) == ["PA-E6"]


def test_an_overbid_engineer_is_reassigned_when_its_owners_turn_comes(pa: Engine) -> None:
    """PA-E15 with three players: Ann overbids Bob, so Bob (next clockwise) places again at once."""
    from tests.engines.pan_am_helpers import THREE

    state = revealed(pa, THREE)
    state = legal(pa, state, site("D", "Ann"), bid("B", "2", 1, "Bob"), site("D", "Cat"), bid("B", "2", 2, "Ann"))
    assert (state["turn"], state["players"]["Bob"]["available"]) == ("Bob", 4)
    assert codes(pa, state, site("D", "Cat")) == ["PA-E5"]
