"""Random *legal* games, one recipe per engine, for the contract suite's properties.

``GAME_STRATEGIES[engine.name](data)`` draws with Hypothesis' ``data`` object and
returns ``(players, options, events)``: a game built by choosing, step by step,
among what ``expected()`` offers and keeping only events that ``check`` accepts
(no error-severity violation).  Every engine adds its entry here; the contract
suite fails for an engine without one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

import engines
from engines._template.engine import TemplateGame
from engines.air_alliance.demo import candidates as air_alliance_candidates
from engines.base import Engine, Event, State
from engines.panamax.demo import candidates as panamax_candidates
from tests.engines.pan_am_helpers import ILLUSTRATIVE_BOARD

GameRecipe = tuple[list[str], dict[str, Any], list[Event]]
GameStrategy = Callable[[st.DataObject], GameRecipe]

MAX_EVENTS = 120


def seats(data: st.DataObject, most: int = 4) -> list[str]:
    """2 to ``most`` players, named P1, P2, ... in seat order."""
    count = data.draw(st.integers(min_value=2, max_value=most), label="players")
    return [f"P{i}" for i in range(1, count + 1)]


def random_table(data: st.DataObject, engine: Engine) -> tuple[list[str], State]:
    """The players and the state after a random legal game of ``engine``."""
    players, options, events = GAME_STRATEGIES[engine.name](data)
    state = engine.setup(players, options)
    for event in events:
        state = engine.apply(state, event)
    return players, state


def legal_game(
    data: st.DataObject,
    engine: Engine,
    players: list[str],
    options: dict[str, Any],
    candidates: Callable[[Engine, State], list[Event]],
) -> GameRecipe:
    """Play up to a drawn number of events, each drawn among the legal ``candidates``."""
    state = engine.setup(players, options)
    events: list[Event] = []
    length = data.draw(st.integers(min_value=0, max_value=MAX_EVENTS), label="length")
    for _ in range(length):
        if engine.is_over(state):
            break
        legal = [ev for ev in candidates(engine, state) if not any(v.blocks for v in engine.check(state, ev))]
        if not legal:
            break
        event = data.draw(st.sampled_from(legal), label="event")
        events.append(event)
        state = engine.apply(state, event)
    return players, options, events


def _profile(data: st.DataObject, engine: Engine) -> dict[str, Any]:
    """A random choice for every option that lists its choices."""
    return {
        name: data.draw(st.sampled_from(list(spec.choices)), label=name)
        for name, spec in engine.options.items()
        if spec.choices is not None
    }


# -- Panic in the Air ---------------------------------------------------------


def _panic_candidates(engine: Engine, state: State) -> list[Event]:
    """Every concrete event ``expected()`` offers, plus a R.I.P. face on each draw.

    The first actor is the current player; a second one is the player whose turn has just
    ended on an empty hand and who may still open, so the parachute is offered to each."""
    exp = engine.expected(state)
    actor = exp["actors"][0]
    options = exp["options"]
    out: list[Event] = []
    for event_type in exp["event_types"]:
        if event_type == "card_drawn":
            for via in options["card_drawn"]["via"]:
                out.append(Event("card_drawn", {"via": via}, actor))
                out.append(Event("card_drawn", {}, None))
                out.append(Event("card_drawn", {"via": via, "face": {"kind": "RIP"}}, actor))
        elif event_type == "card_played":
            choice = options["card_played"]
            for target in choice["target"]:
                for card in _panic_cards(choice):
                    out.append(Event("card_played", {"target": target, "card": card}, actor))
        elif event_type == "cards_taken":
            choice = options["cards_taken"]
            for source in choice["from"]:
                for count in choice["count"]:
                    out.append(Event("cards_taken", {"from": source, "count": count}, actor))
                out.append(Event("cards_taken", {"from": source}, None))
        elif event_type == "parachute_opened":
            out += [Event("parachute_opened", {}, opener) for opener in exp["actors"]]
        elif event_type == "risk_declined":
            out.append(Event("risk_declined", {}, actor))
    return out


def _panic_cards(choice: dict[str, list[Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for kind in choice["kind"]:
        if kind == "FALL":
            out += [{"kind": kind, "value": value} for value in choice["value"]]
        elif kind == "WIND":
            out += [{"kind": kind, "direction": way} for way in choice["direction"]]
        else:
            out.append({"kind": kind})
    return out


def panic_in_the_air_game(data: st.DataObject) -> GameRecipe:
    """3 to 8 players (2 and the 3-card deal included), any rules profile, and a deck
    that is the box's 63, unknown, or just big enough to reach its bottom ten soon."""
    engine = engines.find("panic-in-the-air")
    players = seats(data, 8)
    count = len(players)
    options = _profile(data, engine)
    dealt = count * (6 if count <= 6 else 3)
    options["deck_total"] = data.draw(st.sampled_from([63, None, dealt + 14]), label="deck_total")
    if data.draw(st.booleans(), label="first_player given"):
        options["first_player"] = data.draw(st.sampled_from(players), label="first_player")
    if count < options.get("min_players", 2):
        options["min_players"] = 2
    return legal_game(data, engine, players, options, _panic_candidates)


# -- The Isle of Pan ---------------------------------------------------------

# Declared board data for random games (illustrative, not the published tiles): two
# Starting Tiles and a handful of tiles, some with their shape, some without.
_PAN_STARTS: list[dict[str, Any]] = [
    {
        "spaces": [
            {"q": 0, "r": 0, "t": "PLAIN"},
            {"q": 1, "r": 0, "t": "MOUNTAIN"},
            {"q": 0, "r": -1, "t": "LAKE"},
            {"q": -1, "r": 1, "t": "PORTAL"},
        ],
        "central": {"q": 0, "r": 0},
    },
    {
        "spaces": [{"q": -1, "r": 0, "t": "DESERT"}, {"q": 0, "r": 0, "t": "PORTAL"}, {"q": 1, "r": 0, "t": "PLAIN"}],
        "central": {"q": 0, "r": 0},
    },
]
_PAN_LINE = [(0, 0), (1, 0), (2, 0)]
_PAN_TRIANGLE = [(0, 0), (1, 0), (0, 1)]
_PAN_CHEVRON = [(0, 0), (1, 0), (2, -1)]
_PAN_TILES: list[tuple[list[str], list[tuple[int, int]] | None]] = [
    (["PLAIN", "PLAIN", "PORTAL"], _PAN_LINE),
    (["MOUNTAIN", "LAKE", "DESERT"], _PAN_TRIANGLE),
    (["DESERT", "DESERT", "PLAIN"], _PAN_CHEVRON),
    (["PORTAL", "MOUNTAIN", "LAKE"], None),
    (["PLAIN", "MOUNTAIN", "DESERT"], None),
]
_PAN_SAMPLE = 6  # placements tried per step: spread over the sorted list, to keep the suite fast


def _pan_reveal(terrains: list[str], shape: list[tuple[int, int]] | None) -> dict[str, Any]:
    data: dict[str, Any] = {"terrains": list(terrains)}
    if shape is not None:
        data["shape"] = [{"dq": dq, "dr": dr, "t": t} for (dq, dr), t in zip(shape, terrains, strict=True)]
    return data


def _pan_candidates(engine: Engine, state: State) -> list[Event]:
    """The events ``expected()`` offers, made concrete: a sample of the placements, every
    reachable space, every face-up tile with each Portal choice, each kind and count."""
    exp = engine.expected(state)
    actor = exp["actors"][0]
    options = exp["options"]
    out: list[Event] = []
    for event_type in exp["event_types"]:
        offered = options.get(event_type, {})
        if event_type == "starting_tile_declared":
            out += [Event(event_type, start, actor) for start in _PAN_STARTS]
        elif event_type == "tile_revealed":
            out += [Event(event_type, _pan_reveal(*tile), None) for tile in _PAN_TILES]
        elif event_type == "tile_taken":
            for slot in offered["display_id"]:
                for choices in offered["portal_choices"]:
                    out.append(Event(event_type, {"display_id": slot, "portal_choices": choices}, actor))
        elif event_type == "tile_placed":
            placements = offered["placements"]
            step = max(1, len(placements) // _PAN_SAMPLE)
            out += [Event(event_type, {"cells": cells}, actor) for cells in placements[::step][:_PAN_SAMPLE]]
        elif event_type == "explorer_moved":
            out += [Event(event_type, {"to": to}, actor) for to in offered["to"]]
        elif event_type == "animals_observed":
            out += [
                Event(event_type, {"kind": kind, "count": count}, actor)
                for kind in offered["kind"]
                for count in offered["count"]
            ]
        elif event_type == "wondrous_lake_placed":
            out += [Event(event_type, {"domain": d, "at": at}, actor) for d in offered["domain"] for at in offered["at"][:2]]
        else:
            out.append(Event(event_type, {}, actor))
    return out


def isle_of_pan_game(data: st.DataObject) -> GameRecipe:
    """2 to 4 players, any rules profile, first player and tile count given or not."""
    engine = engines.find("isle-of-pan")
    players = seats(data)
    options = _profile(data, engine)
    if data.draw(st.booleans(), label="first_player given"):
        options["first_player"] = data.draw(st.sampled_from(players), label="first_player")
    options["landscape_tile_count"] = data.draw(st.sampled_from([None, 9 * len(players) + 2, 12]), label="tiles")
    return legal_game(data, engine, players, options, _pan_candidates)


GAME_STRATEGIES: dict[str, GameStrategy] = {
    "panic-in-the-air": panic_in_the_air_game,
    "isle-of-pan": isle_of_pan_game,
}


# -- Pan Am --------------------------------------------------------------------------

# Cards for random games: the rulebook's region cities plus the illustrative board's.
_PA_CARDS = [
    {"city": city, "region": region}
    for city, region in sorted(ILLUSTRATIVE_BOARD["cities"].items())
]
_PA_FACES = [["AP"], ["SA", "AP"], ["PAN_AM"], ["EU"], ["SA", "PAN_AM"]]


def _pa_deal(players: list[str], offset: int) -> Event:
    pool = _PA_CARDS[offset:] + _PA_CARDS[:offset]
    hands = {name: pool[2 * i:2 * i + 2] for i, name in enumerate(players)}
    return Event("cards_dealt", {"destinations": hands, "display": pool[8:12]}, None)


def _pa_cost(area: str, space: int, scale: int) -> int:
    """A declared cost for a space seen first (rising with the space)."""
    return {"A": 0, "B": 0, "C": 2}[area] + scale * space


def _pa_paths(state: State, offered: dict[str, Any]) -> list[Event]:
    out: list[Event] = []
    for path in offered["path"]:
        pairs = offered.get("cities") or [
            route["cities"] for _, route in sorted(state["routes"].items()) if route["owner"] != "PAN_AM"
        ][:2]
        out += [Event("pan_am_expanded", {"path": path, "cities": list(pair)}, None) for pair in pairs]
        out.append(Event("pan_am_path_exhausted", {"path": path}, None))
    return out


def _panam_candidates(engine: Engine, state: State) -> list[Event]:
    """The events ``expected()`` offers, made concrete (declared costs, cards and faces drawn
    from small illustrative pools).  Directive cards and Event texts are left out: any player
    may play them, so they have no single expected actor."""
    exp = engine.expected(state)
    actor = exp["actors"][0] if exp["actors"] else None
    options = exp["options"]
    out: list[Event] = []
    for kind in exp["event_types"]:
        offered = options.get(kind, {})
        if kind == "cards_dealt":
            out += [_pa_deal(list(state["seats"]), offset) for offset in (0, 3)]
        elif kind == "event_card_revealed":
            for op in offered["stock_adjustment.op"]:
                for rolls in (0, 1, 2):
                    value = {"op": op, "value": 2 + 3 * rolls} if op == "set" else {"op": op}
                    out.append(Event(kind, {"name": f"Event {rolls}", "stock_adjustment": value, "die_rolls": rolls}, None))
        elif kind == "engineer_assigned":
            for space in offered["spaces"]:
                data: dict[str, Any] = {"area": space["area"]}
                if space["track"] is not None:
                    data.update(track=space["track"], space=space["space"])
                    data["cost"] = space["cost"] if space["cost"] is not None else _pa_cost(space["area"], space["space"], 2)
                out.append(Event(kind, data, actor))
        elif kind == "engineer_set_aside":
            out += [Event(kind, {"count": count}, actor) for count in offered["count"][:2]]
        elif kind == "airport_placed":
            out += [Event(kind, {"city": city}, actor) for city in offered["city"][:3]]
            out += [Event(kind, {"city": city, "moved_from": m}, actor) for city in offered["city"][:1] for m in offered["moved_from"][:1]]
        elif kind == "destination_taken":
            out += [Event(kind, {"slot": slot}, actor) for slot in offered["slot"]]
        elif kind == "destination_display_refilled":
            out += [Event(kind, {"slot": offered["slot"][0], "card": c}, None) for c in _PA_CARDS[:3]]
        elif kind == "route_claimed":
            for found in offered["claims"][:4]:
                data = {"cities": found["cities"], "plane": found["planes"][0], "landing_rights": found["rights"][0]}
                out.append(Event(kind, data, actor))
        elif kind == "die_rolled":
            out += [Event(kind, {"faces": faces}, None) for faces in _PA_FACES]
        elif kind in ("pan_am_expanded", "pan_am_path_exhausted"):
            if kind == "pan_am_expanded":
                out += _pa_paths(state, offered)
        elif kind == "route_sold_to_pan_am":
            out += [Event(kind, {"cities": pair}, actor) for pair in offered["cities"]]
        elif kind == "stock_bought":
            counts = offered["count"]
            out += [Event(kind, {"count": c}, actor) for c in sorted({counts[0], counts[-1], counts[len(counts) // 2]})]
        elif kind in ("directive_played", "event_effect"):
            continue
        elif kind in ("income_collected",):
            out.append(Event(kind, {}, None))
        else:
            out.append(Event(kind, {}, actor))
    return out


def pan_am_game(data: st.DataObject) -> GameRecipe:
    """2 to 4 players, any rules profile, with or without the illustrative board file."""
    engine = engines.find("pan-am")
    players = seats(data)
    options = _profile(data, engine)
    if data.draw(st.booleans(), label="board"):
        options["board"] = ILLUSTRATIVE_BOARD
        options["rulebook_facts"] = True
    if data.draw(st.booleans(), label="first_player given"):
        options["first_player"] = data.draw(st.sampled_from(players), label="first_player")
    options["cruiser_open_round"] = data.draw(st.sampled_from([3, 2]), label="cruiser")
    return legal_game(data, engine, players, options, _panam_candidates)


GAME_STRATEGIES["pan-am"] = pan_am_game


# -- Panamax -------------------------------------------------------------------------


def panamax_game(data: st.DataObject) -> GameRecipe:
    """2 to 4 players, any rules profile (the variant, the Setup Contracts on or off)."""
    engine = engines.find("panamax")
    players = seats(data)
    options = _profile(data, engine)
    options["setup_contracts_in_standard"] = data.draw(st.booleans(), label="setup contracts")
    return legal_game(data, engine, players, options, panamax_candidates)


GAME_STRATEGIES["panamax"] = panamax_game


# -- Air Alliance --------------------------------------------------------------------


def air_alliance_game(data: st.DataObject) -> GameRecipe:
    """2 to 4 players, any rules profile (the Kobe Rules' switches)."""
    engine = engines.find("air-alliance")
    players = seats(data)
    options = _profile(data, engine)
    for name, spec in engine.options.items():
        if spec.type == "bool":
            options[name] = data.draw(st.booleans(), label=name)
    return legal_game(data, engine, players, options, air_alliance_candidates)


GAME_STRATEGIES["air-alliance"] = air_alliance_game


def offered_events(engine: Engine, state: State) -> list[Event]:
    """Every event ``expected()`` offers, where each offered field lists its choices (an
    engine on ``TableEngine`` whose offers are complete, as the template's are)."""
    exp = engine.expected(state)
    out: list[Event] = []
    for event_type in exp["event_types"]:
        fields = exp["options"].get(event_type, {})
        datas: list[dict[str, Any]] = [{}]
        for name, choices in fields.items():
            datas = [{**data, name: choice} for data in datas for choice in choices]
        out += [Event(event_type, data, actor) for data in datas for actor in exp["actors"][:1]]
    return out


def template_game(data: st.DataObject) -> GameRecipe:
    """2 to 4 players, any target (the template engine, and any copy of it)."""
    engine = TemplateGame()
    players = seats(data)
    return legal_game(data, engine, players, _profile(data, engine), offered_events)


GAME_STRATEGIES["template"] = template_game
