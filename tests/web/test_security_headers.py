"""Security headers on every response: a strict Content-Security-Policy on pages and
the API (scripts from this site only), the docs page alone allowed its inline script."""

from __future__ import annotations

from typing import Any

from recorder.store import EventStore


def _policy(response: Any) -> dict[str, str]:
    directives = [d.strip().split(" ", 1) for d in response.headers["Content-Security-Policy"].split(";")]
    return {name: value for name, value in directives}


def test_every_kind_of_response_carries_the_headers(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, _ = store.create_game("panic-in-the-air", ["Ana", "Ben", "Cy"])
    for path in ("/", f"/games/{game.id}", "/api/games", "/static/css/app.css", "/games/" + "0" * 32,
                 f"/api/games/{game.id}/export?format=json"):
        response = client.get(path)
        response.close()  # a static file's response holds the file open
        policy = _policy(response)
        assert policy["script-src"] == "'self'", path
        assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'", path
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        assert response.headers["X-Frame-Options"] == "DENY", path
        assert response.headers["Referrer-Policy"] == "same-origin", path


def test_only_the_api_docs_page_may_run_an_inline_script(client: Any) -> None:
    docs = client.get("/api/docs")
    assert docs.status_code == 200 and "<script>" in docs.get_data(as_text=True)
    assert _policy(docs)["script-src"] == "'self' 'unsafe-inline'"
    assert _policy(client.get("/api/openapi.json"))["script-src"] == "'self'"


def test_a_header_the_view_set_itself_is_kept_and_never_doubled(app: Any) -> None:
    @app.get("/framed-test")
    def framed() -> Any:
        return "ok", 200, {"x-frame-options": "SAMEORIGIN", "Content-Security-Policy": "default-src 'none'"}

    response = app.test_client().get("/framed-test")
    assert response.headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]
    assert response.headers.getlist("Content-Security-Policy") == ["default-src 'none'"]
    assert response.headers.getlist("Referrer-Policy") == ["same-origin"]
