"""Where an imported game came from, as the store keeps it beside the game (the games
table's ``imported`` column) and the API, the pages and the transcript show it.

An imported history is marked imported for good: who recorded it is not this server, and
the mark says what this server could check about who did.  ``verified`` is true only when
the head was signed by a key this server knows (recorder/signing.py); then ``signed_by``
names it.  A game signed by an unknown key keeps that key's id in ``signed_by`` with
``verified`` false, and an unsigned one has neither: both are *unsigned by a known server*.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from recorder.import_checks import check_chain
from recorder.import_problems import ImportRefused
from recorder.signing import BadSignature, KeyRing, Verdict, judge

SOURCE_MAX = 300  # characters: a file's name is the uploader's to choose


def signature_verdict(document: Mapping[str, Any], ring: KeyRing | None) -> Verdict:
    """The document's signature judged, after its chain (so that an edited event is named
    as such first); a signature that does not hold refuses the game (422)."""
    header = document["game"]
    check_chain(header, document["events"])
    try:
        return judge(document, ring)
    except BadSignature as exc:
        raise ImportRefused("import/signature", f"The game's signature is refused: {exc}", game=header["id"]) from None


def provenance(document: Mapping[str, Any], verdict: Verdict, source: str, now: str) -> dict[str, Any]:
    """The ``imported`` mark of a game: how it came (``source``), when, at which version,
    whose signature it carried and whether this server knows that key; and the signature
    itself, so that an export of the game as it came still carries it."""
    return {"source": source[:SOURCE_MAX], "at": now, "version": document["game"]["version"],
            "signed_by": verdict.signed_by, "verified": verdict.verified,
            "signature": dict(document["signature"]) if verdict.signed_by is not None else None}


def unvouched(version: int, now: str) -> dict[str, Any]:
    """The mark of a game imported with nothing said about where it came from."""
    return {"source": "unknown", "at": now, "version": version, "signed_by": None, "verified": False,
            "signature": None}


def describe(imported: Mapping[str, Any] | None) -> str:
    """One line for people: recorded here, or imported and what its signature showed.

    >>> describe(None)
    'recorded on this server'
    >>> describe({"source": "file club.ndjson", "at": "2026-12-03T10:00:00.000000Z", "signed_by": None, "verified": False})
    'imported from file club.ndjson on 2026-12-03T10:00:00.000000Z, unsigned by a known server'
    """
    if imported is None:
        return "recorded on this server"
    how = (f"signed by known server key {imported['signed_by']}" if imported.get("verified")
           else "unsigned by a known server" + (f" (signed by unknown key {imported['signed_by']})"
                                                if imported.get("signed_by") else ""))
    return f"imported from {imported['source']} on {imported['at']}, {how}"


def public_view(imported: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The mark as the API's game header shows it (the signature's bytes left out)."""
    if imported is None:
        return None
    return {key: imported.get(key) for key in ("source", "at", "version", "signed_by", "verified")}
