"""Lean event indexes: a commit of an ordinary game event writes two fewer pages.

Every event had an entry in the idempotency-key index (most have no key) and in the
(game_id, type) index (only the recorder's corrections and notes are ever looked up
by type).  Both become partial indexes, so an ordinary event adds nothing to them:
measured on SQLite with WAL and ``synchronous=FULL``, each page a commit writes costs
about 8 µs.  The step count and the corrections now read the small recorder index.

SQLite cannot drop a table's UNIQUE constraint, so there the events table is rebuilt
(Alembic's batch mode copies every row, positions included) and its append-only
triggers, which go with the old table, are made again.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 13:20:00
"""
from typing import Any

from alembic import op
from sqlalchemy import text

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

# Written out, not imported: a migration says what the schema was at its revision.
KEY_GIVEN = "idempotency_key IS NOT NULL"
RECORDER_TYPES = "type IN ('amend', 'note', 'undo', 'void')"
APPEND_ONLY = "events are append-only: record a correction instead"


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_index('ix_events_game_type')
        batch_op.drop_constraint('uq_events_game_idempotency_key', type_='unique')
    op.create_index('uq_events_game_idempotency_key', 'events', ['game_id', 'idempotency_key'], unique=True,
                    **_where(KEY_GIVEN))
    op.create_index('ix_events_recorder_types', 'events', ['game_id', 'seq'], **_where(RECORDER_TYPES))
    if sqlite:
        _forbid_event_changes_on_sqlite()


def downgrade() -> None:
    op.drop_index('ix_events_recorder_types', table_name='events')
    op.drop_index('uq_events_game_idempotency_key', table_name='events')
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.create_unique_constraint('uq_events_game_idempotency_key', ['game_id', 'idempotency_key'])
        batch_op.create_index('ix_events_game_type', ['game_id', 'type'], unique=False)
    if op.get_bind().dialect.name == "sqlite":
        _forbid_event_changes_on_sqlite()


def _where(condition: str) -> dict[str, Any]:
    return {"sqlite_where": text(condition), "postgresql_where": text(condition)}


def _forbid_event_changes_on_sqlite() -> None:
    """The triggers of revision 0001, made again after the table was rebuilt."""
    for action in ("UPDATE", "DELETE"):
        op.execute(f"DROP TRIGGER IF EXISTS events_no_{action.lower()}")
        op.execute(
            f"CREATE TRIGGER events_no_{action.lower()} BEFORE {action} ON events "
            f"BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END"
        )
