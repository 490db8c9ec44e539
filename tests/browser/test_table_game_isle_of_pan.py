"""The Isle of Pan's first two rounds recorded on the phone by taps alone (tests/browser/tables)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.tables.isle_of_pan import GAME
from tests.browser.tables.table import assert_targets, play

pytestmark = pytest.mark.browser


def test_isle_of_pan_two_rounds_is_recorded_by_taps_alone(live: Any, browser: Any) -> None:
    played = play(live, browser, GAME)
    assert_targets(played)
    assert len(played.actions) == GAME.length
    assert not any(a.typed for a in played.actions), "nothing typed in two rounds"
    by_type: dict[str, list[int]] = {}
    for action in played.actions:
        by_type.setdefault(action.type, []).append(action.taps)
    print("isle-of-pan taps", played.median, played.longest, by_type)
    # A reveal is the board's tile and Record; a take, the tile or its Portal's kind and Record.
    assert set(by_type["tile_revealed"]) == {2}
    assert set(by_type["tile_taken"]) == {2}
    # Animals observed and the end of a turn are one tap each.
    assert set(by_type["animals_observed"]) == {1} and set(by_type["end_turn"]) == {1}
