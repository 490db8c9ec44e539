"""The HTML side: home, recording and viewer pages (Jinja), with their helpers."""

from __future__ import annotations

from flask import Blueprint


def blueprint() -> Blueprint:
    """The pages' blueprint with every page's views on it: each page module registers its
    own when imported, so the shared module (``pages``) imports none of them."""
    from recorder.web import boards_page, home_page, import_page, record_page, viewer_page  # noqa: F401
    from recorder.web.pages import bp

    return bp
