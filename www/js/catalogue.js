// The learners and settings, as the learner core describes them (its
// registry and settings table): the page's menus, controls, tooltips and
// explanation panel all read this, so a new learner or setting needs no
// change here. Asked of wasm once.
import { Playground } from './wasm.js';

let cached = null;

/** { learners, settings, presets } (after loadWasm). */
export function catalogue() {
  cached ??= Playground.catalogue();
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
/** AROW and SCW: linear, with a covariance over the weights. */
export const isSecondOrder = (name) => learner(name)?.family === 'second-order';

/** The learner menu's groups, in order: [family, heading]. */
export const FAMILIES = [['linear', 'Linear'], ['second-order', 'Second-order (confidence)'], ['kernel', 'Kernel']];

/** The learners that can learn a task, in the registry's order. */
export function learnersFor(task) {
  return catalogue().learners.filter((l) => task === 'classification' || l.regression);
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
