"""POST /api/import: a tablescribe-game document, or an NDJSON file of them."""

from __future__ import annotations

from typing import Any

from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import fields

from recorder import schemas
from recorder.api.games import game_dict
from recorder.http.answers import error_response
from recorder.http.current import current_store
from recorder.imports.batch import MAX_LISTED_PROBLEMS, NDJSON_TYPES, Report, import_document, import_lines
from recorder.imports.document import parse_json
from recorder.imports.upload import spooled

blp = Blueprint("imports", __name__, url_prefix="/api/import", description="Bring exported games back in")

# A year of club evenings as NDJSON is a few megabytes; this leaves room and still bounds a request.
DEFAULT_IMPORT_MAX_BYTES = 64 * 1024 * 1024


class ImportReportOut(schemas.ImportOut):
    """``ImportOut`` with what the game's signature showed, and the count of the problems a
    bulk report does not list."""

    signed_by = fields.String(allow_none=True, metadata={"description": "The key id the game's head was signed "
                                                         "with (null: unsigned)"})
    verified = fields.Boolean(metadata={"description": "true only if signed by a key this server knows "
                                        "(GET /api/keys); false: imported as unsigned by a known server"})
    more_problems = fields.Integer(metadata={"description": "NDJSON: refusals beyond the first "
                                             f"{MAX_LISTED_PROBLEMS} listed in problems (counted in refused)"})


@blp.route("")
class Import(MethodView):
    @blp.doc(requestBody={"required": True, "content": {
        "application/json": {"schema": {"type": "object", "description": "One tablescribe-game document "
                                        "(docs/formats/tablescribe-game-v1.schema.json)"}},
        "application/x-ndjson": {"schema": {"type": "string", "description": "One document a line"}}}})
    @blp.response(201, ImportReportOut, description="application/json: the game was imported (its new write "
                  "token is shown this once); application/x-ndjson: the report of every line")
    @blp.alt_response(200, schema=ImportReportOut, description="application/json: the game was already here")
    @blp.alt_response(400, schema=schemas.ApiError, description="Not JSON (a truncated file), not a "
                      "tablescribe-game document, a format version this server does not read, a bad field")
    @blp.alt_response(409, schema=schemas.ApiError, description="Another history under the same game id is here")
    @blp.alt_response(411, schema=schemas.ApiError, description="No Content-Length")
    @blp.alt_response(413, schema=schemas.ApiError, description="Larger than IMPORT_MAX_BYTES")
    @blp.alt_response(422, schema=schemas.ApiError, description="Unknown engine, other rules version, broken hash "
                      "chain, a signature that does not hold for the history (import/signature), an event the "
                      "rules refuse, a replay that ends elsewhere (the body names code, game and seq); NDJSON: "
                      "no line could be imported")
    def post(self) -> Any:
        """Import games exported from any Tablescribe: each is re-folded through its engine,
        every event re-checked and its hash chain verified, then stored whole or not at all.
        A game already here is recognised and not stored twice.  Each is marked imported;
        it is ``verified`` only if its head is signed by a key this server knows (a chain
        that holds shows a history is self-consistent, not who wrote it)."""
        limit = current_app.config["IMPORT_MAX_BYTES"]
        if request.content_length is None:
            return error_response(411, "length_required", "Send the file with a Content-Length")
        request.max_content_length = limit  # the body is read only after this, so the 413 comes first
        store = current_store()
        if request.mimetype in NDJSON_TYPES:
            # Read whole before the first game goes in (Content-Length bounds it), but to a
            # temporary file, then a line at a time: recorder/imports/upload.py says why.
            with spooled(request.stream) as body:
                return _bulk_answer(import_lines(store, body))
        entry = import_document(store, parse_json(request.get_data(), where="The body"))
        answer = {**entry, "game": game_dict(store.get_game(entry["id"]))}
        return answer, (201 if entry["status"] == "imported" else 200)


def _bulk_answer(report: Report) -> Any:
    """200 with the report when any game is in (imported or already here); a file in which
    no line could be imported is a 422 naming the first problem; an empty one a 400."""
    body = report.to_dict()
    if report.games:
        return body, 200
    if not report.problems:
        return error_response(400, "invalid", "The file holds no games", **body)
    first = report.problems[0]
    return error_response(422, "import_refused", f"No game in the file could be imported: line {first['line']}: "
                          f"{first['message']}", **body)
