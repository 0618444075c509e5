// What Reset does, as a teacher uses it (issue 34, the second walk), on a
// desktop and a touch phone: after Reset, Step and Play learn the points
// on the plane again, in the order they were added, before the stream
// goes on, and the link, the timeline and Copy as command follow the same
// rule; a multiclass reduction the learner now takes is chosen after a
// switch; a switch that carries nothing starts the counts afresh and says
// so; a new seed in Epochs keeps the Pocket post's points; a file's later
// passes do not show its rows again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshot, chooseLearner, settle, showView } from './harness.mjs';
import { DEVICES, addPoint, counts, useDevices } from './devices.mjs';

const site = useDevices();
let dir;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onlinelearn-reset-'));
});

/** A page of `device` at `hash`, ready; closes its context with the page. */
const open = (device, hash = '') => site.open(device, hash);

const model = (page) => page.evaluate(() => Array.from(window.playground.figures[0].pg.model()));

const SIX = [[0.3, 0.3, false], [0.7, 0.7, true], [0.25, 0.6, false], [0.8, 0.3, true], [0.6, 0.2, false], [0.4, 0.8, true]];

for (const device of Object.keys(DEVICES)) {
  test(`${device}: after Reset, Step learns the points on the plane again, in order, then the stream goes on`, async () => {
    const page = await open(device, 'algo=pa1&preset=xor&theory=0');
    await page.click('#clear');
    for (const [fx, fy, shift] of SIX) await addPoint(page, device, fx, fy, shift);
    await settle(page);
    const points = await page.evaluate(() => window.playground.points());
    const learned = await model(page);
    await page.click('#reset');
    await settle(page);
    assert.match(await page.textContent('#status'), /0 samples learned · 6 points shown · 6 to learn again before new samples/);
    // The timeline counts as the status does, from the Reset (in the first module as in the full one).
    assert.equal(await page.textContent('#timeline-out'), 'now: 0 samples');
    for (let i = 0; i < 6; i++) await page.click('#step');
    await settle(page);
    assert.equal(await page.textContent('#timeline-out'), 'now: 6 samples');
    const after = await counts(page);
    assert.equal(after.samples, 6, 'six steps: six learned');
    assert.equal(after.points, 6, 'and six shown');
    assert.equal(after.streamed, 0, 'none drawn from the stream');
    assert.deepEqual(await page.evaluate(() => window.playground.points()), points);
    assert.deepEqual(await model(page), learned, 'the same points in the same order: the same weights');
    assert.match(await page.textContent('#status'), /6 samples learned · .* · 6 points shown$/);
    await screenshot(page, `reset-relearned-${device}`);
    // The link, and the command line's replay of it, follow the same rule.
    const link = await page.evaluate(() => { window.playground.writeHash(); return location.hash; });
    const copy = await open(device, link.slice(1));
    assert.deepEqual(await counts(copy), await counts(page));
    assert.deepEqual(await model(copy), learned);
    await copy.close();
    // Then the stream goes on.
    await page.click('#step');
    await settle(page);
    assert.deepEqual([(await counts(page)).points, (await counts(page)).streamed], [7, 1]);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('the timeline numbers the samples since the Reset, and ← stops at the Reset', async () => {
  const page = await open('desktop', 'algo=pa1&preset=overlapping&seed=3');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(13)));
  await page.click('#reset');
  for (let i = 0; i < 3; i++) await page.click('#step');
  await settle(page);
  assert.equal((await counts(page)).samples, 3);
  // The timeline's first use moves the session into the full module.
  await page.evaluate(() => window.playground.timeline.step(-1));
  await page.waitForFunction(() => typeof window.playground.figures[0].pg.seek === 'function' && !window.playground.replaying);
  if ((await page.evaluate(() => window.playground.figures[0].pg.position()[0])) === 3) await page.evaluate(() => window.playground.timeline.step(-1));
  await page.waitForFunction(() => window.playground.figures[0].pg.position()[0] === 2);
  // The timeline's line is written on the frame after the seek.
  await page.waitForFunction(() => /sample 2 of 3/.test(document.getElementById('timeline-out').innerText), null, { timeout: 5000 }).catch(() => {});
  assert.match(await page.locator('#timeline-out').innerText(), /sample 2 of 3/);
  for (let i = 0; i < 4; i++) await page.evaluate(() => window.playground.timeline.step(-1));
  await page.waitForFunction(() => window.playground.figures[0].pg.position()[0] === 0);
  await settle(page);
  assert.match(await page.locator('#status').innerText(), /^0 samples learned/, 'sample 0 is the Reset, not before it');
  assert.deepEqual(await model(page), [0, 0, 0]);
  await page.click('#timeline-now');
  await settle(page);
  assert.match(await page.locator('#timeline-out').innerText(), /now: 3 samples/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a reduction the learner now takes is chosen after a learner switch', async () => {
  const page = await open('desktop', 'preset=three-classes');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(30)));
  await chooseLearner(page, 'perceptron');
  for (const reduction of ['banditron', 'crammer-singer-uniform']) {
    await page.selectOption('#multiclass', reduction);
    await page.waitForFunction((r) => !window.playground.replaying && window.playground.figures[0].pg.settings().multiclass === r, reduction);
    await settle(page);
    assert.equal(await page.inputValue('#multiclass'), reduction, 'the choice stays');
    assert.equal(await page.textContent('#multiclass-msg'), 'Applied from the first sample: the 30 samples were learned again.');
    assert.equal(await page.evaluate(() => window.playground.figures[0].pg.algorithm()), 'perceptron');
  }
  assert.equal(await page.isVisible('#error-banner'), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('linear, kernel, linear: each switch that carries nothing starts the counts afresh and says so', async () => {
  const page = await open('desktop', 'algo=pa1&preset=xor');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(12)));
  await chooseLearner(page, 'kernel-perceptron');
  assert.match(await page.textContent('#algo-msg'), /Kernel perceptron cannot start from PA-I's model: it starts afresh at 0 samples/i);
  assert.equal((await counts(page)).samples, 0);
  await page.click('#step');
  await chooseLearner(page, 'pa1');
  await settle(page);
  assert.match(await page.textContent('#algo-msg'), /starts afresh/);
  const c = await counts(page);
  assert.deepEqual([c.samples, c.mistakes], [0, 0], 'a zero model beside zero counts');
  assert.match(await page.textContent('#status'), /^0 samples learned/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a new seed in Epochs keeps the Pocket post\'s points and learns them again', async () => {
  const page = await open('desktop', 'algo=batch-pocket');
  await showView(page, 'epochs');
  await page.click('#load-pocket');
  await page.waitForFunction(() => window.playground.figures[0].pg.points_len() === 300 && !window.playground.replaying);
  const points = await page.evaluate(() => window.playground.points());
  await page.evaluate(() => window.playground.act((pg) => pg.epochs(20)));
  await page.fill('#seed', '5');
  await page.press('#seed', 'Enter');
  await page.waitForFunction(() => window.playground.figures[0].pg.settings().seed === 5 && !window.playground.replaying);
  await settle(page);
  assert.deepEqual(await page.evaluate(() => window.playground.points()), points, 'the same 100 points');
  assert.equal((await counts(page)).samples, 20, 'learned again with the new seed');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a 90-row file streamed over four passes shows 90 points, not 420', async () => {
  let text = 'x,y,label\n';
  for (let i = 0; i < 90; i++) text += `${(Math.sin(i) * 0.8).toFixed(3)},${(Math.cos(i * 1.3) * 0.8).toFixed(3)},${i % 2 ? 1 : -1}\n`;
  const path = join(dir, 'ninety.csv');
  await writeFile(path, text);
  const page = await open('desktop', 'algo=pa1');
  await page.setInputFiles('#file-input', path);
  await page.waitForFunction(() => window.playground.figures[0].pg.file_name() === 'ninety.csv' && !window.playground.replaying, null, { timeout: 30000 });
  await page.evaluate(() => window.playground.act((pg) => pg.stream(420)));
  await settle(page);
  assert.equal((await counts(page)).points, 90);
  assert.match(await page.textContent('#status'), /420 samples learned.*ninety\.csv: pass 5, row 60 of 90.*90 points shown/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
