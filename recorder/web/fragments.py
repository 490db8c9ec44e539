"""``{% memo key %}…{% endmemo %}``: a part of a page rendered once per distinct key.

A viewer frame carries the board drawn for its step, and drawing a board was most of
the cost of a batch of frames (Pan Am's network alone, about half).  From one step to
the next most of a board stays the same: the route network, the other players' mats.
A block wrapped in ``memo`` is rendered once for each value of its key and then
copied, in every frame, request and viewer of this process.

The key must hold everything the block reads (besides constants): the block is
never re-rendered while its key is the same.  ``tests/web/test_board_fragments.py``
renders every step of every demo game with and without the cache and compares.
Keys are JSON-like values (the parts of the state the block shows), reduced to a
digest (``engines.content_cache``).  The cache is bounded by the size of what it holds.
"""

from __future__ import annotations

from typing import Any, Callable

from jinja2 import nodes
from jinja2.ext import Extension
from jinja2.parser import Parser
from markupsafe import Markup

from engines.content_cache import BoundedCache, content_digest

DEFAULT_MAX_CHARS = 32 * 1024 * 1024  # about that many bytes of HTML


class Fragments(BoundedCache[str]):
    """Rendered blocks by the digest of (block, key), bounded by the text they hold."""

    def __init__(self, max_chars: int = DEFAULT_MAX_CHARS):
        super().__init__(max_chars, weigh=len)
        self.enabled = True

    def render(self, block: str, key: Any, caller: Callable[[], str]) -> str:
        digest = content_digest((block, key)) if self.enabled else None
        if digest is None:
            return caller()
        found = self.get(digest)
        if found is None:
            found = caller()
            self.put(digest, found)
        return found


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
