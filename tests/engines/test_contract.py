"""The promises every engine makes to the recorder (``engines.base.Engine``), checked
against every registered engine with random legal games from ``strategies``."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError

import engines
from engines._template.engine import TemplateGame
from engines.base import Engine, Event, State, resolve_options
from tests.engines.strategies import GAME_STRATEGIES, GameRecipe

# The five games, and the template a sixth is copied from (engines/_template/, not
# registered: it is no game a table plays), so that the template cannot rot.
ENGINES: list[Engine] = [*engines.all_engines(), TemplateGame()]
PROPERTY = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

per_engine = pytest.mark.parametrize("engine", ENGINES, ids=[engine.name for engine in ENGINES])


def roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def frozen(state: State) -> str:
    return json.dumps(state, sort_keys=True)


def recipe(engine: Engine, data: st.DataObject) -> GameRecipe:
    # A KeyError here is the point: an engine without a strategy fails, it is not skipped.
    return GAME_STRATEGIES[engine.name](data)


def assert_standings_shape(result: dict[str, Any], players: list[str]) -> None:
    assert set(result) == {"final", "players", "winners"}
    assert isinstance(result["final"], bool)
    assert sorted(row["player"] for row in result["players"]) == sorted(players)
    for row in result["players"]:
        assert set(row) == {"player", "total", "breakdown", "status", "rank"}
        assert row["total"] is None or (isinstance(row["total"], int) and not isinstance(row["total"], bool))
        assert isinstance(row["breakdown"], dict)
        assert isinstance(row["status"], str) and row["status"]
        assert row["rank"] is None or (isinstance(row["rank"], int) and row["rank"] >= 1)
    assert isinstance(result["winners"], list)
    assert set(result["winners"]) <= set(players)


def assert_expected_shape(engine: Engine, state: State, players: list[str]) -> dict[str, Any]:
    exp = engine.expected(state)
    assert {"actors", "event_types", "options"} <= set(exp) <= {"actors", "event_types", "options", "actors_of", "minor"}
    assert set(exp.get("minor", [])) <= set(exp["event_types"])
    if engine.is_over(state):
        assert exp["actors"] == [] and exp["event_types"] == []
        return exp
    assert exp["event_types"], "a game that is not over must allow some event"
    assert set(exp["actors"]) <= set(players)
    for event_type in exp["event_types"]:
        assert event_type in engine.event_schemas, f"{event_type} has no schema"
    assert set(exp["options"]) <= set(exp["event_types"])
    for event_type, actors in exp.get("actors_of", {}).items():
        assert event_type in exp["event_types"] and actors and set(actors) <= set(exp["actors"])
    for event_type, fields in exp["options"].items():
        for preset in fields.get("presets", []):
            engine.event_schemas[event_type]().load(preset["data"])  # a preset is a whole event's data
        assert all(isinstance(choices, list) for name, choices in fields.items() if name not in ("shown_when", "refused_choices", "suggested"))
        for field, choice in fields.get("suggested", {}).items():
            assert choice in fields.get(field, []), f"suggested {field} {choice!r} is not offered"
        for preset in fields.get("presets", []):
            assert isinstance(preset["label"], str) and preset["label"] and isinstance(preset["data"], dict)
        for field, refused in fields.get("refused_choices", {}).items():
            offered = fields.get(field, [])
            for entry in refused:
                assert {"choice", "code", "rule", "message"} <= set(entry), f"refused {field} needs its rule"
                assert entry["choice"] not in offered, f"{entry['choice']!r} is both offered and refused"
        for field, conditions in fields.get("shown_when", {}).items():
            assert isinstance(field, str) and conditions, f"shown_when {field!r} names no condition"
            assert all(isinstance(values, list) and values for values in conditions.values())
    return exp


def fold(engine: Engine, state: State, events: list[Event]) -> State:
    for event in events:
        state = engine.apply(state, event)
    return state


@per_engine
def test_engine_has_a_game_strategy(engine: Engine) -> None:
    assert engine.name in GAME_STRATEGIES, f"add a legal-game strategy for {engine.name} to tests/engines/strategies.py"


@per_engine
def test_event_labels_name_real_event_types_in_words(engine: Engine) -> None:
    labels = engine.event_labels
    assert set(labels) <= set(engine.event_schemas), set(labels) - set(engine.event_schemas)
    assert all(isinstance(words, str) and words.strip() for words in labels.values())


@per_engine
def test_identity_is_plain_strings(engine: Engine) -> None:
    if engine.name != "template":  # the template is not registered: no table plays it
        assert engine is engines.find(engine.name)
    for text in (engine.name, engine.title, engine.rules_version):
        assert isinstance(text, str) and text


@per_engine
def test_options_have_defaults_that_resolve_and_one_line_help(engine: Engine) -> None:
    resolved = resolve_options(engine, {})
    assert resolved == {name: spec.default for name, spec in engine.options.items()}
    for spec in engine.options.values():
        assert spec.help and "\n" not in spec.help
        assert roundtrip(spec.to_dict()) == spec.to_dict()
        if spec.choices is not None:
            assert spec.default in spec.choices


@per_engine
def test_every_schema_rejects_unknown_fields(engine: Engine) -> None:
    for schema in engine.event_schemas.values():
        assert issubclass(schema, Schema)
        with pytest.raises(ValidationError) as caught:
            schema().load({"zz_not_a_field": 1})
        assert "zz_not_a_field" in caught.value.messages


@per_engine
@PROPERTY
@given(data=st.data())
def test_unknown_event_type_is_a_violation(engine: Engine, data: st.DataObject) -> None:
    players, options, _ = recipe(engine, data)
    state = engine.setup(players, options)
    violations = engine.check(state, Event("zz_no_such_event", {}, None))
    assert [v.code for v in violations] == ["event/unknown-type"]


@per_engine
@PROPERTY
@given(data=st.data())
def test_every_step_keeps_the_protocol_promises(engine: Engine, data: st.DataObject) -> None:
    players, options, events = recipe(engine, data)
    state = engine.setup(players, options)
    assert roundtrip(state) == state
    for event in events:
        exp = assert_expected_shape(engine, state, players)
        assert event.type in exp["event_types"]
        engine.event_schemas[event.type]().load(dict(event.data))
        assert not [v for v in engine.check(state, event) if v.blocks]
        line = engine.describe(state, event)
        assert isinstance(line, str) and line.strip()
        assert_apply_folds_an_out_of_turn_event(engine, state, event, exp)
        before = frozen(state)
        following = engine.apply(state, event)
        assert frozen(state) == before, "apply changed its input"
        state = following
        assert roundtrip(state) == state
        assert_standings_shape(engine.standings(state), players)
    assert_expected_shape(engine, state, players)
    if engine.is_over(state) and events:
        assert_apply_folds_an_event_after_the_end(engine, state, events[-1])


def assert_changes_shape(engine: Engine, before: State, after: State, event: Event) -> None:
    lines = engine.changes(before, after, event)
    assert isinstance(lines, list)
    assert all(isinstance(line, str) and line.strip() for line in lines), lines


def assert_position_shape(engine: Engine, state: State) -> None:
    position = engine.position(state)
    assert {"round", "turn", "label"} <= set(position) <= {"round", "turn", "label", "detail"}
    assert "detail" not in position or (isinstance(position["detail"], str) and position["detail"].strip())
    for key in ("round", "turn"):
        value = position[key]
        assert value is None or (isinstance(value, int) and not isinstance(value, bool)), position
    assert isinstance(position["label"], str) and position["label"].strip()
    assert roundtrip(position) == position


@per_engine
@PROPERTY
@given(data=st.data())
def test_optional_page_hooks_keep_their_shape(engine: Engine, data: st.DataObject) -> None:
    """``changes`` and ``position`` (docs/WEB.md, "Engine hooks for the pages") are optional;
    an engine that has them answers every step of a game, an out-of-turn fold included."""
    has_changes, has_position = callable(getattr(engine, "changes", None)), callable(getattr(engine, "position", None))
    if not (has_changes or has_position):
        pytest.skip(f"{engine.name} has neither optional page hook")
    players, options, events = recipe(engine, data)
    state = engine.setup(players, options)
    if has_position:
        assert_position_shape(engine, state)
    for event in events:
        exp = engine.expected(state)
        before = frozen(state)
        following = engine.apply(state, event)
        if has_changes:
            assert_changes_shape(engine, state, following, event)
            others = [name for name in state_players(engine, state) if name not in exp["actors"]]
            if others:
                illegal = dataclasses.replace(event, actor=others[0])
                assert_changes_shape(engine, state, engine.apply(state, illegal), illegal)
            assert frozen(state) == before, "changes changed its input"
        state = following
        if has_position:
            assert_position_shape(engine, state)


def assert_apply_folds_an_out_of_turn_event(engine: Engine, state: State, event: Event, exp: dict[str, Any]) -> None:
    """An illegal event (a player who is not expected acts) still folds: apply never re-checks."""
    others = [name for name in state_players(engine, state) if name not in exp["actors"]]
    if not others:
        return
    illegal = dataclasses.replace(event, actor=others[0])
    assert any(v.blocks for v in engine.check(state, illegal))
    before = frozen(state)
    folded = engine.apply(state, illegal)
    assert frozen(state) == before
    assert roundtrip(folded) == folded


def assert_apply_folds_an_event_after_the_end(engine: Engine, state: State, event: Event) -> None:
    assert any(v.blocks for v in engine.check(state, event))
    before = frozen(state)
    folded = engine.apply(state, event)
    assert frozen(state) == before
    assert roundtrip(folded) == folded


def state_players(engine: Engine, state: State) -> list[str]:
    return [row["player"] for row in engine.standings(state)["players"]]


@per_engine
@PROPERTY
@given(data=st.data())
def test_apply_does_not_mutate_its_input(engine: Engine, data: st.DataObject) -> None:
    players, options, events = recipe(engine, data)
    state = engine.setup(players, options)
    for event in events:
        before = frozen(state)
        following = engine.apply(state, event)
        assert frozen(state) == before
        assert following is not state
        state = following


@per_engine
@PROPERTY
@given(data=st.data())
def test_fold_through_a_json_snapshot_equals_the_straight_fold(engine: Engine, data: st.DataObject) -> None:
    players, options, events = recipe(engine, data)
    cut = data.draw(st.integers(min_value=0, max_value=len(events)), label="snapshot at")
    start = engine.setup(players, options)
    straight = fold(engine, start, events)
    snapshot = roundtrip(fold(engine, start, events[:cut]))
    assert fold(engine, snapshot, events[cut:]) == straight
    assert engine.standings(fold(engine, snapshot, events[cut:])) == engine.standings(straight)


@per_engine
def test_every_engine_publishes_its_board_file_and_takes_an_empty_one(engine: Engine) -> None:
    from tests.formats import FORMATS, validator

    path = engine.board_file.json_schema
    assert path.startswith("docs/formats/") and (FORMATS / path.split("/")[-1]).is_file()
    published = validator(path.split("/")[-1])
    published.check_schema(published.schema)
    published.validate({})  # every section is optional
    assert engine.board_file.shape_errors({}) == {} and engine.board_file.problems({}) == []
    assert engine.board_file.shape_errors({"no such section": 1}) != {}
    assert not published.is_valid({"no such section": 1})
    assert engine.board_file.holds_nothing == (engine.name in ("panic-in-the-air", "template"))


@per_engine
@PROPERTY
@given(data=st.data())
def test_the_rules_history_ends_today_and_leaves_todays_events_as_they_are(engine: Engine,
                                                                            data: st.DataObject) -> None:
    versions = [entry.version for entry in engine.rules_history]
    assert versions and versions[-1] == engine.rules_version and len(set(versions)) == len(versions)
    assert all(entry.changes.strip() for entry in engine.rules_history)
    _, _, events = recipe(engine, data)
    for older in versions[:-1]:  # a game begun under older rules and continued today
        assert [engine.upcast(event, older) for event in events] == events
