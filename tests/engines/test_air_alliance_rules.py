"""Air Alliance's pure rules (engines/air_alliance/*): airports, routes, icons, alliances,
the Baggage Claim Area, the Boarding Pass, the Last Turn and the count.

Card routes and icons here are made up for the tests (the rulebook prints no card), except
the rulebook's own transit example (Polynesia -> Cannes -> Tokyo), whose airport codes it
does not give: the airports are named as the example names them."""

from __future__ import annotations

from engines.air_alliance import airports, alliances, baggage, boarding_pass, icons, last_turn, routes, scoring


def codes(problems: list) -> list[str]:
    return [p.code for p in problems if p.blocks]


def test_the_nonplayer_planes_start_where_the_preparations_table_puts_them() -> None:
    table = airports.initial_airports()
    assert len(table) == 24 and table["M4"] == ["black", None] and table["E6"] == ["purple", None]
    assert sum(airports.count(planes) for planes in table.values()) == 12
    assert table["A1"] == [] and table["A4"] == ["white", None]


def test_a_y_airport_holds_three_and_its_intersection_plane_waits() -> None:  # AA-C11, AA-C13
    m1 = airports.land("M1", airports.land("M1", airports.land("M1", [], "red"), "black"), "blue")
    assert m1 == ["red", "black", "blue"]  # blue landed in the intersection
    assert codes(airports.landing_problems("M1", m1, "green", None)) == ["AA-C13"]
    assert codes(airports.departure_problems("M1", m1, "blue")) == ["AA-C11"]
    assert airports.depart("M1", m1, "black") == ["red", "blue"]  # blue moves onto the freed runway
    assert airports.departure_problems("M1", ["red", "blue"], "blue") == []


def test_a_reverse_y_airport_is_a_queue_of_three() -> None:  # AA-C11
    m2 = ["red", "blue", "green"]
    assert codes(airports.departure_problems("M2", m2, "blue")) == ["AA-C11"]
    assert airports.depart("M2", m2, "red") == ["blue", "green"]


def test_a_v_airport_takes_two_of_its_own_colours_and_either_may_leave() -> None:  # AA-C13, AA-C14
    landable = {"M4": ["black", "red"]}
    assert codes(airports.landing_problems("M4", ["black", None], "blue", landable)) == ["AA-C14"]
    assert airports.landing_problems("M4", ["black", None], "red", landable) == []
    assert codes(airports.landing_problems("M4", ["black", "red"], "red", landable)) == ["AA-C13"]
    unknown = airports.landing_problems("A4", ["white", None], "red", None)
    assert [(p.code, p.severity) for p in unknown] == [("AA-C14", "unverified")]
    assert airports.depart("M4", ["black", "red"], "red") == ["black", None]


def test_priority_takeoff_switches_two_planes_of_one_airport() -> None:  # AA-C19
    assert airports.swap(["red", "black", "blue"], 1, 2) == ["red", "blue", "black"]
    assert codes(airports.swap_problems("M1", ["red", "black"], 0, 2)) == ["AA-C19"]
    assert codes(airports.swap_problems("M1", ["red", "black"], 1, 1)) == ["AA-C19"]


def test_a_relay_carries_every_passenger_along_its_legs() -> None:  # AA-C24, the rulebook's transit example
    flights = [("Polynesia", "Cannes"), ("Cannes", "Tokyo")]
    for departure, arrival in (("Polynesia", "Cannes"), ("Cannes", "Tokyo"), ("Polynesia", "Tokyo")):
        assert routes.route_problems("card", departure, arrival, flights) == []  # "you can gain all 3"
    assert codes(routes.route_problems("card", "Tokyo", "Cannes", flights)) == ["AA-C24"]
    # A leg flown before the passenger's departure was reached carries nobody from there.
    assert codes(routes.route_problems("card", "Polynesia", "Tokyo", list(reversed(flights)))) == ["AA-C24"]


def test_an_area_landing_permit_lands_on_one_to_three_of_its_areas() -> None:  # AA-C15
    am = {"type": "AREA", "areas": "AM"}
    assert icons.area_problems(am, "M3") == [] and icons.area_problems(am, "A1") == []
    assert codes(icons.area_problems(am, "M4")) == ["AA-C15"] and codes(icons.area_problems(am, "E1")) == ["AA-C15"]
    assert icons.area_problems({"type": "AREA", "areas": "ALL"}, "U2") == []


def test_a_special_permit_lands_on_its_colour_s_special_airport() -> None:  # AA-C16
    red = {"type": "SPECIAL", "colour": "red"}
    assert [p.severity for p in icons.special_problems(red, "E3", None)] == ["unverified"]
    assert codes(icons.special_problems(red, "E3", {"red": "U2"})) == ["AA-C16"]
    assert icons.special_problems(red, "U2", {"red": "U2"}) == []


def test_code_sharing_moves_an_unallied_npa_of_its_colour_or_one_s_own_alliance() -> None:  # AA-C17, AA-C18
    purple = {"type": "CODESHARE", "colours": ["purple"]}
    areas = [["red", "black"], [], [], []]
    assert icons.codeshare_problems(purple, "purple", "blue", areas) == []
    assert codes(icons.codeshare_problems(purple, "white", "blue", areas)) == ["AA-C17"]
    assert icons.codeshare_problems(purple, "black", "red", areas) == []  # "Whichever colour you place the marker on"
    assert codes(icons.codeshare_problems(purple, "black", "blue", areas)) == ["AA-C18"]
    black = {"type": "CODESHARE", "colours": ["black"]}
    assert icons.codeshare_problems(black, "black", "blue", areas, double=True) == []  # Kobe Rules (1)


def test_an_alliance_needs_its_colour_on_all_three_faces_and_room_in_the_area() -> None:  # AA-C05, AA-C06
    cs = {"type": "CODESHARE", "colours": ["white"]}
    faces = [[cs], [cs, {"type": "PRIORITY"}], [cs]]
    areas: list[list[str]] = [["red", "black", "yellow", "green"], [], [], []]
    assert alliances.formation_problems(faces, areas, "blue", "white", 1) == []
    assert codes(alliances.formation_problems(faces[:2] + [[{"type": "PRIORITY"}]], areas, "blue", "white", 1)) == ["AA-C05"]
    assert codes(alliances.formation_problems(faces, areas, "blue", "white", 0)) == ["AA-C06"]  # 4 spaces taken
    assert alliances.form(areas, "blue", "white", 1) == [["red", "black", "yellow", "green"], ["blue", "white"], [], []]


def test_reservations_are_one_a_turn_never_twice_and_never_in_the_last_turn() -> None:  # AA-C20 to AA-C22
    row = ["a", "b", "c", "d", "e", "f"]
    assert baggage.reserve_problems(row, {}, "c", False, False) == []
    assert codes(baggage.reserve_problems(row, {"c": "Ann"}, "c", False, False)) == ["AA-C20"]
    assert codes(baggage.reserve_problems(row, {}, "z", False, False)) == ["AA-C20"]
    assert codes(baggage.reserve_problems(row, {}, "c", True, False)) == ["AA-C21"]
    assert codes(baggage.reserve_problems(row, {}, "c", False, True)) == ["AA-C22"]


def test_lost_baggage_is_the_leftmost_unreserved_card_and_the_row_shifts_left() -> None:  # AA-C28
    row = ["a", "b", "c", "d", "e", "f"]
    assert baggage.lost_baggage(row, {"a": "Ann", "b": "Bo"}) == "c"
    assert baggage.reveal(baggage.take(row, "c"), "g") == ["a", "b", "d", "e", "f", "g"]


def test_three_markers_one_a_slot_on_the_uppermost_card_s_icons() -> None:  # AA-C07 to AA-C09
    assert boarding_pass.marker_problems(1, 2, [0], 1, 3) == []
    assert codes(boarding_pass.marker_problems(0, 0, [0], 1, 3)) == ["AA-C08"]
    assert codes(boarding_pass.marker_problems(2, 3, [], 0, 3)) == ["AA-C09"]
    assert codes(boarding_pass.marker_problems(2, 0, [0, 1], 3, 3)) == ["AA-C07"]


def test_the_cards_gained_go_on_different_slots_and_a_fourth_covers_one() -> None:  # AA-C29
    assert boarding_pass.placement_problems(["a", "b"], {"a": 0, "b": 2}) == []
    assert codes(boarding_pass.placement_problems(["a", "b"], {"a": 1})) == ["AA-C29"]  # b left out
    assert boarding_pass.placement_problems(["a", "b", "c", "d"], {"a": 0, "b": 1, "c": 2}, cover="d") == []
    assert codes(boarding_pass.placement_problems(["a", "b", "c"], {"a": 0, "b": 1}, cover="c")) == ["AA-C29"]


def test_the_last_turn_ends_with_the_depleting_player_or_with_the_last_seat_under_kobe() -> None:
    assert last_turn.last_turn_order(0, 3, kobe=False) == [1, 2, 0]
    # Kobe: seat 4 always; seat 1 only when the 4th player's turn ran the deck out.
    assert last_turn.last_turn_order(0, 4, kobe=True) == [1, 2, 3]
    assert last_turn.last_turn_order(2, 4, kobe=True) == [3]


def test_miles_add_up_with_thirty_thousand_a_trio() -> None:
    held = [{"name": "Board Gamer", "miles": 8000, "cls": "FIRST"},
            {"name": "Anime Otaku", "miles": 3000, "cls": "ECONOMY"},
            {"name": "Board Gamer", "miles": 4000, "cls": "ECONOMY"},
            {"name": "Secret Agent", "miles": 2000, "cls": "ECONOMY"}]
    assert scoring.score(held, kobe_scoring=False) == {"miles": 17000, "trios": 30000, "economy": 0, "total": 47000}
    assert scoring.score(held[:2], kobe_scoring=False)["trios"] == 0  # two of the Enthusiast Trio's three
