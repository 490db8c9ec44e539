"""Import memory (issue 22, part 3): a file of useless lines is judged in memory that does
not grow with it, and its report lists the first problems and counts the rest.  The
figures themselves (peak RSS at 10^4 and 10^6 lines) are ``bench/import_memory.py``'s."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from flask import Request

from recorder.exports.game_json import export_game
from recorder.imports.batch import MAX_LISTED_PROBLEMS
from recorder.imports.document import MAX_BAD_EVENTS
from recorder.store import EventStore
from tests.recorder.helpers import PLAYERS, draw
from tests.web.test_home_page import csrf

PANIC = "panic-in-the-air"
NDJSON = "application/x-ndjson"


def _game_line(store: EventStore, title: str) -> str:
    game, token = store.create_game(PANIC, PLAYERS, title)
    store.append(game.id, token, draw())
    return json.dumps(export_game(store, game.id))


def test_a_hundred_thousand_empty_lines_are_refused_with_the_first_problems_and_a_count(client: Any) -> None:
    response = client.post("/api/import", data=b"{}\n" * 100_000, content_type=NDJSON)
    assert response.status_code == 422
    report = response.get_json()
    assert (report["imported"], report["refused"]) == (0, 100_000)
    assert len(report["problems"]) == MAX_LISTED_PROBLEMS
    assert report["more_problems"] == 100_000 - MAX_LISTED_PROBLEMS
    assert [p["line"] for p in report["problems"][:3]] == [1, 2, 3]
    assert report["problems"][0]["code"] == "import/not-a-game"
    assert len(response.data) < 50_000, "the answer does not grow with the file"


def test_the_good_games_of_a_file_still_go_in_and_the_refusals_past_the_cap_are_counted(
        client: Any, other_store: EventStore) -> None:
    good = [_game_line(other_store, f"Game {i}") for i in range(2)]
    lines = [good[0], *(["[]"] * 150), good[1]]
    response = client.post("/api/import", data="\n".join(lines) + "\n", content_type=NDJSON)
    assert response.status_code == 200
    report = response.get_json()
    assert (report["imported"], report["refused"], report["more_problems"]) == (2, 150, 150 - MAX_LISTED_PROBLEMS)
    assert [g["line"] for g in report["games"]] == [1, 152] and all(g["write_token"] for g in report["games"])
    assert [p["line"] for p in report["problems"]] == list(range(2, 2 + MAX_LISTED_PROBLEMS))


def test_a_bulk_upload_is_never_read_whole_into_the_worker(
        client: Any, other_store: EventStore, monkeypatch: pytest.MonkeyPatch) -> None:
    def whole(*_args: Any, **_kwargs: Any) -> bytes:
        raise AssertionError("the bulk body was read whole")

    monkeypatch.setattr(Request, "get_data", whole)
    response = client.post("/api/import", data=_game_line(other_store, "Streamed") + "\n", content_type=NDJSON)
    assert response.status_code == 200 and response.get_json()["imported"] == 1


def test_a_document_of_a_hundred_thousand_empty_events_names_only_the_first_few(client: Any) -> None:
    document = {"format": "tablescribe-game", "format_version": 1, "game": {}, "declared": {},
                "events": [{}] * 100_000, "standings": {}}
    response = client.post("/api/import", data=json.dumps(document), content_type="application/json")
    assert response.status_code == 400
    answer = response.get_json()
    named = {path.split(".")[1] for path in answer["fields"] if path.startswith("events.")}
    assert named == {str(i) for i in range(MAX_BAD_EVENTS)}
    assert "game.id" in answer["fields"]


def test_the_cli_prints_every_refusal_and_says_how_many_the_report_lists(runner: Any, tmp_path: Any) -> None:
    bulk = tmp_path / "junk.ndjson"
    bulk.write_text("{}\n" * (MAX_LISTED_PROBLEMS + 20), encoding="utf-8")
    result = runner.invoke(args=["import", str(bulk)])
    assert result.exit_code == 1
    assert result.output.count("refused: ") == MAX_LISTED_PROBLEMS + 20
    assert f"{MAX_LISTED_PROBLEMS + 20} refused (the first {MAX_LISTED_PROBLEMS} listed)." in result.output


def test_the_import_page_says_how_many_refusals_it_does_not_list(client: Any) -> None:
    form = {"csrf_token": csrf(client), "file": (io.BytesIO(b"{}\n" * (MAX_LISTED_PROBLEMS + 5)), "junk.ndjson")}
    response = client.post("/import", data=form, content_type="multipart/form-data")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert page.count("import/not-a-game") == MAX_LISTED_PROBLEMS
    assert f"{MAX_LISTED_PROBLEMS + 5} refused (the first {MAX_LISTED_PROBLEMS} listed)" in page
    assert "and 5 more refused lines" in page
