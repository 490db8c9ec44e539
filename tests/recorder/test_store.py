"""The event store, on SQLite and on PostgreSQL alike (``db_url`` is parametrized)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.exc import DBAPIError

import engines
from engines import Event
from recorder.errors import BadInput, Forbidden, RuleViolation, Unauthorized, VersionConflict
from recorder.models import EventRow, Snapshot
from recorder.store import AppendRequest, EventStore
from tests.recorder.helpers import PLAYERS, draw, play_fall, tamper

PANIC = "panic-in-the-air"


def new_game(store: EventStore) -> tuple[str, str]:
    game, token = store.create_game(PANIC, PLAYERS, "Friday night")
    return game.id, token


def count_events(store: EventStore, game_id: str) -> int:
    with store.db.connect() as conn:
        return conn.scalar(select(func.count()).select_from(EventRow).where(EventRow.game_id == game_id)) or 0


def test_new_game_starts_at_version_zero_with_its_token_stored_hashed(store: EventStore) -> None:
    game, token = store.create_game(PANIC, PLAYERS)
    assert game.version == 0 and game.status == "in_progress"
    assert game.title == "Panic in the Air: Ana, Ben, Cy"
    assert token not in game.write_token_hash and len(game.write_token_hash) == 64
    assert store.authorize(game.id, token).id == game.id


def test_appends_number_events_from_one_and_chain_their_hashes(store: EventStore) -> None:
    game_id, token = new_game(store)
    first, created = store.append(game_id, token, draw())
    second, _ = store.append(game_id, token, draw())
    assert created and (first.seq, first.version) == (1, 1) and second.seq == 2
    rows = store.recorded_events(game_id)
    assert rows[0].prev_hash == store.get_game(game_id).genesis_hash
    assert rows[1].prev_hash == rows[0].hash
    assert rows[0].actor == "Ana", "an event without actor belongs to the player whose turn it is"
    assert store.verify(game_id) == {"ok": True, "events": 2, "version": 2, "first_broken": None}


def test_stale_expected_version_is_a_conflict_and_stores_nothing(store: EventStore) -> None:
    game_id, token = new_game(store)
    store.append(game_id, token, draw())
    with pytest.raises(VersionConflict) as raised:
        store.append(game_id, token, draw(expected_version=0))
    assert raised.value.details["current_version"] == 1
    assert count_events(store, game_id) == 1


def test_rule_violation_names_the_rule_and_stores_nothing(store: EventStore) -> None:
    game_id, token = new_game(store)
    with pytest.raises(RuleViolation) as raised:
        store.append(game_id, token, draw(actor="Ben"))
    assert [v["code"] for v in raised.value.details["violations"]] == ["PN-C02"]
    assert count_events(store, game_id) == 0 and store.get_game(game_id).version == 0


def test_override_stores_an_illegal_event_with_its_violations(store: EventStore) -> None:
    game_id, token = new_game(store)
    result, _ = store.append(game_id, token, draw(actor="Ben", override={"reason": "Ben was in a hurry"}))
    assert [f["code"] for f in result.flags] == ["PN-C02"]
    row = store.recorded_events(game_id)[0]
    assert row.override == {"reason": "Ben was in a hurry"} and row.flags == result.flags


def test_shape_errors_name_the_field(store: EventStore) -> None:
    game_id, token = new_game(store)
    bad_card = AppendRequest(type="card_played", data={"target": "Ben", "card": {"kind": "JOKER"}})
    with pytest.raises(BadInput) as raised:
        store.append(game_id, token, bad_card)
    assert "data.card.kind" in raised.value.details["fields"]
    with pytest.raises(BadInput) as raised:
        store.append(game_id, token, AppendRequest(type="card_stolen"))
    assert "type" in raised.value.details["fields"]
    with pytest.raises(BadInput) as raised:
        store.append(game_id, token, draw(actor="Zed"))
    assert "actor" in raised.value.details["fields"]
    assert count_events(store, game_id) == 0


def test_write_needs_the_games_token(store: EventStore) -> None:
    game_id, _ = new_game(store)
    _, other_token = new_game(store)
    with pytest.raises(Unauthorized):
        store.append(game_id, None, draw())
    with pytest.raises(Forbidden):
        store.append(game_id, other_token, draw())
    assert count_events(store, game_id) == 0


def test_idempotent_retry_returns_the_original_result_and_stores_nothing(store: EventStore) -> None:
    game_id, token = new_game(store)
    first, created = store.append(game_id, token, draw(idempotency_key="k1"))
    again, created_again = store.append(game_id, token, draw(idempotency_key="k1"))
    assert created and not created_again
    assert (again.seq, again.flags) == (first.seq, first.flags)
    assert count_events(store, game_id) == 1


def test_idempotency_key_reused_with_another_body_is_refused(store: EventStore) -> None:
    game_id, token = new_game(store)
    store.append(game_id, token, draw(idempotency_key="k1"))
    with pytest.raises(RuleViolation) as raised:
        store.append(game_id, token, play_fall("Ben", 200, idempotency_key="k1"))
    assert raised.value.details["violations"][0]["code"] == "idempotency/key-reused"
    assert count_events(store, game_id) == 1


def _race(store: EventStore, game_id: str, token: str, requests: list[AppendRequest]) -> list[Any]:
    barrier = threading.Barrier(len(requests))
    outcomes: list[Any] = [None] * len(requests)

    def write(i: int) -> None:
        barrier.wait()
        try:
            outcomes[i] = store.append(game_id, token, requests[i])[0].seq
        except VersionConflict as exc:
            outcomes[i] = exc

    threads = [threading.Thread(target=write, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_two_writers_at_the_same_version_give_one_winner_and_one_conflict(store: EventStore) -> None:
    game_id, token = new_game(store)
    outcomes = _race(store, game_id, token, [draw(expected_version=0), draw(expected_version=0)])
    assert sorted(isinstance(o, VersionConflict) for o in outcomes) == [False, True]
    assert [o for o in outcomes if not isinstance(o, VersionConflict)] == [1]
    assert count_events(store, game_id) == 1 and store.verify(game_id)["ok"]


def test_writers_without_expected_version_are_serialised_not_lost(store: EventStore) -> None:
    game_id, token = new_game(store)
    outcomes = _race(store, game_id, token, [draw(), draw(), draw(), draw()])
    assert sorted(outcomes) == [1, 2, 3, 4]
    assert store.verify(game_id) == {"ok": True, "events": 4, "version": 4, "first_broken": None}


def test_the_database_refuses_to_update_or_delete_an_event(store: EventStore) -> None:
    game_id, token = new_game(store)
    store.append(game_id, token, draw())
    for statement in ("UPDATE events SET actor = 'Ben'", "DELETE FROM events"):
        with pytest.raises(DBAPIError, match="append-only"):
            with store.db.begin() as conn:
                conn.execute(text(statement))
    assert store.verify(game_id)["ok"]


def test_verify_names_the_first_event_whose_content_was_altered(store: EventStore) -> None:
    game_id, token = new_game(store)
    for _ in range(3):
        store.append(game_id, token, draw())
    tamper(store.db, "UPDATE events SET actor = 'Cy' WHERE seq = 2")
    report = store.verify(game_id)
    assert not report["ok"] and report["first_broken"]["seq"] == 2
    assert "content" in report["first_broken"]["reason"]


def test_verify_notices_a_changed_game_header(store: EventStore) -> None:
    game_id, _ = new_game(store)
    with store.db.begin() as conn:
        conn.execute(text("UPDATE games SET title = 'Rewritten' WHERE id = :id"), {"id": game_id})
    assert store.verify(game_id)["first_broken"]["seq"] == 0


def _play_turns(store: EventStore, game_id: str, token: str, events: int) -> None:
    for _ in range(events):
        store.append(game_id, token, draw())


def _fold_directly(store: EventStore, game_id: str, events: list[Event]) -> Any:
    engine = engines.find(PANIC)
    state = store.initial_state(store.get_game(game_id))
    for event in events:
        state = engine.apply(state, event)
    return state


def test_state_at_equals_a_plain_fold_whether_or_not_snapshots_exist(store: EventStore) -> None:
    game_id, token = new_game(store)
    _play_turns(store, game_id, token, 12)  # snapshot_every=5: snapshots at steps 5 and 10
    events = [Event(r.type, r.data, r.actor) for r in store.recorded_events(game_id)]
    with store.db.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(Snapshot)) == 2
    for step in (0, 4, 5, 7, 10, 12):
        assert store.state_at(game_id, step).state == _fold_directly(store, game_id, events[:step])


def test_snapshot_of_another_rules_version_is_ignored(store: EventStore) -> None:
    game_id, token = new_game(store)
    _play_turns(store, game_id, token, 6)
    with store.db.begin() as conn:
        conn.execute(Snapshot.__table__.insert().values(
            game_id=game_id, step=6, seq=6, version=6, rules_version="0-old", state={"bogus": True}))
    events = [Event(r.type, r.data, r.actor) for r in store.recorded_events(game_id)]
    assert store.state_at(game_id).state == _fold_directly(store, game_id, events)


def test_undo_retracts_the_latest_effective_event(store: EventStore) -> None:
    game_id, token = new_game(store)
    _play_turns(store, game_id, token, 3)
    result, _ = store.append(game_id, token, AppendRequest(type="undo", data={"reason": "misclick"}))
    assert result.seq == 4
    assert store.recorded_events(game_id)[3].data == {"reason": "misclick", "target_seq": 3}
    frame = store.state_at(game_id)
    assert (frame.step, frame.seq) == (2, 2)
    assert [e["seq"] for e in store.effective_log(game_id)] == [1, 2]
    assert [r.seq for r in store.recorded_events(game_id)] == [1, 2, 3, 4]


def test_undo_with_nothing_to_undo_is_refused(store: EventStore) -> None:
    game_id, token = new_game(store)
    with pytest.raises(RuleViolation) as raised:
        store.append(game_id, token, AppendRequest(type="undo"))
    assert raised.value.details["violations"][0]["code"] == "correction/nothing-to-undo"


def test_void_that_would_break_later_events_is_refused_with_the_list(store: EventStore) -> None:
    game_id, token = new_game(store)
    _play_turns(store, game_id, token, 3)  # Ana, Ana, then Ben
    void = AppendRequest(type="void", data={"target_seq": 1, "reason": "never happened"})
    with pytest.raises(RuleViolation) as raised:
        store.append(game_id, token, void)
    broken = raised.value.details["would_break"]
    assert [b["seq"] for b in broken] == [3]  # Ana now still has an action: Ben acts too early
    assert broken[0]["violations"][0]["code"] == "PN-C02"
    assert count_events(store, game_id) == 3


def test_forced_void_flags_the_events_it_breaks(store: EventStore) -> None:
    game_id, token = new_game(store)
    _play_turns(store, game_id, token, 3)
    void = AppendRequest(type="void", data={"target_seq": 1, "reason": "never happened", "force": True})
    result, _ = store.append(game_id, token, void)
    assert [(f["seq"], f["code"]) for f in result.flags] == [(3, "PN-C02")]
    log = store.effective_log(game_id)
    assert [e["seq"] for e in log] == [2, 3]
    assert log[1]["flags"][0]["code"] == "PN-C02"


def test_amend_replaces_an_event_in_place(store: EventStore) -> None:
    game_id, token = new_game(store)
    _play_turns(store, game_id, token, 2)
    replacement = {"type": "card_played", "data": {"target": "Ben", "card": {"kind": "FALL", "value": 300}}}
    store.append(game_id, token, AppendRequest(type="amend", data={"target_seq": 2, "event": replacement}))
    log = store.effective_log(game_id)
    assert [(e["seq"], e["type"], e["amended_by"]) for e in log] == [(1, "card_drawn", None), (2, "card_played", 3)]
    state = store.state_at(game_id).state
    assert state["players"]["Ben"]["stack"] == [{"kind": "FALL", "value": 300}]


def test_amend_to_an_illegal_event_is_refused_with_its_rule(store: EventStore) -> None:
    game_id, token = new_game(store)
    _play_turns(store, game_id, token, 2)
    replacement = {"type": "card_played", "data": {"target": "Ben", "card": {"kind": "RIP"}}}
    with pytest.raises(RuleViolation) as raised:
        store.append(game_id, token, AppendRequest(type="amend", data={"target_seq": 2, "event": replacement}))
    assert raised.value.details["violations"][0]["code"] == "PN-C07"


def test_correction_of_a_correction_is_refused(store: EventStore) -> None:
    game_id, token = new_game(store)
    _play_turns(store, game_id, token, 2)
    store.append(game_id, token, AppendRequest(type="undo"))
    with pytest.raises(RuleViolation) as raised:
        store.append(game_id, token, AppendRequest(type="void", data={"target_seq": 3, "reason": "x"}))
    assert raised.value.details["violations"][0]["code"] == "correction/not-a-game-event"
    with pytest.raises(RuleViolation) as raised:
        store.append(game_id, token, AppendRequest(type="void", data={"target_seq": 2, "reason": "x"}))
    assert raised.value.details["violations"][0]["code"] == "correction/already-retracted"


def test_snapshot_behind_a_correction_is_ignored_and_rebuilt(store: EventStore) -> None:
    game_id, token = new_game(store)
    _play_turns(store, game_id, token, 7)  # snapshot at step 5 (seq 5)
    store.append(game_id, token, AppendRequest(type="void", data={"target_seq": 2, "reason": "x", "force": True}))
    kept = [Event(r.type, r.data, r.actor) for r in store.recorded_events(game_id) if r.seq not in (2, 8)]
    frame = store.state_at(game_id)
    assert frame.step == 6
    assert frame.state == _fold_directly(store, game_id, kept)
    assert store.state_at(game_id, 5).state == _fold_directly(store, game_id, kept[:5])
    with store.db.connect() as conn:
        rebuilt = conn.scalar(select(func.count()).select_from(Snapshot).where(Snapshot.version == 8))
    assert rebuilt == 1, "the fold past step 5 leaves a fresh snapshot for the corrected history"


def test_note_changes_nothing_but_shows_in_the_log(store: EventStore) -> None:
    game_id, token = new_game(store)
    store.append(game_id, token, draw())
    before = store.state_at(game_id).state
    store.append(game_id, token, AppendRequest(type="note", data={"text": "Cy arrives late"}))
    assert store.state_at(game_id).state == before
    assert store.effective_log(game_id)[-1] == {
        "kind": "note", "seq": 2, "after_step": 1, "text": "Cy arrives late", "actor": None,
        "recorded_at": store.recorded_events(game_id)[1].recorded_at}


def test_list_games_filters_by_engine_player_and_status(store: EventStore) -> None:
    a, _ = store.create_game(PANIC, ["Ana", "Ben"])
    b, _ = store.create_game(PANIC, ["Cy", "Dee", "Eve"])
    games, total = store.list_games(player="Cy")
    assert total == 1 and [g.id for g in games] == [b.id]
    assert store.list_games(engine=PANIC)[1] == 2
    assert store.list_games(status="finished")[1] == 0
    assert store.list_games(engine="nope")[1] == 0
    assert {g.id for g in store.list_games(limit=1)[0]} <= {a.id, b.id}


def test_setup_rules_are_enforced_when_creating_a_game(store: EventStore) -> None:
    with pytest.raises(RuleViolation) as raised:
        store.create_game(PANIC, ["Solo"])
    assert raised.value.details["violations"][0]["code"] == "PN-C01"
    with pytest.raises(RuleViolation) as raised:
        store.create_game(PANIC, PLAYERS, options={"no_such_option": 1})
    assert raised.value.details["violations"][0]["code"] == "options/unknown"
    with pytest.raises(BadInput):
        store.create_game("chess", PLAYERS)


def test_overridden_amend_keeps_its_violations_and_does_not_block_later_corrections(store: EventStore) -> None:
    game_id, token = new_game(store)
    for target, value in (("Ana", 300), ("Ana", 200), ("Ben", 200), ("Ben", 100)):
        store.append(game_id, token, play_fall(target, value))
    bad = {"type": "card_played", "data": {"target": "Ben", "card": {"kind": "FALL", "value": 999}}}
    amend = AppendRequest(type="amend", data={"target_seq": 3, "event": bad}, override={"reason": "house card"})
    result, _ = store.append(game_id, token, amend)
    assert [(f["seq"], f["code"]) for f in result.flags] == [(3, "PN-C12")]
    log = store.effective_log(game_id)
    assert log[2]["override"] == {"reason": "house card"} and log[2]["flags"][0]["code"] == "PN-C12"
    same = {"type": "card_played", "data": {"target": "Ana", "card": {"kind": "FALL", "value": 300}}}
    later, _ = store.append(game_id, token, AppendRequest(type="amend", data={"target_seq": 1, "event": same}))
    assert later.flags == [], "the overridden replacement still stands; nothing new breaks"


def test_amending_an_overridden_event_to_a_legal_one_drops_its_old_flags(store: EventStore) -> None:
    game_id, token = new_game(store)
    store.append(game_id, token, draw(actor="Ben", override={"reason": "hurry"}))
    legal = {"type": "card_drawn", "data": {}, "actor": "Ana"}
    store.append(game_id, token, AppendRequest(type="amend", data={"target_seq": 1, "event": legal}))
    entry = store.effective_log(game_id)[0]
    assert (entry["actor"], entry["override"], entry["flags"]) == ("Ana", None, [])


def test_reads_never_mix_versions_while_writers_append(store: EventStore) -> None:
    """A read racing appends sees one version: its step matches its version (no corrections here)."""
    game, token = store.create_game(PANIC, PLAYERS, options={"deck_total": None})  # a deck that never ends
    game_id = game.id
    stop = threading.Event()

    def keep_appending() -> None:
        for _ in range(2000):
            if stop.is_set():
                return
            store.append(game_id, token, draw())

    writer = threading.Thread(target=keep_appending)
    writer.start()
    try:
        mismatches = []
        for _ in range(60):
            frame = store.state_at(game_id)
            if frame.step != frame.version or frame.state["step"] != frame.step:
                mismatches.append((frame.step, frame.version))
            report = store.verify(game_id)
            if not report["ok"]:
                mismatches.append(report["first_broken"])
    finally:
        stop.set()
        writer.join()
    assert mismatches == []
