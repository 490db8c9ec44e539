"""Panic in the Air's whole demo game recorded on the phone by taps alone (tests/browser/tables)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.tables.panic_in_the_air import GAME
from tests.browser.tables.table import assert_targets, play

pytestmark = pytest.mark.browser


def test_the_whole_game_is_recorded_by_taps_alone(live: Any, browser: Any) -> None:
    played = play(live, browser, GAME)
    assert len(played.actions) == GAME.length
    assert_targets(played)
    # A card on one's own character is its kind (and value) and Record: no tap on the target.
    own_fall = next(a for a, e in zip(played.actions, GAME.events, strict=True)
                    if e["type"] == "card_played" and e["data"]["target"] == e["actor"] and e["data"]["card"]["kind"] == "FALL")
    assert own_fall.taps == 3
    assert not any(a.typed for a in played.actions), "nothing typed in a whole game"
