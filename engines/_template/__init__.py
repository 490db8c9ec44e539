"""The template engine: a minimal, working game to copy for a sixth engine (docs/NEW_GAME.md).

"Tally" is not a published game: it is made up for the template, small enough to read
in one sitting, and it has one of every part a real engine has.  Its rules:

- 2 to 4 players, in seat order; the first seat starts.
- On a turn, the player rolls a die and scores its 1 to 6 points (``points_scored``),
  once, then ends the turn (``turn_ended``); the next seat plays.
- When a turn ends with a player at or past the target (the ``target`` option, 20 by
  default), the game is over; the highest total wins, ties share the win.

One module per job, with the same names in every engine built on ``TableEngine``:

============== ==================================================================
``engine``     the engine class: identity, options, the event table, the hooks
``events``     the event-rule table: per event type its schema, check, fold, words, offers
``schemas``    each event's data shape (marshmallow; unknown fields refused)
``rules_*``    the checks and folds, one module per part of the game
``codes``      every check code with its rulebook section and its rule in one line
``state``      the state's shape (TypedDicts) and the state at set-up
``offers``     which event types are possible now and their concrete choices
``scoring``    the standings
``words``      each event's line in the log
``view``       where a state is in the game (round, turn, label) for the pages
``board``      the board file (what a box holds that the rulebook does not print)
``versions``   the rules' versions, and the upcasts that lift older games' events
``demo``       a demo game, loaded by ``make run``
============== ==================================================================

Imports inside the package are relative, so that a copy works before it is renamed.
"""
