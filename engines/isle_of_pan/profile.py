"""The rules profile (options) and the set-up checks that no game can start without.

Options are the rules profile only; the table's board data (the Starting Tile, the
tiles revealed) arrives as events.  ``setup_problems`` raises what no game can start
from (IP-C01, IP-C04, bad option values); ``setup_flags`` keeps what is stored with
the game as a warning or an ``unverified`` check.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Option, Violation, seat_problems
from engines.isle_of_pan.tiles import SLOTS, TURNS_EACH

MIN_PLAYERS = 2
MAX_PLAYERS = 4
PLAYERS_RULE = "Setup: 1. Number of players"
FIRST_RULE = "The Play"
END_RULE = "Endgame"

OPTIONS: dict[str, Option] = {
    "first_player": Option(
        None,
        "Who plays first (a player's name): the youngest; None means the first seat.",
        type="str",
        nullable=True,
        label="First player", form="player",
    ),
    "ages": Option(
        None,
        "Each player's age in years; when given, the first player must be the youngest.",
        type="object",
        nullable=True,
        label="Players' ages", form="per_player",
    ),
    "landscape_tile_count": Option(
        None,
        "Landscape tiles in play; None means 9 per player plus 2 (20, 29 or 38 tiles).",
        type="int",
        nullable=True,
        label="Landscape tiles in play",
    ),
    "observation": Option(
        "pub_v1",
        "Step 5 of the published game (not in this rulebook): place 1-3 matching animals, checked; "
        "declared_only: recorded, not judged; off: no observation step.",
        choices=["pub_v1", "declared_only", "off"],
        label="Observation (step 5)",
    ),
    "wondrous_lake": Option(
        "pub_v1",
        "Where a Wondrous Lake tile goes (not in this rulebook): on an uncovered Lake space, checked; "
        "declared_only: where the table says.",
        choices=["pub_v1", "declared_only"],
        label="Where a Wondrous Lake goes",
    ),
    "points_per_animal": Option(
        1,
        "Score-track steps for each animal placed on the island (the published game: 1).",
        type="int",
        label="Score-track steps per animal",
    ),
    "portal_in_domain_groups": Option(
        False,
        "Whether a Magical Portal joins every Domain Group it touches when Wondrous Lakes are scored.",
        choices=[False, True],
        type="bool",
        label="A Magical Portal joins every Domain Group it touches",
    ),
    "zero_move_end_check": Option(
        True,
        "Whether an Explorer that stays put (0 moves) must also stand on an empty space, as the rulebook "
        "says of every move; off: staying put is always allowed.",
        choices=[False, True],
        type="bool",
        label="An Explorer that stays put must stand on an empty space",
        absent=False,  # games stored before the option let an Explorer stay put anywhere
    ),
    "wl_adds_hexes": Option(
        False,
        "Whether a Wondrous Lake tile may also go on new spaces beside the island (they then count as in play).",
        choices=[False, True],
        type="bool",
        label="A Wondrous Lake may add new spaces beside the island",
    ),
    "track_values": Option(
        None,
        "The points printed on each space of a score track, from 0 (the rulebook does not give them); "
        "none: a token's position is its points.",
        type="list",
        nullable=True,
        label="Score track values",
    ),
}


def default_tile_count(n_players: int) -> int:
    """[INF] T = 9N + 2: the pile runs out with exactly 2 tiles face up after 9 turns each.

    >>> [default_tile_count(n) for n in (2, 3, 4)]
    [20, 29, 38]
    """
    return TURNS_EACH * n_players + 2


def _bad(message: str) -> Violation:
    return Violation("options/invalid", "Rules profile", message)


def player_problems(players: Sequence[Any]) -> list[Violation]:
    """IP-C01: 2 to 4 players (the set-up lists tiles for 2, 3 and 4 only), each a distinct,
    non-empty name."""
    return seat_problems(players, "IP-C01", PLAYERS_RULE, "The Isle of Pan", MIN_PLAYERS, MAX_PLAYERS)


def profile_problems(players: Sequence[str], opts: Mapping[str, Any]) -> list[Violation]:
    """Values ``resolve_options`` cannot judge, and IP-C04 (the first player is the youngest)."""
    problems: list[Violation] = []
    first = opts["first_player"]
    if first is not None and first not in players:
        problems.append(_bad(f"Option 'first_player' must name a player, not {first!r}"))
    count = opts["landscape_tile_count"]
    if count is not None and count < len(SLOTS):
        problems.append(_bad(f"Option 'landscape_tile_count' must be at least 3 (the display), not {count}"))
    if opts["points_per_animal"] < 0:
        problems.append(_bad(f"Option 'points_per_animal' cannot be negative ({opts['points_per_animal']})"))
    values = opts["track_values"]
    if values is not None and (not values or not all(isinstance(v, int) and not isinstance(v, bool) for v in values)):
        problems.append(_bad(f"Option 'track_values' must list whole numbers, one per space, not {values!r}"))
    ages = opts["ages"]
    if ages is not None:
        problems += _age_problems(players, ages, first if first is not None else players[0])
    return problems



def _age_problems(players: Sequence[str], ages: Mapping[str, Any], first: str) -> list[Violation]:
    unknown = sorted(set(ages) - set(players))
    missing = [name for name in players if name not in ages]
    wrong = [name for name in players if name in ages and not _is_age(ages[name])]
    if unknown or missing or wrong:
        parts = []
        if unknown:
            parts.append(f"unknown players {', '.join(unknown)}")
        if missing:
            parts.append(f"no age for {', '.join(missing)}")
        if wrong:
            parts.append(f"not a whole number of years for {', '.join(wrong)}")
        return [_bad(f"Option 'ages' must give every player's age: {'; '.join(parts)}")]
    if first not in ages:
        return []
    youngest = min(ages[name] for name in players)
    # IP-C04: "The youngest player starts".
    if ages[first] != youngest:
        names = [name for name in players if ages[name] == youngest]
        return [
            Violation(
                "IP-C04",
                FIRST_RULE,
                f"The youngest player starts: {first} is {ages[first]}, "
                f"{' and '.join(names)} {'is' if len(names) == 1 else 'are'} {youngest}",
            )
        ]
    return []


def _is_age(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def setup_flags(players: Sequence[str], opts: Mapping[str, Any]) -> list[Violation]:
    """What a game starts with, stored and shown: IP-C04 unverified without ages, and
    IP-C27 when the declared tile count cannot end with 2 tiles face up after 9 turns each."""
    flags: list[Violation] = []
    first = opts["first_player"] if opts["first_player"] is not None else players[0]
    if opts["ages"] is None:
        flags.append(
            Violation("IP-C04", FIRST_RULE, f"No ages given: cannot confirm that {first}, who starts, is the youngest", "unverified")
        )
    count = opts["landscape_tile_count"]
    usual = default_tile_count(len(players))
    if count is not None and count != usual:
        flags.append(
            Violation(
                "IP-C27",
                END_RULE,
                f"{count} Landscape tiles: after {TURNS_EACH} turns each the display cannot hold exactly 2 tiles "
                f"with an empty pile ({usual} tiles would)",
                "warning",
            )
        )
    return flags
