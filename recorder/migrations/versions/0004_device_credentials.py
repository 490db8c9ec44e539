"""Device credentials: each device that records a game holds a write token of its own.

``device_credentials`` keeps, per game, the SHA-256 digest of each device's token, a label,
when it was made and last used, and ``revoked_at``: a revocation marks the row, it never
deletes it (nor anything of the game's events).  A row with ``role`` 'owner' records an owner
token retired by a rotation (the current owner token stays ``games.write_token_hash``, so every
game and API client made before this revision keeps working).  ``device_invites`` keeps the
digest of each short-lived, single-use invite code a device exchanges for its token.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03 07:00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'device_credentials',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('game_id', sa.String(length=32), sa.ForeignKey('games.id'), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('role', sa.String(length=16), nullable=False),
        sa.Column('label', sa.String(length=100), nullable=False),
        sa.Column('invited_by', sa.String(length=32), nullable=True),
        sa.Column('created_at', sa.String(length=32), nullable=False),
        sa.Column('last_used_at', sa.String(length=32), nullable=True),
        sa.Column('revoked_at', sa.String(length=32), nullable=True),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('token_hash', name='uq_device_credentials_token_hash'),
    )
    op.create_index('ix_device_credentials_game_id', 'device_credentials', ['game_id'], unique=False)
    op.create_table(
        'device_invites',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('game_id', sa.String(length=32), sa.ForeignKey('games.id'), nullable=False),
        sa.Column('code_hash', sa.String(length=64), nullable=False),
        sa.Column('created_by', sa.String(length=32), nullable=True),
        sa.Column('created_at', sa.String(length=32), nullable=False),
        sa.Column('expires_at', sa.String(length=32), nullable=False),
        sa.Column('used_at', sa.String(length=32), nullable=True),
        sa.Column('used_by', sa.String(length=32), nullable=True),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('code_hash', name='uq_device_invites_code_hash'),
    )
    op.create_index('ix_device_invites_game_id', 'device_invites', ['game_id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_device_invites_game_id', table_name='device_invites')
    op.drop_table('device_invites')
    op.drop_index('ix_device_credentials_game_id', table_name='device_credentials')
    op.drop_table('device_credentials')
