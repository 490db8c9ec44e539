"""``TableEngine``: the one engine structure a new game is built on (docs/DESIGN.md, "One
engine structure"; ``engines/_template/`` shows it whole).  Each event type is one
``EventRule``; the base runs the generic guards, owns the refused-event fallback and
builds ``expected`` and ``event_schemas`` from the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, NamedTuple

from marshmallow import Schema

from engines.base import EngineBase, Event, State, Violation, json_copy

RuleCheck = Callable[[State, str, Mapping[str, Any]], list[Violation]]
RuleFold = Callable[[State, str, Mapping[str, Any]], None]
RuleWords = Callable[[State, str, Mapping[str, Any]], str]
RuleOffers = Callable[[State, str], dict[str, Any]]


@dataclass(frozen=True)
class EventRule:
    """One event type of a game, declared once: its ``schema`` (the data's shape), its
    ``check`` (the rules it may break, for the actor ``who``), its ``apply`` (the fold, in
    place on a state the engine copied), its ``words`` (the log's line, from the state
    before) and its ``offers`` (the concrete choices ``expected`` lists, where they can be
    enumerated).  ``by`` says who may record it: the player whose turn it is, or anyone
    at the table (a card revealed, a count declared)."""

    schema: type[Schema]
    check: RuleCheck
    apply: RuleFold
    words: RuleWords
    offers: RuleOffers | None = None
    by: Literal["turn", "table"] = "turn"


# The generic guards' codes, one per idea, for engines built on ``TableEngine``.  The
# five first engines keep the codes their stored games were judged with (IP-C05...).
UNKNOWN_TYPE = "event/unknown-type"
GAME_OVER = "event/game-over"
UNKNOWN_PLAYER = "event/unknown-player"
NOT_YOUR_TURN = "event/not-your-turn"


class GuardCode(NamedTuple):
    """A generic guard under a game's own code: the ``code`` and rulebook section (``rule``)
    its stored games were judged with, and optionally its own ``words``, a ``str.format``
    template of ``{type}`` (the event's type) and ``{actor}`` (who sent it), and for the
    turn guard ``{current}`` and ``{who}``."""

    code: str
    rule: str
    words: str | None = None


class TableEngine(EngineBase):
    """An engine whose event types are one table of ``EventRule`` (``event_rules``): the
    base runs the generic guards in one order, and each rule's check only after them.

    The guards, the first that fails the only answer:

    1. an event type not in the table          -> ``event/unknown-type``
    2. the game is over (``is_over``)           -> ``event/game-over``
    3. an actor who is not a player            -> ``event/unknown-player``
       (2 and 3 in ``guard_order``: a game whose stored games named a stranger first
       declares ``(UNKNOWN_PLAYER, GAME_OVER)``)
    4. a ``by="turn"`` event of another player -> ``event/not-your-turn`` (``turn_guard``,
       which a game may widen: a player who may still act right after their turn)
    5. the game's own guards (``table_guards``: a free action due first, say)

    then the rule's ``check``.  An event sent without an actor is the current player's
    (``actor_of``).  A game whose stored games were judged with codes of its own for
    these ideas names them in ``guard_codes`` (generic code -> ``GuardCode``: its code,
    its rulebook section and, if it had them, its words): a code once stored keeps its
    meaning, and a refusal once stored its message.

    ``apply`` folds a ``copy`` through ``fold`` (the rule's ``apply``, which a game may wrap
    with what follows every event: a step counter, a pending effect settled).  A refused
    event recorded anyway (a table's ruling) folds as far as its rule can read it; one
    whose data the fold cannot read at all becomes ``unfolded``; an unknown type or an
    event after the end is ``unchanged`` (both a copy of the state by default), unless
    the game ``folds_after_end`` (a ruling after the end folds as any refused event).  A
    *legal* event that fails to fold is a bug, and raises.  With ``folds_in_place`` a
    legal event folds into the state a replay made (``apply_in_place``), sparing a copy
    of a large table.

    A game names its players, whose turn it is and which event types are possible now;
    ``expected`` is built from those and the rules' ``offers``."""

    event_rules: ClassVar[Mapping[str, EventRule]]
    title: ClassVar[str]
    guard_codes: ClassVar[Mapping[str, GuardCode]] = {}
    guard_order: ClassVar[tuple[str, str]] = (GAME_OVER, UNKNOWN_PLAYER)
    folds_in_place: ClassVar[bool] = False
    folds_after_end: ClassVar[bool] = False
    # A game whose folds read whatever a table recorded, refused or not, without raising,
    # folds a replay in place without judging each event first (a judgement per event is
    # most of such a replay's time).
    folds_anything: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        rules = cls.__dict__.get("event_rules")
        if rules is not None:
            cls.event_schemas = {event_type: rule.schema for event_type, rule in rules.items()}

    event_schemas: ClassVar[Mapping[str, type[Schema]]]

    def players(self, state: State) -> list[str]:
        """The players, in seat order."""
        raise NotImplementedError

    def current(self, state: State) -> str | None:
        """The player whose turn it is, None when it is nobody's (the set-up)."""
        raise NotImplementedError

    def possible(self, state: State) -> list[str]:
        """The event types possible now (the game is not over)."""
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def turn_guard(self, state: State, event: Event, who: str) -> list[Violation]:
        """Guard 4: a ``by="turn"`` event is the current player's.  A game overrides it where
        its rules let someone else act (and calls this for everything else)."""
        current = self.current(state)
        if self.event_rules[event.type].by == "turn" and who != current:
            return self._guard(Violation(NOT_YOUR_TURN, "Turn order", f"It is {current}'s turn, not {who}'s"),
                               type=event.type, actor=event.actor, current=current, who=who)
        return []

    def table_guards(self, state: State, event: Event, who: str) -> list[Violation]:
        """The game's own guards, after the generic ones and before the rule: none by default."""
        return []

    def fold(self, folded: State, who: str, event: Event) -> None:
        """Fold ``event`` into ``folded`` (a state ``apply`` owns): the rule's ``apply``."""
        self.event_rules[event.type].apply(folded, who, event.data)

    def copy(self, state: State) -> State:
        """The copy ``apply`` folds into: a deep one by default.  A game whose state holds
        what no fold edits (cards that move whole, options) may share it, for speed."""
        return json_copy(state)  # type: ignore[no-any-return]

    def unchanged(self, state: State, event: Event) -> State:
        """The state after an event that changes nothing (a type the game does not know, a
        fact after the end): a copy of ``state``.  A game that counts every event's step
        counts it here."""
        return self.copy(state)

    def unfolded(self, state: State, event: Event) -> State:
        """The state after a refused event whose data no fold can read: as ``unchanged``."""
        return self.unchanged(state, event)

    def over_message(self, state: State, event: Event) -> str:
        """Guard 2's words; a game may say how it ended ("after round 7")."""
        return f"The game is over: no {event.type} can follow"

    def words_actor(self, state: State, event: Event) -> str:
        """Whom the log's line names: the actor, else the current player, else the table."""
        return event.actor if event.actor is not None else (self.current(state) or "The table")

    def unknown_words(self, state: State, event: Event) -> str:
        """The log's line for a type the game does not know (the store refuses one at its
        edge; an engine asked directly still answers): the type's name spaced out."""
        return event.type.replace("_", " ")

    def unreadable_words(self, state: State, event: Event, who: str) -> str:
        """The log's line for a refused event whose words would need what it names."""
        return f"{who}: {event.type.replace('_', ' ')}"

    def _guard(self, generic: Violation, **fields: object) -> list[Violation]:
        """The generic guard's violation, under the game's own code (and words, filled
        from ``fields``) where it has them."""
        own = self.guard_codes.get(generic.code)
        if own is None:
            return [generic]
        message = own.words.format(**fields) if own.words is not None else generic.message
        return [Violation(own.code, own.rule, message)]

    def actor_of(self, state: State, event: Event) -> str:
        """Who an event is judged and folded for: its actor, or the current player for an
        event sent without one.  A game whose rules read no actor as nobody returns ``""``."""
        return event.actor if event.actor is not None else (self.current(state) or "")

    def _generic_guard(self, generic: str, state: State, event: Event) -> list[Violation]:
        if generic == GAME_OVER and self.is_over(state):
            return self._guard(Violation(GAME_OVER, "End of the game", self.over_message(state, event)),
                               type=event.type, actor=event.actor)
        if generic == UNKNOWN_PLAYER and event.actor is not None and event.actor not in self.players(state):
            return self._guard(Violation(UNKNOWN_PLAYER, "Players", f"{event.actor!r} is not a player in this game"),
                               type=event.type, actor=event.actor)
        return []

    def check(self, state: State, event: Event) -> list[Violation]:
        """The guards, in order (``guard_order`` for the middle two), then the event's own rule."""
        rule = self.event_rules.get(event.type)
        if rule is None:
            return self._guard(Violation(UNKNOWN_TYPE, "Events", f"{self.title} has no event type {event.type!r}"),
                               type=event.type, actor=event.actor)
        for generic in self.guard_order:
            found = self._generic_guard(generic, state, event)
            if found:
                return found
        who = self.actor_of(state, event)
        return self.turn_guard(state, event, who) or self.table_guards(state, event, who) \
            or rule.check(state, who, event.data)

    def _refused(self, state: State, event: Event) -> bool:
        return any(violation.blocks for violation in self.check(state, event))

    def apply(self, state: State, event: Event) -> State:
        """The state with the event folded in, without judging it; ``state`` is not changed."""
        if event.type not in self.event_rules or (self.is_over(state) and not self.folds_after_end):
            return self.unchanged(state, event)
        folded = self.copy(state)
        try:
            self.fold(folded, self.actor_of(state, event), event)
        except _UNFOLDABLE:
            if not self._refused(state, event):
                raise
            return self.unfolded(state, event)  # a ruling the fold cannot read: a fact that changes nothing
        return folded

    def apply_in_place(self, state: State, event: Event) -> State:
        """With ``folds_in_place``, a legal event folds into ``state`` itself; otherwise, and
        for a refused event (whose fallback needs the state intact), ``apply``.  A game that
        ``folds_anything`` folds a refused event in place too: it needs no fallback."""
        if not self.folds_in_place or event.type not in self.event_rules or self.is_over(state) \
                or (not self.folds_anything and self._refused(state, event)):
            return self.apply(state, event)
        self.fold(state, self.actor_of(state, event), event)
        return state

    def describe(self, state: State, event: Event) -> str:
        """The rule's words for ``words_actor``, or ``unknown_words`` for a type the game
        does not know."""
        rule = self.event_rules.get(event.type)
        if rule is None:
            return self.unknown_words(state, event)
        who = self.words_actor(state, event)
        try:
            return rule.words(state, who, event.data)
        except _UNFOLDABLE:
            if not self._refused(state, event):
                raise
            return self.unreadable_words(state, event, who)

    def expected(self, state: State) -> dict[str, Any]:
        """Who acts now (the current player, or everyone for table events), what they may
        record and each type's offered choices (a type whose offers hold nothing now has
        none: a page then shows its form, never an empty picker)."""
        if self.is_over(state):
            return {"actors": [], "event_types": [], "options": {}}
        current = self.current(state)
        types = self.possible(state)
        actors = [current] if current is not None else []
        if any(self.event_rules[t].by == "table" for t in types):
            actors += [p for p in self.players(state) if p not in actors]
        who = current or (actors[0] if actors else "")
        options = {t: offered for t in types
                   if (offers := self.event_rules[t].offers) is not None and (offered := offers(state, who))}
        return {"actors": actors, "event_types": types, "options": options}


# What a fold meets when the state lacks what a refused event names.
_UNFOLDABLE = (KeyError, IndexError, TypeError, ValueError, AttributeError)
