"""A whole game played by a fixed rule, for the demos of engines whose data is made up:
at each step the legal candidates are weighed and a seeded die picks one, so the game is
the same every time and every event is legal when it is made.

``candidates(engine, state)`` lists concrete events (the engine's offers made concrete);
``liking(engine, state, event)`` weighs each legal one (all zero: the first is taken).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engines.base import Engine, Event, State

Candidates = Callable[[Engine, State], list[Event]]
Liking = Callable[[Engine, State, Event], float]


def choose(engine: Engine, state: State, candidates: Candidates, liking: Liking, die: random.Random) -> Event | None:
    """One legal candidate, drawn by its weight; None when no candidate is legal."""
    legal = [event for event in candidates(engine, state) if not any(v.blocks for v in engine.check(state, event))]
    if not legal:
        return None
    weights = [liking(engine, state, event) for event in legal]
    return die.choices(legal, weights=weights)[0] if any(weights) else legal[0]


def play_out(engine: Engine, players: Sequence[str], options: Mapping[str, Any], candidates: Candidates,
             liking: Liking, seed: int, most: int = 3000) -> tuple[Event, ...]:
    """The game from its set-up to its end (``most`` events at the most)."""
    state = engine.setup(list(players), dict(options))
    die = random.Random(seed)
    events: list[Event] = []
    while not engine.is_over(state) and len(events) < most:
        event = choose(engine, state, candidates, liking, die)
        if event is None:
            raise RuntimeError(f"the fixed rule found no legal {engine.name} event at step {state['step']}")
        events.append(event)
        state = engine.apply(state, event)
    return tuple(events)


def demo_record(title: str, players: Sequence[str], options: Mapping[str, Any],
                events: Sequence[Event]) -> dict[str, Any]:
    """``{"title", "players", "options", "events": [{"type", "actor", "data"}]}``, as ``recorder.demo`` loads it."""
    return {"title": title, "players": list(players), "options": dict(options),
            "events": [{"type": e.type, "actor": e.actor, "data": e.data} for e in events]}
