"""The rulebook sections the Isle of Pan's checks name, and the text they quote."""

from __future__ import annotations

PLAYERS_RULE = "Setup: 1. Number of players"
START_RULE = "Setup: 2. Put the Starting Tile in the centre of the table"
SHUFFLE_RULE = "Setup: 3. Shuffle the Landscape tiles"
EXPLORERS_RULE = "Setup: 6. Explorers"
PLAY = "The Play"
STEP1 = "The Play: step 1"
STEP2 = "The Play: step 2"
STEP3 = "The Play: step 3"
STEP4 = "The Play: step 4"
LIMITS = "Movement Limitations"
PORTALS = "Magical Portals"
ENDGAME = "Endgame"
STEP5 = "The Play: step 5 (published game; not in this rulebook)"
WL_PLACEMENT = "Wondrous Lake tiles (published game; placement not in this rulebook)"
TRACK = "Setup: 4. Each player takes (score board and tokens)"
BEASTS = "Objective: fantastic beasts (conditions not in this rulebook)"

# The rulebook's words on placement, quoted whole in IP-C14's message.
PLACEMENT_SENTENCE = "At least 3 sides of your Landscape tile should be adjacent to one or more Landscape tiles already in play."
