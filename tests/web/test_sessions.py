"""The session signer is made once per key, and a new key still takes effect at once."""

from __future__ import annotations

from typing import Any

from flask import session


def test_a_cookie_signed_with_a_replaced_key_is_no_longer_believed_unless_kept_as_fallback(app: Any) -> None:
    @app.get("/session-test/<value>")
    def remember(value: str) -> str:
        if value != "read":
            session["seen"] = value
        return str(session.get("seen"))

    client = app.test_client()
    assert client.get("/session-test/tile").get_data(as_text=True) == "tile"
    assert client.get("/session-test/read").get_data(as_text=True) == "tile"

    old = app.secret_key
    app.secret_key = "another key, as after a rotation"
    assert client.get("/session-test/read").get_data(as_text=True) == "None"

    client.set_cookie(*_cookie_signed_with(app, old))
    app.config["SECRET_KEY_FALLBACKS"] = [old]
    assert client.get("/session-test/read").get_data(as_text=True) == "tile"


def _cookie_signed_with(app: Any, key: str) -> tuple[str, str]:
    """The session cookie {"seen": "tile"} as the old key signed it."""
    current = app.secret_key
    app.secret_key = key
    try:
        signer = app.session_interface.get_signing_serializer(app)
        return app.config["SESSION_COOKIE_NAME"], signer.dumps({"seen": "tile"})
    finally:
        app.secret_key = current
