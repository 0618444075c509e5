// The kernel learners' explanations: each one's formula with the update's
// numbers filled in, and a verdict naming the branch its rule took
// (projected, added, not drawn, removed by the budget) with the numbers
// that chose it; on a desktop and a phone's viewport.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './harness.mjs';
import { VIEWPORTS, opener, stepUntil, verdict, shot } from './explain-steps.mjs';

const browser = useBrowser();
const open = opener(browser);

const has = (text, part) => assert.ok(text.includes(part), `${part}\n  not in\n${text}`);

for (const [device, viewport] of VIEWPORTS) {
  test(`${device}: the Projectron says how far x is from the span, and whether it projected or added`, async () => {
    const page = await open('algo=projectron&preset=xor&seed=2&eta=0.6', viewport, 'projectron');
    for (const [branch, word] of [[2, '≤'], [3, '>']]) {
      const { text, n } = await stepUntil(page, (l) => l.branch1 === branch);
      has(text, `‖Px‖² = k·K⁻¹k = ${n.px};  δ = √(k(x,x) − ‖Px‖²) = √(${n.sq} − ${n.px}) = ${n.delta}`);
      const said = await verdict(page);
      has(said, `Aggressive: m ≤ 0 and δ = ${n.delta} ${word} η = 0.6: x ${branch === 2 ? 'is projected onto the span of S' : 'joins S with α = y'}`);
      has(said, `the margin went from ${n.margin} to ${n.reached}.`);
      if (branch === 2) await shot(page, 'projectron-projected', device);
    }
    await page.close();
  });

  test(`${device}: Projectron++ fills τ with ℓ, δ/η and ‖Px‖² on a margin error`, async () => {
    const page = await open('algo=projectron++&preset=xor&seed=2&eta=0.6', viewport, 'projectron++');
    const { text, n } = await stepUntil(page, (l) => l.branch1 === 5);
    has(text, `τ = min(ℓ/‖Px‖², 2(ℓ − δ/η)/‖Px‖², 1) = min(${n.loss}/${n.px}, 2(${n.loss} − ${n.penalty})/${n.px}, 1) = ${n.tau}`);
    has(await verdict(page), `Aggressive: 0 < m < 1 and ℓ − δ/η = ${n.loss} − ${n.penalty} > 0: α += τ y K⁻¹k with τ = ${n.tau}`);
    await shot(page, 'projectron-plus', device);
    await page.close();
  });

  test(`${device}: kernel PA-I says where the budget's removal left the margin`, async () => {
    const page = await open('algo=kernel-pa1&preset=xor&seed=2&budget=5&c=10', viewport, 'kernel-pa1');
    const { text, n } = await stepUntil(page, (l) => l.removed > 0 && Math.abs(l.reached - l.stepped) > 1e-3);
    has(text, `τ = min(10, ${n.loss} / ${n.sq}) = ${n.tau}`);
    const said = await verdict(page);
    has(said, `margin went from ${n.margin} to ${n.reached}.`);
    has(said, `The step brought the margin to ${n.stepped}; removing 1 support vector for the budget moved it to ${n.reached}.`);
    await shot(page, 'kernel-pa-removal', device);
    await page.close();
  });

  test(`${device}: SPA and OLRU show their probability, and a sample not drawn`, async () => {
    let page = await open('algo=spa&preset=xor&seed=2&spa-alpha=0.5&spa-beta=2&c=1', viewport, 'spa');
    let { n } = await stepUntil(page, (l) => l.branch1 === 2);
    has(await verdict(page), `Passive: ℓ = max(0, ρ − m) = ${n.ell} > 0, but x was not drawn to join: its probability was p = min(α, ℓ)/β = min(0.5, ${n.ell})/2 = ${n.p}.`);
    ({ n } = await stepUntil(page, (l) => l.branch1 === 1));
    has(await verdict(page), `x was drawn to join, with probability p = min(α, ℓ)/β = min(0.5, ${n.ell})/2 = ${n.p}; its coefficient is min(C/p, ℓ/k(x,x)) = min(1/${n.p}, ${n.ell}/${n.sq}) = ${n.tau}`);
    await shot(page, 'spa', device);
    await page.close();

    page = await open('algo=olru&preset=xor&seed=2&horizon=400', viewport, 'olru');
    let text;
    ({ text, n } = await stepUntil(page, (l) => l.branch1 === 1));
    has(text, `P = min(1, c·T^−a) = min(1, 1.2·400^−0.2) = ${n.p}`);
    has(await verdict(page), `and x was drawn (probability P = ${n.p}): it joins with coefficient η ℓ = 1·${n.ell} = ${n.tau}`);
    await page.close();
  });

  test(`${device}: OLRD, APSM and ALD fill their steps and say what became of x`, async () => {
    let page = await open('algo=olrd&preset=xor&seed=2&budget=4', viewport, 'olrd');
    let { text, n } = await stepUntil(page, (l) => l.branch1 === 2);
    has(text, `coefficient = η ℓ = 1·${n.ell} = ${n.tau}`);
    has(await verdict(page), `the set went past B = 4, so a random support vector was discarded. The step brought the margin to ${n.stepped}`);
    await page.close();

    page = await open('algo=apsm&preset=xor&seed=2', viewport, 'apsm');
    ({ text, n } = await stepUntil(page, (l) => l.branch1 === 1));
    has(text, `μ = λ·Σⱼ(1 + kⱼⱼ)βⱼ²/wⱼ / βᵀ(1 + G)β = 0.1·${n.num}/${n.den} = ${n.tau}`);
    has(await verdict(page), `samples of the window below the margin ρ = ${n.rho}: ${n.late}; γ += μβ and b += μΣβ with μ = ${n.tau}`);
    await shot(page, 'apsm', device);
    await page.close();

    page = await open('algo=ald-projection&preset=xor&seed=2&nu=0.3', viewport, 'ald-projection');
    ({ text, n } = await stepUntil(page, (l) => l.branch1 === 3 && l.branch2 === 5));
    has(text, `δ = k(x,x) − k·K⁻¹k = ${n.sq} − ${n.px} = ${n.delta}`);
    has(text, `μ = λ·Σⱼ wⱼℓⱼ²/k(xⱼ,xⱼ) / βᵀG_Jβ = 0.1·${n.num}/${n.den} = ${n.tau}`);
    has(await verdict(page), `Aggressive: δ = ${n.delta} ≤ ν = 0.3: x is represented by its projection K⁻¹k (the dictionary does not grow); the window's samples below the margin ρ = 1 move Υ by μ βᵀA with μ = ${n.tau}`);
    await shot(page, 'ald', device);
    await page.close();
  });
}
