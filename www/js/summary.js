// A sentence or two that says what the learner knows, for the screen-reader
// live region (and anyone who prefers words to pictures).
import { f64View } from './wasm.js';
import { num, plural } from './format.js';
import { SERIES } from './figure.js';

const percent = (v) => `${(100 * v).toFixed(1)}%`;

/** What a Playground's learner has learned so far, in words. */
export function summarize(pg, label) {
  const { samples, mistakes } = pg.counts();
  const regression = pg.task() === 'regression';
  const parts = [`${label}: ${plural(samples, 'sample')} learned`];
  if (samples > 0 && !regression) parts[0] += `, ${plural(mistakes, 'mistake')} (${percent(mistakes / samples)})`;
  const model = pg.model();
  if (pg.classes() > 2) {
    parts.push(`${pg.classes()} classes, one weight vector each; the highest score wins`);
  } else if (pg.is_kernel()) {
    parts.push(plural(pg.support_len() / 5, 'support vector'));
  } else if (model.length && pg.on_plane()) {
    const [w1, w2, b] = model;
    parts.push(regression
      ? `fitted line y = ${num(w1)} x ${b < 0 ? '−' : '+'} ${num(Math.abs(b))}`
      : `decision boundary ${num(w1)} x ${w2 < 0 ? '−' : '+'} ${num(Math.abs(w2))} y ${b < 0 ? '−' : '+'} ${num(Math.abs(b))} = 0; class +1 on the side where this is positive`);
  } else if (model.length) {
    parts.push(`a weight vector over ${pg.file_shape()[1] ?? pg.weights().length - 1} features`);
  }
  const n = pg.curve_len();
  if (n > 0) {
    const test = f64View(pg.curve_ptr(SERIES.test), n)[n - 1];
    const what = pg.test_on_points() ? 'on the points' : 'held out';
    parts.push(regression ? `mean absolute error ${what} ${num(test)}` : `accuracy ${what} ${percent(test)}`);
  }
  return `${parts.join('; ')}.`;
}
