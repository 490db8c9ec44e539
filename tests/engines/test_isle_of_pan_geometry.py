"""The Isle of Pan: the hex geometry (``engines.isle_of_pan.hexes``) and its properties.

Placement legality does not depend on where the island lies or how it is turned
(rotation and translation invariance, judged through the engine's own ``check``), and
a Domain Group never shrinks as tiles are added.
"""

from __future__ import annotations

import doctest
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines.base import Event, State
from engines.isle_of_pan import hexes, profile, tiles, view
from engines.isle_of_pan.state import largest_groups

PAN = engines.find("isle-of-pan")
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TERRAINS = list(tiles.TERRAINS)
SHAPES = [[(0, 0), (1, 0), (2, 0)], [(0, 0), (1, 0), (0, 1)], [(0, 0), (1, 0), (2, -1)]]


def test_the_docstring_examples_hold() -> None:
    for module in (hexes, tiles, profile, view):
        failed, tried = doctest.testmod(module)
        assert failed == 0 and (tried > 0 or module is view), module.__name__


def test_six_turns_are_the_identity_and_turns_keep_neighbours_neighbours() -> None:
    for c in [(0, 0), (3, -1), (-2, 5)]:
        assert hexes.rotate(c, 6) == c
        for n in hexes.neighbours(c):
            assert hexes.adjacent(hexes.rotate(c), hexes.rotate(n))
    assert [hexes.rotate((1, 0), k) for k in range(6)] == [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]


def test_shape_names_and_orientations() -> None:
    assert [hexes.shape_name(shape) for shape in SHAPES] == ["line", "triangle", "chevron"]
    assert [len(hexes.orientations([(q, r, "PLAIN") for q, r in shape])) for shape in SHAPES] == [3, 2, 6]


def test_portals_shorten_the_way_and_lakes_block_it() -> None:
    land = {(0, 0), (1, 0), (3, 0), (4, 0), (5, 0)}  # (2,0) is a Lake: not passable
    assert (4, 0) not in hexes.reachable((0, 0), land, set())
    assert hexes.reachable((0, 0), land, {(1, 0), (4, 0)}) == {(0, 0): 0, (1, 0): 1, (4, 0): 2, (3, 0): 3, (5, 0): 3}


# -- random islands -----------------------------------------------------------------------


@st.composite
def islands(draw: Any, size: int = 10) -> dict[hexes.Coord, str]:
    """A joined island grown from (0,0) one random neighbour at a time; the centre is a Plain."""
    cells = {(0, 0): "PLAIN"}
    for _ in range(draw(st.integers(min_value=0, max_value=size), label="growth")):
        edge = sorted(hexes.frontier(cells))
        cells[draw(st.sampled_from(edge), label="cell")] = draw(st.sampled_from(TERRAINS), label="terrain")
    return cells


def board(spaces: dict[hexes.Coord, str], terrains: list[str], shape: list[tuple[int, int]] | None, **opts: Any) -> State:
    """The island as the Starting Tile, the tile in D1 taken by Ana: step 3, placing it."""
    central = next(c for c, t in sorted(spaces.items(), key=lambda item: item[0] != (0, 0)) if t != "LAKE")
    state = PAN.setup(["Ana", "Ben"], opts)
    declared = {"spaces": [{"q": q, "r": r, "t": t} for (q, r), t in spaces.items()], "central": {"q": central[0], "r": central[1]}}
    reveal: dict[str, Any] = {"terrains": terrains}
    if shape is not None:
        reveal["shape"] = [{"dq": dq, "dr": dr, "t": t} for (dq, dr), t in zip(shape, terrains, strict=True)]
    events = [Event("starting_tile_declared", declared, None), Event("tile_revealed", reveal, None)]
    events += [Event("tile_revealed", {"terrains": ["PLAIN"] * 3}, None)] * 2
    events.append(Event("tile_taken", {"display_id": "D1", "portal_choices": ["HERBIVORE"] * terrains.count("PORTAL")}, "Ana"))
    for event in events:
        assert not [v for v in PAN.check(state, event) if v.blocks], event
        state = PAN.apply(state, event)
    return state


def verdict(state: State, cells: list[tuple[int, int, str]]) -> list[tuple[str, str]]:
    event = Event("tile_placed", {"cells": [{"q": q, "r": r, "t": t} for q, r, t in cells]}, "Ana")
    return sorted((v.code, v.severity) for v in PAN.check(state, event))


@PROPERTY
@given(data=st.data())
def test_placement_legality_is_invariant_under_rotation_and_translation(data: st.DataObject) -> None:
    spaces = data.draw(islands(), label="island")
    terrains = data.draw(st.lists(st.sampled_from(TERRAINS), min_size=3, max_size=3), label="terrains")
    shape = data.draw(st.sampled_from([None, *SHAPES]), label="shape")
    turns = data.draw(st.integers(min_value=0, max_value=5), label="turns")
    dq, dr = data.draw(st.integers(-6, 6), label="dq"), data.draw(st.integers(-6, 6), label="dr")

    def moved(c: hexes.Coord) -> hexes.Coord:
        q, r = hexes.rotate(c, turns)
        return (q + dq, r + dr)

    here = board(spaces, terrains, shape)
    there = board({moved(c): t for c, t in spaces.items()}, terrains, shape)
    # A placement drawn among the offered ones, or any three cells around the island.
    offered = PAN.expected(here)["options"]["tile_placed"]["placements"]
    if offered and data.draw(st.booleans(), label="offered"):
        cells = [(c["q"], c["r"], c["t"]) for c in data.draw(st.sampled_from(offered), label="placement")]
    else:
        edge = sorted(hexes.frontier(spaces) | set(spaces))
        cells = [(*data.draw(st.sampled_from(edge), label="cell"), t) for t in terrains]
    assert verdict(here, cells) == verdict(there, [(*moved((q, r)), t) for q, r, t in cells])
    # The offered placements turn and move with the island (when none were cut by the cap).
    if len(offered) < 400:
        theirs = PAN.expected(there)["options"]["tile_placed"]["placements"]
        turned = {tuple(sorted((*moved((c["q"], c["r"])), c["t"]) for c in p)) for p in offered}
        assert turned == {tuple((c["q"], c["r"], c["t"]) for c in p) for p in theirs}


@PROPERTY
@given(data=st.data())
def test_the_largest_domain_group_never_shrinks_as_tiles_are_added(data: st.DataObject) -> None:
    spaces = data.draw(islands(size=4), label="island")
    portals = data.draw(st.booleans(), label="portals join groups")
    # The Explorers stay put on their crowded start: this property is about the groups.
    state = board(spaces, ["PLAIN", "DESERT", "MOUNTAIN"], None, portal_in_domain_groups=portals, zero_move_end_check=False)
    seen = largest_groups(state)
    for _ in range(data.draw(st.integers(min_value=1, max_value=6), label="tiles")):
        placements = PAN.expected(state)["options"]["tile_placed"]["placements"]
        if not placements:
            break
        who = state["current"]
        spot = state["players"][who]["explorer"]
        refill = data.draw(st.lists(st.sampled_from(TERRAINS), min_size=3, max_size=3), label="refill")
        turn = [
            Event("tile_placed", {"cells": data.draw(st.sampled_from(placements), label="placement")}, who),
            Event("explorer_moved", {"to": {"q": spot[0], "r": spot[1]}}, who),
            Event("end_turn", {}, who),
            Event("tile_revealed", {"terrains": refill}, who),
        ]
        for event in turn:
            assert not [v for v in PAN.check(state, event) if v.blocks], event
            state = PAN.apply(state, event)
            now = largest_groups(state)
            assert all(now[d] >= seen[d] for d in tiles.DOMAINS), (seen, now)
            seen = now
        nxt = state["current"]
        tile = state["display"][0]["tile"]
        taken = Event("tile_taken", {"display_id": "D1", "portal_choices": ["REPTILE"] * tile["terrains"].count("PORTAL")}, nxt)
        assert not [v for v in PAN.check(state, taken) if v.blocks]
        state = PAN.apply(state, taken)


@given(st.dictionaries(st.tuples(st.integers(-4, 4), st.integers(-4, 4)),
                       st.sampled_from(["PLAIN", "DESERT", "PORTAL"]), max_size=40),
       st.booleans())
def test_largest_group_is_the_largest_component_holding_its_domain(terrain: dict[Any, str], portals_join: bool) -> None:
    """The flood fill agrees with the definition: the connected pieces of the domain's
    spaces (portals joining when they count), those with a space of the domain, largest."""
    wildcard = "PORTAL" if portals_join else None
    for domain in ("PLAIN", "DESERT"):
        cells = {c for c, t in terrain.items() if t == domain or t == wildcard}
        sizes = [len(p) for p in hexes.components(cells) if any(terrain[c] == domain for c in p)]
        assert hexes.largest_group(terrain, domain, wildcard) == max(sizes, default=0)
