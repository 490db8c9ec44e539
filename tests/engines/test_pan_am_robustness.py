"""Pan Am: ``apply`` never raises and ``check`` always answers.

The recorder folds every stored event, overridden ones included, so any event whose data
passes its schema must fold at every step of the game (wrong phase, wrong actor, unknown
cities, a player who is not at the table), giving JSON state; and ``check`` must return
violations, never raise.  The pages' hooks (``expected``, ``describe``, ``changes``,
``position``, ``standings``) must keep answering on whatever ``apply`` folded.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines.base import Engine, Event, State, Violation
from tests.engines.pan_am_helpers import (
    TWO,
    bid,
    board_game,
    dealt,
    drawn,
    finish_round,
    items_dealt,
    on_items,
    plane,
    quickest,
    reveal,
    revealed,
    roll,
    set_aside_all,
    site,
    take,
    to_resolution,
)
from tests.engines.scenario import legal


def _engine() -> Engine:
    return engines.find("pan-am")


PA_ENGINE = _engine()

CARD = {"city": "Atlantis", "region": "ASIA"}
EFFECTS: list[dict[str, Any]] = [
    {"kind": "money", "player": "ALL", "amount": -99},
    {"kind": "money", "player": "Zed", "amount": 3},
    {"kind": "income", "amount": -5},
    {"kind": "stock", "player": "Bob", "amount": -3},
    {"kind": "stock_price", "op": "down"},
    {"kind": "stock_price", "op": "set", "value": -4},
    {"kind": "stock_price", "op": "set", "value": None},
    {"kind": "die_rolls", "amount": -9},
    {"kind": "draw_directive", "player": "Bob", "count": 0},
    {"kind": "gain_destination", "card": CARD},
    {"kind": "discard_destination", "city": "Nowhere"},
    {"kind": "gain_plane", "plane": "JET"},
    {"kind": "upgrade_plane", "plane": "JET"},
    {"kind": "upgrade_plane", "plane": "CRUISER"},
    {"kind": "place_airport", "city": "Havana", "cost": 99},
    {"kind": "place_airport", "player": "ALL", "city": "Atlantis", "region": "EUROPE", "cost": 0},
    {"kind": "free_route", "cities": ["Atlantis", "Atlantis"], "plane": "JET"},
    {"kind": "free_route", "cities": ["Atlantis", "Lemuria"], "plane": "JET", "distance": 9},
    {"kind": "free_route", "cities": ["New York", "Paris"], "plane": "TRIMOTOR"},
    {"kind": "peek"},
    {"kind": "text", "text": "nothing"},
]

# Schema-valid data for every event type, legal or not anywhere.
SAMPLES: dict[str, list[dict[str, Any]]] = {
    "cards_dealt": [
        {"destinations": {"Zed": [CARD]}, "display": []},
        {"destinations": {"Ann": [CARD] * 3}, "display": [CARD] * 6},
        {"destinations": {"Ann": [{"city": "Rome"}, {"city": "Atlantis", "region": None}]}, "display": [{"city": "Nowhere"}]},
    ],
    "event_card_revealed": [
        {"name": "X", "stock_adjustment": {"op": "down"}, "die_rolls": -3},
        {"name": "X", "stock_adjustment": {"op": "set", "value": -2}, "die_rolls": 9, "round": 12},
        {"name": "X", "stock_adjustment": {"op": "set", "value": None}, "die_rolls": 0, "text": None},
        {"name": "Clipper Age"},
        {"name": "Test round 3", "stock_adjustment": None, "die_rolls": 4},
        {"name": "Unheard of", "die_rolls": None},
    ],
    "event_effect": [{"effects": [e]} for e in EFFECTS] + [{"effects": EFFECTS}, {"effects": []}],
    "engineer_assigned": [
        {"area": "A", "track": None, "space": None},
        {"area": "A", "track": "x", "space": 9, "cost": 0},
        {"area": "A", "track": "1", "space": 1},
        {"area": "B", "track": "9", "space": 1, "cost": 2},
        {"area": "B", "track": "1", "space": -1},
        {"area": "C", "track": "BALLOON", "space": 2, "cost": 1},
        {"area": "C", "track": "JET", "space": 4, "cost": 3},
        {"area": "D", "track": "1", "space": 7},
        {"area": "E"},
    ],
    "engineer_set_aside": [{}, {"count": 0}, {"count": -2}, {"count": 99}],
    "airport_placed": [
        {"city": "Atlantis"},
        {"city": "Lisbon", "region": "ASIA", "moved_from": "Nowhere"},
        {"city": "Havana", "moved_from": None},
    ],
    "destination_taken": [{"slot": 1}, {"slot": 4, "card": CARD}],
    "destination_display_refilled": [{"slot": 2, "card": CARD}, {"slot": 1, "card": {"city": "Rome"}},
                                     {"slot": 3, "card": {"city": "Nowhere"}}],
    "plane_acquired": [{}, {"plane": "JET"}],
    "bid_failed": [{}],
    "route_claimed": [
        {"cities": ["Atlantis", "Lemuria"], "plane": "JET", "landing_rights": {}},
        {"cities": ["Atlantis", "Atlantis"], "plane": "TRIMOTOR", "landing_rights": {"Atlantis": {"method": "airport"}}},
        {"cities": ["Lisbon", "Horta"], "plane": "TRIMOTOR", "distance": 7, "regions": {"Horta": "ASIA"},
         "landing_rights": {"Lisbon": {"method": "discard_two_other_region", "cards": ["Rome", "Rome", "Zed"]},
                            "Horta": {"method": "discard_same_region"}, "Elsewhere": {"method": "destination_card"}}},
        {"cities": ["New York", "Paris"], "plane": "CRUISER",
         "landing_rights": {"New York": {"method": "destination_card", "cards": []}, "Paris": {"method": "airport", "cards": ["x"]}}},
    ],
    "route_claim_wasted": [{}, {"reason": None}],
    "directive_drawn": [{}],
    "die_rolled": [{"faces": []}, {"faces": ["PAN_AM", "PAN_AM"]}, {"faces": ["SA", "EU", "AP", "PAN_AM"]}],
    "pan_am_expanded": [
        {"path": "SA", "cities": ["Atlantis", "Atlantis"]},
        {"path": "EU", "cities": ["Atlantis", "Lemuria"], "distance": 9, "position": 3},
        {"path": "AP", "cities": ["Miami", "Havana"], "distance": 1, "regions": {"Miami": "ASIA"}, "position": None},
    ],
    "pan_am_path_exhausted": [{"path": "SA"}, {"path": "EU"}],
    "route_sold_to_pan_am": [{"cities": ["Atlantis", "Lemuria"]}, {"cities": ["Lisbon", "Horta"]}],
    "pan_am_offer_declined": [{}],
    "income_collected": [{}, {"amounts": {"Zed": 3, "Ann": -40}}],
    "stock_bought": [{"count": -5}, {"count": 0}, {"count": 999}],
    "directive_played": [
        {"timing": {"phase": "RESOLUTION", "step": "STOCK"}, "effects": EFFECTS},
        {"timing": {"phase": "RESOLUTION", "step": "D"}, "area": "A", "effects": []},
        {"card": "Prediction", "timing": {"phase": "EVENT", "step": "STOCK_PRICE"}, "effects": [{"kind": "money", "amount": 3}]},
        {"card": None, "timing": {"phase": "PAN_AM", "step": "INCOME"}, "area": None, "effects": [{"kind": "die_rolls", "amount": 2}]},
        {"card": "Prediction"},
        {"card": "Regional Airport", "timing": None, "effects": None},
        {"card": "Test Windfall", "effects": [{"kind": "money", "player": "Bob", "amount": 9}]},
        {},
    ],
}
ACTORS = [None, "Ann", "Bob", "Zed"]


@functools.cache
def tables() -> dict[str, State]:
    """A table at every step of a round, with and without the board file (with cards, too), and after the end."""
    pa = PA_ENGINE
    tables: dict[str, State] = {"setup": pa.setup(TWO, {}), "setup-board": board_game(pa), "setup-items": on_items(pa)}
    tables["event-items"] = items_dealt(pa)
    tables["resolution-items"] = to_resolution(pa, legal(pa, items_dealt(pa), reveal("set", 6, name="Clipper Age")),
                                               bid("B", "1", 1, "Ann"), site("D", "Bob"))
    tables["event"] = dealt(pa)
    tables["stock-price"] = revealed(pa)
    tables["assignment"] = legal(pa, revealed(pa), bid("A", "1", 1, "Ann"), bid("B", "1", 1, "Bob"))
    resolving = to_resolution(pa, revealed(pa), bid("A", "1", 4, "Ann"), bid("B", "1", 1, "Bob"), bid("C", "CLIPPER", 1, "Ann"),
                              site("D", "Bob"), site("E", "Ann"))
    tables["resolution-a"] = resolving
    at_b = pa.apply(resolving, Event("airport_placed", {"city": "Lisbon"}, "Ann"))
    tables["resolution-b"] = at_b
    tables["refill"] = legal(pa, at_b, take(1, "Bob"))
    tables["resolution-c"] = legal(pa, tables["refill"], Event("destination_display_refilled", {"slot": 1, "card": CARD}, None))
    tables["resolution-d"] = legal(pa, tables["resolution-c"], plane("Ann"))
    tables["resolution-e"] = legal(pa, tables["resolution-d"], Event("route_claim_wasted", {}, "Bob"))
    expansion = legal(pa, tables["resolution-e"], drawn("Ann"))
    tables["expansion"] = expansion
    tables["paths-due"] = legal(pa, expansion, roll("SA", "AP"))
    round_two = finish_round(pa, legal(pa, revealed(pa), site("E", "Ann"), site("E", "Bob")))
    tables["priority"] = legal(pa, round_two, reveal("up", None), site("D", "Ann"))
    state = set_aside_all(pa, tables["priority"])
    while state["phase"] != "INCOME":
        state = legal(pa, state, quickest(pa, state))
    tables["income"] = state
    tables["stock"] = legal(pa, state, quickest(pa, state))
    free = {"kind": "free_route", "player": "Ann", "cities": ["Lisbon", "Horta"], "plane": "TRIMOTOR"}
    offers = legal(pa, dealt(pa), reveal("set", 2, die_rolls=1), Event("event_effect", {"effects": [free]}, None))
    offers = legal(pa, set_aside_all(pa, offers), roll("PAN_AM"))
    tables["offers-due"] = offers
    over = tables["stock"]
    while over["phase"] != "OVER":
        over = pa.apply(over, quickest(pa, over))
    tables["over"] = over
    return tables


TABLE_NAMES = ["assignment", "event", "event-items", "expansion", "income", "offers-due", "over", "paths-due", "priority",
               "refill", "resolution-a", "resolution-b", "resolution-c", "resolution-d", "resolution-e", "resolution-items",
               "setup", "setup-board", "setup-items", "stock", "stock-price"]


def test_the_table_names_are_the_tables() -> None:
    assert sorted(tables()) == TABLE_NAMES


def test_the_tables_cover_every_phase() -> None:
    phases = {state["phase"] for state in tables().values()}
    assert phases == {"SETUP", "EVENT", "STOCK_PRICE", "PRIORITY", "ASSIGNMENT", "RESOLUTION", "EXPANSION", "INCOME", "STOCK", "OVER"}


def _answers(pa: Engine, state: State, event: Event) -> State:
    """Check and fold ``event``; everything the pages ask afterwards must answer too."""
    pa.event_schemas[event.type]().load(dict(event.data))  # the sample passes its schema
    before = json.dumps(state, sort_keys=True)
    found = pa.check(state, event)
    assert isinstance(found, list) and all(isinstance(v, Violation) for v in found)
    assert all(v.message and v.rule for v in found)
    after = pa.apply(state, event)
    assert json.dumps(state, sort_keys=True) == before, "apply changed its input"
    assert json.loads(json.dumps(after)) == after
    assert isinstance(pa.describe(state, event), str)
    assert isinstance(pa.changes(state, after, event), list)
    pa.expected(after)
    pa.standings(after)
    pa.position(after)
    return after


@pytest.mark.parametrize("table", TABLE_NAMES)
@pytest.mark.parametrize("event_type", sorted(SAMPLES))
def test_every_event_checks_and_folds_at_every_step(table: str, event_type: str) -> None:
    pa = PA_ENGINE
    state = tables()[table]
    for data in SAMPLES[event_type]:
        for actor in ACTORS:
            after = _answers(pa, state, Event(event_type, data, actor))
            if actor is None:  # ...and the table it left still takes any event
                for follow in ("engineer_assigned", "route_claimed"):
                    _answers(pa, after, Event(follow, SAMPLES[follow][-1], "Bob"))


def test_an_unknown_event_type_or_player_is_judged_not_raised() -> None:
    pa = PA_ENGINE
    state = tables()["assignment"]
    assert [v.code for v in pa.check(state, Event("zz_no_such", {}, None))] == ["event/unknown-type"]
    assert [v.code for v in pa.check(state, Event("engineer_assigned", {"area": "D"}, "Zed"))] == ["event/unknown-player"]
    assert pa.apply(state, Event("zz_no_such", {}, None))["step"] == state["step"] + 1


ALL_EVENTS = [(event_type, data) for event_type, samples in SAMPLES.items() for data in samples]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    start=st.sampled_from(TABLE_NAMES),
    chain=st.lists(st.tuples(st.sampled_from(ALL_EVENTS), st.sampled_from(ACTORS)), min_size=1, max_size=12),
)
def test_any_chain_of_schema_valid_events_folds(start: str, chain: list[tuple[tuple[str, dict[str, Any]], str | None]]) -> None:
    """Random overridden events one after another, from any step: nothing raises."""
    pa = PA_ENGINE
    state = tables()[start]
    for (event_type, data), actor in chain:
        state = _answers(pa, state, Event(event_type, data, actor))
        if state["phase"] not in ("OVER",):
            # the legal way on still works from whatever was folded
            exp = pa.expected(state)
            assert isinstance(exp["event_types"], list)


def test_the_sweep_tables_are_played_legally() -> None:
    """The tables above are reached by legal play (so the sweep starts from real positions)."""
    assert tables()["priority"]["priority_queue"] == ["Bob"]
    assert tables()["paths-due"]["expansion"]["paths_due"] == ["SA", "AP"]
    assert tables()["offers-due"]["expansion"]["offers_due"] == ["Ann", "Bob"]
    assert tables()["refill"]["resolution"]["refill_due"] == [1]
