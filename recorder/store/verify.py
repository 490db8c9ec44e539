"""Verifying a game's hash chain and signature-free consistency, row by row."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from recorder.hashing import (
    EVENT_HASH_FIELDS,
    board_hash,
    genesis_hash,
    link_problem,
)
from recorder.models import Board, EventRow, Game
from recorder.store.core import StoreBase
from recorder.store.games import game_header


def _board_problem(board: Board | None, game: Game) -> dict[str, Any] | None:
    """Whether the board a game pins is still the one it was recorded on (``verify``)."""
    if board is None:
        return {"seq": 0, "reason": f"the board {game.board_id} the game was recorded on is missing"}
    if board_hash(board.data) != game.board_hash or board.hash != game.board_hash:
        return {"seq": 0, "reason": f"the board {game.board_id} no longer matches the hash the game was recorded with"}
    return None


class StoreVerify(StoreBase):
    """Verifying a game's hash chain and signature-free consistency, row by row."""

    def verify(self, game_id: str) -> dict[str, Any]:
        """Recompute the hash chain; name the first event that does not match."""
        with self._readers() as session, session.begin():
            game = self._game(session, game_id)
            expected_prev = genesis_hash(game_header(game))
            problem: dict[str, Any] | None = None
            if expected_prev != game.genesis_hash:
                problem = {"seq": 0, "reason": "the game's header (players, options...) does not match its hash"}
            elif game.board_id is not None:
                problem = _board_problem(session.get(Board, game.board_id), game)
            count = 0
            if problem is None:
                for row in session.scalars(select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)):
                    count += 1
                    problem = link_problem({name: getattr(row, name) for name in (*EVENT_HASH_FIELDS, "hash")},
                                           count, expected_prev)
                    if problem:
                        break
                    expected_prev = row.hash
            if problem is None and count != game.version:
                problem = {"seq": count + 1, "reason": f"the game claims version {game.version} but has {count} events"}
        return {"ok": problem is None, "events": count, "version": game.version, "first_broken": problem}
