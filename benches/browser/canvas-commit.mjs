// What the browser's commit (its main-thread hand-over of a frame to the
// compositor) costs for a page of canvases, in headless Chromium: N canvases
// of S x S pixels are sized in one frame, then K of them are drawn per frame
// until each was drawn once, then all of them are drawn in each of three more
// frames. Prints each frame's `Commit` from a trace. It isolates what
// Compare's panels pay (three canvases per plane, benches/browser/compare-build.mjs).
// A benchmark that prints figures, not a test. Run:
//   node benches/browser/canvas-commit.mjs [N] [S] [K]   (default: 48 280 4)
import { launch } from '../../tests/e2e/harness.mjs';

const [count, side, perFrame] = [process.argv[2] ?? 48, process.argv[3] ?? 280, process.argv[4] ?? 4].map(Number);
const context = await launch({ width: 1280, height: 800 });
try {
  const page = await context.newPage();
  await page.setContent(`<div id="grid" style="display:grid;grid-template-columns:repeat(4,${side}px)"></div>`);
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
  const finished = new Promise((resolve) => cdp.on('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await page.evaluate(([n, s, k]) => new Promise((resolve) => {
    const canvases = Array.from({ length: n }, () => {
      const canvas = document.createElement('canvas');
      canvas.style.width = canvas.style.height = `${s}px`;
      document.getElementById('grid').append(canvas);
      return canvas;
    });
    const staggered = Math.ceil(n / k);
    let frame = 0;
    const draw = (canvas) => {
      const ctx = canvas.getContext('2d');
      ctx.clearRect(0, 0, s, s);
      ctx.fillStyle = `hsl(${frame * 40}, 50%, 50%)`;
      ctx.fillRect(10, 10, 50 + frame, 50);
    };
    const step = () => {
      if (frame === 0) for (const canvas of canvases) canvas.width = canvas.height = s;
      else if (frame <= staggered) canvases.slice((frame - 1) * k, frame * k).forEach(draw);
      else canvases.forEach(draw);
      frame += 1;
      if (frame <= staggered + 3) requestAnimationFrame(step);
      else setTimeout(resolve, 200);
    };
    requestAnimationFrame(step);
  }), [count, side, perFrame]);
  await cdp.send('Tracing.end');
  await finished;
  const commits = events.filter((e) => e.name === 'Commit' && e.ph === 'X' && e.dur > 500).map((e) => (e.dur / 1000).toFixed(1));
  console.log(`${count} canvases of ${side} px, ${perFrame} first drawn a frame, then all redrawn 3 times: each Commit over 0.5 ms, in ms:`);
  console.log(`  ${commits.join(' ')}`);
} finally {
  await context.close();
}
