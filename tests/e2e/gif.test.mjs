// Save GIF: the panel's estimate, a GIF that decodes (its size, at least
// two frames, frames that differ), Cancel, and the same save on the
// <online-learner> element. The GIF is read here by a small parser of the
// format (blocks, image descriptors, the frames' compressed data).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useBrowser, launch, openPage, screenshot } from './harness.mjs';
import { measure, estimate } from '../../benches/browser/gif-size.mjs';

const browser = useBrowser({ width: 1280, height: 800 });
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };

/** The logical size and each frame's (size, compressed data) of a GIF. */
function parseGif(bytes) {
  assert.equal(String.fromCharCode(...bytes.subarray(0, 6)), 'GIF89a');
  const word = (at) => bytes[at] | (bytes[at + 1] << 8);
  const width = word(6);
  const height = word(8);
  let at = 13 + (bytes[10] & 0x80 ? 3 * 2 ** ((bytes[10] & 7) + 1) : 0);
  const subBlocks = () => {
    const parts = [];
    while (bytes[at] !== 0) {
      parts.push(bytes.subarray(at + 1, at + 1 + bytes[at]));
      at += bytes[at] + 1;
    }
    at += 1;
    return Buffer.concat(parts);
  };
  const frames = [];
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      at += 2;
      subBlocks();
    } else if (block === 0x2c) {
      const frame = { width: word(at + 5), height: word(at + 7) };
      const packed = bytes[at + 9];
      at += 10 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0) + 1; // + LZW minimum code size
      frame.data = subBlocks();
      frames.push(frame);
    } else {
      throw new Error(`unexpected GIF block 0x${block.toString(16)} at ${at}`);
    }
  }
  return { width, height, frames };
}

test('Save GIF makes a GIF of the chosen width that decodes, with frames that differ', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/#algo=pa1&preset=moons&seed=3`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  await page.click('#save-gif');
  const panel = page.locator('.gif-panel');
  await panel.waitFor();
  await panel.getByLabel('Length', { exact: true }).fill('24');
  await panel.getByLabel('Width in pixels').fill('240');
  await panel.locator('#gif-curve').check();
  await panel.locator('.hint', { hasText: /about/ }).waitFor();
  assert.match(await panel.locator('.hint').textContent(), /24 frames of 240 × \d+ px, about \d+ KB/);
  const before = await page.evaluate(() => window.playground.figures[0].pg.counts().samples);
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByText('Make the GIF').click()]);
  assert.match(download.suggestedFilename(), /^onlinelearn-pa1-moons-\d+\.gif$/);
  const gif = parseGif(await readFile(await download.path()));
  assert.equal(gif.width, 240);
  assert.ok(gif.height > 240, `the error curve adds height: ${gif.height}`);
  assert.ok(gif.frames.length >= 2, `${gif.frames.length} frames`);
  assert.ok(gif.frames.every((f) => f.width === 240 && f.height === gif.height));
  assert.ok(!gif.frames[0].data.equals(gif.frames.at(-1).data), 'the first and last frames differ');
  const after = await page.evaluate(() => window.playground.figures[0].pg.counts().samples);
  assert.equal(after - before, 23 * 1, 'a GIF in samples stepped the learner itself');
  await page.waitForFunction(() => /Saved onlinelearn-.*\.gif/.test(document.querySelector('.gif-panel .hint').textContent));
  await screenshot(page, 'gif-saved');
  // Cancel stops a long one, and nothing downloads.
  await panel.getByLabel('Length', { exact: true }).fill('300');
  await panel.getByText('Make the GIF').click();
  await panel.getByText('Cancel').click();
  assert.match(await panel.locator('.hint').textContent(), /Cancelled/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an embedded figure offers the same Save GIF', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/embed.html#algo=arow&preset=overlapping&controls=play,step,gif&curves=1`);
  await page.waitForFunction(() => document.querySelector('online-learner')?.figure?.pg);
  const host = page.locator('online-learner');
  await host.getByText('Save GIF').click();
  const panel = host.locator('.gif-panel');
  await panel.waitFor();
  await panel.getByLabel('Length', { exact: true }).fill('6');
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByText('Make the GIF').click()]);
  const gif = parseGif(await readFile(await download.path()));
  assert.equal(gif.width, 480);
  assert.ok(gif.frames.length >= 2);
  assert.deepEqual(page.errors, []);
  await page.close();
});

/** The panel's estimate in bytes, read from its text ("about 1.4 MB", "about 230 KB") once its frame is measured. */
async function estimated(panel) {
  await panel.locator('.hint', { hasText: /about/ }).waitFor();
  const [, value, unit] = /about ([\d.]+) (KB|MB)/.exec(await panel.locator('.hint').textContent());
  return Number(value) * (unit === 'MB' ? 1e6 : 1e3);
}

for (const [device, options] of [['desktop', null], ['phone', PHONE]]) {
  test(`${device}: Save GIF's defaults stay under its 5 MB warning, counts read as words, and the estimate is near the file`, async () => {
    const context = options ? await launch(options) : browser.context;
    try {
      const page = await openPage(context, `${browser.server.url}/#algo=pa1&preset=overlapping&seed=1`);
      await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
      await page.evaluate(() => window.playground.advance(12)); // as a first visit, and the fit's sessions
      await page.click('#save-gif');
      const panel = page.locator('.gif-panel');
      await panel.waitFor();
      await panel.locator('.hint', { hasText: /about/ }).waitFor();
      const text = await panel.locator('.hint').textContent();
      assert.match(text, /^100 frames of 480 × 480 px, about [\d.]+ MB\.$/, 'no warning at the defaults');
      assert.ok(await estimated(panel) < 5e6, text);
      await panel.getByLabel('Length', { exact: true }).fill('1');
      assert.match(await panel.locator('.hint').textContent(), /^1 frame of 480 × 480 px/);
      if (!options) {
        // A real file against its estimate (the fit's own spread is 0.70 to 1.43).
        await panel.getByLabel('Length', { exact: true }).fill('30');
        const guess = await estimated(panel);
        const [download] = await Promise.all([page.waitForEvent('download'), panel.getByText('Make the GIF').click()]);
        const size = (await readFile(await download.path())).length;
        assert.ok(size / guess > 0.6 && size / guess < 1.6, `${size} bytes made, ${guess} estimated`);
        await page.waitForFunction(() => /Saved onlinelearn-.*\(30 frames, \d+ KB\)/.test(document.querySelector('.gif-panel .hint').textContent));
      }
      await screenshot(page, `gif-defaults-${device}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    } finally {
      if (options) await context.close();
    }
  });
}

test('the estimate is near the file made: a plane of 1,500 points, through the panel', async () => {
  // (Issue 34, item 19: the estimate said 2.5 MB and the file was 3.9 MB.
  // The fit it replaced, by pixels and plane sides alone, said half of a
  // plane full of points: files 1.6 to 2 times its estimate.)
  const page = await openPage(browser.context, `${browser.server.url}/#algo=pa1&preset=overlapping&seed=1`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  await page.evaluate(() => window.playground.advance(1500));
  await page.click('#save-gif');
  const panel = page.locator('.gif-panel');
  await panel.getByLabel('Length', { exact: true }).fill('40');
  const guess = await estimated(panel);
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByText('Make the GIF').click()]);
  const size = (await readFile(await download.path())).length;
  assert.ok(size / guess > 0.85 && size / guess < 1.2, `${size} bytes made, ${guess} estimated`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the estimate against real files, over sessions, widths, lengths and steps: within 0.5 to 1.7 times', async () => {
  // The rows of benches/browser/gif-size.mjs, fewer: a learner whose
  // shading settles (PA-I), a kernel surface that grows (Projectron), two
  // planes (Compare), three classes; a first visit's 12 points, or 1,500.
  // (The bench's 36 files came out 0.58 to 1.47 times the estimate; these
  // twelve 0.77 to 1.54: a young session's first frame is a rough guide to
  // its later ones, a full plane's a close one.)
  const plans = [
    { width: 480, frames: 40, step: 1, learned: 12, curve: false },
    { width: 240, frames: 30, step: 10, learned: 12, curve: true },
    { width: 480, frames: 30, step: 1, learned: 1500, curve: false },
  ];
  const ratios = [];
  for (const session of ['algo=pa1&preset=overlapping&seed=1', 'algo=projectron&preset=xor&seed=2', 'view=compare&algos=pa,pa1&preset=noisy-labels&noise=0.2&seed=7', 'algo=pa1&preset=three-classes&seed=2']) {
    const page = await openPage(browser.context, `${browser.server.url}/#${session}`);
    await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
    for (const row of await measure(page, session, plans)) {
      const ratio = row.bytes / await estimate(page, row);
      ratios.push(`${session} ${row.width}px ${row.frames}×${row.step} from ${row.learned}: ${ratio.toFixed(2)}`);
      assert.ok(ratio > 0.5 && ratio < 1.7, ratios.at(-1));
      if (row.learned === 1500) assert.ok(ratio > 0.85 && ratio < 1.2, `a full plane: ${ratios.at(-1)}`);
    }
    await page.close();
  }
  console.log(ratios.join('\n'));
});
