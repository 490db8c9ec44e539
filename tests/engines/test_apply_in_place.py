"""Folding in place (``EngineBase.apply_in_place``) ends where applying event by event ends,
and changes neither the events nor any state it did not make itself."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.base import Event, json_copy, resolve_options
from recorder.demo import demo_games

DEMOS = list(demo_games())


@pytest.mark.parametrize("demo", DEMOS, ids=[demo["engine"] for demo in DEMOS])
def test_a_fold_in_place_ends_where_applying_ends(demo: dict[str, Any]) -> None:
    engine = engines.find(demo["engine"])
    events = [Event(e["type"], e.get("data", {}), e.get("actor")) for e in demo["events"]]
    recorded = json_copy([(e.type, dict(e.data), e.actor) for e in events])
    start = engine.setup(demo["players"], resolve_options(engine, demo.get("options")))
    applied = [start]
    for event in events:
        applied.append(engine.apply(applied[-1], event))
    as_applied = json_copy(applied)

    state = engine.apply(start, events[0])  # the first step copies: the fold owns what it makes
    for event in events[1:]:
        state = engine.apply_in_place(state, event)

    assert state == applied[-1]
    assert applied == as_applied  # no state the fold did not make was changed
    assert [(e.type, dict(e.data), e.actor) for e in events] == recorded
