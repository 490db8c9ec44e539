"""Forming an Alliance in PHASE 0 ("PHASE 0: Alliance", "Forming an Alliance").

"You can form an Alliance before PHASE 1 only when you have 3 Code Sharing icons of the
same colour NPA on your Boarding Pass" -- one on each slot's visible face.  Alliance
Areas are lists of colours (players' and NPAs'); "Each Alliance Area has spaces for up to
4 planes", each colour is in one area at most, and "Any planes in an Alliance Area where
there are no more NPA planes are removed".  The number of areas ("an Alliance Area on
each side") is an option (the note's G11: 4).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from engines.air_alliance.airports import NPA_COLOURS
from engines.base import Violation

ALLIANCE_RULE = "Forming an Alliance"
AREA_SPACES = 4


def eligible(faces: Sequence[Sequence[Mapping[str, Any]]]) -> set[str]:
    """The NPA colours on a Code Sharing icon of every one of the 3 visible faces.

    >>> cs = lambda *colours: {"type": "CODESHARE", "colours": list(colours)}
    >>> sorted(eligible([[cs("black")], [cs("black", "white")], [cs("white"), cs("black")]]))
    ['black']
    """
    if len(faces) != 3:
        return set()
    sets = [{c for icon in face if icon["type"] == "CODESHARE" for c in icon["colours"]} for face in faces]
    return sets[0] & sets[1] & sets[2]


def form(areas: Sequence[Sequence[str]], player: str, npa: str, area: int) -> list[list[str]]:
    """The areas once ``player`` and ``npa`` are both in ``area`` (each leaves the area it
    was in), and any area left without an NPA is cleared.

    >>> form([["red", "black"], [], [], []], "blue", "black", 0)
    [['red', 'black', 'blue'], [], [], []]
    >>> form([["red", "black"], [], [], []], "red", "white", 1)  # black stays allied, with nobody (literal)
    [['black'], ['red', 'white'], [], []]
    >>> form([["red", "black"], ["blue"], [], []], "blue", "black", 0)  # an area left without an NPA is cleared
    [['red', 'black', 'blue'], [], [], []]
    """
    moved = [list(members) if index == area else [c for c in members if c not in (player, npa)]
             for index, members in enumerate(areas)]
    moved[area] += [c for c in (player, npa) if c not in moved[area]]
    return [members if any(c in NPA_COLOURS for c in members) else [] for members in moved]


def formation_problems(faces: Sequence[Sequence[Mapping[str, Any]]], areas: Sequence[Sequence[str]], player: str,
                       npa: str, area: int, still_open: Collection[str] | None = None) -> list[Violation]:
    """AA-C05 and AA-C06.  ``still_open``: after a first Alliance this PHASE 0, the other
    colours the pass showed before it was cleared ("or with both"), instead of ``faces``."""
    if still_open is not None and npa not in still_open:
        return [Violation("AA-C05", ALLIANCE_RULE, f"The Boarding Pass cleared this PHASE 0 showed "
                          f"{' and '.join(sorted(still_open)) or 'no other colour'} on all 3 cards besides the "
                          f"Alliance formed, not {npa}")]
    if still_open is None and npa not in eligible(faces):
        return [Violation("AA-C05", ALLIANCE_RULE, f"An Alliance with {npa} needs a {npa} Code Sharing icon on each of "
                          "the 3 cards of the Boarding Pass")]
    if not 0 <= area < len(areas):
        return [Violation("AA-C06", ALLIANCE_RULE, f"There are {len(areas)} Alliance Areas, numbered from 0")]
    after = form(areas, player, npa, area)
    if len(after[area]) > AREA_SPACES:
        return [Violation("AA-C06", ALLIANCE_RULE, f"Alliance Area {area} has spaces for {AREA_SPACES} planes; "
                          f"{', '.join(after[area])} would not fit")]
    return []
