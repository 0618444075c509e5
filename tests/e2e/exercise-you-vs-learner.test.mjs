// "You against the learner" (issue 35), in real Chromium, on a desktop and
// a touch phone: each sample labelled right and wrong before the learner
// predicts it; both mistake counts checked against the learner itself (a
// copy of the session predicting each sample independently, the
// session's own counts and its exported model); the `exercise-answered`
// events and el.exercise; the page's link replayed by `onlinelearn
// replay` to the same weights; done with the keyboard alone; the bound
// drawn on separable data and its refusal where it does not apply (PA on
// XOR: no separator); in an <online-learner> under a strict CSP. Screenshots:
// target/e2e-screenshots/exercises-you-vs-learner-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from './harness.mjs';
import { asking, elementAsking, feedback, nextUpdate, openExercise, openStrictPost, press, pressPrimary, replayed, revealed, useExerciseSite } from './exercise-harness.mjs';

// Seed 4: the learner errs on the first two samples (w = 0 predicts +1 for a −1), so its count is tested.
const LINK = 'algo=perceptron&preset=separable&seed=4&view=exercises&exercise=you-vs-learner&rounds=3';
const site = useExerciseSite();
const open = (device, hash) => openExercise(site, device, hash);
const sign = (v) => (v >= 0 ? 1 : -1);

/** The next sample's class and the learner's prediction of it, from a copy of the session (before the answer). */
async function nextSample(page) {
  const next = await nextUpdate(page);
  return { ...next, prediction: sign(next.score), mistake: sign(next.score) !== next.label };
}

/** Labels the round's sample `label` (+1 or −1) and waits for the reveal; returns the round's event. */
async function label(page, device, y, round) {
  await press(page, device, `.exercise-choice [data-label="${y}"]`);
  await revealed(page);
  return (await page.evaluate(() => window.answered))[round - 1];
}

for (const device of ['desktop', 'phone']) {
  test(`You against the learner (${device}): right, wrong, right; the counts are the learner's own, the bound its ceiling, the link replays`, async () => {
    const page = await open(device, LINK);
    await asking(page, 1);
    // The race starts from a fresh learner, with the Theory layer watching it.
    assert.deepEqual(await page.evaluate(() => {
      const pg = window.playground.figure.pg;
      return { samples: pg.counts().samples, model: Array.from(pg.model()), theory: Boolean(pg.theory()) };
    }), { samples: 0, model: [0, 0, 0], theory: true });
    let learnerMistakes = 0;
    const answers = [];
    for (const [round, right] of [[1, true], [2, false], [3, true]]) {
      if (round > 1) {
        await pressPrimary(page, device); // Next round
        await asking(page, round);
      }
      const next = await nextSample(page);
      // The question shows the sample, not its class.
      const asked = await page.evaluate(() => window.playground.exerciseLayer.kind.question);
      assert.deepEqual([asked.x, asked.y], [next.x, next.y]);
      assert.doesNotMatch(await page.locator('.exercise-body').textContent(), /[+−]1\)|The sample was/);
      if (round === 1) await screenshot(page, `exercises-you-vs-learner-asking-${device}`);
      const y = right ? next.label : -next.label;
      answers.push(right);
      const event = await label(page, device, y, round);
      learnerMistakes += next.mistake ? 1 : 0;
      assert.equal(event.kind, 'you-vs-learner');
      assert.equal(event.round, round);
      assert.equal(event.right, right);
      assert.deepEqual(event.answer, { label: y });
      assert.equal(event.truth.label, next.label);
      assert.equal(event.truth.prediction, next.prediction, 'the prediction revealed is the learner’s, before it learned the sample');
      assert.equal(event.truth.mistake, next.mistake);
      assert.deepEqual(event.truth.sample, [next.x, next.y]);
      assert.equal(event.score.you, answers.filter((r) => !r).length);
      assert.equal(event.score.learner, learnerMistakes, 'the learner’s count: its mistakes on these samples');
      // The session itself learned the sample: its model is the copy's, and the model it exports.
      const session = await page.evaluate(() => {
        const pg = window.playground.figure.pg;
        return { model: Array.from(pg.model()), counts: pg.counts(), exported: pg.model_export('').model };
      });
      assert.deepEqual(session.model, next.model);
      assert.deepEqual([...session.exported.weights, session.exported.bias], next.model);
      assert.equal(session.counts.samples, round);
      assert.equal(session.counts.mistakes, event.score.learner);
      // Separable data: the bound has a value, at or above the learner's count (its ceiling).
      assert.equal(typeof event.score.bound, 'number', `a bound on separable data: ${event.score.why}`);
      assert.ok(event.score.bound >= event.score.learner, `the bound ${event.score.bound} ≥ ${event.score.learner}`);
      assert.match(await feedback(page), right ? /: right\./ : /: a mistake\./);
      assert.match(await feedback(page), /The sample was [+−]1\. The learner predicted [+−]1/);
      assert.match(await page.locator('.exercise-bound').textContent(), /^Its bound, .+: at most [\d.,e+]+ (mistakes|perceptron updates) on these samples; it has made \d+\.$/);
      assert.match(await page.locator('.exercise-tally').textContent(), new RegExp(`^Your mistakes: ${event.score.you} · the learner’s: ${event.score.learner}$`));
      if (round === 2) await screenshot(page, `exercises-you-vs-learner-reveal-${device}`);
    }
    assert.ok(learnerMistakes > 0, 'the learner erred on these samples: its count was tested');
    // The chart draws the bound over both counts.
    const chart = await page.evaluate(() => {
      const lines = window.playground.exerciseLayer.kind.chart.lines;
      return Object.fromEntries([...lines].map(([k, l]) => [k, l.ys]));
    });
    const events = await page.evaluate(() => window.answered);
    assert.deepEqual(chart.you, [0, ...events.map((e) => e.score.you)]);
    assert.deepEqual(chart.learner, [0, ...events.map((e) => e.score.learner)]);
    assert.deepEqual(chart.bound.slice(1), events.map((e) => e.score.bound));
    await pressPrimary(page, device); // See the score
    await page.waitForFunction(() => window.playground.exerciseLayer.state === 'done');
    assert.equal(await feedback(page), `In 3 samples you made 1 mistakes, the learner ${learnerMistakes}.`);
    const summary = await page.evaluate(() => window.playground.exerciseLayer.summary());
    assert.deepEqual({ kind: summary.kind, rounds: summary.rounds, done: summary.done, score: summary.score }, { kind: 'you-vs-learner', rounds: 3, done: 3, score: 2 });
    assert.deepEqual(summary.results, events);
    // The page's link replays in the command line to the same weights, to the bit.
    await page.waitForFunction(() => location.hash.includes('exercise=you-vs-learner'));
    const link = await page.evaluate(() => location.href);
    const cli = replayed(link);
    const model = await page.evaluate(() => Array.from(window.playground.figure.pg.model()));
    assert.deepEqual([...cli.model.weights, cli.model.bias], model, `onlinelearn replay ${link}`);
    assert.deepEqual(page.errors, []);
  });
}

test('You against the learner with the keyboard alone: Tab to a class, Enter answers, Enter goes on', async () => {
  const page = await open('desktop', 'algo=pa&preset=separable&seed=8&view=exercises&exercise=you-vs-learner&rounds=2');
  await asking(page, 1);
  const first = await nextSample(page);
  // Tab from the top of the page to the first class button (+1).
  for (let k = 0; k < 200; k++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.dataset?.label === '1')) break;
  }
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.label), '1', 'Tab reaches the class buttons');
  await page.keyboard.press('Enter');
  await revealed(page);
  // The way on has the focus: Enter asks the next round, whose first class button then has it.
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Next round');
  await page.keyboard.press('Enter');
  await asking(page, 2);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.label), '1');
  const second = await nextSample(page);
  await page.keyboard.press('Tab'); // to −1
  await page.keyboard.press('Enter');
  await revealed(page);
  const events = await page.evaluate(() => window.answered);
  assert.deepEqual(events.map((e) => e.answer.label), [1, -1]);
  assert.deepEqual(events.map((e) => e.right), [first.label === 1, second.label === -1]);
  assert.deepEqual(events.map((e) => e.truth.prediction), [first.prediction, second.prediction]);
  assert.deepEqual(page.errors, []);
});

test('You against PA on XOR: no separator, so no bound (Theorem 2 assumes one), and the panel says why', async () => {
  const page = await open('desktop', 'algo=pa&preset=xor&seed=2&view=exercises&exercise=you-vs-learner&rounds=20');
  let event = null;
  for (let round = 1; round <= 20; round++) {
    if (round > 1) await page.click('.exercise-buttons button.primary');
    await asking(page, round);
    const next = await nextSample(page);
    event = await label(page, 'desktop', next.label, round);
    if (event.score.bound === null) break;
  }
  assert.equal(event.score.bound, null, 'XOR stops being separable within 20 samples');
  assert.match(event.score.why, /^the samples are not linearly separable/);
  assert.match(await page.locator('.exercise-bound').textContent(), /^No bound drawn: the samples are not linearly separable, and the theorem assumes some u classifies every one with margin\.$/);
  // The chart's bound line stops where the theorem stops applying.
  const bound = await page.evaluate(() => window.playground.exerciseLayer.kind.chart.lines.get('bound').ys);
  assert.ok(Number.isFinite(bound[1]) && Number.isNaN(bound.at(-1)), `the bound drawn, then not: ${bound}`);
  await screenshot(page, 'exercises-you-vs-learner-xor');
  // In Italian too, with the theorems' words.
  await page.selectOption('#lang', 'it');
  await page.waitForFunction(() => /^Nessun limite tracciato: i campioni non sono linearmente separabili/.test(document.querySelector('.exercise-bound')?.textContent ?? ''));
  assert.deepEqual(page.errors, []);
});

test('<online-learner exercise="you-vs-learner"> under a strict CSP: the event, el.exercise, the counts', async () => {
  const page = await openStrictPost(site, 'vs-post.html', `<online-learner id="vs" state="algo=perceptron&preset=separable&seed=4" exercise="you-vs-learner" rounds="1"></online-learner>`);
  await elementAsking(page, 'vs');
  assert.deepEqual(await page.evaluate(() => document.getElementById('vs').exercise), { kind: 'you-vs-learner', rounds: 1, done: 0, score: 0, results: [] });
  const next = await page.evaluate(() => {
    const pg = document.getElementById('vs').figure.pg;
    const copy = new pg.constructor(pg.hash(''), undefined);
    copy.stream(1);
    const last = copy.last();
    return { label: last.label, mistake: last.mistake, model: Array.from(copy.model()) };
  });
  await page.locator('#vs').locator(`[data-label="${-next.label}"]`).click();
  await page.waitForFunction(() => document.getElementById('vs').exercise.done === 1);
  const [event] = await page.evaluate(() => window.answered);
  assert.equal(event.id, 'vs', 'the event comes from the element');
  assert.equal(event.detail.right, false);
  assert.deepEqual({ you: event.detail.score.you, learner: event.detail.score.learner }, { you: 1, learner: next.mistake ? 1 : 0 });
  const reported = await page.evaluate(() => document.getElementById('vs').exercise);
  assert.deepEqual({ done: reported.done, score: reported.score }, { done: 1, score: 0 });
  assert.deepEqual(reported.results[0], event.detail);
  assert.deepEqual(await page.evaluate(() => Array.from(document.getElementById('vs').figure.pg.model())), next.model);
  assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
  assert.deepEqual(page.errors, []);
});
