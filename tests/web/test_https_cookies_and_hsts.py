"""Behind TLS (issue 22.10): the session cookie that holds the CSRF token is Secure when
the request came over HTTPS, directly or through a trusted proxy, and an opt-in
setting adds Strict-Transport-Security to HTTPS answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from recorder import close_app, create_app

HTTPS_PROXY = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}


@pytest.fixture
def make_app(db_url: str) -> Iterator[Any]:
    made = []

    def make(**config: Any) -> Any:
        app = create_app({"TESTING": True, "DATABASE_URL": db_url, **config})
        made.append(app)
        return app

    yield make
    for app in made:
        close_app(app)


def session_cookie(response: Any) -> str:
    """The Set-Cookie of the session, which a page with a form sets (it holds the CSRF token)."""
    return next(v for k, v in response.headers.items() if k == "Set-Cookie" and v.startswith("session="))


def flags(cookie: str) -> set[str]:
    return {part.strip().split("=")[0].lower() for part in cookie.split(";")[1:]}


def test_the_csrf_session_cookie_is_secure_over_https_and_only_then(make_app: Any) -> None:
    app = make_app()
    over_https = session_cookie(app.test_client().get("/", base_url="https://localhost"))
    assert {"secure", "httponly", "samesite"} <= flags(over_https)
    assert "secure" not in flags(session_cookie(app.test_client().get("/")))


def test_the_csrf_session_cookie_is_secure_behind_a_trusted_https_proxy(make_app: Any) -> None:
    behind = make_app(TRUSTED_PROXIES=1)
    assert "secure" in flags(session_cookie(behind.test_client().get("/", headers=HTTPS_PROXY)))
    # Without a trusted proxy, anyone could send the header: it changes nothing.
    direct = make_app()
    assert "secure" not in flags(session_cookie(direct.test_client().get("/", headers=HTTPS_PROXY)))


def test_hsts_is_opt_in_and_sent_only_over_https(make_app: Any) -> None:
    year = 365 * 24 * 3600
    opted = make_app(HSTS_SECONDS=year, TRUSTED_PROXIES=1)
    for path in ("/", "/api/games", "/static/css/app.css"):
        response = opted.test_client().get(path, headers=HTTPS_PROXY)
        response.close()
        assert response.headers.get("Strict-Transport-Security") == f"max-age={year}", path
    assert "Strict-Transport-Security" not in opted.test_client().get("/api/games").headers, "never over HTTP"
    direct = opted.test_client().get("/api/games", base_url="https://localhost")
    assert direct.headers["Strict-Transport-Security"] == f"max-age={year}"
    default = make_app()
    assert "Strict-Transport-Security" not in default.test_client().get("/", base_url="https://localhost").headers


def test_the_hsts_setting_comes_from_the_environment(make_app: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("TABLESCRIBE_HSTS_SECONDS", "600")
    app = make_app()
    response = app.test_client().get("/api/games", base_url="https://localhost")
    assert response.headers["Strict-Transport-Security"] == "max-age=600"
