// The book (book/, built by `cargo xtask book` into target/book, which
// `cargo xtask test` does before the browser tests): every internal link
// and #anchor of its HTML resolves, and every page opens in Chromium with
// no console error and no failed request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ROOT, launch, screenshot, serve } from './harness.mjs';

const BOOK = join(ROOT, 'target', 'book');
/** The pages whose screenshots are kept: the first, the paper's, and one of each generated kind. */
const SHOWN = ['index.html', 'paper.html', 'reference/learners/spa.html', 'reference/cli.html', 'reference/attributes.html'];

/** Every .html file under a folder, as paths relative to it. */
function htmlFiles(folder, base = folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return htmlFiles(path, base);
    return name.endsWith('.html') ? [relative(base, path)] : [];
  });
}

function pages() {
  assert.ok(existsSync(join(BOOK, 'index.html')), `${BOOK} is missing: run cargo xtask book`);
  return htmlFiles(BOOK).sort();
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

test('every internal link and anchor of the built book resolves', () => {
  const files = pages();
  assert.ok(files.includes('learners.html') && files.includes('embedding.html'), `chapters built: ${files}`);
  const broken = files.flatMap((file) =>
    brokenLinks(file, readFileSync(join(BOOK, file), 'utf8')).map(([link, why]) => `${file}: ${link}: ${why}`));
  assert.deepEqual(broken, []);
});

test('the link check finds a missing page and a missing anchor', () => {
  const html = '<a href="learners.html#no-such-heading">x</a><a href="no-such-page.html">y</a><a href="https://example.org/x">z</a><a href="#top">t</a><pre><code>&lt;script src="/not/a/link.js"&gt;</code></pre>';
  const broken = brokenLinks('index.html', html).map(([link]) => link);
  assert.deepEqual(broken, ['href="learners.html#no-such-heading"', 'href="no-such-page.html"', 'href="#top"']);
});

test('every page of the book opens in Chromium with no console error and no failed request', async () => {
  const files = pages().filter((file) => file !== '404.html'); // served for a missing page only
  const server = await serve(BOOK);
  const context = await launch({ width: 1200, height: 900 });
  try {
    const failures = [];
    const open = async (file) => {
      const page = await context.newPage();
      const problems = [];
      page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
      page.on('pageerror', (error) => problems.push(String(error)));
      page.on('requestfailed', (request) => problems.push(`${request.url()} failed (${request.failure()?.errorText})`));
      page.on('response', (response) => { if (response.status() >= 400) problems.push(`${response.url()}: ${response.status()}`); });
      // Chromium asks for /favicon.ico by itself when a page names no icon
      // (toc.html, the sidebar's frame for readers without script): not the book's request.
      await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
      await page.goto(`${server.url}/${file}`, { waitUntil: 'networkidle' });
      if (SHOWN.includes(file)) await screenshot(page, `book-${file.replace('.html', '').replaceAll('/', '-')}`);
      for (const problem of problems) failures.push(`${file}: ${problem}`);
      await page.close();
    };
    // A few pages at once: each waits half a second of network quiet
    // (networkidle), idle time that 60-odd pages one by one add up.
    const queue = [...files];
    const worker = async () => { while (queue.length) await open(queue.shift()); };
    await Promise.all(Array.from({ length: 4 }, worker));
    failures.sort();
    assert.deepEqual(failures, []);
  } finally {
    await context.close();
    await server.close();
  }
});
