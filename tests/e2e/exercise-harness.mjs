// Shared by the exercises' browser tests (exercise-*.test.mjs and
// exercises.test.mjs): the devices (a desktop and a touch phone), the
// built site served and the `onlinelearn` binary built once per file, a
// page opened on an exercise's link that records the `exercise-answered`
// events, and the gestures and readings every exercise's test uses.
import { before, after } from 'node:test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, launch, serve } from './harness.mjs';

export const DEVICES = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844, hasTouch: true, isMobile: true },
};

/**
 * The site served (and `onlinelearn` built, to replay links) for one
 * test file: started before its tests, closed after them, with every
 * browser context the file opened. Returns { server, contexts }, filled
 * in once the tests start.
 */
export function useExerciseSite() {
  const site = { server: null, contexts: [] };
  before(async () => {
    // The command line that replays a page's link (a no-op when it is up to date).
    execFileSync('cargo', ['build', '--quiet', '--bin', 'onlinelearn'], { cwd: ROOT, stdio: 'inherit' });
    site.server = await serve();
  });
  after(async () => {
    await Promise.all(site.contexts.map((c) => c.close().catch(() => {})));
    await site.server?.close();
  });
  return site;
}

/** A page of the site at `#hash` on `device`, its errors in `page.errors`, the events in `window.answered`. */
export async function openExercise(site, device, hash) {
  const context = await launch(DEVICES[device]);
  site.contexts.push(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.addInitScript(() => {
    window.answered = [];
    document.addEventListener('exercise-answered', (e) => window.answered.push(e.detail));
  });
  await page.goto(`${site.server.url}/#${hash}`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  return page;
}

/** Resolves once the page's exercise asks round `round` (its question prepared). */
export const asking = (page, round) => page.waitForFunction((k) => {
  const layer = window.playground.exerciseLayer;
  return layer?.state === 'asking' && layer.round === k && !layer.preparing;
}, round);

/** Resolves once the exercise of the element `#id` (a post's figure) asks its first question. */
export const elementAsking = (page, id) => page.waitForFunction((i) => {
  const layer = document.getElementById(i).exerciseLayer;
  return layer?.state === 'asking' && !layer.preparing;
}, id);

/** Resolves once the page's exercise shows its answer. */
export const revealed = (page) => page.waitForFunction(() => window.playground.exerciseLayer.state === 'revealed');

/** The next sample and its update, computed independently: a copy of the session learns the next sample. */
export const nextUpdate = (page) => page.evaluate(() => {
  const pg = window.playground.figure.pg;
  const copy = new pg.constructor(pg.hash(''), undefined);
  copy.stream(1);
  const last = copy.last();
  const out = { model: Array.from(copy.model()), aggressive: last.aggressive, x: last.x, y: last.y, label: last.label, score: last.score };
  copy.free();
  return out;
});

/** The angle in degrees between two boundaries' w (the "Where does it go?" score). */
export function angle(a, b) {
  const cos = (a[0] * b[0] + a[1] * b[1]) / (Math.hypot(a[0], a[1]) * Math.hypot(b[0], b[1]));
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}

/** A drag along `path` (page pixels): the mouse, or a finger (devices.mjs, shared with the other browser tests). */
export { drag } from './devices.mjs';

/** A click, or on the phone a tap, on `selector`. */
export const press = (page, device, selector) => (device === 'phone' ? page.tap(selector) : page.click(selector));
/** The panel's main button (Answer, Next round, See the score), tapped on the phone as a finger would. */
export const pressPrimary = (page, device) => press(page, device, '.exercise-buttons button.primary');
export const feedback = (page) => page.locator('.exercise-feedback').textContent();

/** `onlinelearn replay LINK --json`: the command line's model of a page's link. */
export function replayed(link) {
  const out = execFileSync(join(ROOT, 'target', 'debug', 'onlinelearn'), ['replay', link, '--json'], { encoding: 'utf8' });
  return JSON.parse(out);
}

/**
 * A blog post of `figures` (the element's markup) under the example post's
 * strict Content-Security-Policy, served as `/name` and opened in a new
 * desktop context: its page records errors, CSP violations and every
 * `exercise-answered` event (window.cspViolations, window.answered).
 */
export async function openStrictPost(site, name, figures) {
  const context = await launch(DEVICES.desktop);
  site.contexts.push(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.route(`**/${name}`, (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'">
<script type="module" src="/embed.js"></script></head><body>
${figures}
</body></html>`,
  }));
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`));
    window.answered = [];
    document.addEventListener('exercise-answered', (e) => window.answered.push({ id: e.target.id, detail: e.detail }));
  });
  await page.goto(`${site.server.url}/${name}`);
  return page;
}
