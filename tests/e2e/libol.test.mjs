// LIBOL's learners on the page: in the menus of their families, their code
// fetched with the full module when one is chosen (never before), a stream
// learned and one update explained with its numbers, their settings' help
// (which the first module leaves out) shown once the full module is in, a
// link to LIBOL's form replayed exactly, and another language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, chooseLearner, screenshot } from './harness.mjs';
import { assertComparedTogether, assertLinkReplays, has, modules, openPlayground, opener, stepUntil, verdict } from './explain-steps.mjs';

const browser = useBrowser();
const open = opener(browser);

test('CW, chosen from the menu, arrives with the full module, streams, and explains an update', async () => {
  const page = await openPlayground(browser, 'algo=pa1&preset=overlapping&seed=3');
  const group = (name) => page.$eval(`#algo option[value="${name}"]`, (o) => o.parentElement.label);
  assert.match(await group('cw'), /Second-order/);
  assert.match(await group('alma'), /Linear/);
  assert.deepEqual(await modules(page), ['/pkg/onlinelearn_bg.wasm'], 'the first load holds no LIBOL code');
  await chooseLearner(page, 'cw');
  assert.ok((await modules(page)).includes('/pkg/onlinelearn_full_bg.wasm'));
  // Its settings, with the help the first module left out.
  assert.equal(await page.isVisible('#cw-eta'), true);
  assert.equal(await page.isVisible('#cw-form'), true);
  assert.match(await page.getAttribute('#cw-eta', 'title'), /classified right with probability η/);
  assert.equal(await page.isVisible('#c'), false, 'C is not CW\'s');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(200)));
  const { last, text, n } = await stepUntil(page, (l) => l.aggressive && l.branch1 === 1);
  assert.ok(last.v > 0 && last.beta > 0);
  has(text, `v = xᵀΣx = ${n.v};  φ = Φ⁻¹(η) = ${n.phi}`);
  has(text, 'Dredze, Crammer & Pereira 2008');
  has(await verdict(page), `Aggressive: m = ${n.margin} < φv = ${n.bound}: α = ${n.tau} and β = 2αφ/(1 + 2αφv) = ${n.beta}`);
  await screenshot(page, 'libol-cw');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a link to ALMA in LIBOL\'s form opens it, explains LIBOL\'s test, and replays to the same weights', async () => {
  const page = await open('algo=alma&alma-form=libol&preset=noisy-labels&seed=4', null, 'alma');
  assert.equal(await page.inputValue('#alma-form'), 'libol');
  const { text, n } = await stepUntil(page, (l) => l.branch1 === 3);
  has(text, 'w ← (w + ηₖ·y·x̂)/max(1, ‖w + ηₖ·y·x̂‖),  k ← k + 1');
  has(text, `γₖ = (1/α)/√k = ${n.gamma};  (1 − α)γₖ = ${n.bar}`);
  has(await verdict(page), `Aggressive: y w·x = ${n.mhat} < (1 − α)γₖ = ${n.bar} (LIBOL's form: the raw x, and <): w moved by ηₖ = C/√k = ${n.tau}`);
  await assertLinkReplays(page, open, 'alma');
});

test('in Japanese, IELLIP\'s rule, update and verdict come from the full module\'s catalogue', async () => {
  const page = await open('lang=ja&algo=iellip&preset=noisy-labels&seed=2', null, 'iellip');
  await page.waitForFunction(() => document.documentElement.lang === 'ja');
  // stepUntil waits for the English title; here the panel's verdict names the update's step.
  const { tau, margin } = await page.evaluate(() => {
    for (let i = 0; i < 3000; i++) {
      window.playground.step();
      const last = window.playground.figures[0].pg.last();
      if (last.branch1 === 1) return last;
    }
    return {};
  });
  const n = await page.evaluate(async (v) => {
    const { num } = await import('/js/format.js');
    return { tau: num(v.tau), margin: num(v.margin) };
  }, { tau, margin });
  await page.waitForFunction((t) => document.querySelector('#explain .verdict')?.textContent.includes(t), `α = (1 − m)/√v = ${n.tau}`);
  const text = await page.textContent('#explain');
  has(text, 'w ← w + α·Σg、Σ ← (Σ − c·Σg gᵀΣ)/(1 − c)、g = y·x/√v');
  has(await verdict(page), `予測を誤った（m = ${n.margin} ≤ 0）：中心は Σg の方向に α = (1 − m)/√v = ${n.tau} だけ動き`);
  assert.match(await page.getAttribute('#iellip-b', 'title'), /IELLIP は c に b を掛けます/);
  await screenshot(page, 'libol-iellip-ja');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Compare runs LIBOL\'s learners side by side on the same samples', async () => {
  const page = await openPlayground(browser, 'algo=pa1&preset=overlapping&seed=3');
  await assertComparedTogether(page, 'alma', ['cw', 'nherd']);
  await screenshot(page, 'libol-compare');
  assert.deepEqual(page.errors, []);
  await page.close();
});
