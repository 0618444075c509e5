// AROW and SCW on the page: their menu group, the band of boundaries
// within one standard deviation (and how a click narrows it), the
// explanation's v, α and β, the bias they refuse, a shared link, and a
// phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, launch, openPage, screenshot, clickPlane, playPast } from './harness.mjs';

const browser = useBrowser();
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };

const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** The band's traced lines and the last update's v, of the first figure. */
function state(page) {
  return page.evaluate(() => {
    const figure = window.playground.figures[0];
    const contours = figure.plane.contours ?? [];
    return {
      band: contours.filter((c) => c.kind === 'band').map((c) => c.segments.length),
      last: figure.pg.last(),
      model: Array.from(figure.pg.model()),
      algorithm: figure.pg.algorithm(),
    };
  });
}

test('AROW draws its confidence band, which a click narrows, and explains v, α and β', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#algo=pa1&preset=overlapping&bias=decoupled`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  const group = await page.$eval('#algo option[value="arow"]', (o) => o.parentElement.label);
  assert.match(group, /Second-order/);
  await page.selectOption('#algo', 'arow');
  // AROW's code is the full module's: the session moves there first, and the note comes once it has switched.
  await page.waitForFunction(() => document.getElementById('algo-msg').textContent !== '' && !window.playground.replaying);
  await settle(page);
  assert.match(await page.textContent('#algo-msg'), /AROW does not take bias decoupled: bias is now augmented/);
  assert.equal(await page.inputValue('#bias'), 'augmented');
  assert.equal(await page.$eval('#bias option[value="decoupled"]', (o) => o.disabled), true, 'decoupled is not offered');
  assert.equal(await page.isVisible('#r'), true, 'AROW r is shown');
  assert.equal(await page.isVisible('#c'), false, 'C is not AROW\'s');
  await page.click('#reset');
  await clickPlane(page, 0.7, 0.3);
  await clickPlane(page, 0.3, 0.7, { shift: true });
  await settle(page);
  const first = await state(page);
  // Two points leave every boundary within one standard deviation of w
  // possible somewhere: the band covers the view (no edge in sight yet).
  assert.equal(first.band.length, 2);
  // The same point again: learning there shrank Σ along it, so v is smaller.
  await clickPlane(page, 0.3, 0.7, { shift: true });
  await settle(page);
  const again = await state(page);
  assert.ok(again.last.v < first.last.v / 1.5, `v ${again.last.v} < ${first.last.v}`);
  const text = await page.textContent('#explain');
  assert.match(text, /v = xᵀΣx = /);
  assert.match(text, /β = 1\/\(/);
  assert.match(text, /Σ ← Σ − β·Σz zᵀΣ/);
  assert.equal(await page.isVisible('.legend.only-second-order'), true);
  await playPast(page, 300);
  await settle(page);
  const streamed = await state(page);
  assert.ok(streamed.band.every((n) => n > 0), `after 300 samples the band's edges are in view: ${streamed.band}`);
  await screenshot(page, 'second-order-arow');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('SCW-I and SCW-II run, refuse a confidence outside (0.5, 1), and a link replays them exactly', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#algo=scw1&preset=noisy-labels&seed=4`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  await page.fill('#confidence', '0.4');
  await page.dispatchEvent('#confidence', 'change');
  assert.match(await page.textContent('#confidence-msg'), /strictly between 0\.5 and 1/);
  await page.fill('#confidence', '0.9');
  await page.dispatchEvent('#confidence', 'change');
  await page.evaluate(() => { window.playground.act((pg) => pg.stream(200)); });
  await page.selectOption('#algo', 'scw2');
  await page.evaluate(() => { window.playground.act((pg) => pg.stream(150)); });
  await settle(page);
  const shown = await state(page);
  assert.equal(shown.algorithm, 'scw2');
  assert.match(await page.textContent('#explain'), /ℓφ = max\(0, φ√v − m\)/);
  const hash = await page.evaluate(() => location.hash);
  const copy = await openPage(browser.context, `${browser.server.url}/${hash}`);
  await copy.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  const replayed = await state(copy);
  assert.deepEqual(replayed.model, shown.model, 'the link rebuilds the same weights');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(copy.errors, []);
  await copy.close();
  await page.close();
});

test('phone: AROW by tap, with its band', async () => {
  const phone = await launch(PHONE);
  try {
    const page = await openPage(phone, `${browser.server.url}/#algo=arow&preset=overlapping`);
    await page.waitForFunction(() => window.playground?.figures?.length > 0);
    await page.click('#reset');
    const box = await page.locator('.plane .overlay').boundingBox();
    await page.tap('.plane .overlay', { position: { x: box.width * 0.7, y: box.height * 0.3 } });
    await page.tap('button[data-tool="-1"]');
    await page.tap('.plane .overlay', { position: { x: box.width * 0.3, y: box.height * 0.7 } });
    assert.equal(await page.evaluate(() => window.playground.figures[0].pg.counts().samples), 2, 'two taps, two points');
    await page.evaluate(() => { window.playground.act((pg) => pg.stream(300)); });
    await settle(page);
    const s = await state(page);
    assert.equal(s.algorithm, 'arow');
    assert.ok(s.band.length === 2 && s.band.every((n) => n > 0), `band ${s.band}`);
    await page.locator('.plane').scrollIntoViewIfNeeded();
    await screenshot(page, 'second-order-phone');
    assert.deepEqual(page.errors, []);
    await page.close();
  } finally {
    await phone.close();
  }
});
