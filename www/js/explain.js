// The explanation panel: for the last sample, the score, margin and loss,
// the learner's rule (from its registry entry) with the last update's
// numbers filled in, and whether it was passive or aggressive. Nothing here
// names a learner: each one's entry says its rule, what its step is and why
// it can be passive.
import { isSecondOrder, learner } from './catalogue.js';
import { num } from './format.js';

const sign = (v) => (v >= 0 ? '+1' : '−1');
let classes = null; // the import of explain-classes.js, once asked for

function row(dl, term, ...values) {
  const dt = document.createElement('dt');
  dt.textContent = term;
  const dd = document.createElement('dd');
  dd.textContent = values.join('  ');
  dl.append(dt, dd);
}

/**
 * The entry's template with the update's numbers: {loss}, {sq}, {tau}, and
 * any setting by name ({c}, {lr}, {eps}).
 */
export function fill(template, last, settings) {
  return template.replace(/\{([a-z-]+)\}/g, (whole, name) => {
    const value = name in last ? last[name] : settings[name];
    return typeof value === 'number' ? num(value) : whole;
  });
}

/**
 * @param panel     the element to fill
 * @param last      Playground.last(): { x, y, label, score, margin, loss, tau, after, aggressive, mistake, sq, size, added, removed, v, beta, own } or null
 * @param context   { algorithm, settings, task, offset, wide, file }
 * @param samples   how many samples the learner has seen
 */
export function explain(panel, last, context, samples) {
  if (!last) {
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = 'Click on the plane or press Play.';
    panel.replaceChildren(hint);
    return;
  }
  const card = learner(context.algorithm);
  if (last.predicted !== 0) {
    // More than two classes: that explanation's code loads when first needed.
    classes ??= import('./explain-classes.js');
    classes.then((m) => m.explainClasses(panel, last, card, context, samples, row)).catch(() => {});
    return;
  }
  const { settings, task } = context;
  const regression = task === 'regression';
  const kernel = card.family === 'kernel';
  const dl = document.createElement('dl');
  const title = document.createElement('p');
  title.className = 'hint';
  title.textContent = `${card.label}, sample ${samples.toLocaleString('en')}`;

  if (context.wide) {
    const features = context.file ? `${context.file.features.toLocaleString('en')} features` : '';
    row(dl, 'sample', `${features} (too many to draw)`, regression ? `y = ${num(last.y)}` : `y = ${sign(last.label)}`);
  }
  if (regression) {
    if (!context.wide) row(dl, 'sample', `x = ${num(last.x)}`, `y = ${num(last.y)}`);
    row(dl, 'prediction', `f(x) = w·x + b = ${num(last.score)}`);
    row(dl, 'error', `y − f(x) = ${num(last.margin)}`);
    row(dl, 'loss', `ℓ = max(0, |y − f| − ε) = max(0, ${num(Math.abs(last.margin))} − ${num(settings.eps)}) = ${num(last.loss)}`);
  } else {
    if (!context.wide) row(dl, 'sample', `x = (${num(last.x)}, ${num(last.y)})`, `y = ${sign(last.label)}`);
    const f = kernel ? `Σ αᵢ k(sᵢ, x)${context.offset !== 0 ? ' + b' : ''}` : 'w·x + b';
    row(dl, 'score', `f(x) = ${f} = ${num(last.score)}`, `→ predicts ${sign(last.score)}${last.mistake ? ' ✗ mistake' : ' ✓'}`);
    row(dl, 'margin', `m = y·f(x) = ${num(last.margin)}`);
    row(dl, 'loss', `ℓ = max(0, 1 − m) = ${num(last.loss)}`);
  }
  row(dl, 'rule', card.rule);
  if (card.filled) row(dl, '', fill(card.filled, last, settings));
  else row(dl, card.step, num(last.tau));
  if (card.filled.includes('{sq}')) {
    const augmented = settings.bias === 'augmented' && !kernel;
    row(dl, kernel ? 'k(x,x)' : '‖x‖²', `${num(last.sq)}${augmented ? ' (counts the constant 1 of the augmented bias)' : ''}`);
  }
  if (kernel) {
    const change = [last.added ? 'x joined' : null, last.removed ? `${last.removed} removed` : null].filter(Boolean).join(', ');
    row(dl, 'support set', `|S| = ${last.size}${change ? ` (${change})` : ''}`);
  } else if (isSecondOrder(context.algorithm)) {
    row(dl, 'update', settings.bias === 'none' ? 'w ← w + α·y·Σx,  Σ ← Σ − β·Σx xᵀΣ' : 'w ← w + α·y·Σz,  Σ ← Σ − β·Σz zᵀΣ  (z = (1, x): b has its own row of Σ)');
  } else {
    const direction = regression ? 'sign(y − f)' : 'y';
    const step = card.step;
    row(dl, 'update', settings.bias === 'none' ? `w ← w + ${step}·${direction}·x` : `w ← w + ${step}·${direction}·x,  b ← b + ${step}·${direction}`);
  }
  if (card.note) row(dl, 'note', card.note);
  row(dl, 'source', card.source);
  panel.replaceChildren(title, dl, verdict(last, card, regression));
}

function verdict(last, card, regression) {
  const p = document.createElement('p');
  p.className = `verdict ${last.aggressive ? 'aggressive' : 'passive'}`;
  if (!last.aggressive) {
    const why = regression ? 'the error is inside the ε-tube' : card.passive;
    p.textContent = `Passive: ${why}, nothing changes.`;
  } else if (regression) {
    p.textContent = `Aggressive: τ = ${num(last.tau)}; the prediction moved from ${num(last.score)} to ${num(last.after)}.`;
  } else {
    p.textContent = `Aggressive: ${card.step} = ${num(last.tau)}; this sample's margin went from ${num(last.margin)} to ${num(last.label * last.after)}.`;
  }
  return p;
}

