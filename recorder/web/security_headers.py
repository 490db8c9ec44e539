"""The usual security headers on every response, and a Content-Security-Policy.

The pages load their scripts from this site only, as modules, and pass data in
``<script type="application/json">`` blocks, so ``script-src 'self'`` holds and an
injected ``<script>`` or ``onerror=`` cannot run even if escaping ever failed.  Styles
allow inline ``style`` attributes: seat colours are set per game as CSS variables on
the elements (``--seat-N``), which no stylesheet can know in advance.  The API's
documentation page (Swagger UI) starts itself with an inline script and uses data:
images, so it alone gets those.

``Strict-Transport-Security`` is opt-in (``HSTS_SECONDS``, from
``TABLESCRIBE_HSTS_SECONDS``; 0, the default, sends none): once sent, a browser refuses
plain HTTP to the host for that long, which an instance reached over HTTP, or a test
setup, must not be locked into by accident.  It goes only on answers to HTTPS requests
(directly or through a trusted proxy), as RFC 6797 asks.
"""

from __future__ import annotations

from flask import Response, current_app, request

PAGE_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
DOCS_POLICY = PAGE_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
DOCS_PATH = "/api/docs"

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}


# Lower-cased once: HTTP header names match whatever their case.
_PAGE_HEADERS = tuple((name, name.lower(), value) for name, value in
                      {"Content-Security-Policy": PAGE_POLICY, **HEADERS}.items())
_DOCS_HEADERS = tuple((name, name.lower(), value) for name, value in
                      {"Content-Security-Policy": DOCS_POLICY, **HEADERS}.items())


def add_security_headers(response: Response) -> Response:
    """Every response, pages, API and static files alike (an ``after_request`` hook);
    a header the view set itself is left as it is.  One look at the names already there,
    not one ``setdefault`` scan per header: on every request, that cost a static file's
    answer a fifth of its time."""
    present = {name.lower() for name in response.headers.keys()}
    for name, lowered, value in _DOCS_HEADERS if request.path == DOCS_PATH else _PAGE_HEADERS:
        if lowered not in present:
            response.headers.add(name, value)
    hsts = current_app.config.get("HSTS_SECONDS") or 0
    if hsts > 0 and request.is_secure and "strict-transport-security" not in present:
        response.headers.add("Strict-Transport-Security", f"max-age={int(hsts)}")
    return response
