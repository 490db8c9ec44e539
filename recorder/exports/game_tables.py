"""A game for spreadsheets and for paper: CSV tables and a printable transcript.

Both read the effective history the viewer shows (``EventStore.effective_log``: a
describe line and a position per step) and the standings at every step
(``EventStore.timeline``); they only lay them out.  Every CSV cell, the header's
too, goes through ``csv_cells.csv_table``: a player's name or a reason is text in a
spreadsheet, never a formula.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from recorder.exports.csv_cells import csv_table
from recorder.models import EventRow, Game
from recorder.provenance import describe as describe_origin

EVENT_COLUMNS = ("game", "step", "seq", "round", "turn", "position", "actor", "type", "describe", "flags", "override")
STANDING_COLUMNS = ("game", "step", "player", "rank", "total", "status")


def _cell(value: Any) -> Any:
    """Scalars as they are, anything nested as compact JSON (a spreadsheet cell holds one value)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return "" if value is None else value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    return csv_table(header, [[_cell(value) for value in row] for row in rows])


def _checks(entry: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every check stored with a log entry, flag or not: an export keeps them all."""
    return [*(entry.get("flags") or []), *(entry.get("unchecked") or [])]


def events_csv(game_id: str, log: Sequence[Mapping[str, Any]]) -> str:
    """One row per effective event (notes are not events).

    >>> print(events_csv("g1", [{"kind": "event", "step": 1, "seq": 2, "actor": "Ann", "type": "card_drawn",
    ...     "describe": "Ann drew a card", "position": {"round": 1, "turn": 3, "label": "Turn 3 · Ann"},
    ...     "flags": [{"code": "X-1"}], "override": None}]), end="")
    game,step,seq,round,turn,position,actor,type,describe,flags,override
    g1,1,2,1,3,Turn 3 · Ann,Ann,card_drawn,Ann drew a card,X-1,
    """
    rows = []
    for entry in log:
        if entry.get("kind") != "event":
            continue
        position = entry.get("position") or {}
        override = entry.get("override") or {}
        rows.append([game_id, entry["step"], entry["seq"], position.get("round"), position.get("turn"),
                     position.get("label"), entry.get("actor"), entry["type"], entry["describe"],
                     " ".join(str(f.get("code")) for f in _checks(entry)),
                     override.get("reason")])
    return _csv(EVENT_COLUMNS, rows)


def standings_csv(game_id: str, per_step: Sequence[tuple[int, Mapping[str, Any]]]) -> str:
    """One row per player per step, a column for each scoring category any step shows.

    >>> s = {"players": [{"player": "Ann", "rank": 1, "total": 3, "status": "flying", "breakdown": {"stock": 3}}]}
    >>> print(standings_csv("g1", [(0, s)]), end="")
    game,step,player,rank,total,status,stock
    g1,0,Ann,1,3,flying,3
    """
    categories: list[str] = []
    for _, standings in per_step:
        for row in standings["players"]:
            categories += [key for key in (row.get("breakdown") or {}) if key not in categories]
    rows = [[game_id, step, row["player"], row.get("rank"), row.get("total"), row.get("status"),
             *[(row.get("breakdown") or {}).get(key) for key in categories]]
            for step, standings in per_step for row in standings["players"]]
    return _csv([*STANDING_COLUMNS, *categories], rows)


def transcript(game: Game, engine_title: str, log: Sequence[Mapping[str, Any]], rows: Sequence[EventRow],
               standings: Mapping[str, Any], chain: Mapping[str, Any]) -> str:
    """A score sheet to print: the header, each round or turn with its describe lines, the
    corrections as recorded, the standings."""
    players = ", ".join(p["name"] for p in game.players)
    lines = [
        f"{game.title}",
        f"{engine_title} (rules version {game.rules_version}) · game {game.id} · created {game.created_at} · {game.status}",
        f"Players in seat order: {players}",
        f"Rules profile: {json.dumps(game.options, ensure_ascii=False, sort_keys=True)}",
        # An intact chain is self-consistent, not authored: the origin line says who vouches (issue 22).
        "Hash chain: " + (f"intact ({chain['events']} events; self-consistent, which does not say who wrote it)"
                          if chain.get("ok") else f"BROKEN at event {(chain.get('first_broken') or {}).get('seq')}"),
        f"Origin: {describe_origin(getattr(game, 'imported', None))}",
    ]
    label = None
    for entry in log:
        if entry.get("kind") == "note":
            lines.append(f"      ✎ {entry['text']}")
            continue
        here = (entry.get("position") or {}).get("label") or ""
        if here != label:
            lines += ["", f"— {here or 'Events'} —"]
            label = here
        marks = [f"amended by #{entry['amended_by']}"] if entry.get("amended_by") else []
        if entry.get("override"):
            marks.append(f"overridden: {entry['override'].get('reason')}")
        marks += [f"{f.get('code')} {f.get('severity')}" for f in _checks(entry)]
        lines.append(f"{entry['step']:>4}. {entry['describe']}" + (f"  [{'; '.join(marks)}]" if marks else ""))
    corrections = [row for row in rows if row.type in ("undo", "void", "amend")]
    if corrections:
        lines += ["", "— Corrections, as recorded —"]
        for row in corrections:
            target = f" event #{row.data.get('target_seq')}" if row.data.get("target_seq") else " the latest event"
            reason = f": {row.data.get('reason')}" if row.data.get("reason") else ""
            lines.append(f"  #{row.seq} {row.type}{target}{reason}")
    title = "Final standings" if standings.get("final") else "Standings so far"
    lines += ["", f"— {title} —"]
    for row in standings["players"]:
        rank = row.get("rank")
        extra = ", ".join(f"{k} {_cell(v)}" for k, v in (row.get("breakdown") or {}).items())
        lines.append(f"  {rank if rank is not None else '-'}. {row['player']} · {row.get('total')} · {row.get('status')}"
                     + (f" ({extra})" if extra else ""))
    if standings.get("winners"):
        lines.append(f"  Winner{'s' if len(standings['winners']) > 1 else ''}: {', '.join(standings['winners'])}")
    return "\n".join(lines) + "\n"
