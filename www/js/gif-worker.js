// Encodes an animated GIF off the main thread with the Rust gif crate,
// compiled into the worker's wasm module (the one that also reads data
// files; the page's module leaves both out). Frames arrive as RGBA buffers
// and are encoded as they come, so the file is ready soon after the last;
// a frame alone can be measured too (where the size estimate starts).
import init, { GifEncoder } from '../pkg/loader.js';

// One instantiation, awaited by every message in arrival order.
const ready = init();
let encoder = null;

self.onmessage = async ({ data }) => {
  try {
    await ready;
    if (data.type === 'start') {
      encoder?.free();
      encoder = new GifEncoder(data.width, data.height, data.speed ?? 10, data.swatch ?? new Uint8Array());
    } else if (data.type === 'frame') {
      encoder.add(new Uint8Array(data.rgba), data.delay);
      self.postMessage({ type: 'encoded', frames: data.index + 1 });
    } else if (data.type === 'measure') {
      // What one frame takes, encoded as a recording starting on it would
      // (its palette learned from it): the panel's estimate starts there.
      const one = new GifEncoder(data.width, data.height, 10, data.swatch);
      one.add(new Uint8Array(data.rgba), 10);
      const bytes = one.finish().length;
      one.free();
      self.postMessage({ type: 'measured', id: data.id, bytes });
    } else if (data.type === 'finish') {
      const bytes = encoder.finish();
      encoder.free();
      encoder = null;
      self.postMessage({ type: 'done', bytes }, [bytes.buffer]);
    }
  } catch (error) {
    self.postMessage({ type: 'error', message: error?.message ?? String(error) });
  }
};
