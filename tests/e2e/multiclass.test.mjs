// More than two classes on the page: clicking three classes (the third
// raises the session to three, replaying the points), streaming a 3-class
// preset (regions by the winning class, one arrow and one mistake curve per
// class), switching the reduction, a shared link, the embed's class
// buttons, and a phone's class picker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useBrowser, launch, openPage, screenshot, clickPlane, playPast, showView } from './harness.mjs';

const browser = useBrowser();
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };

const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** What the first figure holds: classes, rows, points' labels, what it drew. */
function state(page) {
  return page.evaluate(() => {
    const app = window.playground;
    const pg = app.figures[0].pg;
    return {
      classes: pg.classes(),
      rows: Array.from(pg.class_models()),
      labels: app.points().filter((_, i) => i % 3 === 2),
      points: app.points(),
      samples: pg.counts().samples,
      multiclass: document.body.dataset.multiclass,
      reduction: pg.settings().multiclass,
    };
  });
}

/** The colour the shading shows at a fraction (fx, fy) of the plane. */
function shadeAt(page, fx, fy) {
  return page.evaluate(([x, y]) => {
    const canvas = document.querySelector('.plane .shade');
    const pixel = canvas.getContext('2d').getImageData(Math.round(x * canvas.width), Math.round(y * canvas.height), 1, 1).data;
    return Array.from(pixel);
  }, [fx, fy]);
}

/** The class (0-based) whose row scores highest at plane point (x, y). */
const winner = (rows, x, y) => {
  let best = 0;
  for (let k = 1; k < rows.length / 3; k++) {
    if (rows[3 * k] * x + rows[3 * k + 1] * y + rows[3 * k + 2] > rows[3 * best] * x + rows[3 * best + 1] * y + rows[3 * best + 2]) best = k;
  }
  return best;
};

test('clicking three classes makes three, keeps the points, and shades each region by its winner', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#algo=pa1&preset=overlapping&c=10`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  await page.click('#reset');
  await clickPlane(page, 0.2, 0.5);
  await clickPlane(page, 0.8, 0.5, { shift: true });
  assert.equal((await state(page)).classes, 2);
  await page.keyboard.press('3');
  assert.equal(await page.getAttribute('[data-tool="3"]', 'aria-checked'), 'true');
  await clickPlane(page, 0.5, 0.15);
  await settle(page);
  let s = await state(page);
  assert.equal(s.classes, 3);
  assert.deepEqual(s.labels, [1, -1, 3], 'the first two points kept their classes');
  assert.equal(s.rows.length, 9, 'one (w1, w2, b) per class');
  assert.equal(s.multiclass, 'true');
  assert.equal(await page.inputValue('#classes'), '3');
  assert.equal(await page.isVisible('#multiclass'), true);
  // Learn the three points until each sits in its own region, then check
  // the shading there takes its class's colour.
  await showView(page, 'epochs');
  for (let i = 0; i < 10; i++) await page.click('#step');
  await settle(page);
  s = await state(page);
  const colors = await page.evaluate(() => [[224, 112, 31], [37, 99, 173], [0, 140, 100]]);
  for (const [k, [fx, fy]] of [[0, [0.2, 0.5]], [1, [0.8, 0.5]], [2, [0.5, 0.15]]]) {
    const [x, y] = [-1.5 + 3 * fx, 1.5 - 3 * fy];
    assert.equal(winner(s.rows, x, y), k, `point of class ${k + 1} is in its region`);
    const pixel = await shadeAt(page, fx + 0.03, fy + 0.03);
    const [r, g, b] = colors[k];
    // The shade canvas holds the class colour at some alpha.
    assert.ok(Math.abs(pixel[0] - r) < 3 && Math.abs(pixel[1] - g) < 3 && Math.abs(pixel[2] - b) < 3, `shade ${pixel} vs class ${k + 1}`);
  }
  // Boundaries are drawn where the winner changes, and the explanation speaks of classes.
  assert.match(await page.textContent('#explain'), /3 classes by one-vs-rest/);
  assert.match(await page.textContent('#weights'), /w3 = /);
  assert.equal(await page.isVisible('.legend.only-multiclass'), true);
  // Kernel learners cannot learn three classes: not in the menu.
  assert.equal(await page.locator('#algo option[value="kernel-perceptron"]').count(), 0);
  assert.deepEqual(page.errors, []);
  await screenshot(page, 'multiclass-clicked');
  await page.close();
});

test('a 3-class preset streams with a mistake curve per class; the reduction switches; the link keeps it all', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#algo=pa1&preset=overlapping`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  await page.selectOption('#preset', 'three-classes');
  await settle(page);
  assert.equal((await state(page)).classes, 3);
  await playPast(page, 1500);
  await settle(page);
  const curves = await page.evaluate(() => {
    const chart = window.playground.curves.error;
    return [0, 1, 2].map((k) => chart.count(`0:class${k}`));
  });
  assert.ok(curves.every((n) => n > 50), `per-class curves ${curves}`);
  const accuracy = await page.evaluate(() => window.playground.curve(3).at(-1));
  assert.ok(accuracy > 0.85, `held-out accuracy ${accuracy}`);
  const legend = await page.textContent('#chart-error-legend');
  assert.match(legend, /class 1 mistakes.*class 2 mistakes.*class 3 mistakes/);
  await screenshot(page, 'multiclass-preset');

  // Crammer & Singer: the samples learned again from the first; AROW is
  // not offered for it, and the option is refused while AROW runs.
  const before = await state(page);
  await page.selectOption('#multiclass', 'crammer-singer');
  await settle(page);
  const after = await state(page);
  assert.equal(after.reduction, 'crammer-singer');
  assert.equal(after.samples, before.samples);
  assert.notDeepEqual(after.rows, before.rows);
  assert.match(await page.textContent('#multiclass-msg'), /learned again/);
  assert.equal(await page.locator('#algo option[value="arow"]').count(), 0, 'AROW takes one-vs-rest only');
  await page.click('#step');
  assert.match(await page.textContent('#explain'), /W_y ← W_y \+ τx/);
  await page.selectOption('#multiclass', 'one-vs-rest');
  await page.selectOption('#algo', 'arow');
  // (AROW's code is the full module's: the session moves there, then switches.)
  await page.waitForFunction(() => !window.playground.replaying && window.playground.figures[0].pg.algorithm() === 'arow');
  await settle(page);
  assert.equal(await page.$eval('#multiclass option[value="crammer-singer"]', (o) => o.disabled), true);

  // Share: a new page from the link has the same classes, rows and points.
  await page.click('#share');
  await page.keyboard.press('5');
  await clickPlane(page, 0.5, 0.5);
  await page.click('#share');
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /classes=5/);
  const shared = await state(page);
  const again = await openPage(browser.context, `${browser.server.url}/${hash}`);
  await again.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  const rebuilt = await state(again);
  assert.deepEqual([rebuilt.classes, rebuilt.rows, rebuilt.points], [shared.classes, shared.rows, shared.points]);
  assert.equal(await again.inputValue('#algo'), 'arow');
  // Compare keeps to learners that can learn five classes.
  await again.click('[data-view="compare"]');
  await again.waitForFunction(() => window.playground.figures.length >= 2 && !window.playground.replaying);
  const compared = await again.evaluate(() => window.playground.figures.map((f) => [f.pg.algorithm(), f.pg.classes()]));
  assert.ok(compared.every(([, k]) => k === 5), JSON.stringify(compared));
  assert.equal(await again.isDisabled('#paper-eight'), true);
  assert.deepEqual([...page.errors, ...again.errors], []);
  await screenshot(again, 'multiclass-compare');
  await again.close();
  await page.close();
});

for (const [device, viewport] of [['desktop', null], ['phone', { width: 390, height: 844 }]]) {
  test(`${device}: a file of three classes offers the Multiclass choice, after Reset, a learner switch and a language switch`, async () => {
    // (Issue 34, item 10: with a 3-class file open, the reduction could only be set on a preset before loading.)
    const rows = ['x,y,label'];
    for (let i = 0; i < 90; i++) {
      const k = i % 3;
      const [cx, cy] = [[-0.8, -0.5], [0.8, -0.5], [0, 0.8]][k];
      rows.push(`${(cx + ((i * 7) % 10) / 25 - 0.2).toFixed(3)},${(cy + ((i * 3) % 10) / 25 - 0.2).toFixed(3)},${k + 1}`);
    }
    const dir = await mkdtemp(join(tmpdir(), 'onlinelearn-classes-'));
    const path = join(dir, 'three.csv');
    await writeFile(path, `${rows.join('\n')}\n`);
    const page = await openPage(browser.context, `${browser.server.url}/#algo=pa1&preset=overlapping`);
    if (viewport) await page.setViewportSize(viewport);
    await page.waitForFunction(() => window.playground?.figures?.length > 0);
    await page.setInputFiles('#file-input', path);
    await page.waitForFunction(() => window.playground.figures[0].pg.file_name() === 'three.csv' && !window.playground.replaying);
    await page.evaluate(() => window.playground.advance(90));
    await settle(page);
    assert.equal((await state(page)).classes, 3);
    assert.ok(await page.locator('#multiclass').isVisible(), 'the reduction is offered for the file');
    assert.ok(await page.locator('#preset').isHidden(), 'the preset is not (the file replaces it)');
    const before = await state(page);
    await page.selectOption('#multiclass', 'crammer-singer');
    await page.waitForFunction(() => !window.playground.replaying && window.playground.figures[0].pg.settings().multiclass === 'crammer-singer');
    await settle(page);
    const after = await state(page);
    assert.equal(after.samples, before.samples, 'the file\'s samples learned again');
    assert.notDeepEqual(after.rows, before.rows);
    assert.equal(await page.evaluate(() => window.playground.figures[0].pg.file_name()), 'three.csv');
    await page.locator('#multiclass').scrollIntoViewIfNeeded();
    await screenshot(page, `multiclass-file-${device}`);
    // Reset, another learner the reduction takes, another language: still offered.
    await page.click('#reset');
    await page.selectOption('#algo', 'perceptron');
    await page.waitForFunction(() => !window.playground.replaying && window.playground.figures[0].pg.algorithm() === 'perceptron');
    assert.ok(await page.locator('#multiclass').isVisible(), 'after Reset and a learner switch');
    await page.selectOption('#lang', 'it');
    await page.waitForFunction(() => document.documentElement.lang === 'it' && !window.playground.replaying);
    await settle(page);
    assert.ok(await page.locator('#multiclass').isVisible(), 'after a language switch');
    assert.equal(await page.inputValue('#multiclass'), 'crammer-singer');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('the embed offers one button per class', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/embed.html#preset=four-classes&algo=pa1&controls=class`);
  await page.waitForFunction(() => document.querySelector('online-learner')?.figure);
  const host = page.locator('online-learner');
  assert.deepEqual(await host.locator('.bar button').allTextContents(), ['Class 1', 'Class 2', 'Class 3', 'Class 4']);
  await host.locator('button', { hasText: 'Class 4' }).click();
  await clickPlane(page, 0.5, 0.5, { within: host });
  await host.locator('button', { hasText: 'Class 2' }).click();
  await clickPlane(page, 0.4, 0.5, { within: host });
  const labels = await page.evaluate(() => document.querySelector('online-learner').points().filter((_, i) => i % 3 === 2));
  assert.deepEqual(labels, [4, -1]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('on a phone the class picker adds a third class with a tap, and nothing overflows', async () => {
  const context = await launch(PHONE);
  try {
    const page = await openPage(context, `${browser.server.url}/#algo=pa1&preset=three-classes`);
    await page.waitForFunction(() => window.playground?.figures?.length > 0);
    await page.tap('[data-tool="3"]');
    const overlay = page.locator('.plane .overlay');
    await overlay.scrollIntoViewIfNeeded();
    const box = await overlay.boundingBox();
    await page.touchscreen.tap(box.x + box.width * 0.5, box.y + box.height * 0.3);
    await settle(page);
    const s = await state(page);
    assert.equal(s.labels.at(-1), 3);
    const picker = await page.$eval('.class-toggle', (el) => [el.scrollWidth, el.clientWidth, document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(picker[0] <= picker[1] + 1 && picker[2] <= picker[3], `overflow ${picker}`);
    const smallest = await page.$$eval('.class-toggle button', (bs) => Math.min(...bs.map((b) => b.getBoundingClientRect().height)));
    assert.ok(smallest >= 44, `class buttons ${smallest} px tall`);
    assert.deepEqual(page.errors, []);
    await screenshot(page, 'multiclass-phone');
  } finally {
    await context.close();
  }
});

test("the perceptron's uniform and proportional updates and the Banditron: picked, streamed, explained, and a link replays them", async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#algo=perceptron&preset=three-classes`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  // The new reductions' code is in the full module: the first pick moves the session there.
  const ready = (reduction) => page.waitForFunction((r) => !window.playground.replaying && window.playground.figures[0].pg.settings().multiclass === r, reduction);
  const fetchedFull = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('onlinelearn_full')));
  assert.equal(await fetchedFull(), false, 'the first load holds no full module');
  // Each new reduction is offered while the perceptron runs.
  for (const word of ['crammer-singer', 'crammer-singer-uniform', 'crammer-singer-proportional', 'banditron']) {
    assert.equal(await page.$eval(`#multiclass option[value="${word}"]`, (o) => o.disabled), false, word);
  }
  const explained = {};
  for (const [reduction, want] of [
    ['crammer-singer-uniform', /E = \{r ≠ y : F_r ≥ F_y\}.*\|E\| = .*W_r ← W_r − ηx\/\|E\| for each r in E.*M_PerceptronU\.m/s],
    ['crammer-singer-proportional', /\|E\| = .*Σ_E \(F_r − F_y\) = .*\(F_r − F_y\)\/Σ_E .*M_PerceptronS\.m/s],
    ['banditron', /guess ỹ with P\(r\) = .*γ = 0\.01.*class \d, drawn with P\(ỹ\) = [\d.]+ \(u = [\d.]+\).*told: (right|wrong).*W_ŷ ← W_ŷ − ηx.*Kakade/s],
  ]) {
    await page.selectOption('#multiclass', reduction);
    await ready(reduction);
    await settle(page);
    assert.equal((await state(page)).reduction, reduction);
    assert.equal(await fetchedFull(), true, `${reduction} runs in the full module`);
    await playPast(page, (await state(page)).samples + 200);
    await page.click('#step');
    await settle(page);
    const text = await page.textContent('#explain');
    assert.match(text, new RegExp(`3 classes by ${reduction}`));
    assert.match(text, want, `${reduction}: ${text}`);
    explained[reduction] = text;
    // The menu offers only the learners the reduction takes.
    assert.deepEqual(await page.$$eval('#algo option', (os) => os.map((o) => o.value)), ['perceptron'], reduction);
  }
  // The Banditron's γ is a control while it runs, and says which way the guess went.
  assert.equal(await page.isVisible('#banditron-gamma'), true);
  assert.match(explained.banditron, /Told its guess was (right: that row gained x\/P\(ỹ\)|wrong, and nothing more)/);
  await page.fill('#banditron-gamma', '0.3');
  await page.press('#banditron-gamma', 'Enter');
  await settle(page);
  assert.equal((await state(page)).reduction, 'banditron');
  await playPast(page, (await state(page)).samples + 100);
  // The link reopens to the same rows: the guesses are drawn from the seed.
  await page.click('#share');
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /multiclass=banditron/);
  assert.match(hash, /log=/);
  const shared = await state(page);
  const again = await openPage(browser.context, `${browser.server.url}/${hash}`);
  await again.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  const rebuilt = await state(again);
  assert.deepEqual([rebuilt.reduction, rebuilt.samples, rebuilt.rows], [shared.reduction, shared.samples, shared.rows]);
  assert.equal(await again.inputValue('#banditron-gamma'), '0.3');
  // Back to one-vs-rest: the Crammer-Singer form control goes with the perceptron's updates.
  await page.selectOption('#multiclass', 'crammer-singer');
  await ready('crammer-singer');
  assert.equal(await page.isVisible('#crammer-singer-form'), true);
  assert.equal(await page.isVisible('#banditron-gamma'), false);
  await page.selectOption('#multiclass', 'one-vs-rest');
  await ready('one-vs-rest');
  assert.equal(await page.isVisible('#crammer-singer-form'), false);
  assert.deepEqual([...page.errors, ...again.errors], []);
  await screenshot(again, 'multiclass-banditron');
  await again.close();
  await page.close();
});
