// The explanation panel with more than two classes: the true class's score
// F_y, the best wrong class s, the margin F_y − F_s, the loss and the
// reduction's step (explain.js loads this module when first needed).
import { num } from './format.js';
import { classOf } from './classes.js';

/** The Crammer-Singer step of each PA variant (Crammer et al. 2006, section 7). */
const CS_STEP = {
  pa: 'τ = ℓ / (2‖x‖²)',
  pa1: 'τ = min(C, ℓ / (2‖x‖²))',
  pa2: 'τ = ℓ / (2‖x‖² + 1/(2C))',
};

/** More than two classes: the scores of the true and the best wrong class, and the reduction's step. */
export function explainClasses(panel, last, card, { settings }, samples, row) {
  const name = (label) => `class ${classOf(label) + 1}`;
  const crammer = settings.multiclass === 'crammer-singer';
  const dl = document.createElement('dl');
  const title = document.createElement('p');
  title.className = 'hint';
  title.textContent = `${card.label}, ${settings.classes} classes by ${settings.multiclass}, sample ${samples.toLocaleString('en')}`;
  row(dl, 'sample', `x = (${num(last.x)}, ${num(last.y)})`, name(last.label));
  row(dl, 'scores', `F_y = ${num(last.score)}`, `best other: ${name(last.rival)}`, `→ predicts ${name(last.predicted)}${last.mistake ? ' ✗ mistake' : ' ✓'}`);
  row(dl, 'margin', `m = F_y − F_s = ${num(last.margin)}`);
  row(dl, 'loss', `ℓ = max(0, 1 − m) = ${num(last.loss)}`);
  if (crammer) {
    row(dl, 'rule', `${CS_STEP[card.name]}`, `‖x‖² = ${num(last.sq)}`);
    row(dl, 'τ', num(last.tau));
    row(dl, 'update', `W_y ← W_y + τx,  W_s ← W_s − τx (the true class and the best wrong one)`);
    row(dl, 'source', 'Crammer, Dekel, Keshet, Shalev-Shwartz & Singer (JMLR 2006), section 7; LIBOL M_PA*.m');
  } else {
    row(dl, 'rule', `one ${card.label} per class, told +1 for its class and −1 for the rest; the highest score wins`);
    row(dl, `${card.step} (class ${classOf(last.label) + 1})`, num(last.tau));
    row(dl, 'source', `one-vs-rest (as scikit-learn's SGDClassifier); ${card.source}`);
  }
  const p = document.createElement('p');
  p.className = `verdict ${last.aggressive ? 'aggressive' : 'passive'}`;
  p.textContent = last.aggressive
    ? `Aggressive: the margin went from ${num(last.margin)} to ${num(last.after)}.`
    : `Passive: ${crammer ? 'the true class leads every other by at least 1' : 'no class learner changed'}, nothing changes.`;
  panel.replaceChildren(title, dl, p);
}
