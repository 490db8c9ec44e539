"""Pan Am: the Pan Am phase (PA-P1..P8, PA-I1..I2, PA-K1..K3, PA-R4), the rulebook's
expansion example, the Route Bonus table, the end of the round (PA-X1, X2) and the end of
the game (PA-X3, Stock then Money, shared victory)."""

from __future__ import annotations

from typing import Any

import pytest

from engines.base import Engine, State
from engines.declared import declare
from engines.pan_am.board import path_fact
from engines.pan_am.offers import next_on_path
from tests.engines.pan_am_helpers import (
    TWO,
    aside,
    buy,
    deal,
    decline,
    event_effect,
    exhausted,
    expand,
    finish_round,
    income,
    quickest,
    reveal,
    revealed,
    roll,
    sell,
    set_aside_all,
    set_players,
    site,
    to_round,
)
from tests.engines.scenario import codes, legal, notes


def free(player: str, a: str, b: str, plane: str, **extra: Any) -> dict[str, Any]:
    return {"kind": "free_route", "player": player, "cities": [a, b], "plane": plane, **extra}


def example(pa: Engine) -> State:
    """The rulebook's expansion example: Ann (red, first player) owns Lisbon–Horta, Bob (green)
    Lisbon–Bathurst and San Juan–Port of Spain (claimed free by an Event card); the card shows
    the die twice.  No board file: the rulebook's facts only.  Nobody assigns an Engineer."""
    state = legal(pa, pa.setup(TWO, {}), deal(TWO), reveal("set", 6, die_rolls=2))
    state = legal(pa, state, event_effect(
        free("Ann", "Lisbon", "Horta", "TRIMOTOR"),
        free("Bob", "Lisbon", "Bathurst", "CLIPPER"),
        free("Bob", "San Juan", "Port of Spain", "TRIMOTOR"),
    ))
    return set_aside_all(pa, state)


# -- the expansion example ----------------------------------------------------------------------


def test_the_rulebooks_expansion_example(pa: Engine) -> None:
    state = example(pa)
    assert state["phase"] == "EXPANSION" and (state["players"]["Ann"]["income"], state["players"]["Bob"]["income"]) == (1, 3)
    state = legal(pa, state, roll("PAN_AM"))
    exp = pa.expected(state)
    assert exp["actors"] == ["Ann"] and exp["options"]["route_sold_to_pan_am"] == {"cities": [["Horta", "Lisbon"]]}
    # The first player sells Lisbon–Horta (distance 1): $5.  It is on no path (PA-P7).
    state = legal(pa, state, sell("Lisbon", "Horta", "Ann"))
    ann = state["players"]["Ann"]
    assert (ann["money"], ann["income"], ann["fleet"]["TRIMOTOR"], ann["routes"]) == (17, 0, 2, [])
    assert state["routes"]["Horta|Lisbon"]["owner"] == "PAN_AM"
    # The next player sells Lisbon–Bathurst (distance 2): $9, the Clipper comes home.
    state = legal(pa, state, sell("Lisbon", "Bathurst", "Bob"))
    assert (state["players"]["Bob"]["money"], state["players"]["Bob"]["fleet"]["CLIPPER"]) == (21, 1)
    # Second roll: South American and Asian-Pacific paths.
    state = legal(pa, state, roll("SA", "AP"))
    assert notes(pa, state, expand("SA", "San Juan", "Port of Spain")) == [("PA-P4", "unverified")]
    state = legal(pa, state, expand("SA", "San Juan", "Port of Spain"))
    bob = state["players"]["Bob"]
    assert (bob["money"], bob["income"], bob["routes"], bob["fleet"]["TRIMOTOR"]) == (26, 0, [], 2)  # forced sale (PA-P5)
    state = legal(pa, state, expand("AP", "Miami", "Havana"))
    assert state["routes"]["Havana|Miami"]["owner"] == "PAN_AM" and state["pan_am_markers"] == 4
    assert state["phase"] == "INCOME"


@pytest.mark.parametrize(("distance", "plane", "bonus"), [(1, "TRIMOTOR", 5), (2, "CLIPPER", 9), (3, "CRUISER", 12), (4, "JET", 14)])
def test_the_route_bonus_table(pa: Engine, distance: int, plane: str, bonus: int) -> None:
    state = legal(pa, pa.setup(TWO, {}), deal(TWO), reveal("set", 6, die_rolls=1))
    state = set_players(state, Ann={"fleet": {"TRIMOTOR": 2, "CLIPPER": 1, "CRUISER": 1, "JET": 1}})
    state = legal(pa, state, event_effect(free("Ann", "Xa", "Xb", plane, distance=distance)))
    state = legal(pa, set_aside_all(pa, state), roll("PAN_AM"), sell("Xa", "Xb", "Ann"))
    assert state["players"]["Ann"]["money"] == 12 + bonus


def test_a_player_with_no_route_is_not_asked(pa: Engine) -> None:
    state = legal(pa, pa.setup(TWO, {}), deal(TWO), reveal("set", 6, die_rolls=1))
    state = legal(pa, state, event_effect(free("Bob", "Lisbon", "Horta", "TRIMOTOR")))
    state = legal(pa, set_aside_all(pa, state), roll("PAN_AM"))
    assert pa.expected(state)["actors"] == ["Bob"]


# -- PA-P1 .. PA-P3 --------------------------------------------------------------------------------


def test_the_die_is_rolled_as_often_as_the_card_shows_each_resolved_first(pa: Engine) -> None:
    state = example(pa)
    assert codes(pa, state, roll()) == ["PA-P2"]
    assert codes(pa, state, roll("SA", "SA")) == ["PA-P2"]
    state = legal(pa, state, roll("PAN_AM"))
    assert codes(pa, state, roll("AP")) == ["PA-P1"]
    state = legal(pa, state, decline("Ann"), decline("Bob"), roll("EU"))
    assert codes(pa, state, expand("SA", "San Juan", "Port of Spain")) == ["PA-P3"]
    # A path that runs out is offered, but as a seldom thing: the page shows it small, after.
    exp = pa.expected(state)
    assert exp["event_types"][:2] == ["pan_am_expanded", "pan_am_path_exhausted"]
    assert "pan_am_path_exhausted" in exp["minor"] and "pan_am_expanded" not in exp["minor"]
    state = legal(pa, state, exhausted("EU"))
    assert state["phase"] == "INCOME"
    assert codes(pa, state, roll("AP")) == ["PA-P1"]


def test_a_path_expansion_needs_a_roll(pa: Engine) -> None:
    assert codes(pa, example(pa), expand("AP", "Miami", "Havana")) == ["PA-P3"]


# -- PA-P4: the first route on the path that is not Pan Am's ---------------------------------------------


def board_expansion(pa: Engine) -> State:
    return legal(pa, set_aside_all(pa, revealed(pa)), roll("AP"))


def test_with_the_board_the_route_is_the_first_not_pan_ams(pa: Engine) -> None:
    state = board_expansion(pa)
    assert pa.expected(state)["options"]["pan_am_expanded"]["cities"] == [["Havana", "Miami"]]
    assert codes(pa, state, expand("AP", "Havana", "Honolulu")) == ["PA-P4"]
    assert codes(pa, state, exhausted("AP")) == ["PA-P4"]
    assert notes(pa, state, expand("AP", "Miami", "Havana")) == []
    state["routes"]["Havana|Miami"]["owner"] = "PAN_AM"  # pre-loaded: an earlier expansion
    assert codes(pa, state, expand("AP", "Miami", "Havana")) == ["PA-P4"]
    assert notes(pa, state, expand("AP", "Havana", "Honolulu")) == []


def test_an_exhausted_path_is_all_pan_ams(pa: Engine) -> None:
    state = board_expansion(pa)
    for key in state["board"]["paths"]["Miami"]["AP"]:
        state["routes"][key]["owner"] = "PAN_AM"
    assert notes(pa, state, exhausted("AP")) == []
    assert pa.expected(state)["options"]["pan_am_path_exhausted"] == {"path": ["AP"]}


def test_a_path_is_offered_with_its_own_next_route_and_exhausted_only_when_it_is(pa: Engine) -> None:
    state = legal(pa, set_aside_all(pa, revealed(pa)), roll("EU", "AP"))
    for due in ("EU", "AP"):  # one path at a time, each with its own next route
        offered = pa.expected(state)
        assert offered["event_types"][0] == "pan_am_expanded" and "pan_am_path_exhausted" not in offered["event_types"]
        following = offered["options"]["pan_am_expanded"]
        assert following["path"] == [due] and len(following["cities"]) == 1
        assert following["cities"][0] == next_on_path(state, due)
        state = legal(pa, state, expand(due, *following["cities"][0]))
    assert state["expansion"]["paths_due"] == []


def test_without_the_board_declared_positions_are_kept_and_checked(pa: Engine) -> None:
    state = legal(pa, example(pa), roll("PAN_AM"), decline("Ann"), decline("Bob"), roll("AP"))
    state["declared"] = declare(state["declared"], [path_fact("Miami", "AP", 1, "Havana|Miami")], 3)
    assert codes(pa, state, expand("AP", "Havana", "Honolulu", position=2)) == ["PA-P4"]  # Miami–Havana comes first
    assert codes(pa, state, expand("AP", "Havana", "Honolulu", position=1)) == ["declared/conflict"]
    assert codes(pa, state, expand("AP", "Miami", "Havana", position=2)) == ["declared/conflict"]
    after = legal(pa, state, expand("AP", "Miami", "Havana", position=1))
    assert after["declared"]["path_member:Miami:AP:Havana|Miami"]["value"] is True


# -- PA-P6, PA-P8: offers and markers --------------------------------------------------------------------


def test_offers_go_in_seat_order_for_a_route_the_player_owns(pa: Engine) -> None:
    state = legal(pa, example(pa), roll("PAN_AM"))
    assert codes(pa, state, sell("Lisbon", "Bathurst", "Bob")) == ["PA-P6"]
    assert codes(pa, state, sell("Lisbon", "Bathurst", "Ann")) == ["PA-P6"]
    assert codes(pa, state, decline("Bob")) == ["PA-P6"]


def test_pan_am_has_forty_markers(pa: Engine) -> None:
    state = legal(pa, example(pa), roll("PAN_AM"))
    state["pan_am_markers"] = 40
    assert notes(pa, state, sell("Lisbon", "Horta", "Ann")) == [("PA-P8", "warning")]


# -- PA-I1, PA-I2: income ------------------------------------------------------------------------------


def at_income(pa: Engine) -> State:
    """The example played through: nobody owns a route; Ann $17, Bob $26."""
    state = legal(pa, example(pa), roll("PAN_AM"), sell("Lisbon", "Horta", "Ann"), decline("Bob"), roll("EU"))
    return legal(pa, state, exhausted("EU"))


def test_income_is_collected_after_the_expansion(pa: Engine) -> None:
    assert codes(pa, example(pa), income()) == ["PA-I1"]
    state = at_income(pa)
    assert state["players"]["Bob"]["income"] == 3
    assert codes(pa, state, income(Ann=0, Bob=2)) == ["PA-I1"]
    after = legal(pa, state, income(Ann=0, Bob=3))
    assert (after["players"]["Ann"]["money"], after["players"]["Bob"]["money"]) == (17, 15)
    assert after["phase"] == "STOCK" and after["turn"] == "Ann"


def test_a_tracker_that_drifts_from_airports_and_routes_is_flagged(pa: Engine) -> None:
    state = set_players(at_income(pa), Ann={"income": 2})
    assert notes(pa, state, income()) == [("PA-I2", "warning")]


# -- PA-K1..K3, PA-R4: the Stock step -----------------------------------------------------------------------


def at_stock(pa: Engine) -> State:
    return legal(pa, at_income(pa), income())


def test_stock_is_bought_in_seat_order_at_the_price(pa: Engine) -> None:
    state = at_stock(pa)
    assert codes(pa, state, buy(1, "Bob")) == ["PA-K1"]
    assert codes(pa, state, buy(3, "Ann")) == ["PA-K1"]  # $18 > $17
    assert pa.expected(state)["options"]["stock_bought"] == {"count": [0, 1, 2]}
    state = legal(pa, state, buy(2, "Ann"))
    assert (state["players"]["Ann"]["stock"], state["players"]["Ann"]["money"]) == (2, 5)
    assert state["turn"] == "Bob"


def test_stock_is_never_sold_in_the_stock_step(pa: Engine) -> None:
    state = set_players(at_stock(pa), Ann={"stock": 3})
    assert codes(pa, state, buy(-1, "Ann")) == ["PA-R4"]


def test_the_box_holds_140_stock(pa: Engine) -> None:
    state = set_players(at_stock(pa), Bob={"stock": 139})
    assert notes(pa, state, buy(2, "Ann")) == [("PA-K2", "warning")]


def test_the_price_does_not_move_in_the_stock_step(pa: Engine) -> None:
    assert codes(pa, at_stock(pa), event_effect({"kind": "stock_price", "op": "up"})) == ["PA-K3"]


# -- PA-X1, PA-X2: the end of the round ------------------------------------------------------------------


def test_the_last_stock_answer_ends_the_round(pa: Engine) -> None:
    state = legal(pa, at_stock(pa), buy(0, "Ann"), buy(0, "Bob"))
    assert (state["round"], state["phase"], state["first_player"]) == (2, "EVENT", "Bob")
    assert state["event_card"] is None and state["event_cards"][0]["round"] == 1
    assert all(p["available"] == 5 and p["set_aside"] == 0 for p in state["players"].values())
    assert state["tracks"]["A"] == {} and state["sites"] == {"D": [], "E": []}


def test_the_tiles_lift_at_the_end_of_rounds_2_and_5(pa: Engine) -> None:
    state = to_round(pa, revealed(pa), 3)
    assert state["tiles"] == {"CRUISER": False, "JET": True}
    state = to_round(pa, state, 5)
    assert state["tiles"]["JET"] is True
    state = to_round(pa, state, 6)
    assert state["tiles"] == {"CRUISER": False, "JET": False}


def test_directive_engineers_wait_for_priority_access_the_others_come_back(pa: Engine) -> None:
    state = legal(pa, revealed(pa), site("E", "Ann"), site("E", "Bob"), site("E", "Ann"), aside("Bob"))
    state = finish_round(pa, state)
    assert state["priority_queue"] == ["Ann", "Bob", "Ann"]
    assert (state["players"]["Ann"]["available"], state["players"]["Bob"]["available"]) == (3, 4)


# -- the end of the game --------------------------------------------------------------------------------


def round_seven_stock(pa: Engine, **fields: dict[str, Any]) -> State:
    state = to_round(pa, revealed(pa), 7)
    while state["phase"] != "STOCK":
        state = legal(pa, state, quickest(pa, state))
    return set_players(state, **fields)


@pytest.mark.parametrize(("ann", "bob", "winners"), [
    ({"stock": 6, "money": 0}, {"stock": 5, "money": 30}, ["Ann"]),
    ({"stock": 5, "money": 3}, {"stock": 5, "money": 4}, ["Bob"]),
    ({"stock": 5, "money": 4}, {"stock": 5, "money": 4}, ["Ann", "Bob"]),
])
def test_most_stock_wins_then_money_then_a_shared_victory(pa: Engine, ann: dict, bob: dict, winners: list[str]) -> None:
    state = round_seven_stock(pa, Ann=ann, Bob=bob)
    first = state["turn"]
    other = "Bob" if first == "Ann" else "Ann"
    state = legal(pa, state, buy(0, first), buy(0, other))
    assert pa.is_over(state) and state["phase"] == "OVER" and state["round"] == 7
    result = pa.standings(state)
    assert result["final"] and result["winners"] == winners
    assert {row["player"]: row["status"] for row in result["players"]} == {
        name: "winner" if name in winners else "finished" for name in TWO}
    assert codes(pa, state, reveal()) == ["PA-X3"]
    assert pa.expected(state) == {"actors": [], "event_types": [], "options": {}}


def test_mid_game_standings_rank_by_stock_then_money(pa: Engine) -> None:
    state = set_players(revealed(pa), Ann={"stock": 2, "money": 1}, Bob={"stock": 2, "money": 9})
    result = pa.standings(state)
    assert not result["final"] and result["winners"] == []
    rows = {row["player"]: row for row in result["players"]}
    assert (rows["Ann"]["rank"], rows["Bob"]["rank"], rows["Ann"]["total"], rows["Ann"]["status"]) == (2, 1, 2, "flying")
    assert rows["Bob"]["breakdown"]["buying_power"] == 2 + 9 // 6


# -- added by the audit: each check has a failing test -------------------------------------------


def test_no_roll_after_the_last_one(pa: Engine) -> None:
    state = legal(pa, example(pa), roll("PAN_AM"), decline("Ann"), decline("Bob"), roll("EU"), exhausted("EU"))
    state["phase"] = "EXPANSION"  # pre-loaded: the Expansion step not yet closed
    found = pa.check(state, roll("AP"))
    assert [(v.code, v.message) for v in found] == [("PA-P1", "The Event card shows the die 2 times; all are rolled")]


def test_an_expansion_route_joins_two_cities(pa: Engine) -> None:
    state = legal(pa, example(pa), roll("PAN_AM"), decline("Ann"), decline("Bob"), roll("AP"))
    assert codes(pa, state, expand("AP", "Miami", "Miami")) == ["PA-D7"]


def test_a_route_off_the_path_is_refused_when_the_path_is_all_pan_ams(pa: Engine) -> None:
    state = board_expansion(pa)
    for key in state["board"]["paths"]["Miami"]["AP"]:
        state["routes"][key]["owner"] = "PAN_AM"  # pre-loaded
    found = pa.check(state, expand("AP", "Shanghai", "Tokyo"))
    assert [(v.code, v.message) for v in found] == [
        ("PA-P4", "Every route on the Asian-Pacific path from Miami is Pan Am's: record pan_am_path_exhausted")]


def test_without_the_board_an_exhausted_path_is_unverified(pa: Engine) -> None:
    state = legal(pa, example(pa), roll("PAN_AM"), decline("Ann"), decline("Bob"), roll("EU"))
    assert notes(pa, state, exhausted("EU")) == [("PA-P4", "unverified")]


def test_an_offer_answer_needs_an_offer(pa: Engine) -> None:
    state = legal(pa, example(pa), roll("SA"))
    assert codes(pa, state, decline("Ann")) == ["PA-P6"]  # the path is still due
    assert codes(pa, at_income(pa), decline("Ann")) == ["PA-P6"]


def test_income_is_confirmed_only_for_players(pa: Engine) -> None:
    assert codes(pa, at_income(pa), income(Ann=0, Bob=3, Zed=1)) == ["PA-I1"]


def test_stock_is_bought_only_in_the_stock_step_by_a_count_at_a_set_price(pa: Engine) -> None:
    from engines.base import Event

    assert codes(pa, at_income(pa), buy(1, "Ann")) == ["PA-K1"]
    state = at_stock(pa)
    assert codes(pa, state, Event("stock_bought", {"count": "two"}, "Ann")) == ["PA-K1"]
    state["stock_price"] = None  # pre-loaded: the price was never set (an overridden round 1)
    assert codes(pa, state, buy(1, "Ann")) == ["PA-K1"]
    assert codes(pa, state, buy(0, "Ann")) == []


def test_offers_and_stock_start_with_the_first_player_of_the_round(pa: Engine) -> None:
    """Round 2: the First Player Marker is Bob's, so Pan Am's offers and the Stock step start with him."""
    state = to_round(pa, revealed(pa, die_rolls=1), 2)
    assert state["first_player"] == "Bob"
    state = legal(pa, state, reveal("up", None, die_rolls=1), event_effect(
        free("Ann", "Lisbon", "Horta", "TRIMOTOR"), free("Bob", "San Juan", "Port of Spain", "TRIMOTOR")))
    state = legal(pa, set_aside_all(pa, state), roll("PAN_AM"))
    assert pa.expected(state)["actors"] == ["Bob"]
    assert codes(pa, state, decline("Ann")) == ["PA-P6"]
    state = legal(pa, state, decline("Bob"), decline("Ann"), income())
    assert (state["phase"], state["turn"]) == ("STOCK", "Bob")
    assert codes(pa, state, buy(0, "Ann")) == ["PA-K1"]


def test_overridden_income_amounts_are_what_is_earned(pa: Engine) -> None:
    state = at_income(pa)  # Bob's tracker shows 3
    after = pa.apply(state, income(Bob=2))  # the table ruled it so (override)
    assert (after["players"]["Ann"]["money"], after["players"]["Bob"]["money"]) == (17, 12 + 2)
