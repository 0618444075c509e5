// The explanation panel: for the last sample, the score, margin and loss,
// the learner's rule (from its registry entry) with the last update's
// numbers filled in, and whether it was passive or aggressive. Nothing here
// names a learner: each one's entry says its rule, what its step is and why
// it can be passive.
import { isSecondOrder, learner } from './catalogue.js';
import { num, plural } from './format.js';
import { count, t, tr, usePart } from './i18n.js';

const sign = (v) => (v >= 0 ? '+1' : '−1');
let classes = null; // the import of explain-classes.js, once asked for

function row(dl, term, ...values) {
  const dt = document.createElement('dt');
  dt.textContent = term;
  const dd = document.createElement('dd');
  dd.textContent = values.join('  ');
  dl.append(dt, dd);
}

const SLOT = /\{([a-z-]+)\}/g;
/** A number a template names: the update's own first, then a setting's. */
const value = (name, last, settings) => (name in last ? last[name] : settings[name]);

/**
 * The entry's template with the update's numbers: {loss}, {sq}, {tau}, the
 * learner's own numbers by name ({delta}, {p}), and any setting by name
 * ({c}, {lr}, {eps}).
 */
export function fill(template, last, settings) {
  return template.replace(SLOT, (whole, name) => {
    const v = value(name, last, settings);
    return typeof v === 'number' ? num(v) : whole;
  });
}

/** The lines of a formula template this update reported every number of, filled. */
function formulas(template, last, settings) {
  const known = (line) => [...line.matchAll(SLOT)].every(([, name]) => typeof value(name, last, settings) === 'number');
  return template ? template.split('\n').filter(known).map((line) => fill(line, last, settings)) : [];
}

/**
 * @param panel     the element to fill
 * @param last      Playground.last(): { x, y, label, score, margin, loss, tau, after, reached, aggressive, mistake, sq, size, added, removed, v, beta, own, branch1, branch2, branch3, predicted, rival, learners } and the learner's own numbers by name, or null
 * @param context   { algorithm, settings, task, offset, wide, file }
 * @param samples   how many samples the learner has seen, or the points shown
 *                  (a learner started afresh on them): either names the learner
 */
export function explain(panel, last, context, samples) {
  const card = learner(context.algorithm);
  if (!last) {
    // Nothing learned yet, or since a learner switch or a change of its settings.
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = samples > 0 ? t('{learner} explains the next sample it learns, with the settings now: press Step.', { learner: card.label }) : t('Click on the plane or press Play.');
    panel.replaceChildren(hint);
    return;
  }
  if (last.predicted !== 0) {
    // More than two classes: that explanation's code loads when first needed.
    classes ??= Promise.all([import('./explain-classes.js'), usePart('classes').catch(() => {})]).then(([m]) => m);
    classes.then((m) => m.explainClasses(panel, last, card, context, samples, { row, predicts, fill })).catch(() => {});
    return;
  }
  const { settings, task } = context;
  const regression = task === 'regression';
  const kernel = card.family === 'kernel';
  const dl = document.createElement('dl');
  const title = document.createElement('p');
  title.className = 'hint';
  title.textContent = t('{learner}, sample {n}', { learner: card.label, n: count(samples) });

  if (context.wide) {
    const features = context.file ? t('{n} features (too many to draw)', { n: count(context.file.features) }) : t('too many features to draw');
    row(dl, t('sample'), features, regression ? `y = ${num(last.label)}` : `y = ${sign(last.label)}`);
  }
  if (regression) {
    // The target is the label (on the plane it is also the point's height).
    if (!context.wide) row(dl, t('sample'), `x = ${num(last.x)}`, `y = ${num(last.label)}`);
    row(dl, t('prediction'), `f(x) = w·x + b = ${num(last.score)}`);
    row(dl, t('error'), `y − f(x) = ${num(last.margin)}`);
    row(dl, t('loss'), `ℓ = max(0, |y − f| − ε) = max(0, ${num(Math.abs(last.margin))} − ${num(settings.eps)}) = ${num(last.loss)}`);
  } else {
    if (!context.wide) row(dl, t('sample'), `x = (${num(last.x)}, ${num(last.y)})`, `y = ${sign(last.label)}`);
    const f = kernel ? `Σ αᵢ k(sᵢ, x)${context.offset !== 0 ? ' + b' : ''}` : 'w·x + b';
    row(dl, t('score'), `f(x) = ${f} = ${num(last.score)}`, predicts(sign(last.score), last.mistake));
    row(dl, t('margin'), `m = y·f(x) = ${num(last.margin)}`);
    row(dl, t('loss'), `ℓ = max(0, 1 − m) = ${num(last.loss)}`);
  }
  if (context.fileSample) row(dl, t("in the file's units"), context.fileSample);
  if (context.standardised) row(dl, t('standardised as the post does'), context.standardised);
  row(dl, t('rule'), tr(card.rule));
  const filled = formulas(card.filled, last, settings);
  for (const line of filled) row(dl, '', line);
  if (!filled.length) row(dl, tr(card.step), num(last.tau));
  if (card.filled.includes('{sq}')) {
    const augmented = settings.bias === 'augmented' && !kernel;
    row(dl, kernel ? 'k(x,x)' : '‖x‖²', augmented ? t('{v} (counts the constant 1 of the augmented bias)', { v: num(last.sq) }) : num(last.sq));
  }
  if (kernel) {
    const change = [last.added ? t('x joined') : null, last.removed ? t('{n} removed', { n: count(last.removed) }) : null].filter(Boolean).join(t(', '));
    row(dl, t('support set'), `|S| = ${last.size}${change ? ` (${change})` : ''}`);
  } else if (card.update) {
    // A rule whose update is not its family's (ALMA's normalisation, ROMMA's c·w + d·x, IELLIP's 1/(1 − c)).
    row(dl, t('update'), tr(card.update));
  } else if (isSecondOrder(context.algorithm)) {
    row(dl, t('update'), settings.bias === 'none' ? 'w ← w + α·y·Σx,  Σ ← Σ − β·Σx xᵀΣ' : `w ← w + α·y·Σz,  Σ ← Σ − β·Σz zᵀΣ  ${t('(z = (1, x): b has its own row of Σ)')}`);
  } else {
    const direction = regression ? 'sign(y − f)' : 'y';
    const step = card.step;
    row(dl, t('update'), settings.bias === 'none' ? `w ← w + ${step}·${direction}·x` : `w ← w + ${step}·${direction}·x,  b ← b + ${step}·${direction}`);
  }
  if (card.note) row(dl, t('note'), tr(card.note));
  row(dl, t('source'), tr(card.source));
  panel.replaceChildren(title, dl, verdict(last, card, settings, regression));
}

/** "→ predicts +1 ✗ mistake". */
export function predicts(label, mistake) {
  return `→ ${t('predicts {label}', { label })}${mistake ? ` ✗ ${t('mistake')}` : ' ✓'}`;
}

/**
 * Passive or aggressive, and why: the branches the learner's rule took, in
 * its own words with the numbers, or the plain verdict; and when the budget
 * removed support vectors after the step, where that left the margin.
 */
function verdict(last, card, settings, regression) {
  const p = document.createElement('p');
  p.className = `verdict ${last.aggressive ? 'aggressive' : 'passive'}`;
  const clauses = [last.branch1, last.branch2, last.branch3].filter((b) => b > 0).map((b) => fill(tr(card.branches[b - 1]), last, settings));
  if (clauses.length) {
    p.textContent = t(last.aggressive ? 'Aggressive: {what}.' : 'Passive: {what}.', { what: clauses.join(t('; ')) });
  } else if (!last.aggressive) {
    p.textContent = t('Passive: {why}, nothing changes.', { why: regression ? t('the error is inside the ε-tube') : fill(tr(card.passive), last, settings) });
  } else if (regression) {
    p.textContent = t('Aggressive: τ = {tau}; the prediction moved from {from} to {to}.', { tau: num(last.tau), from: num(last.score), to: num(last.after) });
  } else {
    p.textContent = t("Aggressive: {step} = {tau}; this sample's margin went from {from} to {to}.", { step: tr(card.step), tau: num(last.tau), from: num(last.margin), to: num(last.reached) });
  }
  if (last.removed > 0 && 'stepped' in last) {
    const removed = plural(last.removed, '{n} support vector', '{n} support vectors');
    p.textContent += ` ${t('The step brought the margin to {stepped}; removing {removed} for the budget moved it to {to}.', { stepped: num(last.stepped), removed, to: num(last.reached) })}`;
  }
  return p;
}
