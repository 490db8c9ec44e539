"""The JSON export of one game (issue 6): valid against its published schema, complete
(every stored event as recorded, corrections included, the hash chain intact) and
carrying the standings of the version it exports."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import jsonschema

import engines
from engines.base import Event
from recorder.demo import load_demo_games
from recorder.exports import bulk
from recorder.exports.bulk import game_line, ndjson_line, ndjson_lines
from recorder.exports.game_json import SCHEMA_PATH, export_game
from recorder.hashing import EVENT_HASH_FIELDS, event_hash, genesis_hash
from recorder.jsonish import declared_of
from recorder.store import AppendRequest, EventStore
from tests.formats import validator

DEALT = {
    "destinations": {"Ann": [{"city": "Rome", "region": "EUROPE"}] * 2, "Bob": [{"city": "Tokyo", "region": "PACIFIC"}] * 2},
    "display": [{"city": c, "region": "EUROPE"} for c in ("Lisbon", "Paris", "Madrid", "Oslo")],
}
SCHEMA = json.loads((Path(__file__).resolve().parents[2] / SCHEMA_PATH).read_text())


def _export(client: Any, game_id: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/export?format=json")
    assert response.status_code == 200, response.get_json()
    assert response.headers["Content-Disposition"].endswith(f'-{game_id}.tablescribe.json"')
    document: dict[str, Any] = response.get_json()
    validator(Path(SCHEMA_PATH).name).validate(document)
    return document


def test_the_schema_is_itself_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_every_engines_demo_exports_whole_and_replays_to_the_same_standings(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    exported = {}
    for game_id, _, _ in load_demo_games(store):
        document = _export(client, game_id)
        game = document["game"]
        exported[game["engine"]] = document
        assert game["genesis_hash"] == genesis_hash(game)
        assert game["version"] == len(document["events"]) == store.get_game(game_id).version
        previous = game["genesis_hash"]
        for seq, event in enumerate(document["events"], start=1):
            assert event["seq"] == seq and event["prev_hash"] == previous
            hashed = {**event, "game_id": game["id"]}
            assert event_hash({name: hashed[name] for name in EVENT_HASH_FIELDS}) == event["hash"]
            previous = event["hash"]
        # Replay the exported events through the engine: the standings must be the ones exported.
        engine = engines.find(game["engine"])
        state = engine.setup([p["name"] for p in game["players"]], game["options"])
        for event in document["events"]:
            state = engine.apply(state, Event(event["type"], event["data"], event["actor"]))
        assert engine.standings(state) == document["standings"]
    assert set(exported) == {engine.name for engine in engines.all_engines()}, "one demo per engine"
    assert exported["pan-am"]["declared"]["route_distance:New York|Paris"]["value"] == 4, "declared data travels"
    assert exported["panic-in-the-air"]["declared"] == {}, "an engine without a registry exports none"


def test_corrections_and_overrides_are_exported_as_recorded(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, token = store.create_game("pan-am", ["Ann", "Bob"], "Corrected")
    store.append(game.id, token, AppendRequest(type="cards_dealt", data=DEALT))
    bad = {"name": "Boom", "stock_adjustment": {"op": "up"}, "die_rolls": 1}
    store.append(game.id, token, AppendRequest(type="event_card_revealed", data=bad, override={"reason": "house rule"}))
    store.append(game.id, token, AppendRequest(type="undo", data={}, note="wrong card"))
    document = _export(client, game.id)
    assert [e["type"] for e in document["events"]] == ["cards_dealt", "event_card_revealed", "undo"]
    overridden = document["events"][1]
    assert overridden["override"] == {"reason": "house rule"} and [f["code"] for f in overridden["flags"]] == ["PA-V3"]
    assert document["events"][2]["note"] == "wrong card"
    assert document["standings"]["final"] is False and document["game"]["version"] == 3


def test_the_export_holds_the_rows_and_the_fold_the_store_reads_elsewhere(app: Any) -> None:
    """The export reads its events as plain rows, their JSON columns as text, and folds from
    those rows (``EventStore.recorded``): the events must be what the ORM rows hold, the
    standings and declared data what ``state_at`` folds, and the NDJSON line json.dumps's."""
    store: EventStore = app.extensions["tablescribe.store"]
    game, token = store.create_game("pan-am", ["Ann", "Bob"], "Café ✈ corrected")
    store.append(game.id, token, AppendRequest(type="cards_dealt", data=DEALT, idempotency_key="deal-1"))
    store.append(game.id, token, AppendRequest(type="note", data={"text": "Bob's \"house\" rule: ✈, \u00e9"}))
    bad = {"name": "Boom", "stock_adjustment": {"op": "up"}, "die_rolls": 1}
    store.append(game.id, token, AppendRequest(type="event_card_revealed", data=bad, override={"reason": "ça"}))
    store.append(game.id, token, AppendRequest(type="undo", data={}, note="wrong card"))
    document = export_game(store, game.id)
    assert document["events"] == [
        {"seq": r.seq, "type": r.type, "actor": r.actor, "data": r.data, "note": r.note, "recorded_at": r.recorded_at,
         "recorded_by": r.recorded_by, "idempotency_key": r.idempotency_key, "override": r.override,
         "flags": list(r.flags or []), "prev_hash": r.prev_hash, "hash": r.hash}
        for r in store.recorded_events(game.id)]
    state = store.state_at(game.id).state
    assert document["standings"] == engines.find("pan-am").standings(state)
    assert document["declared"] == declared_of(state) != {}
    assert ndjson_line(document) == json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"


def _corrected_game(store: EventStore) -> str:
    """A Pan Am game with what the JSON columns can hold: a note with quotes and accents,
    an override, flags, a void, an idempotency key, a title past ASCII."""
    game, token = store.create_game("pan-am", ["Ann", "Zoë"], "Café ✈ \"bulk\"")
    store.append(game.id, token, AppendRequest(type="cards_dealt", data={**DEALT, "destinations": {
        "Ann": DEALT["destinations"]["Ann"], "Zoë": DEALT["destinations"]["Bob"]}}, idempotency_key="deal-1"))
    store.append(game.id, token, AppendRequest(type="note", data={"text": "Zoë's \"house\" rule: ✈, \u00e9\n"}))
    bad = {"name": "Boom", "stock_adjustment": {"op": "up"}, "die_rolls": 1}
    store.append(game.id, token, AppendRequest(type="event_card_revealed", data=bad, override={"reason": "ça"}))
    store.append(game.id, token, AppendRequest(type="undo", data={}, note="wrong card"))
    return game.id


def test_a_bulk_line_holds_the_values_of_the_games_document(store: EventStore) -> None:
    """The bulk export writes each event's JSON columns as the text stored (orjson
    Fragments), not decoded and encoded again: every line must parse to exactly the
    document ``export_game`` builds, for every demo game and a corrected one, and count
    its events; on SQLite and on PostgreSQL, whose JSON columns keep their own text."""
    ids = [game_id for game_id, _, _ in load_demo_games(store)] + [_corrected_game(store)]
    for game_id in ids:
        line, events = game_line(store, game_id)
        assert line.endswith("\n") and "\n" not in line[:-1]
        document = export_game(store, game_id)
        assert json.loads(line) == json.loads(ndjson_line(document))
        assert events == len(document["events"]) == document["game"]["version"]
    assert [json.loads(line)["game"]["id"] for line in ndjson_lines(store)] == sorted(
        ids, key=lambda i: (store.get_game(i).created_at, i))


def test_a_bulk_line_orjson_cannot_write_is_written_by_the_standard_library(store: EventStore,
                                                                            monkeypatch: Any) -> None:
    """An integer past 64 bits (here put in the standings) is beyond orjson: the line is
    then the standard library's, of the decoded document, with the same values."""
    game_id = _corrected_game(store)
    real = bulk.recorded_document

    def with_a_huge_number(*args: Any, **kwargs: Any) -> dict[str, Any]:
        document = real(*args, **kwargs)
        document["standings"] = {**document["standings"], "huge": 2**70}
        return document

    monkeypatch.setattr(bulk, "recorded_document", with_a_huge_number)
    line, _ = game_line(store, game_id)
    expected = {**export_game(store, game_id)}
    expected["standings"] = {**expected["standings"], "huge": 2**70}
    assert line == ndjson_line(expected)


def test_a_format_not_offered_is_refused_naming_the_field(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, _ = store.create_game("isle-of-pan", ["Ann", "Bob"])
    response = client.get(f"/api/games/{game.id}/export?format=xml")
    assert response.status_code == 400 and "format" in json.dumps(response.get_json())


def test_an_unknown_game_is_404(client: Any) -> None:
    response = client.get("/api/games/nope/export")
    assert response.status_code == 404 and response.get_json()["error"]


def test_the_viewer_offers_the_export(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, _ = store.create_game("isle-of-pan", ["Ann", "Bob"])
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert f'href="/api/games/{game.id}/export?format=json" download' in page
    assert f'href="/api/games/{game.id}/export?format=csv&amp;table=standings" download' in page
    assert f'href="/api/games/{game.id}/export?format=txt" download' in page
    assert "format=play" not in page, "an unfinished game has no result to log yet"
    finished = next(i for i, _, _ in load_demo_games(store) if store.get_game(i).engine == "panic-in-the-air")
    assert f'href="/api/games/{finished}/export?format=play" download' in client.get(f"/games/{finished}").get_data(
        as_text=True)


def _ndjson(client: Any, query: str = "") -> list[dict[str, Any]]:
    response = client.get(f"/api/export?format=ndjson{query}")
    assert response.status_code == 200 and response.mimetype == "application/x-ndjson"
    text = response.get_data(as_text=True)
    assert text == "" or text.endswith("\n"), "every line ends in a newline"
    documents = [json.loads(line) for line in text.splitlines()]
    for document in documents:
        validator(Path(SCHEMA_PATH).name).validate(document)
    return documents


def test_the_bulk_export_streams_one_game_a_line_with_filters(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    demos = {game_id for game_id, _, _ in load_demo_games(store)}
    extra, _ = store.create_game("isle-of-pan", ["Ruby", "Zed"], "Unfinished")
    everything = _ndjson(client)
    assert {d["game"]["id"] for d in everything} == demos | {extra.id}
    created = [d["game"]["created_at"] for d in everything]
    assert created == sorted(created), "oldest first"
    assert {d["game"]["id"] for d in _ndjson(client, "&engine=pan-am")} == {
        d["game"]["id"] for d in everything if d["game"]["engine"] == "pan-am"}
    assert {d["game"]["id"] for d in _ndjson(client, "&player=Ruby")} == {
        d["game"]["id"] for d in everything if "Ruby" in [p["name"] for p in d["game"]["players"]]}
    assert len(_ndjson(client, "&player=Ruby")) == 2, "the Pan Am demo and the unfinished game"
    finished = _ndjson(client, "&status=finished")
    assert extra.id not in {d["game"]["id"] for d in finished} and len(finished) == len(demos)
    assert _ndjson(client, "&player=Nobody") == []


def test_the_bulk_export_pages_through_more_games_than_a_page(client: Any, app: Any, monkeypatch: Any) -> None:
    from recorder.exports import bulk

    monkeypatch.setattr(bulk, "PAGE", 2)
    store: EventStore = app.extensions["tablescribe.store"]
    made = {store.create_game("isle-of-pan", ["Ann", "Bob"], f"Game {i}")[0].id for i in range(5)}
    assert [d["game"]["id"] for d in _ndjson(client)] == sorted(made, key=lambda g: (store.get_game(g).created_at, g))


def test_the_bulk_export_leaves_no_game_in_the_fold_cache(client: Any, app: Any) -> None:
    """Memory stays flat however many games are exported: an export is not a game being
    played, so its folds are not kept for the next append (docs/BENCHMARKS.md, figure 3)."""
    store: EventStore = app.extensions["tablescribe.store"]
    ids = [game_id for game_id, _, _ in load_demo_games(store)]
    store.create_game("isle-of-pan", ["Ann", "Bob"], "Being played")
    versions = {game_id: store.get_game(game_id).version for game_id in ids}
    store._latest = type(store._latest)(512)  # as after a restart
    assert len(_ndjson(client)) == len(ids) + 1
    assert all(store._latest.get(game_id, version) is None for game_id, version in versions.items())
    store.state_at(ids[0])
    assert store._latest.get(ids[0], versions[ids[0]]) is not None, "a viewer's read is still remembered"


def _pan_am_demo(store: EventStore) -> str:
    games = {store.get_game(game_id).engine: game_id for game_id, _, _ in load_demo_games(store)}
    return games["pan-am"]


def _fold_demo() -> tuple[list[str], list[dict[str, Any]]]:
    """The Pan Am demo's describe lines and standings at every step, from the engine itself."""
    from engines.pan_am.demo import demo_game

    game, engine = demo_game(), engines.find("pan-am")
    state = engine.setup(game["players"], game["options"])
    lines, standings = [], [engine.standings(state)]
    for raw in game["events"]:
        event = Event(raw["type"], raw["data"], raw["actor"])
        lines.append(engine.describe(state, event))
        state = engine.apply(state, event)
        standings.append(engine.standings(state))
    return lines, standings


def test_the_events_csv_has_a_row_per_step_with_its_describe_line(client: Any, app: Any) -> None:
    game_id = _pan_am_demo(app.extensions["tablescribe.store"])
    response = client.get(f"/api/games/{game_id}/export?format=csv&table=events")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].endswith('.events.csv"')
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    lines, _ = _fold_demo()
    assert [row["describe"] for row in rows] == lines
    assert [int(row["step"]) for row in rows] == list(range(1, len(lines) + 1))
    opening = next(i for i, row in enumerate(rows) if row["position"] != "Set-up")
    assert opening >= 1 and rows[opening]["round"] == "1" and rows[opening]["turn"] == ""


def test_the_standings_csv_has_a_row_per_player_per_step(client: Any, app: Any) -> None:
    game_id = _pan_am_demo(app.extensions["tablescribe.store"])
    text = client.get(f"/api/games/{game_id}/export?format=csv&table=standings").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    _, standings = _fold_demo()
    assert len(rows) == 3 * len(standings)
    last = {row["player"]: row for row in rows if row["step"] == str(len(standings) - 1)}
    for expected in standings[-1]["players"]:
        row = last[expected["player"]]
        assert (int(row["stock"]), int(row["money"]), int(row["rank"])) == (
            expected["breakdown"]["stock"], expected["breakdown"]["money"], expected["rank"])


def test_the_transcript_reads_like_a_score_sheet(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    text = client.get(f"/api/games/{_pan_am_demo(store)}/export?format=txt").get_data(as_text=True)
    lines, standings = _fold_demo()
    assert text.startswith("Demo: Ruby, Archer and Genevieve fly Pan Am (illustrative board)\n")
    assert f"Hash chain: intact ({len(lines)} events; " in text and "Origin: recorded on this server" in text and "\n— Round 7 · Pan Am phase · Stock —\n" in text
    assert f"\n {len(lines)}. {lines[-1]}\n" in text
    assert "— Final standings —" in text and f"Winner: {standings[-1]['winners'][0]}" in text

    game, token = store.create_game("pan-am", ["Ann", "Bob"], "With an undo")
    store.append(game.id, token, AppendRequest(type="cards_dealt", data=DEALT))
    store.append(game.id, token, AppendRequest(type="note", data={"text": "Bob arrives late"}))
    store.append(game.id, token, AppendRequest(type="undo", data={}))
    sheet = client.get(f"/api/games/{game.id}/export?format=txt").get_data(as_text=True)
    assert "✎ Bob arrives late" in sheet and "— Corrections, as recorded —\n  #3 undo event #1" in sheet
    assert "— Standings so far —" in sheet
