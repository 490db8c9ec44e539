"""Rate limits: writes per client address and game, new games, imports and joins per address.

A table records an action every few seconds, so a token writing hundreds a second is a
runaway script or an attack, not a game; and creating games or importing files costs
the server far more than reading.  A write's bucket is keyed by the client's address
and the game, never by the token it carries: with a bucket per token, every random wrong
token got a fresh one, and guessing was not limited at all.  Joining a game (the page's
form, or exchanging an invite through the API) is limited per address, more tightly: it
is where an invite code or a token would be guessed.  Token buckets, one per key: ``rate`` a second
refill it up to ``burst``, each request takes one, an empty bucket answers 429 with
``Retry-After``.

The buckets live in each process, so with several server workers the limits apply
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

from recorder.http.answers import error_response

# Endpoints that create something new: limited per client address.
CREATING = {"games.Games", "imports.Import", "boards.Boards", "web.create_game", "web.import_games"}
APPEND = "games.GameEvents"
# Writes with a game's token (or a guess at one): limited per client address and game.
WRITING = {APPEND, "devices.Invites", "devices.DeviceRevoke", "devices.OwnerToken"}
# Joining with an invite code or a token: limited per client address.
JOINING = {"web.join", "devices.Devices"}
JOIN_RATE, JOIN_BURST = 0.2, 20
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
    joins = TokenBuckets(config.get("JOIN_RATE", JOIN_RATE), config.get("JOIN_BURST", JOIN_BURST))

    @app.before_request
    def _limit() -> Response | tuple[Response, int] | None:
        if not current_app.config["RATE_LIMITS"] or request.method != "POST":
            return None
        address = request.remote_addr or "?"
        if request.endpoint in WRITING:
            # A wrong token is limited like a right one, and every wrong token alike.
            wait = writes.take(f"{address} {(request.view_args or {}).get('game_id')}")
            what = "writes to this game"
        elif request.endpoint in JOINING:
            wait = joins.take(address)
            what = "attempts to join a game from this address"
        elif request.endpoint in CREATING:
            wait = creates.take(address)
            what = "new games, boards and imports from this address"
        else:
            return None
        return _too_many(what, wait) if wait else None


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
