// The first load's download budget: every response the browser receives
// when it opens a page (HTML, wasm, JS, CSS and the language's catalogue),
// gzipped, under 150 KB in every language. (A size, not a time: stable on
// any machine.) The English page fetches no catalogue; another language
// fetches its own, and only that one. The first load holds the learner
// core without the kernel family's code: the full module comes only with a
// kernel learner (or a file), and is fetched then.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseLearner, watchModules as watch, withFreshBrowser } from './harness.mjs';
import { measure } from '../../benches/browser/bundle-size.mjs';
import { LANGUAGES } from '../i18n/keys.mjs';

const BUDGET = 150 * 1024;

async function firstLoad(path) {
  return withFreshBrowser(({ server, context }) => measure(context, `${server.url}/${path}`));
}

const kb = (files) => `${(files.reduce((sum, f) => sum + f.gzip, 0) / 1024).toFixed(1)} KB gzip: ${files.map((f) => f.url).join(', ')}`;
const total = (files) => files.reduce((sum, f) => sum + f.gzip, 0);

for (const tag of ['en', ...LANGUAGES]) {
  test(`${tag}: the playground's first load, every response, stays under 150 KB gzip`, async () => {
    const files = await firstLoad(`#lang=${tag}`);
    assert.ok(files.some((f) => f.url === '/pkg/onlinelearn_bg.wasm'), 'the first module was loaded');
    assert.ok(!files.some((f) => f.url.includes('onlinelearn_full')), `no full module on a first load: ${kb(files)}`);
    assert.ok(total(files) < BUDGET, kb(files));
    const catalogues = files.filter((f) => f.url.startsWith('/i18n/')).map((f) => f.url);
    assert.deepEqual(catalogues, tag === 'en' ? [] : [`/i18n/${tag}.json`]);
  });
}

test('the embed frame and the example post stay under 150 KB gzip on their first load', async () => {
  for (const path of ['embed.html#algo=pa1', 'examples/blog.html']) {
    const files = await firstLoad(path);
    assert.ok(total(files) < BUDGET, `${path}: ${kb(files)}`);
  }
});

test('a link to a kernel learner fetches the full module, and only then', async () => {
  const files = await firstLoad('#algo=projectron&preset=xor');
  assert.ok(files.some((f) => f.url === '/pkg/onlinelearn_full_bg.wasm'), kb(files));
});

test('a link to a learner of each family opens it, learning, from the first module or the full one, in one file', async () => {
  await withFreshBrowser(async ({ server, context }) => {
    // One learner per family: the first module's (linear, multiclass over
    // it), and the full module's (second-order, kernel, LIBOL's, relatives,
    // the multiclass perceptron's updates and the Banditron, the Theory
    // layer), which comes whole, one file (docs/build.md).
    const FULL = ['onlinelearn_bg.wasm', 'onlinelearn_full_bg.wasm'];
    for (const [algo, extra, modules] of [['pa1', '', ['onlinelearn_bg.wasm']], ['pocket', '', ['onlinelearn_bg.wasm']], ['arow', '', FULL], ['projectron', '&preset=xor', FULL], ['alma', '', FULL], ['pegasos', '', FULL], ['winnow', '', FULL], ['batch-pocket', '', FULL], ['pa1', '&preset=three-classes', ['onlinelearn_bg.wasm']], ['perceptron', '&preset=three-classes&multiclass=crammer-singer-proportional', FULL], ['perceptron', '&preset=four-classes&multiclass=banditron', FULL], ['pa1', '&theory=1', FULL]]) {
      const page = await context.newPage();
      const { fetched, errors } = watch(page);
      await page.goto(`${server.url}/#algo=${algo}${extra}&seed=3`);
      await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying, null, { timeout: 30000 });
      const shown = await page.evaluate(() => {
        const app = window.playground;
        app.act((pg) => pg.stream(50));
        const pg = app.figures[0].pg;
        return { algorithm: pg.algorithm(), samples: pg.counts().samples, menu: document.getElementById('algo').value };
      });
      assert.deepEqual(shown, { algorithm: algo, samples: shown.samples, menu: algo }, `${algo}${extra}`);
      assert.ok(shown.samples >= 50, `${algo}${extra} learned ${shown.samples}`);
      assert.deepEqual(errors, [], `${algo}${extra}`);
      assert.deepEqual(fetched, modules, `${algo}${extra}: the wasm files fetched`);
      await page.close();
    }
  });
});

test('a session in the full module switches to a learner of every family with nothing more to fetch, and keeps its handle', async () => {
  await withFreshBrowser(async ({ server, context }) => {
    const page = await context.newPage();
    const { fetched, errors } = watch(page);
    // The Theory layer brings the full module.
    await page.goto(`${server.url}/#algo=pa1&preset=xor&theory=1&seed=3`);
    await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying, null, { timeout: 30000 });
    await page.evaluate(() => window.playground.act((pg) => pg.stream(40)));
    const modules = ['onlinelearn_bg.wasm', 'onlinelearn_full_bg.wasm'];
    assert.deepEqual(fetched, modules);
    await page.evaluate(() => { window.firstHandle = window.playground.figures[0].pg; });
    for (const algo of ['projectron', 'alma', 'ballseptron', 'arow', 'forgetron', 'romma', 'paum', 'scw2']) {
      await chooseLearner(page, algo);
      // The session already runs in the full module: no replay into new handles.
      assert.ok(await page.evaluate(() => window.playground.figures[0].pg === window.firstHandle), `${algo}: the same handle`);
      const learned = await page.evaluate(() => {
        window.playground.act((pg) => pg.stream(40));
        return window.playground.figures[0].pg.counts().samples;
      });
      // (A switch between a linear and a kernel learner starts the learner afresh: issue 34, item 9.)
      assert.ok(learned >= 40, `${algo} learned ${learned}`);
      assert.deepEqual(fetched, modules, `after ${algo}`);
    }
    assert.deepEqual(errors, []);
  });
});
