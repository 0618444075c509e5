// The labels asked curve (issue 23): for a learner that asks for only some
// labels (the selective sampling perceptron), a chart of the labels asked
// against the samples seen, over the dashed line of every label; hidden
// for the others, after Reset and a learner switch too, and in Compare one
// line for each asking learner only. Desktop and phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, chooseLearner, screenshot, openLinearCompare, settle, openComparePair } from './harness.mjs';
import { VIEWPORTS } from './explain-steps.mjs';

const browser = useBrowser();

/** The asked chart's lines as { key: [last x, last y, points] }, or null without the chart. */
const lines = (page) => page.evaluate(() => {
  const asked = window.playground.curves.asked;
  if (!asked || asked.box.hidden) return null;
  return Object.fromEntries([...asked.chart.lines].map(([k, l]) => [k, [l.xs.at(-1), l.ys.at(-1), l.xs.length]]));
});
const shown = (page) => page.evaluate(() => {
  const canvas = document.getElementById('chart-asked');
  return Boolean(canvas && canvas.getClientRects().length);
});

for (const [device, viewport] of VIEWPORTS) {
  test(`${device}: the selective perceptron's labels asked, drawn; hidden for PA-I; after Reset and a switch`, async () => {
    const page = await openPage(browser.context, `${browser.server.url}/#algo=selective-perceptron&preset=overlapping&seed=3&selective-b=0.2`);
    if (viewport) await page.setViewportSize(viewport);
    await page.waitForFunction(() => window.playground?.figures?.[0]?.pg.algorithm() === 'selective-perceptron' && !window.playground.replaying);
    await page.evaluate(() => window.playground.act((pg) => pg.stream(400)));
    await page.waitForFunction(() => window.playground.curves.asked && !window.playground.curves.asked.box.hidden);
    await settle(page);
    const asked = await page.evaluate(() => window.playground.curve(6));
    const samples = await page.evaluate(() => window.playground.curve(0));
    const drawn = await lines(page);
    assert.deepEqual(Object.keys(drawn).sort(), ['0:asked', 'all']);
    assert.deepEqual(drawn['0:asked'], [samples.at(-1), asked.at(-1), asked.length], 'the chart holds the session\'s curve');
    assert.ok(asked.at(-1) < samples.at(-1) / 2, `${asked.at(-1)} of ${samples.at(-1)}: b = 0.2 skips most labels`);
    assert.ok(asked.at(-1) <= (await page.evaluate(() => window.playground.figures[0].pg.counts().asked)));
    const legend = await page.textContent('#chart-asked-legend');
    assert.match(legend, /labels asked/);
    assert.match(legend, /every label/);
    assert.equal(await shown(page), true);
    await page.locator('#chart-asked').scrollIntoViewIfNeeded();
    await screenshot(page, `asked-curve-${device}`);

    // Reset: the count and the curve start again, still shown.
    await page.click('#reset');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(20)));
    await settle(page);
    const again = await lines(page);
    assert.ok(again['0:asked'][2] <= 20 && again['0:asked'][1] <= 20, JSON.stringify(again));

    // Another learner sees every label: no chart; back, it is there again.
    await chooseLearner(page, 'pa1');
    await settle(page);
    assert.equal(await shown(page), false);
    assert.equal(await lines(page), null);
    await chooseLearner(page, 'selective-perceptron');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(30)));
    await settle(page);
    assert.equal(await shown(page), true);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('Compare: one asked line for the selective perceptron, none for PA-I; PA-I alone has no chart', async () => {
  const page = await openComparePair(browser, 'algo=selective-perceptron&view=compare&algos=selective-perceptron,pa1&preset=overlapping&seed=2', 300);
  await page.waitForFunction(() => window.playground.curves.asked && !window.playground.curves.asked.box.hidden);
  await settle(page);
  const drawn = await lines(page);
  assert.deepEqual(Object.keys(drawn).sort(), ['0:asked', 'all']);
  assert.match(await page.textContent('#chart-asked-legend'), /Selective sampling perceptron: labels asked/);
  await page.locator('#chart-asked').scrollIntoViewIfNeeded();
  await screenshot(page, 'asked-curve-compare');
  assert.deepEqual(page.errors, []);
  await page.close();

  const plain = await openLinearCompare(browser);
  assert.equal(await shown(plain), false);
  assert.equal(await plain.evaluate(() => window.playground.curves.asked), undefined, 'its code loads with the first asking learner only');
  await plain.close();
});

test('three classes, one vs rest: the labels asked are the samples any class\'s learner asked for, and the points not asked are marked', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#algo=selective-perceptron&preset=three-classes&seed=3&selective-b=0.1`);
  await page.waitForFunction(() => window.playground?.figures?.[0]?.pg.algorithm() === 'selective-perceptron' && !window.playground.replaying);
  await page.evaluate(() => window.playground.act((pg) => pg.stream(300)));
  await page.waitForFunction(() => window.playground.curves.asked && !window.playground.curves.asked.box.hidden);
  await settle(page);
  const seen = await page.evaluate(() => {
    const pg = window.playground.figures[0].pg;
    return { classes: pg.classes(), counts: pg.counts(), unseen: pg.unseen_len(), asked: window.playground.curve(6).at(-1), samples: window.playground.curve(0).at(-1) };
  });
  assert.equal(seen.classes, 3);
  assert.ok(seen.counts.asked > 0 && seen.counts.asked < seen.counts.samples, JSON.stringify(seen));
  assert.ok(seen.asked < seen.samples, JSON.stringify(seen));
  assert.ok(seen.unseen > 0, 'points whose label no class learner asked for are marked');
  await page.locator('#chart-asked').scrollIntoViewIfNeeded();
  await screenshot(page, 'asked-curve-three-classes');
  assert.deepEqual(page.errors, []);
  await page.close();
});
