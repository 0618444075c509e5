// The Compare view: every panel runs the learner its title names (from a
// Classify session with another learner, and through a shared link), every
// panel is drawn as soon as it holds the session, and each shows its own mistakes and support set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, screenshot, chooseLearner, inked, showView } from './harness.mjs';

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function open(hash, options = {}) {
  const page = options.viewport ? await phonePage(hash, options) : await openPage(browser.context, `${browser.server.url}/#${hash}`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  return page;
}

async function phonePage(hash, options) {
  const context = await browser.context.browser()?.newContext(options);
  if (context) return openPage(context, `${browser.server.url}/#${hash}`);
  // A persistent context has no browser object: emulate the phone in a page of it.
  const page = await openPage(browser.context, `${browser.server.url}/#${hash}`);
  await page.setViewportSize(options.viewport);
  return page;
}

/**
 * Waits until the panels hold the session (no replay left), then for every
 * panel to be drawn. A frame draws one panel at least (controller.js,
 * renderFigures, which spreads the first drawing of many over frames so
 * that none takes over 50 ms): a panel still blank after one frame per
 * panel fails.
 */
async function settle(page) {
  await page.waitForFunction(() => window.playground.figures.length > 0 && !window.playground.replaying);
  const frames = await page.evaluate(() => new Promise((resolve) => {
    const figures = window.playground.figures;
    const painted = ({ plane: { shade } }) => {
      const data = shade.getContext('2d').getImageData(0, 0, shade.width, shade.height).data;
      for (let k = 3; k < data.length; k += 4 * 97) if (data[k] > 0) return true;
      return false;
    };
    let frames = 0;
    const look = () => {
      if (figures.every(painted)) return resolve(frames);
      frames += 1;
      if (frames > figures.length + 1) return resolve(-1);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }));
  assert.ok(frames >= 0, 'every panel is drawn within a frame per panel of the replay\'s end');
}


/** What each panel says it is, what it runs, and what it learned. */
function panels(page) {
  return page.evaluate(() => window.playground.figures.map((f) => ({
    title: f.plane.root.querySelector('.title')?.textContent ?? '',
    algorithm: f.pg.algorithm(),
    counts: Object.values(f.pg.counts()),
    support: f.pg.is_kernel() ? f.pg.support_len() / 5 : null,
    caption: f.plane.caption.textContent,
    swatch: f.plane.root.querySelector('.title i')?.style.borderColor ?? '',
  })));
}

/** Mistakes and support size of `algorithm` learning the same link alone. */
function alone(page, hash, algorithm) {
  return page.evaluate(async ([h, a]) => {
    const { Playground } = await import('/js/wasm.js');
    const pg = new Playground(h, a);
    const result = { counts: Object.values(pg.counts()), support: pg.is_kernel() ? pg.support_len() / 5 : null };
    pg.free();
    return result;
  }, [hash, algorithm]);
}

/** Whether a panel's shading canvas holds any colour (a blank panel is all transparent). */
function painted(page, index) {
  return page.evaluate((i) => {
    const canvas = window.playground.figures[i].plane.shade;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let k = 3; k < data.length; k += 4 * 97) if (data[k] > 0) return true;
    return false;
  }, index);
}

const LABEL = { pa: 'PA', pa1: 'PA-I', projectron: 'Projectron', apsm: 'APSM' };

for (const [device, options] of [['desktop', {}], ['phone', PHONE]]) {
  test(`${device}: Compare after a Projectron session runs each panel's own learner`, async () => {
    const page = await open('algo=pa1&preset=xor&sigma=0.4&seed=3', options);
    await chooseLearner(page, 'projectron');
    await page.evaluate(() => { window.playground.figures[0].pg.stream(40); window.playground.changed(); });
    await showView(page, 'compare');
    await settle(page);
    const shown = await panels(page);
    assert.deepEqual(shown.map((p) => p.algorithm), ['projectron', 'pa', 'pa1'], 'the learner on the plane leads, then the ticked ones');
    for (const p of shown) {
      assert.equal(p.title, LABEL[p.algorithm], 'each panel runs the learner its title names');
      assert.equal(p.counts[0], 40, 'on the same 40 samples');
      assert.match(p.caption, new RegExp(`^${p.counts[1]} mistakes? \\(`), `its own mistakes: ${p.caption}`);
    }
    assert.match(shown[0].caption, /support vectors?$/);
    assert.equal(new Set(shown.map((p) => p.swatch)).size, 3, 'one colour per learner');
    // Each panel equals that learner run alone on the link's samples.
    const hash = await page.evaluate(() => window.playground.figures[0].pg.hash(''));
    for (const p of shown) {
      const single = await alone(page, hash, p.algorithm);
      assert.deepEqual(single.counts, p.counts, p.algorithm);
      assert.equal(single.support, p.support, p.algorithm);
    }
    for (let i = 0; i < shown.length; i++) assert.ok(await painted(page, i), `panel ${i + 1} is drawn before any step`);
    // A shared link of this state opens the same panels with the same models.
    await page.click('#share');
    const copy = await open(page.url().split('#')[1], options);
    await settle(copy);
    assert.deepEqual((await panels(copy)).map(({ algorithm, counts, support }) => ({ algorithm, counts, support })),
      shown.map(({ algorithm, counts, support }) => ({ algorithm, counts, support })));
    for (let i = 0; i < shown.length; i++) assert.ok(await painted(copy, i), `shared panel ${i + 1} is drawn`);
    await screenshot(page, `compare-after-projectron-${device}`);
    assert.deepEqual([...page.errors, ...copy.errors], []);
    await page.close();
    await copy.close();
  });
}

test('the eight kernel learners of Meng & Song 2023 after an APSM session: eight different learners', async () => {
  const page = await open('algo=apsm&preset=moons&sigma=0.4&seed=5');
  await page.evaluate(() => { window.playground.figures[0].pg.stream(120); window.playground.changed(); });
  await showView(page, 'compare');
  await page.click('#paper-eight');
  await settle(page);
  const shown = await panels(page);
  assert.deepEqual(shown.map((p) => p.algorithm),
    ['kernel-perceptron', 'projectron', 'projectron++', 'apsm', 'spa', 'olru', 'olrd', 'ald-projection']);
  assert.ok(shown.every((p) => p.counts[0] === 120), 'all learned the session\'s 120 samples');
  assert.equal(new Set(shown.map((p) => p.swatch)).size, 8, 'eight colours');
  assert.ok(new Set(shown.map((p) => `${p.counts[1]}:${p.support}`)).size > 3, `different learners give different results: ${shown.map((p) => p.caption)}`);
  for (let i = 0; i < shown.length; i++) assert.ok(await painted(page, i), `panel ${i + 1} is drawn`);
  for (let i = 0; i < shown.length; i++) assert.ok(await inked(page, [224, 112, 31], i) > 100, `panel ${i + 1} shows its points (the +1 orange)`);
  // Changing the ticked learners redraws every panel at once, too.
  await page.uncheck('#compare-algos input[value="olrd"]');
  await settle(page);
  for (let i = 0; i < 7; i++) assert.ok(await painted(page, i), `panel ${i + 1} is drawn after a change`);
  await screenshot(page, 'compare-eight-after-apsm');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('while Compare plays, a kernel panel\'s curve point is summed over frames, in step with the others, as its link replays it', async () => {
  const page = await open('algo=kernel-perceptron&view=compare&algos=kernel-perceptron,apsm,pa1&preset=xor&seed=2&speed=20000');
  // Seen at the start of a frame: a point being summed (the stream waits for it).
  await page.evaluate(() => {
    window.sawPending = false;
    const look = () => {
      window.sawPending ||= window.playground.figures.some((f) => f.pg.curve_pending());
      if (window.playground.playing) requestAnimationFrame(look);
    };
    window.playground.setPlaying(true);
    requestAnimationFrame(look);
  });
  await page.waitForFunction(() => window.playground.figures[0].pg.counts().samples >= 3000, null, { timeout: 120000 });
  await page.evaluate(() => window.playground.setPlaying(false));
  await settle(page);
  const panelsNow = await page.evaluate(async () => {
    const { Playground, f64View } = await import('/js/wasm.js');
    const curves = (pg) => Array.from({ length: 2 }, (_, s) => Array.from(f64View(pg, pg.curve_ptr(s), pg.curve_len())));
    return window.playground.figures.map((f) => {
      const again = new Playground(f.pg.hash(''), f.pg.algorithm());
      return { samples: f.pg.counts().samples, pending: f.pg.curve_pending(), same: JSON.stringify(curves(f.pg)) === JSON.stringify(curves(again)) };
    });
  });
  assert.ok(await page.evaluate(() => window.sawPending), 'a kernel panel summed a curve point over frames');
  assert.equal(new Set(panelsNow.map((p) => p.samples)).size, 1, `every panel learned as many samples: ${JSON.stringify(panelsNow)}`);
  assert.deepEqual(panelsNow.map((p) => [p.pending, p.same]), panelsNow.map(() => [false, true]), 'paused, every point is summed, and the link replays the same curves');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the learner on the plane leads Compare and is still the learner back in Classify (the default PA-I, in the default pair)', async () => {
  const page = await open('');
  const learner = () => page.evaluate(() => window.playground.figures[0].pg.algorithm());
  const first = await learner();
  await showView(page, 'compare');
  assert.equal(await learner(), first, 'the first panel');
  await showView(page, 'classify');
  assert.equal(await learner(), first);
  assert.equal(await page.inputValue('#algo'), first);
  assert.deepEqual(page.errors, []);
  await page.close();
});
