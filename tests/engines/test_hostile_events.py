"""Hostile event sequences, for every engine (issue 7).

A random legal game is played part way, then random events follow: any event type
(and unknown ones), any actor at the table or none, data drawn from the event's
schema (so it reaches the rules) or arbitrary JSON.  Whatever comes, the pipeline
the store runs must answer without raising anything else:

- the schema refuses the data with a ValidationError, or
- ``check`` judges it with Violations, and ``apply`` folds it (as the store does
  for an event the table overrode) into a state that is still JSON, on which
  ``describe``, ``standings``, ``expected`` and ``is_over`` keep answering.
"""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from engines.base import Engine, Event, State, Violation
from tests.engines.schema_strategies import SMALL_JSON, event_data
from tests.engines.test_contract import fold, per_engine, recipe

UNKNOWN_TYPE = "zz_no_such_event"
# Games per engine; ``make soak`` raises it with the API fuzzing's examples.
GAMES = 5 * int(os.environ.get("TABLESCRIBE_FUZZ_EXAMPLES", 10))


@per_engine
@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_any_event_is_refused_judged_or_folded_never_raised(engine: Engine, data: st.DataObject) -> None:
    players, options, events = recipe(engine, data)
    cut = data.draw(st.integers(min_value=0, max_value=len(events)), label="legal prefix")
    state = fold(engine, engine.setup(players, options), events[:cut])
    names = [*players, "Nobody"]
    for _ in range(data.draw(st.integers(min_value=1, max_value=12), label="hostile events")):
        event_type = data.draw(st.sampled_from([*sorted(engine.event_schemas), UNKNOWN_TYPE]), label="type")
        actor = data.draw(st.sampled_from([*players, None]), label="actor")
        if event_type == UNKNOWN_TYPE:
            assert [v.code for v in engine.check(state, Event(event_type, {}, actor))] == ["event/unknown-type"]
            continue
        schema = engine.event_schemas[event_type]
        raw = data.draw(event_data(schema, names) | st.dictionaries(st.text(max_size=6), SMALL_JSON, max_size=3),
                        label="data")
        try:
            schema().load(raw)
        except ValidationError:
            continue
        state = judge_and_fold(engine, state, Event(event_type, raw, actor))


def judge_and_fold(engine: Engine, state: State, event: Event) -> State:
    violations = engine.check(state, event)
    assert all(isinstance(v, Violation) for v in violations), violations
    line = engine.describe(state, event)
    assert isinstance(line, str)
    before = json.dumps(state, sort_keys=True)
    folded = engine.apply(state, event)
    assert json.dumps(state, sort_keys=True) == before, "apply changed its input"
    assert json.loads(json.dumps(folded)) == folded, "the folded state is not plain JSON"
    assert isinstance(engine.is_over(folded), bool)
    json.dumps([engine.standings(folded), engine.expected(folded)])  # the pages serve both as JSON
    return folded


@per_engine
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_schema_drawn_data_mostly_passes_its_schema(engine: Engine, data: st.DataObject) -> None:
    """The strategy must reach the rules, not stop at the schema: the sweep above is
    only as good as the share of its events that get past ``load``."""
    passed = 0
    for event_type, schema in sorted(engine.event_schemas.items()):
        raw = data.draw(event_data(schema, ["Ana", "Ben"]), label=event_type)
        try:
            schema().load(raw)
            passed += 1
        except ValidationError:
            pass
    assert passed >= len(engine.event_schemas) // 2, f"only {passed} of {len(engine.event_schemas)} passed"
