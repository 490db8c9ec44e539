"""Air Alliance's scripted game (the demo's set-up and six player turns, on the demo's
saved board) recorded on the recording page by taps alone (tests/browser/tables/)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.tables.air_alliance import GAME
from tests.browser.tables.table import assert_targets, play

pytestmark = pytest.mark.browser


def test_air_alliance_six_turns_is_recorded_by_taps_alone(live: Any, browser: Any) -> None:
    played = play(live, browser, GAME)
    assert_targets(played)
    assert len(played.actions) == GAME.length
    # Nothing was typed: every action of the cut is a tap on what the board and the engine offer.
    assert all(not action.typed for action in played.actions)
    taps = {kind: [a.taps for a in played.actions if a.type == kind] for kind in {a.type for a in played.actions}}
    # A card turning up on the board: the card, then Reveal.
    assert set(taps["card_revealed"]) == {2}
    # A marker: the icon, the flight or switch, then record.
    assert set(taps["marker_placed"]) == {3}
    print(f"\nair-alliance: {GAME.length} actions, median {played.median} taps, longest {played.longest}")
