// The Theory layer (issue 21) in real Chromium, on a desktop and a touch
// phone: it loads on first use (never at the first load), draws the
// comparators on the plane and hides each, follows a click, a Reset and a
// learner switch, survives Compare and a link, explains what it does not
// cover, and works in the <online-learner> element. The screenshots go to
// target/e2e-screenshots/theory-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, screenshot, serve, clickPlane } from './harness.mjs';

const DEVICES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844, hasTouch: true, isMobile: true },
};
let server;
const contexts = [];
before(async () => { server = await serve(); });
after(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await server.close();
});

/** A page of `device` at `hash`, ready, recording the wasm modules it fetched and its errors. */
async function open(device, hash = '') {
  const context = await launch(DEVICES[device]);
  contexts.push(context);
  const page = await context.newPage();
  page.modules = [];
  page.errors = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) page.modules.push(r.url().split('/').pop()); });
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.goto(`${server.url}/${hash ? `#${hash}` : ''}`);
  page.once('close', () => context.close());
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  return page;
}

/** Waits for the layer's panel to show a report over at least `rounds` rounds (every figure). */
const reportAt = (page, rounds) => page.waitForFunction((n) => {
  const app = window.playground;
  return app.theory && !app.replaying && app.figures.every((f) => f.theory?.report?.rounds >= n);
}, rounds);

/** The figures' theory as the panel read it. */
const theories = (page) => page.evaluate(() => window.playground.figures.map((f) => ({ ...f.theory, lines: f.decors.theory?.lines })));

/** Pixels of the plane's overlay (the first plane) in a colour near `rgb`. */
const inked = (page, rgb, plane = 0) => page.evaluate(([[r, g, b], k]) => {
  const canvas = document.querySelectorAll('.plane .overlay')[k];
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] > 200 && Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 60) n++;
  }
  return n;
}, [rgb, plane]);
const frames = (page, n = 3) => page.evaluate((k) => new Promise((resolve) => {
  const step = (left) => (left ? requestAnimationFrame(() => step(left - 1)) : resolve());
  step(k);
}), n);

const GREEN = [27, 127, 59]; // u*
const MAGENTA = [194, 24, 91]; // the line with the fewest mistakes

test('the first load holds none of it: the Theory button loads the full module and the layer, and Off forgets them in the link', async () => {
  const page = await open('desktop', 'algo=perceptron&preset=separable');
  assert.deepEqual(page.modules, ['onlinelearn_bg.wasm'], 'the first load');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(150)));
  await page.click('#theory');
  await reportAt(page, 150);
  assert.ok(page.modules.includes('onlinelearn_full_bg.wasm'), page.modules.join());
  assert.equal(await page.getAttribute('#theory', 'aria-pressed'), 'true');
  assert.match(await page.evaluate(() => location.hash), /theory=1/);
  const [t] = await theories(page);
  // The session was learned again with the layer watching: every round is covered.
  assert.equal(t.report.rounds, 150);
  assert.equal(t.report.settled, 'separable');
  const novikoff = t.report.bounds.find((b) => b.name === 'novikoff');
  assert.ok(novikoff.value >= novikoff.actual && novikoff.actual > 0, JSON.stringify(novikoff));
  assert.match(await page.locator('#theory-place').innerText(), /novikoff[\s\S]*≤/);
  await frames(page);
  assert.ok(await inked(page, GREEN) > 50, 'u* is drawn');
  await screenshot(page, 'theory-desktop-on');
  await page.click('#theory');
  await frames(page);
  assert.equal(await page.locator('#theory-place').isHidden(), true);
  assert.doesNotMatch(await page.evaluate(() => location.hash), /theory/);
  assert.equal(await page.evaluate(() => window.playground.figures[0].pg.theory()), null);
  assert.ok(await inked(page, GREEN) < 10, 'the lines went with the layer');
  assert.deepEqual(page.errors, []);
  await page.close();
});

for (const device of Object.keys(DEVICES)) {
  test(`${device}: a link opens the layer; each line hides; a click, Reset and a switch are followed`, async () => {
    const page = await open(device, 'algo=pa1&preset=xor&seed=3&theory=1');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(40)));
    await reportAt(page, 40);
    await frames(page);
    let [t] = await theories(page);
    // XOR: not separable, and the best line errs on about a quarter.
    assert.equal(t.report.settled, 'not-separable');
    assert.equal(t.report.margin, null);
    assert.ok(t.report.zero_one_best.mistakes > 0);
    assert.ok(t.lines.best && t.lines.hinge && !t.lines.hard, JSON.stringify(t.lines));
    assert.ok(await inked(page, MAGENTA) > 30, 'the fewest-mistakes line is drawn');
    // Each comparator can be hidden (the switches list only the lines this learner has).
    const toggles = page.locator('.theory-toggle:not([hidden])');
    assert.deepEqual((await toggles.allTextContents()).length, 2);
    await page.locator('.theory-toggle.best input').uncheck();
    await frames(page);
    assert.ok(await inked(page, MAGENTA) < 10, 'hidden');
    await page.locator('.theory-toggle.best input').check();
    // A click is a round: the report follows it.
    await clickPlane(page, 0.2, 0.2);
    await reportAt(page, 41);
    // A mid-stream switch goes on from the weights: the bounds say so until Reset.
    await page.selectOption('#algo', 'pa');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(5)));
    await page.waitForFunction(() => window.playground.figures[0].theory?.warm_from === 41);
    assert.match(await page.locator('#theory-place').innerText(), /Press Reset/);
    [t] = await theories(page);
    assert.ok(t.report.bounds.every((b) => b.value === null), 'no bound after a warm start');
    await page.click('#reset');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(12)));
    await page.waitForFunction(() => window.playground.figures[0].theory?.report?.rounds === 12 && window.playground.figures[0].theory.warm_from == null);
    await frames(page);
    await screenshot(page, `theory-${device}-xor`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('Compare: a block, lines and chart curves per panel, kept through a reload of the link', async () => {
  const page = await open('desktop', 'algo=pa&preset=noisy-labels&view=compare&algos=pa,pa1,pa2&theory=1');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(300)));
  await reportAt(page, 300);
  await frames(page);
  const ts = await theories(page);
  assert.equal(ts.length, 3);
  assert.deepEqual(ts.map((t) => t.report.rounds), [300, 300, 300]);
  // The same samples: the same hinge minimiser for PA and PA-I at C = 1 (PA's C is 1).
  assert.ok(ts[2].report.squared_hinge_best, 'PA-II has its squared-hinge comparator');
  assert.equal(await page.locator('.theory-block').count(), 3);
  for (let k = 0; k < 3; k++) assert.ok(await inked(page, MAGENTA, k) > 20, `panel ${k}`);
  const lines = await page.evaluate(() => [window.playground.theory.regretChart.count('0:hinge'), window.playground.theory.boundChart.count('2:actual')]);
  assert.ok(lines.every((n) => n > 50), JSON.stringify(lines));
  await screenshot(page, 'theory-compare');
  // The link keeps the layer: a reload opens it again, on every panel.
  await page.evaluate(() => window.playground.writeHash());
  await page.reload();
  await page.waitForFunction(() => window.playground?.figures?.length === 3 && !window.playground.replaying);
  await reportAt(page, 300);
  assert.equal(await page.getAttribute('#theory', 'aria-pressed'), 'true');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Epochs and bad input: a point seen again is the same sample; one class, one place or none explained, never NaN', async () => {
  const page = await open('desktop', 'algo=perceptron&preset=separable&view=epochs&theory=1');
  await page.waitForFunction(() => window.playground.theory);
  assert.match(await page.locator('#theory-place').innerText(), /Add points or press Play/);
  // Two points of one class at one place: one class only, and all points identical.
  await clickPlane(page, 0.3, 0.3);
  await clickPlane(page, 0.3, 0.3);
  await page.waitForFunction(() => window.playground.figures[0].theory?.report?.rounds === 2);
  let text = await page.locator('#theory-place').innerText();
  assert.doesNotMatch(text, /NaN|Infinity|undefined/, text);
  await page.keyboard.press('2'); // class −1
  await clickPlane(page, 0.7, 0.7);
  await page.evaluate(() => window.playground.act((pg) => pg.epochs(30)));
  await page.waitForFunction(() => window.playground.figures[0].theory?.report?.rounds === 33);
  const [t] = await theories(page);
  // Three clicks, but two at one place with one label: two samples, one weighing two rounds per pass.
  assert.equal(t.report.samples, 2);
  text = await page.locator('#theory-place').innerText();
  assert.doesNotMatch(text, /NaN|Infinity|undefined/, text);
  await page.click('#clear');
  await page.waitForFunction(() => window.playground.figures[0].theory?.report?.rounds === 0);
  assert.match(await page.locator('#theory-place').innerText(), /Add points or press Play/);
  await screenshot(page, 'theory-epochs');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('what it does not cover is said, in the language shown: a kernel learner, three classes, a regression', async () => {
  const page = await open('desktop', 'algo=kernel-perceptron&preset=circles&theory=1&lang=it');
  await page.waitForFunction(() => window.playground.figures[0].theory?.why_code === 'kernel');
  const text = await page.locator('#theory-place').innerText();
  assert.match(text, /kernel/);
  assert.doesNotMatch(text, /The Theory layer covers/, 'translated');
  for (const [hash, code] of [['algo=pa1&preset=three-classes&classes=3&theory=1', 'classes'], ['algo=pa1&preset=regression-1d&view=regress&theory=1', 'regression']]) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForFunction((c) => window.playground.figures[0]?.theory?.why_code === c && !window.playground.replaying, code);
  }
  assert.equal(await page.evaluate(() => Number.isNaN(Number(document.querySelector('#theory-place').innerText.length))), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the <online-learner> element: a theory attribute, and controls=theory to switch it', async () => {
  const context = await launch({ width: 900, height: 900 });
  contexts.push(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}/embed.html#algo=perceptron&preset=separable&controls=play,step,theory`);
  await page.waitForFunction(() => document.getElementById('figure')?.figure);
  const figure = page.locator('#figure');
  await figure.locator('button', { hasText: 'Theory' }).click();
  await page.waitForFunction(() => document.getElementById('figure').theory);
  for (let i = 0; i < 5; i++) await figure.locator('button', { hasText: 'Step' }).click();
  await page.waitForFunction(() => document.getElementById('figure').figure.theory?.report?.rounds === 5);
  assert.match(await figure.locator('.theory').innerText(), /novikoff/);
  assert.equal(await figure.locator('button', { hasText: 'Theory' }).getAttribute('aria-pressed'), 'true');
  await page.screenshot({ path: `${process.cwd()}/target/e2e-screenshots/theory-embed.png`, fullPage: true });
  await figure.locator('button', { hasText: 'Theory' }).click();
  await page.waitForFunction(() => !document.getElementById('figure').theory && document.getElementById('figure').figure);
  assert.equal(await figure.locator('.theory').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});
