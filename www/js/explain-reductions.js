// The explanation panel's part for the reductions whose code is in the
// full module (explain-classes.js loads it when first needed; its words are
// in the catalogues' kernel part, fetched with that module): the multiclass
// perceptron's max, uniform and proportional updates (Crammer & Singer
// 2003) and the Banditron (Kakade, Shalev-Shwartz & Tewari 2008).
import { num } from './format.js';
import { t } from './i18n.js';

/** The multiclass perceptron's three updates (Crammer & Singer 2003): how the wrong rows of E lose x, and LIBOL's file. */
const spread = (reduction) => ({
  'crammer-singer': [t('W_s ← W_s − ηx (s: the best wrong class)'), 'M'],
  'crammer-singer-uniform': [t('W_r ← W_r − ηx/|E| for each r in E'), 'U'],
  'crammer-singer-proportional': [t('W_r ← W_r − η·(F_r − F_y)/Σ_E (F_r′ − F_y)·x for each r in E'), 'S'],
})[reduction];

/** A row that moved: its score before, its step, its score after. */
const moved = (l, nameOf) => [nameOf(l.class), `F = ${num(l.score)}`, `W ← W ${l.tau > 0 ? '+' : '−'} ${num(Math.abs(l.tau))}·x`, `→ F = ${num(l.after)}`];

/**
 * The multiclass perceptron (max, uniform or proportional update): the
 * error set E, the rows that moved and by how much.
 */
function perceptron(dl, p, last, settings, { row, nameOf }) {
  const libol = settings['crammer-singer-form'] === 'libol';
  row(dl, t('error set'), libol ? 'E = {r : F_r > F_y}' : 'E = {r ≠ y : F_r ≥ F_y}', `|E| = ${num(last.moved)}`, `Σ_E (F_r − F_y) = ${num(last.gaps)}`);
  const [how, file] = spread(settings.multiclass);
  row(dl, t('rule'), libol ? t('if the prediction is wrong: W_y ← W_y + ηx, then') : t('if E is not empty: W_y ← W_y + ηx, then'), how);
  for (const l of last.learners) row(dl, ...moved(l, nameOf));
  row(dl, t('source'), `Crammer & Singer (JMLR 2003); LIBOL M_Perceptron${file}.m${libol ? ` (${t("LIBOL's code")})` : ''}`);
  p.textContent = last.aggressive
    ? t('Aggressive: the true row gained x and {n} wrong rows lost it; the margin went from {from} to {to}.', { n: num(last.moved), from: num(last.margin), to: num(last.reached) })
    : t('Passive: {why}, nothing changes.', { why: libol ? t('the prediction was right') : t('the true class outscores every other') });
}

/**
 * The Banditron (Kakade, Shalev-Shwartz & Tewari 2008, Algorithm 1): it
 * predicts its guess ỹ, drawn from P around the top class ŷ, and is told
 * only whether ỹ was right (so its mistake flag is that one bit); ŷ's row
 * loses x, a right guess's row gains x/P(ỹ).
 */
function banditron(dl, p, last, settings, { row, nameOf }) {
  const right = !last.mistake;
  row(dl, t('rule'), t('guess ỹ with P(r) = (1 − γ)·[r = ŷ] + γ/K; told only whether ỹ = y'), `γ = ${num(settings['banditron-gamma'])}, ŷ = ${nameOf(last.top)}`);
  row(dl, t('guess'), t('{class}, drawn with P(ỹ) = {p} (u = {u})', { class: nameOf(last.guess), p: num(last.chance), u: num(last.draw) }), right ? t('told: right') : t('told: wrong'));
  row(dl, t('update'), right ? 'W_ŷ ← W_ŷ − ηx,  W_ỹ ← W_ỹ + ηx/P(ỹ)' : 'W_ŷ ← W_ŷ − ηx');
  for (const l of last.learners) row(dl, ...moved(l, nameOf));
  row(dl, t('source'), 'Kakade, Shalev-Shwartz & Tewari (ICML 2008)');
  p.textContent = right
    ? t('Told its guess was right: that row gained x/P(ỹ) = {gain}·x, the top class’s row (ŷ) lost x.', { gain: num(1 / last.chance) })
    : t('Told its guess was wrong, and nothing more: only the top class’s row (ŷ) lost x.');
}

/** Fills `dl` and the verdict `p` for the multiclass perceptron or the Banditron. */
export function explainReduction(dl, p, last, settings, helpers) {
  (settings.multiclass === 'banditron' ? banditron : perceptron)(dl, p, last, settings, helpers);
}
