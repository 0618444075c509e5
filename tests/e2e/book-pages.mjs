// What the book's browser tests share (book.test.mjs for English,
// book-languages.test.mjs for the translations): the built book's pages,
// its link check, and opening a page while collecting what goes wrong.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ROOT, launch, serve } from './harness.mjs';

export const BOOK = join(ROOT, 'target', 'book');
/** The translations' folders in the built book (xtask/src/book_i18n.rs). */
export const TRANSLATIONS = ['zh-CN', 'ja', 'it'];

/** Every .html file under a folder, as paths relative to it. */
function htmlFiles(folder, base = folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return htmlFiles(path, base);
    return name.endsWith('.html') ? [relative(base, path)] : [];
  });
}

/** The pages of one language's book (English: the root less the translations' folders), relative to target/book. */
export function pages(lang = 'en') {
  assert.ok(existsSync(join(BOOK, 'index.html')), `${BOOK} is missing: run cargo xtask book`);
  if (lang === 'en') return htmlFiles(BOOK).filter((file) => !TRANSLATIONS.some((t) => file.startsWith(`${t}/`))).sort();
  assert.ok(existsSync(join(BOOK, lang, 'index.html')), `${lang}/ is missing from ${BOOK}: run cargo xtask book`);
  return htmlFiles(join(BOOK, lang)).map((file) => `${lang}/${file}`).sort();
}

const ids = new Map();
/** The id attributes of a built page (what a #fragment may name). */
function idsOf(file) {
  if (!ids.has(file)) {
    const html = readFileSync(join(BOOK, file), 'utf8');
    ids.set(file, new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1])));
  }
  return ids.get(file);
}

const unescape = (s) => s.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");

/** The links of one page that fail: [link, why]. Off-site links are left alone. */
export function brokenLinks(file, html) {
  const broken = [];
  // Code shown in the text (`<script src="/playground/embed.js">`) is not a link.
  const markup = html.replace(/<pre\b[\s\S]*?<\/pre>/g, '').replace(/<code\b[\s\S]*?<\/code>/g, '');
  for (const [, attribute, raw] of markup.matchAll(/\s(href|src)="([^"]*)"/g)) {
    const link = unescape(raw);
    if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(link)) continue; // https:, mailto:, data:
    const [path, fragment] = link.split('#');
    const target = path === '' ? file : join(dirname(file), decodeURIComponent(path));
    if (!existsSync(join(BOOK, target))) {
      broken.push([`${attribute}="${link}"`, `${target} does not exist`]);
    } else if (fragment && target.endsWith('.html') && !idsOf(target).has(decodeURIComponent(fragment))) {
      broken.push([`${attribute}="${link}"`, `${target} has no id "${fragment}"`]);
    }
  }
  return broken;
}

/**
 * Opens `file` of the book served at `url` in a new page of `context`,
 * recording console errors, page errors, policy violations and failed
 * requests into the returned `problems` (the page is left open).
 */
export async function openBookPage(context, url, file) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('requestfailed', (request) => problems.push(`${request.url()} failed (${request.failure()?.errorText})`));
  page.on('response', (response) => { if (response.status() >= 400) problems.push(`${response.url()}: ${response.status()}`); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  // Chromium asks for /favicon.ico by itself when a page names no icon
  // (toc.html, the sidebar's frame for readers without script): not the book's request.
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await page.goto(`${url}/${file}`, { waitUntil: 'networkidle' });
  return { page, problems };
}

/** Runs `job` on every item, `width` at a time. */
export async function inParallel(items, width, job) {
  const queue = [...items];
  const worker = async () => { while (queue.length) await job(queue.shift()); };
  await Promise.all(Array.from({ length: width }, worker));
}

/**
 * Opens every one of `files` in one Chromium, a few at once (each waits
 * half a second of network quiet, networkidle, idle time that 60-odd
 * pages one by one add up), runs `check(page, file, failures)` on each,
 * and asserts that no page had a problem.
 */
export async function assertPagesOpen(files, check) {
  const server = await serve(BOOK);
  const context = await launch({ width: 1200, height: 900 });
  try {
    const failures = [];
    await inParallel(files, 4, async (file) => {
      const { page, problems } = await openBookPage(context, server.url, file);
      await check(page, file, failures);
      for (const problem of problems) failures.push(`${file}: ${problem}`);
      await page.close();
    });
    failures.sort();
    assert.deepEqual(failures, []);
  } finally {
    await context.close();
    await server.close();
  }
}
