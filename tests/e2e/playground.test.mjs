// The playground in real headless Chromium: every feature a person uses,
// with a screenshot of each under target/e2e-screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, launch, openPage, screenshot, clickPlane, playPast, showView } from './harness.mjs';

const browser = useBrowser();

/** Opens the page at a hash and waits until the wasm session exists. */
async function open(hash = '', viewport) {
  const page = await openPage(browser.context, `${browser.server.url}/${hash ? `#${hash}` : ''}`);
  if (viewport) await page.setViewportSize(viewport);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  return page;
}

/** What the first figure's session holds now. */
function state(page, figure = 0) {
  return page.evaluate((i) => {
    const pg = window.playground.figures[i].pg;
    const { samples, mistakes } = pg.counts();
    return {
      samples, mistakes, points: pg.points_len() / 3, model: Array.from(pg.model()), algorithm: pg.algorithm(),
      c: pg.settings().c, task: pg.task(), curve: pg.curve_len(), figures: window.playground.figures.length,
    };
  }, figure);
}

async function weightsShown(page) {
  return JSON.parse((await page.getAttribute('#weights', 'data-weights')) ?? 'null');
}

async function settle(page) {
  // Two animation frames: one to learn, one to draw.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

test('the page loads with no console error and is ready to use', async () => {
  const page = await open();
  await settle(page);
  assert.deepEqual(page.errors, []);
  assert.equal(await page.isVisible('#error-banner'), false);
  assert.equal(await page.textContent('#play'), 'Play');
  const groups = await page.$$eval('#algo optgroup', (g) => g.map((x) => [x.label, [...x.children].map((o) => o.value)]));
  assert.deepEqual(groups, [
    ['Linear', ['perceptron', 'averaged-perceptron', 'pocket', 'pa', 'pa1', 'pa2', 'alma', 'romma', 'aromma', 'ogd', 'ballseptron', 'paum', 'shifting-perceptron', 'pegasos', 'winnow', 'selective-perceptron', 'batch-pocket']],
    ['Second-order (confidence)', ['arow', 'scw1', 'scw2', 'sop', 'cw', 'iellip', 'narow', 'nherd']],
    ['Kernel', ['kernel-perceptron', 'kernel-pa1', 'kernel-pa2', 'projectron', 'projectron++', 'apsm', 'spa', 'olru', 'olrd', 'ald-projection', 'forgetron', 'stoptron', 'bogd', 'fogd', 'nogd', 'bpa-s', 'silk', 'bsgd']],
  ]);
  await screenshot(page, '01-loaded');
  await page.close();
});

test('clicks add points of either class, learn at once, and right-click erases', async () => {
  const page = await open('algo=pa&preset=overlapping');
  await clickPlane(page, 0.3, 0.3);
  await settle(page);
  const first = await weightsShown(page);
  assert.notDeepEqual(first, [0, 0, 0], 'one click moves the weights');
  await clickPlane(page, 0.7, 0.7, { shift: true });
  await clickPlane(page, 0.75, 0.6, { shift: true });
  await settle(page);
  const after = await weightsShown(page);
  assert.notDeepEqual(after, first);
  const labels = await page.evaluate(() => {
    const pg = window.playground.figures[0].pg;
    return [pg.last().label, pg.points_len() / 3];
  });
  assert.deepEqual(labels, [-1, 3], 'shift-click adds the other class');
  // Hard PA puts the clicked point exactly on the margin: y f(x) = 1.
  const { x, y, label } = await page.evaluate(() => window.playground.figures[0].pg.last());
  assert.ok(Math.abs(label * (after[0] * x + after[1] * y + after[2]) - 1) < 1e-9);
  assert.match(await page.textContent('#explain'), /τ = ℓ \/ ‖x‖²/);
  await screenshot(page, '02-clicks');
  await clickPlane(page, 0.75, 0.6, { button: 'right' });
  await settle(page);
  assert.equal((await state(page)).points, 2, 'right-click erased the nearest point');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a stream plays, the error curves grow, and pause stops it', async () => {
  const page = await open('algo=pa1&c=0.1&preset=noisy-labels&speed=2000');
  await playPast(page, 1500);
  const paused = await state(page);
  assert.ok(paused.curve > 150, `curve has ${paused.curve} points`);
  const charted = await page.evaluate(() => window.playground.curves.error.count('0:online'));
  assert.ok(charted > 150, `chart shows ${charted} points`);
  await page.waitForTimeout(300);
  assert.equal((await state(page)).samples, paused.samples, 'paused means paused');
  assert.match(await page.textContent('#status'), /samples learned/);
  await screenshot(page, '03-stream');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('algorithm and C changes take effect and keep the model', async () => {
  const page = await open('algo=pa&preset=overlapping');
  await page.click('#step');
  await page.click('#step');
  await page.click('#step');
  await settle(page);
  const before = await weightsShown(page);
  await page.selectOption('#algo', 'pa1');
  await page.fill('#c', '0.005');
  await page.press('#c', 'Enter');
  await settle(page);
  const s = await state(page);
  assert.equal(s.algorithm, 'pa1');
  assert.equal(s.c, 0.005);
  assert.deepEqual(await weightsShown(page), before, 'changing settings keeps the model');
  // The next aggressive step is capped at the new C.
  for (let i = 0; i < 20; i++) await page.click('#step');
  const taus = await page.evaluate(() => window.playground.figures[0].pg.last().tau);
  assert.ok(taus <= 0.005 + 1e-15, `tau ${taus} exceeds C`);
  assert.match(await page.textContent('#explain'), /min\(0\.005,/);
  await page.fill('#c', '12');
  await page.press('#c', 'Enter');
  // The log slider follows a typed value (to its 0.01 step).
  assert.ok(Math.abs(Number(await page.inputValue('#c-slider')) - Math.log10(12)) <= 0.005);
  await screenshot(page, '04-settings');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a shared link reproduces the same weights, points and curves', async () => {
  const page = await open('algo=pa1&c=0.3&preset=moons&seed=5&speed=5000');
  await playPast(page, 400);
  await clickPlane(page, 0.2, 0.25);
  await page.fill('#c', '2');
  await page.press('#c', 'Enter');
  await clickPlane(page, 0.8, 0.8, { shift: true });
  await page.click('#step');
  await settle(page);
  await page.click('#share');
  const url = page.url();
  const original = await state(page);
  const weights = await weightsShown(page);
  assert.match(url, /#v=\d+&algo=pa1&c=0.3&.*&log=/);

  const copy = await openPage(browser.context, url);
  await copy.waitForFunction(() => window.playground?.figures?.length > 0);
  await settle(copy);
  assert.deepEqual(await weightsShown(copy), weights, 'same weights to the last bit');
  const reopened = await state(copy);
  assert.equal(reopened.samples, original.samples);
  assert.equal(reopened.points, original.points);
  assert.equal(reopened.curve, original.curve);
  assert.equal(reopened.c, 2, 'the mid-stream C change was replayed');
  assert.equal(await copy.inputValue('#c'), '2');
  await screenshot(copy, '05-shared-link');
  assert.deepEqual([...page.errors, ...copy.errors], []);
  await page.close();
  await copy.close();
});

test('the regression view fits a line with its epsilon tube', async () => {
  const page = await open();
  await showView(page, 'regress');
  await settle(page);
  assert.equal((await state(page)).task, 'regression');
  assert.deepEqual(await page.$$eval('#algo option', (o) => o.map((x) => x.value)), ['pa', 'pa1', 'pa2']);
  assert.equal(await page.isVisible('#eps'), true);
  await clickPlane(page, 0.25, 0.6);
  await clickPlane(page, 0.75, 0.4);
  await page.fill('#speed', '3');
  await page.dispatchEvent('#speed', 'input');
  await playPast(page, 600);
  await settle(page);
  const s = await state(page);
  assert.equal(s.model.length, 3);
  assert.ok(s.curve > 100);
  assert.match(await page.textContent('#explain'), /ε/);
  assert.match(await page.textContent('#weights'), /f\(x\) = /);
  await screenshot(page, '06-regression');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('compare runs learners on the same stream side by side', async () => {
  const page = await open('preset=noisy-labels&c=0.1&seed=3&speed=3000');
  await showView(page, 'compare');
  await settle(page);
  assert.equal((await state(page)).figures, 2);
  assert.equal(await page.locator('.plane').count(), 2);
  await page.check('#compare-algos input[value="perceptron"]');
  await settle(page);
  assert.equal((await state(page)).figures, 3);
  await playPast(page, 1000);
  await settle(page);
  const [a, b, c] = [await state(page, 0), await state(page, 1), await state(page, 2)];
  assert.equal(a.samples, b.samples);
  assert.equal(b.samples, c.samples);
  assert.deepEqual(new Set([a.algorithm, b.algorithm, c.algorithm]), new Set(['pa', 'pa1', 'perceptron']));
  assert.notDeepEqual(a.model, b.model, 'different learners, different weights');
  const lines = await page.$$eval('#chart-error-legend span', (s) => s.length);
  assert.equal(lines, 4, 'a note on line styles, then one entry per learner');
  // One click adds the point to every learner.
  await clickPlane(page, 0.5, 0.5, { plane: 1 });
  assert.equal((await state(page, 2)).samples, c.samples + 1);
  await screenshot(page, '07-compare');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('epochs mode cycles seed 003\'s points and the pocket keeps its best weights', async () => {
  const page = await open('algo=pocket&preset=overlapping');
  await showView(page, 'epochs');
  await page.click('#load-pocket');
  await page.waitForFunction(() => window.playground.figures[0].pg.points_len() === 300);
  await page.fill('#speed', '3.5');
  await page.dispatchEvent('#speed', 'input');
  await playPast(page, 3000);
  await settle(page);
  const { points, moving, model } = await page.evaluate(() => {
    const pg = window.playground.figures[0].pg;
    return { points: pg.points_len() / 3, moving: Array.from(pg.moving_model()), model: Array.from(pg.model()) };
  });
  assert.equal(points, 100, 'epochs cycle over the points, adding none');
  assert.equal(moving.length, 3, 'the perceptron underneath is drawn too');
  assert.notDeepEqual(moving, model);
  await screenshot(page, '08-epochs-pocket');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('invalid input is refused with a message next to the control, and the page keeps working', async () => {
  const page = await open('algo=pa1');
  await page.fill('#c', '-1');
  await page.press('#c', 'Enter');
  assert.match(await page.textContent('#c-msg'), /C must be positive and finite, got -1/);
  assert.equal(await page.getAttribute('#c', 'aria-invalid'), 'true');
  assert.equal((await state(page)).c, 0.1, 'the refused value changed nothing');
  await page.fill('#seed', 'abc');
  await page.press('#seed', 'Enter');
  assert.match(await page.textContent('#seed-msg'), /whole number/);
  assert.equal(await page.isVisible('#lr'), false, 'PA-I has no learning rate');
  await page.selectOption('#algo', 'perceptron');
  assert.equal(await page.isVisible('#c'), false, 'the perceptron has no C');
  await page.fill('#lr', '0');
  await page.press('#lr', 'Enter');
  assert.match(await page.textContent('#lr-msg'), /learning rate must be positive and finite, got 0/);
  await page.selectOption('#algo', 'pa1');
  await clickPlane(page, 0.4, 0.4);
  await settle(page);
  assert.equal((await state(page)).samples, 1, 'clicks still work');
  await page.fill('#c', '0.5');
  await page.press('#c', 'Enter');
  assert.equal(await page.textContent('#c-msg'), '', 'a valid value clears the message');
  await screenshot(page, '09-invalid-input');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a broken or hostile link shows a message and opens the default playground', async () => {
  for (const hash of ['algo=pa1&log=AAAA%%%', 'c=-5', 'log=AQ', 'preset=<img src=x>', `log=${'_'.repeat(5000)}`]) {
    const page = await open(hash);
    await settle(page);
    assert.equal(await page.isVisible('#error-banner'), true, hash);
    assert.match(await page.textContent('#error-text'), /could not be opened/);
    await clickPlane(page, 0.5, 0.5);
    await settle(page);
    assert.equal((await state(page)).samples, 1, `the page works after ${hash}`);
    if (hash === 'c=-5') await screenshot(page, '10-broken-link');
    await page.close();
  }
});

test('after a trap in wasm the page shows the error, rebuilds the session and keeps working', async () => {
  const page = await open('algo=pa1&preset=xor');
  await clickPlane(page, 0.3, 0.3);
  await clickPlane(page, 0.7, 0.3, { shift: true });
  await settle(page);
  const weights = await weightsShown(page);
  // A panic in wasm surfaces as a RuntimeError ("unreachable"); inject one.
  await page.evaluate(() => {
    window.playground.figures[0].pg.stream = () => { throw new WebAssembly.RuntimeError('unreachable executed'); };
  });
  await page.click('#step');
  await settle(page);
  assert.equal(await page.isVisible('#error-banner'), true);
  assert.match(await page.textContent('#error-text'), /unreachable/);
  assert.deepEqual(await weightsShown(page), weights, 'rebuilt from the last good state');
  await page.click('#step');
  await settle(page);
  assert.equal((await state(page)).samples, 3, 'the rebuilt session learns again');
  await page.click('#error-close');
  assert.equal(await page.isVisible('#error-banner'), false);
  await page.close();
});

test('keyboard: space plays and pauses, right arrow steps, r resets, 2 picks class -1', async () => {
  const page = await open('speed=1000');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal((await state(page)).samples, 1);
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.playground.figures[0].pg.counts().samples > 50);
  await page.keyboard.press('Space');
  assert.equal(await page.textContent('#play'), 'Play');
  await page.keyboard.press('r');
  await settle(page);
  assert.equal((await state(page)).samples, 0);
  await page.keyboard.press('2');
  await clickPlane(page, 0.5, 0.5);
  const label = await page.evaluate(() => window.playground.figures[0].pg.last().label);
  assert.equal(label, -1);
  await page.close();
});

test('on a phone the plane comes first and a tap adds a point', async () => {
  const phone = await launch({ width: 390, height: 844, hasTouch: true, isMobile: true });
  try {
    const page = await openPage(phone, `${browser.server.url}/`);
    await page.waitForFunction(() => window.playground?.figures?.length > 0);
    const box = await page.locator('.plane .overlay').first().boundingBox();
    assert.ok(box.width > 300 && box.width <= 390, `plane is ${box.width}px wide`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
    const before = await page.evaluate(() => window.playground.figures[0].pg.points_len() / 3);
    await page.tap('.plane .overlay', { position: { x: box.width * 0.3, y: box.height * 0.4 } });
    await page.click('[data-tool="-1"]');
    await page.tap('.plane .overlay', { position: { x: box.width * 0.7, y: box.height * 0.6 } });
    await settle(page);
    const [count, lastLabel] = await page.evaluate(() => {
      const pg = window.playground.figures[0].pg;
      return [pg.points_len() / 3, pg.last().label];
    });
    assert.equal(count, before + 2);
    assert.equal(lastLabel, -1, 'the class toggle works for touch');
    await screenshot(page, '11-phone');
    assert.deepEqual(page.errors, []);
  } finally {
    await phone.close();
  }
});

test('100,000 streamed points: the plane keeps the latest 5,000, says so, and stays responsive', async () => {
  const page = await open('algo=pa1&preset=overlapping&seed=5');
  await page.evaluate(() => window.playground.advance(100000));
  await settle(page);
  const shown = await page.evaluate(() => window.playground.figures[0].pg.points_len() / 3);
  assert.ok(shown >= 5000 && shown <= 6250, `${shown} points drawn`);
  assert.match(await page.textContent('#status'), /100,000 samples learned.*the latest [56],\d{3} points shown \(older ones scroll off the plane; the learner learned from all\)/);
  // Still responsive: a click lands at once and is drawn on the next frame.
  const frames = await page.evaluate(() => window.playground.frames);
  await clickPlane(page, 0.2, 0.2);
  assert.equal(await page.evaluate(() => window.playground.figures[0].pg.counts().samples), 100001);
  await settle(page);
  assert.ok(await page.evaluate(() => window.playground.frames) > frames);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a slow learner at full speed learns what fits in a frame and says so', async () => {
  // APSM re-scores its window on every step: far below 100,000 samples/s in wasm.
  const page = await open('algo=apsm&preset=xor&speed=100000&budget=200');
  await page.click('#play');
  const start = await page.evaluate(() => window.playground.frames);
  // Frames keep coming (each one learns only what fits in its budget)...
  await page.waitForFunction((f) => window.playground.frames > f + 15, start);
  // ...and the status says the stream runs at the learner's pace.
  await page.waitForFunction(() => /this learner manages about [\d,]+ samples\/s here/.test(document.getElementById('status').textContent));
  await page.click('#play');
  const { samples } = await page.evaluate(() => window.playground.figures[0].pg.counts());
  assert.ok(samples > 0, 'it learns');
  assert.deepEqual(page.errors, []);
  await page.close();
});
