// The Jupyter widget live in JupyterLab, with a kernel: a JupyterLab
// server (target/py's, `cargo xtask test` installs it) opens a notebook in
// Chromium; its cells make a Playground, step it 200 samples from Python,
// then read back `.samples`, `.mistakes`, `.weights` and `.link` and write
// them to a file. What Python read must be what the figure holds, and what
// the command line rebuilds from that link (`onlinelearn replay --json`):
// the same weights, bit for bit, and the same mistakes. Without JupyterLab
// the test says so and skips. (notebook.test.mjs covers nbconvert and the
// exported HTML, where no kernel runs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, launch, screenshot } from './harness.mjs';

const JUPYTER = join(ROOT, 'target', 'py', 'bin', 'jupyter');

function labVersion() {
  try {
    return execFileSync(JUPYTER, ['lab', '--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const freePort = () => new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

/** A notebook of `cells` (code), the last writing what Python read to `out`. */
function notebook(out) {
  const cells = [
    'from onlinelearn_widget import Playground\nfig = Playground(algo="pa1", preset="noisy-labels", c=0.1, seed=7, noise=0.2)\nfig',
    'fig.step(200)',
    `import json, pathlib\npathlib.Path(${JSON.stringify(out)}).write_text(json.dumps({"samples": fig.samples, "mistakes": fig.mistakes, "weights": fig.weights, "link": fig.link}))`,
  ];
  return JSON.stringify({
    cells: cells.map((source) => ({ cell_type: 'code', metadata: {}, execution_count: null, outputs: [], source })),
    metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
    nbformat: 4,
    nbformat_minor: 5,
  });
}

/** The command line's model and summary for a link. */
function replayed(link) {
  const cli = ['release', 'debug'].map((p) => join(ROOT, 'target', p, 'onlinelearn')).find(existsSync);
  assert.ok(cli, 'target/release/onlinelearn is missing: cargo build --release');
  const model = JSON.parse(execFileSync(cli, ['replay', link, '--json'], { encoding: 'utf8' }));
  const summary = execFileSync(cli, ['replay', link], { encoding: 'utf8' });
  return { model, summary };
}

test('JupyterLab: Python steps the live figure and reads back the weights the command line rebuilds', async (t) => {
  const version = labVersion();
  if (!version) {
    t.skip('skipped: JupyterLab is not installed in target/py (cargo xtask test installs python/requirements-test.txt)');
    return;
  }
  t.diagnostic(`JupyterLab ${version}`);
  const dir = await mkdtemp(join(tmpdir(), 'onlinelearn-lab-'));
  const out = join(dir, 'read-back.json');
  await writeFile(join(dir, 'live.ipynb'), notebook(out));
  const port = await freePort();
  // Its own settings and runtime folders: nothing of the machine's Jupyter is read or written.
  const env = { ...process.env, JUPYTER_CONFIG_DIR: join(dir, 'config'), JUPYTER_RUNTIME_DIR: join(dir, 'runtime'), JUPYTER_DATA_DIR: join(dir, 'data') };
  const server = spawn(JUPYTER, [
    'lab', '--no-browser', `--port=${port}`, '--ServerApp.ip=127.0.0.1', "--ServerApp.token=''", "--ServerApp.password=''",
    '--ServerApp.disable_check_xsrf=True', '--LabApp.expose_app_in_browser=True', `--ServerApp.root_dir=${dir}`, '--allow-root',
  ], { env, stdio: 'ignore', detached: true });
  let context;
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries++) {
      const up = await fetch(`${base}/api/status`).then((r) => r.ok, () => false);
      if (up) break;
      assert.ok(tries < 600, 'the JupyterLab server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    context = await launch({ width: 1280, height: 900 });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${base}/lab/tree/live.ipynb`);
    const ready = () => window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel?.status === 'idle';
    await page.waitForFunction(ready, null, { timeout: 120000 });
    const run = async (k) => {
      await page.evaluate(async (i) => {
        const notebookPanel = window.jupyterapp.shell.currentWidget;
        notebookPanel.content.activeCellIndex = i;
        await window.jupyterapp.commands.execute('notebook:run-cell');
      }, k);
      await page.waitForFunction(ready, null, { timeout: 120000 });
    };
    await run(0);
    await page.waitForFunction(() => document.querySelector('online-learner')?.figure, null, { timeout: 120000 });
    await run(1);
    // The figure learns the 200 samples Python asked for, then reports back (its traits sync while the kernel is idle).
    await page.waitForFunction(() => document.querySelector('online-learner').figure.pg.counts().samples === 200, null, { timeout: 120000 });
    const figure = await page.evaluate(() => {
      const pg = document.querySelector('online-learner').figure.pg;
      return { weights: Array.from(pg.weights()), mistakes: pg.counts().mistakes };
    });
    await page.waitForTimeout(500);
    await run(2);
    for (let tries = 0; !existsSync(out); tries++) {
      assert.ok(tries < 600, 'the last cell wrote nothing');
      await new Promise((r) => setTimeout(r, 100));
    }
    const python = JSON.parse(await readFile(out, 'utf8'));
    assert.equal(python.samples, 200);
    assert.deepEqual(python.weights, figure.weights, 'Python reads the figure\'s weights');
    assert.equal(python.mistakes, figure.mistakes);
    const { model, summary } = replayed(python.link);
    assert.deepEqual(python.weights, [...model.model.weights, model.model.bias], 'the command line rebuilds the same weights, bit for bit');
    assert.match(summary, new RegExp(`200 samples learned, ${python.mistakes} mistakes`));
    await screenshot(page, 'jupyterlab-live');
    assert.deepEqual(errors, []);
  } finally {
    await context?.close();
    try { process.kill(-server.pid); } catch { /* already gone */ }
    await rm(dir, { recursive: true, force: true });
  }
});
