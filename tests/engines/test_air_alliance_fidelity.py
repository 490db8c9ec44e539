"""Air Alliance against its rulebook, finding by finding (issue 21, items 1 to 7): each test
plays a few events and reads the exact state, standings or code.

Cards, routes and icons are made up for the tests (the rulebook prints none); the Trio
List's names are the rulebook's."""

from __future__ import annotations

from typing import Any

from engines.air_alliance.engine import AirAlliance
from engines.base import Event, State
from tests.engines.scenario import codes, legal
from tests.engines.test_air_alliance_engine import card, fly, reveal

ENGINE = AirAlliance()
BLACK = {"type": "CODESHARE", "colours": ["black"]}
WHITE = {"type": "CODESHARE", "colours": ["white"]}
AE, EM = [{"type": "AREA", "areas": "AE"}], [{"type": "AREA", "areas": "EM"}]


def table(options: dict[str, Any] | None = None, passes: dict[str, Any] | None = None) -> State:
    """Ann (red) and Bo (yellow), planes placed, six cards up (P1 A1->E2, P2 E2->M3, P3 A1->M3)."""
    state = ENGINE.setup(["Ann", "Bo"], options or {})
    state = legal(ENGINE, state,
                  Event("planes_placed", {"player": "Ann", "airports": ["A1", "A2", "E1", "U1"]}),
                  Event("planes_placed", {"player": "Bo", "airports": ["A3", "E3", "M1", "U2"]}),
                  Event("card_revealed", {"card": card("P1", "A1", "E2")}),
                  Event("card_revealed", {"card": card("P2", "E2", "M3")}),
                  Event("card_revealed", {"card": card("P3", "A1", "M3", 9000)}),
                  reveal("P4"), reveal("P5"), reveal("P6"))
    if passes:
        state = legal(ENGINE, state, Event("board_declared", {"passes": passes}))
    return state


def ann_takes_the_deck_s_last_card(options: dict[str, Any] | None = None) -> State:
    """Ann flies A1->E2, gains P1, and the deck's last card, P7, refills the row."""
    state = table(options)
    state["deck"], state["discards"] = 1, ["X1", "X2", "X3"]  # 56 cards have turned up or been discarded
    return legal(ENGINE, state, fly(0, "red", "A1", "E2", AE), Event("passenger_gained", {"card": "P1"}), reveal("P7"))


def ann_runs_the_deck_out_at_the_lost_baggage(options: dict[str, Any] | None = None) -> State:
    """As above with two cards left: Ann reserves P7, the Lost Baggage (P2) is refilled
    by the deck's last card, P8, and Ann places P1; nobody records the reshuffle."""
    state = table(options)
    state["deck"], state["discards"] = 2, ["X1", "X2", "X3"]
    return legal(ENGINE, state, fly(0, "red", "A1", "E2", AE), Event("passenger_gained", {"card": "P1"}), reveal("P7"),
                 fly(1, "red", "E1", "E2", AE), Event("marker_placed", {"reserve": "P7"}), Event("phase1_ended", {}),
                 reveal("P8"), Event("boarding_pass_updated", {"placements": {"P1": 0}}))


# -- 1. "If the deck runs out during someone's turn, the active player shuffles the discards"


def test_aa_c27_the_deck_running_out_is_noticed_when_its_last_card_fills_the_row() -> None:
    state = ann_takes_the_deck_s_last_card()
    assert state["deck"] == 0 and None not in state["row"]
    assert ENGINE.expected(state)["event_types"] == ["discards_reshuffled"]  # asked at once


def test_aa_c27_the_depletion_belongs_to_the_turn_the_deck_ran_out_whenever_the_reshuffle_is_recorded() -> None:
    state = ann_runs_the_deck_out_at_the_lost_baggage()
    assert state["discards"] == ["X1", "X2", "X3", "P2"] and state["deck"] == 0
    assert state["turn"]["player"] == "Bo" and state["last_turn"]["order"] == [1, 0]  # Bo, then Ann, the depleter
    assert ENGINE.expected(state)["event_types"] == ["discards_reshuffled"]
    assert codes(ENGINE, state, Event("marker_placed", {"reserve": "P6"})) == ["AA-C22"]  # Bo's is a Last Turn
    state = legal(ENGINE, state, Event("discards_reshuffled", {}))  # recorded late, in Bo's turn
    assert state["last_turn"]["order"] == [1, 0] and state["deck"] == 4


def test_aa_c27_kobe_last_turn_follows_the_seat_that_ran_the_deck_out() -> None:  # Kobe Rules 3
    state = ann_runs_the_deck_out_at_the_lost_baggage({"kobe_last_turn": True})
    # Ann (1st seat) ran it out: only Bo, the last seat, plays a Last Turn; Ann's planes left with her turn.
    assert state["last_turn"]["order"] == [1]
    assert all("red" not in planes for planes in state["airports"].values())
    state = legal(ENGINE, state, Event("discards_reshuffled", {}))
    assert state["last_turn"]["order"] == [1]


# -- 2. "with either of two NPA colours, or with both" --------------------------------


def ann_holds(state: State, *faces: list[dict[str, Any]]) -> State:
    """Ann's Boarding Pass: one card a slot, with these icons (her bare pass shows AE)."""
    state = legal(ENGINE, state, Event("board_declared", {"passes": {"red": [AE, AE, AE]}}))
    for slot, icons in enumerate(faces):
        face = {**card(f"B{slot}", "A1", "E2"), "icons": [*icons, {"type": "PRIORITY"}][:3]}
        state["declared"][f"card:B{slot}"] = {"value": face, "at": 0, "label": "made up"}
        state["players"]["Ann"]["slots"][slot] = [f"B{slot}"]
    return state


def test_aa_c05_an_alliance_may_take_both_npa_colours() -> None:
    state = ann_holds(table(), [BLACK, WHITE], [BLACK, WHITE], [WHITE, BLACK])
    state = legal(ENGINE, state, Event("alliance_formed", {"npa": "black", "area": 0}))
    assert state["players"]["Ann"]["slots"] == [[], [], []]  # the pass is cleared at once
    assert ENGINE.expected(state)["options"]["alliance_formed"]["npa"] == ["white"]
    state = legal(ENGINE, state, Event("alliance_formed", {"npa": "white", "area": 0}))
    assert state["alliances"][0] == ["red", "black", "white"]
    assert state["players"]["Ann"]["set_aside"] == ["B0", "B1", "B2"]
    assert codes(ENGINE, state, Event("alliance_formed", {"npa": "white", "area": 1})) == ["AA-C05"]  # not twice


def test_aa_c05_the_second_colour_still_needs_its_three_icons() -> None:
    state = ann_holds(table(), [BLACK, WHITE], [BLACK], [BLACK, WHITE])
    state = legal(ENGINE, state, Event("alliance_formed", {"npa": "black", "area": 0}))
    assert codes(ENGINE, state, Event("alliance_formed", {"npa": "white", "area": 0})) == ["AA-C05"]


# -- 3. after the reshuffle, "the active player shuffles the discards to form a new deck"


def test_aa_c26_after_the_reshuffle_only_a_discard_turns_up() -> None:
    state = legal(ENGINE, ann_takes_the_deck_s_last_card(), Event("discards_reshuffled", {}),
                  fly(1, "red", "E2", "M3", EM), Event("passenger_gained", {"card": "P2"}))
    assert codes(ENGINE, state, reveal("Q1")) == ["AA-C26"]  # never in the deck
    assert codes(ENGINE, state, reveal("P3")) == ["AA-C26"]  # in the row, not in the deck
    assert codes(ENGINE, state, reveal("X2")) == []


# -- 4. "Resolve the action just after you place the marker" ------------------------------


def test_aa_c24_a_card_revealed_after_a_flight_is_not_carried_by_that_flight() -> None:
    state = legal(ENGINE, table(), fly(0, "red", "A1", "E2", AE), Event("passenger_gained", {"card": "P1"}),
                  Event("card_revealed", {"card": card("P7", "A1", "E2")}))
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P7"})) == ["AA-C24"]
    assert ENGINE.expected(state)["options"]["passenger_gained"]["card"] == []


def test_aa_c24_a_later_flight_carries_a_card_revealed_before_it() -> None:
    state = legal(ENGINE, table(), fly(0, "red", "A1", "E2", AE), Event("passenger_gained", {"card": "P1"}),
                  Event("card_revealed", {"card": card("P7", "E2", "M3")}), fly(1, "red", "E2", "M3", EM))
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P7"})) == []


def test_aa_c24_a_relay_begun_before_the_card_turned_up_does_not_carry_it() -> None:
    state = legal(ENGINE, table(), fly(0, "red", "A1", "E2", AE), Event("passenger_gained", {"card": "P1"}),
                  Event("card_revealed", {"card": card("P7", "A1", "M3")}), fly(1, "red", "E2", "M3", EM))
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P3"})) == []  # up since the start: the relay
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P7"})) == ["AA-C24"]  # A1 -> E2 came before it


def test_aa_c24_strict_gain_timing_off_lets_earlier_flights_carry_a_new_card() -> None:
    state = legal(ENGINE, table({"strict_gain_timing": False}), fly(0, "red", "A1", "E2", AE),
                  Event("passenger_gained", {"card": "P1"}), Event("card_revealed", {"card": card("P7", "A1", "E2")}))
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P7"})) == []


# -- 5. "Place all 3 markers" when nothing is legal --------------------------------------


def stuck() -> State:
    """Ann's pass shows only black Code Sharing, and black is in Bo's Alliance."""
    state = table(passes={"red": [[BLACK], [BLACK], [BLACK]]})
    state["alliances"] = [["yellow", "black"], [], [], []]
    return state


def null(slot: int) -> Event:
    return Event("marker_placed", {"slot": slot, "icon": 0})


def test_aa_c07_a_marker_with_nothing_legal_is_placed_with_no_action() -> None:
    state = stuck()
    assert codes(ENGINE, state, null(0)) == ["AA-C10"]  # a reservation is still possible
    state = legal(ENGINE, state, Event("marker_placed", {"reserve": "P4"}))
    offered = ENGINE.expected(state)["options"]["marker_placed"]["markers"]
    assert [m["actions"] for m in offered] == [[[{"slot": s, "icon": 0}]] for s in range(3)]
    state = legal(ENGINE, state, null(0), null(2), Event("phase1_ended", {}))
    assert state["turn"]["phase"] == 2 and state["turn"]["flights"] == []


def test_aa_c07_without_allow_null_marker_a_marker_always_flies_or_switches() -> None:
    state = stuck()
    state["options"] = {**state["options"], "allow_null_marker": False}
    state = legal(ENGINE, state, Event("marker_placed", {"reserve": "P4"}))
    assert codes(ENGINE, state, null(0)) == ["AA-C10"]


def test_aa_c10_a_marker_with_no_action_is_refused_while_its_icon_can_fly() -> None:
    state = table(passes={"red": [AE, AE, AE]})
    assert codes(ENGINE, state, null(0)) == ["AA-C10"]


# -- 6. the Trio List names the trios' cards ------------------------------------------


def named(card_id: str, name: str, trio: str | None) -> Event:
    return Event("card_revealed", {"card": {**card(card_id, "U3", "U2", 1000, trio), "name": name}})


def test_trio_list_a_card_s_declared_trio_must_match_its_name() -> None:
    state = ENGINE.setup(["Ann", "Bo"], {})
    assert codes(ENGINE, state, named("C1", "Yeti", "Spy")) == ["AA-C38"]
    assert codes(ENGINE, state, named("C1", "Passenger C1", "Spy")) == ["AA-C38"]
    assert codes(ENGINE, state, named("C1", "Secret Agent (KGB)", "Spy")) == []
    assert codes(ENGINE, state, named("C1", "Yeti", None)) == []  # the name says which trio


def test_trio_list_a_set_is_complete_by_its_cards_names() -> None:
    state = table()
    faces = {"Y": ("Yeti", None), "N": ("Neanderthal", "Primitive Man"), "B": ("Bigfoot", "Primitive Man"),
             "G1": ("Board Gamer", "Enthusiast"), "G2": ("Passenger G2", "Enthusiast"),
             "O": ("Anime Otaku", "Enthusiast")}
    for card_id, (name, trio) in faces.items():
        state["declared"][f"card:{card_id}"] = {"value": {**card(card_id, "A1", "E2", 1000, trio), "name": name},
                                                "at": 0, "label": "made up"}
    state["players"]["Ann"]["set_aside"] = list(faces)
    ann = ENGINE.standings(state)["players"][0]
    assert ann["breakdown"]["trio_sets"] == "Primitive Man"  # Yeti counts; "Passenger G2" is no Board Gamer
    assert ann["breakdown"]["partial_trios"] == "Enthusiast 2/3"
    assert ann["total"] == 6000 + 30_000


# -- 7. an event without an actor is the current player's ---------------------------------


def test_aa_c03_an_event_without_an_actor_is_judged_as_the_current_player_s() -> None:
    state = legal(ENGINE, table(), Event("marker_placed", {"reserve": "P4"}))
    for event in (Event("marker_placed", {"reserve": "P5"}), fly(0, "red", "A1", "E2", AE),
                  Event("passenger_gained", {"card": "P1"}), Event("phase1_ended", {})):
        assert codes(ENGINE, state, event) == codes(ENGINE, state, Event(event.type, event.data, "Ann"))
    assert codes(ENGINE, state, Event("marker_placed", {"reserve": "P5"})) == ["AA-C21"]
    assert codes(ENGINE, state, Event("phase1_ended", {})) == ["AA-C07"]
