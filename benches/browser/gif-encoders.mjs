// Which GIF encoder the page uses, measured: the Rust gif crate (image-rs,
// one NeuQuant palette for the animation) in the worker's wasm module, against gifenc (a small
// maintained JS encoder, a palette per frame), on the same frames of
// the playground captured in headless Chromium. Both run in node's V8, the
// engine of the page's worker. Prints size and time; the quality (mean
// absolute error of the decoded frames against the captured ones, by the
// gif crate's decoder) comes from benches/gif/quality.rs.
//   node benches/browser/gif-encoders.mjs     (after cargo xtask build)
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { GIFEncoder, quantize, applyPalette } from 'gifenc/dist/gifenc.esm.js';
import init, { GifEncoder } from '../../target/site/pkg/loader.js';
import { serve, launch, openPage, ROOT } from '../../tests/e2e/harness.mjs';

const FRAMES = 20;
const WIDTH = 480;
const OUT = join(ROOT, 'target', 'gif-bench');

async function capture() {
  const server = await serve();
  const context = await launch({ width: 1280, height: 800 });
  try {
    const page = await openPage(context, `${server.url}/#algo=projectron&preset=moons&seed=3&sigma=0.5`);
    await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
    return await page.evaluate(async ([frames, width]) => {
      const { captureFrame } = await import('/js/gif-export.js');
      const app = window.playground;
      const out = [];
      for (let i = 0; i < frames; i++) {
        app.advance(15);
        app.render(performance.now());
        const image = captureFrame(app.figures, document.getElementById('chart-error'), width, false);
        out.push({ width: image.width, height: image.height, data: Array.from(image.data) });
      }
      const { pageSwatch } = await import('/js/gif-export.js');
      return { frames: out, swatch: Array.from(pageSwatch()) };
    }, [FRAMES, WIDTH]);
  } finally {
    await context.close();
    await server.close();
  }
}

const captured = await capture();
const frames = captured.frames.map((f) => ({ ...f, data: Uint8Array.from(f.data) }));
const swatch = Uint8Array.from(captured.swatch);
const { width, height } = frames[0];
await mkdir(OUT, { recursive: true });
await writeFile(join(OUT, 'frames.rgba'), Buffer.concat(frames.map((f) => Buffer.from(f.data))));
await writeFile(join(OUT, 'frames.json'), JSON.stringify({ width, height, frames: frames.length }));

await init({ module_or_path: await readFile(join(ROOT, 'target', 'site', 'pkg', 'loader_bg.wasm')) });
let start = performance.now();
const rust = new GifEncoder(width, height, 10, swatch);
for (const f of frames) rust.add(f.data, 10);
const rustBytes = rust.finish();
const rustMs = performance.now() - start;

start = performance.now();
const js = GIFEncoder();
for (const f of frames) {
  const palette = quantize(f.data, 256);
  js.writeFrame(applyPalette(f.data, palette), width, height, { palette, delay: 100 });
}
js.finish();
const jsBytes = js.bytes();
const jsMs = performance.now() - start;

await writeFile(join(OUT, 'rust.gif'), rustBytes);
await writeFile(join(OUT, 'gifenc.gif'), jsBytes);
const quality = execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'gif_quality', '--', OUT], { cwd: ROOT }).toString();
console.log(`${frames.length} frames of ${width} x ${height} (Projectron on moons), encoded in node:`);
console.log(`  Rust gif + NeuQuant, one palette (wasm): ${(rustBytes.length / 1e3).toFixed(0)} KB in ${rustMs.toFixed(0)} ms`);
console.log(`  gifenc 1.0.3 (JS):                        ${(jsBytes.length / 1e3).toFixed(0)} KB in ${jsMs.toFixed(0)} ms`);
console.log(quality.trim());
