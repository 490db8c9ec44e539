"""The engine protocol every game implements, and the small value types it speaks.

An engine is pure: no Flask, no database, no clock, no randomness.  State is
plain JSON data (dicts, lists, str, int, bool, None) so that snapshots and
exports can store it and read it back exactly.  ``check`` judges an event and
changes nothing; ``apply`` folds an event *without* judging it, because a stored
event is a fact (the table may have overridden a rule).
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Protocol

from marshmallow import RAISE, Schema

from engines.codes import CheckCode

State = dict[str, Any]
JSON = Any

Severity = Literal["error", "warning", "unverified"]


@dataclass(frozen=True)
class Violation:
    """One judgement on an event: a stable ``code`` for programs, the rulebook
    section in ``rule`` for people, and a ``message`` naming the input."""

    code: str
    rule: str
    message: str
    severity: Severity = "error"

    def to_dict(self) -> dict[str, str]:
        # Written out: dataclasses.asdict deep-copies field by field, and every stored flag passes here.
        return {"code": self.code, "rule": self.rule, "message": self.message, "severity": self.severity}

    @property
    def blocks(self) -> bool:
        """Only errors stop an event; warnings and unverified checks are stored with it."""
        return self.severity == "error"


@dataclass(frozen=True)
class Event:
    """A fact from the table: what happened (``type``), with its ``data``, and
    who did it (``actor``, a player name, or None when nobody in particular)."""

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    actor: str | None = None


class _Unset:
    """The mark of an ``Option.absent`` not given."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


@dataclass(frozen=True)
class Option:
    """One rules-profile switch: its default, the values it accepts and a
    one-line explanation shown when a game is created.

    ``absent`` is what a game stored before the option existed reads as, when that is
    not the default: the behaviour the game was recorded under (Air Alliance's
    ``strict_gain_timing`` came in switched on; the games before it played it off).
    A game's profile is stored whole when it is created, so only older games lack a key."""

    default: JSON
    help: str
    choices: Sequence[JSON] | None = None
    type: Literal["str", "int", "bool", "list", "object"] = "str"
    nullable: bool = False
    # How the New game form names it, in words ("Wondrous Lake may add new spaces"); the
    # option's name, spaced, when None.
    label: str | None = None
    # What the form asks for: "player", one of the players (a seat picker); "per_player",
    # an object of one whole number per player (one field each, e.g. ages).
    form: Literal["player", "per_player"] | None = None
    absent: Any = UNSET

    def accepts(self, value: JSON) -> bool:
        """Whether ``value`` has this option's type (None only when nullable) and is a choice."""
        if value is None:
            return self.nullable
        if not _TYPE_CHECKS[self.type](value):
            return False
        return self.choices is None or value in self.choices

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"default": self.default, "help": self.help, "type": self.type,
                               "nullable": self.nullable}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.label is not None:
            out["label"] = self.label
        if self.form is not None:
            out["form"] = self.form
        return out


_TYPE_CHECKS: dict[str, Callable[[Any], bool]] = {
    "str": lambda v: isinstance(v, str),
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "bool": lambda v: isinstance(v, bool),
    "list": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


class SetupError(ValueError):
    """Players or options that no game can start from (raised by ``setup``).

    ``violations`` says which rule; the recorder answers 422 with them."""

    def __init__(self, violations: Sequence[Violation]):
        super().__init__("; ".join(v.message for v in violations))
        self.violations = list(violations)


@dataclass(frozen=True)
class BoardProblem:
    """One reason a board file cannot be used: the ``field`` it concerns
    (``"tiles.3.cells"``, empty for the file as a whole), a stable ``code`` and the
    ``rule`` it breaks (the rulebook's section, or "Board file"), and a ``message``
    naming the entry ("Tile 7 has 4 spaces; a Landscape tile has 3")."""

    field: str
    code: str
    rule: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "code": self.code, "rule": self.rule, "message": self.message,
                "severity": "error"}

    def violation(self) -> Violation:
        """The problem as a set-up refusal (``SetupError``): a game cannot start on the board."""
        return Violation(self.code, self.rule, f"{self.field}: {self.message}" if self.field else self.message)


@dataclass(frozen=True)
class BoardFile:
    """What an engine's board file holds: the facts of one physical copy of the game that
    its rulebook does not print (a map, card faces, tiles), transcribed once per box and
    reused by every game recorded on it.  Every engine has one, possibly empty.

    ``schema`` is the file's *shape* (a marshmallow schema; unknown fields refused), which
    the recorder answers with 400 naming the field.  ``problems(board)``, asked only of a
    board of the right shape, gives what the rules rule out (a tile with four spaces, two
    cards with one id), answered with 422.  ``facts(board)`` are the declared facts it
    pre-loads (``engines.declared.Fact``), and ``from_game(state)`` is the board file of
    everything a game declared by its last step (its board's facts included), so that the
    next game on the same box types nothing the first one did.  ``json_schema`` names the
    published JSON Schema of the file under ``docs/formats/``.

    A board file is read as sent, never as marshmallow loads it: the board's hash covers
    the raw JSON, so nothing may be converted on the way in."""

    schema: type[Schema]
    problems: Callable[[Mapping[str, Any]], list[BoardProblem]]
    facts: Callable[[Mapping[str, Any]], Sequence[Any]]
    from_game: Callable[[State], dict[str, Any]]
    json_schema: str
    holds: str = ""  # what the file holds, in words for the New game form ("its Starting Tile and Landscape tiles")

    @property
    def holds_nothing(self) -> bool:
        """Whether the file has no sections at all (Panic in the Air prints everything)."""
        return not self.schema().fields

    def shape_errors(self, board: Any) -> dict[str, Any]:
        """marshmallow's messages for a board of the wrong shape (empty when the shape is right)."""
        if not isinstance(board, Mapping):
            return {"_schema": ["A board file is an object of sections"]}
        errors: dict[str, Any] = self.schema().validate(board)
        return errors

    def setup_problems(self, board: Any) -> list[Violation]:
        """Everything that keeps a game from starting on ``board``, shape and rules alike,
        as ``SetupError`` names it (the ``board`` option, or a saved board)."""
        errors = self.shape_errors(board)
        if errors:
            return [Violation("board/shape", "Board file", f"{name}: {message}")
                    for name, message in sorted(_flat_messages(errors).items())]
        return [problem.violation() for problem in self.problems(board)]


class _NoSections(Schema):
    """A board file with no sections: any field is unknown."""

    class Meta:
        unknown = RAISE


def empty_board_file(json_schema: str) -> BoardFile:
    """The board file of a game whose box holds nothing the rulebook does not print: its only
    form is ``{}``, so that every engine speaks the same board protocol."""
    return BoardFile(schema=_NoSections, problems=lambda _board: [], facts=lambda _board: [],
                     from_game=lambda _state: {}, json_schema=json_schema)


def _flat_messages(messages: Any, prefix: str = "") -> dict[str, str]:
    """marshmallow's nested messages as ``{"cards.0.miles": "..."}``."""
    if isinstance(messages, Mapping):
        out: dict[str, str] = {}
        for key, inner in messages.items():
            name = prefix if key == "_schema" else (f"{prefix}.{key}" if prefix else str(key))
            out.update(_flat_messages(inner, name))
        return out
    text = "; ".join(map(str, messages)) if isinstance(messages, list) else str(messages)
    return {prefix or "board": text}


class Engine(Protocol):
    """What the recorder needs from a game.  See ``shared/engines/README.md``.

    ``standings(state)`` returns::

        {"final": bool,
         "players": [{"player": str, "total": int | None, "breakdown": {str: JSON},
                      "status": str, "rank": int | None}],
         "winners": [str]}

    ``expected(state)`` returns::

        {"actors": [str],                # who may act now, the player whose turn it is first
         "event_types": [str],           # which event types are possible now
         "options": {event_type: {field: [choices]}}}   # concrete choices, where enumerable

    An event type's options may also hold ``"shown_when": {field: {other field: [values]}}``
    (dotted paths): ``field`` applies, and is required, only while ``other field`` holds one
    of ``values`` (e.g. a Panic in the Air Fall card's value), so a form asks no more;
    and ``"refused_choices": {field: [{"choice", "code", "rule", "message"}]}``: choices the rules
    forbid the actor now, each with the rule that says so, which the recording page shows
    apart so a table can still rule otherwise (a card onto a Solo-protected character);
    and ``"presets": [{"label", "data"}]``: whole events worth one tap of their own (Panic
    in the Air's R.I.P. draw), beside the type's ordinary form;
    and ``"suggested": {field: choice}``: the choice a form starts on, one of the offered
    ones, when one is far the most usual (Panic in the Air: a card on one's own character).

    ``expected`` may hold ``"actors_of": {event_type: [str]}`` for an event type only some
    of ``actors`` may take now (Panic in the Air's late parachute): the recording page
    then records it for one of them, never for whoever happens to be selected; and
    ``"minor": [event_type]``, the types that happen seldom, which the page shows small,
    after the rest (Pan Am's path that runs out).

    The hooks after ``describe`` are for the pages (docs/WEB.md, "Engine hooks for the
    pages"); ``EngineBase`` gives each a default, so that every engine has them all.  Among
    them ``table_view(state, standings) -> (state, standings)``: what the table sees while
    the game is played, without what the rules keep hidden (Panic in the Air: no deck count,
    each stack only its top card, no distance; a state that is over is its own view).  The
    viewer and the recording page show every step of a game not over at its latest step
    through it when ``hides_information``; ``/state`` and ``/events`` stay complete.  Its
    companion ``table_changes(before, after, event) -> [str]`` is ``changes`` in the same
    terms, from the two whole states.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    options: ClassVar[Mapping[str, Option]]
    event_schemas: ClassVar[Mapping[str, type[Schema]]]
    board_file: ClassVar[BoardFile]
    # Every check code the engine's own rules report (``engines/<game>/codes.py``); the
    # generic ones (``engines.codes.GENERIC_CODES``) are every engine's.
    codes: ClassVar[Mapping[str, CheckCode]]

    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              board: Mapping[str, Any] | None = None) -> State:
        """The table before the first event.  ``board`` is the saved board the game is
        recorded on (a board file, already of the right shape); its facts are declared
        before the first event.  SetupError when no game can start."""
        ...

    def check(self, state: State, event: Event) -> list[Violation]: ...

    def apply(self, state: State, event: Event) -> State: ...

    def standings(self, state: State) -> dict[str, Any]: ...

    def is_over(self, state: State) -> bool: ...

    def expected(self, state: State) -> dict[str, Any]: ...

    def describe(self, state: State, event: Event) -> str: ...

    event_labels: ClassVar[Mapping[str, str]]
    hides_information: ClassVar[bool]
    rules_history: ClassVar[tuple[RulesVersion, ...]]

    def versions_since(self, recorded_under: str) -> tuple[RulesVersion, ...]: ...

    def upcast(self, event: Event, recorded_under: str) -> Event: ...

    def apply_in_place(self, state: State, event: Event) -> State: ...

    def actors(self, state: State) -> list[str]: ...

    def position(self, state: State) -> dict[str, Any] | None: ...

    def seat_colours(self, state: State) -> list[str | None]: ...

    def board_view(self, state: State) -> dict[str, Any]: ...

    def changes(self, before: State, after: State, event: Event) -> list[str]: ...

    def table_view(self, state: State, standings: Mapping[str, Any]) -> tuple[State, Mapping[str, Any]]: ...

    def table_changes(self, before: State, after: State, event: Event) -> list[str]: ...


EventUpcast = Callable[["Event"], "Event"]


@dataclass(frozen=True)
class RulesVersion:
    """One version of an engine's rules (``EngineBase.rules_history``, oldest first):
    what changed from the version before (``changes``, for people), and ``upcast``,
    which lifts an event recorded under the version before to this version's shape
    (None: no event's shape changed).  A stored event is never rewritten: the store
    upcasts each event of an older game as it reads it.  An upcast leaves an event that
    already has the new shape as it is, since an older game may still be continued."""

    version: str
    changes: str
    upcast: EventUpcast | None = None


def stored_profile(engine: Engine, options: Mapping[str, Any]) -> dict[str, Any]:
    """A stored game's options, each option it predates given its ``absent`` value.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(options={"kept": Option(1, "x"), "added": Option(True, "y", absent=False)})
    >>> stored_profile(game, {"kept": 2})
    {'added': False, 'kept': 2}
    """
    missing = {name: spec.absent for name, spec in engine.options.items()
               if name not in options and spec.absent is not UNSET}
    return {**missing, **options}


EventCheck = Callable[[State, str, "str | None", Mapping[str, Any]], list[Violation]]
EventFold = Callable[[State, str, "str | None", Mapping[str, Any]], State]
EventWords = Callable[[State, str, "str | None", Mapping[str, Any]], str]


@dataclass(frozen=True)
class EventFunctions:
    """A game's pure functions of (state, type, actor, data), which ``EngineBase`` calls
    with an ``Event`` unpacked: ``check`` judges, ``apply`` folds a copy, ``describe``
    words it from the state before.  ``apply_in_place``, for a game whose ``apply``
    copies its whole table, changes the state it is given and returns it (folds that
    made the state themselves use it, see ``EngineBase.apply_in_place``).

    Held in a value rather than as callables on the class: a function stored on a class
    would be bound as a method, and a type checker could not tell the two apart."""

    check: EventCheck
    apply: EventFold
    describe: EventWords
    apply_in_place: EventFold | None = None


class EngineBase:
    """What every engine shares, so that the recorder asks an engine and never probes it:
    the ``Event`` unpacked for the game's ``functions``, and a typed default for every
    optional hook of ``Engine`` (an engine overrides the ones its game needs, by a method
    or by ``hook = staticmethod(function)``)."""

    functions: ClassVar[EventFunctions]
    # An event type's name for people where its name would read wrong ("End of PHASE 1").
    event_labels: ClassVar[Mapping[str, str]] = {}
    # Whether the rules keep something from the table while the game is played: then the
    # pages show ``table_view`` of each step of a game not over (docs/WEB.md).
    hides_information: ClassVar[bool] = False
    # The check codes the game's rules report, each with its sections and rule (none by default).
    codes: ClassVar[Mapping[str, CheckCode]] = {}
    # Every version of the rules a stored game may have been recorded under, oldest first,
    # the current ``rules_version`` last (docs/DESIGN.md, "Rules versions").
    rules_history: ClassVar[tuple[RulesVersion, ...]] = ()
    rules_version: ClassVar[str]

    def versions_since(self, recorded_under: str) -> tuple[RulesVersion, ...]:
        """The versions of the rules after ``recorded_under``, oldest first: none for a
        game of today's rules (or of a version the history does not know)."""
        versions = [entry.version for entry in self.rules_history]
        if recorded_under == self.rules_version or recorded_under not in versions:
            return ()
        return self.rules_history[versions.index(recorded_under) + 1:]

    def upcast(self, event: Event, recorded_under: str) -> Event:
        """``event``, recorded under the rules ``recorded_under``, lifted to the current
        shape by the upcasts of every later version in turn; itself when it is current."""
        if recorded_under == self.rules_version:
            return event
        for later in self.versions_since(recorded_under):
            if later.upcast is not None:
                event = later.upcast(event)
        return event

    def standings(self, state: State) -> dict[str, Any]:
        raise NotImplementedError

    def expected(self, state: State) -> dict[str, Any]:
        raise NotImplementedError

    def check(self, state: State, event: Event) -> list[Violation]:
        """Every rule the event breaks; changes nothing."""
        return self.functions.check(state, event.type, event.actor, event.data)

    def apply(self, state: State, event: Event) -> State:
        """The state with the event folded in, without judging it; ``state`` is not changed."""
        return self.functions.apply(state, event.type, event.actor, event.data)

    def apply_in_place(self, state: State, event: Event) -> State:
        """``apply`` for a fold that made ``state`` itself and keeps no reference to it:
        may change ``state`` and return it, which spares a game that copies its whole
        table a copy per event.  Without an in-place function, simply ``apply``."""
        in_place = self.functions.apply_in_place
        return in_place(state, event.type, event.actor, event.data) if in_place else self.apply(state, event)

    def describe(self, state: State, event: Event) -> str:
        """One line for the game log, from the state before the event."""
        return self.functions.describe(state, event.type, event.actor, event.data)

    def actors(self, state: State) -> list[str]:
        """Who may act now, the player whose turn it is first: ``expected``'s ``actors``.
        A game whose offers cost time to build answers this alone, more cheaply."""
        return list(self.expected(state).get("actors", []))

    def position(self, state: State) -> dict[str, Any] | None:
        """Where in the game a state is: ``{"round", "turn", "label"}`` (``"detail"`` too,
        where the game has one), or None for a game that does not say."""
        return None

    def seat_colours(self, state: State) -> list[str | None]:
        """Each seat's piece colour (``#rrggbb``), in seat order, for games whose pieces
        have colours the pages should wear; none by default."""
        return []

    def board_view(self, state: State) -> dict[str, Any]:
        """What the game's board partial reads, derived once (geometry, rows); nothing by default."""
        return {}

    def changes(self, before: State, after: State, event: Event) -> list[str]:
        """What the event changed, in words: by default each player's change of total."""
        return total_changes(self.standings(before), self.standings(after))

    def table_view(self, state: State, standings: Mapping[str, Any]) -> tuple[State, Mapping[str, Any]]:
        """The state and standings as the table sees them while the game is played, without
        what the rules keep hidden; the whole truth for a game that hides nothing."""
        return state, standings

    def table_changes(self, before: State, after: State, event: Event) -> list[str]:
        """``changes`` in the table's terms, from the two whole states: ``changes`` of the two views."""
        seen_before = self.table_view(before, self.standings(before))[0]
        seen_after = self.table_view(after, self.standings(after))[0]
        return self.changes(seen_before, seen_after, event)


def total_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """Each player's change of total between two standings, as "Ana: 3 → 5".

    >>> total_changes({"players": [{"player": "Ana", "total": 3}]}, {"players": [{"player": "Ana", "total": 5}]})
    ['Ana: 3 → 5']
    """
    old = {row["player"]: row["total"] for row in before["players"]}
    return [f"{row['player']}: {old.get(row['player'])} → {row['total']}"
            for row in after["players"] if old.get(row["player"]) != row["total"]]


def resolve_options(engine: Engine, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The full rules profile: every option, the given value or its default.

    Unknown names, values of the wrong type and values outside ``choices``
    raise ``SetupError`` so that a typo never silently falls back to a default."""
    given = dict(given or {})
    problems = [
        Violation("options/unknown", "Rules profile", f"Unknown option {name!r} for {engine.name}")
        for name in sorted(set(given) - set(engine.options))
    ]
    resolved: dict[str, Any] = {}
    for name, spec in engine.options.items():
        value = given.get(name, spec.default)
        if not spec.accepts(value):
            wanted = f"one of {list(spec.choices)}" if spec.choices is not None else f"of type {spec.type}"
            if spec.nullable:
                wanted += " or null"
            problems.append(
                Violation("options/invalid", "Rules profile", f"Option {name!r} must be {wanted}, not {value!r}")
            )
        resolved[name] = value
    if problems:
        raise SetupError(problems)
    return resolved


def json_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars).

    A round trip through ``marshal``, which walks the structure in C: three times
    faster than a recursive copy written in Python, and folds copy a state per event.

    >>> original = {"a": [1, {"b": 2}]}
    >>> copy = json_copy(original)
    >>> copy == original and copy["a"] is not original["a"]
    True
    """
    return marshal.loads(marshal.dumps(value))


def seat_problems(
    players: Sequence[Any], code: str, rule: str, title: str, fewest: int, most: int
) -> list[Violation]:
    """The set-up rule every game shares: ``fewest`` to ``most`` players, each a distinct,
    non-empty name.  ``code`` and ``rule`` are the game's own (e.g. PN-C01, IP-C01)."""
    problems: list[Violation] = []
    n = len(players)
    if not fewest <= n <= most:
        problems.append(Violation(code, rule, f"{title} is played by {fewest} to {most} players, not {n}"))
    names = [p for p in players if isinstance(p, str) and p.strip()]
    if len(names) != n:
        problems.append(Violation(code, rule, "Every player needs a non-empty name"))
    twice = sorted({p for p in names if names.count(p) > 1})
    if twice:
        problems.append(Violation(code, rule, f"Player names must differ: {', '.join(twice)} given twice"))
    return problems


def chosen_board(engine: Engine, option: Any, saved: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """The board file a game starts from: the saved board it is recorded on (``saved``), or
    the older ``board`` option's file (``option``), never both; None without either.  A
    file that cannot be used raises ``SetupError`` naming why."""
    if option is not None and saved is not None:
        raise SetupError([Violation("board/twice", "Board file", "A game is recorded on a saved board or "
                                    "on the board option's file, not on both")])
    board: Mapping[str, Any] | None = saved if saved is not None else option
    if board is not None:
        problems = engine.board_file.setup_problems(board)
        if problems:
            raise SetupError(problems)
    return board
