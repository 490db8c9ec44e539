"""Panamax: the rule engine.

Sources: ``shared/rules/panamax.txt`` (the rulebook, which wins) and
``shared/engines/panamax.md`` (the note: checks PX-*, events B3, flow B5, gaps B7).
Importing this package registers the engine as ``panamax``.

Set-up
------
``setup(players, options, board=None)``: 2 to 4 players listed in turn order (§3 step 12 draws it:
the order is a fact the table records by listing them), each managing a company of
its own (``companies``, PX-S1).  The engine derives §3 steps 1-20 and §9: money,
shares, the price, the Warehouse, Pool and start ships, the unique ships, flags,
Passenger tokens, bonus stacks, awards.  Then, in any order, the set-up's events:
``advanced_bids`` (advanced variant), ``action_table_rolled`` (the rolls as they fell;
the engine places them with the cascade, PX-S3 to S5, and a Mulligan roll is kept and
rolled again), ``contracts_revealed`` and a ``financial_advisor_kept`` per player.
Then the Setup Contracts (steps 22-23, PX-S11): ``setup_contracts_drawn``, and in
reverse turn order ``setup_contract_chosen`` with its loading, ``turn_ended``.
``board`` is the saved board file the game is recorded on (see *Board file* below); the
``board`` option takes the same file, for games created before boards were saved.

Options (the rules profile)
---------------------------
============================  ===============  ===============================================================
option                        default          meaning
============================  ===============  ===============================================================
variant                       "standard"       "advanced": §4's blind bids (PX-S2)
setup_contracts_in_standard   True             PX-AMB-1: steps 22-23 stand under the Advance Set-up but go on
                                               numbering the standard steps: play them in both
companies                     [red, green,     each player's company, in the order the players are listed
                              yellow, black]
fa_scoring                    "best_two_any"   PX-AMB-7: the secret Financial Advisor card may count, or
                                               always counts ("secret_plus_best_other")
board                         None             a board file (``board.py``): facts pre-loaded, never declared;
                                               for a saved board, ``setup``'s ``board`` instead (not both)
two_player_pacific_cruise     "Lucky Me        §9 puts a 3-slot cruise ship in each Waiting zone; both start
                              Cruises"         on the Atlantic side, so this one goes to the Pacific's
market_floor                  1                without a Market table on the board, a price falling after failed
                                               dividends stops here: the rulebook prints no table but lowers the
                                               cube "2 steps on the market table", and names no price under $1
                                               (0 to 6; with a table, its lowest price is the floor)
============================  ===============  ===============================================================

Declared data
-------------
The rulebook has no canal map, no fee rates, no Market table, no card or Clipboard texts.
The events declare what the table sees, and ``engines.declared`` keeps it (the first
declaration fixes a fact; a contradiction is ``declared/conflict`` naming both events):

* ``contract:<id>`` (a card when first face up), ``setup_contract:<id>``;
* ``zone_kind:<zone>`` (DASHED or LAKE, with a ship first entering it; the lakes are the
  rulebook's), ``crossing:<bound>:<from>:<to>`` (the icon a move crosses), ``column_locks:<column>``
  (the locks printed at a movement column's base: the board file only),
  ``ship_slots:<ship>`` and ``ship_spec:<ship>`` (unique ships' tiles);
* ``zone_fee:<zone>`` (Cargo Fees), ``dividend:<price>`` (Dividends), ``build_cost:2``;
* ``clipboard:<nation>:<space>`` (the free action under a space, with the flag covering
  it), ``bonus_card:<deck>:<n>`` (a Captain or Stevedore card's effect, in counts of
  locks, waterways, moves of any kind and loads).

Board file
----------
What one box holds, transcribed once (``board.py`` says what the file holds and every
decision taken where the rulebook is silent): the canal, zones, crossings, the movement
columns' printed lock counts (``column_locks``, "The number indicated in the base of a
column always refer to the number of locks"; a column left out moves its own value), fees, the
Market table (or the dividends seen), the Clipboards, the unique ships' tiles, the
2-slot ship's price, the 24 Contract and 8 Setup Contract cards, the Captain and
Stevedore cards' effects, and which lists are the whole box (``complete``).  Its facts
are declared before the first event, with the keys above.  The engine object's
``board_file`` (``engines.base.BoardFile``) gives its marshmallow shape
(``board_schema``), its ``problems`` (``board_rules``), its ``facts``, ``from_game``
(the board of everything a game declared) and its JSON Schema
(``docs/formats/panamax-board-v1.schema.json``).

While a game is recorded on a board, a reveal may name a card by its id: ``{"id":
"C7"}`` for a card of ``contracts_revealed`` or ``contract_card_revealed``, of
``setup_contracts_drawn``'s ``cards``; ``bonus_card_played`` leaves out ``effects``.  The
faces come from the declared data (the board's, or an earlier event's).  Each form these
events always took still means what it did.  ``expected()["options"]`` names the board's
cards that may turn up now (``reveals.reveal_offers``).

Checks of the board file (a saved board is refused with them; ``board_rules``):

========  =========================  ==================================================
code      rule                       the file may not say
========  =========================  ==================================================
PX-B01    Board file                 a canal zone twice
PX-B02    Board file                 two dividends for one price (``market``, ``dividends``)
PX-B03    Board file                 two crossings for one passage
PX-B04    Board file                 two cards of one deck with one id
PX-B05    Pay Cargo Fees             a fee other than $1 to $4
PX-B06    Contract cards             a back other than one generic 3 (two for 3 containers)
PX-B07    Contract cards             a Rail icon on both faces
PX-B08    Components                 more than 24 Contract or 8 Setup Contract cards
PX-B09    Components                 a deck marked complete short of those
PX-B10    Set up                     a complete canal without a place §3 step 15 names
PX-B11    Board file                 with a complete canal, a zone off it
PX-B12    Ship Movement              a crossing leading backwards along the canal
PX-B13    Ship Movement              Gatun Lake or Miraflores Lake as a dashed rectangle
PX-B14    How to load ships          a ship's minimum above its maximum
PX-B15    How to load ships          a ship of other than 1 to 4 slots
PX-B16    Unique ships               a unique ship's tile against §9 and §10
PX-B17    Ship Movement              a zone where it cannot be
PX-B18    When a ship arrives at     a way out into the ocean by a waterway
          the end of the Canal
PX-B19    Board file                 ``dividends`` beside a whole Market table
========  =========================  ==================================================

Checks of the events against the board (``reveals``, ``movement``):

========  =========================  ==================================================
code      rule                       the event may not
========  =========================  ==================================================
PX-B20    Contract cards             name a card whose faces nobody has shown
PX-B21    Components                 reveal a card not in a deck the board holds whole
PX-B22    Contract cards /           reveal a Contract card already on the Action table,
          Loading Cargo              Inbound or held, or a discarded one before the Draw
                                     pile is exhausted (``unverified`` without the whole deck)
PX-B23    Ship Movement              take a ship into a zone off a canal the board holds whole
PX-B24    Ship Movement              take (or push) a ship across a passage not among the
                                     board's crossings, when it holds them all
========  =========================  ==================================================

Checks of moves against the canal the game knows (the board's, or as the events declared
it; issue 21): a move goes to the *next* zone along it (PX-M3: "Ships must follow the
direction of the arrows"), a ship leaves into the ocean only from the canal's last zone
towards it (PX-M10), pushed ships go into the next zone and keep their own heading (PX-M9,
PX-M4: a ship heading the other way cannot be pushed back), and the ships of one group
that leave together take the bonus cards in the order they are listed (PX-M12).
``movement_impossible`` (PX-M2) is refused when a ship can still cross a crossing the game
knows by a move still owed; with every crossing on the board and no move left in doubt it
is proven; else it stays ``unverified``.

A check that needs data nobody has declared is ``unverified`` (a unique ship's size in a
group or a dashed rectangle, the Prospector's range, whether a movement is impossible).

Turns
-----
In turn order: ``die_transferred`` (before the die, once, PX-T7), ``action_die_taken``
with its use (PX-T1 to T6, T8), then what the die allows:

* movement: ``ship_moved`` (one ship or group across one icon, PX-M1 to M15; into the
  ocean with ``to: "OCEAN"``, the owners' bonus choices, the Prospector's doubled dice,
  the Passenger tokens' spots), ``military_pay_claimed``, ``movement_impossible``;
* contract/load: ``contract_taken``, ``contract_card_revealed``, ``die_loaded``,
  ``ship_to_loading_zone`` (PX-C1 to C16).  A take's refill turns up the Draw pile's next
  card before the turn ends (PX-C3), never one face up or held, with or without a board
  (PX-B22).  A ship leaves the Waiting zone only within a loading (PX-C9: "moved freely to
  the Loading zone and used immediately to continue loading Cargo"), or, a military ship
  ("ready for immediate re-use", §10), while the turn owes movement;
* market: ``share_bought``, ``stock_raised`` (PX-K1 to K4);

and at any point of the turn ``ship_built``, ``ship_deployed`` (PX-B1) and
``bonus_card_played`` (PX-BC1, BC2).  A flag gained (a completed front, the Rail table)
declares the icon under its space; its free action must be the next event,
``free_action_used`` (PX-F1 to F6; the Market may be deferred and comes back with the
nation's next flag in a later turn).  ``turn_ended`` checks the movement owed (PX-M2) and
the two incomplete contracts (PX-C15).  The round's end: ``rail_flag_taken`` in the new
order, ``cargo_fees`` and ``dividends`` company by company (PX-E1 to E7), the award and
the maintenance derived, then the next ``action_table_rolled``; after round 3, a
``financial_advisor_revealed`` per player and §8's count.

``expected()``
--------------
``{"actors", "event_types", "options"}``.  During a turn the options are the choices of
each field the recording page may offer (``offers.py``): the dice that can be taken
(``from.column``, ``from.executive``) and their uses, the contracts' containers and the
ships in a Loading zone, the ships that may sail, the icons with moves left and the zones.
Table events (a roll, a card turned up, a company's fees) list every player as actor.
On a board with cards, the reveals' ids: ``contracts_revealed``'s
``action_table.4.id`` (5, 6), ``inbound.id``, ``draw_top.id``; ``contract_card_revealed``'s
``card.id``; ``setup_contracts_drawn``'s ``cards.id``.  A card's faces are in the state's
declared data (``state["declared"]["contract:<id>"]["value"]``).

Decisions beyond the note
-------------------------
* The Setup Contracts load under a turn's rules: one die a ship (PX-S11 leaves it open;
  the text's "build additional ships" reads as the way round that limit).
* The canal's order is the real canal's for the places the rulebook names (Gatun Lake,
  Culebra Cut, Pedro Miguel Locks, Miraflores Lake); a zone first entered takes its place
  just beyond the zone the ship left.  Ships never turn back against that order (PX-M4).
* A Market use needs a share the player can pay for; a free action that cannot be used is
  recorded as ``impossible`` (unverified); the Market is deferred instead.
* A Stevedore card lifts the one-die-a-ship limit for the turn, as the rulebook says.
* Rules version 2 (issue 21) judges moves, pushes, exits, impossible movements, the
  Waiting zone and the Draw pile's reveals as above, and folds a failed dividend's drop
  onto ``market_floor``; snapshots folded under version 1 are not reused (the store keys them
  by rules version).
* ``apply`` folds an overridden event as far as the state allows; one that names nothing
  on the table changes only the step.  A legal event that fails to fold raises.

Modules
-------
``engine`` (the object, a ``TableEngine``: the guards and what follows every event)
and ``events`` (each event type's ``EventRule``: schema, rules, fold, words, offers)
delegate to ``setup`` and ``setup_phase`` (the table and its set-up events),
``setup_contracts``, ``action_table``, ``turns``, ``loading`` (with ``contracts`` and
``cargo``), ``movement``, ``flags`` and ``free_actions`` (with ``clipboard``),
``bonus_cards``, ``market``, ``money`` and ``round_end``; ``offers`` (what is possible now,
who is due and the page's choices), ``words`` (the log's lines), ``scoring`` (the
standings), ``view`` (the board's derived facts and each step's place), ``board`` (the
board file, with ``board_schema``, ``board_rules``, ``board_legacy`` and ``reveals``),
``schemas``, ``demo`` (the demo game and its made-up table data).
"""

import engines
from engines.panamax.engine import Panamax

ENGINE = engines.register(Panamax())
