// The Jekyll include (docs/jekyll/_includes/online-learner.html) in a real
// Jekyll build: tests/jekyll/site (a page with two figures, under a strict
// CSP) gets the include and the figure's files (the npm package's folder,
// target/npm/package, under playground/), and Debian's Jekyll builds it.
// Chromium must see the figures learn with no console error, no CSP
// violation and no request off the origin; a parameter that would be an
// event handler is dropped. Without Jekyll (`cargo xtask test` installs
// Debian's package) the test says so and skips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { launch, serve } from './harness.mjs';
import { exampleSite as copyExampleSite, examplePostLearns, toolVersion } from './package-pages.mjs';

const jekyllVersion = () => toolVersion('jekyll', ['--version']);

/** A copy of the example site with the include and the figure's files; returns its folder. */
const exampleSite = () => copyExampleSite('jekyll', '_includes', 'playground');

test('Jekyll builds a page with the include, and Chromium sees its figures learn', async (t) => {
  const version = jekyllVersion();
  if (!version) {
    t.skip('skipped: jekyll is not installed (Debian package jekyll; cargo xtask test installs it)');
    return;
  }
  t.diagnostic(version);
  const site = await exampleSite();
  try {
    const out = join(site, '_site');
    execFileSync('jekyll', ['build', '--source', site, '--destination', out, '--quiet'], { encoding: 'utf8', stdio: 'pipe' });
    const html = await readFile(join(out, 'posts', 'passive-aggressive', 'index.html'), 'utf8');
    // One line became the element: parameters as attributes, true as a bare one, false left out.
    const pa1 = /<online-learner[^>]*id="pa1"[^>]*>/.exec(html)?.[0] ?? '';
    for (const attribute of ['algo="pa1"', 'c="0.1"', 'preset="noisy-labels"', 'noise="0.2"', 'seed="7"', 'controls="play,step,c"', ' explain', ' autoplay']) {
      assert.ok(pa1.includes(attribute), `${attribute} in ${pa1}`);
    }
    assert.doesNotMatch(pa1, /curves/);
    assert.match(html, /label="Projectron\+\+ &lt;XOR&gt;"/, 'values are escaped');
    assert.doesNotMatch(html, /onclick/, 'an event handler is dropped');
    assert.match(html, /<script type="module" src="\/playground\/embed.js"><\/script>/);

    const server = await serve(out);
    let context;
    try {
      context = await launch({ width: 1000, height: 900 });
      await examplePostLearns(context, `${server.url}/posts/passive-aggressive/`, 'jekyll-post');
    } finally {
      await context?.close();
      await server.close();
    }
  } finally {
    await rm(site, { recursive: true, force: true });
  }
});
