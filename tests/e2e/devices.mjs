// The desktop and the touch phone that the playground's walk-through tests
// (timeline, truth, theory, reset, teacher) run on: one server for a test
// file, one Chromium context per page, and every context closed after the
// file's tests, whatever they left open (a failed test must not hang the
// run).
import { before, after } from 'node:test';
import { launch, openPage, serve } from './harness.mjs';

export const DEVICES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844, hasTouch: true, isMobile: true },
};

/**
 * Serves the built site for this file's tests. Returns `url` (the site's,
 * once the tests start), `context(options)` (a Chromium context with
 * `launch`'s options), `open(device, hash, options)` (a page of a
 * device at `#hash`, with `openPage`'s options, once the playground's
 * figures are ready; its context closes with it) and `openEmbed(hash)`
 * (embed.html at `#hash` once its figure is made, its uncaught errors in
 * `page.errors`; `watch(page)` runs before it loads).
 */
export function useDevices() {
  let server;
  const contexts = [];
  before(async () => { server = await serve(); });
  after(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    await server.close();
  });
  async function context(options) {
    const made = await launch(options);
    contexts.push(made);
    return made;
  }
  async function open(device, hash = '', options = {}) {
    const made = await context(DEVICES[device]);
    const page = await openPage(made, `${server.url}/${hash ? `#${hash}` : ''}`, options);
    page.once('close', () => made.close());
    await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
    return page;
  }
  async function openEmbed(hash, { watch = () => {} } = {}) {
    const page = await (await context({ width: 900, height: 900 })).newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(String(e)));
    await watch(page);
    await page.goto(`${server.url}/embed.html#${hash}`);
    await page.waitForFunction(() => document.getElementById('figure')?.figure);
    return page;
  }
  return { context, open, openEmbed, get url() { return server.url; } };
}

/** The first figure's counts, and the number of points on its plane. */
export const counts = (page) => page.evaluate(() => ({ ...window.playground.figures[0].pg.counts(), points: window.playground.figures[0].pg.points_len() / 3 }));

/** Adds a point at a fraction of the plane: a click on a desktop (Shift: the other class), a tap on a phone. */
export async function addPoint(page, device, fx, fy, shift = false) {
  const overlay = page.locator('.plane .overlay').first();
  await overlay.scrollIntoViewIfNeeded();
  const box = await overlay.boundingBox();
  const [x, y] = [box.x + fx * box.width, box.y + fy * box.height];
  if (device === 'phone') return page.touchscreen.tap(x, y);
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.click(x, y);
  if (shift) await page.keyboard.up('Shift');
}

/** A drag along `path` (page pixels): the mouse, or a finger through the touch events Chromium turns into pointer events. */
export async function drag(page, device, path) {
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
  await cdp.detach();
}
