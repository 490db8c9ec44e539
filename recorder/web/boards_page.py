"""The boards pages: every saved board by game, the editor that makes a new one (typing
names and numbers, tapping the rest, never a JSON box), and saving a finished game's board.

The editor saves through the JSON API (``POST /api/boards``); this module only draws the
pages and turns a game into a board from a form (CSRF-protected)."""

from __future__ import annotations

import json
from typing import Any

from flask import abort, make_response, redirect, render_template, request, url_for
from jinja2.utils import htmlsafe_json_dumps
from werkzeug.wrappers import Response

import engines
from recorder.boards import SOURCE_IMPORTED, SOURCE_TYPED, board_summary
from recorder.errors import NotFound, StoreError
from recorder.http.current import current_store
from recorder.web.pages import bp, engine_css, game_or_404, require_csrf, static_file

PAGE_SIZE = 200


def board_engines() -> list[engines.Engine]:
    """The engines whose board file holds something to transcribe."""
    return [e for e in engines.all_engines() if not e.board_file.holds_nothing]


def source_label(source: str) -> str:
    """How the boards page says where a board came from."""
    if source == SOURCE_TYPED:
        return "Typed in"
    if source == SOURCE_IMPORTED:
        return "Imported from a file"
    return "Saved from a game"


@bp.get("/boards")
def boards() -> str:
    chosen = request.args.get("engine") or None
    shown = [e for e in board_engines() if chosen in (None, e.name)]
    groups = []
    for engine in shown:
        saved, total = current_store().boards.list(engine.name, limit=PAGE_SIZE)
        rows = []
        for board in saved:
            games, count = current_store().boards.games_on(board.id, limit=5)
            rows.append({**board_summary(board), "games": games, "games_total": count,
                         "source_label": source_label(board.source),
                         "source_game": board.source.partition(":")[2] if board.source.startswith("from_game:") else None})
        groups.append({"engine": engine, "boards": rows, "total": total})
    return render_template("boards.html", groups=groups, engines=board_engines(), chosen=chosen,
                           saved=request.args.get("saved"))


@bp.get("/boards/new")
def new_board() -> Response:
    engine = _engine_or_404(request.args.get("engine", ""))
    return _editor(engine, None)


@bp.get("/boards/<board_id>/edit")
def edit_board(board_id: str) -> Response:
    try:
        board = current_store().boards.get(board_id)
    except NotFound:
        abort(404, "No such board")
    return _editor(engines.find(board.engine), board)


def _editor(engine: engines.Engine, base: Any) -> Response:
    page_data = {
        "engine": engine.name,
        "engine_title": engine.title,
        "base": None if base is None else {"id": base.id, "name": base.name, "description": base.description,
                                           "data": base.data},
        "urls": {"save": url_for("boards.Boards"), "boards": url_for("web.boards"),
                 "new_game": url_for("web.home", new_engine=engine.name) + "#new-game"},
    }
    page = make_response(render_template(
        "board_editor.html", engine=engine, base=base, engine_css=engine_css(engine.name),
        editor_css=static_file(f"css/boards/{engine.name}.css"),
        page_json=htmlsafe_json_dumps(page_data, dumps=json.dumps)))
    page.headers["Cache-Control"] = "no-store"
    return page


@bp.post("/games/<game_id>/board")
def save_game_board(game_id: str) -> Any:
    """*Save this game's board*: every fact the game declared becomes a saved board."""
    require_csrf()
    game = game_or_404(game_id)
    name = (request.form.get("name") or "").strip() or f"{game.title} (board)"[:200]
    try:
        board, _created = current_store().board_from_game(game.id, game.engine, name)
    except StoreError as exc:
        abort(exc.status if exc.status in (400, 404, 422) else 400, exc.message)
    return redirect(url_for("web.boards", engine=board.engine, saved=board.id) + f"#board-{board.id}", code=303)


def _engine_or_404(name: str) -> engines.Engine:
    try:
        engine = engines.find(name)
    except KeyError:
        abort(404, "No such game")
    if engine.board_file.holds_nothing:
        abort(404, f"{engine.title} has no board to transcribe")
    return engine
