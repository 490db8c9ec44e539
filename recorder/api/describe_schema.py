"""Turn an event type's marshmallow schema into a JSON Schema for clients."""

from __future__ import annotations

from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import Schema


def _converter() -> Any:
    plugin = MarshmallowPlugin(schema_name_resolver=lambda schema: None)
    APISpec("event types", "1", "3.0.3", plugins=[plugin])
    return plugin.converter


_CONVERTER = _converter()


def json_schema(schema: type[Schema]) -> dict[str, Any]:
    return dict(_CONVERTER.schema2jsonschema(schema()))
