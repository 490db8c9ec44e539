"""Hypothesis strategies drawn from an event's marshmallow schema.

They aim at the edges a legal-game strategy never visits: every field the schema
declares, with values inside its validators (so the data passes the schema and
reaches the engine's rules), names of players who are and are not at the table,
optional fields left out, numbers at the ends of their ranges.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st
from marshmallow import Schema, fields, validate

SMALL_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 50) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def event_data(schema: type[Schema], names: Sequence[str]) -> st.SearchStrategy[dict[str, Any]]:
    """A dict for ``schema``: required fields always, each optional one or not."""
    return _object(schema(), list(names))


def _object(schema: Schema, names: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    required = {}
    optional = {}
    for name, field in schema.fields.items():
        key = field.data_key or name
        (required if field.required else optional)[key] = _value(field, names)
    return st.fixed_dictionaries(required, optional=optional)


def _value(field: fields.Field, names: list[str]) -> st.SearchStrategy[Any]:
    strategy = _typed(field, names)
    if field.allow_none:
        strategy = st.none() | strategy
    return strategy


def _typed(field: fields.Field, names: list[str]) -> st.SearchStrategy[Any]:
    choices = _choices(field)
    if choices is not None:
        return st.sampled_from(choices)
    if isinstance(field, fields.Nested):
        inner = _object(field.schema, names)
        return st.lists(inner, max_size=4) if field.many else inner
    if isinstance(field, fields.List):
        low, high = _length(field, 0, 5)
        return st.lists(_value(field.inner, names), min_size=low, max_size=high)
    if isinstance(field, fields.Dict):
        keys = st.sampled_from(names) | st.text(min_size=1, max_size=6)
        values = _value(field.value_field, names) if field.value_field is not None else SMALL_JSON
        return st.dictionaries(keys, values, max_size=4)
    if isinstance(field, fields.Boolean):
        return st.booleans()
    if isinstance(field, fields.Integer):
        low, high = _range(field)
        return st.sampled_from([low, high]) | st.integers(low, high)
    if isinstance(field, fields.String):
        low, high = _length(field, 0, 12)
        words = [n for n in names if low <= len(n) <= high] + ["Nobody", "A", "x" * max(low, 1)]
        return st.sampled_from([w for w in words if low <= len(w) <= high] or ["x" * low]) | st.text(
            min_size=max(low, 1), max_size=min(high, 12))
    return SMALL_JSON


def _choices(field: fields.Field) -> list[Any] | None:
    for validator in _validators(field):
        if isinstance(validator, validate.OneOf):
            return list(validator.choices)
    return None


def _range(field: fields.Field) -> tuple[int, int]:
    low, high = -5, 500
    for validator in _validators(field):
        if isinstance(validator, validate.Range):
            if validator.min is not None:
                low = int(validator.min) + (0 if validator.min_inclusive else 1)
            if validator.max is not None:
                high = int(validator.max) - (0 if validator.max_inclusive else 1)
    return low, min(high, max(low, 0) + 10_000)


def _length(field: fields.Field, low: int, high: int) -> tuple[int, int]:
    for validator in _validators(field):
        if isinstance(validator, validate.Length):
            if validator.equal is not None:
                return validator.equal, validator.equal
            low = validator.min if validator.min is not None else low
            high = validator.max if validator.max is not None else max(high, low)
    return low, min(high, low + 12)


def _validators(field: fields.Field) -> list[Any]:
    return list(getattr(field, "validators", []) or [])
