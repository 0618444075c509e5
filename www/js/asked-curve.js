// The labels asked against the samples seen, for learners that ask for
// only some labels (the selective sampling perceptron): a chart under the
// error curves, over the dashed line of every label; in Compare one line
// per such learner, in its colour. Shown only while one runs: it and its
// words come with the full module, which alone holds such a learner's code
// (the catalogues' kernel part).
import { Chart } from './chart.js';
import { label } from './catalogue.js';
import { CURVE } from './palette.js';
import { t } from './i18n.js';

export class AskedChart {
  /** A chart (hidden until defined with an asking learner) placed after `after`. */
  constructor(after) {
    this.box = document.createElement('div');
    this.box.hidden = true;
    const canvas = Object.assign(document.createElement('canvas'), { id: 'chart-asked', className: 'chart', width: 360, height: 110 });
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', t('Labels asked over the samples seen'));
    const legend = Object.assign(document.createElement('div'), { id: 'chart-asked-legend', className: 'chart-legend' });
    legend.dataset.i18n = 'no';
    this.box.append(canvas, legend);
    after.after(this.box);
    this.chart = new Chart(canvas, legend, { fixedY: false, yMax: 16 });
  }

  /** Starts afresh: a line for each figure whose learner asks (`asking[i]`), shown if any. */
  define(figures, asking) {
    this.chart.clear();
    this.box.hidden = !asking.some(Boolean);
    if (this.box.hidden) return;
    const many = figures.length > 1;
    this.chart.define('all', { label: t('every label (the samples seen)'), color: CURVE.test, dash: true });
    figures.forEach((figure, i) => {
      if (asking[i]) this.chart.define(`${i}:asked`, { label: many ? `${label(figure.pg.algorithm())}: ${t('labels asked')}` : t('labels asked'), color: many ? figure.color : CURVE.online });
    });
  }

  /** Figure i's new curve points (figure.js's newCurvePoints). */
  append(i, points) {
    if (this.box.hidden) return;
    if (i === 0) this.chart.append('all', points.samples, points.samples);
    this.chart.append(`${i}:asked`, points.samples, points.asked);
  }

  mark(at) {
    this.chart.mark(at);
  }
}
