"""An engine described for clients (``GET /api/engines``, the recording page's offers):
its options, its event types' JSON Schemas and words, what its board file holds."""

from __future__ import annotations

from typing import Any

import engines
from recorder.correction_schemas import RECORDER_SCHEMAS
from recorder.views.describe_schema import json_schema


def engine_dict(engine: engines.Engine) -> dict[str, Any]:
    event_types = {name: json_schema(schema) for name, schema in engine.event_schemas.items()}
    event_types.update({name: json_schema(schema) for name, schema in RECORDER_SCHEMAS.items()})
    return {
        "name": engine.name,
        "title": engine.title,
        "rules_version": engine.rules_version,
        "options": {name: option.to_dict() for name, option in engine.options.items()},
        "event_types": event_types,
        # Words for an event type where its name would read wrong (optional hook).
        "event_labels": dict(engine.event_labels),
        # What a saved board of this game holds (POST /api/boards takes it as "data").
        "board_file": {"holds": engine.board_file.holds, "holds_nothing": engine.board_file.holds_nothing,
                       "json_schema": engine.board_file.json_schema},
    }
