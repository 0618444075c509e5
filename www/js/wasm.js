// Loads the learner core once; every figure on the page shares the instance.
import init, { Playground } from '../pkg/onlinelearn.js';

let ready = null;
let memory = null;

/** Resolves when the wasm module is instantiated (the first call starts it). */
export function loadWasm() {
  ready ??= init().then((exports) => {
    memory = exports.memory;
  });
  return ready;
}

export { Playground };

/**
 * Whether an error is a trap in wasm (a panic, or a handle used while
 * borrowed), after which the handle may be unusable and must be rebuilt.
 */
export function isTrap(error) {
  const text = error?.message ?? String(error);
  return error instanceof WebAssembly.RuntimeError || /unreachable|recursive use|null pointer/i.test(text);
}

/** Float64Array view of wasm memory; take a new one after any wasm call (memory may grow). */
export function f64View(ptr, length) {
  return new Float64Array(memory.buffer, ptr, length);
}

export function f32View(ptr, length) {
  return new Float32Array(memory.buffer, ptr, length);
}
