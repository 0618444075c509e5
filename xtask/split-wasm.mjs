// Splits the page's full wasm module into a primary module and one small
// module per part (a learner family, the Theory layer, file loading), each
// loaded on first use into the primary's instance (www/js/wasm.js).
//
//   node xtask/split-wasm.mjs FULL_BG.wasm FIRST.wasm OUT_DIR REPORT.txt
//
// FULL_BG.wasm: the full module as wasm-bindgen wrote it, names kept;
// FIRST.wasm: the page's first module as rustc wrote it (its names only).
// Writes the primary over FULL_BG.wasm and OUT_DIR/onlinelearn_full_<part>.wasm,
// and prints which functions went where (target/wasm-split.txt).
//
// Why by hand, over binaryen.js: binaryen's own wasm-split is not in npm's
// binaryen package, and Debian's (binaryen 108) cannot read wasm-bindgen's
// output (its table.fill) and splits off one module a run.
//
// How a part is split off (as wasm-split does, without its placeholders):
// its functions are copied into a module of their own, which imports the
// primary's memory, tables, globals and every other function it calls; in
// the primary each moved function becomes a stub that calls through a
// table of its own ("parts"), whose slots the part's module fills when it
// is instantiated. A stub called before its part is loaded traps ("null
// function"): the page loads a session's parts before it builds it
// (Playground.parts, src/wasm/page.rs).
//
// Which functions move: a part's seeds are the functions named in its Rust
// modules (PARTS below) that the first module does not have (the first is
// built without the parts' features, so what it has, base code calls) and
// that no settings check reaches (ALWAYS). A
// part takes every function reachable from its seeds and from no root of
// the primary: the exports and table entries, walked without entering any
// seed. A function two parts reach stays in the primary.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import binaryen from 'binaryen';

/**
 * Each part and the Rust paths whose functions seed it: a learner family
 * (named as src/registry/parts.rs names it), the Theory layer, the files.
 * A family's part is sound only because the full module is built without
 * LLVM's MergeFunctions (xtask `keep_functions_apart`): with it, two
 * families' functions of the same code became one, named after one
 * family (the Ballseptron's `score` ran as ROMMA's), and a relatives'
 * learner called into LIBOL's part.
 */
const PARTS = {
  kernel: ['onlinelearn::kernel::'],
  libol: ['onlinelearn::libol::'],
  relatives: ['onlinelearn::relatives::', 'onlinelearn::multiclass::banditron', 'onlinelearn::multiclass::ultraconservative'],
  // Not src/linear/covariance.rs nor normal_quantile.rs: the page draws
  // any learner's covariance band through them.
  'second-order': ['onlinelearn::linear::second_order'],
  theory: ['onlinelearn::theory::', 'robust::'],
  files: ['onlinelearn::wasm::files'],
};

/**
 * Who may call into each part from the primary: the dispatch to a learner
 * (its arms, its default methods, its drop and clone, what reads a kernel
 * learner's support set), the Theory layer's own code, the file exports.
 * A call from anywhere else means a base path that reaches a part (say,
 * a learner's method inlined into the session's code): the build stops
 * and names it, rather than ship a page that traps ("null function")
 * before the part is loaded.
 */
const LEARNER_DISPATCH = /onlinelearn::registry::AnyLearner|onlinelearn::multiclass::Multiclass::|onlinelearn::learner::Learner::|drop_in_place<onlinelearn::(registry|multiclass)|onlinelearn::playground::export::ModelExport::new|onlinelearn::playground::model::Model::test_score|<impl onlinelearn::playground::session::Session>::support_vectors|core::iter::adapters::cloned::Cloned/;
const CALLERS = {
  kernel: LEARNER_DISPATCH,
  libol: LEARNER_DISPATCH,
  relatives: LEARNER_DISPATCH,
  'second-order': LEARNER_DISPATCH,
  theory: /onlinelearn::playground::theory_(part|live)::|onlinelearn::wasm::theory::|drop_in_place<onlinelearn::playground::theory_(part|live)|serde_wasm_bindgen::ser::ObjectSerializer as serde_core::ser::SerializeStruct>::serialize_field/,
  files: /^playground_[a-z_]+$/,
};

/**
 * Code every build runs on any learner, whatever it reaches: a learner's
 * settings are checked (and the catalogue lists what each refuses) before
 * its part is loaded, so the checks stay in the primary.
 */
const ALWAYS = ['onlinelearn::registry::Algorithm::check', 'onlinelearn::registry::rules::', 'onlinelearn::registry::catalogue::'];

const [fullPath, firstPath, outDir, reportPath] = process.argv.slice(2);
const fullBytes = readFileSync(fullPath);
/** The features rustc and wasm-bindgen emit (as wasm-opt's flags in xtask): no more, or binaryen writes newer encodings. */
const FEATURES = ['MVP', 'SIMD128', 'BulkMemory', 'BulkMemoryOpt', 'SignExt', 'MutableGlobals', 'NontrappingFPToInt', 'Multivalue', 'ReferenceTypes']
  .reduce((all, name) => all | binaryen.Features[name], 0);
const read = (bytes) => {
  const module = binaryen.readBinary(bytes);
  module.setFeatures(FEATURES);
  return module;
};

/** A name without rustc's hash and crate disambiguators (they differ between builds). */
const plain = (name) => name.replace(/::h[0-9a-f]{16}$/, '').replace(/\[[0-9a-f]{16}\]/g, '');

/** A function's name in binaryen's text (`$name` or `$"name with spaces"`), and the forms that hold one. */
const NAME = String.raw`\$("(?:[^"\\]|\\.)*"|[^\s()]+)`;
const FUNC_HEAD = new RegExp(`^ \\(func ${NAME}`);
const FUNC = new RegExp(`\\(func ${NAME}`);
const EXPORTED_FUNC = new RegExp(`\\(func ${NAME}\\)`);
const NAMES = new RegExp(NAME, 'g');
const CALLS = new RegExp(`\\((?:call|return_call|ref\\.func) ${NAME}`, 'g');
const IMPORTED = new RegExp(`\\(import "primary" "(~[^"]+)" \\((func|global|table) ${NAME}`, 'g');
const unquote = (n) => (n.startsWith('"') ? n.slice(1, -1).replace(/\\(.)/g, '$1') : n);

/** The functions of a module's text, with what each calls or takes the address of; its exports and table entries. */
function graph(text) {
  const calls = new Map();
  const roots = [];
  let current = null;
  for (const line of text.split('\n')) {
    if (line.startsWith(' (func ')) {
      current = unquote(line.match(FUNC_HEAD)[1]);
      calls.set(current, new Set());
      if (line.includes('(import ')) current = null;
    } else if (line.startsWith(' (import ') && line.includes('(func ')) {
      calls.set(unquote(line.match(FUNC)[1]), new Set());
    } else if (line.startsWith(' (export ')) {
      const m = line.match(EXPORTED_FUNC);
      if (m) roots.push(unquote(m[1]));
    } else if (line.startsWith(' (elem ')) {
      for (const m of line.matchAll(NAMES)) roots.push(unquote(m[1]));
      current = null;
    } else if (line.startsWith(' (')) {
      current = null;
    } else if (current) {
      for (const m of line.matchAll(CALLS)) calls.get(current).add(unquote(m[1]));
    }
  }
  return { calls, roots: roots.filter((r) => calls.has(r)) };
}

function reach(calls, from, stop) {
  const seen = new Set();
  const todo = [...from];
  while (todo.length) {
    const name = todo.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    for (const callee of calls.get(name) ?? []) if (!seen.has(callee) && !stop.has(callee)) todo.push(callee);
  }
  return seen;
}

/** Each part's functions, in the full module's order. */
function classify(full) {
  binaryen.setDebugInfo(true);
  const firstNames = new Set([...graph(read(readFileSync(firstPath)).emitText()).calls.keys()].map(plain));
  const { calls, roots } = graph(full.emitText());
  const imported = new Set(functionNames(full).filter((n) => binaryen.getFunctionInfo(full.getFunction(n)).module));
  const partOf = (name) => Object.keys(PARTS).find((part) => PARTS[part].some((path) => name.includes(path)));
  const always = reach(calls, [...calls.keys()].filter((n) => ALWAYS.some((path) => n.includes(path))), new Set());
  const seeds = new Map();
  for (const name of calls.keys()) {
    const part = !imported.has(name) && !firstNames.has(plain(name)) && !always.has(name) ? partOf(name) : undefined;
    if (part) seeds.set(name, part);
  }
  const seeded = new Set(seeds.keys());
  const primary = reach(calls, [...roots.filter((r) => !seeded.has(r)), ...always], seeded);
  const owners = new Map();
  for (const part of Object.keys(PARTS)) {
    const mine = [...seeds].filter(([, p]) => p === part).map(([name]) => name);
    for (const name of reach(calls, mine, primary)) {
      if (!primary.has(name) && !imported.has(name)) owners.set(name, [...(owners.get(name) ?? []), part]);
    }
  }
  const parts = Object.fromEntries(Object.keys(PARTS).map((part) => [part, []]));
  for (const name of functionNames(full)) {
    const of = owners.get(name);
    if (of?.length === 1) parts[of[0]].push(name);
  }
  // The primary's calls into a part: each should be a dispatch to a learner (or layer) of that part.
  const entries = [];
  const stray = [];
  const moved = new Map(Object.entries(parts).flatMap(([part, names]) => names.map((n) => [n, part])));
  for (const [caller, callees] of calls) {
    if (moved.has(caller)) continue;
    for (const callee of callees) {
      const part = moved.get(callee);
      if (!part) continue;
      const entry = `${part}\t${plain(caller)} -> ${plain(callee)}`;
      entries.push(entry);
      if (!CALLERS[part].test(plain(caller))) stray.push(entry);
    }
  }
  if (stray.length) throw new Error(`the primary calls into a part from outside its dispatch (see CALLERS):\n${stray.join('\n')}`);
  return { parts, entries };
}

function functionNames(module) {
  return Array.from({ length: module.getNumFunctions() }, (_, i) => binaryen.getFunctionInfo(module.getFunctionByIndex(i)).name);
}

const full = read(fullBytes);
const { parts, entries } = classify(full);
full.dispose();

// Slots in the "parts" table: each part's functions, one after another.
const slot = new Map();
for (const names of Object.values(parts)) for (const name of names) slot.set(name, slot.size);

// Each part's module; what it imports, the primary exports (short names).
const wanted = new Map(); // export name -> [kind, internal name]
const sizes = [];
for (const [part, names] of Object.entries(parts)) {
  if (!names.length) continue;
  const mine = new Set(names);
  const module = read(fullBytes);
  functionNames(module).forEach((name, index) => {
    if (mine.has(name)) return;
    const info = binaryen.getFunctionInfo(module.getFunction(name));
    module.removeFunction(name);
    module.addFunctionImport(name, 'primary', `~f${index.toString(36)}`, info.params, info.results);
  });
  for (let i = module.getNumElementSegments() - 1; i >= 0; i--) module.removeElementSegment(binaryen.getElementSegmentInfo(module.getElementSegmentByIndex(i)).name);
  for (let i = module.getNumExports() - 1; i >= 0; i--) module.removeExport(binaryen.getExportInfo(module.getExportByIndex(i)).name);
  const globals = Array.from({ length: module.getNumGlobals() }, (_, i) => binaryen.getGlobalInfo(module.getGlobalByIndex(i)));
  globals.forEach((g, i) => {
    module.removeGlobal(g.name);
    module.addGlobalImport(g.name, 'primary', `~g${i}`, g.type, g.mutable);
  });
  const tables = Array.from({ length: module.getNumTables() }, (_, i) => binaryen.getTableInfo(module.getTableByIndex(i)));
  tables.forEach((t, i) => module.addTableImport(t.name, 'primary', `~t${i}`));
  module.addTable('parts', slot.size, slot.size);
  module.addTableImport('parts', 'primary', '~parts');
  module.addActiveElementSegment('parts', 'part', names, module.i32.const(slot.get(names[0])));
  module.addMemoryImport('0', 'primary', 'memory');
  // Its data is the primary's (one memory): only the code moves.
  module.runPasses(['remove-memory-init', 'remove-unused-module-elements']);
  const text = module.emitText();
  if (!module.validate()) throw new Error(`the ${part} module does not validate`);
  for (const m of text.matchAll(IMPORTED)) wanted.set(m[1], [m[2], unquote(m[3])]);
  binaryen.setDebugInfo(false);
  const file = join(outDir, `onlinelearn_full_${part}.wasm`);
  writeFileSync(file, module.emitBinary());
  binaryen.setDebugInfo(true);
  sizes.push(`${part}: ${names.length} functions`);
  module.dispose();
}

// The primary: each moved function a stub through the "parts" table.
const primary = read(fullBytes);
primary.addTable('parts', slot.size, slot.size);
for (const [name, index] of slot) {
  const info = binaryen.getFunctionInfo(primary.getFunction(name));
  const params = binaryen.expandType(info.params).map((type, i) => primary.local.get(i, type));
  const stub = primary.call_indirect('parts', primary.i32.const(index), params, info.params, info.results);
  primary.removeFunction(name);
  primary.addFunction(name, info.params, info.results, [], stub);
}
primary.addTableExport('parts', '~parts');
for (const [ext, [kind, name]] of wanted) {
  if (ext === '~parts') continue;
  if (kind === 'func') primary.addFunctionExport(name, ext);
  else if (kind === 'global') primary.addGlobalExport(name, ext);
  else primary.addTableExport(name, ext);
}
if (!primary.validate()) throw new Error('the primary module does not validate');
binaryen.setDebugInfo(false);
writeFileSync(fullPath, primary.emitBinary());
writeFileSync(reportPath, `${sizes.join('\n')}\n\nThe primary's calls into a part:\n${entries.sort().join('\n')}\n`);
console.log(`split the full module: ${sizes.join(', ')}; ${entries.length} calls from the primary into them (${reportPath})`);
