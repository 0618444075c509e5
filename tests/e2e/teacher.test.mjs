// What a teacher hit in class (issue 20), on a desktop and a touch phone:
// Regress clicks add points, Reset keeps the points (Clear empties the
// plane), a multiclass CSV opens as classes, Regress keeps the Classify
// session for the way back, the explanation never shows another learner's
// update, and the Pocket post's points load with the pocket, from nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPage, screenshot, chooseLearner, settle, showView } from './harness.mjs';
import { DEVICES, addPoint, counts, useDevices } from './devices.mjs';

const site = useDevices();
let dir;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onlinelearn-teacher-'));
});

/** A page of `device` at `hash`, ready; closes its context with the page. */
const open = (device, hash = '') => site.open(device, hash);


for (const device of Object.keys(DEVICES)) {
  test(`${device}: a click (or tap, or Enter) on the Regress plane adds and learns a point`, async () => {
    const page = await open(device, 'lang=it');
    await page.click('[data-view="regress"]');
    await page.waitForFunction(() => window.playground.settings().task === 'regression' && !window.playground.replaying);
    const before = await counts(page);
    await addPoint(page, device, 0.3, 0.4);
    await addPoint(page, device, 0.7, 0.2, true);
    await settle(page);
    let after = await counts(page);
    assert.equal(after.points, before.points + 2, 'two points added');
    assert.equal(after.samples, before.samples + 2, 'and learned');
    if (device === 'desktop') {
      await page.focus('.plane .overlay');
      await page.keyboard.press('Enter');
      after = await counts(page);
      assert.equal(after.points, before.points + 3, 'Enter on the focused plane adds one');
    }
    assert.equal(await page.isVisible('#error-banner'), false, await page.textContent('#error-text'));
    assert.deepEqual(page.errors, []);
    await screenshot(page, `teacher-regress-click-${device}`);
    await page.close();
  });

  test(`${device}: Reset starts the learner afresh on the same points; Clear empties the plane`, async () => {
    const page = await open(device, 'algo=perceptron&preset=separable');
    for (const [fx, fy, shift] of [[0.3, 0.3, false], [0.7, 0.7, true], [0.25, 0.6, false], [0.8, 0.3, true]]) await addPoint(page, device, fx, fy, shift);
    await settle(page);
    const points = await page.evaluate(() => window.playground.points());
    assert.equal(points.length, 12);
    await page.click('#reset');
    await settle(page);
    assert.deepEqual(await page.evaluate(() => window.playground.points()), points, 'the same four points');
    assert.equal((await counts(page)).samples, 0);
    assert.deepEqual(await page.evaluate(() => Array.from(window.playground.figures[0].pg.model())), [0, 0, 0]);
    assert.match(await page.textContent('#status'), /0 samples learned · 4 points shown/);
    // Epochs learn the same points again, and the link replays the reset.
    await showView(page, 'epochs');
    await page.click('#step');
    await page.click('#step');
    await settle(page);
    assert.equal((await counts(page)).samples, 2);
    assert.match(await page.textContent('#status'), /pass 1, point 2 of 4/);
    const link = await page.evaluate(() => { window.playground.writeHash(); return location.hash; });
    const copy = await open(device, link.slice(1));
    assert.deepEqual(await copy.evaluate(() => window.playground.points()), points);
    assert.deepEqual(await counts(copy), await counts(page));
    await copy.close();
    await page.click('#clear');
    await settle(page);
    assert.deepEqual(await counts(page), { samples: 0, mistakes: 0, streamed: 0, passes: 0, point: 0, relearn: 0, points: 0 });
    await page.close();
  });

  test(`${device}: Regress keeps the Classify session for the way back`, async () => {
    const page = await open(device, 'algo=pa1&preset=moons&seed=3');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(103)));
    await page.click('[data-view="regress"]');
    await page.waitForFunction(() => window.playground.settings().task === 'regression' && !window.playground.replaying);
    await addPoint(page, device, 0.4, 0.4);
    await page.click('[data-view="classify"]');
    await page.waitForFunction(() => window.playground.settings().task === 'classification' && !window.playground.replaying);
    assert.equal((await counts(page)).samples, 103);
    assert.equal(await page.evaluate(() => window.playground.settings().preset), 'moons');
    await page.click('[data-view="regress"]');
    await page.waitForFunction(() => window.playground.settings().task === 'regression' && !window.playground.replaying);
    assert.equal((await counts(page)).points, 1, 'and the Regress session for the way back there');
    await page.close();
  });
}

test('a CSV of labels 1, 2 and 3 opens as three classes, detected or asked for', async () => {
  let text = 'x,y,label\n';
  for (let i = 0; i < 90; i++) {
    const k = i % 3;
    const [cx, cy] = [[0.8, 0.8], [-0.8, 0.8], [0, -0.8]][k];
    text += `${(cx + 0.2 * Math.sin(i)).toFixed(3)},${(cy + 0.2 * Math.cos(i)).toFixed(3)},${k + 1}\n`;
  }
  const path = join(dir, 'three.csv');
  await writeFile(path, text);
  for (const task of ['auto', 'classification']) {
    const page = await open('desktop', 'algo=pa1');
    await page.selectOption('#file-task', task);
    await page.setInputFiles('#file-input', path);
    await page.waitForFunction(() => window.playground.figures[0].pg.file_name() === 'three.csv' && !window.playground.replaying, null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => window.playground.figures[0].pg.classes()), 3);
    assert.match(await page.textContent('#file-info'), /90 rows × 2 features, 3 classes/);
    await page.evaluate(() => window.playground.act((pg) => pg.stream(90)));
    const { samples, mistakes } = await counts(page);
    assert.equal(samples, 90);
    assert.ok(mistakes < 20, `${mistakes} mistakes`);
    assert.equal(await page.isVisible('#error-banner'), false, await page.textContent('#error-text'));
    await settle(page);
    await screenshot(page, `teacher-three-classes-${task}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('after a learner switch the explanation never shows the last learner\'s update', async () => {
  const page = await open('desktop', 'algo=pa1&preset=overlapping');
  await page.click('#step');
  await settle(page);
  assert.match(await page.textContent('#explain'), /PA-I, sample/);
  for (const [learner, label] of [['arow', 'AROW'], ['perceptron', 'Perceptron'], ['kernel-perceptron', 'Kernel perceptron']]) {
    await chooseLearner(page, learner);
    await settle(page);
    const text = await page.textContent('#explain');
    assert.match(text, new RegExp(`^${label} explains the next sample it learns`), text);
    await page.click('#step');
    await settle(page);
    assert.match(await page.textContent('#explain'), new RegExp(`${label}, sample \\d+`));
  }
  // A changed C: the update shown was made with the value before.
  await chooseLearner(page, 'pa1');
  await page.click('#step');
  await page.fill('#c', '2');
  await page.press('#c', 'Enter');
  await settle(page);
  assert.match(await page.textContent('#explain'), /explains the next sample it learns/);
  await page.close();
});

test('the Pocket post\'s 100 points load with the pocket, from nothing, and the status line counts passes', async () => {
  const page = await open('desktop', 'algo=pa1');
  await showView(page, 'epochs');
  await page.click('#load-pocket');
  await page.waitForFunction(() => window.playground.figures[0].pg.points_len() === 300 && window.playground.figures[0].pg.algorithm() === 'pocket');
  assert.equal(await page.inputValue('#algo'), 'pocket');
  assert.deepEqual(await counts(page), { samples: 0, mistakes: 0, streamed: 0, passes: 0, point: 0, relearn: 100, points: 100 });
  await page.evaluate(() => window.playground.act((pg) => pg.epochs(250)));
  await settle(page);
  assert.match(await page.textContent('#status'), /pass 3, point 50 of 100/);
  // The pocket holds weights that beat predicting one class, within the first pass.
  const first = await page.evaluate(() => {
    const pg = window.playground.figures[0].pg;
    pg.reset();
    pg.epochs(100);
    return Array.from(pg.model());
  });
  assert.notDeepEqual(first, [0, 0, 0], 'the pocket moved within the first pass');
  await page.close();
});

test('a link value the page cannot use is named in the banner, never dropped silently', async () => {
  const seventeen = ['perceptron', 'averaged-perceptron', 'pocket', 'pa', 'pa1', 'pa2', 'arow', 'scw1', 'scw2', 'kernel-perceptron', 'kernel-pa1', 'kernel-pa2', 'projectron', 'apsm', 'spa', 'olru', 'olrd'];
  const page = await open('desktop', `algo=pa1&view=nonsense&speed=-5&x=%3Cb%3E&z=(b)&algos=${seventeen.join(',')}`);
  await page.waitForFunction(() => !document.getElementById('error-banner').hidden);
  const text = await page.textContent('#error-text');
  for (const part of ['view=nonsense', 'speed=-5', 'algos=olrd', 'x=<b>', "the link's z left out"]) assert.ok(text.includes(part), `${part} in: ${text}`);
  await page.close();
  const bad = await open('desktop', 'algo=pa1&file=points.csv');
  await bad.waitForFunction(() => !document.getElementById('error-banner').hidden);
  assert.match(await bad.textContent('#error-text'), /file 'points\.csv' is not a file's name and fingerprint/);
  await bad.close();
});

test('the link names the learner it shows after a switch, and replays the switch', async () => {
  const page = await open('desktop', 'algo=pa1&preset=overlapping');
  await page.click('#step');
  await chooseLearner(page, 'scw1');
  await page.click('#step');
  const hash = await page.evaluate(() => { window.playground.writeHash(); return location.hash; });
  assert.match(hash, /^#v=4&algo=scw1&start=pa1&/);
  const copy = await open('desktop', hash.slice(1));
  assert.equal(await copy.inputValue('#algo'), 'scw1');
  assert.deepEqual(await copy.evaluate(() => Array.from(window.playground.figures[0].pg.weights())), await page.evaluate(() => Array.from(window.playground.figures[0].pg.weights())));
  await copy.close();
  await page.close();
});

test('Japanese verdicts say 積極的 and 受動的', async () => {
  const page = await open('desktop', 'lang=ja&algo=pa1&preset=noisy-labels&seed=2');
  const seen = new Set();
  for (let i = 0; i < 30 && seen.size < 2; i++) {
    await page.click('#step');
    await settle(page);
    seen.add((await page.textContent('#explain .verdict')).slice(0, 3));
  }
  assert.deepEqual([...seen].sort(), ['受動的', '積極的']);
  await page.close();
});

test('a first visit moves before the reader acts: the plane shows its twelve samples learned one by one, then waits', async () => {
  const page = await open('desktop');
  const first = await page.evaluate(() => {
    const figure = window.playground.figures[0];
    return { session: figure.pg.counts().samples, shown: figure.shown.counts().samples, points: figure.shown.points_len() / 3 };
  });
  assert.equal(first.session, 12, 'the session holds its twelve samples at once, whenever it is read');
  assert.ok(first.shown >= 2 && first.shown < 12, `the plane shows ${first.shown} of them at first`);
  assert.equal(await page.textContent('#play'), 'Play', 'and Play still offers to play');
  await page.waitForFunction(() => !window.playground.intro, null, { timeout: 10000 });
  const after = await page.evaluate(() => ({ shown: window.playground.figures[0].shown.counts().samples, points: window.playground.figures[0].shown.points_len() / 3 }));
  assert.deepEqual(after, { shown: 12, points: 12 });
  assert.equal(await page.evaluate(() => window.playground.playing), false);
  await settle(page); // the next frame draws the session itself
  assert.match(await page.textContent('#status'), /^12 samples learned/);
  // A click during the intro shows the session and adds to it.
  const again = await open('desktop');
  await addPoint(again, 'desktop', 0.4, 0.4);
  assert.equal(await again.evaluate(() => window.playground.figures[0].pg.counts().samples), 13);
  assert.equal(await again.evaluate(() => window.playground.intro), 0);
  await again.close();
  await page.close();
});

for (const device of Object.keys(DEVICES)) {
  test(`${device}: a lecture's link starts empty (empty=1), and the page copies one for its settings now`, async () => {
    // (Issue 34, item 23: the first visit opened with 12 samples learned, so a lecture began with Clear.)
    const bare = await open(device, 'empty=1');
    assert.equal(await bare.evaluate(() => window.playground.figures[0].pg.counts().samples), 0, 'nothing learned');
    assert.equal(await bare.evaluate(() => Boolean(window.playground.intro)), false, 'no first-visit show');
    assert.equal(await bare.evaluate(() => window.playground.figures[0].pg.points_len()), 0);
    assert.equal(await bare.evaluate(() => window.playground.playing), false);
    assert.equal(await bare.isVisible('#error-banner'), false, 'empty=1 is understood, not refused');
    await bare.close();
    // Set up a lesson (a learner, a setting, a view, a language), learn, then copy its empty link.
    const page = await open(device, 'algo=pa2&preset=noisy-labels&seed=5&view=compare&algos=pa1,pa2&lang=ja');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(300)));
    await page.evaluate(() => window.playground.setSetting('c', '0.3'));
    await page.evaluate(() => window.playground.act((pg) => pg.stream(50)));
    await page.evaluate(() => {
      window.copied = [];
      navigator.clipboard.writeText = async (text) => { window.copied.push(text); };
    });
    await page.locator('#share-empty').scrollIntoViewIfNeeded();
    await page.click('#share-empty');
    await page.waitForFunction(() => window.copied.length === 1);
    const link = await page.evaluate(() => window.copied[0]);
    assert.match(link, /#.*empty=1/);
    assert.doesNotMatch(link, /(^|[#&])log=/, 'the link holds no log');
    const hash = link.slice(link.indexOf('#') + 1);
    const lesson = await open(device, hash);
    const opened = await lesson.evaluate(() => window.playground.figures.map((f) => ({ algo: f.pg.algorithm(), samples: f.pg.counts().samples, c: f.pg.settings().c, preset: f.pg.settings().preset })));
    assert.deepEqual(opened, [{ algo: 'pa1', samples: 0, c: 0.3, preset: 'noisy-labels' }, { algo: 'pa2', samples: 0, c: 0.3, preset: 'noisy-labels' }], 'the settings now, the view and its learners, nothing learned');
    await lesson.waitForFunction(() => document.documentElement.lang === 'ja');
    // The address bar then holds the session's own link (a reload keeps what the class adds).
    await lesson.evaluate(() => window.playground.act((pg) => pg.stream(10)));
    await lesson.evaluate(() => window.playground.writeHash());
    assert.doesNotMatch(await lesson.evaluate(() => location.hash), /empty=/);
    await screenshot(lesson, `teacher-empty-link-${device}`);
    // A log in a link with empty=1 is left out; another value of empty is refused, by name.
    const withLog = await open(device, `${await lesson.evaluate(() => location.hash.slice(1))}&empty=1`);
    assert.equal(await withLog.evaluate(() => window.playground.figures[0].pg.counts().samples), 0);
    const odd = await open(device, 'empty=2');
    assert.match(await odd.textContent('#error-text'), /empty=2 was left out/);
    // The embed: a frame's empty=1, and the element's empty attribute, leave a state's log out.
    const logged = await lesson.evaluate(() => window.playground.figures[0].pg.hash(''));
    const frame = await lesson.context().newPage();
    await frame.goto(`${site.url}/embed.html#${logged.replace(/^#/, '')}&empty=1`);
    await frame.waitForFunction(() => document.getElementById('figure')?.figure && !document.getElementById('figure').replaying);
    assert.equal(await frame.evaluate(() => document.getElementById('figure').figure.pg.counts().samples), 0, 'the frame starts empty');
    await frame.evaluate((state) => {
      const figure = document.getElementById('figure');
      figure.removeAttribute('empty');
      figure.setAttribute('state', state);
    }, logged.replace(/^#/, ''));
    await frame.waitForFunction(() => document.getElementById('figure').figure?.pg.counts().samples === 10);
    await frame.evaluate(() => document.getElementById('figure').setAttribute('empty', ''));
    await frame.waitForFunction(() => document.getElementById('figure').figure?.pg.counts().samples === 0);
    await frame.close();
    assert.deepEqual([...page.errors, ...lesson.errors, ...withLog.errors, ...odd.errors], []);
    for (const p of [page, lesson, withLog, odd]) await p.close();
  });
}

test('a file the plane standardises says so, and shows and saves the numbers in its own units', async () => {
  // y = 2x + 0.5 on x from 0 to 10: outside the plane's view.
  let text = 'x,y\n';
  for (let i = 0; i <= 40; i++) text += `${i / 4},${2 * (i / 4) + 0.5}\n`;
  const path = join(dir, 'line.csv');
  await writeFile(path, text);
  const context = await site.context({ width: 1280, height: 800, acceptDownloads: true });
  const page = await openPage(context, `${site.url}/#algo=pa&eps=0`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  await page.setInputFiles('#file-input', path);
  await page.waitForFunction(() => window.playground.figures[0].pg.file_name() === 'line.csv' && !window.playground.replaying, null, { timeout: 30000 });
  assert.match(await page.textContent('#file-info'), /learns them standardised, x′ = \(x − 5\)·0\.1\d+, y′ = \(y − 10\.5\)·0\.0\d+/);
  await page.evaluate(() => window.playground.act((pg) => pg.stream(41 * 30)));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const { plane, file, transform } = await page.evaluate(() => {
    const pg = window.playground.figures[0].pg;
    return { plane: Array.from(pg.weights()), file: Array.from(pg.file_weights()), transform: pg.file_transform() };
  });
  // The file's model is the plane's, read back: y = m_y + (w s_x (x − m_x) + b) / s_y.
  const [w, b] = plane;
  const [m, s] = [transform.mean[0], transform.scale[0]];
  const [my, sy] = transform.target;
  assert.ok(Math.abs(file[0] - (w * s) / sy) < 1e-9 && Math.abs(file[1] - (my + (b - w * s * m) / sy)) < 1e-9, JSON.stringify({ plane, file }));
  assert.ok(Math.abs(file[0] - 2) < 0.05 && Math.abs(file[1] - 0.5) < 0.3, `learned y = ${file[0]}x + ${file[1]} in the file's units`);
  assert.match(await page.textContent('#weights'), /in line\.csv's units: f\(x\) = 1\.9\d*·x \+ 0\.\d+|in line\.csv's units: f\(x\) = 2(\.0\d*)?·x/);
  assert.match(await page.textContent('#explain'), /in the file's units\s*x = [\d.]+, y = [\d.]+/);
  // The points saved are the file's.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-points')]);
  const saved = (await (await import('node:fs/promises')).readFile(await download.path(), 'utf8')).trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
  for (const [x, y] of saved) assert.ok(Math.abs(y - (2 * x + 0.5)) < 1e-9 && Math.abs(x * 4 - Math.round(x * 4)) < 1e-9, `${x},${y}`);
  assert.match(await page.textContent('#save-msg'), /in line\.csv's own units/);
  await context.close();
});
