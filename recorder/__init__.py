"""Tablescribe's recorder: the event store, its HTTP API, and its command line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    from recorder.app import create_app as _create_app

    return _create_app(test_config)


def close_app(app: Flask) -> None:
    from recorder.app import close_app as _close_app

    _close_app(app)
