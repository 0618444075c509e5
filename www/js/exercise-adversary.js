// "Be the adversary": the reader places each next point to force the
// perceptron into a mistake. The game is Block's and Novikoff's theorem:
// a concept through the origin fixed by the seed, a margin γ and a disc
// of radius r that the page states, so that every point accepted keeps
// the theorem's conditions (‖x̃‖ ≤ R, y u·x̃ ≥ γ) and the perceptron,
// started at w = 0, makes at most (R/γ)² updates however the points are
// chosen. The rule is the learner core's (src/exercise/adversary.rs, in
// the full module, with a property test of the bound); a point that
// breaks it is refused with the number that broke it. Each accepted
// point is a round, answered by the learner itself.
import { Playground } from './wasm.js';
import { label } from './catalogue.js';
import { Chart } from './chart.js';
import { element } from './dom.js';
import { num } from './format.js';
import { count, t, tr, usePart } from './i18n.js';
import { REFUSED } from './exercise-draw.js';
import { loadFullWithTexts } from './full-module.js';

/** The game's margin and disc, stated on the page. */
export const MARGIN = 0.3;
export const REACH = 1;
const REFUSAL_MS = 1500;
const CONCEPT = '#37474f';

/** The concept's angle from the session's seed: the same seed, the same game. */
export const conceptAngle = (seed) => 2 * Math.PI * ((seed * 0.6180339887498949) % 1);

export class Exercise {
  constructor(layer) {
    this.layer = layer;
    this.selfAnswering = true; // a point placed on the plane is the answer
    this.autoNext = true; // each point is a round; the next one is asked at once
    this.arena = null;
    this.refused = null; // { x, y, at } of the last refused point
    this.chart = null;
  }

  refusal(pg) {
    if (pg.task() !== 'classification' || pg.classes() > 2) return t('Be the adversary plays on two classes: choose Classify with +1 and −1.');
    if (pg.algorithm() !== 'perceptron') {
      return t("Be the adversary plays against the perceptron: Block's and Novikoff's theorem bounds the perceptron's updates, and {learner} has no such bound under these rules.", { learner: label(pg.algorithm()) });
    }
    return '';
  }

  /** The way out of the refusal: the perceptron. */
  remedy() {
    const button = element('button', { type: 'button', class: 'primary' }, t('Use the perceptron'));
    button.addEventListener('click', () => {
      const host = this.layer.host;
      // The page's own switch (its menu follows); the element's figure switches in place.
      if (host.setAlgorithm) return Promise.resolve(host.setAlgorithm('perceptron')).catch((e) => host.fail(e));
      host.act((pg) => pg.set_algorithm('perceptron'));
      host.restart();
      host.buildControls?.();
    });
    return [button];
  }

  restart() {
    this.started = false;
  }

  /** The arena of this session (its seed, its bias), from the learner core's rule. */
  arenaOf(pg) {
    const { seed, bias } = pg.settings();
    const angle = conceptAngle(seed);
    const [radius, bound] = Playground.adversary_arena(angle, MARGIN, REACH, bias);
    return { angle, bias, radius, bound, theorem: Playground.adversary_theorem() };
  }

  async ask(round) {
    const layer = this.layer;
    // The rule is in the full module; the session may stay where it is.
    if (!Playground.adversary_arena) await loadFullWithTexts();
    await usePart('theory').catch(() => {}); // the theorem's words
    const pg = layer.pg;
    // The theorem counts from w = 0 with nothing learned: the game starts on an empty plane.
    if (round === 1 && !this.started) {
      if (pg.counts().samples > 0 || pg.points_len() > 0) layer.act((p) => p.clear());
      this.started = true;
      this.chart?.clear();
    }
    this.arena = this.arenaOf(layer.pg);
  }

  /** A point placed: judged by the rule; refused with why, or learned as this round. */
  place(x, y) {
    const layer = this.layer;
    if (layer.state !== 'asking' || !this.arena) return true;
    const { angle, bias, radius } = this.arena;
    const [px, py, y0, verdict, norm, margin] = Playground.adversary_judge(angle, MARGIN, REACH, bias, x, y);
    if (verdict !== 0) {
      this.refused = { x: px, y: py, at: performance.now() };
      layer.feedback.textContent = verdict === 1
        ? t('Refused: this point has ‖x̃‖ = {norm} > R = {R}. The theorem needs every point within R: here within {r} of the origin.', { norm: num(norm), R: num(radius), r: num(REACH) })
        : t('Refused: this point is {d} from the concept, less than γ = {gamma}. The theorem needs y u·x̃ ≥ γ for every point: outside the band.', { d: num(Math.abs(margin)), gamma: num(MARGIN) });
      layer.redraw();
      return true;
    }
    this.point = { x: px, y: py, label: y0 };
    layer.finish({ right: true });
    return true;
  }

  judge() {
    return null; // answered by placing a point
  }

  reveal() {
    const layer = this.layer;
    const { x, y, label: y0 } = this.point;
    layer.act((pg) => pg.click(x, y, y0));
    const last = layer.pg.last();
    const forced = layer.results.filter((r) => r.truth.update).length + (last.aggressive ? 1 : 0);
    return {
      answer: { point: [x, y] },
      truth: { label: y0, prediction: last.score >= 0 ? 1 : -1, update: last.aggressive, mistake: last.mistake, margin: last.margin },
      score: { forced, bound: this.arena.bound },
      right: last.aggressive,
    };
  }

  verdict(round, { score }) {
    const { truth } = round;
    const said = truth.update
      ? t('Forced: the perceptron updated (y w·x̃ = {m} ≤ 0).', { m: num(truth.margin) })
      : t('Not forced: the perceptron had it right (y w·x̃ = {m} > 0).', { m: num(truth.margin) });
    return score ? `${said} ${t('{k} forced in {n} points; the bound is {bound}.', { k: count(round.score.forced), n: count(round.round), bound: num(round.score.bound) })}` : said;
  }

  score(results) {
    return results.filter((r) => r.truth.update).length;
  }

  total(results) {
    return t('You forced {k} updates with {n} points. The theorem allows at most (R/γ)² = {bound}: no strategy can pass it.', { k: count(this.score(results)), n: count(results.length), bound: num(this.arena?.bound ?? NaN) });
  }

  render(body) {
    const layer = this.layer;
    const a = this.arena;
    if (!a) {
      body.replaceChildren();
      return;
    }
    const [statement, source] = a.theorem;
    const withBias = a.bias !== 'none';
    const nodes = [
      element('p', {}, t('The concept: the dashed line through the origin, +1 on the side its arrow points to. The rules: every point within {r} of the origin (the circle) and at least γ = {gamma} from the line (outside the dotted band); its class is the concept’s.', { r: num(REACH), gamma: num(MARGIN) })),
      element('p', {}, withBias
        ? t('So ‖x̃‖ ≤ R = √(r² + 1) = {R} (x̃ = (x, 1): the bias counts), and the perceptron makes at most (R/γ)² = {bound} updates.', { R: num(a.radius), bound: num(a.bound) })
        : t('So ‖x‖ ≤ R = r = {R}, and the perceptron makes at most (R/γ)² = {bound} updates.', { R: num(a.radius), bound: num(a.bound) })),
      element('p', { class: 'exercise-theorem' }, `${tr(source)}: ${tr(statement)}`),
    ];
    if (layer.state === 'asking') nodes.push(element('p', {}, t('Click (or tap, or move the plane’s cursor with the arrow keys and press Enter) where the next point goes.')));
    if (layer.setup.score) nodes.push(this.gauge(layer.results));
    body.replaceChildren(...nodes);
  }

  /** The forced updates over the points placed, under the bound drawn as their ceiling. */
  gauge(results) {
    if (!this.chart) {
      const canvas = element('canvas', { class: 'chart', width: 360, height: 120, role: 'img', 'aria-label': t('Forced updates over the points placed, under the bound') });
      this.chart = new Chart(canvas, element('div', { class: 'chart-legend' }), { fixedY: false, yMax: 4, xMax: this.layer.setup.rounds });
    }
    const chart = this.chart;
    chart.clear();
    chart.define('forced', { label: t('updates forced'), color: REFUSED });
    chart.define('bound', { label: t('(R/γ)², the bound'), color: '#1b7f3b', dash: true });
    const xs = [0, ...results.map((r) => r.round)];
    chart.append('forced', xs, [0, ...results.map((r) => r.score.forced)]);
    chart.append('bound', [0, Math.max(1, xs.at(-1))], [this.arena.bound, this.arena.bound]);
    return element('div', {}, chart.canvas, chart.legend);
  }

  draw(ctx, plane) {
    const a = this.arena;
    if (!a || this.layer.state === 'refused') return;
    const [c, s] = [Math.cos(a.angle), Math.sin(a.angle)];
    plane.line(ctx, c, s, 0, { color: CONCEPT, width: 2.4, dash: [10, 6] });
    plane.line(ctx, c, s, -MARGIN, { color: CONCEPT, width: 1, dash: [2, 4] });
    plane.line(ctx, c, s, MARGIN, { color: CONCEPT, width: 1, dash: [2, 4] });
    plane.arrow(ctx, [0, 0], [c, s], CONCEPT, [4, 3], 2);
    ctx.save();
    ctx.strokeStyle = CONCEPT;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(plane.px(0), plane.py(0), plane.px(REACH) - plane.px(0), 0, 2 * Math.PI);
    ctx.stroke();
    if (this.refused && performance.now() - this.refused.at < REFUSAL_MS) {
      const [px, py] = [plane.px(this.refused.x), plane.py(this.refused.y)];
      ctx.strokeStyle = REFUSED;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(px - 8, py - 8); ctx.lineTo(px + 8, py + 8);
      ctx.moveTo(px + 8, py - 8); ctx.lineTo(px - 8, py + 8);
      ctx.stroke();
    }
    ctx.restore();
  }

  animating(now) {
    return Boolean(this.refused) && now - this.refused.at < REFUSAL_MS + 50;
  }
}
