// The board editor of each game. A module exports:
//   mount(root, ctx)   draws the board's sections into `root` and redraws them itself as the
//                      user taps and types. ctx = {
//                        data,        the board file being edited: change it in place;
//                        changed(),   call after every change (the draft is kept, the status updated);
//                        problems(prefix), what the last refused save said of the entries whose
//                                     field path starts with `prefix` ("tiles.3"): [{field, code, message}];
//                        kit,         the building blocks (../kit.js) };
//                      mount is called again, on a new root, when the whole data is replaced
//                      (a file loaded, a draft thrown away, problems to show).
//   empty()            the board file of a new board (default {});
//   summary(data)      one short line for the save bar ("38 tiles, the Starting Tile");
//   fieldLabel(path)   a field path in words ("tiles.3.terrains" -> "Tile 4: terrains").
// Names are read off the box and typed; everything else is tapped. Never a JSON box.

const MODULES = {
  "air-alliance": () => import("./air-alliance.js"),
  "isle-of-pan": () => import("./isle-of-pan.js"),
  "pan-am": () => import("./pan-am.js"),
  panamax: () => import("./panamax.js"),
};

export async function editorFor(name) {
  const load = MODULES[name];
  if (!load) return null;
  try {
    return await load();
  } catch {
    return null;
  }
}
