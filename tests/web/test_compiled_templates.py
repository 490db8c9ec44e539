"""A served worker compiles every template before it answers (``wsgi.py``): the first
viewer of a board must not wait for its template to compile (issue 24, figure 5)."""

from __future__ import annotations

from typing import Any

import pytest
from jinja2 import TemplateNotFound

from recorder.demo import load_demo_games
from recorder.web.templating import compile_templates


def test_every_template_is_compiled_up_front_and_a_board_then_reads_no_template_source(
        app: Any, client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    environment = app.jinja_env
    names = environment.list_templates()
    assert {"engines/pan-am/board.html", "engines/panic-in-the-air/board.html"} <= set(names)
    assert compile_templates(environment) == len(names)
    assert len(environment.cache) == len(names)

    def no_source(*_: Any) -> Any:
        raise TemplateNotFound("compile_templates left this template to be compiled by a request")

    monkeypatch.setattr(environment.loader, "get_source", no_source)
    store = app.extensions["tablescribe.store"]
    for game_id, _, _ in load_demo_games(store):
        answer = client.get(f"/api/games/{game_id}/frames?from=1&count=2")
        assert answer.status_code == 200, (store.get_game(game_id).engine, answer.get_json())
        assert all(frame["board_html"] for frame in answer.get_json()["frames"])
