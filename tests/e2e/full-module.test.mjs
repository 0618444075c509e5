// The learners the first module leaves out run from the full module, one
// file (docs/build.md): a kernel learner chosen from a link brings that
// file once, no other wasm file, and every learner of the full module's
// families then learns, explains its last step, draws the plane, exports
// its model and steps back through the timeline, with no error and no
// further download.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseLearner, watchModules, withFreshBrowser } from './harness.mjs';

/** The learners whose code the page's first module lacks (asked of that module). */
function fullModuleLearners(page) {
  return page.evaluate(async () => {
    const { Playground } = await import(new URL('pkg/onlinelearn.js', document.baseURI).href);
    return Playground.catalogue().learners.map((l) => l.name).filter((name) => Playground.needs_full(`#algo=${name}`, undefined));
  });
}

test('a kernel learner from a link loads the full module once, in one file, and every learner of it runs there', async () => {
  await withFreshBrowser(async ({ server, context }) => {
    const page = await context.newPage();
    const { fetched, errors } = watchModules(page);
    await page.goto(`${server.url}/#algo=kernel-perceptron&seed=5`);
    await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying, null, { timeout: 30000 });
    const modules = ['onlinelearn_bg.wasm', 'onlinelearn_full_bg.wasm'];
    assert.deepEqual(fetched, modules);
    const learners = await fullModuleLearners(page);
    // The four families the first module leaves out, each with several learners.
    for (const algo of ['kernel-perceptron', 'projectron', 'alma', 'romma', 'ballseptron', 'paum', 'arow', 'scw2']) {
      assert.ok(learners.includes(algo), `${algo} in ${learners}`);
    }
    for (const algo of learners) {
      await chooseLearner(page, algo);
      const seen = await page.evaluate(async () => {
        const app = window.playground;
        app.act((pg) => pg.stream(40));
        const pg = app.figures[0].pg;
        const last = pg.last();
        const model = pg.model_export('');
        const samples = pg.counts().samples;
        pg.seek(10);
        pg.seek(samples);
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        return { algorithm: pg.algorithm(), samples: pg.counts().samples, explained: last !== null, exported: model !== null };
      });
      assert.deepEqual(seen, { algorithm: algo, samples: seen.samples, explained: true, exported: true }, algo);
      assert.ok(seen.samples >= 40, `${algo} learned ${seen.samples}`);
      assert.deepEqual(errors, [], algo);
      assert.deepEqual(fetched, modules, `${algo}: the wasm files fetched`);
    }
  });
});
