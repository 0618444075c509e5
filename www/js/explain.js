// The explanation panel: for the last sample, the score, margin, loss, the
// step with the chosen variant's formula and its numbers filled in, and
// whether the learner was passive or aggressive.
import { num } from './format.js';

const NAMES = {
  perceptron: 'Perceptron', 'averaged-perceptron': 'Averaged perceptron', pocket: 'Pocket',
  pa: 'PA', pa1: 'PA-I', pa2: 'PA-II',
  'kernel-perceptron': 'Kernel perceptron', 'kernel-pa1': 'Kernel PA-I', 'kernel-pa2': 'Kernel PA-II',
  projectron: 'Projectron', 'projectron++': 'Projectron++', apsm: 'APSM', spa: 'SPA', olru: 'OLRU', olrd: 'OLRD',
  'ald-projection': 'ALD projection',
};

/** Each kernel learner's rule in a line, and what its step number means. */
const KERNEL_RULES = {
  'kernel-perceptron': ['if m ≤ 0: add x with α = y; past the budget, drop a random support vector', 'step'],
  'kernel-pa1': ['τ = min(C, ℓ / k(x,x)); add x with α = τ y; past the budget, drop the oldest', 'τ'],
  'kernel-pa2': ['τ = ℓ / (k(x,x) + 1/(2C)); add x with α = τ y; past the budget, drop the oldest', 'τ'],
  projectron: ['on a mistake: δ = distance of k(x,·) from the span of S; if δ ≤ η, α += y K⁻¹k (project), else add x', 'step'],
  'projectron++': ['as Projectron, and on a margin error α += τ y K⁻¹k, τ = min(ℓ/‖Px‖², 2(ℓ − δ/η)/‖Px‖², 1)', 'τ'],
  apsm: ['window of q samples: γ += μβ, b += μΣβ; keep ‖f‖ ≤ Δ; keep the last L samples', 'μ'],
  spa: ['add x with probability p = min(α, ℓ)/β and coefficient min(C/p, ℓ/k(x,x)) y', 'coefficient'],
  olru: ['add x with probability P, coefficient η ℓ y', 'coefficient'],
  olrd: ['add x with coefficient η ℓ y; past B, drop one of the first B with probability 1/B', 'coefficient'],
  'ald-projection': ['δ = k(x,x) − k·K⁻¹k: if δ > η, x joins D, else it is its projection; Υ += μ βᵀA', 'μ'],
};


const sign = (v) => (v >= 0 ? '+1' : '−1');

/** The step rule of an algorithm as [formula, the formula with numbers]. */
function stepRule(algo, { loss, tau, sq, c, lr }) {
  switch (algo) {
    case 'pa':
      return ['τ = ℓ / ‖x‖²', `${num(loss)} / ${num(sq)} = ${num(tau)}`];
    case 'pa1':
      return ['τ = min(C, ℓ / ‖x‖²)', `min(${num(c)}, ${num(loss)} / ${num(sq)}) = ${num(tau)}`];
    case 'pa2':
      return ['τ = ℓ / (‖x‖² + 1/(2C))', `${num(loss)} / (${num(sq)} + ${num(1 / (2 * c))}) = ${num(tau)}`];
    default:
      return ['update if m ≤ 0: w ← w + η y x', `η = ${num(lr)}`];
  }
}

function row(dl, term, ...values) {
  const dt = document.createElement('dt');
  dt.textContent = term;
  const dd = document.createElement('dd');
  dd.textContent = values.join('  ');
  dl.append(dt, dd);
}

/**
 * @param panel     the element to fill
 * @param last      Playground.last(): x, y, label, score, margin, loss, tau, after, aggressive, mistake, ||x||^2
 * @param settings  { algorithm, c, lr, eps, bias, task }
 * @param samples   how many samples the learner has seen
 */
export function explain(panel, last, settings, samples) {
  if (!last || last.length === 0) {
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = 'Click on the plane or press Play.';
    panel.replaceChildren(hint);
    return;
  }
  const [x, y, label, score, margin, loss, tau, after, aggressive, mistake, sq, size, added, removed] = last;
  const { algorithm: algo, c, lr, eps, bias, task } = settings;
  const regression = task === 'regression';
  const dl = document.createElement('dl');
  const title = document.createElement('p');
  title.className = 'hint';
  title.textContent = `${NAMES[algo] ?? algo}, sample ${samples.toLocaleString('en')}`;

  const features = settings.file ? `${settings.file.features.toLocaleString('en')} features` : '';
  if (settings.wide) {
    row(dl, 'sample', `${features} (too many to draw)`, regression ? `y = ${num(y)}` : `y = ${sign(label)}`);
  }
  if (regression) {
    if (!settings.wide) row(dl, 'sample', `x = ${num(x)}`, `y = ${num(y)}`);
    row(dl, 'prediction', `f(x) = w·x + b = ${num(score)}`);
    row(dl, 'error', `y − f(x) = ${num(margin)}`);
    row(dl, 'loss', `ℓ = max(0, |y − f| − ε) = max(0, ${num(Math.abs(margin))} − ${num(eps)}) = ${num(loss)}`);
  } else {
    if (!settings.wide) row(dl, 'sample', `x = (${num(x)}, ${num(y)})`, `y = ${sign(label)}`);
    const f = KERNEL_RULES[algo] ? `Σ αᵢ k(sᵢ, x)${algo === 'apsm' ? ' + b' : ''}` : 'w·x + b';
    row(dl, 'score', `f(x) = ${f} = ${num(score)}`, `→ predicts ${sign(score)}${mistake ? ' ✗ mistake' : ' ✓'}`);
    row(dl, 'margin', `m = y·f(x) = ${num(margin)}`);
    row(dl, 'loss', `ℓ = max(0, 1 − m) = ${num(loss)}`);
  }
  if (KERNEL_RULES[algo]) {
    const [rule, stepName] = KERNEL_RULES[algo];
    row(dl, 'rule', rule);
    row(dl, stepName, num(tau));
    const change = [added ? 'x joined' : null, removed ? `${removed} removed` : null].filter(Boolean).join(', ');
    row(dl, 'support set', `|S| = ${size}${change ? ` (${change})` : ''}`);
    panel.replaceChildren(title, dl, verdict(aggressive, regression, algo, { tau, margin, label, after, score }));
    return;
  }
  const [formula, filled] = stepRule(algo, { loss, tau, sq, c, lr });
  row(dl, 'step', formula);
  row(dl, '', filled);
  if (algo.startsWith('pa')) {
    row(dl, '‖x‖²', `${num(sq)}${bias === 'augmented' ? ' (counts the constant 1 of the augmented bias)' : ''}`);
  }
  const direction = regression ? 'sign(y − f)' : 'y';
  const step = algo.startsWith('pa') ? 'τ' : 'η';
  row(dl, 'update', bias === 'none' ? `w ← w + ${step}·${direction}·x` : `w ← w + ${step}·${direction}·x,  b ← b + ${step}·${direction}`);

  if (algo === 'pocket') {
    row(dl, 'note', 'predictions use the pocket (solid); the perceptron underneath (dotted) updates on its own mistakes');
  } else if (algo === 'averaged-perceptron') {
    row(dl, 'note', 'predictions use the average of all w so far (solid); the rule updates the current w (dotted) on its own mistakes');
  }
  panel.replaceChildren(title, dl, verdict(aggressive, regression, algo, { tau, margin, label, after, score }));
}

function verdict(aggressive, regression, algo, { tau, margin, label, after, score }) {
  const p = document.createElement('p');
  p.className = `verdict ${aggressive ? 'aggressive' : 'passive'}`;
  if (!aggressive) {
    const why = regression ? 'the error is inside the ε-tube'
      : /^(pa|kernel-pa)/.test(algo) ? 'the margin is at least 1'
        : /^(spa|olru)/.test(algo) ? 'no loss, or the sample was not drawn to join'
          : /^(apsm|ald)/.test(algo) ? 'the whole window is already on the right side of the margin'
            : 'predicted correctly';
    p.textContent = `Passive: ${why}, nothing changes.`;
  } else if (regression) {
    p.textContent = `Aggressive: τ = ${num(tau)}; the prediction moved from ${num(score)} to ${num(after)}.`;
  } else {
    const moved = /^pa/.test(algo) ? `τ = ${num(tau)}` : KERNEL_RULES[algo] ? `${KERNEL_RULES[algo][1]} = ${num(tau)}` : `η = ${num(tau)}`;
    p.textContent = `Aggressive: ${moved}; this sample's margin went from ${num(margin)} to ${num(label * after)}.`;
  }
  return p;
}
