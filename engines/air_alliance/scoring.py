"""The final count ("Game End and Score Calculation", "Trio List"; the Kobe Rules' scoring).

Miles of every card a player holds (on the Boarding Pass or set aside by an Alliance),
30,000 for each complete Trio Set (its cards known by their names on the Trio List; a
card's declared ``trio`` only confirms it, AA-C38), and, with the Kobe Rules, 10,000 for every five
ECONOMY CLASS cards.  Equal totals share a place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engines.base import State
from engines.declared import value

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


def member_name(name: str) -> str | None:
    """The Trio List name a card's name is (case and spacing aside; a qualifier after it,
    as the Secret Agents' "(MI6)", is allowed), or None.

    >>> member_name("secret agent (KGB)"), member_name("Yeti"), member_name("Yeti hunter"), member_name("Passenger 3")
    ('Secret Agent', 'Yeti', None, None)
    """
    words = " ".join(str(name).split()).casefold()
    for member in {m for members in TRIOS.values() for m in members}:
        key = member.casefold()
        if words == key or words.startswith(key + " (") or words.startswith(key + "("):
            return member
    return None


def trio_of(name: str) -> str | None:
    """The Trio Set a card's name puts it in ("Each Trio Set has the same suitcase sticker.
    Each trio's three cards show the following"): the name decides, not a declared field.

    >>> trio_of("Bigfoot"), trio_of("Board Gamer"), trio_of("Passenger 3")
    ('Primitive Man', 'Enthusiast', None)
    """
    member = member_name(name)
    return next((trio for trio, members in TRIOS.items() if member in members), None)


def complete_trios(cards: Iterable[Mapping[str, Any]]) -> list[str]:
    """The trios whose three cards the player holds, by the cards' names: the Enthusiast
    Trio needs both Board Gamers and the Anime Otaku, the Spy Trio three Secret Agents.

    >>> complete_trios([{"name": f"Secret Agent ({s})"} for s in ("MI6", "KGB", "CIA")] + [{"name": "Yeti"}])
    ['Spy']
    >>> complete_trios([{"name": "Board Gamer"}, {"name": "Anime Otaku"}, {"name": "Anime Otaku"}])
    []
    """
    held = Counter(member_name(str(card.get("name", ""))) for card in cards)
    return sorted(trio for trio, members in TRIOS.items()
                  if all(held[member] >= need for member, need in Counter(members).items()))


def trio_progress(cards: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """How many cards of each Trio Set begun the player holds (complete ones included), by
    the cards' names, for the running standings.

    >>> trio_progress([{"name": "Secret Agent (MI6)"}, {"name": "Secret Agent (KGB)"}, {"name": "Passenger 4"},
    ...                {"name": "Kung Fu Star"}])
    {'Actor': 1, 'Spy': 2}
    """
    held: dict[str, int] = {}
    for card in cards:
        trio = trio_of(str(card.get("name", "")))
        if trio is not None:
            held[trio] = min(held.get(trio, 0) + 1, len(TRIOS[trio]))
    return dict(sorted(held.items()))


def score(cards: Sequence[Mapping[str, Any]], kobe_scoring: bool) -> dict[str, int]:
    """A player's miles, by part and in all.

    >>> score([{"name": "Passenger", "miles": 5000, "cls": "ECONOMY"}] * 5, kobe_scoring=True)["total"]
    35000
    """
    miles = sum(card["miles"] for card in cards)
    trios = TRIO_BONUS * len(complete_trios(cards))
    economy = sum(1 for card in cards if card["cls"] == "ECONOMY") // ECONOMY_SET * ECONOMY_BONUS if kobe_scoring else 0
    return {"miles": miles, "trios": trios, "economy": economy, "total": miles + trios + economy}


def held(state: State, player: str) -> list[dict[str, Any]]:
    """Every card a player holds, on the Boarding Pass or set aside (the faces declared)."""
    info = state["players"][player]
    ids = [card for stack in info["slots"] for card in stack] + info["set_aside"]
    faces: list[dict[str, Any] | None] = [value(state["declared"], f"card:{card}") for card in ids]
    return [face for face in faces if face is not None]


def standings(state: State) -> dict[str, Any]:
    """Miles so far, with the Trio Sets complete and begun (as "Spy 2/3"); "the player with
    the most miles" wins (equal totals share a place)."""
    kobe = bool(state["options"]["kobe_last_turn"])
    rows = []
    for name in state["seats"]:
        cards = held(state, name)
        counted: dict[str, Any] = dict(score(cards, kobe))
        total = counted.pop("total")
        progress = trio_progress(cards)
        counted["trio_sets"] = ", ".join(complete_trios(cards)) or None
        counted["partial_trios"] = ", ".join(f"{trio} {count}/{len(TRIOS.get(trio, ()))}"
                                             for trio, count in progress.items()
                                             if count < len(TRIOS.get(trio, ()))) or None
        rows.append({"player": name, "total": total, "breakdown": counted, "rank": None,
                     "status": "flying"})
    for row in rows:
        row["rank"] = 1 + sum(1 for other in rows if other["total"] > row["total"])
    final = state["phase"] == "OVER"
    best = max(row["total"] for row in rows)
    winners = [row["player"] for row in rows if row["total"] == best] if final else []
    for row in rows:
        row["status"] = ("winner" if row["player"] in winners else "finished") if final else "flying"
    return {"final": final, "players": rows, "winners": winners}
