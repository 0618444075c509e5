// How long an edit of a setting takes, in headless Chromium: Compare with
// eight panels learns 2,000 samples, then σ (a live setting: every panel
// keeps its model) is edited 40 times, alternating two values, through the
// page's own setSetting (checked on every panel, then made on each, then
// drawn). Prints the median and the longest of the checking and setting
// alone (the wasm calls, timed over 50 edits) and of the whole edit, drawing included. A
// benchmark that prints figures, not a test. Run:
//   node benches/browser/edit-time.mjs
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const EIGHT = 'kernel-perceptron,kernel-pa1,projectron,projectron%2B%2B,olru,olrd,spa,ald-projection';
const CASES = [
  ['one panel, PA-I, C', 'algo=pa1&preset=overlapping', 'c', ['0.2', '0.3']],
  ['Compare, eight kernel learners, σ', `algo=kernel-perceptron&preset=xor&sigma=0.3&view=compare&algos=${EIGHT}`, 'sigma', ['0.4', '0.3']],
];

export async function editTimes(context, url, key, values) {
  const page = await openPage(context, url);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  return page.evaluate(async ({ key, values }) => {
    const app = window.playground;
    app.act((pg) => pg.stream(2000));
    const calls = [];
    const whole = [];
    for (let i = 0; i < 40; i++) {
      // The wasm calls alone, 50 edits a time (the browser's clock ticks
      // in tenths of a millisecond).
      let start = performance.now();
      for (let j = 0; j < 50; j++) {
        const text = values[j % values.length];
        for (const figure of app.figures) figure.pg.check(key, text);
        for (const figure of app.figures) figure.pg.set(key, text);
      }
      calls.push((performance.now() - start) / 50);
      start = performance.now();
      app.setSetting(key, values[(i + 1) % values.length]);
      app.render(performance.now());
      whole.push(performance.now() - start);
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    return { panels: app.figures.length, calls: median(calls), callsLongest: Math.max(...calls), whole: median(whole), wholeLongest: Math.max(...whole) };
  }, { key, values });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve();
  let context;
  try {
    context = await launch({ width: 1280, height: 800 });
    console.log('An edit of a live setting after 2,000 samples, 40 edits, headless Chromium (median, longest):');
    for (const [name, hash, key, values] of CASES) {
      const r = await editTimes(context, `${server.url}/#${hash}`, key, values);
      console.log(`  ${name} (${r.panels} panels): check and set ${(1000 * r.calls).toFixed(0)} µs, ${(1000 * r.callsLongest).toFixed(0)} µs; the whole edit, drawn ${r.whole.toFixed(1)} ms, ${r.wholeLongest.toFixed(1)} ms`);
    }
  } finally {
    await context?.close();
    await server.close();
  }
}
