"""Turn an event type's marshmallow schema into a JSON Schema for clients."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import Schema


def _converter() -> Any:
    # A resolver's None inlines every schema (apispec's documented meaning), which its
    # annotation (a name, always) does not allow for.
    inline = cast(Callable[[type[Schema]], str], lambda schema: None)
    plugin = MarshmallowPlugin(schema_name_resolver=inline)
    APISpec("event types", "1", "3.0.3", plugins=[plugin])
    return plugin.converter


_CONVERTER = _converter()


def json_schema(schema: type[Schema]) -> dict[str, Any]:
    return dict(_CONVERTER.schema2jsonschema(schema()))
