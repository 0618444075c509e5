// From the page to the command line and back (issue 24). Sessions of each
// kind are built on the page (a preset with clicks, an erasure, settings
// and a learner changed mid-stream, epochs; regression; multiclass; a
// kernel learner; Compare; a fork on the timeline; a data file), Copy as
// command is pressed, and the copied text is run by a shell with the built
// command line (target/release/onlinelearn) first on its PATH: its --json
// must equal the page's saved Model (JSON) value for value (weights,
// support vectors and coefficients, counts: JSON numbers read back to the
// same f64), its summary the page's mistakes, its --curves the page's
// Curves (CSV) byte for byte. Then the other way: `replay --link`'s
// address, opened in the browser, shows the numbers the command printed.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, useBrowser, openPage, clickPlane, chooseLearner } from './harness.mjs';
import { act, openCatchingCopies, openWithFile } from './copying.mjs';

const browser = useBrowser({ width: 1280, height: 900 });
let dir;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onlinelearn-roundtrip-'));
  // The command line as it ships (a no-op when it is up to date).
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'onlinelearn'], { cwd: ROOT, stdio: 'inherit' });
});

/** Runs a copied command line in `dir` with the built onlinelearn first on the PATH. */
function shell(command) {
  const env = { ...process.env, PATH: `${join(ROOT, 'target', 'release')}:${process.env.PATH}` };
  return execFileSync('sh', ['-c', command], { cwd: dir, env, encoding: 'utf8' });
}

/** The page at `hash`, built; the clipboard caught. */
const open = (hash) => openCatchingCopies(browser, hash);

/** Clicks a Save button; the downloaded file's text. */
async function saved(page, id) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}`)]);
  const path = join(dir, `page-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return readFile(path, 'utf8');
}

/** Presses Copy as command and returns the text copied. */
async function copyCommand(page) {
  const before = await page.evaluate(() => window.copied.length);
  await page.click('#copy-command');
  await page.waitForFunction((n) => window.copied.length > n, before);
  return page.evaluate(() => window.copied.at(-1));
}

/** The round trip: the copied command's --json is the page's model export. */
async function assertSame(page, what) {
  const command = await copyCommand(page);
  assert.match(command, /^onlinelearn replay '[^']+#v=4&[^']+'( --data '[^']+')?$/, `${what}: one line, the link quoted`);
  const pageModel = JSON.parse(await saved(page, 'save-model'));
  const cliModel = JSON.parse(shell(`${command} --json`));
  assert.deepEqual(cliModel, pageModel, `${what}: the command's model is the page's`);
  const summary = shell(command);
  const counts = await page.evaluate(() => window.playground.figures.map((f) => ({ ...f.pg.counts(), task: f.pg.task() })));
  for (const { samples, mistakes, task } of counts) {
    const noun = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const line = task === 'regression' ? `: ${noun(samples, 'sample')} learned, held-out mean absolute error` : `: ${noun(samples, 'sample')} learned, ${noun(mistakes, 'mistake')}`;
    assert.ok(summary.includes(line), `${what}: ${line} in ${summary}`);
  }
  return { command, pageModel, cliModel };
}

const models = (doc) => doc.models ?? [doc];
const weightsOf = (doc) => models(doc).map((m) => m.model.weights ?? m.model.support);

test('a preset session with clicks, an erasure, a setting and a learner changed mid-stream, and epochs', async () => {
  const page = await open('v=3&algo=pa1&preset=moons&seed=5&noise=0.1');
  await act(page, (pg) => pg.stream(300));
  await clickPlane(page, 0.3, 0.3);
  await clickPlane(page, 0.7, 0.6, { shift: true });
  await act(page, (pg) => pg.stream(50));
  // Erases the first clicked point (the page's eraser: the nearest within a radius).
  const erased = await page.evaluate(() => {
    const points = window.playground.points(); // (x, y, label) triples, in order: 300 streamed, then the clicks
    const [x, y] = points.slice(300 * 3, 300 * 3 + 2);
    return window.playground.figures[0].pg.erase(x, y, 0.01);
  });
  assert.ok(erased, 'a point erased');
  await page.fill('#c', '0.35');
  await page.press('#c', 'Enter');
  await act(page, (pg) => pg.stream(120));
  await chooseLearner(page, 'arow');
  await act(page, (pg) => { pg.stream(80); pg.epochs(25); });
  const { cliModel } = await assertSame(page, 'preset');
  assert.equal(cliModel.algorithm, 'arow');
  assert.equal(cliModel.samples, 577);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('regression, multiclass and a kernel learner', async () => {
  for (const [hash, what] of [
    ['v=3&algo=pa2&preset=regression-1d&seed=2&eps=0.05', 'regression'],
    ['v=3&algo=pa1&preset=three-classes&seed=4&multiclass=crammer-singer', 'multiclass'],
    ['v=3&algo=projectron&preset=xor&seed=3&sigma=0.7', 'kernel'],
  ]) {
    const page = await open(hash);
    await act(page, (pg) => pg.stream(400));
    await clickPlane(page, 0.4, 0.35);
    await act(page, (pg) => pg.stream(60));
    const { cliModel } = await assertSame(page, what);
    if (what === 'kernel') assert.ok(cliModel.model.support.length > 5, 'support vectors compared');
    if (what === 'multiclass') assert.equal(cliModel.model.weights.length, 3);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('Compare: one model per panel, and the curves byte for byte', async () => {
  const page = await open('v=3&algo=pa&preset=circles&seed=9&view=compare&algos=pa,apsm,aromma');
  await act(page, (pg) => pg.stream(250));
  await clickPlane(page, 0.5, 0.5);
  const { command, cliModel } = await assertSame(page, 'compare');
  assert.deepEqual(models(cliModel).map((m) => m.algorithm), ['pa', 'apsm', 'aromma']);
  const pageCurves = await saved(page, 'save-curves');
  shell(`${command} --curves cli-curves.csv`);
  assert.equal(await readFile(join(dir, 'cli-curves.csv'), 'utf8'), pageCurves, 'the curves as the page saves them');
  await page.close();
});

test('a fork on the timeline: the link holds the run before it, the command the run after', async () => {
  const page = await open('v=3&algo=pa1&preset=drift&seed=8');
  await act(page, (pg) => pg.stream(500));
  await page.evaluate(async () => (await import('/js/timeline.js')).seek(window.playground, 200));
  await page.waitForFunction(() => !window.playground.replaying && window.playground.figures[0].pg.position()[0] === 200);
  await act(page, (pg) => { pg.set('c', '2'); pg.stream(70); });
  const { command, cliModel } = await assertSame(page, 'fork');
  assert.match(command, /&was=/, 'a fork\'s link');
  assert.equal(cliModel.samples, 270);
  await page.close();
});

test('a session on a data file: the command names the file and checks it', async () => {
  const rows = ['x,y,label'];
  for (let i = 0; i < 150; i++) rows.push(`${(Math.sin(i) * 4).toFixed(3)},${(Math.cos(i * 0.7) * 3).toFixed(3)},${Math.sin(i) + Math.cos(i * 0.7) > 0 ? 1 : -1}`);
  const { page, path } = await openWithFile(browser, 'v=3&algo=pa1', dir, 'round trip.csv', rows);
  await act(page, (pg) => pg.stream(320));
  const { command, cliModel } = await assertSame(page, 'file');
  assert.match(command, / --data 'round trip\.csv'$/);
  assert.equal(cliModel.data.source, 'file');
  // Another file of that name: refused with both fingerprints.
  await writeFile(path, `${rows.slice(0, 100).join('\n')}\n`);
  assert.throws(() => execFileSync('sh', ['-c', `${command} 2>&1`], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: `${join(ROOT, 'target', 'release')}:${process.env.PATH}` } }),
    (error) => /is not the file the link was made with: its data's fingerprint is [0-9a-f]{16}, the link's \(round_trip\.csv\) is [0-9a-f]{16}/.test(error.stdout));
  await page.close();
});

test("replay --link opens in the browser with the command's numbers", async () => {
  const out = shell(`onlinelearn replay 'v=3&algo=pa1&preset=noisy-labels&seed=7&c=0.2&log=AfQD' --json --link --link-base '${browser.server.url}/'`);
  const address = out.trim().split('\n').at(-1);
  assert.ok(address.startsWith(`${browser.server.url}/#v=4&algo=pa1`), address);
  const cli = JSON.parse(out.slice(0, out.lastIndexOf('\n', out.length - 2)));
  const page = await openPage(browser.context, address);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  const shown = await page.evaluate(() => {
    const pg = window.playground.figures[0].pg;
    return { counts: pg.counts(), weights: Array.from(pg.weights()) };
  });
  assert.equal(shown.counts.samples, cli.samples);
  assert.deepEqual(shown.weights.slice(0, 2), cli.model.weights, 'the same weights, to the bit');
  assert.match(shell(`onlinelearn replay '${address}'`), new RegExp(`${shown.counts.mistakes} mistakes`));
  await page.close();
});

test('the embed with controls=command copies the command of its own figure', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/embed.html#v=3&algo=pa&preset=xor&seed=2&controls=play,step,command`);
  await page.waitForFunction(() => document.querySelector('online-learner')?.figure?.pg);
  await page.evaluate(() => {
    window.copied = [];
    navigator.clipboard.writeText = async (text) => { window.copied.push(text); };
    const host = document.querySelector('online-learner');
    host.setPlaying(false); // a figure in view plays by itself
    host.act((pg) => pg.stream(150));
  });
  await page.getByRole('button', { name: 'Copy as command' }).click();
  await page.waitForFunction(() => window.copied.length > 0);
  const command = await page.evaluate(() => window.copied[0]);
  assert.match(command, new RegExp(`^onlinelearn replay '${browser.server.url}/#v=4&algo=pa&`), 'the page address, beside the embed');
  const cli = JSON.parse(shell(`${command} --json`));
  const shown = await page.evaluate(() => {
    const pg = document.querySelector('online-learner').figure.pg;
    return { samples: pg.counts().samples, weights: Array.from(pg.weights()) };
  });
  assert.equal(cli.samples, shown.samples);
  assert.deepEqual([...cli.model.weights, cli.model.bias], shown.weights);
  assert.equal(await page.getByRole('button', { name: 'Command copied.' }).count(), 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});
