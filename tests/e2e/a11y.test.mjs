// Accessibility and input, in real Chromium: axe-core finds no serious or
// critical violation on the page, the embed and the blog post; a session
// driven by the keyboard alone (Tab, Space, arrows, Enter); the help
// overlay; the live-region summary. (Touch on a phone: playground.test.mjs.)
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useBrowser, openPage, screenshot, ROOT, showView } from './harness.mjs';

const browser = useBrowser();
let axeSource;

before(async () => {
  axeSource = await readFile(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
});

async function open(hash = '') {
  const page = await openPage(browser.context, `${browser.server.url}/${hash ? `#${hash}` : ''}`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  return page;
}

/**
 * Runs axe-core in the page. The script goes in through the DevTools
 * protocol (page.evaluate), which the page's CSP does not govern, so the
 * page is checked with its real policy in place.
 */
async function axe(page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
}

test('axe-core: no serious or critical violation on the page, in each view', async () => {
  const page = await open('algo=pa1&preset=overlapping');
  await page.evaluate(() => window.playground.advance(100));
  // Ids are unique (a broken edit once doubled a paragraph, id and all).
  const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
  assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), []);
  assert.deepEqual(await axe(page), [], 'classify');
  await showView(page, 'compare');
  assert.deepEqual(await axe(page), [], 'compare');
  await showView(page, 'regress');
  assert.deepEqual(await axe(page), [], 'regress');
  await page.keyboard.press('?');
  assert.deepEqual(await axe(page), [], 'help open');
  await page.close();
});

test('axe-core: no serious or critical violation in the embed and the blog post', async () => {
  for (const path of ['/embed.html#algo=projectron&preset=xor&controls=play,step,reset,c,noise,algo,speed,class&explain=1&curves=1', '/examples/blog.html']) {
    const page = await openPage(browser.context, `${browser.server.url}${path}`);
    await page.waitForFunction(() => [...document.querySelectorAll('online-learner')].some((el) => el.figure));
    await page.waitForTimeout(300);
    assert.deepEqual(await axe(page), [], path);
    await page.close();
  }
});

/** The focused element, described (inside shadow roots too). */
const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  return {
    id: el.id, tag: el.tagName.toLowerCase(), cls: el.className, view: el.dataset?.view ?? null,
    outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
  };
});

test('a keyboard-only session: every control reachable with a visible focus, the plane driven by arrows', async () => {
  const page = await open('algo=pa1&preset=separable&seed=2');
  // Tab through the whole page once, noting what takes focus.
  const seen = [];
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f.tag === 'body') continue; // past the last control, before the first again
    seen.push(f);
    assert.ok(f.outline, `visible focus on ${f.tag}#${f.id}.${f.cls}`);
  }
  const ids = new Set(seen.map((f) => f.id || (f.cls.includes('overlay') ? 'plane' : f.view ? `view-${f.view}` : f.tag)));
  for (const id of ['view-classify', 'view-compare', 'help-open', 'preset', 'seed', 'noise-slider', 'noise', 'open-file', 'algo', 'c-slider', 'c', 'bias',
    'play', 'step', 'reset', 'speed', 'share', 'save-png', 'save-points', 'save-curves', 'save-model', 'record', 'embed', 'plane']) {
    assert.ok(ids.has(id), `${id} is reachable by Tab (seen: ${[...ids].join(', ')})`);
  }

  // Global keys, with the focus on the page itself.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.playground.figures[0].pg.counts().samples), 2, '→ steps');
  await page.keyboard.press(' ');
  assert.equal(await page.evaluate(() => window.playground.playing), true, 'Space plays');
  await page.waitForTimeout(200);
  await page.keyboard.press(' ');
  assert.equal(await page.evaluate(() => window.playground.playing), false, 'Space pauses');
  const played = await page.evaluate(() => window.playground.points());
  await page.keyboard.press('r');
  assert.equal(await page.evaluate(() => window.playground.figures[0].pg.counts().samples), 0, 'r resets the learner');
  assert.deepEqual(await page.evaluate(() => window.playground.points()), played, 'on the same points');
  await page.keyboard.press('c');
  assert.deepEqual(await page.evaluate(() => window.playground.points()), [], 'c clears the plane');
  await page.keyboard.press('2');
  assert.equal(await page.getAttribute('[data-tool="-1"]', 'aria-checked'), 'true', '2 picks class −1');

  // The plane: Tab to it, move the cursor, add points, erase one.
  await page.focus('.plane .overlay');
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowUp'); // y = 0.3
  await page.keyboard.press('Shift+ArrowLeft'); // x = -0.2
  await page.keyboard.press('Enter'); // class −1 at (−0.2, 0.3)
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight'); // x = 0.3 (arrows move the cursor, not the stream)
  await page.keyboard.press('Shift+Enter'); // the other class: +1 at (0.3, 0.3)
  assert.deepEqual(await page.evaluate(() => window.playground.points()), [-0.2, 0.3, -1, 0.3, 0.3, 1]);
  assert.equal(await page.evaluate(() => window.playground.figures[0].pg.counts().samples), 2, 'only the two points were learned');
  assert.match(await page.textContent('#announce'), /Cursor at x 0\.30, y 0\.30/);
  await page.keyboard.press('Delete');
  assert.deepEqual(await page.evaluate(() => window.playground.points()), [-0.2, 0.3, -1]);
  await screenshot(page, 'a11y-keyboard-cursor');
  await page.keyboard.press('Escape');
  assert.notEqual((await focused(page)).cls, 'overlay', 'Esc leaves the plane');

  // The summary says what the model is, in words; paused, the live region speaks it too.
  await page.evaluate(() => window.playground.changed());
  await page.waitForFunction(() => /PA-I: 2 samples learned/.test(document.getElementById('summary').textContent));
  assert.match(await page.textContent('#summary'), /Decision boundary .* = 0; class \+1 on the side where this is positive/);
  assert.equal(await page.textContent('#spoken'), await page.textContent('#summary'));
  assert.equal(await page.getAttribute('#spoken', 'aria-live'), 'polite');
  assert.match(await page.getAttribute('.plane .overlay', 'aria-describedby'), /^summary /, 'the plane is described by the summary');
  await page.close();
});

/** The samples a summary says were learned (one learner's sentence). */
const said = (text) => Number((/: ([\d,]+) samples? learned/.exec(text)?.[1] ?? 'NaN').replace(/,/g, ''));

for (const where of ['page', 'embed']) {
  test(`${where}: while playing, the summary says the samples learned now, and its live region speaks at most every ten seconds`, async () => {
    // (Issue 34, item 14: the summary read "0 samples learned" while 277 showed, until a pause.)
    const page = await openPage(browser.context, where === 'page'
      ? `${browser.server.url}/#algo=pa&preset=overlapping&seed=3&speed=60`
      : `${browser.server.url}/embed.html#algo=pa&preset=overlapping&seed=3&speed=60&autoplay=1`);
    await page.waitForFunction((w) => {
      const app = w === 'page' ? window.playground : document.getElementById('figure');
      return app?.figures?.length > 0 && !app.replaying;
    }, where);
    if (where === 'page') await page.click('#play');
    await page.waitForFunction((w) => (w === 'page' ? window.playground : document.getElementById('figure')).figures[0].pg.counts().samples > 90, where);
    const watched = await page.evaluate((w) => new Promise((resolve) => {
      const app = w === 'page' ? window.playground : document.getElementById('figure');
      const root = w === 'page' ? document : app.shadowRoot;
      const [summary, spoken] = [root.getElementById('summary'), root.querySelector(w === 'page' ? '#spoken' : '.spoken')];
      let changes = 0;
      new MutationObserver(() => { changes += 1; }).observe(spoken, { childList: true, characterData: true, subtree: true });
      const lags = [];
      const start = performance.now();
      const tick = () => {
        const n = Number((/: ([\d,]+) samples? learned/.exec(summary.textContent)?.[1] ?? 'NaN').replace(/,/g, ''));
        lags.push(app.figures[0].pg.counts().samples - n);
        if (performance.now() - start < 2000) requestAnimationFrame(tick);
        else resolve({ lags, changes, playing: app.playing, samples: app.figures[0].pg.counts().samples, text: summary.textContent });
      };
      requestAnimationFrame(tick);
    }), where);
    assert.ok(watched.playing && watched.samples > 110, `still playing (${watched.samples} samples)`);
    // A frame draws, then learns: its summary is at most that frame's learning behind (60 samples/s, frames of 100 ms at most).
    assert.ok(watched.lags.every((lag) => lag >= 0 && lag <= 8), `the summary lagged the samples by ${Math.max(...watched.lags)}`);
    assert.ok(watched.changes <= 1, `the live region spoke ${watched.changes} times in two seconds of play`);
    assert.ok(said(watched.text) > 100, watched.text);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('the help overlay lists the shortcuts and closes with Escape', async () => {
  const page = await open();
  await page.keyboard.press('?');
  const help = page.locator('#help');
  await help.waitFor(); // its code and words load when first asked for
  const text = await help.textContent();
  for (const key of ['Space', 'Play / pause', 'step', 'Reset', 'class −1', 'Enter', 'Delete']) assert.ok(text.includes(key), key);
  // Keys do not reach the page while it is open.
  const before = await page.evaluate(() => window.playground.figures[0].pg.counts().samples);
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.playground.figures[0].pg.counts().samples), before);
  await screenshot(page, 'a11y-help');
  await page.keyboard.press('Escape');
  assert.ok(await help.isHidden());
  await page.click('#help-open');
  await help.waitFor();
  assert.ok(await help.isVisible());
  await page.click('#help-close');
  assert.ok(await help.isHidden());
  await page.close();
});

test('the help opens in the language shown, its words and the book link in it, after a language switch too', async () => {
  const page = await open('lang=ja');
  await page.click('#help-open');
  const help = page.locator('#help');
  await help.waitFor(); // its code and its words (the catalogue's help part) load when first asked for
  assert.match(await help.textContent(), /キーボードショートカット[^]*再生 \/ 一時停止[^]*閉じる/);
  assert.equal(await page.getAttribute('#book-link', 'href'), 'book/ja/');
  await page.keyboard.press('Escape');
  await page.selectOption('#lang', 'it');
  await page.waitForFunction(() => document.documentElement.lang === 'it' && !window.playground.replaying);
  await page.click('#help-open');
  await page.waitForFunction(() => document.getElementById('help')?.open && document.getElementById('help').textContent.includes('Scorciatoie da tastiera'));
  assert.equal(await page.getAttribute('#book-link', 'href'), 'book/it/');
  assert.deepEqual(page.errors, []);
  await page.close();
});
