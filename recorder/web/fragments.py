"""``{% memo key %}…{% endmemo %}``: a part of a page rendered once per distinct key.

A viewer frame carries the board drawn for its step, and drawing a board was most of
the cost of a batch of frames (Pan Am's network alone, about half).  From one step to
the next most of a board stays the same: the route network, the other players' mats.
A block wrapped in ``memo`` is rendered once for each value of its key and then
copied, in every frame, request and viewer of this process.

The key must hold everything the block reads (besides constants): the block is
never re-rendered while its key is the same.  ``tests/web/test_board_fragments.py``
renders every step of every demo game with and without the cache and compares.
Keys are JSON-like values (the parts of the state the block shows); they are
reduced to a digest of their ``marshal`` bytes, so equal values in another key
order only miss, never collide.  The cache is bounded by the size of what it holds.
"""

from __future__ import annotations

import hashlib
import marshal
import threading
from collections import OrderedDict
from typing import Any, Callable

from jinja2 import nodes
from jinja2.ext import Extension
from jinja2.parser import Parser
from markupsafe import Markup

DEFAULT_MAX_CHARS = 32 * 1024 * 1024  # about that many bytes of HTML


class Fragments:
    """Rendered blocks by digest, least recently used dropped first."""

    def __init__(self, max_chars: int = DEFAULT_MAX_CHARS):
        self.max_chars = max_chars
        self.enabled = True
        self.hits = self.misses = 0
        self._held = 0
        self._entries: OrderedDict[bytes, str] = OrderedDict()
        self._lock = threading.Lock()

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._held = 0

    def render(self, block: str, key: Any, caller: Callable[[], str]) -> str:
        digest = _digest(block, key) if self.enabled else None
        if digest is None:
            return caller()
        with self._lock:
            found = self._entries.get(digest)
            if found is not None:
                self._entries.move_to_end(digest)
                self.hits += 1
                return found
        text = caller()
        with self._lock:
            self.misses += 1
            if digest not in self._entries and len(text) <= self.max_chars:
                self._entries[digest] = text
                self._held += len(text)
                while self._held > self.max_chars:
                    _, dropped = self._entries.popitem(last=False)
                    self._held -= len(dropped)
        return text


def _digest(block: str, key: Any) -> bytes | None:
    """None (render, do not keep) when the key is not plain data."""
    try:
        data = marshal.dumps((block, key))
    except ValueError:
        return None
    return hashlib.blake2b(data, digest_size=20).digest()


class FragmentCache(Extension):
    """The ``memo`` tag; the cache itself is ``environment.fragments``."""

    tags = {"memo"}

    def __init__(self, environment: Any):
        super().__init__(environment)
        environment.extend(fragments=Fragments())

    def parse(self, parser: Parser) -> nodes.Node:
        lineno = next(parser.stream).lineno
        key = parser.parse_expression()
        body = parser.parse_statements(("name:endmemo",), drop_needle=True)
        block = nodes.Const(f"{parser.name}:{lineno}")  # two blocks never share a key
        return nodes.CallBlock(self.call_method("_render", [block, key]), [], [], body).set_lineno(lineno)

    def _render(self, block: str, key: Any, caller: Callable[[], str]) -> Markup:
        return Markup(self.environment.fragments.render(block, key, caller))  # type: ignore[attr-defined]
