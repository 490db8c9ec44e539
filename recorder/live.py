"""Waking live streams when a game moves, in every app instance that serves it.

A viewer's stream (``/api/games/<id>/stream``) may be served by one app process
while the table records through another.  Both only share the database, so the
database is what tells one process about the other's writes:

- **PostgreSQL**: the store sends ``NOTIFY tablescribe_games, '<game id>'`` in the
  transaction that stores an event (so it is delivered only if the event is).
  One listening connection per process, in a daemon thread, counts the
  notifications per game and wakes the streams waiting on that game.  A stream
  still re-reads the version every ``LIVE_HEARTBEAT_SECONDS`` (and writes a
  keep-alive, which is how a stream whose viewer left finds out), and every
  ``LIVE_POLL_SECONDS`` while the listener is down, so a lost connection delays
  an update but never loses it.
- **SQLite** has no notifications, and all its writers are on one machine: the
  stream re-reads the version every ``LIVE_POLL_SECONDS``.

A stream takes a *mark* before it reads the version and waits from that mark, so
a notification that arrives between the read and the wait is not missed.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from sqlalchemy import Engine

LIVE_CHANNEL = "tablescribe_games"
RECONNECT_SECONDS = 1.0  # doubled after each failed attempt, up to RECONNECT_MAX_SECONDS
RECONNECT_MAX_SECONDS = 30.0
LISTEN_TICK_SECONDS = 1.0
MAX_COUNTED_GAMES = 10_000
# A connection to an unreachable host gives up, and one whose peer vanished without a
# word (a half-open TCP connection) is noticed, instead of listening to nothing.
CONNECTION_CHECKS: dict[str, Any] = {"connect_timeout": 5, "keepalives": 1, "keepalives_idle": 10,
                     "keepalives_interval": 5, "keepalives_count": 3}  # past this, start counting afresh (waking every stream once)

log = logging.getLogger(__name__)


class Watch(Protocol):
    def mark(self, game_id: str) -> int:
        """A position to wait from; take it before reading the game's version."""

    def wait(self, game_id: str, mark: int, timeout: float) -> bool:
        """Return when the game may have moved since ``mark`` (True), or after
        ``timeout`` (False)."""

    def interval(self, poll: float, heartbeat: float) -> float:
        """How long a stream may wait before it re-reads the version anyway."""

    def stop(self) -> None:
        """Let go of whatever the watch holds open."""


class PollingWatch:
    """No notifications: every wait is a poll."""

    def mark(self, game_id: str) -> int:
        return 0

    def wait(self, game_id: str, mark: int, timeout: float) -> bool:
        time.sleep(timeout)
        return False

    def interval(self, poll: float, heartbeat: float) -> float:
        return poll

    def stop(self) -> None:
        pass


class NotifyWatch:
    """PostgreSQL LISTEN in a daemon thread, started by the first stream of the
    process (after the server forks its workers, never in its main process)."""

    def __init__(self, conninfo: str):
        self._conninfo = conninfo
        self._changed = threading.Condition()
        self._counts: dict[str, int] = {}
        self._epoch = 0  # moves when the listener connects or drops: every game may have moved
        self._listening = False
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._subscribers: list[Callable[[str | None], None]] = []

    def subscribe(self, wake: Callable[[str | None], None]) -> None:
        """Also call ``wake(game_id)`` on every notification (``None``: any game may have
        moved), from the listening thread: how the event-loop streams of
        ``recorder.live_async`` are woken without a thread each."""
        with self._changed:
            self._subscribers.append(wake)
        self._ensure_started()

    def _tell(self, game_id: str | None) -> None:
        for wake in list(self._subscribers):
            try:
                wake(game_id)
            except Exception:  # a closed loop must not end the listener
                log.exception("live follow: a subscriber failed")

    @property
    def listening(self) -> bool:
        return self._listening

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def mark(self, game_id: str) -> int:
        self._ensure_started()
        with self._changed:
            return self._position(game_id)

    def wait(self, game_id: str, mark: int, timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: self._position(game_id) != mark, timeout)

    def interval(self, poll: float, heartbeat: float) -> float:
        return heartbeat if self._listening else poll

    def stop(self) -> None:
        self._stopping.set()

    def _ensure_started(self) -> None:
        """Start the listener, or start it again if it died: after a fork the thread is
        not there (threads do not survive fork), and any unexpected error ends it."""
        with self._changed:
            if self._stopping.is_set() or (self._thread is not None and self._thread.is_alive()):
                return
            self._thread = threading.Thread(target=self._listen_forever, name="tablescribe-live", daemon=True)
            self._thread.start()

    def _listen_forever(self) -> None:
        import psycopg

        delay = RECONNECT_SECONDS
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True, **CONNECTION_CHECKS) as conn:
                    conn.execute(f"LISTEN {LIVE_CHANNEL}")
                    self._set_listening(True)
                    delay = RECONNECT_SECONDS
                    while not self._stopping.is_set():
                        for notice in conn.notifies(timeout=LISTEN_TICK_SECONDS):
                            self._wake(notice.payload)
            except Exception as exc:  # whatever ends the connection, the streams must poll meanwhile
                log.warning("live follow: no LISTEN connection (%s); streams poll until it is back, retrying in %.0f s",
                            type(exc).__name__, delay)
            finally:
                self._set_listening(False)
            self._stopping.wait(delay)
            delay = min(delay * 2, RECONNECT_MAX_SECONDS)

    def _set_listening(self, listening: bool) -> None:
        with self._changed:
            self._listening = listening
            self._epoch += 1  # streams that waited through the gap re-read the version now
            self._changed.notify_all()
        self._tell(None)

    def _position(self, game_id: str) -> int:
        # Only ever grows for a game, so it differs from any mark taken before a change.
        return self._epoch + self._counts.get(game_id, 0)

    def _wake(self, game_id: str) -> None:
        with self._changed:
            if game_id not in self._counts and len(self._counts) >= MAX_COUNTED_GAMES:
                # A long-lived process sees many games: forget them all rather than grow
                # without end.  The epoch jumps past every old position, so each stream's
                # position moves (never back to its mark) and it re-reads once.
                self._epoch += max(self._counts.values()) + 1
                self._counts.clear()
            self._counts[game_id] = self._counts.get(game_id, 0) + 1
            self._changed.notify_all()
        self._tell(game_id)


def watch_for(db: Engine) -> Watch:
    """The watch that suits the database behind ``db``."""
    if db.dialect.name == "postgresql":
        url = db.url.set(drivername="postgresql")
        return NotifyWatch(url.render_as_string(hide_password=False))
    return PollingWatch()
