// What the playground page downloads, gzipped (zlib level 9), measured
// from the responses of a real page load in headless Chromium.
//   node benches/browser/bundle-size.mjs [page]     (default: index.html)
import { gzipSync } from 'node:zlib';
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

export async function measure(context, url) {
  const page = await context.newPage();
  const bodies = [];
  page.on('response', async (response) => {
    try {
      bodies.push({ url: new URL(response.url()).pathname, body: await response.body() });
    } catch { /* a response without a body */ }
  });
  await page.goto(url);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 || document.readyState === 'complete');
  await page.waitForLoadState('networkidle');
  await page.close();
  return bodies.map(({ url, body }) => ({ url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve();
  let context;
  try {
    context = await launch();
    const files = await measure(context, `${server.url}/${process.argv[2] ?? ''}`);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    for (const f of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.url.padEnd(32)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)} gzip`);
    const total = files.reduce((s, f) => s + f.gzip, 0);
    const code = files.filter((f) => /\.(wasm|js|css)$/.test(f.url)).reduce((s, f) => s + f.gzip, 0);
    console.log(`wasm + JS + CSS: ${kb(code)} gzip; everything the page loads: ${kb(total)} gzip`);
  } finally {
    await context?.close();
    await server.close();
  }
}
