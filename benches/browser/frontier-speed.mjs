// The budget frontier chart at full speed (issue 38 item 2): Compare with
// the paper's eight kernel learners on the XOR preset, played at 100,000
// samples/s in headless Chromium: the frame intervals' median, 95th
// percentile and longest while the chart draws the eight trajectories
// (SECONDS of play; first as long with the chart hidden, to compare with
// in the same run), then while the budget sweep runs on top of the play
// (until it ends), with the sweep's length. A benchmark that prints
// figures, not a test.
//   node benches/browser/frontier-speed.mjs [seconds]
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const EIGHT = ['kernel-perceptron', 'projectron', 'projectron++', 'apsm', 'spa', 'olru', 'olrd', 'ald-projection'];
const HASH = `algo=${EIGHT[0]}&view=compare&algos=${EIGHT.join(',')}&preset=xor&seed=1&speed=100000`;
const SECONDS = Number(process.argv[2] ?? 10);

/** The frame intervals' median, 95th percentile and longest (ms) of `times`. */
function stats(times) {
  const gaps = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
  const at = (p) => gaps[Math.min(gaps.length - 1, Math.floor(p * gaps.length))];
  return { frames: gaps.length, median: at(0.5), p95: at(0.95), longest: gaps.at(-1) };
}

const startFrames = () => {
  window.frameTimes = [];
  const tick = (t) => {
    if (!window.frameTimes) return;
    window.frameTimes.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};
const takeFrames = () => {
  const all = window.frameTimes;
  window.frameTimes = null;
  return all;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve();
  let context;
  try {
    context = await launch({ width: 1280, height: 800 });
    const page = await openPage(context, `${server.url}/#${HASH}`);
    await page.waitForFunction(() => window.playground?.figures?.length === 8 && !window.playground.replaying);
    await page.evaluate(() => window.playground.setPlaying(true));
    await page.waitForFunction(() => window.playground.curves.frontier && !window.playground.curves.frontier.box.hidden, null, { timeout: 60_000 });
    // The same play with the chart hidden (its append and frame return at once): what the page costs without it.
    const stretch = async (hidden) => {
      await page.evaluate((h) => { window.playground.curves.frontier.box.hidden = h; }, hidden);
      const before = await page.evaluate(() => window.playground.figures[0].pg.counts().samples);
      await page.evaluate(startFrames);
      await page.waitForTimeout(SECONDS * 1000);
      const frames = stats(await page.evaluate(takeFrames));
      return { ...frames, samples: (await page.evaluate(() => window.playground.figures[0].pg.counts().samples)) - before };
    };
    // Hidden, shown, hidden again: the learners slow as their sets grow, so
    // the shown stretch is compared with the hidden ones either side.
    const without = await stretch(true);
    const playing = await stretch(false);
    const after = await stretch(true);
    await page.evaluate(() => { window.playground.curves.frontier.box.hidden = false; });
    await page.evaluate(startFrames);
    const started = Date.now();
    await page.click('#frontier-sweep');
    await page.waitForFunction(() => !window.playground.curves.frontier.sweep, null, { timeout: 1_200_000, polling: 200 });
    const sweepSeconds = (Date.now() - started) / 1000;
    const sweeping = stats(await page.evaluate(takeFrames));
    const sizes = await page.evaluate(() => window.playground.curves.frontier.sizes.join(', '));
    await page.close();
    const f = (v) => v.toFixed(1).padStart(6);
    console.log(`Compare, eight kernel learners (${EIGHT.join(', ')}), XOR preset at 100,000 samples/s, headless Chromium 1280 × 800:`);
    console.log('stretch                              frames   median      95th pct    longest');
    for (const [name, r] of [['chart hidden', without], ['chart shown', playing], ['chart hidden again', after]]) {
      console.log(`${name}, ${SECONDS} s (${r.samples.toLocaleString('en')} samples)`.padEnd(37), String(r.frames).padStart(6), `${f(r.median)} ms  ${f(r.p95)} ms  ${f(r.longest)} ms`);
    }
    console.log(`playing + sweep at ${sizes} (${sweepSeconds.toFixed(1)} s)`.padEnd(37), String(sweeping.frames).padStart(6), `${f(sweeping.median)} ms  ${f(sweeping.p95)} ms  ${f(sweeping.longest)} ms`);
  } finally {
    await context?.close();
    await server.close();
  }
}
