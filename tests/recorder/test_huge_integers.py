"""An integer longer than Python reads (issue 22.10): a JSON body holding one is 400
naming the field, never a 500, and nothing is stored.  Python refuses to convert more
than 4,300 digits (a guard against quadratic-time parsing) with a bare ValueError."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from tests.recorder.test_api import PANIC, create, post_event, stored_count

HUGE = "9" * (sys.get_int_max_str_digits() + 1)


def post_raw(client: Any, path: str, raw: str, token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(path, data=raw.encode(), content_type="application/json", headers=headers)


def assert_names(response: Any, field: str) -> None:
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    answer = response.get_json()
    assert answer["error"] == "invalid" and list(answer["fields"]) == [field]
    assert field in answer["message"] and "4300 digits" in answer["fields"][field][0]


@pytest.mark.parametrize(("raw", "field"), [
    ('{"type": "card_drawn", "data": {"deck": %s}}' % HUGE, "data.deck"),
    ('{"type": "card_played", "data": {"target": "Ben", "card": {"kind": "FALL", "value": -%s}}}' % HUGE,
     "data.card.value"),
    ('{"type": "card_drawn", "expected_version": %s}' % HUGE, "expected_version"),
    ('{"type": "card_drawn", "data": {"hand": [1, 2, %s]}}' % HUGE, "data.hand.2"),
])
def test_an_append_with_a_huge_integer_is_400_naming_it_and_stores_nothing(client: Any, raw: str, field: str) -> None:
    game = create(client)
    post_event(client, game, {"type": "card_drawn"})
    assert_names(post_raw(client, f"/api/games/{game['id']}/events", raw, game["write_token"]), field)
    assert stored_count(client, game) == 1


def test_a_new_game_with_a_huge_integer_is_400_naming_it_and_stores_nothing(client: Any) -> None:
    raw = '{"engine": "%s", "players": [{"name": "A"}, {"name": "B"}], "options": {"deck_total": %s}}' % (PANIC, HUGE)
    assert_names(post_raw(client, "/api/games", raw), "options.deck_total")
    assert client.get("/api/games").get_json()["total"] == 0


def test_checks_and_boards_name_a_huge_integer_too(client: Any) -> None:
    game = create(client)
    raw = '{"events": [{"type": "card_drawn", "data": {"deck": %s}}]}' % HUGE
    assert_names(post_raw(client, f"/api/games/{game['id']}/checks", raw, game["write_token"]), "events.0.data.deck")
    assert_names(post_raw(client, "/api/boards", '{"engine": "pan-am", "name": %s}' % HUGE), "name")
    assert client.get("/api/boards").status_code == 200


def test_a_body_that_breaks_off_after_a_huge_integer_names_the_body(client: Any) -> None:
    game = create(client)
    response = post_raw(client, f"/api/games/{game['id']}/events", '{"type": "note", "data": %s' % HUGE,
                        game["write_token"])
    assert_names(response, "body")
    assert stored_count(client, game) == 0

