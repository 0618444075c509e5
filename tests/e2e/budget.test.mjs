// The page's download budget: wasm + JS + CSS under 150 KB gzipped, as the
// browser actually loads it, in every language. (A size, not a time: stable
// on any machine.) The English page fetches no catalogue; another language
// fetches its own, and only that one: text, reported beside the code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch } from './harness.mjs';
import { measure } from '../../benches/browser/bundle-size.mjs';
import { LANGUAGES } from '../i18n/keys.mjs';

for (const tag of ['en', ...LANGUAGES]) {
  test(`${tag}: wasm + JS + CSS stay under 150 KB gzip`, async () => {
    const server = await serve();
    let context;
    try {
      context = await launch();
      const files = await measure(context, `${server.url}/#lang=${tag}`);
      const code = files.filter((f) => /\.(wasm|js|css)$/.test(f.url));
      assert.ok(code.some((f) => f.url.endsWith('.wasm')), 'the wasm module was loaded');
      const total = code.reduce((sum, f) => sum + f.gzip, 0);
      assert.ok(total < 150 * 1024, `${(total / 1024).toFixed(1)} KB gzip`);
      const catalogues = files.filter((f) => f.url.startsWith('/i18n/')).map((f) => f.url);
      assert.deepEqual(catalogues, tag === 'en' ? [] : [`/i18n/${tag}.json`]);
    } finally {
      await context?.close();
      await server.close();
    }
  });
}
