"""The check codes Panic in the Air reports, each with its rulebook sections and its rule in one line."""

from __future__ import annotations

from engines.codes import CheckCode, codebook

CODES = codebook(
    CheckCode("PN-C01", ("Start of the Game",),
              "2 to 10 players, each a distinct, non-empty name (2 players is a warning: the box says 3 to 10)"),
    CheckCode("PN-C02", ("Game Turns", "Opening Your Parachute"),
              "Only the current player acts, clockwise; a player whose parachute is open no longer acts"),
    CheckCode("PN-C03", ("Game Turns",),
              "A turn is exactly 2 actions, each a draw or a play: a third action is refused"),
    CheckCode("PN-C04", ("Game Turns",),
              "A card is played from the hand: the player holds at least one card"),
    CheckCode("PN-C05", ("Game Turns", "Opening Your Parachute"),
              "A card goes on a player of the game who is still in the air, not on an opened or crashed character"),
    CheckCode("PN-C06", ("Card Functions: Solo",),
              "A Solo protects its owner from other players' cards for a turn (and goes where the table's Solo rule says)"),
    CheckCode("PN-C07", ("Card Functions: RIP",),
              "The R.I.P. card is never played: drawing it ends the game"),
    CheckCode("PN-C08", ("Opening Your Parachute",),
              "A parachute opens only with an empty hand"),
    CheckCode("PN-C09", ("Card Functions: Risk",),
              "A Risk is resolved before anything else: its 2 draws, or min(2, their hand) cards taken from that player, declined only where the table allows"),
    CheckCode("PN-C10", ("Start of the Game",),
              "The R.I.P. card is drawn from the bottom ten cards of the deck"),
    CheckCode("PN-C11", ("Start of the Game",),
              "At most the three 500 Fall cards are played, each only once enough cards came from the bottom ten"),
    CheckCode("PN-C12", ("Card Functions", "Card Functions: Fall", "Card Functions: Wind"),
              "A Fall card shows a value of the allowed set and a Wind card its arrow; other cards have neither"),
    CheckCode("PN-C13", ("End of the Game",),
              "No event follows the end of the game (the R.I.P. card drawn, or every parachute open)"),
    CheckCode("PN-C14", ("Start of the Game",),
              "The deck never runs out before the R.I.P. card, and is big enough to deal and keep its bottom ten"),
)
