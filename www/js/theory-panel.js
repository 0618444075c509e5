// The Theory panel's numbers. What belongs to the data (R and
// separability, the best fixed classifiers in hindsight with their
// objectives, the fewest mistakes of any line) is shown once; what belongs
// to a learner (its regret, its bounds, each with its theorem's statement
// and source, the count it bounds and its value, or why there is none) once
// per learner: in Compare, the data above and a short block per panel.
// Every text from the core is a catalogue key (www/i18n/theory/), every
// number formatted here.
import { label } from './catalogue.js';
import { element } from './dom.js';
import { num, nums } from './format.js';
import { count, percent, t } from './i18n.js';

/** Why a session has no theory, by the core's id (each is about its data, not its learner). */
const WHY = {
  classes: () => t('The Theory layer covers two classes: its margins are y·f(x) with y = ±1.'),
  wide: () => t('The page draws the Theory layer for points of the plane; for wider data, run onlinelearn learn --theory.'),
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

/** A bound's name as a reader cites it, e.g. "Crammer et al. 2006, Theorem 4". */
export const boundTitle = (bound) => t(bound.title);

/** A learner without a transcribed bound has one line saying why, its name ending so (src/theory/untranscribed.rs). */
const untranscribed = (bound) => bound.name.endsWith('no-bound');

/**
 * Fills `panel` with every figure's theory (`figure.theory`: the core's
 * view, or null while it loads); `many`: Compare. `open`: the statements
 * the reader opened, by name, kept across redraws.
 */
export function renderTheory(panel, figures, { many, open }) {
  panel.replaceChildren(...(many ? compare(figures, open) : [single(figures[0], open)]));
}

/** A hint while there is nothing to show: loading, not covered, no rounds yet; else null. */
function notYet(view) {
  if (!view) return t('Loading…');
  if (view.why_code) return (WHY[view.why_code] ?? (() => view.why_not))();
  if (!view.report || view.report.rounds === 0) return t('Add points or press Play: the theory follows every sample.');
  return null;
}

const hint = (text) => element('p', { class: 'hint' }, text);

/** One learner: the data's facts, its regret and its bounds. */
function single(figure, open) {
  const view = figure.theory;
  const early = notYet(view);
  if (early) return element('div', {}, hint(early));
  const r = view.report;
  const dl = facts(r, view, minimisers([figure]));
  regret(dl, r);
  const learner = label(figure.pg.algorithm());
  return element('div', { class: 'theory-block' }, dl, ...warm(view), ...bounded(r, view), bounds(r.bounds, open, { shown: new Map(), learner }), ...kernelSide(view, open, learner));
}

/** The samples a report covers: panels with the same key share the data's facts. */
const dataKey = (r) => `${r.rounds}:${r.samples}:${r.bias}:${r.radius}`;

/**
 * Compare: why the data has no theory, once; else the data's facts once
 * (from the first panel with rounds), then a block per panel with what
 * belongs to its learner. A panel whose rounds differ (a learner switched
 * mid-stream starts its own) shows its own facts in its block.
 */
function compare(figures, open) {
  const out = [];
  const whys = new Map();
  for (const f of figures) {
    const code = f.theory?.why_code;
    if (code) whys.set(code, [...(whys.get(code) ?? []), f]);
  }
  for (const [code, fs] of whys) {
    const who = fs.length === figures.length ? '' : `${fs.map((f) => label(f.pg.algorithm())).join(t(', '))}: `;
    out.push(hint(who + notYet(fs[0].theory)));
  }
  const live = figures.filter((f) => f.theory?.report?.rounds > 0);
  if (!live.length) {
    if (!whys.size) out.push(hint(notYet(figures.map((f) => f.theory).find(Boolean) ?? null)));
    return out;
  }
  const lead = live[0].theory;
  const key = dataKey(lead.report);
  const same = live.filter((f) => dataKey(f.theory.report) === key);
  const data = facts(lead.report, lead, minimisers(same));
  row(data, t('hinge-loss regret'), REGRET()); // what each panel's is
  out.push(element('section', { class: 'theory-data' }, element('h3', {}, t('The samples, for every panel')), data));
  const shown = new Map(); // a no-bound line already explained, by name: the learner it was explained for
  const kernelShown = new Map(); // the same in the kernels' feature spaces
  const blocks = figures.filter((f) => !f.theory?.why_code).map((f) => {
    const name = label(f.pg.algorithm());
    const head = element('h3', { class: 'theory-learner' }, element('i', { class: 'swatch' }), name);
    head.firstChild.style.borderColor = f.color;
    const early = notYet(f.theory);
    if (early) return element('div', { class: 'theory-block' }, head, hint(early));
    const r = f.theory.report;
    const own = dataKey(r) !== key;
    const dl = own ? facts(r, f.theory, minimisers([f])) : element('dl', { class: 'theory-facts' });
    regret(dl, r, true);
    return element('div', { class: 'theory-block' }, head, dl, ...warm(f.theory), ...bounded(r, f.theory), bounds(r.bounds, open, { shown, learner: name, compact: true }), ...kernelSide(f.theory, open, name, kernelShown));
  });
  out.push(element('div', { class: 'theory-learners' }, ...blocks));
  return out;
}

/**
 * The soft-margin minimisers of `figures`' reports, each once: a hinge
 * minimiser per C, and PA-II's squared-hinge one; `who` names the learners
 * whose C it is when they differ.
 */
function minimisers(figures) {
  const found = new Map();
  for (const f of figures) {
    const r = f.theory.report;
    for (const [kind, best] of [['hinge', r.hinge_best], ['squared', r.squared_hinge_best]]) {
      if (!best) continue;
      const key = `${kind}:${best.c}`;
      if (!found.has(key)) found.set(key, { kind, best, who: [] });
      found.get(key).who.push(label(f.pg.algorithm()));
    }
  }
  const list = [...found.values()];
  const hinges = list.filter((m) => m.kind === 'hinge').length;
  for (const m of list) m.who = m.kind === 'hinge' && hinges < 2 ? [] : m.who;
  return list;
}

/** The data's facts: rounds, bias, R, separability, u*, the minimisers and the fewest mistakes. */
function facts(r, view, found) {
  const dl = element('dl', { class: 'theory-facts' });
  row(dl, t('rounds'), r.kept
    ? t('{rounds} rounds; the first {samples} distinct samples kept', { rounds: count(r.rounds), samples: count(r.kept.samples) })
    : t('{rounds} rounds on {samples} distinct samples', { rounds: count(r.rounds), samples: count(r.samples) }));
  row(dl, t('bias'), t(r.bias_form));
  row(dl, 'R = max ‖x̃‖', num(r.radius));
  row(dl, t('separable?'), SETTLED[r.settled]?.() ?? r.settled, ...(r.margin != null ? [`γ* = ${num(r.margin)}`] : []));
  if (r.hard_margin_u) row(dl, 'u*', `(${nums(r.hard_margin_u).join(', ')})`);
  for (const { kind, best, who } of found) {
    const term = kind === 'hinge' ? t('hinge-loss minimiser') : t('squared-hinge minimiser');
    // Past the samples kept, the objective is at the kept rounds' minimiser, not its minimum.
    const min = r.kept ? '' : 'min ';
    const objective = kind === 'hinge' ? `${min}½‖u‖² + C Σ max(0, 1 − y u·x̃)` : `${min}½‖u‖² + C Σ max(0, 1 − y u·x̃)²`;
    const forWhom = who.length ? [t('(for {learners})', { learners: who.join(t(', ')) })] : [];
    row(dl, term, `${objective} = ${num(best.value)}`, `C = ${num(best.c)}`, `u = (${nums(best.u).join(', ')})`, ...forWhom);
  }
  row(dl, t('fewest mistakes'), fewest(r, view));
  return dl;
}

const REGRET = () => t('(the learner\'s Σℓ_t minus the hinge-loss minimiser\'s)');

/** A learner's regret against the comparators (`compact`: what it is, said once above). */
function regret(dl, r, compact = false) {
  const g = r.regret;
  row(dl, t('hinge-loss regret'), perRound(g.hinge, g.rounds), ...(compact ? [] : [REGRET()]));
  const noLine = r.kept ? t('— (not searched past the samples kept)') : t('— (the best line of these very rounds is not found yet)');
  row(dl, t('mistakes regret'), g.zero_one == null ? noLine : perRound(g.zero_one, g.rounds));
}

/** After a mid-stream switch: why the bounds wait for Reset. */
function warm(view) {
  if (view.warm_from == null) return [];
  return [element('p', { class: 'hint theory-warm' }, t('The learner was switched or its setting changed at sample {n}: it went on from the weights it had, and the bounds assume it starts at w = 0. Press Reset to watch them.', { n: count(view.warm_from) }))];
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

/**
 * The bounds, each a statement that opens, its count and value (or why
 * none). A learner's no-bound line already explained for another panel
 * (`shown`, by name) points there instead of saying it again; `compact`
 * (Compare) puts why a bound does not apply inside its statement.
 */
function bounds(list, open, { shown, learner, compact = false }) {
  const items = list.map((b) => {
    const actual = b.counts === 'Σℓ_t²' ? num(b.actual) : count(b.actual);
    if (untranscribed(b) && shown.has(b.name)) {
      return element('li', {}, element('span', { class: 'refused' }, `${t(b.counts)}: ${actual}; ${t('no bound transcribed: as for {learner} above', { learner: shown.get(b.name) })}`));
    }
    if (untranscribed(b)) shown.set(b.name, learner);
    const why = b.value == null && compact ? [element('p', { class: 'refused' }, `${t('no bound')}: ${t(b.reason)}`)] : [];
    const verdict = b.value != null
      ? element('span', { class: b.actual <= b.value ? 'holds' : 'broken' }, `${t(b.counts)}: ${actual} ≤ ${num(b.value)}`, ` ${AT[b.at]?.() ?? ''}${b.gamma != null ? `, γ = ${num(b.gamma)}` : ''}`)
      : element('span', { class: 'refused' }, `${t(b.counts)}: ${actual}; ${t('no bound')}${compact ? '' : `: ${t(b.reason)}`}`);
    // The source after the title, unless the title already cites it (Crammer et al. 2006, Theorem 4).
    const source = b.source && t(b.source) !== boundTitle(b) ? ` (${t(b.source)})` : '';
    const details = element('details', { open: open.has(b.name) },
      element('summary', {}, element('strong', {}, boundTitle(b)), source),
      ...why,
      element('p', {}, t(b.statement)),
      ...(b.unread ? [element('p', { class: 'hint' }, t(b.unread))] : []));
    details.addEventListener('toggle', () => (details.open ? open.add(b.name) : open.delete(b.name)));
    return element('li', {}, verdict, details);
  });
  return element('ul', { class: 'theory-bounds' }, ...items);
}

/** The kernel, as the report gives it (src/theory/kernel/report.rs). */
const KERNEL = {
  gaussian: (r) => t('the Gaussian kernel, σ = {sigma}: k(x, z) = exp(−‖x − z‖²/(2σ²))', { sigma: num(r.sigma) }),
  polynomial: (r) => t('the polynomial kernel of degree {degree}, offset {offset}: k(x, z) = ({offset} + x·z)^{degree}', { degree: count(r.degree), offset: num(r.offset) }),
  linear: () => t('the linear kernel: k(x, z) = x·z'),
};

const KERNEL_SETTLED = {
  separable: () => t('separable in the feature space: some u classifies every sample with a margin'),
  'not-separable': () => t('not separable in the feature space: no u classifies every sample'),
  undecided: () => t('not decided yet: no separator found so far'),
  'no-samples': () => t('no samples yet'),
};

/**
 * A kernel learner's theory in the feature space of its kernel (`view.kernel`,
 * src/playground/theory_kernel.rs): the facts above judge it against lines,
 * these against the functions its kernel can draw, with its own bounds.
 * `shown` (Compare): the no-bound lines already explained in another
 * panel's feature space, which this one points to.
 */
function kernelSide(view, open, learner, shown = null) {
  const side = view?.kernel;
  if (!side) return [];
  const head = element('h3', { class: 'theory-kernel-head' }, t('In the feature space of its kernel'));
  const r = side.report;
  if (!r || r.rounds === 0) return [element('section', { class: 'theory-kernel' }, head, hint(t('Loading…')))];
  const dl = element('dl', { class: 'theory-facts' });
  row(dl, t('kernel'), KERNEL[r.kind]?.(r) ?? r.kernel);
  row(dl, t('rounds'), t('{rounds} rounds on {samples} distinct samples', { rounds: count(r.rounds), samples: count(r.samples) }));
  row(dl, 'R = max √k(x,x)', num(r.radius));
  row(dl, t('separable?'), KERNEL_SETTLED[r.settled]?.() ?? r.settled, ...(r.margin != null ? [`γ* = ${num(r.margin)}`] : []));
  for (const [term, best, loss] of [[t('hinge-loss minimiser'), r.hinge_best, ''], [t('squared-hinge minimiser'), r.squared_hinge_best, '²']]) {
    if (!best) continue;
    row(dl, term, `min ½‖u‖² + C Σ max(0, 1 − y u·φ(x))${loss} = ${num(best.value)}`, `C = ${num(best.c)}`, t('{n} support vectors', { n: count(best.support) }));
  }
  row(dl, t('hinge-loss regret'), perRound(r.regret.hinge, r.regret.rounds));
  const notes = [];
  if (side.stopped) {
    notes.push(t('The kernel side keeps the first {kept} distinct points; every number here is over the {rounds} rounds up to them.', { kept: count(side.kept_limit), rounds: count(r.rounds) }));
  } else if (side.rounds > r.rounds) {
    notes.push(t('Every number here is over the first {rounds} of the {seen} rounds seen; the comparators of all of them are being solved, between frames.', { rounds: count(r.rounds), seen: count(side.rounds) }));
  }
  return [element('section', { class: 'theory-kernel' }, head, dl,
    ...notes.map((note) => element('p', { class: 'hint theory-bounded' }, note)),
    bounds(r.bounds, open, { shown: shown ?? new Map(), learner, compact: !!shown }))];
}
