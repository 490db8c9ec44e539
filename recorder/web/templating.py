"""The pages' Jinja environment: ``a.b`` on a plain dict finds the key without an exception.

Jinja resolves ``a.b`` by asking for the attribute, then for the item.  Everything a
board draws is dicts (the state, the engine's view of it), and a dict has no attribute
of that name unless it is one of dict's own (``items``, ``get``...), so nearly every
lookup raised an AttributeError and caught it first: a third of the time to draw a
Pan Am board from its cached parts.  Here a plain dict is asked for the item directly,
unless the name is one of dict's attributes, where Jinja's own order still applies:
the same answer in every case, without the exception.
"""

from __future__ import annotations

from typing import Any

from flask.templating import Environment

_DICT_ATTRIBUTES = frozenset(dir(dict))


class PageEnvironment(Environment):
    """Flask's environment with a quicker ``getattr`` for plain dicts.

    >>> from flask import Flask
    >>> env = PageEnvironment(Flask(__name__))
    >>> template = env.from_string("{{ d.a }} {{ d.items is callable }} {{ d.nothing is undefined }} {{ d.get('a') }}")
    >>> template.render(d={"a": 1, "items": "key", "get": "key"})
    '1 True True 1'
    """

    def getattr(self, obj: Any, attribute: str) -> Any:
        # A plain dict's instances hold no attributes: for a name that is not dict's own,
        # getattr() always fails and Jinja goes on to obj[attribute], as here.
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def compile_templates(environment: Environment) -> int:
    """Compile every template the app's loaders know, and say how many.

    A served worker calls this before it answers anything (``wsgi.py``): compiling
    the boards and pages (0.8 s for the 21 templates, the boards most of it) was a
    fifth of a fresh server's first seconds under 50 viewers, and each first viewer
    of a board waited for it.  The app factory does not, so tests' apps stay quick."""
    names = environment.list_templates()
    for name in names:
        environment.get_template(name)
    return len(names)
