// The page's language. English is written where it is shown (the HTML, the
// code, the learner core's catalogue and messages) and is the key of every
// other language's catalogue, www/i18n/<lang>.json, gettext's habit: the
// English page downloads no catalogue, and another language downloads only
// its own, when it is shown, with the code that reads it (i18n-load.js).

/** The languages shown, by their BCP 47 tag (the menu in index.html names them). */
export const LANGUAGES = ['en', 'zh-CN', 'ja', 'it'];

/** English: the text as written. */
const ENGLISH = { lookup: () => undefined };

let lang = 'en';
let table = ENGLISH; // the catalogue shown: lookup(text), see i18n-load.js
let asked = 0; // use() calls so far: the last one decides, whichever catalogue arrives first
// The parts of each catalogue this page uses beyond the first load's:
// 'full' (the texts of the full module's learners: the kernel family's,
// LIBOL's, the second-order learners' and the perceptron's relatives,
// fetched with it), 'data' (with a file: data-in.js's texts
// and the file readers' messages), 'save' (with the first Save), 'classes'
// (with the first explanation of a class step), 'help' (with the
// keyboard shortcuts' help, help-dialog.js), 'blog' (the example post's
// prose). Each is fetched for the language shown.
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
let painted = false; // whether the document has been shown in a language yet (then a call is a switch)

/**
 * Shows `tag` on the whole document (English if its catalogue cannot be
 * fetched): its static markup, through i18n-load.js's walker, and its lang
 * attribute. The playground, the embed's frame and the example post call it.
 */
export async function showDocument(tag) {
  const switching = painted;
  painted = true;
  await use(tag).catch(() => use('en'));
  // A switch: the new words' glyphs laid out off screen first, in slices (i18n-load.js says why).
  if (switching && lang !== 'en') await (await import('./i18n-load.js')).warm(lang);
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

/** A text made elsewhere (the learner core's catalogue: a rule, a setting's label), translated when the catalogue has it. */
export function tr(text) {
  text = String(text);
  return table.lookup(text) ?? text;
}

/**
 * A message of the learner core ({ code, template, args }, see
 * src/error/message.rs) in the language shown: the catalogue's text for
 * its code (else the English template), each argument written here: a
 * number in the language's digits, a text or a name through the
 * catalogue, a message within it in turn.
 */
export function say({ code, template, args = {} }) {
  const text = table.lookup(code) ?? template;
  return fill(text, Object.fromEntries(Object.entries(args).map(([name, arg]) => [name, argument(arg)])));
}

function argument(arg) {
  if ('number' in arg) return number(arg.number);
  if ('whole' in arg) return String(arg.whole);
  if ('list' in arg) return arg.list.map(tr).join(t(', '));
  if ('message' in arg) return say(arg.message);
  if ('messages' in arg) return arg.messages.map(say).join(t('; '));
  return tr(arg.text);
}

/** A real number as a message writes it: in the language's digits, every digit kept (up to 15). */
function number(v) {
  const tiny = v !== 0 && (Math.abs(v) < 1e-6 || Math.abs(v) >= 1e15);
  return format(tiny ? 'scientific' : 'real', { maximumSignificantDigits: 15, notation: tiny ? 'scientific' : 'standard', useGrouping: false }).format(v);
}

/**
 * An error (or a note) for the reader, in the language shown: the core's
 * by its code; anything else thrown (the page's own, the browser's) by
 * its text.
 */
export const message = (error) => (error?.code && error.template ? say(error) : tr(error?.message ?? error));

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
