"""Signed game heads (issue 22, part 6): a re-hashed forgery passes the chain, so the chain
alone must never pass it off as verified.  Exports carry this server's Ed25519 signature
over the game's head; an import is verified only when a key this server knows signed
exactly the history it holds, and is marked imported with where it came from."""

from __future__ import annotations

import base64
import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from bench.games import rechained
from recorder import close_app, create_app
from recorder.db import make_engine
from recorder.migrate import upgrade
from recorder.signing import KeyRing, document_head, head_payload, key_id, public_text
from recorder.store import AppendRequest, EventStore
from tests.recorder.helpers import PLAYERS, draw

PANIC = "panic-in-the-air"


def _app(folder: Path, name: str, key: str, **config: Any) -> Any:
    db = folder / f"{name}.db"
    engine = make_engine(f"sqlite:///{db}")
    upgrade(engine)
    engine.dispose()
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{db}", "RATE_LIMITS": False,
                       "SIGNING_KEY_PATH": str(folder / f"{key}.pem"), "TRUSTED_KEYS": [], **config})


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """``home`` records games; ``again`` and ``spare`` are the same server (its key) on empty
    databases; ``elsewhere`` is another server, with a key of its own."""
    apps = {"home": _app(tmp_path, "home", "a"), "again": _app(tmp_path, "again", "a"),
            "spare": _app(tmp_path, "spare", "a"), "elsewhere": _app(tmp_path, "elsewhere", "b")}
    yield apps
    for app in apps.values():
        close_app(app)


def _store(app: Any) -> EventStore:
    return app.extensions["tablescribe.store"]  # type: ignore[no-any-return]


def _export(app: Any, game_id: str) -> dict[str, Any]:
    response = app.test_client().get(f"/api/games/{game_id}/export?format=json")
    assert response.status_code == 200
    return json.loads(response.data)


def _import(app: Any, document: dict[str, Any]) -> Any:
    return app.test_client().post("/api/import", data=json.dumps(document), content_type="application/json")


def _recorded(app: Any) -> tuple[str, str, dict[str, Any]]:
    """A game recorded on ``app`` with notes, an exported copy at version 3, then 6 events."""
    store = _store(app)
    game, token = store.create_game(PANIC, PLAYERS, "Friday")
    store.append(game.id, token, draw(note="Ana shuffles", recorded_by="ana-phone"))
    store.append(game.id, token, draw(recorded_by="ana-phone"))
    store.append(game.id, token, draw(note="lights out", recorded_by="ben-phone"))
    early = _export(app, game.id)
    for _ in range(3):
        store.append(game.id, token, draw(recorded_by="ben-phone"))
    return game.id, token, early


def _forgeries(genuine: dict[str, Any], early: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The four forgeries of the issue, each re-hashed so that its chain verifies."""
    truncated = copy.deepcopy(genuine)
    truncated["events"] = truncated["events"][:3]
    truncated["game"]["version"] = 3
    for part in ("declared", "standings"):
        truncated[part] = early[part]
    edited = copy.deepcopy(genuine)
    edited["events"][0]["note"] = "Ana dealt herself the good cards"
    backdated = copy.deepcopy(genuine)
    for event in backdated["events"]:
        event["recorded_at"] = "2020-01-01T20:00:00.000000Z"
    other_recorder = copy.deepcopy(genuine)
    for event in other_recorder["events"]:
        event["recorded_by"] = "mallory"
    return {"truncated": rechained(truncated), "edited note": rechained(edited),
            "backdated times": rechained(backdated, created_at="2020-01-01T19:00:00.000000Z"),
            "another recorded_by": rechained(other_recorder)}


def _signed_by(document: dict[str, Any], key: Ed25519PrivateKey) -> dict[str, Any]:
    out = copy.deepcopy(document)
    out["signature"] = KeyRing(key).sign(head_payload(out["game"], document_head(out)))
    return out


def test_an_export_carries_this_servers_signature_and_get_api_keys_publishes_the_key(servers: dict[str, Any]) -> None:
    home = servers["home"]
    game_id, _, _ = _recorded(home)
    document = _export(home, game_id)
    keys = home.test_client().get("/api/keys")
    assert keys.status_code == 200
    (own,) = keys.get_json()["keys"]
    assert own["own"] is True and own["algorithm"] == "ed25519"
    signature = document["signature"]
    assert (signature["key_id"], signature["public_key"]) == (own["key_id"], own["public_key"])
    assert len(base64.b64decode(signature["value"])) == 64
    other = servers["elsewhere"].test_client().get("/api/keys").get_json()["keys"][0]
    assert other["key_id"] != own["key_id"], "each server has a key of its own"
    assert "/api/keys" in home.test_client().get("/api/openapi.json").get_json()["paths"]


def test_the_key_is_made_on_first_start_private_to_its_owner_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "instance-key.pem"
    first = _app(tmp_path, "one", "instance-key")
    try:
        assert path.stat().st_mode & 0o777 == 0o600, "the private key is readable by its owner alone"
        made = first.test_cli_runner().invoke(args=["init-db"])
        assert f"Signing key {first.extensions['tablescribe.keys'].own_id} created in {path}" in made.output
        again = _app(tmp_path, "two", "instance-key")
        try:
            assert again.extensions["tablescribe.keys"].own_id == first.extensions["tablescribe.keys"].own_id
            kept = again.test_cli_runner().invoke(args=["init-db"])
            assert kept.exit_code == 0 and f"kept in {path}" in kept.output, "a second start never replaces the key"
        finally:
            close_app(again)
    finally:
        close_app(first)


def test_a_genuine_export_re_imported_on_the_same_server_is_verified_and_marked_imported(
        servers: dict[str, Any]) -> None:
    home, again = servers["home"], servers["again"]
    game_id, _, _ = _recorded(home)
    response = _import(again, _export(home, game_id))
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    own_id = home.extensions["tablescribe.keys"].own_id
    assert (answer["verified"], answer["signed_by"]) == (True, own_id)
    mark = answer["game"]["imported"]
    assert (mark["source"], mark["verified"], mark["signed_by"], mark["version"]) == (
        "POST /api/import", True, own_id, 6)
    header = again.test_client().get(f"/api/games/{game_id}").get_json()
    assert header["imported"]["verified"] is True
    assert home.test_client().get(f"/api/games/{game_id}").get_json()["imported"] is None, "recorded there"
    page = again.test_client().get(f"/games/{game_id}").get_data(as_text=True)
    assert f"signed by known server key {own_id}" in page


def test_a_genuine_export_from_an_unknown_server_is_imported_unsigned_by_a_known_server(
        servers: dict[str, Any]) -> None:
    home, elsewhere = servers["home"], servers["elsewhere"]
    game_id, _, _ = _recorded(home)
    response = _import(elsewhere, _export(home, game_id))
    assert response.status_code == 201
    mark = response.get_json()["game"]["imported"]
    assert (mark["verified"], mark["signed_by"]) == (False, home.extensions["tablescribe.keys"].own_id)
    page = elsewhere.test_client().get(f"/games/{game_id}").get_data(as_text=True)
    assert "unsigned by a known server" in page
    transcript = elsewhere.test_client().get(f"/api/games/{game_id}/export?format=txt").get_data(as_text=True)
    assert "Origin: imported from POST /api/import on " in transcript
    assert "unsigned by a known server (signed by unknown key" in transcript
    assert "Hash chain: verified" not in transcript


@pytest.mark.parametrize("forgery", ["truncated", "edited note", "backdated times", "another recorded_by"])
def test_no_re_hashed_forgery_is_ever_marked_verified(servers: dict[str, Any], forgery: str) -> None:
    home, again = servers["home"], servers["again"]
    game_id, _, early = _recorded(home)
    genuine = _export(home, game_id)
    forged = _forgeries(genuine, early)[forgery]
    assert forged["signature"] == genuine["signature"], "the forger kept the genuine signature"

    kept = _import(again, forged)
    assert kept.status_code == 422, "the genuine signature does not hold for another history"
    assert kept.get_json()["code"] == "import/signature"
    assert again.extensions["tablescribe.store"].list_games()[1] == 0, "nothing stored"

    stripped = {key: value for key, value in forged.items() if key != "signature"}
    resigned = _signed_by(stripped, Ed25519PrivateKey.generate())
    for attempt, server in ((stripped, again), (resigned, servers["spare"])):
        response = _import(server, attempt)
        assert response.status_code == 201, response.get_json()
        assert response.get_json()["verified"] is False
        mark = server.test_client().get(f"/api/games/{game_id}").get_json()["imported"]
        assert mark["verified"] is False and mark["source"] == "POST /api/import"
        assert "unsigned by a known server" in server.test_client().get(f"/games/{game_id}").get_data(as_text=True)


def test_a_tampered_signature_by_a_known_key_is_refused_naming_why(servers: dict[str, Any]) -> None:
    home, again = servers["home"], servers["again"]
    game_id, _, _ = _recorded(home)
    document = _export(home, game_id)
    raw = bytearray(base64.b64decode(document["signature"]["value"]))
    raw[5] ^= 1
    document["signature"]["value"] = base64.b64encode(bytes(raw)).decode()
    response = _import(again, document)
    assert response.status_code == 422
    answer = response.get_json()
    assert answer["code"] == "import/signature" and "does not match this history's head" in answer["message"]
    assert _store(again).list_games()[1] == 0


def test_a_key_the_operator_trusts_verifies_and_a_known_key_id_with_another_key_is_refused(
        servers: dict[str, Any], tmp_path: Path) -> None:
    home = servers["home"]
    game_id, _, _ = _recorded(home)
    document = _export(home, game_id)
    home_key = home.extensions["tablescribe.keys"].own.public_key()
    friend = _app(tmp_path, "friend", "c", TRUSTED_KEYS=[public_text(home_key)])
    try:
        listed = friend.test_client().get("/api/keys").get_json()["keys"]
        assert [(k["key_id"], k["own"]) for k in listed][1] == (key_id(home_key), False)
        assert _import(friend, document).get_json()["verified"] is True
    finally:
        close_app(friend)
    impostor = Ed25519PrivateKey.generate()
    posing = _signed_by(document, impostor)
    posing["signature"]["key_id"] = document["signature"]["key_id"]
    response = _import(servers["again"], posing)
    assert response.status_code == 422 and response.get_json()["code"] == "import/signature"


def test_an_imported_game_is_exported_with_the_signature_it_came_with_and_never_signed_here(
        servers: dict[str, Any]) -> None:
    home, elsewhere = servers["home"], servers["elsewhere"]
    game_id, _, _ = _recorded(home)
    genuine = _export(home, game_id)
    token = _import(elsewhere, genuine).get_json()["write_token"]
    assert _export(elsewhere, game_id)["signature"] == genuine["signature"]
    _store(elsewhere).append(game_id, token, AppendRequest(type="card_drawn", data={}))
    assert "signature" not in _export(elsewhere, game_id), "its new head is vouched for by no one"


def test_an_unsigned_export_of_before_issue_22_still_imports(servers: dict[str, Any]) -> None:
    home, again = servers["home"], servers["again"]
    game_id, _, _ = _recorded(home)
    old = {key: value for key, value in _export(home, game_id).items() if key != "signature"}
    response = _import(again, old)
    assert response.status_code == 201
    assert (response.get_json()["verified"], response.get_json()["signed_by"]) == (False, None)


def test_verify_says_the_chain_is_intact_and_where_the_game_came_from(servers: dict[str, Any]) -> None:
    home, again = servers["home"], servers["again"]
    game_id, _, _ = _recorded(home)
    mine = home.test_cli_runner().invoke(args=["verify", game_id])
    assert mine.exit_code == 0 and "chain intact (self-consistent" in mine.output
    assert "Origin: recorded on this server" in mine.output
    _import(again, _export(home, game_id))
    theirs = again.test_cli_runner().invoke(args=["verify", game_id])
    assert f"signed by known server key {home.extensions['tablescribe.keys'].own_id}" in theirs.output
