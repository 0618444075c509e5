// "Where does it go?": the next sample shows before the learner sees it;
// the reader says passive or aggressive, then moves the boundary where
// they think the update puts it (its handles: a finger, the mouse, or the
// arrow keys; Enter answers). The answer is judged against a copy of the
// session that learned the sample (the same learner code); when the round
// ends the session itself learns it, the update is animated and held,
// and the angle between the reader's boundary and the learner's is drawn
// and measured. A linear learner on two classes: a kernel learner's
// boundary is a curve, and more classes have several.
import { label } from './catalogue.js';
import { element } from './dom.js';
import { num } from './format.js';
import { count, t } from './i18n.js';
import { Handles } from './truth-handles.js';
import { GUESS, TRUTH, angleBetween, between, degrees, drawAngle, drawSample, lineOf, modelOf } from './exercise-draw.js';

/** An answer within this angle of the learner's boundary, with the right call, is right. */
export const TOLERANCE_DEGREES = 10;
/**
 * A learner with no boundary yet first learns this many samples, then one
 * at a time until it has one, at most WARM_UP_MAX in all (said in the
 * panel): the pocket keeps w = 0 until a run of correct predictions sets a
 * record, which three samples of a noisy stream often do not.
 */
const WARM_UP = 3;
const WARM_UP_MAX = 100;
/** The reader's first guess when even that left the learner with no boundary: a line through the origin. */
const NO_LINE = { kind: 'line', angle: 0, offset: 0 };
const ANIMATION_MS = 900;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export class Exercise {
  constructor(layer) {
    this.layer = layer;
    this.handles = null;
    this.question = null; // { sample, before, truth } of the round asked
    this.call = null; // 'passive' or 'aggressive'
    this.guess = null; // the reader's boundary: a handle's line
    this.revealed = null; // { model, at } once the session learned the sample
  }

  /** Why the exercise does not apply to the session's learner now, or ''. */
  refusal(pg) {
    const learner = label(pg.algorithm());
    if (pg.task() !== 'classification') return t('Where does it go? asks where a boundary goes: a regression has none. Choose Classify.');
    if (pg.classes() > 2) return t('Where does it go? asks where one boundary goes: {k} classes have several. Use two classes.', { k: pg.classes() });
    if (pg.is_kernel()) return t("Where does it go? asks where a line goes: {learner}'s boundary is a curve, the sum of its kernels. Choose a linear learner.", { learner });
    if (!pg.on_plane()) return t('Where does it go? needs the plane: this data has too many features to draw.');
    return '';
  }

  /** Handles on a figure's plane (new figures: a build, a language switch). */
  attach(figure) {
    if (this.plane === figure.plane) return this.showHandles();
    this.plane = figure.plane;
    this.handles?.remove();
    // A move updates the readout and the drawing only: the panel's buttons stay (a tap on Answer
    // right after a drag must find the button it started on).
    this.handles = new Handles(figure.plane, (line) => {
      this.guess = line;
      if (this.readout) this.readout.textContent = this.turned();
      this.showHandles();
      this.layer.redraw();
    });
    // Enter on a handle answers (the arrows move it: truth-handles.js).
    figure.plane.root.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && event.target.classList?.contains('truth-handle')) {
        event.preventDefault();
        this.layer.answer();
      }
    });
    this.showHandles();
  }

  detach() {
    this.handles?.remove();
    this.handles = null;
    this.plane = null;
  }

  showHandles() {
    this.handles?.show(this.layer.state === 'asking' && this.guess ? this.guess : null);
    // The handles move the reader's guess here, not the true concept (truth-handles.js's words).
    for (const button of this.handles?.buttons ?? []) {
      const words = button.dataset.role === 'move'
        ? t('Move your boundary: drag, or the arrow keys; Enter answers')
        : t('Turn your boundary: drag, or ← / →; Enter answers');
      button.title = words;
      button.setAttribute('aria-label', words);
    }
  }

  async ask() {
    const layer = this.layer;
    this.revealed = null;
    this.call = null;
    let model = Array.from(layer.pg.model());
    const samples = () => layer.pg.counts().samples;
    const from = samples();
    while (!lineOf(model) && samples() - from < WARM_UP_MAX) {
      const before = samples();
      layer.act((pg) => pg.stream(before === from ? WARM_UP : 1));
      if (samples() === before) break; // nothing left to learn from (the points shown, once)
      model = Array.from(layer.pg.model());
    }
    this.warmed = samples() - from;
    // The sample and the update, from a copy of the session (the session learns it when the round ends).
    const copy = new layer.pg.constructor(layer.pg.hash(''), undefined); // its module's, the first or the full
    try {
      copy.stream(1);
      const last = copy.last();
      this.question = {
        sample: { x: last.x, y: last.y, label: last.label },
        before: model,
        truth: { aggressive: last.aggressive, loss: last.loss, tau: last.tau, model: Array.from(copy.model()) },
      };
    } finally {
      copy.free();
    }
    this.guess = lineOf(model) ?? NO_LINE;
    this.showHandles();
  }

  /** The reader's answer against the copy's update; `giveUp`: the truth whatever the answer. */
  judge(giveUp = false) {
    if (!this.call && !giveUp) {
      this.layer.feedback.textContent = t('Say passive or aggressive first, then move the boundary.');
      return null;
    }
    const { truth } = this.question;
    const angle = angleBetween(modelOf(this.guess), truth.model);
    const callRight = this.call === (truth.aggressive ? 'aggressive' : 'passive');
    const right = callRight && angle <= TOLERANCE_DEGREES;
    const hint = callRight
      ? t('The call is right; your boundary is {angle}° from the learner’s (within {tolerance}° counts).', { angle: degrees(angle), tolerance: count(TOLERANCE_DEGREES) })
      : t('The call is not right.');
    return { right, hint };
  }

  /** The session learns the sample: the truth, the score (the angle and the call), the animation. */
  reveal() {
    const layer = this.layer;
    const { sample, before } = this.question;
    layer.act((pg) => pg.stream(1));
    const pg = layer.pg;
    const last = pg.last();
    const model = Array.from(pg.model()); // plain numbers: the event's detail goes to a course page's script
    const guess = modelOf(this.guess);
    const truthCall = last.aggressive ? 'aggressive' : 'passive';
    const angle = angleBetween(guess, model);
    this.revealed = { model, at: reducedMotion() ? -Infinity : performance.now(), angle };
    this.showHandles();
    return {
      answer: { call: this.call, boundary: guess },
      truth: { call: truthCall, boundary: model, before, sample: [last.x, last.y, last.label], loss: last.loss, step: last.tau, same: last.x === sample.x && last.y === sample.y },
      score: { angle, call: this.call === truthCall },
      right: this.call === truthCall && angle <= TOLERANCE_DEGREES,
    };
  }

  /** The round's verdict in words. */
  verdict(round, { score, reveal, gaveUp }) {
    const { truth, answer } = round;
    const parts = [];
    if (reveal) {
      parts.push(truth.call === 'aggressive'
        ? t('The learner was aggressive: loss ℓ = {loss}, step {step}.', { loss: num(truth.loss), step: num(truth.step) })
        : t('The learner was passive: loss ℓ = {loss}, w stays.', { loss: num(truth.loss) }));
    }
    if (score && !gaveUp) {
      const call = { passive: t('passive'), aggressive: t('aggressive') }[answer.call] ?? '—';
      parts.push(round.score.call ? t('Your call ({call}) is right.', { call }) : t('Your call ({call}) is wrong.', { call }));
      parts.push(t('Your boundary is {angle}° from the learner’s.', { angle: degrees(round.score.angle) }));
      parts.push(round.right ? t('Right.') : t('Not right: within {tolerance}° and the right call count.', { tolerance: count(TOLERANCE_DEGREES) }));
    }
    return parts.join(' ');
  }

  /** Rounds right. */
  score(results) {
    return results.filter((r) => r.right).length;
  }

  total(results) {
    const angles = results.map((r) => r.score.angle);
    const mean = angles.reduce((s, a) => s + a, 0) / Math.max(1, angles.length);
    return t('{k} of {n} rounds right; your boundaries were {angle}° from the learner’s on average.', { k: count(this.score(results)), n: count(results.length), angle: degrees(mean) });
  }

  /** The question, the call and the boundary's controls; after the answer, the numbers. */
  render(body, state) {
    this.showHandles();
    const q = this.question;
    if (!q || state === 'done') {
      body.replaceChildren();
      return;
    }
    const { x, y, label: y0 } = q.sample;
    const sample = element('p', {}, t('The next sample: x = ({x}, {y}), class {label}, ringed on the plane.', { x: num(x), y: num(y), label: y0 > 0 ? '+1' : '−1' }));
    const nodes = [sample];
    if (this.warmed) nodes.unshift(element('p', { class: 'hint' }, t('The learner had no boundary yet: it learned {n} samples first.', { n: count(this.warmed) })));
    if (state === 'asking') {
      const group = element('div', { class: 'exercise-choice', role: 'radiogroup', 'aria-label': t('Passive or aggressive?') });
      for (const [call, text] of [['passive', t('Passive (w stays)')], ['aggressive', t('Aggressive (w moves)')]]) {
        const button = element('button', { type: 'button', role: 'radio', 'aria-checked': String(this.call === call), 'data-call': call }, text);
        button.addEventListener('click', () => {
          this.call = call;
          this.layer.render();
          this.layer.body.querySelector(`[data-call="${call}"]`)?.focus();
        });
        group.append(button);
      }
      this.readout = element('p', { class: 'exercise-readout' }, this.turned());
      nodes.push(
        element('p', {}, t('1. Will the learner be passive or aggressive?')),
        group,
        element('p', {}, t('2. Move the purple dashed boundary where you think the update puts it: drag ✥ to move it and ↻ to turn it, or focus one (Tab) and use the arrow keys; Enter answers.')),
        this.readout,
      );
    }
    body.replaceChildren(...nodes);
  }

  /** How far the guess is turned from the learner's boundary now. */
  turned() {
    const angle = angleBetween(modelOf(this.guess), this.question.before);
    return t('Your boundary: turned {angle}° from the learner’s now.', { angle: degrees(angle) });
  }

  draw(ctx, plane) {
    const q = this.question;
    if (!q || this.layer.state === 'done' || this.layer.state === 'refused') return;
    const guess = this.guess && modelOf(this.guess);
    if (guess) plane.line(ctx, ...guess, { color: GUESS, width: 2.4, dash: [8, 5] });
    if (this.revealed) {
      const { reveal, score } = this.layer.setup;
      if (!reveal) return; // the truth is not shown: only the verdict, if the score is
      const { model, at, angle } = this.revealed;
      const share = Math.min(1, (performance.now() - at) / ANIMATION_MS);
      plane.line(ctx, ...between(q.before, model, share), { color: TRUTH, width: 3.2 });
      if (share >= 1 && guess && score) drawAngle(ctx, plane, guess, model, angle);
    } else {
      drawSample(ctx, plane, q.sample.x, q.sample.y, q.sample.label);
    }
  }

  animating(now) {
    return Boolean(this.revealed) && now - this.revealed.at < ANIMATION_MS + 50;
  }
}
