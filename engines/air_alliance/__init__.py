"""Air Alliance, with the optional Kobe Rules (work in progress, issue 10): not registered
yet, so no game can be started with it until the engine protocol is complete.

Sources: ``shared/rules/air-alliance.txt`` (the rulebook, which wins) and
``shared/engines/air-alliance.md`` (the note: checks AA-C01 to AA-C34).

Built so far, as pure rules with their scenario tests (``tests/engines/test_air_alliance_rules.py``):

- ``airports``: the 24 airports, their three shapes, who may leave and where a plane
  lands (AA-C11, C13, C14), Priority Takeoff's switch (AA-C19), the NPA start table;
- ``routes``: which passengers this turn's flights carry, relays included (AA-C24; the
  rulebook's Polynesia -> Cannes -> Tokyo example);
- ``icons``: Area and Special landing permits, Code Sharing and the Alliance's use of
  NPAs (AA-C15 to C18, the Kobe double marker);
- ``alliances``: forming one (AA-C05, C06), areas of four, areas left without an NPA;
- ``baggage``: reservations (AA-C20 to C22), a gained card's shift, the Lost Baggage (AA-C28);
- ``boarding_pass``: markers (AA-C07 to C09), Flight Control's placement (AA-C29);
- ``last_turn``: who plays a Last Turn, base and Kobe;
- ``scoring``: miles, Trio Sets, the Kobe Economy bonus.

The engine object (``engine.AirAlliance``) so far takes the set-up (``table``,
``setup_phase``: each player's four planes, declared; the row's six cards, declared when
revealed; board facts) and a turn (``turns``): PHASE 0's Alliance, markers on Flight icons
(a bare Boarding Pass slot declares its icons) or on a card to reserve it, passengers
gained by this turn's flights, reveals, PHASE 1's end with the derived Lost Baggage,
PHASE 3's placement and the extra turn, the reshuffle that starts the Last Turn and the
game's end after it.  Scenario tests: ``tests/engines/test_air_alliance_engine.py``.

Next: the Kobe Rules' switches (declared as options, not yet applied beyond K5, K6's
"no extra turn" and KL's order and scoring), the Last Turn's refresh, the optional data
file, robust folding of overridden events, ``expected()``'s concrete options, the
viewer's board, the recording page, the demo game; then registration.
"""
