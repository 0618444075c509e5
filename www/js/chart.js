// A line chart that appends: new points are drawn as segments on top of
// what is there. History is redrawn only when an axis has to grow, and
// axes grow by doubling, so that happens O(log n) times over a run; a
// small chart may fit its x axis to the last point instead (fitX).
import { t } from './i18n.js';

const PAD = { left: 34, right: 8, top: 8, bottom: 20 };

export class Chart {
  /**
   * @param canvas   the <canvas>
   * @param legend   element to hold the legend
   * @param yMax     initial top of the y axis
   * @param fixedY   keep yMax (rates, accuracies) instead of doubling it
   * @param signed   the y axis spans −yMax to yMax (a regret can be negative)
   * @param gaps     a missing value (null, NaN) breaks the line instead of reading 0
   * @param fitX     past the first 256 samples, the x axis ends at the last point (redrawn
   *                 with each point past it) rather than doubling: two figures a few samples
   *                 apart then read the same scale, not 256 and 512
   * @param xMax     initial right end of the x axis
   * @param xLabel   the words at the right end of the x axis, given its value's tick text
   *                 (default "{n} samples"): a chart against something else says what
   */
  constructor(canvas, legend, { yMax = 1, fixedY = true, signed = false, gaps = false, fitX = false, xMax = 256, xLabel = null } = {}) {
    this.canvas = canvas;
    this.initialX = xMax;
    this.xLabel = xLabel ?? ((n) => t('{n} samples', { n }));
    this.fitX = fitX;
    this.signed = signed;
    this.gaps = gaps;
    this.padLeft = PAD.left;
    this.legend = legend;
    this.initialY = yMax;
    this.fixedY = fixedY;
    this.lines = new Map();
    this.clear();
  }

  /** A marker at sample `x` (the timeline's), or none (null). */
  mark(x) {
    if (x === this.marker) return;
    this.marker = x;
    this.redraw();
  }

  /** Forgets all lines (a new run). */
  clear() {
    this.lines.clear();
    this.xMax = this.initialX;
    this.yMax = this.initialY;
    this.redraw();
    this.renderLegend();
  }

  /** Declares a line: `key` names it, `style` is { label, color, dash, thin, dots (a dot at each point) }. */
  define(key, style) {
    if (!this.lines.has(key)) {
      this.lines.set(key, { ...style, xs: [], ys: [] });
      this.renderLegend();
    }
  }

  /** Renames a line (its meaning can change mid-run). */
  relabel(key, label) {
    const line = this.lines.get(key);
    if (line && line.label !== label) {
      line.label = label;
      this.renderLegend();
    }
  }

  /** Appends points to a line. */
  append(key, xs, ys) {
    const line = this.lines.get(key);
    if (!line || xs.length === 0) return;
    const from = line.xs.length;
    for (let i = 0; i < xs.length; i++) {
      line.xs.push(xs[i]);
      line.ys.push(Number.isFinite(ys[i]) ? ys[i] : this.gaps ? NaN : 0);
    }
    let grow = false;
    // The largest x, not the last: a line against another measure than
    // samples (a support set's size) can go back.
    const last = this.fitX ? xs[xs.length - 1] : Math.max(...xs);
    if (this.fitX && last > this.xMax) [this.xMax, grow] = [last, true];
    while (last > this.xMax) { this.xMax *= 2; grow = true; }
    if (!this.fixedY) {
      // Over the stored (finite) values only: an infinite loss must not
      // double the axis forever.
      let top = 0;
      for (let i = from; i < line.ys.length; i++) {
        const y = this.signed ? Math.abs(line.ys[i]) : line.ys[i];
        if (Number.isFinite(y)) top = Math.max(top, y);
      }
      while (top > this.yMax && Number.isFinite(this.yMax * 2)) { this.yMax *= 2; grow = true; }
    }
    if (grow) this.redraw();
    else this.drawSegments(line, Math.max(0, from - 1));
  }

  get size() {
    return { w: this.canvas.width, h: this.canvas.height };
  }

  X(x) { const { w } = this.size; return this.padLeft + (x / this.xMax) * (w - this.padLeft - PAD.right); }
  Y(y) {
    const { h } = this.size;
    const low = this.signed ? -this.yMax : 0;
    const share = (Math.max(low, Math.min(y, this.yMax)) - low) / (this.yMax - low);
    return h - PAD.bottom - share * (h - PAD.top - PAD.bottom);
  }

  redraw() {
    const ctx = this.canvas.getContext('2d');
    const { w, h } = this.size;
    ctx.clearRect(0, 0, w, h);
    ctx.strokeStyle = '#d9dee5';
    ctx.fillStyle = '#5d6773';
    ctx.lineWidth = 1;
    ctx.font = '10px system-ui, sans-serif';
    // The y labels' column is as wide as its widest label ("1.2e298").
    const fractions = this.signed ? [-1, 0, 1] : [0, 0.5, 1];
    const ticks = fractions.map((f) => (f < 0 ? `−${formatTick(-f * this.yMax)}` : formatTick(f * this.yMax)));
    this.padLeft = Math.max(PAD.left, Math.ceil(Math.max(...ticks.map((t) => ctx.measureText(t).width))) + 6);
    for (const [k, f] of fractions.entries()) {
      const y = this.Y(f * this.yMax);
      ctx.beginPath();
      ctx.moveTo(this.padLeft, y);
      ctx.lineTo(w - PAD.right, y);
      ctx.stroke();
      ctx.fillText(ticks[k], 2, y + 3);
    }
    ctx.fillText('0', this.padLeft, h - 6);
    const right = this.xLabel(formatTick(this.xMax));
    ctx.fillText(right, w - PAD.right - ctx.measureText(right).width, h - 6);
    for (const line of this.lines.values()) this.drawSegments(line, 0);
    if (this.marker != null) {
      ctx.save();
      ctx.strokeStyle = '#1d232b';
      ctx.setLineDash([3, 3]);
      ctx.beginPath();
      ctx.moveTo(this.X(this.marker), PAD.top);
      ctx.lineTo(this.X(this.marker), h - PAD.bottom);
      ctx.stroke();
      ctx.restore();
    }
  }

  drawSegments(line, from) {
    if (line.xs.length - from < 1) return;
    const ctx = this.canvas.getContext('2d');
    ctx.save();
    ctx.strokeStyle = line.color;
    ctx.globalAlpha = line.faded ? 0.3 : 1; // a fork's original run
    ctx.lineWidth = line.thin ? 1 : 1.6;
    ctx.setLineDash(line.dash ? [5, 3] : []);
    ctx.beginPath();
    // A missing value (gaps) lifts the pen: the next value starts a new piece.
    let down = false;
    for (let i = from; i < line.xs.length; i++) {
      if (!Number.isFinite(line.ys[i])) { down = false; continue; }
      if (down) ctx.lineTo(this.X(line.xs[i]), this.Y(line.ys[i]));
      else ctx.moveTo(this.X(line.xs[i]), this.Y(line.ys[i]));
      down = true;
    }
    if (line.xs.length === 1) ctx.lineTo(this.X(line.xs[0]) + 1, this.Y(line.ys[0]));
    ctx.stroke();
    if (line.dots) {
      ctx.fillStyle = line.color;
      for (let i = from; i < line.xs.length; i++) {
        if (!Number.isFinite(line.ys[i])) continue;
        ctx.beginPath();
        ctx.arc(this.X(line.xs[i]), this.Y(line.ys[i]), 3, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
    ctx.restore();
  }

  renderLegend() {
    if (!this.legend) return;
    const shown = [...this.lines.values()].filter((line) => !line.unlisted);
    const note = this.note ? [Object.assign(document.createElement('span'), { textContent: this.note })] : [];
    this.legend.replaceChildren(...note, ...shown.map(({ label, color, dash, faded }) => {
      const item = document.createElement('span');
      const swatch = document.createElement('i');
      swatch.style.borderColor = color;
      if (dash) swatch.className = 'dash';
      if (faded) swatch.style.opacity = '0.3';
      item.append(swatch, label);
      return item;
    }));
  }

  /** Points held, for tests. */
  count(key) {
    return this.lines.get(key)?.xs.length ?? 0;
  }
}

/** A short tick label: "0.25", "12k", "3.5M", and past a billion "8.4e292". */
export function formatTick(v) {
  if (v >= 1e9 || (v > 0 && v < 1e-3)) return v.toExponential(1).replace('e+', 'e');
  if (v >= 1e6) return `${+(v / 1e6).toFixed(1)}M`;
  if (v >= 1e3) return `${+(v / 1e3).toFixed(1)}k`;
  return `${+v.toFixed(2)}`;
}
