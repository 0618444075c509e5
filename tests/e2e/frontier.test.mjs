// The budget frontier on the page (issue 38 item 2): in Compare with
// kernel learners, held-out error against support-set size, one trajectory
// per learner whose last point is the summary's support size and held-out
// error; a linear learner's absence said in words; the budget sweep runs a
// slice per frame with progress, can be cancelled, and its points are the
// command line's (`onlinelearn replay LINK --frontier SIZES`, the command
// the page copies) to the bit. After Reset, a learner switch and a language
// switch; desktop and phone.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { useBrowser, openPage, screenshot, ROOT, openLinearCompare, settle } from './harness.mjs';
import { VIEWPORTS } from './explain-steps.mjs';

const browser = useBrowser();

before(() => {
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'onlinelearn'], { cwd: ROOT, stdio: 'inherit' });
});

const LINK = 'algo=projectron&view=compare&algos=projectron,kernel-perceptron,pa1&preset=xor&seed=4&sigma=0.7';

/** The chart's trajectories as { key: [last x, last y, points] }. */
const trajectories = (page) => page.evaluate(() => {
  const chart = window.playground.curves.frontier.chart;
  return Object.fromEntries([...chart.lines].filter(([k]) => k.endsWith(':path')).map(([k, l]) => [k, [l.xs.at(-1), l.ys.at(-1), l.xs.length]]));
});

async function openCompare(viewport, samples = 600) {
  const page = await openPage(browser.context, `${browser.server.url}/#${LINK}`);
  if (viewport) await page.setViewportSize(viewport);
  await page.waitForFunction(() => window.playground?.figures?.length === 3 && !window.playground.replaying);
  await page.evaluate((n) => window.playground.act((pg) => pg.stream(n)), samples);
  await page.waitForFunction(() => window.playground.curves.frontier && !window.playground.curves.frontier.box.hidden);
  await settle(page);
  return page;
}

for (const [device, viewport] of VIEWPORTS) {
  test(`${device}: a trajectory per kernel learner ending at its summary; the linear one said; sweep, cancel, and the command line's points`, async () => {
    const page = await openCompare(viewport);
    const drawn = await trajectories(page);
    assert.deepEqual(Object.keys(drawn).sort(), ['0:path', '1:path'], 'the Projectron and the kernel perceptron, not PA-I');
    for (const i of [0, 1]) {
      const [x, y, n] = drawn[`${i}:path`];
      const { support, accuracy, points } = await page.evaluate((i) => {
        const f = window.playground.figures[i];
        const tests = window.playground.curve(3, i);
        return { support: f.pg.support_size(), accuracy: tests.at(-1), points: tests.length };
      }, i);
      assert.equal(n, points, 'one chart point per curve point');
      assert.equal(x, support, `learner ${i}: the last point is its support size`);
      assert.equal(y, 1 - accuracy, `learner ${i}: the last point is its held-out error`);
      assert.ok(support > 0);
    }
    await page.waitForFunction(() => /Projectron: \d+ support vectors, held-out error/.test(document.getElementById('frontier-summary').textContent));
    assert.match(await page.textContent('#frontier-note'), /Passive-Aggressive|PA-I/);
    assert.match(await page.textContent('#frontier-note'), /no support set/);

    // Cancel mid-sweep (clicked at once: the sweep is short): stopped, said.
    const cancelled = await page.evaluate(() => {
      document.getElementById('frontier-sweep').click();
      const shown = !document.getElementById('frontier-progress').hidden && !document.getElementById('frontier-cancel').hidden;
      document.getElementById('frontier-cancel').click();
      return { shown, sweep: window.playground.curves.frontier.sweep, status: document.getElementById('frontier-status').textContent, hidden: document.getElementById('frontier-progress').hidden };
    });
    assert.deepEqual(cancelled, { shown: true, sweep: null, status: 'Sweep cancelled.', hidden: true });

    // The whole sweep, its progress seen frame by frame, then its points.
    const seen = await page.evaluate(() => new Promise((resolve) => {
      const frontier = window.playground.curves.frontier;
      const progress = document.getElementById('frontier-progress');
      const seen = [];
      const tick = () => {
        seen.push({ value: progress.value, shown: !progress.hidden });
        if (frontier.sweep) requestAnimationFrame(tick);
        else resolve(seen);
      };
      document.getElementById('frontier-sweep').click();
      requestAnimationFrame(tick);
    }));
    assert.ok(seen.length >= 3, `it took several frames: ${JSON.stringify(seen)}`);
    assert.ok(seen.some((s) => s.shown && s.value > 0 && s.value < 1), `the progress moved: ${JSON.stringify(seen)}`);
    const swept = await page.evaluate(() => window.playground.figures.map((f) => f.frontier));
    assert.equal(swept[2], null, 'PA-I is not swept');
    assert.ok(swept[0].length >= 3 && swept[1].length >= 3, JSON.stringify(swept));
    await settle(page);
    assert.match(await page.textContent('#frontier-summary'), /Swept: /);
    await page.locator('#chart-frontier').scrollIntoViewIfNeeded();
    await screenshot(page, `frontier-${device}`);

    // The command line prints the same points, to the bit.
    const command = await page.evaluate(() => window.playground.curves.frontier.commandLine());
    assert.match(command, /^onlinelearn replay '.+' --frontier \d+(,\d+)+$/);
    const out = execFileSync('sh', ['-c', command], { env: { ...process.env, PATH: `${join(ROOT, 'target', 'release')}:${process.env.PATH}` }, encoding: 'utf8' });
    const cli = {};
    for (const line of out.trim().split('\n')) {
      const m = line.match(/^(\S+): size (\d+): \S+ (\S+) -> (\d+) support vectors, held-out accuracy (\S+), (\d+) mistakes$/);
      if (m) (cli[m[1]] ??= []).push({ target: +m[2], value: +m[3], support: +m[4], error: 1 - +m[5] });
    }
    assert.match(out, /pa1: no support-set size to set/);
    for (const [i, name] of [[0, 'projectron'], [1, 'kernel-perceptron']]) {
      const page_ = [...swept[i]].sort((a, b) => a.target - b.target);
      assert.deepEqual(page_, cli[name], `${name}: the page's sweep is the command line's`);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('after Reset, a learner switch and a language switch the chart starts again; Compare of linear learners loads no chart', async () => {
  const page = await openCompare(null, 300);
  await page.click('#reset');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(20)));
  await settle(page);
  const after = await trajectories(page);
  assert.ok(after['0:path'][2] <= 20 && after['1:path'][2] <= 20, `the trajectory starts again after Reset: ${JSON.stringify(after)}`);

  // A learner switch: the paper's eight kernel learners, PA-I gone.
  await page.click('#paper-eight');
  await page.waitForFunction(() => window.playground.figures.length === 8 && !window.playground.replaying);
  await page.evaluate(() => window.playground.act((pg) => pg.stream(200)));
  await settle(page);
  assert.equal(Object.keys(await trajectories(page)).length, 8, 'eight kernel learners, eight lines');
  assert.equal(await page.isVisible('#frontier-note'), false, 'no learner to say has no support set');

  // A language switch: the chart's words in Japanese, its lines again.
  await page.selectOption('#lang', 'ja');
  await page.waitForFunction(() => window.playground.figures.length === 8 && !window.playground.replaying && document.getElementById('frontier-sweep')?.textContent !== 'Sweep budgets');
  await page.evaluate(() => window.playground.act((pg) => pg.stream(50)));
  await settle(page);
  assert.equal(Object.keys(await trajectories(page)).length, 8);
  const words = await page.textContent('section.frontier');
  assert.doesNotMatch(words, /Sweep budgets|Budget frontier/, `in Japanese: ${words}`);
  assert.match(words, /予算/);
  await page.locator('#chart-frontier').scrollIntoViewIfNeeded();
  await screenshot(page, 'frontier-ja');
  assert.deepEqual(page.errors, []);
  await page.close();

  const plain = await openLinearCompare(browser);
  assert.equal(await plain.evaluate(() => window.playground.curves.frontier), undefined, 'its code loads with a kernel learner only');
  await plain.close();
});

test('the embed: `frontier` draws a kernel learner\'s path and sweeps; a linear learner says it has none', async () => {
  const page = await openPage(browser.context, `${browser.server.url}/embed.html#algo=projectron&preset=xor&seed=4&sigma=0.7&curves=1&frontier=1`);
  await page.waitForFunction(() => document.getElementById('figure')?.curves?.frontier && !document.getElementById('figure').curves.frontier.box.hidden);
  await page.evaluate(() => document.getElementById('figure').perform((pg) => pg.stream(300)));
  await settle(page);
  const last = await page.evaluate(() => {
    const el = document.getElementById('figure');
    const line = el.curves.frontier.chart.lines.get('0:path');
    return { x: line.xs.at(-1), support: el.figure.pg.support_size() };
  });
  assert.equal(last.x, last.support);
  await page.click('#frontier-sweep');
  await page.waitForFunction(() => !document.getElementById('figure').curves.frontier.sweep && document.getElementById('figure').figure.frontier?.length >= 3, null, { timeout: 120_000 });
  await screenshot(page, 'frontier-embed');
  // The two charts in one column, at one width; the sweep's command says it is the sweep's.
  const [curves, frontier] = await page.evaluate(() => ['.curves > canvas.chart', '#chart-frontier'].map((s) => {
    const r = document.getElementById('figure').shadowRoot.querySelector(s).getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.width)];
  }));
  assert.deepEqual(curves, frontier);
  assert.match(await page.locator('#frontier-command').textContent(), /sweep/);
  assert.deepEqual(page.errors, []);
  await page.close();

  const linear = await openPage(browser.context, `${browser.server.url}/embed.html#algo=pa1&preset=xor&seed=4&frontier=1`);
  await linear.waitForFunction(() => document.getElementById('figure')?.curves?.frontier);
  await settle(linear);
  assert.match(await linear.textContent('#frontier-note'), /no support set/);
  assert.equal(await linear.isVisible('#frontier-sweep'), false);
  await linear.close();
});
