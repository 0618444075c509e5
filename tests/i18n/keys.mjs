// The messages the page looks up, found where they are written: the static
// markup of the playground, the embed frame and the blog example (walked in
// a browser by the same walker that translates them), every t() and plural()
// in the page's code, the learner core's catalogue (rules, notes, setting
// names and help) and the core's message templates (core-messages.txt).
// Every language's catalogue must hold exactly these keys.
//
//   node tests/i18n/keys.mjs                print the keys
//   node tests/i18n/keys.mjs --missing ja   the keys ja.json lacks, as JSON to fill in
import { readFile, readdir } from 'node:fs/promises';
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
        const end = source.indexOf(c, i + 1);
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

/** Every key of the page's code. */
export async function allCodeKeys() {
  const keys = [];
  for (const file of await sources(join(ROOT, 'www'))) keys.push(...codeKeys(await readFile(file, 'utf8')));
  return keys;
}

/** The core's message templates, one per line (# comments). */
export async function coreTemplates() {
  const text = await readFile(join(ROOT, 'tests', 'i18n', 'core-messages.txt'), 'utf8');
  return text.split('\n').filter((line) => line && !line.startsWith('#'));
}

/** The markup's keys and the core catalogue's, read in a browser from the built site. */
export async function browserKeys(context, url) {
  const page = await context.newPage();
  await page.goto(`${url}/embed.html`);
  const keys = await page.evaluate(async (pages) => {
    const { units } = await import('./js/i18n-load.js');
    const { loadWasm, Playground } = await import('./js/wasm.js');
    const out = [];
    for (const path of pages) {
      const html = await (await fetch(path)).text();
      const doc = new DOMParser().parseFromString(html, 'text/html');
      out.push(...units(doc.documentElement).map((u) => u.text));
    }
    await loadWasm();
    const catalogue = Playground.catalogue();
    for (const l of catalogue.learners) out.push(l.rule, l.passive, l.note, l.step);
    for (const s of catalogue.settings) out.push(s.label, s.help, s.range);
    return out.filter((k) => /\p{L}{2}/u.test(k ?? ''));
  }, PAGES);
  await page.close();
  return keys;
}

/** Every key, sorted, once. */
export async function allKeys() {
  const server = await serve();
  const context = await launch();
  try {
    const keys = [...await browserKeys(context, server.url), ...await allCodeKeys(), ...await coreTemplates()];
    return [...new Set(keys)].sort();
  } finally {
    await context.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const keys = await allKeys();
  const missing = process.argv.indexOf('--missing');
  if (missing > 0) {
    const tag = process.argv[missing + 1];
    const have = JSON.parse(await readFile(cataloguePath(tag), 'utf8').catch(() => '{}'));
    console.log(JSON.stringify(Object.fromEntries(keys.filter((k) => !(k in have)).map((k) => [k, ''])), null, 1));
  } else {
    for (const k of keys) console.log(k);
  }
}
