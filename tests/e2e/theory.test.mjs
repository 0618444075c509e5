// The Theory layer (issue 21) in real Chromium, on a desktop and a touch
// phone: it loads on first use (never at the first load), draws the
// comparators on the plane and hides each, follows a click, a Reset and a
// learner switch, survives Compare and a link, explains what it does not
// cover, and works in the <online-learner> element. The screenshots go to
// target/e2e-screenshots/theory-*.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, clickPlane, inked } from './harness.mjs';
import { DEVICES, useDevices } from './devices.mjs';

const site = useDevices();

/** A page of `device` at `hash`, ready, recording the wasm modules it fetched and its errors. */
const open = (device, hash = '') => site.open(device, hash, {
  keepStorage: true,
  watch: (page) => {
    page.modules = [];
    page.on('request', (r) => { if (r.url().endsWith('.wasm')) page.modules.push(r.url().split('/').pop()); });
  },
});

/** Waits for the layer's panel to show a report over at least `rounds` rounds (every figure). */
const reportAt = (page, rounds) => page.waitForFunction((n) => {
  const app = window.playground;
  return app.theory && !app.replaying && app.figures.every((f) => f.theory?.report?.rounds >= n);
}, rounds);

/** The figures' theory as the panel read it. */
const theories = (page) => page.evaluate(() => window.playground.figures.map((f) => ({ ...f.theory, lines: f.decors.theory?.lines })));

const frames = (page, n = 3) => page.evaluate((k) => new Promise((resolve) => {
  const step = (left) => (left ? requestAnimationFrame(() => step(left - 1)) : resolve());
  step(k);
}), n);

const GREEN = [27, 127, 59]; // u*
const MAGENTA = [194, 24, 91]; // the line with the fewest mistakes

test('the first load holds none of it: the Theory button loads the full module and the layer, and Off forgets them in the link', async () => {
  const page = await open('desktop', 'algo=perceptron&preset=separable');
  assert.deepEqual(page.modules, ['onlinelearn_bg.wasm'], 'the first load');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(150)));
  await page.click('#theory');
  await reportAt(page, 150);
  assert.ok(page.modules.includes('onlinelearn_full_bg.wasm'), page.modules.join());
  assert.equal(await page.getAttribute('#theory', 'aria-pressed'), 'true');
  assert.match(await page.evaluate(() => location.hash), /theory=1/);
  const [t] = await theories(page);
  // The session was learned again with the layer watching: every round is covered.
  assert.equal(t.report.rounds, 150);
  assert.equal(t.report.settled, 'separable');
  const novikoff = t.report.bounds.find((b) => b.name === 'novikoff');
  assert.ok(novikoff.value >= novikoff.actual && novikoff.actual > 0, JSON.stringify(novikoff));
  assert.match(await page.locator('#theory-place').innerText(), /≤[\s\S]*Novikoff \(1962\)/);
  await frames(page);
  assert.ok(await inked(page, GREEN) > 50, 'u* is drawn');
  await screenshot(page, 'theory-desktop-on');
  await page.click('#theory');
  await frames(page);
  assert.equal(await page.locator('#theory-place').isHidden(), true);
  assert.doesNotMatch(await page.evaluate(() => location.hash), /theory/);
  assert.equal(await page.evaluate(() => window.playground.figures[0].pg.theory()), null);
  assert.ok(await inked(page, GREEN) < 10, 'the lines went with the layer');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the panel is never seen unstyled: transparent while its sheet is on its way, styled in its first frame when built again', async () => {
  const page = await open('desktop', 'algo=pa&preset=separable');
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/theory.css*', async (route) => { await held; await route.continue(); });
  const look = () => page.evaluate(() => {
    const style = getComputedStyle(document.querySelector('#theory-place .theory'));
    return { opacity: style.opacity, border: style.borderTopStyle };
  });
  await page.click('#theory');
  await page.waitForFunction(() => document.querySelector('#theory-place .theory'));
  assert.equal((await look()).opacity, '0', 'unseen while theory.css is held');
  release();
  await page.waitForFunction(() => getComputedStyle(document.querySelector('#theory-place .theory')).opacity === '1');
  assert.equal((await look()).border, 'solid', 'styled once it arrives');
  // A language switch builds the panel again: as the frame it first shows in sees it.
  const first = page.evaluate(() => new Promise((resolve) => {
    const place = document.getElementById('theory-place');
    const seen = new MutationObserver(() => {
      const panel = place.querySelector('.theory');
      if (!panel) return;
      seen.disconnect();
      requestAnimationFrame(() => {
        const style = getComputedStyle(panel);
        resolve({ opacity: style.opacity, border: style.borderTopStyle });
      });
    });
    seen.observe(place, { childList: true });
  }));
  await page.selectOption('#lang', 'it');
  assert.deepEqual(await first, { opacity: '1', border: 'solid' });
  assert.deepEqual(page.errors, []);
  await page.close();
});

for (const device of Object.keys(DEVICES)) {
  test(`${device}: a link opens the layer; each line hides; a click, Reset and a switch are followed`, async () => {
    const page = await open(device, 'algo=pa1&preset=xor&seed=3&theory=1');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(40)));
    await reportAt(page, 40);
    await frames(page);
    let [t] = await theories(page);
    // XOR: not separable, and the best line errs on about a quarter.
    assert.equal(t.report.settled, 'not-separable');
    assert.equal(t.report.margin, null);
    assert.ok(t.report.zero_one_best.mistakes > 0);
    assert.ok(t.lines.best && t.lines.hinge && !t.lines.hard, JSON.stringify(t.lines));
    assert.ok(await inked(page, MAGENTA) > 30, 'the fewest-mistakes line is drawn');
    // Each comparator can be hidden (the switches list only the lines this learner has).
    const toggles = page.locator('.theory-toggle:not([hidden])');
    assert.deepEqual((await toggles.allTextContents()).length, 2);
    await page.locator('.theory-toggle.best input').uncheck();
    await frames(page);
    assert.ok(await inked(page, MAGENTA) < 10, 'hidden');
    await page.locator('.theory-toggle.best input').check();
    // A click is a round: the report follows it.
    await clickPlane(page, 0.2, 0.2);
    await reportAt(page, 41);
    // A mid-stream switch goes on from the weights: the bounds say so until Reset.
    await page.selectOption('#algo', 'pa');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(5)));
    await page.waitForFunction(() => window.playground.figures[0].theory?.warm_from === 41);
    assert.match(await page.locator('#theory-place').innerText(), /Press Reset/);
    [t] = await theories(page);
    assert.ok(t.report.bounds.every((b) => b.value === null), 'no bound after a warm start');
    await page.click('#reset');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(12)));
    await page.waitForFunction(() => window.playground.figures[0].theory?.report?.rounds === 12 && window.playground.figures[0].theory.warm_from == null);
    await frames(page);
    await screenshot(page, `theory-${device}-xor`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('Compare: a block, lines and chart curves per panel, kept through a reload of the link', async () => {
  const page = await open('desktop', 'algo=pa&preset=noisy-labels&view=compare&algos=pa,pa1,pa2&theory=1');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(300)));
  await reportAt(page, 300);
  await frames(page);
  const ts = await theories(page);
  assert.equal(ts.length, 3);
  assert.deepEqual(ts.map((t) => t.report.rounds), [300, 300, 300]);
  // The same samples: the same hinge minimiser for PA and PA-I at C = 1 (PA's C is 1).
  assert.ok(ts[2].report.squared_hinge_best, 'PA-II has its squared-hinge comparator');
  assert.equal(await page.locator('.theory-block').count(), 3);
  for (let k = 0; k < 3; k++) assert.ok(await inked(page, MAGENTA, k) > 20, `panel ${k}`);
  const lines = await page.evaluate(() => [window.playground.theory.regretChart.count('0:hinge'), window.playground.theory.boundChart.count('2:actual')]);
  assert.ok(lines.every((n) => n > 50), JSON.stringify(lines));
  await screenshot(page, 'theory-compare');
  // The link keeps the layer: a reload opens it again, on every panel.
  await page.evaluate(() => window.playground.writeHash());
  await page.reload();
  await page.waitForFunction(() => window.playground?.figures?.length === 3 && !window.playground.replaying);
  await reportAt(page, 300);
  assert.equal(await page.getAttribute('#theory', 'aria-pressed'), 'true');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Epochs and bad input: a point seen again is the same sample; one class, one place or none explained, never NaN', async () => {
  const page = await open('desktop', 'algo=perceptron&preset=separable&view=epochs&theory=1');
  await page.waitForFunction(() => window.playground.theory);
  assert.match(await page.locator('#theory-place').innerText(), /Add points or press Play/);
  // Two points of one class at one place: one class only, and all points identical.
  await clickPlane(page, 0.3, 0.3);
  await clickPlane(page, 0.3, 0.3);
  await page.waitForFunction(() => window.playground.figures[0].theory?.report?.rounds === 2);
  let text = await page.locator('#theory-place').innerText();
  assert.doesNotMatch(text, /NaN|Infinity|undefined/, text);
  await page.keyboard.press('2'); // class −1
  await clickPlane(page, 0.7, 0.7);
  await page.evaluate(() => window.playground.act((pg) => pg.epochs(30)));
  await page.waitForFunction(() => window.playground.figures[0].theory?.report?.rounds === 33);
  const [t] = await theories(page);
  // Three clicks, but two at one place with one label: two samples, one weighing two rounds per pass.
  assert.equal(t.report.samples, 2);
  text = await page.locator('#theory-place').innerText();
  assert.doesNotMatch(text, /NaN|Infinity|undefined/, text);
  await page.click('#clear');
  await page.waitForFunction(() => window.playground.figures[0].theory?.report?.rounds === 0);
  assert.match(await page.locator('#theory-place').innerText(), /Add points or press Play/);
  await screenshot(page, 'theory-epochs');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('what it does not cover is said, in the language shown: three classes, a regression', async () => {
  const page = await open('desktop', 'algo=pa1&preset=three-classes&classes=3&theory=1&lang=it');
  await page.waitForFunction(() => window.playground.figures[0].theory?.why_code === 'classes');
  const text = await page.locator('#theory-place').innerText();
  assert.match(text, /due classi/);
  assert.doesNotMatch(text, /The Theory layer covers/, 'translated');
  for (const [hash, code] of [['algo=pa1&preset=regression-1d&view=regress&theory=1', 'regression'], ['algo=pa1&preset=three-classes&classes=3&theory=1', 'classes']]) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForFunction((c) => window.playground.figures[0]?.theory?.why_code === c && !window.playground.replaying, code);
  }
  assert.equal(await page.evaluate(() => Number.isNaN(Number(document.querySelector('#theory-place').innerText.length))), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the <online-learner> element: a theory attribute, and controls=theory to switch it, the session going on', async () => {
  const page = await site.openEmbed('algo=perceptron&preset=separable&controls=play,step,theory');
  const figure = page.locator('#figure');
  const samples = () => page.evaluate(() => document.getElementById('figure').figure.pg.counts().samples);
  for (let i = 0; i < 3; i++) await figure.locator('button', { hasText: 'Step' }).click();
  // Turned on mid-session, the layer learns the same session again (it was thrown away).
  await figure.locator('button', { hasText: 'Theory' }).click();
  await page.waitForFunction(() => document.getElementById('figure').figure?.theory?.report);
  assert.equal(await samples(), 3, 'what was learned before Theory');
  for (let i = 0; i < 2; i++) await figure.locator('button', { hasText: 'Step' }).click();
  await page.waitForFunction(() => document.getElementById('figure').figure.theory?.report?.rounds === 5);
  assert.match(await figure.locator('.theory').innerText(), /Novikoff \(1962\)/);
  assert.equal(await figure.locator('button', { hasText: 'Theory' }).getAttribute('aria-pressed'), 'true');
  await page.screenshot({ path: `${process.cwd()}/target/e2e-screenshots/theory-embed.png`, fullPage: true });
  await figure.locator('button', { hasText: 'Theory' }).click();
  await page.waitForFunction(() => !document.getElementById('figure').theory && document.getElementById('figure').figure);
  assert.equal(await figure.locator('.theory').count(), 0);
  assert.equal(await samples(), 5, 'and kept when it goes');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Issue 34, item 5: every learner on two classes gets the comparators and
// the regret; a learner without a transcribed bound says exactly why; the
// selective perceptron has the perceptron's bounds as our corollary.
test('every learner on two classes: Winnow, ALMA, Pegasos and a kernel learner say why they have no bound; the selective perceptron has its corollaries', async () => {
  const page = await open('desktop', 'algo=winnow&preset=separable&theory=1');
  const expected = { winnow: /Littlestone/, alma: /Gentile/, pegasos: /Shalev-Shwartz/, 'kernel-perceptron': /kernel's space/ };
  for (const [algo, why] of Object.entries(expected)) {
    if (algo !== 'winnow') await page.evaluate((a) => { location.hash = `algo=${a}&preset=separable&theory=1`; }, algo);
    await page.waitForFunction((a) => window.playground.figures[0]?.pg.algorithm() === a && !window.playground.replaying, algo);
    await page.evaluate(() => window.playground.act((pg) => pg.stream(80)));
    // Covered (a report), or not (a reason): either ends the wait.
    await page.waitForFunction(() => window.playground.figures[0].theory?.why_code || window.playground.figures[0].theory?.report?.rounds >= 80);
    const [t] = await theories(page);
    assert.equal(t.why_code, null, `${algo}: covered, not "${t.why_not}"`);
    assert.ok(Number.isFinite(t.report.regret.hinge), algo);
    assert.ok(t.report.hinge_best.u.length === 3 && t.lines.hinge, `${algo}: the hinge minimiser drawn`);
    assert.equal(t.report.bounds.length, 1, algo);
    assert.match(t.report.bounds[0].name, /no-bound$/);
    const text = await page.locator('#theory-place').innerText();
    assert.doesNotMatch(text, /covers two-class classification/, `${algo}: no false reason`);
    // The statement (inside its closed <details>) says why.
    assert.match(await page.locator('.theory-bounds').first().textContent(), why, algo);
  }
  await page.evaluate(() => { location.hash = 'algo=selective-perceptron&preset=separable&theory=1'; });
  await page.waitForFunction(() => window.playground.figures[0]?.pg.algorithm() === 'selective-perceptron' && !window.playground.replaying);
  await page.evaluate(() => window.playground.act((pg) => pg.stream(200)));
  await reportAt(page, 200);
  const [t] = await theories(page);
  const [novikoff, freund] = t.report.bounds;
  assert.equal(novikoff.name, 'novikoff-asked-rounds');
  assert.ok(freund.value >= freund.actual, JSON.stringify(freund));
  await screenshot(page, 'theory-selective');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Issue 34, item 6: the panel follows a language switch, and names each
// bound as a reader cites it (never its id), in the panel and the chart's menu.
for (const device of Object.keys(DEVICES)) {
  test(`${device}: the panel follows a language switch; bounds are named as cited, in every language`, async () => {
    const page = await open(device, 'algo=pa&preset=separable&theory=1');
    await page.evaluate(() => window.playground.act((pg) => pg.stream(60)));
    await reportAt(page, 60);
    const words = {
      ja: ['理論：どれだけうまく学べるか、そしてなぜか', '上界と実際の値', 'リグレット', 'Crammer et al. 2006、定理 2'],
      'zh-CN': [null, null, null, 'Crammer et al. 2006，定理 2'],
      it: [null, null, null, 'Crammer et al. 2006, Teorema 2'],
    };
    for (const [tag, [heading, bound, regret, title]] of Object.entries(words)) {
      await page.selectOption('#lang', tag);
      await page.waitForFunction((l) => document.documentElement.lang === l && !window.playground.replaying && window.playground.theory, tag);
      await reportAt(page, 60);
      await frames(page, 10);
      const text = await page.locator('#theory-place').innerText();
      // The headings are in the language shown (Italian's "Regret" is English's), no bound by its id.
      for (const english of ['THEORY: HOW WELL, AND WHY', 'Theory: how well, and why', 'Bound and count']) {
        assert.ok(!text.split('\n').some((line) => line.trim() === english), `${tag}: "${english}" in ${text}`);
      }
      assert.doesNotMatch(text, /pa-theorem|pa-i-theorem/);
      if (heading) assert.match(text, new RegExp(heading));
      if (bound) assert.match(text, new RegExp(bound));
      if (regret) assert.match(text, new RegExp(regret));
      assert.ok(text.includes(title), `${tag}: ${title} in ${text}`);
      assert.ok(!text.includes(`${title} (${title})`), `${tag}: the source said once, not again after its own title`);
      const menu = await page.locator('.theory select option').allTextContents();
      assert.ok(menu.length === 3 && menu.every((o) => !/^pa-/.test(o)) && menu[0] === title, JSON.stringify(menu));
    }
    await screenshot(page, `theory-${device}-italian`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

// Issue 34, item 13: Compare shows the data's facts once, and per panel
// only what belongs to its learner; one fewest-mistakes search serves all.
test('Compare: the data once, a short block per learner, one search for all panels, and the kernel learners\' line said once', async () => {
  const page = await open('desktop', 'algo=pa&preset=overlapping&view=compare&algos=pa,pa1,pa2,perceptron,winnow&theory=1');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(600)));
  await page.waitForFunction(() => window.playground.figures.every((f) => f.theory?.why_code || (f.theory?.report?.zero_one_best?.at_rounds === 600 && f.theory.report.rounds === 600 && !f.theory.solving && !f.theory.search)), null, { timeout: 60000 });
  const place = page.locator('#theory-place');
  const text = await place.innerText();
  assert.equal(await page.locator('.theory-data').count(), 1);
  assert.equal(text.match(/R = max/g).length, 1, 'R once');
  assert.equal(text.match(/separable\?/g).length, 1, 'separability once');
  assert.equal(text.match(/^fewest mistakes$/gm).length, 1, 'the fewest-mistakes line once');
  assert.equal(await page.locator('.theory-block').count(), 5);
  assert.equal(await page.locator('.theory-block .theory-facts dt', { hasText: 'hinge-loss regret' }).count(), 5);
  assert.equal(text.match(/minus the hinge-loss minimiser's/g).length, 1, 'what the regret is, once');
  // One search: every panel's 0-1 regret is against the same line, and it was found once.
  const [ts, height] = await Promise.all([theories(page), place.evaluate((e) => e.getBoundingClientRect().height)]);
  assert.equal(new Set(ts.map((t) => JSON.stringify(t.report.zero_one_best))).size, 1);
  await screenshot(page, 'theory-compare-five');
  assert.ok(height < 2600, `the panel is ${height} px tall`);
  // Eight kernel learners: the reason they have no bound is said once, the others point to it.
  await page.evaluate(() => { location.hash = 'algo=kernel-perceptron&preset=circles&view=compare&algos=kernel-perceptron,kernel-pa1,kernel-pa2,projectron,forgetron,stoptron,bogd,silk&theory=1'; });
  await page.waitForFunction(() => window.playground.figures.length === 8 && !window.playground.replaying, null, { timeout: 60000 });
  await page.evaluate(() => window.playground.act((pg) => pg.stream(40)));
  await reportAt(page, 40);
  await frames(page);
  const kernels = await place.innerText();
  // (each kernel learner's own feature space, below its block, is tests/e2e/theory-kernel.test.mjs's)
  assert.equal(await page.locator('.theory-block > .theory-bounds details').count(), 1, 'one statement');
  assert.equal(kernels.match(/as for Kernel perceptron above/g)?.length, 7, kernels);
  assert.doesNotMatch(kernels, /covers the linear learners/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Issue 34, item 6: the explanation's source was shown as written (English).
test("the explanation names a learner's source in the language shown: Lao Ma's post in Japanese", async () => {
  const page = await open('desktop', 'algo=batch-pocket&preset=separable&lang=ja');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(10)));
  await page.waitForFunction(() => document.querySelector('#explain')?.innerText.includes('出典'));
  const text = await page.locator('#explain').innerText();
  assert.doesNotMatch(text, /the Pocket PLA post/);
  assert.match(text, /老馬 2019/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
