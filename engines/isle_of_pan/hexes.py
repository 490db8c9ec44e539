"""Hex geometry of the island: pure functions on axial coordinates, no game rules.

Axial coordinates ``(q, r)`` with pointy-top hexes (the note, §1.3.1); the third cube
coordinate ``s = -q - r`` is implicit.  Two spaces are adjacent when their difference
is one of the six ``DIRS``.  A 60° rotation about the origin is ``(q, r) -> (-r, q + r)``;
Landscape tiles are played face up, so there is no reflection.

The rules built on top (``rules``, ``offers``) only ask these questions: is a set of
cells connected, how many hex sides it shares with the island (E(N), §1.3.3), which
orientations a declared tile shape has, which spaces an Explorer reaches in at most
three moves (portals counting as adjacent), and how big the largest Domain Group is.

>>> shared_edges([(1, 0), (2, 0), (1, 1)], {(0, 0), (0, 1)})
3
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import permutations

Coord = tuple[int, int]
Cell = tuple[int, int, str]  # (q, r, terrain)

DIRS: tuple[Coord, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def add(a: Coord, b: Coord) -> Coord:
    """The sum of two coordinates.

    >>> add((1, -1), (0, 1))
    (1, 0)
    """
    return (a[0] + b[0], a[1] + b[1])


def neighbours(c: Coord) -> list[Coord]:
    """The six spaces sharing a side with ``c``, in ``DIRS`` order.

    >>> neighbours((0, 0))
    [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    """
    q, r = c
    return [(q + dq, r + dr) for dq, dr in DIRS]


def adjacent(a: Coord, b: Coord) -> bool:
    """Whether two spaces share a hex side.

    >>> adjacent((0, 0), (1, -1)), adjacent((0, 0), (1, 1))
    (True, False)
    """
    return (b[0] - a[0], b[1] - a[1]) in DIRS


def distance(a: Coord, b: Coord) -> int:
    """Hex distance on the plane (a lower bound for moves; the island may bend).

    >>> distance((0, 0), (2, -1))
    2
    """
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(c: Coord, turns: int = 1) -> Coord:
    """``c`` turned by ``turns`` × 60° about the origin; six turns are the identity.

    >>> rotate((1, 0)), rotate((1, 0), 6)
    ((0, 1), (1, 0))
    """
    q, r = c
    for _ in range(turns % 6):
        q, r = -r, q + r
    return (q, r)


def key(c: Coord) -> str:
    """The JSON key of a space: ``"q,r"``.

    >>> key((2, -1))
    '2,-1'
    """
    return f"{c[0]},{c[1]}"


@lru_cache(maxsize=4096)
def parse(text: str) -> Coord:
    """The coordinate of a ``"q,r"`` key (kept: an append's checks ask for a few dozen).

    >>> parse("2,-1")
    (2, -1)
    """
    q, r = text.split(",")
    return (int(q), int(r))


def label(c: Coord) -> str:
    """How messages name a space.

    >>> label((2, -1))
    '(2,-1)'
    """
    return f"({c[0]},{c[1]})"


def connected(cells: Iterable[Coord]) -> bool:
    """Whether the cells form one piece through shared sides (the empty set does not).

    >>> connected([(0, 0), (1, 0), (2, 0)]), connected([(0, 0), (2, 0)])
    (True, False)
    """
    todo = set(cells)
    if not todo:
        return False
    return len(components(todo)) == 1


def components(cells: Collection[Coord]) -> list[set[Coord]]:
    """The connected pieces of a set of cells, largest first (ties by their smallest cell).

    >>> [sorted(p) for p in components({(0, 0), (1, 0), (5, 5)})]
    [[(0, 0), (1, 0)], [(5, 5)]]
    """
    left = set(cells)
    pieces: list[set[Coord]] = []
    while left:
        seed = min(left)
        piece = {seed}
        todo = [seed]
        left.discard(seed)
        while todo:
            for n in neighbours(todo.pop()):
                if n in left:
                    left.discard(n)
                    piece.add(n)
                    todo.append(n)
        pieces.append(piece)
    return sorted(pieces, key=lambda p: (-len(p), min(p)))


def shared_edges(new: Iterable[Coord], island: Collection[Coord]) -> int:
    """E(N): the hex sides of the new cells that touch a space already in play (§1.3.3).

    One island space touching two new cells counts twice; sides between the new cells
    themselves do not count.

    >>> shared_edges([(1, 0)], {(0, 0), (1, -1), (2, -1)})
    3
    """
    return sum(1 for c in new for n in neighbours(c) if n in island)


def touching(island: Collection[Coord]) -> dict[Coord, int]:
    """For each empty space beside the island, how many of its sides touch the island;
    E(N) of empty cells is the sum of their counts (0 for cells not listed).

    >>> touching({(0, 0), (1, 0)})[(0, 1)], touching({(0, 0), (1, 0)})[(1, -1)]
    (2, 2)
    """
    counts: dict[Coord, int] = {}
    for c in island:
        for n in neighbours(c):
            if n not in island:
                counts[n] = counts.get(n, 0) + 1
    return counts


def frontier(island: Collection[Coord]) -> set[Coord]:
    """The empty spaces that share a side with the island.

    >>> sorted(frontier({(0, 0)})) == sorted(neighbours((0, 0)))
    True
    """
    return {n for c in island for n in neighbours(c) if n not in island}


# -- tile shapes ------------------------------------------------------------------------


def normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """A placement up to translation: sorted cells moved so the first one is at (0,0).

    >>> normalise([(3, 1, "LAKE"), (2, 1, "PLAIN")])
    ((0, 0, 'PLAIN'), (1, 0, 'LAKE'))
    """
    ordered = sorted(cells)
    if not ordered:
        return ()
    q0, r0, _ = ordered[0]
    return tuple((q - q0, r - r0, t) for q, r, t in ordered)


def orientations(shape: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """The distinct normalised orientations of a shape under the six rotations (no mirror).

    A straight line has 3, a triangle 2, a chevron 6.

    >>> len(orientations([(0, 0, "PLAIN"), (1, 0, "PLAIN"), (2, 0, "PLAIN")]))
    3
    >>> len(orientations([(0, 0, "PLAIN"), (1, 0, "PLAIN"), (0, 1, "PLAIN")]))
    2
    """
    cells = list(shape)
    out: list[tuple[Cell, ...]] = []
    for turns in range(6):
        turned = normalise((*rotate((q, r), turns), t) for q, r, t in cells)
        if turned not in out:
            out.append(turned)
    return out


def congruent(shape: Iterable[Cell], placed: Iterable[Cell]) -> bool:
    """Whether ``placed`` is ``shape`` rotated and moved, terrains included.

    >>> congruent([(0, 0, "PLAIN"), (1, 0, "LAKE")], [(5, 5, "PLAIN"), (5, 6, "LAKE")])
    True
    >>> congruent([(0, 0, "PLAIN"), (1, 0, "LAKE")], [(5, 5, "LAKE"), (5, 6, "PLAIN")])
    True
    >>> congruent([(0, 0, "PLAIN"), (1, 0, "LAKE"), (2, 0, "LAKE")], [(0, 0, "PLAIN"), (1, 0, "LAKE"), (1, 1, "LAKE")])
    False
    """
    return normalise(placed) in orientations(shape)


def shape_name(coords: Sequence[Coord]) -> str:
    """What three joined cells look like: "triangle", "line" or "chevron" ("" otherwise).

    >>> shape_name([(0, 0), (1, 0), (0, 1)]), shape_name([(0, 0), (1, 0), (2, 0)]), shape_name([(0, 0), (1, 0), (2, -1)])
    ('triangle', 'line', 'chevron')
    """
    cells = list(coords)
    if len(cells) != 3 or len(set(cells)) != 3 or not connected(cells):
        return ""
    pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1 :] if adjacent(a, b)]
    if len(pairs) == 3:
        return "triangle"
    middle = next(c for c in cells if sum(c in pair for pair in pairs) == 2)
    a, b = (c for c in cells if c != middle)
    return "line" if (a[0] + b[0], a[1] + b[1]) == (2 * middle[0], 2 * middle[1]) else "chevron"


def shape_placements(shape: Sequence[Cell], island: Collection[Coord], min_sides: int = 0) -> set[tuple[Cell, ...]]:
    """Every placement of a known shape on empty spaces sharing at least ``min_sides`` (and at
    least one) hex sides with the island, as sorted cells.

    A triangle touches a lone space with 2 sides in 6 ways (one per side pair):

    >>> len(shape_placements([(0, 0, "PLAIN"), (1, 0, "PLAIN"), (0, 1, "PLAIN")], {(0, 0)}, 2))
    6
    """
    out: set[tuple[Cell, ...]] = set()
    touch = touching(island)
    for turned in orientations(shape):
        for anchor in touch:
            for q0, r0, _ in turned:
                dq, dr = anchor[0] - q0, anchor[1] - r0
                cells = tuple(sorted((q + dq, r + dr, t) for q, r, t in turned))
                if any((q, r) in island for q, r, _ in cells):
                    continue
                if sum(touch.get((q, r), 0) for q, r, _ in cells) >= max(1, min_sides):
                    out.add(cells)
    return out


def triples_touching(island: Collection[Coord], min_sides: int = 0) -> set[tuple[Coord, ...]]:
    """Every connected set of three empty spaces sharing at least ``min_sides`` (and at least
    one) hex sides with the island, as sorted coordinates: triangles, lines and chevrons
    alike (the shapes a tile might have when its shape is unknown).

    Around a lone space only the six arcs of three of its neighbours share 3 sides with it:

    >>> sorted(triples_touching({(0, 0)}, 3))[1]
    ((-1, 0), (-1, 1), (0, 1))
    >>> len(triples_touching({(0, 0)}, 3))
    6
    """
    out: set[tuple[Coord, ...]] = set()
    touch = touching(island)
    need = max(1, min_sides)
    for a in touch:
        for b in neighbours(a):
            if b in island:
                continue
            for c in {*neighbours(a), *neighbours(b)}:
                if c in island or c == a or c == b:
                    continue
                if touch[a] + touch.get(b, 0) + touch.get(c, 0) >= need:
                    out.add(tuple(sorted((a, b, c))))
    return out


def assignments(cells: Sequence[Coord], terrains: Sequence[str]) -> list[tuple[Cell, ...]]:
    """Every distinct way to lay a multiset of terrains on the given cells (sorted cells).

    >>> assignments([(0, 0), (1, 0)], ["LAKE", "LAKE"])
    [((0, 0, 'LAKE'), (1, 0, 'LAKE'))]
    >>> len(assignments([(0, 0), (1, 0), (2, 0)], ["LAKE", "PLAIN", "PLAIN"]))
    3
    """
    ordered = sorted(cells)
    seen = sorted(set(permutations(terrains, len(ordered))))
    return [tuple((q, r, t) for (q, r), t in zip(ordered, combo, strict=True)) for combo in seen]


# -- movement ---------------------------------------------------------------------------


def reachable(start: Coord, passable: Collection[Coord], portals: Collection[Coord], limit: int = 3) -> dict[Coord, int]:
    """Graph distance from ``start`` to every space within ``limit`` moves (§1.3.4).

    A move goes to an adjacent passable space, or from a portal to any other portal
    (counting 1).  ``start`` itself is at 0 even when it is not passable.

    >>> line = {(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)}
    >>> reachable((0, 0), line, set())[(3, 0)], (4, 0) in reachable((0, 0), line, set())
    (3, False)
    >>> reachable((0, 0), line, {(1, 0), (4, 0)})[(4, 0)]
    2
    """
    dist = {start: 0}
    edge = [start]
    for step in range(1, limit + 1):
        following: list[Coord] = []
        for c in edge:
            options = neighbours(c)
            if c in portals:
                options += [p for p in portals if p != c]
            for n in options:
                if n in passable and n not in dist:
                    dist[n] = step
                    following.append(n)
        edge = following
    return dist


# -- Domain Groups ----------------------------------------------------------------------


def largest_group(terrain_of: Mapping[Coord, str], domain: str, wildcard: str | None = None) -> int:
    """The size of the largest Domain Group of ``domain``: a maximal set of its spaces
    connected through shared sides (§1.3.5); 0 when there is none.  With ``wildcard``
    (a terrain such as "PORTAL"), those spaces join every group they touch, and a piece
    made only of wildcards is no group.

    >>> land = {(0, 0): "PLAIN", (1, 0): "PLAIN", (2, 0): "PORTAL", (3, 0): "PLAIN"}
    >>> largest_group(land, "PLAIN"), largest_group(land, "PLAIN", "PORTAL"), largest_group(land, "DESERT")
    (2, 4, 0)
    """
    # One flood fill per piece, sizes only: standings ask this after every event.
    left = {c for c, t in terrain_of.items() if t == domain or (wildcard is not None and t == wildcard)}
    best = 0
    while left:
        seed = left.pop()
        todo, size, has_domain = [seed], 1, terrain_of[seed] == domain
        while todo:
            q, r = todo.pop()
            for dq, dr in DIRS:
                cell = (q + dq, r + dr)
                if cell in left:
                    left.remove(cell)
                    todo.append(cell)
                    size += 1
                    has_domain = has_domain or terrain_of[cell] == domain
        if has_domain and size > best:
            best = size
    return best
