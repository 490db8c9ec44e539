"""Saved boards (issue 19): saved once by their data, immutable, pinned by the games recorded
on them (the genesis hash covers the pin, ``verify`` notices a board altered in the database),
exported and imported with them.  Every path runs on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.exc import DBAPIError

from recorder import close_app, create_app
from recorder.exports.game_json import export_game
from recorder.hashing import board_hash, board_id, canonical_json
from recorder.import_problems import ImportRefused
from recorder.imports.document import read_document
from recorder.models import Board, Game
from recorder.store import EventStore
from tests.formats import validator
from tests.recorder.helpers import PLAYERS, draw

PANIC = "panic-in-the-air"


def _board(client: Any, status: int = 201, **body: Any) -> dict[str, Any]:
    response = client.post("/api/boards", json={"engine": PANIC, "name": "Our box", "data": {}, **body})
    assert response.status_code == status, response.get_json()
    return response.get_json()  # type: ignore[no-any-return]


def _game(client: Any, **body: Any) -> Any:
    return client.post("/api/games", json={"engine": PANIC, "players": [{"name": n} for n in PLAYERS], **body})


def _board_count(store: EventStore) -> int:
    with store.db.connect() as conn:
        return conn.scalar(select(func.count()).select_from(Board)) or 0


@pytest.fixture
def store_of(app: Any) -> EventStore:
    return app.extensions["tablescribe.store"]  # type: ignore[no-any-return]


@pytest.fixture
def other_app(other_db_url: str) -> Iterator[Any]:
    """A second server with an empty database: where shared files are read back."""
    app = create_app({"TESTING": True, "DATABASE_URL": other_db_url})
    yield app
    close_app(app)


def test_a_board_is_saved_once_by_its_data(client: Any) -> None:
    saved = _board(client, description="The copy at Ana's")
    assert saved["status"] == "created" and saved["source"] == "typed" and saved["facts"] == 0
    assert saved["hash"] == board_hash({}) and saved["id"] == board_id(PANIC, {})
    again = _board(client, 200, name="Another name")
    assert (again["status"], again["id"], again["name"]) == ("present", saved["id"], "Our box")
    listing = client.get(f"/api/boards?engine={PANIC}").get_json()
    assert listing["total"] == 1 and [b["id"] for b in listing["boards"]] == [saved["id"]]
    detail = client.get(f"/api/boards/{saved['id']}").get_json()
    assert detail["data"] == {} and detail["description"] == "The copy at Ana's" and detail["games"] == []


@pytest.mark.parametrize("body, field", [
    ({"data": {"deck": 63}}, "data.deck"),              # Panic in the Air's board file has no sections
    ({"data": {}, "from_game": "a" * 32}, "data"),      # one source, not two
    ({"data": None}, "data"),
    ({"name": ""}, "name"),
    ({"name": "x" * 201}, "name"),
    ({"description": "y" * 2001}, "description"),
    ({"based_on": "not an id"}, "based_on"),
    ({"format": "tablescribe-board"}, "format"),        # a board file names its format_version too
    ({"colour": "red"}, "colour"),
    ({"data": {"\u0000": 1}}, "data"),
])
def test_a_board_of_the_wrong_shape_is_400_naming_the_field_and_stores_nothing(
        client: Any, store_of: EventStore, body: dict[str, Any], field: str) -> None:
    payload = {"engine": PANIC, "name": "Our box", "data": {}, **body}
    payload = {k: v for k, v in payload.items() if v is not None}
    response = client.post("/api/boards", json=payload)
    assert response.status_code == 400, response.get_json()
    assert any(name == field or name.startswith(field + ".") for name in response.get_json()["fields"])
    assert _board_count(store_of) == 0


def test_unknown_engines_games_and_boards_are_404(client: Any, store_of: EventStore) -> None:
    assert client.post("/api/boards", json={"engine": "chess", "name": "x", "data": {}}).status_code == 404
    missing_game = client.post("/api/boards", json={"engine": PANIC, "name": "x", "from_game": "a" * 32})
    assert missing_game.status_code == 404 and missing_game.get_json()["error"] == "not_found"
    assert _board(client, 404, based_on="b" * 32)["error"] == "not_found"
    assert client.get(f"/api/boards/{'c' * 32}").status_code == 404
    assert client.get(f"/api/boards/{'c' * 32}/export").status_code == 404
    assert client.get("/api/boards/not-an-id").status_code == 404
    assert _board_count(store_of) == 0


def test_a_game_on_a_board_pins_it_in_its_header_and_the_chain(client: Any, store_of: EventStore) -> None:
    board = _board(client)
    created = _game(client, board=board["id"])
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    assert game["board"] == {"id": board["id"], "name": "Our box", "hash": board["hash"]}
    assert client.get(f"/api/games/{game['id']}").get_json()["board"]["name"] == "Our box"
    assert client.get("/api/games").get_json()["games"][0]["board"]["id"] == board["id"]
    assert client.get(f"/api/boards/{board['id']}").get_json()["games"][0]["id"] == game["id"]
    plain = _game(client).get_json()
    assert plain["board"] is None
    # The pin is part of the header the genesis hash covers: the same game without it hashes otherwise.
    stored = store_of.get_game(game["id"])
    assert stored.board_id == board["id"] and stored.board_hash == board["hash"]
    assert client.get(f"/api/games/{game['id']}/verify").get_json()["ok"]


@pytest.mark.parametrize("board, message", [("d" * 32, "No saved board"), ("nope", "Not a board id")])
def test_a_game_on_a_board_that_is_not_here_is_400(client: Any, board: str, message: str) -> None:
    response = _game(client, board=board)
    assert response.status_code == 400 and message in json.dumps(response.get_json()["fields"]["board"])
    assert client.get("/api/games").get_json()["total"] == 0


def test_a_board_of_another_game_is_refused_for_a_new_game(client: Any, store_of: EventStore) -> None:
    board = _board(client)
    response = client.post("/api/games", json={"engine": "isle-of-pan", "board": board["id"],
                                               "players": [{"name": "Ana"}, {"name": "Ben"}]})
    assert response.status_code == 400 and "a board of panic-in-the-air" in response.get_json()["fields"]["board"][0]


def test_boards_are_immutable_in_the_database_itself(store_of: EventStore, client: Any) -> None:
    board = _board(client)
    for statement in ("UPDATE boards SET name = 'x'", "DELETE FROM boards"):
        with pytest.raises(DBAPIError, match="immutable"), store_of.db.begin() as conn:
            conn.execute(text(statement))
    assert client.get(f"/api/boards/{board['id']}").get_json()["name"] == "Our box"


def test_verify_fails_when_a_boards_data_is_altered_in_the_database(client: Any, store_of: EventStore) -> None:
    board = _board(client)
    game = _game(client, board=board["id"]).get_json()
    db = store_of.db
    with db.begin() as conn:
        if db.dialect.name == "sqlite":
            conn.execute(text("DROP TRIGGER boards_no_update"))
        else:
            conn.execute(text("ALTER TABLE boards DISABLE TRIGGER boards_immutable"))
        conn.execute(text("UPDATE boards SET data = :data WHERE id = :id"),
                     {"data": json.dumps({"deck": 1}), "id": board["id"]})
    report = client.get(f"/api/games/{game['id']}/verify").get_json()
    assert not report["ok"] and report["first_broken"]["seq"] == 0
    assert "no longer matches the hash" in report["first_broken"]["reason"]


def test_a_board_exports_as_a_file_that_another_server_reads_back(client: Any, other_app: Any) -> None:
    board = _board(client, description="Ana's copy")
    response = client.get(f"/api/boards/{board['id']}/export")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"].endswith(f'our-box-{board["id"]}.tablescribe-board.json"')
    document = response.get_json()
    validator("tablescribe-board-v1.schema.json").validate(document)
    assert document == {"format": "tablescribe-board", "format_version": 1, "id": board["id"], "engine": PANIC,
                        "name": "Our box", "description": "Ana's copy", "hash": board["hash"], "based_on": None,
                        "data": {}}
    elsewhere = other_app.test_client().post("/api/boards", json=document)
    assert elsewhere.status_code == 201, elsewhere.get_json()
    assert (elsewhere.get_json()["id"], elsewhere.get_json()["source"]) == (board["id"], "imported")


def test_a_board_file_changed_after_its_export_is_refused(client: Any, other_app: Any) -> None:
    document = client.get(f"/api/boards/{_board(client)['id']}/export").get_json()
    document["hash"] = "0" * 64
    refused = other_app.test_client().post("/api/boards", json=document)
    assert refused.status_code == 422
    assert refused.get_json()["violations"][0]["code"] == "board/hash-mismatch"
    assert other_app.test_client().get("/api/boards").get_json()["total"] == 0


def test_an_edit_is_a_new_board_based_on_the_old_one(client: Any) -> None:
    first = _board(client)
    # Panic's board has one form only, so an edit of it is the same board: saved once, unchanged.
    edited = _board(client, 200, name="Edited", based_on=first["id"])
    assert edited["id"] == first["id"] and edited["based_on"] is None


def test_a_board_from_a_game_names_the_game_and_the_board_it_was_on(client: Any, store_of: EventStore) -> None:
    game = _game(client).get_json()
    made = client.post("/api/boards", json={"engine": PANIC, "name": "From Friday", "from_game": game["id"]})
    assert made.status_code == 201, made.get_json()
    assert made.get_json()["source"] == f"from_game:{game['id']}"
    wrong = client.post("/api/boards", json={"engine": "pan-am", "name": "x", "from_game": game["id"]})
    assert wrong.status_code == 400 and "a game of panic-in-the-air" in wrong.get_json()["fields"]["from_game"][0]


def test_boards_list_newest_first_in_pages(client: Any, store_of: EventStore) -> None:
    clock = iter(f"2026-12-01T10:00:0{i}.000000Z" for i in range(9))
    store_of.boards.clock = lambda: next(clock)
    first = _board(client)
    store_of.boards.clock = lambda: "2026-12-01T11:00:00.000000Z"
    second = client.post("/api/boards", json={"engine": "isle-of-pan", "name": "Isle", "data": {}}).get_json()
    listing = client.get("/api/boards?limit=1").get_json()
    assert (listing["total"], listing["limit"], [b["id"] for b in listing["boards"]]) == (2, 1, [second["id"]])
    assert [b["id"] for b in client.get("/api/boards?limit=1&offset=1").get_json()["boards"]] == [first["id"]]
    assert client.get("/api/boards?limit=0").status_code == 400


def test_a_game_export_embeds_its_board_and_imports_with_it(store: EventStore, other_store: EventStore) -> None:
    board, _ = store.boards.save(_new_board())
    game, token = store.create_game(PANIC, PLAYERS, "On a board", board=board.id)
    store.append(game.id, token, draw())
    document = json.loads(json.dumps(export_game(store, game.id)))
    validator("tablescribe-game-v1.schema.json").validate(document)
    assert document["game"]["board"] == {"id": board.id, "hash": board.hash}
    assert document["board"]["data"] == {} and document["board"]["name"] == "Our box"

    outcome = other_store.import_game(read_document(document))
    assert outcome.status == "imported"
    imported = other_store.get_game(game.id)
    assert (imported.board_id, imported.board_hash) == (board.id, board.hash)
    assert other_store.boards.get(board.id).source == "imported"
    assert other_store.verify(game.id)["ok"]
    assert other_store.import_game(read_document(document)).status == "present"
    assert _board_count(other_store) == 1


def test_a_second_game_on_a_board_the_importer_has_stores_the_board_once(
        store: EventStore, other_store: EventStore) -> None:
    board, _ = store.boards.save(_new_board())
    other_store.boards.save(_new_board(name="Theirs"))
    game, _token = store.create_game(PANIC, PLAYERS, board=board.id)
    assert other_store.import_game(read_document(json.loads(json.dumps(export_game(store, game.id))))).status == "imported"
    assert _board_count(other_store) == 1 and other_store.boards.get(board.id).name == "Theirs"


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("board"), "pins a board the file does not hold"),
    (lambda d: d["board"].update(engine="pan-am"), "a board of pan-am"),
    (lambda d: d["board"].update(data={"deck": 1}), "does not match the id and hash"),
])
def test_a_game_whose_board_is_missing_or_other_is_refused_whole(
        store: EventStore, other_store: EventStore, change: Any, message: str) -> None:
    board, _ = store.boards.save(_new_board())
    game, _token = store.create_game(PANIC, PLAYERS, board=board.id)
    document = json.loads(json.dumps(export_game(store, game.id)))
    change(document)
    with pytest.raises(ImportRefused) as refused:
        other_store.import_game(read_document(document))
    assert refused.value.code == "import/board" and message in refused.value.message
    with other_store.db.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(Game)) == 0
    assert _board_count(other_store) == 0


def test_a_header_whose_pin_was_changed_breaks_the_genesis_hash(store: EventStore, other_store: EventStore) -> None:
    board, _ = store.boards.save(_new_board())
    game, _token = store.create_game(PANIC, PLAYERS, board=board.id)
    document = json.loads(json.dumps(export_game(store, game.id)))
    document["game"].pop("board")
    document.pop("board")
    with pytest.raises(ImportRefused) as refused:
        other_store.import_game(read_document(document))
    assert refused.value.code == "import/genesis"


def test_a_game_without_a_board_hashes_exactly_as_before_boards(store: EventStore) -> None:
    game, _token = store.create_game(PANIC, PLAYERS, "Plain")
    header = {"id": game.id, "engine": game.engine, "rules_version": game.rules_version, "title": game.title,
              "players": game.players, "options": game.options, "created_at": game.created_at}
    from recorder.hashing import sha256_hex

    assert game.genesis_hash == sha256_hex(canonical_json(header))


def _new_board(name: str = "Our box") -> Any:
    from recorder.boards import NewBoard

    return NewBoard(engine=PANIC, name=name, data={})


AA_CARD = {"id": "C1", "name": "Board Gamer", "dep": "A1", "arr": "E2", "miles": 3000, "cls": "ECONOMY",
           "icons": [{"type": "PRIORITY"}] * 3}  # made up for the test


@pytest.mark.parametrize("engine, data, field, code", [
    ("isle-of-pan", {"tiles": [{"id": "7", "terrains": ["PLAIN"] * 4}]}, "tiles.0.terrains", "IP-B01"),
    ("pan-am", {"routes": [["Lisbon", "Lisbon", 1]]}, "routes.0", "PA-B02"),
    ("panamax", {"fees": {"Gatun Lake": 6}}, "fees.Gatun Lake", "PX-B05"),
    ("air-alliance", {"cards": [AA_CARD, {**AA_CARD, "arr": "E3"}]}, "cards.1.id", "AA-B02"),
])
def test_a_board_the_rules_rule_out_is_422_naming_field_code_and_rule_and_stores_nothing(
        client: Any, store_of: EventStore, engine: str, data: dict[str, Any], field: str, code: str) -> None:
    response = client.post("/api/boards", json={"engine": engine, "name": "Wrong", "data": data})
    assert response.status_code == 422, response.get_json()
    [violation] = response.get_json()["violations"]
    assert (violation["field"], violation["code"], violation["severity"]) == (field, code, "error")
    assert violation["rule"] and violation["message"]
    assert _board_count(store_of) == 0


@pytest.mark.parametrize("engine, data, field", [
    ("isle-of-pan", {"tiles": [{"id": "7", "terrains": ["SWAMP"] * 3}]}, "data.tiles.0.terrains.0"),
    ("pan-am", {"cities": {"Lisbon": "ATLANTIS"}}, "data.cities.Lisbon"),
    ("panamax", {"canal": "Gatun Lake"}, "data.canal"),
    ("air-alliance", {"cards": [{**AA_CARD, "miles": "many"}]}, "data.cards.0.miles"),
])
def test_a_board_file_of_the_wrong_shape_is_400_naming_the_field(
        client: Any, store_of: EventStore, engine: str, data: dict[str, Any], field: str) -> None:
    response = client.post("/api/boards", json={"engine": engine, "name": "Wrong", "data": data})
    assert response.status_code == 400, response.get_json()
    assert any(name.startswith(field) for name in response.get_json()["fields"]), response.get_json()["fields"]
    assert _board_count(store_of) == 0


# What stays unverified when the demo is replayed on its own board: checks no box answers.
NO_BOARD_ANSWERS: dict[str, set[str]] = {
    "isle-of-pan": {"IP-C28",    # the score track's length and values: a rules-profile option, not the box
                    "IP-C25"},   # where a Wondrous Lake tile may go: a rule the rulebook leaves out
    "pan-am": set(),
    "panamax": {"PX-M2",         # a movement proved impossible depends on the table at that moment
                "PX-F1"},        # so does whether a free action can be used
    "air-alliance": set(),
}


@pytest.mark.parametrize("engine_name", sorted(NO_BOARD_ANSWERS))
def test_a_demo_games_board_replays_the_demo_with_the_board_answering_its_checks(
        client: Any, store_of: EventStore, engine_name: str) -> None:
    from recorder.demo import demo_games, load_demo_games
    from recorder.store import AppendRequest

    demo_id = next(g for g, _, _ in load_demo_games(store_of) if store_of.get_game(g).engine == engine_name)
    made = client.post("/api/boards", json={"engine": engine_name, "name": "From the demo", "from_game": demo_id})
    assert made.status_code == 201, made.get_json()
    demo = next(demo_games([engine_name]))
    options = {k: v for k, v in (demo.get("options") or {}).items() if k != "board"}  # the board holds it now
    game, token = store_of.create_game(engine_name, demo["players"], "On the demo's board", options,
                                       board=made.get_json()["id"])
    unverified: set[str] = set()
    for event in demo["events"]:
        result, _ = store_of.append(game.id, token, AppendRequest(
            type=event["type"], data=event.get("data", {}), actor=event.get("actor")))
        assert not [f for f in result.flags if f["severity"] == "error"], (event, result.flags)
        unverified |= {f["code"] for f in result.flags if f["severity"] == "unverified"}
    assert unverified <= NO_BOARD_ANSWERS[engine_name], unverified - NO_BOARD_ANSWERS[engine_name]
    replayed = client.get(f"/api/games/{game.id}").get_json()["standings"]
    assert replayed == client.get(f"/api/games/{demo_id}").get_json()["standings"]
    assert client.get(f"/api/games/{game.id}/verify").get_json()["ok"]
