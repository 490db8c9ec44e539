"""The package map of docs/DESIGN.md ("Package map"), checked: each package imports only
the packages the map allows it, so that an import that breaks the map fails here rather
than in a review.  Read from the source with ``ast`` (no module is imported)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The wiring: starts the service and may import anything.
WIRING = {"recorder.app", "recorder.asgi", "recorder.cli", "recorder.live_async", "wsgi"}

# package -> the packages it may import (itself always included).  "core" is every other
# module of recorder/ (the store, the models, the hash chain, credentials...).
ALLOWED: dict[str, set[str]] = {
    "engines": set(),
    "core": {"engines"},
    "views": {"engines", "core"},
    "http": {"core"},
    "exports": {"engines", "core"},
    "imports": {"engines", "core", "exports"},
    "api": {"engines", "core", "views", "http", "exports", "imports"},
    "web": {"engines", "core", "views", "http", "exports", "imports"},
}


def group(module: str) -> str | None:
    """The map's name for a module of ours; None for a third-party or standard one."""
    if module in WIRING:
        return "wiring"
    parts = module.split(".")
    if parts[0] == "engines":
        return "engines"
    if parts[0] != "recorder":
        return None
    if len(parts) > 1 and parts[1] in ("views", "http", "exports", "imports", "api", "web"):
        return parts[1]
    return "core"


def module_name(path: Path) -> str:
    relative = path.relative_to(ROOT).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" else module_name(path)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                found.add(".".join(base + ([node.module] if node.module else [])))
            elif node.module:
                found.add(node.module)
    return found


def sources() -> list[Path]:
    paths = [*sorted((ROOT / "engines").rglob("*.py")), *sorted((ROOT / "recorder").rglob("*.py")), ROOT / "wsgi.py"]
    return [path for path in paths if "migrations" not in path.parts]


def breaches() -> list[str]:
    out = []
    for path in sources():
        mine = group(module_name(path))
        if mine in (None, "wiring"):
            continue
        for target in sorted(imported(path)):
            theirs = group(target)
            if theirs is None or theirs == mine or theirs in ALLOWED[mine]:
                continue
            out.append(f"{path.relative_to(ROOT)} ({mine}) imports {target} ({theirs})")
    return out


def test_every_import_keeps_to_the_package_map() -> None:
    assert breaches() == []


def test_the_map_would_catch_a_face_importing_the_other() -> None:
    assert "web" not in ALLOWED["api"] and "api" not in ALLOWED["web"]
    assert group("recorder.web.viewer_page") == "web" and group("recorder.store") == "core"
    assert group("recorder.api.games") == "api" and group("json") is None


def test_the_recorder_never_probes_an_engine_for_a_hook() -> None:
    # Every hook has a typed default in engines.base.EngineBase: asking is enough.
    probes = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in sources() if path.parts[-2:] != ("engines", "base.py")
              for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
              and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == "engine"]
    assert probes == []
