// What Save GIF's files weigh, measured: real GIFs made as the panel makes
// them (a frame per sample, from a session that has learned a few samples),
// with the page's own encoder (the Rust gif crate in pkg/loader.js, run in
// the page here rather than in its worker), over a few learners, presets,
// widths and lengths, with and without the error curve, and a Compare pair.
// Prints each file against the panel's estimate (estimateBytes in
// www/js/gif-export.js), then the estimate's coefficients fitted afresh
// to these files: bytes = frames × (a × pixels + b × plane side), times k
// under a kernel surface.
//   node benches/browser/gif-size.mjs     (after cargo xtask build; about a minute)
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const SESSIONS = [
  'algo=pa1&preset=overlapping&seed=1',
  'algo=pa&preset=noisy-labels&noise=0.2&seed=7',
  'algo=arow&preset=moons&seed=3',
  'algo=pa1&preset=three-classes&seed=2',
  'algo=projectron&preset=xor&seed=2',
  'view=compare&algos=pa,pa1&preset=noisy-labels&noise=0.2&seed=7',
];
const PLANS = [
  { width: 240, frames: 50, curve: false },
  { width: 480, frames: 50, curve: false },
  { width: 480, frames: 100, curve: false },
  { width: 480, frames: 200, curve: false },
  { width: 480, frames: 100, curve: true },
  { width: 720, frames: 100, curve: false },
];
const LEARNED_FIRST = 12; // as a first visit

const server = await serve();
const context = await launch({ width: 1280, height: 800 });
const rows = [];
try {
  for (const session of SESSIONS) {
    const page = await openPage(context, `${server.url}/#${session}`);
    await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
    rows.push(...await page.evaluate(async ([plans, learned, link]) => {
      const { captureFrame, pageSwatch, estimateBytes, planeEdge } = await import('/js/gif-export.js');
      const { default: init, GifEncoder } = await import('/pkg/loader.js');
      await init();
      const app = window.playground;
      const chart = document.getElementById('chart-error');
      const out = [];
      for (const plan of plans) {
        await app.build(link);
        app.advance(learned);
        let encoder = null;
        let shape = null;
        for (let i = 0; i < plan.frames; i++) {
          if (i > 0) app.advance(1);
          app.render(performance.now());
          const frame = captureFrame(app.figures, chart, plan.width, plan.curve);
          encoder ??= new GifEncoder(frame.width, frame.height, 10, pageSwatch());
          encoder.add(new Uint8Array(frame.data.buffer), 10);
          shape ??= { width: frame.width, height: frame.height, edge: planeEdge(app.figures, plan.width), kernel: app.figures.some((f) => f.pg.is_kernel()) };
        }
        out.push({ link, ...plan, ...shape, bytes: encoder.finish().length, estimate: estimateBytes(plan.frames, shape) });
      }
      return out;
    }, [PLANS, LEARNED_FIRST, session]));
    await page.close();
  }
} finally {
  await context.close();
  await server.close();
}

const kb = (n) => `${(n / 1e3).toFixed(0)} KB`.padStart(8);
console.log(`${'session'.padEnd(62)} width frames curve     file estimate  file/estimate`);
for (const r of rows) {
  console.log(`${r.link.padEnd(62)} ${String(r.width).padStart(5)} ${String(r.frames).padStart(6)} ${r.curve ? ' yes ' : '  no '} ${kb(r.bytes)} ${kb(r.estimate)}  ${(r.bytes / r.estimate).toFixed(2)}`);
}
const ratios = rows.map((r) => r.bytes / r.estimate).sort((a, b) => a - b);
console.log(`file / estimate: from ${ratios[0].toFixed(2)} to ${ratios.at(-1).toFixed(2)}, median ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}`);

// The fit: a and b that make the worst ratio of file to estimate, either
// way, as small as it can be over the sessions without a kernel surface
// (a grid search: two coefficients, thirty files); then k, which centres
// the kernel sessions' ratios the same way.
const plain = rows.filter((r) => !r.kernel);
const shaded = rows.filter((r) => r.kernel);
const base = (r, a, b) => r.frames * (a * r.width * r.height + b * r.edge);
const worst = (ratios) => Math.max(...ratios.map((x) => Math.abs(Math.log(x))));
let best = { spread: Infinity };
for (let a = 0.02; a <= 0.06; a += 0.0005) {
  for (let b = 0; b <= 40; b += 0.5) {
    const spread = worst(plain.map((r) => r.bytes / base(r, a, b)));
    if (spread < best.spread) best = { spread, a, b };
  }
}
const kernelRatios = shaded.map((r) => r.bytes / base(r, best.a, best.b));
const k = Math.sqrt(Math.min(...kernelRatios) * Math.max(...kernelRatios));
console.log(`fitted: a = ${best.a.toFixed(4)} bytes a pixel, b = ${best.b.toFixed(1)} bytes a pixel of side, k = ${k.toFixed(2)}; files within ×${Math.exp(best.spread).toFixed(2)} of it (kernel: ×${Math.sqrt(Math.max(...kernelRatios) / Math.min(...kernelRatios)).toFixed(2)})`);
