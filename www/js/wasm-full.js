// The page's full wasm module, in parts (xtask/split-wasm.mjs): a primary,
// and a module for each learner family, one for the Theory layer and one
// for file loading, each fetched the first time a session needs it and
// instantiated into the primary's memory and tables. A session's parts are
// loaded before it is built (wasm.js `loadFull(hash)`). Imported by
// wasm.js when the full module is first wanted, so the first load does
// not carry this code; wasm.js hands it `use`, its own `useFull` (this
// module imports nothing of wasm.js: no circle).

/** The module of each part `Playground.parts` names (each a literal, for the npm package's asset scan). */
const PART_FILES = {
  kernel: new URL('../pkg/onlinelearn_full_kernel.wasm', import.meta.url),
  libol: new URL('../pkg/onlinelearn_full_libol.wasm', import.meta.url),
  relatives: new URL('../pkg/onlinelearn_full_relatives.wasm', import.meta.url),
  'second-order': new URL('../pkg/onlinelearn_full_second-order.wasm', import.meta.url),
  theory: new URL('../pkg/onlinelearn_full_theory.wasm', import.meta.url),
  files: new URL('../pkg/onlinelearn_full_files.wasm', import.meta.url),
};

let full = null;
let primary = null; // the full module's exports, which its parts import
let Playground = null; // the full module's handle class
const compiled = new Map(); // a part's file -> the promise of its compiled module
const parts = new Map(); // a part's name -> the promise of its instance
const loaded = new Set(); // the part names whose module is instantiated

/** A part's module, compiled as it downloads (once; a failed download can be tried again). */
function compilePart(file) {
  let compiling = compiled.get(file.href);
  if (!compiling) {
    compiling = WebAssembly.compileStreaming(fetch(file))
      // A server that does not send application/wasm: compile the bytes.
      .catch(() => fetch(file).then((r) => {
        if (!r.ok) throw new Error(`${file}: ${r.status}`);
        return r.arrayBuffer();
      }).then((bytes) => WebAssembly.compile(bytes)));
    compiling.catch(() => compiled.delete(file.href));
    compiled.set(file.href, compiling);
  }
  return compiling;
}

/** Resolves when the full module's primary is instantiated and, told to `use`, wasm.js makes new handles from it. */
function loadPrimary(use) {
  full ??= import('../pkg/onlinelearn_full.js').then(async (module) => {
    primary = await module.default();
    Playground = module.Playground;
    use(Playground, primary.memory, (hash, learner) => Playground.parts(hash, learner ?? undefined).some((name) => !loaded.has(name)));
  });
  full.catch(() => { full = null; }); // a failed download can be tried again
  return full;
}

/** A part of the full module instantiated into the primary (once). */
function loadPart(name) {
  let loading = parts.get(name);
  if (!loading) {
    loading = Promise.all([compilePart(PART_FILES[name]), full])
      .then(([module]) => WebAssembly.instantiate(module, { primary }))
      .then(() => { loaded.add(name); });
    loading.catch(() => parts.delete(name));
    parts.set(name, loading);
  }
  return loading;
}

/** The parts `names` and the primary, downloading side by side. */
export function loadParts(use, names) {
  for (const name of names) compilePart(PART_FILES[name]);
  return loadPrimary(use).then(() => Promise.all(names.map(loadPart)));
}

/**
 * The full module with the parts the link `hash` needs (with `learner`,
 * about to be chosen; `first`, the first module's handle class, names
 * them before the primary arrives); without a link, every part.
 */
export function loadFull(use, first, hash, learner) {
  return loadParts(use, hash === undefined ? Object.keys(PART_FILES) : first.parts(hash, learner ?? undefined));
}
