// Shared by the tests of the page's Copy as buttons (python.test.mjs,
// roundtrip.test.mjs): a page whose clipboard writes are caught, and the
// page's own way to act on every panel's session.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openPage } from './harness.mjs';

/** The page at `hash`, built, after a first visit's intro; its clipboard writes caught in `window.copied`. */
export async function openCatchingCopies(browser, hash) {
  const page = await openPage(browser.context, `${browser.server.url}/#${hash}`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.intro && !window.playground.replaying);
  await page.evaluate(() => {
    window.copied = [];
    navigator.clipboard.writeText = async (text) => { window.copied.push(text); };
  });
  return page;
}

/** Acts on every panel's session as the page's own handlers do (the same wasm calls), then writes the link. */
export function act(page, fn) {
  return page.evaluate(`(() => { for (const figure of window.playground.figures) (${fn})(figure.pg); window.playground.writeHash(); })()`);
}

/**
 * Writes `rows` (CSV lines) to `name` in `dir`, opens the page at `hash`
 * with its clipboard caught, and opens that file in it; resolves to the
 * page and the file's path once the file is read.
 */
export async function openWithFile(browser, hash, dir, name, rows) {
  const path = join(dir, name);
  await writeFile(path, `${rows.join('\n')}\n`);
  const page = await openCatchingCopies(browser, hash);
  await page.setInputFiles('#file-input', path);
  await page.waitForFunction((file) => window.playground.figures[0].pg.file_name() === file && !window.playground.replaying, name);
  return { page, path };
}
