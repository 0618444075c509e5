// What Save GIF's files weigh against the panel's estimate, measured: real
// GIFs made as the panel makes them (a frame per step of the learner), with
// the page's own encoder (the Rust gif crate in pkg/loader.js, run in the
// page here rather than in its worker), over learners, presets, widths,
// lengths and steps, with and without the error curve, a Compare pair, and
// sessions whose plane already holds many points. The estimate
// (estimateBytes in www/js/gif-export.js) counts each frame as big as the
// first, encoded alone as the panel measures it; this prints each file
// against it, then asks whether a term for the points a recording adds
// would help: the bytes a point adds to each later frame, fitted to these
// files (it came out 0).
//   node benches/browser/gif-size.mjs     (after cargo xtask build; a few minutes)
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const SESSIONS = [
  'algo=pa1&preset=overlapping&seed=1',
  'algo=pa&preset=noisy-labels&noise=0.2&seed=7',
  'algo=arow&preset=moons&seed=3',
  'algo=pa1&preset=three-classes&seed=2',
  'algo=projectron&preset=xor&seed=2',
  'view=compare&algos=pa,pa1&preset=noisy-labels&noise=0.2&seed=7',
];
// `learned`: samples before the first frame (12: a first visit; 1,500: a
// plane full of points); `step`: samples a frame (10: a GIF of 1,000
// samples in 100 frames, or 100 samples/s recorded by seconds).
const PLANS = [
  { width: 240, frames: 50, step: 1, learned: 12, curve: false },
  { width: 480, frames: 100, step: 1, learned: 12, curve: false },
  { width: 480, frames: 100, step: 1, learned: 12, curve: true },
  { width: 720, frames: 60, step: 1, learned: 12, curve: false },
  { width: 480, frames: 100, step: 10, learned: 12, curve: false },
  { width: 480, frames: 60, step: 1, learned: 1500, curve: false },
];

/** Real GIFs of each plan on the page's session `link`, with the numbers an estimate needs. */
export async function measure(page, link, plans) {
  return page.evaluate(async ([plans, link]) => {
    const { captureFrame, pageSwatch } = await import('/js/gif-export.js');
    const { default: init, GifEncoder } = await import('/pkg/loader.js');
    await init();
    const app = window.playground;
    const chart = document.getElementById('chart-error');
    // Every plane drawn (a frame's drawing budget leaves Compare's second to the next frame under load).
    const drawAll = () => {
      do {
        app.loop.dirty = false;
        app.render(performance.now());
      } while (app.loop.dirty);
    };
    const out = [];
    for (const plan of plans) {
      await app.build(link);
      app.advance(plan.learned);
      let encoder = null;
      let shape = null;
      for (let i = 0; i < plan.frames; i++) {
        if (i > 0) app.advance(plan.step);
        drawAll();
        const frame = captureFrame(app.figures, chart, plan.width, plan.curve);
        if (i === 0) {
          // The panel's measure: the first frame alone, its palette its own.
          const one = new GifEncoder(frame.width, frame.height, 10, pageSwatch());
          one.add(new Uint8Array(frame.data.buffer.slice(0)), 10);
          // The planes' summed sides (composite() lays them out in a grid): a point's marks grow with a side.
          const n = app.figures.length;
          shape = { first: one.finish().length, shown: app.figures[0].pg.points_len() / 3, edge: (n * plan.width) / Math.min(n, Math.ceil(Math.sqrt(n))) };
        }
        encoder ??= new GifEncoder(frame.width, frame.height, 10, pageSwatch());
        encoder.add(new Uint8Array(frame.data.buffer), 10);
      }
      out.push({ link, ...plan, ...shape, bytes: encoder.finish().length });
    }
    return out;
  }, [plans, link]);
}

/** The estimate of a measured row, as the panel makes it. */
export async function estimate(page, row) {
  return page.evaluate(async (r) => (await import('/js/gif-export.js')).estimateBytes(r.frames, r.first), row);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve();
  const context = await launch({ width: 1280, height: 800 });
  const rows = [];
  try {
    for (const session of SESSIONS) {
      const page = await openPage(context, `${server.url}/#${session}`);
      await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
      for (const row of await measure(page, session, PLANS)) rows.push({ ...row, estimate: await estimate(page, row) });
      await page.close();
    }
  } finally {
    await context.close();
    await server.close();
  }
  const kb = (n) => `${(n / 1e3).toFixed(0)} KB`.padStart(8);
  console.log(`${'session'.padEnd(62)} width frames step learned curve     file estimate  file/estimate`);
  for (const r of rows) {
    console.log(`${r.link.padEnd(62)} ${String(r.width).padStart(5)} ${String(r.frames).padStart(6)} ${String(r.step).padStart(4)} ${String(r.learned).padStart(7)} ${r.curve ? ' yes ' : '  no '} ${kb(r.bytes)} ${kb(r.estimate)}  ${(r.bytes / r.estimate).toFixed(2)}`);
  }
  const ratios = rows.map((r) => r.bytes / r.estimate).sort((a, b) => a - b);
  console.log(`file / estimate: from ${ratios[0].toFixed(2)} to ${ratios.at(-1).toFixed(2)}, median ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}`);
  // Would a term for the points the recording adds help? The bytes a
  // point's marks add to each later frame (per 480 px of plane side) that
  // make the worst ratio of file to estimate, either way, as small as it
  // can be.
  const guess = (r, perPoint) => {
    let bytes = 0;
    for (let i = 0; i < r.frames; i++) bytes += r.first + ((perPoint * r.edge) / 480) * Math.min(i * r.step, Math.max(0, 5000 - r.shown));
    return bytes;
  };
  let best = { spread: Infinity };
  for (let perPoint = 0; perPoint <= 120; perPoint += 2) {
    const spread = Math.max(...rows.map((r) => Math.abs(Math.log(r.bytes / guess(r, perPoint)))));
    if (spread < best.spread) best = { spread, perPoint };
  }
  console.log(`fitted: ${best.perPoint} bytes a point a frame (per 480 px of side); files within ×${Math.exp(best.spread).toFixed(2)} of it`);
}
