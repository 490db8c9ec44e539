"""Each engine's check codes as a page of the docs, ``docs/engines/<engine>.md``: a table
``| code | section | rule |`` generated from the game's ``engines/<game>/codes.py`` and the
generic codes of ``engines/codes.py``.

    python -m engines.codes_doc            # write every engine's page
    python -m engines.codes_doc --check    # write nothing; exit 1 naming each page that differs

``page`` builds a page from an engine and changes nothing; only ``main`` reads and writes
files.  ``tests/engines/test_codes.py`` fails when a page is not what ``page`` would write.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import engines
from engines.base import Engine
from engines.codes import GENERIC_CODES, CheckCode

DOCS = Path(__file__).resolve().parent.parent / "docs" / "engines"


def source_of(engine: Engine) -> str:
    """The file that declares the engine's own codes, from the repository's root.

    >>> source_of(engines.find("isle-of-pan"))
    'engines/isle_of_pan/codes.py'
    """
    package = type(engine).__module__.rsplit(".", 1)[0]
    return f"{package.replace('.', '/')}/codes.py"


def cell(text: str) -> str:
    """Text a Markdown table's cell shows as it is (a ``|`` would end the cell).

    >>> cell("a | b")
    'a \\\\| b'
    """
    return text.replace("\\", "\\\\").replace("|", "\\|")


def table(codes: Iterable[CheckCode]) -> list[str]:
    """``| code | section | rule |``, one row per code in the order given; a code reported
    under several sections lists them all, one a line.

    >>> from engines.codes import CheckCode
    >>> table([CheckCode("XX-C01", ("Set up", "Play"), "2 to 4 players")])
    ['| code | section | rule |', '|---|---|---|', '| `XX-C01` | Set up<br>Play | 2 to 4 players |']
    """
    rows = ["| code | section | rule |", "|---|---|---|"]
    rows += [f"| `{code.code}` | {'<br>'.join(cell(s) for s in code.sections)} | {cell(code.rule)} |" for code in codes]
    return rows


def page(engine: Engine, generic: Mapping[str, CheckCode] = GENERIC_CODES) -> str:
    """The Markdown page of ``engine``'s check codes: its own, then the generic ones, each by code."""
    source = source_of(engine)
    own = sorted(engine.codes.values(), key=lambda c: c.code)
    lines = [
        f"# {engine.title}: check codes",
        "",
        f"<!-- Generated from {source} by `python -m engines.codes_doc`: edit that file, not this one. -->",
        "",
        f"Every check the `{engine.name}` engine can report, by code: the `code` a flag or a refusal",
        "carries, the rulebook section(s) it is reported with (its `rule`), and the rule it checks.",
        f"The table is generated from `{source}` (and the generic codes of `engines/codes.py`) by",
        "`python -m engines.codes_doc`; `python -m engines.codes_doc --check` fails when it is out of date.",
        "`GET /api/engines` lists the same codes.",
        "",
        f"## {engine.title}'s codes ({len(own)})",
        "",
        *table(own),
        "",
        f"## Generic codes ({len(generic)})",
        "",
        "Codes any engine may report that no game owns (`engines/codes.py`).  A game reports some of",
        "them under its own rulebook's section, so each lists every section any engine passes with it.",
        "",
        *table(sorted(generic.values(), key=lambda c: c.code)),
    ]
    return "\n".join(lines) + "\n"


def pages(docs: Path = DOCS) -> dict[Path, str]:
    """Every engine's page, by the file it belongs in."""
    return {docs / f"{engine.name}.md": page(engine) for engine in engines.all_engines()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines.codes_doc",
                                     description="Write (or --check) docs/engines/<engine>.md from each engine's codes.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a page differs")
    parser.add_argument("--docs", type=Path, default=DOCS, help=f"the pages' folder (default {DOCS})")
    args = parser.parse_args(argv)
    wanted = pages(args.docs)
    stale = [path for path, text in wanted.items() if not path.is_file() or path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path} is out of date: run python -m engines.codes_doc", file=sys.stderr)
        return 1 if stale else 0
    args.docs.mkdir(parents=True, exist_ok=True)
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
