"""Checks every engine board's tests make of its {% memo %} parts: joined from a batch's
parts the board is the whole board, byte for byte, and every block's key is plain data
(a key that is not is never cached, and its block is drawn again at every step, silently)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from engines.base import Engine, State
from engines.content_cache import content_digest
from recorder import close_app, create_app
from recorder.views.board_parts import PartTable, assemble
from recorder.views.frames import render_board, render_board_chunks


def template_app(folder: Path) -> Iterator[Any]:
    """An app on a throwaway SQLite file: a board test needs only its templates."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder / 'board.db'}"})
    yield app
    close_app(app)


def renderer(app: Any, engine: Engine) -> Callable[[State], str]:
    """A state's whole board, drawn as the viewer draws it."""
    def render(state: State) -> str:
        with app.test_request_context():
            return str(render_board(engine, state, state["seats"]))
    return render


def assert_parts_make_the_whole(app: Any, engine: Engine, states: Sequence[State], fewest_parts: int) -> None:
    """Drawn without the cache, from a cold and a warm cache, and joined from a batch's
    parts (in both orders), each state's board is the same; the boards differ."""
    fragments = app.jinja_env.fragments
    with app.test_request_context():
        fragments.enabled = False
        plain = [str(render_board(engine, s, s["seats"])) for s in states]
        fragments.enabled = True
        fragments.clear()
        for order in (range(len(states)), reversed(range(len(states)))):
            table = PartTable()
            for step in order:
                joined = assemble(table.encode(render_board_chunks(engine, states[step], states[step]["seats"])),
                                  table.parts)
                assert joined == plain[step], step
                assert str(render_board(engine, states[step], states[step]["seats"])) == plain[step], step
            assert len(table.parts) > fewest_parts  # the board did come in parts
    assert fragments.hits > len(states)
    assert len(set(plain)) == len(plain), "and the boards differ from step to step"


def unkept_blocks(app: Any, monkeypatch: pytest.MonkeyPatch, engine: Engine, states: Sequence[State]) -> set[str]:
    """The blocks whose key is not plain data, over ``states``' boards."""
    fragments = app.jinja_env.fragments
    draw = fragments.render
    unkept: set[str] = set()

    def render(block: str, key: Any, caller: Callable[[], str]) -> str:
        if content_digest((block, key)) is None:
            unkept.add(block)
        return draw(block, key, caller)

    monkeypatch.setattr(fragments, "render", render)
    with app.test_request_context():
        for state in states:
            render_board(engine, state, state["seats"])
    return unkept
