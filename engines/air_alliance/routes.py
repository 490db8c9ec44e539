"""Which Passenger Cards this turn's flights carry ("[A] Move a plane ..."; "Tips:
Passenger Cards with the same departure or arrival").

"If you take a flight through the route (from departure to arrival) designated on a
Passenger Card ... using your own or NPA plane(s), you can gain that Passenger Card.
... The route is valid for not only a direct flight ... but also an indirect or transit
flight" -- "if you fly with one plane, or make a transit in relay such as Polynesia ->
Cannes -> Tokyo, you can gain all 3 Passenger Cards".

A flight is ``(from, to)``.  A passenger at an airport can ride every later flight out of
the airport it reached, whichever plane flies it (a relay may mix own and NPA planes).
Flights of earlier turns do not count (the note's G6).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Violation

ROUTE_RULE = "[A] Move a plane on the board by placing a marker on a Flight icon"
Flight = tuple[str, str]


def reachable(flights: Sequence[Flight]) -> set[tuple[str, str]]:
    """Every (departure, arrival) the flights so far carry a passenger along, relays included.

    >>> sorted(reachable([("Polynesia", "Cannes"), ("Cannes", "Tokyo")]))
    [('Cannes', 'Tokyo'), ('Polynesia', 'Cannes'), ('Polynesia', 'Tokyo')]
    """
    carried: set[tuple[str, str]] = set()
    origins: dict[str, set[str]] = {}  # airport -> where passengers waiting there came from
    for start, end in flights:
        aboard = {start} | origins.get(start, set())
        for origin in aboard:
            if origin != end:
                carried.add((origin, end))
        origins.setdefault(end, set()).update(aboard - {end})
    return carried


def route_problems(card: str, departure: str, arrival: str, flights: Sequence[Flight]) -> list[Violation]:
    """AA-C24: this turn's flights carry the card's passenger from its departure to its arrival."""
    if (departure, arrival) not in reachable(flights):
        return [Violation("AA-C24", ROUTE_RULE, f"No flight this turn carries {card}'s passenger from {departure} to "
                          f"{arrival}")]
    return []
