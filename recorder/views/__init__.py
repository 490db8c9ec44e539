"""What a game looks like to people, computed once for both faces: a step's frame and
board, the score chart, board parts, seat colours, the recorded log's rows, an engine's
description.  ``recorder.api`` answers it as JSON, ``recorder.web`` renders it in pages
(docs/DESIGN.md, "Package map")."""
