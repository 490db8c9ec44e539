"""The tables of the event store: games, their events, state snapshots, and the saved
boards games are recorded on.

Events and boards are only ever inserted.  ``(game_id, seq)`` is unique, and a game's
``version`` is advanced with a compare-and-set in the same transaction, so two
writers racing for the same seq give one winner and one clean conflict.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, Text, UniqueConstraint, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from recorder.history import RECORDER_TYPES

# The event types the recorder itself writes (corrections and notes), in the order
# their queries list them: SQLite uses a partial index only for a query whose
# terms match the index's own.  Few in any game, so they get a small index of their
# own, and the many game events add no page to it when they are committed.
RECORDER_TYPES_SQL = f"type IN ({', '.join(repr(kind) for kind in sorted(RECORDER_TYPES))})"
KEY_GIVEN_SQL = "idempotency_key IS NOT NULL"

TITLE_MAX = 200  # characters: the columns' sizes, and the limits every way in checks first
NAME_MAX = 100
BOARD_NAME_MAX = 200
DESCRIPTION_MAX = 2000

class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class Board(Base):
    """A board file transcribed from one physical copy of a game, saved once and reused by
    every game recorded on it.  Immutable (triggers refuse UPDATE and DELETE): an edit is a
    new board ``based_on`` this one.  Its id is derived from its engine and data, so the same
    board has the same id on every server and is never stored twice; ``hash`` is the SHA-256
    of its data's canonical JSON, which the genesis hash of every game on it covers."""

    __tablename__ = "boards"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    engine: Mapped[str] = mapped_column(String(64), index=True)
    name: Mapped[str] = mapped_column(String(BOARD_NAME_MAX))
    description: Mapped[str] = mapped_column(Text, default="")
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    hash: Mapped[str] = mapped_column(String(64))
    facts: Mapped[int] = mapped_column(Integer)  # how many declared facts it pre-loads, for listings
    source: Mapped[str] = mapped_column(String(64))  # typed | from_game:<game id> | imported
    based_on: Mapped[str | None] = mapped_column(String(32))
    created_at: Mapped[str] = mapped_column(String(32), index=True)


class Game(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    engine: Mapped[str] = mapped_column(String(64), index=True)
    rules_version: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(TITLE_MAX))
    players: Mapped[list[Any]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[str] = mapped_column(String(32), index=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    write_token_hash: Mapped[str] = mapped_column(String(64))
    genesis_hash: Mapped[str] = mapped_column(String(64))
    # The saved board the game is recorded on (None: declared in events, or the board option).
    board_id: Mapped[str | None] = mapped_column(ForeignKey("boards.id"), index=True)
    board_hash: Mapped[str | None] = mapped_column(String(64))
    # A game imported from an export (None: recorded here): how it came, when, and what its
    # signature showed (recorder/provenance.py).  Written once, at the import.
    imported: Mapped[dict[str, Any] | None] = mapped_column(JSON)


class EventRow(Base):
    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),
        # Partial: most events carry no key, and an index entry for each would be
        # one more page written by every commit.
        Index("uq_events_game_idempotency_key", "game_id", "idempotency_key", unique=True,
              sqlite_where=text(KEY_GIVEN_SQL), postgresql_where=text(KEY_GIVEN_SQL)),
        Index("ix_events_recorder_types", "game_id", "seq",
              sqlite_where=text(RECORDER_TYPES_SQL), postgresql_where=text(RECORDER_TYPES_SQL)),
    )

    position: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(64))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    actor: Mapped[str | None] = mapped_column(String(NAME_MAX))
    note: Mapped[str | None] = mapped_column(Text)
    recorded_at: Mapped[str] = mapped_column(String(32))
    recorded_by: Mapped[str | None] = mapped_column(String(NAME_MAX))
    idempotency_key: Mapped[str | None] = mapped_column(String(200))
    request_hash: Mapped[str | None] = mapped_column(String(64))
    override: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    flags: Mapped[list[Any]] = mapped_column(JSON)
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))


class Snapshot(Base):
    """A cached fold: the state after ``step`` effective events, the last of which
    is stored at ``seq``, written when the game stood at ``version``.  It is only
    a cache: a correction after ``version`` that reaches back to ``seq`` or
    earlier, or another rules_version, makes it ignored."""

    __tablename__ = "snapshots"
    __table_args__ = (UniqueConstraint("game_id", "step", "version", name="uq_snapshots_game_step_version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    step: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    rules_version: Mapped[str] = mapped_column(String(32))
    state: Mapped[dict[str, Any]] = mapped_column(JSON)


class GamePlayer(Base):
    """Who sits at which seat: lets the game list filter by player with an index."""

    __tablename__ = "game_players"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX), index=True)


class DeviceCredential(Base):
    """One device's write token for one game, kept as its digest (recorder/credentials.py).

    Revoking marks ``revoked_at``; the row stays, so the game's page can say which device
    could write until when.  ``role`` 'owner' rows are owner tokens a rotation retired: the
    current owner token is ``games.write_token_hash``."""

    __tablename__ = "device_credentials"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[str] = mapped_column(String(16))  # device | owner
    label: Mapped[str] = mapped_column(String(NAME_MAX))
    invited_by: Mapped[str | None] = mapped_column(String(32))  # a credential's id; None: the owner
    created_at: Mapped[str] = mapped_column(String(32))
    last_used_at: Mapped[str | None] = mapped_column(String(32))
    revoked_at: Mapped[str | None] = mapped_column(String(32))


class DeviceInvite(Base):
    """A short-lived, single-use code a joining device exchanges for its own credential."""

    __tablename__ = "device_invites"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_by: Mapped[str | None] = mapped_column(String(32))  # a credential's id; None: the owner
    created_at: Mapped[str] = mapped_column(String(32))
    expires_at: Mapped[str] = mapped_column(String(32))
    used_at: Mapped[str | None] = mapped_column(String(32))
    used_by: Mapped[str | None] = mapped_column(String(32))
