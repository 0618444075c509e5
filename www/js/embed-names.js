// The names of the <online-learner> element's attributes and controls,
// with no import: the build's scripts read them without the wasm module
// (the book's page of attributes, xtask/attribute-docs.mjs), the element
// through embed-attributes.js.

/** An exercise's keys (the Exercises view's, and the element's attributes), read and checked by exercise-settings.js when it loads. */
export const EXERCISE_KEYS = ['exercise', 'rounds', 'tries', 'score', 'reveal'];
/** The element's own attributes that rebuild the figure when they change (`autoplay` is read once, at the start). */
export const OWN_ATTRIBUTES = ['state', 'controls', 'explain', 'curves', 'frontier', 'theory', 'truth', 'speed', 'label', 'lang', 'empty', ...EXERCISE_KEYS];
export const CONTROLS = ['play', 'step', 'reset', 'c', 'noise', 'algo', 'speed', 'class', 'gif', 'theory', 'truth', 'timeline', 'command', 'python'];
export const DEFAULT_CONTROLS = ['play', 'step', 'reset'];

/** The attributes that are session settings in a catalogue: the learner (`algo`), then every setting of the table. */
export const settingNamesOf = (table) => ['algo', ...table.settings.map((s) => s.name)];
