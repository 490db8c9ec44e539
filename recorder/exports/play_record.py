"""A finished game as a play record, for the players' own logging apps.

Logging apps want the result, not the history: when, which game, who played, their
scores, who won.  The shape is documented in ``docs/formats/tablescribe-play-v1.schema.json``.
``chain_head`` (the last event's hash) ties the record to the full export it came from.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from recorder.errors import StoreError

FORMAT = "tablescribe-play"
FORMAT_VERSION = 1


class NotFinished(StoreError):
    """A play record is a result, and an unfinished game has none yet."""

    status = 409
    error = "not_finished"


def play_record(document: Mapping[str, Any], engine_title: str) -> dict[str, Any]:
    """The record of the game a tablescribe-game ``document`` (``game_json``) holds: built
    from the export, so the result, the time and the chain head belong to one version.

    >>> game = {"id": "g1", "title": "Friday", "engine": "pan-am", "rules_version": "1", "status": "finished",
    ...         "created_at": "2026-11-27T19:02:00.000000Z", "options": {}, "players": [{"name": "Ann"}, {"name": "Bob"}]}
    >>> events = [{"recorded_at": "2026-11-27T20:47:30.000000Z", "hash": "ab"}]
    >>> standings = {"final": True, "winners": ["Bob"], "players": [
    ...     {"player": "Bob", "total": 41, "rank": 1, "breakdown": {"stock": 41}, "status": "won"},
    ...     {"player": "Ann", "total": 30, "rank": 2, "breakdown": {"stock": 30}, "status": "lost"}]}
    >>> record = play_record({"game": game, "events": events, "standings": standings}, "Pan Am")
    >>> record["date"], record["duration_minutes"], record["winners"]
    ('2026-11-27', 106, ['Bob'])
    >>> [(p["name"], p["seat"], p["score"], p["winner"]) for p in record["players"]]
    [('Ann', 1, 30, False), ('Bob', 2, 41, True)]
    """
    game, events, standings = document["game"], document["events"], document["standings"]
    if game["status"] != "finished" or not events:
        raise NotFinished(f"Game {game['id']} is not finished: a play record needs a result")
    by_name = {row["player"]: row for row in standings["players"]}
    winners = list(standings.get("winners") or [])
    players = []
    for seat, player in enumerate(game["players"], start=1):
        row = by_name.get(player["name"], {})
        players.append({"name": player["name"], "seat": seat, "score": row.get("total"), "rank": row.get("rank"),
                        "winner": player["name"] in winners, "breakdown": dict(row.get("breakdown") or {})})
    started_at, ended_at = game["created_at"], events[-1]["recorded_at"]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": {"id": game["id"], "title": game["title"], "engine": game["engine"], "name": engine_title,
                 "rules_version": game["rules_version"], "options": game["options"]},
        "date": started_at[:10],
        "started_at": started_at,
        "ended_at": ended_at,
        "duration_minutes": _minutes_between(started_at, ended_at),
        "players": players,
        "winners": winners,
        "chain_head": events[-1]["hash"],
    }


def _minutes_between(start: str, end: str) -> int | None:
    """Whole minutes from ``start`` to ``end`` (ISO 8601), or None if either is unreadable."""
    try:
        seconds = (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()
    except (ValueError, TypeError):  # unreadable, or one with a zone and one without
        return None
    return max(0, round(seconds / 60))
