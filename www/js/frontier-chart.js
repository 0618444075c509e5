// The budget frontier, live: held-out error against the size of the
// support set, one line per kernel learner in its colour, drawn as it
// learns (each curve point's support size and held-out error); and, on
// "Sweep budgets", each learner run again at a few sizes on the points on
// the plane, a slice of a few ms per frame (src/frontier/sliced.rs, the
// command line's own frontier code: `onlinelearn replay LINK --frontier
// SIZES` prints the same points), drawn as dots. A learner without a
// support set has no line, and the chart says so. Loaded only when a
// kernel learner is shown (curves-panel.js, the embed's `frontier`), with
// its words in the catalogues' kernel part.
import { Chart } from './chart.js';
import { label } from './catalogue.js';
import { count, percent, t } from './i18n.js';
import { replayCommand } from './command.js';
import { CURVE } from './palette.js';

/** The sweep's share of a frame (ms): the learning and drawing keep the rest. */
const SWEEP_MS = 6;
/** The sizes a sweep picks from: those up to half the points, the largest five. */
const LADDER = [5, 10, 20, 50, 100, 200, 500, 1000, 2000];
const MOST_SIZES = 5;
/** The summary is written again at most this often while learning (ms). */
const SUMMARY_MS = 500;

/** The sizes to sweep on `points` points (empty: too few to sweep). */
export function sweepSizes(points) {
  return LADDER.filter((s) => 2 * s <= points).slice(-MOST_SIZES);
}

/**
 * A chart whose x axis is logarithmic, log(1 + x): sizes of 5 and 500 both
 * read (a linear axis crowds the small budgets, where the paper's claim is,
 * into its first pixels).
 */
class LogChart extends Chart {
  X(x) {
    const { w } = this.size;
    return this.padLeft + (Math.log1p(Math.max(0, x)) / Math.log1p(this.xMax)) * (w - this.padLeft - 8);
  }
}

const make = (tag, props = {}) => Object.assign(document.createElement(tag), props);

export class FrontierChart {
  /**
   * A chart placed after `after`; `host`: { figures, loop } (the page's App,
   * the embed's element); `address()`: the page's address now, and the data
   * file's name (or null), for the command line that computes the same
   * sweep (without it, no such button).
   */
  constructor(host, after, { address = null } = {}) {
    this.host = host;
    this.address = address;
    this.box = make('section', { className: 'frontier', hidden: true });
    this.box.dataset.i18n = 'no';
    const heading = this.heading = make('h3');
    const canvas = make('canvas', { id: 'chart-frontier', className: 'chart', width: 360, height: 150 });
    canvas.style.maxWidth = '360px'; // drawn at 360 px: the embed's wide figure would blow it up blurred
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-describedby', 'frontier-summary');
    const legend = make('div', { id: 'chart-frontier-legend', className: 'chart-legend' });
    this.note = make('p', { id: 'frontier-note', className: 'frontier-note' });
    this.sweepButton = make('button', { type: 'button', id: 'frontier-sweep' });
    this.cancelButton = make('button', { type: 'button', id: 'frontier-cancel', hidden: true });
    this.progress = make('progress', { id: 'frontier-progress', max: 1, value: 0, hidden: true });
    this.commandButton = make('button', { type: 'button', id: 'frontier-command', hidden: true });
    this.status = make('p', { id: 'frontier-status', className: 'frontier-note' });
    this.status.setAttribute('aria-live', 'polite');
    this.summary = make('p', { id: 'frontier-summary', className: 'visually-hidden' });
    // Styled here, not in the first load's style sheet.
    const row = make('div', { className: 'frontier-row' });
    row.style.cssText = 'display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.2rem 0';
    for (const p of [this.note, this.status]) p.style.cssText = 'font-size: 0.8rem; margin: 0.2rem 0';
    row.append(this.sweepButton, this.cancelButton, this.progress, this.commandButton);
    this.box.append(heading, canvas, legend, this.note, row, this.status, this.summary);
    after.after(this.box);
    this.chart = new LogChart(canvas, legend, { fixedY: false, yMax: 0.25, xMax: 16, gaps: true, xLabel: (n) => t('{n} support vectors, log scale', { n }) });
    this.sweepButton.addEventListener('click', () => this.start());
    this.cancelButton.addEventListener('click', () => this.cancel(t('Sweep cancelled.')));
    this.commandButton.addEventListener('click', () => this.copy());
    this.sweep = null;
    this.last = new Map();
    this.written = -Infinity;
  }

  /** Starts afresh with the host's figures: a line per learner with a support set to size (`shown`: where the chart belongs). */
  define(shown = true) {
    this.words();
    this.cancel('');
    this.chart.clear();
    this.last.clear();
    this.status.textContent = '';
    const figures = this.host.figures;
    const without = [];
    figures.forEach((figure, i) => {
      figure.frontier = null;
      const name = label(figure.pg.algorithm());
      if (!sized(figure)) return without.push(name);
      // One learner (the embed) draws in the support curve's colour.
      const color = figures.length > 1 ? figure.color : CURVE.support;
      this.chart.define(`${i}:path`, { label: name, color });
      this.chart.define(`${i}:sweep`, { label: name, color, dash: true, dots: true, unlisted: true });
    });
    // Compare without a kernel learner shows no chart; one linear learner (the embed's) is told why it has none.
    const none = without.length === figures.length;
    this.box.hidden = !shown || (none && figures.length > 1);
    this.sweepButton.parentElement.hidden = none;
    this.note.textContent = without.length
      ? t('{learners}: no support set to size (a linear learner keeps weights), so no line here.', { learners: without.join(', ') })
      : '';
    this.note.hidden = !without.length;
    this.sweepButton.disabled = false;
    this.writeSummary();
  }

  /** The chart's own words, in the page's language now (a language switch defines the chart again). */
  words() {
    this.heading.textContent = t('Budget frontier');
    this.chart.canvas.setAttribute('aria-label', t('Held-out error against support-set size'));
    this.sweepButton.textContent = t('Sweep budgets');
    this.sweepButton.title = t('Runs each learner again at a few support-set sizes on the points on the plane, tested on the held-out set (dots)');
    this.cancelButton.textContent = t('Cancel');
    this.progress.setAttribute('aria-label', t('Budget sweep'));
    this.commandButton.textContent = t('Copy the sweep as command'); // beside the figure's own Copy as command (its session)
  }

  /** Figure i's new curve points (figure.js's newCurvePoints): its support size and held-out error. */
  append(i, points) {
    if (this.box.hidden || !this.chart.lines.has(`${i}:path`) || !points.samples.length) return;
    const errors = points.test.map((accuracy) => (Number.isFinite(accuracy) ? 1 - accuracy : NaN));
    this.chart.append(`${i}:path`, points.support, errors);
    const k = errors.length - 1;
    if (Number.isFinite(errors[k])) this.last.set(i, { support: points.support[k], error: errors[k] });
  }

  mark() {}

  /** A frame: the sweep goes on for a few ms, and the summary is kept current. */
  frame(now = performance.now()) {
    if (this.box.hidden) return;
    if (this.sweep) this.work();
    if (this.sweep || !this.host.playing || now - this.written > SUMMARY_MS) {
      this.written = now;
      this.writeSummary();
    }
  }

  /** Starts the sweep: every sized learner in turn, on the points on the plane now. */
  start() {
    const figures = this.host.figures.filter(sized);
    const sizes = sweepSizes(Math.min(...figures.map((f) => f.pg.points_len())));
    if (!sizes.length) {
      this.status.textContent = t('Too few points on the plane to sweep: at least {n}.', { n: count(2 * LADDER[0]) });
      return;
    }
    this.sweep = { sizes, queue: [...figures], done: 0, total: figures.length, started: false };
    this.host.figures.forEach((_, i) => this.chart.lines.get(`${i}:sweep`) && Object.assign(this.chart.lines.get(`${i}:sweep`), { xs: [], ys: [] }));
    this.chart.redraw();
    this.sweepButton.disabled = true;
    this.cancelButton.hidden = false;
    this.progress.hidden = false;
    this.progress.value = 0;
    this.commandButton.hidden = true;
    this.status.textContent = t('Sweeping sizes {sizes}…', { sizes: sizes.map((s) => count(s)).join(', ') });
    this.host.loop.changed();
  }

  /** One frame's slice of the sweep. */
  work() {
    const sweep = this.sweep;
    const deadline = performance.now() + SWEEP_MS;
    while (sweep.queue.length && performance.now() < deadline) {
      const figure = sweep.queue[0];
      try {
        if (!sweep.started) {
          figure.pg.frontier_start(Float64Array.from(sweep.sizes));
          sweep.started = true;
        }
        if (figure.pg.frontier_work(Math.max(0.5, deadline - performance.now()))) break;
      } catch (error) {
        this.cancel(error.message);
        return;
      }
      this.drawSweep(figure);
      sweep.queue.shift();
      sweep.started = false;
      sweep.done += 1;
    }
    const current = sweep.queue[0];
    this.progress.value = (sweep.done + (current && sweep.started ? current.pg.frontier_fraction() : 0)) / sweep.total;
    if (sweep.queue.length) {
      this.host.loop.changed();
      return;
    }
    this.sweep = null;
    this.progress.hidden = true;
    this.cancelButton.hidden = true;
    this.sweepButton.disabled = false;
    this.commandButton.hidden = !this.address;
    this.sizes = sweep.sizes;
    this.status.textContent = t('Swept: each dot is a learner run again at one size on the same points.');
  }

  /** A finished figure's points, as dots joined in order of size. */
  drawSweep(figure) {
    const i = this.host.figures.indexOf(figure);
    const numbers = figure.pg.frontier_points();
    const points = [];
    for (let k = 0; k + 4 < numbers.length; k += 5) points.push({ target: numbers[k], value: numbers[k + 1], support: numbers[k + 2], error: 1 - numbers[k + 3] });
    figure.frontier = points;
    points.sort((a, b) => a.support - b.support);
    this.chart.append(`${i}:sweep`, points.map((p) => p.support), points.map((p) => p.error));
  }

  /** Stops the sweep (Cancel, a new run); `why` is said in the status line. */
  cancel(why) {
    if (!this.sweep) return;
    for (const figure of this.host.figures) figure.pg.frontier_cancel?.();
    this.sweep = null;
    this.progress.hidden = true;
    this.cancelButton.hidden = true;
    this.sweepButton.disabled = false;
    this.status.textContent = why;
    this.sweepButton.focus();
  }

  /** The command line that prints this sweep's points. */
  commandLine() {
    const [address, file] = this.address();
    return `${replayCommand(address, file)} --frontier ${this.sizes.join(',')}`;
  }

  async copy() {
    const command = this.commandLine();
    try {
      await navigator.clipboard.writeText(command);
      this.status.textContent = t('Command copied: onlinelearn replay with --frontier prints these points.');
    } catch {
      this.status.textContent = command;
    }
  }

  /** The chart in words: each learner's last support size and held-out error, and its swept points. */
  writeSummary() {
    const parts = [];
    this.host.figures.forEach((figure, i) => {
      if (!this.chart.lines.has(`${i}:path`)) return;
      const name = label(figure.pg.algorithm());
      const now = this.last.get(i);
      parts.push(now
        ? t('{learner}: {n} support vectors, held-out error {error}.', { learner: name, n: count(now.support), error: percent(now.error) })
        : t('{learner}: no held-out error yet.', { learner: name }));
      if (figure.frontier?.length && !this.sweep) {
        const swept = figure.frontier.map((p) => t('{n} vectors, {error}', { n: count(p.support), error: percent(p.error) }));
        parts.push(t('Swept: {points}.', { points: swept.join('; ') }));
      }
    });
    const text = parts.join(' ');
    if (this.summary.textContent !== text) this.summary.textContent = text;
  }
}

/** Whether a figure's learner has a support-set size to set (a kernel learner, FOGD aside). */
function sized(figure) {
  return Boolean(figure.pg.frontier_key?.());
}
