// Shared by the browser tests and the browser benchmarks: a static server
// for the built site (target/site: www/ with its JS and CSS minified, as it
// ships; `cargo xtask build` makes it) on a free port, and Debian's Chromium driven by playwright-core
// (never a downloaded browser).
import { createServer } from 'node:http';
import { mkdtemp, readFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOTS = join(ROOT, 'target', 'e2e-screenshots');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json',
  '.csv': 'text/csv; charset=utf-8', '.txt': 'text/plain; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.ico': 'image/x-icon',
};

/**
 * Serves a folder (SITE_DIR if set, else the built site); resolves to { url, close }.
 * E2E_SLOW_MS=n holds each response a random 0 to n ms, so files arrive
 * late and out of order, as on a busy CI machine: a test that reads the
 * page before what it reads has loaded fails here rather than once in CI.
 */
export async function serve(folder = process.env.SITE_DIR ?? join(ROOT, 'target', 'site')) {
  const slow = Number(process.env.E2E_SLOW_MS ?? 0);
  const server = createServer(async (request, response) => {
    if (slow > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * slow));
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = normalize(join(folder, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(folder)) return response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
      response.end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** A fresh Chromium profile; close the returned context when done. */
export async function launch({ width = 1400, height = 950, ...options } = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'onlinelearn-chromium-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width, height },
    ...options,
  });
}

/**
 * A new page that records console errors and uncaught exceptions. Each page
 * starts as a new visitor (no remembered session) unless `keepStorage`;
 * `watch(page)` runs before it loads (to record its requests).
 */
export async function openPage(context, url, { keepStorage = false, watch = () => {} } = {}) {
  const page = await context.newPage();
  if (!keepStorage) {
    await page.addInitScript(() => {
      try {
        localStorage.removeItem('onlinelearn:last-state');
      } catch {
        // no storage: nothing to forget
      }
    });
  }
  page.errors = [];
  page.on('console', (message) => { if (message.type() === 'error') page.errors.push(message.text()); });
  page.on('pageerror', (error) => page.errors.push(String(error)));
  watch(page);
  await page.goto(url);
  return page;
}

/** Saves a screenshot under target/e2e-screenshots for a person to look at. */
export async function screenshot(page, name) {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Runs `job({ server, context })` with a server of the built site and a
 * fresh Chromium of its own (nothing cached), both closed after it
 * whatever happens; resolves to what `job` does.
 */
export async function withFreshBrowser(job) {
  const server = await serve();
  let context;
  try {
    context = await launch();
    return await job({ server, context });
  } finally {
    await context?.close();
    await server.close();
  }
}

/**
 * A static server for www/ and a Chromium for one test file: started
 * before its tests, closed after them. `launchOptions` go to `launch`.
 * Returns { server, context }, filled in once the tests start.
 */
export function useBrowser(launchOptions = {}) {
  const browser = { server: null, context: null };
  before(async () => {
    browser.server = await serve();
    try {
      browser.context = await launch(launchOptions);
    } catch (error) {
      await browser.server.close();
      throw error;
    }
  });
  after(async () => {
    await browser.context?.close();
    await browser.server?.close();
  });
  return browser;
}

/**
 * Chooses a learner in the playground's menu and waits until the figures
 * run it (a kernel learner's code arrives with the full module first).
 */
export async function chooseLearner(page, name) {
  await page.selectOption('#algo', name);
  await page.waitForFunction((n) => !window.playground.replaying && window.playground.figures[0].pg.algorithm() === n, name);
}

/**
 * Clicks a view's button and waits until the page shows that view (its
 * code loads on the first switch: on a busy machine, later than the next
 * click), as a reader waits to see it before going on.
 */
export async function showView(page, view) {
  await page.click(`[data-view="${view}"]`);
  await page.waitForFunction((v) => window.playground.page.view === v && window.playground.figures.length > 0 && !window.playground.replaying, view);
}

/** Plays the playground with its Play button until it has learned more than `samples`, then pauses. */
export async function playPast(page, samples) {
  await page.click('#play');
  await page.waitForFunction((n) => window.playground.figures[0].pg.counts().samples > n, samples);
  await page.click('#play');
}

/**
 * Clicks a plane at a fraction (fx, fy) of its size: the nth plane on the
 * page, or inside `within` (a locator, for an <online-learner>). Scrolls it
 * into view first: the mouse only reaches what the viewport shows.
 */
export async function clickPlane(page, fx, fy, { button = 'left', shift = false, plane = 0, within = page } = {}) {
  const overlay = within.locator('.plane .overlay').nth(plane);
  await overlay.scrollIntoViewIfNeeded();
  const box = await overlay.boundingBox();
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height, { button });
  if (shift) await page.keyboard.up('Shift');
}

/** The wasm files `page` asks for (by name, as in www/pkg), and its errors, as they come. */
export function watchModules(page) {
  const fetched = [];
  const errors = [];
  page.on('request', (r) => {
    const file = r.url().match(/\/pkg\/([^/?]+\.wasm)$/)?.[1];
    if (file) fetched.push(file);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return { fetched, errors };
}

/** Two animation frames: what the page drew after an action is on screen. */
export const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * The playground at `#hash`, a Compare of two learners, once both panels
 * run and have learned `samples` samples of the stream. Close it when done.
 */
export async function openComparePair(browser, hash, samples) {
  const page = await openPage(browser.context, `${browser.server.url}/#${hash}`);
  await page.waitForFunction(() => window.playground?.figures?.length === 2 && !window.playground.replaying);
  await page.evaluate((n) => window.playground.act((pg) => pg.stream(n)), samples);
  return page;
}

/**
 * Compare with two linear learners (PA-I and the perceptron) after 100
 * samples, drawn: the page on which a chart only other learners have must
 * not load. Close it when done.
 */
export async function openLinearCompare(browser) {
  const page = await openComparePair(browser, 'algo=pa1&view=compare&algos=pa1,perceptron&preset=overlapping&seed=2', 100);
  await settle(page);
  return page;
}

/** Pixels of plane `plane`'s overlay (its points and lines) in a colour near `rgb`. */
export const inked = (page, rgb, plane = 0) => page.evaluate(([[r, g, b], k]) => {
  const canvas = document.querySelectorAll('.plane .overlay')[k];
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] > 200 && Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 60) n++;
  }
  return n;
}, [rgb, plane]);
