// Save's "Copy embed code" as a blog author pastes it: the <iframe> it
// writes, opened at its own width and height, holds the whole figure with
// its explanation (nothing cut off below the frame), in English, Chinese
// and Italian (the tallest), with the Theory layer off and on, for a
// linear and a kernel learner; and the <online-learner> beside it names
// the same session.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, screenshot } from './harness.mjs';
import { act, openCatchingCopies } from './copying.mjs';

const browser = useBrowser({ width: 1280, height: 900 });

/** The iframe of a copied embed code: its address (on the test's server), width and height. */
function frameOf(code) {
  const iframe = /<iframe src="([^"]*)"[^>]* width="(\d+)" height="(\d+)"/.exec(code);
  assert.ok(iframe, code);
  return { src: iframe[1], width: Number(iframe[2]), height: Number(iframe[3]) };
}

const CASES = [['en', false, 'pa1'], ['zh-CN', false, 'arow'], ['it', false, 'arow'], ['it', true, 'arow'], ['it', true, 'kernel-perceptron']];

for (const [lang, theory, algo] of CASES) {
  test(`the copied iframe holds its figure and explanation (${algo}, ${lang}${theory ? ', Theory on' : ''})`, async () => {
    const page = await openCatchingCopies(browser, `algo=${algo}&preset=noisy-labels&seed=7&lang=${lang}`);
    await act(page, (pg) => pg.stream(400));
    if (theory) {
      await page.click('#theory');
      await page.waitForFunction(() => window.playground.page.theory && !window.playground.replaying);
    }
    await page.click('#embed');
    const code = await page.waitForFunction(() => window.copied.at(-1)).then((h) => h.jsonValue());
    const element = /<online-learner state="([^"]*)"/.exec(code)[1];
    assert.equal(element, await page.evaluate(() => window.playground.goodHash));
    const { src, width, height } = frameOf(code);
    assert.match(src, /explain=1/);
    const frame = await openPage(browser.context, src);
    await frame.setViewportSize({ width, height });
    await frame.waitForFunction(() => {
      const el = document.getElementById('figure');
      return el?.figure && !el.replaying && !el.rebuilding && el.shadowRoot.querySelector('.explain')?.textContent;
    });
    await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const tall = await frame.evaluate(() => document.documentElement.scrollHeight);
    await screenshot(frame, `embed-code-${algo}-${lang}${theory ? '-theory' : ''}`);
    assert.ok(tall <= height, `the frame's page is ${tall} px tall, the copied iframe ${height}`);
    assert.deepEqual([...page.errors, ...frame.errors], []);
    await frame.close();
    await page.close();
  });
}
