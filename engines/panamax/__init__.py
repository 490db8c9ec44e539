"""Panamax: the rule engine.

Sources: ``shared/rules/panamax.txt`` (the rulebook, which wins) and
``shared/engines/panamax.md`` (the note: checks PX-*, events B3, flow B5, gaps B7).
Importing this package registers the engine as ``panamax``.

Set-up
------
``setup(players, options)``: 2 to 4 players listed in turn order (§3 step 12 draws it:
the order is a fact the table records by listing them), each managing a company of
its own (``companies``, PX-S1).  The engine derives §3 steps 1-20 and §9: money,
shares, the price, the Warehouse, Pool and start ships, the unique ships, flags,
Passenger tokens, bonus stacks, awards.  Then, in any order, the set-up's events:
``advanced_bids`` (advanced variant), ``action_table_rolled`` (the rolls as they fell;
the engine places them with the cascade, PX-S3 to S5, and a Mulligan roll is kept and
rolled again), ``contracts_revealed`` and a ``financial_advisor_kept`` per player.
Then the Setup Contracts (steps 22-23, PX-S11): ``setup_contracts_drawn``, and in
reverse turn order ``setup_contract_chosen`` with its loading, ``turn_ended``.

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
board                         None             a board file (``board.py``): facts pre-loaded, never declared
two_player_pacific_cruise     "Lucky Me        §9 puts a 3-slot cruise ship in each Waiting zone; both start
                              Cruises"         on the Atlantic side, so this one goes to the Pacific's
============================  ===============  ===============================================================

Declared data
-------------
The rulebook has no canal map, no fee rates, no Market table, no card or Clipboard texts.
The events declare what the table sees, and ``engines.declared`` keeps it (the first
declaration fixes a fact; a contradiction is ``declared/conflict`` naming both events):

* ``contract:<id>`` (a card when first face up), ``setup_contract:<id>``;
* ``zone_kind:<zone>`` (DASHED or LAKE, with a ship first entering it; the lakes are the
  rulebook's), ``crossing:<bound>:<from>:<to>`` (the icon a move crosses),
  ``ship_slots:<ship>`` and ``ship_spec:<ship>`` (unique ships' tiles);
* ``zone_fee:<zone>`` (Cargo Fees), ``dividend:<price>`` (Dividends), ``build_cost:2``;
* ``clipboard:<nation>:<space>`` (the free action under a space, with the flag covering
  it), ``bonus_card:<deck>:<n>`` (a Captain or Stevedore card's effect, in counts of
  locks, waterways, moves of any kind and loads).

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
  ``ship_to_loading_zone`` (PX-C1 to C16);
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
* ``apply`` folds an overridden event as far as the state allows; one that names nothing
  on the table changes only the step.  A legal event that fails to fold raises.

Modules
-------
``engine`` (the object) delegates to ``setup`` and ``setup_phase`` (the table and its
set-up events), ``setup_contracts``, ``action_table``, ``turns``, ``loading`` (with
``contracts`` and ``cargo``), ``movement``, ``flags`` and ``free_actions`` (with
``clipboard``), ``bonus_cards``, ``market``, ``money`` and ``round_end``; ``offers`` (the
page's choices), ``view`` (the board's derived facts), ``board`` (the board file),
``schemas``, ``demo`` (the demo game and its made-up table data).
"""

import engines
from engines.panamax.engine import Panamax

ENGINE = engines.register(Panamax())
