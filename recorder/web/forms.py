"""The "New game" form: read the players and the rules profile from plain form fields.

Forms send text; options have types.  Each option's field is read back into its
type here, so that the engine's own validation (``resolve_options``) sees the
values a JSON client would have sent.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import engines
from engines.base import Option

MAX_SEATS = 10
# The board option takes a whole board file; the form chooses a saved board instead
# (the API still takes the option, for files made before boards were saved).
FORM_HIDDEN_OPTIONS = frozenset({"board"})


@dataclass
class NewGameForm:
    engine: str = ""
    title: str = ""
    players: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    board: str | None = None  # the saved board the game is recorded on
    # The text typed into each option's field, shown again when the form comes back.
    option_texts: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)


def option_field(engine: str, option: str) -> str:
    return f"opt.{engine}.{option}"


def read_new_game(form: Mapping[str, str]) -> NewGameForm:
    parsed = NewGameForm(engine=form.get("engine", ""), title=form.get("title", "").strip(),
                         board=form.get("board", "").strip() or None)
    seats = [form.get(f"player{i}", "").strip() for i in range(MAX_SEATS)]
    parsed.players = [name for name in seats if name]
    gap = _first_gap(seats)
    if gap is not None:
        parsed.errors["players"] = (f"Seat {gap + 1} is empty but a later seat has a player: "
                                    "name the players in seat order, without gaps")
    try:
        engine = engines.find(parsed.engine)
    except KeyError:
        parsed.errors["engine"] = "Choose a game"
        return parsed
    if not parsed.players:
        parsed.errors["players"] = "Name the players in seat order"
    for name, spec in engine.options.items():
        if name in FORM_HIDDEN_OPTIONS:
            continue
        key = option_field(engine.name, name)
        try:
            if spec.form == "per_player":
                texts = {i: form.get(f"{key}.{i}") for i in range(len(parsed.players))}
                if all(text is None for text in texts.values()):
                    continue
                parsed.option_texts.update({f"{name}.{i}": text or "" for i, text in texts.items()})
                parsed.options[name] = _per_player(spec, parsed.players, texts)
                continue
            raw = _last(form, key)
            if raw is None:
                continue
            parsed.option_texts[name] = raw
            if spec.form == "player":
                parsed.options[name] = _seat_player(spec, parsed.players, raw.strip())
            else:
                parsed.options[name] = _typed(spec, raw.strip())
        except ValueError as exc:
            parsed.errors[f"option.{name}"] = f"{option_label(name, spec)}: {exc}"
    return parsed


def option_label(name: str, spec: Option | None = None) -> str:
    """How the form names an option: its label in words, else ``deck_total`` -> ``Deck total``."""
    if spec is not None and spec.label:
        return spec.label
    text = name.replace("_", " ")
    return text[:1].upper() + text[1:]


def option_control(spec: Option) -> str:
    """The control the form shows for an option: a yes/no ``switch``, a ``select`` of its
    choices, a ``seat`` picker, one ``per_player`` field each, a ``number`` or ``text``."""
    if spec.type == "bool":
        return "switch"
    if spec.form == "player":
        return "seat"
    if spec.form == "per_player":
        return "per_player"
    if spec.choices is not None:
        return "select"
    return "number" if spec.type == "int" else "text"


SEAT_PREFIX = "seat:"


def _last(form: Mapping[str, str], key: str) -> str | None:
    """A field's last value: a switch sends a hidden "false", then "true" when it is on."""
    getlist = getattr(form, "getlist", None)
    if getlist is not None:
        values = getlist(key)
        return values[-1] if values else None
    return form.get(key)


def _seat_player(spec: Option, players: list[str], raw: str) -> str | None:
    """A seat picker's ``seat:N`` as the player in that seat (a name typed by an older
    client is taken as it is: the engine judges it)."""
    if raw == "" and spec.nullable:
        return None
    if not raw.startswith(SEAT_PREFIX):
        return raw
    seat = raw[len(SEAT_PREFIX):]
    if not seat.isdigit() or int(seat) >= len(players):
        raise ValueError(f"Seat {int(seat) + 1 if seat.isdigit() else seat} has no player")
    return players[int(seat)]


def _per_player(spec: Option, players: list[str], texts: Mapping[int, str | None]) -> dict[str, int] | None:
    """One whole number per player (seat i's field), or None when every field is blank."""
    given = {players[i]: (text or "").strip() for i, text in texts.items() if (text or "").strip()}
    if not given and spec.nullable:
        return None
    out: dict[str, int] = {}
    for name, text in given.items():
        try:
            out[name] = int(text)
        except ValueError:
            raise ValueError(f"{name}: {text!r} is not a whole number") from None
    return out


def _first_gap(seats: list[str]) -> int | None:
    """The first empty seat that has a named seat after it, if any."""
    last_named = max((i for i, name in enumerate(seats) if name), default=-1)
    return next((i for i in range(last_named) if not seats[i]), None)


def _typed(spec: Option, raw: str) -> Any:
    if raw == "" and spec.nullable:
        return None
    if spec.type == "bool":
        if raw not in ("true", "false"):
            raise ValueError("Choose yes or no")
        return raw == "true"
    if spec.type == "int":
        try:
            return int(raw)
        except ValueError:
            raise ValueError(f"{raw!r} is not a whole number") from None
    if spec.type == "object":
        try:
            value = json.loads(raw)
        except ValueError:
            raise ValueError('Give a JSON object, for example {"Ana": 9}') from None
        if not isinstance(value, dict):
            raise ValueError('Give a JSON object, for example {"Ana": 9}')
        return value
    if spec.type == "list":
        items = [item.strip() for item in raw.split(",") if item.strip()]
        if spec.default and all(isinstance(v, int) for v in spec.default):
            try:
                return [int(item) for item in items]
            except ValueError:
                raise ValueError("Give whole numbers separated by commas") from None
        return items
    if spec.choices is not None:
        # A select sends the choice's text; find the choice it stands for.
        for choice in spec.choices:
            if str(choice) == raw:
                return choice
    return raw


def option_value_text(value: Any) -> str:
    """How an option's value is written back into its form field."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value)
    return str(value)
