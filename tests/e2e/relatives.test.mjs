// The perceptron's relatives on the page: in the Linear menu, their code
// fetched with the full module when one is chosen (never before), a
// stream learned and one update explained with its numbers for each, their
// settings' help (which the first module leaves out) shown once the full
// module is in, a link replayed to the same weights (and, for the selective
// perceptron, the same labels asked), Compare, and Japanese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, chooseLearner, screenshot } from './harness.mjs';
import { assertComparedTogether, assertLinkReplays, has, modules, openPlayground, opener, stepUntil, verdict } from './explain-steps.mjs';

const browser = useBrowser();
const open = opener(browser);

test('the Ballseptron, chosen from the menu, arrives with the full module, streams, and explains a ball update', async () => {
  const page = await openPlayground(browser, 'algo=pa1&preset=overlapping&seed=3');
  for (const name of ['ballseptron', 'paum', 'shifting-perceptron', 'pegasos', 'winnow', 'selective-perceptron']) {
    assert.match(await page.$eval(`#algo option[value="${name}"]`, (o) => o.parentElement.label), /Linear/, name);
  }
  assert.deepEqual(await modules(page), ['/pkg/onlinelearn_bg.wasm'], 'the first load holds none of their code');
  await chooseLearner(page, 'ballseptron');
  assert.ok((await modules(page)).includes('/pkg/onlinelearn_full_bg.wasm'));
  assert.equal(await page.isVisible('#ballseptron-r'), true);
  assert.match(await page.getAttribute('#ballseptron-r', 'title'), /ball of radius r around it reaches the boundary/);
  assert.equal(await page.isVisible('#lr'), false, 'the learning rate is not the Ballseptron\'s');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(100)));
  const { last, text, n } = await stepUntil(page, (l) => l.aggressive && l.branch1 === 2);
  assert.ok(last.dist > 0 && last.dist <= 0.1 && !last.mistake);
  has(text, `y w·x/‖w‖ = ${n.dist};  r = 0.1`);
  has(text, 'w ← w + y·x on a mistake;  w ← (1 − r/‖w‖)·w + y·x inside the ball');
  has(text, 'Shalev-Shwartz & Singer 2005');
  has(await verdict(page), `Aggressive: y w·x/‖w‖ = ${n.dist} ≤ r = 0.1: the ball around x reaches the boundary, so w ← w + y x̂ = (1 − r/‖w‖) w + y x with ‖w‖ = ${n.norm}; the margin went from ${n.margin} to ${n.reached}`);
  await screenshot(page, 'relatives-ballseptron');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('PAUM and the shifting perceptron, by link, explain their updates with their numbers', async () => {
  const paum = await open('algo=paum&paum-tau-plus=2&paum-tau-minus=0.5&preset=noisy-labels&seed=4', null, 'paum');
  assert.equal(await paum.inputValue('#paum-tau-plus'), '2');
  const p = await stepUntil(paum, (l) => l.branch1 === 1 && l.tauy === 0.5);
  has(p.text, `τ_y = 0.5;  R² = ${p.n.rsq}`);
  has(p.text, 'w ← w + η·y·x,  b ← b + η·y·R²');
  has(await verdict(paum), `Aggressive: y f = ${p.n.margin} ≤ τ_y = 0.5: w moved by η = 1 along y x and b by η y R² (R² = ${p.n.rsq})`);
  assert.deepEqual(paum.errors, []);
  await paum.close();
  const shifting = await open('algo=shifting-perceptron&shifting-lambda=2&preset=drift&seed=4', null, 'shifting-perceptron');
  const s = await stepUntil(shifting, (l) => l.aggressive && l.k >= 3);
  has(s.text, `λₖ = λ/(λ + k) = 2/(2 + ${s.n.k}) = ${s.n.lamk}`);
  has(await verdict(shifting), `Aggressive: y w·x = ${s.n.margin} ≤ 0, mistake number k + 1 = ${s.n.next}: w shrank by 1 − λₖ = ${s.n.keep} and moved by y x`);
  assert.deepEqual(shifting.errors, []);
  await shifting.close();
});

test('a link to Pegasos replays to the same weights, and its projection is told', async () => {
  const page = await open('algo=pegasos&pegasos-lambda=0.5&preset=overlapping&seed=6', null, 'pegasos');
  const { text, n } = await stepUntil(page, (l) => l.branch1 === 1 && l.branch2 === 3);
  has(text, `ηₜ = 1/(λt) = 1/(0.5·${n.t}) = ${n.etat};  1/√λ = ${n.bound}`);
  has(await verdict(page), `‖w‖ = ${n.norm} > 1/√λ = ${n.bound}: w was scaled back onto the ball of radius 1/√λ`);
  await assertLinkReplays(page, open, 'pegasos');
});

test('in Japanese, Pegasos\'s update line, verdict and help come from the full module\'s catalogue', async () => {
  const page = await open('lang=ja&algo=pegasos&preset=noisy-labels&seed=2', null, 'pegasos');
  await page.waitForFunction(() => document.documentElement.lang === 'ja');
  // stepUntil waits for the English title; here the panel's verdict names the update's step.
  const last = await page.evaluate(() => {
    for (let i = 0; i < 3000; i++) {
      window.playground.step();
      const l = window.playground.figures[0].pg.last();
      if (l.branch1 === 1 && l.t > 5) return l;
    }
    return {};
  });
  const n = await page.evaluate(async (v) => {
    const { num } = await import('/js/format.js');
    return { tau: num(v.tau), margin: num(v.margin) };
  }, last);
  await page.waitForFunction((t) => document.querySelector('#explain .verdict')?.textContent.includes(t), `ηₜ = ${n.tau} だけ動きました`);
  has(await page.textContent('#explain'), 'w ← (1 − 1/t)·w + ηₜ·y·x（y w·x < 1 のとき）、その後 w ← w·min(1, (1/√λ)/‖w‖)');
  has(await verdict(page), `y w·x = ${n.margin} < 1：w は 1 − 1/t 倍に縮み`);
  assert.match(await page.getAttribute('#pegasos-lambda', 'title'), /Pegasos は ηₜ = 1\/\(λt\) で進み/);
  await screenshot(page, 'relatives-pegasos-ja');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('balanced Winnow, chosen from the menu, streams and explains a multiplicative update', async () => {
  const page = await openPlayground(browser, 'algo=pa1&preset=overlapping&seed=5');
  await chooseLearner(page, 'winnow');
  assert.equal(await page.isVisible('#winnow-alpha'), true);
  assert.equal(await page.isVisible('#winnow-theta'), true);
  assert.match(await page.getAttribute('#winnow-alpha', 'title'), /multiplies each w⁺ᵢ by α\^\(y xᵢ\/R\)/);
  await page.evaluate(() => window.playground.act((pg) => pg.stream(50)));
  const { last, text, n } = await stepUntil(page, (l) => l.aggressive && l.branch1 === 1);
  assert.ok(last.mistake || last.margin === 0, 'Winnow updates on y f ≤ 0 only');
  assert.ok(last.reach >= 1 && last.factor > 1 && last.factor <= 2, JSON.stringify(last));
  has(text, `R = ${n.reach};  α = 2,  θ = 0;  the largest factor α^(max|xᵢ|/R) = ${n.factor}`);
  has(text, 'w⁺ᵢ ← w⁺ᵢ·α^(y·xᵢ/R),  w⁻ᵢ ← w⁻ᵢ·α^(−y·xᵢ/R)');
  has(text, 'Littlestone 1988; the balanced form, Littlestone 1989');
  has(await verdict(page), `Aggressive: y f = ${n.margin} ≤ 0, a mistake: each w⁺ᵢ was multiplied by α^(y xᵢ/R) and each w⁻ᵢ divided by it (R = ${n.reach}, the largest factor ${n.factor}); the margin went from ${n.margin} to ${n.reached}`);
  await screenshot(page, 'relatives-winnow');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the selective perceptron, by link, tells an unasked label and an asked mistake, counts the labels asked, and its link replays them', async () => {
  const page = await open('algo=selective-perceptron&selective-b=0.5&preset=noisy-labels&seed=4', null, 'selective-perceptron');
  assert.equal(await page.inputValue('#selective-b'), '0.5');
  assert.match(await page.getAttribute('#selective-b', 'title'), /probability b\/\(b \+ \|w·x\|\)/);
  const skipped = await stepUntil(page, (l) => l.branch1 === 3);
  assert.ok(skipped.last.draw >= skipped.last.ask && !skipped.last.aggressive);
  has(skipped.text, `p = b/(b + |w·x|) = 0.5/(0.5 + ${skipped.n.absf}) = ${skipped.n.ask};  u = ${skipped.n.draw}`);
  has(await verdict(page), `Passive: the label was not asked (u = ${skipped.n.draw} ≥ p = ${skipped.n.ask}; ${skipped.n.asked} labels asked so far): the learner never sees y, so nothing changes.`);
  const asked = await stepUntil(page, (l) => l.branch1 === 1);
  assert.ok(asked.last.aggressive && asked.last.asked > skipped.last.asked);
  has(await verdict(page), `Aggressive: the label was asked (u = ${asked.n.draw} < p = ${asked.n.ask}; ${asked.n.asked} labels asked so far) and y w·x = ${asked.n.margin} ≤ 0, a mistake: w ← w + y x`);
  has(asked.text, 'Cesa-Bianchi, Gentile & Zaniboni 2006');
  await screenshot(page, 'relatives-selective');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(150)));
  await page.waitForFunction(() => !window.playground.replaying);
  const seen = () => {
    const pg = window.playground.figures[0].pg;
    return { hash: location.hash, model: Array.from(pg.model()), asked: pg.last()?.asked, samples: pg.counts().samples };
  };
  const shown = await page.evaluate(seen);
  assert.ok(shown.asked > 0 && shown.asked < shown.samples, JSON.stringify(shown));
  // The line under the plane counts them too, and says what the pale points are.
  await page.waitForFunction((n) => document.getElementById('status').textContent.includes(`${n} labels asked (pale points: not asked)`), shown.asked);
  // The plane marks each point whose label was not asked: a flag per point,
  // as many as the samples not asked (every sample is still on the plane).
  const flags = await page.evaluate(() => {
    const pg = window.playground.figures[0].pg;
    return { points: pg.points_len() / 3, flagged: pg.unseen_len() };
  });
  const unasked = await page.evaluate(async () => {
    const { u8View } = await import('./js/wasm.js');
    const pg = window.playground.figures[0].pg;
    return u8View(pg, pg.unseen_ptr(), pg.unseen_len()).reduce((sum, f) => sum + f, 0);
  });
  assert.equal(flags.flagged, flags.points);
  assert.equal(unasked, shown.samples - shown.asked, 'a pale point per label not asked');
  await screenshot(page, 'relatives-selective-pale');
  const copy = await open(shown.hash.slice(1), null, 'selective-perceptron');
  await copy.waitForFunction(() => !window.playground.replaying);
  const again = await copy.evaluate(seen);
  assert.deepEqual({ ...again, hash: shown.hash }, shown, 'the link rebuilds the same weights and the same labels asked');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(copy.errors, []);
  await copy.close();
  await page.close();
});

test('Compare runs balanced Winnow and the selective perceptron beside the perceptron on the same samples', async () => {
  const page = await openPlayground(browser, 'algo=pa1&preset=overlapping&seed=3');
  await assertComparedTogether(page, 'winnow', ['selective-perceptron', 'perceptron']);
  // The selective perceptron's panel counts the labels it asked for; the others' do not.
  const captions = await page.evaluate(() => window.playground.figures.map((f) => [f.pg.algorithm(), f.pg.counts().asked, f.plane.caption.textContent]));
  for (const [name, asked, caption] of captions) {
    if (name === 'selective-perceptron') has(caption, `${asked} label`);
    else assert.ok(asked == null && !caption.includes('asked'), `${name}: ${caption}`);
  }
  await screenshot(page, 'relatives-compare');
  assert.deepEqual(page.errors, []);
  await page.close();
});
