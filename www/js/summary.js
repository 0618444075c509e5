// A sentence or two that says what the learner knows, for screen readers
// (and anyone who prefers words to pictures): kept current, and spoken by
// a live region now and then.
import { f64View } from './wasm.js';
import { LISTED_WEIGHTS, num, nums, plural } from './format.js';
import { count, percent, t } from './i18n.js';
import { SERIES } from './figure.js';
import { label } from './catalogue.js';

/** "+ 0.5", "− 0.5", from num()'s text. */
const signed = (text) => (text.startsWith('−') ? `− ${text.slice(1)}` : `+ ${text}`);

/** What a Playground's learner has learned so far, in words: one sentence per fact. */
export function summarize(pg, label) {
  const { samples, mistakes } = pg.counts();
  const regression = pg.task() === 'regression';
  const parts = [samples > 0 && !regression
    ? t('{learner}: {samples} learned, {mistakes} ({share}).', { learner: label, samples: plural(samples, '{n} sample', '{n} samples'), mistakes: plural(mistakes, '{n} mistake', '{n} mistakes'), share: percent(mistakes / samples) })
    : t('{learner}: {samples} learned.', { learner: label, samples: plural(samples, '{n} sample', '{n} samples') })];
  const model = pg.model();
  if (pg.classes() > 2) {
    parts.push(t('{k} classes, one weight vector each; the highest score wins.', { k: pg.classes() }));
  } else if (pg.is_kernel()) {
    parts.push(plural(pg.support_size(), '{n} support vector.', '{n} support vectors.'));
  } else if (model.length && pg.on_plane()) {
    const [w1, w2, b] = nums(Array.from(model));
    parts.push(regression
      ? t('Fitted line y = {line}.', { line: `${w1} x ${signed(b)}` })
      : t('Decision boundary {line} = 0; class +1 on the side where this is positive.', { line: `${w1} x ${signed(w2)} y ${signed(b)}` }));
  } else if (model.length) {
    const w = Array.from(pg.weights());
    const shown = nums(w);
    parts.push(w.length - 1 <= LISTED_WEIGHTS
      ? t('Weights w = ({w}), bias b = {b}.', { w: shown.slice(0, -1).join(', '), b: shown.at(-1) })
      : t('A weight vector over {n} features.', { n: count(pg.file_shape()[1] ?? w.length - 1) }));
  }
  const n = pg.curve_len();
  if (n > 0) {
    const test = f64View(pg, pg.curve_ptr(SERIES.test), n)[n - 1];
    const onPoints = pg.test_on_points();
    if (regression) parts.push(t(onPoints ? 'Mean absolute error on the points: {v}.' : 'Held-out mean absolute error: {v}.', { v: num(test) }));
    else parts.push(t(onPoints ? 'Accuracy on the points: {v}.' : 'Held-out accuracy: {v}.', { v: percent(test) }));
  }
  return parts.join(' ');
}

/** While playing, the live region speaks at most this often. */
const SPEAK_EVERY_MS = 10000;

/**
 * The summary for screen readers, in two elements: `text` always says what
 * the learners know now (each plane's description points to it), and the
 * live region `live` speaks it when it changes while paused, and at most
 * every ten seconds while playing (a sentence a frame would never be
 * heard to its end).
 */
export class Summary {
  constructor(text, live) {
    Object.assign(this, { text, live });
    this.spoken = -Infinity;
  }

  /** Each frame: `figures`' sessions in words; `playing` spaces out the speech. */
  show(figures, playing, now) {
    const words = figures.map((f) => summarize(f.pg, label(f.pg.algorithm()))).join(' ');
    if (this.text.textContent !== words) this.text.textContent = words;
    if (playing && now - this.spoken < SPEAK_EVERY_MS) return;
    this.spoken = now;
    if (this.live.textContent !== words) this.live.textContent = words;
  }
}
