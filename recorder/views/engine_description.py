"""An engine described for clients (``GET /api/engines``, the recording page's offers):
its options, its event types' JSON Schemas and words, what its board file holds; and, for
``GET /api/engines`` only, every check code it can report (the recording page has no use
for 300 of them)."""

from __future__ import annotations

from typing import Any

import engines
from engines.codes import published
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


def engine_with_codes(engine: engines.Engine) -> dict[str, Any]:
    """``engine_dict`` and every code a flag or refusal may carry: the game's own and the
    generic ones, by code."""
    return {**engine_dict(engine), "codes": [code.to_dict() for code in published(engine.codes)]}
