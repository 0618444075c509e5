// The page in English, 中文, 日本語 and Italiano: picked from the browser's
// language or the link, switched on the page and kept in the link, set on
// the embed; the document's lang follows, counts are formatted for the
// locale, the core's messages arrive translated, and no control overflows
// at desktop, laptop or phone size (screenshots in target/e2e-screenshots).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useBrowser, launch, openPage, screenshot } from './harness.mjs';
import { LANGUAGES, wholeCatalogue } from '../i18n/keys.mjs';

const browser = useBrowser({ width: 1280, height: 800 });
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };
const catalogues = Object.fromEntries(await Promise.all(LANGUAGES.map(async (tag) => [tag, await wholeCatalogue(tag)])));
const say = (tag, key) => (tag === 'en' ? key : catalogues[tag][key]);

async function ready(page) {
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Controls whose text is cut or spills out of their box, or out of the viewport. */
function overflowing(page) {
  return page.evaluate(() => [...document.querySelectorAll('button, label, legend, select, summary, h1, h2, .hint, .status, .legend span, .chart-legend span')]
    .filter((el) => el.offsetParent !== null && !el.closest('dialog, .visually-hidden'))
    .filter((el) => {
      const r = el.getBoundingClientRect();
      const cut = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible';
      const spills = el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1;
      const panel = el.closest('.panel')?.getBoundingClientRect();
      return cut || spills || r.right > document.documentElement.clientWidth + 1 || (panel && r.right > panel.right + 1);
    })
    .map((el) => `${el.tagName.toLowerCase()}#${el.id}: ${el.textContent.trim().slice(0, 40)}`));
}

for (const tag of ['en', ...LANGUAGES]) {
  for (const [size, options] of [['desktop', null], ['laptop', { width: 1024, height: 768 }], ['phone', PHONE]]) {
    test(`${tag}, ${size}: the page in its language, nothing overflows`, async () => {
      const context = options ? await launch(options) : browser.context;
      try {
        const page = await openPage(context, `${browser.server.url}/#lang=${tag}&algo=pa1&preset=overlapping&seed=3`);
        await ready(page);
        await page.evaluate(() => window.playground.advance(1234));
        await page.click('#step');
        await page.waitForTimeout(200);
        assert.equal(await page.getAttribute('html', 'lang'), tag);
        assert.equal(await page.inputValue('#lang'), tag);
        assert.equal((await page.textContent('h1')).trim(), say(tag, 'Online Learning Playground'));
        assert.equal((await page.textContent('#play')).trim(), say(tag, 'Play'));
        assert.equal(await page.title(), say(tag, 'Online Learning Playground'));
        // The explanation's prose and the learner core's words, translated.
        assert.ok((await page.textContent('#explain')).includes(say(tag, 'rule')), 'the explanation names its rows in the language');
        const help = await page.getAttribute('#c', 'title');
        assert.equal(help, say(tag, "Aggressiveness: PA-I's step is at most C, PA-II's is damped by 1/(2C); a small C shrugs off noisy labels."));
        // Counts in the locale's digits: 1,235 / 1.235 (Intl).
        const grouped = new Intl.NumberFormat(tag).format(1235);
        assert.ok((await page.textContent('#status')).includes(grouped), `${await page.textContent('#status')} has ${grouped}`);
        await screenshot(page, `lang-${tag}-${size}`);
        assert.deepEqual(await overflowing(page), []);
        assert.deepEqual(page.errors, []);
        await page.close();
      } finally {
        if (options) await context.close();
      }
    });
  }
}

test("a Japanese browser gets Japanese; an address without lang= is not given one", async () => {
  const context = await launch({ locale: 'ja-JP' });
  try {
    const page = await openPage(context, `${browser.server.url}/`);
    await ready(page);
    assert.equal(await page.getAttribute('html', 'lang'), 'ja');
    assert.equal((await page.textContent('#play')).trim(), say('ja', 'Play'));
    await page.click('#step');
    await page.waitForTimeout(1100);
    assert.doesNotMatch(await page.evaluate(() => location.hash), /lang=/, 'the browser\'s own language stays out of links');
    assert.deepEqual(page.errors, []);
    await page.close();
  } finally {
    await context.close();
  }
});

test('the menu switches in place, the link keeps the choice, and back to English', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#algo=pa1&preset=overlapping&seed=5`);
  await ready(page);
  await page.evaluate(() => window.playground.advance(40));
  await page.waitForTimeout(100);
  const before = await page.evaluate(() => Array.from(window.playground.figures[0].pg.model()));
  await page.selectOption('#lang', 'it');
  await page.waitForFunction(() => document.documentElement.lang === 'it' && !window.playground.replaying);
  assert.equal((await page.textContent('legend')).trim(), say('it', 'Data'));
  assert.equal((await page.textContent('label[for="c"]')).trim().split(/\s/)[0], 'C');
  assert.deepEqual(await page.evaluate(() => Array.from(window.playground.figures[0].pg.model())), before, 'the session is the same');
  assert.match(await page.evaluate(() => location.hash), /lang=it/);
  // A refused value names its range in the language shown.
  await page.fill('#c', '-1');
  await page.press('#c', 'Enter');
  assert.equal(await page.textContent('#c-msg'), `«C» deve essere ${say('it', 'range-positive')}, ricevuto -1`);
  // The message crosses as a code and numbers: the page writes the range's
  // bounds and the value in the language shown (a decimal comma here).
  await page.fill('#noise', '1.5');
  await page.press('#noise', 'Enter');
  assert.equal(await page.textContent('#noise-msg'), `«${say('it', 'label noise')}» deve essere tra 0 e 1, ricevuto 1,5`);
  // The link opens in Italian.
  const link = await page.evaluate(() => location.href);
  const again = await openPage(browser.context, link);
  await ready(again);
  assert.equal(await again.getAttribute('html', 'lang'), 'it');
  await again.close();
  await page.selectOption('#lang', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en' && !window.playground.replaying);
  assert.equal((await page.textContent('legend')).trim(), 'Data');
  assert.equal((await page.textContent('h1')).trim(), 'Online Learning Playground');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the embed speaks its lang attribute, the frame its lang= key, the blog example ?lang=', async () => {
  const frame = await openPage(browser.context, `${browser.server.url}/embed.html#algo=pa1&lang=zh-CN&controls=play,step,reset&explain=1`);
  const learner = frame.locator('online-learner');
  await learner.locator('button', { hasText: say('zh-CN', 'Step') }).click();
  assert.equal(await frame.getAttribute('html', 'lang'), 'zh-CN');
  assert.equal((await frame.textContent('#open-full')).trim(), say('zh-CN', 'Open in the playground'));
  await frame.waitForFunction((text) => document.querySelector('online-learner').shadowRoot.querySelector('.explain')?.textContent.includes(text), say('zh-CN', 'rule'));
  await screenshot(frame, 'lang-embed-zh-CN');
  assert.deepEqual(frame.errors, []);
  await frame.close();

  const blog = await openPage(browser.context, `${browser.server.url}/examples/blog.html?lang=ja`);
  await blog.waitForFunction(() => document.documentElement.lang === 'ja');
  assert.equal((await blog.textContent('h1')).trim(), say('ja', 'Passive, then aggressive: online learning one sample at a time'));
  // The first figures started (autoplay) before the post knew its language: they follow it, still playing.
  await blog.waitForFunction((words) => words.includes(document.querySelector('online-learner#pa').shadowRoot.querySelector('.bar button')?.textContent), [say('ja', 'Play'), say('ja', 'Pause')]);
  assert.equal(await blog.evaluate(() => document.querySelector('online-learner#pa').playing), true);
  const figure = blog.locator('online-learner#rotation');
  await figure.scrollIntoViewIfNeeded();
  await figure.locator('button', { hasText: say('ja', 'Step') }).click();
  assert.equal(await figure.getAttribute('lang'), 'ja');
  await screenshot(blog, 'lang-blog-ja');
  assert.deepEqual(blog.errors, []);
  await blog.close();
});

test('words that come with their code: a class step explained, and Save, in Japanese', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#lang=ja&algo=pa1&preset=three-classes&seed=2`);
  await ready(page);
  await page.click('#step');
  // explain-classes.js and the catalogues' classes part arrive together.
  await page.waitForFunction((text) => document.getElementById('explain').textContent.includes(text), say('ja', 'best other: {class}').split('{')[0]);
  // Save brings save-buttons.js with the save part: its message is in Japanese.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-points')]);
  await download.cancel();
  const saved = say('ja', 'Saved {file}.').replace('{file}', '');
  await page.waitForFunction((text) => document.getElementById('save-msg').textContent.endsWith(text), saved);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the full module's texts come with it however it arrives: the timeline first, then AROW, in Japanese", async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#lang=ja&algo=pa1&preset=overlapping&seed=5`);
  await ready(page);
  await page.evaluate(() => window.playground.act((pg) => pg.stream(300)));
  // The timeline's first use brings the full module (timeline.js), not a learner of it.
  const slider = page.locator('#timeline');
  const box = await slider.boundingBox();
  await page.mouse.click(box.x + 0.5 * box.width, box.y + box.height / 2);
  await page.waitForFunction(() => window.playground.past && !window.playground.replaying);
  await page.click('#timeline-now');
  await page.selectOption('#algo', 'arow');
  const japanese = say('ja', 'initial variance a');
  await page.waitForFunction((text) => document.getElementById('learner-settings').textContent.includes(text), japanese);
  assert.ok(!(await page.textContent('#learner-settings')).includes('initial variance a'));
  assert.deepEqual(page.errors, []);
  await page.close();
});
