"""Every check code Tally's rules report, with its rulebook section and its rule in one line
(``engines.codes``); the generic guards' codes are ``engines.codes.GENERIC_CODES``."""

from __future__ import annotations

from engines.codes import CheckCode, codebook

CODES = codebook(
    CheckCode("TT-S01", ("Set-up: players",), "2 to 4 players, each a distinct, non-empty name"),
    CheckCode("TT-T01", ("A turn",), "A die's points are 1 to 6"),
    CheckCode("TT-T02", ("A turn",), "A player scores once a turn"),
    CheckCode("TT-T03", ("A turn",), "A turn ends after its points are scored"),
)
