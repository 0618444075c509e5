// The plane: two stacked canvases, redrawn independently.
//   shade   - the score shading, from one wasm grid call per frame
//   overlay - the points (`dots`, off the page, redrawn only when they
//             change), boundary, margins, weight arrow, newest sample (each
//             canvas's pixels cost the browser's commit: book/src/measured.md)
// Both desynchronized: each hands its frames to the compositor itself, not
// through the page's commit (sixteen Compare panels: 33-37 ms of commit a
// frame before, 11-14 after); a frame is drawn whole in one task.
import { f32View } from './wasm.js';
import { contour } from './contour.js';
import { markerMasks, packColor, ringMask, stamp } from './stamps.js';
import { CLASSES, classBoundaries, classOf, cssColor } from './classes.js';
import { t } from './i18n.js';
import { labelSpot } from './turn-label.js';
import { element } from './dom.js';

export const VIEW = { xMin: -1.5, xMax: 1.5, yMin: -1.5, yMax: 1.5 };
export const COLORS = { pos: [224, 112, 31], neg: [37, 99, 173], ink: '#1d232b', muted: '#8a939e', accent: '#0b7a75' };
/** The class colours as 0xRRGGBB, for the shading (coloured in wasm). */
const hex = ([r, g, b]) => (r << 16) | (g << 8) | b;
const CLASS_RGB = Uint32Array.from(CLASSES.map((c) => hex(c.color)));
const CLASS_PACKED = CLASSES.map((c) => packColor(c.color));
const ARROW = 0.45; // weight arrow length in plane units
export const FADE_MS = 900; // how long a removed support vector takes to fade out
const COARSE_GRID = 100; // a kernel surface's grid while it plays
/** Sizes a canvas to `pixels` a side, drawn in CSS pixels scaled by `scale`. */
const fit = (canvas, pixels, scale) => { canvas.width = canvas.height = pixels; canvas.getContext('2d').setTransform(scale, 0, 0, scale, 0, 0); };

export class Plane {
  /** `color`: a swatch beside the title (a Compare panel's line colour); `stretched`: the shading's canvas holds its grid only, stretched by the browser. */
  constructor(parent, { title = '', gridSize = 200, color = null, stretched = false } = {}) {
    [this.shade, this.overlay] = ['shade', 'overlay'].map((name) => {
      const canvas = element('canvas', { class: name });
      canvas.getContext('2d', { desynchronized: true }); // see the top of the file
      return canvas;
    });
    this.root = element('div', { class: 'plane' }, this.shade, this.overlay);
    this.dots = document.createElement('canvas');
    this.stretched = stretched;
    this.overlay.setAttribute('role', 'img');
    this.title = title;
    this.relabel();
    // Shown instead of the canvases when the data is wider than the plane.
    this.message = element('p', { class: 'message' });
    this.cursor = element('span', { class: 'cursor' }); // the keyboard cursor (input.js moves it)
    this.root.append(this.message, this.cursor);
    if (title) {
      const label = element('span', { class: 'title' }, title);
      if (color) {
        const swatch = element('i');
        swatch.style.borderColor = color;
        label.prepend(swatch);
      }
      this.root.append(label);
    }
    // A panel's own figures (its mistakes, its support set), in Compare.
    this.caption = element('span', { class: 'caption' });
    this.root.append(this.caption);
    parent.append(this.root);
    this.gridSize = gridSize;
    // The shading's grids: the full one, and a coarse one for a kernel
    // surface while it plays (a quarter of the kernel sums; smoothed when
    // scaled up, and redrawn in full once paused).
    this.grids = [gridSize, Math.min(gridSize, COARSE_GRID)].map((n) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = n;
      return { n, canvas, context: canvas.getContext('2d') };
    });
    this.shadedGrid = gridSize;
    this.size = 0;
    this.resize();
    new ResizeObserver(() => this.resize()).observe(this.root);
  }

  /** Its words in the language shown (the title is a learner's name, the same in every language). */
  relabel() {
    const { title } = this;
    this.overlay.setAttribute('aria-label', title ? t('The plane ({title}): points, decision boundary and weight vector', { title }) : t('The plane: points, decision boundary and weight vector'));
  }

  /** The caption under a Compare panel's title ('' hides it). */
  setCaption(text) {
    if (this.caption.textContent !== text) this.caption.textContent = text;
  }

  /** Data wider than the plane: hide the canvases and say why (null: show them). */
  setWide(text) {
    if ((text ?? '') === this.message.textContent) return; // no DOM work per frame
    this.root.classList.toggle('wide', Boolean(text));
    this.message.textContent = text ?? '';
  }

  resize() {
    const size = this.root.clientWidth;
    if (!size || size === this.size) return;
    this.size = size;
    const ratio = window.devicePixelRatio || 1;
    for (const canvas of [this.dots, this.overlay]) fit(canvas, Math.round(size * ratio), ratio);
    if (this.stretched) fit(this.shade, this.gridSize, this.gridSize / size); // drawn in CSS pixels all the same
    else fit(this.shade, Math.round(size * ratio), ratio);
    this.onResize?.();
  }

  /** Plane coordinates of a CSS-pixel offset inside the canvas. */
  toPlane(px, py) {
    const s = this.size;
    return [VIEW.xMin + (px / s) * (VIEW.xMax - VIEW.xMin), VIEW.yMax - (py / s) * (VIEW.yMax - VIEW.yMin)];
  }

  px(x) { return ((x - VIEW.xMin) / (VIEW.xMax - VIEW.xMin)) * this.size; }
  py(y) { return ((VIEW.yMax - y) / (VIEW.yMax - VIEW.yMin)) * this.size; }

  /**
   * Colours the plane by score sign and strength (classification); with
   * `levels`, also traces those level lines (a kernel learner's boundary).
   */
  drawShading(playground, levels = null, kind = 'surface', coarse = false) {
    const { n, canvas, context } = this.grids[coarse ? 1 : 0];
    const ptr = playground.shade(context, n, VIEW.xMin, VIEW.xMax, VIEW.yMin, VIEW.yMax, CLASS_RGB);
    this.contours = levels && levels.map((level) => ({ level, kind, segments: contour(f32View(playground, ptr, n * n), n, n, level) }));
    this.shadedGrid = n;
    const ctx = this.shade.getContext('2d');
    ctx.clearRect(0, 0, this.size, this.size);
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(canvas, 0, 0, this.size, this.size);
  }

  clearShading() {
    this.shade.getContext('2d').clearRect(0, 0, this.size, this.size);
  }

  /**
   * Draws all points (each class its colour and shape, classes.js: +1
   * filled orange circles, -1 blue crosses, ...; regression grey dots) and a kernel learner's support vectors (rings sized by |α|,
   * the removed ones fading). Thousands of anti-aliased paths cost ~14 ms
   * to rasterise in software, and 200 rings took a kernel stream from 59
   * to 40 fps in Chromium: each mark's coverage mask is computed once and
   * stamped into one ImageData (~1 ms for 5,000 points).
   */
  drawPoints(points, task, support = null, fading = [], unseen = null) {
    const ratio = this.dots.width / this.size;
    const radius = Math.max(2.5, this.size / 160) * ratio;
    if (this.markers?.radius !== radius) this.markers = markerMasks(radius);
    const width = this.dots.width;
    if (this.pixels?.width !== width) {
      this.pixels = new ImageData(width, width);
      this.words = new Uint32Array(this.pixels.data.buffer);
    }
    const words = this.words;
    words.fill(0);
    const scale = width / (VIEW.xMax - VIEW.xMin);
    const at = (x, y) => [Math.round((x - VIEW.xMin) * scale), Math.round((VIEW.yMax - y) * scale)];
    const grey = packColor([70, 80, 95]);
    // 5,000 points a frame while playing: no array per point. Timed against
    // a fixed arithmetic loop in the same page (the machine was loaded),
    // the stamping went from 0.52-0.71 of that loop's time to 0.29-0.39.
    const regression = task === 'regression';
    const marks = regression ? null : CLASSES.map((k) => this.markers[k.shape]);
    // A label the learner did not ask for (the selective perceptron): the
    // point keeps its class's shape, in a pale grey the learner never saw.
    const pale = packColor([178, 184, 194]);
    for (let k = 0; k < points.length; k += 3) {
      const c = regression ? -1 : classOf(points[k + 2]);
      const px = Math.round((points[k] - VIEW.xMin) * scale);
      const py = Math.round((VIEW.yMax - points[k + 1]) * scale);
      const colour = unseen?.[k / 3] ? pale : c < 0 ? grey : CLASS_PACKED[c];
      stamp(words, width, px, py, c < 0 ? this.markers.disc : marks[c], colour);
    }
    if (support) this.stampSupport(words, width, at, ratio, support, fading);
    this.dots.getContext('2d').putImageData(this.pixels, 0, 0);
  }

  /** Support vectors as rings sized by |alpha|, coloured by their class; removed ones fade. */
  stampSupport(words, width, at, ratio, support, fading) {
    let largest = 0;
    for (let k = 2; k < support.length; k += 5) largest = Math.max(largest, Math.abs(support[k]));
    this.rings ??= new Map();
    const ring = (alpha) => {
      // Radii in half pixels, so a handful of masks serve every ring.
      const r = Math.round(2 * (4 + 7 * Math.sqrt(Math.abs(alpha) / (largest || 1))) * ratio) / 2;
      if (!this.rings.has(r)) this.rings.set(r, ringMask(r, 1.6 * ratio));
      return this.rings.get(r);
    };
    const colors = [packColor([150, 66, 8]), packColor([20, 58, 110])];
    for (let k = 0; k < support.length; k += 5) {
      stamp(words, width, ...at(support[k], support[k + 1]), ring(support[k + 2]), colors[support[k + 4] > 0 ? 0 : 1], 0.95);
    }
    const now = performance.now();
    for (const f of fading) {
      const opacity = Math.max(0, 1 - (now - f.t0) / FADE_MS);
      if (opacity > 0) stamp(words, width, ...at(f.x, f.y), ring(f.alpha), colors[f.label > 0 ? 0 : 1], 0.6 * opacity);
    }
  }

  /**
   * The points (as drawPoints left them), boundary, margins, weight arrow,
   * ghost and newest sample; traced
   * contours (kernel surfaces, second-order bands). `points()`: the shown
   * points, (x, y, label) flattened, which the "turned" label keeps clear of.
   */
  drawOverlay({ model, moving, ghost, last, task, eps, classRows = null, decorate = null, points = () => [] }) {
    const ctx = this.overlay.getContext('2d');
    ctx.clearRect(0, 0, this.size, this.size);
    ctx.drawImage(this.dots, 0, 0, this.size, this.size);
    this.drawAxes(ctx);
    if (task === 'regression' || classRows) {
      if (task === 'regression') this.drawRegression(ctx, model, last, eps);
      else this.drawClasses(ctx, classRows, last);
      decorate?.(ctx, this);
      return;
    }
    this.drawContours(ctx);
    if (moving) this.line(ctx, moving[0], moving[1], moving[2], { color: COLORS.muted, width: 1.5, dash: [2, 4] });
    if (model) {
      const [w1, w2, b] = model;
      this.line(ctx, w1, w2, b - 1, { color: COLORS.muted, width: 1.2, dash: [6, 5] });
      this.line(ctx, w1, w2, b + 1, { color: COLORS.muted, width: 1.2, dash: [6, 5] });
      this.line(ctx, w1, w2, b, { color: COLORS.ink, width: 2.2 });
      this.drawArrows(ctx, model, ghost, points, last);
    }
    decorate?.(ctx, this);
    if (last) this.ring(ctx, last.x, last.y, last.mistake ? '#b3261e' : COLORS.ink);
  }

  /**
   * The traced level lines: a kernel surface's f = 0 solid and f = ±1
   * dashed; a second-order learner's one-standard-deviation band dotted.
   */
  drawContours(ctx) {
    if (!this.contours) return;
    const cell = this.size / this.shadedGrid;
    for (const { level, kind, segments } of this.contours) {
      ctx.save();
      const band = kind === 'band';
      ctx.strokeStyle = band ? COLORS.accent : level === 0 ? COLORS.ink : COLORS.muted;
      ctx.lineWidth = level === 0 ? 2.2 : band ? 1.6 : 1.2;
      ctx.setLineDash(level === 0 ? [] : band ? [2, 4] : [6, 5]);
      ctx.beginPath();
      for (let k = 0; k < segments.length; k += 4) {
        ctx.moveTo((segments[k] + 0.5) * cell, (segments[k + 1] + 0.5) * cell);
        ctx.lineTo((segments[k + 2] + 0.5) * cell, (segments[k + 3] + 0.5) * cell);
      }
      ctx.stroke();
      ctx.restore();
    }
  }

  /**
   * More than two classes: where the winning class changes (ink), and
   * each class's weight vector w_k as an arrow of its colour from the
   * origin, its length relative to the longest.
   */
  drawClasses(ctx, rows, last) {
    const segments = classBoundaries(rows, VIEW);
    ctx.save();
    ctx.strokeStyle = COLORS.ink;
    ctx.lineWidth = 2.2;
    ctx.beginPath();
    for (let k = 0; k < segments.length; k += 4) {
      ctx.moveTo(this.px(segments[k]), this.py(segments[k + 1]));
      ctx.lineTo(this.px(segments[k + 2]), this.py(segments[k + 3]));
    }
    ctx.stroke();
    ctx.restore();
    const norms = [];
    for (let k = 0; k < rows.length; k += 3) norms.push(Math.hypot(rows[k], rows[k + 1]));
    const longest = Math.max(...norms);
    norms.forEach((norm, c) => {
      if (!(norm > 0)) return;
      const scale = norm / longest;
      const direction = [(rows[3 * c] / norm) * scale, (rows[3 * c + 1] / norm) * scale];
      // A white halo first: an arrow crosses its own class's points.
      this.arrow(ctx, [0, 0], direction, 'rgba(255,255,255,0.9)', [], 6);
      this.arrow(ctx, [0, 0], direction, cssColor(c), []);
    });
    if (last) this.ring(ctx, last.x, last.y, last.mistake ? '#b3261e' : COLORS.ink);
  }

  drawAxes(ctx) {
    ctx.strokeStyle = 'rgba(0,0,0,0.08)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(this.px(0), 0); ctx.lineTo(this.px(0), this.size);
    ctx.moveTo(0, this.py(0)); ctx.lineTo(this.size, this.py(0));
    ctx.stroke();
  }

  /** The line a x + b y + c = 0, clipped by the canvas. */
  line(ctx, a, b, c, { color, width, dash = [] }) {
    if (!Number.isFinite(a + b + c) || (a === 0 && b === 0)) return;
    let p, q;
    if (Math.abs(b) >= Math.abs(a)) {
      const y = (x) => -(a * x + c) / b;
      p = [VIEW.xMin - 1, y(VIEW.xMin - 1)];
      q = [VIEW.xMax + 1, y(VIEW.xMax + 1)];
    } else {
      const x = (y) => -(b * y + c) / a;
      p = [x(VIEW.yMin - 1), VIEW.yMin - 1];
      q = [x(VIEW.yMax + 1), VIEW.yMax + 1];
    }
    if (![...p, ...q].every((v) => Math.abs(v) < 1e6)) return;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.beginPath();
    ctx.moveTo(this.px(p[0]), this.py(p[1]));
    ctx.lineTo(this.px(q[0]), this.py(q[1]));
    ctx.stroke();
    ctx.restore();
  }

  /** w as an arrow from the boundary's point nearest the origin, the ghost of w before the last update, and the angle between. */
  drawArrows(ctx, [w1, w2, b], ghost, points, last) {
    this.turnLabel = null;
    const norm = Math.hypot(w1, w2);
    if (!(norm > 0)) return;
    let anchor = [(-b * w1) / (norm * norm), (-b * w2) / (norm * norm)];
    if (Math.hypot(...anchor) > 1.3) anchor = [0, 0];
    if (ghost) {
      const gn = Math.hypot(ghost[0], ghost[1]);
      if (gn > 0) this.arrow(ctx, anchor, [ghost[0] / gn, ghost[1] / gn], 'rgba(11,122,117,0.35)', [4, 3]);
    }
    this.arrow(ctx, anchor, [w1 / norm, w2 / norm], COLORS.accent, []);
    if (ghost && ghost[3] > 0.05) {
      ctx.font = '600 12px system-ui, sans-serif';
      const text = t('turned {angle}°', { angle: ghost[3].toFixed(1) });
      const gn = Math.hypot(ghost[0], ghost[1]);
      const arrows = [[w1 / norm, w2 / norm], ...(gn > 0 ? [[ghost[0] / gn, ghost[1] / gn]] : [])];
      const box = labelSpot(this, anchor, arrows, ARROW, ctx.measureText(text).width + 4, points(), last);
      ctx.fillStyle = 'rgba(255,255,255,0.8)';
      ctx.fillRect(box.left, box.top, box.width, box.height);
      ctx.fillStyle = COLORS.accent;
      ctx.fillText(text, box.left + 2, box.top + 11);
      this.turnLabel = box; // for the tests
    }
  }

  arrow(ctx, [ax, ay], [ux, uy], color, dash, width = 3) {
    const [x0, y0] = [this.px(ax), this.py(ay)];
    const [x1, y1] = [this.px(ax + ux * ARROW), this.py(ay + uy * ARROW)];
    const angle = Math.atan2(y1 - y0, x1 - x0);
    ctx.save();
    ctx.strokeStyle = ctx.fillStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x1 - 11 * Math.cos(angle - 0.4), y1 - 11 * Math.sin(angle - 0.4));
    ctx.lineTo(x1 - 11 * Math.cos(angle + 0.4), y1 - 11 * Math.sin(angle + 0.4));
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  }

  ring(ctx, x, y, color) {
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(this.px(x), this.py(y), Math.max(7, this.size / 60), 0, 2 * Math.PI);
    ctx.stroke();
    ctx.restore();
  }

  /** Regression: the fitted line, its epsilon tube, and the last residual. */
  drawRegression(ctx, model, last, eps) {
    if (model) {
      const [w, , b] = model;
      const x0 = VIEW.xMin - 1;
      const x1 = VIEW.xMax + 1;
      ctx.fillStyle = 'rgba(11,122,117,0.12)';
      ctx.beginPath();
      ctx.moveTo(this.px(x0), this.py(w * x0 + b + eps));
      ctx.lineTo(this.px(x1), this.py(w * x1 + b + eps));
      ctx.lineTo(this.px(x1), this.py(w * x1 + b - eps));
      ctx.lineTo(this.px(x0), this.py(w * x0 + b - eps));
      ctx.fill();
      this.line(ctx, w, -1, b, { color: COLORS.ink, width: 2.2 });
      if (last) {
        ctx.strokeStyle = '#b3261e';
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        ctx.moveTo(this.px(last.x), this.py(last.y));
        ctx.lineTo(this.px(last.x), this.py(last.score));
        ctx.stroke();
      }
    }
    if (last) this.ring(ctx, last.x, last.y, COLORS.ink);
  }
}
