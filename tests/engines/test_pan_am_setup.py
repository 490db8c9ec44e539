"""Pan Am: set-up (PA-S1..S6, the rules profile, the board file, the rulebook's facts) and the
Event phase (PA-V1..V5).  Tables come from ``pan_am_helpers``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.base import Engine, Event, SetupError
from tests.engines.pan_am_helpers import (
    FOUR,
    ILLUSTRATIVE_BOARD,
    THREE,
    TWO,
    board_game,
    card,
    deal,
    dealt,
    event_effect,
    finish_round,
    reveal,
    site,
)
from tests.engines.scenario import codes, legal, notes

# -- PA-S1, PA-S2: the table -------------------------------------------------------------


@pytest.mark.parametrize(("players", "expected"), [
    (["Ann"], {"PA-S1", "PA-S2"}),
    (["A", "B", "C", "D", "E"], {"PA-S1", "PA-S2"}),
    (["Ann", "Ann"], {"PA-S1"}),
    (["Ann", ""], {"PA-S1"}),
])
def test_two_to_four_named_players_sit_at_the_table(pa: Engine, players: list[str], expected: set[str]) -> None:
    with pytest.raises(SetupError) as caught:
        pa.setup(players, {})
    assert {v.code for v in caught.value.violations} == expected
    assert caught.value.violations[0].rule == "Player Setup"


@pytest.mark.parametrize(("players", "engineers"), [(TWO, 5), (THREE, 4), (FOUR, 3)])
def test_player_setup_follows_the_rulebook(pa: Engine, players: list[str], engineers: int) -> None:
    state = pa.setup(players, {})
    ann = state["players"]["Ann"]
    assert (ann["engineers"], ann["available"], ann["money"], ann["stock"], ann["income"]) == (engineers, engineers, 12, 0, 0)
    assert ann["fleet"] == {"TRIMOTOR": 2, "CLIPPER": 1, "CRUISER": 0, "JET": 0}
    assert ann["hangar"] == {"TRIMOTOR": 3, "CLIPPER": 3, "CRUISER": 3, "JET": 1}
    assert (ann["airports_supply"], ann["directives"]) == (5, 1)
    assert state["stock_price"] is None and state["phase"] == "SETUP"
    assert state["destination_deck"] == 50 - 4 - 2 * len(players)
    assert state["directive_deck"] == 40 - len(players)
    assert state["tiles"] == {"CRUISER": True, "JET": True}
    assert state["colours"]["Ann"] == "red" and state["colours"]["Bob"] == "green"
    assert json.loads(json.dumps(state)) == state


# -- PA-S5, PA-S6 and option values ------------------------------------------------------


@pytest.mark.parametrize(("options", "code"), [
    ({"first_player": "Zed"}, "PA-S5"),
    ({"colours": ["red"]}, "PA-S6"),
    ({"colours": ["red", "red"]}, "PA-S6"),
    ({"cruiser_open_round": 0}, "options/invalid"),
    ({"start_price": 0}, "options/invalid"),
    ({"origin": "Paris"}, "options/invalid"),
    ({"colour": "red"}, "options/unknown"),
])
def test_bad_options_cannot_start(pa: Engine, options: dict[str, Any], code: str) -> None:
    with pytest.raises(SetupError) as caught:
        pa.setup(TWO, options)
    assert [v.code for v in caught.value.violations] == [code]


def test_the_first_player_holds_the_marker(pa: Engine) -> None:
    assert pa.setup(TWO, {"first_player": "Bob"})["first_player"] == "Bob"
    assert pa.setup(TWO, {})["first_player"] == "Ann"


# -- the board file and the rulebook's facts ---------------------------------------------


def test_the_rulebook_facts_are_preloaded_and_nothing_else(pa: Engine) -> None:
    state = pa.setup(TWO, {})
    regions = {city: v["region"] for city, v in state["cities"].items() if v["region"]}
    assert regions == {"Bangkok": "ASIA", "Rome": "EUROPE", "New York": "NORTH_AMERICA", "Hong Kong": "PACIFIC",
                       "Rio de Janeiro": "SOUTH_AMERICA", "Tokyo": "PACIFIC", "Honolulu": "PACIFIC"}
    distances = {key: r["distance"] for key, r in state["routes"].items()}
    assert distances == {"New York|Paris": 4, "Horta|Lisbon": 1, "Bathurst|Lisbon": 2, "Port of Spain|San Juan": 1,
                         "Hong Kong|Shanghai": None, "Shanghai|Tokyo": None, "Beijing|Shanghai": None, "Havana|Miami": None}
    assert state["declared"]["path_member:Miami:SA:Port of Spain|San Juan"]["value"] is True
    assert state["declared"]["path_member:Miami:AP:Havana|Miami"]["at"] == "the rulebook"
    assert not any(k.startswith("track_cost") for k in state["declared"])
    assert pa.setup(TWO, {"rulebook_facts": False})["routes"] == {}


@pytest.mark.parametrize("board, code", [
    ({"cities": {"Tokyo": "ASIA"}}, "PA-B19"),  # the rulebook puts Tokyo in Hong Kong's region
    ({"routes": [["New York", "Paris", 3]]}, "PA-B19"),  # New York–Paris is 4
    ({"routes": [["Lisbon", "Horta", 1], ["Lisbon", "Horta", 2]]}, "PA-B03"),  # contradicts itself
    ({"paths": {"Miami": {"SA": [["Miami", "San Juan"]]}}}, "PA-B19"),  # lacks San Juan–Port of Spain
    ({"tracks": {"B": {"5": [0, 1, 2, 3]}}}, "board/shape"),
    ({"tracks": {"A": {"1": [1, 2, 3]}}}, "board/shape"),
    ({"work_sites": {"D": 0}}, "board/shape"),
    ({"stock_price_track": {"min": 5, "max": 2}}, "PA-B08"),
    ({"airports": 3}, "board/shape"),
])
def test_a_malformed_or_contradicting_board_cannot_start(pa: Engine, board: Any, code: str) -> None:
    with pytest.raises(SetupError) as caught:
        pa.setup(TWO, {"board": board})
    assert {v.code for v in caught.value.violations} == {code}


def test_a_board_option_that_is_not_an_object_is_an_invalid_option(pa: Engine) -> None:
    with pytest.raises(SetupError) as caught:
        pa.setup(TWO, {"board": ["not", "an", "object"]})
    assert [v.code for v in caught.value.violations] == ["options/invalid"]


def test_a_board_file_preloads_regions_distances_paths_costs_sites_and_the_price_track(pa: Engine) -> None:
    state = pa.setup(TWO, {"board": ILLUSTRATIVE_BOARD})
    assert state["cities"]["Shanghai"]["region"] == "ASIA"
    assert state["routes"]["Havana|Honolulu"]["distance"] == 4
    assert state["board"]["paths"]["Miami"]["AP"][:2] == ["Havana|Miami", "Havana|Honolulu"]
    assert state["declared"]["path_route:Miami:AP:2"]["value"] == "Havana|Honolulu"
    assert state["declared"]["track_cost:C:CLIPPER:2"] == {"value": 4, "at": "the board file", "label": "The cost of C Clipper space 2"}
    assert state["board"]["tracks_a"] == ["1", "2"]
    assert state["board"]["sites"] == {"D": 4, "E": 3}
    assert state["board"]["price_range"] == [1, 10]


# -- PA-S3, PA-S4: the face-up cards ----------------------------------------------------


def test_nothing_is_recorded_before_the_cards_are_dealt(pa: Engine) -> None:
    state = pa.setup(TWO, {})
    assert pa.expected(state)["event_types"] == ["cards_dealt"]
    assert codes(pa, state, reveal()) == ["PA-S3"]


def test_each_player_gets_two_destination_cards(pa: Engine) -> None:
    state = pa.setup(TWO, {})
    short = deal(TWO, hands={"Ann": [card("Rome", "EUROPE")], "Bob": [card("Bangkok", "ASIA"), card("Rome", "EUROPE")]})
    assert codes(pa, state, short) == ["PA-S3"]
    state = legal(pa, state, deal(TWO))
    assert state["players"]["Ann"]["destinations"] == [card("Rome", "EUROPE"), card("Tokyo", "PACIFIC")]
    assert codes(pa, state, deal(TWO)) == ["PA-S3"]  # dealt once


def test_the_display_has_four_cards_with_no_bonus(pa: Engine) -> None:
    state = pa.setup(TWO, {})
    three = deal(TWO, display=[card("Lisbon", "EUROPE")] * 3)
    assert codes(pa, state, three) == ["PA-S4"]
    state = legal(pa, state, deal(TWO))
    assert [s["card"]["city"] for s in state["display"]] == ["Lisbon", "Havana", "Rio de Janeiro", "Bangkok"]
    assert [s["bonus"] for s in state["display"]] == [0, 0, 0, 0]
    assert state["cities"]["Havana"]["region"] == "NORTH_AMERICA"  # declared by the card


def test_a_card_contradicting_the_rulebook_is_a_declared_conflict(pa: Engine) -> None:
    state = pa.setup(TWO, {})
    wrong = deal(TWO, hands={"Ann": [card("Tokyo", "ASIA"), card("Rome", "EUROPE")], "Bob": [card("Bangkok", "ASIA")] * 2})
    assert codes(pa, state, wrong) == ["declared/conflict"]
    messages = [v.message for v in pa.check(state, wrong) if v.code == "declared/conflict"]
    assert messages == ["The region of Tokyo was declared PACIFIC by the rulebook; event 1 declares ASIA"]


# -- PA-V1 .. PA-V5: the Event phase --------------------------------------------------------


def test_the_event_card_sets_the_price_and_the_rolls_at_once(pa: Engine) -> None:
    state = legal(pa, dealt(pa), reveal("set", 5, die_rolls=2, name="Clipper Age"))
    assert state["stock_price"] == 5 and state["phase"] == "STOCK_PRICE"
    assert state["expansion"]["rolls_expected"] == 2
    assert state["event_card"]["name"] == "Clipper Age"
    assert pa.expected(state)["actors"] == ["Ann"]


def test_one_event_card_per_round_for_this_round(pa: Engine) -> None:
    state = dealt(pa)
    assert codes(pa, state, reveal(round=2)) == ["PA-V1"]
    state = legal(pa, state, reveal(round=1))
    assert codes(pa, state, reveal()) == ["PA-V1"]


def test_set_needs_its_number(pa: Engine) -> None:
    assert codes(pa, dealt(pa), reveal("set", None)) == ["PA-V2"]


def test_round_one_must_set_the_price_unless_a_start_price_is_given(pa: Engine) -> None:
    assert codes(pa, dealt(pa), reveal("up", None)) == ["PA-V3"]
    state = legal(pa, dealt(pa, start_price=4), reveal("up", None))
    assert state["stock_price"] == 5


def test_the_price_stays_on_its_track(pa: Engine) -> None:
    assert notes(pa, dealt(pa), reveal("set", 6)) == [("PA-V4", "unverified")]
    state = board_game(pa)
    assert codes(pa, state, reveal("set", 11)) == ["PA-V4"]
    state = legal(pa, state, reveal("set", 10))
    state["phase"], state["event_card"] = "EVENT", None  # a new round's reveal, pre-loaded
    assert notes(pa, state, reveal("up", None)) == [("PA-V4", "warning")]
    assert pa.apply(state, reveal("up", None))["stock_price"] == 10


def test_the_die_is_rolled_zero_or_more_times(pa: Engine) -> None:
    assert codes(pa, dealt(pa), reveal(die_rolls=-1)) == ["PA-V5"]


def test_an_event_text_acts_only_while_its_card_is_face_up(pa: Engine) -> None:
    money = {"kind": "money", "player": "ALL", "amount": -2}
    assert codes(pa, dealt(pa), event_effect(money)) == ["PA-V1"]
    state = legal(pa, dealt(pa), reveal(), event_effect(money))
    assert [p["money"] for p in state["players"].values()] == [10, 10]


def test_the_stock_price_step_closes_at_the_first_engineer_event(pa: Engine) -> None:
    state = legal(pa, board_game(pa), reveal())
    assert state["phase"] == "STOCK_PRICE"
    state = legal(pa, state, site("D", "Ann"))
    assert state["phase"] == "ASSIGNMENT" and state["turn"] == "Bob"


# -- guards every event passes first (added by the audit: each check has a failing test) -------


def test_an_unknown_event_type_or_player_is_refused(pa: Engine) -> None:
    from engines.base import Event

    state = dealt(pa)
    assert codes(pa, state, Event("zz_no_such_event", {}, None)) == ["event/unknown-type"]
    assert codes(pa, state, Event("event_card_revealed", reveal().data, "Zed")) == ["event/unknown-player"]
    assert pa.check(state, Event("event_card_revealed", reveal().data, "Zed"))[0].message == "'Zed' is not a player in this game"


def test_cards_are_dealt_only_to_players(pa: Engine) -> None:
    state = pa.setup(TWO, {})
    hands = {"Ann": [card("Rome", "EUROPE")] * 2, "Bob": [card("Bangkok", "ASIA")] * 2, "Zed": [card("Paris", "EUROPE")] * 2}
    assert codes(pa, state, deal(["Ann", "Bob", "Zed"], hands=hands)) == ["PA-S3"]
    assert pa.check(state, deal(["Ann", "Bob", "Zed"], hands=hands))[0].message == "'Zed' is not a player in this game"


def test_the_price_is_set_to_at_least_one_dollar_and_moves_by_one(pa: Engine) -> None:
    assert codes(pa, dealt(pa), reveal("set", -1)) == ["PA-V2"]
    assert codes(pa, dealt(pa), reveal("set", 0)) == ["PA-V2"], "at $0 Stock would be free"
    state = legal(pa, dealt(pa), reveal("set", 1))
    state = legal(pa, finish_round(pa, state), reveal("down"))
    # Without the board's track, the price stays at $1 (a warning names it).
    assert state["stock_price"] == 1
    up_three = Event("event_card_revealed", {"name": "X", "stock_adjustment": {"op": "up", "value": 3}, "die_rolls": 1})
    assert codes(pa, dealt(pa), up_three) == ["PA-V2"], "up and down move the price by one"


def test_the_deal_may_be_recorded_a_hand_at_a_time_and_each_part_only_once(pa: Engine) -> None:
    state = pa.setup(TWO, {})
    ann = Event("cards_dealt", {"destinations": {"Ann": [card("Rome", "EUROPE"), card("Tokyo", "PACIFIC")]}}, None)
    assert codes(pa, state, Event("cards_dealt", {}, None)) == ["PA-S3"], "a deal deals something"
    state = legal(pa, state, ann)
    assert state["phase"] == "SETUP" and pa.expected(state)["options"]["cards_dealt"]["players"] == ["Bob"]
    assert codes(pa, state, ann) == ["PA-S3"], "Ann's cards are already dealt"
    display = deal(TWO).data["display"]
    state = legal(pa, state, Event("cards_dealt", {"display": display}, None))
    assert pa.expected(state)["options"]["cards_dealt"]["display_due"] == []
    assert codes(pa, state, Event("cards_dealt", {"display": display}, None)) == ["PA-S4"], "the display is dealt once"
    state = legal(pa, state, Event("cards_dealt", {"destinations": {"Bob": [card("Bangkok", "ASIA"), card("Lisbon", "EUROPE")]}}, None))
    assert state["phase"] == "EVENT", "the last part of the deal opens round 1"
    assert pa.describe(state, ann) == "Ann is dealt Rome and Tokyo"


# -- Issue 21, finding 14: one card per city (PA-B22) without a board's card list ----------------

# A display of cards none of the helpers' hands holds.
OTHER_DISPLAY = [card("Lisbon", "EUROPE"), card("Havana", "NORTH_AMERICA"), card("Rio de Janeiro", "SOUTH_AMERICA"),
                 card("Paris", "EUROPE")]


def test_pa_b22_without_a_card_list_a_city_dealt_twice_is_a_warning(pa: Engine) -> None:
    """"Having the city's Destination card": each city has one card.  Without a board listing the
    cards (so nobody knows the box holds no second copy) the deal is stored with a warning."""
    state = pa.setup(TWO, {})
    twice = deal(TWO)  # Bangkok in Bob's hand and on display space 4
    assert notes(pa, state, twice) == [("PA-B22", "warning")]
    message = pa.check(state, twice)[0].message
    assert message == ("The Destination card of Bangkok is already in this deal: each city has one card "
                       "(no board lists this box's cards)")
    assert notes(pa, pa.setup(TWO, {}), deal(TWO, display=OTHER_DISPLAY)) == []


def test_pa_b22_without_a_card_list_a_refill_of_a_card_in_play_is_a_warning(pa: Engine) -> None:
    """The refill names a card in Ann's hand, on the display or just taken: a warning on a board
    file without ``destination_cards`` too; a card nobody holds is silent."""
    from tests.engines.pan_am_helpers import ILLUSTRATIVE_BOARD, bid, refill, take, to_resolution

    for options in ({}, {"board": ILLUSTRATIVE_BOARD}):
        state = legal(pa, pa.setup(TWO, options), deal(TWO, display=OTHER_DISPLAY), reveal("set", 6))
        state = legal(pa, to_resolution(pa, state, bid("B", "1", 1, "Ann", cost=0)), take(1, "Ann"))
        assert [c["city"] for c in state["players"]["Ann"]["destinations"]] == ["Rome", "Tokyo", "Lisbon"]
        for city, region, where in (("Rome", "EUROPE", "in Ann's hand"), ("Lisbon", "EUROPE", "in Ann's hand"),
                                    ("Havana", "NORTH_AMERICA", "on display space 2")):
            found = pa.check(state, refill(1, city, region))
            assert [(v.code, v.severity) for v in found] == [("PA-B22", "warning")], city
            assert found[0].message.startswith(f"The Destination card of {city} is already {where}: ")
        assert notes(pa, state, refill(1, "Bathurst", "EUROPE")) == []


def test_pa_b22_a_card_gained_by_a_card_effect_is_one_not_in_play(pa: Engine) -> None:
    """A card's ``gain_destination`` draws from the deck: Bob's Bangkok cannot be drawn by Ann
    (a warning without a card list, refused on a board that lists the cards)."""
    from tests.engines.pan_am_helpers import items_dealt

    gain = event_effect({"kind": "gain_destination", "player": "Ann", "card": card("Bangkok", "ASIA")})
    state = legal(pa, dealt(pa), reveal("set", 6))
    assert notes(pa, state, gain) == [("PA-B22", "warning")]
    fresh = event_effect({"kind": "gain_destination", "player": "Ann", "card": card("Bathurst", "EUROPE")})
    assert notes(pa, state, fresh) == []
    on_board = legal(pa, items_dealt(pa), Event("event_card_revealed", {"name": "Clipper Age"}, None))
    assert codes(pa, on_board, gain) == ["PA-B22"]
