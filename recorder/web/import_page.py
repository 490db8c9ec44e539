"""Import games from a file in the browser: the same import as the API and the CLI.

A shared export is a file, and the person it was shared with has a browser, so the home
page takes the file too.  A new write token is a password to its game, and the browser
that imported the game should be able to go on recording it:

* one game imported: its token is kept as a cookie, as after creating a game;
* several: the page offers the tokens as a file to download (NDJSON, as ``flask import
  --tokens`` writes them), and sets no cookies, because a site's cookies are few and
  a bulk import would crowd out the tokens of the games this browser created.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from flask import current_app, make_response, render_template, request

from recorder.exports.bulk import ndjson_line
from recorder.http.auth import remember_token
from recorder.http.current import current_store
from recorder.imports.batch import Report, import_file
from recorder.web.pages import bp, require_csrf


@bp.post("/import")
def import_games() -> Any:
    # Before the form is parsed: the file is the body, so the body limit is the import's.
    request.max_content_length = current_app.config["IMPORT_MAX_BYTES"]
    require_csrf()
    upload = request.files.get("file")
    report = Report()
    if upload is None or not upload.filename:
        return render_template("import.html", report=report, missing=True), 400
    import_file(current_store(), upload.stream, report, upload.filename)
    imported = [game for game in report.games if game.get("write_token")]
    kept = imported if len(imported) == 1 else []
    tokens = "".join(ndjson_line({k: g[k] for k in ("id", "title", "write_token")}) for g in imported)
    response = make_response(render_template(
        "import.html", report=report, missing=False, recordable={game["id"] for game in kept},
        tokens_href="data:application/x-ndjson;charset=utf-8," + quote(tokens) if len(imported) > 1 else None,
    ), 200 if report.games or not report.problems else 422)
    # The page may hold write tokens: no cache may keep it.
    response.headers["Cache-Control"] = "no-store"
    for game in kept:
        remember_token(response, game["id"], game["write_token"])
    return response
