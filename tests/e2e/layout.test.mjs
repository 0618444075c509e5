// The page as a newcomer meets it, on a laptop and on a phone: what is in
// reach without scrolling, touch that scrolls unless Draw is on, targets a
// finger can hit, names a reader understands, and text that fits its box.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drag } from './devices.mjs';
import { useBrowser, launch, openPage, screenshot } from './harness.mjs';

const browser = useBrowser({ width: 1280, height: 800 });
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };

async function ready(page) {
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Whether an element's box lies inside the viewport. */
function inView(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });
}

test('1280x800: a first visit shows a learner that has moved, with Play, Step and the click tools beside the plane', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/`);
  await ready(page);
  const [samples, points, model] = await page.evaluate(() => {
    const pg = window.playground.figures[0].pg;
    return [pg.counts().samples, pg.points_len() / 3, Array.from(pg.model())];
  });
  assert.ok(samples > 0 && points > 0, `the first plane starts with points (${points})`);
  assert.ok(model.some((w) => w !== 0), 'and a model that has moved');
  for (const selector of ['#play', '#step', '#reset', '[data-tool="1"]', '[data-tool="-1"]', '[data-tool="erase"]', '.plane .overlay']) {
    assert.ok(await inView(page, selector), `${selector} is on screen without scrolling`);
  }
  // Switching class does not move the page.
  await page.click('[data-tool="-1"]');
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.equal(await page.isVisible('#draw-mode'), false, 'Draw is a touch control');
  assert.match(await page.textContent('.plane-hint:not(.only-touch)'), /Click adds a point/);
  await screenshot(page, 'layout-desktop');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('phone: Play sits by the plane, the explanation under it, targets are 44 × 44 px, a swipe scrolls, a tap adds, a Draw drag adds along its path', async () => {
  const phone = await launch(PHONE);
  try {
    const page = await openPage(phone, `${browser.server.url}/#algo=pa1&preset=overlapping`);
    await ready(page);
    const plane = await page.locator('.plane .overlay').first().boundingBox();
    const play = await page.locator('#play').boundingBox();
    assert.ok(Math.abs(play.y - plane.y) < 250, `Play is ${Math.round(plane.y - play.y)} px from the plane`);
    const small = await page.$$eval('button, select, input[type="checkbox"], input[type="range"], input[type="text"]', (els) => els
      .filter((el) => el.offsetParent !== null && !el.closest('dialog'))
      .map((el) => {
        const target = el.type === 'checkbox' ? el.closest('label') ?? el : el;
        const r = target.getBoundingClientRect();
        return { what: el.id || el.textContent.trim() || el.type, w: Math.round(r.width), h: Math.round(r.height) };
      })
      .filter((t) => t.h < 44 || t.w < 44));
    assert.deepEqual(small, [], 'every visible control is at least 44 × 44 px');
    // What the plane shows comes before the long settings panel.
    const [explain, settings] = await page.evaluate(() => ['#explain', '.panel.controls'].map((s) => document.querySelector(s).getBoundingClientRect().top + window.scrollY));
    assert.ok(explain < settings, `the explanation (${Math.round(explain)} px down) comes before the settings (${Math.round(settings)} px)`);
    assert.ok(explain - (plane.y + plane.height) < 400, `the explanation starts ${Math.round(explain - plane.y - plane.height)} px under the plane`);
    assert.match(await page.textContent('.plane-hint.only-touch'), /Tap adds a point/);
    assert.equal(await page.isVisible('.plane-hint.not-touch'), false);

    const points = () => page.evaluate(() => window.playground.figures[0].pg.points_len() / 3);
    // A finger dragged up the screen, as touch events (the browser turns
    // them into a scroll unless the page keeps them).
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (x, y0, y1) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
      for (let k = 1; k <= 15; k++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + ((y1 - y0) * k) / 15 }] });
        await page.waitForTimeout(16);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const before = await points();
    const scrolled = await page.evaluate(() => window.scrollY);
    await swipe(plane.x + plane.width / 2, plane.y + plane.height * 0.8, plane.y + plane.height * 0.2);
    await page.waitForTimeout(300);
    assert.equal(await points(), before, 'a swipe on the plane adds nothing');
    assert.ok(await page.evaluate(() => window.scrollY) > scrolled, 'and scrolls the page');

    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await page.locator('.plane .overlay').first().boundingBox();
    await page.tap('.plane .overlay', { position: { x: box.width * 0.3, y: box.height * 0.4 } });
    await page.waitForTimeout(100);
    assert.equal(await points(), before + 1, 'a tap adds a point');

    await page.click('#draw-mode');
    assert.equal(await page.getAttribute('#draw-mode', 'aria-pressed'), 'true');
    assert.equal(await page.$eval('.plane', (el) => getComputedStyle(el).touchAction), 'none', 'in Draw mode the plane keeps its touches');
    await page.tap('.plane .overlay', { position: { x: box.width * 0.6, y: box.height * 0.6 } });
    await page.waitForTimeout(100);
    assert.equal(await points(), before + 2);
    const still = await page.evaluate(() => window.scrollY);
    const at = await page.locator('.plane .overlay').first().boundingBox();
    const x = at.x + at.width / 2;
    await swipe(x, at.y + at.height * 0.8, at.y + at.height * 0.3);
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.scrollY), still, 'in Draw mode a swipe on the plane does not scroll');
    // A point where the finger lands, then one per 24 px along the path.
    const dragged = at.height * 0.5;
    const added = (await points()) - (before + 2);
    assert.ok(added >= 1 + Math.floor(dragged / 24) - 1 && added <= 1 + Math.floor(dragged / 24), `${added} points for a ${Math.round(dragged)} px drag`);
    const drawn = (await page.evaluate(() => window.playground.points())).slice(-3 * added);
    const xs = drawn.filter((_, i) => i % 3 === 0);
    assert.ok(xs.every((v) => Math.abs(v - xs[0]) < 0.02), `along the finger's straight path: x = ${xs.join(', ')}`);
    // A tap on Draw just after a quick stroke turns it off (the stroke's
    // fling, cancelled by the tap, once swallowed it).
    const path = Array.from({ length: 9 }, (_, k) => [at.x + at.width * (0.2 + 0.07 * k), at.y + at.height * 0.3]);
    await drag(page, 'phone', path);
    await page.waitForTimeout(100);
    const drawButton = await page.locator('#draw-mode').boundingBox();
    await page.touchscreen.tap(drawButton.x + drawButton.width / 2, drawButton.y + drawButton.height / 2);
    await page.waitForFunction(() => document.getElementById('draw-mode').getAttribute('aria-pressed') === 'false', null, { timeout: 3000 });
    await screenshot(page, 'layout-phone');
    assert.deepEqual(page.errors, []);
  } finally {
    await phone.close();
  }
});

test('names: sources by authors and year, never by a file number', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#view=compare&algos=pa,pa1`);
  await ready(page);
  const texts = await page.evaluate(() => {
    const all = [...document.querySelectorAll('button, label, option, p, h1, h2, legend, summary, span')].map((el) => el.textContent);
    return [...all, ...[...document.querySelectorAll('[title]')].map((el) => el.title)];
  });
  const numbered = texts.filter((t) => /seed 00\d/i.test(t));
  assert.deepEqual(numbered, []);
  assert.equal((await page.textContent('#paper-eight')).trim(), 'The eight kernel learners of Meng & Song 2023');
  await page.close();
});

test('text fits: Compare lists every learner in view, fields show whole values', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#view=compare&algos=pa,pa1&c=100000`);
  await ready(page);
  // Every checkbox can be reached: scrolled into view, its label is whole.
  const labels = await page.$$eval('#compare-algos label', (els) => els.map((el) => el.textContent));
  assert.ok(labels.includes('OLRD') && labels.includes('ALD projection') && labels.includes('SCW-II'), labels.join(', '));
  // The list is whole: nothing hides behind an inner scroll (headless and
  // mobile scrollbars are invisible overlays).
  const hidden = await page.$eval('#compare-algos', (el) => el.scrollHeight - el.clientHeight);
  assert.ok(hidden <= 1, `${hidden} px of the learner list scroll out of sight`);
  for (const name of ['OLRD', 'ALD projection']) {
    const label = page.locator('#compare-algos label', { hasText: name });
    await label.scrollIntoViewIfNeeded();
    assert.ok(await label.isVisible(), `${name} can be seen`);
    const clipped = await label.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    assert.equal(clipped, false, `${name}'s label is not cut`);
  }
  // A text field holds its whole value (C = 100000, Bias "augmented").
  const cut = await page.$$eval('.settings input.num, .settings select', (els) => els
    .filter((el) => el.offsetParent !== null)
    .filter((el) => {
      if (el.tagName === 'SELECT') {
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(el).font;
        probe.textContent = el.selectedOptions[0]?.textContent ?? '';
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return needed > el.clientWidth - 24; // room for the arrow
      }
      return el.scrollWidth > el.clientWidth;
    })
    .map((el) => `${el.id}=${el.value}`));
  assert.deepEqual(cut, []);
  await page.close();
});
