// Compare's family buttons: one per family of the registry (its cards'
// `group`), each putting that family's learners side by side; only those
// that can learn the data now (the others greyed out, as the checklist
// is), still there after Reset and after a learner is unticked. Desktop
// and phone. (A regression has no Compare view: the page shows Regress.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, screenshot } from './harness.mjs';
import { VIEWPORTS } from './explain-steps.mjs';

const browser = useBrowser();

const algorithms = (page) => page.evaluate(() => window.playground.figures.map((f) => f.pg.algorithm()));
const buttons = (page) => page.$$eval('#compare-families button', (all) => all.map((b) => ({ family: b.dataset.family, text: b.textContent, disabled: b.disabled, pressed: b.getAttribute('aria-pressed'), title: b.title })));
/** Waits until the family buttons say `family` is the one side by side (null: none is). */
const pressed = (page, family) => page.waitForFunction((f) => [...document.querySelectorAll('#compare-families button')].every((b) => b.getAttribute('aria-pressed') === String(b.dataset.family === f)), family);
const ready = (page, n) => page.waitForFunction((k) => !window.playground.replaying && window.playground.figures.length === k && document.querySelectorAll('#compare-families button').length === 6, n);

async function open(hash, viewport) {
  const page = await openPage(browser.context, `${browser.server.url}/#${hash}`);
  if (viewport) await page.setViewportSize(viewport);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  return page;
}

for (const [device, viewport] of VIEWPORTS) {
  test(`${device}: a button per family puts it side by side; Reset and unticking keep them`, async () => {
    const page = await open('algo=pa1&view=compare&algos=pa1,pa&preset=overlapping&seed=4', viewport);
    await ready(page, 2);
    const first = await buttons(page);
    assert.deepEqual(first.map((b) => b.family), ['linear', 'pocket', 'second-order', 'libol', 'relatives', 'kernel']);
    assert.deepEqual(first.map((b) => b.text), ['The perceptron and PA (5)', 'The pockets (2)', 'AROW and SCW (3)', "LIBOL's binary learners (9)", "The perceptron's relatives (6)", 'The kernel learners (16)']);
    assert.ok(first.every((b) => !b.disabled && b.pressed === 'false'));
    // (Issue 34, item 22) The family buttons come first: above the 43
    // checkboxes, and before them in the Tab order.
    const [families, checklist] = await Promise.all(['#compare-families button', '#compare-algos label'].map((s) => page.locator(s).first().boundingBox()));
    assert.ok(families.y + families.height <= checklist.y, `the first family button (${families.y}) sits above the checklist (${checklist.y})`);
    assert.ok(await page.evaluate(() => {
      const [button, box] = [document.querySelector('#compare-families button'), document.querySelector('#compare-algos input')];
      return Boolean(button.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING);
    }), 'the family buttons precede the checklist in the document (the Tab order)');

    await page.click('#compare-families button[data-family="pocket"]');
    await ready(page, 2);
    assert.deepEqual(await algorithms(page), ['pocket', 'batch-pocket']);
    await pressed(page, 'pocket');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(200)));
    await screenshot(page, `compare-families-pockets-${device}`);

    await page.click('#compare-families button[data-family="libol"]');
    await ready(page, 9);
    assert.deepEqual(await algorithms(page), ['alma', 'romma', 'aromma', 'ogd', 'sop', 'cw', 'iellip', 'narow', 'nherd']);

    // Reset keeps the panels and the buttons.
    await page.click('#reset');
    await ready(page, 9);
    await pressed(page, 'libol');

    // Unticking one learner: no family is pressed any more, every button still offered.
    await page.click('#compare-algos input[value="nherd"]');
    await ready(page, 8);
    await pressed(page, null);
    assert.ok((await buttons(page)).every((b) => !b.disabled));
    await page.click('#compare-families button[data-family="relatives"]');
    await ready(page, 6);
    assert.deepEqual(await algorithms(page), ['ballseptron', 'paum', 'shifting-perceptron', 'pegasos', 'winnow', 'selective-perceptron']);
    await page.locator('#compare-families').scrollIntoViewIfNeeded();
    await screenshot(page, `compare-families-${device}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('the task decides: three classes grey out the kernel learners, Crammer & Singer all but the perceptron and PA', async () => {
  const page = await open('algo=pa1&view=compare&algos=pa1,perceptron&preset=three-classes&seed=1');
  await ready(page, 2);
  const three = Object.fromEntries((await buttons(page)).map((b) => [b.family, b]));
  assert.equal(three.kernel.disabled, true);
  assert.match(three.kernel.title, /Greyed out: fewer than two of Kernel perceptron, .* can learn this data/);
  assert.equal(three.pocket.disabled, false, 'one-vs-rest takes the pockets');
  await page.click('#compare-families button[data-family="second-order"]');
  await ready(page, 3);
  assert.deepEqual(await algorithms(page), ['arow', 'scw1', 'scw2']);
  await page.close();

  // Crammer & Singer's rows take the perceptron and PA only.
  const rows = await open('algo=pa1&view=compare&algos=pa1,perceptron&preset=three-classes&multiclass=crammer-singer&seed=1');
  await ready(rows, 2);
  const enabled = (await buttons(rows)).filter((b) => !b.disabled).map((b) => b.text);
  assert.deepEqual(enabled, ['The perceptron and PA (4)']);
  await rows.click('#compare-families button[data-family="linear"]');
  await ready(rows, 4);
  assert.deepEqual(await algorithms(rows), ['perceptron', 'pa', 'pa1', 'pa2']);
  await screenshot(rows, 'compare-families-crammer-singer');
  assert.deepEqual(rows.errors, []);
  await rows.close();
});
