// Exercises: predict, then reveal (issue 35), in real Chromium, on a
// desktop and a touch phone. "Where does it go?" answered right (the
// guessed boundary dragged onto the update's, the right call) and wrong;
// the truth revealed is the session's own next update (the page's Model
// (JSON) and `onlinelearn replay` of the page's link give the same
// weights, to the bit); the score is the angle between the answer and
// that model; the `exercise-answered` event and what the exercise reports
// hold the same numbers. Done with the keyboard alone, in four languages,
// with its settings (tries, score, reveal) and their refusals, with the
// stream held while it asks, and in an <online-learner> under a strict
// Content-Security-Policy. Screenshots: target/e2e-screenshots/exercises-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, launch, screenshot, serve } from './harness.mjs';

const DEVICES = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844, hasTouch: true, isMobile: true },
};
const LINK = 'algo=pa&preset=separable&seed=3&view=exercises&exercise=where-next&rounds=2';
let server;
const contexts = [];
before(async () => {
  // The command line that replays a page's link (a no-op when it is up to date).
  execFileSync('cargo', ['build', '--quiet', '--bin', 'onlinelearn'], { cwd: ROOT, stdio: 'inherit' });
  server = await serve(process.env.SITE_DIR); // default: the built site (target/site)
});
after(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await server.close();
});

async function open(device, hash) {
  const context = await launch(DEVICES[device]);
  contexts.push(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.addInitScript(() => {
    window.answered = [];
    document.addEventListener('exercise-answered', (e) => window.answered.push(e.detail));
  });
  await page.goto(`${server.url}/#${hash}`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  return page;
}

const asking = (page, round) => page.waitForFunction((k) => {
  const layer = window.playground.exerciseLayer;
  return layer?.state === 'asking' && layer.round === k && !layer.preparing;
}, round);

/** The next update, computed independently: a copy of the session learns the next sample. */
const nextUpdate = (page) => page.evaluate(() => {
  const pg = window.playground.figure.pg;
  const copy = new pg.constructor(pg.hash(''), undefined);
  copy.stream(1);
  const last = copy.last();
  const out = { model: Array.from(copy.model()), aggressive: last.aggressive, x: last.x, y: last.y };
  copy.free();
  return out;
});

/** The angle in degrees between two boundaries' w (the exercise's score). */
function angle(a, b) {
  const cos = (a[0] * b[0] + a[1] * b[1]) / (Math.hypot(a[0], a[1]) * Math.hypot(b[0], b[1]));
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}

/** The reader's guessed boundary as a model (w unit, b). */
const guess = (page) => page.evaluate(() => {
  const g = window.playground.exerciseLayer.kind.guess;
  return [Math.cos(g.angle), Math.sin(g.angle), g.offset];
});

/** Page pixels of the turn handle, and where to drag it so that the guess has w along `model`'s. */
const turnPath = (page, model) => page.evaluate((m) => {
  const { handles } = window.playground.exerciseLayer.kind;
  const plane = handles.plane;
  const rect = plane.overlay.getBoundingClientRect();
  const move = handles.buttons.find((b) => b.dataset.role === 'move').handle;
  const turn = handles.buttons.find((b) => b.dataset.role === 'turn');
  const box = turn.getBoundingClientRect();
  const theta = Math.atan2(m[1], m[0]);
  // The turn handle turns the line about its foot, through the pointer (truth-handles.js).
  const [fx, fy] = move.at;
  const side = turn.handle.side;
  const target = [fx + side * 0.6 * -Math.sin(theta), fy + side * 0.6 * Math.cos(theta)];
  const from = [box.left + box.width / 2, box.top + box.height / 2];
  const to = [rect.left + plane.px(target[0]), rect.top + plane.py(target[1])];
  // One move: the pivot is the foot of the line as the drag started (a turned line has another foot).
  return [from, to];
}, model);

/** A drag along `path` (page pixels): the mouse, or a finger (Chromium turns touches into pointer events). */
async function drag(page, device, path) {
  if (device === 'desktop') {
    await page.mouse.move(...path[0]);
    await page.mouse.down();
    for (const p of path.slice(1)) await page.mouse.move(...p);
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, [x, y]) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', path[0]);
  for (const p of path.slice(1)) await touch('touchMove', p);
  await touch('touchEnd', path.at(-1));
}

const press = (page, device, selector) => (device === 'phone' ? page.tap(selector) : page.click(selector));
/** The panel's main button (Answer, Next round, See the score), tapped on the phone as a finger would. */
const pressPrimary = (page, device) => press(page, device, '.exercise-buttons button.primary');
const feedback = (page) => page.locator('.exercise-feedback').textContent();

/** `onlinelearn replay LINK --json`: the command line's model of a page's link. */
function replayed(link) {
  const out = execFileSync(join(ROOT, 'target', 'debug', 'onlinelearn'), ['replay', link, '--json'], { encoding: 'utf8' });
  return JSON.parse(out);
}

for (const device of ['desktop', 'phone']) {
  test(`Where does it go? (${device}): right, then wrong; the truth is the session's update, the score its angle, the link replays`, async () => {
    const page = await open(device, LINK);
    await asking(page, 1);
    const truth = await nextUpdate(page);
    // The sample is shown before the learner sees it: ringed, its coordinates in the panel.
    const before = await page.evaluate(() => window.playground.figure.pg.counts().samples);
    const sample = await page.evaluate(() => window.playground.exerciseLayer.kind.question.sample);
    assert.deepEqual([sample.x, sample.y], [truth.x, truth.y]);
    await page.locator('.exercise').scrollIntoViewIfNeeded();
    await press(page, device, `[data-call="${truth.aggressive ? 'aggressive' : 'passive'}"]`);
    await page.locator('.truth-handle.turn').scrollIntoViewIfNeeded();
    await drag(page, device, await turnPath(page, truth.model));
    const guessed = await guess(page);
    assert.ok(angle(guessed, truth.model) < 3, `the drag turned the guess onto the update: ${angle(guessed, truth.model)}°`);
    await screenshot(page, `exercises-where-next-asking-${device}`);
    await pressPrimary(page, device); // Answer
    await page.waitForFunction(() => window.playground.exerciseLayer.state === 'revealed');
    // The session itself learned the sample: its model is the copy's, and the page's Model (JSON).
    const shown = await page.evaluate(() => {
      const pg = window.playground.figure.pg;
      return { model: Array.from(pg.model()), samples: pg.counts().samples, exported: pg.model_export('').model };
    });
    assert.equal(shown.samples, before + 1);
    assert.deepEqual(shown.model, truth.model, 'the truth revealed is the update a copy of the session predicted');
    assert.deepEqual([...shown.exported.weights, shown.exported.bias], truth.model);
    const [first] = await page.evaluate(() => window.answered);
    assert.equal(first.kind, 'where-next');
    assert.equal(first.round, 1);
    assert.equal(first.right, true);
    assert.equal(first.score.call, true);
    assert.deepEqual(first.truth.boundary, truth.model);
    assert.equal(first.truth.call, truth.aggressive ? 'aggressive' : 'passive');
    assert.deepEqual(first.answer.boundary, guessed);
    assert.ok(Math.abs(first.score.angle - angle(guessed, truth.model)) < 1e-9, 'the score is the angle between the answer and the model');
    assert.match(await feedback(page), /right\./);
    // Held: the stream does not move while the answer shows.
    await page.waitForTimeout(1100); // the reveal's animation (900 ms) ends, and the answer stays
    await page.evaluate(() => window.playground.step());
    assert.equal(await page.evaluate(() => window.playground.figure.pg.counts().samples), before + 1);
    assert.match(await feedback(page), /The stream waits for the exercise/);
    await screenshot(page, `exercises-where-next-right-${device}`);
    const summary = await page.evaluate(() => window.playground.exerciseLayer.summary());
    assert.deepEqual({ kind: summary.kind, rounds: summary.rounds, done: summary.done, score: summary.score }, { kind: 'where-next', rounds: 2, done: 1, score: 1 });

    // Round 2: the wrong call.
    await pressPrimary(page, device); // Next round
    await asking(page, 2);
    const second = await nextUpdate(page);
    await press(page, device, `[data-call="${second.aggressive ? 'passive' : 'aggressive'}"]`);
    await pressPrimary(page, device); // Answer
    await page.waitForFunction(() => window.playground.exerciseLayer.state === 'revealed');
    const wrong = (await page.evaluate(() => window.answered))[1];
    assert.equal(wrong.round, 2);
    assert.equal(wrong.right, false);
    assert.equal(wrong.score.call, false);
    assert.deepEqual(wrong.truth.boundary, second.model);
    assert.ok(Math.abs(wrong.score.angle - angle(wrong.answer.boundary, second.model)) < 1e-9);
    assert.match(await feedback(page), /is wrong/);
    await screenshot(page, `exercises-where-next-wrong-${device}`);
    await pressPrimary(page, device); // See the score
    await page.waitForFunction(() => window.playground.exerciseLayer.state === 'done');
    assert.match(await feedback(page), /^1 of 2 rounds right/);
    const done = await page.evaluate(() => window.playground.exerciseLayer.summary());
    assert.deepEqual({ done: done.done, score: done.score }, { done: 2, score: 1 });

    // The page's link (the exercise's state) replays in the command line to the same weights, to the bit.
    await page.waitForFunction(() => location.hash.includes('exercise=where-next'));
    const link = await page.evaluate(() => location.href);
    const cli = replayed(link);
    assert.deepEqual([...cli.model.weights, cli.model.bias], second.model, `onlinelearn replay ${link}`);
    assert.deepEqual(page.errors, []);
  });
}

test('Where does it go? with the keyboard alone: Space calls, the arrows turn the guess, Enter answers', async () => {
  const page = await open('desktop', 'algo=pa1&preset=overlapping&seed=11&view=exercises&exercise=where-next&rounds=1');
  await asking(page, 1);
  const truth = await nextUpdate(page);
  await page.focus(`[data-call="${truth.aggressive ? 'aggressive' : 'passive'}"]`);
  await page.keyboard.press('Space');
  assert.equal(await page.evaluate(() => window.playground.exerciseLayer.kind.call), truth.aggressive ? 'aggressive' : 'passive');
  // The chosen call keeps the focus (the panel is drawn again).
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-checked')), 'true');
  await page.focus('.truth-handle.turn');
  const label = await page.getAttribute('.truth-handle.turn', 'aria-label');
  assert.match(label, /Turn your boundary/);
  // The arrows turn the guess 2° a press: towards the update's boundary.
  let gap = angle(await guess(page), truth.model);
  for (let presses = 0; gap > 1.5 && presses < 200; presses++) {
    await page.keyboard.press('ArrowLeft');
    const next = angle(await guess(page), truth.model);
    if (next > gap) {
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      gap = angle(await guess(page), truth.model);
      for (; gap > 1.5 && presses < 200; presses++) {
        await page.keyboard.press('ArrowRight');
        gap = angle(await guess(page), truth.model);
      }
      break;
    }
    gap = next;
  }
  assert.ok(gap <= 1.5, `the keys turned the guess onto the update: ${gap}°`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.playground.exerciseLayer.state === 'revealed');
  const [round] = await page.evaluate(() => window.answered);
  assert.equal(round.right, true);
  assert.deepEqual(round.truth.boundary, truth.model);
  assert.deepEqual(page.errors, []);
});

test("the settings: unlimited tries, the score hidden, no answers shown; each bad value refused by name", async () => {
  const page = await open('desktop', 'algo=pa&preset=separable&seed=5&view=exercises&exercise=where-next&rounds=1&tries=unlimited&score=0&reveal=0');
  await asking(page, 1);
  const truth = await nextUpdate(page);
  await page.click(`[data-call="${truth.aggressive ? 'passive' : 'aggressive'}"]`);
  await page.click('.exercise-buttons button.primary');
  // A wrong answer with tries left: asked again, without saying how far off (the score is hidden).
  assert.equal(await page.evaluate(() => window.playground.exerciseLayer.state), 'asking');
  assert.equal(await feedback(page), 'Not right yet. Try again.');
  // Answers cannot be revealed: the way on is to skip.
  await page.click('button:text("Skip this round")');
  await page.waitForFunction(() => window.playground.exerciseLayer.state === 'revealed');
  const [round] = await page.evaluate(() => window.answered);
  assert.equal(round.right, false);
  assert.equal(round.tries, 1);
  const said = await feedback(page);
  assert.doesNotMatch(said, /The learner was|°/, 'neither the truth nor the score is shown');
  // The link holds the settings as the exercise read them.
  await page.waitForFunction(() => location.hash.includes('exercise='));
  assert.match(await page.evaluate(() => location.hash), /exercise=where-next&rounds=1&tries=unlimited&score=0&reveal=0/);

  // Bad values: each refused by name with the values it takes.
  await page.goto(`${server.url}/#algo=pa&view=exercises&exercise=where-next&rounds=0&tries=3&reveal=maybe`);
  await page.waitForFunction(() => window.playground?.exerciseLayer?.state === 'asking');
  const error = await page.locator('#error-text').textContent();
  assert.match(error, /rounds=0 was left out: the rounds are a whole number from 1 to 50/);
  assert.match(error, /tries=3 was left out: tries per round are 1 or unlimited/);
  assert.match(error, /reveal=maybe was left out: answers can be revealed \(1\) or not \(0\)/);
  assert.equal(await page.evaluate(() => window.playground.exerciseLayer.setup.rounds), 5);
  // An exercise not finished yet is refused, and shown as not available in the list.
  await page.goto(`${server.url}/#algo=pa&view=exercises&exercise=by-hand`);
  await page.waitForSelector('.exercise-list');
  assert.match(await page.locator('#error-text').textContent(), /exercise=by-hand was left out: this exercise is not available yet/);
  assert.deepEqual(await page.$$eval('.exercise-list button', (bs) => bs.map((b) => [b.dataset.exercise, b.disabled])),
    [['where-next', false], ['you-vs-learner', true], ['adversary', true], ['by-hand', true]]);
  await screenshot(page, 'exercises-list');
  assert.deepEqual(page.errors, []);
});

test('the stream waits while it asks; a click, Reset, another learner, a language and a view are handled', async () => {
  const page = await open('desktop', 'algo=pa&preset=separable&seed=7&view=exercises&exercise=where-next&rounds=3');
  await asking(page, 1);
  const samples = () => page.evaluate(() => window.playground.figure.pg.counts().samples);
  const n = await samples();
  await page.click('#step');
  await page.click('#play');
  await page.waitForTimeout(300);
  assert.equal(await samples(), n, 'Step and Play wait for the answer');
  assert.equal(await page.evaluate(() => window.playground.playing), false);
  // A click on the plane adds no point: said.
  const points = await page.evaluate(() => window.playground.figure.pg.points_len());
  const box = await page.locator('.plane .overlay').boundingBox();
  await page.mouse.click(box.x + 20, box.y + 20);
  assert.equal(await page.evaluate(() => window.playground.figure.pg.points_len()), points);
  assert.match(await feedback(page), /takes no points/);
  // Reset: the round asks again from where the learner is now.
  await page.click('#reset');
  await page.waitForFunction(() => /asks again/.test(document.querySelector('.exercise-feedback').textContent) && !window.playground.exerciseLayer.preparing);
  assert.equal(await page.evaluate(() => window.playground.exerciseLayer.round), 1);
  const asked = await page.evaluate(() => window.playground.exerciseLayer.kind.question.sample);
  const truth = await nextUpdate(page);
  assert.deepEqual([asked.x, asked.y], [truth.x, truth.y], 'the question is the session’s next sample after the reset');
  // A kernel learner has no line: said; back to PA, the round is asked again.
  await page.selectOption('#algo', 'kernel-perceptron');
  await page.waitForFunction(() => window.playground.exerciseLayer?.state === 'refused');
  assert.match(await page.locator('.exercise-refusal').textContent(), /boundary is a curve/);
  await page.selectOption('#algo', 'pa');
  await page.waitForFunction(() => window.playground.exerciseLayer?.state === 'asking' && !window.playground.exerciseLayer.preparing);
  // A language switch: the panel speaks it, with its numbers; the round goes on.
  const question = await page.evaluate(() => window.playground.exerciseLayer.kind.question.sample);
  await page.selectOption('#lang', 'ja');
  await page.waitForFunction(() => document.querySelector('.exercise h2')?.textContent === 'どこへ動く？');
  await page.waitForFunction(() => window.playground.exerciseLayer?.state === 'asking');
  assert.deepEqual(await page.evaluate(() => window.playground.exerciseLayer.kind.question.sample), question);
  assert.match(await page.locator('.exercise').textContent(), /ラウンド 1\/3/);
  await screenshot(page, 'exercises-where-next-ja');
  await page.selectOption('#lang', 'it');
  await page.waitForFunction(() => document.querySelector('.exercise h2')?.textContent === 'Dove va?');
  await page.click('[data-call="aggressive"]');
  await page.click('.exercise-buttons button.primary');
  await page.waitForFunction(() => window.playground.exerciseLayer.state === 'revealed');
  // Italian: the angle with a decimal comma.
  assert.match(await feedback(page), /a \d+,\d° da quello dell'algoritmo/);
  // Another view: the exercise goes, the stream is free; back, the list's exercise starts again.
  await page.click('button[data-view="classify"]');
  await page.waitForFunction(() => !window.playground.exerciseLayer && document.getElementById('exercise-place').hidden);
  const m = await samples();
  await page.click('#step');
  assert.equal(await samples(), m + 1);
  await page.click('button[data-view="exercises"]');
  await page.waitForFunction(() => window.playground.exerciseLayer?.state === 'asking');
  // Leave: the list of the four.
  await page.click('button:text("Esci dall\'esercizio")');
  await page.waitForSelector('.exercise-list');
  assert.equal(await page.evaluate(() => window.playground.exerciseLayer), null);
  assert.deepEqual(page.errors, []);
});

test('the links a teacher copies: the same challenge, a new seed for each student, the embed code', async () => {
  const page = await open('desktop', LINK);
  await asking(page, 1);
  const question = await page.evaluate(() => window.playground.exerciseLayer.kind.question.sample);
  // Copying is asynchronous (the link's module loads first): wait for the new text, not the last one.
  const copied = async (text) => {
    const before = await page.evaluate(() => window.playground.exerciseLayer.copied ?? null);
    await page.click(`.exercise-buttons button:text("${text}")`);
    const handle = await page.waitForFunction((last) => {
      const now = window.playground.exerciseLayer.copied ?? null;
      return now !== last && now;
    }, before);
    return handle.jsonValue();
  };
  const same = await copied('Copy the link (the same challenge for everyone)');
  const fresh = await copied('Copy the link (a new seed for each student)');
  const embed = await copied('Copy embed code');
  assert.match(same, /seed=3&.*view=exercises.*exercise=where-next&rounds=2&tries=1&score=1&reveal=1$/);
  assert.match(fresh, /seed=new/);
  assert.match(embed, /<online-learner state="[^"]*seed=3[^"]*" exercise="where-next" rounds="2" tries="1" score="1" reveal="1"><\/online-learner>/);
  // The same challenge: a student opening the link gets the same question.
  const student = await open('desktop', same.split('#')[1]);
  await asking(student, 1);
  assert.deepEqual(await student.evaluate(() => window.playground.exerciseLayer.kind.question.sample), question);
  // A new seed: a seed of the student's own, in their link.
  const other = await open('desktop', fresh.split('#')[1]);
  await asking(other, 1);
  const seed = await other.evaluate(() => window.playground.figure.pg.settings().seed);
  assert.ok(Number.isInteger(seed) && seed !== 3, `a fresh seed: ${seed}`);
  await other.waitForFunction((s) => location.hash.includes(`seed=${s}`), seed);
  assert.deepEqual([...page.errors, ...student.errors, ...other.errors], []);
});

test('<online-learner exercise="where-next"> under a strict CSP: the event, el.exercise, a new seed', async () => {
  const context = await launch(DEVICES.desktop);
  contexts.push(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.route('**/exercise-post.html', (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'">
<script type="module" src="/embed.js"></script></head><body>
<online-learner id="ex" state="algo=pa&preset=separable&seed=3" exercise="where-next" rounds="1"></online-learner>
<online-learner id="fresh" algo="pa" preset="separable" seed="new" exercise="where-next" rounds="1" score="0"></online-learner>
</body></html>`,
  }));
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`));
    window.answered = [];
    document.addEventListener('exercise-answered', (e) => window.answered.push({ id: e.target.id, detail: e.detail }));
  });
  await page.goto(`${server.url}/exercise-post.html`);
  await page.waitForFunction(() => document.getElementById('ex').exerciseLayer?.state === 'asking' && !document.getElementById('ex').exerciseLayer.preparing);
  assert.deepEqual(await page.evaluate(() => document.getElementById('ex').exercise), { kind: 'where-next', rounds: 1, done: 0, score: 0, results: [] });
  const truth = await page.evaluate(() => {
    const pg = document.getElementById('ex').figure.pg;
    const copy = new pg.constructor(pg.hash(''), undefined);
    copy.stream(1);
    return { model: Array.from(copy.model()), aggressive: copy.last().aggressive };
  });
  const el = page.locator('#ex');
  await el.locator(`[data-call="${truth.aggressive ? 'passive' : 'aggressive'}"]`).click();
  await el.locator('.exercise-buttons button.primary').click();
  await page.waitForFunction(() => document.getElementById('ex').exercise.done === 1);
  const [event] = await page.evaluate(() => window.answered);
  assert.equal(event.id, 'ex', 'the event comes from the element');
  assert.equal(event.detail.right, false);
  assert.deepEqual(event.detail.truth.boundary, truth.model);
  const reported = await page.evaluate(() => document.getElementById('ex').exercise);
  assert.deepEqual({ done: reported.done, score: reported.score }, { done: 1, score: 0 });
  assert.deepEqual(reported.results[0].truth.boundary, truth.model);
  assert.deepEqual(await page.evaluate(() => Array.from(document.getElementById('ex').figure.pg.model())), truth.model);
  // seed="new": a seed of this reader's own.
  await page.locator('#fresh').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('fresh').exerciseLayer?.state === 'asking');
  const seed = await page.evaluate(() => document.getElementById('fresh').figure.pg.settings().seed);
  assert.ok(Number.isInteger(seed), `seed ${seed}`);
  await page.locator('#ex').scrollIntoViewIfNeeded();
  await screenshot(page, 'exercises-embed');
  assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
  assert.deepEqual(page.errors, []);
});
