"""Hostile input (issue 7): whatever a client sends, the answer is a 4xx naming what
is wrong, never a 5xx, and nothing is stored.  On both databases."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.recorder.test_api import PANIC, create, post_event, stored_count

SQL_LOOKING = [
    "' OR '1'='1",
    "Robert'); DROP TABLE games;--",
    "%",
    "_",
    "\\",
    "1; SELECT pg_sleep(5)",
    "x' UNION SELECT write_token_hash FROM games --",
]


def raw_post(client: Any, game: dict[str, Any], raw: bytes) -> Any:
    return client.post(f"/api/games/{game['id']}/events", data=raw, content_type="application/json",
                       headers={"Authorization": f"Bearer {game['write_token']}"})


@pytest.mark.parametrize(("data", "field"), [
    ({"text": "a\ud800b"}, "data.text"),  # a note: once stored, it broke every page that showed it
    ({"text": "nul\u0000"}, "data.text"),
])
def test_unstorable_text_in_an_events_data_is_400_naming_the_field(
        client: Any, data: dict[str, Any], field: str) -> None:
    game = create(client)
    response = post_event(client, game, {"type": "note", "data": data})
    assert response.status_code == 400 and field in response.get_json()["fields"]
    assert stored_count(client, game) == 0


@pytest.mark.parametrize(("raw", "field"), [
    ('{"type": "card_played", "data": {"target": "Ben", "card": {"kind": "FALL", "value": %d}}}' % 2**53,
     "data.card.value"),
    ('{"type": "card_played", "data": {"target": "Ben", "card": {"kind": "FALL", "value": -%d}}}' % 10**400,
     "data.card.value"),
    ('{"type": "card_drawn", "data": {"deck": NaN}}', "data.deck"),
    ('{"type": "card_drawn", "data": {"deck": [1, Infinity]}}', "data.deck.1"),
    ('{"type": "amend", "data": {"target_seq": 1, "event": {"type": "card_drawn", "data": {"x\\ud800": 1}}}}',
     "data.event.data.'x\\ud800'"),
])
def test_numbers_and_keys_no_reader_keeps_intact_are_400(client: Any, raw: str, field: str) -> None:
    game = create(client)
    post_event(client, game, {"type": "card_drawn"})
    response = raw_post(client, game, raw.encode())
    assert response.status_code == 400, response.get_json()
    assert list(response.get_json()["fields"]) == [field]
    assert stored_count(client, game) == 1


def test_huge_or_unstorable_options_are_400(client: Any) -> None:
    for options, field in (({"deck_total": 2**60}, "options.deck_total"), ({"x": "\u0000"}, "options.x")):
        response = client.post("/api/games", json={"engine": PANIC, "players": [{"name": "A"}, {"name": "B"}],
                                                   "options": options})
        assert response.status_code == 400 and list(response.get_json()["fields"]) == [field]
    assert client.get("/api/games").get_json()["total"] == 0


@pytest.mark.parametrize("raw", [b'{"type": "note", "data": {"text": "\xff\xfe"}}', b"\xc3\x28", b"\xed\xa0\x80"])
def test_invalid_utf8_is_400(client: Any, raw: bytes) -> None:
    game = create(client)
    response = raw_post(client, game, raw)
    assert response.status_code == 400 and response.get_json()["error"] == "invalid"
    assert stored_count(client, game) == 0


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                          "application/xml"])
def test_wrong_content_types_are_415(client: Any, content_type: str) -> None:
    game = create(client)
    response = client.post(f"/api/games/{game['id']}/events", data=json.dumps({"type": "card_drawn"}),
                           content_type=content_type, headers={"Authorization": f"Bearer {game['write_token']}"})
    assert response.status_code == 415
    assert stored_count(client, game) == 0


@pytest.mark.parametrize("path", ["state?at=-1", "state?at=99999999999999999999", "events?from=-5",
                                  "events?to=1e3", "events?view=%27%20OR%201=1", "frames?from=-1",
                                  "frames?count=100000"])
def test_negative_and_huge_positions_are_400(client: Any, path: str) -> None:
    game = create(client)
    response = client.get(f"/api/games/{game['id']}/{path}")
    assert response.status_code == 400, (path, response.status_code)
    assert response.get_json()["fields"]


def test_huge_seq_in_a_path_is_404_not_a_crash(client: Any) -> None:
    game = create(client)
    for seq in ("99999999999999999999", "-1", "2147483648"):
        assert client.get(f"/api/games/{game['id']}/events/{seq}").status_code == 404, seq


@pytest.fixture
def bobby(client: Any) -> dict[str, Any]:
    """A game whose title and player look like SQL, beside an ordinary one."""
    create(client, title="Tuesday")
    return create(client, title="Robert'); DROP TABLE games;--",
                  players=[{"name": "Robert'); DROP TABLE games;--"}, {"name": "%"}])


@pytest.mark.parametrize("value", SQL_LOOKING)
def test_sql_looking_strings_in_every_filter_are_plain_text(client: Any, bobby: dict[str, Any], value: str) -> None:
    expected = [bobby["id"]] if value in ("Robert'); DROP TABLE games;--", "%") else []
    for name in ("engine", "player"):
        listed = client.get("/api/games", query_string={name: value})
        assert listed.status_code == 200
        ids = [g["id"] for g in listed.get_json()["games"]]
        assert ids == (expected if name == "player" else []), (name, value)
        exported = client.get("/api/export", query_string={name: value})
        assert exported.status_code == 200
        assert [json.loads(line)["game"]["id"] for line in exported.get_data(as_text=True).splitlines()] == ids
        page = client.get("/", query_string={name: value})
        assert page.status_code == 200
    searched = client.get("/", query_string={"q": value})
    assert searched.status_code == 200
    found = bobby["id"] in searched.get_data(as_text=True)
    assert found == (value in bobby["title"] or value == "%"), value
    for bad_step in (value, "1 OR 1=1"):  # not a number: the viewer opens at the last step
        assert client.get(f"/games/{bobby['id']}", query_string={"step": bad_step}).status_code == 200
    assert client.get("/api/games").get_json()["total"] == 2, "both games are still there"


@pytest.mark.parametrize("name", ["engine", "player", "q"])  # an unknown status is ignored
def test_nul_in_a_page_filter_finds_nothing_and_is_not_a_crash(client: Any, bobby: dict[str, Any], name: str) -> None:
    """PostgreSQL refuses NUL in a query parameter; no stored text holds one anyway."""
    response = client.get("/", query_string={name: "%\u0000"})
    assert response.status_code == 200
    assert bobby["id"] not in response.get_data(as_text=True)
    assert bobby["id"] in client.get("/", query_string={"q": "%"}).get_data(as_text=True)


@pytest.mark.parametrize(("title", "player", "field"), [
    ("t\u0000x", "Ana", "title"), ("ok", "A\u0000", "players.0"), ("x" * 201, "Ana", "title"),
    ("ok", "A" * 101, "players.0")])  # a form cannot even carry a lone surrogate
def test_the_new_game_form_refuses_what_the_api_refuses(
        client: Any, title: str, player: str, field: str) -> None:
    """The form reaches the store without the API's schema: the store checks again.
    (A NUL title was a 500 on PostgreSQL, and was stored on SQLite.)"""
    from tests.web.test_home_page import csrf

    form = {"csrf_token": csrf(client), "engine": PANIC, "title": title, "player0": player, "player1": "Ben"}
    response = client.post("/games", data=form)
    assert response.status_code == 422
    assert field in response.get_data(as_text=True)
    assert client.get("/api/games").get_json()["total"] == 0
