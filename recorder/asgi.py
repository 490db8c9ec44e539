"""The app as an ASGI application, for granian: no thread waits on a slow client.

A threaded WSGI server hands a connection to a thread as soon as it is readable, and
the thread then waits for the rest of the request: 33 sockets that sent their headers
and one byte of body held every thread of ``make run`` (issue 22).  Here the event
loop waits instead, where waiting costs a few hundred bytes:

- granian reads the request line and headers (and drops a client that takes longer
  than its header timeout);
- ``read_body`` reads the body on the loop, under a deadline and the app's size cap
  (408 or 413 with the API's JSON error body when either is passed);
- only a complete request reaches the Flask app, in a pool of ``threads`` threads;
  an answer of a declared length up to ``WHOLE_ANSWER_BYTES`` (a page, a static file,
  an append's or a frames answer: nearly all of them) is handed to the loop whole when
  the thread is done, with no hop between thread and loop per chunk; any other answer
  streams back through a small bounded queue (so an export to a slow reader holds one
  thread and a few chunks, and stops when the reader leaves);
- a live stream (``/api/games/<id>/stream``) holds no thread at all: the view answers
  its ``hello`` and hands a ``LiveFollow`` to this bridge, which waits on the loop
  (``recorder.live_async``) and borrows a thread only to read an update.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import io
import json
import sys
import tempfile
import threading
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import IO, Any, cast

from a2wsgi.wsgi import build_environ
from flask import Flask

from recorder.http.handover import ASYNC_KEY, FOLLOW_KEY, LiveFollow
from recorder.live_async import LiveFanout

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

BODY_SECONDS = 15.0  # a whole request body, however it trickles in
MIN_BODY_RATE = 16 * 1024  # bytes a second: slower than any phone's upload, far faster than a trickle
SPOOL_BYTES = 1024 * 1024  # a body larger than this waits in a temporary file, not in memory
OUTBOX_CHUNKS = 16  # chunks of an answer in flight between its thread and the loop
# An answer that says it is at most this long is kept by its thread and sent whole: each
# hop through the outbox is a blocking round trip to the loop (two thread switches), and
# werkzeug hands a static file over in 8 KiB blocks.
WHOLE_ANSWER_BYTES = 1024 * 1024


class _Gone(Exception):
    """The client went away before its request was complete."""


@dataclass(frozen=True)
class Refusal:
    status: int
    error: str
    message: str


async def read_body(receive: Receive, limit: int | None, seconds: float) -> IO[bytes] | Refusal:
    """The whole request body, rewound, or why it will not be read (too slow, too big).
    Past ``SPOOL_BYTES`` it goes to a temporary file: an import may be tens of
    megabytes, and memory stays flat however many arrive at once."""
    body: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)
    size = 0
    started = asyncio.get_running_loop().time()
    try:
        while True:
            # ``seconds`` for the body, and more as it arrives at MIN_BODY_RATE at least,
            # so a large upload over a slow link gets through and a trickle does not.
            deadline = started + seconds + size / MIN_BODY_RATE
            async with asyncio.timeout_at(deadline):
                message = await receive()
            if message["type"] == "http.disconnect":
                raise _Gone
            chunk = message.get("body", b"")
            size += len(chunk)
            if limit is not None and size > limit:
                body.close()
                return Refusal(413, "request_entity_too_large", f"The request body is larger than {limit} bytes.")
            body.write(chunk)
            if not message.get("more_body", False):
                body.seek(0)
                return body
    except TimeoutError:
        body.close()
        return Refusal(408, "request_timeout", f"The request body arrived too slowly (it may take {seconds:g} s, "
                                               f"and a second more for each {MIN_BODY_RATE // 1024} KiB).")
    except BaseException:
        body.close()
        raise


def body_limit(app: Flask) -> int | None:
    """The largest body any route takes (an import's); each route's own, smaller cap is
    Flask's to apply, with the body already here."""
    limits = [app.config.get("MAX_CONTENT_LENGTH"), app.config.get("IMPORT_MAX_BYTES")]
    known = [limit for limit in limits if limit is not None]
    return max(known) if len(known) == len(limits) else None


def declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def send_refusal(send: Send, refusal: Refusal) -> None:
    body = json.dumps({"error": refusal.error, "message": refusal.message}).encode()
    await send({"type": "http.response.start", "status": refusal.status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class _Outbox:
    """An answer's messages, from the thread that makes them to the loop that sends them.

    Bounded, so a slow reader slows its thread instead of filling memory; once the
    client is gone the thread is told (``gone``) and stops making the answer."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self._loop = loop
        self._queue: asyncio.Queue[Message | None] = asyncio.Queue(OUTBOX_CHUNKS)
        self.gone = False

    def put(self, message: Message | None) -> None:  # from the thread
        if not self.gone:
            asyncio.run_coroutine_threadsafe(self._queue.put(message), self._loop).result()

    async def deliver(self, send: Send) -> None:  # on the loop
        while (message := await self._queue.get()) is not None:
            if self.gone:
                continue
            try:
                await send(message)
            except Exception:  # the connection closed under us: nothing more to send
                self.gone = True

    def close(self) -> None:  # on the loop, once the thread is done
        self._queue.put_nowait(None)


class _Answer:
    """One answer's messages as its thread makes them: held while the answer has said it
    is short (a ``Content-Length`` up to ``WHOLE_ANSWER_BYTES``), else passed on through
    the outbox one by one, as a stream must be."""

    def __init__(self, outbox: _Outbox):
        self._outbox = outbox
        self._start: Message | None = None
        self._chunks: list[bytes] = []
        self._holding = False

    def start_response(self, status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], None]:
        self._start = {"type": "http.response.start", "status": int(status.split(" ", 1)[0]),
                       "headers": [(name.lower().encode("latin1"), value.encode("latin1")) for name, value in headers]}
        length = next((value for name, value in headers if name.lower() == "content-length"), None)
        self._holding = length is not None and length.isdigit() and int(length) <= WHOLE_ANSWER_BYTES
        if not self._holding:
            self._outbox.put(self._start)
        return self.write

    def write(self, chunk: bytes) -> None:
        if not chunk:
            return
        if self._holding:
            self._chunks.append(chunk)
        else:
            self._outbox.put({"type": "http.response.body", "body": chunk, "more_body": True})

    def held(self) -> list[Message]:
        """What is left to send: the held answer's start and its body in one message."""
        if not self._holding or self._start is None:
            return []
        body = [{"type": "http.response.body", "body": b"".join(self._chunks), "more_body": True}] if self._chunks else []
        return [self._start, *body]


class AsgiBridge:
    """The Flask app behind granian's ASGI interface (see the module docstring)."""

    def __init__(self, app: Flask, threads: int, body_seconds: float = BODY_SECONDS):
        self.app = app
        self.threads = threads
        self.body_seconds = body_seconds
        self._pool: ThreadPoolExecutor | None = None
        self._fanout: LiveFanout | None = None
        self._lock = threading.Lock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)
        else:  # websockets: not served
            await send({"type": "websocket.close", "code": 1000})

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if self._fanout is not None:
                    self._fanout.stop()
                if self._pool is not None:
                    self._pool.shutdown(wait=False, cancel_futures=True)
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        limit = body_limit(self.app)
        declared = declared_length(scope)
        if limit is not None and declared is not None and declared > limit:
            await send_refusal(send, Refusal(413, "request_entity_too_large",
                                             f"The request body is larger than {limit} bytes."))
            return
        try:
            body = await read_body(receive, limit, self.body_seconds)
        except _Gone:
            return
        if isinstance(body, Refusal):
            await send_refusal(send, body)
            return
        with body:
            await self._answer(scope, body, receive, send)

    async def _answer(self, scope: Scope, body: IO[bytes], receive: Receive, send: Send) -> None:
        # a2wsgi types the environ as PEP 3333's keys only; ours adds the live follow's.
        environ = cast(dict[str, Any], build_environ(scope, body))  # type: ignore[arg-type]
        environ["CONTENT_LENGTH"] = str(body.seek(0, io.SEEK_END))
        body.seek(0)
        environ["wsgi.errors"] = sys.stderr
        environ[ASYNC_KEY] = True
        loop = asyncio.get_running_loop()
        outbox = _Outbox(loop)
        delivering = loop.create_task(outbox.deliver(send))
        held: list[Message] = []
        try:
            context = contextvars.copy_context()
            held = await loop.run_in_executor(self.pool, functools.partial(context.run, self._respond, environ, outbox))
        finally:
            outbox.close()
            await delivering
        for message in held:  # after whatever went through the outbox, in order
            try:
                await send(message)
            except Exception:  # the connection closed under us, as in _Outbox.deliver
                outbox.gone = True
                break
        follow = environ.get(FOLLOW_KEY)
        if isinstance(follow, LiveFollow) and not outbox.gone:
            await self.fanout(loop).follow(follow, receive, send)
        else:
            await send({"type": "http.response.body", "body": b"", "more_body": False})

    def _respond(self, environ: dict[str, Any], outbox: _Outbox) -> list[Message]:
        """In a pool thread: run the Flask app and pass its answer on. Returns what is
        left for the loop to send: an answer short enough to hold whole (see
        ``WHOLE_ANSWER_BYTES``), else nothing, every chunk having gone on as it came."""
        answer = _Answer(outbox)
        body: Iterable[bytes] = self.app(environ, answer.start_response)
        try:
            for chunk in body:
                if outbox.gone:
                    break
                answer.write(chunk)
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()
        return answer.held()

    @property
    def pool(self) -> ThreadPoolExecutor:
        # Made on first use, in the worker process (never before a fork).
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="tablescribe")
            return self._pool

    def fanout(self, loop: asyncio.AbstractEventLoop) -> LiveFanout:
        # Only ever called on the loop's thread: no lock needed.
        if self._fanout is None:
            self._fanout = LiveFanout(self.app, loop, self.pool)
        return self._fanout


