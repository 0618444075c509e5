// Seed 003's batch pocket on the page: chosen from the Linear menu in
// Epochs, the Pocket PLA post's 100 points one click away (the learner
// stays), one try per Step with its proposal drawn (dotted) and the
// mistakes before and after in the explanation, kept or refused; its
// iterations shown for it alone and honoured (the tries stop); Reset runs
// the same search again (the seed), and so does a link; Compare streams it
// and the embed opens it. Desktop and phone.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, useBrowser, openPage, chooseLearner, screenshot, openComparePair } from './harness.mjs';
import { VIEWPORTS, verdict } from './explain-steps.mjs';

before(() => {
  // The command line as it ships (a no-op when it is up to date).
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'onlinelearn'], { cwd: ROOT, stdio: 'inherit' });
});

/** `onlinelearn batch-pocket --train www/data/pocket-pla.csv --seed S --json`'s run. */
function commandLine(seed) {
  const out = execFileSync(join(ROOT, 'target', 'release', 'onlinelearn'), ['batch-pocket', '--train', join(ROOT, 'www', 'data', 'pocket-pla.csv'), '--seed', String(seed), '--json'], { encoding: 'utf8' });
  return JSON.parse(out).runs[0];
}

const browser = useBrowser();
const has = (text, part) => assert.ok(text.includes(part), `${part}\n  not in\n${text}`);
/** The explanation panel's text once it holds `part` (it is drawn on the next frame), or as it is after 5 s. */
async function explanation(page, part) {
  await page.waitForFunction((p) => document.getElementById('explain').textContent.includes(p), part, { timeout: 5000 }).catch(() => {});
  return page.textContent('#explain');
}
const state = (page) => page.evaluate(() => {
  const pg = window.playground.figures[0].pg;
  return { last: pg.last(), model: Array.from(pg.model()), moving: Array.from(pg.moving_model()), counts: pg.counts(), points: pg.points_len() / 3 };
});

/** Clicks Step until the last try was `kept` (true) or refused (false). */
async function stepUntil(page, kept, limit = 100) {
  for (let i = 0; i < limit; i++) {
    await page.click('#step');
    const s = await state(page);
    if (s.last && s.last.branch1 === (kept ? 1 : 2)) {
      await page.waitForFunction((n) => document.getElementById('explain').textContent.includes(`sample ${n}`), s.counts.samples);
      return s;
    }
  }
  throw new Error(`no ${kept ? 'kept' : 'refused'} try in ${limit} steps`);
}

for (const [device, viewport] of VIEWPORTS) {
  test(`${device}: the post's points in Epochs, one try a step, kept and refused, Reset and a learner switch`, async () => {
    const page = await openPage(browser.context, `${browser.server.url}/#algo=pa1&view=epochs&seed=5`);
    if (viewport) await page.setViewportSize(viewport);
    await page.waitForFunction(() => window.playground?.figures?.length > 0);
    assert.match(await page.$eval('#algo option[value="batch-pocket"]', (o) => o.parentElement.label), /Linear/);
    await chooseLearner(page, 'batch-pocket');
    assert.equal(await page.isVisible('#iterations'), true);
    assert.match(await page.getAttribute('#iterations', 'title'), /after this many the search stops/);
    assert.equal(await page.inputValue('#iterations'), '100');
    assert.equal(await page.isVisible('#lr'), false, 'no learning rate: the step is y x');
    await page.click('#load-pocket');
    await page.waitForFunction(() => window.playground.figures[0].pg.points_len() === 300 && window.playground.figures[0].pg.counts().samples === 0);
    assert.equal(await page.evaluate(() => window.playground.figures[0].pg.algorithm()), 'batch-pocket', 'the button keeps the batch pocket');

    const kept = await stepUntil(page, true);
    const text = await page.textContent('#explain');
    has(text, `t = ${kept.last.tries},  T = 100,  n = 100`);
    has(text, `M(w) = ${kept.last.kept},  M(w + y x) = ${kept.last.proposed}`);
    assert.ok(kept.last.proposed < kept.last.kept && kept.last.mistake);
    has(await verdict(page), `so w + y x is kept`);
    assert.deepEqual(kept.moving, kept.model, 'a kept proposal is the new w');
    // The ring is on the point tried, one of the plane's points.
    const onPlane = await page.evaluate(({ x, y, label }) => {
      const p = Array.from(window.playground.points());
      return p.some((v, i) => i % 3 === 0 && v === x && p[i + 1] === y && p[i + 2] === label);
    }, kept.last);
    assert.ok(onPlane, 'the sample explained is a point of the plane');
    await screenshot(page, `batch-pocket-kept-${device}`);

    const refused = await stepUntil(page, false);
    has(await verdict(page), `no fewer than w's ${refused.last.kept}, so it is refused and w stays`);
    assert.notDeepEqual(refused.moving, refused.model, 'the refused proposal is drawn apart (dotted)');
    assert.equal(await page.evaluate(() => document.body.dataset.moving), 'true');
    await screenshot(page, `batch-pocket-refused-${device}`);

    // Reset: the same random start and the same draws (the seed).
    const first = await page.evaluate(() => window.playground.figures[0].pg.counts().samples);
    const models = [];
    await page.click('#reset');
    for (let i = 0; i < first; i++) {
      await page.click('#step');
      models.push((await state(page)).model);
    }
    assert.deepEqual(models.at(-1), refused.model, 'after Reset the run repeats');
    has(await explanation(page, `t = ${refused.last.tries},  T = 100`), `t = ${refused.last.tries},  T = 100`);

    // Its iterations, honoured: three tries, then it stops.
    await page.fill('#iterations', '3');
    await page.press('#iterations', 'Enter');
    await page.click('#reset');
    for (let i = 0; i < 6; i++) await page.click('#step');
    const done = await state(page);
    assert.equal(done.last.branch1, 4);
    has(await verdict(page), 'its 3 tries are done');
    await screenshot(page, `batch-pocket-done-${device}`);

    // A link replays the run.
    const hash = await page.evaluate(() => { window.playground.writeHash(); return location.hash; });
    const copy = await openPage(browser.context, `${browser.server.url}/${hash}`);
    await copy.waitForFunction(() => window.playground?.figures?.[0]?.pg.algorithm() === 'batch-pocket' && !window.playground.replaying);
    assert.deepEqual((await state(copy)).model, done.model);
    await copy.close();

    // Another learner hides iterations; back again, it is there.
    await chooseLearner(page, 'pocket');
    assert.equal(await page.isVisible('#iterations'), false);
    await chooseLearner(page, 'batch-pocket');
    assert.equal(await page.isVisible('#iterations'), true);
    await page.click('#reset');
    await page.click('#step');
    has(await explanation(page, 't = 1,  T = 3'), 't = 1,  T = 3');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('on the post\'s points the page\'s search is onlinelearn batch-pocket\'s, draw for draw, standardised as the post and saying so', async () => {
  const misclassified = [];
  for (const seed of [1, 2, 3, 42, 7]) {
    const page = await openPage(browser.context, `${browser.server.url}/#algo=batch-pocket&view=epochs&seed=${seed}`);
    await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
    await page.click('#load-pocket');
    await page.waitForFunction(() => window.playground.figures[0].pg.points_len() === 300 && window.playground.figures[0].pg.counts().samples === 0);
    // The teacher's walk: Reset, then 100 Steps (clicked for the first seed).
    await page.click('#reset');
    if (seed === 1) for (let i = 0; i < 100; i++) await page.click('#step');
    else await page.evaluate(() => window.playground.act((pg) => pg.epochs(100)));
    const s = await page.evaluate(() => {
      const pg = window.playground.figures[0].pg;
      return { units: pg.batch_units(), last: pg.last(), counts: pg.counts() };
    });
    assert.equal(s.counts.samples, 100);
    const cli = commandLine(seed);
    // The same search: the same misclassified points, the same w in the
    // post's standardised units (to rounding: the page's points are the
    // post's shifted and scaled, then standardised).
    // M(w) after the last try: the proposal's count if it was kept.
    const after = s.last.branch1 === 1 ? s.last.proposed : s.last.kept;
    assert.equal(after, cli.mistakes, `seed ${seed}: misclassified`);
    assert.equal(s.last.tries, cli.steps, `seed ${seed}: tries`);
    const want = [...cli.weights, cli.bias];
    s.units.model.forEach((w, k) => assert.ok(Math.abs(w - want[k]) <= 1e-9 * Math.max(1, Math.abs(want[k])), `seed ${seed}: w′ ${s.units.model} against ${want}`));
    misclassified.push(after);
    // Saying so: the standardisation and the numbers in the post's units.
    await page.waitForFunction(() => document.getElementById('explain').textContent.includes('standardised as the post does'));
    const explain = await page.textContent('#explain');
    assert.match(explain, /standardised as the post doesx′ = \(x \+ 0\.09\d+\)\/0\.46\d+, y′ = \(y [−+] 0\.\d+\)\/0\.57\d+:  x′ = \(/);
    assert.ok(!/− −/.test(explain), 'no double minus');
    assert.match(await page.textContent('#weights'), /standardised as the post does: w′ = \(−?[\d.]+, −?[\d.]+\)   b′ = −?[\d.]+/);
    if (seed === 1) await screenshot(page, 'batch-pocket-post-standardised');
    assert.deepEqual(page.errors, []);
    await page.close();
  }
  misclassified.sort((a, b) => a - b);
  assert.ok(misclassified[2] <= 15, `median misclassified ${misclassified}`);

  // On a phone, in Japanese: the same numbers, said in the reader's language.
  const page = await openPage(browser.context, `${browser.server.url}/#algo=batch-pocket&view=epochs&seed=3&lang=ja`);
  await page.setViewportSize(VIEWPORTS[1][1]);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  await page.click('#load-pocket');
  await page.waitForFunction(() => window.playground.figures[0].pg.points_len() === 300 && window.playground.figures[0].pg.counts().samples === 0);
  await page.evaluate(() => window.playground.act((pg) => pg.epochs(100)));
  await page.waitForFunction(() => document.getElementById('weights').textContent.includes('記事と同じく標準化：w′ = ('));
  const model = await page.evaluate(() => window.playground.figures[0].pg.batch_units().model);
  const cli = commandLine(3);
  model.forEach((w, k) => assert.ok(Math.abs(w - [...cli.weights, cli.bias][k]) <= 1e-9 * Math.max(1, Math.abs(w))));
  assert.match(await page.textContent('#explain'), /記事と同じく標準化x′ = \(x \+ 0[.,]09/);
  await screenshot(page, 'batch-pocket-post-standardised-ja-phone');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Compare streams the batch pocket beside PA-I, and the embed opens it', async () => {
  const page = await openComparePair(browser, 'algo=batch-pocket&view=compare&algos=batch-pocket,pa1&preset=overlapping&seed=2', 300);
  const counts = await page.evaluate(() => window.playground.figures.map((f) => [f.pg.algorithm(), f.pg.counts().samples, f.pg.model().length]));
  assert.deepEqual(counts, [['batch-pocket', 300, 3], ['pa1', 300, 3]]);
  assert.equal(await page.isVisible('#iterations'), true);
  await page.waitForTimeout(100);
  await screenshot(page, 'batch-pocket-compare');
  assert.deepEqual(page.errors, []);
  await page.close();

  const embed = await openPage(browser.context, `${browser.server.url}/embed.html#algo=batch-pocket&view=epochs&controls=play,step&explain=1`);
  await embed.waitForFunction(() => document.getElementById('figure')?.figure?.pg.algorithm() === 'batch-pocket');
  assert.deepEqual(embed.errors, []);
  await embed.close();
});
