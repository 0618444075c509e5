// The explanation panel with more than two classes: the true class's score
// F_y, the best wrong class s, the margin F_y − F_s, the loss and the
// reduction's step (explain.js loads this module when first needed).
import { num } from './format.js';
import { classOf } from './classes.js';
import { count, t, tr } from './i18n.js';

/** The Crammer-Singer step of each PA variant (Crammer et al. 2006, section 7). */
const CS_STEP = {
  pa: 'τ = ℓ / (2‖x‖²)',
  pa1: 'τ = min(C, ℓ / (2‖x‖²))',
  pa2: 'τ = ℓ / (2‖x‖² + 1/(2C))',
};

/** More than two classes: the scores of the true and the best wrong class, and the reduction's step. */
export function explainClasses(panel, last, card, { settings }, samples, { row, predicts }) {
  const name = (label) => t('class {k}', { k: classOf(label) + 1 });
  const crammer = settings.multiclass === 'crammer-singer';
  const dl = document.createElement('dl');
  const title = document.createElement('p');
  title.className = 'hint';
  title.textContent = t('{learner}, {k} classes by {reduction}, sample {n}', { learner: card.label, k: settings.classes, reduction: settings.multiclass, n: count(samples) });
  row(dl, t('sample'), `x = (${num(last.x)}, ${num(last.y)})`, name(last.label));
  row(dl, t('scores'), `F_y = ${num(last.score)}`, t('best other: {class}', { class: name(last.rival) }), predicts(name(last.predicted), last.mistake));
  row(dl, t('margin'), `m = F_y − F_s = ${num(last.margin)}`);
  row(dl, t('loss'), `ℓ = max(0, 1 − m) = ${num(last.loss)}`);
  if (crammer) {
    row(dl, t('rule'), `${CS_STEP[card.name]}`, `‖x‖² = ${num(last.sq)}`);
    row(dl, 'τ', num(last.tau));
    row(dl, t('update'), `W_y ← W_y + τx,  W_s ← W_s − τx ${t('(the true class and the best wrong one)')}`);
    row(dl, t('source'), 'Crammer, Dekel, Keshet, Shalev-Shwartz & Singer (JMLR 2006), section 7; LIBOL M_PA*.m');
  } else {
    row(dl, t('rule'), t('one {learner} per class, told +1 for its class and −1 for the rest; the highest score wins', { learner: card.label }));
    row(dl, `${tr(card.step)} (${name(last.label)})`, num(last.tau));
    row(dl, t('source'), `${t("one-vs-rest (as scikit-learn's SGDClassifier)")}; ${card.source}`);
  }
  const p = document.createElement('p');
  p.className = `verdict ${last.aggressive ? 'aggressive' : 'passive'}`;
  p.textContent = last.aggressive
    ? t('Aggressive: the margin went from {from} to {to}.', { from: num(last.margin), to: num(last.after) })
    : t('Passive: {why}, nothing changes.', { why: crammer ? t('the true class leads every other by at least 1') : t('no class learner changed') });
  panel.replaceChildren(title, dl, p);
}
