// "Be the adversary" (issue 35), in real Chromium, on a desktop and a
// touch phone: points placed on the plane (a click, a tap, or the plane's
// keyboard cursor and Enter), refused outside the disc and inside the
// margin with the number that broke the rule (and not learned), and
// accepted ones learned by the session's perceptron: an update forced and
// one not, checked against the learner itself (a copy of the session
// predicting the point, its weights in full); the (R/γ)² bound stated and
// drawn; the `exercise-answered` events, el.exercise, the link replayed;
// the refusal for another learner, and its remedy. Screenshots:
// target/e2e-screenshots/exercises-adversary-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from './harness.mjs';
import { asking, feedback, openExercise, press, pressPrimary, replayed, useExerciseSite } from './exercise-harness.mjs';

const LINK = 'algo=perceptron&preset=separable&seed=3&view=exercises&exercise=adversary&rounds=3';
const MARGIN = 0.3; // the game's γ and disc radius (exercise-adversary.js)
const REACH = 1;
const site = useExerciseSite();
const open = (device, hash) => openExercise(site, device, hash);

/** The game's concept normal u = (c, s), R and its bound, as the page holds them. */
const arena = (page) => page.evaluate(() => {
  const { angle, radius, bound, bias } = window.playground.exerciseLayer.kind.arena;
  return { u: [Math.cos(angle), Math.sin(angle)], radius, bound, bias };
});

/** A point at `along` on u and `across` on its perpendicular. */
const at = ({ u: [c, s] }, along, across = 0) => [along * c - across * s, along * s + across * c];

/** Places the point (x, y) on the plane: a click, or on the phone a tap. */
async function place(page, device, [x, y]) {
  await page.locator('.plane .overlay').scrollIntoViewIfNeeded(); // a finger or the mouse only reaches what the screen shows
  const [px, py] = await page.evaluate(([x, y]) => {
    const plane = window.playground.figure.plane;
    const rect = plane.overlay.getBoundingClientRect();
    return [rect.left + plane.px(x), rect.top + plane.py(y)];
  }, [x, y]);
  if (device === 'phone') await page.touchscreen.tap(px, py);
  else await page.mouse.click(px, py);
}

/** The session's link now (what a copy starts from). */
const sessionLink = (page) => page.evaluate(() => window.playground.figure.pg.hash(''));

/** What a copy of the session at `hash` does with the point (x, y) of class `label`: { update, model }. */
const predicted = (page, hash, [x, y], label) => page.evaluate(([hash, x, y, label]) => {
  const pg = window.playground.figure.pg;
  const copy = new pg.constructor(hash, undefined);
  copy.click(x, y, label);
  const out = { update: copy.last().aggressive, model: Array.from(copy.model()) };
  copy.free();
  return out;
}, [hash, x, y, label]);

const learned = (page) => page.evaluate(() => {
  const pg = window.playground.figure.pg;
  return { samples: pg.counts().samples, points: pg.points_len(), model: Array.from(pg.model()), weights: Array.from(pg.weights()) };
});

/** Whether two points are within a pixel or two of each other (a click lands on a pixel; the point is snapped to 1e-3). */
const near = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]) < 0.02;

for (const device of ['desktop', 'phone']) {
  test(`Be the adversary (${device}): refused outside the disc and in the margin; a forced update, a point learned right, the bound`, async () => {
    const page = await open(device, LINK);
    await asking(page, 1);
    const game = await arena(page);
    // The default bias is augmented: x̃ = (x, 1), R = √(r² + 1), and the bound (R/γ)².
    assert.ok(Math.abs(game.radius - Math.hypot(REACH, 1)) < 1e-12);
    assert.ok(Math.abs(game.bound - (game.radius / MARGIN) ** 2) < 1e-9);
    // The game starts at w = 0 on an empty plane.
    assert.deepEqual(await learned(page).then((l) => [l.samples, l.points, l.model]), [0, 0, [0, 0, 0]]);
    assert.match(await page.locator('.exercise-body').textContent(), /at most \(R\/γ\)² = 22\.22 updates/);

    // Outside the disc: refused, with the norm that broke the rule; nothing learned.
    await place(page, device, at(game, 1.2));
    await page.waitForFunction(() => /^Refused/.test(document.querySelector('.exercise-feedback').textContent));
    assert.match(await feedback(page), /^Refused: this point has ‖x̃‖ = [\d.]+ > R = 1\.414\./);
    await screenshot(page, `exercises-adversary-refused-${device}`);
    // Inside the margin: refused, with its distance.
    await place(page, device, at(game, 0.1, 0.4));
    await page.waitForFunction(() => /less than γ/.test(document.querySelector('.exercise-feedback').textContent));
    assert.match(await feedback(page), /^Refused: this point is 0\.\d+ from the concept, less than γ = 0\.3\./);
    assert.deepEqual(await learned(page).then((l) => [l.samples, l.points]), [0, 0]);
    assert.equal(await page.evaluate(() => window.answered.length), 0);

    // Three points: at w = 0 any point is an update (forced); the same side again is not;
    // the other side, within reach of the bias, is forced again.
    const moves = [[at(game, 0.6, 0.2), 1], [at(game, 0.7, -0.3), 1], [at(game, -0.5, 0.1), -1]];
    let forced = 0;
    for (const [k, [point, label]] of moves.entries()) {
      const round = k + 1;
      await asking(page, round);
      const before = await sessionLink(page);
      await place(page, device, point);
      await page.waitForFunction((n) => window.answered.length === n, round);
      const event = (await page.evaluate(() => window.answered))[k];
      assert.equal(event.kind, 'adversary');
      assert.equal(event.round, round);
      assert.ok(near(event.answer.point, point), `placed ${event.answer.point}, aimed at ${point}`);
      // The learner itself, independently: a copy of the session before the point learns it.
      const copy = await predicted(page, before, event.answer.point, label);
      forced += copy.update ? 1 : 0;
      assert.equal(event.truth.label, label, 'the point’s class is the concept’s');
      assert.equal(event.truth.update, copy.update, 'forced exactly when the learner updates');
      assert.equal(event.right, copy.update);
      assert.deepEqual(event.score, { forced, bound: game.bound });
      const now = await learned(page);
      assert.equal(now.samples, round);
      assert.deepEqual(now.model, copy.model);
      assert.deepEqual(now.weights, copy.model);
      assert.match(await feedback(page), copy.update ? /^Forced: the perceptron updated/ : /^Not forced: the perceptron had it right/);
      assert.match(await feedback(page), new RegExp(`${forced} forced in ${round} points; the bound is 22\\.22\\.`));
    }
    assert.deepEqual((await page.evaluate(() => window.answered)).map((e) => e.truth.update), [true, false, true]);
    await screenshot(page, `exercises-adversary-reveal-${device}`);
    // The gauge: the forced updates under the bound drawn as their ceiling.
    const chart = await page.evaluate(() => Object.fromEntries([...window.playground.exerciseLayer.kind.chart.lines].map(([k, l]) => [k, l.ys])));
    assert.deepEqual(chart.forced, [0, 1, 1, 2]);
    assert.ok(chart.bound.every((v) => Math.abs(v - game.bound) < 1e-9));
    await pressPrimary(page, device); // See the score
    await page.waitForFunction(() => window.playground.exerciseLayer.state === 'done');
    assert.match(await feedback(page), /^You forced 2 updates with 3 points\. The theorem allows at most \(R\/γ\)² = 22\.22: no strategy can pass it\.$/);
    const summary = await page.evaluate(() => window.playground.exerciseLayer.summary());
    assert.deepEqual({ kind: summary.kind, done: summary.done, score: summary.score }, { kind: 'adversary', done: 3, score: 2 });
    // The page's link replays in the command line to the same weights, to the bit.
    await page.waitForFunction(() => location.hash.includes('exercise=adversary'));
    const link = await page.evaluate(() => location.href);
    const cli = replayed(link);
    assert.deepEqual([...cli.model.weights, cli.model.bias], (await learned(page)).model, `onlinelearn replay ${link}`);
    assert.deepEqual(page.errors, []);
  });
}

test('Be the adversary with the keyboard alone: the plane’s cursor and Enter place a point', async () => {
  const page = await open('desktop', 'algo=perceptron&preset=separable&seed=5&view=exercises&exercise=adversary&rounds=2');
  await asking(page, 1);
  const game = await arena(page);
  // The cursor starts at the origin, inside the band: Enter there is refused.
  for (let k = 0; k < 200; k++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.classList.contains('overlay'))) break;
  }
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('overlay')), 'Tab reaches the plane');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /less than γ/.test(document.querySelector('.exercise-feedback').textContent));
  // Along the axis nearer u, 12 presses of 0.05: 0.6 from the origin, outside the band.
  const [c, s] = game.u;
  const key = Math.abs(c) > Math.abs(s) ? (c > 0 ? 'ArrowRight' : 'ArrowLeft') : (s > 0 ? 'ArrowUp' : 'ArrowDown');
  for (let k = 0; k < 12; k++) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.answered.length === 1);
  const [event] = await page.evaluate(() => window.answered);
  const point = Math.abs(c) > Math.abs(s) ? [Math.sign(c) * 0.6, 0] : [0, Math.sign(s) * 0.6];
  assert.deepEqual(event.answer.point, point);
  assert.equal(event.truth.label, 1);
  assert.equal(event.truth.update, true, 'at w = 0 every point is an update');
  assert.deepEqual(page.errors, []);
});

test('Be the adversary refuses another learner and says why; "Use the perceptron" starts the game', async () => {
  const page = await open('desktop', 'algo=pa&preset=separable&seed=3&view=exercises&exercise=adversary&rounds=2');
  await page.waitForFunction(() => window.playground.exerciseLayer?.state === 'refused');
  assert.match(await page.locator('.exercise-refusal').textContent(), /^Be the adversary plays against the perceptron: Block's and Novikoff's theorem bounds the perceptron's updates, and PA has no such bound/);
  await screenshot(page, 'exercises-adversary-other-learner');
  await page.click('button:text("Use the perceptron")');
  await asking(page, 1);
  assert.equal(await page.evaluate(() => window.playground.figure.pg.algorithm()), 'perceptron');
  assert.equal(await page.locator('#algo').inputValue(), 'perceptron');
  // In Japanese: the rules and the bound in its words and digits.
  await page.selectOption('#lang', 'ja');
  await page.waitForFunction(() => document.querySelector('.exercise h2')?.textContent === '敵役になる');
  assert.match(await page.locator('.exercise-body').textContent(), /パーセプトロンの更新は最大 \(R\/γ\)² = 22\.22 回/);
  assert.deepEqual(page.errors, []);
});
