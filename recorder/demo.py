"""Demo games: each engine's sample game, recorded event by event through the store.

Nothing about a demo game is typed in but the table's actions: its state and
its final standings are computed by the engine, as for any other game.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection, Iterator
from typing import Any

import engines
from recorder.store import AppendRequest, EventStore


def demo_games(only: Collection[str] | None = None) -> Iterator[dict[str, Any]]:
    """Every engine's demo game (or those of the engines named in ``only``), from
    ``engines.<package>.demo.demo_game()`` where one exists.  Some demos are played out
    by their engine when first asked for: ``only`` spares a caller the others."""
    for engine in engines.all_engines():
        if only is not None and engine.name not in only:
            continue
        try:
            module = importlib.import_module(f"engines.{engine.name.replace('-', '_')}.demo")
        except ModuleNotFoundError:
            continue
        yield {"engine": engine.name, **module.demo_game()}


def load_demo_boards(store: EventStore, games: list[tuple[str, str, bool]]) -> list[tuple[str, str, bool]]:
    """One saved board per engine that has a board to transcribe, made from its demo game
    (``POST /api/boards {from_game}``), so that a newcomer can start a game on a board at once.
    The demo data is made up, and the name says so.  Returns (board id, name, newly saved)."""
    saved = []
    for game_id, _title, _new in games:
        game = store.get_game(game_id)
        engine = engines.find(game.engine)
        if engine.board_file.holds_nothing:
            continue
        board, created = store.board_from_game(
            game_id, game.engine, f"{engine.title}: the demo's board (illustrative)",
            description="Made from the demo game's declared data, which is invented: "
                        "not the published game's board or cards.")
        saved.append((board.id, board.name, created))
    return saved


def load_demo_games(store: EventStore) -> list[tuple[str, str, bool]]:
    """Record each demo game once; returns (game id, title, newly loaded)."""
    loaded = []
    for demo in demo_games():
        existing, _ = store.list_games(engine=demo["engine"], limit=200)
        same = [g for g in existing if g.title == demo["title"]]
        if same:
            loaded.append((same[0].id, demo["title"], False))
            continue
        game, token = store.create_game(demo["engine"], demo["players"], demo["title"], demo.get("options"))
        for event in demo["events"]:
            store.append(game.id, token, AppendRequest(
                type=event["type"], data=event.get("data", {}), actor=event.get("actor"),
                note=event.get("note"), recorded_by="demo"))
        loaded.append((game.id, demo["title"], True))
    return loaded
