// The page's download budget: wasm + JS + CSS under 150 KB gzipped, as the
// browser actually loads it. (A size, not a time: stable on any machine.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch } from './harness.mjs';
import { measure } from '../../benches/browser/bundle-size.mjs';

test('wasm + JS + CSS stay under 150 KB gzip', async () => {
  const server = await serve();
  let context;
  try {
    context = await launch();
    const files = await measure(context, `${server.url}/`);
    const code = files.filter((f) => /\.(wasm|js|css)$/.test(f.url));
    assert.ok(code.some((f) => f.url.endsWith('.wasm')), 'the wasm module was loaded');
    const total = code.reduce((sum, f) => sum + f.gzip, 0);
    assert.ok(total < 150 * 1024, `${(total / 1024).toFixed(1)} KB gzip`);
  } finally {
    await context?.close();
    await server.close();
  }
});
