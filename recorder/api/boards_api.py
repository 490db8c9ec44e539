"""/api/boards: saved boards, each a board file transcribed once per physical copy of a game."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from recorder import schemas
from recorder.boards import SOURCE_IMPORTED, SOURCE_TYPED, NewBoard, board_document, board_summary
from recorder.exports.game_json import file_name
from recorder.http.current import current_store

blp = Blueprint("boards", __name__, url_prefix="/api/boards",
                description="Saved boards: what a physical copy of a game holds, transcribed once")


@blp.route("")
class Boards(MethodView):
    @blp.arguments(schemas.BoardListArgs, location="query")
    @blp.response(200, schemas.BoardPage)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """List saved boards, newest first (filter: engine)."""
        boards, total = current_store().boards.list(args.get("engine"), args["limit"], args["offset"])
        return {"boards": [board_summary(b) for b in boards], "total": total,
                "limit": args["limit"], "offset": args["offset"]}

    @blp.arguments(schemas.BoardCreate)
    @blp.response(201, schemas.BoardSaved)
    @blp.alt_response(200, schema=schemas.BoardSaved, description="The same board (same engine and data) was "
                      "saved before: that board, unchanged")
    @blp.alt_response(400, schema=schemas.ApiError, description="A field, or the board file, has the wrong "
                      "shape (the body names it)")
    @blp.alt_response(404, schema=schemas.ApiError, description="No such engine, game (from_game) or board (based_on)")
    @blp.alt_response(422, schema=schemas.ApiError, description="The board breaks a rule: each violation names its "
                      "field, code and rule (a tile with four spaces, two cards with the same id...)")
    @blp.alt_response(429, schema=schemas.ApiError, description="Too many new boards from this address")
    def post(self, body: dict[str, Any]) -> Any:
        """Save a board: its ``data`` (a board file), a board file read back (an export, with
        its ``format``), or ``from_game``: every fact a game declared.  Boards never change: an
        edit is saved as a new board ``based_on`` the old one."""
        if "from_game" in body:
            board, created = current_store().board_from_game(body["from_game"], body["engine"], body["name"],
                                                     body.get("description", ""))
        else:
            board, created = current_store().boards.save(NewBoard(
                engine=body["engine"], name=body["name"], data=body["data"],
                description=body.get("description", ""),
                source=SOURCE_IMPORTED if "format" in body else SOURCE_TYPED,
                based_on=body.get("based_on"), claimed_id=body.get("id"), claimed_hash=body.get("hash")))
        return {**board_summary(board), "status": "created" if created else "present"}, (201 if created else 200)


@blp.route("/<board_id>")
class BoardResource(MethodView):
    @blp.response(200, schemas.BoardDetail)
    @blp.alt_response(404, schema=schemas.ApiError, description="No such board")
    def get(self, board_id: str) -> dict[str, Any]:
        """A board with its data and the newest games recorded on it."""
        board = current_store().boards.get(board_id)
        games, total = current_store().boards.games_on(board.id)
        return {**board_summary(board), "data": board.data, "games_total": total,
                "games": [{"id": g.id, "title": g.title, "status": g.status, "created_at": g.created_at}
                          for g in games]}


@blp.route("/<board_id>/export")
class BoardExport(MethodView):
    @blp.response(200, description="The board file (docs/formats/tablescribe-board-v1.schema.json), as a download; "
                  "POST it to /api/boards to save it elsewhere")
    @blp.alt_response(404, schema=schemas.ApiError, description="No such board")
    def get(self, board_id: str) -> Any:
        """The board file to share: another server saves it with ``POST /api/boards``."""
        board = current_store().boards.get(board_id)
        name = file_name({"id": board.id, "title": board.name}, "tablescribe-board.json")
        return board_document(board), 200, {"Content-Disposition": f'attachment; filename="{name}"'}
