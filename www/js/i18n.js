// The page's language. English is written where it is shown (the HTML, the
// code, the learner core's catalogue and messages) and is the key of every
// other language's catalogue, www/i18n/<lang>.json, gettext's habit: the
// English page downloads no catalogue, and another language downloads only
// its own, when it is shown, with the code that reads it (i18n-load.js).

/** The languages shown, by their BCP 47 tag (the menu in index.html names them). */
export const LANGUAGES = ['en', 'zh-CN', 'ja', 'it'];

/** English: the text as written. */
const ENGLISH = { lookup: () => undefined, patterns: [] };

let lang = 'en';
let table = ENGLISH; // the catalogue shown: lookup(text) and the {slot} patterns, see i18n-load.js
let asked = 0; // use() calls so far: the last one decides, whichever catalogue arrives first
// The parts of each catalogue this page uses beyond the first load's:
// 'kernel' (the texts of the full module's learners, the kernel family's
// and LIBOL's, fetched with it), 'blog' (the example post's prose). Each
// is fetched for the language shown.
const parts = [];

/** The tag shown now. */
export const language = () => lang;

/** A tag of ours for a browser's or a reader's tag ('ja-JP' → 'ja', 'zh' → 'zh-CN'), or null. */
export function pick(tag) {
  const base = String(tag ?? '').toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === base) ?? null;
}

/** The first of the browser's languages that the page has, else English. */
export const browserLanguage = () => (navigator.languages ?? [navigator.language]).map(pick).find(Boolean) ?? 'en';

/** Shows `tag` from now on: its catalogue is fetched (once) unless it is English. */
export async function use(tag) {
  const ticket = ++asked;
  const next = pick(tag) ?? 'en';
  const shown = next === 'en' ? ENGLISH : await (await import('./i18n-load.js')).catalogue(next, parts);
  if (ticket !== asked) return;
  lang = next;
  table = shown;
}

/** Adds a part of the catalogues (see `parts`): fetched now for the language shown, and with any later. */
export function usePart(part) {
  if (parts.includes(part)) return Promise.resolve();
  parts.push(part);
  return lang === 'en' ? Promise.resolve() : use(lang);
}

let walked = false; // whether the document's markup has been put into another language (and so may need putting back)

/**
 * Shows `tag` on the whole document (English if its catalogue cannot be
 * fetched): its static markup, through i18n-load.js's walker, and its lang
 * attribute. The playground, the embed's frame and the example post call it.
 */
export async function showDocument(tag) {
  await use(tag).catch(() => use('en'));
  if (lang !== 'en' || walked) {
    walked = true;
    (await import('./i18n-load.js')).translate(document.documentElement, t);
  }
  document.documentElement.lang = lang;
}

/** `text` with its `{name}` slots filled from `args` (a slot without one stays). */
const fill = (text, args) => text.replace(/\{(\w+)\}/g, (slot, name) => args[name] ?? slot);

/** `text` in the language shown, with `{name}` slots filled from `args`. */
export function t(text, args) {
  const out = table.lookup(text) ?? text;
  return args ? fill(out, args) : out;
}

/**
 * A message made elsewhere (the learner core's errors, its catalogue's
 * words), translated when the catalogue has it, as a whole or as one of its
 * {slot} keys with each slot's own text translated in turn.
 */
export function tr(text) {
  text = String(text);
  const whole = table.lookup(text);
  if (whole !== undefined) return whole;
  for (const { re, names, translation } of table.patterns) {
    const found = text.match(re);
    if (found) return fill(translation, Object.fromEntries(names.map((name, i) => [name, tr(found[i + 1])])));
  }
  return text;
}

/** An error's message (or any thrown value), in the language shown when the catalogue has it. */
export const message = (error) => tr(error?.message ?? error);

// Intl formatters, made once per language and kind: the status line asks for several a frame.
const formats = new Map();
function format(kind, options) {
  const key = `${lang} ${kind}`;
  if (!formats.has(key)) formats.set(key, new Intl.NumberFormat(lang, options));
  return formats.get(key);
}

/** A count for reading, in the language's digits and grouping: 12,345 / 12.345. */
export const count = (n) => format('count').format(n);
/** A share as a percentage, one decimal unless asked: 12.5% / 12,5 %. */
export const percent = (share, digits = 1) => format(`percent${digits}`, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(share);
