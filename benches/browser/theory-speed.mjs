// The Theory layer at full speed (issue 34 item 15): PA-I on the default
// preset played at 100,000 samples/s in headless Chromium, with the layer
// off and on, to 1,000,000 samples. For each stretch of the session (to
// 10,000 samples, to 100,000, to 1,000,000): the frame intervals' median,
// 95th percentile and longest, and the samples per second learned; at
// 10,000, 100,000 and 1,000,000 samples: the renderer process's resident
// memory (/proc, the largest renderer under this process), the JavaScript
// heap (CDP Performance.getMetrics) and the wasm module's memory. A
// benchmark that prints figures, not a test.
//   node benches/browser/theory-speed.mjs [off|on]
// Another learner and other marks (a kernel learner, whose layer also
// solves its kernel's feature space, issue 38):
//   ALGO=kernel-perceptron MARKS=2000,5000,20000 node benches/browser/theory-speed.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const MARKS = process.env.MARKS?.split(',').map(Number) ?? [10_000, 100_000, 1_000_000];
const ALGO = process.env.ALGO ?? 'pa1';
const CASES = [
  ['layer off', `algo=${ALGO}&speed=100000`],
  ['layer on', `algo=${ALGO}&speed=100000&theory=1`],
];

/** The resident memory in MB of the largest renderer process this node process started. */
function rendererMb() {
  const parent = new Map();
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      // gone meanwhile
    }
  }
  const ours = (pid) => {
    for (let p = pid; p && p !== '0' && p !== '1'; p = parent.get(p)) if (p === String(process.pid)) return true;
    return false;
  };
  let largest = 0;
  for (const pid of pids) {
    try {
      if (!ours(pid) || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
      largest = Math.max(largest, kb / 1024);
    } catch {
      // gone meanwhile
    }
  }
  return largest;
}

/** Plays `hash` to the last mark; the frames of each stretch and the memory at each mark. */
async function play(context, url) {
  const page = await openPage(context, url);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying && (!location.hash.includes('theory=1') || window.playground.theory));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.evaluate(() => {
    const app = window.playground;
    window.frames = [];
    const tick = (t) => {
      window.frames.push([t, app.figures[0].pg.counts().samples]);
      if (window.frames) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    app.setPlaying(true);
  });
  const memory = [];
  for (const mark of MARKS) {
    await page.waitForFunction((n) => window.playground.figures[0].pg.counts().samples >= n, mark, { timeout: 600_000, polling: 50 });
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize').value / 2 ** 20;
    const wasm = await page.evaluate(async () => {
      const { f64View } = await import('./js/wasm.js');
      return f64View(window.playground.figures[0].pg, 0, 0).buffer.byteLength / 2 ** 20;
    });
    memory.push({ mark, renderer: rendererMb(), heap, wasm });
  }
  const frames = await page.evaluate(() => {
    window.playground.setPlaying(false);
    const all = window.frames;
    window.frames = null;
    return all;
  });
  await page.close();
  let from = 0;
  return MARKS.map((mark, k) => {
    const stretch = frames.filter(([, n]) => n >= from && n <= mark);
    from = mark;
    const gaps = stretch.slice(1).map(([t], i) => t - stretch[i][0]).sort((a, b) => a - b);
    const at = (p) => gaps[Math.min(gaps.length - 1, Math.floor(p * gaps.length))];
    const seconds = (stretch.at(-1)[0] - stretch[0][0]) / 1000;
    const rate = (stretch.at(-1)[1] - stretch[0][1]) / seconds;
    return { mark, median: at(0.5), p95: at(0.95), longest: gaps.at(-1), rate, ...memory[k] };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv[2]; // 'off' or 'on': that case alone
  const server = await serve();
  let context;
  try {
    context = await launch({ width: 1280, height: 800 });
    console.log(`${ALGO} on the default preset at 100,000 samples/s, headless Chromium 1280 × 800:`);
    console.log('case        stretch to   frame median   95th pct   longest   samples/s   renderer RSS   JS heap   wasm memory');
    for (const [name, hash] of CASES.filter(([name]) => !only || name.endsWith(only))) {
      for (const r of await play(context, `${server.url}/#${hash}`)) {
        const f = (v, d = 1) => v.toFixed(d);
        console.log(`${name.padEnd(11)} ${r.mark.toLocaleString('en').padStart(10)}   ${f(r.median).padStart(9)} ms ${f(r.p95).padStart(7)} ms ${f(r.longest, 0).padStart(6)} ms ${Math.round(r.rate).toLocaleString('en').padStart(10)}   ${f(r.renderer, 0).padStart(9)} MB ${f(r.heap).padStart(6)} MB ${f(r.wasm).padStart(8)} MB`);
      }
    }
  } finally {
    await context?.close();
    await server.close();
  }
}
