// Engine-specific pickers for the recording page. An engine may offer, for some event
// types, a picker that replaces the generic schema form (e.g. tapping a hex on the
// island instead of choosing from a long list). Every other event type, and every
// engine without a plugin, keeps the generic form.
//
// A picker is `(ctx) => Element | null`; null means "use the generic form". ctx:
//   type, options (expected.options[type]), state (the engine's state), players,
//   draft (an object kept across re-renders until the event is recorded),
//   record(data, actor?) (the page's send path; actor, when given, instead of the one chosen
//   under Who), fallback() (the generic form, to tuck away).

import * as airAlliance from "./air-alliance.js";
import * as isleOfPan from "./isle-of-pan.js";
import * as panAm from "./pan-am.js";
import * as panamax from "./panamax.js";

const PLUGINS = {
  "air-alliance": airAlliance,
  "isle-of-pan": isleOfPan,
  "pan-am": panAm,
  panamax,
};

export function pickerFor(engineName, type) {
  const plugin = PLUGINS[engineName];
  return (plugin && plugin.pickers && plugin.pickers[type]) || null;
}
