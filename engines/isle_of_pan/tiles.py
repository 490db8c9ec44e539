"""The vocabulary of The Isle of Pan: terrains, animal kinds, and small questions about tiles.

[RB] Each Landscape tile has three spaces, each a Domain (Mountain, Desert, Plain,
Lake) or a Magical Portal.  By colour, Plain (green) gives a Herbivore (green),
Mountain (grey) a Bird of Prey (grey), Desert (yellow) a Reptile (yellow); a Lake
gives nothing and a Portal gives one animal of the player's choice (step 2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

MOUNTAIN = "MOUNTAIN"
DESERT = "DESERT"
PLAIN = "PLAIN"
LAKE = "LAKE"
PORTAL = "PORTAL"
TERRAINS: tuple[str, ...] = (MOUNTAIN, DESERT, PLAIN, LAKE, PORTAL)
# The three animal-bearing domains, in the order of the Wondrous Lake tiles and the tracks.
DOMAINS: tuple[str, ...] = (PLAIN, MOUNTAIN, DESERT)

HERBIVORE = "HERBIVORE"
BIRD_OF_PREY = "BIRD_OF_PREY"
REPTILE = "REPTILE"
KINDS: tuple[str, ...] = (HERBIVORE, BIRD_OF_PREY, REPTILE)

KIND_OF: dict[str, str] = {PLAIN: HERBIVORE, MOUNTAIN: BIRD_OF_PREY, DESERT: REPTILE}
DOMAIN_OF: dict[str, str] = {kind: domain for domain, kind in KIND_OF.items()}

TERRAIN_NAMES: dict[str, str] = {
    MOUNTAIN: "Mountain",
    DESERT: "Desert",
    PLAIN: "Plain",
    LAKE: "Lake",
    PORTAL: "Magical Portal",
}
_KIND_NAMES: dict[str, tuple[str, str]] = {
    HERBIVORE: ("Herbivore", "Herbivores"),
    BIRD_OF_PREY: ("Bird of Prey", "Birds of Prey"),
    REPTILE: ("Reptile", "Reptiles"),
}

# [RB] Setup 1: a Landscape tile is marked [3], marked [4], or carries no marker ("none").
NO_MARKER = "none"
MARKERS: tuple[int | str, ...] = (3, 4, NO_MARKER)

# [RB] "The game ends when each player has played 9 turns".
TURNS_EACH = 9
# [RB] the display: "place the first 3 face up"; slots are named by the engine.
SLOTS: tuple[str, ...] = ("D1", "D2", "D3")


def terrain_name(terrain: Any) -> str:
    """A terrain as the rulebook names it.

    >>> terrain_name("PORTAL")
    'Magical Portal'
    """
    return TERRAIN_NAMES.get(str(terrain), str(terrain))


def kind_name(kind: Any, count: int = 1) -> str:
    """The kind in words, plural unless ``count`` is 1.

    >>> kind_name("BIRD_OF_PREY", 2), kind_name("REPTILE")
    ('Birds of Prey', 'Reptile')
    """
    one, many = _KIND_NAMES.get(str(kind), (str(kind), str(kind)))
    return one if count == 1 else many


def count_kind(count: int, kind: Any) -> str:
    """A number of animals of a kind, in words.

    >>> count_kind(2, "HERBIVORE")
    '2 Herbivores'
    """
    return f"{count} {kind_name(kind, count)}"


def tile_label(terrains: Iterable[Any]) -> str:
    """A tile as the log names it.

    >>> tile_label(["PLAIN", "PLAIN", "PORTAL"])
    'PLAIN·PLAIN·PORTAL'
    """
    return "·".join(str(t) for t in terrains)


def multiset(terrains: Iterable[Any]) -> Counter[str]:
    """The terrains of a tile as a multiset (order does not matter)."""
    return Counter(str(t) for t in terrains)


def portal_count(terrains: Iterable[Any]) -> int:
    """How many Magical Portals a tile has (one chosen kind each, step 2).

    >>> portal_count(["PORTAL", "LAKE", "PORTAL"])
    2
    """
    return sum(1 for t in terrains if t == PORTAL)


def gains(terrains: Sequence[Any], portal_choices: Sequence[Any]) -> dict[str, int]:
    """Step 2: the animals a tile adds to the reserve, kind -> count (kinds with none left out).

    Each Domain space gives its kind, each Portal the chosen kind (in order; a missing
    choice gives nothing, a choice that is not a kind is ignored), a Lake nothing.

    >>> gains(["PLAIN", "PLAIN", "PORTAL"], ["REPTILE"])
    {'HERBIVORE': 2, 'REPTILE': 1}
    >>> gains(["LAKE", "MOUNTAIN", "LAKE"], [])
    {'BIRD_OF_PREY': 1}
    """
    out: dict[str, int] = {}
    choices = iter(portal_choices)
    kind: Any
    for terrain in terrains:
        if terrain in KIND_OF:
            kind = KIND_OF[terrain]
        elif terrain == PORTAL:
            kind = next(choices, None)
        else:
            continue
        if kind in KINDS:
            out[kind] = out.get(kind, 0) + 1
    return {kind: out[kind] for kind in KINDS if kind in out}


def gains_text(gained: Mapping[str, int]) -> str:
    """The animals gained, in words.

    >>> gains_text({"HERBIVORE": 2, "REPTILE": 1})
    '+2 Herbivores, +1 Reptile'
    >>> gains_text({})
    'no animals'
    """
    parts = [f"+{count_kind(n, kind)}" for kind, n in gained.items() if n]
    return ", ".join(parts) if parts else "no animals"


def shape_cells(shape: Any) -> list[tuple[int, int, str]] | None:
    """A declared shape ``[{dq, dr, t}]`` as cells, or None when absent or unreadable."""
    if not isinstance(shape, list):
        return None
    cells: list[tuple[int, int, str]] = []
    for cell in shape:
        try:
            cells.append((int(cell["dq"]), int(cell["dr"]), str(cell["t"])))
        except (KeyError, TypeError, ValueError):
            return None
    return cells
