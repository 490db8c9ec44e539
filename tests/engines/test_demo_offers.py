"""Every recorded action of every engine's demo game is among what ``expected()`` offered
just before it: its event type, and for each field the offers enumerate, the value
recorded (a list field: each of its items).  The recording page builds its buttons and
pickers from these offers, so a demo action missing from them could only be typed as
data; this walk is the necessary half of "no recorded action of the demos needs JSON"
(the browser tests record through the pickers themselves)."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module
from typing import Any

import pytest

import engines
from engines.base import Event

ENGINES = ["air-alliance", "isle-of-pan", "pan-am", "panamax", "panic-in-the-air"]


def fields_of(data: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Each field of an event's data by dotted path, objects and their fields alike."""
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            yield from fields_of(value, f"{path}.")
        yield path, value


def choices_for(offered: dict[str, Any], path: str) -> list[Any] | None:
    """The offered choices of a field: by dotted path, or flat by a nested leaf's name."""
    if isinstance(offered.get(path), list):
        return list(offered[path])
    leaf = path.split(".")[-1]
    return list(offered[leaf]) if "." in path and isinstance(offered.get(leaf), list) else None


def offered(value: Any, choices: list[Any]) -> bool:
    return value in choices or (isinstance(value, list) and all(item in choices for item in value))


@pytest.mark.parametrize("name", ENGINES)
def test_every_demo_action_is_among_the_offers_made_before_it(name: str) -> None:
    engine = engines.find(name)
    game = import_module(f"engines.{name.replace('-', '_')}.demo").demo_game()
    state = engine.setup(game["players"], game["options"])
    missing = []
    for number, recorded in enumerate(game["events"], start=1):
        event = Event(recorded["type"], recorded.get("data", {}), recorded.get("actor"))
        exp = engine.expected(state)
        if event.type not in exp["event_types"]:
            missing.append((number, event.type, "type", exp["event_types"]))
        else:
            options = exp["options"].get(event.type, {})
            for path, value in fields_of(dict(event.data)):
                choices = choices_for(options, path)
                if choices is not None and not offered(value, choices):
                    missing.append((number, event.type, path, value))
        state = engine.apply(state, event)
    assert engine.is_over(state), "the demo plays a whole game"
    assert missing == []
