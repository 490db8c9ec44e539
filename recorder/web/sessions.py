"""Flask's signed-cookie sessions, with the signer made once per key instead of per request.

Flask builds an itsdangerous serializer for every request, to open the session even
when it stays empty (every API call): that build tests its JSON serializer by encoding
a value, and was a tenth of a static file's answer.  The serializer holds no state of
a request, so one per (key, fallback keys) serves them all; a changed key makes a new one.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer


class CachedSignerSessions(SecureCookieSessionInterface):
    def __init__(self) -> None:
        self._signer: tuple[Any, URLSafeTimedSerializer | None] | None = None

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        cached = self._signer
        if cached is None or cached[0] != keys:
            cached = self._signer = (keys, super().get_signing_serializer(app))
        return cached[1]

    def get_cookie_secure(self, app: Flask) -> bool:
        """``Secure`` whenever the request came over HTTPS, directly or through a trusted
        proxy's X-Forwarded-Proto (``TABLESCRIBE_TRUSTED_PROXIES``), and not only when
        SESSION_COOKIE_SECURE says so: the session holds the CSRF token, which must not
        travel in clear once a site is reached over HTTPS."""
        return bool(super().get_cookie_secure(app) or (has_request_context() and request.is_secure))
