"""Write tokens in the browser: one HttpOnly cookie for every game, never seen by scripts.

The API takes a token from ``Authorization: Bearer`` (programs) or from this
cookie (the recording page); the cookie alone is not enough, since any site can
make a browser send it, so a cookie-authenticated write must carry the CSRF token.

One cookie, ``ts_tokens``, holds the browser's tokens for up to ``MAX_GAMES`` games,
the most recently joined first: a cookie per game made every request (static files
too) carry all of them, and a browser that had joined about a hundred games got 431
from every server.  Past the limit it forgets finished games first, then the oldest.
The per-game ``ts_token_<id>`` cookies of earlier versions are still read, folded into
the one cookie on the next page and cleared (a browser whose old cookies already pass
the server's header limit only recovers when they expire: nothing reaches the app).
"""

from __future__ import annotations

import re

from flask import Response, g, request
from werkzeug.wrappers import Response as BaseResponse

from recorder.errors import Forbidden
from recorder.http.csrf import HEADER, csrf_valid
from recorder.http.current import current_store

COOKIE = "ts_tokens"
LEGACY_PREFIX = "ts_token_"
COOKIE_MAX_AGE = 30 * 24 * 3600
# 32 games of 32-character ids and 43-character tokens: about 2.5 KB, well under the
# 4 KB a browser keeps per cookie and the 8 KB servers take for all the headers.
MAX_GAMES = 32
ENTRY = re.compile(r"([A-Za-z0-9_-]{1,64}):([A-Za-z0-9_-]{1,128})")

Jar = list[tuple[str, str]]


def cookie_token(game_id: str) -> str | None:
    return dict(_jar()).get(game_id)


def remember_token(response: BaseResponse, game_id: str, token: str) -> None:
    """Keep ``token`` for ``game_id`` in the browser's cookie, first in line."""
    jar = [(game_id, token)] + [entry for entry in _jar() if entry[0] != game_id]
    _write(response, _pruned(jar))


def forget_token(response: BaseResponse, game_id: str) -> None:
    """Drop the game's token (it was revoked, or the device left)."""
    _write(response, [entry for entry in _jar() if entry[0] != game_id])


def migrate_legacy_cookies(response: Response) -> Response:
    """Fold the old per-game cookies into the one cookie, and clear them (after a page)."""
    if _legacy_names() and not getattr(g, "ts_tokens_written", False):
        _write(response, _pruned(_jar()))
    return response


def request_write_token(game_id: str) -> str | None:
    """The write token this request carries, if any: the Bearer header, else the cookie
    (which then needs the CSRF header too)."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    from_cookie = cookie_token(game_id)
    if from_cookie is None:
        return None
    if not csrf_valid(request.headers.get(HEADER)):
        raise Forbidden("A write from the browser needs the page's CSRF token (X-CSRF-Token)")
    return from_cookie


def parse_jar(value: str) -> Jar:
    """The (game id, token) pairs of a cookie value, skipping any malformed entry.

    >>> parse_jar("a1:tok-1|junk|b2:tok_2|a1:again")
    [('a1', 'tok-1'), ('b2', 'tok_2')]
    """
    jar: Jar = []
    seen = set()
    for part in value.split("|"):
        match = ENTRY.fullmatch(part)
        if match and match[1] not in seen:
            seen.add(match[1])
            jar.append((match[1], match[2]))
    return jar


def _jar() -> Jar:
    """This request's tokens: the cookie's (or what this response already set), then the old cookies'."""
    if "ts_tokens" not in g:
        jar = parse_jar(request.cookies.get(COOKIE, ""))
        known = {game_id for game_id, _ in jar}
        for name in _legacy_names():
            game_id, token = name[len(LEGACY_PREFIX):], request.cookies[name]
            if game_id not in known and ENTRY.fullmatch(f"{game_id}:{token}"):
                jar.append((game_id, token))
                known.add(game_id)
        g.ts_tokens = jar
    return list(g.ts_tokens)


def _legacy_names() -> list[str]:
    return [name for name in request.cookies if name.startswith(LEGACY_PREFIX)]


def _pruned(jar: Jar) -> Jar:
    """At most MAX_GAMES entries: the first always stays, finished games go before the oldest."""
    if len(jar) <= MAX_GAMES:
        return jar
    finished = current_store().credentials.finished(
        game_id for game_id, _ in jar[1:])
    over = len(jar) - MAX_GAMES
    for index in range(len(jar) - 1, 0, -1):
        if over and jar[index][0] in finished:
            del jar[index]
            over -= 1
    return jar[:MAX_GAMES]


def _write(response: BaseResponse, jar: Jar) -> None:
    g.ts_tokens = jar
    g.ts_tokens_written = True
    # One Set-Cookie for the cookie, however many games this response remembered (an import).
    kept = [value for value in response.headers.getlist("Set-Cookie") if not value.startswith(f"{COOKIE}=")]
    response.headers.remove("Set-Cookie")
    for value in kept:
        response.headers.add("Set-Cookie", value)
    if jar:
        response.set_cookie(COOKIE, "|".join(f"{game_id}:{token}" for game_id, token in jar),
                            max_age=COOKIE_MAX_AGE, httponly=True, samesite="Strict",
                            secure=request.is_secure, path="/")
    else:
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Strict", secure=request.is_secure)
    for name in _legacy_names():
        if f"{name}=" not in " ".join(kept):
            response.delete_cookie(name, path="/", httponly=True, samesite="Strict", secure=request.is_secure)
    # A response that sets tokens is nobody else's: no shared cache may keep it.
    response.headers["Cache-Control"] = "no-store"
