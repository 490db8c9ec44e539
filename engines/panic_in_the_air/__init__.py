"""Panic in the Air (Exod Games, 2019): the rule engine.

Sources: ``shared/rules/panic-in-the-air.txt`` (the rulebook, which wins) and
``shared/engines/panic-in-the-air.md`` (the note: checks PN-C01..C14, §3.x).
Importing this package registers the engine as ``panic-in-the-air``.

Set-up
------
``setup(players, options)``: ``players`` are names in clockwise seat order.
2 to 6 players are dealt 6 cards, 7 to 10 players 3 cards [RB]; hands are hidden,
so the engine keeps counts only.  The note's ``setup`` *event* (§3.2) is this call:
``first_player``, ``deck_total`` and the rules profile are options.

Options (the rules profile)
---------------------------
==================  ====================================  =========================================
option              default                               meaning
==================  ====================================  =========================================
first_player        None (first seat)                     who takes the first turn
deck_total          63 [PUB]                              cards before the deal; None = unknown:
                                                          deck checks are reported ``unverified``
fall_values         [100, 200, 300, 500]                  allowed Fall values (PN-C12; G2)
wind_participants   "in_air" | "all"                      whose stacks a Wind moves cards between (G4)
solo_scope          "neither_give_nor_receive" |          a protected stack under Wind: keeps its top
                    "receive_only"                        card and receives none / only receives none
wind_solo_top       "blocks" | "skip"                     a Solo on top stops the Wind for that stack /
                                                          the Wind takes the highest non-Solo card
solo_duration       "until_protected_players_next_turn"   protection ends when that player's turn
                    | "until_players_next_turn"           begins / when the placer's next turn begins
solo_target         "any" | "self"                        where a Solo may go (PN-C06)
enforce_bottom10    True                                  deck-count checks (C10, C11's bottom-ten
                                                          part, C14) are errors; False: warnings
risk_may_decline    True                                  a Risk's player may decline its cards
                                                          (``risk_declined``); False: they must be
                                                          taken (the note's reading)
min_players         2 | 3                                 2 as the rulebook's deal (with a warning),
                                                          3 as the published box
==================  ====================================  =========================================

Events (``Event(type, data, actor)``; ``actor`` None means the current player)
------------------------------------------------------------------------------
``card_drawn {face?: card, via?: "action"|"risk"}``
    A card from the deck into the hand.  An action, unless it is one of the two
    draws a Risk on oneself owes; without ``via`` the engine infers which (a Risk
    draw exactly while such draws are owed).  ``face`` is optional and private,
    but it must be given when the card is the R.I.P.: that ends the game.
``card_played {target, card: {kind, value?, direction?}}``
    An action: a card from the hand on top of ``target``'s stack, then its effect.
    ``kind`` is FALL | CLICK_CLACK | SOLO | WIND | RISK | RIP; FALL needs ``value``,
    WIND needs ``direction`` (CW | CCW, as the arrow shows at the table).
``cards_taken {from, count?}``
    Resolves a Risk on an opponent: ``min(2, their hand)`` cards move to the player.
    ``count`` confirms the derived number.  Not an action.  When the opponent's
    hand is empty there is nothing to take and no such event is expected.  The
    stored data is the JSON as sent (key ``"from"``); data already loaded through
    the schema (key ``"from_"``) is read the same way.
``risk_declined {}``
    The player takes none of what their Risk still allows: the two cards of an opponent's
    hand, or the Risk draws still owed (after one draw, the second).  Not an action; the
    turn goes on, or passes when its two actions are done (a late opening may follow, as
    after any turn's end).  Only while a Risk follow-up is owed (PN-C09), and only where
    ``risk_may_decline`` is on (else PN-C09).
``parachute_opened {}``
    With an empty hand, during one's own turn; not an action.  The player is out,
    the stack is frozen, the turn passes; when nobody is left the game ends.
    A turn that ends on an empty hand (the second action played the last card)
    leaves its player a moment to open *late*: until the next event is recorded,
    that player may still open (name them as ``actor``: no actor means the current
    player); the turn, already the next player's, does not pass again.

The state (plain JSON data) is documented in ``state.py``.

Hooks for the pages (``changes.py``; docs/WEB.md)
--------------------------------------------------
``changes(before, after, event) -> [str]`` diffs two consecutive states (stacks, hands,
parachutes, Solo protection, the Risk follow-up, the deck, the turn, the end) into
sentences, using the event only to explain them; never raises.  ``position(state)`` is
``{"round": None, "turn": turn_no, "label": "Turn 7 · Ana"}`` ("Game over" at the end):
the game has no rounds.  The board partial is ``templates/engines/panic-in-the-air/board.html``.

``table_view(state, standings) -> (state, standings)`` (``table_view.py``) is what the table
sees while the game is played, which the pages show until the game is over: each character's
top card (none once its stack is turned face down), hands as counts, statuses (in the air,
parachute open), Solo protection, the Risk follow-up and the turn; no deck count ("It is
forbidden to count cards remaining in the card deck"), nothing under a top card and no
stack's count ("They will not be able to look into their own falling deck or the one of
another player's during the game"), hence no distance, Click-Clack count, total or rank.
``table_changes(before, after, event)`` is ``changes`` in the same terms: a stack's new top
card, no deck line.

Derived, never recorded: Wind resolution, the end of the turn after 2 actions and
any owed Risk follow-ups, the next player (skipping those out), the lone player
playing on, the end of the game, crashes and scores.

Checks (``check``), guard order
-------------------------------
unknown type (``event/unknown-type``) -> game over (PN-C13) -> not your turn
(PN-C02; the late opener's ``parachute_opened`` passes this guard) -> no action
left (PN-C03) -> the event's own rules, which may report several at once: PN-C04
empty hand, PN-C05 target out of the air or unknown, PN-C06 target under another
player's Solo (and a Solo on another player when ``solo_target="self"``), PN-C07
the R.I.P. card played, PN-C08 parachute with cards in hand (after the turn guard:
a player whose turn ended with cards in hand gets PN-C02, not PN-C08), PN-C09 Risk
follow-ups (a pending Risk first, taken or declined; the right source and count, no
Risk draw without a Risk, no decline without a Risk or where ``risk_may_decline`` is off), PN-C10 R.I.P. drawn with more than 10 cards left, PN-C11 a fourth 500
or more 500s than draws from the bottom ten, PN-C12 Fall value / Wind arrow (a
value or arrow on another kind: a warning, ignored), PN-C14 the deck empty, or
its last card not the R.I.P.  PN-C01 (2..10 players,
distinct non-empty names; a warning at 2) is judged by ``setup``: errors raise
``SetupError``, the warning is kept in ``state["setup_flags"]``.

Gap decisions
-------------
* G1 card counts per type are unknown: nothing is counted but the one R.I.P. and the
  three 500s.  No deck data file ships.
* G2 Fall values: the ``fall_values`` option.  G3 the Wind arrow is declared per play.
* G4 Wind participants: those in the air by default, neighbours among them.
* G5 Solo: protection is set on the target when placed and ends when the
  ``solo_duration`` player's turn begins (or when that player is out of the air).
  Wind leaves a protected stack alone per ``solo_scope``; a Solo is never moved.
* G6 cards taken by a Risk are not identified (hidden); counts only.
* A Risk's cards may be declined (``risk_may_decline``, on): the rulebook says "The Risk
  cards **allow** you to take 2 cards in the hand of the player on whom you have placed
  the card, or 2 cards in the deck", a permission, not an order.  The follow-up is still
  settled first (PN-C09): taken, or declined with ``risk_declined``, before any other
  event of the turn.  Declining is all of what is still owed (a take of fewer than
  min(2, hand) stays PN-C09).  ``expected()`` offers ``risk_declined`` beside the take or
  the draw, in ``minor`` (the page shows it under "Less often").  A state cached before
  the option existed reads it as on.
* G7 only Fall cards carry distance.  G8 2 players allowed with a warning.
* A hand that empties on the turn's second action may still open right away: the
  turn passes to the next player (``current``, ``actions_done`` 0) and
  ``state["may_still_open"]`` names the player whose turn ended, until any other
  event is folded.  ``expected()`` then lists ``actors`` [next player, late opener]
  with ``parachute_opened`` among the event types.  The late opening does not pass
  the turn again; as any opening, it ends the game (ALL_OPENED) when nobody is left
  in the air, and a Solo lasting until the opener's next turn ends at once (G5).
  The lone player gets the turn straight back, so for them there is no late
  opening, only their own turn.
  The moment is closed by *any* folded event, the next player's or not (an
  overridden fact included); recorder-only events (notes, corrections) never reach
  the engine.
* A drawn R.I.P. card does not enter the hand; other drawn faces are not kept.
* ``first_player`` not among the players, non-integer ``deck_total`` and bad
  ``fall_values`` are ``SetupError`` (``options/invalid``); a ``deck_total`` that
  cannot deal and keep its bottom ten is ``SetupError`` PN-C14.

Where the note and the rulebook differ (the rulebook wins)
-----------------------------------------------------------
* Solo under Wind: the note (§3.5) lets nothing move from or to a protected stack;
  the rulebook protects from *other players'* cards, so a protected player's own
  Wind moves their own stack like any other.
* Unknown deck size: the note (§3.2) skips the bottom-ten checks; the shared
  conventions report them as ``unverified`` instead of passing them silently.
* Declining a Risk: the note (§3.4, PN-C09) has the follow-up always taken ("exactly 2
  risk draws follow"); the rulebook's "allow" makes it the player's choice, and the
  note's reading is the option ``risk_may_decline=False``.
* Opening after the second action: the note's turn loop (§3.7) ends the turn as soon
  as 2 actions are done, so a hand emptied by the second action could open only on
  the player's next turn, after a whole round of others' cards.  The rulebook says
  the player "can open his parachute at any time during his turn", and the turn
  includes the moment right after its second action: the late opening above.

Folding illegal events (``apply`` never re-checks and never raises)
--------------------------------------------------------------------
* Counts never go below 0: a play from an empty hand leaves 0, a take of more than
  the hand empties it (the taker still gets the recorded count), a draw from an
  empty deck leaves ``deck_remaining`` at 0.
* Events after the game is over change nothing but ``step``.
* An actor who is not a player folds as the current player; an out-of-turn player's
  cards come from their own hand, but the actions count in the current turn.
* A card played on an unknown name leaves the hand and does nothing else; on a
  player out of the air it lands on their stack and its effect resolves.
* A played R.I.P. ends the game like a drawn one; a Wind with no arrow moves nothing.
* An action taken while a Risk follow-up is owed cancels the follow-up; so does a
  ``risk_declined``, whoever records it, and one with nothing owed changes nothing.
* A parachute opened with cards in hand opens (the cards stay counted).
* A parachute opened by anyone but the current player (the late opener, or an
  overridden out-of-turn opening) leaves the turn where it is; Solos lasting until
  that player's turn end (G5).

Standings
---------
``{"final", "players": [{"player", "total", "breakdown", "status", "rank"}], "winners"}``
in seat order.  ``breakdown = {distance, click_clack, click_clack_parity, hand_count,
stack_height, safe_if_opened_now, secured, crash_reason}``.  Mid-game: ``total`` is the
running distance, ``status`` "in_air" | "parachute_open", ranks by running distance,
``winners`` []. Final: ``status`` "survived" (``total`` = distance) or "crashed"
(``total`` and ``rank`` None); survivors ranked by distance, ties share (1, 1, 3);
``winners`` = survivors with the highest distance, none without survivors.
"""

from __future__ import annotations

import engines
from engines.panic_in_the_air.engine import PanicInTheAir

ENGINE = engines.register(PanicInTheAir())

__all__ = ["ENGINE", "PanicInTheAir"]
