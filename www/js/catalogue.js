// The learners and settings, as the learner core describes them (its
// registry and settings table): the page's menus, controls, tooltips and
// explanation panel all read this, so a new learner or setting needs no
// change here. Asked of each module once: the full module's also holds
// the texts of the learners whose code the first leaves out (the kernel
// family's and LIBOL's: rules, verdicts, their settings' help).
import { Playground } from './wasm.js';
import { t } from './i18n.js';

let cached = null;
let from = null; // the module class `cached` came from

/** { learners, settings, presets } (after loadWasm), from the newest module loaded. */
export function catalogue() {
  if (from !== Playground) {
    cached = Playground.catalogue();
    from = Playground;
  }
  return cached;
}

export function learner(name) {
  return catalogue().learners.find((l) => l.name === name);
}

/** A learner's name for people ("PA-I"); the name itself if unknown. */
export function label(name) {
  return learner(name)?.label ?? name;
}

export function setting(name) {
  return catalogue().settings.find((s) => s.name === name);
}

export const isKernel = (name) => learner(name)?.family === 'kernel';
/** AROW, SCW and LIBOL's SOP, CW, IELLIP, NAROW, NHERD: linear, with a covariance over the weights. */
export const isSecondOrder = (name) => learner(name)?.family === 'second-order';

/** The learner menu's groups, in order: [family, heading()]. */
export const FAMILIES = [['linear', () => t('Linear')], ['second-order', () => t('Second-order (confidence)')], ['kernel', () => t('Kernel')]];

/**
 * The learners that can learn a task, in the registry's order; with more
 * than two `classes`, those that the `reduction` takes.
 */
export function learnersFor(task, classes = 2, reduction = 'one-vs-rest') {
  return catalogue().learners.filter((l) => (task === 'classification' || l.regression) && (classes <= 2 || l.multiclass.includes(reduction)));
}

/**
 * What a learner cannot take, as 'setting=word': its refused choices, the
 * reductions it has no part in, and (a kernel learner) the presets of more
 * than two classes.
 */
export function refusals(name) {
  const card = learner(name);
  if (!card) return [];
  const out = card.refused.map(([key, word]) => `${key}=${word}`);
  for (const word of setting('multiclass').words) if (!card.multiclass.includes(word)) out.push(`multiclass=${word}`);
  if (card.multiclass.length === 0) {
    for (const p of catalogue().presets) if (p.classes > 2) out.push(`preset=${p.name}`);
  }
  return out;
}

/**
 * What the learners `names` refuse (see `refusals`), each 'setting=word'
 * with the names for people of the learners that refuse it: the reason a
 * greyed-out choice gives.
 */
export function refusedBy(names) {
  const by = new Map();
  for (const name of new Set(names)) {
    for (const key of refusals(name)) by.set(key, [...(by.get(key) ?? []), label(name)]);
  }
  return by;
}

/** The eight learners Meng & Song (2023) compare. */
export function paperLearners() {
  return catalogue().learners.filter((l) => l.in_paper).map((l) => l.name);
}

/** The presets of a task. */
export function presetsFor(task) {
  return catalogue().presets.filter((p) => p.task === task).map((p) => p.name);
}

/**
 * The settings whose value `name` refuses, with the first value it takes
 * instead: [{ key, word, accepted }].
 */
export function replacements(name, settings) {
  const refused = learner(name)?.refused ?? [];
  const refuses = (key, word) => refused.some(([k, w]) => k === key && w === word);
  return refused
    .filter(([key, word]) => settings[key] === word)
    .map(([key, word]) => ({ key, word, accepted: setting(key).words.find((w) => !refuses(key, w)) }));
}
