// The Jupyter widget (python/onlinelearn_widget), end to end: a notebook
// that streams its own NumPy arrays into a Playground, steps it, and feeds
// it bad input, executed and exported to HTML by nbconvert with the widget
// state. Then the exported state is rendered in Chromium the way anywidget
// renders it (the `_esm` string imported from a blob: address, render({
// model, el }) with a model holding the saved traits), the Python side's
// step message is delivered, and what the figure reports back to the model
// (the traits Python reads: weights, mistakes, samples) must equal the
// command line's numbers for the same stream (target/release/onlinelearn,
// else target/debug's), to 1e-12. Last, the exported HTML itself opens in
// Chromium (its CDN scripts served from npm's packages at pinned versions,
// tests/npm/widget-cdn) and its figure plays the saved rows, live, with no
// kernel.
// The Python packages come from target/py (`cargo xtask test` makes it:
// anywidget, nbconvert, ipykernel, numpy, and this widget); without them
// the test says so and skips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, launch, screenshot, serve } from './harness.mjs';
import { pixelsOf, recorded } from './package-pages.mjs';
import { NOTEBOOK, ROWS } from './notebook-cells.mjs';

const PYTHON = join(ROOT, 'target', 'py', 'bin', 'python');

function pythonReady() {
  try {
    execFileSync(PYTHON, ['-c', 'import onlinelearn_widget, nbconvert, ipykernel'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

function commandLine() {
  const built = ['release', 'debug'].map((p) => join(ROOT, 'target', p, 'onlinelearn')).find(existsSync);
  assert.ok(built, 'target/release/onlinelearn is missing: cargo build --release');
  return built;
}

/** The widget state nbconvert saved in the exported HTML, by model id. */
function widgetState(html) {
  const json = /<script type="application\/vnd\.jupyter\.widget-state\+json">\s*([\s\S]*?)<\/script>/.exec(html);
  assert.ok(json, 'the export holds no widget state');
  return JSON.parse(json[1]).state;
}

/**
 * The files an nbconvert export fetches from CDNs (require.js, the widget
 * HTML manager, anywidget's front end), installed from npm at the versions
 * tests/npm/widget-cdn pins: url -> a response for page.route, or null if
 * npm could not install them. MathJax (the page has no formula) is empty.
 */
async function cdnFiles(dir) {
  const folder = join(dir, 'cdn');
  await cp(join(ROOT, 'tests', 'npm', 'widget-cdn'), folder, { recursive: true });
  try {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, stdio: 'pipe' });
  } catch {
    return null;
  }
  const modules = join(folder, 'node_modules');
  const files = [
    [/\/require(\.min)?\.js$/, join(modules, 'requirejs', 'require.js')],
    [/\/@jupyter-widgets\/html-manager@[^/]*\/dist\/embed-amd\.js$/, join(modules, '@jupyter-widgets', 'html-manager', 'dist', 'embed-amd.js')],
    [/\/anywidget@[^/]*\/dist\/index\.js$/, join(modules, 'anywidget', 'dist', 'index.js')],
  ];
  return (url) => {
    const path = new URL(url).pathname;
    const file = files.find(([pattern]) => pattern.test(path))?.[1];
    if (file) return { status: 200, contentType: 'text/javascript', path: file };
    if (path.includes('/mathjax/')) return { status: 200, contentType: 'text/javascript', body: '' };
    return { status: 404, body: '' };
  };
}

test('a notebook executed by nbconvert: the figure learns its arrays to the command line\'s weights, bad input raises in Python', async (t) => {
  if (!pythonReady()) {
    t.skip('skipped: the widget\'s Python packages are not installed (cargo xtask test makes target/py with anywidget, nbconvert, ipykernel, numpy)');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'onlinelearn-notebook-'));
  try {
    await writeFile(join(dir, 'playground.ipynb'), JSON.stringify(NOTEBOOK));
    execFileSync(PYTHON, ['-m', 'jupyter', 'nbconvert', '--to', 'html', '--execute', 'playground.ipynb'], { cwd: dir, stdio: 'pipe' });
    const html = await readFile(join(dir, 'playground.html'), 'utf8');
    // Bad input raised in the cell, naming the problem, before anything reached a figure.
    for (const message of ["ValueError: X has shape (60, 3); the plane takes X of shape (n, 2)", 'ValueError: X[4, 1] is nan, not a finite number', 'ValueError: y[2] is 0.5, not a class']) {
      assert.ok(html.includes(message.replace(/'/g, '&#39;')), `the export lacks "${message}"`);
    }
    const models = Object.values(widgetState(html)).filter((m) => m.state.rows !== undefined);
    assert.equal(models.length, 1, 'one Playground: the refused ones were never made');
    const saved = models[0].state;
    assert.equal(saved.rows.length, ROWS);
    assert.deepEqual(saved.attributes, { algo: 'pa1', c: '0.1', controls: 'play,step', id: 'fig' });

    // The command line on the stream the notebook wrote.
    const cli = JSON.parse(execFileSync(commandLine(), ['learn', '--algo', 'pa1', '--c', '0.1', '--train', join(dir, 'stream.csv'), '--json'], { encoding: 'utf8' }));
    assert.equal(cli.n_train, ROWS);

    // A host page that renders the saved widget as anywidget does.
    await writeFile(join(dir, 'state.json'), JSON.stringify(saved));
    await writeFile(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><div id="out"></div><script type="module" src="host.js"></script>');
    await writeFile(join(dir, 'host.js'), await readFile(join(ROOT, 'tests', 'e2e', 'notebook-host.js'), 'utf8'));
    const server = await serve(dir);
    let context;
    try {
      context = await launch({ width: 900, height: 900 });
      const page = await recorded(context, `${server.url}/`);
      await page.waitForFunction(() => document.querySelector('online-learner')?.figure);
      const before = await pixelsOf(page, 'online-learner');
      // What Playground.step(len(X)) sends.
      await page.evaluate((n) => window.host.message({ do: 'step', n }), ROWS);
      await page.waitForFunction((n) => window.host.traits.samples === n, ROWS);
      const reported = await page.evaluate(() => window.host.traits);
      assert.equal(reported.mistakes, cli.mistakes, 'progressive mistakes');
      const expected = [...cli.weights, cli.bias];
      assert.equal(reported.weights.length, expected.length);
      reported.weights.forEach((w, i) => assert.ok(Math.abs(w - expected[i]) <= 1e-12 * Math.max(1, Math.abs(expected[i])), `weight ${i}: figure ${w}, command line ${expected[i]}`));
      assert.match(reported.link, /^v=\d+&algo=pa1&.*log=/);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      assert.notEqual(await pixelsOf(page, 'online-learner'), before, 'the plane shows the points learned');
      assert.deepEqual(page.errors, []);
      await screenshot(page, 'notebook-widget');

      // The exported HTML itself, with what it loads from CDNs served from npm's packages.
      const cdn = await cdnFiles(dir);
      if (!cdn) {
        t.diagnostic('skipped the exported page: the CDN stand-ins could not be installed from the npm registry');
        return;
      }
      const missing = [];
      const exported = await recorded(context, `${server.url}/playground.html`, {
        before: async (p) => {
          p.on('response', (r) => { if (r.status() === 404) missing.push(new URL(r.url()).pathname); });
          await p.route(/^https:\/\//, (route) => route.fulfill(cdn(route.request().url())));
        },
      });
      await exported.waitForFunction(() => document.querySelector('online-learner')?.figure);
      await exported.evaluate(() => document.querySelector('online-learner').play());
      // It plays the saved rows, then pauses: the figure is live, without a kernel.
      await exported.waitForFunction((n) => { const el = document.querySelector('online-learner'); return el.figure.pg.counts().samples === n && !el.playing; }, ROWS);
      assert.deepEqual(Array.from(await exported.evaluate(() => document.querySelector('online-learner').figure.pg.weights())), reported.weights);
      // The manager first asks the page's own folder for the module (require.js's anywidget.js),
      // then the CDN: that one 404 is its way, every other error is ours.
      assert.deepEqual(missing, ['/anywidget.js']);
      assert.deepEqual(exported.errors.filter((e) => !/status of 404/.test(e)), []);
      await screenshot(exported, 'notebook-exported');
    } finally {
      await context?.close();
      await server.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
