"""The recorded log's rows as the pages and ``GET /api/games/<id>/log`` show them: each
stored event in one line, with what became of it (undone, voided, amended) and its step."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from recorder.history import CORRECTION_TYPES

SUMMARY_MAX = 140


def summary(value: Any, top: bool = True) -> str:
    """Event data in one short line: ``target: Ben, card: {kind: FALL, value: 300}``."""
    if isinstance(value, Mapping):
        inner = ", ".join(f"{k}: {summary(v, False)}" for k, v in value.items())
        text = inner if top else "{" + inner + "}"
    elif isinstance(value, (list, tuple)):
        text = "[" + ", ".join(summary(v, False) for v in value) + "]"
    elif value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    else:
        text = str(value)
    if top and len(text) > SUMMARY_MAX:
        text = text[: SUMMARY_MAX - 1] + "…"
    return text


FATE_WORDS = {"undo": "undone", "void": "voided", "amend": "amended"}


def recorded_rows(rows: Iterable[Any], log: Iterable[Mapping[str, Any]],
                  corrected_by: Mapping[int, tuple[str, int]] | None = None) -> list[dict[str, Any]]:
    """The log as recorded, each row with what became of it and, when it stands, its step;
    for a page of it, ``corrected_by`` (``LogPage``) names corrections stored on other pages."""
    step_of = {entry["seq"]: entry["step"] for entry in log if entry.get("kind") == "event"}
    rows = list(rows)
    fate: dict[int, tuple[str, int]] = {}
    if corrected_by is not None:
        fate = {target: (FATE_WORDS[type_], seq) for target, (type_, seq) in corrected_by.items()}
    for row in rows if corrected_by is None else ():
        if row.type in CORRECTION_TYPES and isinstance(row.data, Mapping) and "target_seq" in row.data:
            fate[int(row.data["target_seq"])] = (FATE_WORDS[row.type], row.seq)
    out = []
    for row in rows:
        data = row.data if isinstance(row.data, Mapping) else {}
        out.append({
            "seq": row.seq, "type": row.type, "actor": row.actor, "summary": summary(data),
            "correction": row.type in CORRECTION_TYPES, "target_seq": data.get("target_seq"),
            "note": row.type == "note", "flags": row.flags or [], "override": row.override,
            "fate": fate.get(row.seq), "step": step_of.get(row.seq), "recorded_at": row.recorded_at,
            "hash": row.hash or "",
        })
    return out


