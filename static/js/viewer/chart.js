// The server-drawn score chart: click to seek, a cursor on the current step,
// and a faint guide under the pointer.
const SVG_NS = "http://www.w3.org/2000/svg";

function geometry(svg) {
  return {
    x0: Number(svg.dataset.x0),
    dx: Number(svg.dataset.dx),
    steps: Number(svg.dataset.steps),
  };
}

/** The step nearest to a pointer event on the chart, or null. */
function stepAt(svg, event, maxStep) {
  const ctm = svg.getScreenCTM();
  if (!ctm) return null;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
  const { x0, dx } = geometry(svg);
  if (!(dx > 0)) return 0;
  const step = Math.round((point.x - x0) / dx);
  return Math.min(Math.max(step, 0), maxStep);
}

export class Chart {
  /** @param container the element holding chart_svg; @param onSeek(step) */
  constructor(container, { onSeek, maxStep }) {
    this.container = container;
    this.maxStep = maxStep;
    container.addEventListener("click", (event) => {
      const svg = this.svg();
      if (!svg || !event.target.closest(".chart-hit")) return;
      const step = stepAt(svg, event, this.maxStep());
      if (step !== null) onSeek(step);
    });
    container.addEventListener("pointermove", (event) => {
      const svg = this.svg();
      if (!svg || !event.target.closest(".chart-hit")) return this.hideGuide();
      const step = stepAt(svg, event, this.maxStep());
      if (step !== null) this.showGuide(svg, step);
    });
    container.addEventListener("pointerleave", () => this.hideGuide());
  }

  svg() {
    return this.container.querySelector("svg.score-chart");
  }

  /** Put a freshly fetched chart (server-rendered and escaped) in place. */
  replace(chartHtml, step) {
    this.container.innerHTML = chartHtml;
    this.moveCursor(step);
  }

  moveCursor(step) {
    const svg = this.svg();
    const cursor = svg && svg.querySelector(".chart-cursor");
    if (!cursor) return;
    const { x0, dx } = geometry(svg);
    const x = (x0 + step * dx).toFixed(1);
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
  }

  showGuide(svg, step) {
    let guide = svg.querySelector(".chart-guide");
    const cursor = svg.querySelector(".chart-cursor");
    if (!guide && cursor) {
      guide = document.createElementNS(SVG_NS, "line");
      guide.setAttribute("class", "chart-guide");
      guide.setAttribute("y1", cursor.getAttribute("y1"));
      guide.setAttribute("y2", cursor.getAttribute("y2"));
      cursor.before(guide);
    }
    if (!guide) return;
    const { x0, dx } = geometry(svg);
    const x = (x0 + step * dx).toFixed(1);
    guide.setAttribute("x1", x);
    guide.setAttribute("x2", x);
    guide.style.display = "";
    this.container.title = `Go to step ${step}`;
  }

  hideGuide() {
    const guide = this.container.querySelector(".chart-guide");
    if (guide) guide.style.display = "none";
  }
}
