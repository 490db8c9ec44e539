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
marker on it.

Board file
----------
A game may be recorded on a board file transcribed once from the box (``board``: the
module's docstring has its sections, ``docs/formats/air-alliance-board-v1.schema.json``
its published shape): as a saved board (``setup(players, options, board=...)``) or as the
older ``board`` option, never both (``board/twice``).  Its facts are declared before the
first event (origin ``"board"``).  Then a reveal may name the card, ``card_revealed``
``{"card": {"id": "C07"}}``, and the face comes from the board (a field given beside the
id must match it; a whole face spelled out is accepted as always); ``expected()`` offers
the cards that may turn up now (``options["card_revealed"]["card.id"]``: the board's not
yet seen, or after a reshuffle the discards shuffled back) and asks for ``board_declared``
at the set-up only while a fact it declares is unknown.  A file whose ``complete`` holds
``"cards"`` is the box's 60 cards: no other card turns up (AA-C35).  ``board.from_game``
makes the board file of what a game declared.

Turns
-----
PHASE 0 ``alliance_formed`` (AA-C04 to C06); PHASE 1 ``marker_placed`` on a Flight icon of
a visible face (AA-C07 to C19: own planes by the landing permits, NPAs by Code Sharing or
the Alliance, Priority Takeoff's switch) or on a card to reserve it (AA-C20 to C22),
``passenger_gained`` when this turn's flights carry its route (AA-C23 to C25),
``card_revealed`` (AA-C26); ``phase1_ended`` (AA-C07) with the Lost Baggage derived
(AA-C28); PHASE 3 ``boarding_pass_updated`` (AA-C29), then the next turn derived: an extra
turn after 3 or 4 cards, once.  The deck runs out when its last card turns up: "If the
deck runs out during someone's turn, the active player shuffles the discards ... The Last
Turn will start from the next player", so the Last Turn is settled by that turn's seat at
once, whenever ``discards_reshuffled`` is recorded, and ``expected()`` asks for the
reshuffle as soon as the deck is empty (AA-C27); after it only those discards turn up
(AA-C26).  A Last Turn may ``row_refreshed`` once (AA-C30) and reserves nothing (AA-C22);
the game ends after its last seat (AA-C31).  PHASE 0 may form two Alliances, "with either
of two NPA colours, or with both": the second is judged on the pass as it was before the
first cleared it (AA-C05).

Options: ``colours``, ``alliance_areas`` (4, the note's G11), ``board``,
``strict_gain_timing`` (on: a passenger is carried only by flights made after its card
turned up in the Baggage Claim Area, "If you take a flight through the route ... designated
on a Passenger Card in the Baggage Claim Area ... Resolve the action just after you place
the marker"; the note's G7 proposed off, the rulebook wins: "It does not matter whether you
reveal a new card each time ... or ... all at one time" is about several gains at one
moment, with no flight between them), ``allow_null_marker`` (on: "Place all 3 markers" --
a marker goes on an icon with no action, ``{"slot", "icon"}`` alone, when, and only when,
nothing is legal for it: no flight or switch on a free slot, no reservation, no Kobe flush
or wait; the note's G10), and the Kobe
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

Checks
------
=========  ==================================================================================
AA-C01/02  players and colours; each player's four planes at the set-up
AA-C03     the current player acts, in the phases' order
AA-C04-06  an Alliance: before the first marker, on three Code Sharing icons, room in the area
AA-C07-09  three markers (all placed), one a slot, on an icon of the slot's visible face
AA-C10-19  the action matches the icon; runways, capacity, colours that land (C14), areas (C15),
           special airports (C16), Code Sharing and Alliances (C17, C18), Priority Takeoff (C19)
AA-C20-22  reservations: in the row, one a turn, none in the Last Turn or a First Turn
AA-C23-25  gains: in the row and not another's, carried by this turn's flights, four at most
AA-C26     a reveal fills an empty space with a card that has not turned up since a reshuffle
AA-C27-31  the reshuffle, the Lost Baggage, Flight Control, the Last Turn's refresh, game over
AA-C32-34  the Kobe Rules (4) claims, 2 First Turn, (6) extra marker
AA-C35     on a board whose cards are ``complete``, a card not on it does not turn up
AA-C36     a card named by id needs a known face (the board's, or declared before): else
           spell it out
AA-C37     a board declaration declares something: an empty ``board_declared`` is refused
AA-C38     a card's declared ``trio`` matches its name on the Trio List (a Yeti is of the
           Primitive Man Trio; a card named off the list is of none)
AA-B01-07  a board file's problems (``board``): colours for an airport numbered 1 to 3, two
           cards with one id, a card whose departure is its arrival, more than 60 cards,
           ``complete`` cards that are not 60, a Trio Set of other than 3, a Code Sharing
           icon showing one colour twice
=========  ==================================================================================

Decisions: a card is carried by this turn's flights only, relays included (G6); timing
within the turn is ``strict_gain_timing`` (G7); Trio Sets are counted by the cards' names
("Each trio's three cards show the following": the Enthusiast Trio is both Board Gamers and
the Anime Otaku, the Spy Trio three Secret Agents, a qualifier such as "(MI6)" allowed after
the name), a declared ``trio`` only confirming it (AA-C38); a fifth gain is refused (G8); "3 or more" gives the
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

Modules: ``engine`` (the object, on ``engines.table_engine.TableEngine``) with ``events``
(the event-rule table: each type's schema, check, fold, words and offers), ``state`` (the
options and the table at set-up), the rules of ``setup_phase``, ``turns``, ``reveals``,
``first_turn``, ``reservations``, ``board``, and the pure rules of ``airports``, ``routes``,
``icons``, ``alliances``, ``baggage``, ``boarding_pass``, ``last_turn``; ``scoring`` (the
count and the standings), ``offers`` (what is possible now and the page's choices),
``words`` (the log's lines), ``view`` (position and seat colours), ``versions`` (the rules'
history), ``schemas``, ``codes``, ``demo`` (the demo game and its made-up data).
"""

import engines
from engines.air_alliance.engine import AirAlliance

ENGINE = engines.register(AirAlliance())
