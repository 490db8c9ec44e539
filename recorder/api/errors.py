"""Every API error is JSON with the same shape: {error, message, ...details}."""

from __future__ import annotations

import sys
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_smorest import Api
from sqlalchemy.exc import DBAPIError
from werkzeug.exceptions import HTTPException

from recorder.errors import StoreBusy, StoreError
from recorder.http.answers import error_response
from recorder.jsonish import MAX_SAFE_INTEGER, overlong_integer
from recorder.schemas import ApiError
from recorder.store_faults import store_fault


class JsonErrorApi(Api):  # type: ignore[misc]
    """flask-smorest's Api with this project's error body instead of its own, in the
    answers and in the OpenAPI document's ``default`` responses alike."""

    ERROR_SCHEMA = ApiError

    def init_app(self, app: Flask, *args: Any, **kwargs: Any) -> None:
        super().init_app(app, *args, **kwargs)
        # A busy or full database met outside the store's own writes (which say so
        # themselves) is still a 503 or 507 with a message, not an opaque 500.
        app.register_error_handler(DBAPIError, handle_database_error)
        app.register_error_handler(OSError, handle_database_error)

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
    response = jsonify(error.to_dict())
    if isinstance(error, StoreBusy):
        response.headers["Retry-After"] = str(error.retry_after)
    return response, error.status


def handle_database_error(error: Exception) -> Any:
    """A database's busy or full answered as the store's own (503 or 507); any other
    error is raised on, to be logged and answered 500 as before."""
    fault = store_fault(error)
    if fault is None:
        raise error
    store = current_app.extensions.get("tablescribe.store")
    if store is not None:
        store.write_health.failed(fault)
    if not request.path.startswith("/api/"):
        page = render_template("error.html", status=fault.status, error=None, message=fault.message)
        headers = {"Retry-After": str(fault.retry_after)} if isinstance(fault, StoreBusy) else {}
        return page, fault.status, headers
    return handle_store_error(fault)


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


def handle_unreadable_number(error: ValueError) -> tuple[Response, int]:
    """A JSON body with an integer longer than Python reads (over 4,300 digits) makes the
    parser raise a bare ValueError, which webargs lets through as a 500: answer 400 naming
    the field (or the body), before anything is stored.  Any other ValueError is raised
    on, to be logged and answered 500 as before."""
    where = None
    if "integer string conversion" in str(error) and request.is_json:
        where = overlong_integer(request.get_data(cache=True))
    if where is None:
        raise error
    message = (f"An integer of more than {sys.get_int_max_str_digits()} digits: "
               f"integers must lie within ±{MAX_SAFE_INTEGER}.")
    return error_response(400, "invalid", f"Invalid field(s): {where}", fields={where: [message]})
