"""How the store judges an event before storing it: its shape, the actor it is for, the engine's check."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema

import engines
from engines import Event, State
from recorder.correction_schemas import RECORDER_SCHEMAS
from recorder.errors import (
    BadInput,
    RuleViolation,
)
from recorder.import_problems import ImportRefused
from recorder.jsonish import unstorable
from recorder.models import Game
from recorder.store.values import AppendRequest, Fold


@dataclass(frozen=True)
class Judgement:
    """An event judged against the game as it stands: what is stored, and the fold after."""

    data: dict[str, Any]
    flags: list[dict[str, Any]]
    actor: str | None
    after: Fold
    event: Event | None  # the game event judged (None for a correction)


def judge(engine: engines.Engine, current: Fold, event: Event, overridden: bool, seq: int) -> Judgement:
    """The one judge of a game event, for an append and for an import alike: every rule it
    breaks, as flags; refused (``RuleViolation``) when one blocks and the table did not
    override it; else folded, as the event stored at ``seq``."""
    flags = [v.to_dict() for v in engine.check(current.state, event)]
    errors = [f for f in flags if f["severity"] == "error"]
    if errors and not overridden:
        raise RuleViolation(errors, warnings=[f for f in flags if f["severity"] != "error"])
    after = Fold(engine.apply(current.state, event), current.step + 1, seq)
    return Judgement(dict(event.data), flags, event.actor, after, event)


def judge_request(engine: engines.Engine, current: Fold, version: int, request: AppendRequest) -> Judgement:
    """An appended event, judged: sent without an actor, it is the player's who is due.
    ``version`` is the game's before it."""
    event = Event(request.type, request.data, request.actor or default_actor(engine, current.state))
    return judge(engine, current, event, bool(request.override), version + 1)


def judge_event(engine: engines.Engine, game_id: str, current: Fold,
                record: Mapping[str, Any]) -> tuple[list[dict[str, Any]], Fold]:
    """An imported event, judged as ``append`` judged it when it was recorded: its flags and
    the fold after it.  ``append`` stores the actor it resolved, so a stored None means
    nobody was due, and a refusal names the import's line and event."""
    seq, type_ = record["seq"], record["type"]
    if record["actor"] is None and default_actor(engine, current.state) is not None:
        raise ImportRefused("import/refold-differs", f"Event {seq} ({type_}) has no actor, but "
                            f"{default_actor(engine, current.state)} was due to act", game=game_id, seq=seq)
    try:
        judged = judge(engine, current, Event(type_, record["data"], record["actor"]), bool(record["override"]), seq)
    except RuleViolation as refused:
        errors = refused.details["violations"]
        raise ImportRefused(
            "import/illegal-event",
            f"Event {seq} ({type_}) breaks a rule and the table did not override it: "
            f"{errors[0]['code']}: {errors[0]['message']}", game=game_id, seq=seq, violations=errors) from None
    return judged.flags, judged.after


_SCHEMAS: dict[tuple[str, str], Schema] = {}


def schema_of(engine: engines.Engine, event_type: str) -> Schema | None:
    """The shape ``event_type`` must have in ``engine``'s games, one instance per type:
    making a marshmallow schema costs four times what loading a body with it does."""
    key = (engine.name, event_type)
    if key not in _SCHEMAS:
        schema = RECORDER_SCHEMAS.get(event_type) or engine.event_schemas.get(event_type)
        if schema is None:
            return None  # not kept: unknown names come from clients, without end
        _SCHEMAS[key] = schema()
    return _SCHEMAS[key]


def player_names_of(game: Game) -> frozenset[str]:
    return frozenset(p["name"] for p in game.players)


def as_sent(request: AppendRequest) -> AppendRequest:
    """The request as a client sent it: an undo is stored with the target it resolved to."""
    if request.type != "undo":
        return request
    data = {k: v for k, v in request.data.items() if k != "target_seq"}
    return AppendRequest(request.type, data, request.actor)


def refuse_unstorable(value: Any, path: str) -> None:
    """Free-form JSON (an event's data, a game's options) passes no field schema
    everywhere: what no database, page or JavaScript reader keeps intact is refused
    here, before any engine sees it."""
    problem = unstorable(value, path)
    if problem:
        raise BadInput({problem[0]: [problem[1]]})


def default_actor(engine: engines.Engine, state: State) -> str | None:
    """Whose an event sent without an actor is: the player whose turn it is, which
    ``expected()`` lists first (engines read a missing actor the same way), asked of
    ``actors(state)``, which a game whose offers cost time to build answers alone: every
    append without an actor asks."""
    actors = engine.actors(state)
    return actors[0] if actors else None


def recorder_violation(code: str, message: str) -> RuleViolation:
    return RuleViolation([{"code": code, "rule": "Corrections", "message": message, "severity": "error"}])
