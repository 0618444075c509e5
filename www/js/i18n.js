// The page's language. English is written where it is shown (the HTML, the
// code, the learner core's catalogue and messages) and is the key of every
// other language's catalogue, www/i18n/<lang>.json, gettext's habit: the
// English page downloads no catalogue, and another language downloads only
// its own, when it is shown, with the code that reads it (i18n-load.js).

/** The languages shown, by their BCP 47 tag (the menu in index.html names them). */
export const LANGUAGES = ['en', 'zh-CN', 'ja', 'it'];

let lang = 'en';
let messages = {};
let patterns = [];
let lookup = () => undefined; // a text's translation, or undefined: English has none
let asked = 0; // use() calls so far: the last one decides, whichever catalogue arrives first

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
  const table = next === 'en' ? { messages: {}, patterns: [], lookup: () => undefined } : await (await import('./i18n-load.js')).catalogue(next);
  if (ticket !== asked) return;
  lang = next;
  ({ messages, patterns, lookup } = table);
}

/** `text` in the language shown, with `{name}` slots filled from `args`. */
export function t(text, args) {
  const out = lookup(text) ?? text;
  return args ? out.replace(/\{(\w+)\}/g, (slot, name) => (name in args ? args[name] : slot)) : out;
}

/**
 * A message made elsewhere (the learner core's errors, its catalogue's
 * words), translated when the catalogue has it, as a whole or as one of its
 * {slot} keys with each slot's own text translated in turn.
 */
export function tr(text) {
  text = String(text);
  const whole = lookup(text);
  if (whole !== undefined) return whole;
  for (const [re, key, names] of patterns) {
    const found = text.match(re);
    if (!found) continue;
    const args = Object.fromEntries(names.map((name, i) => [name, tr(found[i + 1])]));
    return messages[key].replace(/\{(\w+)\}/g, (slot, name) => args[name] ?? slot);
  }
  return text;
}

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
