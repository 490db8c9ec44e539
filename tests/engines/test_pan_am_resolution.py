"""Pan Am: the Resolution phase (PA-R1..R3, PA-A1..A3, PA-B1..B3, PA-C1, PA-D1..D7,
PA-LR-1..5, PA-E-R1), with the rulebook's Landing Rights example and Archer's forced sale."""

from __future__ import annotations

import pytest

from engines.base import Engine, Event, State
from engines.pan_am import landing
from engines.pan_am.table import region_of
from tests.engines.pan_am_helpers import (
    AS,
    EU,
    PA,
    TWO,
    airport,
    airport_rights,
    aside,
    bid,
    card,
    card_rights,
    claim,
    deal,
    drawn,
    failed,
    plane,
    refill,
    reveal,
    revealed,
    set_aside_all,
    set_players,
    site,
    take,
    to_resolution,
    wasted,
)
from tests.engines.scenario import codes, legal, notes


def resolving(pa: Engine, **options: object) -> State:
    """Board game, price $6.  Queue: A1 Ann ($1), B1 Bob ($0, Lisbon), C Clipper Ann ($3), D Bob, E Ann."""
    state = revealed(pa, **options)
    return to_resolution(pa, state, bid("A", "1", 1, "Ann"), bid("B", "1", 1, "Bob"), bid("C", "CLIPPER", 1, "Ann"),
                         site("D", "Bob"), site("E", "Ann"))


def at_b(pa: Engine) -> State:
    return legal(pa, resolving(pa), airport("Lisbon", "Ann"))


def at_d(pa: Engine) -> State:
    return legal(pa, at_b(pa), take(1, "Bob"), refill(1, "Rome", EU), plane("Ann"))


# -- PA-R1, PA-R2 and the area codes: order ---------------------------------------------------


def test_engineers_resolve_a_b_c_then_d_and_e_left_to_right(pa: Engine) -> None:
    state = resolving(pa)
    assert [(e["area"], e["player"]) for e in state["resolution"]["queue"]] == [
        ("A", "Ann"), ("B", "Bob"), ("C", "Ann"), ("D", "Bob"), ("E", "Ann")]
    assert codes(pa, state, plane("Ann")) == ["PA-A1"]
    assert codes(pa, state, claim("Bangkok", "Hong Kong", "CLIPPER", {}, "Bob")) == ["PA-D1"]
    assert codes(pa, state, drawn("Ann")) == ["PA-E-R1"]
    state = at_b(pa)
    assert codes(pa, state, plane("Ann")) == ["PA-R1"]


def test_only_the_engineers_owner_resolves_it(pa: Engine) -> None:
    state = resolving(pa)
    assert codes(pa, state, airport("Lisbon", "Bob")) == ["PA-R2"]
    assert pa.check(state, airport("Lisbon", "Bob"))[0].message == "The next to resolve is Ann's Engineer at A1, not Bob's"


def test_within_a_track_order_is_numeric_and_planes_by_range(pa: Engine) -> None:
    state = revealed(pa)
    state = to_resolution(pa, state, bid("C", "CLIPPER", 1, "Ann"), bid("C", "TRIMOTOR", 1, "Bob"),
                          bid("A", "2", 1, "Ann"), bid("A", "1", 1, "Bob"))
    assert [(e["area"], e["track"]) for e in state["resolution"]["queue"]] == [
        ("A", "1"), ("A", "2"), ("C", "TRIMOTOR"), ("C", "CLIPPER")]


# -- A. Airports: PA-A2, PA-A3 ------------------------------------------------------------------


def test_an_airport_costs_the_bid_and_raises_income(pa: Engine) -> None:
    state = at_b(pa)
    ann = state["players"]["Ann"]
    assert (ann["money"], ann["income"], ann["airports_supply"], ann["airports"]) == (11, 1, 4, ["Lisbon"])
    assert state["cities"]["Lisbon"]["airport"] == "Ann"


def test_one_airport_to_a_city_of_the_board(pa: Engine) -> None:
    state = resolving(pa)
    assert codes(pa, state, airport("Atlantis", "Ann")) == ["PA-A2"]
    state["cities"]["Lisbon"]["airport"] = "Bob"  # pre-loaded: Bob's Airport is there
    assert codes(pa, state, airport("Lisbon", "Ann")) == ["PA-A2"]


def test_an_airport_is_moved_only_when_the_supply_is_empty(pa: Engine) -> None:
    state = resolving(pa)
    assert codes(pa, state, airport("Lisbon", "Ann", moved_from="Rome")) == ["PA-A3"]
    state = set_players(state, Ann={"airports_supply": 0, "airports": ["Rome"], "income": 1})
    state["cities"]["Rome"]["airport"] = "Ann"
    assert codes(pa, state, airport("Lisbon", "Ann")) == ["PA-A3"]
    assert codes(pa, state, airport("Lisbon", "Ann", moved_from="Paris")) == ["PA-A3"]
    state = legal(pa, state, airport("Lisbon", "Ann", moved_from="Rome"))
    assert state["players"]["Ann"]["airports"] == ["Lisbon"] and state["players"]["Ann"]["income"] == 1
    assert state["cities"]["Rome"]["airport"] is None


def test_with_the_supply_empty_the_bidder_may_keep_their_airports_where_they_are(pa: Engine) -> None:
    """"you *may* move one of your Airports": the bid is paid all the same (PA-AMB-8)."""
    state = resolving(pa)
    kept = Event("airport_kept", {}, "Ann")
    assert codes(pa, state, kept) == ["PA-A3"], "Ann still has Airports to place"
    state = set_players(state, Ann={"airports_supply": 0, "airports": ["Rome"], "income": 1})
    state["cities"]["Rome"]["airport"] = "Ann"
    assert pa.expected(state)["event_types"][:2] == ["airport_placed", "airport_kept"]
    after = legal(pa, state, kept)
    ann = after["players"]["Ann"]
    assert (ann["money"], ann["airports"], ann["income"]) == (12 - 1, ["Rome"], 1), "paid $1, nothing moved"
    assert after["cities"]["Rome"]["airport"] == "Ann" and after["resolution"]["next"] == 1


# -- B. Destinations: PA-B1..B3 -------------------------------------------------------------------


def test_the_card_and_its_bonus_go_to_the_bidder_then_plus_one_and_refill(pa: Engine) -> None:
    state = at_b(pa)
    state["display"][0]["bonus"] = 2  # two rounds untaken (pre-loaded)
    assert codes(pa, state, take(2, "Bob")) == ["PA-B1"]
    assert codes(pa, state, take(1, "Bob", card=card("Rome", EU))) == ["PA-B1"]
    state = legal(pa, state, take(1, "Bob", card=card("Lisbon", EU)))
    assert state["players"]["Bob"]["money"] == 12 - 0 + 2
    assert state["players"]["Bob"]["destinations"][-1] == card("Lisbon", EU)
    assert [s["bonus"] for s in state["display"]] == [0, 1, 1, 1]
    assert state["resolution"]["refill_due"] == [1]
    assert pa.expected(state)["options"]["destination_display_refilled"]["slot"] == [1]


def test_refills_come_after_the_last_b_engineer_and_before_the_first_c(pa: Engine) -> None:
    assert codes(pa, resolving(pa), refill(1, "Rome", EU)) == ["PA-B2"]
    state = legal(pa, at_b(pa), take(1, "Bob"))
    assert codes(pa, state, plane("Ann")) == ["PA-B2"]
    assert codes(pa, state, refill(2, "Rome", EU)) == ["PA-B2"]
    deck = state["destination_deck"]
    state = legal(pa, state, refill(1, "Rome", EU))
    assert state["display"][0] == {"card": card("Rome", EU), "bonus": 0}
    assert state["destination_deck"] == deck - 1


def test_bonuses_grow_even_when_nobody_bids_on_b(pa: Engine) -> None:
    state = to_resolution(pa, revealed(pa), site("D", "Ann"))
    assert [s["bonus"] for s in state["display"]] == [1, 1, 1, 1]
    assert state["resolution"]["refill_due"] == []


def test_an_empty_deck_leaves_the_space_empty(pa: Engine) -> None:
    state = at_b(pa)
    state["destination_deck"] = 0  # pre-loaded
    state = legal(pa, state, take(1, "Bob"))
    assert state["resolution"]["refill_due"] == [] and state["display"][0]["card"] is None
    assert codes(pa, state, refill(1, "Rome", EU)) == ["PA-B3"]
    assert pa.expected(state)["event_types"][0] == "plane_acquired"


# -- C. Planes: PA-C1 -----------------------------------------------------------------------------


def test_the_plane_bid_on_comes_from_the_hangar(pa: Engine) -> None:
    state = legal(pa, at_b(pa), take(1, "Bob"), refill(1, "Rome", EU))
    assert codes(pa, state, plane("Ann", plane="TRIMOTOR")) == ["PA-C1"]
    after = legal(pa, state, plane("Ann", plane="CLIPPER"))
    ann = after["players"]["Ann"]
    assert (ann["money"], ann["fleet"]["CLIPPER"], ann["hangar"]["CLIPPER"]) == (8, 2, 2)
    empty = legal(pa, set_players(state, Ann={"hangar": {"TRIMOTOR": 3, "CLIPPER": 0, "CRUISER": 3, "JET": 1}}), plane("Ann"))
    assert (empty["players"]["Ann"]["money"], empty["players"]["Ann"]["fleet"]["CLIPPER"]) == (8, 1)


# -- D. Routes: PA-D2..D7 ---------------------------------------------------------------------------


BOB_RIGHTS = {"Bangkok": card_rights("Bangkok"), "Hong Kong": card_rights("Hong Kong")}


def test_a_route_claimed_with_held_cards_keeps_them(pa: Engine) -> None:
    state = legal(pa, at_d(pa), claim("Bangkok", "Hong Kong", "CLIPPER", BOB_RIGHTS, "Bob"))
    bob = state["players"]["Bob"]
    assert state["routes"]["Bangkok|Hong Kong"] == {"cities": ["Bangkok", "Hong Kong"], "distance": 2, "owner": "Bob", "plane": "CLIPPER"}
    assert (bob["income"], bob["fleet"]["CLIPPER"], bob["routes"]) == (2, 0, ["Bangkok|Hong Kong"])
    assert [c["city"] for c in bob["destinations"]] == ["Bangkok", "Hong Kong", "Lisbon"]


def test_the_plane_comes_from_the_fleet_and_reaches(pa: Engine) -> None:
    state = at_d(pa)
    assert codes(pa, state, claim("Bangkok", "Hong Kong", "TRIMOTOR", BOB_RIGHTS, "Bob")) == ["PA-D3"]
    assert codes(pa, state, claim("Bangkok", "Hong Kong", "JET", BOB_RIGHTS, "Bob")) == ["PA-D3"]


def test_a_claimed_route_cannot_be_claimed_again(pa: Engine) -> None:
    state = at_d(pa)
    state["routes"]["Bangkok|Hong Kong"]["owner"] = "PAN_AM"
    assert codes(pa, state, claim("Bangkok", "Hong Kong", "CLIPPER", BOB_RIGHTS, "Bob")) == ["PA-D2"]
    state["routes"]["Bangkok|Hong Kong"]["owner"] = "Ann"
    assert codes(pa, state, claim("Bangkok", "Hong Kong", "CLIPPER", BOB_RIGHTS, "Bob")) == ["PA-D2"]


def test_the_route_must_exist_with_a_known_distance(pa: Engine) -> None:
    state = at_d(pa)
    assert codes(pa, state, claim("Bangkok", "Rome", "CLIPPER", {}, "Bob")) == ["PA-D7"]
    assert codes(pa, state, claim("Bangkok", "Bangkok", "CLIPPER", {}, "Bob")) == ["PA-D7"]
    assert codes(pa, state, claim("Bangkok", "Hong Kong", "CLIPPER", BOB_RIGHTS, "Bob", distance=1)) == ["declared/conflict"]


def test_both_cities_need_landing_rights(pa: Engine) -> None:
    state = at_d(pa)
    assert codes(pa, state, claim("Bangkok", "Hong Kong", "CLIPPER", {"Bangkok": card_rights("Bangkok")}, "Bob")) == ["PA-D4"]


def test_a_d_engineer_may_claim_nothing(pa: Engine) -> None:
    state = legal(pa, at_d(pa), wasted("Bob"))
    assert state["players"]["Bob"]["income"] == 0 and pa.expected(state)["event_types"][0] == "directive_drawn"


def test_a_directive_engineer_stays_for_priority_access(pa: Engine) -> None:
    state = legal(pa, at_d(pa), wasted("Bob"), drawn("Ann"))
    assert state["players"]["Ann"]["directives"] == 2 and state["directive_deck"] == 40 - 2 - 1
    assert state["sites"]["E"] == [{"player": "Ann", "priority": False, "resolved": True}]
    assert state["phase"] == "EXPANSION"


# -- Landing Rights: the rulebook's example (Genevieve = Ann) -----------------------------------------


def genevieve(pa: Engine) -> State:
    """Ann holds Hong Kong and Honolulu, places an Airport in Shanghai (declared ASIA), and her
    D Engineer is due.  No board file: the rulebook's facts only."""
    hands = {"Ann": [card("Hong Kong", PA), card("Honolulu", PA)], "Bob": [card("Bangkok", AS), card("Rome", EU)]}
    state = legal(pa, pa.setup(TWO, {}), deal(TWO, hands=hands), reveal("set", 6))
    state = legal(pa, state, bid("A", "1", 1, "Ann", cost=1), aside("Bob", 5), site("D", "Ann"))
    state = set_aside_all(pa, state)
    return legal(pa, state, airport("Shanghai", "Ann", region=AS))


def same(city: str) -> dict[str, object]:
    return {"method": "discard_same_region", "cards": [city]}


BOTH = {"method": "discard_two_other_region", "cards": ["Hong Kong", "Honolulu"]}


def test_option_a_shanghai_hong_kong_needs_no_discard(pa: Engine) -> None:
    state = genevieve(pa)
    rights = {"Shanghai": airport_rights("Shanghai"), "Hong Kong": card_rights("Hong Kong")}
    state = legal(pa, state, claim("Shanghai", "Hong Kong", "TRIMOTOR", rights, "Ann", distance=1))
    assert [c["city"] for c in state["players"]["Ann"]["destinations"]] == ["Hong Kong", "Honolulu"]
    assert state["players"]["Ann"]["income"] == 1 + 1


def test_option_b_shanghai_tokyo_needs_one_card_of_tokyos_region(pa: Engine) -> None:
    state = genevieve(pa)
    shanghai = {"Shanghai": airport_rights("Shanghai")}
    assert codes(pa, state, claim("Shanghai", "Tokyo", "TRIMOTOR", {**shanghai, "Tokyo": card_rights("Tokyo")}, "Ann", distance=1)) == ["PA-LR-2"]
    assert codes(pa, state, claim("Shanghai", "Tokyo", "TRIMOTOR", {**shanghai, "Tokyo": BOTH}, "Ann", distance=1)) == ["PA-LR-4"]
    assert codes(pa, state, claim("Shanghai", "Tokyo", "TRIMOTOR", {**shanghai, "Tokyo": same("Honolulu")}, "Ann", distance=1)) == []
    after = legal(pa, state, claim("Shanghai", "Tokyo", "TRIMOTOR", {**shanghai, "Tokyo": same("Hong Kong")}, "Ann", distance=1))
    assert [c["city"] for c in after["players"]["Ann"]["destinations"]] == ["Honolulu"]
    assert after["destination_discards"] == [card("Hong Kong", PA)]
    ways = landing.ways(state["players"]["Ann"]["destinations"], ["Shanghai"], ["Shanghai", "Tokyo"], lambda c: region_of(state, c))
    assert [w["Tokyo"] for w in ways] == [same("Hong Kong"), same("Honolulu"), ]


def test_option_c_shanghai_beijing_needs_both_cards(pa: Engine) -> None:
    state = genevieve(pa)
    shanghai = {"Shanghai": airport_rights("Shanghai")}
    beijing = {"Beijing": AS}
    assert codes(pa, state, claim("Shanghai", "Beijing", "TRIMOTOR", {**shanghai, "Beijing": same("Hong Kong")}, "Ann", distance=1, regions=beijing)) == ["PA-LR-3"]
    assert codes(pa, state, claim("Shanghai", "Beijing", "TRIMOTOR", {**shanghai, "Beijing": BOTH}, "Ann", distance=1)) == ["PA-LR-4"]  # region unknown
    after = legal(pa, state, claim("Shanghai", "Beijing", "TRIMOTOR", {**shanghai, "Beijing": BOTH}, "Ann", distance=1, regions=beijing))
    assert after["players"]["Ann"]["destinations"] == [] and after["cities"]["Beijing"]["region"] == AS


def test_an_airport_right_needs_the_players_airport(pa: Engine) -> None:
    state = genevieve(pa)
    rights = {"Shanghai": airport_rights("Shanghai"), "Hong Kong": airport_rights("Hong Kong")}
    assert codes(pa, state, claim("Shanghai", "Hong Kong", "TRIMOTOR", rights, "Ann", distance=1)) == ["PA-LR-1"]


def test_a_card_gives_rights_once(pa: Engine) -> None:
    state = genevieve(pa)
    rights = {"Hong Kong": card_rights("Hong Kong"), "Tokyo": same("Hong Kong")}
    assert codes(pa, state, claim("Hong Kong", "Tokyo", "TRIMOTOR", rights, "Ann", distance=1)) == ["PA-LR-5"]


# -- Bid Too Much?: PA-R3 and Archer's example ------------------------------------------------------------


def archer(pa: Engine, money: int, stock: int, price: int = 6, **options: object) -> State:
    """Ann (Archer) bid $10 at A1; the price is ``price``; she holds ``money`` and ``stock``."""
    state = legal(pa, pa.setup(TWO, options), deal(TWO), reveal("set", price))
    state = to_resolution(pa, state, bid("A", "1", 4, "Ann", cost=10))
    return set_players(state, Ann={"money": money, "stock": stock})


def test_archer_sells_stock_at_six_for_four_each(pa: Engine) -> None:
    state = archer(pa, money=1, stock=5)
    assert codes(pa, state, failed("Ann")) == ["PA-R3"]
    after = legal(pa, state, airport("Lisbon", "Ann"))
    assert (after["players"]["Ann"]["stock"], after["players"]["Ann"]["money"]) == (2, 3)  # 3 sold: 1 + 12 - 10
    assert "Ann sold 3 Stock at $4 to pay their bid" in pa.changes(state, after, airport("Lisbon", "Ann"))


def test_a_bid_that_cannot_be_covered_fails_with_all_money_and_stock(pa: Engine) -> None:
    state = archer(pa, money=1, stock=2)
    assert pa.expected(state)["event_types"][0] == "bid_failed"
    assert codes(pa, state, airport("Lisbon", "Ann")) == ["PA-R3"]
    after = legal(pa, state, failed("Ann"))
    ann = after["players"]["Ann"]
    assert (ann["money"], ann["stock"], ann["airports"], ann["income"]) == (0, 0, [], 0)
    assert after["phase"] == "EXPANSION"


@pytest.mark.parametrize(("rule", "stock_left"), [("sell_all", 0), ("sell_none", 4)])
def test_at_two_dollars_a_forced_sale_earns_nothing(pa: Engine, rule: str, stock_left: int) -> None:
    state = archer(pa, money=1, stock=4, price=2, forced_sale_low_price=rule)
    after = legal(pa, state, failed("Ann"))
    assert (after["players"]["Ann"]["money"], after["players"]["Ann"]["stock"]) == (0, stock_left)


def test_only_a_bid_can_fail(pa: Engine) -> None:
    state = legal(pa, at_d(pa))
    assert codes(pa, state, failed("Bob")) == ["PA-R1"]
    assert notes(pa, state, wasted("Bob")) == []


# -- added by the audit: each check has a failing test -------------------------------------------


def test_nothing_resolves_outside_the_resolution_phase(pa: Engine) -> None:
    state = legal(pa, at_d(pa), wasted("Bob"), drawn("Ann"))
    assert state["phase"] == "EXPANSION"
    assert codes(pa, state, airport("Lisbon", "Ann")) == ["PA-R1"]
    assert pa.check(state, airport("Lisbon", "Ann"))[0].message == "There is no Engineer to resolve in the Pan Am phase (Expansion step)"
    assert codes(pa, state, refill(1, "Rome", EU)) == ["PA-B2"]


def test_once_every_engineer_is_resolved_nothing_more_resolves(pa: Engine) -> None:
    state = resolving(pa)
    state["resolution"]["next"] = len(state["resolution"]["queue"])  # pre-loaded
    assert codes(pa, state, drawn("Ann")) == ["PA-R1"]


def test_a_route_of_the_board_between_its_cities(pa: Engine) -> None:
    state = at_d(pa)
    found = pa.check(state, claim("Atlantis", "Bangkok", "CLIPPER", {}, "Bob"))
    assert [v.code for v in found] == ["PA-D7", "PA-D7"]
    assert [v.message for v in found] == ["Atlantis is not a city of the board", "There is no route Atlantis–Bangkok on the board"]


def test_without_a_board_a_route_needs_a_declared_distance_of_one_to_four(pa: Engine) -> None:
    state = genevieve(pa)
    rights = {"Shanghai": airport_rights("Shanghai"), "Hong Kong": card_rights("Hong Kong")}
    assert codes(pa, state, claim("Shanghai", "Hong Kong", "TRIMOTOR", rights, "Ann")) == ["PA-D7"]
    # A distance of 5 is no distance; Ann has no Jet either (issue 21: every rule broken is named).
    assert codes(pa, state, claim("Shanghai", "Hong Kong", "JET", rights, "Ann", distance=5)) == ["PA-D7", "PA-D3"]
    assert codes(pa, state, claim("Shanghai", "Hong Kong", "CLIPPER", rights, "Ann", distance=5)) == ["PA-D7"]


def test_landing_rights_name_only_the_routes_cities(pa: Engine) -> None:
    state = genevieve(pa)
    rights = {"Shanghai": airport_rights("Shanghai"), "Hong Kong": card_rights("Hong Kong"), "Tokyo": card_rights("Tokyo")}
    assert codes(pa, state, claim("Shanghai", "Hong Kong", "TRIMOTOR", rights, "Ann", distance=1)) == ["PA-D4"]


def test_the_city_card_itself_gives_its_landing_rights(pa: Engine) -> None:
    state = genevieve(pa)
    rights = {"Shanghai": airport_rights("Shanghai"), "Hong Kong": {"method": "destination_card", "cards": ["Honolulu"]}}
    assert codes(pa, state, claim("Shanghai", "Hong Kong", "TRIMOTOR", rights, "Ann", distance=1)) == ["PA-LR-2"]


def test_discards_count_and_regions_are_checked(pa: Engine) -> None:
    state = genevieve(pa)
    shanghai = {"Shanghai": airport_rights("Shanghai")}
    two_for_tokyo = {"method": "discard_same_region", "cards": ["Hong Kong", "Honolulu"]}
    assert codes(pa, state, claim("Shanghai", "Tokyo", "TRIMOTOR", {**shanghai, "Tokyo": two_for_tokyo}, "Ann", distance=1)) == ["PA-LR-3"]
    # Beijing's region is not known yet: one card of "its region" cannot be judged.
    assert codes(pa, state, claim("Shanghai", "Beijing", "TRIMOTOR", {**shanghai, "Beijing": same("Hong Kong")}, "Ann", distance=1)) == ["PA-LR-3"]
    one = {"method": "discard_two_other_region", "cards": ["Hong Kong"]}
    assert codes(pa, state, claim("Shanghai", "Beijing", "TRIMOTOR", {**shanghai, "Beijing": one}, "Ann", distance=1, regions={"Beijing": AS})) == ["PA-LR-4"]
    mixed = set_players(state, Ann={"destinations": [card("Hong Kong", PA), card("Rome", EU)]})
    pair = {"method": "discard_two_other_region", "cards": ["Hong Kong", "Rome"]}
    found = pa.check(mixed, claim("Shanghai", "Beijing", "TRIMOTOR", {**shanghai, "Beijing": pair}, "Ann", distance=1, regions={"Beijing": AS}))
    assert [(v.code, v.message) for v in found] == [("PA-LR-4", "Hong Kong (PACIFIC) and Rome (EUROPE) are not of one region")]


def test_a_card_kept_for_its_city_cannot_also_be_discarded(pa: Engine) -> None:
    """PA-LR-5 (audit fix): the Hong Kong card gives rights in Hong Kong (kept) and cannot be
    discarded for Tokyo too, whether or not the claim lists it under ``cards``."""
    state = genevieve(pa)
    for kept in ({"method": "destination_card", "cards": ["Hong Kong"]}, {"method": "destination_card"}):
        rights = {"Hong Kong": kept, "Tokyo": same("Hong Kong")}
        assert codes(pa, state, claim("Hong Kong", "Tokyo", "TRIMOTOR", rights, "Ann", distance=1)) == ["PA-LR-5"]


def test_only_the_d_engineers_owner_claims_with_it(pa: Engine) -> None:
    state = at_d(pa)  # Bob's D Engineer is due
    rights = {"Rome": card_rights("Rome"), "Tokyo": card_rights("Tokyo")}
    found = pa.check(state, claim("Rome", "Tokyo", "CLIPPER", rights, "Ann", distance=2))
    assert [(v.code, v.message) for v in found] == [("PA-D1", "The next to resolve is Bob's Engineer on D (1st), not Ann's")]
    assert codes(pa, state, wasted("Ann")) == ["PA-D1"]
    state = legal(pa, state, wasted("Bob"))
    assert codes(pa, state, drawn("Bob")) == ["PA-R2"]


# -- Issue 21, finding 13: every rule a claim breaks is reported ------------------------------------


def test_pa_lr_5_a_card_used_for_both_cities_is_reported_even_when_one_method_fails(pa: Engine) -> None:
    """*Landing Rights*: discards "grant you Landing Rights long enough to claim exactly one
    Route".  The Hong Kong card discarded for Tokyo (right) and again for Beijing (wrong region):
    both faults are named, not only the wrong region."""
    state = genevieve(pa)
    rights = {"Tokyo": same("Hong Kong"), "Beijing": same("Hong Kong")}
    event = claim("Tokyo", "Beijing", "TRIMOTOR", rights, "Ann", distance=1, regions={"Beijing": AS})
    assert codes(pa, state, event) == ["PA-LR-3", "PA-LR-5"]
    lr5 = [v.message for v in pa.check(state, event) if v.code == "PA-LR-5"]
    assert lr5 == ["Ann cannot use the same Destination card twice or one not held: Hong Kong (2 used, 1 held)"]


def test_pa_lr_5_is_reported_when_both_methods_fail(pa: Engine) -> None:
    """Honolulu is discarded with Hong Kong for Tokyo (its own region: one is enough) and again
    for Beijing (not Beijing's region): three rules broken, three codes."""
    state = genevieve(pa)
    rights = {"Tokyo": BOTH, "Beijing": same("Honolulu")}
    event = claim("Tokyo", "Beijing", "TRIMOTOR", rights, "Ann", distance=1, regions={"Beijing": AS})
    assert codes(pa, state, event) == ["PA-LR-4", "PA-LR-3", "PA-LR-5"]


def test_pa_lr_2_a_card_not_held_is_named_once(pa: Engine) -> None:
    """A city card the player does not hold is PA-LR-2's fault alone (not PA-LR-5's as well)."""
    state = genevieve(pa)
    rights = {"Shanghai": airport_rights("Shanghai"), "Tokyo": card_rights("Tokyo")}
    assert codes(pa, state, claim("Shanghai", "Tokyo", "TRIMOTOR", rights, "Ann", distance=1)) == ["PA-LR-2"]


def test_pa_d4_landing_rights_and_the_plane_are_judged_while_the_distance_is_unknown(pa: Engine) -> None:
    """A route whose distance nobody declared yet (PA-D7) is still a route of two cities: the
    Landing Rights (no Airport of Ann's in Hong Kong, PA-LR-1) and the plane (no Jet in her fleet,
    PA-D3) are judged too."""
    state = genevieve(pa)
    rights = {"Shanghai": airport_rights("Shanghai"), "Hong Kong": airport_rights("Hong Kong")}
    assert codes(pa, state, claim("Shanghai", "Hong Kong", "JET", rights, "Ann")) == ["PA-D7", "PA-D3", "PA-LR-1"]
