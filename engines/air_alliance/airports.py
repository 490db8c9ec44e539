"""The 24 airports and how planes leave, land and swap there ("Airports"; "Priority
Takeoff"; "Preparations").

An airport's code is its area (A, E, M, U) and a number.  The number gives its shape:

- 1, **Y-shaped**: two "01" runways and the "02" intersection, 3 planes; "The plane in
  the intersection cannot leave until one of the runways is free.  As soon as one of
  the 01 runways is open, move the plane on 02 (if any) to 01";
- 2 and 3, **reverse Y**: a queue of three; "The planes on runway 02 and 03 cannot leave
  until the plane on runway 01 has left";
- 4, 5 and 6, **V-shaped**: two independent runways, and "only certain colours can land
  on these".  Which colours is printed on the board, not in the rulebook (the note's G3):
  ``landable`` is declared, and without it a landing there is ``unverified``.

An airport's planes are a list of colours in runway order: Y ``[01, 01, 02]``, reverse Y
``[01, 02, 03]``, V ``[runway, runway]`` with ``None`` for a free V runway.  Planes of one
colour are alike, so an event names a plane by its colour and airport.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from engines.base import Violation

AIRPORT_RULE = "Airports"
PRIORITY_RULE = "List of the Flight icons"
AREAS = ("A", "E", "M", "U")
AIRPORTS = tuple(f"{area}{number}" for area in AREAS for number in range(1, 7))
PLAYER_COLOURS = ("red", "yellow", "green", "blue")
NPA_COLOURS = ("black", "white", "purple")
# "Preparations": one NPA plane at each starmarked airport.
NPA_START = {
    "black": ("M4", "M5", "M6", "E4"),
    "white": ("A4", "A5", "A6", "E5"),
    "purple": ("U4", "U5", "U6", "E6"),
}
Shape = Literal["Y", "REVERSE_Y", "V"]
CAPACITY = {"Y": 3, "REVERSE_Y": 3, "V": 2}

Planes = list[str | None]


def shape(airport: str) -> Shape:
    number = int(airport[1])
    return "Y" if number == 1 else "REVERSE_Y" if number in (2, 3) else "V"


def is_airport(code: str) -> bool:
    return code in AIRPORTS


def empty(airport: str) -> Planes:
    return [None, None] if shape(airport) == "V" else []


def count(planes: Sequence[str | None]) -> int:
    return sum(1 for plane in planes if plane is not None)


def departure_problems(airport: str, planes: Sequence[str | None], colour: str) -> list[Violation]:
    """AA-C11: a plane of ``colour`` may leave ``airport`` now.

    >>> departure_problems("M1", ["red", "black", "blue"], "blue")[0].message
    "The blue plane waits in M1's intersection until a runway is free"
    >>> departure_problems("M2", ["red", "blue"], "blue")[0].code
    'AA-C11'
    """
    if colour not in planes:
        return [Violation("AA-C11", AIRPORT_RULE, f"No {colour} plane is at {airport}")]
    kind = shape(airport)
    if kind == "Y" and colour not in planes[:2]:
        return [Violation("AA-C11", AIRPORT_RULE, f"The {colour} plane waits in {airport}'s intersection until a "
                          "runway is free")]
    if kind == "REVERSE_Y" and planes[0] != colour:
        return [Violation("AA-C11", AIRPORT_RULE, f"At {airport} the plane on runway 01 ({planes[0]}) leaves first")]
    return []


def depart(airport: str, planes: Sequence[str | None], colour: str) -> Planes:
    """The airport after a plane of ``colour`` leaves it: a Y's intersection plane moves to
    the freed runway, a reverse Y's queue moves up, a V's other runway stays.

    >>> depart("M1", ["red", "black", "blue"], "red"), depart("M2", ["red", "blue"], "red")
    (['black', 'blue'], ['blue'])
    >>> depart("M4", [None, "black"], "black")
    [None, None]
    """
    if shape(airport) == "V":
        index = list(planes).index(colour)
        return [None if i == index else plane for i, plane in enumerate(planes)]
    left = list(planes)
    kind = shape(airport)
    index = left[:2].index(colour) if kind == "Y" else 0
    del left[index]
    return left


def remove(airport: str, planes: Sequence[str | None], colour: str) -> Planes:
    """The airport with every plane of ``colour`` taken off the board (the Kobe Rules 3),
    wherever it stands: not a departure, so no runway order holds it back; the planes
    behind move up as after one (a Y's intersection plane to the freed runway, a reverse
    Y's queue), a V's runway is freed.

    >>> remove("M1", ["yellow", "yellow", "red"], "red"), remove("E2", ["purple", "red", "white"], "red")
    (['yellow', 'yellow'], ['purple', 'white'])
    >>> remove("M4", ["red", "black"], "red"), remove("A1", ["red", "blue", "red"], "red")
    ([None, 'black'], ['blue'])
    """
    if shape(airport) == "V":
        return [None if plane == colour else plane for plane in planes]
    return [plane for plane in planes if plane != colour]


def landing_problems(airport: str, planes: Sequence[str | None], colour: str,
                     landable: Mapping[str, Sequence[str]] | None) -> list[Violation]:
    """AA-C13 and AA-C14: room at ``airport``, and a V airport takes only its colours."""
    kind = shape(airport)
    if count(planes) >= CAPACITY[kind]:
        return [Violation("AA-C13", AIRPORT_RULE, f"{airport} holds {CAPACITY[kind]} planes, all there")]
    if kind != "V":
        return []
    allowed = None if landable is None else landable.get(airport)
    if allowed is None:
        return [Violation("AA-C14", AIRPORT_RULE, f"Which colours may land at {airport} is printed on the board, not "
                          "in the rulebook: declare it to check", "unverified")]
    if colour not in allowed and "ALL" not in allowed:
        return [Violation("AA-C14", AIRPORT_RULE, f"Only {', '.join(allowed)} planes land at {airport}, not {colour}")]
    return []


def land(airport: str, planes: Sequence[str | None], colour: str) -> Planes:
    """The airport with a plane of ``colour`` landed: a Y fills a runway before the
    intersection, a reverse Y joins the queue, a V takes a free runway."""
    if shape(airport) == "V":
        landed = list(planes)
        landed[landed.index(None)] = colour
        return landed
    return [*planes, colour]


def swap_problems(airport: str, planes: Sequence[str | None], first: int, second: int) -> list[Violation]:
    """AA-C19: Priority Takeoff "switch[es] the places of any 2 planes on that airport"."""
    occupied = [i for i, plane in enumerate(planes) if plane is not None]
    if first == second or first not in occupied or second not in occupied:
        return [Violation("AA-C19", PRIORITY_RULE, f"Priority Takeoff switches two planes at {airport}: places "
                          f"{first} and {second} are not two of its {count(planes)} planes")]
    return []


def swap(planes: Sequence[str | None], first: int, second: int) -> Planes:
    """The airport with two planes' places switched.

    >>> swap(["red", "black", "blue"], 0, 2)
    ['blue', 'black', 'red']
    """
    swapped = list(planes)
    swapped[first], swapped[second] = swapped[second], swapped[first]
    return swapped


def initial_airports() -> dict[str, Planes]:
    """Every airport empty but the NPA planes of "Preparations" (on a V's first runway)."""
    airports = {code: empty(code) for code in AIRPORTS}
    for colour, codes in NPA_START.items():
        for code in codes:
            airports[code] = land(code, airports[code], colour)
    return airports
