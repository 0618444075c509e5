// The <online-learner> element's attributes: which are session settings,
// which controls it offers, and the link they describe.
import { pairs } from './state.js';

/**
 * Attributes that are session settings: the link's keys (every setting of
 * the learner core's table, by the name the link uses) and the learner.
 * Listed here because the element declares them before wasm (and so the
 * table) is loaded; tests/e2e/embed.test.mjs checks the list against it.
 */
export const SETTINGS = ['algo', 'c', 'eps', 'lr', 'bias', 'kernel', 'sigma', 'degree', 'offset', 'budget', 'eta', 'nu', 'q', 'lambda', 'rho', 'radius', 'dictionary', 'horizon', 'olru-c', 'olru-a', 'olrd-c', 'olrd-form', 'spa-form', 'spa-alpha', 'spa-beta', 'r', 'confidence', 'initial-variance', 'covariance', 'alma-form', 'alma-alpha', 'alma-c', 'romma-form', 'ogd-loss', 'sop-form', 'cw-form', 'cw-eta', 'iellip-form', 'iellip-b', 'iellip-c', 'narow-b', 'ballseptron-r', 'paum-tau-plus', 'paum-tau-minus', 'shifting-lambda', 'pegasos-lambda', 'winnow-alpha', 'winnow-theta', 'selective-b', 'noise', 'seed', 'preset', 'multiclass', 'classes'];
export const CONTROLS = ['play', 'step', 'reset', 'c', 'noise', 'algo', 'speed', 'class', 'gif', 'theory', 'truth', 'timeline', 'command', 'python'];
export const DEFAULT_CONTROLS = ['play', 'step', 'reset'];

/** The hash for a `state` attribute with setting attributes on top. */
export function hashFrom(stateText, settings) {
  const keys = new Map(pairs(stateText ?? ''));
  for (const [key, value] of Object.entries(settings)) {
    if (value !== null) keys.set(key, encodeURIComponent(value).replace(/%2B/gi, '+'));
  }
  return [...keys].map(([k, v]) => `${k}=${v}`).join('&');
}

