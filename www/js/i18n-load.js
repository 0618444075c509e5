// The part of the page's languages that only another language than English
// needs: fetching its catalogue, and putting the static markup into it (and
// back). The English page never downloads this. It imports nothing: i18n.js
// loads it, and hands translate() its lookup.

const loaded = new Map();

/**
 * A catalogue key as the built site ships it: 32-bit FNV-1a of the English
 * text, in base 36. The English keys were a third of each download; the
 * build (xtask/catalogues.mjs) swaps them for these, 3.3 to 3.9 KB gzip
 * less per language. `www/` keeps the English keys: both are looked up.
 */
export function hashKey(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * A catalogue file's messages, fetched once: the language's own, or a
 * part's. Two templates, not one with the folder in a variable: a bundler
 * that copies what `new URL` names (Vite) reads each `${}` as one folder
 * level, so the parts' folders need their own.
 */
function messages(tag, part) {
  const path = part ? `${part}/${tag}.json` : `${tag}.json`;
  if (!loaded.has(path)) {
    const url = part ? new URL(`../i18n/${part}/${tag}.json`, import.meta.url) : new URL(`../i18n/${tag}.json`, import.meta.url);
    loaded.set(path, fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${path}: ${r.status}`);
      return r.json();
    }));
    loaded.get(path).catch(() => loaded.delete(path));
  }
  return loaded.get(path);
}

const compiled = new Map();

const warmed = new Set(); // the catalogue files whose words have been laid out once
const SLICE = 800; // characters laid out per task

/**
 * Lays out the words of `tag`'s catalogue files fetched so far, off
 * screen, a slice per task, before the page shows them. The first layout
 * of a script's glyphs (Chinese and Japanese, in the system's fallback
 * font) is slow: in headless Chromium the first switch to Japanese was one
 * task of 53 to 66 ms with the page laid out at once; with its words laid
 * out first in slices (a few ms each), none over 50 ms (measured
 * 2026-12-02 with `node benches/browser/language-switch.mjs`, which
 * compares two builds; book/src/measured.md has the figures).
 */
export async function warm(tag) {
  const files = [...loaded.keys()].filter((path) => (path === `${tag}.json` || path.endsWith(`/${tag}.json`)) && !warmed.has(path));
  for (const path of files) warmed.add(path);
  const words = (await Promise.all(files.map((path) => loaded.get(path).catch(() => ({}))))).flatMap(Object.values).join(' ');
  const boxes = [];
  for (let at = 0; at < words.length; at += SLICE) {
    const box = document.createElement('div');
    box.setAttribute('aria-hidden', 'true');
    box.style.cssText = 'position:absolute;left:-9999px;top:0;width:600px;height:10px;visibility:hidden;contain:strict';
    box.textContent = words.slice(at, at + SLICE);
    document.body.append(box);
    boxes.push(box);
    void box.scrollHeight; // laid out now, in this task
    await new Promise((done) => setTimeout(done));
  }
  for (const box of boxes) box.remove();
}

/**
 * A language's catalogue with `parts` (i18n.js): { lookup }. lookup(text)
 * finds a text (or the learner core's message code) by either key.
 * Fetched and merged once per language and parts.
 */
export function catalogue(tag, parts = []) {
  const key = [tag, ...parts].join(' ');
  if (!compiled.has(key)) {
    compiled.set(key, Promise.all([messages(tag), ...parts.map((part) => messages(tag, part))]).then((files) => {
      const all = Object.assign({}, ...files);
      return { lookup: (text) => all[text] ?? all[hashKey(text)] };
    }));
  }
  return compiled.get(key).catch((error) => {
    compiled.delete(key);
    throw error;
  });
}

const ATTRIBUTES = ['title', 'aria-label', 'label']; // what the markup carries for people to read
/** Elements whose text is one message with its inline markup (a <kbd>, a <strong>). */
const INLINE = new Set(['KBD', 'STRONG', 'EM', 'CITE', 'VAR', 'B', 'I', 'CODE', 'SUB', 'SUP', 'BR', 'A']);
const SKIP = new Set(['SCRIPT', 'STYLE', 'OUTPUT', 'TEXTAREA', 'CANVAS', 'SVG']);
const wordy = (text) => /\p{L}{2}/u.test(text);

/**
 * The messages of the static markup under `root`, in the order met: the
 * text of each element (with its inline markup, whitespace collapsed) and
 * the attributes people read. translate() and the catalogue test both walk
 * with it, so the keys are the ones the page looks up.
 */
export function units(root) {
  const out = [];
  const visit = (node) => {
    for (const name of ATTRIBUTES) {
      if (node.hasAttribute?.(name)) out.push({ node, name, text: original(node, name) });
    }
    if (SKIP.has(node.tagName) || node.dataset?.i18n === 'no') return; // data-i18n="no": names in their own language
    const kids = [...node.childNodes];
    const whole = kids.some((k) => k.nodeType === 3 && wordy(k.data)) && kids.every((k) => k.nodeType === 3 || (INLINE.has(k.tagName) && !k.id));
    if (whole && kids.some((k) => k.nodeType === 1)) {
      out.push({ node, name: 'html', text: original(node, 'html') });
      return;
    }
    for (const kid of kids) {
      if (kid.nodeType === 3 && wordy(kid.data)) out.push({ node: kid, name: 'text', text: original(kid, 'text') });
      else if (kid.nodeType === 1) visit(kid);
    }
  };
  visit(root);
  return out.filter((u) => wordy(u.text));
}

function original(node, name) {
  const raw = name === 'html' ? node.innerHTML : name === 'text' ? node.data : node.getAttribute(name);
  return raw.replace(/\s+/g, ' ').trim();
}

// A root → its static units, walked once, in English: each unit keeps its
// English text, so a later switch (back to English too) starts from it.
const walked = new WeakMap();

/**
 * Puts the static markup under `root` into the language shown (and back),
 * through `t` (i18n.js's lookup). The first call decides what is static:
 * what code writes is marked data-i18n="no" and translated where written.
 */
export function translate(root, t) {
  if (!walked.has(root)) walked.set(root, units(root));
  for (const { node, name, text } of walked.get(root)) {
    const shown = t(text);
    if (name === 'html') node.innerHTML = shown;
    else if (name === 'text') node.data = node.data.replace(/\S(.*\S)?/s, () => shown);
    else node.setAttribute(name, shown);
  }
}
