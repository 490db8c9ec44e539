"""Air Alliance, with the optional Kobe Rules each on its own switch: the rule engine.

Sources: ``shared/rules/air-alliance.txt`` (the rulebook, which wins) and
``shared/engines/air-alliance.md`` (the note: checks AA-C01 to AA-C34).  Importing this
package registers the engine as ``air-alliance``.

Set-up
------
2 to 4 players, listed clockwise from the start player, each with a colour of their own
(AA-C01).  The NPA planes start as "Preparations" says.  Then, as events: each player's
four planes (``planes_placed``; the rulebook does not say where, AA-C02), the row's six
cards (``card_revealed``, faces declared), and board facts at any time
(``board_declared``: the colours each V airport takes, the special airports, the icons
printed on the Boarding Passes).  A bare slot's icons may also be declared with the first
marker on it.  The ``board`` option loads the same facts, and Passenger Cards' faces, from
a file transcribed once (``board``; ``board-template.json`` has its sections, empty).

Turns
-----
PHASE 0 ``alliance_formed`` (AA-C04 to C06); PHASE 1 ``marker_placed`` on a Flight icon of
a visible face (AA-C07 to C19: own planes by the landing permits, NPAs by Code Sharing or
the Alliance, Priority Takeoff's switch) or on a card to reserve it (AA-C20 to C22),
``passenger_gained`` when this turn's flights carry its route (AA-C23 to C25),
``card_revealed`` (AA-C26); ``phase1_ended`` (AA-C07) with the Lost Baggage derived
(AA-C28); PHASE 3 ``boarding_pass_updated`` (AA-C29), then the next turn derived: an extra
turn after 3 or 4 cards, once.  ``discards_reshuffled`` when the deck runs out starts the
Last Turn with the next player (AA-C27); a Last Turn may ``row_refreshed`` once (AA-C30)
and reserves nothing (AA-C22); the game ends after its last seat (AA-C31).

Options: ``colours``, ``alliance_areas`` (4, the note's G11), ``board``, and the Kobe
Rules: (1) two markers on an opponents' NPA; (2) flushing the pass; (3) a reserved card
off the board, the row refilled (``reservations``); (4) a marker waiting for a
cancellation, and the claims after another player's PHASE 1 (``cancellations_claimed``,
AA-C32); (5) markers optional; (6) an extra marker instead of an extra turn (PHASE 4 of
the turn, AA-C34); 2 the First Turn (a new row, Priority Takeoffs by seat with
``first_turn_swap``, no reservations until every First Turn is played: ``first_turn``,
AA-C33); 3 the Last Turn's order, planes removed, and 10,000 miles a five ECONOMY cards.

Declared data: ``card:<id>``, ``pass:<colour>:<slot>``, ``landable:<airport>``,
``special:<colour>`` (engines.declared; a contradiction is ``declared/conflict``).  Checks
that need undeclared data are ``unverified`` (a V airport's colours, a special airport).

Decisions: a card is carried by this turn's flights only, relays included (G6); timing
within the turn does not matter (G7); a fifth gain is refused (G8); "3 or more" gives the
extra turn everywhere (G9); an Alliance Area left with an NPA and no player stays (the
text clears only areas without an NPA); the depleting player's own turn may still
reserve; under the Kobe Last Turn the depleting player's planes leave at the end of that
turn (G12).  Kobe Rules (4): the waiting players' claims after one PHASE 1 are one event,
settled by precedence, due before the Lost Baggage whenever someone waits and may reserve
(empty claims: nobody claims); a player who loses a card to precedence keeps the marker
on the logo; a claim is a reservation (none in a First Turn or the Last Turn; under (3)
the card leaves the row).  Kobe Rules (6): the extra marker may be any marker (an icon,
a reservation, a wait, a flush); a passenger is gained after it only when its flight
carries them (relayed from the turn's earlier flights or not; a route PHASE 1's flights
alone carried was PHASE 1's to gain), and placed by a second ``boarding_pass_updated``
as at PHASE 3 (G14), which also ends the turn when the marker is not spent
(``placements: {}``).  A First Turn that earns an extra turn is over when it ends.

Modules: ``engine`` (the object) delegates to ``table`` (options, the table), ``setup_phase``,
``turns``, ``first_turn``, ``reservations``, ``board``, with the pure rules of ``airports``, ``routes``, ``icons``, ``alliances``,
``baggage``, ``boarding_pass``, ``last_turn``, ``scoring``; ``offers`` (the page's choices),
``schemas``, ``demo`` (the demo game and its made-up data).
"""

import engines
from engines.air_alliance.engine import AirAlliance

ENGINE = engines.register(AirAlliance())
