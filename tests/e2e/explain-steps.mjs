// The explanation tests' steps (explain.test.mjs, explain-kernel.test.mjs):
// open a link on a viewport, step until an update of a kind, read the
// panel and the page's own rendering of the numbers.
import { join } from 'node:path';
import { openPage, screenshot, SCREENSHOTS } from './harness.mjs';

export const VIEWPORTS = [['desktop', null], ['phone', { width: 390, height: 844 }]];

/** Opens a link on `viewport` (null: the browser's) once its learner runs. */
export const opener = (browser) => async (hash, viewport, algorithm) => {
  const page = await openPage(browser.context, `${browser.server.url}/#${hash}`);
  if (viewport) await page.setViewportSize(viewport);
  await page.waitForFunction((name) => {
    const app = window.playground;
    return app?.figures?.length > 0 && !app.replaying && app.figures[0].pg.algorithm() === name;
  }, algorithm);
  return page;
};

/**
 * Steps until `when(last)` holds (at most `limit` samples) and the panel
 * shows that sample; resolves to { last, text, n }: n holds last's numbers
 * as the page writes them.
 */
export async function stepUntil(page, when, limit = 3000) {
  for (let i = 0; i < limit; i++) {
    const { last, samples } = await page.evaluate(() => {
      window.playground.step();
      const pg = window.playground.figures[0].pg;
      return { last: pg.last(), samples: pg.counts().samples };
    });
    if (!when(last)) continue;
    await page.waitForFunction((n) => document.getElementById('explain').textContent.includes(`sample ${n.toLocaleString('en')}`), samples);
    const text = await page.textContent('#explain');
    const n = await page.evaluate(async (l) => {
      const { num } = await import('/js/format.js');
      return Object.fromEntries(Object.entries(l).filter(([, v]) => typeof v === 'number').map(([k, v]) => [k, num(v)]));
    }, last);
    return { last, text, n };
  }
  throw new Error(`no sample met ${when} in ${limit} steps`);
}

/** The page's rendering of a number. */
export const format = (page, v) => page.evaluate(async (x) => (await import('/js/format.js')).num(x), v);

export const verdict = (page) => page.textContent('#explain .verdict');

/** The whole page, and the panel alone (easier to read on a phone's long page). */
export async function shot(page, name, device) {
  await page.locator('#explain').scrollIntoViewIfNeeded();
  await screenshot(page, `explain-${name}-${device}`);
  await page.locator('#explain').screenshot({ path: join(SCREENSHOTS, `explain-${name}-${device}-panel.png`) });
}
