// The explanation panel tells what each learner's rule did with the last
// sample, with its own numbers: one-vs-rest's class learners, Crammer &
// Singer's step, the pocket and the perceptron underneath, the kernel
// learners' branches, and regression's target on wide data. Each case opens
// a link, steps (the Step button's action) until the update it is about
// happens, and checks that the panel's text holds the numbers of
// Playground.last() and a verdict that agrees with them, on a desktop and
// a phone's viewport.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useBrowser } from './harness.mjs';
import { VIEWPORTS, opener, stepUntil, format, verdict, shot } from './explain-steps.mjs';

const browser = useBrowser();

const open = opener(browser);

for (const [device, viewport] of VIEWPORTS) {
  test(`${device}: one-vs-rest shows each class learner's own margin, loss and step`, async () => {
    const page = await open('algo=pa1&preset=three-classes&seed=3&c=0.5', viewport, 'pa1');
    // The teacher's case: no multiclass loss, yet a class learner stepped.
    const { last, text } = await stepUntil(page, (l) => l.loss === 0 && l.aggressive);
    assert.ok(!/ℓ = max\(0, 1 − m\) = 0\s/.test(text.split('rule')[0]), 'no multiclass loss row before the rule');
    const stepped = last.learners.filter((l) => l.aggressive);
    assert.ok(stepped.length > 0);
    for (const l of last.learners) {
      for (const v of [l.score, l.margin, l.loss, l.tau]) assert.ok(text.includes(await format(page, v)), `class ${l.class + 1}: ${v} in ${text}`);
    }
    const said = await verdict(page);
    assert.match(said, /^Aggressive: /);
    for (const l of stepped) {
      assert.ok(said.includes(`class ${l.class + 1}'s learner stepped (τ = ${await format(page, l.tau)})`), said);
      assert.ok(said.includes(`from ${await format(page, l.margin)} to ${await format(page, l.reached)}`), said);
    }
    await shot(page, 'one-vs-rest', device);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`${device}: Crammer-Singer fills τ with ℓ, ‖x‖² and C`, async () => {
    const page = await open('algo=pa1&preset=three-classes&multiclass=crammer-singer&c=0.2&seed=3', viewport, 'pa1');
    const { text, n } = await stepUntil(page, (l) => l.aggressive);
    assert.ok(text.includes(`τ = min(0.2, ${n.loss} / (2·${n.sq})) = ${n.tau}`), text);
    assert.match(await verdict(page), new RegExp(`^Aggressive: the margin went from ${n.margin} to ${n.reached}`));
    await shot(page, 'crammer-singer', device);
    await page.close();
  });

  test(`${device}: the pocket shows the perceptron underneath and why it kept or swapped`, async () => {
    const page = await open('algo=pocket&preset=overlapping&seed=2', viewport, 'pocket');
    // The perceptron stepped, the pocket kept its weights: its margin stays.
    let { last, text, n } = await stepUntil(page, (l) => l.aggressive);
    assert.ok(text.includes(`f(x) = w·x + b = ${n.score}`), 'the pocket is what is judged');
    let said = await verdict(page);
    assert.ok(said.startsWith(`Aggressive: the perceptron underneath (dotted) scored f(x) = ${n.perceptron}, a mistake, so it stepped by η = ${n.tau}`), said);
    assert.ok(said.includes(`margin stays ${n.margin}`), said);
    assert.ok(last.label * last.perceptron <= 0);
    // The pocket errs but the perceptron underneath was right: passive.
    ({ last, text, n } = await stepUntil(page, (l) => l.mistake && !l.aggressive));
    assert.match(text, /✗ mistake/);
    said = await verdict(page);
    assert.ok(said.startsWith(`Passive: the perceptron underneath (dotted) scored f(x) = ${n.perceptron}, right, so it does not move`), said);
    assert.ok(last.label * last.perceptron > 0);
    // A record run that earns the pocket the perceptron's weights.
    ({ last, n } = await stepUntil(page, (l) => l.branch2 === 6));
    said = await verdict(page);
    assert.ok(said.includes(`after a record run of ${n.run} it errs on ${n.errs} of the samples judged and the pocket on ${n.pocket}`), said);
    assert.ok(last.errs <= last.pocket);
    await shot(page, 'pocket-swap', device);
    await page.close();
  });

  test(`${device}: regression on wide data shows the target, not the plane's y`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'onlinelearn-explain-'));
    const path = join(dir, 'wide.csv');
    const rows = ['a,b,c,target'];
    for (let i = 0; i < 30; i++) rows.push(`${(i % 5) / 4},${(i % 7) / 6},${(i % 3) / 2},${(2 + i % 5 - 0.5 * (i % 3)).toFixed(2)}`);
    await writeFile(path, `${rows.join('\n')}\n`);
    const page = await open('algo=pa1', viewport, 'pa1');
    await page.setInputFiles('#file-input', path);
    await page.waitForFunction(() => window.playground.figures[0].pg.file_name() === 'wide.csv' && window.playground.figures[0].pg.task() === 'regression');
    const { last, text, n } = await stepUntil(page, (l) => l.label !== 0);
    assert.ok(text.includes(`y = ${n.label}`), text);
    assert.ok(text.includes(`y − f(x) = ${n.margin}`), text);
    assert.equal(last.margin, last.label - last.score);
    await shot(page, 'wide-regression', device);
    await page.close();
  });
}
