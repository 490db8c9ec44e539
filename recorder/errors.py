"""What can go wrong in the store, each with the HTTP status it maps to.

Three kinds, as in python-chess: *invalid* input (400, a shape error naming the
field), *illegal* input (422, rule violations with their codes), and a *stale*
write (409, with the current version).  Plus the usual 401/403/404, and the
store's own trouble: busy (503, with Retry-After) and out of space (507); neither
stored anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from marshmallow import ValidationError


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


class UndoConflict(VersionConflict):
    """An undo retracts the last event as its sender saw it: when another write got in
    between, it is refused rather than judged again (which would retract another event)."""

    def __init__(self, current_version: int, judged_version: int, target_seq: int):
        StoreError.__init__(
            self,
            f"The game changed while this undo was recorded: it was to retract event {target_seq}, the "
            f"last at version {judged_version}, and the game is now at version {current_version}. "
            "Reload and undo again if that is still meant (or send expected_version)",
            current_version=current_version, expected_version=judged_version, target_seq=target_seq,
            code="correction/undo-raced", field="expected_version",
        )


class StoreBusy(StoreError):
    """The write gate or the database's lock stayed taken past the write deadline.
    Nothing was stored; the same request may simply be sent again."""

    status = 503
    error = "busy"
    retry_after = 2  # seconds: a correction of a long game takes a few

    def __init__(self, message: str, **details: Any):
        super().__init__(message, retry_after=self.retry_after, **details)


class StoreFull(StoreError):
    """The database has no room left for the write (disk full, or its size limit).
    Nothing was stored; /api/ready says so until a write succeeds again."""

    status = 507
    error = "storage_full"


class RuleViolation(StoreError):
    """The rules (or the recorder's own rules for corrections) forbid the event."""

    status = 422
    error = "rule_violation"

    def __init__(self, violations: Sequence[dict[str, Any]], message: str | None = None, **details: Any):
        first = violations[0]["message"] if violations else "rejected"
        super().__init__(message or first, violations=list(violations), **details)


def validation_messages(prefix: str, error: ValidationError) -> dict[str, Any]:
    """A marshmallow refusal as one entry per field path under ``prefix`` (``field_messages``)."""
    messages: Any = error.normalized_messages()  # type: ignore[no-untyped-call]  # marshmallow's own is unannotated
    return field_messages(prefix, messages)


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
