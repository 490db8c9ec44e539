"""One game in the format asked for: the one place the API and the CLI choose a writer."""

from __future__ import annotations

from typing import Any, NamedTuple

import engines
from recorder.exports import game_tables
from recorder.exports.game_json import export_game, file_name
from recorder.exports.play_record import play_record

FORMATS = ("json", "csv", "txt", "play")
TABLES = ("events", "standings")


class Export(NamedTuple):
    """``body`` is a JSON document (a dict) for json and play, text otherwise."""

    body: Any
    file_name: str
    mimetype: str


def export_one(store: Any, game_id: str, fmt: str = "json", table: str = "events") -> Export:
    """The game ``game_id`` as ``fmt`` (json, csv with ``table`` events or standings, txt, or
    play: a finished game's result for logging apps)."""
    if fmt == "json":
        document = export_game(store, game_id)
        return Export(document, file_name(document["game"], "tablescribe.json"), "application/json")
    if fmt == "play":
        document = export_game(store, game_id)
        record = play_record(document, engines.find(document["game"]["engine"]).title)
        return Export(record, file_name(document["game"], "play.json"), "application/json")
    game = store.get_game(game_id)
    header = {"id": game.id, "title": game.title}
    engine = engines.find(game.engine)
    log = store.effective_log(game_id)
    if fmt == "csv" and table == "events":
        return Export(game_tables.events_csv(game.id, log), file_name(header, "events.csv"), "text/csv")
    if fmt == "csv":
        _, states = store.timeline(game_id)
        per_step = [(step, engine.standings(state)) for step, state in states]
        return Export(game_tables.standings_csv(game.id, per_step), file_name(header, "standings.csv"), "text/csv")
    latest = store.state_at(game_id).state
    body = game_tables.transcript(game, engine.title, log, store.recorded_events(game_id),
                                  engine.standings(latest), store.verify(game_id))
    return Export(body, file_name(header, "txt"), "text/plain")
