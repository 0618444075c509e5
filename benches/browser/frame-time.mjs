// Median frame time of the playground in headless Chromium (a benchmark
// that prints figures, not a test). Run by `cargo xtask bench`, or:
//   node benches/browser/frame-time.mjs
//
// A frame's work is timed directly: learn N samples in wasm, then redraw
// (shading, points, overlay, curves, explanation, status), then read one
// pixel back from each canvas so that rasterisation is included. Timing
// requestAnimationFrame intervals instead would only show the display's
// 16.7 ms vsync, not the headroom under it.
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const FRAMES = 200;

const server = await serve();
let context;
try {
  context = await launch();
  const page = await openPage(context, `${server.url}/#algo=pa1&c=0.1&preset=overlapping&seed=1`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  const results = await page.evaluate(async (frames) => {
    const app = window.playground;
    const figure = app.figures[0];
    const flush = () => {
      for (const canvas of figure.plane.root.querySelectorAll('canvas')) canvas.getContext('2d').getImageData(0, 0, 1, 1);
    };
    const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const p95 = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
    const nextFrame = () => new Promise((r) => requestAnimationFrame(r));
    app.playing = true; // as when streaming: the link is written once a second, not every frame
    figure.pg.stream(5000);
    app.render(performance.now());
    const stream = [];
    for (let i = 0; i < frames; i++) {
      await nextFrame();
      const t0 = performance.now();
      figure.pg.stream(1000);
      app.dirty = true;
      app.render(t0);
      flush();
      stream.push(performance.now() - t0);
    }
    const shading = [];
    const gridOnly = [];
    for (let i = 0; i < frames; i++) {
      await nextFrame();
      const t0 = performance.now();
      figure.plane.drawShading(figure.pg);
      figure.plane.shade.getContext('2d').getImageData(0, 0, 1, 1);
      shading.push(performance.now() - t0);
      const t1 = performance.now();
      figure.pg.grid(200, 200, -1.5, 1.5, -1.5, 1.5);
      gridOnly.push(performance.now() - t1);
    }
    return {
      points: figure.pg.points_len() / 3,
      samples: figure.pg.counts().samples,
      stream: { median: median([...stream]), p95: p95([...stream]) },
      shading: { median: median([...shading]), p95: p95([...shading]) },
      grid: { median: median([...gridOnly]), p95: p95([...gridOnly]) },
    };
  }, FRAMES);
  // A kernel learner's decision surface: APSM keeps its last L = 500 samples.
  const kernelPage = await openPage(context, `${server.url}/#algo=apsm&preset=moons&sigma=0.3&seed=1`);
  await kernelPage.waitForFunction(() => window.playground?.figures?.length > 0);
  const kernel = await kernelPage.evaluate(async (frames) => {
    const figure = window.playground.figures[0];
    figure.pg.stream(2000);
    const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const nextFrame = () => new Promise((r) => requestAnimationFrame(r));
    const grid = [];
    const shading = [];
    for (let i = 0; i < frames; i++) {
      await nextFrame();
      const t0 = performance.now();
      figure.pg.grid(200, 200, -1.5, 1.5, -1.5, 1.5);
      grid.push(performance.now() - t0);
      const t1 = performance.now();
      figure.plane.drawShading(figure.pg, [0, 1, -1]);
      figure.plane.shade.getContext('2d').getImageData(0, 0, 1, 1);
      shading.push(performance.now() - t1);
    }
    return { supportVectors: figure.pg.support_len() / 5, grid: median(grid), shading: median(shading) };
  }, FRAMES);
  const ms = (v) => `${v.toFixed(2)} ms`;
  console.log(`Chromium ${context.browser()?.version() ?? ''} headless, ${FRAMES} frames each (median, 95th percentile):`);
  console.log(`  PA-I stream, 1,000 samples/frame, ${results.points.toLocaleString('en')} points on screen: ${ms(results.stream.median)}  (p95 ${ms(results.stream.p95)})`);
  console.log(`  score shading 200 x 200 (wasm grid + colouring + draw):     ${ms(results.shading.median)}  (p95 ${ms(results.shading.p95)})`);
  console.log(`    of which the wasm grid call:                             ${ms(results.grid.median)}  (p95 ${ms(results.grid.p95)})`);
  console.log(`  kernel heatmap 200 x 200, ${kernel.supportVectors} support vectors (APSM), the wasm grid call: ${ms(kernel.grid)}`);
  console.log(`    with colouring, f = 0 / +-1 contours and drawing:            ${ms(kernel.shading)}`);
  console.log(JSON.stringify({ frameTime: results, kernel }));
  if (page.errors.length) throw new Error(`page errors: ${page.errors.join('; ')}`);
} finally {
  await context?.close();
  await server.close();
}
