"""Pan Am: the words and hooks for the pages (describe, changes, position, expected) and the demo."""

from __future__ import annotations

from typing import Any

from engines.base import Engine, Event
from engines.pan_am.demo import demo_game
from tests.engines.pan_am_helpers import (
    TWO,
    airport,
    aside,
    bid,
    dealt,
    reveal,
    revealed,
    site,
    to_resolution,
)
from tests.engines.scenario import legal


def test_position_names_the_round_and_phase(pa: Engine) -> None:
    assert pa.position(pa.setup(TWO, {})) == {"round": None, "turn": None, "label": "Set-up"}
    assert pa.position(revealed(pa)) == {"round": 1, "turn": None, "label": "Round 1 · Event phase · Stock Price"}


def test_describe_and_changes_speak_of_the_table(pa: Engine) -> None:
    state = revealed(pa)
    assert pa.describe(state, bid("A", "1", 2, "Ann")) == "Ann bid at A1 space 2"
    state = to_resolution(pa, state, bid("A", "1", 2, "Ann"), site("D", "Bob"))
    after = pa.apply(state, airport("Lisbon", "Ann"))
    assert pa.describe(state, airport("Lisbon", "Ann")) == "Ann placed an Airport in Lisbon"
    lines = pa.changes(state, after, airport("Lisbon", "Ann"))
    assert "Ann paid $2 for their bid" in lines and "Ann's Airport now stands in Lisbon" in lines
    assert "Ann's income 0 → 1" in lines


def test_changes_tell_of_engineers_placed_outbid_and_set_aside(pa: Engine) -> None:
    state = legal(pa, revealed(pa), bid("A", "1", 2, "Ann"))
    outbid = bid("A", "1", 3, "Bob")
    after = pa.apply(state, outbid)
    assert pa.changes(state, after, outbid) == [
        "Bob's Engineer bids $3 on A1, space 3", "Ann's Engineer on A1 is outbid and goes back to Ann"]
    state, placed = after, site("D", "Ann")
    after = pa.apply(state, placed)
    assert pa.changes(state, after, placed) == ["Ann's Engineer takes place 1 of work site D"]
    state, rest = after, aside("Bob", 2)
    after = pa.apply(state, rest)
    assert pa.changes(state, after, rest)[0] == "Bob sets aside 2 Engineers until next round"


def test_the_resolution_offers_the_airports_cities(pa: Engine) -> None:
    state = to_resolution(pa, revealed(pa), bid("A", "1", 2, "Ann"))
    options = pa.expected(state)["options"]["airport_placed"]
    assert "Lisbon" in options["city"] and "Beijing" in options["city"] and options["moved_from"] == []


def test_a_first_reveal_offers_only_set(pa: Engine) -> None:
    assert pa.expected(dealt(pa))["options"]["event_card_revealed"] == {"round": [1], "stock_adjustment.op": ["set"]}
    state = legal(pa, dealt(pa), reveal())
    assert pa.describe(dealt(pa), reveal()) == "Round 1 Event: Test Event (Stock Price set to $6; Pan Am rolls 1)"
    assert state["stock_price"] == 6


def test_the_demo_game_is_legal_and_shows_what_the_issue_asks_for(pa: Engine) -> None:
    """Seven rounds, a forced Stock sale, a route bought off a path, a route sold on the Pan Am
    symbol and a free route, every event legal, and the same game every time."""
    game = demo_game()
    assert game == demo_game() and "illustrative" in game["title"]
    state = pa.setup(game["players"], game["options"])
    forced_sales, path_buyouts, offer_sales, free_routes, rounds = 0, 0, 0, 0, set()
    for raw in game["events"]:
        event = Event(raw["type"], raw["data"], raw["actor"])
        assert not [v for v in pa.check(state, event) if v.blocks], raw
        after = pa.apply(state, event)
        rounds.add(state["round"])
        if after.get("payment") is not state.get("payment") and (after.get("payment") or {}).get("sold"):
            forced_sales += 1
        owners = {key: route["owner"] for key, route in state["routes"].items()}
        if raw["type"] == "pan_am_expanded" and owners.get("|".join(sorted(raw["data"]["cities"]))) not in (None, "PAN_AM"):
            path_buyouts += 1
        offer_sales += raw["type"] == "route_sold_to_pan_am"
        free_routes += sum(1 for effect in raw["data"].get("effects", []) if effect["kind"] == "free_route")
        state = after
    assert pa.is_over(state) and rounds == set(range(1, 8))
    assert forced_sales >= 1 and path_buyouts >= 1 and offer_sales >= 1 and free_routes == 1
    final = pa.standings(state)
    table = {row["player"]: (row["breakdown"]["stock"], row["breakdown"]["money"], row["rank"]) for row in final["players"]}
    # Archer and Genevieve tie on Stock; Genevieve's $12 beats Archer's $11 (End of the Game).
    assert table == {"Ruby": (9, 10, 1), "Genevieve": (7, 12, 2), "Archer": (7, 11, 3)}
    assert final["final"] and final["winners"] == ["Ruby"]


def _offered_events(options: dict[str, Any], state: dict[str, Any], who: str) -> list[tuple[str, dict[str, Any]]]:
    """Every complete event the options of ``expected()`` spell out for the player due."""
    out: list[tuple[str, dict[str, Any]]] = []
    for space in options.get("engineer_assigned", {}).get("spaces", []):
        if space["track"] is None:
            out.append(("engineer_assigned", {"area": space["area"]}))
        elif space["cost"] is not None:
            out.append(("engineer_assigned", {k: space[k] for k in ("area", "track", "space", "cost")}))
    out += [("engineer_set_aside", {"count": n}) for n in options.get("engineer_set_aside", {}).get("count", [])]
    airport = options.get("airport_placed", {})
    for city in airport.get("city", []):
        moved = airport.get("moved_from") or []
        out.append(("airport_placed", {"city": city, **({"moved_from": moved[0]} if moved and moved[0] != city else {})}))
    out += [("destination_taken", {"slot": slot}) for slot in options.get("destination_taken", {}).get("slot", [])]
    for claim in options.get("route_claimed", {}).get("claims", []):
        out += [("route_claimed", {"cities": claim["cities"], "plane": plane, "landing_rights": rights})
                for plane in claim["planes"] for rights in claim["rights"]]
    expanded = options.get("pan_am_expanded", {})
    out += [("pan_am_expanded", {"path": expanded["path"][0], "cities": cities}) for cities in expanded.get("cities", [])]
    out += [("pan_am_path_exhausted", {"path": p}) for p in options.get("pan_am_path_exhausted", {}).get("path", [])]
    out += [("route_sold_to_pan_am", {"cities": c}) for c in options.get("route_sold_to_pan_am", {}).get("cities", [])]
    out += [("stock_bought", {"count": n}) for n in options.get("stock_bought", {}).get("count", [])]
    return out


def test_every_choice_expected_offers_along_the_demo_is_accepted(pa: Engine) -> None:
    """The recording page offers expected()'s choices as buttons: none of them may be refused."""
    game = demo_game()
    state = pa.setup(game["players"], game["options"])
    tried = 0
    for raw in game["events"]:
        expected = pa.expected(state)
        who = expected["actors"][0]
        for kind, data in _offered_events(expected["options"], state, who):
            if kind not in expected["event_types"]:
                continue
            actor = None if kind in ("pan_am_expanded", "pan_am_path_exhausted") else who
            refused = [v for v in pa.check(state, Event(kind, data, actor)) if v.blocks]
            assert refused == [], (state["step"], kind, data, refused)
            tried += 1
        state = pa.apply(state, Event(raw["type"], raw["data"], raw["actor"]))
    assert tried > 500, "the demo offers many choices along the way"
