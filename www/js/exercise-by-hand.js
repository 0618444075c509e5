// "Run it by hand": one sample with round numbers; the student types the
// numbers of the update (PA, PA-I and PA-II: the loss ℓ, the step τ and
// the new weights; the perceptron: y (w·x̃), its step η y x̃ and the new
// weights), each checked to two decimals against the session's own
// learner: a copy of the session learns the sample when the round is
// asked, and the session itself learns it when the round ends, so the
// truth shown is what `onlinelearn replay` of the page's link gives. A
// wrong number is shown beside the right one in the worked line. The
// first round starts from w = 0 on an empty plane, as a textbook's first
// update does; the later rounds go on from the weights the learner got.
import { label } from './catalogue.js';
import { element } from './dom.js';
import { count, t } from './i18n.js';
import { drawSample } from './exercise-draw.js';
import { BY_HAND, TOLERANCE, boxesOf, pickSample, readNumber, ruleOf, shown, workedLines } from './exercise-by-hand-rule.js';

export class Exercise {
  constructor(layer) {
    this.layer = layer;
    this.question = null; // { sample, before, bias, learner, c, lr, boxes, truth }
    this.values = {}; // what the student typed, by box
    this.wrong = new Set(); // the boxes a try got wrong (shown when the score is)
    this.revealed = null; // the round's result once the session learned the sample
  }

  refusal(pg) {
    if (pg.task() !== 'classification' || pg.classes() > 2) return t('Run it by hand asks for one update on two classes: choose Classify with +1 and −1.');
    if (!pg.on_plane()) return t('Run it by hand places its sample on the plane: this data has too many features to draw.');
    if (!BY_HAND.includes(pg.algorithm())) {
      return t('Run it by hand asks for the update of the perceptron, PA, PA-I or PA-II, whose rules fit on a line; {learner} is not one of them.', { learner: label(pg.algorithm()) });
    }
    return '';
  }

  /** The way out of the refusal: one of the four learners. */
  remedy() {
    return ['pa', 'pa1', 'perceptron'].map((name) => {
      const button = element('button', { type: 'button', class: name === 'pa' ? 'primary' : '' }, t('Use {learner}', { learner: label(name) }));
      button.addEventListener('click', () => {
        const host = this.layer.host;
        if (host.setAlgorithm) return Promise.resolve(host.setAlgorithm(name)).catch((e) => host.fail(e));
        host.act((pg) => pg.set_algorithm(name));
        host.restart();
        host.buildControls?.();
      });
      return button;
    });
  }

  restart() {
    this.started = false;
  }

  async ask(round) {
    const layer = this.layer;
    // The first update from w = 0, as the textbook's: the exercise starts on an empty plane.
    if (round === 1 && !this.started) {
      if (layer.pg.counts().samples > 0 || layer.pg.points_len() > 0) layer.act((pg) => pg.clear());
      this.started = true;
    }
    const pg = layer.pg;
    const settings = pg.settings();
    const learner = pg.algorithm();
    const bias = settings.bias;
    const before = Array.from(pg.model());
    const sample = pickSample(settings.seed ?? 0, round, before, learner, bias);
    this.question = { sample, before, bias, learner, c: settings.c, lr: settings.lr, boxes: boxesOf(learner, bias) };
    this.question.truth = this.truthOf(this.learnOnCopy(pg));
    this.values = {};
    this.wrong = new Set();
    this.revealed = null;
  }

  /** A copy of the session learns the round's sample: its last update and model (the same learner code). */
  learnOnCopy(pg) {
    const { x, y, label: y0 } = this.question.sample;
    const copy = new pg.constructor(pg.hash(''), undefined); // its module's, the first or the full
    try {
      copy.click(x, y, y0);
      return { last: copy.last(), model: Array.from(copy.model()) };
    } finally {
      copy.free();
    }
  }

  /** Every box's true number (and the worked lines' own), from the learner's update. */
  truthOf({ last, model }) {
    const { before } = this.question;
    const tau = last.aggressive ? last.tau : 0;
    const truth = { margin: last.margin, loss: last.loss, tau, sq: last.sq, updated: last.aggressive, w1: model[0], w2: model[1], b: model[2] ?? 0 };
    // The perceptron's step, as the learner took it: the weights' change.
    for (const [k, w] of ['w1', 'w2', 'b'].entries()) truth[`step-${w}`] = (model[k] ?? 0) - (before[k] ?? 0);
    return truth;
  }

  /** Reads the boxes; says what is missing or unreadable (null), or judges each against the learner's number. */
  judge(giveUp = false) {
    const { boxes, truth } = this.question;
    const read = {};
    const missing = [];
    for (const box of boxes) {
      read[box.id] = readNumber(this.values[box.id]);
      if (read[box.id] === null || Number.isNaN(read[box.id])) missing.push(box.name);
    }
    if (missing.length && !giveUp) {
      this.layer.feedback.textContent = t('Fill in every box with a number (such as 0.25, −1 or 1/4): {boxes}.', { boxes: missing.join(', ') });
      return null;
    }
    const right = Object.fromEntries(boxes.map((b) => [b.id, read[b.id] !== null && Math.abs(read[b.id] - truth[b.id]) <= TOLERANCE]));
    const wrong = boxes.filter((b) => !right[b.id]);
    this.wrong = new Set(wrong.map((b) => b.id));
    return {
      right: wrong.length === 0 && !giveUp,
      read,
      fields: right, // each box right or not, against the copy's update (the session's own, as the tests hold)
      hint: wrong.length ? t('Not right yet: {boxes}.', { boxes: wrong.map((b) => b.name).join(', ') }) : '',
    };
  }

  /** The session learns the sample: the truth (the learner's), the score (the boxes right). */
  reveal(judged) {
    const layer = this.layer;
    const { x, y, label: y0 } = this.question.sample;
    layer.act((pg) => pg.click(x, y, y0));
    // The truth revealed is the session's own update (the copy's, asked before, is the same).
    const truth = this.truthOf({ last: layer.pg.last(), model: Array.from(layer.pg.model()) });
    this.question.truth = truth;
    const { boxes, before, sample } = this.question;
    const answer = Object.fromEntries(boxes.map((b) => [b.id, judged.read[b.id]]));
    const { fields } = judged;
    const right = Object.values(fields).filter(Boolean).length;
    this.revealed = { answer, fields };
    return {
      answer,
      truth: { ...Object.fromEntries(boxes.map((b) => [b.id, truth[b.id]])), before, sample: [sample.x, sample.y, sample.label], aggressive: truth.updated },
      score: { right, boxes: boxes.length, fields },
      right: right === boxes.length,
    };
  }

  verdict(round, { score, reveal, gaveUp }) {
    const parts = [];
    if (reveal) parts.push(round.truth.aggressive ? t('The learner was aggressive: w moved.') : t('The learner was passive: w stays.'));
    if (score && !gaveUp) {
      parts.push(t('{k} of {n} numbers right.', { k: count(round.score.right), n: count(round.score.boxes) }));
      parts.push(round.right ? t('Right.') : t('Not right: every number within {tolerance} counts.', { tolerance: shown(TOLERANCE) }));
    }
    if (reveal) parts.push(t('The worked lines are below.'));
    return parts.join(' ');
  }

  score(results) {
    return results.filter((r) => r.right).length;
  }

  total(results) {
    const right = results.reduce((s, r) => s + r.score.right, 0);
    const boxes = results.reduce((s, r) => s + r.score.boxes, 0);
    return t('{k} of {n} rounds right; {right} of {boxes} numbers right.', { k: count(this.score(results)), n: count(results.length), right: count(right), boxes: count(boxes) });
  }

  render(body, state) {
    const q = this.question;
    if (!q || state === 'done') {
      body.replaceChildren();
      return;
    }
    const { sample, before, bias, learner } = q;
    const [w1, w2, b] = before;
    const weights = bias === 'none'
      ? t('w = ({w1}, {w2})', { w1: shown(w1), w2: shown(w2) })
      : t('w = ({w1}, {w2}), b = {b}', { w1: shown(w1), w2: shown(w2), b: shown(b) });
    const nodes = [
      element('p', {}, t('{learner}, now at {weights}.', { learner: label(learner), weights })),
      element('p', {}, t('The sample: x = ({x1}, {x2}), y = {y}, ringed on the plane.', { x1: shown(sample.x), x2: shown(sample.y), y: sample.label > 0 ? '+1' : '−1' })),
      ...ruleOf(learner, bias, q).map((line) => element('p', { class: 'exercise-rule' }, line)),
    ];
    if (this.layer.round === 1 && state === 'asking') nodes.splice(1, 0, element('p', { class: 'hint' }, t('The learner starts from w = 0 on an empty plane, as a first update by hand does.')));
    if (state === 'asking') nodes.push(this.form());
    else if (state === 'revealed' && this.layer.setup.reveal) nodes.push(this.worked());
    else if (state === 'revealed') nodes.push(this.form(true));
    body.replaceChildren(...nodes);
  }

  /** The boxes: one a number, labelled with its name; Enter answers. `locked`: as answered, not editable. */
  form(locked = false) {
    const grid = element('div', { class: 'exercise-boxes', role: 'group', 'aria-label': t('Your numbers') });
    grid.append(element('p', { class: 'hint' }, t('Type each number to two decimals (0.25, −1.5 or 1/4); a decimal comma works too.')));
    const { score } = this.layer.setup;
    const rows = [];
    for (const box of this.question.boxes) {
      const input = element('input', {
        type: 'text', inputMode: 'decimal', autocomplete: 'off', spellcheck: false, value: this.values[box.id] ?? '',
        'data-box': box.id, 'aria-label': box.name, disabled: locked,
      });
      if (score && this.wrong.has(box.id)) input.setAttribute('aria-invalid', 'true');
      input.addEventListener('input', () => {
        this.values[box.id] = input.value;
      });
      input.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        this.layer.answer();
      });
      rows[box.row] ??= element('div', { class: 'exercise-box-row' });
      rows[box.row].append(element('label', {}, element('span', {}, `${box.name} =`), input));
    }
    grid.append(...rows);
    return grid;
  }

  /** After the round: each box's worked line, with the student's number beside it (✓ or ✗ when the score shows). */
  worked() {
    const q = this.question;
    const lines = workedLines(q, q.truth);
    const { score } = this.layer.setup;
    const list = element('ul', { class: 'exercise-worked', 'aria-label': t('The worked lines') });
    const line = (id, ...after) => element('li', {}, element('code', {}, lines[id]), ...after);
    for (const box of q.boxes) {
      // The score y (w·x̃) leads (the perceptron asks it; PA's loss is made of it); ‖x̃‖² before τ.
      if (box === q.boxes[0] && box.id !== 'margin') list.append(line('margin'));
      if (box.id === 'tau' && q.truth.updated) list.append(line('sq'));
      list.append(line(box.id, this.yours(box, score)));
    }
    return list;
  }

  /** The student's number for `box`, marked right or wrong when the score shows. */
  yours(box, score) {
    const { answer, fields } = this.revealed ?? { answer: {}, fields: {} };
    const value = answer[box.id];
    const text = value === null || value === undefined || Number.isNaN(value) ? '—' : shown(value);
    if (!score) return element('span', { class: 'exercise-yours' }, ` ${t('yours: {value}', { value: text })}`);
    const ok = fields[box.id];
    return element('span', { class: `exercise-yours ${ok ? 'right' : 'wrong'}` }, ` ${ok ? '✓' : '✗'} ${t('yours: {value}', { value: text })}`);
  }

  draw(ctx, plane) {
    const q = this.question;
    if (!q || this.layer.state !== 'asking') return;
    drawSample(ctx, plane, q.sample.x, q.sample.y, q.sample.label);
  }
}
