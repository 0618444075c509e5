// A figure: one Playground (the learner session in wasm) and the Plane that
// draws it. The page shows one figure, or several in compare mode.
import { Playground, f64View } from './wasm.js';
import { Plane } from './plot.js';

export const SERIES = { samples: 0, online: 1, loss: 2, test: 3, support: 4 };

export class Figure {
  constructor(parent, hash, { title = '', color = '#1d232b' } = {}) {
    this.pg = new Playground(hash);
    this.plane = new Plane(parent, { title });
    this.plane.onResize = () => { this.drawn = null; };
    this.color = color;
    this.curvesRead = 0;
    this.drawn = null;
  }

  /** Replaces the session (a new link, a reset to other settings). */
  rebuild(hash) {
    const next = new Playground(hash);
    this.pg.free();
    this.pg = next;
    this.curvesRead = 0;
    this.drawn = null;
  }

  settings() {
    const pg = this.pg;
    return {
      algorithm: pg.algorithm(), c: pg.c(), eps: pg.eps(), lr: pg.lr(), bias: pg.bias(),
      preset: pg.preset(), seed: pg.seed(), noise: pg.noise(), task: pg.task(),
    };
  }

  /** Redraws what changed since the last frame. */
  render(task, eps) {
    const pg = this.pg;
    const [samples] = pg.counts();
    const model = pg.model();
    const pointsKey = `${samples}:${pg.points_len()}`;
    const modelKey = model.join(',');
    if (this.drawn?.points !== pointsKey) {
      this.plane.drawPoints(f64View(pg.points_ptr(), pg.points_len()), task);
    }
    if (task === 'classification' && (this.drawn?.model !== modelKey || this.drawn?.task !== task)) {
      this.plane.drawShading(pg);
    } else if (task !== 'classification' && this.drawn?.task !== task) {
      this.plane.clearShading();
    }
    if (this.drawn?.points !== pointsKey || this.drawn?.model !== modelKey || this.drawn?.eps !== eps) {
      const ghost = pg.ghost();
      this.plane.drawOverlay({
        model: model.length ? model : null,
        moving: pg.moving_model().length ? pg.moving_model() : null,
        ghost: ghost.length ? ghost : null,
        last: pg.last().length ? pg.last() : null,
        task,
        eps,
      });
    }
    this.drawn = { points: pointsKey, model: modelKey, task, eps };
  }

  /** Curve points appended since the last call, copied out of wasm memory. */
  newCurvePoints() {
    const pg = this.pg;
    const length = pg.curve_len();
    const from = this.curvesRead;
    this.curvesRead = length;
    const read = (series) => Array.from(f64View(pg.curve_ptr(series), length).subarray(from));
    return {
      from,
      samples: read(SERIES.samples), online: read(SERIES.online), loss: read(SERIES.loss), test: read(SERIES.test),
    };
  }

  destroy() {
    this.pg.free();
    this.plane.root.remove();
  }
}
