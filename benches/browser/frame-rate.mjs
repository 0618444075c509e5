// Frames per second the playground holds while playing, in headless
// Chromium, for the cases a reader pushes hardest: a speed of 100,000
// samples/s with a linear and three kernel learners, and Compare with the
// eight kernel learners of Meng & Song 2023 at 10,000 samples/s. For each:
// the frame rate, the median and 95th percentile of the frame intervals,
// the longest frame, and the samples per second the page
// reached (it learns what fits in each frame and says so). A benchmark
// that prints figures, not a test. Run by `cargo xtask bench`, or:
//   node benches/browser/frame-rate.mjs
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const SECONDS = 4;
const EIGHT = 'kernel-perceptron,projectron,projectron%2B%2B,apsm,spa,olru,olrd,ald-projection';
const CASES = [
  ['PA-I, 100,000/s', 'algo=pa1&preset=overlapping&speed=100000'],
  ['kernel perceptron, 100,000/s', 'algo=kernel-perceptron&preset=xor&sigma=0.3&speed=100000'],
  ['OLRD, 100,000/s', 'algo=olrd&preset=xor&sigma=0.3&speed=100000'],
  ['APSM, 100,000/s', 'algo=apsm&preset=xor&sigma=0.3&speed=100000'],
  ['AROW (full Σ), 100,000/s', 'algo=arow&preset=overlapping&speed=100000'],
  ['PA-I, four classes one-vs-rest, 100,000/s', 'algo=pa1&preset=four-classes&speed=100000'],
  ['Compare, the eight kernel learners, 10,000/s', `algo=kernel-perceptron&preset=xor&sigma=0.3&speed=10000&view=compare&algos=${EIGHT}`],
  // The Theory layer on 5,000 points (issue 21): the comparators re-solved
  // at every curve point, the fewest-mistakes line searched between frames.
  ['Theory layer, PA-I, 5,000 points, 1,000/s', 'algo=pa1&preset=overlapping&speed=1000&theory=1', 5000],
];

/** Plays the page at `hash` for SECONDS (after learning `first` samples) and measures its frames. */
export async function frameRate(context, url, first = 0) {
  const page = await openPage(context, url);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  return page.evaluate(async ([seconds, first]) => {
    const app = window.playground;
    if (first) app.act((pg) => pg.stream(first));
    const samples = () => app.figures[0].pg.counts().samples;
    const stamps = [];
    let running = true;
    const tick = (t) => {
      stamps.push(t);
      if (running) requestAnimationFrame(tick);
    };
    app.setPlaying(true);
    await new Promise((r) => setTimeout(r, 500)); // past the first frames
    const before = samples();
    requestAnimationFrame(tick);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    running = false;
    const learned = samples() - before;
    app.setPlaying(false);
    const gaps = stamps.slice(1).map((t, i) => t - stamps[i]);
    const span = (stamps.at(-1) - stamps[0]) / 1000;
    const sorted = [...gaps].sort((a, b) => a - b);
    const percentile = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
    return { fps: gaps.length / span, median: percentile(0.5), p95: percentile(0.95), longest: Math.max(...gaps), rate: learned / span, figures: app.figures.length };
  }, [SECONDS, first]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve();
  let context;
  try {
    context = await launch({ width: 1280, height: 800 });
    console.log(`Frames while playing, headless Chromium, ${SECONDS} s each:`);
    const only = process.argv[2]; // a part of a case's name: that case alone
    for (const [name, hash, first] of CASES.filter(([name]) => !only || name.includes(only))) {
      const r = await frameRate(context, `${server.url}/#${hash}`, first);
      console.log(`  ${name.padEnd(46)} ${r.fps.toFixed(0).padStart(3)} fps, frame median ${r.median.toFixed(1).padStart(4)} ms, 95th percentile ${r.p95.toFixed(1).padStart(5)} ms, longest ${r.longest.toFixed(0).padStart(4)} ms, ${Math.round(r.rate).toLocaleString('en').padStart(7)} samples/s reached`);
    }
  } finally {
    await context?.close();
    await server.close();
  }
}
