// The learner core, in two builds of the same Rust. The page loads the
// first, `onlinelearn` (every learner but the code of the kernel family
// and of LIBOL's learners), and the full one, `onlinelearn_full`, once a
// session needs one of those; from then on new handles come from it. A handle stays in
// the module that made it, and the views below read that module's memory,
// so figures made before the full module arrived keep working.
// The full module comes in parts, loaded by wasm-full.js (a module of its
// own, fetched with the full module: the first load does not carry it).
import init, { Playground as FirstPlayground } from '../pkg/onlinelearn.js';

/** The newest module's handle class: new figures use it. */
export let Playground = FirstPlayground;

const memories = new Map(); // handle class -> its module's memory
let first = null;
let missing = null; // once the full module is in: whether a link needs a part not loaded yet

/** Resolves when the first module is instantiated (the first call starts it). */
export function loadWasm() {
  first ??= init().then((exports) => {
    memories.set(FirstPlayground, exports.memory);
  });
  return first;
}

/** Handed to wasm-full.js: the full module is instantiated; new handles come from it. */
function useFull(handles, memory, needs) {
  memories.set(handles, memory);
  Playground = handles;
  missing = needs;
}

/** wasm-full.js, once the first module is in (it names a link's parts). */
const fullLoader = () => loadWasm().then(() => import('./wasm-full.js'));

/**
 * Resolves when the full module is instantiated, new handles come from
 * it, and the parts the link `hash` needs (with `learner`, a learner about
 * to be chosen) are loaded; without a link, every part.
 */
export function loadFull(hash, learner) {
  return fullLoader().then((full) => full.loadFull(useFull, FirstPlayground, hash, learner));
}

/** Resolves when the full module's parts `names` are loaded (the full module with them). */
export function loadParts(names) {
  return fullLoader().then((full) => full.loadParts(useFull, names));
}

/**
 * Whether the link (with `learner`, about to be chosen) needs code not
 * loaded yet: the full module, or one of its parts.
 */
export function needsFull(hash, learner) {
  return missing ? missing(hash, learner) : FirstPlayground.needs_full(hash, learner);
}

/**
 * Whether an error is a trap in wasm (a panic, or a handle used while
 * borrowed), after which the handle may be unusable and must be rebuilt.
 */
export function isTrap(error) {
  const text = error?.message ?? String(error);
  return error instanceof WebAssembly.RuntimeError || /unreachable|recursive use|null pointer/i.test(text);
}

/** Float64Array view of `pg`'s module memory; take a new one after any wasm call (memory may grow). */
export function f64View(pg, ptr, length) {
  return new Float64Array(memories.get(pg.constructor).buffer, ptr, length);
}

export function u8View(pg, ptr, length) {
  return new Uint8Array(memories.get(pg.constructor).buffer, ptr, length);
}

export function f32View(pg, ptr, length) {
  return new Float32Array(memories.get(pg.constructor).buffer, ptr, length);
}
