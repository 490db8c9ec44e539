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

Each cached block is kept as a ``Part``: its HTML as chunks, literal text and the
``Part`` of each ``memo`` block nested in it.  A page asks for text and gets text.
A batch of frames asks for chunks (``board_chunks``): each block then stands in the
page as a marker, and the board comes back as literal HTML and Parts, which the
frames API sends once per batch however many frames show them
(``recorder/views/board_parts.py``).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, Union

from jinja2 import nodes
from jinja2.ext import Extension
from jinja2.parser import Parser
from markupsafe import Markup

from engines.content_cache import BoundedCache, content_digest

DEFAULT_MAX_CHARS = 32 * 1024 * 1024  # about that many bytes of HTML

Chunk = Union[str, "Part"]

# A marker stands for a Part inside text being rendered, never in what leaves the server.
# NUL is in no stored text (recorder/jsonish.py refuses it), and the process's own random
# word makes a marker that text could forge unguessable anyway.
_MARK = f"\x00{secrets.token_hex(8)}:"
_MARKERS = re.compile(re.escape(_MARK) + r"(\d+)\x00")


class Part:
    """A block as drawn: literal HTML and the nested blocks' Parts, in order.

    >>> inner = Part(("<b>", "x", "</b>"))
    >>> outer = Part(("<p>", inner, "</p>"))
    >>> outer.text, outer.size
    ('<p><b>x</b></p>', 15)
    """

    __slots__ = ("chunks", "size", "_text")

    def __init__(self, chunks: tuple[Chunk, ...]):
        self.chunks = chunks
        self.size: int = sum(len(c) if isinstance(c, str) else c.size for c in chunks)
        self._text: str | None = None

    @property
    def text(self) -> str:
        """The HTML in one string, joined when first asked for (a batch of frames never asks)."""
        if self._text is None:
            self._text = "".join(c if isinstance(c, str) else c.text for c in self.chunks)
        return self._text


class _Collector:
    """The Parts that markers stand for in the text being rendered."""

    def __init__(self) -> None:
        self.parts: list[Part] = []

    def mark(self, part: Part) -> str:
        self.parts.append(part)
        return f"{_MARK}{len(self.parts) - 1}\x00"

    def split(self, text: str) -> tuple[Chunk, ...]:
        pieces = _MARKERS.split(text)  # literal, marker number, literal, ...
        chunks: list[Chunk] = []
        for i, piece in enumerate(pieces):
            if i % 2:
                chunks.append(self.parts[int(piece)])
            elif piece:
                chunks.append(piece)
        return tuple(chunks)


_collecting: ContextVar[_Collector | None] = ContextVar("tablescribe_board_parts", default=None)


def board_chunks(render: Callable[[], str]) -> tuple[Chunk, ...]:
    """What ``render`` draws, as literal HTML and the Parts of its ``memo`` blocks."""
    collector = _Collector()
    token = _collecting.set(collector)
    try:
        return collector.split(render())
    finally:
        _collecting.reset(token)


class Fragments(BoundedCache[Part]):
    """Drawn blocks by the digest of (block, key), bounded by the HTML they stand for."""

    def __init__(self, max_chars: int = DEFAULT_MAX_CHARS):
        super().__init__(max_chars, weigh=lambda part: part.size)
        self.enabled = True

    def render(self, block: str, key: Any, caller: Callable[[], str]) -> str:
        digest = content_digest((block, key)) if self.enabled else None
        if digest is None:
            return caller()  # markers of blocks nested in it belong to whoever collects
        part = self.get(digest)
        if part is None:
            part = self._draw(caller)
            self.put(digest, part)
        collector = _collecting.get()
        return collector.mark(part) if collector is not None else part.text

    @staticmethod
    def _draw(caller: Callable[[], str]) -> Part:
        collector = _collecting.get()
        if collector is not None:
            return Part(collector.split(caller()))
        # Drawn for a page: its nested blocks still become Parts of their own.
        return Part(board_chunks(caller))


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
        # Two blocks never share a key, not even two on one line.
        count = parser.__dict__.setdefault("memo_blocks", 0)
        parser.__dict__["memo_blocks"] = count + 1
        block = nodes.Const(f"{parser.name}:{lineno}:{count}")
        return nodes.CallBlock(self.call_method("_render", [block, key]), [], [], body).set_lineno(lineno)

    def _render(self, block: str, key: Any, caller: Callable[[], str]) -> Markup:
        return Markup(self.environment.fragments.render(block, key, caller))  # type: ignore[attr-defined]
