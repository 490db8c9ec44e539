"""Checks for the Pan Am phase: PA-P1..P8 (expansion and offers), PA-I1..I2 (income),
PA-K1..K2 and PA-R4 (the Stock step)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.pan_am.facts import path_key
from engines.pan_am.state import PAN_AM_MARKERS, STOCK_UNITS, route_key, route_label
from engines.pan_am.table import income_formula, phase_words

EXPANSION = "4. Pan Am Phase: Expansion Step"
SELLING = "Selling Routes to Pan Am"
INCOME = "4. Pan Am Phase: Income Step"
STOCK = "4. Pan Am Phase: Stock Step"
COMPONENTS = "Components"
PATH_WORDS = {"SA": "South American", "EU": "European", "AP": "Asian-Pacific"}


def guard_roll(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    exp = state["expansion"]
    # PA-P1: as many rolls as the Event card shows, each resolved before the next.
    if state["phase"] != "EXPANSION":
        return [Violation("PA-P1", EXPANSION, f"The Pan Am die is rolled in the Expansion step, not in {_phase(state)}")]
    if exp["paths_due"] or exp["offers_due"]:
        return [Violation("PA-P1", EXPANSION, "Resolve the last roll before rolling again")]
    if len(exp["rolls"]) >= exp["rolls_expected"]:
        return [Violation("PA-P1", EXPANSION, f"The Event card shows the die {exp['rolls_expected']} times; all are rolled")]
    return []


def _phase(state: State) -> str:
    return phase_words(state)


def check_roll(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    faces = list(data.get("faces") or [])
    # PA-P2: a face shows one or more of the four symbols, each once.
    if not faces or len(set(faces)) != len(faces):
        return [Violation("PA-P2", EXPANSION, f"A face of the Pan Am die shows one or more different symbols, not {', '.join(map(str, faces)) or 'none'}")]
    return []


def guard_path(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    due = state["expansion"]["paths_due"] if state["phase"] == "EXPANSION" else []
    path = data.get("path")
    # PA-P3: one expansion per path symbol rolled.
    if path not in due:
        waiting = f" (due: {', '.join(due)})" if due else ""
        return [Violation("PA-P3", EXPANSION, f"No roll has sent Pan Am along the {PATH_WORDS.get(str(path), path)} path{waiting}")]
    return []


def _first_open(state: State, path: str) -> tuple[list[str] | None, str | None]:
    """The board's list for the path from the origin, and its first route that is not Pan Am's."""
    listed = ((state["board"].get("paths") or {}).get(state["options"]["origin"]) or {}).get(path)
    if listed is None:
        return None, None
    first = next((key for key in listed if state["routes"].get(key, {}).get("owner") != "PAN_AM"), None)
    return listed, first


def check_expanded(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    cities = [str(c) for c in data.get("cities") or []]
    if len(cities) != 2 or cities[0] == cities[1]:
        return [Violation("PA-D7", EXPANSION, f"A route joins two different cities, not {' and '.join(cities)}")]
    key, path = route_key(cities), str(data.get("path"))
    origin = state["options"]["origin"]
    words = f"the {PATH_WORDS[path]} path from {origin}"
    # PA-P4: "follow each indicated path out from Miami until you find a Route that is not claimed by Pan Am".
    if state["routes"].get(key, {}).get("owner") == "PAN_AM":
        return [Violation("PA-P4", EXPANSION, f"Route {route_label(key)} is already Pan Am's: follow {words} further")]
    listed, first = _first_open(state, path)
    if listed is not None:
        if first is None:
            return [Violation("PA-P4", EXPANSION, f"Every route on {words} is Pan Am's: record pan_am_path_exhausted")]
        if key != first:
            return [Violation("PA-P4", EXPANSION, f"The first route on {words} not yet Pan Am's is {route_label(first)}, not {route_label(key)}")]
        return _markers(state)
    out = _position_problems(state, key, path, origin, data.get("position"), words)
    out.append(Violation("PA-P4", EXPANSION, f"The board's paths are not known: cannot confirm {route_label(key)} is the first route on {words} not yet Pan Am's", "unverified"))
    return out + _markers(state)


def _position_problems(state: State, key: str, path: str, origin: str, position: Any, words: str) -> list[Violation]:
    """Without the board's list: the declared position agrees with earlier ones, and every
    earlier known position on the path is Pan Am's."""
    if not isinstance(position, int):
        return []
    out: list[Violation] = []
    prefix = f"path_route:{origin}:{path}:"
    for k_key, entry in state["declared"].items():
        if k_key.startswith(prefix) and entry["value"] == key and k_key != path_key(origin, path, position):
            where = f"at event {entry['at']}" if isinstance(entry["at"], int) else f"by {entry['at']}"
            message = f"Route {route_label(key)} was declared route {k_key[len(prefix):]} of {words} {where}; this declares {position}"
            out.append(Violation("declared/conflict", "Declared data", message))
    for k in range(1, position):
        entry = state["declared"].get(path_key(origin, path, k))
        if entry is not None and entry["value"] != key and state["routes"].get(entry["value"], {}).get("owner") != "PAN_AM":
            out.append(Violation("PA-P4", EXPANSION, f"Route {k} of {words} ({route_label(entry['value'])}) is not Pan Am's yet: it comes first"))
    return out


def _markers(state: State) -> list[Violation]:
    # PA-P8: 40 Pan Am Route Markers in the box.
    if state["pan_am_markers"] >= PAN_AM_MARKERS:
        return [Violation("PA-P8", COMPONENTS, f"All {PAN_AM_MARKERS} Pan Am Route Markers are on the board", "warning")]
    return []


def check_exhausted(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    path = str(data.get("path"))
    words = f"the {PATH_WORDS[path]} path from {state['options']['origin']}"
    listed, first = _first_open(state, path)
    # PA-P4: only a path with no route left for Pan Am is exhausted.
    if listed is None:
        return [Violation("PA-P4", EXPANSION, f"The board's paths are not known: cannot confirm every route on {words} is Pan Am's", "unverified")]
    if first is not None:
        return [Violation("PA-P4", EXPANSION, f"{route_label(first)} on {words} is not Pan Am's yet")]
    return []


def guard_offer(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    exp = state["expansion"]
    due = exp["offers_due"] if state["phase"] == "EXPANSION" and not exp["paths_due"] else []
    # PA-P6: "Starting with the first player, each player may sell one Route they own to Pan Am."
    if not due:
        return [Violation("PA-P6", EXPANSION, "Pan Am is not offering to buy routes now")]
    if who != due[0]:
        return [Violation("PA-P6", EXPANSION, f"Pan Am's offer goes to {due[0]} now, not {who}")]
    return []


def check_sold(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    cities = [str(c) for c in data.get("cities") or []]
    key = route_key(cities) if len(cities) == 2 else "|".join(cities)
    # PA-P6 / PA-P7: one route the player owns, anywhere on the board.
    if state["routes"].get(key, {}).get("owner") != who:
        return [Violation("PA-P6", SELLING, f"{who} does not own route {route_label(key)}")]
    return _markers(state)


def guard_income(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # PA-I1: income is collected once, after the Expansion step.
    if state["phase"] != "INCOME":
        return [Violation("PA-I1", INCOME, f"Income is collected after Pan Am's expansion, not in {_phase(state)}")]
    return []


def check_income(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out: list[Violation] = []
    amounts = data.get("amounts") or {}
    for name, amount in amounts.items():
        player = state["players"].get(name)
        # PA-I1: "Each player earns the amount of Money indicated by their Income Tracker."
        if player is None:
            out.append(Violation("PA-I1", INCOME, f"{name!r} is not a player in this game"))
        elif amount != player["income"]:
            out.append(Violation("PA-I1", INCOME, f"{name}'s Income Tracker shows ${player['income']}, not ${amount}"))
    for name in state["seats"]:
        formula = income_formula(state, name)
        tracker = state["players"][name]["income"]
        # PA-I2: "add the number of your Airports on the board to the sum of the distances of your Routes".
        if formula is not None and formula != tracker:
            message = f"{name}'s Income Tracker shows {tracker}, but Airports plus route distances make {formula}"
            out.append(Violation("PA-I2", INCOME, message, "warning"))
    return out


def guard_stock(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # PA-K1: "Starting with the First Player, each player may buy".
    if state["phase"] != "STOCK":
        return [Violation("PA-K1", STOCK, f"Stock is bought in the Stock step, not in {_phase(state)}")]
    if who != state["turn"]:
        return [Violation("PA-K1", STOCK, f"It is {state['turn']}'s turn to buy Stock, not {who}'s")]
    return []


def check_stock(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    count = data.get("count")
    if not isinstance(count, int):
        return [Violation("PA-K1", STOCK, f"Name how many Stock {who} buys, not {count!r}")]
    # PA-R4: "This is the only time you are allowed to sell Stock" (to cover a bid).
    if count < 0:
        return [Violation("PA-R4", "Bid Too Much?", f"{who} cannot sell Stock ({count}): Stock is sold only to cover a bid")]
    price = state["stock_price"]
    money = state["players"][who]["money"]
    if count and (price is None or price < 1):
        return [Violation("PA-K1", STOCK, f"The Stock Price is {'not set' if price is None else f'${price}'}: no Stock can be bought")]
    # PA-K1: "as much Stock as they wish to pay for".
    if count and count * price > money:
        most = money // price if price else 0
        return [Violation("PA-K1", STOCK, f"{who} has ${money}: {count} Stock at ${price} cost ${count * price} (at most {most})")]
    held = sum(p["stock"] for p in state["players"].values()) + count
    # PA-K2: 60 Stock cards worth 140 Stock in the box.
    if held > STOCK_UNITS:
        return [Violation("PA-K2", COMPONENTS, f"The players would hold {held} Stock; the box has {STOCK_UNITS}", "warning")]
    return []
