// Copy as Python (issue 24, part 3). Sessions of each covered kind are
// built on the page (PA, PA-I, PA-II, the perceptron and the averaged
// perceptron; classification and regression; the bias modes augmented,
// decoupled and none; clicks, an erasure, epochs, a Reset), Copy as Python
// is pressed, and the copied script is run by Python with River and
// scikit-learn at scripts/reference/requirements.txt's versions (target/py,
// which `cargo xtask test` makes): its printed weights must be the page's
// to 1e-9. A long session's script reads the Points CSV the page saves.
// Sessions no library can run (a kernel learner, three classes, a setting
// changed mid-stream, Compare) copy nothing and say why.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, useBrowser, openPage, clickPlane } from './harness.mjs';
import { act, openCatchingCopies, openWithFile } from './copying.mjs';

const PYTHON = join(ROOT, 'target', 'py', 'bin', 'python');
const browser = useBrowser({ width: 1280, height: 900 });
let dir;
let ready = false;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onlinelearn-python-'));
  try {
    const versions = execFileSync(PYTHON, ['-c', 'import river, sklearn; print(river.__version__, sklearn.__version__)'], { encoding: 'utf8', stdio: 'pipe' });
    // The versions the equivalences were established with (scripts/reference/requirements.txt).
    ready = versions.trim() === '0.26.1 1.9.1';
  } catch {
    ready = false;
  }
});

const skipLine = 'skipped: River and scikit-learn are not installed in target/py (cargo xtask test makes it, with scripts/reference/requirements.txt)';

/** The page at `hash`, built; the clipboard caught. */
const open = (hash) => openCatchingCopies(browser, hash);

/** Presses Copy as Python: { script (or null), message }. */
async function copyPython(page) {
  const before = await page.evaluate(() => [window.copied.length, document.getElementById('share-msg').textContent]);
  await page.click('#copy-python');
  await page.waitForFunction(([n, msg]) => window.copied.length > n || document.getElementById('share-msg').textContent !== msg, before);
  return page.evaluate((n) => ({ script: window.copied[n] ?? null, message: document.getElementById('share-msg').textContent }), before[0]);
}

/** Runs a script in `dir`; its printed w and b. */
async function run(script, name) {
  await writeFile(join(dir, name), script);
  const out = execFileSync(PYTHON, ['-W', 'ignore', name], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  const w = /^w = (\[.*\])$/m.exec(out);
  const b = /^b = (\S+)$/m.exec(out);
  assert.ok(w && b, `${name} printed w and b: ${out}`);
  return [...JSON.parse(w[1]), Number(b[1])];
}

const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b)) + 1e-12;

/** Copies, runs, and compares with the page's weights (w..., b). */
async function assertSame(page, what) {
  const { script, message } = await copyPython(page);
  assert.ok(script, `${what}: a script was copied (${message})`);
  const shown = await page.evaluate(() => ({ weights: Array.from(window.playground.figures[0].pg.weights()), samples: window.playground.figures[0].pg.counts().samples }));
  const printed = await run(script, `${what.replace(/\W+/g, '-')}.py`);
  assert.equal(printed.length, shown.weights.length, `${what}: as many weights`);
  assert.ok(shown.weights.some((v) => Math.abs(v) > 1e-6), `${what}: the page learned something`);
  printed.forEach((v, i) => assert.ok(close(v, shown.weights[i]), `${what}: weight ${i} is ${v} in Python, ${shown.weights[i]} on the page`));
  assert.deepEqual(page.errors, []);
  return { script, message, samples: shown.samples };
}

test('the covered learners, tasks and bias modes print the page\'s weights', async (t) => {
  if (!ready) return t.skip(skipLine);
  for (const [hash, what, library] of [
    ['v=3&algo=pa1&preset=moons&seed=5&c=0.3', 'PA-I, augmented bias', 'river'],
    ['v=3&algo=pa&preset=separable&seed=2&bias=decoupled', 'PA, decoupled bias', 'river'],
    ['v=3&algo=pa2&preset=noisy-labels&seed=6&c=0.05&bias=none', 'PA-II, no bias', 'river'],
    ['v=3&algo=perceptron&preset=overlapping&seed=1&lr=0.5&bias=decoupled', 'perceptron, decoupled bias', 'sklearn'],
    ['v=3&algo=averaged-perceptron&preset=overlapping&seed=3&lr=0.7', 'averaged perceptron, augmented bias', 'sklearn'],
    ['v=3&algo=averaged-perceptron&preset=moons&seed=4&bias=none', 'averaged perceptron, no bias', 'sklearn'],
    ['v=3&algo=pa2&preset=regression-1d&seed=2&eps=0.05&c=0.4', 'PA-II regression, augmented bias', 'sklearn'],
    ['v=3&algo=pa&preset=regression-1d&seed=7&bias=decoupled', 'PA regression, decoupled bias', 'sklearn'],
    ['v=3&algo=pa1&preset=regression-1d&seed=9&eps=0.2&bias=none', 'PA-I regression, no bias', 'sklearn'],
  ]) {
    const page = await open(hash);
    await act(page, (pg) => pg.stream(120));
    await clickPlane(page, 0.3, 0.3);
    await clickPlane(page, 0.7, 0.6, { shift: true });
    await act(page, (pg) => pg.stream(40));
    const { script, samples } = await assertSame(page, what);
    assert.equal(samples, 162);
    assert.match(script, library === 'river' ? /model\.learn_one\(/ : /model\.partial_fit\(/, `${what}: ${library}`);
    assert.equal(/constant feature 1/.test(script), hash.includes('bias=') ? false : true, `${what}: the augmented bias said so`);
    if (hash.includes('regression')) assert.match(script, /River's PARegressor maps the target/, 'why not River');
    await page.close();
  }
});

test('an erasure, epochs and a Reset: the samples as the learner learned them', async (t) => {
  if (!ready) return t.skip(skipLine);
  const page = await open('v=3&algo=pa1&preset=circles&seed=8&bias=decoupled&c=0.2');
  await act(page, (pg) => pg.stream(60));
  await clickPlane(page, 0.2, 0.8);
  await act(page, (pg) => { pg.reset(); pg.stream(30); });
  await clickPlane(page, 0.6, 0.25, { shift: true });
  await page.evaluate(() => {
    const points = window.playground.points();
    const [x, y] = points.slice(10 * 3, 10 * 3 + 2); // a streamed point, learned once, then erased
    window.playground.figures[0].pg.erase(x, y, 0.01);
  });
  await act(page, (pg) => pg.epochs(150));
  const { script, samples } = await assertSame(page, 'epochs after a reset');
  assert.equal(samples, 181, 'counted since the Reset');
  assert.equal(script.split('\n').filter((l) => /^ {4}\(/.test(l)).length, 181, 'the samples written in, one a line');
  await page.close();
});

test('a long session reads the Points CSV the page saves, cycled for epochs', async (t) => {
  if (!ready) return t.skip(skipLine);
  const page = await open('v=3&algo=averaged-perceptron&preset=drift&seed=3&bias=decoupled');
  await act(page, (pg) => { pg.stream(700); pg.epochs(1500); });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-points')]);
  await download.saveAs(join(dir, download.suggestedFilename()));
  const { script, message } = await assertSame(page, 'points csv');
  assert.ok(message.includes(download.suggestedFilename()), `the message names the file: ${message}`);
  assert.ok(script.includes(`with open("${download.suggestedFilename()}")`));
  assert.match(script, /rows\[i % len\(rows\)\] for i in range\(2200\)/);
  assert.ok(script.length < 4000, 'short: the samples are in the file');
  await page.close();
});

test('a file the plane standardised: the samples as the learner saw them, said in the script', async (t) => {
  if (!ready) return t.skip(skipLine);
  const rows = ['x,y,label'];
  for (let i = 0; i < 120; i++) rows.push(`${(120 + Math.sin(i) * 30).toFixed(2)},${(Math.cos(i * 0.7) * 40).toFixed(2)},${Math.sin(i) + Math.cos(i * 0.7) > 0.2 ? 1 : -1}`);
  const { page } = await openWithFile(browser, 'v=3&algo=pa2&c=0.5', dir, 'wide values.csv', rows);
  await act(page, (pg) => pg.stream(200));
  const { script } = await assertSame(page, 'standardised file');
  assert.match(script, /# The samples are the file's values as the page standardised them to learn\n# \(x′ = \(x − /);
  await page.close();
});

test('sessions with no Python equivalent copy nothing and say why', async () => {
  for (const [hash, change, reason] of [
    ['v=3&algo=projectron&preset=xor&seed=3', null, /: Projectron has no exact equivalent in River or scikit-learn/],
    ['v=3&algo=pa1&preset=three-classes&seed=4', null, /3 classes/],
    ['v=3&algo=pa1&preset=moons&seed=5', (pg) => { pg.set('c', '0.35'); pg.stream(20); }, /changed after sample 100/],
    ['v=3&algo=pa&preset=circles&seed=9&view=compare&algos=pa,pa1', null, /Compare runs several learners/],
  ]) {
    const page = await open(hash);
    await act(page, (pg) => pg.stream(100));
    if (change) await act(page, change);
    const { script, message } = await copyPython(page);
    assert.equal(script, null, `${hash}: nothing copied`);
    assert.match(message, /^No Python equivalent: /);
    assert.match(message, reason);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('the embed with controls=python copies its figure\'s script', async (t) => {
  if (!ready) return t.skip(skipLine);
  const page = await openPage(browser.context, `${browser.server.url}/embed.html#v=3&algo=pa2&preset=separable&seed=2&controls=play,python`);
  await page.waitForFunction(() => document.querySelector('online-learner')?.figure?.pg);
  await page.evaluate(() => {
    window.copied = [];
    navigator.clipboard.writeText = async (text) => { window.copied.push(text); };
    const host = document.querySelector('online-learner');
    host.setPlaying(false);
    host.act((pg) => pg.stream(90));
  });
  await page.getByRole('button', { name: 'Copy as Python' }).click();
  await page.waitForFunction(() => window.copied.length > 0);
  const script = await page.evaluate(() => window.copied[0]);
  const shown = await page.evaluate(() => Array.from(document.querySelector('online-learner').figure.pg.weights()));
  const printed = await run(script, 'embed.py');
  printed.forEach((v, i) => assert.ok(close(v, shown[i]), `weight ${i}: ${v} vs ${shown[i]}`));
  assert.equal(await page.getByRole('button', { name: 'Python copied.' }).count(), 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});
