"""Event store: games, their seated players, events and snapshots.

Events are append-only, and the database says so too: triggers refuse any
UPDATE or DELETE on the events table, whatever code tries it.

Revision ID: 0001
Revises: 
Create Date: 2026-11-29 19:13:30.166066
"""
from alembic import op
import sqlalchemy as sa

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None

def upgrade() -> None:
    op.create_table('games',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('engine', sa.String(length=64), nullable=False),
    sa.Column('rules_version', sa.String(length=32), nullable=False),
    sa.Column('title', sa.String(length=200), nullable=False),
    sa.Column('players', sa.JSON(), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.String(length=32), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('write_token_hash', sa.String(length=64), nullable=False),
    sa.Column('genesis_hash', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_games_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_games_engine'), ['engine'], unique=False)
        batch_op.create_index(batch_op.f('ix_games_status'), ['status'], unique=False)

    op.create_table('events',
    sa.Column('position', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('type', sa.String(length=64), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('actor', sa.String(length=100), nullable=True),
    sa.Column('note', sa.Text(), nullable=True),
    sa.Column('recorded_at', sa.String(length=32), nullable=False),
    sa.Column('recorded_by', sa.String(length=100), nullable=True),
    sa.Column('idempotency_key', sa.String(length=200), nullable=True),
    sa.Column('request_hash', sa.String(length=64), nullable=True),
    sa.Column('override', sa.JSON(), nullable=True),
    sa.Column('flags', sa.JSON(), nullable=False),
    sa.Column('prev_hash', sa.String(length=64), nullable=False),
    sa.Column('hash', sa.String(length=64), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ),
    sa.PrimaryKeyConstraint('position'),
    sa.UniqueConstraint('game_id', 'idempotency_key', name='uq_events_game_idempotency_key'),
    sa.UniqueConstraint('game_id', 'seq', name='uq_events_game_seq')
    )
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.create_index('ix_events_game_type', ['game_id', 'type'], unique=False)

    op.create_table('game_players',
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ),
    sa.PrimaryKeyConstraint('game_id', 'seat')
    )
    with op.batch_alter_table('game_players', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_players_name'), ['name'], unique=False)

    op.create_table('snapshots',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('step', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('rules_version', sa.String(length=32), nullable=False),
    sa.Column('state', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'step', 'version', name='uq_snapshots_game_step_version')
    )
    with op.batch_alter_table('snapshots', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_snapshots_game_id'), ['game_id'], unique=False)

    _forbid_event_changes()

APPEND_ONLY = "events are append-only: record a correction instead"

def _forbid_event_changes() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER events_no_{action.lower()} BEFORE {action} ON events "
                f"BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END"
            )
    else:
        op.execute(
            "CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS "
            f"$$ BEGIN RAISE EXCEPTION '{APPEND_ONLY}'; END $$"
        )
        op.execute(
            "CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events "
            "FOR EACH ROW EXECUTE FUNCTION events_append_only()"
        )

def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER events_no_update")
        op.execute("DROP TRIGGER events_no_delete")
    else:
        op.execute("DROP TRIGGER events_append_only ON events")
        op.execute("DROP FUNCTION events_append_only()")
    with op.batch_alter_table('snapshots', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_snapshots_game_id'))

    op.drop_table('snapshots')
    with op.batch_alter_table('game_players', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_players_name'))

    op.drop_table('game_players')
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_index('ix_events_game_type')

    op.drop_table('events')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_status'))
        batch_op.drop_index(batch_op.f('ix_games_engine'))
        batch_op.drop_index(batch_op.f('ix_games_created_at'))

    op.drop_table('games')
