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
