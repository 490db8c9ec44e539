"""Creating, finding, listing and authorising games."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func, select, tuple_

import engines
from engines import SetupError
from engines.base import resolve_options
from recorder.boards import FROM_GAME, NewBoard
from recorder.errors import (
    BadInput,
    RuleViolation,
)
from recorder.hashing import genesis_hash
from recorder.jsonish import UNSTORABLE_TEXT
from recorder.models import NAME_MAX, TITLE_MAX, Board, Game, GamePlayer
from recorder.store.folds import StoreFolds
from recorder.store.judging import refuse_unstorable
from recorder.store.values import STATUS_IN_PROGRESS, Fold
from recorder.tokens import new_token, token_digest


def _refuse_too_long(title: str | None, players: Sequence[str]) -> None:
    """The API's schema says the same; the pages' form and the CLI reach the store directly."""
    problems = {f"players.{i}": [f"Longer than {NAME_MAX} characters"]
                for i, name in enumerate(players) if len(name) > NAME_MAX}
    if title is not None and len(title) > TITLE_MAX:
        problems["title"] = [f"Longer than {TITLE_MAX} characters"]
    if problems:
        raise BadInput(problems)


def _default_title(engine_title: str, players: Sequence[str]) -> str:
    title = f"{engine_title}: {', '.join(players)}"
    return title if len(title) <= TITLE_MAX else title[: TITLE_MAX - 1] + "…"


def game_header(game: Game) -> dict[str, Any]:
    """The header the genesis hash covers; ``board`` only for a game recorded on a saved board."""
    header = {
        "id": game.id, "engine": game.engine, "rules_version": game.rules_version, "title": game.title,
        "players": game.players, "options": game.options, "created_at": game.created_at,
    }
    if game.board_id is not None:
        header["board"] = {"id": game.board_id, "hash": game.board_hash}
    return header


class StoreGames(StoreFolds):
    """Creating, finding, listing and authorising games."""

    def create_game(
        self,
        engine_name: str,
        players: Sequence[str],
        title: str | None = None,
        options: Mapping[str, Any] | None = None,
        board: str | None = None,
    ) -> tuple[Game, str]:
        """A new game at version 0 and its write token (shown once, stored hashed).  With
        ``board`` (a saved board's id) the game is recorded on that board: its header pins the
        board's id and hash, and its facts are declared before the first event."""
        try:
            engine = engines.find(engine_name)
        except KeyError:
            raise BadInput({"engine": [f"Unknown engine {engine_name!r}"]}) from None
        refuse_unstorable({"title": title or "", "players": list(players), "options": options or {}}, "")
        _refuse_too_long(title, players)
        pinned = self._board_for(engine, board)
        try:
            resolved = resolve_options(engine, options)
            start = engine.setup(list(players), resolved,
                                 board=self.boards.data_of(pinned.id) if pinned is not None else None)
        except SetupError as exc:
            raise RuleViolation([v.to_dict() for v in exc.violations]) from None
        token = new_token()
        game = Game(
            id=uuid.uuid4().hex,
            engine=engine.name,
            rules_version=engine.rules_version,
            title=title or _default_title(engine.title, players),
            players=[{"name": name} for name in players],
            options=resolved,
            created_at=self.clock(),
            status=STATUS_IN_PROGRESS,
            version=0,
            write_token_hash=token_digest(token),
            board_id=pinned.id if pinned is not None else None,
            board_hash=pinned.hash if pinned is not None else None,
        )
        game.genesis_hash = genesis_hash(game_header(game))
        with self._write() as session:
            session.add(game)
            session.flush()
            session.add_all(GamePlayer(game_id=game.id, seat=i, name=n) for i, n in enumerate(players))
        # The game's head at version 0, so that its first event is judged on it too.
        self._remember_head(game, engine, 0, game.genesis_hash, Fold(start, 0, 0))
        return game, token

    def _board_for(self, engine: engines.Engine, board: str | None) -> Board | None:
        """The saved board a new game is to be recorded on: one of this game's."""
        if board is None:
            return None
        found = self.boards.find(board)
        if found is None:
            raise BadInput({"board": [f"No saved board {board!r}"]})
        if found.engine != engine.name:
            raise BadInput({"board": [f"Board {found.name!r} is a board of {found.engine}, not of {engine.name}"]})
        return found

    def board_from_game(self, game_id: str, engine_name: str, name: str, description: str = "") -> tuple[Board, bool]:
        """A board of every fact a game declared by its last step (its own board's facts
        included), so that the next game on the same box declares nothing the first one did."""
        game = self.get_game(game_id)
        if game.engine != engine_name:
            raise BadInput({"from_game": [f"Game {game_id} is a game of {game.engine}, not of {engine_name}"]})
        engine = engines.find(game.engine)
        state = self.state_at(game_id, remember=False).state
        return self.boards.save(NewBoard(
            engine=game.engine, name=name, data=engine.board_file.from_game(state), description=description,
            source=f"{FROM_GAME}{game_id}", based_on=game.board_id))

    def get_game(self, game_id: str) -> Game:
        with self._readers() as session:
            return self._game(session, game_id)

    def list_games(
        self,
        engine: str | None = None,
        player: str | None = None,
        status: str | None = None,
        limit: int = 50,
        offset: int = 0,
        search: str | None = None,
    ) -> tuple[list[Game], int]:
        """A page of games, newest first, and how many match in all.

        ``search`` matches part of the title or of a player's name, ignoring case."""
        if any(UNSTORABLE_TEXT.search(value or "") for value in (engine, player, status, search)):
            return [], 0  # no stored text holds a NUL or a lone surrogate (PostgreSQL would refuse the query)
        query = select(Game)
        if search:
            named = select(GamePlayer.game_id).where(GamePlayer.name.icontains(search, autoescape=True))
            query = query.where(Game.title.icontains(search, autoescape=True) | Game.id.in_(named))
        if engine:
            query = query.where(Game.engine == engine)
        if status:
            query = query.where(Game.status == status)
        if player:
            seated = select(GamePlayer.game_id).where(GamePlayer.name == player)
            query = query.where(Game.id.in_(seated))
        with self._readers() as session:
            total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
            page = session.scalars(query.order_by(Game.created_at.desc(), Game.id).limit(limit).offset(offset))
            return list(page), total

    def game_keys(
        self,
        engine: str | None = None,
        player: str | None = None,
        status: str | None = None,
        after: tuple[str, str] | None = None,
        limit: int = 200,
    ) -> list[tuple[str, str]]:
        """``(created_at, id)`` of matching games, oldest first, after the key ``after``:
        keyset pages for a bulk export, so that games recorded meanwhile neither shift
        nor repeat the pages still to come."""
        query = select(Game.created_at, Game.id)
        if engine:
            query = query.where(Game.engine == engine)
        if status:
            query = query.where(Game.status == status)
        if player:
            query = query.where(Game.id.in_(select(GamePlayer.game_id).where(GamePlayer.name == player)))
        if after is not None:
            query = query.where(tuple_(Game.created_at, Game.id) > tuple_(*after))
        with self._readers() as session:
            rows = session.execute(query.order_by(Game.created_at, Game.id).limit(limit))
            return [(created, game_id) for created, game_id in rows]

    def authorize(self, game_id: str, token: str | None) -> Game:
        """The game, if ``token`` may write to it (its owner token, or a device credential
        not revoked, read afresh: recorder/credentials.py): 401 without one, 403 if wrong."""
        game = self.get_game(game_id)
        writer = self.credentials.writer(game, token)
        if not writer.is_owner:
            self.credentials.touch(game_id, writer.token_hash)
        return game
