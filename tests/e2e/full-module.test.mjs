// The learners the first module leaves out run from the full module, one
// file (docs/build.md): a kernel learner chosen from a link brings that
// file once, no other wasm file, and every learner of the full module's
// families then learns, explains its last step, draws the plane, exports
// its model and steps back through the timeline, with no error and no
// further download. Save model, whose writer only the full module holds,
// brings it to a session of the first module and saves the model learned.
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

test('Save model on a session of the first module brings the full module once and saves the exact model learned there', async () => {
  await withFreshBrowser(async ({ server, context }) => {
    const page = await context.newPage();
    const { fetched, errors } = watchModules(page);
    await page.goto(`${server.url}/#algo=pa1&preset=overlapping&seed=3&c=0.5`);
    await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
    const before = await page.evaluate(() => {
      const app = window.playground;
      app.act((pg) => pg.stream(250));
      app.writeHash();
      const pg = app.figures[0].pg;
      return { weights: Array.from(pg.weights()), samples: pg.counts().samples, exports: typeof pg.model_export };
    });
    // The first module has no writer of the model: the download alone says it is not there yet.
    assert.deepEqual({ fetched, exports: before.exports }, { fetched: ['onlinelearn_bg.wasm'], exports: 'undefined' });
    const saveModel = async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-model')]);
      return JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString()));
    };
    const doc = await saveModel();
    assert.deepEqual(fetched, ['onlinelearn_bg.wasm', 'onlinelearn_full_bg.wasm']);
    // The session replayed in the full module to the same samples, the same weights to the bit.
    assert.equal(doc.format, 'onlinelearn-model');
    assert.equal(doc.algorithm, 'pa1');
    assert.deepEqual([...doc.model.weights, doc.model.bias], before.weights);
    const after = await page.evaluate(() => ({ samples: window.playground.figures[0].pg.counts().samples, exports: typeof window.playground.figures[0].pg.model_export }));
    assert.deepEqual(after, { samples: before.samples, exports: 'function' });
    // Saving again saves at once, with nothing more fetched.
    assert.deepEqual((await saveModel()).model, doc.model);
    assert.deepEqual(fetched, ['onlinelearn_bg.wasm', 'onlinelearn_full_bg.wasm']);
    assert.deepEqual(errors, []);
  });
});
