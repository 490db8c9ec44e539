"""The final count ("Game End and Score Calculation", "Trio List"; the Kobe Rules' scoring).

Miles of every card a player holds (on the Boarding Pass or set aside by an Alliance),
30,000 for each complete Trio Set, and, with the Kobe Rules, 10,000 for every five
ECONOMY CLASS cards.  Equal totals share a place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

TRIO_BONUS = 30_000
ECONOMY_BONUS, ECONOMY_SET = 10_000, 5
# "Trio List": each trio's three cards, as printed (both Board Gamers belong to the Enthusiast Trio).
TRIOS = {
    "Enthusiast": ("Board Gamer", "Board Gamer", "Anime Otaku"),
    "Scholar": ("Folklorist", "Archaeologist", "Professor"),
    "Actor": ("Hollywood Star", "Kung Fu Star", "Korean Star"),
    "Cocktail": ("Beer Brewer", "Bartender", "Hotelier"),
    "Ball Game": ("Tennis Player", "Soccer Player", "Volleyball Player"),
    "Spy": ("Secret Agent", "Secret Agent", "Secret Agent"),
    "Primitive Man": ("Neanderthal", "Yeti", "Bigfoot"),
}


def complete_trios(cards: Iterable[Mapping[str, Any]]) -> list[str]:
    """The trios whose three cards the player holds (a card's ``trio`` names its set: the
    three Secret Agents are different cards of one set).

    >>> complete_trios([{"trio": "Spy"}] * 3 + [{"trio": "Actor"}])
    ['Spy']
    """
    return sorted(trio for trio, count in trio_progress(cards).items() if count >= len(TRIOS.get(trio, (1, 1, 1))))


def trio_progress(cards: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """How many cards of each Trio Set begun the player holds (complete ones included), for
    the running standings.

    >>> trio_progress([{"trio": "Spy"}, {"trio": "Spy"}, {"trio": None}, {"trio": "Actor"}])
    {'Actor': 1, 'Spy': 2}
    """
    held: dict[str, int] = {}
    for card in cards:
        if card.get("trio"):
            held[card["trio"]] = held.get(card["trio"], 0) + 1
    return dict(sorted(held.items()))


def score(cards: Sequence[Mapping[str, Any]], kobe_scoring: bool) -> dict[str, int]:
    """A player's miles, by part and in all.

    >>> score([{"miles": 5000, "cls": "ECONOMY", "trio": None}] * 5, kobe_scoring=True)["total"]
    35000
    """
    miles = sum(card["miles"] for card in cards)
    trios = TRIO_BONUS * len(complete_trios(cards))
    economy = sum(1 for card in cards if card["cls"] == "ECONOMY") // ECONOMY_SET * ECONOMY_BONUS if kobe_scoring else 0
    return {"miles": miles, "trios": trios, "economy": economy, "total": miles + trios + economy}
