"""JSON values as the store keeps them.

Folds and files side by side: a fold holds tuples and shares objects, a parsed file
holds lists; ``as_json`` gives the fold as the file would, so the two compare equal.
``unstorable`` finds what a JSON body may carry but the store must not keep."""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Mapping
from typing import Any

# NUL (PostgreSQL refuses it in text) and lone surrogates (not encodable as UTF-8).
UNSTORABLE_TEXT = re.compile("[\x00\ud800-\udfff]")
# Beyond this an integer is no longer exact in JavaScript, so the viewer, and any
# JSON reader built on doubles, would show a different number than was recorded.
MAX_SAFE_INTEGER = 2**53 - 1
UNSTORABLE_TEXT_WHAT = "a NUL character or an unpaired surrogate"
UNSTORABLE_TEXT_MESSAGE = f"Contains {UNSTORABLE_TEXT_WHAT}"


def unstorable(value: Any, path: str = "", max_depth: int = 64) -> tuple[str, str] | None:
    """The path of the first value in ``value`` the store must not keep, and why; None
    if there is none.  Refused: nesting deeper than ``max_depth``, a number that is not
    finite, an integer beyond ``MAX_SAFE_INTEGER``, a string or key with a NUL or an
    unpaired surrogate (no database stores it, no page can encode it).  Iterative, so
    a deep value cannot exhaust the stack here.

    >>> unstorable({"card": {"value": 2**60}}, "data")
    ('data.card.value', 'Integers must lie within ±9007199254740991.')
    >>> unstorable({"x": [float("nan")]}) , unstorable({"a": [1, "b"]})
    (('x.0', 'Not a finite number.'), None)
    """
    return None if _plainly_storable(value, max_depth) else _walk(value, path, max_depth)


def _walk(value: Any, path: str, max_depth: int) -> tuple[str, str] | None:
    """``unstorable`` the exact way: every value looked at, the first bad one named."""
    stack: list[tuple[str, Any, int]] = [(path, value, 0)]
    while stack:
        where, item, depth = stack.pop()
        if depth > max_depth:
            return where or "body", f"Nested deeper than {max_depth} levels."
        if isinstance(item, float) and not math.isfinite(item):
            return where, "Not a finite number."
        if isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_SAFE_INTEGER:
            return where, f"Integers must lie within ±{MAX_SAFE_INTEGER}."
        if isinstance(item, str) and UNSTORABLE_TEXT.search(item):
            return where, f"{UNSTORABLE_TEXT_MESSAGE}."
        if isinstance(item, Mapping):
            for key, child in item.items():
                if isinstance(key, str) and UNSTORABLE_TEXT.search(key):
                    return _join(where, repr(key)), f"A key contains {UNSTORABLE_TEXT_WHAT}."
                stack.append((_join(where, str(key)), child, depth + 1))
        elif isinstance(item, (list, tuple)):
            stack.extend((_join(where, str(i)), child, depth + 1) for i, child in enumerate(item))
    return None


# In JSON text (ASCII only): an escaped NUL or surrogate, or an integer that may be too big.
_SUSPECT_TEXT = re.compile(r"\\u(?:0000|d[89a-f])|[0-9]{16}", re.IGNORECASE)


def _plainly_storable(value: Any, max_depth: int) -> bool:
    """A quick yes for the usual body, from its JSON text (C code) instead of a walk in
    Python, which cost an append more than its engine's check.  False means "look
    closer", not "refused": a NUL-like text inside a string, or many brackets, send
    the value to the exact walk.

    >>> _plainly_storable({"a": [1, "b"]}, 64), _plainly_storable({"a": chr(0)}, 64)
    (True, False)
    """
    try:
        text = json.dumps(value, allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        return False
    return text.count("{") + text.count("[") < max_depth and not _SUSPECT_TEXT.search(text)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


class _Overlong:
    """Stands in for an integer literal longer than Python will read, so that the
    parse can go on and say where it was."""


def overlong_integer(text: str | bytes) -> str | None:
    """The path of the first integer in the JSON ``text`` with more digits than Python
    converts (``sys.get_int_max_str_digits()``, 4,300 by default), "body" if the text has
    one but does not parse as a whole; None if it has none.  Python's parser raises a bare
    ValueError there, which no JSON reader here takes for a bad request; this names
    the field instead.  Costly (a second parse): call it only once that error was met.

    >>> overlong_integer('{"data": {"deck": [1, %s]}}' % ("9" * 4301)), overlong_integer('{"a": 1}')
    ('data.deck.1', None)
    >>> overlong_integer('{"a": -%s, ' % ("9" * 4301)), overlong_integer('{"a": ')
    ('body', None)
    """
    limit = sys.get_int_max_str_digits()

    def integer(literal: str) -> Any:
        digits = len(literal) - literal.startswith("-")
        return _Overlong() if limit and digits > limit else int(literal)

    try:
        value = json.loads(text, parse_int=integer)
    except (ValueError, RecursionError):  # not JSON as a whole: say "body" if a long run of digits is in it
        if isinstance(text, str):
            found = re.search(r"[0-9]{%d}" % (limit + 1), text) is not None
        else:
            found = re.search(rb"[0-9]{%d}" % (limit + 1), text) is not None
        return "body" if limit and found else None
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, _Overlong):
            return where or "body"
        if isinstance(item, dict):
            stack.extend((_join(where, str(key)), child) for key, child in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((_join(where, str(i)), child) for i, child in reversed(list(enumerate(item))))
    return None


def as_json(value: Any) -> Any:
    """``value`` as JSON would give it back.

    >>> as_json({"route": ("A", "B")})
    {'route': ['A', 'B']}
    """
    return json.loads(json.dumps(value))


def declared_of(state: Any) -> dict[str, Any]:
    """The declared board and card data an engine keeps in its state (none if it keeps none)."""
    declared = state.get("declared") if isinstance(state, Mapping) else None
    return as_json(dict(declared)) if isinstance(declared, Mapping) else {}
