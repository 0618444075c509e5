// The Theory panel's numbers: for each figure, R and separability, the best
// fixed classifiers in hindsight with their objectives, the fewest
// mistakes of any line, the regret, and the learner's bounds, each with
// its theorem's statement and source, the count it bounds and its value
// (or the reason it does not apply). Every text from the core is a
// catalogue key (www/i18n/theory/), every number formatted here.
import { label } from './catalogue.js';
import { element } from './dom.js';
import { num, nums } from './format.js';
import { count, percent, t } from './i18n.js';

/** Why a session has no theory, by the core's id. */
const WHY = {
  classes: () => t('The Theory layer covers two classes: its margins are y·f(x) with y = ±1.'),
  wide: () => t('The page draws the Theory layer for points of the plane; for wider data, run onlinelearn learn --theory.'),
  kernel: () => t('The Theory layer covers the linear learners (perceptron, averaged perceptron, pocket, PA, PA-I, PA-II, AROW, SCW); a kernel learner\'s comparators would live in its kernel\'s space.'),
  regression: () => t('The Theory layer covers two-class classification: its bounds and comparators are about margins y·f(x).'),
  sample: () => t('A sample has no margin (a value that is not a finite number): the Theory layer stopped there.'),
};

const SETTLED = {
  separable: () => t('separable: some u classifies every sample with a margin'),
  'not-separable': () => t('not separable: no line classifies every sample'),
  undecided: () => t('not decided yet: no separator found so far'),
  'past-kept': () => t('not decided: u* of the samples kept misclassifies a later round, and the later rounds are not stored'),
  'no-samples': () => t('no samples yet'),
};

const AT = {
  'hard-margin': () => t('at u = u*'),
  'hinge-minimiser': () => t('at u = the hinge-loss minimiser'),
  'squared-hinge-minimiser': () => t('at u = the squared-hinge minimiser'),
};

function row(dl, term, ...values) {
  dl.append(element('dt', {}, term), element('dd', {}, values.join('  ')));
}

/** "12 (0.024 a round)": a total and its share of the rounds. */
const perRound = (total, rounds) => t('{total} ({share} a round)', { total: num(total), share: num(rounds ? total / rounds : 0) });

/**
 * Fills `panel` with every figure's theory (`figure.theory`: the core's
 * view, or null while it loads); `many`: Compare, a block per learner.
 */
export function renderTheory(panel, figures, { many, open }) {
  panel.replaceChildren(...figures.map((figure) => block(figure, many, open)));
}

function block(figure, many, open) {
  const view = figure.theory;
  const parts = [];
  if (many) parts.push(element('h3', { class: 'theory-learner' }, element('i', { class: 'swatch' }), label(figure.pg.algorithm())));
  if (many) parts[0].firstChild.style.borderColor = figure.color;
  if (!view) return element('div', {}, ...parts, element('p', { class: 'hint' }, t('Loading…')));
  if (view.why_code) return element('div', {}, ...parts, element('p', { class: 'hint' }, (WHY[view.why_code] ?? (() => view.why_not))()));
  const r = view.report;
  if (!r || r.rounds === 0) return element('div', {}, ...parts, element('p', { class: 'hint' }, t('Add points or press Play: the theory follows every sample.')));
  const dl = element('dl', { class: 'theory-facts' });
  row(dl, t('rounds'), r.kept
    ? t('{rounds} rounds; the first {samples} distinct samples kept', { rounds: count(r.rounds), samples: count(r.kept.samples) })
    : t('{rounds} rounds on {samples} distinct samples', { rounds: count(r.rounds), samples: count(r.samples) }));
  row(dl, t('bias'), t(r.bias_form));
  row(dl, 'R = max ‖x̃‖', num(r.radius));
  row(dl, t('separable?'), SETTLED[r.settled]?.() ?? r.settled, ...(r.margin != null ? [`γ* = ${num(r.margin)}`] : []));
  if (r.hard_margin_u) row(dl, 'u*', `(${nums(r.hard_margin_u).join(', ')})`);
  // Past the samples kept, the objective is at the kept rounds' minimiser, not its minimum.
  const min = r.kept ? '' : 'min ';
  const h = r.hinge_best;
  row(dl, t('hinge-loss minimiser'), `${min}½‖u‖² + C Σ max(0, 1 − y u·x̃) = ${num(h.value)}`, `C = ${num(h.c)}`, `u = (${nums(h.u).join(', ')})`);
  const s = r.squared_hinge_best;
  if (s) row(dl, t('squared-hinge minimiser'), `${min}½‖u‖² + C Σ max(0, 1 − y u·x̃)² = ${num(s.value)}`, `C = ${num(s.c)}`, `u = (${nums(s.u).join(', ')})`);
  row(dl, t('fewest mistakes'), fewest(r, view));
  const g = r.regret;
  row(dl, t('hinge-loss regret'), perRound(g.hinge, g.rounds), t('(the learner\'s Σℓ_t minus the hinge-loss minimiser\'s)'));
  const noLine = r.kept ? t('— (not searched past the samples kept)') : t('— (the best line of these very rounds is not found yet)');
  row(dl, t('mistakes regret'), g.zero_one == null ? noLine : perRound(g.zero_one, g.rounds));
  parts.push(dl);
  parts.push(...bounded(r, view));
  if (view.warm_from != null) {
    parts.push(element('p', { class: 'hint theory-warm' }, t('The learner was switched or its setting changed at sample {n}: it went on from the weights it had, and the bounds assume it starts at w = 0. Press Reset to watch them.', { n: count(view.warm_from) })));
  }
  parts.push(bounds(r.bounds, open));
  return element('div', { class: 'theory-block' }, ...parts);
}

/**
 * What the numbers are over, when not every round seen: the comparators of
 * more rounds being solved (a solve runs between frames), or past the
 * samples kept (the layer's memory stays bounded), comparators fixed then.
 */
function bounded(r, view) {
  const notes = [];
  if (r.kept) {
    notes.push(t('The layer keeps its first {kept} distinct samples, so its memory stays bounded. Since then the comparators are the minimisers of the first {solved} rounds, and every number here is evaluated exactly over all {rounds} rounds at them: each bound holds for every u, so it stays the theorem\'s bound; the regret is against these u, and against the best u of all the rounds it can only be larger.',
      { kept: count(r.kept.samples), solved: count(r.kept.solved_rounds), rounds: count(r.rounds) }));
  } else if (view.rounds > r.rounds) {
    notes.push(t('Every number here is over the first {rounds} of the {seen} rounds seen; the comparators of all of them are being solved, between frames.', { rounds: count(r.rounds), seen: count(view.rounds) }));
  }
  return notes.map((note) => element('p', { class: 'hint theory-bounded' }, note));
}

/** The fewest mistakes of any line, with the rounds it covers or the search under way. */
function fewest(r, view) {
  const best = r.zero_one_best;
  const parts = [];
  if (best) parts.push(t('{m} mistakes by the best line over the first {rounds} rounds', { m: count(best.mistakes), rounds: count(best.at_rounds) }));
  if (view.search) {
    const [done, all, rounds] = view.search;
    parts.push(t('searching the {rounds} rounds: {share}', { rounds: count(rounds), share: percent(all ? done / all : 0, 0) }));
  } else if (r.samples > view.search_limit) {
    parts.push(t('not searched past {n} points (the exact search is O(n² log n)): onlinelearn learn --theory finds it', { n: count(view.search_limit) }));
  }
  return parts.join('; ') || '—';
}

/** The bounds, each a statement that opens, its count and value (or why none). */
function bounds(list, open) {
  const items = list.map((b) => {
    const actual = b.counts === 'Σℓ_t²' ? num(b.actual) : count(b.actual);
    const verdict = b.value != null
      ? element('span', { class: b.actual <= b.value ? 'holds' : 'broken' }, `${t(b.counts)}: ${actual} ≤ ${num(b.value)}`, ` ${AT[b.at]?.() ?? ''}${b.gamma != null ? `, γ = ${num(b.gamma)}` : ''}`)
      : element('span', { class: 'refused' }, `${t(b.counts)}: ${actual}; ${t('no bound')}: ${t(b.reason)}`);
    const details = element('details', { open: open.has(b.name) },
      element('summary', {}, element('strong', {}, b.name), ` (${t(b.source)})`),
      element('p', {}, t(b.statement)),
      ...(b.checked ? [] : [element('p', { class: 'hint' }, t('Written from the literature as we know it; not yet checked against the paper\'s text.'))]));
    details.addEventListener('toggle', () => (details.open ? open.add(b.name) : open.delete(b.name)));
    return element('li', {}, verdict, details);
  });
  return element('ul', { class: 'theory-bounds' }, ...items);
}
