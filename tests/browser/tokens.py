"""The write token a browser context holds for a game, read from its one HttpOnly
``ts_tokens`` cookie (recorder/http/auth.py): the page's script never sees it."""

from __future__ import annotations

from typing import Any

from recorder.http.auth import COOKIE, parse_jar


def token_cookie(context: Any) -> dict[str, Any]:
    return next(c for c in context.cookies() if c["name"] == COOKIE)


def browser_token(context: Any, game_id: str) -> str:
    return dict(parse_jar(token_cookie(context)["value"]))[game_id]
