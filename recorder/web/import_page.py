"""Import games from a file in the browser: the same import as the API and the CLI.

A shared export is a file, and the person it was shared with has a browser, so the home
page takes the file too.  The browser that imports a game gets its write token as a
cookie (for at most ``MAX_TOKEN_COOKIES`` games, since browsers cap cookies per site)
so it can go on recording, as it would after creating the game.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, make_response, render_template, request

from recorder.imports.batch import Report, import_file
from recorder.web.auth import remember_token
from recorder.web.pages import bp, require_csrf, store

MAX_TOKEN_COOKIES = 20


@bp.post("/import")
def import_games() -> Any:
    # Before the form is parsed: the file is the body, so the body limit is the import's.
    request.max_content_length = current_app.config["IMPORT_MAX_BYTES"]
    require_csrf()
    upload = request.files.get("file")
    report = Report()
    if upload is None or not upload.filename:
        return render_template("import.html", report=report, missing=True), 400
    import_file(store(), upload.stream, report, upload.filename)
    status = 200 if report.games or not report.problems else 422
    kept = [game for game in report.games if game.get("write_token")][:MAX_TOKEN_COOKIES]
    response = make_response(render_template("import.html", report=report, missing=False,
                                             recordable={game["id"] for game in kept}), status)
    for game in kept:
        remember_token(response, game["id"], game["write_token"])
    return response
