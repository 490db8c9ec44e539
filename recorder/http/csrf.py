"""CSRF protection: a random token per browser session, echoed by every form and script.

A page carries the token (a hidden field, and ``<meta name="csrf-token">`` for
scripts); a write made with the browser's cookies must send it back.  Another
site can make the browser send our cookies, but it cannot read our pages, so it
cannot know the token.  The token lives in the signed session cookie (HttpOnly,
SameSite=Lax, and Secure whenever the request came over HTTPS: recorder/web/sessions.py).
"""

from __future__ import annotations

import hmac
import secrets

from flask import session

SESSION_KEY = "csrf_token"
HEADER = "X-CSRF-Token"
FORM_FIELD = "csrf_token"


def csrf_token() -> str:
    """This session's token, made on first use."""
    token = session.get(SESSION_KEY)
    if not token:
        token = secrets.token_urlsafe(32)
        session[SESSION_KEY] = token
    return str(token)


def csrf_valid(candidate: str | None) -> bool:
    expected = session.get(SESSION_KEY)
    return bool(expected and candidate and hmac.compare_digest(str(expected), candidate))
