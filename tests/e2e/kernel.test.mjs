// The kernel learners on the page: decision surface and contours, support
// vectors with their budget, sigma, the dictionary curve, seed 004's eight
// side by side, and shared links.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, screenshot, clickPlane, playPast, chooseLearner } from './harness.mjs';
import { stepUntil, verdict } from './explain-steps.mjs';

const browser = useBrowser();

async function open(hash) {
  const page = await openPage(browser.context, `${browser.server.url}/#${hash}`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  return page;
}

const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Support size and scores on a 5 x 5 grid of the first figure. */
function model(page, figure = 0) {
  return page.evaluate(async (i) => {
    const { f32View } = await import('/js/wasm.js');
    const pg = window.playground.figures[i].pg;
    const size = pg.support_len() / 5;
    const scores = Array.from(f32View(pg, pg.grid(5, 5, -1, 1, -1, 1), 25));
    return { size, scores, samples: pg.counts().samples, algorithm: pg.algorithm() };
  }, figure);
}

test('a kernel learner draws its surface, contours and support vectors', async () => {
  const page = await open('algo=pa1&preset=circles&seed=4');
  await chooseLearner(page, 'projectron');
  await settle(page);
  assert.equal(await page.isVisible('#sigma'), true, 'kernel controls appear');
  assert.equal(await page.isVisible('#chart-support'), true, 'the dictionary curve appears');
  for (const [fx, fy, shift] of [[0.5, 0.5, false], [0.2, 0.2, true], [0.8, 0.8, true], [0.45, 0.55, false], [0.2, 0.8, true]]) {
    await clickPlane(page, fx, fy, { shift });
  }
  await settle(page);
  const m = await model(page);
  assert.equal(m.algorithm, 'projectron');
  assert.ok(m.size >= 2, `${m.size} support vectors`);
  const drawn = await page.evaluate(() => {
    const plane = window.playground.figures[0].plane;
    return plane.contours.map((c) => c.segments.length);
  });
  assert.ok(drawn[0] > 0, 'the f = 0 contour is traced');
  assert.match(await page.textContent('#explain'), /Σ αᵢ k\(sᵢ, x\)/);
  assert.match(await page.textContent('#weights'), /support vectors/);
  await page.fill('#speed', '3.3');
  await page.dispatchEvent('#speed', 'input');
  await playPast(page, 1500);
  await settle(page);
  assert.ok(await page.evaluate(() => window.playground.curves.support.count('0:support')) > 50);
  await screenshot(page, '12-kernel-circles');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the budget is never exceeded and removed support vectors fade out', async () => {
  const page = await open('algo=kernel-perceptron&preset=xor&budget=12&sigma=0.3&seed=2');
  const sizes = await page.evaluate(() => {
    const figure = window.playground.figures[0];
    const seen = [];
    for (let k = 0; k < 60; k++) {
      figure.pg.stream(10);
      seen.push(figure.pg.support_len() / 5);
    }
    return seen;
  });
  assert.ok(Math.max(...sizes) <= 12, `sizes ${sizes}`);
  assert.equal(sizes.at(-1), 12);
  // Render, learn until the budget drops a vector, render again: it fades.
  const fading = await page.evaluate(async () => {
    const app = window.playground;
    const figure = app.figures[0];
    app.changed();
    await new Promise((r) => requestAnimationFrame(r));
    const before = figure.pg.counts().samples;
    while (!(figure.pg.last().removed > 0) && figure.pg.counts().samples < before + 2000) figure.pg.stream(1);
    app.changed();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return figure.fading.length;
  });
  assert.ok(fading >= 1, 'a removed support vector is fading');
  await page.fill('#budget', '-3');
  await page.press('#budget', 'Enter');
  assert.match(await page.textContent('#budget-msg'), /whole number/);
  await page.fill('#budget', '5');
  await page.press('#budget', 'Enter');
  await settle(page);
  assert.equal((await model(page)).size, 5, 'a smaller budget applies at once');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('changing sigma keeps the support vectors and reshapes the surface', async () => {
  const page = await open('algo=kernel-pa1&preset=moons&sigma=0.5&budget=none&seed=6');
  await page.evaluate(() => window.playground.figures[0].pg.stream(300));
  const before = await model(page);
  await page.fill('#sigma', '0.15');
  await page.press('#sigma', 'Enter');
  await settle(page);
  const after = await model(page);
  assert.equal(after.size, before.size);
  assert.notDeepEqual(after.scores, before.scores);
  await page.fill('#sigma', '0');
  await page.press('#sigma', 'Enter');
  assert.match(await page.textContent('#sigma-msg'), /positive/);
  assert.deepEqual(await model(page), after, 'a refused sigma changes nothing');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('seed 004\'s eight kernel learners run side by side on one stream', async () => {
  const page = await open('algo=pa1&preset=xor&sigma=0.4&budget=150&seed=3&speed=3000');
  await page.click('[data-view="compare"]');
  await page.click('#paper-eight');
  // The kernel learners' code arrives first (the full module).
  await page.waitForFunction(() => window.playground.figures.length === 8 && !window.playground.replaying);
  const algorithms = await page.evaluate(() => window.playground.figures.map((f) => f.pg.algorithm()));
  assert.deepEqual(algorithms, ['kernel-perceptron', 'projectron', 'projectron++', 'apsm', 'spa', 'olru', 'olrd', 'ald-projection']);
  await playPast(page, 800);
  await settle(page);
  const samples = await page.evaluate(() => window.playground.figures.map((f) => f.pg.counts().samples));
  assert.equal(new Set(samples).size, 1, `every learner saw the same samples: ${samples}`);
  const sizes = await page.evaluate(() => window.playground.figures.map((f) => f.pg.support_len() / 5));
  assert.ok(sizes.every((s) => s > 0), `${sizes}`);
  await screenshot(page, '13-paper-eight');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a shared link rebuilds the same kernel model', async () => {
  const page = await open('algo=ald-projection&preset=spiral&sigma=0.3&nu=0.05&seed=8');
  await page.evaluate(() => window.playground.figures[0].pg.stream(400));
  await clickPlane(page, 0.3, 0.6);
  await page.fill('#nu', '0.2');
  await page.press('#nu', 'Enter');
  await page.evaluate(() => window.playground.figures[0].pg.stream(100));
  await page.click('#share');
  const original = await model(page);
  const copy = await openPage(browser.context, page.url());
  // A long link is replayed in slices after its first frames: read it whole.
  await copy.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  assert.deepEqual(await model(copy), original);
  assert.equal(await copy.inputValue('#nu'), '0.2');
  assert.deepEqual([...page.errors, ...copy.errors], []);
  await page.close();
  await copy.close();
});

const has = (text, part) => assert.ok(text.includes(part), `${part}\n  not in\n${text}`);

/**
 * Issue 23's budgeted learners: the update each explains (the first that
 * meets `when`), and what its panel and verdict must say with its numbers.
 */
const BUDGETED = [
  {
    algo: 'forgetron',
    when: (l) => l.branch1 === 2 && l.phi < 1,
    explains: (text, said, n) => {
      has(text, `φ = ${n.phi};  Q = ${n.q} ≤ 15/32·M = 15/32·${n.mistakes}`);
      has(said, `every σ was scaled by φ = ${n.phi} (the largest in (0, 1] keeping Q + Ψ ≤ 15/32·M, M = ${n.mistakes})`);
      has(said, `The step brought the margin to ${n.stepped}; removing 1 support vector for the budget moved it to ${n.reached}.`);
    },
  },
  {
    algo: 'stoptron',
    when: (l) => l.branch1 === 2,
    explains: (text, said) => {
      has(said, 'Passive: m ≤ 0, but the set holds B = 5 support vectors: the Stoptron has stopped, nothing changes.');
    },
  },
  {
    algo: 'fogd',
    size: 0,
    when: (l) => l.aggressive,
    explains: (text, said, n) => {
      has(text, 'z(x) = (cos uᵢ·x, sin uᵢ·x)/√D with uᵢ ~ N(0, I/σ²); f(x) = w·z(x); on a loss, w ← w + η y z(x)');
      has(text, 'it keeps no support vectors.');
      has(said, `Aggressive: η = 1; this sample's margin went from ${n.margin} to ${n.reached}.`);
    },
  },
  {
    algo: 'nogd',
    when: (l) => l.branch1 === 3,
    explains: (text, said, n) => {
      has(said, `and the budget is full: x is mapped to z(x) = D⁻¹ᐟ²Vᵀk(x) (rank 1) and w ← w + η y z(x), that is α += η y V D⁻¹ Vᵀ k(x); the margin went from ${n.margin} to ${n.reached}.`);
    },
  },
  {
    algo: 'bpa-s',
    when: (l) => l.branch1 === 2,
    explains: (text, said, n) => {
      has(text, `τ = min(0.1, ${n.loss} / ${n.sq}) = ${n.tau}`);
      has(said, `removing the one that joined at sample ${n.joined} costs least, ½‖f′ − f‖² + C ℓ(f′) = ${n.objective}, and x joins with β = αᵣ k(sᵣ,x)/k(x,x) + τ y = ${n.entering}`);
    },
  },
  {
    algo: 'silk',
    when: (l) => l.branch1 === 2,
    explains: (text, said, n) => {
      has(text, `1 − τ = 1/(1 + 0.01) = ${n.decay}`);
      has(text, `|α| = max(0, min(${n.decay}·0.1, (1 − ${n.decay}·${n.margin}) / ${n.sq})) = ${n.tau}`);
      has(said, `x joins with |α| = ${n.tau}; the set went past B, so the support vector of smallest |α| = ${n.smallest}, the one that joined at sample ${n.joined}, went`);
      has(said, `The step brought the margin to ${n.stepped}; removing 1 support vector for the budget moved it to ${n.reached}.`);
    },
  },
  {
    algo: 'bsgd',
    when: (l) => l.branch1 === 4,
    explains: (text, said, n) => {
      has(text, `ηₜ = 1/(1.00e−4·t) = ${n.eta}, 1 − ηₜλ = 1 − 1/t`);
      has(said, `the vector of least ‖α‖², the one that joined at sample ${n.joined}, and its best partner became one vector z = h xₘ + (1 − h) xₙ, h = ${n.h}: ‖Δ‖² = ${n.degradation}`);
    },
  },
  {
    algo: 'bogd',
    when: (l) => l.branch1 === 2,
    explains: (text, said, n) => {
      has(said, `and the set was full: a support vector drawn uniformly was dropped, the others scaled by (1 − λη)B/(B − 1) = ${n.scale}, each at most ηγ = ${n.cap}, and x joins with α = η y`);
      // The step row is x's coefficient (0 when x does not join), not η.
      has(text, `coefficient${n.tau}`);
      has(said, `The step brought the margin to ${n.stepped}; removing 1 support vector for the budget moved it to ${n.reached}.`);
    },
  },
];

test('issue 23\'s budgeted kernel learners: chosen from the menu, each streams within its budget and explains an update', async () => {
  const page = await open('algo=pa1&preset=xor&seed=2&budget=5');
  for (const { algo, when, explains, size = 5 } of BUDGETED) {
    await chooseLearner(page, algo);
    const sizes = await page.evaluate(() => {
      const pg = window.playground.figures[0].pg;
      return Array.from({ length: 20 }, () => (pg.stream(10), pg.support_len() / 5));
    });
    assert.ok(Math.max(...sizes) <= 5 && sizes.at(-1) === size, `${algo}: sizes ${sizes}`);
    const { text, n } = await stepUntil(page, when);
    has(text, 'Σ αᵢ k(sᵢ, x)');
    explains(text, await verdict(page), n);
    await screenshot(page, `14-budgeted-${algo}`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});
