// Regenerates docs/playground.png, the README's picture (needs www/pkg: run
// `cargo xtask serve` or `cargo xtask test` once first).
//   node scripts/readme-screenshot.mjs
import { join } from 'node:path';
import { serve, launch, openPage, ROOT } from '../tests/e2e/harness.mjs';

const server = await serve();
let context;
try {
  context = await launch({ width: 1280, height: 820 });
  const page = await openPage(context, `${server.url}/#algo=pa1&c=0.1&preset=noisy-labels&seed=7&speed=300`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  await page.evaluate(() => { window.playground.figures[0].pg.stream(900); window.playground.changed(); });
  await page.click('#step');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: join(ROOT, 'docs', 'playground.png') });
} finally {
  await context?.close();
  await server.close();
}
