// The learner core, in two builds of the same Rust. The page loads the
// first, `onlinelearn` (every learner but the code of the kernel family,
// LIBOL's, the second-order and the perceptron's relatives), and the full
// one, `onlinelearn_full`, whole (one file, docs/build.md), once a session
// needs one of those, the Theory layer, a file or the timeline; from then
// on new handles come from it. A handle stays in the module that made it,
// and the views below read that module's memory, so figures made before
// the full module arrived keep working.
import init, { Playground as FirstPlayground } from '../pkg/onlinelearn.js';

/** The newest module's handle class: new figures use it. */
export let Playground = FirstPlayground;

const memories = new Map(); // handle class -> its module's memory
let first = null;
let full = null;

/** Resolves when the first module is instantiated (the first call starts it). */
export function loadWasm() {
  first ??= init().then((exports) => {
    memories.set(FirstPlayground, exports.memory);
  });
  return first;
}

/** Resolves when the full module is instantiated and new handles come from it (the first call starts it). */
export function loadFull() {
  full ??= loadWasm()
    .then(() => import('../pkg/onlinelearn_full.js'))
    .then(async (module) => {
      const exports = await module.default();
      memories.set(module.Playground, exports.memory);
      Playground = module.Playground;
    });
  full.catch(() => { full = null; }); // a failed download can be tried again
  return full;
}

/** Whether only the first module is loaded (a session that needs the full one must move there). */
export const firstModuleOnly = () => Playground === FirstPlayground;

/** Whether the module loaded lacks code the link runs (or `learner`, about to be chosen). */
export function needsFull(hash, learner) {
  return Playground === FirstPlayground && FirstPlayground.needs_full(hash, learner);
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
