"""Saved boards: a board file transcribed once per physical copy of a game, kept immutable,
and reused by every game recorded on it.

A board is its data: its id is derived from its engine and data (``hashing.board_id``), so
saving the same file twice, importing it on another server, or importing a game recorded on
it all find the one board and never store a second.  Its name, description, source and
``based_on`` are what the first save said.  Nothing here ever updates or deletes a board
(the database's triggers refuse it too): an edit is a new board ``based_on`` the old one.

The checks go from the outside in, as an event's do: an unknown engine (404), text no
database keeps, a file of the wrong shape (400 naming the field), then what the engine's
rules rule out (422, each problem naming its field, code and rule).  Nothing is stored
unless every check passed.
"""

from __future__ import annotations

import builtins
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

import engines
from engines.base import json_copy
from recorder.errors import BadInput, NotFound, RuleViolation, field_messages
from recorder.hashing import board_hash, board_id
from recorder.jsonish import UNSTORABLE_TEXT, unstorable
from recorder.models import BOARD_NAME_MAX, DESCRIPTION_MAX, Board, Game

BOARD_ID_LENGTH = 32
SOURCE_TYPED = "typed"
SOURCE_IMPORTED = "imported"
FROM_GAME = "from_game:"
EXPORT_FORMAT = "tablescribe-board"
EXPORT_FORMAT_VERSION = 1


@dataclass(frozen=True)
class NewBoard:
    """What a save asks for: the board's engine, name and data, and where it came from."""

    engine: str
    name: str
    data: Any
    description: str = ""
    source: str = SOURCE_TYPED
    based_on: str | None = None
    # A board file read back (an export) names the id and hash it was saved under: they must match.
    claimed_id: str | None = None
    claimed_hash: str | None = None


class BoardStore:
    """Every read and write of saved boards goes through here."""

    def __init__(self, readers: sessionmaker[Session], writers: sessionmaker[Session], clock: Callable[[], str]):
        self._readers = readers
        self._writers = writers
        self.clock = clock
        # Boards never change, so a board read once serves every later set-up in this process.
        self._data: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    # ----------------------------------------------------------------- writes

    def save(self, new: NewBoard) -> tuple[Board, bool]:
        """The board for ``new``, stored now (True) or already here (False)."""
        row = self.judge(new)
        existing = self.find(row.id)
        if existing is not None:
            return existing, False
        try:
            with self._writers() as session, session.begin():
                session.add(row)
        except IntegrityError:
            # Saved by someone else meanwhile: the same data is the same board.
            existing = self.find(row.id)
            if existing is None:
                raise
            return existing, False
        return row, True

    def judge(self, new: NewBoard) -> Board:
        """The row ``new`` would store, or the error that refuses it (nothing is written)."""
        engine = find_engine(new.engine)
        _refuse_bad_text(new)
        problem = unstorable(new.data, "data")
        if problem:
            raise BadInput({problem[0]: [problem[1]]})
        errors = engine.board_file.shape_errors(new.data)
        if errors:
            raise BadInput(field_messages("data", errors))
        problems = engine.board_file.problems(new.data)
        if problems:
            raise RuleViolation([p.to_dict() for p in problems],
                                message=f"The board cannot be used: {problems[0].message}")
        digest, ident = board_hash(new.data), board_id(engine.name, new.data)
        if (new.claimed_hash is not None and new.claimed_hash != digest) or (
                new.claimed_id is not None and new.claimed_id != ident):
            raise RuleViolation([{
                "code": "board/hash-mismatch", "rule": "Board file", "field": "data", "severity": "error",
                "message": "The file's data does not match the id and hash it was exported with: it was changed "
                           "since. Remove \"id\" and \"hash\" to save it as a new board."}])
        based_on = self._based_on(new, engine.name)
        return Board(id=ident, engine=engine.name, name=new.name.strip(), description=new.description.strip(),
                     data=new.data, hash=digest, facts=len(engine.board_file.facts(new.data)),
                     source=new.source, based_on=based_on, created_at=self.clock())

    def _based_on(self, new: NewBoard, engine: str) -> str | None:
        """The board an edit was made from: it must exist and be of the same game.  A board
        file read back may name one this server never had; it is then kept without it."""
        if new.based_on is None:
            return None
        earlier = self.find(new.based_on)
        if earlier is None and new.source == SOURCE_IMPORTED:
            return None
        if earlier is None:
            raise NotFound(f"No board {new.based_on!r} to base this one on")
        if earlier.engine != engine:
            raise BadInput({"based_on": [f"Board {earlier.id} is a board of {earlier.engine}, not {engine}"]})
        return earlier.id

    # ------------------------------------------------------------------ reads

    def find(self, ident: str) -> Board | None:
        if not _is_board_id(ident):
            return None
        with self._readers() as session:
            return session.get(Board, ident)

    def get(self, ident: str) -> Board:
        found = self.find(ident)
        if found is None:
            raise NotFound(f"No board {ident!r}")
        return found

    def data_of(self, ident: str) -> dict[str, Any]:
        """A copy of a board's data, for a game's set-up (engines may keep parts of it in the
        state they go on to change)."""
        with self._lock:
            cached = self._data.get(ident)
            if cached is not None:
                self._data.move_to_end(ident)
        if cached is None:
            cached = self.get(ident).data
            with self._lock:
                self._data[ident] = cached
                while len(self._data) > 64:
                    self._data.popitem(last=False)
        copied: dict[str, Any] = json_copy(cached)
        return copied

    def list(self, engine: str | None = None, limit: int = 50, offset: int = 0) -> tuple[list[Board], int]:
        """A page of boards, newest first, and how many match in all."""
        if engine is not None and UNSTORABLE_TEXT.search(engine):
            return [], 0
        query = select(Board)
        if engine:
            query = query.where(Board.engine == engine)
        with self._readers() as session:
            total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
            page = session.scalars(query.order_by(Board.created_at.desc(), Board.id).limit(limit).offset(offset))
            return list(page), total

    def games_on(self, ident: str, limit: int = 50) -> tuple[builtins.list[Game], int]:
        """The games recorded on a board, newest first, and how many there are."""
        with self._readers() as session:
            query = select(Game).where(Game.board_id == ident)
            total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
            games = session.scalars(query.order_by(Game.created_at.desc(), Game.id).limit(limit))
            return list(games), total

    def names(self, idents: set[str]) -> dict[str, str]:
        """Each board's name, for listing games beside the boards they were recorded on."""
        if not idents:
            return {}
        with self._readers() as session:
            return dict(session.execute(select(Board.id, Board.name).where(Board.id.in_(sorted(idents)))).all())


def find_engine(name: str) -> engines.Engine:
    """The engine of a board: an unknown one is 404, as an unknown game is."""
    try:
        return engines.find(name)
    except KeyError:
        known = ", ".join(e.name for e in engines.all_engines())
        raise NotFound(f"No engine {name!r} (known: {known})") from None


BOARD_COLUMNS = ("id", "engine", "name", "description", "data", "hash", "facts", "source", "based_on", "created_at")


def board_columns(board: Board) -> dict[str, Any]:
    """A board's columns, to store it in another session (a row belongs to one session)."""
    return {name: getattr(board, name) for name in BOARD_COLUMNS}


def board_summary(board: Board) -> dict[str, Any]:
    """A board as listings show it: everything but its data."""
    return {"id": board.id, "engine": board.engine, "name": board.name, "description": board.description,
            "hash": board.hash, "source": board.source, "based_on": board.based_on,
            "created_at": board.created_at, "facts": board.facts}


def board_document(board: Board) -> dict[str, Any]:
    """The board file to download and share: what ``POST /api/boards`` reads back, with the
    id and hash it was saved under (``docs/formats/tablescribe-board-v1.schema.json``)."""
    return {"format": EXPORT_FORMAT, "format_version": EXPORT_FORMAT_VERSION, "id": board.id,
            "engine": board.engine, "name": board.name, "description": board.description,
            "hash": board.hash, "based_on": board.based_on, "data": board.data}


def new_board_from_document(document: Mapping[str, Any]) -> NewBoard:
    """A board file read back (a board export, or the board a game export embeds)."""
    return NewBoard(engine=document["engine"], name=document["name"], data=document["data"],
                    description=document.get("description") or "", source=SOURCE_IMPORTED,
                    based_on=document.get("based_on"), claimed_id=document.get("id"),
                    claimed_hash=document.get("hash"))


def _refuse_bad_text(new: NewBoard) -> None:
    """The API's schema says the same; the pages and the import reach the store directly."""
    problems: dict[str, list[str]] = {}
    for name, value, low, high in (("name", new.name, 1, BOARD_NAME_MAX),
                                   ("description", new.description, 0, DESCRIPTION_MAX)):
        if not isinstance(value, str) or not low <= len(value.strip()) <= high:
            problems[name] = [f"From {low} to {high} characters"]
        elif UNSTORABLE_TEXT.search(value):
            problems[name] = ["Contains a NUL character or an unpaired surrogate"]
    if problems:
        raise BadInput(problems)


def _is_board_id(value: Any) -> bool:
    return isinstance(value, str) and len(value) == BOARD_ID_LENGTH and all(c in "0123456789abcdef" for c in value)
