"""Pure rule engines, one package per game, and the registry that finds them."""

from __future__ import annotations

import importlib

from engines.base import Engine, Event, Option, SetupError, State, Violation

_REGISTRY: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    """Add an engine to the registry under its ``name`` (each name once)."""
    if engine.name in _REGISTRY:
        raise ValueError(f"engine {engine.name!r} registered twice")
    _REGISTRY[engine.name] = engine
    return engine


def find(name: str) -> Engine:
    """The engine called ``name``; KeyError names the ones that exist."""
    _load_builtin()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise KeyError(f"no engine {name!r}; known: {sorted(_REGISTRY)}") from None


def all_engines() -> list[Engine]:
    """Every registered engine, by name."""
    _load_builtin()
    return [_REGISTRY[name] for name in sorted(_REGISTRY)]


BUILTIN = ("panic_in_the_air", "isle_of_pan", "pan_am", "panamax", "air_alliance")
_builtin_loaded = False


def _load_builtin() -> None:
    # Imported lazily so that importing ``engines.base`` never drags in every game;
    # importing a game's package registers it.  Once is enough: every append asks.
    global _builtin_loaded
    if _builtin_loaded:
        return
    for package in BUILTIN:
        importlib.import_module(f"engines.{package}")
    _builtin_loaded = True


__all__ = ["Engine", "Event", "Option", "SetupError", "State", "Violation", "find", "all_engines", "register"]
