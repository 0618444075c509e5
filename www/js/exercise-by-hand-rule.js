// "Run it by hand": the arithmetic a student is asked to do, and the
// worked lines the page shows beside the student's numbers. The truth is
// never computed here: every number that is judged comes from the
// session's own learner (a copy learns the sample; exercise-by-hand.js).
// What is here is the formula each learner's file states (PA, PA-I and
// PA-II: src/linear/passive_aggressive.rs; the perceptron:
// src/linear/perceptron.rs), written out with the learner's numbers in
// it, and the choice of the round's sample (round numbers, from the seed).
import { t } from './i18n.js';

/** The learners whose one-sample update a student can do by hand, with the words of their step. */
export const BY_HAND = ['perceptron', 'pa', 'pa1', 'pa2'];

/** A round's sample coordinates: round numbers inside the plane. */
const COORDINATES = [-1, -0.5, 0.5, 1];

/** An answer is right within this of the learner's number: two decimals, plus the rounding of the numbers shown. */
export const TOLERANCE = 0.006;

/** Numbers shown to a student: at most four decimals, trailing zeros dropped, a true minus sign (0.25, −1.125, 0.3333). */
export function shown(v) {
  const rounded = Math.round(v * 1e4) / 1e4;
  return `${Object.is(rounded, -0) ? 0 : rounded}`.replace('-', '−');
}

/** A factor in a product, bracketed when negative: (−0.5). */
const factor = (v) => (v < 0 ? `(${shown(v)})` : shown(v));

/**
 * What the student types, as text: a number in the page's notation or a
 * decimal comma (0.25, 0,25, −.5) or a fraction (1/4). NaN when it is
 * not one; null when the box is empty.
 */
export function readNumber(text) {
  const s = String(text ?? '').trim().replace(/[−–]/g, '-').replace(/\s+/g, '');
  if (!s) return null;
  const fraction = /^([+-]?)(\d+(?:[.,]\d+)?)\/(\d+(?:[.,]\d+)?)$/.exec(s);
  if (fraction) {
    const [, sign, top, bottom] = fraction;
    const value = Number(top.replace(',', '.')) / Number(bottom.replace(',', '.'));
    return Number.isFinite(value) ? (sign === '-' ? -value : value) : NaN;
  }
  return /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(s) ? Number(s.replace(',', '.')) : NaN;
}

/**
 * The boxes a round asks for, in order: { id, name, row } (`name` as the
 * worked line calls it; `row`: the boxes shown on one line, the numbers
 * of one step). A linear learner on the plane with the session's
 * bias mode: `none` has no b.
 */
export function boxesOf(learner, bias) {
  const weights = bias === 'none' ? ['w1', 'w2'] : ['w1', 'w2', 'b'];
  if (learner === 'perceptron') {
    return [
      { id: 'margin', name: 'y (w·x̃)', row: 0 },
      ...weights.map((w) => ({ id: `step-${w}`, name: `Δ${w}`, row: 1 })),
      ...weights.map((w) => ({ id: w, name: `${w}′`, row: 2 })),
    ];
  }
  return [{ id: 'loss', name: 'ℓ', row: 0 }, { id: 'tau', name: 'τ', row: 0 }, ...weights.map((w) => ({ id: w, name: `${w}′`, row: 1 }))];
}

/** The rule as the round states it, with the session's bias mode: x̃ and ‖x̃‖² as the learner sees them. */
export function ruleOf(learner, bias, { c, lr }) {
  // The perceptron's step has no ‖x̃‖²: its x̃ alone.
  const x = learner === 'perceptron' ? {
    augmented: t('x̃ = (x1, x2, 1): b is a weight on a constant 1.'),
    decoupled: t('x̃ = (x1, x2, 1): b is a weight on a constant 1.'),
    none: t('No bias: x̃ = (x1, x2).'),
  }[bias] : {
    augmented: t('x̃ = (x1, x2, 1): b is a weight on a constant 1, so ‖x̃‖² = x1² + x2² + 1.'),
    decoupled: t('x̃ = (x1, x2, 1) in the score, but ‖x̃‖² = x1² + x2² leaves the 1 out (the bias is decoupled); b takes the same step as w.'),
    none: t('No bias: x̃ = (x1, x2), ‖x̃‖² = x1² + x2².'),
  }[bias];
  const step = {
    perceptron: t('If y (w·x̃) ≤ 0 the perceptron updates: w ← w + η y x̃ with η = {lr}; otherwise w stays (Δw = 0).', { lr: shown(lr) }),
    pa: t('ℓ = max(0, 1 − y (w·x̃)); τ = ℓ / ‖x̃‖²; w ← w + τ y x̃.'),
    pa1: t('ℓ = max(0, 1 − y (w·x̃)); τ = min(C, ℓ / ‖x̃‖²) with C = {c}; w ← w + τ y x̃.', { c: shown(c) }),
    pa2: t('ℓ = max(0, 1 − y (w·x̃)); τ = ℓ / (‖x̃‖² + 1/(2C)) with C = {c}; w ← w + τ y x̃.', { c: shown(c) }),
  }[learner];
  return [x, step];
}

/**
 * The worked line of every box and of ‖x̃‖², from the round's numbers:
 * `q` = { sample: {x, y, label}, before: [w1, w2, b], bias, learner, c, lr }
 * and `truth` (the learner's: margin, loss, tau, sq, each box's value).
 * Returns { id → 'formula with the numbers = result' }.
 */
export function workedLines(q, truth) {
  const { sample, before, bias, learner, c, lr } = q;
  const [w1, w2, b] = before;
  const y = sample.label > 0 ? '(+1)' : '(−1)';
  const dot = bias === 'none'
    ? `${factor(w1)}·${factor(sample.x)} + ${factor(w2)}·${factor(sample.y)}`
    : `${factor(w1)}·${factor(sample.x)} + ${factor(w2)}·${factor(sample.y)} + ${factor(b)}`;
  const lines = { margin: `y (w·x̃) = ${y}·(${dot}) = ${shown(truth.margin)}` };
  lines.loss = `ℓ = max(0, 1 − y (w·x̃)) = max(0, 1 − ${factor(truth.margin)}) = ${shown(truth.loss)}`;
  const squares = `${factor(sample.x)}² + ${factor(sample.y)}²${bias === 'augmented' ? ' + 1' : ''}`;
  lines.sq = `‖x̃‖² = ${squares} = ${shown(truth.sq)}`;
  lines.tau = {
    perceptron: '',
    pa: `τ = ℓ / ‖x̃‖² = ${shown(truth.loss)} / ${shown(truth.sq)} = ${shown(truth.tau)}`,
    pa1: `τ = min(C, ℓ / ‖x̃‖²) = min(${shown(c)}, ${shown(truth.loss)} / ${shown(truth.sq)}) = ${shown(truth.tau)}`,
    pa2: `τ = ℓ / (‖x̃‖² + 1/(2C)) = ${shown(truth.loss)} / (${shown(truth.sq)} + 1/(2·${shown(c)})) = ${shown(truth.tau)}`,
  }[learner];
  if (learner !== 'perceptron' && truth.loss === 0) lines.tau = `ℓ = 0: ${t('passive, τ = 0')}`;
  // Each weight with its own coordinate of x̃ (the bias's is the constant 1).
  const parts = { w1: [w1, sample.x, 'x1'], w2: [w2, sample.y, 'x2'], b: [b, 1, ''] }; // b′ = b + τ y·1
  for (const [w, [old, x, name]] of Object.entries(parts)) {
    if (learner === 'perceptron') {
      lines[`step-${w}`] = truth.updated
        ? `Δ${w} = η y${name && ` ${name}`} = ${shown(lr)}·${y}·${factor(x)} = ${shown(truth[`step-${w}`])}`
        : `Δ${w} = 0 (${t('y (w·x̃) > 0: no update')})`;
      lines[w] = `${w}′ = ${w} + Δ${w} = ${shown(old)} + ${factor(truth[`step-${w}`])} = ${shown(truth[w])}`;
    } else {
      lines[w] = `${w}′ = ${w} + τ y${name && ` ${name}`} = ${shown(old)} + ${shown(truth.tau)}·${y}·${factor(x)} = ${shown(truth[w])}`;
    }
  }
  return lines;
}

/** A small seeded generator (mulberry32): the same seed and round, the same sample for every student. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let z = Math.imul(a ^ (a >>> 15), 1 | a);
    z = (z + Math.imul(z ^ (z >>> 7), 61 | z)) ^ z;
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The round's sample: round coordinates and a class, from the seed and
 * the round. After the first round, about one round in three is one the
 * learner gets right past its margin (passive), so a student meets both
 * cases; this only chooses the sample (the learner's own rule judges it).
 */
export function pickSample(seed, round, before, learner, bias) {
  const rng = random(Math.imul(seed + 1, 2654435761) ^ round);
  const all = [];
  for (const x of COORDINATES) for (const y of COORDINATES) for (const label of [1, -1]) all.push({ x, y, label });
  const margin = ({ x, y, label }) => label * (before[0] * x + before[1] * y + (bias === 'none' ? 0 : before[2]));
  const passive = (s) => (learner === 'perceptron' ? margin(s) > 0 : margin(s) >= 1);
  const wantPassive = round > 1 && rng() < 1 / 3;
  const pool = all.filter((s) => passive(s) === wantPassive);
  const from = pool.length ? pool : all;
  return from[Math.floor(rng() * from.length)];
}
