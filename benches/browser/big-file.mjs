// The longest main-thread task while the playground opens a 45 MB LIBSVM
// file (a9a nineteen times over, 618,640 rows), in headless Chromium: the
// worker parses and fingerprints it; the main thread only takes the arrays.
// A benchmark that prints figures, not a test.
//   node benches/browser/big-file.mjs        (needs ../shared/data/a9a)
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, openPage, ROOT } from '../../tests/e2e/harness.mjs';

const a9a = (await readFile(join(ROOT, '..', 'shared', 'data', 'a9a'), 'utf8')).trimEnd();
const file = join(ROOT, 'target', 'big-file-bench', 'a9a-x19.svm');
await mkdir(join(ROOT, 'target', 'big-file-bench'), { recursive: true });
await writeFile(file, `${Array(19).fill(a9a).join('\n')}\n`);
const server = await serve();
const context = await launch({ width: 1280, height: 800 });
try {
  const page = await openPage(context, `${server.url}/#algo=pa1`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0);
  await page.evaluate(() => {
    window.tasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.tasks.push(e.duration); }).observe({ type: 'longtask' });
  });
  const start = Date.now();
  await page.setInputFiles('#file-input', file);
  await page.waitForFunction(() => /a9a-x19/.test(document.getElementById('file-info')?.textContent ?? ''), null, { timeout: 120000 });
  const seconds = (Date.now() - start) / 1000;
  await page.waitForTimeout(1000);
  const tasks = await page.evaluate(() => window.tasks);
  console.log(`45 MB LIBSVM file (618,640 rows): ready in ${seconds.toFixed(1)} s; longest main-thread task ${Math.round(Math.max(0, ...tasks))} ms (${tasks.length} tasks over 50 ms)`);
} finally {
  await context.close();
  await server.close();
}
