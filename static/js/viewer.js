// The viewer (/games/<id>): the page arrives complete for one step; this script steps
// through the game without reloading, keeps the URL on the step (?step=N), plays the
// game back, and follows a game in progress live.
import { Chart } from "./viewer/chart.js";
import { BATCH, boardHtml, FrameStore } from "./viewer/frames.js";
import { logGroups, pagedRecordedRows, recordedRows } from "./viewer/format.js";
import { LiveFollow } from "./viewer/live.js";
import { morphBoard, warmBoard } from "./viewer/morph.js";
import {
  logMore, markCurrent, renderChanges, renderEffectiveLog, renderRecordedLog, renderStandings, renderStepHead, seatMap,
} from "./viewer/render.js";
import { uncheckedCount, uncheckedLine } from "./flags.js";

const configEl = document.getElementById("viewer-config");
if (configEl) start(JSON.parse(configEl.textContent));

function start(config) {
  document.documentElement.classList.add("js");
  const $ = (id) => document.getElementById(id);
  const els = {
    stage: document.querySelector(".stage"),
    board: $("board"),
    position: $("step-position"),
    describe: $("step-describe"),
    badges: $("step-badges"),
    unchecked: $("log-unchecked"),
    changes: $("changes"),
    standings: $("standings"),
    standingsWhen: $("standings-when"),
    log: $("log"),
    logHint: $("log-hint"),
    logTabs: [$("log-effective"), $("log-recorded")],
    scrubber: $("scrubber"),
    counterStep: $("counter-step"),
    counterSteps: $("counter-steps"),
    play: $("play"),
    playText: document.querySelector("#play .play-text"),
    speed: $("speed"),
    speedField: $("speed-field"),
    controls: $("controls"),
    chart: $("chart"),
    live: $("live-indicator"),
    status: document.querySelector(".viewer-head .badge"),
    hiddenNote: $("hidden-note"),
    chartHidden: $("chart-hidden"),
  };
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const seats = seatMap(config.players);
  const urls = config.urls;

  const state = {
    step: config.step,
    steps: config.steps,
    version: config.version,
    logView: config.logView,
    shown: config.step,          // the step whose frame is on screen
    playing: false,
    repeating: false,            // an arrow key held down: its steps come faster than a smooth scroll
    timer: null,
    effectiveLog: null,          // fetched when first needed
    recorded: null,
    withheld: !els.hiddenNote.hidden, // steps shown as the table sees them (docs/WEB.md)
    log: { start: config.log.start, end: config.log.end }, // the steps whose log lines are on the page
  };

  const frames = new FrameStore(urls.frames, { version: config.version, build: config.build });
  frames.setSteps(state.steps);
  const chart = new Chart(els.chart, { onSeek: (step) => seek(step), maxStep: () => state.steps });

  // ------------------------------------------------------------------ seeking

  async function seek(target, { force = false } = {}) {
    const step = Math.min(Math.max(Math.round(Number(target)) || 0, 0), state.steps);
    const moved = step !== state.step;
    state.step = step;
    showPosition();
    logShows(step);
    const cached = frames.cached(step);
    if (cached) {
      if (force || moved || state.shown !== step) show(cached);
    } else {
      els.stage.setAttribute("aria-busy", "true");
      els.stage.classList.add("is-loading");
      try {
        const frame = await frames.load(step);
        if (state.step === step) show(frame);
      } catch (error) {
        if (state.step === step) showError(error);
      }
    }
    frames.prefetch(step);
    // A held arrow asks for a step every 33 ms or so: the batch after the next is asked for
    // too, so that it is in before the key gets there.
    if (state.repeating) frames.prefetch(step + BATCH);
    warmSoon();
  }

  // The boards of the next steps, parsed while the page is idle, so that stepping onto one
  // only copies what it needs (viewer/morph.js).
  let warming = null;
  const whenIdle = window.requestIdleCallback ? (fn) => requestIdleCallback(fn, { timeout: 500 }) : (fn) => setTimeout(fn, 50);
  function warmSoon() {
    if (warming !== null) return;
    warming = whenIdle((deadline) => {
      warming = null;
      for (const ahead of [1, -1, 2, 3, 4, 5, 6, 7, 8]) {
        if (deadline && !deadline.didTimeout && deadline.timeRemaining() < 3) break;
        warmBoard(frames.cached(state.step + ahead));
      }
    });
  }

  /** What does not need the frame: counter, scrubber, links, URL, chart cursor, log highlight. */
  function showPosition() {
    const { step, steps } = state;
    els.scrubber.max = String(steps);
    els.scrubber.value = String(step);
    els.counterStep.textContent = String(step);
    els.counterSteps.textContent = String(steps);
    els.play.disabled = steps === 0;
    for (const link of els.controls.querySelectorAll("a[data-go]")) {
      const target = { first: 0, prev: step - 1, next: step + 1, last: steps }[link.dataset.go];
      const disabled = link.dataset.go === "first" || link.dataset.go === "prev" ? step === 0 : step === steps;
      if (disabled) {
        // Keeps its href, so a link that has the focus keeps it when it becomes disabled.
        link.href = stepHref(step);
        link.setAttribute("aria-disabled", "true");
      } else {
        link.href = stepHref(target);
        link.removeAttribute("aria-disabled");
      }
    }
    els.logTabs[0].href = `?step=${step}`;
    els.logTabs[1].href = `?step=${step}&log=recorded`;
    updateUrl();
    chart.moveCursor(step);
    markSoon();
  }

  // The log line of the step, marked and scrolled to once per frame, in the frame: reading
  // where the line is before the step's frame is drawn would lay the page out twice.
  let marking = false;
  function markSoon() {
    if (marking) return;
    marking = true;
    requestAnimationFrame(() => {
      marking = false;
      // Smooth for a step at a time; a held key or playback moves on before a smooth scroll ends.
      markCurrent(els.log, state.step, !reducedMotion && !state.playing && !state.repeating);
    });
  }

  // The URL names the step; written after a short pause, since browsers throttle
  // replaceState and a scrubber being dragged would call it for every step.
  let urlTimer = null;
  function updateUrl() {
    clearTimeout(urlTimer);
    urlTimer = setTimeout(() => {
      try {
        history.replaceState(history.state, "", stepHref(state.step));
      } catch (error) {
        console.warn(error);
      }
    }, 120);
  }

  function stepHref(step) {
    return `${location.pathname}?step=${step}${state.logView === "recorded" ? "&log=recorded" : ""}`;
  }

  function show(frame) {
    state.shown = frame.step;
    els.stage.classList.remove("is-loading", "has-error");
    els.stage.removeAttribute("aria-busy");
    // Rendered and escaped by the server; only the nodes that differ from the step on screen change.
    morphBoard(els.board, frame, () => boardHtml(frame));
    if (frame.hidden !== undefined) markWithheld(frame.hidden === "withheld");
    renderStepHead(frame, els);
    renderChanges(frame, els.changes);
    renderStandings(frame.standings, frame.step, seats, { when: els.standingsWhen, table: els.standings });
    els.scrubber.setAttribute("aria-valuetext", `Step ${frame.step} of ${state.steps}: ${frame.describe}`);
  }

  function showError(error) {
    els.stage.classList.remove("is-loading");
    els.stage.classList.add("has-error");
    els.stage.removeAttribute("aria-busy");
    els.describe.textContent = `${error.message}. Check the connection and try again.`;
  }

  // ------------------------------------------------------------------ controls

  els.controls.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-go]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (link.getAttribute("aria-disabled") === "true") return;
    go(link.dataset.go);
  });
  els.scrubber.addEventListener("input", () => seek(els.scrubber.value));
  els.scrubber.form.addEventListener("submit", (event) => {
    event.preventDefault();
    seek(els.scrubber.value);
  });

  function go(where) {
    const target = { first: 0, prev: state.step - 1, next: state.step + 1, last: state.steps }[where];
    if (target !== undefined) seek(target);
  }

  // Keyboard: arrows, Home/End, Space; never while typing in a field, and a focused
  // control keeps the keys it owns (the scrubber its arrows, a button its Space).
  const TYPING = "input:not([type=range]):not([type=checkbox]):not([type=radio]):not([type=button]), textarea, select, [contenteditable]:not([contenteditable=false])";
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && target.closest(TYPING)) return;
    // The scrubber moves itself with the arrows (and reports an input event); the
    // standings table scrolls sideways with them.
    const ownsArrows = target && target.matches("input[type=range], .table-scroll");
    // Space clicks a focused button; on a link (which Space does not follow) it plays.
    const onActivatable = target && target.closest("button, summary, input[type=checkbox], input[type=radio]");
    switch (event.key) {
      case "ArrowLeft":
      case "ArrowRight":
        if (ownsArrows) return;
        event.preventDefault();
        state.repeating = event.repeat;
        go(event.key === "ArrowLeft" ? "prev" : "next");
        break;
      case "Home":
      case "End":
        if (ownsArrows) return;
        event.preventDefault();
        go(event.key === "Home" ? "first" : "last");
        break;
      case " ":
      case "Spacebar":
        if (onActivatable) return;
        event.preventDefault();
        togglePlay();
        break;
      default:
    }
  });

  // ------------------------------------------------------------------ autoplay

  els.play.hidden = false;
  els.speedField.hidden = false;
  els.play.addEventListener("click", () => togglePlay());
  els.speed.addEventListener("change", () => {
    if (state.playing) schedule();
  });

  function togglePlay() {
    if (state.playing) stop();
    else play();
  }

  function play() {
    if (state.steps === 0) return;
    state.playing = true;
    els.play.setAttribute("aria-pressed", "true");
    els.play.title = "Pause (Space)";
    els.playText.textContent = "Pause";
    if (state.step >= state.steps) seek(0);
    schedule();
  }

  function stop() {
    state.playing = false;
    clearTimeout(state.timer);
    els.play.setAttribute("aria-pressed", "false");
    els.play.title = "Play (Space)";
    els.playText.textContent = "Play";
  }

  function schedule() {
    clearTimeout(state.timer);
    state.timer = setTimeout(async () => {
      if (!state.playing) return;
      if (state.step >= state.steps) return stop();
      await seek(state.step + 1);
      if (state.step >= state.steps) stop();
      else if (state.playing) schedule();
    }, Number(els.speed.value) || 1000);
  }

  // ------------------------------------------------------------------ log

  els.log.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-step]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (link.dataset.logMore) loadMore(link.dataset.logMore);
    else seek(Number(link.dataset.step));
  });

  for (const tab of els.logTabs) {
    tab.addEventListener("click", (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      setLogView(tab.dataset.log);
    });
  }

  async function setLogView(view) {
    if (view === state.logView) return;
    state.logView = view;
    for (const tab of els.logTabs) {
      if (tab.dataset.log === view) tab.setAttribute("aria-current", "true");
      else tab.removeAttribute("aria-current");
    }
    els.logHint.textContent = view === "recorded"
      ? "Every event as it was recorded, corrections included."
      : "The game as it stands, corrections applied.";
    await renderLog();
    showPosition();
  }

  async function getJson(url) {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  }

  function setUnchecked(unchecked) {
    if (els.unchecked) {
      els.unchecked.textContent = uncheckedLine(unchecked);
      els.unchecked.hidden = !unchecked;
    }
  }

  /** Fetch what the current log view needs (once per version) and draw it. */
  async function renderLog({ reload = false } = {}) {
    if (reload) {
      state.effectiveLog = null;
      state.recorded = null;
    }
    // Re-rendering replaces the entries: keep keyboard focus on the same step's link.
    const focused = els.log.contains(document.activeElement) ? document.activeElement.dataset.step : undefined;
    if (isPaged()) {
      // The same steps again (the game may have changed), or the window around the step.
      const { start, end } = state.log;
      const held = state.step >= start && state.step <= end && end - start < LOG_HELD;
      if (held) await showLogRange(start, end);
      else await showLogRange(...windowAround(state.step));
      markCurrent(els.log, state.step, false);
      if (focused !== undefined) {
        const again = els.log.querySelector(`a[data-step="${CSS.escape(focused)}"]`);
        if (again) again.focus({ preventScroll: true });
      }
      return;
    }
    els.log.setAttribute("aria-busy", "true");
    try {
      if (!state.effectiveLog) state.effectiveLog = (await getJson(urls.events)).events;
      setUnchecked(uncheckedCount(state.effectiveLog));
      if (state.logView === "recorded") {
        if (!state.recorded) state.recorded = (await getJson(`${urls.events}?view=recorded`)).events;
        renderRecordedLog(recordedRows(state.recorded, state.effectiveLog), els.log);
      } else {
        renderEffectiveLog(logGroups(state.effectiveLog), els.log);
      }
    } catch (error) {
      console.error(error);
    } finally {
      els.log.removeAttribute("aria-busy");
    }
    markCurrent(els.log, state.step, false);
    if (focused !== undefined) {
      const again = els.log.querySelector(`a[data-step="${CSS.escape(focused)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  // ------------------------------------------------------------------ a long game's log, in pages

  // A game of more than config.log.whole steps: the page came with the log of the steps
  // around the one shown; the others are fetched from /log as the reader scrolls to
  // either end or steps outside them (docs/WEB.md, "Long games").
  const LOG_HELD = 3 * config.log.window; // steps of log on the page at most
  const isPaged = () => state.steps > config.log.whole;
  let logLoading = null; // the range being fetched

  function windowAround(step) {
    const size = config.log.window;
    const start = Math.min(Math.max(step - Math.floor(size / 2), 0), Math.max(0, state.steps - size + 1));
    return [start, start + size - 1];
  }

  /** Stepping outside the log on the page: the next page joins it, or a jump brings the page around the step. */
  async function logShows(step) {
    if (!isPaged()) return;
    const { start, end } = state.log;
    if (step >= start && step <= end) return;
    const size = config.log.window;
    let range;
    if (step > end && step <= end + size) range = [Math.max(start, end + size - LOG_HELD + 1), end + size];
    else if (step < start && step >= start - size) range = [start - size, Math.min(end, start - size + LOG_HELD - 1)];
    else range = windowAround(step);
    await showLogRange(...range);
    if (state.step === step) markCurrent(els.log, step, false);
  }

  /** The reader reached an end of the log on the page: bring the steps beyond it. */
  function loadMore(where) {
    const { start, end } = state.log;
    const size = config.log.window;
    if (where === "earlier" && start > 0) {
      const from = Math.max(0, start - size);
      showLogRange(from, Math.min(end, from + LOG_HELD - 1), { anchored: true });
    } else if (where === "later" && end < state.steps) {
      const to = Math.min(state.steps, end + size);
      showLogRange(Math.max(start, to - LOG_HELD + 1), to, { anchored: true });
    }
  }

  /** The first log line in sight, to keep it in place while lines come and go around it. */
  function logAnchor() {
    const box = els.log.getBoundingClientRect();
    for (const row of els.log.querySelectorAll("li[data-step]")) {
      const rect = row.getBoundingClientRect();
      if (rect.bottom > box.top) return { step: row.dataset.step, offset: rect.top - box.top };
    }
    return null;
  }

  function keepAnchor(anchor) {
    const row = anchor && els.log.querySelector(`li[data-step="${CSS.escape(anchor.step)}"]`);
    if (!row) return;
    els.log.scrollTop += row.getBoundingClientRect().top - els.log.getBoundingClientRect().top - anchor.offset;
  }

  /** Fetch the log of steps [start, end] (clamped to the game) and draw it instead of what was there. */
  async function showLogRange(start, end, { anchored = false } = {}) {
    start = Math.max(0, start);
    end = Math.max(start, Math.min(state.steps, end));
    const key = `${state.logView}:${start}-${end}:${state.version}`;
    if (logLoading === key) return;
    logLoading = key;
    els.log.setAttribute("aria-busy", "true");
    try {
      const page = await getJson(`${urls.log}?from=${start}&count=${end - start + 1}&view=${state.logView}`);
      if (logLoading !== key) return; // a later request replaced this one
      const anchor = anchored ? logAnchor() : null;
      state.log = { start: page.from, end: page.to };
      drawLogPage(page);
      if (anchor) keepAnchor(anchor);
      markCurrent(els.log, state.step, false, !anchored);
      setUnchecked(page.unchecked);
    } catch (error) {
      console.error(error);
    } finally {
      if (logLoading === key) {
        logLoading = null;
        els.log.removeAttribute("aria-busy");
      }
    }
  }

  function drawLogPage(page) {
    const suffix = state.logView === "recorded" ? "&log=recorded" : "";
    const more = {
      earlier: page.from > 0 ? logMore("earlier", page.from - 1, `Earlier steps (before step ${page.from})`, suffix) : null,
      later: page.to < page.steps ? logMore("later", page.to + 1, `Later steps (after step ${page.to})`, suffix) : null,
    };
    if (state.logView === "recorded") renderRecordedLog(pagedRecordedRows(page.rows || []), els.log, more);
    else renderEffectiveLog(logGroups(page.entries, { setup: page.from === 0 }), els.log, more);
    watchLogEnds();
  }

  // Scrolling near either end of the log loads the steps beyond it, as a click on the link would.
  const logEnds = "IntersectionObserver" in window ? new IntersectionObserver((seen) => {
    for (const entry of seen) {
      if (entry.isIntersecting && logLoading === null) loadMore(entry.target.querySelector("a").dataset.logMore);
    }
  }, { root: els.log, rootMargin: "120px 0px" }) : null;

  function watchLogEnds() {
    if (!logEnds) return;
    logEnds.disconnect();
    for (const more of els.log.querySelectorAll(".log-more")) logEnds.observe(more);
  }

  async function reloadChart() {
    try {
      const timeline = await getJson(urls.timeline);
      chart.replace(timeline.chart_svg, state.step); // drawn and escaped by the server
    } catch (error) {
      console.error(error);
    }
  }

  // ------------------------------------------------------------------ live follow

  let live = null;
  let updating = Promise.resolve();

  function queueUpdate(update) {
    updating = updating.then(() => applyUpdate(update)).catch((error) => console.error(error));
  }

  async function applyUpdate({ version, steps, rewritten, is_over: isOver }) {
    if (version === state.version && !rewritten) return;
    const wasAtLast = state.step === state.steps;
    state.version = version;
    frames.setVersion(version);
    // The game just ended: every step now shows the whole truth, not the table's view of it.
    const ended = isOver === true && state.withheld;
    if (rewritten || ended) frames.reset();
    if (ended) revealHidden();
    state.steps = steps;
    frames.setSteps(steps);
    // A viewer at the last step follows the game, whatever happened; one
    // elsewhere stays put (inside the game, if a correction shortened it).
    let target = state.step;
    if (wasAtLast) target = steps;
    else if (rewritten) target = Math.min(state.step, steps);
    await Promise.all([renderLog({ reload: true }), reloadChart()]);
    if (state.playing && target >= steps) stop();
    await seek(target, { force: rewritten });
    if (isOver !== false) await checkFinished(); // the stream says when the game is over
  }

  /** Whether the steps are the table's view (the frames' ``hidden_information``), said above the board. */
  function markWithheld(withheld) {
    state.withheld = withheld;
    els.hiddenNote.hidden = !withheld;
    els.chartHidden.hidden = !withheld;
  }

  function revealHidden() {
    markWithheld(false);
  }

  async function checkFinished() {
    try {
      const game = await getJson(urls.game);
      if (game.status === "finished") {
        live?.close();
        if (state.withheld) { // missed the update that ended it: the frames on hand are the table's view
          frames.setVersion(game.version);
          frames.reset();
          revealHidden();
          await seek(state.step, { force: true });
        }
        if (els.status) {
          els.status.className = "badge finished";
          els.status.textContent = "Finished";
        }
      }
    } catch (error) {
      console.error(error);
    }
  }

  if (config.live && "EventSource" in window) {
    live = new LiveFollow(urls.stream, {
      indicator: els.live,
      onHello: async ({ version }) => {
        if (version === state.version) return;
        // Missed updates while (re)connecting: re-sync from scratch.
        const game = await getJson(urls.game);
        queueUpdate({ version: game.version, steps: game.steps, rewritten: true });
      },
      onUpdate: queueUpdate,
    });
  }

  // ------------------------------------------------------------------ start

  history.replaceState(history.state, "", stepHref(state.step)); // ?turn=T becomes ?step=N
  markCurrent(els.log, state.step, false);
  watchLogEnds();
  frames.prefetch(state.step);
  if (state.step < state.steps) frames.load(state.step + 1).then(() => warmSoon(), () => {});
}
