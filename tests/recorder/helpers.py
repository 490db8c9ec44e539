"""Small builders for Panic in the Air events, the game the recorder tests play."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, text

from recorder.store import AppendRequest

PLAYERS = ["Ana", "Ben", "Cy"]


def draw(actor: str | None = None, **extra: Any) -> AppendRequest:
    return AppendRequest(type="card_drawn", data={}, actor=actor, **extra)


def play_fall(target: str, value: int, actor: str | None = None, **extra: Any) -> AppendRequest:
    card = {"kind": "FALL", "value": value}
    return AppendRequest(type="card_played", data={"target": target, "card": card}, actor=actor, **extra)


def body(request: AppendRequest) -> dict[str, Any]:
    """The JSON body the HTTP API takes for the same request."""
    out: dict[str, Any] = {"type": request.type, "data": request.data}
    for name in ("actor", "note", "expected_version", "idempotency_key", "override", "recorded_by"):
        value = getattr(request, name)
        if value is not None:
            out[name] = value
    return out


def tamper(db: Engine, statement: str, **params: Any) -> None:
    """What someone with raw database access could do: lift the append-only guard and edit."""
    with db.begin() as conn:
        if db.dialect.name == "sqlite":
            conn.execute(text("DROP TRIGGER events_no_update"))
        else:
            conn.execute(text("ALTER TABLE events DISABLE TRIGGER events_append_only"))
        conn.execute(text(statement), params)


def panic_demo_id(store: Any) -> str:
    """Load the demo games and return the Panic in the Air one (the tests know its story)."""
    from recorder.demo import load_demo_games

    ids = [game_id for game_id, _, _ in load_demo_games(store)]
    return next(i for i in ids if store.get_game(i).engine == "panic-in-the-air")
