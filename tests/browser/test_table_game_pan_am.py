"""Pan Am's round 1 recorded on the recording page by taps alone (``tests/browser/tables``)."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.base import Event
from tests.browser.tables.pan_am import GAME
from tests.browser.tables.table import assert_targets, play

pytestmark = pytest.mark.browser


def test_the_cut_is_round_1_of_the_demo() -> None:
    engine = engines.find("pan-am")
    demo = GAME.demo()
    state = engine.setup(demo["players"], demo["options"])
    rounds = []
    for event in demo["events"][: GAME.length + 1]:
        state = engine.apply(state, Event(event["type"], event.get("data", {}), event.get("actor")))
        rounds.append(state["round"])
    assert rounds[GAME.length - 2] == 1 and rounds[GAME.length - 1] == 2, "the last event of the cut opens round 2"


def test_pan_am_round_1_is_recorded_by_taps_alone(live: Any, browser: Any) -> None:
    played = play(live, browser, GAME)
    assert_targets(played)
    assert len(played.actions) == GAME.length
    assert played.typed("name") == played.typed("number") == played.typed("note") == 0, "nothing typed at all"
    taps = {a.type: a.taps for a in played.actions}
    assert taps["engineer_assigned"] == taps["airport_placed"] == taps["stock_bought"] == 1, taps
    print(f"pan-am round 1: median {played.median}, max {played.longest.taps} ({played.longest.type}), taps {played.taps}")
