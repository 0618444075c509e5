// The messages the page looks up, found where they are written: the static
// markup of the playground, the embed frame and the blog example (walked in
// a browser by the same walker that translates them), every t() and plural()
// in the page's code, the learner core's catalogue (rules, notes, setting
// names and help) and the core's message codes (src/error/message.rs,
// read from the wasm module: each code is a key, translated from its
// English template).
// Every language's catalogue must hold exactly these keys.
//
//   node tests/i18n/keys.mjs                print the keys
//   node tests/i18n/keys.mjs --missing ja   the keys ja lacks, as JSON to fill in, by part file
//   node tests/i18n/keys.mjs --split        writes each key into its part's file (www/i18n/[part/]<lang>.json)
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, serve, launch } from '../e2e/harness.mjs';

export const LANGUAGES = ['zh-CN', 'ja', 'it'];
export const PAGES = ['index.html', 'embed.html', 'examples/blog.html'];

/** Where a language's catalogue lives. */
export const cataloguePath = (tag) => join(ROOT, 'www', 'i18n', `${tag}.json`);

/** The string literals at the top level of each t(...) and plural(...) call in `source`. */
export function codeKeys(source) {
  const keys = [];
  const call = /(?<![\w.])(t|plural)\(/g;
  for (const found of source.matchAll(call)) {
    let depth = 0;
    for (let i = found.index + found[0].length; i < source.length; i++) {
      const c = source[i];
      if (c === "'" || c === '"' || c === '`') {
        // The closing quote: the next one not escaped by a backslash.
        let end = i + 1;
        while (end < source.length && source[end] !== c) end += source[end] === '\\' ? 2 : 1;
        if (depth === 0 && !(c === '`' && source.slice(i, end).includes('${'))) keys.push(source.slice(i + 1, end).replace(/\\(.)/g, '$1'));
        i = end;
      } else if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) {
        if (depth === 0) break;
        depth--;
      }
    }
  }
  return keys;
}

async function sources(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !['pkg', 'i18n', 'data'].includes(entry.name)) out.push(...await sources(path));
    else if (entry.name.endsWith('.js')) out.push(path);
  }
  return out;
}

/**
 * The modules loaded on first use, by the catalogue part their keys belong
 * to ('full': with the full module, whose reductions only they explain).
 */
const LAZY_MODULES = { theory: ['theory.js', 'theory-panel.js'], truth: ['truth.js', 'truth-handles.js'], python: ['python.js'], data: ['data-in.js'], save: ['save-buttons.js', 'gif-export.js', 'export.js'], classes: ['explain-classes.js'], full: ['explain-reductions.js', 'asked-curve.js', 'frontier-chart.js'], compare: ['compare-families.js'], embed: ['embed.js', 'embed-controls.js', 'embed-panels.js'], exercise: ['exercise.js', 'exercise-settings.js', 'exercise-draw.js', 'exercise-view.js', 'exercise-where-next.js', 'exercise-you-vs-learner.js', 'exercise-adversary.js', 'exercise-by-hand.js', 'exercise-by-hand-rule.js'] };

/**
 * The core's message codes that only a loaded file brings (its lines'
 * faults, its notes): shown once data-in.js is loaded, so in its part.
 */
const DATA_CODES = /^(line|expected-pair|index-.*|field-count|training-width|too-few-fields|no-label-column|label-not-.*|value-not-.*|no-rows|no-valid-rows|no-data|file-classes|file-off-plane|replayed-on-file|not-the-file|switched-.*|io)$/;
const partOf = (file) => Object.keys(LAZY_MODULES).find((part) => LAZY_MODULES[part].some((name) => file.endsWith(`/js/${name}`) || file.endsWith(`/www/${name}`))) ?? '';

/** Every key of the page's code (`part`: only that lazy part's modules; '' all the others). */
export async function allCodeKeys({ part = '' } = {}) {
  const keys = [];
  for (const file of await sources(join(ROOT, 'www'))) {
    if (partOf(file) === part) keys.push(...codeKeys(await readFile(file, 'utf8')));
  }
  return keys;
}

/**
 * The markup's keys per page and the core catalogue's, read in a browser
 * from the built site: { pages: { path: keys }, full: keys, core: keys }
 * (`full`: the texts of the learners whose code is in the full module,
 * the kernel family's and LIBOL's, and of the settings only they read).
 */
export async function browserKeys(context, url) {
  const page = await context.newPage();
  await page.goto(`${url}/embed.html`);
  const found = await page.evaluate(async (paths) => {
    const { units } = await import('./js/i18n-load.js');
    const wasm = await import('./js/wasm.js');
    const pages = {};
    for (const path of paths) {
      const html = await (await fetch(path)).text();
      const doc = new DOMParser().parseFromString(html, 'text/html');
      pages[path] = units(doc.documentElement).map((u) => u.text);
    }
    // The learners whose code only the full module holds (the kernel
    // family, LIBOL's): the first module's catalogue leaves their texts out.
    await wasm.loadWasm();
    const first = (await import('./pkg/onlinelearn.js')).Playground.catalogue();
    const fullOnly = new Set(first.learners.filter((l) => !l.rule).map((l) => l.name));
    // The full module's catalogue has every text.
    await wasm.loadFull();
    const catalogue = wasm.Playground.catalogue();
    const full = [];
    const core = [];
    const others = new Set(catalogue.learners.filter((l) => !fullOnly.has(l.name)).flatMap((l) => l.settings));
    for (const l of catalogue.learners) (fullOnly.has(l.name) ? full : core).push(l.rule, l.passive, l.note, l.step, l.update, l.source, ...l.branches);
    for (const s of catalogue.settings) (s.scope === 'learner' && !others.has(s.name) ? full : core).push(s.label, s.help);
    // Why a learner refuses a choice (AROW's bias decoupled), where the core says it in a sentence of
    // its own rather than a message code: asked of the module by opening the refused link.
    const plainTexts = (m) => (m?.code === 'plain' ? [m.args.text.text] : Object.values(m?.args ?? {}).flatMap((a) => plainTexts(a.message)));
    for (const l of catalogue.learners) {
      for (const [key, word] of l.refused) {
        try {
          new wasm.Playground(`#algo=${l.name}&${key}=${encodeURIComponent(word)}`).free();
        } catch (error) {
          (fullOnly.has(l.name) ? full : core).push(...plainTexts(error));
        }
      }
    }
    // The Theory layer's words from the core: its theorems, sources, counts and reasons.
    const theory = wasm.Playground.theory_texts();
    // The core's messages: [code, English template] each.
    const messages = wasm.Playground.message_codes();
    // The keyboard shortcuts' help, made when asked for (its markup is in its module).
    const { MARKUP } = await import('./js/help-dialog.js');
    const help = units(new DOMParser().parseFromString(`<dialog>${MARKUP}</dialog>`, 'text/html').body).map((u) => u.text);
    return { pages, full, core, theory, messages, help };
  }, PAGES);
  await page.close();
  const wordy = (keys) => keys.filter((k) => /\p{L}{2}/u.test(k ?? ''));
  return {
    pages: Object.fromEntries(Object.entries(found.pages).map(([path, keys]) => [path, wordy(keys)])),
    full: wordy(found.full),
    core: wordy(found.core),
    theory: wordy(found.theory),
    messages: found.messages,
    help: wordy(found.help),
  };
}

/**
 * Every key, sorted, once, and the catalogue part each belongs to (and,
 * as `templates`, each core message code's English template): 'blog'
 * (the example post's prose, fetched by that post only), 'full' (the full
 * module's learners, fetched with it), 'theory' (with the Theory layer), 'truth' (with the
 * teacher's hand), 'python' (with Copy as Python), 'data' (with a file:
 * data-in.js's texts and the file readers' messages), 'save' (with the
 * first Save: save-buttons.js's and gif-export.js's texts), 'classes'
 * (with the first explanation of a class step), 'help' (the keyboard
 * shortcuts' help, help-dialog.js's markup) or '' (the first load's
 * catalogue).
 */
export async function keyParts() {
  const server = await serve();
  const context = await launch();
  try {
    const { pages, full, core, theory, messages, help } = await browserKeys(context, server.url);
    const first = new Set([...pages['index.html'], ...pages['embed.html'], ...core, ...await allCodeKeys(), ...messages.map(([code]) => code).filter((code) => !DATA_CODES.test(code))]);
    const parts = new Map([...first].map((k) => [k, '']));
    for (const k of [...messages.map(([code]) => code).filter((code) => DATA_CODES.test(code)), ...await allCodeKeys({ part: 'data' })]) if (!parts.has(k)) parts.set(k, 'data');
    for (const k of [...full, ...await allCodeKeys({ part: 'full' })]) if (!first.has(k)) parts.set(k, 'full');
    for (const k of [...theory, ...await allCodeKeys({ part: 'theory' })]) if (!parts.has(k)) parts.set(k, 'theory');
    for (const k of await allCodeKeys({ part: 'truth' })) if (!parts.has(k)) parts.set(k, 'truth');
    for (const k of await allCodeKeys({ part: 'python' })) if (!parts.has(k)) parts.set(k, 'python');
    for (const part of ['save', 'classes', 'compare', 'exercise']) for (const k of await allCodeKeys({ part })) if (!parts.has(k)) parts.set(k, part);
    // The help's words, and the <online-learner> element's (the playground never shows them); one
    // another lazy part has too (Close) stays in the first load, where both find it.
    for (const k of help) parts.set(k, parts.has(k) && parts.get(k) !== 'help' ? '' : 'help');
    for (const k of await allCodeKeys({ part: 'embed' })) parts.set(k, parts.has(k) && parts.get(k) !== 'embed' ? '' : 'embed');
    for (const k of pages['examples/blog.html']) if (!parts.has(k)) parts.set(k, 'blog');
    const sorted = new Map([...parts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    sorted.templates = new Map(messages);
    return sorted;
  } finally {
    await context.close();
    await server.close();
  }
}

/** Every key, sorted, once. */
export async function allKeys() {
  return [...(await keyParts()).keys()];
}

/** Where a language's catalogue part lives ('': the first load's). */
export const partPath = (tag, part) => (part ? join(ROOT, 'www', 'i18n', part, `${tag}.json`) : cataloguePath(tag));

/** A language's catalogue, every part merged: { key: translation }. */
export async function wholeCatalogue(tag) {
  const read = (part) => readFile(partPath(tag, part), 'utf8').then(JSON.parse).catch(() => ({}));
  return Object.assign({}, ...await Promise.all(PARTS.map(read)));
}

/** The parts of a catalogue: the first load's, then those fetched later. */
export const PARTS = ['', 'full', 'theory', 'truth', 'python', 'data', 'save', 'classes', 'compare', 'exercise', 'help', 'embed', 'blog'];

if (import.meta.url === `file://${process.argv[1]}`) {
  const parts = await keyParts();
  const missing = process.argv.indexOf('--missing');
  if (missing > 0) {
    // The keys a language lacks, as JSON to fill in, each under its part's file.
    const tag = process.argv[missing + 1];
    const have = await wholeCatalogue(tag);
    const out = {};
    for (const [k, part] of parts) if (!(k in have)) (out[partPath(tag, part)] ??= {})[k] = '';
    console.log(JSON.stringify(out, null, 1));
  } else if (process.argv.includes('--split')) {
    // Writes each language's keys into the part each belongs to (after keys move between parts).
    for (const tag of LANGUAGES) {
      const have = await wholeCatalogue(tag);
      for (const part of PARTS) {
        const entries = [...parts].filter(([k, p]) => p === part && k in have).map(([k]) => [k, have[k]]);
        await mkdir(join(ROOT, 'www', 'i18n', part), { recursive: true });
        await writeFile(partPath(tag, part), `{\n${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`);
      }
    }
  } else {
    for (const [k, part] of parts) console.log(part ? `${k}\t(${part})` : k);
  }
}
