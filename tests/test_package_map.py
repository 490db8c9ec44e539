"""The package map of docs/DESIGN.md ("Package map"), checked: each package imports only
the packages the map allows it, so that an import that breaks the map fails here rather
than in a review.  Read from the source with ``ast`` (no module is imported).  With it,
the two other structural promises: the recorder never probes an engine for a hook, and
no module outside the tests outgrows one job."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The wiring: starts the service and may import anything.
WIRING = {"recorder", "recorder.app", "recorder.asgi", "recorder.cli", "recorder.live_async", "wsgi"}

# package -> the packages it may import (itself always included).  "core" is every other
# module of recorder/ (the store, the models, the hash chain, credentials...).
ALLOWED: dict[str, set[str]] = {
    "engines": set(),
    "core": {"engines"},
    "views": {"engines", "core"},
    "http": {"core"},
    "exports": {"engines", "core"},
    "schemas": {"engines", "core", "exports"},
    "imports": {"engines", "core", "exports", "schemas"},
    "api": {"engines", "core", "views", "http", "exports", "imports", "schemas"},
    "web": {"engines", "core", "views", "http", "exports", "imports", "schemas"},
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
    if len(parts) > 1 and parts[1] in ("views", "http", "exports", "imports", "api", "web", "schemas"):
        return parts[1]
    return "core"


def module_name(path: Path) -> str:
    relative = path.relative_to(ROOT).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path, module: str) -> set[str]:
    """Every module ``path`` (the module ``module``) imports, at the top or inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module.rsplit(".", 1)[0] if path.name != "__init__.py" else module
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            # "from recorder import schemas" imports the module recorder.schemas
            found.update(f"{source}.{alias.name}" if _is_module(f"{source}.{alias.name}") else source
                         for alias in node.names)
    return found


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def sources() -> list[Path]:
    paths = [*sorted((ROOT / "engines").rglob("*.py")), *sorted((ROOT / "recorder").rglob("*.py")), ROOT / "wsgi.py"]
    return [path for path in paths if "migrations" not in path.parts]


def breaches_of(path: Path, module: str) -> list[str]:
    """The imports of one module that the map does not allow."""
    mine = group(module)
    if mine in (None, "wiring"):
        return []
    return [f"{module} ({mine}) imports {target} ({theirs})" for target in sorted(imported(path, module))
            if (theirs := group(target)) not in (None, mine) and theirs not in ALLOWED[mine]]


def test_every_import_keeps_to_the_package_map() -> None:
    assert [breach for path in sources() for breach in breaches_of(path, module_name(path))] == []


def test_the_map_catches_a_face_importing_the_other_and_the_store_importing_a_face(tmp_path: Path) -> None:
    source = tmp_path / "probe.py"
    source.write_text("from recorder.views.frames import changes\n\ndef later():\n"
                      "    from recorder.web import pages\n    from recorder import store\n", encoding="utf-8")
    assert breaches_of(source, "recorder.api.probe") == [
        "recorder.api.probe (api) imports recorder.web.pages (web)"]
    assert breaches_of(source, "recorder.probe") == [
        "recorder.probe (core) imports recorder.views.frames (views)",
        "recorder.probe (core) imports recorder.web.pages (web)"]
    assert breaches_of(source, "recorder.app") == []  # the wiring may import anything


def test_the_recorder_never_probes_an_engine_for_a_hook() -> None:
    # Every hook has a typed default in engines.base.EngineBase: asking is enough.
    probes = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in sources() if path.parts[-2:] != ("engines", "base.py")
              for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
              and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id == "engine"]
    assert probes == []


LONGEST_MODULE = 600  # lines: a module past this holds more than one job (issue 23)


def test_no_module_outside_the_tests_is_longer_than_the_limit() -> None:
    folders = ("engines", "recorder", "serve", "soak", "bench")
    paths = [path for folder in folders for path in (ROOT / folder).rglob("*.py") if "migrations" not in path.parts]
    long = {str(path.relative_to(ROOT)): count for path in paths
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_MODULE}
    assert long == {}
