"""/api/engines: what each game accepts, so clients can build their forms."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

import engines
from recorder.api import schemas
from recorder.api.describe_schema import json_schema
from recorder.correction_schemas import RECORDER_SCHEMAS

blp = Blueprint("engines", __name__, url_prefix="/api/engines", description="The games the service can record")


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


@blp.route("")
class Engines(MethodView):
    @blp.response(200, schemas.EngineOut(many=True))
    def get(self) -> list[dict[str, Any]]:
        """Each engine: name, title, rules_version, options with defaults, event types with their
        fields, and what its board file holds (its JSON Schema under docs/formats/)."""
        return [engine_dict(engine) for engine in engines.all_engines()]
