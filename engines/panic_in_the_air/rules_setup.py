"""The rules profile (options) and the set-up checks that no game can start without.

Every ambiguity of the rulebook listed in the note (§3.9) is a named option
with a documented default; ``setup`` validates the players and the values that
``resolve_options`` cannot (types, names of players).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Option, Violation, seat_problems

MAX_PLAYERS = 10
START = "Start of the Game"

OPTIONS: dict[str, Option] = {
    "first_player": Option(
        None,
        "Who takes the first turn (a player's name); None means the first seat.",
        type="str",
        nullable=True,
        label="First player", form="player",
    ),
    "deck_total": Option(
        63,
        "Cards in the deck before the deal (63 in the published box); None if unknown, "
        "and then the deck checks are reported as unverified.",
        type="int",
        nullable=True,
        label="Cards in the deck before the deal",
    ),
    "fall_values": Option(
        [100, 200, 300, 500],
        "Values a Fall card may show: the rulebook names 200 and 500, reviews add 100 and 300.",
        type="list",
        label="Values a Fall card may show",
    ),
    "wind_participants": Option(
        "in_air",
        "Whose characters a Wind passes top cards between: those still in the air, or all.",
        choices=["in_air", "all"],
        label="A Wind passes cards between",
    ),
    "solo_scope": Option(
        "neither_give_nor_receive",
        "Under Solo protection a Wind neither takes the top card nor adds one, or only adds none.",
        choices=["neither_give_nor_receive", "receive_only"],
        label="What a Solo protects from",
    ),
    "wind_solo_top": Option(
        "blocks",
        "A Solo on top of a stack stops the Wind for that stack, or the Wind skips it and takes the card below.",
        choices=["blocks", "skip"],
        label="A Solo on top of a stack",
    ),
    "solo_duration": Option(
        "until_protected_players_next_turn",
        "Solo protection ends when the protected player's next turn begins, or when the next turn "
        "of the player who placed it begins.",
        choices=["until_protected_players_next_turn", "until_players_next_turn"],
        label="How long a Solo protects",
    ),
    "solo_target": Option(
        "any",
        "Where a Solo may be placed: on any character in the air, or only on one's own.",
        choices=["any", "self"],
        label="Where a Solo may be placed",
    ),
    "enforce_bottom10": Option(
        True,
        "Deck-count checks (R.I.P. and the 500s in the bottom ten, the deck running out) are errors; off: warnings.",
        choices=[True, False],
        type="bool",
        label="Check the deck's count (the bottom ten cards)",
    ),
    "risk_may_decline": Option(
        True,
        "A Risk 'allows' its player to take 2 cards: they may decline them (the rulebook's word); "
        "off: the cards must be taken.",
        choices=[True, False],
        type="bool",
        label="A player may decline the cards of their Risk",
        absent=False,  # games stored before the option took the cards
    ),
    "min_players": Option(
        2,
        "Fewest players: 2 as the rulebook's deal allows (with a warning), or 3 as printed on the box.",
        choices=[2, 3],
        type="int",
        label="Fewest players",
    ),
}


def deal_size(n_players: int) -> int:
    """[RB] 2 to 6 players: 6 cards each; 7 to 10 players: 3 cards each."""
    return 6 if n_players <= 6 else 3


def player_problems(players: Sequence[Any], min_players: int) -> list[Violation]:
    """PN-C01: between ``min_players`` and 10 players, each a distinct, non-empty name."""
    return seat_problems(players, "PN-C01", START, "Panic in the Air", min_players, MAX_PLAYERS)


def player_warnings(players: Sequence[str]) -> list[Violation]:
    """PN-C01 warning: the rulebook's deal covers 2 players, the box says 3 to 10."""
    if len(players) == 2:
        return [
            Violation(
                "PN-C01",
                START,
                "2 players: the rulebook's deal allows it, but the published box says 3 to 10",
                "warning",
            )
        ]
    return []


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def profile_problems(players: Sequence[str], opts: Mapping[str, Any]) -> list[Violation]:
    """Values ``resolve_options`` cannot judge: types, the first player's name, a deck
    too small to deal from with the bottom ten (R.I.P. included) left untouched."""
    problems: list[Violation] = []

    def bad(message: str, code: str = "options/invalid", rule: str = "Rules profile") -> None:
        problems.append(Violation(code, rule, message))

    first = opts["first_player"]
    if first is not None and first not in players:
        bad(f"Option 'first_player' must name a player, not {first!r}")
    if not isinstance(opts["enforce_bottom10"], bool):
        bad(f"Option 'enforce_bottom10' must be true or false, not {opts['enforce_bottom10']!r}")
    values = opts["fall_values"]
    if not isinstance(values, list) or not values or not all(_is_int(v) and v > 0 for v in values):
        bad(f"Option 'fall_values' must be a non-empty list of positive integers, not {values!r}")
    total = opts["deck_total"]
    if total is not None:
        if not _is_int(total):
            bad(f"Option 'deck_total' must be an integer or None, not {total!r}")
        else:
            dealt = len(players) * deal_size(len(players))
            # The deal comes off the top; the bottom ten (R.I.P. and the three 500s) stay in the deck.
            if total - dealt < 10:
                bad(
                    f"A deck of {total} cards cannot deal {dealt} and keep its bottom ten cards",
                    code="PN-C14",
                    rule=START,
                )
    return problems
