// The book (book/, built by `cargo xtask book` into target/book, which
// `cargo xtask test` does before the browser tests), in English: every
// internal link and #anchor of its HTML resolves, and every page opens in
// Chromium with no console error and no failed request. Its translations
// (target/book/<lang>/) are book-languages.test.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, screenshot, serve } from './harness.mjs';
import { BOOK, brokenLinks, pages, assertPagesOpen } from './book-pages.mjs';

/** The pages whose screenshots are kept: the first, the paper's, and one of each generated kind. */
const SHOWN = ['index.html', 'paper.html', 'reference/learners/spa.html', 'reference/cli.html', 'reference/attributes.html'];

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
  await assertPagesOpen(files, async (page, file) => {
    if (SHOWN.includes(file)) await screenshot(page, `book-${file.replace('.html', '').replaceAll('/', '-')}`);
  });
});

/**
 * One figure of a page: scrolled to, started, stepped its `data-samples`
 * (25 if none), then its Copy as command pressed. What it was before and
 * after, the command it copied, and the link its lesson shows for it.
 */
async function exercise(page, index) {
  const figure = page.locator('online-learner').nth(index);
  await figure.scrollIntoViewIfNeeded();
  await page.waitForFunction((i) => document.querySelectorAll('online-learner')[i].figure?.pg, index, { timeout: 60_000 });
  const read = () => figure.evaluate((el) => ({
    samples: el.figure.pg.counts().samples,
    status: `${el.shadowRoot.querySelector('.status')?.textContent} | ${el.shadowRoot.querySelector('#summary')?.textContent}`,
  }));
  // The status line is written on the figure's next frame.
  await page.waitForFunction((i) => document.querySelectorAll('online-learner')[i].shadowRoot.querySelector('.status')?.textContent, index);
  const before = await read();
  await figure.evaluate((el) => el.step(Number(el.dataset.samples ?? 25)));
  await page.waitForFunction(([i, status]) => {
    const root = document.querySelectorAll('online-learner')[i].shadowRoot;
    return `${root.querySelector('.status')?.textContent} | ${root.querySelector('#summary')?.textContent}` !== status;
  }, [index, before.status]);
  const after = await read();
  // The link its lesson shows: the k-th `onlinelearn replay 'LINK'` line of
  // the `sh` block after its <figure> (before the next figure or heading).
  const shown = await figure.evaluate((el) => {
    const box = el.closest('figure') ?? el;
    const k = [...box.querySelectorAll('online-learner')].indexOf(el);
    for (let node = box.nextElementSibling; node && !/^(FIGURE|H[1-6])$/.test(node.tagName); node = node.nextElementSibling) {
      const code = node.querySelector('code.language-sh');
      if (code) return code.textContent.split('\n').map((line) => /^onlinelearn replay '([^']*)'$/.exec(line.trim())?.[1]).filter(Boolean)[k] ?? null;
    }
    return null;
  });
  const button = figure.locator('button', { hasText: 'Copy as command' });
  let command = null;
  if (await button.count()) {
    await button.click();
    await page.waitForFunction((i) => {
      const b = [...document.querySelectorAll('online-learner')[i].shadowRoot.querySelectorAll('button')].find((x) => /command/i.test(x.textContent));
      return b.title.startsWith("onlinelearn replay '") || b.textContent === 'Command copied.';
    }, index);
    command = await figure.evaluate(async (el) => {
      const b = [...el.shadowRoot.querySelectorAll('button')].find((x) => /command/i.test(x.textContent));
      return b.title.startsWith("onlinelearn replay '") ? b.title : navigator.clipboard.readText();
    });
  }
  return { before, after, command, shown };
}

/**
 * An exercise figure (`exercise="..."`): it asks, takes the reader's
 * answer (where-next: a call and Answer; you-vs-learner: a class button;
 * adversary: a point placed by the rules; by-hand: a number in each box
 * and Answer) and reports the round as
 * `el.exercise` does for a course page.
 */
async function answerExercise(page, index) {
  const figure = page.locator('online-learner').nth(index);
  await figure.scrollIntoViewIfNeeded();
  await page.waitForFunction((i) => {
    const layer = document.querySelectorAll('online-learner')[i].exerciseLayer;
    return layer?.state === 'asking' && !layer.preparing;
  }, index, { timeout: 60_000 });
  const kind = await figure.getAttribute('exercise');
  if (kind === 'where-next') {
    await figure.locator('[data-call="passive"]').click();
    await figure.locator('.exercise-buttons button.primary').click();
  } else if (kind === 'you-vs-learner') {
    await figure.locator('[data-label="1"]').click(); // the class buttons answer
  } else if (kind === 'adversary') {
    // A point 0.6 along the concept's normal: inside the disc, outside the margin.
    const overlay = figure.locator('.plane .overlay');
    await overlay.scrollIntoViewIfNeeded();
    const [px, py] = await figure.evaluate((el) => {
      const { angle } = el.exerciseLayer.kind.arena;
      const plane = el.figure.plane;
      const box = plane.overlay.getBoundingClientRect();
      return [box.left + plane.px(0.6 * Math.cos(angle)), box.top + plane.py(0.6 * Math.sin(angle))];
    });
    await page.mouse.click(px, py);
  } else if (kind === 'by-hand') {
    for (const box of await figure.locator('[data-box]').all()) await box.fill('0.5');
    await figure.locator('.exercise-buttons button.primary').click();
  } else {
    throw new Error(`the test cannot answer exercise="${kind}"`);
  }
  await page.waitForFunction((i) => document.querySelectorAll('online-learner')[i].exercise?.done === 1, index);
  return figure.evaluate((el) => ({ kind: el.exercise.kind, done: el.exercise.done }));
}

test('every <online-learner> of the book learns under the strict policy, with a Copy as command that is the line its lesson shows', async () => {
  // print.html repeats every chapter's figures (the same elements, checked
  // on their own pages; it opens without error in the test above).
  const files = pages().filter((file) => !['404.html', 'print.html'].includes(file)
    && readFileSync(join(BOOK, file), 'utf8').includes('<online-learner'));
  assert.ok(files.length >= 5, `the lessons have figures: ${files}`);
  const server = await serve(BOOK);
  const context = await launch({ width: 1200, height: 900 });
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const failures = [];
    let figures = 0;
    for (const file of files) {
      const page = await context.newPage();
      const problems = [];
      page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
      page.on('pageerror', (error) => problems.push(String(error)));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
      });
      await page.goto(`${server.url}/${file}`, { waitUntil: 'networkidle' });
      const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'( 'sha256-[^']+')*; style-src 'self';/, `${file}: the example post's policy`);
      const count = await page.locator('online-learner').count();
      for (let i = 0; i < count; i++) {
        const where = `${file}, figure ${i + 1}`;
        try {
          if (await page.locator('online-learner').nth(i).getAttribute('exercise')) {
            const answered = await answerExercise(page, i);
            if (answered.done !== 1) failures.push(`${where}: the exercise took no answer: ${JSON.stringify(answered)}`);
            figures += 1;
            continue;
          }
          const { before, after, command, shown } = await exercise(page, i);
          if (!(after.samples > before.samples)) failures.push(`${where}: learned nothing (${before.samples} then ${after.samples} samples)`);
          if (after.status === before.status) failures.push(`${where}: its status and summary did not change`);
          const copied = /^onlinelearn replay '[^'#]*#([^']*)'$/.exec(command ?? '')?.[1];
          if (!copied) failures.push(`${where}: no Copy as command, or not a replay command: ${command}`);
          else if (copied !== shown) failures.push(`${where}: copied ${copied}, the lesson shows ${shown}`);
        } catch (error) {
          failures.push(`${where}: ${error.message.split('\n')[0]}`);
        }
        figures += 1;
      }
      if (file.startsWith('lessons/') && file !== 'lessons/index.html') await screenshot(page, `book-${file.replace('/', '-').replace('.html', '')}`);
      for (const problem of problems) failures.push(`${file}: ${problem}`);
      await page.close();
    }
    assert.ok(figures >= 10, `${figures} figures`);
    assert.deepEqual(failures, []);
  } finally {
    await context.close();
    await server.close();
  }
});
