"""Boards drawn with ``{% memo %}`` (recorder/views/fragments.py) are the boards drawn
without it, at every step of every demo game, whatever order the steps come in."""

from __future__ import annotations

from typing import Any

import pytest
from flask import render_template

import engines
from engines.base import Event, resolve_options
from recorder.demo import demo_games
from recorder.views.frames import board_templates, render_board

DEMOS = list(demo_games())
MEMOIZED = {"pan-am", "panic-in-the-air", "isle-of-pan", "panamax", "air-alliance"}  # the boards whose templates use {% memo %}


def states_of(demo: dict[str, Any]) -> tuple[Any, list[Any]]:
    engine = engines.find(demo["engine"])
    states = [engine.setup(demo["players"], resolve_options(engine, demo.get("options")))]
    for event in demo["events"]:
        states.append(engine.apply(states[-1], Event(event["type"], event.get("data", {}), event.get("actor"))))
    return engine, states


@pytest.mark.parametrize("demo", DEMOS, ids=[demo["engine"] for demo in DEMOS])
def test_every_board_is_the_same_with_the_cache_as_without(app: Any, demo: dict[str, Any]) -> None:
    engine, states = states_of(demo)
    fragments = app.jinja_env.fragments
    with app.test_request_context():
        fragments.enabled = False
        plain = [str(render_board(engine, state, demo["players"])) for state in states]
        fragments.enabled = True
        fragments.clear()
        # Forward, then backward, then every third step: each step meets a cache that
        # other steps filled, as a viewer jumping about would.
        order = list(range(len(states))) + list(reversed(range(len(states)))) + list(range(0, len(states), 3))
        for step in order:
            assert str(render_board(engine, states[step], demo["players"])) == plain[step], step
    if demo["engine"] in MEMOIZED:
        assert fragments.hits > len(states)  # the cache did serve most parts
    assert len(set(plain)) > len(states) // 2  # and the boards do change from step to step


@pytest.mark.parametrize("demo", DEMOS, ids=[demo["engine"] for demo in DEMOS])
def test_a_board_drawn_from_its_template_is_the_one_flask_renders(app: Any, demo: dict[str, Any]) -> None:
    """render_board draws the template without Flask's context processors and signals
    (a batch draws 50 boards): no board partial reads what they add, so the HTML is the same."""
    engine, states = states_of(demo)
    app.jinja_env.fragments.enabled = False
    try:
        with app.test_request_context():
            for step in (0, len(states) // 2, len(states) - 1):
                state = states[step]
                context = {"state": state, "standings": engine.standings(state), "players": list(demo["players"]),
                           "engine": engine}
                drawn = render_template(board_templates(engine), **context)
                assert str(render_board(engine, state, demo["players"])) == drawn, step
    finally:
        app.jinja_env.fragments.enabled = True
