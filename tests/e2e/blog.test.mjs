// The example post and the embed's frame as a teacher met them: figure 2's
// text names the buttons the figure has (in every language), the post
// loads many times over without a page error (a figure told its language
// while the wasm module was still arriving once called into the module's
// glue before its init), and embed.html follows every change of its hash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, launch, openPage, screenshot } from './harness.mjs';

const browser = useBrowser({ width: 1280, height: 800 });
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };
const LANGS = ['en', 'zh-CN', 'ja', 'it'];

/** Figure 2's prose (the keys it names), its buttons, and its explanation's hint. */
function figureTwo(page) {
  return page.evaluate(() => {
    const host = document.getElementById('rotation');
    const prose = host.closest('figure').previousElementSibling;
    const buttons = [...host.shadowRoot.querySelectorAll('.bar button')];
    return {
      keys: [...prose.querySelectorAll('kbd')].map((k) => k.textContent.trim()),
      buttons: buttons.map((b) => b.textContent.trim()),
      play: buttons.find((b) => b.hasAttribute('aria-pressed'))?.textContent.trim() ?? null,
      hint: host.shadowRoot.querySelector('.explain .hint')?.textContent ?? '',
    };
  });
}

async function openFigureTwo(context, lang) {
  const page = await openPage(context, `${browser.server.url}/examples/blog.html?lang=${lang}`);
  await page.locator('#rotation').scrollIntoViewIfNeeded();
  await page.waitForFunction((l) => document.getElementById('rotation').figure && document.documentElement.lang === l, lang);
  // Built in the post's language (the figure rebuilds once it is told it).
  await page.waitForFunction(() => !document.getElementById('rotation').rebuilding);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page;
}

for (const lang of LANGS) {
  test(`${lang}: figure 2's text names only buttons it has, and its Play is there`, async () => {
    const page = await openFigureTwo(browser.context, lang);
    const shown = await figureTwo(page);
    assert.ok(shown.keys.length >= 1, 'the prose names a button');
    for (const key of shown.keys) assert.ok(shown.buttons.includes(key), `the prose says ${key}; the figure has ${shown.buttons.join(', ')}`);
    assert.ok(shown.play, `the figure has a Play button (${shown.buttons.join(', ')})`);
    assert.ok(shown.hint.includes(shown.play), `its hint "${shown.hint}" names ${shown.play}`);
    // Play runs it slowly enough to read each step's explanation.
    await page.locator('#rotation').locator('button', { hasText: shown.play }).click();
    await page.waitForFunction(() => document.getElementById('rotation').figure.pg.counts().samples >= 1);
    assert.ok(await page.evaluate(() => document.getElementById('rotation').speed) <= 2);
    await screenshot(page, `blog-figure-2-${lang}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

/** Figure 1's pair, PA and PA-I: each one's bar, chart and "Copy as command" boxes, samples and chart's x axis. */
function figureOne(page) {
  return page.evaluate(() => ['pa', 'pa1'].map((id) => {
    const host = document.getElementById(id);
    const box = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, height: r.height }; };
    const buttons = [...host.shadowRoot.querySelectorAll('.bar button')];
    return {
      bar: box(host.shadowRoot.querySelector('.bar')),
      chart: box(host.shadowRoot.querySelector('canvas.chart')),
      command: box(buttons.at(-1)),
      last: buttons.at(-1).textContent,
      samples: host.figure.pg.counts().samples,
      xMax: host.curves.chart.xMax,
    };
  }));
}

for (const [lang, device] of [...LANGS.map((l) => [l, 'desktop']), ['en', 'phone']]) {
  test(`${lang}, ${device}: figure 1's two figures are even: the same bar, their charts level, their x axes their own samples`, async () => {
    // (Issue 34, item 18: PA-I's C slider pushed "Copy as command" to a row of its own, and at 262 samples the axes read 512 and 256.)
    const context = device === 'phone' ? await launch(PHONE) : browser.context;
    try {
      const page = await openPage(context, `${browser.server.url}/examples/blog.html?lang=${lang}`);
      await page.locator('#pa').scrollIntoViewIfNeeded();
      await page.waitForFunction((l) => ['pa', 'pa1'].every((id) => document.getElementById(id).figure && !document.getElementById(id).rebuilding) && document.documentElement.lang === l, lang);
      // Paused, then the same number of samples each, past the first doubling of the old axis.
      await page.evaluate(() => ['pa', 'pa1'].forEach((id) => { document.getElementById(id).pause(); }));
      await page.evaluate(() => ['pa', 'pa1'].forEach((id) => { const el = document.getElementById(id); el.step(300 - el.figure.pg.counts().samples); }));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const [pa, pa1] = await figureOne(page);
      assert.equal(pa.last, pa1.last, 'both bars end with Copy as command');
      assert.ok(Math.abs(pa.bar.height - pa1.bar.height) < 1, `bars of ${pa.bar.height} and ${pa1.bar.height} px`);
      if (device === 'desktop') {
        assert.ok(Math.abs(pa.command.top - pa1.command.top) < 1, 'Copy as command on the same row in both');
        assert.ok(Math.abs(pa.chart.top - pa1.chart.top) < 1, `charts at ${pa.chart.top} and ${pa1.chart.top}`);
      }
      for (const f of [pa, pa1]) {
        assert.equal(f.samples, 300);
        assert.ok(f.xMax <= f.samples && f.xMax > f.samples - 16, `the x axis ends at ${f.xMax} for ${f.samples} samples`);
      }
      // Playing on, a few samples apart, their axes stay within those few samples of each other.
      await page.evaluate(() => { document.getElementById('pa').step(5); });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const [ahead, behind] = await figureOne(page);
      assert.ok(ahead.xMax - behind.xMax <= 8, `axes ${ahead.xMax} and ${behind.xMax}, 5 samples apart`);
      await page.locator('figure.pair').screenshot({ path: `target/e2e-screenshots/blog-figure-1-${lang}-${device}.png` });
      assert.deepEqual(page.errors, []);
      await page.close();
    } finally {
      if (device === 'phone') await context.close();
    }
  });
}

test("a figure told another language goes on with its samples (a post sets its figures' language as they start)", async () => {
  const page = await openPage(browser.context, `${browser.server.url}/examples/blog.html?lang=en`);
  await page.locator('#pa').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('pa').figure?.pg.counts().samples > 40);
  await page.evaluate(() => document.getElementById('pa').pause());
  const before = await page.evaluate(() => Array.from(document.getElementById('pa').figure.pg.weights()).concat(document.getElementById('pa').figure.pg.counts().samples));
  await page.evaluate(() => document.getElementById('pa').setAttribute('lang', 'it'));
  await page.waitForFunction(() => document.getElementById('pa').shadowRoot.querySelector('.bar button')?.textContent !== 'Play' && !document.getElementById('pa').rebuilding);
  const after = await page.evaluate(() => Array.from(document.getElementById('pa').figure.pg.weights()).concat(document.getElementById('pa').figure.pg.counts().samples));
  assert.deepEqual(after, before, 'the same session, relabelled');
  // A setting still builds the figure from its attributes.
  await page.evaluate(() => document.getElementById('pa').setAttribute('seed', '8'));
  await page.waitForFunction(() => document.getElementById('pa').figure?.pg.settings().seed === 8 && !document.getElementById('pa').rebuilding);
  assert.equal(await page.evaluate(() => document.getElementById('pa').figure.pg.counts().samples), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('phone: figure 2 has Play and Step, each a 44 px target', async () => {
  const phone = await launch(PHONE);
  try {
    const page = await openFigureTwo(phone, 'en');
    const sizes = await page.evaluate(() => [...document.getElementById('rotation').shadowRoot.querySelectorAll('.bar button')]
      .map((b) => ({ text: b.textContent.trim(), ...b.getBoundingClientRect().toJSON() })));
    assert.ok(sizes.some((b) => b.text === 'Play') && sizes.some((b) => b.text === 'Step'), JSON.stringify(sizes));
    assert.deepEqual(sizes.filter((b) => b.width < 44 || b.height < 44), [], 'every button is at least 44 × 44 px');
    await page.locator('#rotation').scrollIntoViewIfNeeded();
    await screenshot(page, 'blog-figure-2-phone');
    assert.deepEqual(page.errors, []);
    await page.close();
  } finally {
    await phone.close();
  }
});

test('the post loads 30 times without a page error, the wasm module early or late', async () => {
  for (let i = 0; i < 30; i++) {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    // Every third load in the order that raced: the post's script (its
    // i18n.js is a file of its own, outside embed.js's bundle) tells the
    // figures their language after they started and before the module is in.
    if (i % 3 === 2) {
      const later = (ms) => async (route) => {
        await new Promise((r) => setTimeout(r, ms));
        await route.continue();
      };
      await page.route('**/js/i18n.js', later(100));
      await page.route('**/pkg/onlinelearn_bg.wasm', later(400));
    }
    await page.goto(`${browser.server.url}/examples/blog.html`);
    await page.waitForFunction(() => ['pa', 'pa1'].every((id) => document.getElementById(id).figure) && !document.getElementById('pa').rebuilding);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.deepEqual(errors, [], `load ${i + 1}`);
    await page.close();
  }
});

/** embed.html's figure: its learner, its title, its language, its buttons. */
function frameFigure(page) {
  return page.evaluate(() => {
    const el = document.getElementById('figure');
    return {
      algorithm: el.figure?.pg.algorithm() ?? null,
      title: el.shadowRoot.querySelector('.plane .title')?.textContent ?? '',
      lang: document.documentElement.lang,
      buttons: [...el.shadowRoot.querySelectorAll('.bar button')].map((b) => b.textContent.trim()),
      full: document.getElementById('open-full').getAttribute('href'),
    };
  });
}

test('embed.html follows its hash: two changes in one frame, and a change before the first build', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/embed.html#algo=pa1&label=One&controls=play`);
  await page.waitForFunction(() => document.getElementById('figure').figure);
  await page.evaluate(() => {
    location.hash = 'algo=pa&label=Two&controls=step';
    location.hash = 'algo=pa2&label=Three&controls=step,reset&lang=ja';
  });
  await page.waitForFunction(() => {
    const el = document.getElementById('figure');
    return el.figure?.pg.algorithm() === 'pa2' && !el.rebuilding && document.documentElement.lang === 'ja';
  });
  const shown = await frameFigure(page);
  assert.equal(shown.title, 'Three');
  assert.deepEqual(shown.buttons, ['ステップ', 'リセット']);
  assert.match(shown.full, /algo=pa2.*lang=ja/);
  await screenshot(page, 'embed-frame-hash-changed');
  assert.deepEqual(page.errors, []);

  // The module held back until the hash has changed under a starting figure.
  const late = await browser.context.newPage();
  const errors = [];
  late.on('pageerror', (e) => errors.push(String(e)));
  let release;
  const held = new Promise((r) => { release = r; });
  await late.route('**/pkg/onlinelearn_bg.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await late.goto(`${browser.server.url}/embed.html#algo=pa1&label=Early`);
  await late.waitForFunction(() => document.getElementById('figure').started);
  await late.evaluate(() => { location.hash = 'algo=arow&label=Late&controls=step'; });
  await late.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  release();
  await late.waitForFunction(() => {
    const el = document.getElementById('figure');
    return el.figure?.pg.algorithm() === 'arow' && !el.rebuilding;
  });
  const after = await frameFigure(late);
  assert.equal(after.title, 'Late');
  assert.deepEqual(after.buttons, ['Step']);
  assert.deepEqual(errors, []);
  await late.close();
  await page.close();
});
