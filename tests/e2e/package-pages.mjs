// Shared by the tests of the ways a figure reaches a post from outside the
// site (npm-package, hugo, jekyll, notebook): a page that records console
// errors, requests and CSP violations, what a figure's plane shows, and
// the site generators' example post seen learning.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, screenshot } from './harness.mjs';

/** Opens `url` in a new page of `context`, recording errors, requests and CSP violations. */
export async function recorded(context, url, { before } = {}) {
  const page = await context.newPage();
  page.errors = [];
  page.requests = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('request', (r) => page.requests.push(r.url()));
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`));
  });
  await before?.(page);
  await page.goto(url);
  return page;
}

/**
 * The pixels of the plane of the <online-learner> that `selector` finds
 * (in the page, or inside another element's shadow root when `host` is
 * given), as one string: two calls differ when the figure was redrawn
 * differently.
 */
export function pixelsOf(page, selector) {
  return page.evaluate((s) => {
    const el = document.querySelector(s);
    return [...el.shadowRoot.querySelectorAll('.plane canvas')].map((c) => c.toDataURL()).join('|');
  }, selector);
}

/**
 * The example post of the site generators' tests (hugo.test.mjs,
 * jekyll.test.mjs), opened at `url` under its CSP: the autoplaying `#pa1`
 * redraws as it learns; the paused `#xor` (Projectron++, budget 60) learns
 * 80 samples by its public step() within its budget; no request leaves
 * the origin, no CSP violation, no console error. Saves a screenshot as
 * `name`.
 */
export async function examplePostLearns(context, url, name) {
  const page = await recorded(context, url);
  await page.waitForFunction(() => document.getElementById('pa1')?.figure?.pg.counts().samples > 5);
  const first = await pixelsOf(page, '#pa1');
  const seen = await page.evaluate(() => document.getElementById('pa1').figure.pg.counts().samples);
  await page.waitForFunction((n) => document.getElementById('pa1').figure.pg.counts().samples > n + 30, seen);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.notEqual(await pixelsOf(page, '#pa1'), first, 'the autoplaying figure redraws as it learns');
  // The second waits for its reader; its public step() learns from the stream.
  await page.locator('#xor').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('xor').figure?.pg.algorithm() === 'projectron++');
  assert.equal(await page.evaluate(() => document.getElementById('xor').figure.pg.counts().samples), 0);
  await page.evaluate(() => document.getElementById('xor').step(80));
  const xor = await page.evaluate(() => {
    const pg = document.getElementById('xor').figure.pg;
    return { samples: pg.counts().samples, support: pg.support_len() / 5 };
  });
  assert.equal(xor.samples, 80);
  assert.ok(xor.support > 0 && xor.support <= 60, `support size ${xor.support} within the budget 60`);
  const origin = new URL(url).origin;
  assert.deepEqual(page.requests.filter((u) => new URL(u).origin !== origin), []);
  assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
  assert.deepEqual(page.errors, []);
  await screenshot(page, name);
}

/** A site generator's version line (`command args`), or null when it is not installed. */
export function toolVersion(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/**
 * A scratch copy of tests/<generator>/site with the snippet the docs give
 * (docs/<generator>/<snippet>, copied to the same folder name) and the
 * figure's files (the npm package's folder) at `playground` inside it;
 * returns its folder.
 */
export async function exampleSite(generator, snippet, playground) {
  const package_ = join(ROOT, 'target', 'npm', 'package');
  assert.ok(existsSync(join(package_, 'embed.js')), `${package_} is missing: run cargo xtask pack`);
  const site = await mkdtemp(join(tmpdir(), `onlinelearn-${generator}-`));
  await cp(join(ROOT, 'tests', generator, 'site'), site, { recursive: true });
  await cp(join(ROOT, 'docs', generator, snippet), join(site, snippet), { recursive: true });
  await cp(package_, join(site, playground), { recursive: true });
  return site;
}
