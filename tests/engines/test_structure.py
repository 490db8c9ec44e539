"""One engine structure (docs/DESIGN.md, "One engine structure"; issue 23): every engine is
a ``TableEngine`` made of the template's modules, with one ``EventRule`` per event type,
and none writes its own ``check``, ``apply`` or ``describe``: what differs between games
is declared (``guard_order``, ``guard_codes``) or a hook, so the generic guards, the
refused-event fallback and the log's fallback lines live in one place."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import is_typeddict

import pytest

import engines
from engines.base import Engine
from engines.table_engine import EventRule, TableEngine

ROOT = Path(__file__).resolve().parents[2] / "engines"
# The modules every engine has, each with the template's job (docs/NEW_GAME.md, step 2).
# Rule modules are by game phase and named after the game's own phases.
MODULES = ("engine", "events", "codes", "state", "schemas", "offers", "scoring", "view", "words", "demo",
           "versions", "board")


def package_of(engine: Engine) -> str:
    return type(engine).__module__.split(".")[1]


ENGINES = [pytest.param(engine, id=engine.name) for engine in engines.all_engines()]


def test_the_template_has_every_module_an_engine_is_made_of() -> None:
    assert sorted(path.stem for path in (ROOT / "_template").glob("*.py") if path.stem in MODULES) == sorted(MODULES)


@pytest.mark.parametrize("engine", ENGINES)
def test_an_engine_is_a_table_engine_with_the_template_s_modules(engine: Engine) -> None:
    package = package_of(engine)
    assert isinstance(engine, TableEngine)
    assert [name for name in MODULES if not (ROOT / package / f"{name}.py").exists()] == []
    rules = importlib.import_module(f"engines.{package}.events").EVENT_RULES
    assert engine.event_rules is rules and all(isinstance(rule, EventRule) for rule in rules.values())
    assert dict(engine.event_schemas) == {event_type: rule.schema for event_type, rule in rules.items()}
    shapes = vars(importlib.import_module(f"engines.{package}.state")).values()
    assert any(is_typeddict(shape) for shape in shapes), "state.py says the state's shape in TypedDicts"


@pytest.mark.parametrize("engine", ENGINES)
def test_no_engine_writes_its_own_check_apply_or_describe(engine: Engine) -> None:
    assert type(engine).check is TableEngine.check
    assert type(engine).apply is TableEngine.apply
    assert type(engine).describe is TableEngine.describe
