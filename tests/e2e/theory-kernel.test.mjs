// The Theory layer for a kernel learner (issue 38, item 3) in real
// Chromium: below the comparators against lines, its kernel's feature
// space, R, separability there, γ*, the soft-margin minimisers, its
// bounds (Novikoff's for the kernel perceptron, holding), solved in slices
// between frames, in the language shown; in Compare, each kernel
// learner's own. The screenshots go to target/e2e-screenshots/theory-kernel-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from './harness.mjs';
import { useDevices } from './devices.mjs';

const site = useDevices();

/** Waits for every kernel figure's feature-space report over `rounds` rounds. */
const kernelAt = (page, rounds) => page.waitForFunction((n) => {
  const app = window.playground;
  return app.theory && !app.replaying && app.figures.every((f) => f.theory?.kernel?.report?.rounds >= n);
}, rounds, { timeout: 60000 });

test('desktop: a kernel perceptron on XOR is separable in its Gaussian space, and Novikoff\'s bound holds there', async () => {
  const page = await site.open('desktop', 'algo=kernel-perceptron&preset=xor&theory=1');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(150)));
  await kernelAt(page, 150);
  const kernel = await page.evaluate(() => window.playground.figures[0].theory.kernel);
  assert.equal(kernel.report.kind, 'gaussian');
  assert.equal(kernel.report.rounds, 150);
  const novikoff = kernel.report.bounds.find((b) => b.name === 'novikoff');
  assert.ok(novikoff.value == null || novikoff.value >= novikoff.actual, JSON.stringify(novikoff));
  const text = await page.locator('#theory-place').innerText();
  assert.match(text, /In the feature space of its kernel/);
  assert.match(text, /the Gaussian kernel, σ = /);
  assert.match(text, /R = max √k\(x,x\)/);
  assert.match(text, /Novikoff \(1962\)/);
  await screenshot(page, 'theory-kernel-desktop');
  // In Italian, the kernel's words are Italian.
  await page.selectOption('#lang', 'it');
  await page.waitForFunction(() => document.documentElement.lang === 'it' && !window.playground.replaying && window.playground.theory);
  await kernelAt(page, 150);
  await page.waitForFunction(() => document.querySelector('#theory-place')?.innerText.includes('Nello spazio delle feature del suo kernel'));
  const italian = await page.locator('#theory-place').innerText();
  assert.match(italian, /il kernel gaussiano, σ = /);
  assert.doesNotMatch(italian, /In the feature space of its kernel/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Compare: each kernel learner\'s feature space, its bounds or why none, a budget\'s removals said', async () => {
  const page = await site.open('desktop', 'algo=kernel-pa1&preset=moons&view=compare&algos=kernel-pa1,kernel-pa2,projectron&budget=20&theory=1');
  await page.waitForFunction(() => window.playground.figures.length === 3 && !window.playground.replaying, null, { timeout: 60000 });
  await page.evaluate(() => window.playground.act((pg) => pg.stream(120)));
  await kernelAt(page, 120);
  await page.waitForFunction(() => document.querySelectorAll('.theory-kernel').length === 3);
  const text = await page.locator('#theory-place').innerText();
  assert.match(text, /Crammer et al\. 2006, Theorem 4/);
  assert.match(text, /Orabona, Keshet & Caputo/);
  const kernels = await page.evaluate(() => window.playground.figures.map((f) => f.theory.kernel.report));
  for (const r of kernels.slice(0, 2)) {
    // A budget of 20 over 120 moons samples removed support vectors: no number, the reason.
    if (r.removals > 0) assert.ok(r.bounds.every((b) => b.value == null && /removed support vectors/.test(b.reason)), JSON.stringify(r.bounds));
  }
  assert.ok(kernels.some((r) => r.removals > 0), 'a budget of 20 was reached');
  await screenshot(page, 'theory-kernel-compare');
  assert.deepEqual(page.errors, []);
  await page.close();
});
