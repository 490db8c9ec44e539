"""How each board fact is named in the declared registry (``engines.declared``), and built.

One key per fact, the same whether the board file pre-loads it or an event declares it,
so that an event contradicting the board is a ``declared/conflict`` "by the board file":

* ``city_region:<city>``, ``route_distance:<a>|<b>`` (cities sorted),
  ``track_cost:<area>:<track>:<space>``, ``path_route:<origin>:<path>:<k>`` (the k-th
  route from the origin, 1-based), ``path_member:<origin>:<path>:<a>|<b>``;
* an Event card's face: ``event_card:<name>:stock_adjustment`` ("up", "down", "set 5"),
  ``event_card:<name>:die_rolls`` and ``event_card:<name>:text``;
* a Directive card's face: ``directive_card:<name>:timing`` ("EVENT/STOCK_PRICE"),
  ``directive_card:<name>:area`` and ``directive_card:<name>:effects`` (the effects with
  the card's own player left out, as the board writes them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.declared import Fact
from engines.pan_am.state import route_label

RULEBOOK = "the rulebook"
BOARD_FILE = "the board file"
EVENT_CARD = "event_card:"
DIRECTIVE_CARD = "directive_card:"
EVENT_FACE = ("stock_adjustment", "die_rolls", "text")
DIRECTIVE_FACE = ("timing", "area", "effects")


def region_key(city: str) -> str:
    return f"city_region:{city}"


def distance_key(key: str) -> str:
    return f"route_distance:{key}"


def cost_key(area: str, track: str, space: int) -> str:
    return f"track_cost:{area}:{track}:{space}"


def path_key(origin: str, path: str, k: int) -> str:
    return f"path_route:{origin}:{path}:{k}"


def member_key(origin: str, path: str, key: str) -> str:
    return f"path_member:{origin}:{path}:{key}"


def event_key(name: str, part: str) -> str:
    return f"{EVENT_CARD}{name}:{part}"


def directive_key(name: str, part: str) -> str:
    return f"{DIRECTIVE_CARD}{name}:{part}"


def card_part(key: str, prefix: str) -> tuple[str, str]:
    """The card name and the face part of an ``event_card:`` or ``directive_card:`` key.

    >>> card_part("event_card:Clipper: Age:die_rolls", EVENT_CARD)
    ('Clipper: Age', 'die_rolls')
    """
    name, _, part = key[len(prefix):].rpartition(":")
    return name, part


def track_label(area: str, track: str) -> str:
    """ "A1", "B3", "C Clipper"."""
    if area == "C":
        return f"C {str(track).title()}"
    return f"{area}{track}"


def region_fact(city: str, region: str) -> Fact:
    return Fact(region_key(city), region, f"The region of {city}")


def distance_fact(key: str, distance: int) -> Fact:
    return Fact(distance_key(key), distance, f"Route {route_label(key)} distance")


def cost_fact(area: str, track: str, space: int, cost: int) -> Fact:
    return Fact(cost_key(area, track, space), cost, f"The cost of {track_label(area, track)} space {space}")


def path_fact(origin: str, path: str, k: int, key: str) -> Fact:
    return Fact(path_key(origin, path, k), key, f"Route {k} of the {path} path from {origin}")


def member_fact(origin: str, path: str, key: str) -> Fact:
    return Fact(member_key(origin, path, key), True, f"Route {route_label(key)} on the {path} path from {origin}")


# -- card faces ---------------------------------------------------------------------------

_EVENT_WORDS = {"stock_adjustment": "Stock Price change", "die_rolls": "die rolls", "text": "text"}


def adjustment_words(adjustment: Any) -> str | None:
    """An Event card's Stock Price area as one word the registry keeps (None when unreadable).

    >>> adjustment_words({"op": "set", "value": 5}), adjustment_words({"op": "up", "value": None})
    ('set 5', 'up')
    """
    if not isinstance(adjustment, Mapping) or adjustment.get("op") not in ("up", "down", "set"):
        return None
    op, value = adjustment["op"], adjustment.get("value")
    if op == "set":
        return f"set {value}" if isinstance(value, int) and not isinstance(value, bool) else "set"
    return str(op)


def adjustment_of(words: Any) -> dict[str, Any]:
    """The ``stock_adjustment`` an event spells, from the registry's word (``adjustment_words``).

    >>> adjustment_of("set 5"), adjustment_of("down")
    ({'op': 'set', 'value': 5}, {'op': 'down'})
    """
    op, _, value = str(words).partition(" ")
    return {"op": op, "value": int(value)} if value.lstrip("-").isdigit() else {"op": op}


def event_facts(name: str, face: Mapping[str, Any]) -> list[Fact]:
    """The face of an Event card (what it shows besides its round) as registry facts."""
    values = {"stock_adjustment": adjustment_words(face.get("stock_adjustment")),
              "die_rolls": face.get("die_rolls") if _is_int(face.get("die_rolls")) else None,
              "text": face.get("text") if isinstance(face.get("text"), str) else None}
    return [Fact(event_key(name, part), value, f"The {_EVENT_WORDS[part]} of Event card {name!r}")
            for part, value in values.items() if value is not None]


def timing_words(timing: Any) -> str | None:
    """ "EVENT/STOCK_PRICE": what a Directive card prints (its phase in black, step in red)."""
    if not isinstance(timing, Mapping) or not isinstance(timing.get("phase"), str) or not isinstance(timing.get("step"), str):
        return None
    return f"{timing['phase']}/{timing['step']}"


def timing_of(words: Any) -> dict[str, str]:
    phase, _, step = str(words).partition("/")
    return {"phase": phase, "step": step}


def plain_effects(effects: Any, player: str | None) -> list[dict[str, Any]] | None:
    """A card's effects as a board writes them: the card's own ``player`` left out (it is the
    default) and empty fields dropped, so that a played card and its board face compare.

    >>> plain_effects([{"kind": "money", "player": "Ruby", "amount": 3}, {"kind": "peek", "player": "Ruby"}], "Ruby")
    [{'kind': 'money', 'amount': 3}, {'kind': 'peek'}]
    """
    if not isinstance(effects, Sequence) or isinstance(effects, str):
        return None
    out = []
    for effect in effects:
        if not isinstance(effect, Mapping):
            return None
        out.append({k: v for k, v in effect.items() if v is not None and not (k == "player" and v == player)})
    return out


def directive_facts(name: str, timing: Any, area: Any, effects: list[dict[str, Any]] | None) -> list[Fact]:
    """The face of a Directive card as registry facts (the parts known)."""
    facts = []
    words = timing_words(timing)
    if words is not None:
        facts.append(Fact(directive_key(name, "timing"), words, f"The timing of Directive card {name!r}"))
    if isinstance(area, str):
        facts.append(Fact(directive_key(name, "area"), area, f"The area of Directive card {name!r}"))
    if effects is not None:
        facts.append(Fact(directive_key(name, "effects"), effects, f"The effects of Directive card {name!r}"))
    return facts


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
