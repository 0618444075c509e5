// "You against the learner": the samples arrive one at a time, each shown
// without its class; the reader labels it before the learner predicts it
// and before the truth shows. Both mistake counts grow side by side, from
// a fresh learner (w = 0), and the learner's bound is drawn over them as
// its ceiling: the Theory layer's own, evaluated on the samples so far
// (Novikoff's (R/γ)² for the perceptron, Theorems 2 to 5 for PA), which
// has a value on separable data and otherwise says why not. The Theory
// layer's code is in the full module: the session moves there first.
import { Playground, loadFull, needsFull } from './wasm.js';
import { Chart } from './chart.js';
import { element } from './dom.js';
import { num } from './format.js';
import { count, t, tr, usePart } from './i18n.js';
import { drawSample } from './exercise-draw.js';

const COLORS = { you: '#6a1b9a', learner: '#1d232b', bound: '#1b7f3b' };
/** The counts a mistake bound can be on: a ceiling over the learner's mistakes. */
const MISTAKE_COUNTS = ['mistakes', 'perceptron updates'];

const sign = (v) => (v >= 0 ? 1 : -1);
const written = (y) => (y > 0 ? '+1' : '−1');

export class Exercise {
  constructor(layer) {
    this.layer = layer;
    this.selfAnswering = true; // the class buttons answer
    this.question = null; // { x, y, label } of the sample asked (its label hidden until the answer)
    this.label = null;
    this.chart = null;
  }

  refusal(pg) {
    if (pg.task() !== 'classification') return t('You against the learner labels samples: a regression has none. Choose Classify.');
    if (pg.classes() > 2) return t('You against the learner asks for +1 or −1: this session has {k} classes. Use two classes.', { k: pg.classes() });
    if (!pg.on_plane()) return t('You against the learner shows each sample on the plane: this data has too many features to draw.');
    return '';
  }

  restart() {
    this.fresh = false;
  }

  /** The session in the full module with the Theory layer watching it (its bounds), once. */
  async withTheory() {
    const layer = this.layer;
    await usePart('theory').catch(() => {}); // the theorems' words
    const wanted = `${layer.pg.hash('')}&theory=1`;
    if (needsFull(wanted)) await loadFull(wanted);
    // A move rebuilds the figures from the session's link (the page's, or the element's).
    if (layer.pg.constructor !== Playground) await layer.host.withPast();
    const pg = layer.pg;
    if (!pg.theory()) {
      pg.set_theory(true);
      while (pg.replay_for(50, 256) > 0); // the samples learned again with the layer watching: a few here
    }
  }

  async ask(round) {
    const layer = this.layer;
    await this.withTheory();
    // The race starts from nothing: a fresh learner, the stream from its first sample.
    if (round === 1 && !this.fresh) {
      if (layer.pg.counts().samples > 0) layer.act((pg) => pg.clear());
      this.fresh = true;
      this.chart?.clear();
    }
    this.label = null;
    const copy = new Playground(layer.pg.hash(''), undefined);
    try {
      copy.stream(1);
      const last = copy.last();
      this.question = { x: last.x, y: last.y, label: last.label };
    } finally {
      copy.free();
    }
  }

  judge() {
    return { right: this.label === this.question.label, hint: '' };
  }

  /** The learner's bound on its mistakes now: { value, name, actual, counts } or { reason }. */
  bound() {
    const view = this.layer.pg.theory();
    if (!view?.report) return { reason: view?.why_not ?? '' };
    const bounds = view.report.bounds.filter((b) => MISTAKE_COUNTS.includes(b.counts));
    const applying = bounds.find((b) => b.value != null);
    if (applying) return { value: applying.value, name: applying.source, actual: applying.actual, counts: applying.counts };
    return { reason: bounds[0]?.reason ?? t('no mistake bound is stated for this learner') };
  }

  reveal() {
    const layer = this.layer;
    layer.act((pg) => pg.stream(1));
    const last = layer.pg.last();
    const prediction = sign(last.score);
    const before = layer.results;
    const you = before.filter((r) => !r.right).length + (this.label === last.label ? 0 : 1);
    const learner = layer.pg.counts().mistakes;
    const bound = this.bound();
    return {
      answer: { label: this.label },
      truth: { label: last.label, prediction, mistake: last.mistake, sample: [last.x, last.y] },
      score: { you, learner, bound: bound.value ?? null, bounds: bound.counts ?? null },
      right: this.label === last.label,
    };
  }

  verdict(round, { score, reveal }) {
    const { truth, answer } = round;
    const parts = [];
    if (reveal) {
      parts.push(t('The sample was {label}. The learner predicted {prediction} ({mark}).', { label: written(truth.label), prediction: written(truth.prediction), mark: truth.mistake ? t('a mistake') : t('right') }));
    }
    if (score) parts.push(round.right ? t('You said {label}: right.', { label: written(answer.label) }) : t('You said {label}: a mistake.', { label: written(answer.label) }));
    return parts.join(' ');
  }

  score(results) {
    return results.filter((r) => r.right).length;
  }

  total(results) {
    const last = results.at(-1)?.score ?? { you: 0, learner: 0 };
    return t('In {n} samples you made {you} mistakes, the learner {learner}.', { n: count(results.length), you: count(last.you), learner: count(last.learner) });
  }

  render(body, state) {
    const layer = this.layer;
    const nodes = [];
    if (state === 'asking' && this.question) {
      nodes.push(element('p', {}, t('Which class is the ringed sample at ({x}, {y})? Answer before the learner predicts it.', { x: num(this.question.x), y: num(this.question.y) })));
      const group = element('div', { class: 'exercise-choice', role: 'group', 'aria-label': t('Your label') });
      for (const y of [1, -1]) {
        const button = element('button', { type: 'button', class: 'primary' }, t('Class {label}', { label: written(y) }));
        button.addEventListener('click', () => {
          this.label = y;
          layer.answer();
        });
        group.append(button);
      }
      nodes.push(group);
    }
    if (layer.setup.score) nodes.push(...this.tally(layer.results));
    body.replaceChildren(...nodes);
  }

  /** The counts side by side, the bound, and the chart of all three over the samples. */
  tally(results) {
    const last = results.at(-1)?.score ?? { you: 0, learner: 0 };
    const bound = this.bound();
    const lines = [element('p', { class: 'exercise-tally' }, t('Your mistakes: {you} · the learner’s: {learner}', { you: count(last.you), learner: count(last.learner) }))];
    lines.push(element('p', { class: 'hint' }, bound.value != null
      ? t('Its bound ({name}): at most {value} {counts} on these samples; it has made {actual}.', { name: bound.name, value: num(bound.value), counts: tr(bound.counts), actual: count(bound.actual) })
      : t('No bound drawn: {why}.', { why: tr(bound.reason) })));
    if (!this.chart) {
      const canvas = element('canvas', { class: 'chart', width: 360, height: 130, role: 'img', 'aria-label': t('Your mistakes, the learner’s and its bound, over the samples') });
      this.chart = new Chart(canvas, element('div', { class: 'chart-legend' }), { fixedY: false, yMax: 4, gaps: true });
    }
    const chart = this.chart;
    chart.clear();
    chart.define('you', { label: t('your mistakes'), color: COLORS.you });
    chart.define('learner', { label: t('the learner’s mistakes'), color: COLORS.learner });
    chart.define('bound', { label: t('its bound'), color: COLORS.bound, dash: true });
    const xs = results.map((r) => r.round);
    chart.append('you', xs, results.map((r) => r.score.you));
    chart.append('learner', xs, results.map((r) => r.score.learner));
    chart.append('bound', xs, results.map((r) => r.score.bound ?? NaN));
    return [...lines, chart.canvas, chart.legend];
  }

  draw(ctx, plane) {
    if (this.layer.state === 'asking' && this.question) drawSample(ctx, plane, this.question.x, this.question.y, null);
  }
}
