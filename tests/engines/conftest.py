"""Fixtures for the engine suites."""

from __future__ import annotations

import pytest

import engines
from engines.base import Engine


@pytest.fixture(scope="session")
def pita() -> Engine:
    """The Panic in the Air engine, as the registry serves it (stateless, so shared)."""
    return engines.find("panic-in-the-air")


@pytest.fixture(scope="session")
def pa() -> Engine:
    """The Pan Am engine, as the registry serves it (stateless, so shared)."""
    return engines.find("pan-am")
