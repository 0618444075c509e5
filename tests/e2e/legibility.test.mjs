// What a reader must be able to read, as a teacher found it could not be:
// the header on one row at 1280 px in every language, a drawn seed whole in
// its field, the "turned" label inside a small Compare panel, a weight that
// is zero up to rounding shown as 0, and every curve of a six-class chart
// in a colour of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, launch, openPage, screenshot } from './harness.mjs';
import { closePairs } from './cielab.mjs';

const browser = useBrowser({ width: 1280, height: 800 });
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };
const DEVICES = [['desktop', null], ['phone', PHONE]];

async function open(context, hash) {
  const page = await openPage(context, `${browser.server.url}/#${hash}`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  return page;
}

const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Runs `body(context, device)` on the desktop's context and on a phone's. */
async function onEach(device, options, body) {
  const context = options ? await launch(options) : browser.context;
  try {
    await body(context);
  } finally {
    if (options) await context.close();
  }
}

for (const lang of ['en', 'zh-CN', 'ja', 'it']) {
  test(`${lang}, 1280 px: the header is one row (the views, Keys and the language menu beside the title)`, async () => {
    const page = await open(browser.context, `lang=${lang}`);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const boxes = await page.evaluate(() => Object.fromEntries(['.top .title', '.top .modes', '#help-open', '#lang', '.top'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return [s, { top: r.top, bottom: r.bottom, right: r.right }];
    })));
    const title = boxes['.top .title'];
    for (const s of ['.top .modes', '#help-open', '#lang']) {
      assert.ok(boxes[s].top < title.bottom && boxes[s].bottom > title.top, `${s} is on the title's row: ${JSON.stringify(boxes)}`);
    }
    const height = boxes['.top'].bottom - boxes['.top'].top;
    assert.ok(height < 100, `the header is ${Math.round(height)} px tall`);
    await page.screenshot({ path: `target/e2e-screenshots/header-1280-${lang}.png`, clip: { x: 0, y: 0, width: 1280, height: 140 } });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

for (const [device, options] of DEVICES) {
  test(`${device}: a drawn seed shows whole in its field, New seed beside or under it`, async () => {
    await onEach(device, options, async (context) => {
      const page = await open(context, 'algo=pa1&preset=overlapping');
      // The largest seed New seed can draw (2^53 - 1): sixteen digits.
      await page.evaluate(async () => {
        const { Playground } = await import('/js/wasm.js');
        Playground.fresh_seed = () => 9007199254740991;
      });
      await page.click('#new-seed');
      await settle(page);
      const field = await page.$eval('#seed', (el) => ({ value: el.value, scroll: el.scrollWidth, client: el.clientWidth }));
      assert.equal(field.value, '9007199254740991');
      assert.ok(field.scroll <= field.client, `the field shows ${field.client} px of ${field.scroll}`);
      const fits = await page.$eval('#new-seed', (el) => {
        const panel = el.closest('.panel').getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return r.left >= panel.left && r.right <= panel.right;
      });
      assert.ok(fits, 'New seed stays inside its panel');
      await page.locator('#seed').scrollIntoViewIfNeeded();
      await screenshot(page, `seed-${device}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  });

  test(`${device}: the "turned" label stays whole inside each Compare panel`, async () => {
    await onEach(device, options, async (context) => {
      const page = await open(context, 'view=compare&algos=pa,pa1,pa2,perceptron&preset=separable&c=10');
      // A boundary near the right edge and w pointing at it: the label
      // past the arrow's tip would start beyond the plane.
      await page.evaluate(() => {
        window.playground.click(1.3, 0, 1);
        window.playground.click(0.9, 0.1, -1);
      });
      await settle(page);
      const labels = await page.evaluate(() => window.playground.figures.map((f) => ({ box: f.plane.turnLabel, size: f.plane.size })));
      assert.ok(labels.some((l) => l.box), 'a label is drawn');
      for (const { box, size } of labels.filter((l) => l.box)) {
        assert.ok(box.left >= 0 && box.top >= 0 && box.left + box.width <= size && box.top + box.height <= size, `${JSON.stringify(box)} inside ${size}`);
      }
      await page.locator('.planes').scrollIntoViewIfNeeded();
      await screenshot(page, `turned-label-${device}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  });

  test(`${device}: the "turned" label covers no point, alone and in Compare`, async () => {
    // (Issue 34, item 16.) The perceptron leaves w (and its ghost) as they
    // are on a sample it classifies right: a point of that class put where
    // the label sits is learned without moving the label's arrow.
    await onEach(device, options, async (context) => {
      for (const hash of ['algo=perceptron&preset=separable&seed=3', 'view=compare&algos=perceptron,averaged-perceptron&preset=separable&seed=3']) {
        const page = await open(context, hash);
        const labelled = () => page.evaluate(() => window.playground.figures[0].plane.turnLabel);
        for (let k = 0; k < 200 && !(await labelled()); k++) {
          await page.evaluate(() => window.playground.advance(1));
          await settle(page);
        }
        const box = await labelled();
        assert.ok(box, `${hash}: a turn is labelled`);
        // Where the label is, a point of the side the learner gives it (so the perceptron stays).
        const [x, y, label] = await page.evaluate(({ left, top, width, height }) => {
          const figure = window.playground.figures[0];
          const [px, py] = figure.plane.toPlane(left + width / 2, top + height / 2);
          const [w1, w2, b] = figure.pg.model();
          return [px, py, w1 * px + w2 * py + b >= 0 ? 1 : -1];
        }, box);
        const before = await page.evaluate(() => Array.from(window.playground.figures[0].pg.model()));
        await page.evaluate(([px, py, l]) => window.playground.click(px, py, l), [x, y, label]);
        await settle(page);
        assert.deepEqual(await page.evaluate(() => Array.from(window.playground.figures[0].pg.model())), before, 'no update: the label stays drawn');
        const after = await page.evaluate(() => {
          const { plane } = window.playground.figures[0];
          const points = window.playground.points();
          const mark = Math.max(2.5, plane.size / 160);
          const box = plane.turnLabel;
          const under = [];
          for (let k = 0; k < points.length; k += 3) {
            const [px, py] = [plane.px(points[k]), plane.py(points[k + 1])];
            if (px >= box.left - mark && px <= box.left + box.width + mark && py >= box.top - mark && py <= box.top + box.height + mark) under.push(points.slice(k, k + 3));
          }
          return { box, under, size: plane.size };
        });
        assert.deepEqual(after.under, [], `${hash}: no point under the label ${JSON.stringify(after.box)}`);
        assert.ok(after.box.left >= 0 && after.box.left + after.box.width <= after.size, 'inside the plane');
        await page.locator('.planes').scrollIntoViewIfNeeded();
        await screenshot(page, `turned-label-clear-${device}${hash.startsWith('view') ? '-compare' : ''}`);
        assert.deepEqual(page.errors, []);
        await page.close();
      }
    });
  });
}

test('a weight that is zero up to rounding noise shows as 0', async () => {
  const page = await open(browser.context, 'algo=pa&bias=none&preset=separable');
  // PA's two updates leave w2 = −1.1e-16 beside w1 = 1.11.
  await page.evaluate(() => {
    window.playground.click(-0.9, -0.9, 1);
    window.playground.click(-0.9, -0.3, -1);
  });
  await settle(page);
  const model = await page.evaluate(() => Array.from(window.playground.figures[0].pg.model()));
  assert.ok(model[1] !== 0 && Math.abs(model[1]) < 1e-12, `the session holds rounding noise: ${model}`);
  assert.match(await page.textContent('#weights'), /^w = \(1\.111, 0\)/);
  assert.match(await page.textContent('#summary'), /1\.111 x \+ 0 y \+ 0 = 0/);
  await page.close();
});

test('six classes: the error chart draws every curve in a colour of its own', async () => {
  const page = await open(browser.context, 'algo=pa1&preset=three-classes&classes=6');
  await page.evaluate(() => window.playground.advance(300));
  await settle(page);
  const colours = await page.evaluate(() => Object.fromEntries([...window.playground.curves.error.lines].map(([key, line]) => [line.label, line.color])));
  assert.equal(Object.keys(colours).length, 8, JSON.stringify(colours));
  assert.deepEqual(closePairs(colours, 25), []);
  await page.locator('#chart-error').scrollIntoViewIfNeeded();
  await screenshot(page, 'curves-six-classes');
  await page.close();
});
