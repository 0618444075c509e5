// The <online-learner>'s panels under its plane, with the interface the
// controller draws through (controller.js), as the page's CurvesPanel and
// StatusLines have it: the curves (define, append, mark) and the lines
// (show: the status line, the explanation, the screen-reader summary).
import { Chart } from './chart.js';
import { explain } from './explain.js';
import { mistakeShare, plural } from './format.js';
import { t, usePart } from './i18n.js';
import { Summary } from './summary.js';
import { CURVE } from './palette.js';

/**
 * The online mistake rate (or MAE) and the held-out score, drawn only with
 * the `curves` attribute; with `frontier`, a kernel learner's budget
 * frontier under them (frontier-chart.js, loaded then).
 */
export class FigureCurves {
  constructor(host, canvas, legend) {
    this.host = host;
    // Fitted to its samples: figures side by side read the same scale (a post's PA beside PA-I).
    this.chart = new Chart(canvas, legend, { fitX: true });
  }

  /** A fresh chart: the curves start again (a new session, a reset, another learner), and the layers read afresh. */
  define() {
    const figure = this.host.figure;
    const regression = figure.pg.task() === 'regression';
    const chart = this.chart;
    chart.clear();
    chart.fixedY = !regression;
    chart.define('online', { label: regression ? t('progressive MAE') : t('online mistake rate'), color: CURVE.online });
    chart.define('test', { label: regression ? t('held-out MAE') : t('held-out accuracy'), color: CURVE.test, dash: true });
    figure.curvesRead = 0;
    const frontier = this.host.hasAttribute('frontier');
    if (this.frontier) this.frontier.define(frontier);
    else if (frontier) this.loadFrontier ??= this.openFrontier().catch((e) => this.host.fail(e));
    this.host.theory?.define();
    this.host.truth?.define();
  }

  async openFrontier() {
    // Its words are the catalogues' kernel part (a linear learner's page has not fetched it).
    const [{ FrontierChart }, { pageAddress }] = await Promise.all([import('./frontier-chart.js'), import('./command.js'), usePart('full').catch(() => {})]);
    this.frontier = new FrontierChart(this.host, this.chart.canvas.parentElement, { address: () => [pageAddress(this.host.figure.pg.hash('')), null] });
    this.define();
    this.host.loop.changed();
  }

  append() {
    if (!this.host.hasAttribute('curves') && !this.frontier) return;
    const points = this.host.figure.newCurvePoints();
    this.chart.append('online', points.samples, points.online);
    this.chart.append('test', points.samples, points.test);
    this.frontier?.append(0, points);
    this.frontier?.frame();
  }

  /** A marker at the sample the timeline shows (null: none). */
  mark(at) {
    this.chart.mark(at);
  }
}

/** The lines under the plane: samples and mistakes, the last update explained (`explain`), and a summary for screen readers. */
export class FigureLines {
  /** `line`: the status line; `explainPanel`: where the explanation goes; `summary`, `spoken`: the summary's two elements (summary.js). */
  constructor(host, { line, explainPanel, summary, spoken }) {
    Object.assign(this, { host, line, explainPanel });
    this.summary = new Summary(summary, spoken);
  }

  show(now) {
    const host = this.host;
    const pg = host.figure.pg;
    const task = pg.task();
    const { samples, mistakes } = pg.counts();
    this.line.textContent = task === 'classification' && samples > 0
      ? `${plural(samples, '{n} sample', '{n} samples')} · ${mistakeShare(mistakes, samples)}`
      : plural(samples, '{n} sample', '{n} samples');
    if (host.hasAttribute('explain')) {
      explain(this.explainPanel, pg.last(), { algorithm: pg.algorithm(), settings: pg.settings(), task, offset: pg.kernel_offset() }, samples || pg.points_len());
    }
    this.summary.show(host.figures, host.playing, now);
  }
}
