// Parses a data file off the main thread, with the same Rust readers as the
// command line, compiled into a wasm module of their own (the page's module
// leaves them out; see src/wasm/mod.rs). The file is read in
// 1 MB slices; each slice is cut at its last line break, so the reader only
// ever sees whole lines, and the tab stays responsive however big the file.
import init, { DataLoader } from '../pkg/loader.js';

const SLICE_BYTES = 1 << 20;

self.onmessage = async ({ data: { file, format = 'auto', task = 'auto' } }) => {
  let loader = null;
  try {
    await init();
    loader = new DataLoader(file.name, format, task);
    const decoder = new TextDecoder('utf-8');
    let carry = '';
    for (let at = 0; at < file.size; at += SLICE_BYTES) {
      const bytes = await file.slice(at, at + SLICE_BYTES).arrayBuffer();
      const text = carry + decoder.decode(bytes, { stream: true });
      const cut = text.lastIndexOf('\n') + 1;
      if (cut > 0) loader.feed(text.slice(0, cut));
      carry = text.slice(cut);
      self.postMessage({ type: 'progress', loaded: Math.min(file.size, at + SLICE_BYTES), total: file.size });
    }
    carry += decoder.decode();
    if (carry) loader.feed(carry);
    loader.finish();
    const result = {
      type: 'done',
      name: file.name,
      rows: loader.rows(),
      features: loader.features(),
      sparse: loader.sparse(),
      task: loader.task(),
      classes: loader.classes(),
      fingerprint: loader.fingerprint(),
      skipped: loader.skipped(),
      errors: loader.errors(),
      labels: loader.labels(),
      values: loader.values(),
      rowStarts: loader.sparse() ? loader.row_starts() : null,
      indices: loader.sparse() ? loader.indices() : null,
    };
    const buffers = [result.labels, result.values, result.rowStarts, result.indices].filter(Boolean).map((a) => a.buffer);
    self.postMessage(result, buffers);
  } catch (error) {
    // The learner core's error as data (its code and arguments), for the page to say in its language.
    const { code, template, args } = error ?? {};
    self.postMessage({ type: 'error', message: error?.message ?? String(error), code, template, args });
  } finally {
    loader?.free();
  }
};
