// The npm package (`cargo xtask pack`; `cargo xtask test` packs it first),
// as an author uses it: the tarball installed into a fresh Vite project
// (tests/npm/vite-app: an index.html with one <online-learner> under a
// strict CSP, and a main.js that is `import 'online-learning-playground'`,
// with no Vite configuration), built by Vite, then opened in Chromium. The
// figure must learn: its plane's pixels change and its samples grow, with
// no console error, no CSP violation and no request off the page's origin;
// and the WebAssembly module, the stylesheet and the lazy chunks must be
// files Vite emitted (under /assets/), not left behind.
// Vite comes from the npm registry at the version tests/npm/vite-app's
// lockfile pins; without the registry the test says so and skips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, launch, screenshot, serve } from './harness.mjs';
import { pixelsOf, recorded } from './package-pages.mjs';

/** The tarball of the crate's version. */
async function tarball() {
  const manifest = await readFile(join(ROOT, 'Cargo.toml'), 'utf8');
  const version = /\[package\][^[]*?\nversion\s*=\s*"([^"]+)"/.exec(manifest)[1];
  return join(ROOT, 'target', 'npm', `online-learning-playground-${version}.tgz`);
}

const npm = (cwd, args) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, stdio: 'pipe', encoding: 'utf8' });

test('the npm tarball in a fresh Vite project: it builds, and the figure learns under a strict CSP', async (t) => {
  const packed = await tarball();
  assert.ok(existsSync(packed), `${packed} is missing: run cargo xtask pack`);
  const app = await mkdtemp(join(tmpdir(), 'onlinelearn-vite-'));
  try {
    await cp(join(ROOT, 'tests', 'npm', 'vite-app'), app, { recursive: true });
    try {
      npm(app, ['ci']);
    } catch (error) {
      t.skip(`skipped: Vite could not be installed from the npm registry (${String(error.stderr || error).split('\n')[0]})`);
      return;
    }
    npm(app, ['install', packed]);
    const installed = JSON.parse(await readFile(join(app, 'node_modules', 'online-learning-playground', 'package.json'), 'utf8'));
    assert.equal(installed.exports['.'].default, './embed.js');
    execFileSync(process.execPath, [join(app, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: app, stdio: 'pipe' });
    const emitted = await readdir(join(app, 'dist', 'assets'));
    for (const kind of [/^onlinelearn_bg-.*\.wasm$/, /^onlinelearn_full_bg-.*\.wasm$/, /^embed-.*\.css$/, /^theory-.*\.css$/]) {
      assert.ok(emitted.some((f) => kind.test(f)), `Vite emitted no file like ${kind}: ${emitted.join(' ')}`);
    }
    // The catalogues (three languages), the parts' folders too (full/, theory/...): Vite emits each one
    // of 4 KB or more as a file and inlines the smaller ones into the script (its assetsInlineLimit), so
    // how many are files depends on their sizes (9 before the exercise/ part, 11 after): at least the main,
    // kernel and theory catalogues of each language.
    for (const lang of ['it', 'ja', 'zh-CN']) {
      const catalogues = emitted.filter((f) => f.startsWith(`${lang}-`) && f.endsWith('.json'));
      assert.ok(catalogues.length >= 3, `${lang}: ${emitted.join(' ')}`);
    }

    const server = await serve(join(app, 'dist'));
    let context;
    try {
      context = await launch({ width: 900, height: 900 });
      const page = await recorded(context, `${server.url}/`);
      await page.waitForFunction(() => document.getElementById('fig')?.figure?.pg.counts().samples > 5);
      const first = await pixelsOf(page, '#fig');
      await page.waitForFunction((n) => document.getElementById('fig').figure.pg.counts().samples > n + 30,
        await page.evaluate(() => document.getElementById('fig').figure.pg.counts().samples));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const later = await pixelsOf(page, '#fig');
      assert.notEqual(later, first, 'the plane is redrawn as the figure learns');
      await screenshot(page, 'npm-package-vite');
      // Another learner's code (the full module) and its stylesheet arrive from Vite's files too.
      await page.evaluate(() => { const el = document.getElementById('fig'); el.setAttribute('algo', 'projectron'); });
      await page.waitForFunction(() => document.getElementById('fig').figure?.pg.algorithm() === 'projectron');
      const origin = new URL(server.url).origin;
      assert.deepEqual(page.requests.filter((url) => new URL(url).origin !== origin), [], 'no request leaves the origin');
      const wasm = page.requests.map((url) => new URL(url).pathname).filter((p) => p.endsWith('.wasm'));
      assert.ok(wasm.length >= 2 && wasm.every((p) => p.startsWith('/assets/')), wasm.join(' '));
      assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
      assert.deepEqual(page.errors, []);
    } finally {
      await context?.close();
      await server.close();
    }
  } finally {
    await rm(app, { recursive: true, force: true });
  }
});
