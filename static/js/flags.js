// What the pages say of the checks that could not run for want of board data
// (severity "unverified"): never a flag, one quiet line per game (recorder/flags.py).

/** The log's one quiet line for a game's unchecked checks ("" when there are none). */
export function uncheckedLine(count) {
  if (!count) return "";
  return `${count} check${count === 1 ? "" : "s"} could not run without the board's data; a game recorded on a saved board runs them.`;
}

/** How many checks of an effective log could not run. */
export function uncheckedCount(entries) {
  return (entries || []).reduce((sum, entry) => sum + ((entry && entry.unchecked) || []).length, 0);
}
