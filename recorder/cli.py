"""``flask`` commands: init-db, demo, verify, replay."""

from __future__ import annotations

import sys

import click
from flask import Flask, current_app

import engines
from recorder.errors import StoreError
from recorder.store import EventStore


def _store() -> EventStore:
    return current_app.extensions["tablescribe.store"]  # type: ignore[no-any-return]


def register_cli(app: Flask) -> None:
    @app.cli.command("init-db")
    def init_db() -> None:
        """Create or migrate the database schema (Alembic, to the latest revision)."""
        from recorder.migrate import upgrade

        upgrade(current_app.extensions["tablescribe.db"])
        click.echo("Database is at the latest schema.")

    @app.cli.command("demo")
    def demo() -> None:
        """Load the demo games (each once), recording them event by event."""
        from recorder.demo import load_demo_games

        for game_id, title, new in load_demo_games(_store()):
            click.echo(f"{'loaded ' if new else 'present'} {game_id}  {title}")

    @app.cli.command("verify")
    @click.argument("game_id")
    def verify(game_id: str) -> None:
        """Recompute a game's hash chain; exit 1 and name the first broken event if it fails."""
        try:
            report = _store().verify(game_id)
        except StoreError as exc:
            raise click.ClickException(exc.message) from None
        if report["ok"]:
            click.echo(f"OK: {report['events']} events, chain intact")
            return
        broken = report["first_broken"]
        click.echo(f"BROKEN at event {broken['seq']}: {broken['reason']}", err=True)
        sys.exit(1)

    @app.cli.command("replay")
    @click.argument("game_id")
    def replay(game_id: str) -> None:
        """Print the effective log with its describe lines, then the standings."""
        store = _store()
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
