"""Rate limits: writes per game token, new games and imports per client address.

A table records an action every few seconds, so a token writing hundreds a second is a
runaway script or an attack, not a game; and creating games or importing files costs
the server far more than reading.  Token buckets, one per key: ``rate`` a second
refill it up to ``burst``, each request takes one, an empty bucket answers 429 with
``Retry-After``.

The buckets live in each process, so with several gunicorn workers the limits apply
per worker (a client may get up to workers x burst): enough to stop a runaway, and no
shared state to fail.  Behind a reverse proxy, the client address is the proxy's unless
the app is told to trust ``X-Forwarded-For`` (docs/RELIABILITY.md).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from flask import Flask, current_app, make_response, render_template, request
from werkzeug.wrappers import Response

from recorder.api.errors import error_response
from recorder.tokens import token_digest
from recorder.web.auth import cookie_token

# Endpoints that create something new: limited per client address.
CREATING = {"games.Games", "imports.Import", "boards.Boards", "web.create_game", "web.import_games"}
APPEND = "games.GameEvents"
MAX_KEYS = 10_000


class TokenBuckets:
    """One bucket per key, the least recently used forgotten past ``max_keys``.

    >>> now = [0.0]
    >>> buckets = TokenBuckets(rate=1, burst=2, clock=lambda: now[0])
    >>> [buckets.take("k") for _ in range(3)]
    [0.0, 0.0, 1.0]
    >>> now[0] = 1.0
    >>> buckets.take("k")
    0.0
    """

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = MAX_KEYS):
        self.rate, self.burst, self.clock, self.max_keys = rate, burst, clock, max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str) -> float:
        """0 if a request may go ahead now (and count it), else the seconds to wait."""
        now = self.clock()
        with self._lock:
            level, then = self._buckets.pop(key, (float(self.burst), now))
            level = min(float(self.burst), level + (now - then) * self.rate)
            wait = 0.0 if level >= 1 else (1 - level) / self.rate
            self._buckets[key] = (level - 1 if wait == 0 else level, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
            return wait


def install(app: Flask) -> None:
    """Limit the app's writes as its config says (``RATE_LIMITS`` False turns them off)."""
    config = app.config
    writes = TokenBuckets(config["WRITE_RATE"], config["WRITE_BURST"])
    creates = TokenBuckets(config["CREATE_RATE"], config["CREATE_BURST"])

    @app.before_request
    def _limit() -> Response | tuple[Response, int] | None:
        if not current_app.config["RATE_LIMITS"] or request.method != "POST":
            return None
        if request.endpoint == APPEND:
            token = _write_token()
            wait = writes.take(token_digest(token)) if token else 0.0
            what = "writes to this game"
        elif request.endpoint in CREATING:
            wait = creates.take(request.remote_addr or "?")
            what = "new games, boards and imports from this address"
        else:
            return None
        return _too_many(what, wait) if wait else None


def _write_token() -> str | None:
    """The write token a request carries (header or cookie), without judging it: a wrong
    one is limited like a right one, so guessing costs the same."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    game_id = (request.view_args or {}).get("game_id")
    return cookie_token(game_id) if game_id else None


def _too_many(what: str, wait: float) -> Response:
    seconds = max(1, math.ceil(wait))
    message = f"Too many {what}: try again in {seconds} s"
    if request.path.startswith("/api/"):
        response, _ = error_response(429, "too_many_requests", message, retry_after=seconds)
    else:
        response = make_response(render_template("error.html", status=429, error=None, message=message))
    response.status_code = 429
    response.headers["Retry-After"] = str(seconds)
    return response
