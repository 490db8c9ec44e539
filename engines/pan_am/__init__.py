"""Pan Am (Prospero Hall / Funko, 2020): the rule engine.

Sources: ``shared/rules/pan-am.txt`` (the rulebook, which wins) and
``shared/engines/pan-am.md`` (the note: checks PA-*, events A3, flow A5, gaps A7).
Importing this package registers the engine as ``pan-am``.

Set-up
------
``setup(players, options, board=None)``: ``players`` are names in clockwise seat order, 2 to 4
(PA-S1, ``SetupError``); the engine derives each player's Engineers (PA-S2: 2p 5,
3p 4, 4p 3), $12, fleet 2 Trimotors + 1 Clipper, hangar 3/3/3/1, 5 Airports, income 0,
Stock 0, one hidden Directive card; the Stock Price is unset (the first Event card sets it).
The cards dealt face up are the first event(s), ``cards_dealt`` (PA-S3, PA-S4); until every
hand and the display are in, ``expected()`` offers only that event.  ``board`` is the saved board the game is recorded
on (a board file, see below); the older ``board`` option takes the same file, never both
(``board/twice``).  Either pre-loads the registry with the origin "the board file".

Options (the rules profile)
---------------------------
=====================  ===========  ====================================================================
option                 default      meaning
=====================  ===========  ====================================================================
first_player           None         who holds the First Player Marker (PA-S5); None: the first seat
colours                [red, green, one per seat (PA-S6).  The rulebook names only red and green; blue
                       blue,        and yellow are this app's labels for the other two, not the box's
                       yellow]
origin                 "Miami"      "Rome" is the Alternate Rule: Pan Am's paths start in Rome
cruiser_open_round     3            PA-AMB-1: the round the Cruiser track opens (its tile lifts at the
jet_open_round         6            end of the round before).  *C. Planes* says Jets R3 / Cruisers R6,
                                    *End of the Round* lifts the Cruiser tile after R2 and the Jet tile
                                    after R5; the note's default follows the tiles (range order, one Jet)
start_price            None         PA-AMB-4: a price for round 1 when its Event card is not a "set";
                                    None: round 1's card must set the price (PA-V3)
self_overbid           "warning"    PA-AMB-3 / PA-E17: overbidding your own Engineer: "allowed",
                                    "warning" (stored with a flag) or "forbidden"
forced_sale_low_price  "sell_all"   PA-AMB-5: a forced sale at a price <= $2 earns nothing: "sell_all"
                                    (literal: sell every Stock, then lose all money) or "sell_none"
rulebook_facts         True         pre-load the board facts the rulebook itself states (``board``)
board                  None         a board file (JSON object, ``board.py``) transcribed from the
                                    physical board, as a saved board is; pre-loads the registry and
                                    turns ``unverified`` checks (tracks, capacities, paths, price
                                    range) on
=====================  ===========  ====================================================================

Declared data
-------------
The rulebook has no map, no track costs, no card texts.  Events declare what the table
sees (a city's region, a route's distance, the cost printed on a track space, a route's
position on an expansion path) and ``engines.declared`` keeps it: the first declaration
fixes a fact, a contradiction is ``declared/conflict`` naming both events ("Route Hong
Kong–Tokyo was declared distance 2 at event 41; event 97 declares 3").  ``board.py``
holds the rulebook's own facts (``RULEBOOK_FACTS``: the five region-symbol cities, Tokyo
and Honolulu in Hong Kong's region, New York–Paris 4, Lisbon–Horta 1, Lisbon–Bathurst 2,
San Juan–Port of Spain 1 on the South American path, Miami–Havana on the Asian-Pacific
path) and nothing invented.

Registry keys (``facts``): ``city_region:<city>``, ``route_distance:<a>|<b>`` (cities sorted),
``track_cost:<area>:<track>:<space>``, ``path_route:<origin>:<path>:<k>`` (the k-th
route from the origin, 1-based) and ``path_member:<origin>:<path>:<a>|<b>``; on a board
with card sections also ``event_card:<name>:stock_adjustment|die_rolls|text`` and
``directive_card:<name>:timing|area|effects``.

The board file (``board``: ``engine.board_file``)
-------------------------------------------------
One file per box: ``cities``, ``routes``, ``paths``, ``path_members``, ``tracks``,
``work_sites``, ``stock_price_track``, ``destination_cards``, ``event_cards``,
``directive_cards`` and the ``complete`` marker (the sections that hold every one in the
box).  Its shape is ``board_schema`` (published as ``docs/formats/pan-am-board-v1.schema.json``),
its problems ``board_problems`` (PA-B01..B18; PA-B19 at set-up), its facts ``board.facts``,
and ``board_game.from_game(state)`` writes the file of everything a game declared.  See
``board`` for what each section means and how completeness is read.

Values
------
Region: ASIA | EUROPE | NORTH_AMERICA | PACIFIC | SOUTH_AMERICA.
Plane: TRIMOTOR (range 1) | CLIPPER (2) | CRUISER (3) | JET (4).
Area: A (Airports) | B (Destinations) | C (Planes) | D (Routes) | E (Directives).
Tracks: A: "1", "2", ... (how many is not in the rulebook: PA-E11); B: "1".."4" (one per
display space); C: the plane type.  Spaces on a bidding track: 1..4, 4 the highest.
Die symbol: SA | EU | AP (the three paths) | PAN_AM.
A destination card: ``{"city": str, "region": Region}``.  A route is named by its two
cities; its key is the sorted pair joined by "|".

Events (``Event(type, data, actor)``)
-------------------------------------
Table events have ``actor`` None; player events name the player (``actor`` None means
the player who is due).  Schemas reject unknown fields.

Set-up and Event phase
``cards_dealt {destinations?: {player: [card, card]}, display?: [card x 4]}``  (table)
    The first event(s): each player's two face-up Destination cards (PA-S3) and the four in
    the display (PA-S4), all at once or a part at a time as the table deals them (a hand,
    the display; each part once, PA-S3/PA-S4); round 1 opens when the last part is in.
    Their cities' regions are declared.  A card may be ``{city}`` alone: its region comes
    from the board (or any earlier declaration; PA-B20 if none).
``event_card_revealed {round?, name, stock_adjustment?: {op: up|down|set, value?}, die_rolls?, text?}``  (table)
    Opens the round (PA-V1), sets the Stock Price at once (PA-V2..V4) and the number of
    Pan Am rolls (PA-V5).  The Stock Price step lasts until the first Engineer event.  A
    card the board holds may be named alone (``{name}``): its face comes from the board
    (PA-B23 when nothing holds it).
``event_effect {effects: [Effect]}``  (table)
    What the revealed card's text does, when it does it (any time in its round).

Engineer phase
``engineer_assigned {area, track?, space?, cost?}``  (player)
    Bidding tracks need ``track`` and ``space``; ``cost`` is the number printed on that
    space, required the first time the space is used (then kept by the registry).  Work
    sites take no track or space: the engine puts the Engineer right of the last one.
    In the Priority Access step the owner of the leftmost waiting E Engineer acts.
``engineer_set_aside {count?}``  (player) count 1 by default; back next round.

Resolution phase (one event per Engineer, in the engine's order: A tracks, B spaces,
the B refill, C tracks in range order, D left to right, E left to right)
``airport_placed {city, region?, moved_from?}``                         (player, A)
``airport_kept {}``                                                     (player, A) with no
    Airport left in the supply, "you *may* move one": the bid is paid, nothing moves
``destination_taken {slot, card?}``                                     (player, B) ``card`` confirms
``destination_display_refilled {slot, card}``                           (table, after the last B)
    ``card`` may be ``{city}`` alone, as in ``cards_dealt``
``plane_acquired {plane?}``                                             (player, C) ``plane`` confirms
``bid_failed {}``                                                       (player, A/B/C) the bid
    cannot be paid even after selling every Stock: money 0, no benefit (PA-R3)
``route_claimed {cities: [a, b], distance?, regions?: {city: region}, plane,
landing_rights: {city: {method, cards?: [city]}}}``                      (player, D)
    method: airport | destination_card | discard_same_region | discard_two_other_region;
    ``cards`` name the cards used (the held card, or those discarded).  ``distance`` is
    required while the route's distance is unknown.
``route_claim_wasted {reason?}``                                        (player, D)
``directive_drawn {}``                                                  (player, E)
    The Engineer stays on E and has Priority Access next round.

Pan Am phase
``die_rolled {faces: [symbol]}``                                        (table)
``pan_am_expanded {path, cities: [a, b], distance?, regions?, position?}`` (table) one per
    path rolled; a player-owned route is sold to Pan Am (Route Bonus $5/$9/$12/$14, plane
    back to the fleet, income − distance), an unclaimed one gets a Pan Am marker
``pan_am_path_exhausted {path}``                                        (table)
``route_sold_to_pan_am {cities}`` / ``pan_am_offer_declined {}``        (player, PAN_AM offers
    in seat order from the first player)
``income_collected {amounts?: {player: int}}``                          (table) every player
    earns their income tracker; ``amounts`` confirms
``stock_bought {count}``                                                (player, in seat order
    from the first player, once each; 0 passes).  The last answer ends the round.

Any time (player)
``directive_played {card?, timing?: {phase, step}, area?, effects?: [Effect]}``
    A card the board holds may leave out its ``timing``, ``area`` and (when the board holds
    them) ``effects``: ``{card: "Prediction"}`` (PA-B27 when nothing holds them).
    ``timing`` is what the card prints: phase EVENT|ENGINEER|RESOLUTION|PAN_AM, step
    REVEAL|STOCK_PRICE|PRIORITY_ACCESS|ASSIGNMENT|A|B|C|D|E|EXPANSION|INCOME|STOCK.
    ``area`` for cards played while resolving an Engineer (PA-DIR-3, PA-DIR-4); a Resolution
    card without one is played while the Engineers of its step are resolved (PA-DIR-2).

Effect (a dict with ``kind``; ``player`` defaults to the card's player, "ALL" = everyone
where marked): ``money {player|ALL, amount}``, ``income {player|ALL, amount}``,
``stock {player|ALL, amount}``, ``stock_price {op, value?}``, ``die_rolls {amount}``,
``draw_directive {player, count}``, ``gain_destination {player, card}``,
``discard_destination {player, city}``, ``gain_plane {player, plane}``,
``upgrade_plane {player, plane}`` (the plane given up), ``place_airport {player, city,
region?, cost}``, ``free_route {player, cities, distance?, regions?, plane}``,
``peek {player}``, ``text {text}``.

Checks
------
The note's codes, each with its rulebook section in ``Violation.rule``:
PA-S1..S6 (set-up, ``SetupError`` or ``cards_dealt``), PA-V1..V5 (Event phase),
PA-DIR-1..6 (Directive cards), PA-E1..E17 (Engineer phase), PA-R1..R4, PA-A1..A3,
PA-B1..B3, PA-C1, PA-D1..D7, PA-LR-1..5, PA-E-R1, PA-FR1, PA-UP1..2 (Resolution and
card effects), PA-P1..P8, PA-I1..I2, PA-K1..K3 (Pan Am phase), PA-X1..X3 (round and game
end), PA-M1 (money and Stock never below 0), ``declared/conflict``.
Some codes name what the engine *does*, never a refusal, and are tested by their outcome:
PA-E2 (no Priority Access in round 1), PA-E8 and PA-E15 (the outbid Engineer goes back and
is reassigned in turn), PA-E14 (no money check at placement), PA-D5 and PA-D6 (income +
distance; the wasted D Engineer), PA-P5 and PA-P7 (the forced sale; an offer anywhere),
PA-X1 and PA-X2 (the round's end).
``unverified`` where the board data is missing: PA-E11 (a new A track), PA-E13 (site
capacity), PA-P4 (first non-Pan-Am route on the path), PA-V4 (price range).

The board file's codes, two digits after PA-B so that they never meet *B. Destinations*'
PA-B1..B3 (``board_problems``; a set-up refusal, never stored with an event):

======  ==========================================================================
PA-B01  a route to a city missing from a complete ``cities``
PA-B02  a route (also on a path) from a city to itself
PA-B03  one route with two distances
PA-B04  one route twice on one path
PA-B05  a path's route missing from a complete ``routes``
PA-B06  an unknown position (null) on a complete path
PA-B07  a route put on a path whose complete list lacks it
PA-B08  a price track whose lowest price is above its highest
PA-B09  ``complete`` naming a section the file lacks
PA-B10  more than 50 Destination cards, or a complete list of other than 50
PA-B11  one Destination card twice
PA-B12  a Destination card whose city has no region in ``cities``
PA-B13  more than 28 Event cards, or a complete list of other than 28
PA-B14  two Event cards of one name
PA-B15  an Event card moving the price by more than one, or setting it to no number or below $1
PA-B16  more than 40 Directive cards
PA-B17  two Directive cards of one name
PA-B18  a Directive timing whose step is not of its phase, or an area off the Resolution phase's step
PA-B19  a file contradicting the rulebook's own facts (with ``rulebook_facts``; set-up only)
======  ==========================================================================

Reveal by item (``items``), judged on the event:

======  ==========================================================================
PA-B20  a card named by its city whose region nobody declared
PA-B21  a Destination card not on the board's complete list
PA-B22  a Destination card dealt, refilled or drawn by a card (``gain_destination``) while in a
        hand or on the display (or twice in one deal): refused on a board that lists the
        Destination cards, a warning without one (one card per city, not yet checked for this box)
PA-B23  an Event card named whose face nothing holds (its face not spelled out)
PA-B24  an Event card not on the board's complete list
PA-B25  an Event card revealed a second time
PA-B26  an Event card of another round than the round on its back
PA-B27  a Directive card named whose timing or effects nothing holds
PA-B28  a Directive card not on the board's complete list
======  ==========================================================================

``expected()``
--------------
``{"actors", "event_types", "options"}``.  Actors: the player who is due first (for a
table event, the first player first, then the others).  Options by event type (the
recording page's plugin ``static/js/record/engines/pan-am.js`` reads these):

* ``cards_dealt {players: [name...], display_due: [True] or [], region: [Region...], cities: [{city,
  region}...]}`` (the players still to be dealt, whether the display is; known cities with a
  region, a list since every option is a list of choices), and on a board with
  Destination cards ``"card.city": [city...]`` (the board's cards, none in play yet);
* ``event_card_revealed {round: [r], "stock_adjustment.op": [...]}``, and on a board with Event
  cards ``name: [name...]`` (this round's cards not yet revealed);
* ``engineer_assigned {area: [...], spaces: [{area, track, space, cost, label}]}``: every legal
  placement for the due player (work sites with ``track`` and ``space`` None; ``cost`` None
  when the table must declare it; A offers the tracks used so far plus the next new one);
  ``engineer_set_aside {count: [1..available]}``;
* resolution, for the Engineer due: ``airport_placed {city: [...], moved_from: [...], region: [...]}``
  (and ``airport_kept {}`` once the supply is empty),
  ``destination_taken {slot: [s]}``, ``plane_acquired {plane: [p]}``, or ``bid_failed {}``
  alone when the bid cannot be paid; ``destination_display_refilled {slot: [...], "card.region": [...]}``;
  ``route_claimed {plane: [fleet planes], claims: [{cities, distance, planes, rights:
  [{city: {method, cards}}...]}]}`` (known unclaimed routes the player can claim now, each
  with its ways to get Landing Rights, fewest discards first) and ``route_claim_wasted {}``;
  ``directive_drawn {}``; on a board with Destination cards the refill adds ``"card.city":
  [city...]`` (the board's cards not in a hand or on the display);
* ``die_rolled {faces: [symbols]}``; ``pan_am_expanded {path: [first due], cities: [[a, b]]}``
  (the next route on that path when the board or the declared positions name it; then only
  this event), else ``pan_am_expanded {path}`` and ``pan_am_path_exhausted {path: [first due]}``;
  ``route_sold_to_pan_am {cities: [[a, b]...]}`` (the routes the offered player owns),
  ``pan_am_offer_declined {}``; ``income_collected {}``; ``stock_bought {count: [0..most]}``;
* ``directive_played {}`` whenever a player holds a Directive (on a board with Directive cards
  ``{card: [name...]}``, those printed for the phase and step now), ``event_effect {kind: [...],
  player: [seats..., "ALL"], everyone: [kinds "ALL" may take], op: [...], plane: [...]}`` while
  an Event card is face up (the effects its text may have that the page builds from chips;
  declarations, not offered as the next step: they are listed last, and in ``minor``, as is
  ``engineer_set_aside``, the way out of assigning one).
  The faces of the cards offered are in the state: ``state["board"]["destination_cards"]`` (a
  card's region is ``state["cities"][city]["region"]``), ``state["board"]["event_cards"][name]``
  and ``state["board"]["directive_cards"][name]``.

Hooks for the pages
-------------------
``position(state)``: ``{"round": r, "turn": None, "label": "Round 3 · Engineer phase"}``
("Set-up", "Game over").  ``changes(before, after, event)``: what a step changed in words
("Ann paid $4 for the Airport in Lisbon (income 3 → 4)", "Bob sold 2 Stock at $4 to pay
his bid", "Pan Am bought Lisbon–Horta from Ann: +$5").  The board partial is
``templates/engines/pan-am/board.html``; it reads ``engine.board_view(state)``.

Modules
-------
``engine`` (the object, a ``TableEngine``: the generic guards, PA-S3, the fold's fallbacks)
delegates to: ``events`` (one ``EventRule`` per event type: schema, check, fold, words),
``versions`` (the rules' history), ``rules_setup`` (options, set-up problems), ``board``
(rulebook facts, the board file: ``board_schema``, ``board_problems``, ``board_game``;
``facts`` the registry's keys), ``items`` (reveal by item), ``schemas``, ``rules`` (the guard
order, and what every type's check shares) with ``rules_event``, ``rules_engineer``,
``rules_resolution``, ``rules_pan_am``, ``rules_cards``; ``effects`` (one fold per type, and
what every fold shares) with ``flow`` (derived phase transitions), ``card_effects`` (what
cards do), ``knowledge`` (declared facts), ``landing`` (Landing Rights, shared by rules and
offers), ``payment`` (*Bid Too Much?*), ``prices`` (the Stock Price); ``table`` (read-only
questions and the copy-on-write copy), ``offers`` (``expected``), ``scoring``, ``words`` (the
log's lines), ``view`` (``changes`` and ``position``), ``demo``.
``layout`` (the viewer's board view) belongs to the viewer work and is exposed as
``engine.board_view``.

Decisions beyond the note
-------------------------
* Guard codes: an actor (or an effect's ``player``) who is not at the table is
  ``event/unknown-player``; an Event card's effects must name their player.  An event out of
  the resolution order gets the most precise code: PA-D1 (a Route event), PA-E-R1 (a
  Directive draw), PA-A1 (while an Airport Engineer is due), else PA-R1; another player's
  Engineer is PA-R2 (PA-D1 on D).  A resolution event while Engineers are still being
  assigned is PA-E16.  PA-E2, PA-E8 and PA-E15 hold by the flow (the priority queue is only
  built at a round's end; an overbid Engineer returns to its owner's hand and their turn
  comes clockwise).
* PA-E12: a bidding space whose cost is unknown needs ``cost`` (error); a known one may omit it.
* PA-V4: with the board's price track, "set" outside it is an error and a move past an end a
  warning (the marker stays at the end); without it every price is ``unverified`` and a price
  below $1 a warning (never below $0).
* A Pan Am offer skips a player who owns no route (nothing to sell).  Path symbols of one
  face may be expanded in any order, all before the Pan Am offers (PA-AMB-7).
* A Resolution-phase Directive played "directly after" the last Engineer may come in the
  Expansion step before the first roll (or in the Income step when the Event card shows no
  roll).  An Engineer-phase Directive (Priority Access or Assignment step) played in the Stock
  Price step closes that step, as the first Engineer event would, and is judged in the
  Engineer phase it opens.  A Destination card used for its own city (method 2) counts as
  used whether or not ``cards`` lists it, so it cannot also be discarded (PA-LR-5).  A card's Airport cost (Regional Airport) is paid
  from money only: short, it is a PA-M1 warning and the money stops at $0 (a forced Stock
  sale is only for bids).  Effects are judged one after the other, each on the table the
  earlier ones left.  ``discard_destination`` of a card not held is PA-LR-5.
* The board file: of the wrong shape it is ``SetupError`` ``board/shape``; contradicting itself,
  PA-B01..B18; contradicting the rulebook's facts, PA-B19 (only with ``rulebook_facts``: a table
  that turns them off may transcribe a box that differs).  With a complete ``cities``/``routes``
  (a file without the ``complete`` marker: present), an Airport city (PA-A2) or a route (PA-D7)
  off the board is an error.  The rulebook's facts also make Miami–Havana a known route
  (distance unknown).
* Board decisions (the rulebook and the issue are silent; see ``board``, ``items``,
  ``board_game``): a Destination card is its city (one card per city, its colour the city's
  region); a discarded Destination card may be dealt again (the rulebook never says the
  discards stay out); a Directive card may be played again (copies are not ruled out); the
  number of Event cards per round is not checked (4 per round is only 28 / 7); an Event card's
  round is a rule of the board (PA-B26), not a declared fact; a board's Directive effects are
  only those with no choice left to the table (an Airport's city, a free route, a plane
  upgraded, a card gained or discarded are spelled out in the event), and a play declares a
  card's timing and area but never what it does (a play may carry one of the card's options);
  complete card lists must hold the box's 50 and 28 cards (Directive copies make 40
  uncheckable); card sections never claim completeness without the marker; a short form is
  completed from the whole registry, so the rulebook's regions complete ``{city}`` even
  without a board, and a card named by a city the board's list lacks is accepted when its
  region is known (only a complete list refuses it, PA-B21).
* ``income_collected.amounts`` that differ from the trackers are PA-I1; overridden, the
  table's amounts are what is earned.
* Every rule an event breaks is reported once its guard has passed (issue 21).  A route claim
  names each Landing Rights fault and, across both cities, a card used twice (PA-LR-5) even when
  a method fails; a card a player does not hold for its own city (method 2) is PA-LR-2 alone.
  A route whose distance is not known yet (PA-D7) is still judged for PA-D2, PA-D3 (the plane in
  the fleet; its range once the distance is known) and its Landing Rights; only a route that is
  not one (two cities of the board) is judged on PA-D7 alone.
* PA-B22 without a board's Destination cards: "Having the city's Destination card" reads as one
  card per city, but nobody has checked this box holds no second copy (note G7), so a card in
  play named again is stored with a warning; with the board's list it is refused.
* PA-P1 on a card's ``die_rolls``: the count cannot go below 0 ("cannot be rolled fewer than 0
  times") nor below the rolls already made ("a roll made stays made").

Rules versions
--------------
``rules_version`` "2" (issue 21): events judged as in "1" except that PA-B22 now warns without a
board's card list (and covers ``gain_destination``), and a refused or overridden route claim
carries every code it breaks.  The fold is unchanged; a game exported under "1" is replayed only
under "1" (its stored flags could differ).

Folding illegal events (``apply`` never re-checks and never raises)
--------------------------------------------------------------------
* Events after the game is over change nothing but ``step``.
* A resolution event folds for the owner of the Engineer due in its area (whoever is named);
  outside its turn it applies its benefit to the named player without payment or Engineer.
* A benefit recorded although the bid could not be paid (overridden): every Stock is sold,
  money goes to $0, and the benefit is granted.  ``bid_failed`` always sells every Stock
  (none under ``sell_none`` at $2 or less) and takes all money.
* An Airport on a city that has one is not placed (the bid is still paid); a claim on a
  route someone holds takes it over (their plane home, their income down); money, Stock and
  income never go below 0; a sale of a route the player does not own sells nothing.

Standings
---------
``total`` = Stock; rank by (Stock, Money), then a shared place (*End of the Game*).
``breakdown = {stock, money, income, routes, airports, planes, buying_power}``
(``buying_power`` = Stock + money // price, a forecast).  Status "flying" mid-game,
"winner" / "finished" at the end.
"""

from __future__ import annotations

import engines
from engines.pan_am.engine import PanAm

ENGINE = engines.register(PanAm())

__all__ = ["ENGINE", "PanAm"]
