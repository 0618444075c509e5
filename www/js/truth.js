// The teacher's hand: the true concept behind the preset's stream, drawn
// dashed on every plane (the boundary, the regression line, or the class
// centres), with handles that move it while the stream plays. A move is
// an event of the session's log (src/playground/concept.rs): samples from
// the next one on follow it, links, the timeline and every Compare panel
// replay it. After a move, the panel reports each learner's recovery, by
// the rule the core measures it with. Loaded on first use; the playground
// and the <online-learner> element are its hosts (`figures`, `act`,
// `playing`, `loop`).
import { label } from './catalogue.js';
import { CLASSES } from './classes.js';
import { element, placeStyled } from './dom.js';
import { count, percent, t, usePart } from './i18n.js';
import { Handles } from './truth-handles.js';

const COLOR = '#37474f';

/** The layer on `host`, its panel in `place`. */
export async function attachTruth(host, place) {
  await usePart('truth').catch(() => {}); // without its words, in English
  if (!host.truth || host.truth.place !== place) {
    host.truth?.detach();
    host.truth = new TruthLayer(host, place);
  }
  host.truth.define();
  return host.truth;
}

/** A session's concept (see `truth_numbers` in src/wasm/concept.rs), or null. */
export function truthOf(pg) {
  const n = pg.truth_numbers();
  if (n.length === 0) return null;
  if (n[0] === 0) return { kind: 'line', angle: n[1], offset: n[2] };
  if (n[0] === 1) return { kind: 'fit', slope: n[1], intercept: n[2] };
  const centres = [];
  for (let i = 1; i < n.length; i += 2) centres.push([n[i], n[i + 1]]);
  return { kind: 'centres', centres };
}

/** A session's recoveries after each move (see `recovery_numbers`). */
export function recoveriesOf(pg) {
  const n = pg.recovery_numbers();
  const out = [];
  for (let i = 0; i < n.length; i += 5) {
    out.push({ at: n[i], level: n[i + 1], threshold: n[i + 2], after: n[i + 3] < 0 ? null : n[i + 3], interrupted: n[i + 4] === 1 });
  }
  return out;
}

/** The move `handle` made of the concept, on a session. */
function commit(pg, truth, handle) {
  if (truth.kind === 'line') pg.move_line(truth.angle, truth.offset);
  else if (truth.kind === 'fit') pg.move_line(truth.slope, truth.intercept);
  else pg.move_centre(handle.class, ...truth.centres[handle.class]);
}

export class TruthLayer {
  constructor(host, place) {
    this.host = host;
    this.place = place;
    this.preview = null; // the concept as a drag holds it, committed when the drag ends
    this.text = element('p', { class: 'truth-note', 'aria-live': 'polite' });
    this.list = element('ul', { class: 'truth-recoveries' });
    this.rule = element('p', { class: 'truth-rule' });
    this.root = element('section', { class: 'truth', 'aria-label': t('The true concept') }, this.text, this.list, this.rule);
    placeStyled(place, this.root, new URL('../truth.css', import.meta.url).href);
  }

  /** New figures, a reset or a replay: everything is read afresh. */
  define() {
    this.root.setAttribute('aria-label', t('The true concept')); // kept through a language switch: its name follows
    for (const figure of this.host.figures) {
      figure.handles?.remove();
      figure.handles = new Handles(figure.plane, (truth, final, handle) => this.moved(truth, final, handle));
      figure.decors.truth = { key: '', draw: (ctx, plane) => this.draw(ctx, plane) };
    }
    this.key = null;
    this.concept = null;
    this.report = null;
    this.host.loop.changed();
  }

  /** Off: the panel, the lines and the handles go. */
  detach() {
    for (const figure of this.host.figures) {
      figure.handles?.remove();
      figure.handles = null;
      delete figure.decors.truth;
      figure.redraw();
    }
    this.place.replaceChildren();
    this.place.hidden = true;
    if (this.host.truth === this) this.host.truth = null;
  }

  /** The concept shown: a drag's, or the session's (every panel has the same); none in Epochs, which cycles over points the stream did not draw. */
  shown() {
    if (this.host.page?.view === 'epochs') return null;
    const first = this.host.figures[0];
    return this.preview ?? (first ? truthOf(first.pg) : null);
  }

  /**
   * A hand moved the concept: shown at once, and committed (one event of
   * the log, the concept where the hand left it) when the drag ends or a
   * key is pressed. While a drag goes on the stream follows the concept
   * as it was: one drag is one move, whose recovery is measured from its end.
   */
  moved(truth, final, handle) {
    this.preview = truth;
    if (final) {
      // Every panel moves: Compare's learners chase the same concept.
      this.host.act((pg) => commit(pg, truth, handle));
      this.preview = null;
    }
    this.host.loop.changed();
  }

  /** Each frame: the lines and handles follow the concept; the panel the recoveries. */
  frame() {
    const figures = this.host.figures;
    if (!figures.length) return;
    const truth = this.shown();
    const key = JSON.stringify(truth);
    if (key !== this.key) {
      // What draw() shows: read once a frame, not again for every plane's overlay.
      this.concept = truth;
      this.key = key;
      for (const figure of figures) {
        if (figure.decors.truth) figure.decors.truth.key = key;
        figure.handles?.show(figure.pg.on_plane() ? truth : null);
      }
      this.host.loop.changed();
    }
    const reports = figures.map((f) => recoveriesOf(f.pg));
    const report = JSON.stringify(reports);
    if (report !== this.report || this.text.dataset.truth !== String(Boolean(truth))) {
      this.report = report;
      this.text.dataset.truth = String(Boolean(truth));
      this.describe(truth, reports);
    }
  }

  /** The true concept on a plane, dashed, over the learner's own lines. */
  draw(ctx, plane) {
    const truth = this.concept;
    if (!truth) return;
    const style = { color: COLOR, width: 2.4, dash: [10, 6] };
    if (truth.kind === 'line') plane.line(ctx, Math.cos(truth.angle), Math.sin(truth.angle), truth.offset, style);
    else if (truth.kind === 'fit') plane.line(ctx, truth.slope, -1, truth.intercept, style);
    else {
      truth.centres.forEach(([x, y], k) => {
        ctx.save();
        ctx.strokeStyle = CLASSES[k].color;
        ctx.lineWidth = 2.4;
        ctx.setLineDash([4, 3]);
        ctx.beginPath();
        ctx.arc(plane.px(x), plane.py(y), 24, 0, 2 * Math.PI); // around its handle (13 px), not under it
        ctx.stroke();
        ctx.restore();
      });
    }
  }

  /** The panel: what the dashes are, and each learner's recovery after each move. */
  describe(truth, reports) {
    const pg = this.host.figures[0].pg;
    if (!truth) {
      this.text.textContent = pg.file_name()
        ? t('A file has no known concept to draw or move.')
        : t('This preset has no concept to draw or move: the separable, overlapping, noisy-labels and drift presets have a true boundary, the 1-D regression its line, and three or four classes their centres.');
      this.list.replaceChildren();
      this.rule.textContent = '';
      return;
    }
    this.text.textContent = truth.kind === 'centres'
      ? t('Dashed circles: the true class centres. Drag one (or focus it and use the arrow keys): when you let go, the samples from the next one on are drawn around it.')
      : t('Dashed: the true concept. Drag its handles (or focus one and use the arrow keys) to move or turn it: when you let go, the samples from the next one on follow it.');
    const regression = pg.task() === 'regression';
    const floor = pg.constructor.recovery_floor();
    const items = [];
    this.host.figures.forEach((figure, i) => {
      const name = label(figure.pg.algorithm());
      for (const r of reports[i] ?? []) items.push(element('li', {}, recovery(name, r, regression, floor)));
    });
    this.list.replaceChildren(...items);
    const args = { floor: count(floor), window: count(100) };
    this.rule.textContent = items.length === 0 ? '' : regression
      ? t('Recovered: the first point of the curves, at least {floor} samples after the move, where the mean absolute error of the samples since the move (the last {window}, once there are that many) is within 20% of what it was at the move. A learner that errs less after the move recovers sooner; {floor} is the floor.', args)
      : t('Recovered: the first point of the curves, at least {floor} samples after the move, where the mistake rate of the samples since the move (the last {window}, once there are that many) is within 5 points of what it was at the move. A learner that errs less after the move recovers sooner; {floor} is the floor.', args);
  }
}

/** One learner's recovery after one move, in a sentence (`floor`: the fewest samples the rule judges after). */
function recovery(name, r, regression, floor) {
  const level = regression ? r.level.toFixed(3) : percent(r.level, 1);
  const at = count(r.at);
  if (r.after === floor) return t('{learner}: moved at sample {at} ({level} then); recovered within {n} samples, the floor.', { learner: name, at, level, n: count(r.after) });
  if (r.after != null) return t('{learner}: moved at sample {at} ({level} then); recovered after {n} samples.', { learner: name, at, level, n: count(r.after) });
  if (r.interrupted) return t('{learner}: moved at sample {at} ({level} then); moved again before it recovered.', { learner: name, at, level });
  return t('{learner}: moved at sample {at} ({level} then); not recovered yet.', { learner: name, at, level });
}
