// A figure: one Playground (the learner session in wasm) and the Plane that
// draws it. The page shows one figure, or several in compare mode.
import { Playground, f64View, u8View } from './wasm.js';
import { FADE_MS, Plane } from './plot.js';
import { isSecondOrder } from './catalogue.js';
import { count, t } from './i18n.js';

/** While playing, the plane is redrawn at most this often (30 Hz). */
const PLAYING_DRAW_INTERVAL_MS = 33;

export const SERIES = { samples: 0, online: 1, loss: 2, test: 3, support: 4, recent: 5, asked: 6 };

export class Figure {
  /**
   * `learner`: run this learner on the link's samples from the start (a
   * Compare panel), whatever learners the link switched between.
   * `onResize`: called when the plane changes size, which clears its
   * canvases: the owner must schedule a redraw.
   */
  constructor(parent, hash, { title = '', color = '#1d232b', gridSize = 200, stretched = false, learner, onResize } = {}) {
    this.learner = learner;
    // Opened, not replayed: the owner replays it (replay.js), in slices if long.
    this.pg = Playground.opening(hash, learner);
    this.plane = new Plane(parent, { title, gridSize, stretched, color: learner ? color : null });
    this.plane.onResize = () => {
      this.drawn = null;
      onResize?.();
    };
    this.color = color;
    this.curvesRead = 0;
    this.drawn = null;
    this.lastDraw = -Infinity;
    this.drawCost = 0; // ms, smoothed
    this.lastSupport = null; // the support set as last drawn: what a removed vector fades from
    this.fading = [];
    // What layers draw over the overlay, by layer ('theory': its lines;
    // 'truth': the true concept): { key, draw(ctx, plane) }, redrawn when a key changes.
    this.decors = {};
  }

  /** The session the plane shows: the session, or during a first visit's intro a copy catching up with it. */
  get shown() {
    return this.intro ?? this.pg;
  }

  /** The intro's copy goes: the plane shows the session itself. */
  endIntro() {
    if (!this.intro) return;
    this.intro.free();
    this.intro = null;
    this.drawn = null;
  }

  /** Its words in the language shown: the plane's, and its next drawing (a wide file's message). */
  relabel() {
    this.plane.relabel();
    this.drawn = null;
  }

  /** Replaces the session with a link replayed at once (a recovery). */
  rebuild(hash) {
    const next = new Playground(hash, this.learner);
    this.pg.free();
    this.pg = next;
    this.curvesRead = 0;
    this.drawn = null;
  }

  /** Every setting's value by name, with the learner and the task. */
  settings() {
    const pg = this.pg;
    return { ...pg.settings(), algorithm: pg.algorithm(), task: pg.task() };
  }

  /** Draws everything afresh on the next render (a setting reshaped the model). */
  redraw() {
    this.drawn = null;
  }

  /**
   * Redraws what changed since the last frame. While `playing`, a plane
   * whose drawing is slow (a kernel heatmap, 5,000 points) is redrawn at
   * most a third of the time, and no plane more often than 30 times a
   * second: the browser's rasterising of three full-size canvases, which
   * no timer here sees, took a kernel stream from 60 to 30-40 fps in
   * Chromium (benches/browser/frame-rate.mjs). Paused, every change is
   * drawn at once. Returns whether it drew.
   */
  render(task, eps, { now = performance.now(), playing = false } = {}) {
    if (playing && now - this.lastDraw < Math.max(2 * this.drawCost, PLAYING_DRAW_INTERVAL_MS)) return false;
    const start = performance.now();
    this.draw(task, eps, playing);
    this.lastDraw = now;
    this.drawCost = 0.5 * this.drawCost + 0.5 * (performance.now() - start);
    return true;
  }

  draw(task, eps, playing = false) {
    const pg = this.shown;
    if (!pg.on_plane()) {
      const [rows, features] = pg.file_shape();
      this.plane.setWide(t('{file} has {n} features, too many for a plane: it trains with the curves only ({rows} rows).', { file: pg.file_name(), n: count(features), rows: count(rows) }));
      this.drawn = null;
      return;
    }
    this.plane.setWide(null);
    const { samples } = pg.counts();
    const model = pg.model();
    const classRows = pg.classes() > 2 ? pg.class_models() : null;
    const kernel = pg.is_kernel();
    // The support vectors are read where wasm wrote them this frame, never
    // copied out: support_len() writes the buffer (it may move, so the
    // pointer is asked for after), and each use takes a fresh view, since
    // any call into wasm may grow its memory and detach an older one.
    const supportLength = kernel ? pg.support_len() : 0;
    const support = () => (kernel ? f64View(pg, pg.support_ptr(), supportLength) : null);
    if (kernel) this.trackRemovals(support());
    // Support rings are stamped with the points: they share a layer.
    const pointsKey = `${samples}:${pg.points_len()}:${supportLength}`;
    const modelKey = kernel ? `${samples}:${supportLength}` : (classRows ?? model).join(',');
    const animating = this.fading.length > 0;
    const pointsDue = this.drawn?.points !== pointsKey || animating;
    // A kernel surface shaded coarse while playing is shaded in full once paused.
    const sharpen = !playing && this.drawn?.coarse;
    const shadingDue = task === 'classification' && (this.drawn?.model !== modelKey || this.drawn?.task !== task || sharpen);
    // While playing, one draw refreshes the points or the shading, not
    // both, in turn: each is a full-canvas upload the browser pays for.
    const split = playing && pointsDue && shadingDue && this.drawn !== null;
    if (split) this.shadeTurn = !this.shadeTurn;
    const drawPoints = pointsDue && !(split && this.shadeTurn);
    const drawShading = shadingDue && !(split && !this.shadeTurn);
    if (drawPoints) {
      // A selective learner's unasked labels: a flag per point (none for other learners).
      const unseenLength = pg.unseen_len();
      const points = f64View(pg, pg.points_ptr(), pg.points_len());
      this.plane.drawPoints(points, task, support(), this.fading, unseenLength ? u8View(pg, pg.unseen_ptr(), unseenLength) : null);
    }
    if (drawShading) {
      // Kernel learners: their surface's f = 0 and f = ±1. Second-order
      // learners shade f/√(xᵀΣx), whose ±1 lines bound the band of
      // boundaries within one standard deviation of w.
      const levels = kernel ? [0, 1, -1] : isSecondOrder(pg.algorithm()) && !classRows ? [1, -1] : null;
      this.plane.drawShading(pg, levels, kernel ? 'surface' : 'band', kernel && playing);
    } else if (task !== 'classification' && this.drawn?.task !== task) {
      this.plane.clearShading();
    }
    const decors = Object.values(this.decors);
    const decorKey = decors.map((d) => d.key).join('|');
    if (drawPoints || this.drawn?.points !== pointsKey || this.drawn?.model !== modelKey || this.drawn?.eps !== eps || this.drawn?.decor !== decorKey) {
      const ghost = pg.ghost();
      this.plane.drawOverlay({
        model: model.length ? model : null,
        moving: pg.moving_model().length ? pg.moving_model() : null,
        ghost: ghost.length ? ghost : null,
        last: pg.last(),
        task,
        eps,
        classRows,
        decorate: decors.length ? (ctx, plane) => decors.forEach((d) => d.draw(ctx, plane)) : null,
        // Read where wasm wrote them, if the "turned" label is drawn (a fresh view: any call may move them).
        points: () => f64View(pg, pg.points_ptr(), pg.points_len()),
      });
    }
    this.drawn = {
      points: drawPoints || !pointsDue ? pointsKey : this.drawn.points,
      model: drawShading || !shadingDue ? modelKey : this.drawn.model,
      coarse: drawShading ? kernel && playing : Boolean(this.drawn?.coarse),
      task,
      eps,
      decor: decorKey,
    };
  }

  /**
   * Support vectors gone since the last frame start fading out. `support`:
   * this frame's set, (x, y, alpha, id, label) quintuples in wasm memory.
   * A removed vector is no longer there: the set as last drawn is the one
   * copy kept here, for the fade, taken each drawn frame (a typed-array
   * copy of at most a few hundred numbers; comparing first, to copy only
   * on a change, cost 56 bytes gzip in each bundle).
   */
  trackRemovals(support) {
    const now = performance.now();
    const last = this.lastSupport;
    // A reset or a new session empties the set at once: nothing to fade then.
    if (support.length > 0 && last) {
      const ids = new Set();
      for (let k = 3; k < support.length; k += 5) ids.add(support[k]);
      for (let k = 0; k < last.length; k += 5) {
        if (!ids.has(last[k + 3])) this.fading.push({ x: last[k], y: last[k + 1], alpha: last[k + 2], label: last[k + 4], t0: now });
      }
    }
    this.lastSupport = support.slice();
    this.fading = this.fading.filter((f) => now - f.t0 < FADE_MS);
  }

  /** Whether the figure still has an animation to finish (fading rings). */
  animating() {
    return this.fading.length > 0;
  }

  /** The shown points, (x, y, label) flattened. */
  points() {
    return Array.from(f64View(this.pg, this.pg.points_ptr(), this.pg.points_len()));
  }

  /** One curve series (see SERIES), copied out of wasm memory. */
  curve(series) {
    return Array.from(f64View(this.pg, this.pg.curve_ptr(series), this.pg.curve_len()));
  }

  /** Curve points appended since the last call, copied out of wasm memory. */
  newCurvePoints() {
    const pg = this.pg;
    const length = pg.curve_len();
    const from = this.curvesRead;
    this.curvesRead = length;
    const read = (series) => Array.from(f64View(pg, pg.curve_ptr(series), length).subarray(from));
    const classes = pg.classes() > 2 ? pg.classes() : 0;
    return {
      from,
      samples: read(SERIES.samples), online: read(SERIES.online), loss: read(SERIES.loss), test: read(SERIES.test),
      support: read(SERIES.support), asked: read(SERIES.asked),
      // Each class's own mistake rate (more than two classes).
      byClass: Array.from({ length: classes }, (_, k) => Array.from(f64View(pg, pg.class_curve_ptr(k), length).subarray(from))),
    };
  }

  destroy() {
    this.endIntro();
    this.pg.free();
    this.plane.root.remove();
  }
}
