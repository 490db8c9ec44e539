"""/api/engines: what each game accepts, so clients can build their forms."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

import engines
from recorder import schemas
from recorder.views.engine_description import engine_with_codes

blp = Blueprint("engines", __name__, url_prefix="/api/engines", description="The games the service can record")


@blp.route("")
class Engines(MethodView):
    @blp.response(200, schemas.EngineOut(many=True))
    def get(self) -> list[dict[str, Any]]:
        """Each engine: name, title, rules_version, options with defaults, event types with their
        fields, and what its board file holds (its JSON Schema under docs/formats/)."""
        return [engine_with_codes(engine) for engine in engines.all_engines()]
