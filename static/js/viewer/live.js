// Live follow: Server-Sent Events from /api/games/<id>/stream.
// ``hello`` {version} when (re)connected, ``update`` {version, steps, rewritten} after a change.

export class LiveFollow {
  constructor(url, { onHello, onUpdate, indicator }) {
    this.indicator = indicator;
    this.source = new EventSource(url);
    this.source.addEventListener("hello", (event) => {
      this.show("live");
      onHello(JSON.parse(event.data));
    });
    this.source.addEventListener("update", (event) => {
      this.show("live");
      onUpdate(JSON.parse(event.data));
    });
    this.source.addEventListener("error", () => {
      // EventSource reconnects by itself (the server ends a stream after a few minutes).
      this.show(this.source.readyState === EventSource.CLOSED ? "off" : "reconnecting");
    });
  }

  show(mode) {
    const el = this.indicator;
    if (!el) return;
    el.hidden = mode === "off";
    el.dataset.mode = mode;
    const text = el.querySelector(".live-text");
    if (text) text.textContent = mode === "reconnecting" ? "Reconnecting…" : "Live";
    el.title = mode === "reconnecting" ? "Connection lost; trying again" : "New events appear as they are recorded";
  }

  close() {
    this.source.close();
    this.show("off");
  }
}
