"""Panamax on ``TableEngine`` (issue 23): its event types are one table, and what its stored
games were judged and folded with stays as it was: the guards' order, codes and words, the
step counted for every event, a fold past the end."""

from __future__ import annotations

from engines.base import Event
from engines.panamax.engine import Panamax
from engines.panamax.events import EVENT_RULES
from engines.table_engine import TableEngine
from tests.engines.scenario import legal
from tests.engines.test_panamax_round_end import ROLL, play_to_the_end, reveal
from tests.engines.test_panamax_turns import playing

ENGINE = Panamax()


def judged(state: dict, event: Event) -> list[tuple[str, str, str]]:
    return [(v.code, v.rule, v.message) for v in ENGINE.check(state, event)]


def test_the_event_types_are_one_table_and_the_schemas_come_from_it() -> None:
    assert isinstance(ENGINE, TableEngine)
    assert list(ENGINE.event_schemas) == list(EVENT_RULES)
    assert all(ENGINE.event_schemas[kind] is rule.schema for kind, rule in EVENT_RULES.items())


def test_the_guards_keep_their_order_codes_and_words() -> None:
    state = playing()
    assert judged(state, Event("zz_no_such_event", {}, "Ana")) == [
        ("event/unknown-type", "Events", "Panamax has no event 'zz_no_such_event'")]
    assert judged(state, Event("turn_ended", {}, "Ben")) == [("PX-T1", "Playing the Game", "It is Ana's turn, not Ben's")]
    over = legal(ENGINE, play_to_the_end(), reveal("Ana", (4, True)), reveal("Ben", (1, True)))
    # An unknown player is named before the game's end, as Panamax always judged it.
    assert judged(over, Event("action_table_rolled", ROLL.data, "Zed")) == [
        ("event/unknown-player", "Events", "'Zed' is not at the table")]
    assert judged(over, Event("action_table_rolled", ROLL.data, "Ana")) == [
        ("PX-G1", "End of the Game", "The game is over: no event follows the final count")]


def test_every_event_counts_a_step_the_refused_and_those_after_the_end_too() -> None:
    state = playing()
    refused = Event("ship_built", {"ship": "no-such-ship", "zone": "LOADING EU"})
    assert ENGINE.check(state, refused)
    assert ENGINE.apply(state, refused)["step"] == state["step"] + 1
    assert ENGINE.apply(state, Event("zz_no_such_event", {}, "Ana"))["step"] == state["step"] + 1
    over = legal(ENGINE, play_to_the_end(), reveal("Ana", (4, True)), reveal("Ben", (1, True)))
    # A table's ruling past the end is folded, as the stored games were (TableEngine's own
    # ``apply`` would keep the state as it is).
    after = ENGINE.apply(over, reveal("Ana", (4, True)))
    assert after["step"] == over["step"] + 1 and ENGINE.is_over(after)
    assert ENGINE.describe(over, Event("zz_no_such_event", {})) == "zz no such event (not a Panamax event)"
