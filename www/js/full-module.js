// The full module as the page loads it: its code (wasm.js) and its
// learners' texts in the language shown (i18n.js's 'full' part), always
// together. A learner of the full module chosen after any first use of it
// (a kernel learner, the timeline, a file, Save model, an exercise, the
// Python export) then speaks the page's language, and so after a language
// switch. wasm.js's own loadFull is for the workers and tests, which show
// no texts.
import { loadFull } from './wasm.js';
import { usePart } from './i18n.js';

/** The full module and its learners' texts in the language shown (fetched once each). */
export const loadFullWithTexts = () => Promise.all([loadFull(), usePart('full')]);
