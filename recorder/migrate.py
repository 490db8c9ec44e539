"""Bring a database's schema up to date with Alembic (the one way tables get made)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config(db: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    # Handed over as an object so that passwords in URLs never pass through ini interpolation.
    config.attributes["engine"] = db
    return config


def upgrade(db: Engine, revision: str = "head") -> None:
    command.upgrade(alembic_config(db), revision)
