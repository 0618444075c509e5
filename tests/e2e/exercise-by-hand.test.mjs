// "Run it by hand" (issue 35), in real Chromium, on a desktop and a touch
// phone: the student types the numbers of one update and the page checks
// each to two decimals. The truth is the session's own learner's, and it
// is checked here against the textbook's rule written out independently
// (PA, PA-I and PA-II: Crammer et al. 2006, the perceptron: Rosenblatt),
// against the model the page exports and against `onlinelearn replay` of
// the page's link; answered right (a decimal comma and a fraction
// accepted) and wrong (the worked line shows the student's number beside
// the right one); unlimited tries with the keyboard alone; the score and
// the answers hidden; another learner refused with a way out; Japanese;
// the element under a strict CSP. Screenshots:
// target/e2e-screenshots/exercises-by-hand-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, screenshot } from './harness.mjs';
import { asking, elementAsking, feedback, openExercise, openStrictPost, press, pressPrimary, replayed, revealed, useExerciseSite } from './exercise-harness.mjs';

const site = useExerciseSite();
const open = (device, hash) => openExercise(site, device, hash);

/**
 * The textbook's update of `learner` on `sample` from `before` (w1, w2, b),
 * with the bias a weight on a constant 1 (the page's default): written
 * here from the papers, not from the page's code.
 */
function textbook(learner, before, { x, y, label }, { c = 0.1, lr = 1 } = {}) {
  const xt = [x, y, 1];
  const margin = label * (before[0] * x + before[1] * y + before[2]);
  if (learner === 'perceptron') {
    const step = xt.map((v) => (margin <= 0 ? lr * label * v : 0));
    return { margin, 'step-w1': step[0], 'step-w2': step[1], 'step-b': step[2], w: before.map((w, i) => w + step[i]) };
  }
  const loss = Math.max(0, 1 - margin);
  const sq = x * x + y * y + 1;
  const tau = loss === 0 ? 0 : { pa: loss / sq, pa1: Math.min(c, loss / sq), pa2: loss / (sq + 1 / (2 * c)) }[learner];
  return { margin, loss, tau, w: before.map((w, i) => w + tau * label * xt[i]) };
}

/** The round's question as the exercise holds it (its sample and the weights before). */
const question = (page) => page.evaluate(() => {
  const { sample, before, boxes } = window.playground.exerciseLayer.kind.question;
  return { sample, before, boxes: boxes.map((b) => b.id) };
});

/** The textbook's numbers for each box of the round. */
function expected(learner, q) {
  const truth = textbook(learner, q.before, q.sample);
  const [w1, w2, b] = truth.w;
  return { ...truth, w1, w2, b };
}

/** Two decimals, as a student writes them. */
const twoDecimals = (v) => (Math.round(v * 100) / 100).toFixed(2);

/** Types `values` (box → text) into the boxes: by the keyboard on the phone (a tap, then the keys), filled on the desktop. */
async function typeBoxes(page, device, values) {
  for (const [box, text] of Object.entries(values)) {
    const selector = `[data-box="${box}"]`;
    if (device === 'phone') {
      await page.tap(selector);
      await page.keyboard.type(text);
    } else {
      await page.fill(selector, text);
    }
  }
}

for (const device of ['desktop', 'phone']) {
  test(`Run it by hand (${device}): PA-I from w = 0, right, wrong, right; the truth is the textbook's and the session's, the link replays`, async () => {
    // A session that learned a few samples: the exercise starts from w = 0 on an empty plane.
    const page = await open(device, 'algo=pa1&preset=separable&seed=3');
    await page.evaluate(() => window.playground.step(5));
    await page.waitForFunction(() => window.playground.figure.pg.counts().samples === 5);
    await press(page, device, '[data-view="exercises"]');
    await press(page, device, '[data-exercise="by-hand"]');
    await asking(page, 1);
    const q = await question(page);
    assert.deepEqual(q.before, [0, 0, 0], 'the first round starts from w = 0');
    assert.equal(await page.evaluate(() => window.playground.figure.pg.points_len()), 0);
    assert.deepEqual(q.boxes, ['loss', 'tau', 'w1', 'w2', 'b']);
    assert.ok([-1, -0.5, 0.5, 1].includes(q.sample.x) && [-1, -0.5, 0.5, 1].includes(q.sample.y), 'round numbers');
    const want = expected('pa1', q);
    assert.equal(want.tau, 0.1, 'from w = 0 the loss is 1 and PA-I clips τ at C = 0.1');
    await page.locator('.exercise-boxes').scrollIntoViewIfNeeded();
    await screenshot(page, `exercises-by-hand-asking-${device}`);
    // An empty box is named, not judged.
    await pressPrimary(page, device);
    assert.match(await feedback(page), /^Fill in every box with a number \(such as 0\.25, −1 or 1\/4\): ℓ, τ, w1′, w2′, b′\.$/);
    // Right: τ as a fraction, w1′ with a decimal comma.
    await typeBoxes(page, device, { loss: twoDecimals(want.loss), tau: '1/10', w1: twoDecimals(want.w1).replace('.', ','), w2: twoDecimals(want.w2), b: twoDecimals(want.b) });
    await pressPrimary(page, device); // Answer
    await revealed(page);
    const [first] = await page.evaluate(() => window.answered);
    assert.equal(first.kind, 'by-hand');
    assert.equal(first.right, true);
    assert.deepEqual({ right: first.score.right, boxes: first.score.boxes }, { right: 5, boxes: 5 });
    assert.equal(first.answer.tau, 0.1);
    for (const box of q.boxes) assert.ok(Math.abs(first.truth[box] - want[box]) < 1e-12, `${box}: the learner's ${first.truth[box]}, the textbook's ${want[box]}`);
    // The session learned the sample: its weights in full (w, then b) are the truth revealed.
    const weights = await page.evaluate(() => Array.from(window.playground.figure.pg.weights()));
    assert.deepEqual(weights, [first.truth.w1, first.truth.w2, first.truth.b]);
    const lines = await page.locator('.exercise-worked').innerText();
    assert.match(lines, /τ = min\(C, ℓ \/ ‖x̃‖²\) = min\(0\.1, 1 \/ [\d.]+\) = 0\.1 ✓ yours: 0\.1/);
    // Held: a step waits for the exercise.
    await page.evaluate(() => window.playground.step());
    assert.equal(await page.evaluate(() => window.playground.figure.pg.counts().samples), 1);
    await screenshot(page, `exercises-by-hand-right-${device}`);

    // Round 2: w1′ and b′ wrong.
    await pressPrimary(page, device); // Next round
    await asking(page, 2);
    const q2 = await question(page);
    assert.deepEqual(q2.before, [first.truth.w1, first.truth.w2, first.truth.b], 'round 2 goes on from the learned weights');
    const want2 = expected('pa1', q2);
    await typeBoxes(page, device, { loss: twoDecimals(want2.loss), tau: twoDecimals(want2.tau), w1: '9', w2: twoDecimals(want2.w2), b: '-9' });
    await pressPrimary(page, device); // Answer
    await revealed(page);
    const second = (await page.evaluate(() => window.answered))[1];
    assert.equal(second.right, false);
    assert.equal(second.score.right, 3);
    assert.deepEqual(second.score.fields, { loss: true, tau: true, w1: false, w2: true, b: false });
    for (const box of q2.boxes) assert.ok(Math.abs(second.truth[box] - want2[box]) < 1e-12, box);
    const wrong = await page.locator('.exercise-worked li', { hasText: 'w1′ = w1' }).innerText();
    const right = String(Math.round(want2.w1 * 1e4) / 1e4).replace('-', '−');
    assert.ok(wrong.includes(`= ${right} ✗ yours: 9`), `the worked line with the student's number beside the right one: ${wrong}`);
    assert.match(await feedback(page), /3 of 5 numbers right\. Not right/);
    await page.locator('.exercise-worked').scrollIntoViewIfNeeded();
    await screenshot(page, `exercises-by-hand-wrong-${device}`);
    // Round 3 (the list starts an exercise with its three rounds by default), right.
    await pressPrimary(page, device); // Next round
    await asking(page, 3);
    const q3 = await question(page);
    const want3 = expected('pa1', q3);
    await typeBoxes(page, device, Object.fromEntries(q3.boxes.map((b) => [b, twoDecimals(want3[b])])));
    await pressPrimary(page, device); // Answer
    await revealed(page);
    const third = (await page.evaluate(() => window.answered))[2];
    assert.equal(third.right, true);
    await pressPrimary(page, device); // See the score
    await page.waitForFunction(() => window.playground.exerciseLayer.state === 'done');
    assert.equal(await feedback(page), '2 of 3 rounds right; 13 of 15 numbers right.');
    // The page's link replays in the command line to the same weights, to the bit.
    await page.waitForFunction(() => location.hash.includes('exercise=by-hand'));
    const cli = replayed(await page.evaluate(() => location.href));
    assert.deepEqual([...cli.model.weights, cli.model.bias], [third.truth.w1, third.truth.w2, third.truth.b]);
    assert.deepEqual(page.errors, []);
  });
}

test('Run it by hand with the keyboard alone, unlimited tries: the perceptron; a wrong box is marked and named, then right', async () => {
  const page = await open('desktop', 'algo=perceptron&seed=8&view=exercises&exercise=by-hand&rounds=1&tries=unlimited');
  await asking(page, 1);
  const q = await question(page);
  assert.deepEqual(q.boxes, ['margin', 'step-w1', 'step-w2', 'step-b', 'w1', 'w2', 'b']);
  const want = expected('perceptron', q);
  // Tab reaches the first box; each Tab the next.
  for (let k = 0; k < 200 && !(await page.evaluate(() => document.activeElement?.dataset.box)); k++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.box), 'margin');
  const typeAll = async (values) => {
    await page.focus('[data-box="margin"]');
    for (const [k, box] of q.boxes.entries()) {
      await page.keyboard.press('Control+A');
      await page.keyboard.type(values[box]);
      if (k < q.boxes.length - 1) await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
  };
  const right = Object.fromEntries(q.boxes.map((b) => [b, twoDecimals(want[b])]));
  await typeAll({ ...right, 'step-b': '0.5' });
  await page.waitForFunction(() => /^Not right yet: Δb\. Try again\.$/.test(document.querySelector('.exercise-feedback').textContent));
  assert.equal(await page.evaluate(() => window.playground.exerciseLayer.state), 'asking');
  assert.equal(await page.getAttribute('[data-box="step-b"]', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('[data-box="w1"]', 'aria-invalid'), null);
  assert.equal(await page.inputValue('[data-box="w1"]'), right.w1, 'a try keeps what was typed');
  await typeAll(right);
  await revealed(page);
  const [round] = await page.evaluate(() => window.answered);
  assert.equal(round.right, true);
  assert.equal(round.tries, 2);
  for (const box of q.boxes) assert.ok(Math.abs(round.truth[box] - want[box]) < 1e-12, box);
  assert.equal(round.truth.aggressive, true, 'at w = 0 the perceptron updates');
  assert.deepEqual(page.errors, []);
});

test('Run it by hand with the score and the answers hidden: no marks, no right numbers', async () => {
  const page = await open('desktop', 'algo=pa2&seed=4&view=exercises&exercise=by-hand&rounds=1&score=0&reveal=0');
  await asking(page, 1);
  const q = await question(page);
  await typeBoxes(page, 'desktop', Object.fromEntries(q.boxes.map((b) => [b, '0.3'])));
  await pressPrimary(page, 'desktop');
  await revealed(page);
  const text = await page.locator('.exercise').innerText();
  assert.doesNotMatch(text, /[✓✗]|numbers right|yours:/);
  assert.equal(await page.locator('.exercise-worked').count(), 0);
  const want = expected('pa2', q);
  assert.ok(!text.includes(String(Math.round(want.w1 * 1e4) / 1e4)), 'the right w1′ is not shown');
  assert.equal(await page.locator('[data-box="w1"]').isDisabled(), true, 'the answer stays, locked');
  await pressPrimary(page, 'desktop');
  await page.waitForFunction(() => window.playground.exerciseLayer.state === 'done');
  assert.equal(await feedback(page), 'Done: 1 rounds answered.');
  assert.deepEqual(page.errors, []);
});

test('Run it by hand refuses AROW and says why; "Use PA" starts it; in Japanese', async () => {
  const page = await open('desktop', 'algo=arow&seed=2&view=exercises&exercise=by-hand&rounds=1');
  await page.waitForFunction(() => window.playground.exerciseLayer?.state === 'refused');
  assert.match(await page.locator('.exercise-refusal').textContent(), /^Run it by hand asks for the update of the perceptron, PA, PA-I or PA-II, whose rules fit on a line; AROW is not one of them\.$/);
  await page.click('.exercise-body button:text("Use PA")');
  await asking(page, 1);
  assert.equal(await page.locator('#algo').inputValue(), 'pa');
  await page.selectOption('#lang', 'ja');
  const ja = JSON.parse(readFileSync(join(ROOT, 'www', 'i18n', 'exercise', 'ja.json'), 'utf8'));
  const starts = ja['The learner starts from w = 0 on an empty plane, as a first update by hand does.'];
  assert.ok(starts, 'the Japanese catalogue has the exercise’s words');
  await page.waitForFunction((s) => document.querySelector('.exercise-body')?.textContent.includes(s), starts);
  assert.match(await page.locator('.exercise-body').textContent(), /ℓ = max\(0, 1 − y \(w·x̃\)\)/);
  await screenshot(page, 'exercises-by-hand-ja');
  assert.deepEqual(page.errors, []);
});

test('<online-learner exercise="by-hand"> under a strict CSP: the event and el.exercise', async () => {
  const page = await openStrictPost(site, 'by-hand-post.html', `<online-learner id="bh" state="algo=pa&seed=6" exercise="by-hand" rounds="1"></online-learner>`);
  await elementAsking(page, 'bh');
  const q = await page.evaluate(() => {
    const { sample, before, boxes } = document.getElementById('bh').exerciseLayer.kind.question;
    return { sample, before, boxes: boxes.map((b) => b.id) };
  });
  const want = expected('pa', q);
  const figure = page.locator('#bh');
  for (const box of q.boxes) await figure.locator(`[data-box="${box}"]`).fill(twoDecimals(want[box]));
  await figure.locator('.exercise-buttons button.primary').click();
  await page.waitForFunction(() => document.getElementById('bh').exercise.done === 1);
  const [event] = await page.evaluate(() => window.answered);
  assert.equal(event.id, 'bh');
  assert.equal(event.detail.right, true);
  for (const box of q.boxes) assert.ok(Math.abs(event.detail.truth[box] - want[box]) < 1e-12, box);
  const reported = await page.evaluate(() => document.getElementById('bh').exercise);
  assert.deepEqual({ kind: reported.kind, done: reported.done, score: reported.score }, { kind: 'by-hand', done: 1, score: 1 });
  assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
  assert.deepEqual(page.errors, []);
});

test('Run it by hand after Reset, a learner switch and a language switch: each round states the weights the update starts from', async () => {
  const page = await open('desktop', 'algo=pa1&seed=9&view=exercises&exercise=by-hand&rounds=3');
  await asking(page, 1);
  let q = await question(page);
  await typeBoxes(page, 'desktop', Object.fromEntries(q.boxes.map((b) => [b, twoDecimals(expected('pa1', q)[b])])));
  await pressPrimary(page, 'desktop');
  await revealed(page);
  // Reset: the learner starts again (w = 0); the next round starts from there.
  await page.click('#reset');
  await pressPrimary(page, 'desktop'); // Next round
  await asking(page, 2);
  q = await question(page);
  assert.deepEqual(q.before, await page.evaluate(() => Array.from(window.playground.figure.pg.model())));
  // A language switch keeps what was typed; the round goes on.
  await page.fill('[data-box="loss"]', '0.25');
  await page.selectOption('#lang', 'it');
  await page.waitForFunction(() => document.documentElement.lang === 'it' && document.querySelector('[data-box="loss"]'));
  assert.equal(await page.inputValue('[data-box="loss"]'), '0.25');
  assert.equal(await page.evaluate(() => window.playground.exerciseLayer.round), 2);
  // Another learner: the round asks again, with the perceptron's boxes, from the weights the perceptron holds.
  await page.selectOption('#algo', 'perceptron');
  await page.waitForFunction(() => window.playground.exerciseLayer.kind.question?.learner === 'perceptron' && window.playground.exerciseLayer.state === 'asking');
  q = await question(page);
  assert.deepEqual(q.boxes, ['margin', 'step-w1', 'step-w2', 'step-b', 'w1', 'w2', 'b']);
  assert.deepEqual(q.before, await page.evaluate(() => Array.from(window.playground.figure.pg.model())));
  const want = expected('perceptron', q);
  await typeBoxes(page, 'desktop', Object.fromEntries(q.boxes.map((b) => [b, twoDecimals(want[b])])));
  await pressPrimary(page, 'desktop');
  await revealed(page);
  const last = (await page.evaluate(() => window.answered)).at(-1);
  assert.equal(last.right, true);
  for (const box of q.boxes) assert.ok(Math.abs(last.truth[box] - want[box]) < 1e-12, box);
  assert.deepEqual(page.errors, []);
});
