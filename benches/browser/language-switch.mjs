// The long tasks of a language switch on the playground, in headless
// Chromium: the page opened in English, then switched to Japanese,
// Italian, Chinese, English and Japanese again, once per fresh page load,
// LOADS times. A long task is the browser's own report of a task over
// 50 ms (PerformanceObserver 'longtask'). A benchmark that prints figures,
// not a test. Run, after `cargo xtask build`:
//   node benches/browser/language-switch.mjs [LOADS] [hash] [site folder]
// (default: 5, the default page, target/site; a copy of an older build's
// target/site compares builds on one machine).
import { resolve } from 'node:path';
import { serve, launch, openPage } from '../../tests/e2e/harness.mjs';

const LOADS = Number(process.argv[2] ?? 5);
const HASH = process.argv[3] ?? '';
const SWITCHES = ['ja', 'it', 'zh-CN', 'en', 'ja'];

const server = await (process.argv[4] ? serve(resolve(process.argv[4])) : serve());
let context;
try {
  context = await launch({ width: 1280, height: 900 });
  const seen = SWITCHES.map(() => []);
  for (let load = 0; load < LOADS; load++) {
    const page = await openPage(context, `${server.url}/#${HASH}`);
    await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); }).observe({ entryTypes: ['longtask'] });
    });
    for (const [i, lang] of SWITCHES.entries()) {
      await page.selectOption('#lang', lang);
      await page.waitForFunction((tag) => document.documentElement.lang === tag, lang);
      await page.waitForTimeout(600);
      seen[i].push(...(await page.evaluate(() => window.longTasks.splice(0))));
    }
    await page.close();
  }
  console.log(`Long tasks (over 50 ms) of a language switch, ${LOADS} page loads${HASH ? ` of #${HASH}` : ''}:`);
  for (const [i, lang] of SWITCHES.entries()) {
    const tasks = seen[i].map((ms) => `${ms.toFixed(0)} ms`).join(', ') || 'none';
    console.log(`  ${i === 0 || !SWITCHES.slice(0, i).includes(lang) ? 'first' : 'again'} to ${lang.padEnd(5)} ${tasks}`);
  }
} finally {
  await context?.close();
  await server.close();
}
