"""Bulk exports: every game of an engine, of a player, or everything, as NDJSON."""

from __future__ import annotations

from typing import Any

from flask import Response, stream_with_context
from flask.views import MethodView
from flask_smorest import Blueprint

from recorder import schemas
from recorder.exports.bulk import ndjson_lines
from recorder.http.current import current_store

blp = Blueprint("exports", __name__, url_prefix="/api/export", description="Whole histories, many games at a time")


@blp.route("")
class BulkExport(MethodView):
    @blp.arguments(schemas.BulkExportArgs, location="query")
    @blp.response(200, description="application/x-ndjson: one tablescribe-game document a line, oldest game first")
    def get(self, args: dict[str, Any]) -> Response:
        """Streamed from the database one game at a time, so a large export keeps memory flat."""
        store = current_store()
        lines = ndjson_lines(store, engine=args.get("engine"), player=args.get("player"), status=args.get("status"))
        return Response(stream_with_context(lines), mimetype="application/x-ndjson",
                        headers={"Content-Disposition": 'attachment; filename="tablescribe-export.ndjson"'})
