// The explanation panel with more than two classes: the true class's score
// F_y, the best wrong class s, the margin F_y − F_s, the loss and the
// reduction's step (explain.js loads this module when first needed).
import { num } from './format.js';
import { classOf } from './classes.js';
import { count, t, tr } from './i18n.js';

let reductions = null; // the import of explain-reductions.js, once asked for

/** The Crammer-Singer step of each PA variant (Crammer et al. 2006, section 7), and with the update's numbers. */
const CS_STEP = {
  pa: ['τ = ℓ / (2‖x‖²)', 'τ = {loss} / (2·{sq}) = {tau}'],
  pa1: ['τ = min(C, ℓ / (2‖x‖²))', 'τ = min({c}, {loss} / (2·{sq})) = {tau}'],
  pa2: ['τ = ℓ / (2‖x‖² + 1/(2C))', 'τ = {loss} / (2·{sq} + 1/(2·{c})) = {tau}'],
};

/**
 * More than two classes: the scores of the true and the best wrong class,
 * and the reduction's step: Crammer & Singer's τ from the multiclass margin,
 * what each one-vs-rest class learner did on its own binary margin, or
 * (explain-reductions.js) the multiclass perceptron's rows and the
 * Banditron's guess.
 */
export function explainClasses(panel, last, card, { settings }, samples, { row, predicts, fill }) {
  const name = (label) => t('class {k}', { k: classOf(label) + 1 });
  const nameOf = (index) => t('class {k}', { k: index + 1 });
  const crammer = settings.multiclass === 'crammer-singer' && card.name !== 'perceptron';
  const dl = document.createElement('dl');
  const title = document.createElement('p');
  title.className = 'hint';
  title.textContent = t('{learner}, {k} classes by {reduction}, sample {n}', { learner: card.label, k: settings.classes, reduction: settings.multiclass, n: count(samples) });
  row(dl, t('sample'), `x = (${num(last.x)}, ${num(last.y)})`, name(last.label));
  row(dl, t('scores'), `F_y = ${num(last.score)}`, t('best other: {class}', { class: name(last.rival) }), predicts(name(last.predicted), last.mistake));
  const p = document.createElement('p');
  p.className = `verdict ${last.aggressive ? 'aggressive' : 'passive'}`;
  if (settings.multiclass !== 'one-vs-rest' && !crammer) {
    // The multiclass perceptron's updates and the Banditron run in the full
    // module only: their explanation (and its words, the catalogues'
    // kernel part) loads with it.
    reductions ??= import('./explain-reductions.js');
    reductions.then((m) => {
      m.explainReduction(dl, p, last, settings, { row, nameOf });
      panel.replaceChildren(title, dl, p);
    }).catch(() => {});
    return;
  } else if (crammer) {
    row(dl, t('margin'), `m = F_y − F_s = ${num(last.margin)}`);
    row(dl, t('loss'), `ℓ = max(0, 1 − m) = ${num(last.loss)}`);
    const [rule, filled] = CS_STEP[card.name];
    row(dl, t('rule'), rule, `‖x‖² = ${num(last.sq)}`);
    row(dl, '', fill(filled, last, settings));
    row(dl, t('update'), `W_y ← W_y + τx,  W_s ← W_s − τx ${t('(the true class and the best wrong one)')}`);
    row(dl, t('source'), 'Crammer, Dekel, Keshet, Shalev-Shwartz & Singer (JMLR 2006), section 7; LIBOL M_PA*.m');
    p.textContent = last.aggressive
      ? t('Aggressive: the margin went from {from} to {to}.', { from: num(last.margin), to: num(last.reached) })
      : t('Passive: {why}, nothing changes.', { why: t('the true class leads every other by at least 1') });
  } else {
    // Each class learner steps on its own margin y_k f_k(x) (y_k = +1 for
    // the sample's class, −1 for the others), not on F_y − F_s.
    row(dl, t('rule'), t('one {learner} per class, told +1 for its class and −1 for the rest; the highest score wins', { learner: card.label }));
    const step = tr(card.step);
    for (const l of last.learners) {
      const told = l.class === classOf(last.label) ? '+1' : '−1';
      row(dl, `${nameOf(l.class)} (y = ${told})`, `f = ${num(l.score)}`, `m = y·f = ${num(l.margin)}`, `ℓ = max(0, 1 − m) = ${num(l.loss)}`, `${step} = ${num(l.tau)}`);
    }
    row(dl, t('source'), `${t("one-vs-rest (as scikit-learn's SGDClassifier)")}; ${tr(card.source)}`);
    const stepped = last.learners.filter((l) => l.aggressive);
    p.textContent = stepped.length
      ? t('Aggressive: {what}.', { what: stepped.map((l) => t("{class}'s learner stepped ({step} = {tau}), its own margin going from {from} to {to}", { class: nameOf(l.class), step, tau: num(l.tau), from: num(l.margin), to: num(l.reached) })).join(t('; ')) })
      : t('Passive: {why}, nothing changes.', { why: t('no class learner changed') });
  }
  panel.replaceChildren(title, dl, p);
}
