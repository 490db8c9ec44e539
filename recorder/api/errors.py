"""Every API error is JSON with the same shape: {error, message, ...details}."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, render_template, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from recorder.api.schemas import ApiError
from recorder.errors import StoreError


def error_response(status: int, error: str, message: str, **details: Any) -> tuple[Response, int]:
    return jsonify({"error": error, "message": message, **details}), status


class JsonErrorApi(Api):  # type: ignore[misc]
    """flask-smorest's Api with this project's error body instead of its own, in the
    answers and in the OpenAPI document's ``default`` responses alike."""

    ERROR_SCHEMA = ApiError

    def handle_http_exception(self, error: HTTPException) -> tuple[Response | str, int]:
        status = error.code or 500
        if not request.path.startswith("/api/"):
            # The pages answer errors as pages.
            return render_template("error.html", status=status, error=error), status
        data = getattr(error, "data", None) or {}
        messages = data.get("messages")
        if status in (400, 422) and messages:
            fields = _flatten(messages)
            return error_response(400, "invalid", f"Invalid field(s): {', '.join(sorted(fields))}", fields=fields)
        name = (error.name or "error").lower().replace(" ", "_")
        return error_response(status, name, error.description or error.name or "error")


def handle_store_error(error: StoreError) -> tuple[Response, int]:
    return jsonify(error.to_dict()), error.status


def _flatten(messages: Any, prefix: str = "") -> dict[str, Any]:
    """webargs nests messages by location ({"json": {"players": {0: ...}}}); name the field instead."""
    out: dict[str, Any] = {}
    for key, value in messages.items():
        name = str(key) if not prefix else f"{prefix}.{key}"
        if key in ("json", "query", "form", "headers") and not prefix:
            name = ""
        if isinstance(value, dict):
            out.update(_flatten(value, name))
        else:
            out[name or "body"] = value
    return out
