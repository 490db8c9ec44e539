"""What can go wrong in the store, each with the HTTP status it maps to.

Three kinds, as in python-chess: *invalid* input (400, a shape error naming the
field), *illegal* input (422, rule violations with their codes), and a *stale*
write (409, with the current version).  Plus the usual 401/403/404.
"""

from __future__ import annotations

from typing import Any, Sequence


class StoreError(Exception):
    status = 400
    error = "bad_request"

    def __init__(self, message: str, **details: Any):
        super().__init__(message)
        self.message = message
        self.details = details

    def to_dict(self) -> dict[str, Any]:
        return {"error": self.error, "message": self.message, **self.details}


class BadInput(StoreError):
    """The request's shape is wrong; ``fields`` maps each field path to its messages."""

    status = 400
    error = "invalid"

    def __init__(self, fields: dict[str, Any], message: str | None = None):
        names = ", ".join(sorted(fields))
        super().__init__(message or f"Invalid field(s): {names}", fields=fields)


class Unauthorized(StoreError):
    status = 401
    error = "unauthorized"


class Forbidden(StoreError):
    status = 403
    error = "forbidden"


class NotFound(StoreError):
    status = 404
    error = "not_found"


class VersionConflict(StoreError):
    status = 409
    error = "version_conflict"

    def __init__(self, current_version: int, expected_version: int | None):
        if expected_version is None:
            message = f"The game kept changing while this event was recorded (now at version {current_version}): try again"
        else:
            message = f"The game is at version {current_version}, not {expected_version}: reload and try again"
        super().__init__(message, current_version=current_version, expected_version=expected_version)


class RuleViolation(StoreError):
    """The rules (or the recorder's own rules for corrections) forbid the event."""

    status = 422
    error = "rule_violation"

    def __init__(self, violations: Sequence[dict[str, Any]], message: str | None = None, **details: Any):
        first = violations[0]["message"] if violations else "rejected"
        super().__init__(message or first, violations=list(violations), **details)


def field_messages(prefix: str, messages: Any) -> dict[str, Any]:
    """Flatten marshmallow's nested messages into one entry per field path.

    >>> field_messages("data", {"card": {"kind": ["Required."]}, "events": {3: {"seq": ["Bad."]}}})
    {'data.card.kind': ['Required.'], 'data.events.3.seq': ['Bad.']}
    """
    out: dict[str, Any] = {}
    if isinstance(messages, dict):
        for key, value in messages.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            if isinstance(value, dict):
                out.update(field_messages(path, value))
            else:
                out[path] = value
    else:
        out[prefix] = messages
    return out
