// Opening a long session never freezes the page: the link's log replays a
// slice per frame, input waits behind a panel that shows progress and
// Cancel once a second has passed, and the result is the session the link
// describes (as if replayed at once).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, screenshot } from './harness.mjs';

const browser = useBrowser({ width: 1280, height: 800 });
const EIGHT = 'kernel-perceptron,projectron,projectron%2B%2B,apsm,spa,olru,olrd,ald-projection';

/** A link to the eight kernel learners after `samples` streamed xor samples. */
async function longLink(page, samples) {
  return page.evaluate(async ([n, eight]) => {
    const wasm = await import('/js/wasm.js');
    await wasm.loadFull(); // the kernel learners' code
    const pg = new wasm.Playground('algo=kernel-perceptron&preset=xor&sigma=0.3&seed=2');
    pg.stream(n);
    const hash = pg.hash(`view=compare&speed=100&algos=${eight}`);
    pg.free();
    return hash;
  }, [samples, EIGHT]);
}

async function opened(samples) {
  const page = await openPage(browser.context, `${browser.server.url}/`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  const link = await longLink(page, samples);
  return { page, link };
}

test('a long Compare link replays in slices behind a progress panel, and Cancel goes back', async () => {
  const { page, link } = await opened(40000);
  const before = await page.evaluate(() => window.playground.figures[0].pg.hash(''));
  // Frames between slices: a replay that held the main thread would let no
  // animation frame run until it ended, so no progress value in between
  // would ever be seen (a count, not a clock: load cannot fake it).
  await page.evaluate(() => {
    window.seen = new Set();
    const tick = () => {
      const value = document.getElementById('replay-progress')?.value ?? 0;
      if (value > 0 && value < 1) window.seen.add(value);
      window.beat = requestAnimationFrame(tick);
    };
    tick();
  });
  await page.evaluate((h) => { location.hash = h; }, link);
  await page.waitForFunction(() => window.playground.replaying);
  await page.waitForSelector('#replay.visible', { timeout: 60000 });
  await page.waitForFunction(() => window.seen.size >= 3, null, { timeout: 60000 });
  assert.ok(await page.evaluate(() => window.seen.size) >= 3, 'frames ran between replay slices');
  assert.match(await page.textContent('#replay-text'), /Replaying the session: \d+%/);
  await screenshot(page, 'replay-progress');
  const panes = await page.evaluate(() => window.playground.figures.length);
  assert.equal(panes, 8);
  await page.click('#replay-cancel');
  await page.waitForFunction(() => !window.playground.replaying);
  assert.equal(await page.isVisible('#replay'), false);
  assert.match(await page.textContent('#error-text'), /Replay stopped: showing the state before/);
  const after = await page.evaluate(() => window.playground.figures[0].pg.hash(''));
  assert.equal(after, before, 'Cancel restores the session before the link');
  await page.evaluate(() => cancelAnimationFrame(window.beat));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a replay left to finish gives each panel exactly the session the link describes', async () => {
  const { page, link } = await opened(4000);
  await page.evaluate((h) => { location.hash = h; }, link);
  await page.waitForFunction(() => window.playground.figures.length === 8 && !window.playground.replaying, null, { timeout: 120000 });
  const [shown, alone] = await page.evaluate(async (h) => {
    const { Playground } = await import('/js/wasm.js');
    const app = window.playground;
    const shownCounts = app.figures.map((f) => Object.values(f.pg.counts()).concat(f.pg.support_len()));
    const aloneCounts = app.figures.map((f) => {
      const pg = new Playground(h, f.pg.algorithm());
      const c = Object.values(pg.counts()).concat(pg.support_len());
      pg.free();
      return c;
    });
    return [shownCounts, aloneCounts];
  }, link);
  assert.deepEqual(shown, alone);
  assert.ok(shown.every((c) => c[0] === 4000));
  assert.equal(await page.isVisible('#replay'), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});
