"""Compare what an engine answers at two revisions: a refactoring of an engine (a move onto
``TableEngine``, an optimisation) must judge, word and fold every event as before.

    python scripts/engine_probe.py compare panamax e7c5cd1          # that revision vs the working tree
    python scripts/engine_probe.py compare pan-am e7c5cd1 HEAD
    python scripts/engine_probe.py dump panamax /tmp/panamax.jsonl  # this checkout's answers

At every step of the engine's demo game (and, where its demo offers candidates, of two
random walks through them) it records ``check`` (codes, sections, messages), ``describe``,
a hash of ``apply``'s and ``apply_in_place``'s states, ``expected`` and ``standings``, for
the real event and for probes around it: an unknown type, a stranger, no actor, each other
player, other event types with the same data, empty data; and after the end, every type.
A revision is read with ``git archive`` into a temporary folder and probed there, so the
two never share an import.  Exit status 1 when the answers differ."""

from __future__ import annotations

import argparse
import copy
import hashlib
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SEEDS = (7, 11)
WALK = 400  # events at most in a random walk


def _hash(value: Any) -> str:
    return hashlib.sha1(json.dumps(value, sort_keys=True, default=repr).encode()).hexdigest()[:12]


def _answer(call: Callable[..., Any], *args: Any) -> Any:
    """The answer, or the exception's name: raising is behaviour too."""
    try:
        return call(*args)
    except Exception as exc:  # noqa: BLE001 - what is compared is whether and what it raises
        return f"RAISES {type(exc).__name__}"


def probe_lines(name: str) -> Iterator[dict[str, Any]]:
    """One line per step of each probed game, then one for its end (this checkout's engine)."""
    import engines
    from engines.base import Event

    engine = engines.find(name)
    demo = importlib.import_module(f"{type(engine).__module__.rsplit('.', 1)[0]}.demo")
    record = demo.demo_game()
    players, options = record["players"], record["options"]
    games = [[Event(e["type"], e["data"], e.get("actor")) for e in record["events"]]]
    if hasattr(demo, "candidates"):
        games += [_walk(engine, demo.candidates, players, options, seed) for seed in SEEDS]

    def judged(state: Any, event: Any) -> Any:
        found = _answer(engine.check, state, event)
        return found if isinstance(found, str) else [[v.code, v.rule, v.message, v.blocks] for v in found]

    def row(state: Any, event: Any) -> dict[str, Any]:
        applied = _answer(engine.apply, state, event)
        return {"event": [event.type, event.actor], "check": judged(state, event),
                "words": _answer(engine.describe, state, event),
                "apply": applied if isinstance(applied, str) else _hash(applied)}

    types = list(engine.event_schemas)
    for events in games:
        state = engine.setup(players, options)
        for step, event in enumerate(events):
            before = copy.deepcopy(state)
            probes = [Event("zz_no_such_type", {}, event.actor), Event(event.type, event.data, "Zed"),
                      Event(event.type, event.data, None), Event(event.type, {}, event.actor),
                      *(Event(event.type, event.data, p) for p in players if p != event.actor),
                      *(Event(t, event.data, event.actor) for t in types[:: max(1, len(types) // 6)] if t != event.type)]
            in_place = _answer(engine.apply_in_place, copy.deepcopy(state), event)
            yield {"step": step, "state": _hash(state), "expected": _hash(_answer(engine.expected, state)),
                   "standings": _hash(_answer(engine.standings, state)), "over": engine.is_over(state),
                   "real": row(state, event), "probes": [row(state, p) for p in probes],
                   "in_place": in_place if isinstance(in_place, str) else _hash(in_place)}
            assert state == before, f"a probe changed the state at step {step}"
            state = engine.apply(state, event)
        yield {"end": _hash(state), "over": engine.is_over(state), "standings": _hash(_answer(engine.standings, state)),
               "after": [row(state, Event(t, events[-1].data, players[0])) for t in types]}


def _walk(engine: Any, candidates: Callable[..., Any], players: list[str], options: dict[str, Any],
          seed: int) -> list[Any]:
    """A random walk through the demo's legal candidates: other games than the demo's."""
    die = random.Random(seed)
    state, events = engine.setup(players, options), []
    while len(events) < WALK and not engine.is_over(state):
        legal = [e for e in candidates(engine, state) if not any(v.blocks for v in engine.check(state, e))]
        if not legal:
            break
        events.append(die.choice(legal))
        state = engine.apply(state, events[-1])
    return events


def differences(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> dict[str, list[tuple[Any, Any]]]:
    """What differs, by the field that differs (probes by their event type's field)."""
    found: dict[str, list[tuple[Any, Any]]] = {}
    if len(before) != len(after):
        found["lines"] = [(len(before), len(after))]
    for old, new in zip(before, after, strict=False):
        for key in sorted(set(old) | set(new)):
            if old.get(key) == new.get(key):
                continue
            if key in ("probes", "after") and isinstance(old.get(key), list) and isinstance(new.get(key), list):
                for was, now in zip(old[key], new[key], strict=False):
                    for field in (f for f in was if was[f] != now.get(f)):
                        found.setdefault(f"{key}.{field}", []).append((was, now))
            else:
                found.setdefault(key, []).append((old.get(key), new.get(key)))
    return found


def _dump(name: str, out: Path) -> int:
    lines = list(probe_lines(name))
    out.write_text("".join(json.dumps(line, sort_keys=True, default=repr) + "\n" for line in lines))
    print(f"{name}: {len(lines)} lines, {sum(len(line.get('probes', line.get('after', []))) + 1 for line in lines)} "
          f"probes -> {out}")
    return 0


def _probed_at(name: str, revision: str | None, out: Path) -> list[dict[str, Any]]:
    """The answers at ``revision`` (None: the working tree), probed in its own process."""
    with tempfile.TemporaryDirectory() as folder:
        where = ROOT
        if revision is not None:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], check=True, capture_output=True)
            subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
            where = Path(folder)
        env = {**os.environ, "PYTHONPATH": str(where)}
        subprocess.run([sys.executable, str(ROOT / "scripts" / "engine_probe.py"), "dump", name, str(out)],
                       cwd=where, env=env, check=True)
    return [json.loads(line) for line in out.read_text().splitlines()]


def _compare(name: str, old: str, new: str | None) -> int:
    with tempfile.TemporaryDirectory() as folder:
        before = _probed_at(name, old, Path(folder) / "before.jsonl")
        after = _probed_at(name, new, Path(folder) / "after.jsonl")
    found = differences(before, after)
    for key, pairs in found.items():
        print(f"{key}: {len(pairs)} differ, e.g.\n  before {json.dumps(pairs[0][0])[:400]}\n  after  {json.dumps(pairs[0][1])[:400]}")
    print(f"{name}: {'identical' if not found else 'DIFFERENT'} at {old} and {new or 'the working tree'}")
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    dump = commands.add_parser("dump", help="this checkout's answers, one JSON line a step")
    dump.add_argument("engine")
    dump.add_argument("out", type=Path)
    compare = commands.add_parser("compare", help="the answers at two revisions")
    compare.add_argument("engine")
    compare.add_argument("old")
    compare.add_argument("new", nargs="?", default=None, help="a revision; the working tree when left out")
    args = parser.parse_args(argv)
    if args.command == "dump":
        sys.path.insert(0, os.getcwd())
        return _dump(args.engine, args.out)
    return _compare(args.engine, args.old, args.new)


if __name__ == "__main__":
    sys.exit(main())
