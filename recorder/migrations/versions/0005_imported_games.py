"""Imported games are marked: ``games.imported`` says how an imported game came, when, at
which version, whose signature its head carried and whether this server knows that key
(recorder/provenance.py).  NULL for a game recorded on this server, and so for
every game stored before this revision: an import did not say where it came from then,
and is not guessed at now.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03 07:30:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN on both databases: SQLite's batch mode would rebuild ``games``.
    op.add_column('games', sa.Column('imported', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('games', schema=None, recreate="never") as batch_op:
        batch_op.drop_column('imported')
