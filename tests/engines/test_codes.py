"""Every check code an engine reports is declared once, with every section it is reported
with (``engines/codes.py``, ``engines/<game>/codes.py``), and nothing declared is dead.

Read from the source with ``ast`` (a) and (c): each ``Violation(code, rule, ...)`` and
``BoardProblem(field, code, rule, ...)``, and each call of a helper that passes its own
parameters on as the code or the rule (``seat_problems``, ``_problem``, ``_found``...), with
its code and section resolved where they are literals, module constants (``SHUFFLE_RULE``,
``airports.AIRPORT_RULE``), a local set from one, a conditional of them or a constant dict's
values; and each ``guard_codes`` entry of a ``TableEngine`` (its generic guards' codes).
Played (b): each demo game, with refused variations, reports only declared codes
under declared sections.  Published (d): ``GET /api/engines``.  Written (e): the docs.
"""

from __future__ import annotations

import ast
import importlib
import itertools
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import engines
from engines import codes_doc
from engines.base import Engine, Event, SetupError, Violation
from engines.codes import GENERIC_CODES, CheckCode, codebook, published

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"isle-of-pan": "isle_of_pan", "pan-am": "pan_am", "panamax": "panamax", "air-alliance": "air_alliance",
         "panic-in-the-air": "panic_in_the_air"}
SHARED = ("base.py", "declared.py", "table_engine.py")  # the engines' shared modules that report generic codes

# The one place a code is chosen at run time in a way the scan cannot follow: Pan Am's
# resolution guard unpacks ``code, rule`` from ``_order_code`` or from a conditional pair
# of tuples.  What it can report, read from rules_resolution.py:
DYNAMIC: dict[str, dict[tuple[str, str], set[tuple[str, str]]]] = {
    "pan_am": {("engines/pan_am/rules_resolution.py", "guard"): {
        ("PA-D1", "D. Routes"), ("PA-E-R1", "E. Directives"), ("PA-A1", "A. Airports"),
        ("PA-R1", "3. Resolution Phase"), ("PA-R2", "3. Resolution Phase")}},
}
# Where a problem already judged is reported again under its own code (a board problem as a
# set-up refusal; a generic guard under a game's own legacy code, from its ``guard_codes``,
# which its codes.py declares): nothing new is reported there.
REPORTED_AGAIN = {("engines/base.py", "violation"), ("engines/table_engine.py", "_guard")}

SINKS = {"Violation": (0, "code", 1, "rule"), "BoardProblem": (1, "code", 2, "rule")}
UNKNOWN = "?"


# -- the scan ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Site:
    path: str
    function: str
    line: int


def _module(path: Path) -> ModuleType:
    return importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"))


def _constant_name(name: str) -> bool:
    return name.lstrip("_")[:1].isupper() and name.upper() == name


class Scope:
    """One source file: its module (for the constants' values) and each node's function."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rel = str(path.relative_to(ROOT))
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.module = _module(path)
        self.parent: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parent[child] = node

    def function(self, node: ast.AST) -> ast.FunctionDef | None:
        while node in self.parent:
            node = self.parent[node]
            if isinstance(node, ast.FunctionDef):
                return node
        return None

    def calls(self) -> Iterator[ast.Call]:
        return (node for node in ast.walk(self.tree) if isinstance(node, ast.Call))


def _params(function: ast.FunctionDef | None) -> tuple[list[str], dict[str, ast.expr]]:
    """The positional parameters (without ``self``) and the defaults of a function."""
    if function is None:
        return [], {}
    args = function.args
    positional = [a.arg for a in [*args.posonlyargs, *args.args] if a.arg != "self"]
    defaults = dict(zip(reversed([a.arg for a in args.args]), reversed(args.defaults), strict=False))
    defaults.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None})
    return positional, defaults


def _all_params(function: ast.FunctionDef | None) -> set[str]:
    if function is None:
        return set()
    args = function.args
    return {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]}


def values(scope: Scope, expr: ast.expr, function: ast.FunctionDef | None, depth: int = 0) -> set[str]:
    """The strings ``expr`` can be: ``$name`` for a parameter of ``function`` (passed on by
    its callers), ``?`` for what the scan cannot follow."""
    if depth > 6:
        return {UNKNOWN}
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return {expr.value}
    if isinstance(expr, ast.IfExp):
        return values(scope, expr.body, function, depth + 1) | values(scope, expr.orelse, function, depth + 1)
    if isinstance(expr, ast.Subscript):
        table = expr.value
        if isinstance(table, ast.Dict):
            return set().union(*(values(scope, v, None, depth + 1) for v in table.values))
        if isinstance(table, ast.Name) and _constant_name(table.id) and isinstance(getattr(scope.module, table.id, None), dict):
            found = getattr(scope.module, table.id).values()
            return set(found) if all(isinstance(v, str) for v in found) else {UNKNOWN}
        return {UNKNOWN}
    if isinstance(expr, ast.Name):
        if expr.id in _all_params(function):
            return {f"${expr.id}"}
        if function is not None:
            assigned = [node.value for node in ast.walk(function) if isinstance(node, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == expr.id for t in node.targets)]
            if assigned:
                return set().union(*(values(scope, value, function, depth + 1) for value in assigned))
        if _constant_name(expr.id) and isinstance(getattr(scope.module, expr.id, None), str):
            return {getattr(scope.module, expr.id)}
        return {UNKNOWN}
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and _constant_name(expr.attr):
        owner = getattr(scope.module, expr.value.id, None)
        if isinstance(owner, ModuleType) and isinstance(getattr(owner, expr.attr, None), str):
            return {getattr(owner, expr.attr)}
    return {UNKNOWN}


def _argument(call: ast.Call, position: int | None, keyword: str | None) -> ast.expr | None:
    for given in call.keywords:
        if given.arg is not None and given.arg == keyword:
            return given.value
    if position is not None and position < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[:position + 1]):
        return call.args[position]
    return None


def _callee(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    return call.func.attr if isinstance(call.func, ast.Attribute) else None


# A helper's template: the codes and the sections it reports, each a literal or ``$param``.
Template = tuple[frozenset[str], frozenset[str]]


@dataclass
class Helpers:
    """The helpers found so far: each one's templates, positional parameters and defaults."""

    templates: dict[str, set[Template]]
    params: dict[str, list[str]]
    defaults: dict[tuple[str, str], set[str]]


def _reported(scope: Scope, call: ast.Call, helpers: Helpers) -> list[tuple[set[str], set[str]]]:
    """What one call reports: (codes, sections) for each Violation it makes, in its caller's terms."""
    name = _callee(call)
    function = scope.function(call)
    if name in SINKS:
        code_at, code_kw, rule_at, rule_kw = SINKS[name]
        code, rule = _argument(call, code_at, code_kw), _argument(call, rule_at, rule_kw)
        if code is None or rule is None:
            return []
        return [(values(scope, code, function), values(scope, rule, function))]
    if name not in helpers.templates:
        return []
    return [(_given(scope, call, helpers, name, codes), _given(scope, call, helpers, name, rules))
            for codes, rules in helpers.templates[name]]


def _given(scope: Scope, call: ast.Call, helpers: Helpers, name: str, spec: frozenset[str]) -> set[str]:
    """A helper's template filled in from one call of it: each ``$param`` the value passed
    (or the parameter's default)."""
    positional, function = helpers.params[name], scope.function(call)
    found: set[str] = set()
    for value in spec:
        if not value.startswith("$"):
            found.add(value)
            continue
        param = value[1:]
        passed = _argument(call, positional.index(param) if param in positional else None, param)
        if passed is not None:
            found |= values(scope, passed, function)
        else:
            found |= helpers.defaults.get((name, param), {UNKNOWN})
    return found


@dataclass
class Scan:
    """Every (code, section) a package reports, where, and the sites the scan could not read."""

    pairs: dict[str, set[str]]
    sites: dict[str, list[Site]]
    unread: list[tuple[Site, set[str]]]


def scan(paths: list[Path], shared: list[Path]) -> Scan:
    """The reports of ``paths``, with the helpers of ``shared`` (``seat_problems``) known too."""
    scopes = [Scope(path) for path in [*shared, *paths]]
    helpers = Helpers(defaultdict(set), {}, {})
    for _ in range(10):  # helpers of helpers: until nothing new is learnt
        before = sum(map(len, helpers.templates.values()))
        for scope in scopes:
            for call in scope.calls():
                function = scope.function(call)
                for codes, rules in _reported(scope, call, helpers):
                    if function is not None and any(v.startswith("$") for v in codes | rules):
                        helpers.templates[function.name].add((frozenset(codes), frozenset(rules)))
                        positional, defaults = _params(function)
                        helpers.params[function.name] = positional
                        for param, default in defaults.items():
                            helpers.defaults[(function.name, param)] = values(scope, default, None)
        if sum(map(len, helpers.templates.values())) == before:
            break
    defined = [node.name for scope in scopes for node in ast.walk(scope.tree) if isinstance(node, ast.FunctionDef)]
    twice = sorted(name for name in helpers.templates if defined.count(name) > 1)
    assert twice == [], f"helpers known by name only must have one definition each: {twice}"
    found = Scan(defaultdict(set), defaultdict(list), [])
    for scope in scopes[len(shared):]:
        for call in scope.calls():
            function = scope.function(call)
            site = Site(scope.rel, function.name if function else "", call.lineno)
            for codes, rules in _reported(scope, call, helpers):
                if any(v.startswith("$") for v in codes | rules):
                    continue  # a helper's own call: judged where it is called
                if UNKNOWN in codes:
                    found.unread.append((site, codes))
                    continue
                for code in codes:
                    found.pairs[code] |= rules
                    found.sites[code].append(site)
        for line, codes, rules in _guard_codes(scope):
            for code in codes:
                found.pairs[code] |= rules
                found.sites[code].append(Site(scope.rel, "guard_codes", line))
    return found


def _guard_codes(scope: Scope) -> Iterator[tuple[int, set[str], set[str]]]:
    """A ``TableEngine``'s ``guard_codes``: the codes and sections its generic guards report,
    one ``generic: GuardCode(code, section[, words])`` entry each."""
    for node in ast.walk(scope.tree):
        target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else \
            node.target if isinstance(node, ast.AnnAssign) else None
        if not (isinstance(target, ast.Name) and target.id == "guard_codes" and isinstance(node.value, ast.Dict)):
            continue
        for entry in node.value.values:
            assert isinstance(entry, ast.Call) and isinstance(entry.func, ast.Name) and entry.func.id == "GuardCode" \
                and len(entry.args) >= 2, f"{scope.rel}: guard_codes entries are GuardCode(code, section, ...)"
            yield entry.lineno, values(scope, entry.args[0], None), values(scope, entry.args[1], None)


def game_paths(package: str) -> list[Path]:
    return sorted((ROOT / "engines" / package).rglob("*.py"))


SCANS = {package: scan(game_paths(package), [ROOT / "engines" / name for name in SHARED]) for package in GAMES.values()}
SHARED_SCAN = scan([ROOT / "engines" / name for name in SHARED], [])


def codes_of(package: str) -> dict[str, CheckCode]:
    return dict(importlib.import_module(f"engines.{package}.codes").CODES)


def dynamic(package: str) -> set[tuple[str, str]]:
    return set().union(*DYNAMIC.get(package, {}).values())


def declared(package: str, code: str) -> CheckCode | None:
    return codes_of(package).get(code) or GENERIC_CODES.get(code)


# -- (a) every code and section the source reports is declared --------------------------------


@pytest.mark.parametrize("package", GAMES.values())
def test_every_code_the_source_reports_is_declared_with_its_sections(package: str) -> None:
    found = SCANS[package]
    assert found.pairs, "the scan found no Violation at all: it is broken"
    undeclared = sorted(code for code in found.pairs if declared(package, code) is None)
    assert undeclared == [], f"codes reported but not declared: {[(c, found.sites[c][0]) for c in undeclared]}"
    missing = {code: sorted(rules - set(declared(package, code).sections))  # type: ignore[union-attr]
               for code, rules in found.pairs.items()}
    assert {code: rules for code, rules in missing.items() if rules} == {}, "sections reported but not declared"


@pytest.mark.parametrize("package", GAMES.values())
def test_every_section_the_scan_meets_is_resolved(package: str) -> None:
    unresolved = {code: sorted(rules) for code, rules in SCANS[package].pairs.items() if UNKNOWN in rules}
    assert unresolved == {}, "a section the scan cannot read: follow it in the scan or list it in DYNAMIC"


@pytest.mark.parametrize("package", GAMES.values())
def test_a_code_chosen_at_run_time_is_only_where_listed_and_what_it_can_be_is_declared(package: str) -> None:
    unread = {(site.path, site.function) for site, _ in SCANS[package].unread}
    assert unread == set(DYNAMIC.get(package, {})), "a code the scan cannot read: list what it can be in DYNAMIC"
    for code, section in dynamic(package):
        entry = declared(package, code)
        assert entry is not None and section in entry.sections, (code, section)


def test_the_shared_modules_report_only_generic_codes_under_their_sections() -> None:
    assert {(site.path, site.function) for site, _ in SHARED_SCAN.unread} == REPORTED_AGAIN
    assert SHARED_SCAN.pairs, "the scan found nothing in engines/base.py and engines/declared.py"
    for code, rules in SHARED_SCAN.pairs.items():
        assert code in GENERIC_CODES, code
        assert rules <= set(GENERIC_CODES[code].sections), (code, rules)


@pytest.mark.parametrize("package", GAMES.values())
def test_a_game_declares_its_own_codes_and_no_generic_one(package: str) -> None:
    codes = codes_of(package)
    assert not set(codes) & set(GENERIC_CODES)
    prefix = {"isle_of_pan": "IP-", "pan_am": "PA-", "panamax": "PX-", "air_alliance": "AA-", "panic_in_the_air": "PN-"}
    assert all(code.startswith(prefix[package]) for code in codes)
    assert list(codes) == sorted(codes), "a game's codes are given in code order"
    assert all(key == entry.code for key, entry in codes.items())


# -- (c) nothing declared is dead ------------------------------------------------------------


@pytest.mark.parametrize("package", GAMES.values())
def test_every_declared_code_and_section_is_reported_somewhere(package: str) -> None:
    reported: dict[str, set[str]] = defaultdict(set)
    for code, rules in SCANS[package].pairs.items():
        reported[code] |= rules
    for code, section in dynamic(package):
        reported[code].add(section)
    dead = sorted(set(codes_of(package)) - set(reported))
    assert dead == [], f"declared but reported nowhere in engines/{package}/"
    stale = {code: sorted(set(entry.sections) - reported[code]) for code, entry in codes_of(package).items()}
    assert {code: s for code, s in stale.items() if s} == {}, "sections declared but never reported"


def test_every_generic_code_and_section_is_reported_somewhere() -> None:
    reported: dict[str, set[str]] = defaultdict(set)
    for found in [SHARED_SCAN, *SCANS.values()]:
        for code, rules in found.pairs.items():
            if code in GENERIC_CODES:
                reported[code] |= rules
    assert {code: sorted(set(entry.sections) - reported[code]) for code, entry in GENERIC_CODES.items()
            if set(entry.sections) - reported[code]} == {}


def test_every_word_slash_word_code_in_the_engines_is_generic() -> None:
    codes = {code for found in [SHARED_SCAN, *SCANS.values()] for code in found.pairs if "/" in code}
    assert codes == set(GENERIC_CODES)


# -- (b) the demo games report only declared codes, under declared sections -----------------------


def _judge(engine: Engine, state: Any, event: Event) -> list[Violation]:
    return list(engine.check(state, event))


def demo_reports(name: str) -> Iterator[Violation]:
    """What ``check`` says of each event of the demo, and of refused variations: the next event
    too early, each event again once applied, by another player, by nobody at the table, an
    unknown type, every event after the end; set-up refusals and an unusable board."""
    engine = engines.find(name)
    game = importlib.import_module(f"engines.{GAMES[name]}.demo").demo_game()
    players = list(game["players"])
    state = engine.setup(players, game["options"])
    events = [Event(e["type"], e.get("data", {}), e.get("actor")) for e in game["events"]]
    for event, following in itertools.zip_longest(events, events[1:]):
        yield from _judge(engine, state, event)
        if following is not None:
            yield from _judge(engine, state, following)
        for other in players:
            if event.actor is not None and other != event.actor:
                yield from _judge(engine, state, Event(event.type, event.data, other))
        yield from _judge(engine, state, Event(event.type, event.data, "Nobody at this table"))
        yield from _judge(engine, state, Event("no_such_event", {}, event.actor))
        after = engine.apply(state, event)
        yield from _judge(engine, after, event)
        state = after
    assert engine.is_over(state), "the demo plays a whole game"
    for event in events[-10:]:
        yield from _judge(engine, state, event)
    for bad_players, options in (([players[0]], game["options"]), (players, {**game["options"], "no_such_option": 1})):
        with pytest.raises(SetupError) as refused:
            engine.setup(bad_players, options)
        yield from refused.value.violations
    yield from engine.board_file.setup_problems(["not", "a", "board"])


@pytest.mark.parametrize("name", GAMES)
def test_the_demo_game_and_its_variations_report_only_declared_codes(name: str) -> None:
    reports = list(demo_reports(name))
    seen = {(v.code, v.rule) for v in reports}
    assert len({code for code, _ in seen}) >= 8, "the variations should be refused for several reasons"
    undeclared = sorted(code for code, _ in seen if declared(GAMES[name], code) is None)
    assert undeclared == []
    wrong = sorted((code, rule) for code, rule in seen if rule not in declared(GAMES[name], code).sections)  # type: ignore[union-attr]
    assert wrong == [], "reported under a section its code does not declare"
    assert {"event/unknown-type", "options/unknown", "board/shape"} <= {code for code, _ in seen}


# -- the types ------------------------------------------------------------------------------------


def test_a_codebook_refuses_a_code_given_twice_and_is_read_only() -> None:
    one = CheckCode("XX-C01", ("Set up",), "2 to 4 players")
    with pytest.raises(ValueError, match="given twice"):
        codebook(one, CheckCode("XX-C01", ("Play",), "Again"))
    book = codebook(one)
    with pytest.raises(TypeError):
        book["XX-C02"] = one  # type: ignore[index]


@pytest.mark.parametrize("fields", [("", ("Set up",), "Rule"), ("XX-C01", (), "Rule"), ("XX-C01", ("Set up", "Set up"), "Rule"),
                                    ("XX-C01", ("Set up",), ""), ("XX-C01", ("Set up",), "Two\nlines"),
                                    ("XX-C01", ["Set up"], "Rule")])
def test_a_check_code_has_a_code_sections_and_a_one_line_rule(fields: tuple[Any, Any, Any]) -> None:
    with pytest.raises(ValueError):
        CheckCode(*fields)


def test_every_engine_publishes_its_codes() -> None:
    for engine in engines.all_engines():
        assert dict(engine.codes) == codes_of(GAMES[engine.name])
        listed = published(engine.codes)
        assert [c.code for c in listed] == sorted([*engine.codes, *GENERIC_CODES])
    with pytest.raises(ValueError, match="generic"):
        published(codebook(GENERIC_CODES["board/shape"]))


# -- (d) GET /api/engines lists them ------------------------------------------------------------------


def test_the_engines_api_lists_every_code_with_its_sections_and_rule(client: Any) -> None:
    answer = client.get("/api/engines")
    assert answer.status_code == 200
    by_name = {engine["name"]: engine for engine in answer.get_json()}
    assert set(by_name) == set(GAMES)
    for name, package in GAMES.items():
        listed = by_name[name]["codes"]
        assert [entry["code"] for entry in listed] == sorted([*codes_of(package), *GENERIC_CODES])
        for entry in listed:
            assert set(entry) == {"code", "sections", "rule"}
            wanted = declared(package, entry["code"])
            assert wanted is not None
            assert entry["sections"] == list(wanted.sections) and entry["rule"] == wanted.rule
    ip_c05 = next(e for e in by_name["isle-of-pan"]["codes"] if e["code"] == "IP-C05")
    assert ip_c05["sections"] == ["The Play"]


def test_the_openapi_document_describes_the_codes(client: Any) -> None:
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    assert set(schemas["CheckCodeOut"]["properties"]) == {"code", "sections", "rule"}
    assert schemas["EngineOut"]["properties"]["codes"]["items"]["$ref"].endswith("/CheckCodeOut")


# -- (e) the docs are what the script writes --------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_each_engines_doc_is_up_to_date(name: str) -> None:
    path = ROOT / "docs" / "engines" / f"{name}.md"
    assert path.is_file(), f"run python -m engines.codes_doc to write {path}"
    assert path.read_text(encoding="utf-8") == codes_doc.page(engines.find(name)), \
        f"{path} is out of date: run python -m engines.codes_doc"


def test_the_docs_script_checks_and_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert codes_doc.main(["--check"]) == 0
    assert codes_doc.main(["--check", "--docs", str(tmp_path)]) == 1
    assert "out of date" in capsys.readouterr().err
    assert codes_doc.main(["--docs", str(tmp_path)]) == 0
    assert codes_doc.main(["--check", "--docs", str(tmp_path)]) == 0
    written = (tmp_path / "panamax.md").read_text(encoding="utf-8")
    assert "engines/panamax/codes.py" in written and "| `PX-M10` | When a ship arrives at the end of the Canal |" in written
    assert written.count("\n| `") == len(codes_of("panamax")) + len(GENERIC_CODES)
