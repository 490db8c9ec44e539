"""Games stored under older rules replay under today's engine with their meaning: an
option they predate reads as they were played (``Option.absent``), and an event of an
older shape is lifted by its engine's upcasts as the store reads it; the stored rows
never change.  An older game is made here as it would have been stored: by the engine
of its day, or with the profile of its day."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from marshmallow import fields
from sqlalchemy import select, update

import engines
from engines._template.engine import TemplateGame
from engines._template.rules_turn import check_scored
from engines._template.schemas import _Strict
from engines.base import State
from engines.table_engine import EventRule
from recorder.db import make_engine
from recorder.models import EventRow, Game
from recorder.store import AppendRequest, EventStore, judging

# (engine, players, option added since, the value games before it read it as, rules then)
PREDATED = [
    ("air-alliance", ["Ann", "Bob"], "strict_gain_timing", False, "1"),
    ("air-alliance", ["Ann", "Bob"], "allow_null_marker", False, "1"),
    ("panamax", ["Ann", "Bob"], "market_floor", 0, "1"),
    ("panic-in-the-air", ["Ann", "Bob", "Cy"], "risk_may_decline", False, "2"),
    ("isle-of-pan", ["Ann", "Bob"], "zero_move_end_check", False, "1"),
]


@pytest.fixture
def stores(db_url: str) -> Iterator[Any]:
    """Makes stores on the test database, as a server started anew would (nothing cached)."""
    made: list[Any] = []

    def new() -> EventStore:
        made.append(make_engine(db_url))
        return EventStore(made[-1])
    yield new
    for db in made:
        db.dispose()


def as_stored_back_then(store: EventStore, game_id: str, rules_version: str, drop: str) -> None:
    """The games row as an older server wrote it: its rules version, and no ``drop`` option."""
    with store.db.begin() as connection:
        options = connection.execute(select(Game.options).where(Game.id == game_id)).scalar_one()
        connection.execute(update(Game).where(Game.id == game_id).values(
            rules_version=rules_version, options={k: v for k, v in options.items() if k != drop}))


@pytest.mark.parametrize(("engine", "players", "option", "absent", "then"), PREDATED,
                         ids=[f"{e}-{o}" for e, _, o, _, _ in PREDATED])
def test_an_option_a_stored_game_predates_reads_as_the_game_was_played(
        stores: Any, engine: str, players: list[str], option: str, absent: Any, then: str) -> None:
    store = stores()
    game, _ = store.create_game(engine, players, "Before the option")
    assert store.state_at(game.id).state["options"][option] != absent  # today's default differs
    as_stored_back_then(store, game.id, then, option)
    fresh = stores()  # a restarted server: nothing cached
    assert fresh.state_at(game.id).state["options"][option] == absent
    assert option not in fresh.get_game(game.id).options  # the stored profile is left as it was


class _RollScored(_Strict):
    roll = fields.Integer(strict=True, required=True)


def _apply_roll(state: State, who: str, data: Any) -> None:
    state["scores"][who] += int(data["roll"])
    state["scored"] = True
    state["step"] += 1


class TallyOne(TemplateGame):
    """The template as its version 1 recorded a turn's points: ``{"roll": n}``."""

    rules_version: ClassVar[str] = "1"
    event_rules = {**TemplateGame.event_rules, "points_scored": EventRule(
        _RollScored, lambda s, w, d: check_scored(s, w, {"points": d["roll"]}), _apply_roll,
        lambda s, w, d: f"{w} rolls {d['roll']}")}


@pytest.fixture
def registered_template() -> Iterator[None]:
    engines.register(TallyOne())
    yield
    engines._REGISTRY.pop("template", None)
    judging._SCHEMAS.clear()


def test_an_event_of_an_older_shape_is_upcast_as_the_store_reads_it(stores: Any, registered_template: None) -> None:
    then = stores()
    game, token = then.create_game("template", ["Ana", "Ben"], "Recorded under rules 1")
    then.append(game.id, token, AppendRequest("points_scored", {"roll": 4}, "Ana"))
    assert then.get_game(game.id).rules_version == "1"

    # The server upgraded and restarted: rules 2 call it points, and no process keeps rules 1's schemas.
    engines._REGISTRY["template"] = TemplateGame()
    judging._SCHEMAS.clear()
    now = stores()
    assert now.state_at(game.id).state["scores"] == {"Ana": 4, "Ben": 0}
    assert [entry["describe"] for entry in now.effective_log(game.id)] == ["Ana scores 4"]
    with now.db.connect() as connection:  # the stored event is as it was recorded
        assert connection.execute(select(EventRow.data).where(EventRow.game_id == game.id)).scalar_one() == {"roll": 4}
    # the game goes on under today's rules, and its older events keep their meaning
    now.append(game.id, token, AppendRequest("turn_ended", {}, "Ana"))
    now.append(game.id, token, AppendRequest("points_scored", {"points": 5}, "Ben"))
    assert stores().state_at(game.id).state["scores"] == {"Ana": 4, "Ben": 5}


def test_the_viewer_says_a_game_was_recorded_under_older_rules_and_what_changed(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    older, _ = store.create_game("air-alliance", ["Ann", "Bob"], "Before rules 2")
    today, _ = store.create_game("air-alliance", ["Ann", "Bob"], "Under rules 2")
    as_stored_back_then(store, older.id, "1", "strict_gain_timing")
    page = client.get(f"/games/{older.id}").get_data(as_text=True)
    assert "Recorded under rules 1, replayed under rules 2" in page and "<li>Rules 2: An empty deck" in page
    assert "data-older-rules" not in client.get(f"/games/{today.id}").get_data(as_text=True)
