"""A cache of values by the content they were made from, bounded, least recently used
dropped first.  Pan Am's network layout and the pages' board parts
(``recorder/views/fragments.py``) both keep what they drew for a given content.

The key is a digest of the content's ``marshal`` bytes: a walk in C, several times
quicker than JSON text with sorted keys.  Equal contents built in another key order
give another digest, so they only miss, never collide.  The bytes are marshal's format
2: formats 3 and 4 flag every object that something else also refers to (and every
interned string), so the same content gave other bytes whenever a page being drawn,
or a cycle waiting for the garbage collector, held on to a piece of it, and missed.
"""

from __future__ import annotations

import hashlib
import marshal
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

V = TypeVar("V")
MARSHAL_FORMAT = 2  # no references between objects: the bytes depend on the content alone


def content_digest(content: Any) -> bytes | None:
    """The digest of plain data (dicts, lists, tuples, strings, numbers, None); None for
    anything else (a Markup string, an object), which callers then do not cache.

    >>> content_digest({"a": [1, "b"]}) == content_digest({"a": [1, "b"]}), content_digest(object())
    (True, None)
    >>> shared = [1]
    >>> content_digest({"a": shared}) == content_digest({"a": [1]}), content_digest([1]) == content_digest([True])
    (True, False)
    """
    try:
        data = marshal.dumps(content, MARSHAL_FORMAT)
    except ValueError:
        return None
    return hashlib.blake2b(data, digest_size=20).digest()


class BoundedCache(Generic[V]):
    """Values by digest while their total weight (``weigh``, 1 each by default) stays
    within ``capacity``.  Values are shared: callers never change them.

    >>> cache = BoundedCache(capacity=2)
    >>> for key in (b"a", b"b", b"c"):
    ...     cache.put(key, key.decode())
    >>> cache.get(b"a"), cache.get(b"c"), cache.hits
    (None, 'c', 1)
    """

    def __init__(self, capacity: int, weigh: Callable[[V], int] = lambda _value: 1):
        self.capacity = capacity
        self.weigh = weigh
        self.hits = 0
        self._held = 0
        self._entries: OrderedDict[bytes, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: bytes) -> V | None:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                self.hits += 1
            return found

    def put(self, key: bytes, value: V) -> None:
        weight = self.weigh(value)
        with self._lock:
            if key in self._entries or weight > self.capacity:
                return
            self._entries[key] = value
            self._held += weight
            while self._held > self.capacity:
                _, dropped = self._entries.popitem(last=False)
                self._held -= self.weigh(dropped)

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._held = 0
