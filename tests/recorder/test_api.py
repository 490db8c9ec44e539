"""The HTTP API: every documented status, with a body a program can branch on."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from tests.recorder.helpers import PLAYERS, body, draw, play_fall

PANIC = "panic-in-the-air"


def create(client: Any, **extra: Any) -> dict[str, Any]:
    payload = {"engine": PANIC, "players": [{"name": n} for n in PLAYERS], **extra}
    response = client.post("/api/games", json=payload)
    assert response.status_code == 201, response.get_json()
    return response.get_json()  # type: ignore[no-any-return]


def post_event(client: Any, game: dict[str, Any], payload: dict[str, Any], token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token or game['write_token']}"}
    return client.post(f"/api/games/{game['id']}/events", json=payload, headers=headers)


def stored_count(client: Any, game: dict[str, Any]) -> int:
    events = client.get(f"/api/games/{game['id']}/events?view=recorded").get_json()["events"]
    return len(events)


def test_engines_lists_options_and_event_types(client: Any) -> None:
    engines = client.get("/api/engines").get_json()
    panic = next(e for e in engines if e["name"] == PANIC)
    assert panic["title"] == "Panic in the Air" and panic["rules_version"]
    assert panic["options"]["deck_total"]["default"] == 63
    assert {"card_drawn", "card_played", "parachute_opened", "undo", "void", "amend", "note"} <= set(
        panic["event_types"])
    assert "target" in panic["event_types"]["card_played"]["properties"]
    assert panic["event_labels"] == {}, "Panic in the Air's type names read right as they are"
    air = next(e for e in engines if e["name"] == "air-alliance")
    assert air["event_labels"]["phase1_ended"] == "End of PHASE 1"


def test_create_game_answers_201_with_token_and_version_zero(client: Any) -> None:
    game = create(client, title="Friday")
    assert game["version"] == 0 and game["title"] == "Friday" and len(game["write_token"]) > 30
    detail = client.get(f"/api/games/{game['id']}").get_json()
    assert "write_token" not in detail and detail["status"] == "in_progress"
    assert [p["player"] for p in detail["standings"]["players"]] == PLAYERS
    assert detail["expected"]["actors"] == ["Ana"]


@pytest.mark.parametrize("payload, field", [
    ({"players": [{"name": "Ana"}, {"name": "Ben"}]}, "engine"),
    ({"engine": PANIC}, "players"),
    ({"engine": PANIC, "players": [{"name": ""}, {"name": "Ben"}]}, "players.0.name"),
    ({"engine": PANIC, "players": [{"name": "Ana"}], "colour": "red"}, "colour"),
    ({"engine": "chess", "players": [{"name": "Ana"}, {"name": "Ben"}]}, "engine"),
])
def test_create_game_shape_errors_are_400_naming_the_field(client: Any, payload: dict, field: str) -> None:
    response = client.post("/api/games", json=payload)
    assert response.status_code == 400
    assert field in response.get_json()["fields"]


def test_create_game_against_setup_rules_is_422(client: Any) -> None:
    response = client.post("/api/games", json={"engine": PANIC, "players": [{"name": "Ana"}]})
    assert response.status_code == 422
    assert response.get_json()["violations"][0]["code"] == "PN-C01"


def test_append_returns_201_with_seq_version_flags_and_standings(client: Any) -> None:
    game = create(client)
    response = post_event(client, game, body(draw()))
    assert response.status_code == 201
    answer = response.get_json()
    assert (answer["seq"], answer["version"], answer["flags"]) == (1, 1, [])
    assert answer["describe"].startswith("Ana drew a card")
    assert answer["standings"]["final"] is False


@pytest.mark.parametrize("prefer", ["return=minimal", "respond-async, Return = \"minimal\"; x=1"])
def test_append_with_prefer_return_minimal_answers_without_standings_or_describe(client: Any, prefer: str) -> None:
    game = create(client)
    response = client.post(f"/api/games/{game['id']}/events", json=body(draw()),
                           headers={"Authorization": f"Bearer {game['write_token']}", "Prefer": prefer})
    assert response.status_code == 201
    assert response.headers["Preference-Applied"] == "return=minimal"
    assert response.get_json() == {"seq": 1, "version": 1, "flags": [], "unchecked": []}
    assert stored_count(client, game) == 1


@pytest.mark.parametrize("prefer", [None, "return=representation", "minimal"])
def test_append_without_return_minimal_answers_in_full(client: Any, prefer: str | None) -> None:
    game = create(client)
    headers = {"Authorization": f"Bearer {game['write_token']}", **({"Prefer": prefer} if prefer else {})}
    response = client.post(f"/api/games/{game['id']}/events", json=body(draw()), headers=headers)
    assert response.status_code == 201
    assert "Preference-Applied" not in response.headers
    assert set(response.get_json()) == {"seq", "version", "flags", "unchecked", "standings", "describe"}


def test_return_minimal_spares_the_engine_the_standings_and_the_describe_line(client: Any, monkeypatch: Any) -> None:
    game = create(client)
    engine = engines.find(PANIC)

    def never(*args: Any) -> Any:
        raise AssertionError("worked out for an answer that leaves it out")

    monkeypatch.setattr(engine, "standings", never)
    monkeypatch.setattr(engine, "describe", never)
    response = client.post(f"/api/games/{game['id']}/events", json=body(draw()),
                           headers={"Authorization": f"Bearer {game['write_token']}", "Prefer": "return=minimal"})
    assert response.status_code == 201 and response.get_json()["seq"] == 1


def test_an_idempotent_retry_with_return_minimal_is_200_and_minimal(client: Any) -> None:
    game = create(client)
    headers = {"Authorization": f"Bearer {game['write_token']}", "Prefer": "return=minimal"}
    first = client.post(f"/api/games/{game['id']}/events", json={**body(draw()), "idempotency_key": "k1"},
                        headers=headers)
    again = client.post(f"/api/games/{game['id']}/events", json={**body(draw()), "idempotency_key": "k1"},
                        headers=headers)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json() == first.get_json() == {"seq": 1, "version": 1, "flags": [], "unchecked": []}


def test_append_without_token_is_401_and_with_a_wrong_one_403(client: Any) -> None:
    game = create(client)
    response = client.post(f"/api/games/{game['id']}/events", json=body(draw()))
    assert response.status_code == 401 and response.get_json()["error"] == "unauthorized"
    assert post_event(client, game, body(draw()), token="not-the-token").status_code == 403
    assert stored_count(client, game) == 0


@pytest.mark.parametrize("payload, field", [
    ({"data": {}}, "type"),
    ({"type": "card_drawn", "data": "x"}, "data"),
    ({"type": "card_drawn", "expected_version": -1}, "expected_version"),
    ({"type": "card_drawn", "expected_version": "1"}, "expected_version"),
    ({"type": "card_drawn", "surprise": 1}, "surprise"),
    ({"type": "card_played", "data": {"target": "Ben", "card": {"kind": "JOKER"}}}, "data.card.kind"),
    ({"type": "card_drawn", "actor": "Zed"}, "actor"),
    ({"type": "no_such_event"}, "type"),
    ({"type": "card_drawn", "override": {}}, "override.reason"),
])
def test_append_shape_errors_are_400_naming_the_field_and_store_nothing(
    client: Any, payload: dict, field: str
) -> None:
    game = create(client)
    response = post_event(client, game, payload)
    assert response.status_code == 400, response.get_json()
    assert field in response.get_json()["fields"]
    assert stored_count(client, game) == 0


def test_append_with_stale_version_is_409_with_the_current_version(client: Any) -> None:
    game = create(client)
    post_event(client, game, body(draw()))
    response = post_event(client, game, body(draw(expected_version=0)))
    assert response.status_code == 409
    assert response.get_json()["current_version"] == 1
    assert stored_count(client, game) == 1


def test_append_against_the_rules_is_422_with_code_and_rule(client: Any) -> None:
    game = create(client)
    response = post_event(client, game, body(play_fall("Ben", 200, actor="Cy")))
    assert response.status_code == 422
    violation = response.get_json()["violations"][0]
    assert violation["code"] == "PN-C02" and violation["rule"] and violation["severity"] == "error"
    assert stored_count(client, game) == 0


def test_idempotent_retry_is_200_with_the_original_seq(client: Any) -> None:
    game = create(client)
    first = post_event(client, game, body(draw(idempotency_key="tap-1")))
    again = post_event(client, game, body(draw(idempotency_key="tap-1")))
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["seq"] == first.get_json()["seq"] == 1
    other = post_event(client, game, body(play_fall("Ben", 100, idempotency_key="tap-1")))
    assert other.status_code == 422
    assert stored_count(client, game) == 1


def test_unknown_game_is_404(client: Any) -> None:
    for path in ("/api/games/nope", "/api/games/nope/events", "/api/games/nope/state", "/api/games/nope/verify"):
        response = client.get(path)
        assert response.status_code == 404 and response.get_json()["error"] == "not_found", path
    assert client.post("/api/games/nope/events", json=body(draw()),
                       headers={"Authorization": "Bearer x"}).status_code == 404


def test_non_json_body_is_415_and_broken_json_400(client: Any) -> None:
    game = create(client)
    headers = {"Authorization": f"Bearer {game['write_token']}"}
    response = client.post(f"/api/games/{game['id']}/events", data="type=card_drawn", headers=headers)
    assert response.status_code == 415
    broken = client.post(f"/api/games/{game['id']}/events", data=b'{"type": ', headers=headers,
                         content_type="application/json")
    assert broken.status_code == 400 and broken.get_json()["error"]
    assert stored_count(client, game) == 0


def test_oversized_body_is_413(client: Any) -> None:
    game = create(client)
    huge = {"type": "note", "data": {"text": "x" * 300_000}}
    response = post_event(client, game, huge)
    assert response.status_code == 413
    assert stored_count(client, game) == 0


def test_state_at_a_step_and_beyond_the_last_one(client: Any) -> None:
    game = create(client)
    for _ in range(3):
        post_event(client, game, body(draw()))
    state = client.get(f"/api/games/{game['id']}/state?at=2").get_json()
    assert state["step"] == 2 and state["expected"]["actors"] == ["Ben"]
    assert state["position"] == {"round": None, "turn": 2, "label": "Turn 2 · Ben", "detail": "Action 1 of 2"}
    assert state["state"]["players"]["Ana"]["hand_count"] == 8
    assert client.get(f"/api/games/{game['id']}/state?at=9").status_code == 404
    assert client.get(f"/api/games/{game['id']}/state?at=-1").status_code == 400


def test_events_effective_and_recorded_views(client: Any) -> None:
    game = create(client)
    for _ in range(3):
        post_event(client, game, body(draw()))
    post_event(client, game, {"type": "undo", "data": {"reason": "wrong player"}})
    effective = client.get(f"/api/games/{game['id']}/events").get_json()["events"]
    recorded = client.get(f"/api/games/{game['id']}/events?view=recorded").get_json()["events"]
    assert [e["seq"] for e in effective] == [1, 2]
    assert all(e["describe"] for e in effective)
    assert [e["type"] for e in recorded] == ["card_drawn"] * 3 + ["undo"]
    assert recorded[1]["prev_hash"] == recorded[0]["hash"]
    window = client.get(f"/api/games/{game['id']}/events?view=recorded&from=2&to=3").get_json()["events"]
    assert [e["seq"] for e in window] == [2, 3]


def test_verify_endpoint_reports_an_intact_chain(client: Any) -> None:
    game = create(client)
    post_event(client, game, body(draw()))
    assert client.get(f"/api/games/{game['id']}/verify").get_json() == {
        "ok": True, "events": 1, "version": 1, "first_broken": None}


def test_game_list_filters_and_pages(client: Any) -> None:
    first, second = create(client), create(client)
    page = client.get("/api/games?limit=1").get_json()
    assert page["total"] == 2 and len(page["games"]) == 1
    assert client.get("/api/games?player=Ben").get_json()["total"] == 2
    assert client.get("/api/games?player=Zed").get_json()["total"] == 0
    assert client.get("/api/games?status=finished").get_json()["total"] == 0
    assert client.get("/api/games?status=lost").status_code == 400
    assert client.get("/api/games?player=' OR 1=1 --").get_json()["total"] == 0
    assert {first["id"], second["id"]} == {g["id"] for g in client.get("/api/games").get_json()["games"]}


def test_openapi_document_and_docs_page(client: Any) -> None:
    spec = client.get("/api/openapi.json").get_json()
    assert spec["openapi"].startswith("3.")
    post = spec["paths"]["/api/games/{game_id}/events"]["post"]
    assert {"201", "400", "401", "403", "409", "422"} <= set(post["responses"])
    assert "EventIn" in spec["components"]["schemas"]
    docs = client.get("/api/docs")
    assert docs.status_code == 200 and b"/api/docs/assets/swagger-ui-bundle.js" in docs.data
    asset = client.get("/api/docs/assets/swagger-ui-bundle.js")
    assert asset.status_code == 200 and b"SwaggerUIBundle" in asset.data
    asset.close()


def test_deeply_nested_json_is_400_not_a_crash(client: Any) -> None:
    game = create(client)
    headers = {"Authorization": f"Bearer {game['write_token']}"}
    nested = b"[" * 100_000 + b"]" * 100_000
    response = client.post(f"/api/games/{game['id']}/events", data=nested, headers=headers,
                           content_type="application/json")
    assert response.status_code == 400 and "nested" in response.get_json()["message"]
    assert stored_count(client, game) == 0


@pytest.mark.parametrize("text", ["\u0000", "\ud800"])
def test_text_no_database_can_store_is_400(client: Any, text: str) -> None:
    players = [{"name": "Ana"}, {"name": "Ben" + text}]
    response = client.post("/api/games", json={"engine": PANIC, "players": players})
    assert response.status_code == 400 and "players.1.name" in response.get_json()["fields"]
    game = create(client)
    assert post_event(client, game, {"type": "card_drawn", "note": "hi" + text}).status_code == 400
    if text == "\u0000":  # a query string cannot even carry a lone surrogate
        assert client.get("/api/games", query_string={"player": "A" + text}).status_code == 400
    assert stored_count(client, game) == 0


def test_malformed_game_ids_are_404(client: Any) -> None:
    for game_id in ("%00", "X" * 32, "1" * 33):
        assert client.get(f"/api/games/{game_id}/state").status_code == 404, game_id


def test_default_title_fits_even_with_long_names(client: Any) -> None:
    players = [{"name": c * 100} for c in "abc"]
    game = client.post("/api/games", json={"engine": PANIC, "players": players}).get_json()
    assert len(game["title"]) == 200 and game["title"].startswith("Panic in the Air: aaa")


def test_force_must_be_a_real_boolean(client: Any) -> None:
    game = create(client)
    for _ in range(3):
        post_event(client, game, body(draw()))
    response = post_event(client, game, {"type": "void", "data": {"target_seq": 1, "reason": "x", "force": "false"}})
    assert response.status_code == 400 and "data.force" in response.get_json()["fields"]
    huge = post_event(client, game, {"type": "void", "data": {"target_seq": 2**40, "reason": "x"}})
    assert huge.status_code == 400 and "data.target_seq" in huge.get_json()["fields"]
    assert stored_count(client, game) == 3


def test_void_that_breaks_later_events_is_422_listing_them(client: Any) -> None:
    game = create(client)
    for _ in range(3):
        post_event(client, game, body(draw()))
    response = post_event(client, game, {"type": "void", "data": {"target_seq": 1, "reason": "no"}})
    assert response.status_code == 422
    answer = response.get_json()
    assert answer["violations"][0]["code"] == "correction/breaks-later-events"
    assert [b["seq"] for b in answer["would_break"]] == [3]
    forced = post_event(client, game, {"type": "void", "data": {"target_seq": 1, "reason": "no", "force": True}})
    assert forced.status_code == 201 and forced.get_json()["flags"][0]["seq"] == 3
    again = post_event(client, game, {"type": "void", "data": {"target_seq": 1, "reason": "no"}})
    assert again.status_code == 422
    assert again.get_json()["violations"][0]["code"] == "correction/already-retracted"


def test_amend_may_only_put_a_game_event_in_place(client: Any) -> None:
    game = create(client)
    post_event(client, game, body(draw()))
    response = post_event(client, game, {"type": "amend", "data": {"target_seq": 1, "event": {"type": "undo"}},
                                         "override": {"reason": "sure"}})
    assert response.status_code == 400 and "data.event.type" in response.get_json()["fields"]


def test_checks_judge_events_and_store_none(client: Any) -> None:
    game = create(client)
    events = [body(draw()), body(draw(actor="Cy")), {"type": "card_played", "actor": "Ana", "data": {}},
              {"type": "undo", "data": {}}]
    headers = {"Authorization": f"Bearer {game['write_token']}"}
    response = client.post(f"/api/games/{game['id']}/checks", json={"events": events}, headers=headers)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["version"] == 0
    legal, cy, half, undo = answer["results"]
    assert legal == {"legal": True, "violations": [], "warnings": [], "fields": {}}
    assert (cy["legal"], [v["code"] for v in cy["violations"]]) == (False, ["PN-C02"])
    assert "Ana's turn, not Cy's" in cy["violations"][0]["message"]
    assert not half["legal"] and set(half["fields"]) == {"data.target", "data.card"}
    assert not undo["legal"] and "type" in undo["fields"]
    assert stored_count(client, game) == 0


def test_checks_need_the_write_token_and_at_most_32_events(client: Any) -> None:
    game = create(client)
    url = f"/api/games/{game['id']}/checks"
    assert client.post(url, json={"events": [body(draw())]}).status_code == 401
    headers = {"Authorization": f"Bearer {game['write_token']}"}
    response = client.post(url, json={"events": [body(draw())] * 33}, headers=headers)
    assert response.status_code == 400 and "events" in response.get_json()["fields"]


def test_a_check_that_could_not_run_is_not_a_flag(client: Any) -> None:
    """With the deck's size unknown, a draw's deck checks cannot run: they are stored with
    the event, answered and logged as ``unchecked``, never as flags."""
    game = create(client, options={"deck_total": None})
    answer = post_event(client, game, body(draw())).get_json()
    assert answer["flags"] == []
    assert [(c["code"], c["severity"]) for c in answer["unchecked"]] == [("PN-C14", "unverified")]
    entry = client.get(f"/api/games/{game['id']}/events").get_json()["events"][0]
    assert (entry["flags"], [c["code"] for c in entry["unchecked"]]) == ([], ["PN-C14"])
    stored = client.get(f"/api/games/{game['id']}/events?view=recorded").get_json()["events"][0]
    assert [f["code"] for f in stored["flags"]] == ["PN-C14"], "what was judged is stored as it was"
    frame = client.get(f"/api/games/{game['id']}/frames?from=1&count=1").get_json()["frames"][0]
    assert (frame["flags"], [c["code"] for c in frame["unchecked"]]) == ([], ["PN-C14"])
