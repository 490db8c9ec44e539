"""Frames answers kept once drawn: cached for good at a URL naming the version and the
build, revalidated by ETag otherwise, sent gzip to clients that take it (recorder/http/cached_answers.py)."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from recorder.build import build_id
from recorder.http.cached_answers import AnswerCache, stored
from recorder.store import AppendRequest, EventStore
from tests.recorder.helpers import PLAYERS, draw, play_fall

PANIC = "panic-in-the-air"


@pytest.fixture
def played(app: Any) -> tuple[EventStore, str, str]:
    store: EventStore = app.extensions["tablescribe.store"]
    game, token = store.create_game(PANIC, PLAYERS, "Cached")
    for request in (draw(), play_fall("Ben", 300), draw(), draw()):
        store.append(game.id, token, request)
    return store, game.id, token


def named(game_id: str, version: int, build: str | None = None, start: int = 0) -> str:
    return (f"/api/games/{game_id}/frames?from={start}&count=20&board=parts"
            f"&version={version}&build={build or build_id()}")


def test_an_answer_naming_the_version_and_build_is_cached_for_good(client: Any, played: Any) -> None:
    _, game_id, _ = played
    answer = client.get(named(game_id, 4))
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert answer.headers["ETag"].startswith('W/"') and answer.headers["Vary"] == "Accept-Encoding"
    assert [frame["step"] for frame in answer.get_json()["frames"]] == [0, 1, 2, 3, 4]


def test_an_answer_without_the_version_or_with_another_build_is_revalidated(client: Any, played: Any) -> None:
    _, game_id, _ = played
    plain = client.get(f"/api/games/{game_id}/frames?from=0&count=20&board=parts")
    other_build = client.get(named(game_id, 4, build="0123456789ab"))
    assert plain.headers["Cache-Control"] == other_build.headers["Cache-Control"] == "no-cache"
    assert plain.get_json() == other_build.get_json() == client.get(named(game_id, 4)).get_json()


def test_a_client_holding_the_answer_gets_304_without_a_body(client: Any, played: Any) -> None:
    _, game_id, _ = played
    etag = client.get(named(game_id, 4)).headers["ETag"]
    again = client.get(named(game_id, 4), headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
    other = client.get(named(game_id, 4, start=2), headers={"If-None-Match": etag})
    assert other.status_code == 200  # another window: another validator


def test_gzip_is_sent_to_a_client_that_takes_it_and_holds_the_same_json(client: Any, played: Any) -> None:
    _, game_id, _ = played
    plain = client.get(named(game_id, 4))
    packed = client.get(named(game_id, 4), headers={"Accept-Encoding": "gzip, deflate, br"})
    assert "Content-Encoding" not in plain.headers and packed.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(packed.data)) == plain.get_json()
    assert len(packed.data) < len(plain.data) / 3


def test_a_new_event_or_a_correction_is_seen_at_the_new_version(client: Any, played: Any) -> None:
    store, game_id, token = played
    assert client.get(named(game_id, 4)).get_json()["steps"] == 4
    store.append(game_id, token, play_fall("Cy", 200))
    moved = client.get(named(game_id, 5))
    assert moved.get_json()["steps"] == 5 and moved.headers["Cache-Control"].endswith("immutable")
    # Asked at a version it no longer is: the current answer, to be revalidated.
    stale = client.get(named(game_id, 4))
    assert stale.headers["Cache-Control"] == "no-cache" and stale.get_json()["steps"] == 5
    store.append(game_id, token, AppendRequest(type="undo"))
    # What version 5 was stays what it was (the viewer's stream says the version moved on).
    assert client.get(named(game_id, 5)).get_json()["steps"] == 5
    undone = client.get(named(game_id, 6))
    assert undone.headers["Cache-Control"].endswith("immutable")
    assert (undone.get_json()["version"], undone.get_json()["steps"]) == (6, 4)


def test_the_viewer_page_names_the_build_its_frames_are_asked_with(client: Any, played: Any) -> None:
    _, game_id, _ = played
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'"build": "{build_id()}"' in page or f'"build":"{build_id()}"' in page


def test_the_cache_holds_at_most_its_bytes_of_compressed_answers() -> None:
    entries = {f"g/{n}": stored(json.dumps({"n": n, "pad": "x" * 5000}).encode(), n) for n in range(20)}
    weights = {key: len(entry.gzipped) + 200 for key, entry in entries.items()}
    capacity = 5 * max(weights.values())
    cache = AnswerCache(capacity_bytes=capacity)
    for key, entry in entries.items():
        cache.put(key, 1, entry)
    kept = [key for key in entries if cache.get(key, 1) is not None]
    assert kept == list(entries)[-len(kept):] and len(kept) in (5, 6)  # the newest, by bytes
    assert cache.held == sum(weights[key] for key in kept) <= capacity
    assert cache.held + weights[list(entries)[-len(kept) - 1]] > capacity  # the next older did not fit
