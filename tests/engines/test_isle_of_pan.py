"""The Isle of Pan: rule scenarios, one or more per check IP-C01..C28, and the effects.

Each test sets up a table, plays a few events and asserts the exact state fields,
standings or rejection codes.  Most tables start from ``FLOWER``, a Starting Tile of
seven spaces declared for the tests (the rulebook gives no layout); a few declare an
island of their own as the Starting Tile, or pre-load a field of the state (plain data)
to stand for a game already under way.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.base import Engine, Event, SetupError, State
from tests.engines.scenario import codes, legal, notes
from tests.engines.strategies import random_table

TWO = ["Ana", "Ben"]
THREE = ["Ana", "Ben", "Cy"]
FOUR = ["Ana", "Ben", "Cy", "Dee"]

P, M, D, L, X = "PLAIN", "MOUNTAIN", "DESERT", "LAKE", "PORTAL"
H, B, R = "HERBIVORE", "BIRD_OF_PREY", "REPTILE"

LINE = [(0, 0), (1, 0), (2, 0)]
TRIANGLE = [(0, 0), (1, 0), (0, 1)]
CHEVRON = [(0, 0), (1, 0), (2, -1)]

# A Starting Tile for the tests: a Plain with its six neighbours.
FLOWER = [(0, 0, P), (1, 0, M), (1, -1, D), (0, -1, L), (-1, 0, P), (-1, 1, X), (0, 1, M)]
OPENING = [([P, P, X], LINE), ([M, L, D], TRIANGLE), ([D, D, P], None)]
# Ana's first tile (D1, a line PLAIN·PLAIN·PORTAL) laid along the flower's east side.
FIRST = [(2, 0, P), (2, -1, P), (2, -2, X)]


@pytest.fixture(scope="module")
def pan() -> Engine:
    import engines

    return engines.find("isle-of-pan")


# -- events --------------------------------------------------------------------


def cells(*triples: tuple[int, int, str]) -> list[dict[str, Any]]:
    return [{"q": q, "r": r, "t": t} for q, r, t in triples]


def at(q: int, r: int) -> dict[str, int]:
    return {"q": q, "r": r}


def declare(spaces: list[tuple[int, int, str]] = FLOWER, central: tuple[int, int] = (0, 0)) -> Event:
    return Event("starting_tile_declared", {"spaces": cells(*spaces), "central": at(*central)}, None)


def reveal(terrains: list[str], shape: list[tuple[int, int]] | None = None, **extra: Any) -> Event:
    data: dict[str, Any] = {"terrains": list(terrains), **extra}
    if shape is not None:
        data["shape"] = [{"dq": dq, "dr": dr, "t": t} for (dq, dr), t in zip(shape, terrains, strict=True)]
    return Event("tile_revealed", data, None)


def take(slot: str, *choices: str, actor: str | None = None) -> Event:
    return Event("tile_taken", {"display_id": slot, "portal_choices": list(choices)}, actor)


def place(*triples: tuple[int, int, str], actor: str | None = None, **extra: Any) -> Event:
    return Event("tile_placed", {"cells": cells(*triples), **extra}, actor)


def move(q: int, r: int, actor: str | None = None, path: list[tuple[int, int]] | None = None) -> Event:
    data: dict[str, Any] = {"to": at(q, r)}
    if path is not None:
        data["path"] = [at(*c) for c in path]
    return Event("explorer_moved", data, actor)


def observe(kind: str, count: int, actor: str | None = None) -> Event:
    return Event("animals_observed", {"kind": kind, "count": count}, actor)


def lake(domain: str, *coords: tuple[int, int], actor: str | None = None) -> Event:
    return Event("wondrous_lake_placed", {"domain": domain, "at": [at(*c) for c in coords]}, actor)


def end(actor: str | None = None) -> Event:
    return Event("end_turn", {}, actor)


def score(player: str, kind: str, position: int, reason: str = "as the board shows") -> Event:
    return Event("score_token_set", {"player": player, "kind": kind, "position": position, "reason": reason}, None)


def beast(q: int, r: int, **extra: Any) -> Event:
    return Event("fantastic_beast_appeared", {"at": at(q, r), **extra}, None)


# -- helpers -------------------------------------------------------------------


def table(
    engine: Engine,
    players: list[str] = TWO,
    spaces: list[tuple[int, int, str]] = FLOWER,
    central: tuple[int, int] = (0, 0),
    opening: list[tuple[list[str], list[tuple[int, int]] | None]] = OPENING,
    **options: Any,
) -> State:
    """Set-up done: the Starting Tile and the three opening tiles face up."""
    state = engine.setup(players, options)
    return legal(engine, state, declare(spaces, central), *[reveal(t, s) for t, s in opening])


def first_turn_to_move(engine: Engine, state: State) -> State:
    """Ana takes D1 (a Reptile for its Portal), the refill comes, she lays it along the east side."""
    return legal(engine, state, take("D1", R), reveal([M, M, L], TRIANGLE), place(*FIRST))


def moving(engine: Engine, spaces: list[tuple[int, int, str]], central: tuple[int, int] = (0, 0), **options: Any) -> State:
    """An island declared as the Starting Tile, with the current player at step 4 (pre-loaded)."""
    state = table(engine, spaces=spaces, central=central, **options)
    state["turn_step"] = "MOVE"
    return state


def space(state: State, q: int, r: int) -> dict[str, Any]:
    return state["island"][f"{q},{r}"]


def row(engine: Engine, state: State, name: str) -> dict[str, Any]:
    return next(r for r in engine.standings(state)["players"] if r["player"] == name)


def first_placement(engine: Engine, state: State) -> Event:
    """The first legal placement ``expected()`` offers for the tile in hand."""
    return Event("tile_placed", {"cells": engine.expected(state)["options"]["tile_placed"]["placements"][0]}, None)


def whole_turn(engine: Engine, state: State, slot: str = "D1", refill: tuple[list[str], Any] | None = None) -> State:
    """The current player takes ``slot`` (Portals: Herbivores), the refill (if given) comes,
    the first offered placement is laid, the Explorer stays (or, when its space is not empty,
    goes to the first space offered), the turn ends."""
    tile = next(s["tile"] for s in state["display"] if s["id"] == slot)
    state = legal(engine, state, take(slot, *[H] * tile["terrains"].count(X)))
    if refill is not None:
        state = legal(engine, state, reveal(*refill))
    cells_ = engine.expected(state)["options"]["tile_placed"]["placements"][0]
    state = legal(engine, state, Event("tile_placed", {"cells": cells_}, None))
    here = at(*state["players"][state["current"]]["explorer"])
    offered = engine.expected(state)["options"]["explorer_moved"]["to"]
    to = here if here in offered else offered[0]
    return legal(engine, state, Event("explorer_moved", {"to": to}, None), end())


# -- IP-C01: players; IP-C04: the youngest starts ----------------------------------


@pytest.mark.parametrize("players", [["Ana"], ["A", "B", "C", "D", "E"], ["Ana", "Ana"], ["Ana", ""]])
def test_a_table_of_the_wrong_size_or_names_cannot_start(pan: Engine, players: list[str]) -> None:
    with pytest.raises(SetupError) as caught:
        pan.setup(players, {})
    assert {v.code for v in caught.value.violations} == {"IP-C01"}
    assert caught.value.violations[0].rule == "Setup: 1. Number of players"


def test_two_to_four_players_start_with_empty_reserves_and_three_wondrous_lakes(pan: Engine) -> None:
    for players in (TWO, THREE, FOUR):
        state = pan.setup(players, {})
        assert state["tile_count"] == 9 * len(players) + 2
        assert state["current"] == "Ana" and state["turn_step"] == "TAKE"
        ana = state["players"]["Ana"]
        assert ana["reserve"] == {H: 0, B: 0, R: 0} and ana["track"] == {H: 0, B: 0, R: 0}
        assert ana["wl_on_board"] == [P, M, D]
        assert json.loads(json.dumps(state)) == state


def test_the_first_player_must_be_the_youngest_when_ages_are_given(pan: Engine) -> None:
    with pytest.raises(SetupError) as caught:
        pan.setup(TWO, {"first_player": "Ben", "ages": {"Ana": 9, "Ben": 41}})
    assert [v.code for v in caught.value.violations] == ["IP-C04"]
    assert "Ben is 41, Ana is 9" in caught.value.violations[0].message
    assert pan.setup(TWO, {"first_player": "Ben", "ages": {"Ana": 41, "Ben": 9}})["current"] == "Ben"
    assert pan.setup(TWO, {"ages": {"Ana": 9, "Ben": 9}})["setup_flags"] == []  # a tie may start


def test_without_ages_the_youngest_rule_is_unverified(pan: Engine) -> None:
    flags = pan.setup(TWO, {})["setup_flags"]
    assert [(f["code"], f["severity"]) for f in flags] == [("IP-C04", "unverified")]


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"first_player": "Zed"}, "options/invalid"),
        ({"ages": {"Ana": 9}}, "options/invalid"),
        ({"ages": {"Ana": 9, "Ben": "old"}}, "options/invalid"),
        ({"landscape_tile_count": 2}, "options/invalid"),
        ({"points_per_animal": -1}, "options/invalid"),
        ({"observation": "sometimes"}, "options/invalid"),
        ({"colour": "red"}, "options/unknown"),
    ],
)
def test_bad_options_cannot_start(pan: Engine, options: dict[str, Any], code: str) -> None:
    with pytest.raises(SetupError) as caught:
        pan.setup(TWO, options)
    assert [v.code for v in caught.value.violations] == [code]


# -- IP-C02: the Starting Tile and the opening display --------------------------------


def test_set_up_is_the_starting_tile_then_three_face_up_tiles(pan: Engine) -> None:
    state = pan.setup(TWO, {})
    assert pan.expected(state) == {"actors": ["Ana", "Ben"], "event_types": ["starting_tile_declared"], "options": {}}
    state = legal(pan, state, declare())
    assert {name: p["explorer"] for name, p in state["players"].items()} == {"Ana": [0, 0], "Ben": [0, 0]}
    assert pan.expected(state)["options"] == {"tile_revealed": {"display_id": ["D1"]}}
    state = legal(pan, state, reveal([P, P, X], LINE), reveal([M, L, D]))
    assert pan.expected(state)["options"] == {"tile_revealed": {"display_id": ["D3"]}}
    state = legal(pan, state, reveal([D, D, P]))
    assert [s["tile"]["terrains"] for s in state["display"]] == [[P, P, X], [M, L, D], [D, D, P]]
    assert state["pile_remaining"] == 17 and state["reveals"] == 3
    assert pan.expected(state)["event_types"] == ["tile_taken"]


def test_nothing_is_played_before_the_set_up_is_complete(pan: Engine) -> None:
    state = pan.setup(TWO, {})
    assert codes(pan, state, reveal([P, P, P])) == ["IP-C02"]
    state = legal(pan, state, declare(), reveal([P, P, P]))
    assert codes(pan, state, take("D1")) == ["IP-C02"]
    assert codes(pan, state, score("Ana", H, 1)) == ["IP-C02"]


def test_a_landscape_tile_has_three_terrains(pan: Engine) -> None:
    state = legal(pan, pan.setup(TWO, {}), declare())
    assert codes(pan, state, reveal([P, P])) == ["IP-C02"]
    assert codes(pan, state, reveal([P, P, P, P])) == ["IP-C02"]


def test_an_opening_tile_goes_to_an_empty_place(pan: Engine) -> None:
    state = legal(pan, pan.setup(TWO, {}), declare(), reveal([P, P, P]))
    assert codes(pan, state, reveal([M, M, M], display_id="D1")) == ["IP-C02"]
    assert legal(pan, state, reveal([M, M, M], display_id="D3"))["display"][2]["tile"]["terrains"] == [M, M, M]


@pytest.mark.parametrize(
    ("spaces", "central"),
    [
        ([(0, 0, L), (1, 0, P)], (0, 0)),  # the Explorers cannot stand on a Lake
        ([(0, 0, P), (1, 0, P)], (5, 5)),  # not a space of the tile
        ([(0, 0, P), (2, 0, P)], (0, 0)),  # not joined
        ([(0, 0, P), (0, 0, M)], (0, 0)),  # the same space twice
        ([], (0, 0)),
    ],
)
def test_the_starting_tile_is_joined_and_its_central_space_can_hold_explorers(
    pan: Engine, spaces: list[tuple[int, int, str]], central: tuple[int, int]
) -> None:
    assert codes(pan, pan.setup(TWO, {}), declare(spaces, central)) == ["IP-C02"]


def test_the_starting_tile_is_declared_once(pan: Engine) -> None:
    state = legal(pan, pan.setup(TWO, {}), declare())
    assert codes(pan, state, declare([(5, 5, P)], (5, 5))) == ["IP-C02"]


# -- IP-C03: tiles discarded by player count ---------------------------------------


def test_tiles_marked_3_or_4_are_discarded_with_two_players(pan: Engine) -> None:
    state = legal(pan, pan.setup(TWO, {}), declare())
    assert codes(pan, state, reveal([P, P, P], marker=3)) == ["IP-C03"]
    assert codes(pan, state, reveal([P, P, P], marker=4)) == ["IP-C03"]


def test_tiles_marked_4_are_discarded_with_three_players(pan: Engine) -> None:
    state = legal(pan, pan.setup(THREE, {}), declare())
    assert codes(pan, state, reveal([P, P, P], marker=4)) == ["IP-C03"]
    assert notes(pan, state, reveal([P, P, P], marker=3)) == []


def test_an_undeclared_marker_is_unverified_except_with_four_players(pan: Engine) -> None:
    state = legal(pan, pan.setup(TWO, {}), declare())
    assert notes(pan, state, reveal([P, P, P])) == [("IP-C03", "unverified")]
    state = legal(pan, pan.setup(FOUR, {}), declare())
    assert notes(pan, state, reveal([P, P, P])) == []


def test_a_tile_id_revealed_twice_is_a_conflict(pan: Engine) -> None:
    state = legal(pan, pan.setup(TWO, {}), declare(), reveal([P, P, P], tile_id="L07"))
    assert codes(pan, state, reveal([P, P, P], tile_id="L07")) == ["declared/conflict"]


# -- IP-C05 .. IP-C10: taking a tile ------------------------------------------------


def test_taking_a_tile_fills_the_reserve_and_waits_for_the_refill(pan: Engine) -> None:
    state = legal(pan, table(pan), take("D1", R))
    assert state["players"]["Ana"]["reserve"] == {H: 2, B: 0, R: 1}
    assert state["display"][0]["tile"] is None and state["refill_slot"] == "D1"
    assert state["taken"]["terrains"] == [P, P, X] and state["turn_step"] == "PLACE"
    exp = pan.expected(state)
    assert exp["actors"] == ["Ana", "Ben"]  # anyone may record the refill
    assert exp["event_types"] == ["tile_revealed", "tile_placed"]
    assert exp["options"]["tile_revealed"] == {"display_id": ["D1"]}


def test_the_refill_goes_into_the_place_just_emptied(pan: Engine) -> None:
    state = legal(pan, table(pan), take("D2"), reveal([P, M, M]))
    assert [s["tile"]["terrains"] for s in state["display"]] == [[P, P, X], [P, M, M], [D, D, P]]
    assert (state["pile_remaining"], state["refill_slot"]) == (16, None)


def test_a_lake_gives_nothing_and_each_domain_its_kind(pan: Engine) -> None:
    state = legal(pan, table(pan), take("D2"))
    assert state["players"]["Ana"]["reserve"] == {H: 0, B: 1, R: 1}


def test_only_the_current_player_takes_a_tile(pan: Engine) -> None:
    state = table(pan)
    assert codes(pan, state, take("D1", H, actor="Ben")) == ["IP-C05"]
    assert codes(pan, state, take("D1", H, actor="Zed")) == ["IP-C05"]


def test_a_tile_comes_from_the_face_up_places(pan: Engine) -> None:
    assert codes(pan, table(pan), take("D4")) == ["IP-C07"]


def test_one_tile_is_taken_per_turn(pan: Engine) -> None:
    state = legal(pan, table(pan), take("D2"), reveal([P, M, M]))
    assert codes(pan, state, take("D3")) == ["IP-C08"]


@pytest.mark.parametrize(("slot", "choices"), [("D1", []), ("D1", [H, R]), ("D2", [H])])
def test_each_portal_gives_one_chosen_kind(pan: Engine, slot: str, choices: list[str]) -> None:
    assert codes(pan, table(pan), take(slot, *choices)) == ["IP-C09"]


def test_the_next_tile_waits_for_the_refill(pan: Engine) -> None:
    state = legal(pan, table(pan), take("D2"), place(*_d2_spot()), move(-1, 0), end())
    assert state["refill_slot"] == "D2" and state["current"] == "Ben"
    assert pan.expected(state)["event_types"] == ["tile_revealed"]
    assert codes(pan, state, take("D1", H, actor="Ben")) == ["IP-C10"]


def _d2_spot() -> list[tuple[int, int, str]]:
    # MOUNTAIN·LAKE·DESERT as a triangle, against the flower's south-east (3 sides).
    return [(1, 1, M), (2, 0, L), (2, 1, D)]


def test_a_refill_needs_an_empty_place_and_a_tile_in_the_pile(pan: Engine) -> None:
    state = table(pan)
    assert codes(pan, state, reveal([P, P, P])) == ["IP-C10"]  # nothing was taken
    state = legal(pan, state, take("D2"))
    assert codes(pan, state, reveal([P, P, P], display_id="D3")) == ["IP-C10"]
    state["pile_remaining"] = 0  # pre-loaded: the pile is exhausted
    assert codes(pan, state, reveal([P, P, P])) == ["IP-C10"]


# -- IP-C06, IP-C11 .. IP-C14: placing the tile --------------------------------------


def test_the_tile_is_placed_where_it_shares_enough_sides(pan: Engine) -> None:
    state = first_turn_to_move(pan, table(pan))
    assert space(state, 2, -2) == {"t": X, "tile": "T1", "animals": {}, "wl": None, "beast": None}
    assert state["placed"] == [
        {"ref": "T1", "by": "Ana", "turn": 1, "display_id": "D1", "cells": [[2, 0, P], [2, -1, P], [2, -2, X]], "shared_sides": 4}
    ]
    assert state["turn_step"] == "MOVE" and state["taken"] is None


def test_the_steps_come_in_order(pan: Engine) -> None:
    state = table(pan)
    assert codes(pan, state, place(*FIRST)) == ["IP-C06"]
    assert codes(pan, state, move(1, 0)) == ["IP-C06"]
    assert codes(pan, state, end()) == ["IP-C06"]
    state = legal(pan, state, take("D1", R))
    assert codes(pan, state, move(1, 0)) == ["IP-C06"]
    assert codes(pan, state, observe(H, 1)) == ["IP-C06"]
    state = legal(pan, state, place(*FIRST))
    assert codes(pan, state, place((3, 0, P), (3, -1, P), (3, -2, X))) == ["IP-C06"]


def test_the_placed_tile_is_the_one_taken(pan: Engine) -> None:
    state = legal(pan, table(pan), take("D1", R))
    assert codes(pan, state, place((2, 0, P), (2, -1, M), (2, -2, X))) == ["IP-C11"]
    assert codes(pan, state, place(*FIRST, display_id="D2")) == ["IP-C11"]
    assert codes(pan, state, place((2, 0, P), (2, -1, P))) == ["IP-C11"]


def test_a_tile_cannot_cover_spaces_in_play(pan: Engine) -> None:
    state = legal(pan, table(pan), take("D1", R))
    assert codes(pan, state, place((1, 0, P), (2, -1, P), (3, -2, X))) == ["IP-C12"]


def test_the_three_cells_are_joined_distinct_and_in_the_declared_shape(pan: Engine) -> None:
    state = legal(pan, table(pan), take("D1", R))
    assert codes(pan, state, place((2, 0, P), (2, -1, P), (2, -3, X))) == ["IP-C13"]
    assert codes(pan, state, place((2, 0, P), (2, 0, P), (2, -1, X))) == ["IP-C13"]
    # The declared line has its Portal at an end; a Portal in the middle is another tile.
    assert codes(pan, state, place((2, 0, P), (2, -1, X), (2, -2, P))) == ["IP-C13"]
    # Three cells in a chevron are not the declared line either.
    assert codes(pan, state, place((2, 0, P), (2, -1, P), (1, -2, X))) == ["IP-C13"]


def test_a_tile_is_played_face_up_so_a_mirror_image_is_refused(pan: Engine) -> None:
    chevron = ([P, M, D], CHEVRON)  # P(0,0) M(1,0) D(2,-1): no turn gives its mirror image
    state = legal(pan, table(pan, opening=[chevron, *OPENING[1:]]), take("D1"))
    # The same three cells: the tile turned puts its Desert at (-3,0), its mirror image a Plain.
    assert codes(pan, state, place((-3, 0, D), (-2, 0, M), (-2, 1, P))) == []
    assert codes(pan, state, place((-3, 0, P), (-2, 0, M), (-2, 1, D))) == ["IP-C13"]


def test_without_a_declared_shape_congruence_is_unverified(pan: Engine) -> None:
    state = legal(pan, table(pan), take("D3"))  # DESERT·DESERT·PLAIN, no shape
    assert notes(pan, state, place((2, 0, D), (2, -1, D), (2, -2, P))) == [("IP-C13", "unverified")]


def test_a_declared_shape_must_match_its_terrains_and_be_joined(pan: Engine) -> None:
    state = legal(pan, pan.setup(TWO, {}), declare())
    bad_terrains = {"terrains": [P, P, P], "shape": [{"dq": 0, "dr": 0, "t": P}, {"dq": 1, "dr": 0, "t": P}, {"dq": 2, "dr": 0, "t": M}]}
    assert codes(pan, state, Event("tile_revealed", bad_terrains, None)) == ["IP-C13"]
    apart = {"terrains": [P, P, P], "shape": [{"dq": 0, "dr": 0, "t": P}, {"dq": 1, "dr": 0, "t": P}, {"dq": 3, "dr": 0, "t": P}]}
    assert codes(pan, state, Event("tile_revealed", apart, None)) == ["IP-C13"]


def test_at_least_three_sides_touch_the_tiles_in_play(pan: Engine) -> None:
    state = legal(pan, table(pan), take("D1", R))
    # Pointing away from the flower: only (2,0) touches it, by one side.
    assert codes(pan, state, place((2, 0, P), (3, 0, P), (4, 0, X))) == ["IP-C14"]
    message = pan.check(state, place((2, 0, P), (3, 0, P), (4, 0, X)))[0].message
    assert message.startswith("Only 1 side of the tile at (2,0),(3,0),(4,0) touch")


def test_ip_c14_the_message_quotes_the_rulebooks_placement_sentence(pan: Engine) -> None:
    state = legal(pan, table(pan), take("D1", R))
    refused = pan.check(state, place((2, 0, P), (3, 0, P), (4, 0, X)))[0]
    assert (refused.code, refused.rule) == ("IP-C14", "The Play: step 3")
    assert refused.message == (
        "Only 1 side of the tile at (2,0),(3,0),(4,0) touches tiles in play: \"At least 3 sides of your "
        "Landscape tile should be adjacent to one or more Landscape tiles already in play.\""
    )


def test_one_existing_space_touching_two_new_cells_counts_twice(pan: Engine) -> None:
    # A lone space as the Starting Tile: a triangle beside it touches it with 2 sides,
    # an arc of three around it with 3.
    state = legal(pan, table(pan, spaces=[(0, 0, P)], opening=[([P, P, P], None), *OPENING[1:]]), take("D1"))
    assert codes(pan, state, place((1, 0, P), (1, -1, P), (2, -1, P))) == ["IP-C14"]
    assert codes(pan, state, place((1, 0, P), (1, -1, P), (0, -1, P))) == []


# -- IP-C15 .. IP-C19: moving the Explorer -------------------------------------------

# A strip of land: a Lake cuts it in two, a Portal at each end of the western half joins
# them, and a second row to the south lets one walk around the Lake.
STRIP = [
    (-1, 0, X), (0, 0, P), (1, 0, P), (2, 0, L), (3, 0, D), (4, 0, X), (5, 0, M), (6, 0, P),
]  # fmt: skip


def test_an_explorer_moves_up_to_three_spaces(pan: Engine) -> None:
    state = moving(pan, STRIP[1:3] + [(-1, 0, P), (-2, 0, P), (-3, 0, M), (-4, 0, D)])
    assert codes(pan, state, move(-3, 0)) == []
    assert codes(pan, state, move(-4, 0)) == ["IP-C15"]
    assert codes(pan, state, move(9, 9)) == ["IP-C15"]


def test_portals_are_adjacent_to_each_other(pan: Engine) -> None:
    state = moving(pan, STRIP)
    # (0,0) -> (-1,0) Portal -> (4,0) Portal -> (5,0): three moves across the Lake.
    assert codes(pan, state, move(5, 0)) == []
    assert codes(pan, state, move(6, 0)) == ["IP-C15"]
    state = legal(pan, state, move(5, 0, path=[(-1, 0), (4, 0), (5, 0)]))
    assert state["players"]["Ana"]["explorer"] == [5, 0]
    assert state["last_move"] == {"player": "Ana", "from": [0, 0], "to": [5, 0], "steps": 3}
    assert pan.changes(moving(pan, STRIP), state, move(5, 0))[0] == "Ana's explorer moved (0,0) → (5,0) (3 steps)"


def test_explorers_neither_cross_nor_land_on_a_lake(pan: Engine) -> None:
    state = moving(pan, STRIP)
    assert codes(pan, state, move(2, 0)) == ["IP-C16"]
    assert pan.check(state, move(2, 0))[0].message == "Explorer of Ana cannot end on the Lake at (2,0)"
    assert codes(pan, state, move(3, 0, path=[(1, 0), (2, 0), (3, 0)])) == ["IP-C16"]


def test_explorers_neither_cross_nor_land_on_a_wondrous_lake(pan: Engine) -> None:
    state = moving(pan, STRIP)
    state["island"]["2,0"] = {**state["island"]["2,0"], "wl": {"player": "Ben", "domain": P}}
    assert codes(pan, state, move(2, 0)) == ["IP-C16"]
    assert "Wondrous Lake at (2,0)" in pan.check(state, move(2, 0))[0].message


def test_the_move_ends_on_an_empty_space(pan: Engine) -> None:
    state = moving(pan, STRIP)
    state["players"]["Ben"]["explorer"] = [1, 0]
    assert codes(pan, state, move(1, 0)) == ["IP-C17"]
    state["players"]["Ben"]["explorer"] = [0, 0]
    state["island"]["1,0"] = {**state["island"]["1,0"], "animals": {H: 2}}
    assert codes(pan, state, move(1, 0)) == ["IP-C17"]
    assert "(1,0) holds 2 animal tokens" in pan.check(state, move(1, 0))[0].message
    # Crossing a space with animals or Explorers is allowed.
    assert codes(pan, state, move(3, 0, path=[(-1, 0), (4, 0), (3, 0)])) == []


def test_ip_c17_an_explorer_that_stays_put_must_also_end_on_an_empty_space(pan: Engine) -> None:
    # "Move your Explorer from 0 to 3 spaces ... They must end their movement on an empty space."
    state = first_turn_to_move(pan, table(pan))  # Ben's Explorer stands at (0,0) too
    assert codes(pan, state, move(0, 0)) == ["IP-C17"]
    assert "(0,0) holds the Explorer of Ben" in pan.check(state, move(0, 0))[0].message
    assert at(0, 0) not in pan.expected(state)["options"]["explorer_moved"]["to"]


def test_ip_c17_staying_put_cannot_observe_animals_on_the_same_space_again(pan: Engine) -> None:
    # Ana observes on the Plain (2,-1); a round later, staying there would end on her own animals.
    state = legal(pan, after_move(pan, (2, -1)), observe(H, 2), end(), take("D2", actor="Ben"), reveal([P, P, P]))
    state = legal(pan, state, first_placement(pan, state))
    state = legal(pan, state, move(-1, 0), end(), take("D3", actor="Ana"), reveal([M, M, M]))
    state = legal(pan, state, first_placement(pan, state))
    assert space(state, 2, -1)["animals"] == {H: 2} and state["players"]["Ana"]["explorer"] == [2, -1]
    assert codes(pan, state, move(2, -1)) == ["IP-C17"]
    assert "(2,-1) holds 2 animal tokens" in pan.check(state, move(2, -1))[0].message
    assert at(2, -1) not in pan.expected(state)["options"]["explorer_moved"]["to"]


def test_ip_c17_a_table_may_let_an_explorer_stay_on_an_occupied_space(pan: Engine) -> None:
    state = first_turn_to_move(pan, table(pan, zero_move_end_check=False))
    assert notes(pan, state, move(0, 0)) == []
    assert at(0, 0) in pan.expected(state)["options"]["explorer_moved"]["to"]
    # A real move still ends on an empty space.
    state["players"]["Ben"]["explorer"] = [1, 0]
    assert codes(pan, state, move(1, 0)) == ["IP-C17"]


def test_each_step_of_a_given_path_is_a_move(pan: Engine) -> None:
    state = moving(pan, STRIP)
    assert codes(pan, state, move(1, 0, path=[(1, 0)])) == []
    assert codes(pan, state, move(3, 0, path=[(3, 0)])) == ["IP-C18"]  # not adjacent, no Portal
    assert codes(pan, state, move(1, 0, path=[(-1, 0), (0, 0)])) == ["IP-C18"]  # ends elsewhere
    assert codes(pan, state, move(1, 0, path=[(1, 0), (0, 0), (1, 0), (0, 0), (1, 0)])) == ["IP-C15"]


def test_one_move_per_turn(pan: Engine) -> None:
    state = legal(pan, first_turn_to_move(pan, table(pan)), move(1, 0))
    assert codes(pan, state, move(-1, 0)) == ["IP-C19"]


def test_the_turn_does_not_end_before_the_explorer_moves(pan: Engine) -> None:
    state = first_turn_to_move(pan, table(pan))
    assert codes(pan, state, end()) == ["IP-C19"]


def test_expected_offers_the_reachable_empty_spaces(pan: Engine) -> None:
    state = moving(pan, STRIP)
    state["players"]["Ben"]["explorer"] = [1, 0]
    to = pan.expected(state)["options"]["explorer_moved"]["to"]
    assert to == [at(-1, 0), at(0, 0), at(3, 0), at(4, 0), at(5, 0)]


# -- IP-C20 .. IP-C23: placing animals (the published game's step 5) ---------------------


def after_move(engine: Engine, to: tuple[int, int] = (1, 0), **options: Any) -> State:
    """Ana has taken D1 (2 Herbivores and a Reptile), laid it and moved to ``to``."""
    state = table(engine, **options)
    return legal(engine, first_turn_to_move(engine, state), move(*to))


def test_animals_go_from_the_reserve_onto_the_explorers_space_and_score(pan: Engine) -> None:
    state = legal(pan, after_move(pan, (2, -1)), observe(H, 2))
    assert state["players"]["Ana"]["reserve"] == {H: 0, B: 0, R: 1}
    assert state["players"]["Ana"]["track"] == {H: 2, B: 0, R: 0}
    assert space(state, 2, -1)["animals"] == {H: 2}
    assert row(pan, state, "Ana")["breakdown"]["banked"] == 2


def test_points_per_animal_sets_the_track_step(pan: Engine) -> None:
    state = legal(pan, after_move(pan, (2, -1), points_per_animal=2), observe(H, 2))
    assert state["players"]["Ana"]["track"][H] == 4


def test_observed_animals_match_the_domain(pan: Engine) -> None:
    state = after_move(pan, (2, -1))  # a Plain
    assert codes(pan, state, observe(R, 1)) == ["IP-C20"]
    message = pan.check(state, observe(R, 1))[0].message
    assert message == "Ana's Explorer stands on a Plain at (2,-1): only Herbivores go there, not Reptiles"


def test_on_a_portal_any_kind_is_accepted_but_unverified(pan: Engine) -> None:
    state = after_move(pan, (2, -2))
    assert ("IP-C20", "unverified") in notes(pan, state, observe(R, 1))
    assert codes(pan, state, observe(R, 1)) == []


def test_when_observations_are_only_declared_a_mismatch_is_a_warning(pan: Engine) -> None:
    state = after_move(pan, (2, -1), observation="declared_only")
    assert ("IP-C20", "warning") in notes(pan, state, observe(R, 1))
    assert codes(pan, state, observe(R, 1)) == []


@pytest.mark.parametrize("count", [0, 4, -1])
def test_one_to_three_animals_at_a_time(pan: Engine, count: int) -> None:
    state = after_move(pan, (2, -1))
    state["players"]["Ana"]["reserve"][H] = 5
    assert codes(pan, state, observe(H, count)) == ["IP-C21"]


def test_animals_come_from_the_reserve(pan: Engine) -> None:
    state = after_move(pan, (2, -1))
    assert codes(pan, state, observe(H, 3)) == ["IP-C22"]
    assert pan.check(state, observe(H, 3))[0].message == "Ana has 2 Herbivores in reserve, not 3"


def test_one_action_after_the_move(pan: Engine) -> None:
    state = legal(pan, after_move(pan, (2, -1)), observe(H, 1))
    assert codes(pan, state, observe(H, 1)) == ["IP-C23"]
    assert codes(pan, state, lake(M, (0, -1))) == ["IP-C23"]


def test_without_the_observation_step_animals_are_not_placed(pan: Engine) -> None:
    state = after_move(pan, (2, -1), observation="off")
    assert codes(pan, state, observe(H, 1)) == ["IP-C23"]
    assert "animals_observed" not in pan.expected(state)["event_types"]


def test_expected_offers_the_matching_kind_and_counts(pan: Engine) -> None:
    exp = pan.expected(after_move(pan, (2, -1)))
    assert exp["actors"] == ["Ana"]
    assert exp["event_types"] == ["animals_observed", "wondrous_lake_placed", "end_turn"]
    assert exp["options"]["animals_observed"] == {"kind": [H], "count": [1, 2]}
    assert exp["options"]["wondrous_lake_placed"] == {"domain": [P, M, D], "at": [[at(0, -1)]]}


# -- IP-C24, IP-C25: Wondrous Lakes -------------------------------------------------


def test_a_wondrous_lake_leaves_the_board_and_covers_a_lake(pan: Engine) -> None:
    state = legal(pan, after_move(pan), lake(M, (0, -1)))
    assert state["players"]["Ana"]["wl_on_board"] == [P, D]
    assert space(state, 0, -1)["wl"] == {"player": "Ana", "domain": M}
    assert state["post_action"] == "wondrous_lake"


def test_each_wondrous_lake_tile_is_played_once(pan: Engine) -> None:
    state = after_move(pan)
    state["players"]["Ana"]["wl_on_board"] = [P, D]
    assert codes(pan, state, lake(M, (0, -1))) == ["IP-C24"]


@pytest.mark.parametrize("spot", [(1, -1), (9, 9)])
def test_a_wondrous_lake_goes_on_a_lake_of_the_island(pan: Engine, spot: tuple[int, int]) -> None:
    assert codes(pan, after_move(pan), lake(M, spot)) == ["IP-C25"]


def test_a_lake_holds_one_wondrous_lake(pan: Engine) -> None:
    state = after_move(pan)
    state["island"]["0,-1"] = {**state["island"]["0,-1"], "wl": {"player": "Ben", "domain": D}}
    assert codes(pan, state, lake(M, (0, -1))) == ["IP-C25"]


def test_the_wondrous_lake_placement_rule_is_unverified_even_when_it_passes(pan: Engine) -> None:
    assert notes(pan, after_move(pan), lake(M, (0, -1))) == [("IP-C25", "unverified")]
    declared = after_move(pan, wondrous_lake="declared_only")
    assert notes(pan, declared, lake(M, (1, -1))) == [("IP-C25", "unverified")]


def test_a_wondrous_lake_may_add_spaces_when_the_table_plays_so(pan: Engine) -> None:
    assert codes(pan, after_move(pan), lake(M, (0, -2))) == ["IP-C25"]
    state = legal(pan, after_move(pan, wl_adds_hexes=True), lake(M, (0, -2)))
    assert space(state, 0, -2) == {"t": L, "tile": "W", "animals": {}, "wl": {"player": "Ana", "domain": M}, "beast": None}


# -- IP-C26, IP-C27: the end ---------------------------------------------------------


def test_the_game_ends_after_nine_turns_each_with_two_tiles_face_up(pan: Engine) -> None:
    from engines.isle_of_pan.demo import demo_game

    game = demo_game()
    state = pan.setup(game["players"], game["options"])
    events = [Event(e["type"], e["data"], e["actor"]) for e in game["events"]]
    state = legal(pan, state, *events)
    assert pan.is_over(state)
    assert state["end"] == {"face_up": 2, "pile": 0}
    assert {name: p["turns_taken"] for name, p in state["players"].items()} == {"Ana": 9, "Ben": 9}
    assert pan.expected(state) == {"actors": [], "event_types": [], "options": {}}
    assert codes(pan, state, take("D2", actor="Ana")) == ["IP-C26"]
    assert codes(pan, state, score("Ana", H, 3)) == ["IP-C26"]


def test_no_tile_is_taken_after_the_last_turn(pan: Engine) -> None:
    state = after_move(pan, (2, -1))
    for player in state["players"].values():
        player["turns_taken"] = 8  # pre-loaded: this is the last round
    state["players"]["Ben"]["turns_taken"] = 9
    assert codes(pan, state, take("D2", actor="Ben")) == ["IP-C26"]
    assert legal(pan, state, end())["game_over"]


def test_the_end_flags_a_display_that_does_not_hold_two_tiles(pan: Engine) -> None:
    state = pan.setup(TWO, {"landscape_tile_count": 12})
    assert ("IP-C27", "warning") in [(f["code"], f["severity"]) for f in state["setup_flags"]]
    state = after_move(pan, (2, -1))
    state["players"]["Ana"]["turns_taken"], state["players"]["Ben"]["turns_taken"] = 8, 9
    assert notes(pan, state, end()) == [("IP-C27", "warning")]
    assert "3 tiles are face up and 16 left in the pile" in pan.check(state, end())[0].message


# -- IP-C28: the score tracks; the table's score tokens ------------------------------------


def test_the_table_sets_a_score_token_and_the_difference_is_kept(pan: Engine) -> None:
    state = legal(pan, after_move(pan, (2, -1)), observe(H, 2))
    before = state
    state = legal(pan, state, score("Ana", H, 5, "two more on the board"))
    assert state["players"]["Ana"]["track"][H] == 5
    assert state["score_sets"] == [
        {"step": 10, "player": "Ana", "kind": H, "derived": 2, "position": 5, "reason": "two more on the board"}
    ]
    assert "Ana's Herbivore track: 2 → 5 (set by the table; the engine counted 2)" in pan.changes(
        before, state, score("Ana", H, 5)
    )


def test_a_score_token_never_stands_below_zero(pan: Engine) -> None:
    state = table(pan)
    assert codes(pan, state, score("Ana", H, -1)) == ["IP-C28"]
    assert notes(pan, state, score("Ana", H, 4)) == [("IP-C28", "unverified")]
    assert codes(pan, state, score("Zed", H, 4)) == ["IP-C05"]


def test_every_track_move_is_unverified_for_the_track_length(pan: Engine) -> None:
    assert notes(pan, after_move(pan, (2, -1)), observe(H, 1)) == [("IP-C28", "unverified")]


# -- Fantastic Beasts (gap G7) ---------------------------------------------------------


def test_a_fantastic_beast_is_declared_and_unverified(pan: Engine) -> None:
    state = table(pan)
    assert notes(pan, state, beast(1, 0, player="Ben", kind=R, points=3)) == [
        ("IP-G7", "unverified"),
        ("IP-C28", "unverified"),
    ]
    state = legal(pan, state, beast(1, 0, player="Ben", kind=R, points=3, beast="Sphinx"))
    assert space(state, 1, 0)["beast"] == "Sphinx"
    assert state["players"]["Ben"]["track"][R] == 3
    assert codes(pan, state, beast(1, 0)) == ["IP-G7"]
    assert codes(pan, state, beast(7, 7)) == ["IP-G7"]
    assert codes(pan, state, beast(0, 1, points=2)) == ["IP-G7"]


def test_an_explorer_cannot_end_on_a_beast(pan: Engine) -> None:
    state = moving(pan, STRIP)
    state = legal(pan, state, beast(1, 0))
    assert codes(pan, state, move(1, 0)) == ["IP-C17"]


# -- turns and rounds -------------------------------------------------------------------


def test_turns_pass_clockwise_from_the_first_player(pan: Engine) -> None:
    state = table(pan, THREE, first_player="Ben")
    assert pan.position(state) == {"round": 1, "turn": 1, "label": "Round 1 · Ben"}
    state = whole_turn(pan, state, "D1", ([M, M, M], None))
    assert state["current"] == "Cy"
    state = whole_turn(pan, state, "D1", ([M, M, M], None))
    state = whole_turn(pan, state, "D1", ([M, M, M], None))
    assert (state["current"], state["turns_done"]) == ("Ben", 3)
    assert pan.position(state) == {"round": 2, "turn": 4, "label": "Round 2 · Ben"}
    assert {name: p["turns_taken"] for name, p in state["players"].items()} == {"Ana": 1, "Ben": 1, "Cy": 1}


def test_the_next_players_tile_closes_the_turn(pan: Engine) -> None:
    state = after_move(pan, (2, -1))
    assert codes(pan, state, take("D2", actor="Cy")) == ["IP-C05"]
    state = legal(pan, state, take("D2", actor="Ben"))
    assert (state["current"], state["turns_done"], state["turn_step"]) == ("Ben", 1, "PLACE")
    assert state["players"]["Ben"]["reserve"] == {H: 0, B: 1, R: 1}
    assert state["players"]["Ana"]["turns_taken"] == 1


def test_set_up_and_game_over_positions_have_no_numbers(pan: Engine) -> None:
    state = pan.setup(TWO, {})
    assert pan.position(state) == {"round": None, "turn": None, "label": "Set-up"}
    state = legal(pan, state, declare(), reveal([P, P, P]))
    assert pan.position(state)["label"] == "Set-up"


# -- Domain Groups and standings ---------------------------------------------------------


def test_domain_groups_join_across_tiles(pan: Engine) -> None:
    state = table(pan)
    assert row(pan, state, "Ana")["breakdown"]["wondrous_lakes"] == {P: 2, M: 2, D: 1}
    state = first_turn_to_move(pan, state)
    # The new Plains at (2,0),(2,-1) touch no Plain of the flower: still 2.
    assert row(pan, state, "Ana")["breakdown"]["wondrous_lakes"][P] == 2
    state = legal(pan, state, move(-1, 0), end(), take("D3", actor="Ben"), reveal([P, P, P]))
    before = state
    # Ben's Plain at (-2,1) joins the flower's two; his two Deserts make a group of their own.
    laid = place((-2, 1, P), (-2, 0, D), (-1, -1, D))
    state = legal(pan, state, laid)
    assert row(pan, state, "Ana")["breakdown"]["wondrous_lakes"] == {P: 3, M: 2, D: 2}
    assert pan.changes(before, state, laid)[-2:] == ["The largest Plain group grew to 3", "The largest Desert group grew to 2"]


def test_endgame_a_wondrous_lake_on_a_domain_space_leaves_that_domain_group(pan: Engine) -> None:
    # "one point per space composing the largest corresponding Domain Group": a space under a
    # Wondrous Lake tile is a Wondrous Lake space, no longer a Plain.
    state = moving(pan, [(0, 0, M), (1, 0, P), (2, 0, P), (3, 0, P)], wondrous_lake="declared_only")
    assert row(pan, state, "Ben")["breakdown"]["wondrous_lakes"][P] == 3
    before = legal(pan, state, move(1, 0))
    laid = lake(M, (2, 0))
    state = legal(pan, before, laid)
    assert row(pan, state, "Ben")["breakdown"]["wondrous_lakes"] == {P: 1, M: 1, D: 0}
    assert row(pan, state, "Ana")["breakdown"]["wondrous_lakes"] == {P: 1, D: 0}
    assert "The largest Plain group shrank to 1" in pan.changes(before, state, laid)


def test_portals_join_domain_groups_only_when_the_table_plays_so(pan: Engine) -> None:
    spaces = [(0, 0, P), (1, 0, X), (2, 0, P), (3, 0, P)]
    assert row(pan, table(pan, spaces=spaces), "Ana")["breakdown"]["wondrous_lakes"][P] == 2
    joined = table(pan, spaces=spaces, portal_in_domain_groups=True)
    assert row(pan, joined, "Ana")["breakdown"]["wondrous_lakes"][P] == 4


def test_the_rulebook_example_a_six_space_plain_group_scores_six_to_each_holder(pan: Engine) -> None:
    # Six Plains in one group, a group of two Plains beyond a Lake, one Mountain, one Desert.
    spaces = [(0, 0, P), (1, 0, P), (2, 0, P), (0, 1, P), (1, 1, P), (-1, 1, P), (4, 0, M), (3, 0, L), (4, -1, D), (6, -1, P), (5, -1, P)]
    state = table(pan, THREE, spaces=spaces)
    state["players"]["Cy"]["wl_on_board"] = [M, D]  # Cy put the green (Plain) tile in play
    for name in THREE:
        state["players"][name]["track"] = {H: 1, B: 0, R: 0}
    result = pan.standings(state)
    lakes = {r["player"]: r["breakdown"]["wondrous_lakes"] for r in result["players"]}
    assert lakes == {"Ana": {P: 6, M: 1, D: 1}, "Ben": {P: 6, M: 1, D: 1}, "Cy": {M: 1, D: 1}}
    assert [(r["player"], r["total"], r["rank"]) for r in result["players"]] == [("Ana", 9, 1), ("Ben", 9, 1), ("Cy", 3, 3)]
    assert result["final"] is False and result["winners"] == []


def test_final_standings_share_a_tied_win(pan: Engine) -> None:
    state = table(pan)
    state["game_over"] = True  # pre-loaded: the last turn is over
    result = pan.standings(state)
    assert result["final"] is True and result["winners"] == ["Ana", "Ben"]
    assert [r["status"] for r in result["players"]] == ["winner", "winner"]


def test_the_demo_game_is_legal_and_ends_with_these_standings(pan: Engine) -> None:
    from engines.isle_of_pan.demo import DEMO_TILES, demo_game

    game = demo_game()
    assert "illustrative" in game["title"] and len(DEMO_TILES) == 20
    assert game == demo_game()  # the same game every time
    types = [e["type"] for e in game["events"]]
    assert types.count("tile_revealed") == 20 and types.count("end_turn") == 18
    assert types.count("wondrous_lake_placed") == 2 and types.count("animals_observed") >= 10
    state = pan.setup(game["players"], game["options"])
    state = legal(pan, state, *[Event(e["type"], e["data"], e["actor"]) for e in game["events"]])
    assert pan.standings(state) == {
        "final": True,
        "players": [
            {
                "player": "Ana",
                "total": 51,
                "breakdown": {
                    "herbivore": 14, "bird_of_prey": 5, "reptile": 3,
                    "wondrous_lakes": {P: 18, D: 11}, "banked": 22, "projected_bonus": 29,
                },
                "status": "winner",
                "rank": 1,
            },
            {
                "player": "Ben",
                "total": 47,
                "breakdown": {
                    "herbivore": 3, "bird_of_prey": 5, "reptile": 10,
                    "wondrous_lakes": {P: 18, D: 11}, "banked": 18, "projected_bonus": 29,
                },
                "status": "finished",
                "rank": 2,
            },
        ],
        "winners": ["Ana"],
    }  # fmt: skip


# -- expected() --------------------------------------------------------------------------


def test_expected_offers_the_face_up_tiles_and_portal_choices(pan: Engine) -> None:
    exp = pan.expected(table(pan))
    assert exp["actors"] == ["Ana"] and exp["event_types"] == ["tile_taken"]
    offered = exp["options"]["tile_taken"]
    assert offered["display_id"] == ["D1", "D2", "D3"] and offered["portal_choices"] == [[], [H], [B], [R]]
    # Each face-up tile paired with the kinds for exactly its Portals: D1 holds one, D2 and D3 none.
    assert offered["takes"] == [{"display_id": "D1", "portal_choices": [H]}, {"display_id": "D1", "portal_choices": [B]},
                                {"display_id": "D1", "portal_choices": [R]}, {"display_id": "D2", "portal_choices": []},
                                {"display_id": "D3", "portal_choices": []}]


def test_every_offered_take_is_legal_and_the_per_field_lists_alone_are_not(pan: Engine) -> None:
    """``portal_choices`` mixes the lengths the face-up tiles need; ``takes`` pairs them (IP-C09)."""
    state = table(pan, opening=[([X, P, X], LINE), ([P, X, M], TRIANGLE), ([D, D, L], LINE)])
    offered = pan.expected(state)["options"]["tile_taken"]
    assert {len(t["portal_choices"]) for t in offered["takes"] if t["display_id"] == "D1"} == {2}
    assert len([t for t in offered["takes"] if t["display_id"] == "D1"]) == 6, "every multiset of 2 kinds"
    for one in offered["takes"]:
        assert codes(pan, state, take(one["display_id"], *one["portal_choices"])) == []
    pairs = [(slot, choice) for slot in offered["display_id"] for choice in offered["portal_choices"]]
    refused = [pair for pair in pairs if codes(pan, state, take(pair[0], *pair[1]))]
    assert refused and all(codes(pan, state, take(s, *c)) == ["IP-C09"] for s, c in refused)
    assert len(pairs) - len(refused) == len(offered["takes"])


def test_every_offered_placement_is_legal_and_the_legal_ones_are_offered(pan: Engine) -> None:
    from engines.isle_of_pan.offers import CELLS_LIST_MAX

    for slot, choices in (("D1", [R]), ("D2", []), ("D3", [])):
        state = legal(pan, table(pan), take(slot, *choices))
        offered = pan.expected(state)["options"]["tile_placed"]
        assert offered["display_id"] == [slot]
        short = len(offered["placements"]) <= CELLS_LIST_MAX
        assert offered.get("cells") == (offered["placements"] if short else None), "the list only while short"
        assert offered["placements"], slot
        for cells_ in offered["placements"]:
            assert codes(pan, state, Event("tile_placed", {"cells": cells_}, None)) == []
    state = legal(pan, table(pan), take("D1", R))
    assert cells(*sorted(FIRST)) in pan.expected(state)["options"]["tile_placed"]["placements"]


def test_without_a_shape_every_joined_triple_and_arrangement_is_offered(pan: Engine) -> None:
    state = legal(pan, table(pan, spaces=[(0, 0, P)], opening=[([P, M, D], None), *OPENING[1:]]), take("D1"))
    placements = pan.expected(state)["options"]["tile_placed"]["placements"]
    # Around a lone space only the six arcs of three neighbours touch 3 sides; 6 arrangements each.
    assert len(placements) == 36
    assert cells((-1, 0, P), (-1, 1, M), (0, 1, D)) in placements


def test_every_placement_is_offered_however_many_and_the_list_only_while_short(pan: Engine) -> None:
    """On a big island the real placement is among the offers: none is cut (the page's map
    shows them all); the generic form's list of cells is left out once it is too long."""
    from engines.isle_of_pan.offers import CELLS_LIST_MAX, legal_placements

    big = [(q, r, P) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
    state = legal(pan, table(pan, spaces=big, opening=[([P, M, D], None), *OPENING[1:]]), take("D1"))
    offered = pan.expected(state)["options"]["tile_placed"]
    placements = offered["placements"]
    # 108 joined triples of empty spaces touch the hexagon on 3 sides, 6 arrangements each:
    # more than the 400 the offers were once cut at.
    assert len(placements) == len(legal_placements(state, [P, M, D], None)) == 108 * 6
    last = placements[-1]
    assert codes(pan, state, Event("tile_placed", {"display_id": "D1", "cells": last}, "Ana")) == []
    assert placements == sorted(placements, key=lambda cs: [(c["q"], c["r"], c["t"]) for c in cs])
    assert "cells" not in offered and len(placements) > CELLS_LIST_MAX


# -- words -----------------------------------------------------------------------------


def test_describe_and_changes_say_what_happened(pan: Engine) -> None:
    state = table(pan)
    event = take("D1", R)
    assert pan.describe(state, event) == "Ana took PLAIN·PLAIN·PORTAL from D1 (+2 Herbivores, +1 Reptile)"
    after = pan.apply(state, event)
    assert pan.changes(state, after, event) == ["Ana took the tile PLAIN·PLAIN·PORTAL from D1 (+2 Herbivores, +1 Reptile)"]
    refill = reveal([M, M, L], TRIANGLE)
    assert pan.describe(after, refill) == "D1 refilled from the pile: MOUNTAIN·MOUNTAIN·LAKE (a triangle; 16 left in the pile)"
    state, after = pan.apply(after, refill), pan.apply(pan.apply(after, refill), place(*FIRST))
    assert pan.describe(state, place(*FIRST)) == "Ana placed PLAIN·PLAIN·PORTAL at (2,0),(2,-1),(2,-2) (4 sides shared)"
    assert pan.changes(state, after, place(*FIRST)) == ["Tile placed at (2,0),(2,-1),(2,-2): 4 shared sides"]
    assert pan.describe(after, move(0, 0)) == "Ana's Explorer stayed at (0,0)"
    moved = pan.apply(after, move(2, -1))
    assert pan.changes(after, moved, move(2, -1)) == ["Ana's explorer moved (0,0) → (2,-1) (2 steps)"]
    observed = pan.apply(moved, observe(H, 2))
    assert pan.describe(moved, observe(H, 2)) == "Ana placed 2 Herbivores at (2,-1)"
    assert pan.changes(moved, observed, observe(H, 2)) == ["2 Herbivores placed at (2,-1)", "Ana's Herbivore track: 0 → 2"]
    assert pan.describe(observed, end()) == "Ana ended the turn"
    ended = pan.apply(observed, end())
    assert pan.changes(observed, ended, end()) == ["Turn passes to Ben (Round 1 · Ben)"]
    lake_event = lake(M, (0, -1))
    assert pan.describe(moved, lake_event) == "Ana played the Mountain Wondrous Lake tile at (0,-1)"
    assert pan.changes(moved, pan.apply(moved, lake_event), lake_event) == [
        "Ana's Mountain Wondrous Lake tile left the board (it would have scored 2 on the island as it is)"
    ]


# -- folding what the rules forbid -------------------------------------------------------


@pytest.mark.parametrize(
    "event",
    [
        take("D3", actor="Ben"),
        take("D9"),
        place((0, 0, P), (1, 0, P), (5, 5, P)),
        move(40, 40),
        observe(H, 3),
        lake(P, (9, 9)),
        end(),
        score("Zed", H, 3),
        beast(9, 9, player="Ana", kind=H, points=2),
        reveal([P]),
        declare([(7, 7, P)], (7, 7)),
        Event("tile_taken", {"display_id": "D1", "portal_choices": ["NOT_A_KIND"]}, None),
    ],
)
def test_apply_of_an_overridden_event_does_not_raise(pan: Engine, event: Event) -> None:
    state = table(pan)
    folded = pan.apply(state, event)
    assert json.loads(json.dumps(folded)) == folded
    assert isinstance(pan.describe(state, event), str)
    assert all(isinstance(line, str) for line in pan.changes(state, folded, event))
    pan.standings(folded)
    pan.expected(folded)


def test_an_overridden_reveal_into_a_full_display_opens_a_spare_place(pan: Engine) -> None:
    state = pan.apply(table(pan), reveal([P, P, P]))
    assert [s["id"] for s in state["display"]] == ["D1", "D2", "D3", "D4"]
    assert state["pile_remaining"] == 16


def test_apply_after_the_game_ends_changes_nothing_but_the_step(pan: Engine) -> None:
    state = table(pan)
    state["game_over"] = True
    folded = pan.apply(state, take("D1", R))
    assert folded == {**state, "step": state["step"] + 1}


def test_schemas_reject_unknown_fields_and_terrains_but_not_rule_breaches(pan: Engine) -> None:
    from marshmallow import ValidationError

    schemas = pan.event_schemas
    with pytest.raises(ValidationError):
        schemas["tile_revealed"]().load({"terrains": ["SWAMP", P, P]})
    with pytest.raises(ValidationError):
        schemas["tile_placed"]().load({"cells": [{"q": 0, "r": 0, "t": P, "z": 1}]})
    with pytest.raises(ValidationError):
        schemas["tile_revealed"]().load({"terrains": [P, P, P], "marker": 5})
    schemas["tile_revealed"]().load({"terrains": [P, P]})  # 2 terrains: a rule (IP-C02), not a shape
    schemas["animals_observed"]().load({"kind": H, "count": 9})  # IP-C21


# -- any shape-valid event folds ---------------------------------------------------------

_COORD = st.fixed_dictionaries({"q": st.integers(-4, 4), "r": st.integers(-4, 4)})
_CELL = st.fixed_dictionaries({"q": st.integers(-4, 4), "r": st.integers(-4, 4), "t": st.sampled_from([P, M, D, L, X])})
_KIND = st.sampled_from([H, B, R])
_SLOT = st.sampled_from(["D1", "D2", "D3", "D4"])


def _any_event(players: list[str]) -> st.SearchStrategy[Event]:
    """Events of every type with data of the right shape, legal or not, by anyone."""
    actor = st.sampled_from([None, *players])
    who = st.sampled_from([*players, "Zed"])
    shaped = st.lists(st.fixed_dictionaries({"dq": st.integers(-2, 2), "dr": st.integers(-2, 2), "t": st.sampled_from([P, L, X])}), max_size=4)
    data = {
        "starting_tile_declared": st.fixed_dictionaries({"spaces": st.lists(_CELL, max_size=5), "central": _COORD}),
        "tile_revealed": st.fixed_dictionaries(
            {"terrains": st.lists(st.sampled_from([P, M, D, L, X]), max_size=4)},
            optional={"display_id": _SLOT, "shape": st.none() | shaped, "marker": st.sampled_from([None, 3, 4]), "tile_id": st.text(max_size=3)},
        ),
        "tile_taken": st.fixed_dictionaries({"display_id": _SLOT}, optional={"portal_choices": st.lists(_KIND, max_size=3)}),
        "tile_placed": st.fixed_dictionaries({"cells": st.lists(_CELL, max_size=4)}, optional={"display_id": _SLOT}),
        "explorer_moved": st.fixed_dictionaries({"to": _COORD}, optional={"path": st.lists(_COORD, max_size=4)}),
        "animals_observed": st.fixed_dictionaries({"kind": _KIND, "count": st.integers(-2, 5)}),
        "wondrous_lake_placed": st.fixed_dictionaries({"domain": st.sampled_from([P, M, D]), "at": st.lists(_COORD, max_size=2)}),
        "fantastic_beast_appeared": st.fixed_dictionaries(
            {"at": _COORD}, optional={"player": who, "kind": _KIND, "points": st.integers(-3, 5), "beast": st.text(max_size=5)}
        ),
        "score_token_set": st.fixed_dictionaries({"player": who, "kind": _KIND, "position": st.integers(-3, 30), "reason": st.text(max_size=5)}),
        "end_turn": st.just({}),
    }
    return st.one_of([st.builds(Event, st.just(kind), strategy, actor) for kind, strategy in data.items()])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_apply_folds_any_shape_valid_event_without_raising(pan: Engine, data: st.DataObject) -> None:
    players, state = random_table(data, pan)
    for odd in data.draw(st.lists(_any_event(players), min_size=1, max_size=5), label="odd events"):
        pan.event_schemas[odd.type]().load(dict(odd.data))
        pan.check(state, odd)
        assert pan.describe(state, odd)
        before = json.dumps(state, sort_keys=True)
        folded = pan.apply(state, odd)
        assert json.dumps(state, sort_keys=True) == before
        assert json.loads(json.dumps(folded)) == folded
        assert all(n >= 0 for p in folded["players"].values() for n in p["reserve"].values())
        assert folded["pile_remaining"] >= 0
        assert all(isinstance(line, str) and line for line in pan.changes(state, folded, odd))
        pan.standings(folded)
        pan.expected(folded)
        pan.position(folded)
        state = folded


# Regressions found in review ---------------------------------------------------------------


def test_a_count_below_one_is_refused_even_when_observations_are_only_declared_bug(pan: Engine) -> None:
    """It would move animals back into the reserve and lower the track."""
    state = after_move(pan, (2, -1), observation="declared_only")
    assert ("IP-C21", "error") in notes(pan, state, observe(H, -5))
    folded = pan.apply(state, observe(H, -5))
    assert folded["players"]["Ana"]["reserve"] == state["players"]["Ana"]["reserve"]
    assert folded["players"]["Ana"]["track"] == state["players"]["Ana"]["track"]


def test_the_reserve_is_checked_even_when_a_big_count_only_warns_bug(pan: Engine) -> None:
    state = after_move(pan, (2, -1), observation="declared_only")
    assert {("IP-C21", "warning"), ("IP-C22", "error")} <= set(notes(pan, state, observe(H, 99)))


def test_a_round_trip_back_to_a_crowded_start_must_still_end_on_an_empty_space_bug(pan: Engine) -> None:
    state = moving(pan, STRIP)  # Ben's Explorer stands at (0,0) too
    assert codes(pan, state, move(0, 0, path=[(1, 0), (0, 0)])) == ["IP-C17"]
    lenient = moving(pan, STRIP, zero_move_end_check=False)
    assert codes(pan, lenient, move(0, 0, path=[(1, 0), (0, 0)])) == ["IP-C17"]
    assert codes(pan, lenient, move(0, 0)) == [], "staying put is still a move of 0"


def test_offered_animal_counts_fit_every_offered_kind_bug(pan: Engine) -> None:
    state = after_move(pan, (2, -1))
    options = pan.expected(state)["options"]["animals_observed"]
    for kind in options["kind"]:
        for count in options["count"]:
            assert codes(pan, state, observe(kind, count)) == [], (kind, count)


def test_declared_track_values_score_the_printed_points(pan: Engine) -> None:
    values = [0, 1, 3, 6, 10]
    state = legal(pan, after_move(pan, (2, -1), track_values=values), observe(H, 2))
    assert state["players"]["Ana"]["track"][H] == 2
    assert row(pan, state, "Ana")["breakdown"]["herbivore"] == 3 and row(pan, state, "Ana")["breakdown"]["banked"] == 3


def test_a_token_cannot_pass_the_end_of_a_declared_track(pan: Engine) -> None:
    state = after_move(pan, (2, -1), track_values=[0, 1])
    assert codes(pan, state, observe(H, 2)) == ["IP-C28"]
    assert "pass the end of the track (2 spaces)" in pan.check(state, observe(H, 2))[0].message
    assert ("IP-C28", "unverified") in notes(pan, after_move(pan, (2, -1)), observe(H, 2))


def test_track_values_must_be_whole_numbers(pan: Engine) -> None:
    with pytest.raises(SetupError):
        pan.setup(["Ana", "Ben"], {"track_values": [0, "one"]})
