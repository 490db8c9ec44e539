"""What each Flight icon lets the player do ("List of the Flight icons").

An icon is a dict: ``{"type": "SPECIAL", "colour": player colour}``, ``{"type": "AREA",
"areas": "AM"}`` (or ``"ALL"``), ``{"type": "PRIORITY"}``, ``{"type": "CODESHARE",
"colours": [NPA colours]}``.  The icons are printed on the cards and Boarding Passes,
not in the rulebook: they are declared with the cards.

- Special landing permit: "land 1 of your planes from another airport onto the specified
  airport.  Each player is designated 1 special airport" (which one is board data:
  declared, else ``unverified``);
- Area Landing Permit: one of your planes onto an airport numbered 1 to 3 of the areas
  shown ("an icon showing A can land on A1, A2 or A3");
- Priority Takeoff: switch two planes at one airport (``airports.swap``);
- Code Sharing: an NPA plane of the icon's colour that belongs to no Alliance, or --
  "Whichever colour you place the marker on" -- an NPA of the player's own Alliance;
  "You cannot use an NPA that does not belong to your Alliance" (the Kobe Rules' double
  marker excepted).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.air_alliance.airports import AREAS, NPA_COLOURS
from engines.base import Violation

ICON_RULE = "List of the Flight icons"
ICON_TYPES = ("SPECIAL", "AREA", "PRIORITY", "CODESHARE")
AREA_LABELS = ("ALL", "AM", "EM", "AE", "AU", "MU", "EU", "A", "U", "M", "E")  # as printed on the icons


def area_problems(icon: Mapping[str, Any], destination: str) -> list[Violation]:
    """AA-C15: an Area Landing Permit lands on 1, 2 or 3 of an area it shows."""
    areas = AREAS if icon["areas"] == "ALL" else tuple(icon["areas"])
    if destination[0] not in areas or int(destination[1]) > 3:
        return [Violation("AA-C15", ICON_RULE, f"The {icon['areas']} Area Landing Permit lands on "
                          f"{', '.join(a + n for a in areas for n in '123')}, not {destination}")]
    return []


def special_problems(icon: Mapping[str, Any], destination: str, special: Mapping[str, str] | None) -> list[Violation]:
    """AA-C16: a Special landing permit lands on its colour's special airport."""
    target = None if special is None else special.get(icon["colour"])
    if target is None:
        return [Violation("AA-C16", ICON_RULE, f"The {icon['colour']} special airport is printed on the board, not in "
                          "the rulebook: declare it to check", "unverified")]
    if destination != target:
        return [Violation("AA-C16", ICON_RULE, f"The {icon['colour']} Special landing permit lands on {target}, not "
                          f"{destination}")]
    return []


def alliance_of(areas: Sequence[Sequence[str]], colour: str) -> int | None:
    """The Alliance Area a colour (a player's or an NPA's) is in, if any."""
    return next((index for index, members in enumerate(areas) if colour in members), None)


def codeshare_problems(icon: Mapping[str, Any], npa: str, player: str, areas: Sequence[Sequence[str]],
                       double: bool = False) -> list[Violation]:
    """AA-C17 and AA-C18: which NPA a Code Sharing icon moves for ``player``."""
    if npa not in NPA_COLOURS:
        return [Violation("AA-C17", ICON_RULE, f"{npa} is not a Non-Player Airline")]
    theirs, mine = alliance_of(areas, npa), alliance_of(areas, player)
    if theirs is None:
        if npa not in icon["colours"]:
            return [Violation("AA-C17", ICON_RULE, f"This Code Sharing icon is {' or '.join(icon['colours'])}, not "
                              f"{npa}")]
        return []
    if theirs == mine:
        return []  # "Whichever colour you place the marker on"
    if double:  # Kobe Rules (1): two markers on a Code Sharing icon of that colour
        return [] if npa in icon["colours"] else [Violation("AA-C18", ICON_RULE, f"Two markers use an opponents' "
                                                            f"NPA of the icon's colour, not {npa}")]
    return [Violation("AA-C18", ICON_RULE, f"{npa} belongs to another Alliance: \"You cannot use an NPA that does not "
                      "belong to your Alliance\"")]
