// The error curves beside the plane: the online mistake rate (or MAE) and
// the held-out score, the moving-average loss, for kernel learners the
// support-set size, and for learners that ask for only some labels the
// labels asked (asked-curve.js, loaded with the first); one line per
// learner in Compare.
import { Chart } from './chart.js';
import { label } from './catalogue.js';
import { CURVE } from './palette.js';
import { cssColor } from './classes.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

export class CurvesPanel {
  constructor(app) {
    this.app = app;
    this.error = new Chart($('chart-error'), $('chart-error-legend'));
    this.loss = new Chart($('chart-loss'), $('chart-loss-legend'), { fixedY: false });
    this.support = new Chart($('chart-support'), $('chart-support-legend'), { fixedY: false, yMax: 16 });
  }

  /** Starts the curves afresh from the sessions (a new page, a reset, a replay). */
  define() {
    const figures = this.app.figures;
    const regression = this.app.settings().task === 'regression';
    this.error.fixedY = !regression;
    for (const chart of [this.error, this.loss, this.support]) chart.clear();
    $('chart-title').textContent = regression ? t('Error curves (absolute error)') : t('Error curves');
    // Several learners: one legend entry each, and the line styles said once.
    const many = figures.length > 1;
    this.loss.note = many ? t('moving-average loss (100 samples), colours as above.') : '';
    this.support.note = many ? t('support-set size, colours as above.') : '';
    this.error.note = many ? (regression ? t('solid: progressive MAE, dashed: held-out MAE.') : t('solid: online mistake rate, dashed: held-out accuracy.')) : '';
    figures.forEach((figure, i) => {
      figure.curvesRead = 0;
      const name = many ? `${label(figure.pg.algorithm())}: ` : '';
      const color = many ? figure.color : CURVE.online;
      this.error.define(`${i}:online`, { label: many ? label(figure.pg.algorithm()) : regression ? t('progressive MAE') : t('online mistake rate'), color });
      this.error.define(`${i}:test`, { label: this.testLabel(figure, regression), color: many ? color : CURVE.test, dash: true, unlisted: many });
      this.loss.define(`${i}:loss`, { unlisted: many, label: name + (regression ? t('moving-average |error| (100 samples)') : t('moving-average hinge loss (100 samples)')), color: many ? color : CURVE.loss });
      // More than two classes, one learner: each class's own mistake rate.
      const classes = figure.pg.classes();
      for (let k = 0; !many && classes > 2 && k < classes; k++) {
        this.error.define(`${i}:class${k}`, { label: t('class {k} mistakes', { k: k + 1 }), color: cssColor(k), thin: true });
      }
      if (figure.pg.is_kernel()) {
        this.support.define(`${i}:support`, { unlisted: many, label: name + t('support-set size'), color: many ? color : CURVE.support });
      }
    });
    // The labels asked, for a learner that asks for only some (its chart
    // loads with the first: then everything is defined again, from the start).
    const asking = figures.map((f) => f.pg.counts().asked != null);
    if (this.asked) this.asked.define(figures, asking);
    else if (asking.some(Boolean)) this.loadAsked ??= import('./asked-curve.js').then((m) => { this.asked = new m.AskedChart($('chart-support').parentElement); this.define(); this.app.loop.changed(); }).catch(() => {});
    // The budget frontier, in Compare with a kernel learner (its chart loads with the first).
    if (this.frontier) this.frontier.define(many);
    else if (many && figures.some((f) => f.pg.is_kernel())) this.loadFrontier ??= import('./frontier-chart.js').then((m) => { this.frontier = new m.FrontierChart(this.app, $('chart-support').parentElement, { address: () => { this.app.writeHash(); return [location.href, this.app.data?.name]; } }); this.define(); this.app.loop.changed(); }).catch(() => {});
    this.app.theory?.define(); // its curves start again with these
    this.mark(null);
    // After a fork: the run before it, faded (its curves come from the full module's timeline).
    this.app.figures.forEach((figure, i) => {
      if (figure.pg.original_curve_len?.()) import('./timeline.js').then((m) => this.original(m.originalCurves(figure.pg), i, figure)).catch(() => {});
    });
  }

  /** A fork's original run, faded under the new one. */
  original(run, i, figure) {
    if (!run) return;
    const many = this.app.figures.length > 1;
    const style = (color) => ({ color, faded: true, unlisted: many, label: t('before the fork') });
    this.error.define(`${i}:was-online`, style(many ? figure.color : CURVE.online));
    this.error.append(`${i}:was-online`, run.samples, run.online);
    this.error.define(`${i}:was-test`, { ...style(many ? figure.color : CURVE.test), dash: true, unlisted: true });
    this.error.append(`${i}:was-test`, run.samples, run.test);
    this.loss.define(`${i}:was-loss`, { ...style(many ? figure.color : CURVE.loss), unlisted: true });
    this.loss.append(`${i}:was-loss`, run.samples, run.loss);
  }

  /** A marker at the sample the timeline shows on every chart (null: none). */
  mark(at) {
    for (const chart of [this.error, this.loss, this.support, this.asked]) chart?.mark(at);
  }

  /** What the test curve measures: the stream's clean held-out set, or the points themselves. */
  testLabel(figure, regression) {
    const pg = figure.pg;
    const name = this.app.figures.length > 1 ? `${label(pg.algorithm())}: ` : '';
    const onPoints = pg.test_on_points();
    const file = pg.file_name();
    if (file && !onPoints) {
      const rows = Math.min(500, pg.file_shape()[0]);
      return name + t(regression ? 'MAE on {rows} rows of {file}' : 'accuracy on {rows} rows of {file}', { rows, file });
    }
    if (regression) return name + (onPoints ? t('MAE on the points') : t('held-out MAE'));
    return name + (onPoints ? t('accuracy on the points') : t('held-out accuracy'));
  }

  /** Appends what the sessions recorded since the last frame. */
  append() {
    const regression = this.app.settings().task === 'regression';
    this.app.figures.forEach((figure, i) => {
      this.error.relabel(`${i}:test`, this.testLabel(figure, regression));
      const points = figure.newCurvePoints();
      this.error.append(`${i}:online`, points.samples, points.online);
      this.error.append(`${i}:test`, points.samples, points.test);
      this.loss.append(`${i}:loss`, points.samples, points.loss);
      this.support.append(`${i}:support`, points.samples, points.support);
      this.asked?.append(i, points);
      this.frontier?.append(i, points);
      points.byClass.forEach((ys, k) => this.error.append(`${i}:class${k}`, points.samples, ys));
    });
    this.frontier?.frame();
  }
}
