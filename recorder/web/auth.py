"""Write tokens in the browser: an HttpOnly cookie per game, never seen by scripts.

The API takes a token from ``Authorization: Bearer`` (programs) or from this
cookie (the recording page); the cookie alone is not enough, since any site can
make a browser send it, so a cookie-authenticated write must carry the CSRF token.
"""

from __future__ import annotations

from flask import Response, request

from recorder.errors import Forbidden
from recorder.web.csrf import HEADER, csrf_valid

COOKIE_PREFIX = "ts_token_"
COOKIE_MAX_AGE = 30 * 24 * 3600


def cookie_name(game_id: str) -> str:
    return f"{COOKIE_PREFIX}{game_id}"


def remember_token(response: Response, game_id: str, token: str) -> None:
    response.set_cookie(
        cookie_name(game_id), token, max_age=COOKIE_MAX_AGE, httponly=True, samesite="Strict",
        secure=request.is_secure, path="/",
    )


def cookie_token(game_id: str) -> str | None:
    return request.cookies.get(cookie_name(game_id)) or None


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
