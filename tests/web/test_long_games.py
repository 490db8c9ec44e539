"""A long game's viewer: a bounded page, the log in pages, a sampled chart, caches in bytes."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest

import engines
import recorder.store.core
from bench.seek import OPTIONS, PLAYERS, synthetic_events
from recorder import close_app, create_app
from recorder.caches import VersionedCache, json_bytes
from recorder.db import make_engine
from recorder.migrate import upgrade
from recorder.store import AppendRequest, EventStore
from recorder.views.chart import MAX_POINTS, sample_points
from recorder.web.viewer_page import LOG_WINDOW
from tests.recorder.helpers import play_fall

PANIC = "panic-in-the-air"
LONG = 20_000
PAGE_BYTES = 1_000_000  # the viewer's page of a game of any length stays below this


@pytest.fixture(scope="module")
def long_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str]]:
    """An app with one game of 20,000 synthetic events (bench/seek.py's), recorded fast."""
    path = tmp_path_factory.mktemp("long") / "long.db"
    db = make_engine(f"sqlite:///{path}", sqlite_synchronous="OFF")
    upgrade(db)
    builder = EventStore(db)
    game, token = builder.create_game(PANIC, PLAYERS, "Long", options=OPTIONS)
    for request in itertools.islice(synthetic_events(), LONG):
        builder.append(game.id, token, request)
    db.dispose()
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}"})
    yield app, game.id
    close_app(app)


def log_steps(html: str) -> list[int]:
    return [int(step) for step in re.findall(r'<li class="log-entry[^"]*" data-step="(\d+)"', html)]


def test_the_viewer_page_of_a_long_game_is_bounded_and_shows_the_steps_around_the_one_asked(long_app: Any) -> None:
    app, game_id = long_app
    client = app.test_client()
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert len(html.encode()) < PAGE_BYTES
    # The last LOG_WINDOW steps, the last one current; a link to the earlier ones, none to later.
    assert log_steps(html) == list(range(LONG - LOG_WINDOW + 1, LONG + 1))
    assert re.search(rf'data-step="{LONG}" aria-current="step"', html)
    assert f'href="?step={LONG - LOG_WINDOW}" data-log-more="earlier"' in html
    assert 'data-log-more="later"' not in html

    middle = client.get(f"/games/{game_id}?step=10000&log=effective").get_data(as_text=True)
    assert log_steps(middle) == list(range(10000 - LOG_WINDOW // 2, 10000 + LOG_WINDOW // 2))
    assert re.search(r'data-step="10000" aria-current="step"', middle)
    assert 'data-log-more="later"' in middle and 'data-log-more="earlier"' in middle
    first = client.get(f"/games/{game_id}?step=3").get_data(as_text=True)
    assert log_steps(first) == list(range(0, LOG_WINDOW))  # the set-up line, then steps 1..199
    assert 'data-log-more="earlier"' not in first

    recorded = client.get(f"/games/{game_id}?step=15000&log=recorded").get_data(as_text=True)
    assert len(recorded.encode()) < PAGE_BYTES
    rows = [int(s) for s in re.findall(r'<li class="rec-row[^"]*" data-step="(\d+)"', recorded)]
    assert rows == list(range(15000 - LOG_WINDOW // 2, 15000 + LOG_WINDOW // 2))


def test_the_chart_of_a_long_game_has_at_most_the_bound_of_points(long_app: Any) -> None:
    app, game_id = long_app
    client = app.test_client()
    html = client.get(f"/games/{game_id}?step=5").get_data(as_text=True)
    assert f'data-steps="{LONG}"' in html  # a click still maps to any of the game's steps

    answer = client.get(f"/api/games/{game_id}/timeline?hidden=show").get_json()
    assert answer["steps"] == LONG and answer["sampled"] is True
    points = answer["points"]
    assert len(points) <= MAX_POINTS and points[0]["step"] == 0 and points[-1]["step"] == LONG
    state = app.extensions["tablescribe.store"].state_at(game_id).state
    final = {row["player"]: row["total"] for row in engines.find(PANIC).standings(state)["players"]}
    assert points[-1]["totals"] == final and any(final.values())
    for line in re.findall(r'<polyline[^>]* points="([^"]*)"', answer["chart_svg"]):
        assert len(line.split()) <= MAX_POINTS


def test_the_log_api_pages_a_long_game(long_app: Any) -> None:
    app, game_id = long_app
    client = app.test_client()
    whole = app.extensions["tablescribe.store"].effective_log(game_id)

    first = client.get(f"/api/games/{game_id}/log?from=0&count=50").get_json()
    assert (first["from"], first["to"], first["steps"], first["view"]) == (0, 49, LONG, "effective")
    assert first["entries"] == whole[:49]  # steps 1..49: step 0 is the set-up, no entry
    middle = client.get(f"/api/games/{game_id}/log?from=12345&count=100").get_json()
    assert (middle["from"], middle["to"]) == (12345, 12444)
    assert middle["entries"] == whole[12344:12444]
    last = client.get(f"/api/games/{game_id}/log?from={LONG - 10}&count=1000").get_json()
    assert (last["from"], last["to"]) == (LONG - 10, LONG) and last["entries"] == whole[-11:]
    recorded = client.get(f"/api/games/{game_id}/log?from=100&count=3&view=recorded").get_json()
    assert [row["step"] for row in recorded["rows"]] == [100, 101, 102]
    assert [row["seq"] for row in recorded["rows"]] == [e["seq"] for e in whole[99:102]]

    beyond = client.get(f"/api/games/{game_id}/log?from={LONG + 1}")
    assert beyond.status_code == 422
    assert "from" in beyond.get_json()["fields"] and beyond.get_json()["steps"] == LONG
    too_many = client.get(f"/api/games/{game_id}/log?count=1001")
    assert too_many.status_code == 400 and "count" in too_many.get_json()["fields"]


def test_the_log_api_is_in_the_openapi_document(client: Any) -> None:
    spec = client.get("/api/openapi.json").get_json()
    operation = spec["paths"]["/api/games/{game_id}/log"]["get"]
    assert {p["name"] for p in operation["parameters"] if p["in"] == "query"} >= {"from", "count", "view"}


# ---------------------------------------------------------------- pages of a corrected game


@pytest.fixture
def corrected(store: EventStore) -> str:
    """Notes, an undo, a void and amends spread over a dozen steps."""
    game, token = store.create_game(PANIC, PLAYERS, "Corrected")
    note = lambda text: AppendRequest(type="note", data={"text": text})  # noqa: E731
    for request in (
        note("before anything"), play_fall("Ana", 100), play_fall("Ben", 100), note("after two"),
        play_fall("Cy", 100), AppendRequest(type="undo", data={}), play_fall("Cy", 200),
        play_fall("Ana", 100), play_fall("Ben", 100), play_fall("Cy", 100), note("late"),
        AppendRequest(type="amend", data={"target_seq": 2, "event": {
            "type": "card_played", "data": {"target": "Ana", "card": {"kind": "FALL", "value": 200}}}}),
        play_fall("Ana", 100), play_fall("Ben", 100), AppendRequest(type="void", data={"target_seq": 9, "reason": "misheard", "force": True}),
        play_fall("Cy", 100), note("the end"),
    ):
        store.append(game.id, token, request)
    return game.id


def test_every_page_of_the_log_is_the_slice_of_the_whole_log(store: EventStore, corrected: str) -> None:
    whole = store.effective_log(corrected)
    steps = max(e["step"] for e in whole if e["kind"] == "event")
    for start in range(steps + 1):
        for count in (1, 2, 5, 100):
            page = store.log_page(corrected, start, count)
            wanted = [e for e in whole if start <= e.get("step", e.get("after_step")) <= start + count - 1]
            assert page.entries == wanted, (start, count)
            assert page.end == min(steps, start + count - 1)


def test_pages_of_the_recorded_log_cover_every_row_once_with_its_fate(store: EventStore, corrected: str) -> None:
    from recorder.views.log_rows import recorded_rows

    whole = recorded_rows(store.recorded_events(corrected), store.effective_log(corrected))
    steps = store.state_at(corrected).step
    for size in (1, 2, 3):
        shaped = []
        for start in range(0, steps + 1, size):
            page = store.log_page(corrected, start, size, recorded=True)
            shaped += recorded_rows(page.recorded, page.entries, page.corrected_by)
        assert shaped == whole, size
    assert any(row["fate"] for row in whole)


# ---------------------------------------------------------------- sampling, caches


def test_sampling_keeps_every_players_extremes_gaps_and_last_step() -> None:
    players = ["Ana", "Ben"]
    count = 10_000
    points = [(step, {"Ana": (step * 7919) % 1000, "Ben": None if 4000 <= step < 4003 else step % 13})
              for step in range(count)]
    points[6543][1]["Ana"] = 5000  # a peak
    points[2222][1]["Ben"] = -40  # a trough
    sampled = sample_points(players, points)
    assert len(sampled) <= MAX_POINTS
    steps = [step for step, _ in sampled]
    assert steps == sorted(set(steps)) and steps[0] == 0 and steps[-1] == count - 1
    assert 6543 in steps and 2222 in steps
    assert 4000 in steps and 4003 in steps  # where Ben's total goes unknown, and comes back
    assert all(values == points[step][1] for step, values in sampled)
    short = points[:50]
    assert sample_points(players, short) == [(s, dict(v)) for s, v in short]


def test_the_log_and_timeline_caches_stay_within_their_bytes(monkeypatch: pytest.MonkeyPatch,
                                                            store: EventStore, db_url: str) -> None:
    monkeypatch.setattr(recorder.store.core, "LOG_CACHE_BYTES", 1_500_000)
    monkeypatch.setattr(recorder.store.core, "TIMELINE_CACHE_BYTES", 1_500_000)
    small = EventStore(make_engine(db_url), snapshot_every=100)
    games = []
    for _ in range(6):
        game, token = small.create_game(PANIC, PLAYERS, options=OPTIONS)
        for request in itertools.islice(synthetic_events(), 300):
            small.append(game.id, token, request)
        games.append(game.id)
    for game_id in games:
        small.effective_log(game_id)
        small.timeline(game_id)
    held_logs = [value for _, value, _ in small._logs._entries.values()]
    assert 0 < len(held_logs) < len(games)
    assert sum(json_bytes(log) for log in held_logs) <= 1_500_000
    assert 0 < len(small._timelines) < len(games) and small._timelines.held <= 1_500_000
    small.db.dispose()


def test_a_versioned_cache_weighs_its_values() -> None:
    cache: VersionedCache[str] = VersionedCache(10, weigh=len)
    cache.put("a", 1, "aaaa")
    cache.put("b", 1, "bbbb")
    cache.put("a", 2, "AAAAAA")  # a newer version replaces the old value and its weight
    assert (cache.get("a", 1), cache.get("a", 2), cache.held) == (None, "AAAAAA", 10)
    cache.put("c", 1, "cc")  # the least recently used goes: b
    assert cache.get("b", 1) is None and cache.held == 8
    cache.put("d", 1, "d" * 11)  # heavier than the whole cache: not kept, nothing pushed out
    assert cache.get("d", 1) is None and len(cache) == 2 and cache.latest("a") == "AAAAAA"
    cache.put("a", 1, "old")  # an older version never replaces a newer one
    assert cache.get("a", 2) == "AAAAAA"
