"""The Isle of Pan (Lumberjacks Studio, 2019): the rule engine.

Sources: ``shared/rules/isle-of-pan.txt`` (the rulebook, which wins) and
``shared/engines/isle-of-pan.md`` (the note: checks IP-C01..C28, hex geometry §1.3,
events §1.4, gaps §1.8).  Importing this package registers the engine as ``isle-of-pan``.

Set-up
------
``setup(players, options, board=None)``: ``players`` are names in clockwise seat order, 2
to 4 (IP-C01, ``SetupError``).  The options are the rules profile only; the board data the
rulebook does not give arrives as *events*, which the recording page's forms handle:

1. ``starting_tile_declared`` (the first event): the Starting Tile as it lies on the table;
2. three ``tile_revealed``: the opening display (IP-C02 counts them);
3. then the turns.  Until 1 and 2 are in, ``expected()`` offers only those events.

``board`` is a saved board: the board file of one box (``board.py``; the Starting Tile and the
Landscape tiles, ``docs/formats/isle-of-pan-board-v1.schema.json``).  A file that cannot be
used is ``SetupError`` (``board/shape``, IP-B01..IP-B10).  On a board its facts are in the
declared-data registry (``state["declared"]``, origin ``"board"``) before the first event, a
Starting Tile it holds is already on the table (step 1 is then only a confirmation), and a
reveal may name a tile by its id instead of spelling it out.  There is no ``board`` option:
this engine took no board file before saved boards, so a board only comes as one.

The display has three places named by the engine, ``D1``, ``D2``, ``D3``: the opening
tiles fill them in order, and a refill goes into the place just emptied.  T Landscape
tiles are in play (``landscape_tile_count``, default 9N + 2 [INF]: 20, 29, 38); the pile
holds T minus the tiles revealed so far, the opening three included.

Options (the rules profile)
---------------------------
=======================  ==========  ==================================================================
option                   default     meaning
=======================  ==========  ==================================================================
first_player             None        who starts (None: the first seat); [RB] the youngest
ages                     None        ``{name: years}`` for every player; when given, a first player who
                                     is not the youngest is ``SetupError`` IP-C04 (ties allowed);
                                     without ages IP-C04 is kept ``unverified`` in ``setup_flags``
landscape_tile_count     None        T; None = 9N + 2.  Another value is stored with an IP-C27
                                     warning (the end cannot show exactly 2 tiles face up)
observation              "pub_v1"    step 5 of the published game (G3): ``pub_v1`` checks IP-C20..C23
                                     as errors; ``declared_only`` records them, failures as warnings
                                     (IP-C22, the reserve, stays an error); ``off``: no observation
                                     (``animals_observed`` is IP-C23; a second Wondrous Lake in one
                                     turn is then only a warning)
wondrous_lake            "pub_v1"    where a Wondrous Lake tile goes (G6): ``pub_v1`` an uncovered Lake
                                     space (IP-C25 errors, and ``unverified`` when it passes);
                                     ``declared_only``: anywhere, IP-C25 ``unverified``
points_per_animal        1           track steps per animal placed [PUB] (G5)
portal_in_domain_groups  False       a Portal joins every Domain Group it touches (G4)
zero_move_end_check      True        a 0-move must also end on an empty space (G9), as the rulebook
                                     says of every move; False: staying put is always allowed
wl_adds_hexes            False       a Wondrous Lake may go on new spaces beside the island (G6);
                                     they join the island (Lake spaces under the tile)
track_values             None        the points printed on each track space, from 0 (G5); None:
                                     a position is its points, and IP-C28 is ``unverified``
=======================  ==========  ==================================================================

Events (``Event(type, data, actor)``; ``actor`` None means the current player)
------------------------------------------------------------------------------
Coordinates are axial ``{q, r}`` (``hexes``); a cell is ``{q, r, t}`` with terrain ``t`` in
MOUNTAIN | DESERT | PLAIN | LAKE | PORTAL; a kind is HERBIVORE | BIRD_OF_PREY | REPTILE
(Plain -> Herbivore, Mountain -> Bird of Prey, Desert -> Reptile).  Schemas reject
unknown fields.

Table events (anyone at the table may record them; while one is due, every player is
an actor in ``expected()``, the current one first):

``starting_tile_declared {spaces: [{q,r,t}...], central: {q,r}}``
    The rulebook gives no layout: the table declares it.  Distinct, joined spaces;
    ``central`` is one of them and not a Lake; every Explorer starts there.  On a board
    that holds the Starting Tile, set-up has laid it: the same spaces and central space
    are accepted as a confirmation (nothing changes), others are ``declared/conflict``.
``tile_revealed {display_id?, terrains?: [t,t,t], shape?: [{dq,dr,t} x3] | null, marker?: 3|4|"none"|null, tile_id?}``
    A tile turned face up: the opening three, then the refill after each take while the
    pile lasts (IP-C10).  ``display_id`` may be left out (the engine knows the place).
    ``shape`` (cells relative to the first) makes IP-C13 congruence checkable;
    ``marker`` makes IP-C03 checkable (``"none"``: the tile carries no marker; null or
    absent: not declared); without a board a ``tile_id`` revealed twice is ``declared/conflict``.
    ``terrains`` are required unless the event names a tile of the board (IP-C02, or
    IP-C29 for an id the board lacks, when they are missing).
    **On a board** ``{"tile_id": "7"}`` is the whole event: the board's terrains, shape and
    marker fill in what the event leaves out (each part spelled out must agree with the
    board: ``declared/conflict``).  IP-C30 refuses an id revealed before, IP-C29 an id the
    board lacks when no terrains are given, and on a board whose tiles are ``complete``
    any tile it does not hold (an unnamed one must match a board tile not yet named).
``score_token_set {player, kind, position, reason}``
    The table's truth: the token goes to ``position``; the engine keeps the difference
    from its own count in ``state["score_sets"]`` and says so in ``changes``.
``fantastic_beast_appeared {at: {q,r}, player?, kind?, points?, beast?}``
    Declared (gap G7), always with an ``unverified`` IP-G7 flag; ``points`` move
    ``player``'s ``kind`` track.  The pawn stands on ``at`` (an Explorer cannot end there).

These two are accepted at any time after the set-up (before the end) but are not
offered by ``expected()``: they are declarations outside the turn's steps, recorded from
the page's "other event" form.

Player actions (the current player; others get IP-C05):

``tile_taken {display_id, portal_choices?: [kind]}``
    Steps 1 and 2: a face-up tile (IP-C07), one per turn (IP-C08), one chosen kind per
    Portal (IP-C09); its animals go to the reserve.  Refused while the previous refill is
    owed (IP-C10).  The next seat's ``tile_taken`` after the current player's move closes
    that turn (no ``end_turn`` needed), except after the game's last turn (IP-C26).
``tile_placed {display_id?, cells: [{q,r,t} x3]}``
    Step 3: the tile taken (IP-C11), on empty spaces (IP-C12), joined and in its shape
    turned, never mirrored (IP-C13; ``unverified`` without a declared shape), sharing at
    least 3 hex sides with the spaces in play (IP-C14, E(N) of the note §1.3.3).
``explorer_moved {to: {q,r}, path?: [{q,r}...]}``
    Step 4: 0 to 3 moves on the movement graph (IP-C15), Portals adjacent to each other,
    Lakes and Wondrous Lakes neither crossed nor landed on (IP-C16), ending on an empty
    space (IP-C17), a move of 0 included (``zero_move_end_check``: the Explorer's own space
    must then hold no animals, no other Explorer, no beast).  ``to`` = the current space is a
    move of 0.  ``path`` (the spaces
    entered, ending on ``to``) is checked step by step (IP-C18).  One move (IP-C19).
``animals_observed {kind, count}`` [PUB]
    After the move: ``count`` animals from the reserve onto the Explorer's space, on a
    Domain of their kind (IP-C20; any kind on a Portal, ``unverified``), 1 to 3 (IP-C21),
    held in reserve (IP-C22); the track moves ``count × points_per_animal``.
``wondrous_lake_placed {domain, at: [{q,r}...]}`` [PUB]
    After the move, instead of animals (IP-C23): a tile still on the board (IP-C24) onto
    the spaces given (IP-C25).  It no longer scores; Explorers cannot cross it.
``end_turn {}``
    After the move (IP-C06, IP-C19 without a move).  Required to close the game's last
    turn: after 9 turns each the game is over (IP-C27 warns if the display does not
    then hold exactly 2 tiles with an empty pile).

Derived, never recorded: animals gained, the refill place, the next player, turns and
rounds, the end of the game, Domain Groups and scores.

The state (plain JSON data) is documented in ``state.py``.

Checks (``check``), guard order
-------------------------------
unknown type (``event/unknown-type``) -> game over (IP-C26) -> an actor who is not a
player (IP-C05) -> table events: the set-up order (IP-C02) then their own checks ->
player actions: set-up complete (IP-C02) -> whose turn (IP-C05) -> step order (IP-C06,
IP-C08, IP-C19) -> the event's own rules, which may report several at once.

======  =============================================  ====================================================
code    rule (``Violation.rule``)                      where
======  =============================================  ====================================================
IP-C01  Setup: 1. Number of players                    ``profile.player_problems`` (SetupError)
IP-C02  Setup: 2./3./6. (Starting Tile, 3 face up)     ``rules._check_start``, ``_check_revealed``,
                                                       ``_check_slot``, ``table_order``, ``setup_incomplete``
IP-C03  Setup: 1. Number of players (markers)          ``rules._check_marker`` (unverified without marker)
IP-C04  The Play (youngest starts)                     ``profile._age_problems`` (SetupError); unverified flag
IP-C05  The Play (clockwise)                           ``engine.guard_codes``, ``rules.other_player``,
                                                       ``_check_score_set``, ``_check_beast``
IP-C06  The Play ("in this order")                     ``rules.turn_order``, ``_check_placed``
IP-C07  The Play: step 1 (among the 3 face up)         ``rules._check_taken``
IP-C08  The Play: step 1 (one tile)                    ``rules.turn_order``
IP-C09  The Play: step 2 (Portal: preferred kind)      ``rules._check_taken``
IP-C10  The Play: step 1 (immediately replaced)        ``rules._check_taken``, ``_check_slot``
IP-C11  The Play: step 3 (your Landscape tile)         ``rules._check_placed``
IP-C12  The Play: step 3 (no overlap)                  ``rules._check_placed``
IP-C13  The Play: step 3 (face up: shape, joined)      ``rules._check_placed``, ``_check_congruent``,
                                                       ``_check_shape``
IP-C14  The Play: step 3 (at least 3 sides)            ``rules._check_placed`` (``hexes.shared_edges``)
IP-C15  The Play: step 4 (0 to 3 spaces)               ``rules._check_moved``, ``_check_path``
IP-C16  Movement Limitations (Lakes)                   ``rules._check_moved``, ``_check_path``
IP-C17  Movement Limitations (empty space)             ``rules._check_moved``
IP-C18  Magical Portals (path steps)                   ``rules._check_path``
IP-C19  The Play: step 4 (one move)                    ``rules.turn_order``
IP-C20  The Play: step 5 [PUB] (kind = domain)         ``rules._check_observed``
IP-C21  The Play: step 5 [PUB] (1 to 3)                ``rules._check_observed``
IP-C22  The Play: step 2 (the personal reserve)        ``rules._check_observed``
IP-C23  The Play: step 5 [PUB] (one action)            ``rules._one_post_action``, ``_check_observed`` (off)
IP-C24  Endgame (tiles still on your score board)      ``rules._check_wondrous_lake``
IP-C25  Wondrous Lake placement [GAP]                  ``rules._check_wondrous_lake``, ``_lake_problems``
IP-C26  Endgame (9 turns each)                         ``engine.guard_codes``, ``rules.other_player``
IP-C27  Endgame (only 2 tiles face up)                 ``rules._check_end_turn`` (warning); setup warning
IP-C28  Setup: 4. (score board) [GAP track length]     ``rules._check_score_set``, ``_track_check``,
                                                       ``_check_beast``
IP-C29  Setup: 3. (the tiles of the box)               ``rules._no_face``, ``_check_board_tile`` (on a board)
IP-C30  Setup: 3. (each tile once)                     ``rules._check_board_tile`` (on a board)
IP-G7   Objective: fantastic beasts [GAP G7]           ``rules._check_beast`` (always unverified too)
d/c     Declared data (``declared/conflict``)           ``rules._check_tile_id`` (no board), on a board
                                                       ``_check_board_tile`` and ``_check_start``
======  =============================================  ====================================================

The board file's own problems (``board.problems``, a ``BoardProblem`` each, naming its field):

======  =============================================  ====================================================
code    rule                                           the board file
======  =============================================  ====================================================
IP-B01  Setup: 3. (three spaces)                       ``tiles.N.terrains``: not 3 terrains
IP-B02  Setup: 3. (three spaces)                       ``tiles.N.shape``: not 3 distinct, joined cells
IP-B03  Board file                                     ``tiles.N.shape``: shows other terrains than ``terrains``
IP-B04  Board file                                     ``tiles.N.id``: an id listed twice
IP-B05  Setup: 2. (the Starting Tile)                  ``starting_tile.spaces``: none
IP-B06  Board file                                     ``starting_tile.spaces.N``: a space listed twice
IP-B07  Setup: 2. (the Starting Tile)                  ``starting_tile.spaces``: not joined by their sides
IP-B08  Setup: 6. Explorers                            ``starting_tile.central``: not one of its spaces
IP-B09  Setup: 6. Explorers                            ``starting_tile.central``: a Lake
IP-B10  Setup: 1. Number of players                    ``complete``: fewer than 3 tiles a 2-player game keeps
======  =============================================  ====================================================

``expected()``
--------------
``{"actors", "event_types", "options"}``; options by event type:

* set-up: ``starting_tile_declared`` (no options), then ``tile_revealed {display_id: [next place]}``;
  on a board that laid the Starting Tile, before anything is recorded, ``starting_tile_declared``
  is also offered (``minor``) as the board has it, one choice per field: a confirmation;
* ``tile_revealed {display_id: [the place to refill]}`` while a refill is owed (listed first);
* on a board, ``tile_revealed`` also offers ``tile_id``: the board's tiles not revealed yet and
  not discarded for this player count (a tile whose marker is not known is offered), in the
  file's order; ``state["board"]["tiles"][id]`` is each face (``terrains``, ``shape``, ``marker``);
* ``tile_taken {display_id: [face-up places], portal_choices: [[kind...]...], takes: [{display_id,
  portal_choices}...]}``: ``portal_choices`` every multiset of kinds for each Portal count among
  the face-up tiles (per field, so it mixes lengths), ``takes`` each place paired with each
  multiset for exactly its Portals (the whole takes IP-C09 accepts, for the picker);
* ``tile_placed {display_id: [taken], placements: [[{q,r,t} x3]...], cells?: (the same list)}``:
  every legal placement near the island, never cut (the shape's rotations when it was
  declared; otherwise every joined triple of empty spaces with every arrangement of the
  terrains), sorted by cells then terrains; ``cells`` only while there are at most
  ``choices.CELLS_LIST_MAX`` (60), a list the generic form can show;
* ``explorer_moved {to: [{q,r}...]}``: the reachable empty destinations, the current space
  included (a move of 0) when it is empty, or always with ``zero_move_end_check`` off;
* ``animals_observed {kind: [...], count: [1..min(3, reserve)]}`` and
  ``wondrous_lake_placed {domain: [...], at: [[{q,r}]...]}`` when possible, then ``end_turn``.

Standings
---------
In seat order; ``total = banked + projected_bonus``: ``banked`` the three track values,
``projected_bonus`` each Wondrous Lake tile still on the board worth the largest Domain
Group of its domain on the island now (final at the end; shared in full when several
players hold the same tile, as the rulebook's example says).  A space under a Wondrous
Lake tile is a Wondrous Lake space and in no Domain Group, whatever it covers: under
``wondrous_lake="declared_only"`` a tile laid on a Plain takes that Plain out of its group
(the rulebook counts the "spaces composing the largest corresponding Domain Group").  ``breakdown = {herbivore,
bird_of_prey, reptile, wondrous_lakes: {domain: value}, banked, projected_bonus}``.
Status "exploring" mid-game, "winner" / "finished" at the end; ranks shared on ties (1, 1, 3).

Hooks for the pages
-------------------
``position(state)``: ``{"round": turns_done // N + 1, "turn": turns_done + 1, "label":
"Round 3 · Ana"}``; "Set-up" and "Game over" carry no numbers.  ``changes(before, after,
event)`` says in words what a step changed ("Ana took the tile PLAIN·PLAIN·PORTAL from D2
(+2 Herbivores, +1 Reptile)", "Tile placed at (1,0),(1,1),(2,0): 4 shared sides", "Ana's
explorer moved (0,0) → (2,-1) (2 steps)", "The largest Plain group grew to 6").  The board
partial would be ``templates/engines/isle-of-pan/board.html`` (state: ``island`` keyed
"q,r", ``placed[-1]`` the tile to highlight, ``display``, players' ``explorer``,
``reserve``, ``track``, ``wl_on_board``).

Gap decisions
-------------
* G1 Starting Tile, G2 tiles: declared in events (above), or once per box in a saved board
  (``board.py`` says what it holds, what naming a tile does and what ``from_game`` claims);
  no data file ships, since no source lists the real tiles.
* G3 step 5: ``observation``.  G4 Portals in groups: ``portal_in_domain_groups``.
* G5 score tokens: ``points_per_animal``; the track's length and printed values are unknown,
  so unless the table declares ``track_values`` every move of a token reports IP-C28
  ``unverified`` (below 0 is an error; past a declared track's end too); tokens score their
  printed value (note §1.7); ``score_token_set`` is the truth.
* G6 Wondrous Lakes: ``wondrous_lake``, ``wl_adds_hexes``; one action after the move, either
  animals or a Wondrous Lake (IP-C23).  G7 beasts: declared, IP-G7.
* G8 the animal supply is not counted.  G9 a 0-move: ``zero_move_end_check``, on by default
  (below).
* G10: reveals are counted against T (IP-C10 refuses a reveal from an empty pile).
* The refill may be recorded any time before the next take (during placement or the move).

Where the note and the rulebook or the house conventions differ
---------------------------------------------------------------
* The note's ``setup`` event carries the Starting Tile and the display; here they are the
  first events (``starting_tile_declared``, 3 × ``tile_revealed``), so the recording page
  builds them with its forms, and the options stay the rules profile only.
* IP-C04 is an error at set-up when ages are given (the note: a check), not a warning.
* A move of 0 (G9): the note's default lets an Explorer stay on any space.  The rulebook
  says "Move your Explorer from 0 to 3 spaces" and then, of every move, "They must end their
  movement on an empty space", so ``zero_move_end_check`` is on: staying put on a space
  with another Explorer, animals or a beast is IP-C17 (else a player could observe animals
  on the same space every turn without moving).  An Explorer with no empty space within
  reach cannot end step 4 without an override.  Games stored before this default keep the
  profile they were recorded with (the options are stored whole).
* IP-C14's message quotes the rulebook's placement sentence word for word.
* The note skips the marker check (IP-C03) without a marker; the conventions report it
  ``unverified`` instead of passing it silently.  The same holds for IP-C13 without a shape.
* ``tile_revealed`` in the opening goes to D1, D2, D3; a ``display_id`` naming a place that
  is not empty is IP-C02 there and IP-C10 for a refill.

Folding illegal events (``apply`` never re-checks and never raises)
--------------------------------------------------------------------
* Events after the game is over change nothing but ``step``.
* An actor who is not a player folds as the current player; another player's action
  uses their reserve and Explorer, but moves the current turn's steps.
* A take from an empty place gains nothing; a placed cell on an occupied space is
  dropped; a reveal with no empty place opens a spare place (``D4``...); reserves never
  go below 0; a second Starting Tile only adds new spaces.
* On a board: a reveal naming a tile the board lacks, without terrains, shows a tile of
  no terrains; a spelled-out face that contradicts the board is shown as spelled out,
  while the registry keeps the board's value (the first declaration wins).
"""

from __future__ import annotations

import engines
from engines.isle_of_pan.engine import IsleOfPan

ENGINE = engines.register(IsleOfPan())

__all__ = ["ENGINE", "IsleOfPan"]
