"""What checking the writer's credential in the event write's compare-and-set costs.

Every append checks its token in the database (recorder/credentials.py), so that a
revocation holds at once in every instance: the owner's digest against the game row, a
device's through ``device_credentials``' unique index, inside the ``UPDATE games`` the
event write runs anyway.  This measures appends through ``EventStore.append`` with the
owner's token and with a device's, and the compare-and-set alone with and without the
check (same disk, WAL, ``synchronous=FULL``; rounds interleaved).

    .venv/bin/python -m bench.credential_check [--count 2000]
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from pathlib import Path

from bench.appends import _floor_row, new_store
from recorder.store import AppendRequest
from recorder.store.writes import DriverStatements

ROUNDS = 5
DRAWS_PER_GAME = 10  # a three-player Panic deck allows a few more: well inside it
OLD_ADVANCE = "UPDATE games SET version = ?, status = ? WHERE id = ? AND version = ?"


def store_appends(path: Path, count: int) -> dict[str, float]:
    """µs per append of a draw, the games (and their device tokens) made before the clock starts."""
    store = new_store(path)
    games: dict[str, list[tuple[str, str]]] = {"owner": [], "device": []}
    for _ in range(count // DRAWS_PER_GAME):
        game, owner = store.create_game("panic-in-the-air", ["Ana", "Ben", "Cy"])
        games["owner"].append((game.id, owner))
        game, owner = store.create_game("panic-in-the-air", ["Ana", "Ben", "Cy"])
        invite = store.credentials.invite(store.credentials.writer(game, owner))
        games["device"].append((game.id, store.credentials.exchange(game.id, invite.code, "bench")[0]))
        store.append(game.id, games["device"][-1][1], AppendRequest(type="card_drawn", data={}))  # seen once
    times = {"owner": 0.0, "device": 0.0}
    per_round = len(games["owner"]) // ROUNDS
    for round_ in range(ROUNDS):
        for name in times:
            chosen = games[name][round_ * per_round:(round_ + 1) * per_round]
            started = time.perf_counter()
            for game_id, token in chosen:
                for _ in range(DRAWS_PER_GAME - 1):
                    store.append(game_id, token, AppendRequest(type="card_drawn", data={}))
            times[name] += time.perf_counter() - started
    store.db.dispose()
    done = per_round * ROUNDS * (DRAWS_PER_GAME - 1)
    return {name: seconds / done * 1e6 for name, seconds in times.items()}


def compare_and_set(path: Path, count: int) -> dict[str, float]:
    store = new_store(path)
    game = store.create_game("panic-in-the-air", ["Ana", "Ben", "Cy"])[0]
    sql = DriverStatements(store.db)
    store.db.dispose()
    conn = sqlite3.connect(path, isolation_level=None)
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
        conn.execute(f"PRAGMA {pragma}")
    version = 0
    times = {"without check": 0.0, "with check": 0.0}
    for _ in range(ROUNDS):
        for name in times:
            started = time.perf_counter()
            for _ in range(count // ROUNDS):
                conn.execute("BEGIN IMMEDIATE")
                conn.execute(sql.insert_event, _floor_row(game.id, version + 1))
                if name == "with check":
                    conn.execute(sql.advance, (version + 1, "in_progress", game.id, version,
                                               game.write_token_hash, game.write_token_hash, game.id))
                else:
                    conn.execute(OLD_ADVANCE, (version + 1, "in_progress", game.id, version))
                conn.execute("COMMIT")
                version += 1
            times[name] += time.perf_counter() - started
    conn.close()
    return {name: seconds / count * 1e6 for name, seconds in times.items()}


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        appends = store_appends(Path(folder) / "store.db", args.count)
        floor = compare_and_set(Path(folder) / "floor.db", args.count)
    figures = {f"append µs, {k} token": v for k, v in appends.items()}
    figures |= {f"insert + compare-and-set µs, {k}": v for k, v in floor.items()}
    for name, value in figures.items():
        print(f"{name:45} {value:8.1f}")
    return figures


if __name__ == "__main__":
    main()
