// The <online-learner> element's attributes: its own, the session
// settings, which controls it offers, and the link they describe.
import { EXERCISE_KEYS, emptied, pairs } from './state.js';
import { catalogue } from './catalogue.js';
import { settingNamesOf } from './embed-names.js';

export { CONTROLS, DEFAULT_CONTROLS, OWN_ATTRIBUTES } from './embed-names.js';

/**
 * The attributes that are session settings, by the names the link uses:
 * the learner (`algo`) and every setting of the learner core's table, read
 * from the wasm module's catalogue (so, only once it is loaded), so that a
 * new setting is an attribute with no edit here. The build's scripts pass
 * the catalogue they loaded (xtask/pack-types.mjs, widget-bundle.mjs).
 */
export const settingNames = (table = catalogue()) => settingNamesOf(table);

export const isSetting = (name) => settingNames().includes(name);

/**
 * The hash for a `state` attribute with setting attributes on top; with
 * `empty=1` (the `empty` attribute, or in `state`) it starts with nothing
 * learned: the state's log is left out (state.js, emptied).
 */
export function hashFrom(stateText, settings) {
  const keys = new Map(pairs(stateText ?? ''));
  for (const [key, value] of Object.entries(settings)) {
    if (value !== null) keys.set(key, encodeURIComponent(value).replace(/%2B/gi, '+'));
  }
  return emptied([...keys].map(([k, v]) => `${k}=${v}`).join('&'));
}
