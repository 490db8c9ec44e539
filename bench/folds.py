"""Figure 3: how fast each engine's games replay from the database, beside the
eventsourcing library replaying a trivial aggregate, in the same run.

Both sides read the events from SQLite, decode them and apply them, with no snapshot:
ours is ``EventStore.state_at(game, step)`` on a store whose snapshots are turned
off (so every call folds from the first event), theirs ``repository.get``.  The games
are the longest realistic ones there are: each engine's demo game, and for Panic in
the Air, whose demo is short, the synthetic game of figure 4 (a real table's size).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

import engines
from bench.appends import new_store
from bench.es_reference import replay_rate
from bench.seek import OPTIONS, PLAYERS, synthetic_events
from engines.base import Event
from recorder.demo import demo_games
from recorder.store import AppendRequest, EventStore

NO_SNAPSHOTS = 10**9


def _record(store: EventStore, engine: str, players: list[str], options: Any, requests: list[AppendRequest]) -> str:
    game, token = store.create_game(engine, players, options=options)
    for request in requests:
        store.append(game.id, token, request)
    return game.id


def fold_rates(folder: Path, synthetic_length: int, repeats: int) -> dict[str, float]:
    """Events per second replayed, per engine, and the eventsourcing reference's."""
    store = new_store(folder / "folds.db", synchronous="OFF", snapshot_every=NO_SNAPSHOTS)
    games: dict[str, tuple[str, int]] = {}
    for demo in demo_games():
        if demo["engine"] == "panic-in-the-air":
            events = synthetic_events()
            requests = [next(events) for _ in range(synthetic_length)]
        else:
            requests = [AppendRequest(e["type"], e.get("data", {}), e.get("actor")) for e in demo["events"]]
        engine_players = PLAYERS if demo["engine"] == "panic-in-the-air" else demo["players"]
        options = OPTIONS if demo["engine"] == "panic-in-the-air" else demo.get("options")
        games[demo["engine"]] = (_record(store, demo["engine"], engine_players, options, requests), len(requests))
    figures: dict[str, float] = {}
    for engine, (game_id, length) in games.items():
        store.state_at(game_id, length)  # warm-up
        timings = []
        for _ in range(repeats):
            started = time.perf_counter()
            frame = store.state_at(game_id, length, remember=False)
            timings.append(time.perf_counter() - started)
        assert frame.step == length
        figures[f"fold_{engine}_events_per_s"] = length / statistics.median(timings)
        figures[f"fold_{engine}_events"] = length
    store.db.dispose()
    reference = replay_rate(folder / "eventsourcing-replay.db", synthetic_length, repeats)
    figures["eventsourcing_replay_events_per_s"] = reference
    for engine in games:
        figures[f"fold_{engine}_ratio"] = figures[f"fold_{engine}_events_per_s"] / reference
    return figures


def offer_times(repeats: int) -> dict[str, float]:
    """What the recording page waits for at each step: ``expected()`` (the offers, each
    judged by the rules) averaged over every state of each engine's demo game, and the
    ``actors`` hook the store asks on each append without an actor (``expected()``'s
    actors where an engine has no hook), in milliseconds."""
    figures: dict[str, float] = {}
    for demo in demo_games():
        engine = engines.find(demo["engine"])
        state = engine.setup(demo["players"], demo.get("options") or {})
        states = [state]
        for event in demo["events"]:
            state = engine.apply(state, Event(event["type"], event.get("data", {}), event.get("actor")))
            states.append(state)
        asks = {"expected": engine.expected, "actors": engine.actors}
        for name, ask in asks.items():
            timings = []
            for _ in range(max(1, repeats // 10)):
                started = time.perf_counter()
                for one in states:
                    ask(one)
                timings.append((time.perf_counter() - started) / len(states))
            figures[f"offers_{demo['engine']}_{name}_ms"] = statistics.median(timings) * 1000
    return figures
