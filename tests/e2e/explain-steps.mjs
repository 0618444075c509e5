// The explanation tests' steps (explain.test.mjs, explain-kernel.test.mjs,
// and the families' tests libol.test.mjs, relatives.test.mjs): open a link
// on a viewport, step until an update of a kind, read the panel and the
// page's own rendering of the numbers, replay a link, run Compare.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chooseLearner, openPage, screenshot, SCREENSHOTS, showView } from './harness.mjs';

export const VIEWPORTS = [['desktop', null], ['phone', { width: 390, height: 844 }]];

/** Opens a link on `viewport` (null: the browser's) once its learner runs. */
export const opener = (browser) => async (hash, viewport, algorithm) => {
  const page = await openPage(browser.context, `${browser.server.url}/#${hash}`);
  if (viewport) await page.setViewportSize(viewport);
  await page.waitForFunction((name) => {
    const app = window.playground;
    return app?.figures?.length > 0 && !app.replaying && app.figures[0].pg.algorithm() === name;
  }, algorithm);
  return page;
};

/**
 * Steps until `when(last)` holds (at most `limit` samples) and the panel
 * shows that sample; resolves to { last, text, n }: n holds last's numbers
 * as the page writes them.
 */
export async function stepUntil(page, when, limit = 3000) {
  for (let i = 0; i < limit; i++) {
    const { last, samples } = await page.evaluate(() => {
      window.playground.step();
      const pg = window.playground.figures[0].pg;
      return { last: pg.last(), samples: pg.counts().samples };
    });
    if (!when(last)) continue;
    await page.waitForFunction((n) => document.getElementById('explain').textContent.includes(`sample ${n.toLocaleString('en')}`), samples);
    const text = await page.textContent('#explain');
    const n = await page.evaluate(async (l) => {
      const { num } = await import('/js/format.js');
      return Object.fromEntries(Object.entries(l).filter(([, v]) => typeof v === 'number').map(([k, v]) => [k, num(v)]));
    }, last);
    return { last, text, n };
  }
  throw new Error(`no sample met ${when} in ${limit} steps`);
}

/** The page's rendering of a number. */
export const format = (page, v) => page.evaluate(async (x) => (await import('/js/format.js')).num(x), v);

export const verdict = (page) => page.textContent('#explain .verdict');

/** The whole page, and the panel alone (easier to read on a phone's long page). */
export async function shot(page, name, device) {
  await page.locator('#explain').scrollIntoViewIfNeeded();
  await screenshot(page, `explain-${name}-${device}`);
  await page.locator('#explain').screenshot({ path: join(SCREENSHOTS, `explain-${name}-${device}-panel.png`) });
}

/** Asserts that `text` holds `part`, and shows the whole text when not. */
export const has = (text, part) => assert.ok(text.includes(part), `${part}\n  not in\n${text}`);

/** The wasm modules a page has fetched so far. */
export function modules(page) {
  return page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.wasm')));
}

/** Opens the playground at `#hash` once it shows a figure (whatever its learner). */
export async function openPlayground(browser, hash) {
  const page = await openPage(browser.context, `${browser.server.url}/#${hash}`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  return page;
}

/**
 * Streams 150 samples on `page`, opens its link afresh with `open` (an
 * `opener`), and asserts that the copy rebuilds the same weights; closes
 * both pages, neither with an error.
 */
export async function assertLinkReplays(page, open, algorithm) {
  await page.evaluate(() => window.playground.act((pg) => pg.stream(150)));
  await page.waitForFunction(() => !window.playground.replaying);
  const shown = await page.evaluate(() => ({ hash: location.hash, model: Array.from(window.playground.figures[0].pg.model()) }));
  const copy = await open(shown.hash.slice(1), null, algorithm);
  await copy.waitForFunction(() => !window.playground.replaying);
  const model = await copy.evaluate(() => Array.from(window.playground.figures[0].pg.model()));
  assert.deepEqual(model, shown.model, 'the link rebuilds the same weights');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(copy.errors, []);
  await copy.close();
  await page.close();
}

/**
 * Chooses `first`, streams 60 samples, and adds `others` in Compare:
 * asserts that every panel learned the same 60 samples.
 */
export async function assertComparedTogether(page, first, others) {
  await chooseLearner(page, first);
  await page.evaluate(() => { window.playground.figures[0].pg.stream(60); window.playground.changed(); });
  await showView(page, 'compare');
  for (const name of others) await page.check(`#compare-algos input[value="${name}"]`);
  await page.waitForFunction((names) => names.every((a) => window.playground.figures.some((f) => f.pg.algorithm() === a)) && !window.playground.replaying, others);
  const shown = await page.evaluate(() => window.playground.figures.map((f) => ({ algorithm: f.pg.algorithm(), samples: f.pg.counts().samples })));
  for (const name of [first, ...others]) {
    assert.deepEqual(shown.find((p) => p.algorithm === name), { algorithm: name, samples: 60 }, JSON.stringify(shown));
  }
}
