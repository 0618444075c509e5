// How long the timeline takes to show an earlier sample, in headless
// Chromium: a session is played to 100,000 samples (in steps of 2,000, as
// a reader's frames would, so the checkpoints fall as they do on the page),
// then the timeline is moved to 40 random samples and each move timed
// until the figures hold the state, then until they are drawn. Prints the
// median and the longest of each, and the checkpoints kept. A benchmark
// that prints figures, not a test. Run:
//   node benches/browser/seek-time.mjs [part of a case's name]
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const SAMPLES = 100_000;
const EIGHT = 'kernel-perceptron,projectron,projectron%2B%2B,apsm,spa,olru,olrd,ald-projection';
const CASES = [
  ['PA-I', 'algo=pa1&preset=overlapping'],
  ['AROW (full Σ)', 'algo=arow&preset=overlapping'],
  ['Projectron++ (budget 100)', 'algo=projectron%2B%2B&preset=xor&sigma=0.3&budget=100'],
  ['APSM', 'algo=apsm&preset=xor&sigma=0.3', 20_000],
  ['Compare, the eight kernel learners', `algo=kernel-perceptron&preset=xor&sigma=0.3&view=compare&algos=${EIGHT}`, 20_000],
];

export async function seekTimes(context, url, samples) {
  const page = await openPage(context, url);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  // The timeline's code and the full module, as a reader's first drag brings them.
  await page.evaluate(() => import('./js/timeline.js').then((m) => m.seek(window.playground, 0)));
  await page.waitForFunction(() => typeof window.playground.figures[0].pg.seek === 'function' && !window.playground.replaying);
  return page.evaluate(async (n) => {
    const app = window.playground;
    const step = 2000;
    const started = performance.now();
    for (let done = 0; done < n; done += step) app.act((pg) => pg.stream(Math.min(step, n - done)));
    const played = (performance.now() - started) / 1000;
    const m = await import('./js/timeline.js');
    const states = [];
    const drawn = [];
    let seed = 7;
    for (let i = 0; i < 40; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const t = Math.floor((seed / 2147483648) * n);
      const start = performance.now();
      await m.seek(app, t);
      states.push(performance.now() - start);
      app.render(performance.now());
      drawn.push(performance.now() - start);
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    return {
      state: median(states),
      stateLongest: Math.max(...states),
      drawn: median(drawn),
      drawnLongest: Math.max(...drawn),
      checkpoints: app.figures.map((f) => f.pg.checkpoints()),
      played,
    };
  }, samples);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve();
  let context;
  try {
    context = await launch({ width: 1280, height: 800 });
    const only = process.argv[2];
    console.log('Timeline: moving to 40 random samples of a long session, headless Chromium (median, longest):');
    for (const [name, hash, samples = SAMPLES] of CASES.filter(([name]) => !only || name.includes(only))) {
      const r = await seekTimes(context, `${server.url}/#${hash}`, samples);
      console.log(`  ${name}, ${samples.toLocaleString('en')} samples (played in ${r.played.toFixed(1)} s): the state ${r.state.toFixed(1)} ms, ${r.stateLongest.toFixed(1)} ms; drawn ${r.drawn.toFixed(1)} ms, ${r.drawnLongest.toFixed(1)} ms; checkpoints ${r.checkpoints.join('/')}`);
    }
  } finally {
    await context?.close();
    await server.close();
  }
}
