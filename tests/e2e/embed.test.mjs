// Embedding, in real Chromium: the example blog post (three figures under a
// strict CSP, only same-origin requests, no console error), lazy start and
// pause off-screen, the <online-learner> attributes, several figures on one
// page, reduced motion, and embed.html configured by its hash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, screenshot, clickPlane } from './harness.mjs';
import { recorded } from './package-pages.mjs';

const browser = useBrowser({ width: 1200, height: 900 });

/** Opens a page of the site recording every request and every CSP violation. */
const openRecorded = (path) => recorded(browser.context, `${browser.server.url}${path}`);

const figures = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('online-learner')].map((el) => [
  el.id, { started: el.started, frames: el.frames, playing: el.playing, samples: el.figure ? el.figure.pg.counts().samples : null },
])));

async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
}

test('the example blog post: three working figures, only its own files, no CSP violation', async () => {
  const page = await openRecorded('/examples/blog.html');
  await page.waitForFunction(() => document.getElementById('pa')?.figure && document.getElementById('pa').figure.pg.counts().samples > 20);
  for (const id of ['rotation', 'xor']) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForFunction((i) => document.getElementById(i).figure, id);
  }
  // Figure 2 steps: one click, one sample, and the explanation of it.
  const rotation = page.locator('#rotation');
  await rotation.locator('button', { hasText: 'Step' }).click();
  await rotation.locator('button', { hasText: 'Step' }).click();
  await frames(page);
  assert.equal(await page.evaluate(() => document.getElementById('rotation').figure.pg.counts().samples), 2);
  assert.match(await rotation.locator('.explain').textContent(), /sample 2.*(Passive|Aggressive)/s);
  // Figure 3 learns XOR with a bounded dictionary (while on screen).
  await page.locator('#xor').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('xor').figure.pg.counts().samples > 60);
  const xor = await page.evaluate(() => {
    const pg = document.getElementById('xor').figure.pg;
    return { kernel: pg.is_kernel(), support: pg.support_len() / 5, budget: (pg.settings().budget ?? 0), algorithm: pg.algorithm() };
  });
  assert.deepEqual({ kernel: xor.kernel, budget: xor.budget, algorithm: xor.algorithm }, { kernel: true, budget: 60, algorithm: 'projectron++' });
  assert.ok(xor.support > 0 && xor.support <= 60, `support size ${xor.support}`);
  // The two figures of figure 1 run side by side on the same stream.
  const pair = await page.evaluate(() => ['pa', 'pa1'].map((id) => document.getElementById(id).figure.pg.algorithm()));
  assert.deepEqual(pair, ['pa', 'pa1']);

  const origin = new URL(browser.server.url).origin;
  const foreign = page.requests.filter((url) => new URL(url).origin !== origin);
  assert.deepEqual(foreign, [], 'no request leaves the page origin');
  const files = page.requests.map((url) => new URL(url).pathname);
  assert.ok(files.every((p) => /^\/(examples\/blog\.(html|css|js)|embed\.(js|css)|figure\.css|js\/[a-z0-9-]+\.js|pkg\/onlinelearn(_full)?(_bg\.wasm|\.js))$/.test(p)), files.join('\n'));
  assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
  assert.deepEqual(page.errors, []);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'embed-blog-post');
  await page.close();
});

test('off-screen figures do not start, and stop when scrolled away', async () => {
  const page = await openRecorded('/examples/blog.html');
  await page.waitForFunction(() => document.getElementById('pa')?.figure);
  await page.waitForTimeout(600);
  let state = await figures(page);
  assert.equal(state.pa.started, true);
  assert.ok(state.pa.frames > 5, `visible autoplay figure draws: ${state.pa.frames} frames`);
  assert.deepEqual(state.xor, { started: false, frames: 0, playing: false, samples: null }, 'far below the fold: nothing loaded');

  await page.locator('#xor').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('xor').frames > 10);
  await page.evaluate(() => window.scrollTo(0, 0));
  await frames(page, 3);
  const before = await figures(page);
  await page.waitForTimeout(700);
  const after = await figures(page);
  assert.equal(after.xor.frames, before.xor.frames, 'off-screen: the frame counter stays still');
  assert.equal(after.xor.samples, before.xor.samples, 'and nothing is learned');
  assert.equal(after.xor.playing, true, 'it resumes where it was when scrolled back');
  assert.ok(after.pa.frames > before.pa.frames, 'the visible figure keeps running');
  await page.locator('#xor').scrollIntoViewIfNeeded();
  await page.waitForFunction((n) => document.getElementById('xor').frames > n, after.xor.frames);
  await page.close();
});

test('the element honours its attributes; figures on one page do not interfere', async () => {
  const page = await openRecorded('/embed.html#controls=play');
  await page.waitForFunction(() => customElements.get('online-learner'));
  await page.evaluate(() => {
    const a = document.createElement('online-learner');
    Object.entries({ id: 'a', algo: 'pa2', c: '0.5', preset: 'xor', seed: '9', noise: '0.1', controls: 'play,c,class', explain: '', curves: '', label: 'Mine' })
      .forEach(([k, v]) => a.setAttribute(k, v));
    const b = document.createElement('online-learner');
    Object.entries({ id: 'b', algo: 'projectron', sigma: '0.3', budget: '25', eta: '0.2', preset: 'circles', controls: 'step,reset' })
      .forEach(([k, v]) => b.setAttribute(k, v));
    const c = document.createElement('online-learner');
    c.id = 'c';
    c.setAttribute('c', '-1');
    document.body.prepend(a, b, c);
  });
  // Each starts once near the viewport.
  for (const id of ['c', 'b', 'a']) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForFunction((i) => document.getElementById(i).figure, id);
  }
  const settings = await page.evaluate(() => ['a', 'b'].map((id) => {
    const pg = document.getElementById(id).figure.pg;
    return [pg.algorithm(), pg.settings().c, pg.settings().preset, pg.settings().seed, pg.settings().noise, pg.settings().sigma, (pg.settings().budget ?? 0), pg.settings().eta];
  }));
  assert.deepEqual(settings[0].slice(0, 5), ['pa2', 0.5, 'xor', 9, 0.1]);
  assert.deepEqual([settings[1][0], settings[1][2], ...settings[1].slice(5)], ['projectron', 'circles', 0.3, 25, 0.2]);
  const buttons = (id) => page.locator(`#${id}`).locator('.bar button').allTextContents();
  assert.deepEqual(await buttons('a'), ['Play', 'Class +1', 'Class −1']);
  assert.equal(await page.locator('#a').locator('.bar input[type="range"]').count(), 1, 'the C slider');
  assert.deepEqual(await buttons('b'), ['Step', 'Reset']);
  assert.ok(await page.locator('#a').locator('.explain').isVisible());
  assert.ok(await page.locator('#b').locator('.explain').isHidden());
  assert.equal(await page.locator('#a').locator('.plane .title').textContent(), 'Mine');
  // A bad attribute: a message in that figure, the defaults, and the page carries on.
  assert.match(await page.locator('#c').locator('.error').textContent(), /^Settings not understood: C must be positive and finite, got -?\d/);
  assert.equal(await page.evaluate(() => document.getElementById('c').figure.pg.settings().c), 0.1);

  // Every setting of the core's table is an attribute the element reads
  // into its link: each set on a new element shows in the link it describes.
  const unread = await page.evaluate(async () => {
    const { catalogue } = await import('/js/catalogue.js');
    const probe = document.createElement('online-learner');
    for (const s of catalogue().settings) probe.setAttribute(s.name, s.default);
    const keys = new Set(probe.hash().split('&').map((pair) => pair.split('=')[0]));
    return catalogue().settings.map((s) => s.name).filter((name) => !keys.has(name));
  });
  assert.deepEqual(unread, [], 'settings the element would ignore as attributes');
  // A setting's attribute changed after the start rebuilds the figure with
  // it; removed, the figure goes back to the default.
  await page.evaluate(() => document.getElementById('c').setAttribute('c', '0.25'));
  await page.waitForFunction(() => document.getElementById('c').figure?.pg.settings().c === 0.25);
  await page.evaluate(() => document.getElementById('c').removeAttribute('c'));
  await page.waitForFunction(() => document.getElementById('c').figure?.pg.settings().c === 0.1);
  // Clicks and steps reach only their own figure.
  const a = page.locator('#a');
  await clickPlane(page, 0.3, 0.3, { within: a });
  await a.locator('button', { hasText: 'Class −1' }).click();
  await clickPlane(page, 0.7, 0.7, { within: a });
  await page.locator('#b').locator('button', { hasText: 'Step' }).click();
  await frames(page);
  const counts = await page.evaluate(() => ['a', 'b', 'c'].map((id) => document.getElementById(id).figure.pg.counts().samples));
  assert.deepEqual(counts, [2, 1, 0]);
  const points = await page.evaluate(() => document.getElementById('a').points());
  assert.deepEqual([points[2], points[5]], [1, -1], 'the class toggle chose the second label');
  // Changing an attribute rebuilds that figure with it.
  await page.evaluate(() => document.getElementById('b').setAttribute('algo', 'kernel-perceptron'));
  await page.waitForFunction(() => document.getElementById('b').figure?.pg.algorithm() === 'kernel-perceptron');
  assert.deepEqual(page.errors, []);
  await screenshot(page, 'embed-attributes');
  await page.close();
});

test('a `state` from the playground rebuilds the same model; embed.html reads its hash', async () => {
  const main = await openPage(browser.context, `${browser.server.url}/#algo=pa1&preset=moons&seed=4`);
  await main.waitForFunction(() => window.playground?.figures?.length > 0);
  await main.evaluate(() => window.playground.advance(120));
  await clickPlane(main, 0.4, 0.6);
  await main.evaluate(() => window.playground.writeHash());
  const hash = await main.evaluate(() => location.hash.slice(1));
  const weights = await main.evaluate(() => Array.from(window.playground.figures[0].pg.model()));
  await main.close();

  const page = await openRecorded(`/embed.html#${hash}&controls=step&explain=1&curves=1`);
  await page.waitForFunction(() => document.getElementById('figure').figure);
  const embedded = await page.evaluate(() => {
    const el = document.getElementById('figure');
    return { model: Array.from(el.figure.pg.model()), explain: el.hasAttribute('explain'), curves: el.hasAttribute('curves') };
  });
  assert.deepEqual(embedded.model, weights);
  assert.ok(embedded.explain && embedded.curves);
  assert.deepEqual(await page.locator('#figure').locator('.bar button').allTextContents(), ['Step']);
  assert.match(await page.getAttribute('#open-full', 'href'), /^index\.html#v=\d+&algo=pa1&.*log=/);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
  await screenshot(page, 'embed-html');
  await page.close();
});

test('with reduced motion an autoplay figure waits, paused, with a step button', async () => {
  const page = await browser.context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${browser.server.url}/embed.html#algo=pa&controls=play&autoplay=1`);
  await page.waitForFunction(() => document.getElementById('figure').figure);
  await page.waitForTimeout(500);
  const el = page.locator('#figure');
  assert.equal(await page.evaluate(() => document.getElementById('figure').playing), false);
  assert.equal(await page.evaluate(() => document.getElementById('figure').figure.pg.counts().samples), 0);
  assert.deepEqual(await el.locator('.bar button').allTextContents(), ['Play', 'Step']);
  await el.locator('button', { hasText: 'Step' }).click();
  assert.equal(await page.evaluate(() => document.getElementById('figure').figure.pg.counts().samples), 1);
  await page.close();
});

test('the learner menu: a family not loaded yet brings the full module once, in one file, and a session there keeps its handle', async () => {
  const page = await openRecorded('/embed.html#algo=projectron&preset=xor&seed=3&controls=algo');
  await page.waitForFunction(() => document.getElementById('figure').figure?.pg.algorithm() === 'projectron');
  await page.evaluate(() => {
    const el = document.getElementById('figure');
    el.act((pg) => pg.stream(40));
    window.firstHandle = el.figure.pg;
  });
  for (const algo of ['alma', 'ballseptron']) {
    await page.locator('#figure').locator('select').selectOption(algo);
    await page.waitForFunction((a) => document.getElementById('figure').figure.pg.algorithm() === a, algo);
    assert.ok(await page.evaluate(() => document.getElementById('figure').figure.pg === window.firstHandle), `${algo}: no replay into a new handle`);
  }
  const modules = page.requests.map((url) => new URL(url).pathname.match(/\/pkg\/([^/]+\.wasm)$/)?.[1]).filter(Boolean);
  assert.deepEqual(modules, ['onlinelearn_bg.wasm', 'onlinelearn_full_bg.wasm']);
  await page.evaluate(() => document.getElementById('figure').act((pg) => pg.stream(20)));
  assert.deepEqual(page.errors, []);
  await page.close();
});
