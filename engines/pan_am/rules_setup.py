"""The rules profile (options) and the set-up problems no game can start from.

``setup_problems`` returns PA-S1/PA-S2 (the table), PA-S5 (the first player), PA-S6
(colours) and malformed option values or board files, all raised as ``SetupError``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Option, Violation, seat_problems
from engines.pan_am.state import ENGINEERS_BY_PLAYERS, ROUNDS

SETUP_RULE = "Player Setup"

OPTIONS: dict[str, Option] = {
    "first_player": Option(
        None, "Who holds the First Player Marker (most recently flew); None means the first seat.", type="str", nullable=True,
        label="First player (holds the First Player Marker)", form="player"
    ),
    "colours": Option(
        ["red", "green", "blue", "yellow"],
        "One colour per seat; the rulebook names only red and green (blue and yellow are this app's labels).",
        type="list",
        label="Airline colours, in seat order",
    ),
    "origin": Option("Miami", "Where Pan Am's expansion paths start: Miami, or Rome (the Alternate Rule).", choices=["Miami", "Rome"],
                     label="Pan Am's expansion paths start in"),
    "cruiser_open_round": Option(
        3, "The round the Cruiser track opens (its tile lifts at the end of the round before); the rulebook contradicts itself.", type="int",
        label="Round the Cruiser track opens"
    ),
    "jet_open_round": Option(
        6, "The round the Jet track opens (its tile lifts at the end of the round before); the rulebook contradicts itself.", type="int",
        label="Round the Jet track opens"
    ),
    "start_price": Option(
        None, "A Stock Price for round 1 when its Event card does not set one; None: round 1's card must set it.", type="int", nullable=True,
        label="Stock Price in round 1"
    ),
    "self_overbid": Option(
        "warning",
        "Overbidding your own Engineer (the rulebook is silent): allowed, allowed with a warning, or forbidden.",
        choices=["allowed", "warning", "forbidden"],
        label="Overbidding your own Engineer",
    ),
    "forced_sale_low_price": Option(
        "sell_all",
        "A forced sale at a Stock Price of $2 or less earns nothing: sell every Stock anyway (literal), or sell none.",
        choices=["sell_all", "sell_none"],
        label="A forced sale at $2 or less",
    ),
    "rulebook_facts": Option(
        True, "Pre-load the board facts the rulebook itself states (symbol cities, the example routes).", choices=[True, False], type="bool",
        label="Pre-load the board facts the rulebook states"
    ),
    "board": Option(
        None, "A board file transcribed from the physical board (cities, routes, paths, track costs, sites, price track).",
        type="object", nullable=True,
        label="Board file",
    ),
}


def _bad(message: str) -> Violation:
    return Violation("options/invalid", "Rules profile", message)


def setup_problems(players: Sequence[Any], opts: Mapping[str, Any]) -> list[Violation]:
    """Every reason the table cannot start (empty when it can)."""
    problems = seat_problems(players, "PA-S1", SETUP_RULE, "Pan Am", 2, 4)
    # PA-S2: "Two Players = 5 each / Three Players = 4 each / Four Players = 3 each".
    if len(players) not in ENGINEERS_BY_PLAYERS:
        problems.append(Violation("PA-S2", SETUP_RULE, f"The rulebook gives Engineer counts for 2, 3 or 4 players, not {len(players)}"))
    if problems:
        return problems
    first = opts["first_player"]
    # PA-S5: the First Player Marker goes to one of the players.
    if first is not None and first not in players:
        problems.append(Violation("PA-S5", SETUP_RULE, f"The first player {first!r} is not at the table ({', '.join(players)})"))
    colours = opts["colours"]
    # PA-S6: one colour per seat, all different (4 colours in the box).
    if not all(isinstance(c, str) and c.strip() for c in colours) or len(set(colours)) != len(colours) or len(colours) > 4:
        problems.append(Violation("PA-S6", "Components", f"Colours must be up to 4 different names, not {colours!r}"))
    elif len(colours) < len(players):
        problems.append(Violation("PA-S6", "Components", f"{len(players)} players need {len(players)} colours; {len(colours)} given"))
    for name in ("cruiser_open_round", "jet_open_round"):
        if not 1 <= opts[name] <= ROUNDS + 1:
            problems.append(_bad(f"Option {name!r} must be a round from 1 to {ROUNDS + 1} (never), not {opts[name]}"))
    if opts["start_price"] is not None and opts["start_price"] < 1:
        problems.append(_bad(f"Option 'start_price' must be at least $1, not {opts['start_price']}"))
    return problems
