"""Air Alliance through its engine object (engines/air_alliance/engine.py).

The rulebook prints no card and no airport code for its transit example's places: the
codes A1 (Polynesia), E2 (Cannes) and M3 (Tokyo), the cards and their icons are made up
for the tests, never presented as the game's."""

from __future__ import annotations

from typing import Any

from engines.air_alliance.engine import AirAlliance
from engines.base import Event, State
from tests.engines.scenario import codes, legal

ENGINE = AirAlliance()
PRIORITY = {"type": "PRIORITY"}


def card(card_id: str, dep: str, arr: str, miles: int = 3000, trio: str | None = None) -> dict[str, Any]:
    return {"id": card_id, "name": f"Passenger {card_id}", "dep": dep, "arr": arr, "miles": miles, "cls": "ECONOMY",
            "icons": [{"type": "AREA", "areas": "ALL"}, PRIORITY, {"type": "CODESHARE", "colours": ["black"]}],
            "trio": trio}


def reveal(card_id: str, dep: str = "U3", arr: str = "U2") -> Event:
    return Event("card_revealed", {"card": card(card_id, dep, arr)})


def fly(slot: int, colour: str, start: str, end: str, icons: list[dict[str, Any]] | None = None) -> Event:
    data: dict[str, Any] = {"slot": slot, "icon": 0, "fly": {"colour": colour, "from": start, "to": end}}
    if icons:
        data["pass_icons"] = icons
    return Event("marker_placed", data)


def set_up() -> State:
    """Ann (red) and Bo (yellow) have placed their planes; the row shows the transit
    example's three passengers and three others."""
    state = ENGINE.setup(["Ann", "Bo"], {})
    return legal(ENGINE, state,
                 Event("planes_placed", {"player": "Ann", "airports": ["A1", "A2", "E1", "U1"]}),
                 Event("planes_placed", {"player": "Bo", "airports": ["A3", "E3", "M1", "U2"]}),
                 Event("card_revealed", {"card": card("P1", "A1", "E2")}),
                 Event("card_revealed", {"card": card("P2", "E2", "M3")}),
                 Event("card_revealed", {"card": card("P3", "A1", "M3", 9000)}),
                 reveal("P4"), reveal("P5"), reveal("P6"))


def test_the_set_up_places_four_planes_a_player_and_reveals_six_cards() -> None:  # AA-C01, AA-C02
    state = ENGINE.setup(["Ann", "Bo"], {})
    assert codes(ENGINE, state, Event("planes_placed", {"player": "Ann", "airports": ["A1", "A2"]})) == ["AA-C02"]
    assert codes(ENGINE, state, Event("planes_placed", {"player": "Ann",
                                                        "airports": ["A1", "A1", "A1", "A1"]})) == ["AA-C13"]
    state = set_up()
    assert state["phase"] == "TURNS" and ENGINE.expected(state)["actors"] == ["Ann"]
    assert state["row"] == ["P1", "P2", "P3", "P4", "P5", "P6"] and state["deck"] == 54
    assert state["airports"]["A1"] == ["red"] and state["airports"]["M1"] == ["yellow"]


def test_one_plane_flying_polynesia_cannes_tokyo_gains_three_passengers() -> None:  # AA-C24, the rulebook's example
    state = set_up()
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P1"})) == ["AA-C24"]  # not flown yet
    state = legal(ENGINE, state, fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]),
                  fly(1, "red", "E2", "M3", [{"type": "AREA", "areas": "EM"}]))
    state = legal(ENGINE, state, *[Event("passenger_gained", {"card": c}) for c in ("P1", "P2", "P3")])
    assert state["turn"]["gained"] == ["P1", "P2", "P3"] and state["row"][:3] == ["P4", "P5", "P6"]
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P4"})) == ["AA-C24"]


def test_markers_then_lost_baggage_then_flight_control_and_an_extra_turn() -> None:  # AA-C07, C28, C29
    state = legal(ENGINE, set_up(), fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]),
                  fly(1, "red", "E2", "M3", [{"type": "AREA", "areas": "EM"}]),
                  *[Event("passenger_gained", {"card": c}) for c in ("P1", "P2", "P3")])
    assert codes(ENGINE, state, Event("phase1_ended", {})) == ["AA-C07"]  # a marker is left
    state = legal(ENGINE, state, Event("marker_placed", {"reserve": "P4"}))
    assert codes(ENGINE, state, Event("phase1_ended", {})) == ["AA-C26"]  # the row is refilled first
    state = legal(ENGINE, state, reveal("P7"), reveal("P8"), reveal("P9"), Event("phase1_ended", {}))
    assert state["discards"] == ["P5"]  # the leftmost card without a marker: P4 is reserved
    state = legal(ENGINE, state, reveal("P10"))
    assert state["turn"]["phase"] == 3
    assert codes(ENGINE, state, Event("boarding_pass_updated", {"placements": {"P1": 0, "P2": 0, "P3": 2}})) == [
        "AA-C29"]
    state = legal(ENGINE, state, Event("boarding_pass_updated", {"placements": {"P1": 0, "P2": 1, "P3": 2}}))
    assert state["players"]["Ann"]["slots"] == [["P1"], ["P2"], ["P3"]]
    assert state["turn"]["player"] == "Ann" and state["turn"]["extra"] is True  # 3 cards: another turn
    assert ENGINE.standings(state)["players"][0]["total"] == 3000 + 3000 + 9000


def test_only_the_current_player_acts_and_a_reserved_card_is_its_reserver_s() -> None:  # AA-C03, AA-C23
    state = set_up()
    assert codes(ENGINE, state, Event("marker_placed", {"reserve": "P4"}, "Bo")) == ["AA-C03"]
    state["reserved"]["P1"] = "Bo"
    state = legal(ENGINE, state, fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]))
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P1"})) == ["AA-C23"]


def test_a_bare_slot_keeps_the_icons_first_declared_for_it() -> None:  # AA-C09 (declared)
    state = set_up()
    assert codes(ENGINE, state, fly(0, "red", "A1", "E2")) == ["AA-C09"]  # the bare slot's icons are unknown
    assert codes(ENGINE, state, fly(0, "red", "A1", "M4", [{"type": "AREA", "areas": "AE"}])) == ["AA-C15"]
    state = legal(ENGINE, state, fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]))
    assert state["declared"]["pass:red:0"]["value"] == [{"type": "AREA", "areas": "AE"}]


def test_the_deck_runs_out_the_discards_are_shuffled_and_the_last_turn_follows() -> None:  # AA-C22, AA-C27, AA-C30
    state = set_up()
    state["deck"], state["discards"] = 0, ["X1", "X2", "X3"]  # the deck's last card has turned up
    state = legal(ENGINE, state, fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]),
                  Event("passenger_gained", {"card": "P1"}))
    assert ENGINE.expected(state)["event_types"] == ["discards_reshuffled"]
    assert codes(ENGINE, state, reveal("X1")) == ["AA-C27"]
    state = legal(ENGINE, state, Event("discards_reshuffled", {}))
    assert state["deck"] == 3 and state["last_turn"]["order"] == [1, 0]  # Bo first, Ann (who ran it out) last
    # Ann's own turn is not a Last Turn: she may still reserve.
    state = legal(ENGINE, state, reveal("X1"), Event("marker_placed", {"reserve": "P4"}),
                  fly(1, "red", "E2", "M3", [{"type": "AREA", "areas": "EM"}]), Event("phase1_ended", {}),
                  reveal("X2"), Event("boarding_pass_updated", {"placements": {"P1": 0}}))
    assert state["turn"]["player"] == "Bo" and state["last_turn"]["started"]
    assert state["last_turn"]["done"] == []  # Ann's turn that ran the deck out is not her Last Turn
    assert codes(ENGINE, state, Event("marker_placed", {"reserve": "P6"})) == ["AA-C22"]
    assert "row_refreshed" in ENGINE.expected(state)["event_types"]
    refreshed = legal(ENGINE, state, Event("row_refreshed", {}))
    assert refreshed["row"] == ["P4", None, None, None, None, None]  # Ann's reservation stays
    assert codes(ENGINE, refreshed, Event("row_refreshed", {})) == ["AA-C30"]  # once


def test_the_game_ends_after_the_last_player_s_last_turn() -> None:  # AA-C31
    state = set_up()
    state["last_turn"] = {"order": [1, 0], "done": [1], "started": True, "refreshed": []}
    state["turn"]["phase"] = 3  # Ann's Last Turn, at its Flight Control, nothing gained
    state = legal(ENGINE, state, Event("boarding_pass_updated", {"placements": {}}))
    assert state["phase"] == "OVER" and ENGINE.is_over(state)
    assert codes(ENGINE, state, reveal("Z9")) == ["AA-C31"]
    assert ENGINE.standings(state)["final"] is True


def test_the_page_is_offered_each_icon_s_legal_flights_and_the_passengers_already_carried() -> None:
    state = legal(ENGINE, set_up(), fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]))
    offered = ENGINE.expected(state)["options"]
    assert offered["passenger_gained"] == {"card": ["P1"]}
    slots = {m["slot"]: m for m in offered["marker_placed"]["markers"]}
    assert set(slots) == {1, 2} and slots[1]["icons"] is None  # a bare slot: its icons to declare
    assert offered["marker_placed"]["reserve"] == ["P1", "P2", "P3", "P4", "P5", "P6"]
    state["declared"]["pass:red:1"] = {"value": [{"type": "AREA", "areas": "M"}], "at": 0, "label": "made up"}
    flights = ENGINE.expected(state)["options"]["marker_placed"]["markers"][0]["actions"][0]
    # Red planes may leave A1? No: it flew.  From A2, E1, E2 and U1, onto M1, M2 or M3 (M1 holds Bo's plane: room).
    assert {(a["fly"]["from"], a["fly"]["to"]) for a in flights} == {
        (start, end) for start in ("A2", "E1", "E2", "U1") for end in ("M1", "M2", "M3")}


def test_each_step_knows_its_turn_and_each_seat_its_colour() -> None:
    assert ENGINE.position(ENGINE.setup(["Ann", "Bo"], {}))["label"] == "Set-up"
    state = set_up()
    assert ENGINE.position(state) == {"round": None, "turn": 1, "label": "Turn 1 · Ann"}
    assert ENGINE.seat_colours(state) == ["#c0392b", "#d4a017"]  # red and yellow


def test_kobe_two_markers_use_an_opponents_npa_and_one_flushes_the_pass() -> None:  # Kobe Rules (1), (2)
    options = {"kobe_double_codeshare": True, "kobe_flush": True}
    state = ENGINE.setup(["Ann", "Bo"], options)
    state = legal(ENGINE, state, Event("planes_placed", {"player": "Ann", "airports": ["A1", "A2", "E1", "U1"]}),
                  Event("planes_placed", {"player": "Bo", "airports": ["A3", "E3", "M1", "U2"]}),
                  *[reveal(f"P{n}") for n in range(1, 7)])
    state["alliances"] = [["yellow", "black"], [], [], []]  # Bo's Alliance holds the black NPA
    black = [{"type": "CODESHARE", "colours": ["black"]}]
    one = {"slot": 0, "icon": 0, "pass_icons": black, "fly": {"colour": "black", "from": "M4", "to": "M2"}}
    assert codes(ENGINE, state, Event("marker_placed", one)) == ["AA-C18"]
    offered_state = dict(state, declared={**state["declared"], "pass:red:0": {"value": black, "at": 0, "label": "made up"}})
    actions = ENGINE.expected(offered_state)["options"]["marker_placed"]["markers"][0]["actions"][0]
    assert actions and all(a.get("double") and a["fly"]["colour"] == "black" for a in actions)  # only with two markers
    assert ENGINE.expected(state)["options"]["marker_placed"]["flush"] == [True]
    state = legal(ENGINE, state, Event("marker_placed", {**one, "double": True}))
    assert state["turn"]["markers"] == 2 and state["airports"]["M2"] == ["black"]
    state["players"]["Ann"]["slots"] = [["P1"], [], []]
    state = legal(ENGINE, state, Event("marker_placed", {"flush": True}))
    assert state["players"]["Ann"]["slots"] == [[], [], []] and state["players"]["Ann"]["set_aside"] == ["P1"]
    plain = ENGINE.setup(["Ann", "Bo"], {})
    assert codes(ENGINE, plain, Event("marker_placed", {"flush": True})) != []


def test_kobe_last_turn_planes_leave_the_board() -> None:  # Kobe Rules 3
    state = ENGINE.setup(["Ann", "Bo", "Cy"], {"kobe_last_turn": True, "colours": ["red", "yellow", "green"]})
    state = legal(ENGINE, state, *[Event("planes_placed", {"player": p, "airports": a}) for p, a in (
        ("Ann", ["A1", "A2", "E1", "U1"]), ("Bo", ["A3", "E3", "M1", "U2"]), ("Cy", ["A1", "E2", "M2", "U3"]))],
                  *[reveal(f"P{n}") for n in range(1, 7)])
    # Bo (the 2nd seat) runs the deck out: only Cy, the last seat, has a Last Turn; Ann's planes leave at once.
    state["current"], state["turn"] = 1, {**state["turn"], "player": "Bo"}
    state["deck"], state["discards"], state["row"][5] = 0, ["X1"], None
    state = legal(ENGINE, state, Event("discards_reshuffled", {}))
    assert state["last_turn"]["order"] == [2]
    assert all("red" not in planes for planes in state["airports"].values())
    assert state["airports"]["A1"] == ["green"]  # Cy's plane took the freed runway


def test_kobe_first_turn_a_new_row_switches_by_seat_and_no_reservations() -> None:  # Kobe Rules 2, AA-C33
    state = ENGINE.setup(["Ann", "Bo", "Cy"], {"kobe_first_turn": True, "colours": ["red", "yellow", "green"]})
    state = legal(ENGINE, state, *[Event("planes_placed", {"player": p, "airports": a}) for p, a in (
        ("Ann", ["A1", "A2", "E1", "U1"]), ("Bo", ["A3", "E3", "M1", "U2"]), ("Cy", ["A1", "E2", "M2", "U3"]))],
                  *[reveal(f"P{n}") for n in range(1, 7)])
    swap = Event("first_turn_swap", {"airport": "A1", "places": [0, 1]})
    assert codes(ENGINE, state, swap) == ["AA-C33"]  # the 1st player takes none
    assert codes(ENGINE, state, Event("marker_placed", {"reserve": "P1"})) == ["AA-C22"]
    assert "row_refreshed" in ENGINE.expected(state)["event_types"]
    state = legal(ENGINE, state, Event("row_refreshed", {}))
    assert state["row"] == [None] * 6 and state["discards"] == ["P1", "P2", "P3", "P4", "P5", "P6"]
    assert codes(ENGINE, state, Event("row_refreshed", {})) == ["AA-C33"]  # once
    state = legal(ENGINE, state, *[reveal(f"Q{n}") for n in range(1, 7)])
    state["turn"]["phase"] = 3  # Ann's turn at its Flight Control, nothing gained
    state = legal(ENGINE, state, Event("boarding_pass_updated", {"placements": {}}))
    assert state["turn"]["player"] == "Bo" and state["players"]["Ann"]["first_turn_done"]
    assert {"airport": "A1", "places": [0, 1]} in ENGINE.expected(state)["options"]["first_turn_swap"]["swaps"]
    state = legal(ENGINE, state, swap)  # the 2nd player: one switch, not a marker
    assert state["airports"]["A1"] == ["green", "red"] and state["turn"]["markers"] == 0
    assert codes(ENGINE, state, Event("first_turn_swap", {"airport": "A1", "places": [0, 1]})) == ["AA-C33"]
    assert codes(ENGINE, state, Event("marker_placed", {"reserve": "Q1"})) == ["AA-C22"]  # Cy's First Turn is to come


def test_standings_count_miles_complete_and_begun_trio_sets_and_the_kobe_economy_bonus() -> None:
    state = set_up()
    faces = {"S1": ("Spy", "ECONOMY", "Secret Agent (MI6)"), "S2": ("Spy", "ECONOMY", "Secret Agent (KGB)"),
             "H1": ("Actor", "FIRST", "Hollywood Star"), "H2": ("Actor", "ECONOMY", "Kung Fu Star"),
             "H3": ("Actor", "ECONOMY", "Korean Star")}
    for card_id, (trio, cls, name) in faces.items():
        state["declared"][f"card:{card_id}"] = {"value": {**card(card_id, "A1", "E2", 1000, trio), "cls": cls,
                                                          "name": name}, "at": 0, "label": "made up"}
    state["players"]["Ann"]["slots"] = [["S1", "H1"], ["S2"], ["H2"]]
    state["players"]["Ann"]["set_aside"] = ["H3"]  # set aside by an Alliance: still scores
    ann = ENGINE.standings(state)["players"][0]
    assert ann["total"] == 5000 + 30_000
    assert ann["breakdown"] == {"miles": 5000, "trios": 30_000, "economy": 0, "trio_sets": "Actor",
                                "partial_trios": "Spy 2/3"}
    state["options"] = {**state["options"], "kobe_last_turn": True}  # Kobe scoring: 4 ECONOMY cards, no bonus yet
    assert ENGINE.standings(state)["players"][0]["breakdown"]["economy"] == 0
    state["declared"]["card:E1"] = {"value": card("E1", "A1", "E2", 1000), "at": 0, "label": "made up"}
    state["players"]["Ann"]["set_aside"].append("E1")
    assert ENGINE.standings(state)["players"][0]["breakdown"]["economy"] == 10_000


def test_an_alliance_only_before_the_first_marker() -> None:  # AA-C04
    black = {"type": "CODESHARE", "colours": ["black"]}
    passes = {"red": [[{"type": "AREA", "areas": "AE"}, black], [black], [black]]}
    state = legal(ENGINE, set_up(), Event("board_declared", {"passes": passes}))
    assert codes(ENGINE, state, Event("alliance_formed", {"npa": "black", "area": 0})) == []  # three black icons
    state = legal(ENGINE, state, fly(0, "red", "A1", "E2"))
    assert codes(ENGINE, state, Event("alliance_formed", {"npa": "black", "area": 0})) == ["AA-C04"]


def test_an_icon_s_action_matches_it_and_lands_elsewhere() -> None:  # AA-C10, AA-C12
    state = set_up()
    assert codes(ENGINE, state, fly(0, "red", "A1", "E2", [PRIORITY])) == ["AA-C10"]  # Priority Takeoff switches
    swap = {"slot": 0, "icon": 0, "pass_icons": [{"type": "AREA", "areas": "ALL"}],
            "swap": {"airport": "A1", "places": [0, 1]}}
    assert codes(ENGINE, state, Event("marker_placed", swap)) == ["AA-C10"]  # a landing permit flies
    assert codes(ENGINE, state, fly(0, "black", "M4", "M2", [{"type": "AREA", "areas": "M"}])) == ["AA-C10"]  # own planes
    assert codes(ENGINE, state, fly(0, "red", "A1", "A1", [{"type": "AREA", "areas": "A"}])) == ["AA-C12"]


def test_a_fifth_passenger_in_one_turn_is_refused() -> None:  # AA-C25 (the note's G8)
    state = legal(ENGINE, set_up(), fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]))
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P1"})) == []
    state["turn"]["gained"] = ["X1", "X2", "X3", "X4"]
    assert codes(ENGINE, state, Event("passenger_gained", {"card": "P1"})) == ["AA-C25"]


def test_a_card_revealed_without_a_trio_has_none() -> None:  # the schema's default, not sent by every client
    state = ENGINE.setup(["Ann", "Bo"], {})
    face = card("P1", "A1", "E2")
    del face["trio"]
    assert codes(ENGINE, state, Event("card_revealed", {"card": face})) == []
    assert ENGINE.apply(state, Event("card_revealed", {"card": face}))["declared"]["card:P1"]["value"]["trio"] is None
