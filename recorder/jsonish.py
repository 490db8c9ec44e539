"""Folds and files side by side: a fold holds tuples and shares objects, a parsed file
holds lists; these give the fold as the file would, so the two compare equal."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


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
