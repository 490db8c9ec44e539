"""Figure 4: seeking in a long game, and a batch of viewer frames against one frame.

``state_at`` at step 100 and at step 10,000 of one long game, snapshots every 100
events (the default); a second pair, steps 150 and 9,950, sits half way between
snapshots, so both fold 50 events.  Then the viewer's own request, ``GET
/api/games/<id>/frames?board=parts`` through the Flask app (JSON, boards rendered in
parts, standings, changes), for 50 frames and for one, at the same place: in the long
game, and in the Pan Am demo, whose board is the heaviest to draw; and the same with
whole boards (``board=html``), beside them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bench.appends import new_store
from recorder import close_app, create_app
from recorder.demo import load_demo_games
from recorder.store import AppendRequest

PLAYERS = ["Ana", "Ben", "Cy"]
# deck_total unknown: the deck never runs out, so the synthetic game can go on forever.
OPTIONS = {"deck_total": None}
# A real deck has 63 cards, so no table ever holds more than that on its stacks.
CARDS_ON_THE_TABLE = 60


def synthetic_events() -> Iterator[AppendRequest]:
    """A legal endless game of Panic in the Air whose table stays the size of a real one.

    Each player draws a card and drops a 100 m Fall card on itself until 60
    cards lie on the stacks; from then on, players draw twice a turn.  The
    length is artificial, the state is not: a state that grew without bound
    would measure JSON decoding of an impossible table, not seeking.
    """
    played = 0
    while True:
        for player in PLAYERS:
            yield AppendRequest(type="card_drawn", data={}, actor=player)
            if played < CARDS_ON_THE_TABLE:
                played += 1
                yield AppendRequest(
                    type="card_played", actor=player,
                    data={"target": player, "card": {"kind": "FALL", "value": 100}})
            else:
                yield AppendRequest(type="card_drawn", data={}, actor=player)


def median_seconds(action: Callable[[], Any], repeats: int) -> float:
    timings = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def long_game(path: Path, length: int) -> str:
    """A game of ``length`` synthetic events, recorded without fsync to save minutes
    (the seeks themselves are plain reads)."""
    builder = new_store(path, synchronous="OFF")
    game, token = builder.create_game("panic-in-the-air", PLAYERS, options=OPTIONS)
    events = synthetic_events()
    for _ in range(length):
        builder.append(game.id, token, next(events))
    builder.db.dispose()
    return game.id


def seek_times(path: Path, game_id: str, steps: list[int], repeats: int) -> dict[int, float]:
    """Median seconds of ``state_at`` at each of ``steps``."""
    store = new_store(path)
    for step in steps:  # warm-up
        store.state_at(game_id, step)
    try:
        return {step: median_seconds(lambda step=step: store.state_at(game_id, step), repeats) for step in steps}
    finally:
        store.db.dispose()


def frame_times(path: Path, long_game_id: str, long_step: int, repeats: int) -> dict[str, float]:
    """Median seconds of a 50-frame and a 1-frame request, in the long game at
    ``long_step`` and in the Pan Am demo half way through; each with the cache of
    board parts (``recorder/views/fragments.py``) and of answers (``recorder/http/cached_answers.py``)
    emptied first, and no answers shared on disk (``recorder/http/shared_answers.py``), so a batch gains only
    from its own frames sharing parts, never from an earlier request.  The figures are
    the viewer's own request (``board=parts``: each board part once per batch); the
    ``_html`` ones, the same frames with every board whole (``board=html``, the default)."""
    # No answers shared on disk between workers either: this figure is the drawing.
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "RATE_LIMITS": False, "FRAMES_SHARED_BYTES": 0})
    try:
        loaded = load_demo_games(app.extensions["tablescribe.store"])
        store = app.extensions["tablescribe.store"]
        pan_am = next(game_id for game_id, _, _ in loaded if store.get_game(game_id).engine == "pan-am")
        client = app.test_client()
        figures: dict[str, float] = {}
        for board, suffix in (("parts", ""), ("html", "_html")):
            for name, game_id, start in (("long", long_game_id, long_step), ("pan_am", pan_am, 100)):
                def request(count: int, game_id: str = game_id, start: int = start, board: str = board) -> None:
                    # Cold: what another request left in the board-part cache, or the answer
                    # itself kept by the frames cache, would flatter both.
                    app.jinja_env.fragments.clear()
                    app.extensions.pop("tablescribe.frames", None)
                    answer = client.get(f"/api/games/{game_id}/frames?from={start}&count={count}&board={board}")
                    assert answer.status_code == 200 and len(answer.get_json()["frames"]) == count, answer.status_code
                for count in (1, 50):
                    request(count)  # warm-up
                    figures[f"frames_{name}{suffix}_{count}_ms"] = median_seconds(lambda count=count: request(count), repeats) * 1000
                figures[f"frames_{name}{suffix}_ratio"] = (figures[f"frames_{name}{suffix}_50_ms"]
                                                          / figures[f"frames_{name}{suffix}_1_ms"])
        return figures
    finally:
        close_app(app)
