// "You against the learner": the samples arrive one at a time, each shown
// without its class; the reader labels it before the learner predicts it
// and before the truth shows. Both mistake counts grow side by side, from
// a fresh learner (w = 0, the stream from its first sample), and the
// learner's bound is drawn over them as its ceiling: the Theory layer's
// own, evaluated on the samples so far (Novikoff's (R/γ)² for the
// perceptron, Theorems 2 to 5 for PA), which has a value on separable data
// and otherwise says why not. The Theory layer's code is in the full
// module: the session moves there first (nothing learned yet, so nothing
// to replay). The learner's count is the session's own (its `counts()`).
import { Playground } from './wasm.js';
import { Chart } from './chart.js';
import { element } from './dom.js';
import { num } from './format.js';
import { count, t, tr, usePart } from './i18n.js';
import { drawSample } from './exercise-draw.js';
import { loadFullWithTexts } from './full-module.js';

const COLORS = { you: '#6a1b9a', learner: '#1d232b', bound: '#1b7f3b' };
/** The counts a mistake bound can be on: a ceiling over the learner's mistakes. */
const MISTAKE_COUNTS = ['mistakes', 'perceptron updates'];
/** The Theory layer's solve after each sample: a few dozen samples take well under this (ms). */
const SOLVE_MS = 30;

const sign = (v) => (v >= 0 ? 1 : -1);
const written = (y) => (y > 0 ? '+1' : '−1');

export class Exercise {
  constructor(layer) {
    this.layer = layer;
    this.selfAnswering = true; // the class buttons answer
    this.question = null; // { x, y, label } of the sample asked (its label hidden until the answer)
    this.label = null;
    this.chart = null;
    this.fresh = false; // the race started from a fresh learner
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

  /** New figures (a language switch, the move to the full module): the Theory layer watches again. */
  attach(figure) {
    if (this.fresh && !this.layer.preparing && !figure.pg.theory?.()) this.withTheory().then(() => this.layer.render(), (e) => this.layer.host.fail(e));
  }

  /** The session in the full module with the Theory layer watching it (its bounds). */
  async withTheory() {
    const layer = this.layer;
    await usePart('theory').catch(() => {}); // the theorems' words
    await loadFullWithTexts(); // the Theory layer's code (once)
    // A move rebuilds the figures from the session's link (the page's, or the element's).
    if (layer.pg.constructor !== Playground) await layer.host.withPast();
    const pg = layer.pg;
    if (!pg.theory()) {
      pg.set_theory(true);
      // The samples learned again with the layer watching: none at the start, a few after a rebuild.
      while (pg.replay_for(20, 64) > 0);
      pg.theory_solve(SOLVE_MS);
    }
  }

  async ask(round) {
    const layer = this.layer;
    // The race starts from nothing: a fresh learner, the stream from its first sample
    // (cleared before the move to the full module, which then has nothing to replay).
    if (round === 1 && !this.fresh) {
      if (layer.pg.counts().samples > 0 || layer.pg.points_len() > 0) layer.act((pg) => pg.clear());
      this.fresh = true;
      this.chart?.clear();
    }
    await this.withTheory();
    this.label = null;
    const copy = new layer.pg.constructor(layer.pg.hash(''), undefined);
    try {
      copy.stream(1);
      const last = copy.last();
      this.question = { x: last.x, y: last.y, label: last.label };
    } finally {
      copy.free();
    }
  }

  judge(giveUp = false) {
    if (this.label === null && !giveUp) return null;
    return { right: this.label === this.question.label, hint: '' };
  }

  /** The learner's bound on its mistakes now: { value, name, actual, counts } or { reason }. */
  bound() {
    const view = this.layer.pg.theory();
    if (!view?.report) return { reason: view?.why_not ?? t('the Theory layer is not watching yet') };
    const bounds = view.report.bounds.filter((b) => MISTAKE_COUNTS.includes(b.counts));
    const applying = bounds.find((b) => b.value != null);
    if (applying) return { value: applying.value, name: applying.title, actual: applying.actual, counts: applying.counts };
    // A learner without a transcribed theorem: its reason points at the Theory panel's statement, not shown here.
    if (!bounds.length || bounds[0].name.endsWith('-no-bound')) return { reason: t('no mistake bound is transcribed for this learner (the Theory layer says why)') };
    return { reason: bounds[0].reason };
  }

  /** The session learns the sample: its prediction, the truth, both counts and the bound. */
  reveal() {
    const layer = this.layer;
    layer.act((pg) => pg.stream(1));
    const pg = layer.pg;
    pg.theory_solve(SOLVE_MS); // the bound on the samples so far, this one included
    const last = pg.last();
    const you = layer.results.filter((r) => !r.right).length + (this.label === last.label ? 0 : 1);
    const bound = this.bound();
    this.shown = { x: last.x, y: last.y, label: last.label };
    return {
      answer: { label: this.label },
      truth: { label: last.label, prediction: sign(last.score), mistake: last.mistake, sample: [last.x, last.y] },
      score: { you, learner: pg.counts().mistakes, bound: bound.value ?? null, bounds: bound.counts ?? null, why: bound.reason ?? null },
      right: this.label === last.label,
    };
  }

  verdict(round, { score, reveal, gaveUp }) {
    const { truth, answer } = round;
    const parts = [];
    if (reveal) {
      parts.push(t('The sample was {label}. The learner predicted {prediction} ({mark}).', { label: written(truth.label), prediction: written(truth.prediction), mark: truth.mistake ? t('a mistake') : t('correct') }));
    }
    if (score && !gaveUp) parts.push(round.right ? t('You said {label}: right.', { label: written(answer.label) }) : t('You said {label}: a mistake.', { label: written(answer.label) }));
    return parts.join(' ');
  }

  /** Rounds right. */
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
        const button = element('button', { type: 'button', 'data-label': String(y) }, t('Class {label}', { label: written(y) }));
        button.addEventListener('click', () => {
          this.label = y;
          this.focusNext = true;
          layer.answer();
          // Keyboard only: the way on (Next round, See the score) takes the focus the answer had.
          layer.buttons.querySelector('button.primary')?.focus();
        });
        group.append(button);
      }
      nodes.push(group);
    }
    if (layer.setup.score) nodes.push(...this.tally(layer.results));
    body.replaceChildren(...nodes);
    // The next round asks where the reader is: on its first class button.
    if (state === 'asking' && this.focusNext) {
      this.focusNext = false;
      body.querySelector('[data-label]')?.focus();
    }
  }

  /** The counts side by side, the bound (or why there is none), and the chart of all three over the samples. */
  tally(results) {
    const last = results.at(-1)?.score ?? { you: 0, learner: 0 };
    const bound = this.bound();
    const lines = [
      element('p', { class: 'exercise-tally' }, t('Your mistakes: {you} · the learner’s: {learner}', { you: count(last.you), learner: count(last.learner) })),
      element('p', { class: 'hint exercise-bound' }, bound.value != null
        ? t('Its bound, {name}: at most {value} {counts} on these samples; it has made {actual}.', { name: tr(bound.name), value: num(bound.value), counts: tr(bound.counts), actual: count(bound.actual) })
        : t('No bound drawn: {why}.', { why: tr(bound.reason) })),
    ];
    if (!this.chart) {
      const canvas = element('canvas', { class: 'chart', width: 360, height: 130, role: 'img', 'aria-label': t('Your mistakes, the learner’s and its bound, over the samples') });
      this.chart = new Chart(canvas, element('div', { class: 'chart-legend' }), { fixedY: false, yMax: 4, gaps: true, xMax: this.layer.setup.rounds });
    }
    const chart = this.chart;
    chart.clear();
    chart.define('you', { label: t('your mistakes'), color: COLORS.you });
    chart.define('learner', { label: t('the learner’s mistakes'), color: COLORS.learner });
    chart.define('bound', { label: t('its bound'), color: COLORS.bound, dash: true });
    const xs = [0, ...results.map((r) => r.round)];
    chart.append('you', xs, [0, ...results.map((r) => r.score.you)]);
    chart.append('learner', xs, [0, ...results.map((r) => r.score.learner)]);
    chart.append('bound', xs, [NaN, ...results.map((r) => r.score.bound ?? NaN)]);
    return [...lines, chart.canvas, chart.legend];
  }

  draw(ctx, plane) {
    const state = this.layer.state;
    if (state === 'asking' && this.question) drawSample(ctx, plane, this.question.x, this.question.y, null);
    // The answer: the sample ringed, in its class's mark.
    if (state === 'revealed' && this.shown && this.layer.setup.reveal) drawSample(ctx, plane, this.shown.x, this.shown.y, this.shown.label);
  }
}
