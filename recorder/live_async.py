"""Live streams that wait on the event loop: hundreds of viewers, no thread each.

Under granian (``recorder.asgi``) the stream view answers the ``hello`` and hands a
``LiveFollow`` back to the bridge.  Every stream of the process then waits here:

- on PostgreSQL, the process's LISTEN thread (``recorder.live.NotifyWatch``) wakes
  the streams of a game as soon as its NOTIFY arrives;
- one poll per process (not one per stream) re-reads the versions of every game
  that has a stream open, every ``LIVE_POLL_SECONDS`` (SQLite, or PostgreSQL while
  LISTEN is down) or ``LIVE_HEARTBEAT_SECONDS`` (PostgreSQL listening), and wakes
  the streams whose game moved;
- a woken stream borrows a pool thread to read its update (``LiveFollow.update``,
  the same function the threaded path uses), and a stream left alone for a
  heartbeat writes a keep-alive, which is how a closed page is noticed.

A stream starts with one read of its own, so an event stored between the view's
read and the stream's first wait is never missed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from concurrent.futures import Executor
from typing import Any, TypeVar

from flask import Flask
from sqlalchemy import select

from recorder.http.current import current_store, live_watch
from recorder.http.handover import LiveFollow
from recorder.models import Game

KEEP_ALIVE = b": keep-alive\n\n"
BATCH = 500  # game ids in one poll query

Message = MutableMapping[str, Any]
T = TypeVar("T")


class LiveFanout:
    """Every live stream of one worker process, on its event loop."""

    def __init__(self, app: Flask, loop: asyncio.AbstractEventLoop, pool: Executor):
        self.app = app
        self.loop = loop
        self.pool = pool
        config = app.config
        self.poll = float(config["LIVE_POLL_SECONDS"])
        self.heartbeat = float(config["LIVE_HEARTBEAT_SECONDS"])
        self.capacity = int(config["LIVE_MAX_ASYNC_STREAMS"])
        self.streams = 0
        self._waiting: dict[str, dict[asyncio.Event, int]] = {}
        self._polling: asyncio.Task[None] | None = None
        self._watch: Any = None

    async def follow(self, spec: LiveFollow, receive: Callable[[], Awaitable[Message]],
                     send: Callable[[Message], Awaitable[None]]) -> None:
        """Follow one stream until it lasts its time, or its viewer leaves."""
        if self.streams >= self.capacity:
            await _write(send, spec.busy_text.encode(), more=False)
            return
        self.streams += 1
        following = self.loop.create_task(self._follow(spec, send))
        leaving = self.loop.create_task(_until_disconnect(receive))
        left = False
        try:
            await asyncio.wait({following, leaving}, return_when=asyncio.FIRST_COMPLETED)
            left = leaving.done()
        finally:
            self.streams -= 1
            for task in (following, leaving):
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await following
        if not left:  # the stream lasted its time (or failed): end the answer properly
            with contextlib.suppress(Exception):
                await _write(send, b"", more=False)

    async def _follow(self, spec: LiveFollow, send: Callable[[Message], Awaitable[None]]) -> None:
        await self._start_watch()
        known = spec.version
        deadline = self.loop.time() + spec.lasting
        woke = True  # read once at once: something may have moved since the view read
        while True:
            if woke:
                known, text = await self.in_app(spec.update, known)
                if text is not None:
                    await _write(send, text.encode())
            else:
                await _write(send, KEEP_ALIVE)
            remaining = deadline - self.loop.time()
            if remaining <= 0:
                return
            woke = await self._wait(spec.game_id, known, min(self.heartbeat, remaining))
            if self.loop.time() >= deadline:
                return

    async def _wait(self, game_id: str, known: int, timeout: float) -> bool:
        woken = asyncio.Event()
        waiters = self._waiting.setdefault(game_id, {})
        waiters[woken] = known
        if self._polling is None or self._polling.done():
            self._polling = self.loop.create_task(self._poll_while_followed())
        try:
            async with asyncio.timeout(timeout):
                await woken.wait()
            return True
        except TimeoutError:
            return False
        finally:
            waiters.pop(woken, None)
            if not waiters:
                self._waiting.pop(game_id, None)

    def wake(self, game_id: str | None) -> None:
        """On the loop: the game moved (None: any game may have moved)."""
        games = list(self._waiting) if game_id is None else [game_id]
        for game in games:
            for woken in self._waiting.get(game, {}):
                woken.set()

    async def _poll_while_followed(self) -> None:
        while self._waiting:
            listening = bool(getattr(self._watch, "listening", False))
            await asyncio.sleep(self.heartbeat if listening else self.poll)
            followed = list(self._waiting)
            if not followed:
                return
            try:
                versions = await self.in_app(_versions_of, followed)
            except Exception:  # the database is away: the streams keep waiting, the next poll tries again
                continue
            for game_id in followed:
                now = versions.get(game_id)
                for woken, known in self._waiting.get(game_id, {}).items():
                    if now != known:
                        woken.set()

    async def _start_watch(self) -> None:
        """Subscribe to the process's LISTEN thread (PostgreSQL), once."""
        if self._watch is not None:
            return
        self._watch = await self.in_app(live_watch)
        subscribe = getattr(self._watch, "subscribe", None)
        if subscribe is not None:
            subscribe(lambda game_id: self.loop.call_soon_threadsafe(self.wake, game_id))

    async def in_app(self, function: Callable[..., T], *args: Any) -> T:
        """Run ``function`` in a pool thread, inside the app's context."""
        def call() -> T:
            with self.app.app_context():
                return function(*args)
        return await self.loop.run_in_executor(self.pool, call)

    def stop(self) -> None:
        if self._polling is not None:
            self._polling.cancel()


def _versions_of(game_ids: Iterable[str]) -> dict[str, int]:
    ids = list(game_ids)
    versions: dict[str, int] = {}
    with current_store().db.connect() as connection:
        for start in range(0, len(ids), BATCH):
            rows = connection.execute(select(Game.id, Game.version).where(Game.id.in_(ids[start:start + BATCH])))
            versions.update({row.id: row.version for row in rows})
    return versions


async def _until_disconnect(receive: Callable[[], Awaitable[Message]]) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


async def _write(send: Callable[[Message], Awaitable[None]], body: bytes, more: bool = True) -> None:
    await send({"type": "http.response.body", "body": body, "more_body": more})
