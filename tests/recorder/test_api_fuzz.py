"""schemathesis against ``/api/openapi.json`` (issue 7), on both databases.

Every operation gets schema-valid and schema-breaking requests, aimed at unknown
games, at the demo games, and at a game whose write token the requests carry (so
writes get past the token and reach the shape checks, the rules and the store).
Three things must hold for every answer:

- no 5xx (schemathesis's ``not_a_server_error``);
- the status, content type and body match the OpenAPI document (its conformance
  checks), and a schema-breaking request is refused (``negative_data_rejection``);
- nothing is stored on a 4xx: the games and events tables count the same after.

Left out: ``positive_data_acceptance``, which expects any schema-valid request to
succeed.  The document cannot say which events an engine takes or what its rules
allow, so a schema-valid event may rightly get a 400 or a 422.

Each operation gets four times ``TABLESCRIBE_FUZZ_EXAMPLES`` requests (10 here,
about 520 requests per database; ``make soak`` sets 100).  Under CI the
generation is derandomized, so a red run can be rerun as it was.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance
from sqlalchemy import text

from recorder import close_app, create_app
from recorder.demo import load_demo_boards, load_demo_games
from recorder.store import EventStore
from tests.conftest import IN_CI
from tests.recorder.helpers import PLAYERS, draw, play_fall

EXAMPLES = int(os.environ.get("TABLESCRIBE_FUZZ_EXAMPLES", 10))
EVENT_BODIES = [
    {"type": "card_drawn", "data": {}},
    {"type": "card_drawn", "data": {}, "actor": "Cy", "note": "<script>alert(1)</script>"},
    {"type": "card_played", "data": {"target": "Ana", "card": {"kind": "FALL", "value": 100}}},
    {"type": "card_played", "data": {"target": "Nobody", "card": {"kind": "FALL", "value": 100}}},
    {"type": "card_played", "data": {"target": "Ben", "card": {"kind": "FALL", "value": 2**53}}},
    {"type": "note", "data": {"text": "Ben's cat sat on the deck"}},
    {"type": "undo", "data": {}},
    {"type": "void", "data": {"target_seq": 1, "reason": "misread"}},
    {"type": "card_drawn", "data": {}, "expected_version": 0},
    {"type": "card_drawn", "data": {}, "idempotency_key": "same"},
    {"type": "card_drawn", "data": {"x": 1}, "idempotency_key": "same"},
    {"type": "card_drawn", "data": {}, "override": {"reason": "the table agreed"}},
]


class Target:
    """The app under test, its schema, and the games the requests aim at."""

    def __init__(self, app: Any):
        self.app = app
        self.store: EventStore = app.extensions["tablescribe.store"]
        demos = load_demo_games(self.store)
        self.demo_ids = [game_id for game_id, _, _ in demos]
        self.board_ids = [board_id for board_id, _, _ in load_demo_boards(self.store, demos)]
        game, self.token = self.store.create_game("panic-in-the-air", PLAYERS)
        self.game_id = game.id
        for request in (draw(), play_fall("Ben", 300), draw()):
            self.store.append(self.game_id, self.token, request)
        self.schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
        self.requests = 0

    def counts(self) -> tuple[int, int, int]:
        with self.store.db.connect() as conn:
            games, events, boards = conn.execute(text(
                "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM events), (SELECT count(*) FROM boards)")).one()
            return int(games), int(events), int(boards)

    def strategies(self, operation: Any) -> st.SearchStrategy[Any]:
        """Every mode, aimed everywhere: unknown games, the demo games, our own game with its token."""
        choices = []
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            choices.append(operation.as_strategy(mode))
            if "{board_id}" in operation.path:
                choices.extend(operation.as_strategy(mode, path_parameters={"board_id": b}) for b in self.board_ids)
            if "{game_id}" not in operation.path:
                continue
            ours = {"path_parameters": {"game_id": self.game_id}, "headers": {"Authorization": f"Bearer {self.token}"}}
            choices.append(operation.as_strategy(mode, **ours))
            choices.extend(operation.as_strategy(mode, path_parameters={"game_id": g}) for g in self.demo_ids)
        return st.one_of(choices)

    def board_cases(self, operation: Any) -> list[Any]:
        """Saves random generation rarely gets right: a demo game's board, a board file read
        back, a board of the wrong engine's game, a board the rules refuse."""
        if operation.path != "/api/boards" or operation.method.upper() != "POST":
            return []
        bodies: list[dict[str, Any]] = [
            {"engine": self.store.get_game(g).engine, "name": "From the demo", "from_game": g} for g in self.demo_ids]
        bodies += [{"engine": "pan-am", "name": "Wrong game", "from_game": self.game_id},
                   {"engine": "pan-am", "name": "Loop", "data": {"routes": [["Lisbon", "Lisbon", 1]]}},
                   {"engine": "isle-of-pan", "name": "Two tiles", "data": {"tiles": [
                       {"id": "1", "terrains": ["PLAIN", "LAKE", "PORTAL"]},
                       {"id": "1", "terrains": ["PLAIN", "LAKE", "DESERT"]}]}}]
        for board_id in self.board_ids:
            board = self.store.boards.get(board_id)
            bodies.append({"format": "tablescribe-board", "format_version": 1, "id": board.id, "hash": board.hash,
                           "engine": board.engine, "name": board.name, "data": board.data})
        return [operation.Case(body=body, media_type="application/json") for body in bodies]

    def event_cases(self, operation: Any) -> list[Any]:
        """Each of EVENT_BODIES once, sent to our game with its token: the writes that
        random generation rarely gets right (a known type with data its engine takes)."""
        if operation.path != "/api/games/{game_id}/events" or operation.method.upper() != "POST":
            return []
        return [operation.Case(path_parameters={"game_id": self.game_id}, body=body,
                               headers={"Authorization": f"Bearer {self.token}"},
                               media_type="application/json") for body in EVENT_BODIES]


@pytest.fixture
def target(db_url: str) -> Iterator[Target]:
    # Streams end at once (a fuzzed stream must not hold the test for minutes); the
    # rate limits are tested on their own and would only turn writes into 429s here.
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "RATE_LIMITS": False, "LIVE_MAX_SECONDS": 0.05})
    yield Target(app)
    close_app(app)


def test_every_operation_answers_as_documented_and_stores_nothing_on_a_4xx(target: Target) -> None:
    operations = [result.ok() for result in target.schema.get_all_operations()]
    assert len(operations) >= 18, "the document lists every API operation"
    statuses: dict[int, int] = {}
    for operation in operations:
        _fuzz(target, operation, statuses)
    database = target.store.db.dialect.name
    print(f"\nschemathesis on {database}: {target.requests} requests, by status {dict(sorted(statuses.items()))}")
    assert target.requests >= len(operations) * EXAMPLES, target.requests
    assert {200, 201, 400, 401, 404, 422} <= set(statuses), f"the requests reach every layer: {statuses}"


def _fuzz(target: Target, operation: Any, statuses: dict[int, int]) -> None:
    examples = EXAMPLES if operation.path == "/api/engines" else EXAMPLES * 4

    for case in target.event_cases(operation) + target.board_cases(operation):
        _send(target, case, statuses)

    @settings(max_examples=examples, deadline=None, database=None, derandomize=IN_CI,
              phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck))
    @given(case=target.strategies(operation))
    def check(case: Any) -> None:
        _send(target, case, statuses)

    check()


def _send(target: Target, case: Any, statuses: dict[int, int]) -> None:
    before = target.counts()
    # Plain bodies: the WSGI transport hands back gzip undecoded (a real client decodes it);
    # the frames answers' gzip is tested in tests/web/test_frames_cache.py.
    response = case.call(headers={"Accept-Encoding": "identity"})
    target.requests += 1
    statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
    case.validate_response(response, excluded_checks=[positive_data_acceptance])
    if 400 <= response.status_code < 500:
        assert target.counts() == before, f"{response.status_code} but something was stored"
