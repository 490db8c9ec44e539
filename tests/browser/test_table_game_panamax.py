"""Panamax's round 1, set-up included, recorded at the table by taps alone
(tests/browser/tables/panamax.py): every action through a picker or the generic form's
chips, never a typed event, and the page's game the API's fold of the same events."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.tables.panamax import GAME
from tests.browser.tables.table import assert_targets, play

pytestmark = pytest.mark.browser


def test_panamax_round_1_is_recorded_by_taps_alone(live: Any, browser: Any) -> None:
    played = play(live, browser, GAME)
    assert_targets(played)
    assert len(played.actions) == GAME.length
    # Nothing typed but the dice's pips: two rolls of 9 Action and 3 Executive dice.
    assert {kind for action in played.actions for kind in action.typed} == {"number"}
    assert played.typed("number") == 2 * (9 + 3)
    # Every kind of action of the round was among them, the set-up's and the round end's too.
    assert {a.type for a in played.actions} >= {"action_table_rolled", "contracts_revealed", "setup_contracts_drawn",
                                                "ship_moved", "die_loaded", "cargo_fees", "dividends", "rail_flag_taken"}
    print(f"panamax taps: median {played.median}, max {played.longest.taps} ({played.longest.type}), "
          f"per action {played.taps}")
