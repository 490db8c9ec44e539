"""Import from the home page: a file upload with CSRF, the same checks as the API, a
report that escapes what the file says, and the token kept so the importer can record."""

from __future__ import annotations

import io
import json
from typing import Any

from bench.games import rechained
from recorder.exports.game_json import export_game
from recorder.store import EventStore
from tests.recorder.helpers import PLAYERS, draw
from tests.web.test_home_page import csrf

PANIC = "panic-in-the-air"


def _upload(client: Any, content: bytes, name: str = "club.ndjson", token: str | None = None) -> Any:
    form = {"csrf_token": token if token is not None else csrf(client), "file": (io.BytesIO(content), name)}
    return client.post("/import", data=form, content_type="multipart/form-data")


def _documents(store: EventStore, titles: list[str]) -> list[dict[str, Any]]:
    out = []
    for title in titles:
        game, token = store.create_game(PANIC, PLAYERS, title)
        store.append(game.id, token, draw())
        out.append(json.loads(json.dumps(export_game(store, game.id))))
    return out


def test_the_home_page_offers_the_import_form(client: Any) -> None:
    page = client.get("/").get_data(as_text=True)
    assert '<form method="post" action="/import" enctype="multipart/form-data"' in page
    assert 'name="csrf_token"' in page.split('action="/import"')[1].split("</form>")[0]


def test_an_uploaded_file_is_imported_reported_and_recordable(client: Any, app: Any, other_store: EventStore) -> None:
    good, bad = _documents(other_store, ["Good <b>night</b>", "Broken"])
    bad["events"][0]["actor"] = "<script>alert(1)</script>"
    body = (json.dumps(good) + "\n" + json.dumps(bad) + "\n").encode()
    response = _upload(client, body)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Imported 1 games (1 events); 0 already here; 1 refused." in page
    assert "Good &lt;b&gt;night&lt;/b&gt;" in page and "<b>night" not in page
    assert f'href="/games/{good["game"]["id"]}/record"' in page
    assert "Line 2" in page and "import/chain" in page
    store: EventStore = app.extensions["tablescribe.store"]
    assert store.get_game(good["game"]["id"]).version == 1
    recorded = client.post(f"/api/games/{good['game']['id']}/events", json={"type": "card_drawn", "data": {}},
                           headers={"X-CSRF-Token": csrf(client)})
    assert recorded.status_code == 201, "the browser that imported the game holds its token"
    again = _upload(client, json.dumps(good, indent=2).encode(), "one.json")
    assert again.status_code == 200 and "1 already here" in again.get_data(as_text=True)


def test_a_file_with_nothing_importable_is_422_and_stores_nothing(client: Any, app: Any,
                                                                  other_store: EventStore) -> None:
    (document,) = _documents(other_store, ["Elsewhere"])
    response = _upload(client, json.dumps(rechained(document, engine="chess")).encode(), "x.json")
    assert response.status_code == 422 and "import/unknown-engine" in response.get_data(as_text=True)
    store: EventStore = app.extensions["tablescribe.store"]
    assert store.list_games()[1] == 0


def test_the_form_needs_its_csrf_token_and_a_file(client: Any, app: Any) -> None:
    assert _upload(client, b"{}", token="forged").status_code == 400
    empty = client.post("/import", data={"csrf_token": csrf(client)}, content_type="multipart/form-data")
    assert empty.status_code == 400 and "Choose a file" in empty.get_data(as_text=True)
    app.config["IMPORT_MAX_BYTES"] = 100
    assert _upload(client, b"x" * 500).status_code == 413


def test_several_games_give_a_tokens_file_not_cookies(client: Any, app: Any, other_store: EventStore) -> None:
    documents = _documents(other_store, ["One", "Two", "Three"])
    response = _upload(client, "".join(json.dumps(d) + "\n" for d in documents).encode())
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    assert not [c for c in response.headers.getlist("Set-Cookie") if c.startswith("ts_token")]
    page = response.get_data(as_text=True)
    href = page.split('href="data:application/x-ndjson;charset=utf-8,')[1].split('"')[0]
    from urllib.parse import unquote

    lines = [json.loads(line) for line in unquote(href).splitlines()]
    assert [line["id"] for line in lines] == [d["game"]["id"] for d in documents]
    store: EventStore = app.extensions["tablescribe.store"]
    assert all(store.authorize(line["id"], line["write_token"]) for line in lines)


def test_what_the_file_says_is_shown_escaped_in_the_report(client: Any, other_store: EventStore) -> None:
    (document,) = _documents(other_store, ["Elsewhere"])
    hostile = rechained(document, engine="<script>alert(1)</script>")
    page = _upload(client, json.dumps(hostile).encode(), "<img src=x onerror=alert(2)>.json").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert(1)" not in page
    assert "<img src=x" not in page
