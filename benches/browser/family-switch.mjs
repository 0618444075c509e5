// How soon a learner whose code is in the full module learns, in headless
// Chromium: a session of 500 samples runs in the first module; the reader
// picks a learner of a family the first module leaves out; the full
// module's code downloads, the session is replayed there, and the figure
// shows the new learner with the 500 samples learned. Timed from the pick
// to that animation frame, in milliseconds, with what the pick fetched of
// the full module (its files, and their bytes gzip -9). The local server
// sends the files at once, so the time is compiling, instantiating,
// replaying and the frame; on a network add the bytes' download. Then, in
// the full module already, a learner of another family (nothing more to
// fetch). A benchmark that prints figures, not a test. Run, after
// `cargo xtask build`:
//   node benches/browser/family-switch.mjs [site folder]   (default: target/site)
// A folder of an older build (a copy of its target/site) compares builds
// in one run on one machine (docs/build.md).
import { gzipSync } from 'node:zlib';
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const CASES = [
  ['kernel (Projectron)', 'projectron', 'LIBOL (ALMA)', 'alma'],
  ['LIBOL (ALMA)', 'alma', 'relatives (Ballseptron)', 'ballseptron'],
  ['relatives (PAUM)', 'paum', 'second-order (AROW)', 'arow'],
  ['second-order (AROW)', 'arow', 'kernel (Forgetron)', 'forgetron'],
];
const RUNS = 3;

/** Picks `learner` in the menu; resolves with the milliseconds from the pick to the frame that shows it (the session moved to the full module first). */
function pick(page, learner) {
  return page.evaluate((name) => new Promise((done) => {
    const app = window.playground;
    const asked = performance.now();
    const select = document.getElementById('algo');
    select.value = name;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const look = () => {
      const pg = app.figures[0]?.pg;
      // Shown once the session moved (replayed) and switched: a kernel learner
      // starts afresh from a linear one (no model carries over; the page says so).
      if (pg?.algorithm() !== name || app.replaying) return requestAnimationFrame(look);
      done(performance.now() - asked);
    };
    requestAnimationFrame(look);
  }), learner);
}

/** The full module's files `page` asks for, each with its gzip -9 bytes and the pick (`watch.pick`) it was asked in. */
function watchFull(page) {
  const watch = { pick: null, files: [] };
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.match(/\/pkg\/(onlinelearn_full[^/]*)$/)?.[1];
    if (!name) return;
    const file = { name, pick: watch.pick, gzip: 0 };
    watch.files.push(file);
    request.response().then((response) => response?.body()).then((body) => { file.gzip = gzipSync(body, { level: 9 }).length; }, () => {});
  });
  return watch;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (files) => (files.reduce((sum, f) => sum + f.gzip, 0) / 1024).toFixed(1);

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve(process.argv[2]);
  let context;
  try {
    context = await launch({ width: 1280, height: 800 });
    console.log(`A learner of the full module picked after a session of 500 samples in the first module (headless Chromium; ms from the pick to the frame that shows it, median of ${RUNS}):`);
    for (const [firstName, first, secondName, second] of CASES) {
      const times = { first: [], second: [] };
      let fetched;
      for (let run = 0; run < RUNS; run += 1) {
        const page = await openPage(context, `${server.url}/#algo=pa1&preset=xor&seed=3`);
        await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
        await page.evaluate(() => window.playground.act((pg) => pg.stream(500)));
        const watch = watchFull(page);
        watch.pick = 'first';
        times.first.push(await pick(page, first));
        watch.pick = 'second';
        times.second.push(await pick(page, second));
        await page.waitForTimeout(200); // the last response bodies
        fetched = { first: watch.files.filter((f) => f.pick === 'first'), second: watch.files.filter((f) => f.pick === 'second') };
        await page.close();
      }
      const names = (list) => list.map((f) => f.name).join(', ') || 'nothing';
      console.log(`  ${firstName}: ${median(times.first).toFixed(1)} ms, fetched ${kb(fetched.first)} KB gzip (${names(fetched.first)})`);
      console.log(`    then ${secondName}: ${median(times.second).toFixed(1)} ms, fetched ${kb(fetched.second)} KB gzip (${names(fetched.second)})`);
    }
  } finally {
    await context?.close();
    await server.close();
  }
}
