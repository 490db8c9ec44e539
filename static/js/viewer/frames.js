// The frame cache: frames fetched in aligned batches, kept in a Map by step, prefetched
// ahead and behind. A frame is never fetched twice for the same history; reset() (after
// a correction rewrote history) drops them all, and answers still in flight from before
// the reset are thrown away.
//
// Frames come with their boards in parts (``board=parts``): each part the batch's steps
// share is sent once, and a frame's board is chunks, strings of HTML and numbers of parts.
// boardHtml() joins them into exactly the HTML the server would have sent whole.
//
// Each URL names the game's version and the server's build: the answer at such a URL
// never changes, so the browser and the proxy keep it for good (docs/WEB.md).

export const BATCH = 20;      // steps per request (the API takes up to 50)
const AHEAD = 25;             // prefetch this many steps ahead...
const BEHIND = 8;             // ...and this many behind

export class FrameStore {
  constructor(url, { version = null, build = "" } = {}) {
    this.url = url;
    this.build = build;
    this.frames = new Map();   // step -> frame
    this.pending = new Map();  // step -> promise of the request that brings it
    this.generation = 0;
    this.steps = 0;
    this.version = version;    // the newest known: from the page, the stream or an answer
    this.isOver = null;        // known when an answer reached the last step
  }

  setSteps(steps) {
    this.steps = steps;
  }

  /** The game moved on to ``version`` (the stream said so): the next requests name it. */
  setVersion(version) {
    if (this.version === null || version > this.version) this.version = version;
  }

  /** History was rewritten: forget every frame. */
  reset() {
    this.generation += 1;
    this.frames.clear();
    this.pending.clear();
  }

  cached(step) {
    return this.frames.get(step);
  }

  /** The frame at ``step``, from the cache or with the batch around it. */
  async load(step) {
    const hit = this.frames.get(step);
    if (hit) return hit;
    const start = Math.floor(step / BATCH) * BATCH;
    await this.ensure(start, start + BATCH - 1);
    const frame = this.frames.get(step);
    if (!frame) throw new Error(`Step ${step} is not in this game (any more)`);
    return frame;
  }

  /** Warm the cache around ``step``: whole batches, so stepping costs one request per batch. */
  prefetch(step) {
    const lo = Math.floor(Math.max(0, step - BEHIND) / BATCH) * BATCH;
    const hi = (Math.floor(Math.min(this.steps, step + AHEAD) / BATCH) + 1) * BATCH - 1;
    this.ensure(lo, hi).catch(() => {}); // a failed prefetch is retried when the step is needed
  }

  /** Fetch every missing frame in [lo, hi] (clamped to the game) that is not on its way. */
  ensure(lo, hi) {
    lo = Math.max(0, lo);
    hi = Math.min(this.steps, hi);
    const waits = new Set();
    let step = lo;
    while (step <= hi) {
      if (this.frames.has(step)) { step += 1; continue; }
      if (this.pending.has(step)) { waits.add(this.pending.get(step)); step += 1; continue; }
      let end = step;
      while (end + 1 <= hi && end + 1 - step < 50 && !this.frames.has(end + 1) && !this.pending.has(end + 1)) end += 1;
      waits.add(this.request(step, end - step + 1));
      step = end + 1;
    }
    return Promise.all(waits);
  }

  request(from, count) {
    const generation = this.generation;
    const named = this.version === null ? "" : `&version=${this.version}&build=${encodeURIComponent(this.build)}`;
    const url = `${this.url}?from=${from}&count=${count}&board=parts${named}`;
    const promise = fetch(url, { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`The frames could not be loaded (${response.status})`);
        return response.json();
      })
      .then((data) => {
        if (generation !== this.generation) return; // history changed meanwhile: stale answer
        this.setVersion(data.version);
        const parts = partTexts(data.parts || []);
        for (const frame of data.frames) {
          if (frame.board) frame.parts = parts; // shared by the batch; boardHtml() joins on demand
          frame.hidden = data.hidden_information ?? null; // the table's view, or the whole truth
          this.frames.set(frame.step, frame);
        }
        if (data.frames.length && data.frames[data.frames.length - 1].step === data.steps) this.isOver = data.is_over;
      })
      .finally(() => {
        if (generation !== this.generation) return;
        for (let step = from; step < from + count; step += 1) {
          if (this.pending.get(step) === promise) this.pending.delete(step);
        }
      });
    for (let step = from; step < from + count; step += 1) this.pending.set(step, promise);
    return promise;
  }
}

/** Each part of a batch as HTML, a part's own parts joined in first. */
function partTexts(parts) {
  const texts = new Array(parts.length);
  const text = (n) => {
    if (texts[n] === undefined) texts[n] = parts[n].map((c) => (typeof c === "number" ? text(c) : c)).join("");
    return texts[n];
  };
  for (let n = 0; n < parts.length; n += 1) text(n);
  return texts;
}

/** A frame's board as HTML, rendered and escaped by the server. */
export function boardHtml(frame) {
  if (!frame.board) return frame.board_html;
  return frame.board.map((c) => (typeof c === "number" ? frame.parts[c] : c)).join("");
}
