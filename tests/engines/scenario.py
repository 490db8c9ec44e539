"""Helpers every engine's rule scenarios share: fold legal events, read what check says."""

from __future__ import annotations

from engines.base import Engine, Event, State


def legal(engine: Engine, state: State, *events: Event) -> State:
    """Fold events that the rules must accept (warnings and unverified allowed)."""
    for event in events:
        errors = [v for v in engine.check(state, event) if v.blocks]
        assert errors == [], (event, errors)
        state = engine.apply(state, event)
    return state


def codes(engine: Engine, state: State, event: Event) -> list[str]:
    """The codes of the violations that would block ``event``."""
    return [v.code for v in engine.check(state, event) if v.blocks]


def notes(engine: Engine, state: State, event: Event) -> list[tuple[str, str]]:
    """Every judgement on ``event``, blocking or not, as (code, severity)."""
    return [(v.code, v.severity) for v in engine.check(state, event)]
