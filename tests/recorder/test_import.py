"""Import of exported games (issue 6): a round trip through an empty database gives the
same bytes and the same standings at every step, for every engine; a bad game is refused
with the reason and where, and leaves nothing behind; a game already here is not stored
twice."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlalchemy import func, select
from werkzeug.test import EnvironBuilder, run_wsgi_app

from bench.games import rechained
from recorder.demo import load_demo_games
from recorder.exports.game_json import export_game
from recorder.import_problems import ImportConflict, ImportRefused, ImportUnreadable
from recorder.imports.batch import import_lines
from recorder.imports.document import read_document
from recorder.models import EventRow, Game, Snapshot
from recorder.store import AppendRequest, EventStore
from tests.recorder.helpers import PLAYERS, draw, play_fall

PANIC = "panic-in-the-air"


def _counts(store: EventStore) -> tuple[int, int]:
    with store.db.connect() as conn:
        games = conn.scalar(select(func.count()).select_from(Game)) or 0
        events = conn.scalar(select(func.count()).select_from(EventRow)) or 0
    return games, events


def _document(store: EventStore, game_id: str) -> dict[str, Any]:
    """The export as a file holds it (parsed back from its JSON text)."""
    return json.loads(json.dumps(export_game(store, game_id)))


def _corrected_game(store: EventStore) -> str:
    """A Panic in the Air game with every kind of correction, an override and a note."""
    game, token = store.create_game(PANIC, PLAYERS, "Corrections")
    for _ in range(6):
        store.append(game.id, token, draw(recorded_by="phone", idempotency_key=None))
    store.append(game.id, token, AppendRequest(type="note", data={"text": "Cy's turn next"}, actor="Cy"))
    store.append(game.id, token, play_fall("Cy", 100, idempotency_key="k-1"))
    store.append(game.id, token, play_fall("Ana", 100, actor="Ana", override={"reason": "house rule"}))
    store.append(game.id, token, AppendRequest(type="undo", data={"reason": "misread"}))
    store.append(game.id, token, AppendRequest(type="void", data={"target_seq": 1, "reason": "x", "force": True}))
    replacement = {"type": "card_played", "data": {"target": "Ben", "card": {"kind": "FALL", "value": 300}}}
    store.append(game.id, token, AppendRequest(type="amend", data={"target_seq": 8, "event": replacement,
                                                                   "force": True}))
    for _ in range(4):
        store.append(game.id, token, draw())
    return game.id


def _standings_at_every_step(store: EventStore, game_id: str) -> list[Any]:
    import engines

    game, states = store.timeline(game_id)
    engine = engines.find(game.engine)
    return [engine.standings(state) for _, state in states]


def test_every_engine_round_trips_through_an_empty_database(store: EventStore, other_store: EventStore) -> None:
    ids = [game_id for game_id, _, _ in load_demo_games(store)] + [_corrected_game(store)]
    for game_id in ids:
        exported = _document(store, game_id)
        outcome = other_store.import_game(read_document(exported))
        assert (outcome.status, outcome.events) == ("imported", len(exported["events"]))
        again = _document(other_store, game_id)
        assert json.dumps(again["events"]) == json.dumps(exported["events"]), "byte-identical event data"
        assert again == exported
        assert _standings_at_every_step(other_store, game_id) == _standings_at_every_step(store, game_id)
        assert other_store.verify(game_id)["ok"]
        assert other_store.effective_log(game_id) == store.effective_log(game_id)
    engines_seen = {store.get_game(game_id).engine for game_id in ids}
    assert engines_seen == {"panic-in-the-air", "isle-of-pan", "pan-am", "panamax", "air-alliance"}
    corrected = _document(other_store, ids[-1])
    assert [e["type"] for e in corrected["events"]][6:11] == ["note", "card_played", "card_played", "undo", "void"]
    with other_store.db.connect() as conn:
        snapshots = conn.scalar(select(func.count()).select_from(Snapshot).where(Snapshot.game_id == ids[0]))
    assert snapshots and snapshots > 0, "an imported game seeks from snapshots like a recorded one"


def test_the_imported_game_takes_new_events_with_its_new_token(store: EventStore, other_store: EventStore) -> None:
    game, token = store.create_game(PANIC, PLAYERS, "Half a game")
    store.append(game.id, token, draw())
    outcome = other_store.import_game(read_document(_document(store, game.id)))
    assert outcome.write_token and outcome.write_token != token
    result, _ = other_store.append(game.id, outcome.write_token, draw())
    assert result.seq == 2 and other_store.verify(game.id)["ok"]
    retried, created = other_store.append(game.id, outcome.write_token, draw(idempotency_key="again"))
    assert created


def test_a_game_already_here_is_recognised_not_duplicated(store: EventStore, other_store: EventStore) -> None:
    game, token = store.create_game(PANIC, PLAYERS)
    store.append(game.id, token, draw())
    older = _document(store, game.id)
    store.append(game.id, token, draw())
    newer = _document(store, game.id)

    assert store.import_game(read_document(newer)).status == "present", "exported from here, so here already"
    other_store.import_game(read_document(newer))
    before = _counts(other_store)
    again = other_store.import_game(read_document(newer))
    assert (again.status, again.write_token) == ("present", None)
    assert other_store.import_game(read_document(older)).status == "present", "an older export of the same game"
    assert _counts(other_store) == before


def test_a_longer_or_different_history_under_the_same_id_is_a_conflict(
        store: EventStore, other_store: EventStore) -> None:
    game, token = store.create_game(PANIC, PLAYERS)
    store.append(game.id, token, draw())
    older = _document(store, game.id)
    store.append(game.id, token, draw())
    other_store.import_game(read_document(older))
    with pytest.raises(ImportConflict) as raised:
        other_store.import_game(read_document(_document(store, game.id)))
    assert raised.value.code == "import/conflict" and "1 events here, 2 in the file" in raised.value.message
    retitled = rechained(older, title="Another title")
    with pytest.raises(ImportConflict):
        other_store.import_game(read_document(retitled))
    assert other_store.get_game(game.id).version == 1


def _refused(store: EventStore, document: Any) -> ImportRefused:
    before = _counts(store)
    with pytest.raises(ImportRefused) as raised:
        store.import_game(read_document(document))
    assert _counts(store) == before, "nothing half-imported"
    return raised.value


@pytest.fixture
def exported(store: EventStore) -> dict[str, Any]:
    """A short game with an overridden illegal event, exported."""
    game, token = store.create_game(PANIC, PLAYERS, "Short")
    store.append(game.id, token, draw())
    store.append(game.id, token, play_fall("Ana", 100, actor="Ben", override={"reason": "Ben's hand slipped"}))
    store.append(game.id, token, draw())
    return _document(store, game.id)


def test_a_broken_chain_names_the_event(exported: dict[str, Any], other_store: EventStore) -> None:
    exported["events"][1]["data"]["card"]["value"] = 200
    error = _refused(other_store, exported)
    assert (error.code, error.seq, error.status) == ("import/chain", 2, 422)
    assert "does not match its hash" in error.message
    del exported["events"][1]
    exported["game"]["version"] = 2
    assert (_refused(other_store, exported).code, _refused(other_store, exported).seq) == ("import/chain", 2)


def test_a_header_that_does_not_match_its_genesis_hash_is_refused(
        exported: dict[str, Any], other_store: EventStore) -> None:
    exported["game"]["players"][0]["name"] = "Zed"
    error = _refused(other_store, exported)
    assert (error.code, error.seq) == ("import/genesis", 0)


def test_a_cut_short_file_whose_header_says_more_events_is_refused(
        exported: dict[str, Any], other_store: EventStore) -> None:
    exported["events"] = exported["events"][:2]
    error = _refused(other_store, exported)
    assert error.code == "import/version" and "holds 2 events" in error.message


def test_an_unknown_engine_or_other_rules_version_is_refused_by_name(
        exported: dict[str, Any], other_store: EventStore) -> None:
    error = _refused(other_store, rechained(exported, engine="chess"))
    assert error.code == "import/unknown-engine" and "'chess'" in error.message
    error = _refused(other_store, rechained(exported, rules_version="0.1"))
    assert error.code == "import/rules-version" and "rules 0.1" in error.message


def test_an_event_the_rules_refuse_without_an_override_is_refused_with_its_rule(
        exported: dict[str, Any], other_store: EventStore) -> None:
    """Someone edited the file and re-hashed it: the hashes hold, the re-check does not."""
    exported["events"][1]["override"] = None
    error = _refused(other_store, rechained(exported))
    assert (error.code, error.seq) == ("import/illegal-event", 2)
    assert error.details["violations"][0]["code"] == exported["events"][1]["flags"][0]["code"]


def test_flags_other_than_the_re_check_gives_are_refused(exported: dict[str, Any], other_store: EventStore) -> None:
    exported["events"][2]["flags"] = [{"code": "PN-X", "rule": "None", "severity": "warning", "message": "made up"}]
    error = _refused(other_store, rechained(exported))
    assert (error.code, error.seq) == ("import/flags-differ", 3)


def test_standings_other_than_the_replay_gives_are_refused(exported: dict[str, Any], other_store: EventStore) -> None:
    exported["standings"]["players"][0]["total"] = 999
    error = _refused(other_store, exported)
    assert error.code == "import/refold-differs" and error.details["part"] == "standings"


def test_an_undo_recorded_against_another_target_is_refused(store: EventStore, other_store: EventStore) -> None:
    game, token = store.create_game(PANIC, PLAYERS)
    store.append(game.id, token, draw())
    store.append(game.id, token, draw())
    store.append(game.id, token, AppendRequest(type="undo"))
    document = _document(store, game.id)
    document["events"][2]["data"]["target_seq"] = 1
    error = _refused(other_store, rechained(document))
    assert (error.code, error.seq) == ("import/refold-differs", 3)


@pytest.mark.parametrize("change, code, field", [
    (lambda d: d.update(format="chess-pgn"), "import/not-a-game", None),
    (lambda d: d.update(format_version=2), "import/format-version", None),
    (lambda d: d.update(format_version=True), "import/format-version", None),
    (lambda d: d["events"][0].update(seq="1"), "import/invalid", "events.0.seq"),
    (lambda d: d["game"].update(title="x" * 201), "import/invalid", "game.title"),
    (lambda d: d["events"][1].update(actor="\x00"), "import/invalid", "events.1.actor"),
    (lambda d: d["events"][2].pop("hash"), "import/invalid", "events.2.hash"),
])
def test_a_document_of_the_wrong_shape_is_unreadable(
        exported: dict[str, Any], change: Any, code: str, field: str | None) -> None:
    change(exported)
    with pytest.raises(ImportUnreadable) as raised:
        read_document(exported)
    assert raised.value.code == code and raised.value.status == 400
    if field:
        assert field in raised.value.details["fields"]


def test_a_bulk_file_imports_the_good_games_and_reports_the_bad(store: EventStore, other_store: EventStore) -> None:
    ids = [game_id for game_id, _, _ in load_demo_games(store)][:3]  # three games: good, broken, good
    lines = [json.dumps(_document(store, game_id)) for game_id in ids]
    broken = json.loads(lines[1])
    broken["events"][4]["note"] = "edited"
    lines[1] = json.dumps(broken)
    lines.append(lines[0][: len(lines[0]) // 2])  # a truncated last line
    report = import_lines(other_store, [line.encode() + b"\n" for line in lines] + [b"\n"])
    assert [(g["line"], g["id"], g["status"]) for g in report.games] == [
        (1, ids[0], "imported"), (3, ids[2], "imported")]
    assert [(p["line"], p["game"], p["seq"], p["code"]) for p in report.problems] == [
        (2, ids[1], 5, "import/chain"), (4, None, None, "import/not-json")]
    assert "truncated" in report.problems[1]["message"]
    assert _counts(other_store)[0] == 2
    assert import_lines(other_store, [line.encode() for line in lines[:1]]).games[0]["status"] == "present"


# --------------------------------------------------------------------------- HTTP API


def _post(client: Any, body: bytes | str, content_type: str = "application/json") -> Any:
    return client.post("/api/import", data=body, content_type=content_type)


def test_post_import_answers_201_with_a_token_then_200_when_present(client: Any, other_store: EventStore) -> None:
    game, token = other_store.create_game(PANIC, PLAYERS, "From the club laptop")
    other_store.append(game.id, token, draw())
    body = json.dumps(_document(other_store, game.id))
    first = _post(client, body)
    assert first.status_code == 201, first.get_json()
    answer = first.get_json()
    assert (answer["status"], answer["id"], answer["events"], answer["game"]["version"]) == (
        "imported", game.id, 1, 1)
    appended = client.post(f"/api/games/{game.id}/events", json={"type": "card_drawn", "data": {}},
                           headers={"Authorization": f"Bearer {answer['write_token']}"})
    assert appended.status_code == 201
    again = _post(client, body)
    assert again.status_code == 200 and again.get_json()["status"] == "present"
    assert "write_token" not in again.get_json()


def test_post_import_of_ndjson_reports_every_line(client: Any, other_store: EventStore) -> None:
    ids = [other_store.create_game(PANIC, PLAYERS, f"Game {i}")[0].id for i in range(3)]
    lines = [json.dumps(_document(other_store, game_id)) for game_id in ids]
    lines[1] = lines[1].replace('"rules_version":', '"rules_version": "9", "x":', 1)
    response = _post(client, "\n".join(lines) + "\n", "application/x-ndjson")
    assert response.status_code == 200
    report = response.get_json()
    assert (report["imported"], report["present"], report["refused"]) == (2, 0, 1)
    assert report["problems"][0]["line"] == 2 and report["problems"][0]["code"] == "import/invalid"
    assert all(g["write_token"] for g in report["games"])

    refused = _post(client, lines[1] + "\n", "application/x-ndjson")
    assert refused.status_code == 422 and refused.get_json()["refused"] == 1
    assert "line 1" in refused.get_json()["message"]
    empty = _post(client, "\n\n", "application/x-ndjson")
    assert empty.status_code == 400 and empty.get_json()["message"] == "The file holds no games"


def test_post_import_names_each_bad_input_and_stores_nothing(client: Any, app: Any, other_store: EventStore) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, token = other_store.create_game(PANIC, PLAYERS)
    other_store.append(game.id, token, draw())
    good = _document(other_store, game.id)
    text = json.dumps(good)

    def refused(body: Any, status: int, code: str) -> dict[str, Any]:
        response = _post(client, body if isinstance(body, str) else json.dumps(body))
        assert response.status_code == status, response.get_json()
        answer: dict[str, Any] = response.get_json()
        assert answer["code"] == code, answer
        assert _counts(store) == (0, 0)
        return answer

    assert "truncated" in refused(text[:-40], 400, "import/not-json")["message"]
    assert refused({**good, "format_version": 7}, 400, "import/format-version")["message"].startswith(
        "tablescribe-game format version 7")
    assert refused(rechained(good, engine="go"), 422, "import/unknown-engine")["game"] == game.id
    broken = json.loads(text)
    broken["events"][0]["actor"] = "Ben"
    assert refused(broken, 422, "import/chain")["seq"] == 1
    assert "several documents" in refused(text + "\n" + text, 400, "import/not-json")["message"]


def test_post_import_limits_size_and_wants_a_length_and_a_json_type(client: Any, app: Any) -> None:
    app.config["IMPORT_MAX_BYTES"] = 1000
    too_big = _post(client, json.dumps({"format": "tablescribe-game", "pad": "x" * 2000}))
    assert too_big.status_code == 413 and too_big.get_json()["error"] == "request_entity_too_large"
    assert _post(client, "hello", "text/plain").status_code == 415
    environ = EnvironBuilder(path="/api/import", method="POST", data="{}", content_type="application/json")
    unsized_environ = environ.get_environ()
    del unsized_environ["CONTENT_LENGTH"]  # as a chunked upload arrives
    body, status, _ = run_wsgi_app(app, unsized_environ)
    assert status.startswith("411") and json.loads(b"".join(body))["error"] == "length_required"


# --------------------------------------------------------------- what the re-check catches


def test_an_event_of_a_type_the_engine_does_not_know_is_refused_by_shape(
        exported: dict[str, Any], other_store: EventStore) -> None:
    exported["events"][2]["type"] = "card_burnt"
    error = _refused(other_store, rechained(exported))
    assert (error.code, error.seq) == ("import/event-shape", 3) and "card_burnt" in error.message


def test_a_rules_profile_the_engine_would_not_have_written_is_refused(
        exported: dict[str, Any], other_store: EventStore) -> None:
    options = exported["game"]["options"]
    partial = {k: v for k, v in list(options.items())[1:]}
    assert _refused(other_store, rechained(exported, options=partial)).code == "import/options"
    twins = [{"name": "Ana"}, {"name": "Ana"}, {"name": "Cy"}]
    error = _refused(other_store, rechained(exported, players=twins))
    assert error.code == "import/setup" and error.details["violations"][0]["code"] == "PN-C01"


def test_a_status_or_declared_data_other_than_the_replay_gives_is_refused(
        store: EventStore, other_store: EventStore, exported: dict[str, Any]) -> None:
    exported["game"]["status"] = "finished"
    error = _refused(other_store, exported)
    assert (error.code, error.details["part"]) == ("import/refold-differs", "status")
    pan_am = next(i for i, _, _ in load_demo_games(store) if store.get_game(i).engine == "pan-am")
    document = _document(store, pan_am)
    document["declared"]["route_distance:New York|Paris"]["value"] = 5
    error = _refused(other_store, document)
    assert (error.code, error.details["part"]) == ("import/refold-differs", "declared")


def test_a_flag_of_another_severity_or_naming_another_event_is_refused(
        store: EventStore, other_store: EventStore, exported: dict[str, Any]) -> None:
    exported["events"][1]["flags"][0]["severity"] = "warning"
    assert _refused(other_store, rechained(exported)).code == "import/flags-differ"
    game, token = store.create_game(PANIC, PLAYERS)
    for _ in range(3):
        store.append(game.id, token, draw())
    store.append(game.id, token, AppendRequest(type="void", data={"target_seq": 1, "reason": "x", "force": True}))
    voided = _document(store, game.id)
    assert voided["events"][3]["flags"][0]["seq"] == 3
    voided["events"][3]["flags"][0]["seq"] = 2
    error = _refused(other_store, rechained(voided))
    assert (error.code, error.seq) == ("import/flags-differ", 4)


def test_a_correction_the_store_would_have_refused_is_refused(store: EventStore, other_store: EventStore) -> None:
    game, token = store.create_game(PANIC, PLAYERS)
    for _ in range(3):
        store.append(game.id, token, draw())
    store.append(game.id, token, AppendRequest(type="void", data={"target_seq": 1, "reason": "x", "force": True}))
    document = _document(store, game.id)
    del document["events"][3]["data"]["force"]
    error = _refused(other_store, rechained(document))
    assert (error.code, error.seq) == ("import/correction-refused", 4)
    assert error.details["violations"][0]["code"] == "correction/breaks-later-events"


def test_an_undo_target_of_another_json_type_is_refused(store: EventStore, other_store: EventStore) -> None:
    game, token = store.create_game(PANIC, PLAYERS)
    store.append(game.id, token, draw())
    store.append(game.id, token, AppendRequest(type="undo"))
    document = _document(store, game.id)
    document["events"][1]["data"]["target_seq"] = 1.0
    assert _refused(other_store, rechained(document)).code == "import/refold-differs"


def test_an_event_without_the_actor_who_was_due_is_refused(
        exported: dict[str, Any], other_store: EventStore) -> None:
    exported["events"][0]["actor"] = None
    error = _refused(other_store, rechained(exported))
    assert (error.code, error.seq) == ("import/refold-differs", 1) and "Ana was due" in error.message


def test_an_idempotency_key_used_twice_is_refused(exported: dict[str, Any], other_store: EventStore) -> None:
    for event in exported["events"]:
        event["idempotency_key"] = "same"
    error = _refused(other_store, rechained(exported))
    assert (error.code, error.seq) == ("import/idempotency-key", 2)


def test_a_forked_history_of_the_same_length_under_a_known_id_is_a_conflict(
        exported: dict[str, Any], other_store: EventStore) -> None:
    other_store.import_game(read_document(exported))
    forked = json.loads(json.dumps(exported))
    forked["events"][2]["note"] = "another evening"
    with pytest.raises(ImportConflict):
        other_store.import_game(read_document(rechained(forked)))


def test_two_imports_of_one_game_racing_store_it_once(
        exported: dict[str, Any], other_store: EventStore, monkeypatch: Any) -> None:
    """The loser of the race finds the winner's copy when its insert fails."""
    first = other_store.import_game(read_document(exported))
    looked = []
    original = EventStore._existing_copy

    def not_yet(self: EventStore, header: Any, records: Any) -> Any:
        looked.append(header["id"])
        return None if len(looked) == 1 else original(self, header, records)

    monkeypatch.setattr(EventStore, "_existing_copy", not_yet)
    second = other_store.import_game(read_document(exported))
    assert (first.status, second.status, second.write_token) == ("imported", "present", None)
    assert len(looked) == 2 and _counts(other_store) == (1, 3)


@pytest.mark.parametrize("change, field", [
    (lambda d: d["events"][1]["flags"][0].update(message="bad \ud800 text"), "events.1.flags.0.message"),
    (lambda d: d["events"][1]["data"]["card"].update(value=float("inf")), "events.1.data.card.value"),
    (lambda d: d["events"][0]["data"].update({"k\x00": 1}), "events.0.data.'k\\x00'"),
    (lambda d: d["game"].update(created_at="yesterday"), "game.created_at"),
    (lambda d: d["events"][0].update(recorded_at="2026-01-01T00:00:00"), "events.0.recorded_at"),
    (lambda d: d["events"][1]["flags"][0].update(shouted="LOUD"), "events.1.flags.0.shouted"),
    (lambda d: d["game"].update(title=""), "game.title"),
])
def test_values_no_database_or_page_could_hold_are_refused_by_field(
        exported: dict[str, Any], change: Any, field: str) -> None:
    change(exported)
    with pytest.raises(ImportUnreadable) as raised:
        read_document(exported)
    assert field in raised.value.details["fields"], raised.value.details


def test_nesting_too_deep_and_numbers_too_big_are_refused_before_anything_else() -> None:
    deep: dict[str, Any] = {}
    inner = deep
    for _ in range(80):
        inner["k"] = {}
        inner = inner["k"]
    with pytest.raises(ImportUnreadable) as raised:
        read_document({"format": "tablescribe-game", "format_version": 1, "game": {"id": "x"}, "nested": deep})
    assert "deeper than 64" in json.dumps(raised.value.details)
    from recorder.imports.document import parse_json
    for text in ('{"a": 1e400}', '{"a": NaN}', '[' * 5000 + ']' * 5000):
        with pytest.raises(ImportUnreadable) as raised:
            parse_json(text)
        assert raised.value.code == "import/not-json"


def test_a_game_that_fails_unexpectedly_is_reported_and_the_others_go_in(
        exported: dict[str, Any], other_store: EventStore, monkeypatch: Any) -> None:
    second = rechained(exported, game_id="e" * 32)
    original = EventStore.import_game

    def flaky(self: EventStore, document: Any, **kwargs: Any) -> Any:
        if document["game"]["id"] == exported["game"]["id"]:
            raise RuntimeError("disk on fire")
        return original(self, document, **kwargs)

    monkeypatch.setattr(EventStore, "import_game", flaky)
    report = import_lines(other_store, [json.dumps(exported), json.dumps(second)])
    assert [(p["line"], p["game"], p["code"]) for p in report.problems] == [
        (1, exported["game"]["id"], "import/internal")]
    assert [g["id"] for g in report.games] == ["e" * 32]
