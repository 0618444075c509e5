// The Theory layer at full speed (issue 34 item 15), in real Chromium: the
// comparators and the fewest-mistakes line are solved in slices between
// frames, so a click is handled while a long search runs and the
// comparators keep up beside it; the panel says when its numbers are over
// fewer rounds than seen; past the 5,000 samples it
// keeps, it holds no more and says what its comparators then are, in the
// Stream and Compare views, after Reset and a learner switch, in Japanese,
// on a desktop and a phone. Structure, not wall-clock limits (the frame
// times are measured by benches/browser/theory-speed.mjs). Screenshots:
// target/e2e-screenshots/theory-speed-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, screenshot, useBrowser } from './harness.mjs';

const browser = useBrowser({ width: 1280, height: 800 });
const KEPT = 5_000;

/** The playground at `hash` with the layer on, ready. */
async function open(context, hash) {
  const page = await openPage(context, `${browser.server.url}/#${hash}`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying && window.playground.theory);
  return page;
}

/** Waits until every figure's panel shows a report over all its rounds (the samples since a switch, if any). */
const caughtUp = (page) => page.waitForFunction(() => window.playground.figures.every((f) => {
  const t = f.theory;
  return t?.report && t.report.rounds === t.rounds && (t.warm_from ?? 0) + t.rounds === f.pg.counts().samples;
}), null, { timeout: 60_000 });

test('the solves run between frames: a click is handled while a long search runs, and the comparators keep up beside it', async () => {
  const page = await open(browser.context, 'algo=pa2&preset=overlapping&seed=5&speed=2000&theory=1');
  // 4,000 samples: the fewest-mistakes line over them is 4,000 sweeps, a
  // few in each frame's spare time, for seconds.
  await page.evaluate(() => window.playground.act((pg) => pg.stream(4_000)));
  await page.evaluate(() => {
    const app = window.playground;
    window.seen = [];
    const tick = () => {
      if (!window.seen) return;
      const view = app.figures[0].pg.theory();
      window.seen.push([view.search?.[0] ?? null, view.rounds, view.report.rounds]);
      if (/being solved/.test(document.querySelector('.theory-bounded')?.textContent ?? '')) window.noted = true;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    document.querySelector('#play').addEventListener('click', () => {
      window.clicked = { search: app.figures[0].pg.theory().search, frame: window.seen.length };
    }, { capture: true });
  });
  await page.waitForFunction(() => window.seen.filter(([done]) => done !== null).length > 10, null, { timeout: 60_000, polling: 'raf' });
  // Play: the click is handled between frames, the search still under way.
  await page.click('#play');
  const clicked = await page.evaluate(() => window.clicked);
  assert.ok(clicked?.search && clicked.search[0] < clicked.search[1], JSON.stringify(clicked));
  assert.equal(await page.evaluate(() => window.playground.playing), true);
  await page.waitForFunction((n) => window.seen.length > n + 30, clicked.frame, { timeout: 60_000, polling: 'raf' });
  await page.click('#play');
  const seen = await page.evaluate(() => window.seen);
  await page.evaluate(() => { window.seen = null; });
  // The search advanced a few sweeps a frame, over many frames.
  const sweeps = seen.map(([done]) => done).filter((done) => done !== null);
  assert.ok(new Set(sweeps).size > 10, JSON.stringify(sweeps.slice(0, 40)));
  // Meanwhile the comparators were solved over the 4,000 rounds, and then
  // over more while playing: the search did not hold them back.
  const reports = new Set(seen.map(([, , report]) => report));
  assert.ok(reports.has(4_000) && [...reports].some((r) => r > 4_000), JSON.stringify([...reports]));
  // While playing, the report trailed the rounds seen and the panel said so.
  assert.ok(seen.some(([, rounds, report]) => report < rounds));
  assert.equal(await page.evaluate(() => window.noted), true, 'the panel said its numbers were over fewer rounds');
  await caughtUp(page);
  assert.doesNotMatch(await page.locator('#theory-place').innerText(), /being solved/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('paused, a long search redraws the panel and its charts a few times a second, not every frame', async () => {
  const page = await open(browser.context, 'algo=pa2&preset=overlapping&seed=5&theory=1');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(4_000)));
  await page.waitForFunction(() => window.playground.figures[0].pg.theory().search, null, { timeout: 60_000 });
  const { frames, refreshes, searching } = await page.evaluate(() => new Promise((done) => {
    const layer = window.playground.theory;
    let refreshes = 0;
    const refresh = layer.refresh.bind(layer);
    layer.refresh = () => { refreshes += 1; refresh(); };
    let frames = 0;
    const tick = () => {
      frames += 1;
      if (frames < 60) requestAnimationFrame(tick);
      else done({ frames, refreshes, searching: Boolean(window.playground.figures[0].pg.theory().search) });
    };
    requestAnimationFrame(tick);
  }));
  assert.ok(searching, 'the search was still under way');
  assert.ok(refreshes <= frames / 6, `${refreshes} redraws in ${frames} frames`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

for (const device of ['desktop', 'phone']) {
  test(`${device}: past ${KEPT.toLocaleString('en')} samples the layer keeps no more and says what its comparators are; Reset and a switch start again`, async () => {
    const context = device === 'phone'
      ? await launch({ width: 390, height: 844, hasTouch: true, isMobile: true })
      : browser.context;
    try {
      const page = await open(context, 'algo=perceptron&preset=overlapping&speed=100000&theory=1');
      await page.evaluate((n) => window.playground.act((pg) => pg.stream(n)), 4 * KEPT);
      // And on at full speed, past the samples kept.
      await page.evaluate(() => window.playground.setPlaying(true));
      await page.waitForFunction((n) => window.playground.figures[0].pg.counts().samples > n, 5 * KEPT, { timeout: 60_000 });
      await page.evaluate(() => window.playground.setPlaying(false));
      await caughtUp(page);
      const report = await page.evaluate(() => window.playground.figures[0].theory.report);
      assert.equal(report.kept.samples, KEPT, JSON.stringify(report.kept));
      assert.ok(report.samples <= KEPT && report.rounds > 5 * KEPT);
      const fs = report.bounds.find((b) => b.name === 'freund-schapire-theorem-2');
      assert.ok(fs.value >= fs.actual && fs.actual > 0, JSON.stringify(fs));
      const text = await page.locator('#theory-place').innerText();
      assert.match(text, /keeps its first 5,000 distinct samples/);
      assert.match(text, /the first 5,000 distinct samples kept/);
      assert.doesNotMatch(text, /NaN|Infinity|undefined/);
      await page.locator('#theory-place').scrollIntoViewIfNeeded();
      await screenshot(page, `theory-speed-${device}-kept`);
      // Reset: the layer keeps samples again, and the note goes.
      await page.click('#reset');
      await page.evaluate(() => window.playground.act((pg) => pg.stream(300)));
      await caughtUp(page);
      assert.equal(await page.evaluate(() => window.playground.figures[0].theory.report.kept), undefined);
      assert.doesNotMatch(await page.locator('#theory-place').innerText(), /keeps its first/);
      // A switch past the samples kept: the bounds are refused (a warm start), the note stays.
      await page.evaluate(() => window.playground.act((pg) => pg.stream(6_000)));
      await page.selectOption('#algo', 'pa1');
      await page.evaluate(() => window.playground.act((pg) => pg.stream(6_000)));
      await caughtUp(page);
      const switched = await page.evaluate(() => window.playground.figures[0].theory);
      assert.ok(switched.report.kept && switched.warm_from === 6_300, JSON.stringify(switched.report.kept));
      assert.ok(switched.report.bounds.every((b) => b.value === null));
      assert.deepEqual(page.errors, []);
      await page.close();
    } finally {
      if (context !== browser.context) await context.close();
    }
  });
}

test('Compare and Japanese: every panel past the samples kept says so, in the language shown', async () => {
  const page = await open(browser.context, 'algo=pa&preset=noisy-labels&view=compare&algos=pa,pa1,pa2&speed=100000&theory=1&lang=ja');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(12_000)));
  await caughtUp(page);
  const kept = await page.evaluate(() => window.playground.figures.map((f) => f.theory.report.kept?.samples));
  assert.deepEqual(kept, [KEPT, KEPT, KEPT]);
  const notes = await page.locator('.theory-bounded').allInnerTexts();
  assert.equal(notes.length, 3);
  for (const note of notes) assert.match(note, /最初の 5,000 個の異なるサンプルだけを保持/);
  await page.locator('#theory-place').scrollIntoViewIfNeeded();
  await screenshot(page, 'theory-speed-compare-ja');
  assert.deepEqual(page.errors, []);
  await page.close();
});
