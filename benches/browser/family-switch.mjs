// How soon a learner of a family not loaded yet is shown once its code has
// downloaded, in headless Chromium (issue 23: "within a frame or two of
// the download"). A session of 500 samples runs in the first module; the
// reader picks a learner whose code is in the full module: the primary and
// the family's part download, the session is replayed there, and the
// figure shows the new learner. Then, already in the full module, a
// learner of another family: only its part downloads, no replay. Timed
// from the end of the last download (Resource Timing's responseEnd) to the
// first animation frame whose figure holds the new learner, in
// milliseconds and in frames of the page's own requestAnimationFrame. The
// local server sends the files at once, so what is timed is compiling,
// instantiating, replaying and the frame. A benchmark that prints
// figures, not a test. Run:
//   node benches/browser/family-switch.mjs
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const CASES = [
  ['kernel (Projectron)', 'projectron', 'LIBOL (ALMA)', 'alma'],
  ['LIBOL (ALMA)', 'alma', 'relatives (Ballseptron)', 'ballseptron'],
  ['relatives (PAUM)', 'paum', 'second-order (AROW)', 'arow'],
  ['second-order (AROW)', 'arow', 'kernel (Forgetron)', 'forgetron'],
];

/** Picks `learner` in the menu; resolves with the milliseconds and frames from the last download to the frame that shows it. */
function pick(page, learner) {
  return page.evaluate((name) => new Promise((done) => {
    const app = window.playground;
    const asked = performance.now();
    const frames = [];
    const select = document.getElementById('algo');
    select.value = name;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const look = (now) => {
      frames.push(now);
      if (app.figures[0]?.pg.algorithm() !== name || app.replaying) return requestAnimationFrame(look);
      const fetched = performance.getEntriesByType('resource').filter((e) => /onlinelearn_full/.test(e.name) && e.startTime >= asked);
      const downloaded = Math.max(...fetched.map((e) => e.responseEnd));
      done({
        files: fetched.map((e) => e.name.replace(/.*\/pkg\//, '')),
        ms: now - downloaded,
        frames: frames.filter((t) => t > downloaded).length,
      });
    };
    requestAnimationFrame(look);
  }), learner);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve();
  let context;
  try {
    context = await launch({ width: 1280, height: 800 });
    console.log('A learner of a family not loaded yet, after a session of 500 samples (headless Chromium; from the last download to the frame that shows it):');
    for (const [firstName, first, secondName, second] of CASES) {
      const page = await openPage(context, `${server.url}/#algo=pa1&preset=xor&seed=3`);
      await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
      await page.evaluate(() => window.playground.act((pg) => pg.stream(500)));
      const a = await pick(page, first);
      const b = await pick(page, second);
      console.log(`  ${firstName}, from the first module (${a.files.join(', ')}): ${a.ms.toFixed(1)} ms, ${a.frames} frames`);
      console.log(`    then ${secondName}, in the full module (${b.files.join(', ')}): ${b.ms.toFixed(1)} ms, ${b.frames} frames`);
      await page.close();
    }
  } finally {
    await context?.close();
    await server.close();
  }
}
