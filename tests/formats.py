"""The published JSON Schemas of ``docs/formats/``, as validators that resolve the
references between them (a game export embeds a board file) from the files, never the network."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource

FORMATS = Path(__file__).resolve().parents[1] / "docs" / "formats"


@cache
def registry() -> Registry:
    """Every schema under ``docs/formats/`` by its ``$id``."""
    resources = []
    for path in sorted(FORMATS.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


def schema(name: str) -> dict[str, Any]:
    """The schema in ``docs/formats/<name>``."""
    loaded: dict[str, Any] = json.loads((FORMATS / name).read_text(encoding="utf-8"))
    return loaded


def validator(name: str) -> jsonschema.Draft202012Validator:
    """A draft 2020-12 validator of ``docs/formats/<name>``, its references resolved locally."""
    return jsonschema.Draft202012Validator(schema(name), registry=registry())
