// Each learner family's code is a part of the full module of its own
// (xtask/split-wasm.mjs): every learner of a family must run with that
// part alone. A function the split put in another family's part would
// trap ("null function") here, on the path that calls it: learning,
// explaining the last step, drawing the plane, exporting the model and
// stepping back through the timeline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, chooseLearner, watchParts } from './harness.mjs';

/** The learners whose link names exactly the part `family`, asked of the page's own module. */
function membersOf(page, family) {
  return page.evaluate((part) => {
    const Playground = window.playground.figures[0].pg.constructor;
    return Playground.catalogue().learners.map((l) => l.name).filter((name) => {
      const parts = Playground.parts(`#algo=${name}`, undefined);
      return parts.length === 1 && parts[0] === part;
    });
  }, family);
}

for (const [family, first] of [['kernel', 'kernel-perceptron'], ['libol', 'alma'], ['relatives', 'ballseptron'], ['second-order', 'arow']]) {
  test(`every learner of the ${family} family runs with its part alone`, async () => {
    const server = await serve();
    let context;
    try {
      context = await launch();
      const page = await context.newPage();
      const { fetched, errors } = watchParts(page);
      await page.goto(`${server.url}/#algo=${first}&seed=5`);
      await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying, null, { timeout: 30000 });
      const members = await membersOf(page, family);
      assert.ok(members.includes(first) && members.length >= 2, `${family}: ${members}`);
      for (const algo of members) {
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
        assert.deepEqual(fetched, [family], `${algo}: the full module's parts fetched`);
      }
    } finally {
      await context?.close();
      await server.close();
    }
  });
}
