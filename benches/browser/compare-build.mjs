// How long the main thread is held when Compare puts a family side by
// side, in headless Chromium: a Compare session of 500 samples, then each
// family button clicked in turn (the full module loads on the first
// family that needs it, before this is timed). For each click: the
// longest task from the click until the panels hold the session (the
// standard: no frame over 50 ms), and the time to that point. Every
// long task (over 50 ms) the browser reports is counted.
// A benchmark that prints figures, not a test. Run, after `cargo xtask build`:
//   node benches/browser/compare-build.mjs [site folder] [runs]   (default: target/site, 3)
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const FAMILIES = ['linear', 'pocket', 'second-order', 'libol', 'relatives', 'kernel'];

/** Clicks `family`'s button; resolves with { panels, longest, done } once its panels hold the session. */
function clickFamily(page, family) {
  return page.evaluate((name) => new Promise((resolve) => {
    const app = window.playground;
    const tasks = [];
    const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
    observer.observe({ type: 'longtask' });
    const asked = performance.now();
    let frames = 0;
    document.querySelector(`#compare-families button[data-family="${name}"]`).click();
    const look = () => {
      frames += 1;
      if (app.replaying || frames < 3) return requestAnimationFrame(look);
      const done = performance.now() - asked;
      // Two frames more, so a task right after the build is seen too.
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
        observer.disconnect();
        resolve({ panels: app.figures.length, longest: Math.max(0, ...tasks), count: tasks.length, done });
      }, 100)));
    };
    requestAnimationFrame(look);
  }), family);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve(process.argv[2]);
  const runs = Number(process.argv[3] ?? 3);
  let context;
  try {
    context = await launch({ width: 1280, height: 800 });
    const results = Object.fromEntries(FAMILIES.map((f) => [f, []]));
    for (let run = 0; run < runs; run += 1) {
      const page = await openPage(context, `${server.url}/#algo=pa1&view=compare&algos=pa1,pa&preset=overlapping&seed=4`);
      await page.waitForFunction(() => window.playground?.figures?.length === 2 && !window.playground.replaying && document.querySelectorAll('#compare-families button').length === 6);
      await page.evaluate(() => window.playground.act((pg) => pg.stream(500)));
      // The full module in first (its download is not what is timed).
      await clickFamily(page, 'kernel');
      for (const family of FAMILIES) results[family].push(await clickFamily(page, family));
      await page.close();
    }
    console.log(`Compare's family buttons after 500 samples (headless Chromium, ${runs} runs; longest task in ms from the click until the panels hold the session, long tasks counted, time to done):`);
    for (const family of FAMILIES) {
      const rows = results[family];
      const fmt = (key) => rows.map((r) => r[key].toFixed(0)).join(' / ');
      console.log(`  ${family.padEnd(13)} ${String(rows[0].panels).padStart(2)} panels  longest ${fmt('longest').padEnd(16)} long tasks ${rows.map((r) => r.count).join(' / ').padEnd(10)} done ${fmt('done')}`);
    }
  } finally {
    await context?.close();
    await server.close();
  }
}
