"""The JSON error answer every API error and every limit gives: {error, message, ...details}."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify


def error_response(status: int, error: str, message: str, **details: Any) -> tuple[Response, int]:
    return jsonify({"error": error, "message": message, **details}), status
