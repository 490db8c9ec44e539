"""``flask`` commands: init-db, demo, verify, replay, export, import, backup, restore."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

import click
from flask import Flask, current_app

import engines
from recorder.db import make_engine
from recorder.errors import StoreError
from recorder.exports.bulk import game_lines, ndjson_line
from recorder.exports.formats import FORMATS, TABLES, export_one
from recorder.http.current import current_store
from recorder.imports.batch import Report, import_file
from recorder.provenance import describe as describe_origin
from recorder.signing import key_id, key_path, load_or_create
from recorder.store import EventStore


def register_cli(app: Flask) -> None:
    @app.cli.command("init-db")
    def init_db() -> None:
        """Create or migrate the database schema (Alembic, to the latest revision)."""
        from recorder.migrate import upgrade

        upgrade(current_app.extensions["tablescribe.db"])
        click.echo("Database is at the latest schema.")
        path = key_path(current_app.config, current_app.instance_path)
        key, created = load_or_create(path)  # made when this app started, unless it was removed since
        created = created or bool(current_app.extensions.get("tablescribe.key_created"))
        click.echo(f"Signing key {key_id(key.public_key())} {'created' if created else 'kept'} in {path} "
                   "(exports are signed with it; keep it private, and back it up with the database).")

    @app.cli.command("demo")
    def demo() -> None:
        """Load the demo games (each once), recording them event by event, and save each
        one's board (illustrative: the demo data is made up)."""
        from recorder.demo import load_demo_boards, load_demo_games

        games = load_demo_games(current_store())
        for game_id, title, new in games:
            click.echo(f"{'loaded ' if new else 'present'} {game_id}  {title}")
        for board_id, name, new in load_demo_boards(current_store(), games):
            click.echo(f"{'saved  ' if new else 'present'} {board_id}  {name}")

    @app.cli.command("verify")
    @click.argument("game_id")
    def verify(game_id: str) -> None:
        """Recompute a game's hash chain; exit 1 and name the first broken event if it fails.
        An intact chain shows the history is self-consistent, not who wrote it: the second
        line says whether it was recorded here or imported, and what its signature showed."""
        try:
            report = current_store().verify(game_id)
            game = current_store().get_game(game_id)
        except StoreError as exc:
            raise click.ClickException(exc.message) from None
        if report["ok"]:
            click.echo(f"OK: {report['events']} events, chain intact (self-consistent; it does not say who wrote it)")
            click.echo(f"Origin: {describe_origin(game.imported)}")
            return
        broken = report["first_broken"]
        click.echo(f"BROKEN at event {broken['seq']}: {broken['reason']}", err=True)
        sys.exit(1)

    @app.cli.command("export")
    @click.argument("game_id", required=False)
    @click.option("--format", "fmt", type=click.Choice(FORMATS), default="json", show_default=True,
                  help="One game: json, csv, txt or play (--all is always NDJSON).")
    @click.option("--table", type=click.Choice(TABLES), default="events", show_default=True, help="Which CSV table.")
    @click.option("--all", "every", is_flag=True, help="Every matching game as NDJSON, one a line.")
    @click.option("--engine", help="With --all: only this engine's games.")
    @click.option("--player", help="With --all: only games this player sat at.")
    @click.option("--status", type=click.Choice(["in_progress", "finished"]), help="With --all: only these games.")
    @click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write here (default: stdout).")
    def export(game_id: str | None, fmt: str, table: str, every: bool, engine: str | None, player: str | None,
               status: str | None, out: Path | None) -> None:
        """Export one game (GAME_ID) or, with --all, many games as NDJSON."""
        if every == (game_id is not None):
            raise click.UsageError("give either a GAME_ID or --all")
        if game_id is not None:
            try:
                found = export_one(current_store(), game_id, fmt, table)
            except StoreError as exc:
                raise click.ClickException(exc.message) from None
            text = json.dumps(found.body, ensure_ascii=False) + "\n" if isinstance(found.body, dict) else found.body
            _write(text, out)
            return
        _, total = current_store().list_games(engine=engine, player=player, status=status, limit=1)
        sink = out.open("w", encoding="utf-8") if out else sys.stdout
        games = events = 0
        try:
            with click.progressbar(length=total, label="Exporting", file=sys.stderr) as bar:
                for line, game_events in game_lines(current_store(), engine=engine, player=player, status=status):
                    sink.write(line)
                    games += 1
                    events += game_events
                    bar.update(1)
        finally:
            if out:
                sink.close()
        click.echo(f"Exported {games} games ({events} events){f' to {out}' if out else ''}.", err=True)

    @app.cli.command("import")
    @click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option("--tokens", type=click.Path(dir_okay=False, path_type=Path),
                  help="Add each imported game's new write token to this file (NDJSON: id, title, write_token; "
                       "created readable by you alone).")
    def import_(files: tuple[Path, ...], tokens: Path | None) -> None:
        """Import games from tablescribe-game JSON or NDJSON files (exit 1 if any game is refused)."""
        sink = _private_appender(tokens) if tokens is not None else None
        # The report lists the first problems only; the terminal hears each as it comes.
        report = Report(on_game=lambda game: _note_token(sink, game),
                        on_problem=lambda problem: click.echo(_refusal_line(problem), err=True))
        try:
            for path in files:
                with path.open("rb") as file, click.progressbar(
                        length=path.stat().st_size, label=f"Importing {path.name}", file=sys.stderr) as bar:
                    import_file(current_store(), file, report, str(path), bar.update)
        finally:
            if sink is not None:
                sink.close()
        click.echo(report.summary() + (f" Write tokens in {tokens}." if tokens is not None else ""), err=True)
        if report.refused:
            sys.exit(1)

    @app.cli.command("backup")
    @click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
    def backup_(out: Path) -> None:
        """Copy the whole database to OUT (SQLite: online backup; PostgreSQL: pg_dump), then verify it."""
        from recorder.backup import BackupError, backup

        db = current_app.extensions["tablescribe.db"]
        try:
            backup(db, out)
        except BackupError as exc:
            raise click.ClickException(str(exc)) from None
        # SQLite: verify the copy itself; PostgreSQL: the dump is only readable by restoring
        # it, so verify the database it was taken from.
        checked = EventStore(make_engine(f"sqlite:///{out}")) if db.dialect.name == "sqlite" else current_store()
        _report_verified(checked, f"Backed up to {out}")

    @app.cli.command("restore")
    @click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    def restore_(source: Path) -> None:
        """Load the backup SOURCE into this (empty) database, then verify every game."""
        from recorder.backup import BackupError, restore

        try:
            restore(current_app.extensions["tablescribe.db"], source)
        except BackupError as exc:
            raise click.ClickException(str(exc)) from None
        _report_verified(current_store(), f"Restored {source}")

    @app.cli.command("replay")
    @click.argument("game_id")
    def replay(game_id: str) -> None:
        """Print the effective log with its describe lines, then the standings."""
        store = current_store()
        try:
            game = store.get_game(game_id)
            log = store.effective_log(game_id)
            frame = store.state_at(game_id)
        except StoreError as exc:
            raise click.ClickException(exc.message) from None
        engine = engines.find(game.engine)
        click.echo(f"{game.title}  ({engine.title}, rules {game.rules_version})")
        for entry in log:
            if entry["kind"] == "note":
                click.echo(f"      note: {entry['text']}")
                continue
            mark = " [override]" if entry["override"] else (" [flagged]" if entry["flags"] else "")
            click.echo(f"{entry['step']:>4}. {entry['describe']}{mark}")
        click.echo(format_standings(engine.standings(frame.state)))


def _report_verified(store: EventStore, done: str) -> None:
    """Verify every game of ``store``; say so, or name the broken ones and exit 1."""
    from recorder.backup import verify_all

    verified = verify_all(store)
    if verified.broken:
        click.echo(f"{done}, but {len(verified.broken)} games fail verify: {', '.join(verified.broken)}", err=True)
        sys.exit(1)
    click.echo(f"{done}: {verified.games} games, {verified.events} events, every hash chain verified.")


def _refusal_line(problem: dict[str, Any]) -> str:
    """One refused game for the terminal: where, which game, which event, why."""
    where = ", ".join(part for part in (
        f"{problem['file']} line {problem['line']}" if problem["line"] else problem["file"],
        f"game {problem['game']}" if problem["game"] else "",
        f"event {problem['seq']}" if problem["seq"] else "") if part)
    return f"refused: {where}: {problem['code']}: {problem['message']}"


def _private_appender(path: Path) -> TextIO:
    """``path`` opened to add to (earlier tokens are never overwritten), created 0600:
    a write token is a password to the game."""
    return os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "a", encoding="utf-8")


def _note_token(sink: TextIO | None, game: dict[str, Any]) -> None:
    """Write a newly imported game's token down at once, before the next game is tried."""
    if sink is not None and game.get("write_token"):
        sink.write(ndjson_line({key: game[key] for key in ("id", "title", "write_token")}))
        sink.flush()


def _write(text: str, out: Path | None) -> None:
    """To the file named, or to stdout."""
    if out is None:
        click.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")


def format_standings(standings: dict) -> str:  # type: ignore[type-arg]
    title = "Final standings" if standings["final"] else "Standings so far"
    lines = [title + ":"]
    for row in sorted(standings["players"], key=lambda r: (r["rank"] is None, r["rank"] or 0)):
        rank = f"{row['rank']}." if row["rank"] is not None else "-"
        total = "" if row["total"] is None else str(row["total"])
        lines.append(f"  {rank:>3} {row['player']:<20} {total:>8}  {row['status']}")
    winners = standings.get("winners") or []
    lines.append("Winner(s): " + (", ".join(winners) if winners else "none"))
    return "\n".join(lines)
