// The lines under the plane: how much was learned, the model in a line
// (only the settings in force), each Compare panel's own figures, and the
// screen-reader summary.
import { explain } from './explain.js';
import { LISTED_WEIGHTS, mistakeShare, num, nums, plural } from './format.js';
import { count, t, tr } from './i18n.js';
import { label } from './catalogue.js';
import { Summary } from './summary.js';
import { modelLine, standardRule, toFile, transformOf } from './units.js';

const $ = (id) => document.getElementById(id);
const MAX_SHOWN_POINTS = 5000; // as src/playground/mod.rs
/** The kernel settings' short names in the model line. */
const SHORT = { sigma: () => 'σ', degree: () => t('degree'), offset: () => t('offset'), budget: () => t('budget') };

export class StatusLines {
  constructor(app) {
    this.app = app;
    this.summary = new Summary($('summary'), $('spoken'));
  }

  show(now) {
    const app = this.app;
    const figures = app.figures;
    const pg = figures[0].shown;
    const settings = app.settings();
    // Read once a frame: each call crosses into wasm and builds an object.
    const counts = pg.counts();
    const { samples } = counts;
    if (figures.length > 1) for (const figure of figures) figure.plane.setCaption(panelCaption(figure.pg));
    document.body.dataset.moving = String(figures.some((f) => f.pg.moving_model().length > 0));
    const units = settings.algorithm === 'batch-pocket' ? pg.batch_units() : null;
    explain($('explain'), pg.last(), { algorithm: settings.algorithm, settings, task: settings.task, offset: pg.kernel_offset(), wide: !pg.on_plane(), file: app.data, fileSample: fileSample(pg, app.data, settings.task), standardised: standardisedSample(units, pg.last()) }, samples || pg.points_len());
    this.status(settings, counts);
    this.weights(settings, units);
    this.summary.show(figures, app.playing, now);
  }

  status(settings, { samples, mistakes, asked, streamed: drawn, passes, point, relearn }) {
    const app = this.app;
    const pg = app.figures[0].shown;
    const shown = pg.points_len() / 3;
    const compare = app.figures.length > 1;
    // In Compare every panel shows its own mistakes; the status says what they share.
    const parts = [compare
      ? t('{n} samples learned by each of the {k} learners', { n: count(samples), k: app.figures.length })
      : plural(samples, '{n} sample learned', '{n} samples learned')];
    if (settings.task === 'classification' && samples > 0 && !compare) parts.push(mistakeShare(mistakes, samples));
    if (asked != null && !compare) parts.push(labelsAsked(asked));
    if (app.data) {
      const rows = app.data.rows;
      if (drawn > 0) parts.push(t('{file}: pass {pass}, row {row} of {rows}', { file: app.data.name, pass: count(Math.floor((drawn - 1) / rows) + 1), row: count(((drawn - 1) % rows) + 1), rows: count(rows) }));
    }
    if (app.page.view === 'epochs' && !app.data && shown > 0) {
      // The last point learned: pass 2, point 1 of 100 after 101 steps.
      if (passes > 0 || point > 0) parts.push(t('pass {pass}, point {point} of {n}', { pass: count(passes + (point > 0 ? 1 : 0)), point: count(point === 0 ? shown : point), n: count(shown) }));
    }
    if (pg.on_plane()) {
      const capped = shown >= MAX_SHOWN_POINTS && samples > shown && app.page.view !== 'epochs';
      parts.push(capped
        ? t('the latest {n} points shown (older ones scroll off the plane; the learner learned from all)', { n: count(shown) })
        : plural(shown, '{n} point shown', '{n} points shown'));
      // After a Reset, Step and Play learn the points shown again first.
      if (relearn > 0 && app.page.view !== 'epochs') parts.push(t('{n} to learn again before new samples', { n: count(relearn) }));
    }
    if (app.playing && !app.loop.keptUp && app.loop.rate.value !== null) {
      parts.push(t('this learner manages about {n} samples/s here', { n: count(Math.round(app.loop.rate.value)) }));
    }
    $('status').textContent = parts.join(' · ');
  }

  /** The model in a line: the weights, or the support set with the kernel settings in force. */
  weights(settings, units) {
    const app = this.app;
    const pg = app.figures[0].shown;
    const line = $('weights');
    line.hidden = app.figures.length > 1;
    const model = pg.model();
    if (pg.is_kernel()) {
      const size = pg.support_size();
      const inForce = new Set(pg.in_force());
      const shown = ['sigma', 'degree', 'offset', 'budget'].filter((k) => inForce.has(k) && settings[k] !== null)
        .map((k) => `${SHORT[k]()} = ${typeof settings[k] === 'number' ? num(settings[k]) : tr(settings[k])}`);
      line.textContent = [plural(size, '{n} support vector', '{n} support vectors'), ...shown].join(' · ');
      delete line.dataset.weights;
      line.dataset.support = String(size);
    } else if (pg.classes() > 2) {
      // K rows: each class's w_k and b_k.
      const rows = pg.class_models();
      const shown = nums(Array.from(rows));
      const parts = [];
      for (let k = 0; k < rows.length; k += 3) parts.push(`w${k / 3 + 1} = (${shown[k]}, ${shown[k + 1]}) b${k / 3 + 1} = ${shown[k + 2]}`);
      line.textContent = parts.join(' · ');
      line.dataset.weights = JSON.stringify(Array.from(rows));
    } else if (model.length && !pg.on_plane()) {
      // A few features: w itself, as the plane's line shows it; more: its size.
      const w = Array.from(pg.weights());
      const weights = w.slice(0, -1);
      const norm = Math.hypot(...weights);
      const vector = weights.length <= LISTED_WEIGHTS ? `w = (${nums(weights).join(', ')})` : t('w over {n} features', { n: count(pg.file_shape()[1]) });
      line.textContent = `${vector} · ‖w‖ = ${num(norm)} · b = ${num(w[w.length - 1])}`;
      line.dataset.weights = JSON.stringify(w);
    } else if (model.length) {
      const [w1, w2, b] = nums(Array.from(model));
      line.textContent = settings.task === 'regression'
        ? `f(x) = ${w1}·x + ${b}`
        : `w = (${w1}, ${w2})   b = ${b}   ‖w‖ = ${num(Math.hypot(model[0], model[1]))}`;
      line.dataset.weights = JSON.stringify(Array.from(model));
      // A standardised file: the same model in the file's own units.
      if (transformOf(pg, app.data)) {
        line.textContent += ` · ${t("in {file}'s units: {model}", { file: app.data.name, model: modelLine(pg.file_weights(), settings.task === 'regression') })}`;
      }
      // The batch pocket in Epochs: its search's own numbers, the post's (and the command line's).
      if (units) {
        const [v1, v2, c] = nums(units.model);
        line.textContent += ` · ${t('standardised as the post does: {model}', { model: `w′ = (${v1}, ${v2})   b′ = ${c}` })}`;
      }
    }
    line.dataset.samples = String(pg.counts().samples);
  }

}

/** The last sample in a standardised file's own units ('' otherwise). */
function fileSample(pg, data, task) {
  const transform = transformOf(pg, data);
  const last = transform && pg.last();
  if (!last) return '';
  const regression = task === 'regression';
  const [x, y] = toFile(transform, last.x, last.y, regression);
  return regression ? `x = ${num(x)}, y = ${num(y)}` : `x = (${num(x)}, ${num(y)})`;
}

/**
 * The batch pocket's standardisation, and the last sample standardised
 * ('' outside its search on the plane's points).
 */
function standardisedSample(units, last) {
  if (!units) return '';
  const rule = standardRule(units);
  if (!last) return rule;
  const [z1, z2] = [last.x, last.y].map((v, k) => (v - units.mean[k]) / units.divisor[k]);
  return `${rule}:  x′ = (${num(z1)}, ${num(z2)})`;
}

/** A Compare panel's own figures: its mistakes, and its support set. */
function panelCaption(pg) {
  const { samples, mistakes, asked } = pg.counts();
  const parts = [];
  if (samples > 0) parts.push(mistakeShare(mistakes, samples));
  if (pg.is_kernel()) parts.push(plural(pg.support_size(), '{n} support vector', '{n} support vectors'));
  if (asked != null) parts.push(labelsAsked(asked));
  return parts.join(' · ');
}

/** A selective learner's count of the labels it asked for (the selective perceptron's). */
const labelsAsked = (asked) => plural(asked, '{n} label asked (pale points: not asked)', '{n} labels asked (pale points: not asked)');
