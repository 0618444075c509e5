// What the book's first page (target/book/index.html, `cargo xtask book`)
// downloads, counted as bundle-size.mjs counts the playground: every
// response of a real page load in headless Chromium, gzipped (zlib level 9).
//   node benches/browser/book-size.mjs [page]     (default: index.html)
import { join } from 'node:path';
import { ROOT, serve, launch } from '../../tests/e2e/harness.mjs';
import { measure } from './bundle-size.mjs';

const server = await serve(join(ROOT, 'target', 'book'));
let context;
try {
  context = await launch();
  const files = await measure(context, `${server.url}/${process.argv[2] ?? 'index.html'}`);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.url.padEnd(40)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)} gzip`);
  const total = files.reduce((s, f) => s + f.gzip, 0);
  console.log(`everything the page loads: ${kb(total)} gzip in ${files.length} responses`);
} finally {
  await context?.close();
  await server.close();
}
