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

Next: the state and its events (set-up with declared planes and cards, marker
placement, gains, reveals, the phases and extra turns, the Last Turn), the Kobe Rules'
switches, the viewer's board, the recording page's offers, the demo game; then
registration.
"""
