"""The declared-data registry: board and card facts the rulebook leaves out, as the table declares them.

An engine cannot know a route's distance or the cost printed on a track space; the
assistant declares it in the event that first uses it.  The registry keeps the first
declaration of each fact; a later event that says otherwise is a ``declared/conflict``
naming both events, so one mistyped number cannot quietly change the board.  A board
file may pre-load facts (``at`` is then its name instead of an event number).

The registry is plain JSON (``{key: {"value", "at", "label"}}``) so it lives inside an
engine's state; every function here returns a new registry and never changes its input.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from engines.base import SetupError, Violation

CONFLICT = "declared/conflict"
RULE = "Declared data"

Registry = Mapping[str, Mapping[str, Any]]


class Fact(NamedTuple):
    """One declared fact: a stable ``key``, its ``value``, and a ``label`` people read
    ("Route Hong Kong–Tokyo distance")."""

    key: str
    value: Any
    label: str


def value(registry: Registry, key: str, default: Any = None) -> Any:
    """The declared value of ``key``, or ``default`` when nobody has declared it."""
    entry = registry.get(key)
    return default if entry is None else entry["value"]


def known(registry: Registry, key: str) -> bool:
    """Whether ``key`` has been declared."""
    return key in registry


def _where(at: int | str) -> str:
    return f"at event {at}" if isinstance(at, int) else f"by {at}"


def conflicts(registry: Registry, facts: Iterable[Fact], at: int | str) -> list[Violation]:
    """A ``declared/conflict`` for each fact that contradicts the registry, or an
    earlier fact of the same batch.

    >>> reg = declare({}, [Fact("route_distance:A|B", 2, "Route A–B distance")], 41)
    >>> [v.message for v in conflicts(reg, [Fact("route_distance:A|B", 3, "Route A–B distance")], 97)]
    ['Route A–B distance was declared 2 at event 41; event 97 declares 3']
    >>> conflicts(reg, [Fact("route_distance:A|B", 2, "Route A–B distance")], 97)
    []
    """
    problems: list[Violation] = []
    seen = dict(registry)
    for fact in facts:
        entry = seen.get(fact.key)
        if entry is not None and entry["value"] != fact.value:
            problems.append(Violation(
                CONFLICT, RULE,
                f"{fact.label} was declared {_show(entry['value'])} {_where(entry['at'])}; "
                f"{_now(at)} declares {_show(fact.value)}",
            ))
        elif entry is None:
            seen[fact.key] = {"value": fact.value, "at": at, "label": fact.label}
    return problems


def declare(registry: Registry, facts: Iterable[Fact], at: int | str) -> dict[str, Mapping[str, Any]]:
    """A new registry with every fact not yet known; known facts keep their first value
    (``apply`` folds events the table overrode, so a conflict must not raise here).
    The entries are shared with ``registry``, as their values always were: an entry is
    never edited once declared, and copying each one was most of a Pan Am fold's
    ``declare`` (its rulebook registry holds hundreds), once per event of a batch of frames.

    >>> reg = declare({}, [Fact("k", 1, "K")], 3)
    >>> declare(reg, [Fact("k", 2, "K"), Fact("j", 5, "J")], 4) == {
    ...     "k": {"value": 1, "at": 3, "label": "K"}, "j": {"value": 5, "at": 4, "label": "J"}}
    True
    >>> declare(reg, [Fact("j", 5, "J")], 4)["k"] is reg["k"], "j" in reg
    (True, False)
    """
    out = dict(registry)
    for fact in facts:
        out.setdefault(fact.key, {"value": fact.value, "at": at, "label": fact.label})
    return out


def _now(at: int | str) -> str:
    return f"event {at}" if isinstance(at, int) else str(at)


def _show(value: Any) -> str:
    return str(value) if isinstance(value, (int, str)) else repr(value)


def board_registry(board: Any, problems: Callable[[Any], list[Violation]], facts: Callable[[Any], Iterable[Fact]],
                   origin: str = "board") -> dict[str, Mapping[str, Any]]:
    """The declared facts a game starts from: those of its optional board file (the
    ``board`` option; none without one), each with ``origin`` for where it came from.  A
    file that cannot load raises ``SetupError`` naming why (``problems``)."""
    if board is None:
        return {}
    found = problems(board)
    if found:
        raise SetupError(found)
    return declare({}, facts(board), origin)
