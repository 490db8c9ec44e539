"""Set-up: who plays, with which options (TT-S01)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.base import Option, Violation, seat_problems

PLAYERS_RULE = "Set-up: players"

OPTIONS: dict[str, Option] = {
    "target": Option(default=20, type="int", choices=[10, 20, 30],
                     help="The total that ends the game at the end of a turn", label="Points to win"),
}


def setup_problems(players: Sequence[Any]) -> list[Violation]:
    """TT-S01: 2 to 4 players, each a distinct name."""
    return seat_problems(players, "TT-S01", PLAYERS_RULE, "Tally", 2, 4)
