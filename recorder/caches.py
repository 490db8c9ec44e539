"""The store's per-game caches: one value per game at one version, bounded by weight.

``engines.content_cache.BoundedCache`` keeps values by the digest of their content and
never replaces one; a game's derived values are keyed by the game and replaced when its
version moves on, and ``latest`` asks for the newest whatever its version.  So this is
its own small class, with the same rule for weight: ``weigh`` (1 each by default) and
``capacity`` in the same unit, a value heavier than the whole capacity is not kept.

The viewer's timelines and logs are weighed in estimated bytes (``json_bytes``): a
100,000-event game's log once kept a worker 500 MB bigger for good, while sixteen short
games' timelines are a few megabytes.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

V = TypeVar("V")

# Python objects take about four times the bytes of their JSON text (measured with
# tracemalloc on a 2,000-event game's effective log: 1.1 MB of JSON, 4.3 MB in memory).
PYTHON_PER_JSON_BYTE = 4


def json_bytes(value: Any) -> int:
    """About the memory ``value`` holds: its JSON text's length, times the overhead."""
    return PYTHON_PER_JSON_BYTE * len(json.dumps(value, default=str, separators=(",", ":")))


def states_bytes(points: Sequence[tuple[int, Any]]) -> int:
    """About the memory of a timeline of states: consecutive states share most of their
    parts, so the last one's JSON length per step (measured: 2.9 kB of JSON per state,
    2.2 kB per step in memory), never a walk through every state."""
    if not points:
        return 0
    return len(points) * len(json.dumps(points[-1][1], default=str, separators=(",", ":")))


class VersionedCache(Generic[V]):
    """Something derived from a game at one version, for recently used games.

    What a game's first V events give is the same in every process, so this
    cache never needs invalidating: a write by anyone moves the version on and
    the old entry is simply not asked for.  Values are shared, never changed.
    The lock only guards the dict, never correctness.  Least recently used
    games go first once the weights held pass ``capacity``.

    >>> cache = VersionedCache(10, weigh=len)
    >>> cache.put("a", 1, "xxxxxx"); cache.put("b", 1, "yyyyyy")
    >>> cache.get("a", 1), cache.get("b", 1), cache.held
    (None, 'yyyyyy', 6)
    """

    def __init__(self, capacity: int, weigh: Callable[[V], int] = lambda _value: 1):
        self.capacity = capacity
        self.weigh = weigh
        self.held = 0
        self._entries: OrderedDict[str, tuple[int, V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, version: int) -> V | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry[0] != version:
                return None
            self._entries.move_to_end(game_id)
            return entry[1]

    def latest(self, game_id: str) -> V | None:
        """The newest value known for the game, whatever its version."""
        with self._lock:
            entry = self._entries.get(game_id)
            return None if entry is None else entry[1]

    def put(self, game_id: str, version: int, value: V) -> None:
        weight = self.weigh(value)  # outside the lock: weighing a big value takes a while
        with self._lock:
            known = self._entries.get(game_id)
            if known is not None and known[0] > version:
                return
            if known is not None:
                self.held -= known[2]
                del self._entries[game_id]
            if weight > self.capacity:
                return  # kept, it would push every other game out
            self._entries[game_id] = (version, value, weight)
            self.held += weight
            while self.held > self.capacity:
                _, (_, _, dropped) = self._entries.popitem(last=False)
                self.held -= dropped

    def __len__(self) -> int:
        return len(self._entries)
