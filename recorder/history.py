"""Effective history: what the recorded log means once corrections are applied.

The log is append-only, so a correction is itself an event:

* ``undo {reason?}`` retracts the latest effective game event;
* ``void {target_seq, reason}`` retracts an earlier one;
* ``amend {target_seq, event: {type, data, actor?}}`` replaces one;
* ``note {text}`` is a remark and changes nothing.

Every correction is stored with the ``target_seq`` it resolved to (an undo
records which event it took back), so this module never has to replay the log
to know what a correction meant.  All of it is pure: rows in, meaning out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engines import Event

CORRECTION_TYPES = frozenset({"undo", "void", "amend"})
RECORDER_TYPES = CORRECTION_TYPES | {"note"}


@dataclass(frozen=True)
class CorrectionRow:
    """The part of a stored correction that history needs."""

    seq: int
    type: str
    data: Mapping[str, Any]
    flags: list[dict[str, Any]] = field(default_factory=list)
    override: Mapping[str, Any] | None = None


@dataclass
class Corrections:
    """Every correction of one game, folded into lookups by target seq."""

    retracted_by: dict[int, int] = field(default_factory=dict)
    amended_by: dict[int, int] = field(default_factory=dict)
    replacements: dict[int, Event] = field(default_factory=dict)
    # The override an amend carried, by target: the replacement stands by the table's ruling.
    replacement_overrides: dict[int, Mapping[str, Any]] = field(default_factory=dict)
    # Flags that corrections attach to other events (which cannot be changed), by seq.
    forced_flags: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    # (correction seq, target seq) pairs, for judging whether a snapshot still holds.
    reaches: list[tuple[int, int]] = field(default_factory=list)

    @classmethod
    def from_rows(cls, rows: Iterable[CorrectionRow]) -> Corrections:
        corrections = cls()
        for row in sorted(rows, key=lambda r: r.seq):
            corrections.add(row)
        return corrections

    def add(self, row: CorrectionRow) -> None:
        target = int(row.data["target_seq"])
        self.reaches.append((row.seq, target))
        if row.type == "amend":
            self.amended_by[target] = row.seq
            self.replacements[target] = event_from_payload(row.data["event"])
            # What was said about the event it replaces no longer applies to it.
            self.forced_flags.pop(target, None)
            self.replacement_overrides.pop(target, None)
            if row.override is not None:
                self.replacement_overrides[target] = row.override
        else:
            self.retracted_by[target] = row.seq
        for flag in row.flags:
            if "seq" in flag:
                self.forced_flags.setdefault(int(flag["seq"]), []).append(flag)

    def with_row(self, row: CorrectionRow) -> Corrections:
        """A copy that also holds ``row``: used to try a correction before storing it."""
        copy = Corrections(
            dict(self.retracted_by),
            dict(self.amended_by),
            dict(self.replacements),
            dict(self.replacement_overrides),
            {seq: list(flags) for seq, flags in self.forced_flags.items()},
            list(self.reaches),
        )
        copy.add(row)
        return copy

    def effective(self, seq: int, recorded: Event) -> Event | None:
        """The event that stands at ``seq``: None if retracted, the replacement if amended."""
        if seq in self.retracted_by:
            return None
        return self.replacements.get(seq, recorded)

    def retracted_after(self, seq: int) -> int:
        """How many retracted events lie after ``seq`` (to size a bounded read)."""
        return sum(1 for target in self.retracted_by if target > seq)

    def invalidates(self, snapshot_seq: int, snapshot_version: int) -> bool:
        """True when a correction made after the snapshot reaches back into it."""
        return any(c_seq > snapshot_version and target <= snapshot_seq for c_seq, target in self.reaches)

    def override_of(self, seq: int, recorded_override: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
        """The override that stands at ``seq``: the amend's for a replacement, else the row's."""
        if seq in self.replacements:
            return self.replacement_overrides.get(seq)
        return recorded_override

    def flags_of(self, seq: int, recorded_flags: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The flags that stand with ``seq``: its own (unless replaced) and those corrections gave it."""
        own = [] if seq in self.replacements else list(recorded_flags)
        return own + self.forced_flags.get(seq, [])

    def accepted_anyway(self, seq: int) -> bool:
        """An event whose errors the table already let stand through a correction
        (a forced void/amend before it, or an overridden amend of it)."""
        return any(flag.get("severity") == "error" for flag in self.forced_flags.get(seq, []))


def event_from_payload(payload: Mapping[str, Any]) -> Event:
    return Event(type=str(payload["type"]), data=dict(payload.get("data") or {}), actor=payload.get("actor"))
