"""*Landing Rights*: judging the rights a claim names, and finding every way to get them.

Pure functions over the player's Airports and Destination cards (cards are named by
their city) and a ``region_of`` lookup, reused by the rules (PA-D4, PA-LR-1..5) and the
choices (the ways offered, fewest discards first).  The four methods:

1. ``airport``: the player's Airport is on the city;
2. ``destination_card``: the player holds the city's card (it is **not** discarded);
3. ``discard_same_region``: discard one card of the city's region;
4. ``discard_two_other_region``: discard two cards of one region, not the city's.

Discarded cards give rights "long enough to claim exactly one Route": across both
cities every card used is a distinct card in hand (PA-LR-5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations, product
from typing import Any

from engines.base import Violation

RULE = "Landing Rights"
AIRPORT, CARD, SAME, TWO = "airport", "destination_card", "discard_same_region", "discard_two_other_region"
DISCARDING = (SAME, TWO)

RegionOf = Callable[[str], "str | None"]
Card = Mapping[str, Any]


def problems(
    who: str, hand: Sequence[Card], airports: Sequence[str], cities: Sequence[str],
    rights: Mapping[str, Any], region_of: RegionOf,
) -> list[Violation]:
    """Every Landing Rights rule the claim breaks (PA-D4, PA-LR-1..5)."""
    out: list[Violation] = []
    missing = [c for c in cities if c not in rights]
    extra = [c for c in rights if c not in cities]
    # PA-D4: Landing Rights in both cities.
    if missing:
        out.append(Violation("PA-D4", RULE, f"{who} names no Landing Rights in {' and '.join(missing)}"))
    if extra:
        out.append(Violation("PA-D4", RULE, f"{', '.join(extra)} is not a city of this route"))
    held = Counter(str(card["city"]) for card in hand)
    used: Counter[str] = Counter()
    for city in cities:
        if city not in rights:
            continue
        method = rights[city].get("method")
        cards = [str(c) for c in rights[city].get("cards") or []]
        out += _method_problems(who, hand, airports, city, method, cards, region_of)
        # Counted whether or not the method holds, so that a card used twice is named too.
        used.update(_cards_used(held, city, method, cards))
    # PA-LR-5: every card used is a distinct card the player holds.
    over = sorted(c for c, n in used.items() if n > held[c])
    if over:
        words = ", ".join(f"{c} ({used[c]} used, {held[c]} held)" for c in over)
        out.append(Violation("PA-LR-5", RULE, f"{who} cannot use the same Destination card twice or one not held: {words}"))
    return out


def _cards_used(held: Counter[str], city: str, method: Any, cards: list[str]) -> list[str]:
    """The cards a city's rights take up: those discarded, or the city's own card (method 2, used
    even when ``cards`` does not list it; one not held is PA-LR-2's fault, not PA-LR-5's too).

    >>> _cards_used(Counter({"Tokyo": 1}), "Tokyo", CARD, [])
    ['Tokyo']
    >>> _cards_used(Counter(), "Tokyo", CARD, ["Tokyo"]), _cards_used(Counter(), "Tokyo", SAME, ["Rome"])
    ([], ['Rome'])
    """
    if method == CARD:
        return [city] if held[city] else []
    return cards if method in DISCARDING else []


def _method_problems(
    who: str, hand: Sequence[Card], airports: Sequence[str], city: str, method: Any, cards: list[str], region_of: RegionOf
) -> list[Violation]:
    if method == AIRPORT:
        # PA-LR-1: "Having an Airport of your color on the city."
        if city not in airports:
            return [Violation("PA-LR-1", RULE, f"{who} has no Airport in {city}")]
        return []
    if method == CARD:
        # PA-LR-2: "Having the city's Destination card (this card is not discarded)."
        if cards and cards != [city]:
            return [Violation("PA-LR-2", RULE, f"{who} must use the {city} card itself for {city}, not {', '.join(cards)}")]
        if not any(card["city"] == city for card in hand):
            return [Violation("PA-LR-2", RULE, f"{who} does not hold the {city} Destination card")]
        return []
    region = region_of(city)
    regions = [_card_region(hand, c) for c in cards]
    if method == SAME:
        # PA-LR-3: "Discarding a Destination card from the same region (color) as the city."
        if len(cards) != 1:
            return [Violation("PA-LR-3", RULE, f"{who} must discard exactly 1 card for {city}, not {len(cards)}")]
        if region is None:
            return [Violation("PA-LR-3", RULE, f"{city}'s region is not known: declare it in regions")]
        if regions[0] is not None and regions[0] != region:
            return [Violation("PA-LR-3", RULE, f"The {cards[0]} card ({regions[0]}) is not of {city}'s region ({region})")]
        return []
    # PA-LR-4: "Discarding two Destination cards of same region (color) that are different from the city's region."
    if len(cards) != 2:
        return [Violation("PA-LR-4", RULE, f"{who} must discard exactly 2 cards for {city}, not {len(cards)}")]
    if region is None:
        return [Violation("PA-LR-4", RULE, f"{city}'s region is not known: declare it in regions")]
    if None in regions:
        return []  # a card not held: PA-LR-5 says so
    if regions[0] != regions[1]:
        return [Violation("PA-LR-4", RULE, f"{cards[0]} ({regions[0]}) and {cards[1]} ({regions[1]}) are not of one region")]
    if regions[0] == region:
        return [Violation("PA-LR-4", RULE, f"{cards[0]} and {cards[1]} are of {city}'s own region ({region}): discard one")]
    return []


def _card_region(hand: Sequence[Card], city: str) -> str | None:
    return next((str(card["region"]) for card in hand if card["city"] == city), None)


def discarded(rights: Mapping[str, Any]) -> list[str]:
    """The cards (by city) a claim discards."""
    out: list[str] = []
    for entry in rights.values():
        if isinstance(entry, Mapping) and entry.get("method") in DISCARDING:
            out += [str(c) for c in entry.get("cards") or []]
    return out


def _city_ways(hand: Sequence[Card], airports: Sequence[str], city: str, region: str | None) -> list[tuple[dict[str, Any], tuple[int, ...], int]]:
    """(rights, card indexes used, discards) for one city."""
    ways: list[tuple[dict[str, Any], tuple[int, ...], int]] = []
    if city in airports:
        ways.append(({"method": AIRPORT, "cards": []}, (), 0))
    own = next((i for i, card in enumerate(hand) if card["city"] == city), None)
    if own is not None:
        ways.append(({"method": CARD, "cards": [city]}, (own,), 0))
    if region is None:
        return ways
    seen: set[tuple[str, ...]] = set()
    for i, card in enumerate(hand):
        if card["region"] == region and (card["city"],) not in seen:
            seen.add((card["city"],))
            ways.append(({"method": SAME, "cards": [card["city"]]}, (i,), 1))
    for i, j in combinations(range(len(hand)), 2):
        a, b = hand[i], hand[j]
        names = tuple(sorted((str(a["city"]), str(b["city"]))))
        if a["region"] == b["region"] != region and names not in seen:
            seen.add(names)
            ways.append(({"method": TWO, "cards": list(names)}, (i, j), 2))
    return ways


def ways(hand: Sequence[Card], airports: Sequence[str], cities: Sequence[str], region_of: RegionOf, most: int = 8) -> list[dict[str, Any]]:
    """Every way to hold Landing Rights in both cities, fewest discards first (at most ``most``).

    >>> hand = [{"city": "Hong Kong", "region": "PACIFIC"}, {"city": "Honolulu", "region": "PACIFIC"}]
    >>> regions = {"Tokyo": "PACIFIC", "Beijing": "ASIA", "Hong Kong": "PACIFIC"}.get
    >>> ways(hand, ["Shanghai"], ["Shanghai", "Hong Kong"], regions)[0]["Hong Kong"]
    {'method': 'destination_card', 'cards': ['Hong Kong']}
    >>> [w["Beijing"]["cards"] for w in ways(hand, ["Shanghai"], ["Shanghai", "Beijing"], regions)]
    [['Hong Kong', 'Honolulu']]
    """
    a, b = cities
    found: list[tuple[int, dict[str, Any]]] = []
    for (ra, ia, da), (rb, ib, db) in product(
        _city_ways(hand, airports, a, region_of(a)), _city_ways(hand, airports, b, region_of(b))
    ):
        if set(ia) & set(ib):
            continue
        found.append((da + db, {a: ra, b: rb}))
    found.sort(key=lambda item: item[0])
    return [way for _, way in found[:most]]
