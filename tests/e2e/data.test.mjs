// Data in and out, in real Chromium: files opened through the picker (the
// Web Worker parses them), bad lines reported by line and column, wide data
// trained with the curves only, the 50 MB refusal, every export (each one
// re-opened where that means something), links made with a file, and the
// session remembered across a reload.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, readFile, access } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { useBrowser, openPage, screenshot, clickPlane, ROOT } from './harness.mjs';

// The workplace's LIBSVM sets sit next to the checkout; without them the
// a1a test is skipped (as tests/reference.rs does). Everything else uses
// files from the repository or written here.
const A1A = join(ROOT, '..', 'shared', 'data', 'a1a');
const POCKET = join(ROOT, 'www', 'data', 'pocket-pla.csv');
const haveA1a = await access(A1A).then(() => true, () => false);

const browser = useBrowser({ acceptDownloads: true });
let dir;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onlinelearn-data-'));
});

async function open(hash = '', options) {
  const page = await openPage(browser.context, `${browser.server.url}/${hash ? `#${hash}` : ''}`, options);
  // A first visit's intro learns a few samples: these tests start after it.
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.intro);
  return page;
}

async function settle(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Writes a fixture file and returns its path. */
async function fixture(name, text) {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

/** Opens a file through the page's picker and waits for it to load (or fail). */
async function openFile(page, path) {
  const before = await page.evaluate(() => window.playground.figures[0].pg.file_name() + window.playground.figures[0].pg.counts().samples);
  await page.setInputFiles('#file-input', path);
  await page.waitForFunction(
    (b) => !document.getElementById('error-banner').hidden
      || (document.getElementById('file-progress').hidden && window.playground.figures[0].pg.file_name() + window.playground.figures[0].pg.counts().samples !== b),
    before,
    { timeout: 30000 },
  );
}

function session(page) {
  return page.evaluate(() => {
    const pg = window.playground.figures[0].pg;
    const { samples, mistakes, streamed: drawn } = pg.counts();
    return {
      samples, mistakes, drawn, file: pg.file_name(), shape: Array.from(pg.file_shape()), onPlane: pg.on_plane(),
      points: window.playground.points(),
      weights: Array.from(pg.weights()), task: pg.task(), algorithm: pg.algorithm(), curve: pg.curve_len(),
    };
  });
}

/** Clicks a Save button and returns the downloaded file's name and bytes. */
async function save(page, id) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}`)]);
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return { name: download.suggestedFilename(), path, bytes: await readFile(path) };
}

test('a 2-D CSV file streams onto the plane in its own order', async () => {
  const rows = ['x1,x2,label'];
  for (let i = 0; i < 40; i++) {
    const [x, y] = [((i % 8) * 0.2 - 0.7).toFixed(2), (Math.floor(i / 8) * 0.3 - 0.6).toFixed(2)];
    rows.push(`${x},${y},${Number(x) + Number(y) > 0 ? 1 : 0}`);
  }
  const path = await fixture('grid.csv', `${rows.join('\n')}\n`);
  const page = await open();
  await openFile(page, path);
  assert.match(await page.textContent('#file-info'), /grid\.csv: 40 rows × 2 features, classification/);
  assert.equal(await page.getAttribute('body', 'data-file'), 'true');
  assert.ok(await page.locator('#preset').isHidden(), 'the preset menu gives way to the file');
  await page.click('#step');
  await page.click('#step');
  await settle(page);
  const s = await session(page);
  assert.deepEqual(s.points, [-0.7, -0.6, -1, -0.5, -0.6, -1], 'the first two rows, as they are (inside the view), 0 read as -1');
  await page.evaluate(() => window.playground.advance(78));
  await settle(page);
  const after = await session(page);
  assert.equal(after.drawn, 80);
  assert.match(await page.textContent('#status'), /grid\.csv: pass 2, row 40 of 40/);
  assert.ok(page.errors.length === 0, page.errors.join('\n'));
  await screenshot(page, 'data-csv-2d');
  await page.close();
});

test('a file of three features shows w = (w1, w2, w3) beside ‖w‖ and b, in the line and the summary, a regression and classes alike', async () => {
  // (Issue 34, item 20.) The plane cannot draw three features: the weights line says what the model is.
  const regression = ['x1,x2,x3,y'];
  const classes = ['x1,x2,x3,label'];
  for (let i = 0; i < 60; i++) {
    const [a, b, c] = [((i * 7) % 11) / 11 - 0.5, ((i * 5) % 13) / 13 - 0.5, ((i * 3) % 17) / 17 - 0.5];
    regression.push(`${a},${b},${c},${(0.5 * a - b + 2 * c + 0.1).toFixed(4)}`);
    classes.push(`${a},${b},${c},${a - b + c > 0 ? 1 : 0}`);
  }
  const page = await open();
  for (const [name, rows, task] of [['three.csv', regression, 'regression'], ['three-classes.csv', classes, 'classification']]) {
    await openFile(page, await fixture(name, `${rows.join('\n')}\n`));
    await page.evaluate(() => window.playground.advance(60));
    await page.evaluate(() => window.playground.setPlaying(false));
    await settle(page);
    const s = await session(page);
    assert.equal(s.task, task, name);
    assert.equal(s.weights.length, 4, `${name}: three weights and the bias`);
    const line = await page.textContent('#weights');
    const found = line.match(/^w = \(([^,]+), ([^,]+), ([^)]+)\) · ‖w‖ = (\S+) · b = (\S+)$/);
    assert.ok(found, `${name}: ${line}`);
    const read = (text) => Number(text.replace('−', '-'));
    const close = (shown, value) => Math.abs(read(shown) - value) <= 1e-3 * Math.max(Math.abs(value), 1e-3);
    for (let k = 0; k < 3; k++) assert.ok(close(found[k + 1], s.weights[k]), `${name}: w${k + 1} ${found[k + 1]} for ${s.weights[k]}`);
    assert.ok(close(found[4], Math.hypot(...s.weights.slice(0, 3))) && close(found[5], s.weights[3]), `${name}: ${line}`);
    const summary = await page.textContent('#summary');
    assert.ok(summary.includes(`Weights w = (${found.slice(1, 4).join(', ')}), bias b = ${found[5]}.`), `${name}: ${summary}`);
  }
  await screenshot(page, 'data-three-features');
  assert.ok(page.errors.length === 0, page.errors.join('\n'));
  await page.close();
});

test('a broken file: its bad lines are listed by line and column, the rest loads', async () => {
  const path = await fixture('broken.csv', 'x,y,label\n0.1,0.2,1\n0.3,oops,0\n0.5,0.6\n-0.2,-0.4,0\n0.7,0.1,2.5\n0.3,0.3,1\n');
  const page = await open();
  // Detected, the label 2.5 would make it a regression: say these are classes.
  await page.selectOption('#file-task', 'classification');
  await openFile(page, path);
  assert.match(await page.textContent('#file-info'), /broken\.csv: 3 rows × 2 features/);
  assert.match(await page.textContent('#file-errors-summary'), /3 lines skipped \(the other 3 loaded\)/);
  const errors = await page.locator('#file-errors-list li').allTextContents();
  assert.equal(errors.length, 3);
  assert.match(errors[0], /^broken\.csv:3:5: .*oops/);
  assert.match(errors[1], /^broken\.csv:4:/);
  assert.match(errors[2], /^broken\.csv:6:9: label '2\.5' is not a class label/);
  await screenshot(page, 'data-broken-file');
  // Nothing valid at all: a clear error, and the page keeps its session.
  await page.click('#step');
  const before = await session(page);
  const garbage = await fixture('garbage.csv', 'a,b,c\nnot,a,number\n');
  await openFile(page, garbage);
  assert.match(await page.textContent('#error-text'), /garbage\.csv could not be loaded: .*no valid rows; garbage\.csv:2:1/);
  assert.deepEqual((await session(page)).samples, before.samples, 'the loaded file and its model stay');
  assert.equal((await session(page)).file, 'broken.csv');
  await page.close();
});

test("a broken file in Japanese: the readers' messages cross as codes and the page says them in the language shown", async () => {
  const data = JSON.parse(await readFile(join(ROOT, 'www', 'i18n', 'data', 'ja.json'), 'utf8'));
  const path = await fixture('broken-ja.csv', 'x,y,label\n0.1,0.2,1\n0.5,0.6\n0.7,0.1,2.5\n0.3,0.3,1\n');
  const page = await open('lang=ja');
  await page.waitForFunction(() => document.documentElement.lang === 'ja');
  await page.selectOption('#file-task', 'classification');
  await openFile(page, path);
  const errors = await page.locator('#file-errors-list li').allTextContents();
  const fill = (text, args) => text.replace(/\{(\w+)\}/g, (_, name) => args[name]);
  assert.deepEqual(errors, [
    `broken-ja.csv:3:1: ${fill(data['field-count'], { n: 3, found: 2 })}`,
    `broken-ja.csv:4:9: ${fill(data['label-not-whole'], { token: '2.5' })}`,
  ]);
  const garbage = await fixture('garbage-ja.csv', 'a,b,c\nnot,a,number\n');
  await openFile(page, garbage);
  assert.match(await page.textContent('#error-text'), new RegExp(`^garbage-ja\\.csv.*${fill(data['no-valid-rows'], { file: 'garbage-ja\\.csv', first: 'garbage-ja\\.csv:2:1: ' })}`));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('LIBSVM a1a trains in the browser with the curves only', { skip: !haveA1a && '../shared/data/a1a is not here' }, async () => {
  const page = await open();
  await openFile(page, A1A);
  assert.match(await page.textContent('#file-info'), /a1a: 1,605 rows × 119 features, classification, sparse/);
  assert.equal(await page.getAttribute('body', 'data-wide'), 'true');
  assert.match(await page.textContent('.plane .message'), /119 features, too many for a plane/);
  await page.evaluate(() => window.playground.advance(1605));
  await settle(page);
  const s = await session(page);
  assert.equal(s.points.length, 0, 'nothing drawn on a plane');
  assert.equal(s.weights.length, 120, '119 weights and the bias');
  assert.ok(s.curve > 10);
  const accuracy = await page.evaluate(() => window.playground.curve(3).at(-1));
  // a1a is about 76% negative; one pass of PA-I does clearly better than that.
  assert.ok(accuracy > 0.8, `accuracy on a1a rows after one pass: ${accuracy}`);
  assert.match(await page.textContent('#chart-error-legend'), /accuracy on 500 rows of a1a/);
  assert.ok(await page.locator('.class-toggle').isHidden());
  // Clicks have no plane to land on; the model JSON still has every weight.
  const model = JSON.parse((await save(page, 'save-model')).bytes.toString());
  assert.equal(model.model.weights.length, 119);
  assert.equal(model.data.source, 'file');
  assert.equal(model.data.features, 119);
  assert.ok(page.errors.length === 0, page.errors.join('\n'));
  await screenshot(page, 'data-a1a-wide');
  await page.close();
});

test('a file over 50 MB is refused before any reading; a big one shows its progress', async () => {
  const page = await open();
  await page.evaluate(() => {
    const big = new File([new Uint8Array(50 * 1024 * 1024 + 1)], 'huge.csv');
    return window.playground.dataPanel.open(big);
  });
  const refusal = await page.textContent('#error-text');
  assert.match(refusal, /huge\.csv could not be loaded: huge\.csv is 50\.0 MB; the page reads files up to 50 MB/);
  // The command it suggests runs: on a small file of the same name, with the page's learner.
  const command = refusal.match(/command line: (onlinelearn .*)$/)[1];
  assert.equal(command, 'onlinelearn learn --algo pa1 --train huge.csv');
  const folder = await mkdtemp(join(tmpdir(), 'onlinelearn-cmd-'));
  await writeFile(join(folder, 'huge.csv'), '0.1,0.2,1\n-0.3,0.1,0\n0.5,-0.2,1\n');
  const [program, ...args] = command.split(' ');
  const run = spawnSync(join(ROOT, 'target', 'debug', program), args, { cwd: folder, encoding: 'utf8' });
  assert.equal(run.status, 0, `${command}: ${run.stderr}`);
  assert.match(run.stdout, /PA-I on huge\.csv: 3 samples/);
  assert.equal(await session(page).then((s) => s.file), '', 'nothing loaded');
  await page.click('#error-close');
  // A 2.6 MB LIBSVM file in 1 MB slices: the bar moves through fractions, then hides.
  const lines = [];
  for (let i = 0; i < 30000; i++) {
    const features = [1, 5, 9, 20, 33, 47, 60].map((k) => `${k + (i % 7)}:${((i * k) % 97) / 97}`);
    lines.push(`${i % 3 ? '-1' : '+1'} ${features.join(' ')}`);
  }
  const big = await fixture('big.svm', `${lines.join('\n')}\n`);
  await page.evaluate(() => {
    window.progressSeen = [];
    new MutationObserver(() => window.progressSeen.push(document.getElementById('file-progress').value))
      .observe(document.getElementById('file-progress'), { attributes: true, attributeFilter: ['value'] });
  });
  await openFile(page, big);
  const seen = await page.evaluate(() => window.progressSeen);
  assert.ok(seen.some((v) => v > 0 && v < 1), `progress values: ${seen}`);
  assert.ok(await page.locator('#file-progress').isHidden());
  assert.match(await page.textContent('#file-info'), /big\.svm: 30,000 rows × 66 features, classification, sparse/);
  // It went into wasm memory in parts (over 131,072 values): one pass of
  // PA-I over the assembled file gives the command line's weights.
  const learned = await page.evaluate(() => {
    const pg = window.playground.figures[0].pg;
    pg.stream(30000);
    return { shape: Array.from(pg.file_shape()), weights: Array.from(pg.weights()) };
  });
  assert.deepEqual(learned.shape, [30000, 66]);
  const cli = spawnSync(join(ROOT, 'target', 'debug', 'onlinelearn'), ['learn', '--algo', 'pa1', '--c', '0.1', '--train', big, '--json'], { encoding: 'utf8' });
  const report = JSON.parse(cli.stdout);
  const expected = [...report.weights, report.bias];
  assert.equal(learned.weights.length, expected.length);
  learned.weights.forEach((w, i) => assert.ok(Math.abs(w - expected[i]) <= 1e-9 * Math.max(1, Math.abs(w)), `weight ${i}: ${w} vs ${expected[i]}`));
  await page.close();
});

test('exports: PNG, points and curves CSV, model JSON, WebM; points and model open again', async () => {
  const page = await open('algo=pa1&preset=overlapping&seed=3');
  for (const [fx, fy, shift] of [[0.3, 0.3, false], [0.7, 0.6, true], [0.45, 0.2, false], [0.6, 0.8, true], [0.2, 0.55, false]]) {
    await clickPlane(page, fx, fy, { shift });
  }
  await page.evaluate(() => window.playground.advance(200));
  await settle(page);
  const original = await session(page);

  const png = await save(page, 'save-png');
  assert.match(png.name, /^onlinelearn-pa1-overlapping-205\.png$/);
  assert.deepEqual([...png.bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG signature');
  const canvasWidth = await page.evaluate(() => document.querySelector('.plane .shade').width);
  assert.equal(png.bytes.readUInt32BE(16), canvasWidth, 'the image is the plane at its full resolution');

  const curves = (await save(page, 'save-curves')).bytes.toString().trim().split('\n');
  assert.equal(curves[0], 'learner,samples,online_mistake_rate,recent_loss,test_accuracy,support_size,recent_mistake_rate,labels_asked');
  assert.equal(curves.length - 1, original.curve);
  const last = curves[curves.length - 1].split(',');
  assert.equal(last[0], 'PA-I');
  // The curve's last point: the last sample on its schedule (every 4th sample here).
  assert.ok(Number(last[1]) <= 205 && Number(last[1]) > 200, last[1]);
  const [samplesAt, onlineAt] = await page.evaluate(() => [window.playground.curve(0).at(-1), window.playground.curve(1).at(-1)]);
  assert.deepEqual([Number(last[1]), Number(last[2])], [samplesAt, onlineAt], 'the CSV holds the curve as drawn');

  const model = await save(page, 'save-model');
  const doc = JSON.parse(model.bytes.toString());
  assert.equal(doc.format, 'onlinelearn-model');
  assert.deepEqual([...doc.model.weights, doc.model.bias], original.weights);
  assert.equal(doc.samples, 205);
  assert.equal(doc.settings.c, 0.1);

  // The clicked points (first five, inside the view) come back where they were.
  const points = await save(page, 'save-points');
  const lines = points.bytes.toString().trim().split('\n');
  assert.equal(lines[0], 'x,y,label');
  assert.equal(lines.length - 1, original.points.length / 3);
  const clicked = await fixture('clicked.csv', `${lines.slice(0, 6).join('\n')}\n`);

  const recorder = page.locator('#record');
  await recorder.click();
  await page.waitForFunction(() => document.getElementById('record').getAttribute('aria-pressed') === 'true');
  await page.click('#play');
  await page.waitForTimeout(1200);
  await page.click('#play');
  const [video] = await Promise.all([page.waitForEvent('download'), recorder.click()]);
  const videoPath = join(dir, video.suggestedFilename());
  await video.saveAs(videoPath);
  const webm = await readFile(videoPath);
  assert.match(video.suggestedFilename(), /\.webm$/);
  assert.deepEqual([...webm.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'an EBML (WebM) header');
  assert.ok(webm.length > 1000, `${webm.length} bytes of video`);
  await page.close();

  // The model JSON opens the same session in a fresh page.
  const again = await open();
  await openFile(again, model.path);
  const reopened = await session(again);
  assert.deepEqual(reopened.weights, original.weights);
  assert.equal(reopened.samples, original.samples);
  assert.match(await again.textContent('#save-msg'), /Opened .*model\.json: PA-I after 205 samples/);
  // The points CSV loads as data at the same coordinates.
  await openFile(again, clicked);
  await again.evaluate(() => window.playground.advance(5));
  await settle(again);
  assert.deepEqual((await session(again)).points, original.points.slice(0, 15));
  // Not a model: a clear message, nothing lost.
  const fake = await fixture('fake.json', '{"weights": [1, 2]}');
  await openFile(again, fake);
  assert.match(await again.textContent('#error-text'), /fake\.json could not be loaded: not a model saved by this playground/);
  assert.equal((await session(again)).file, 'clicked.csv');
  assert.ok(again.errors.length === 0, again.errors.join('\n'));
  await again.close();
});

test('a link made with a file asks for it, then replays the session exactly', async () => {
  const page = await open('algo=perceptron');
  await openFile(page, POCKET);
  await page.evaluate(() => window.playground.advance(150));
  await clickPlane(page, 0.2, 0.3);
  await page.evaluate(() => window.playground.advance(30));
  await page.evaluate(() => window.playground.writeHash());
  const original = await session(page);
  const hash = await page.evaluate(() => location.hash.slice(1));
  assert.match(hash, /file=pocket-pla\.csv:[0-9a-f]{16}/);
  await page.close();

  const shared = await open(hash);
  assert.ok(await shared.locator('#file-needed').isVisible());
  assert.equal(await shared.textContent('#file-needed-text strong'), 'pocket-pla.csv');
  await screenshot(shared, 'data-link-needs-file');
  // Another file is not the one: it loads, but afresh.
  const other = await fixture('pocket-pla.csv', '1,1,1\n-1,-1,0\n');
  await openFile(shared, other);
  assert.match(await shared.textContent('#file-info'), /not the file the link was made with/);
  assert.equal((await session(shared)).samples, 0);
  await shared.close();

  const again = await open(hash);
  await openFile(again, POCKET);
  const replayed = await session(again);
  assert.deepEqual(replayed.weights, original.weights);
  assert.deepEqual(replayed.points, original.points);
  assert.ok(await again.locator('#file-needed').isHidden());
  assert.match(await again.textContent('#file-info'), /replayed the shared session/);
  await again.close();
});

test('the session survives a reload to the bare address', async () => {
  const page = await open('algo=pa&seed=5', { keepStorage: true });
  await clickPlane(page, 0.3, 0.4);
  await clickPlane(page, 0.7, 0.6);
  await page.evaluate(() => window.playground.advance(50));
  await page.evaluate(() => window.playground.writeHash());
  const before = await session(page);
  await page.goto(`${browser.server.url}/`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  const after = await session(page);
  assert.deepEqual(after.weights, before.weights);
  assert.deepEqual(after.points, before.points);
  await page.close();
});
