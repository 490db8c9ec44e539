"""Frames answers shared by the worker processes through files (recorder/http/shared_answers.py):
drawn once across processes, bounded in bytes, and never served when damaged."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from pathlib import Path
from typing import Any

import pytest

from recorder import close_app, create_app
from recorder.api import replay
from recorder.http.cached_answers import Stored, stored
from recorder.http.shared_answers import SUFFIX, TRIM_EVERY, SharedAnswers
from tests.web.test_frames_cache import named, played  # noqa: F401  (a fixture)


def entry(n: int, pad: int = 5000) -> Stored:
    return stored(json.dumps({"n": n, "pad": os.urandom(pad).hex()}).encode(), n)


def counting_draws(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    real = replay.frames_answer

    def counted(game_id: str, args: dict[str, Any]) -> dict[str, Any]:
        drawn.append(game_id)
        return real(game_id, args)

    monkeypatch.setattr(replay, "frames_answer", counted)
    return drawn


def test_a_second_app_on_the_same_folder_serves_what_the_first_drew(
        app: Any, played: Any, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    _, game_id, _ = played
    drawn = counting_draws(monkeypatch)
    first = app.test_client().get(named(game_id, 4))
    other = create_app({"TESTING": True, "DATABASE_URL": app.config["DATABASE_URL"], "SNAPSHOT_EVERY": 5,
                        "FRAMES_SHARED_DIR": app.config["FRAMES_SHARED_DIR"]})
    try:
        second = other.test_client().get(named(game_id, 4))
        plain = other.test_client().get(f"/api/games/{game_id}/frames?from=0&count=20&board=parts")
    finally:
        close_app(other)
    assert drawn == [game_id]  # drawn by the first app only
    assert second.get_json() == plain.get_json() == first.get_json()
    assert second.headers["ETag"] == first.headers["ETag"]
    assert second.headers["Cache-Control"] == first.headers["Cache-Control"]


def test_without_shared_bytes_each_app_draws_its_own(
        app: Any, played: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:  # noqa: F811
    _, game_id, _ = played
    drawn = counting_draws(monkeypatch)
    apps = [create_app({"TESTING": True, "DATABASE_URL": app.config["DATABASE_URL"], "FRAMES_SHARED_BYTES": 0,
                        "FRAMES_SHARED_DIR": str(tmp_path / "unused")}) for _ in range(2)]
    try:
        for each in apps:
            assert each.test_client().get(named(game_id, 4)).status_code == 200
    finally:
        for each in apps:
            close_app(each)
    assert drawn == [game_id, game_id] and not (tmp_path / "unused").exists()


def slow_draw(folder: str, log: str) -> None:
    """In a process of its own: ask for one answer, drawing it slowly if nobody has."""
    def make() -> tuple[int, Stored]:
        with open(log, "a") as file:
            file.write(f"{os.getpid()}\n")
        time.sleep(0.5)
        return 3, stored(b'{"drawn": true}', "k", 3)

    version, answer = SharedAnswers(Path(folder), 1 << 20, scope="s").made("k", 3, make)
    assert version == 3 and answer.etag == stored(b"", "k", 3).etag


def test_two_processes_asking_at_once_draw_once(tmp_path: Path) -> None:
    log = tmp_path / "draws"
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=slow_draw, args=(str(tmp_path / "shared"), str(log))) for _ in range(2)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(30)
    assert [process.exitcode for process in processes] == [0, 0]
    assert len(log.read_text().split()) == 1


def test_the_files_stay_within_their_bytes_and_the_recently_read_stay(tmp_path: Path) -> None:
    one = len(entry(0).gzipped) + 60
    capacity = 10 * one
    shared = SharedAnswers(tmp_path, capacity, scope="s")
    shared.put("read", 1, entry(-1))
    for n in range(40):
        shared.put(f"g/{n}", 1, entry(n))
        assert shared.held() <= capacity + capacity // TRIM_EVERY + one
        if n % 3 == 0:
            time.sleep(0.01)  # mtimes apart
            assert shared.get("read", 1) is not None  # read now and then: kept
    assert shared.get("g/0", 1) is None and shared.get("g/39", 1) is not None


def test_a_damaged_or_foreign_file_is_ignored_and_drawn_again(tmp_path: Path) -> None:
    shared = SharedAnswers(tmp_path, 1 << 20, scope="s")
    shared.put("k", 1, entry(1))
    path = tmp_path / (shared.name("k", 1) + SUFFIX)
    whole = path.read_bytes()
    path.write_bytes(whole[:-10])  # cut short, as a crash before the data reached the disk leaves it
    assert shared.get("k", 1) is None and not path.exists()
    path.write_bytes(whole[:20])
    assert shared.get("k", 1) is None
    path.write_bytes(whole)
    os.replace(path, tmp_path / (shared.name("k", 2) + SUFFIX))  # a file under another version's name
    assert shared.get("k", 2) is None
    drawn = shared.made("k", 1, lambda: (1, entry(7)))
    assert shared.get("k", 1) == drawn[1]


def test_a_half_written_file_is_never_served_and_is_removed_once_stale(tmp_path: Path) -> None:
    shared = SharedAnswers(tmp_path, 1 << 20, scope="s")
    name = shared.name("k", 1)
    left = tmp_path / f".{name}.123.456.tmp"
    left.write_bytes(b"TSA1 half")
    assert shared.get("k", 1) is None
    shared.trim()
    assert left.exists()  # perhaps being written right now
    os.utime(left, (time.time() - 3600, time.time() - 3600))
    shared.trim()
    assert not left.exists()
