"""Saved boards: a board file transcribed once per physical copy, and the games recorded on it.

``boards`` is append-only like ``events`` (triggers refuse UPDATE and DELETE): a game pins its
board by id and hash, so a board a game uses must never change or go.  ``games`` gains the
board's id and hash (both NULL for every game recorded before).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 23:00:00
"""
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy import text

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None

# Written out, not imported: a migration says what the schema was at its revision.
IMMUTABLE = "boards are immutable: save an edited board as a new one"


def upgrade() -> None:
    op.create_table(
        'boards',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('engine', sa.String(length=64), nullable=False),
        sa.Column('name', sa.String(length=200), nullable=False),
        sa.Column('description', sa.Text(), nullable=False),
        sa.Column('data', sa.JSON(), nullable=False),
        sa.Column('hash', sa.String(length=64), nullable=False),
        sa.Column('facts', sa.Integer(), nullable=False),
        sa.Column('source', sa.String(length=64), nullable=False),
        sa.Column('based_on', sa.String(length=32), nullable=True),
        sa.Column('created_at', sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_boards_engine', 'boards', ['engine'], unique=False)
    op.create_index('ix_boards_created_at', 'boards', ['created_at'], unique=False)
    # Plain ADD COLUMN on both databases: SQLite's batch mode would rebuild ``games``, which
    # every event refers to.  SQLite accepts REFERENCES in ADD COLUMN when the default is NULL,
    # but Alembic would add the constraint apart, which SQLite cannot: written out there.
    if op.get_bind().dialect.name == "sqlite":
        op.execute(text("ALTER TABLE games ADD COLUMN board_id VARCHAR(32) REFERENCES boards (id)"))
    else:
        op.add_column('games', sa.Column('board_id', sa.String(length=32), sa.ForeignKey('boards.id'), nullable=True))
    op.add_column('games', sa.Column('board_hash', sa.String(length=64), nullable=True))
    op.create_index('ix_games_board_id', 'games', ['board_id'], unique=False)
    _guard(op.get_bind().dialect.name)


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        op.execute(text("DROP TRIGGER IF EXISTS boards_immutable ON boards"))
        op.execute(text("DROP FUNCTION IF EXISTS boards_refuse_change()"))
    else:
        op.execute(text("DROP TRIGGER IF EXISTS boards_no_update"))
        op.execute(text("DROP TRIGGER IF EXISTS boards_no_delete"))
    op.drop_index('ix_games_board_id', table_name='games')
    with op.batch_alter_table('games', schema=None, recreate="never") as batch_op:
        batch_op.drop_column('board_hash')
        batch_op.drop_column('board_id')
    op.drop_index('ix_boards_created_at', table_name='boards')
    op.drop_index('ix_boards_engine', table_name='boards')
    op.drop_table('boards')


def _guard(dialect: Any) -> None:
    if dialect == "postgresql":
        op.execute(text(f"""
            CREATE FUNCTION boards_refuse_change() RETURNS trigger AS $$
            BEGIN RAISE EXCEPTION '{IMMUTABLE}'; END; $$ LANGUAGE plpgsql"""))
        op.execute(text("CREATE TRIGGER boards_immutable BEFORE UPDATE OR DELETE ON boards "
                        "FOR EACH ROW EXECUTE FUNCTION boards_refuse_change()"))
    else:
        for action in ("UPDATE", "DELETE"):
            op.execute(text(f"CREATE TRIGGER boards_no_{action.lower()} BEFORE {action} ON boards "
                            f"BEGIN SELECT RAISE(ABORT, '{IMMUTABLE}'); END"))
