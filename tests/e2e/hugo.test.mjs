// The Hugo shortcode (docs/hugo/layouts/shortcodes/online-learner.html)
// in a real Hugo build: tests/hugo/site (a post with two figures, under a
// strict CSP) gets the shortcode and the figure's files (the npm package's
// folder, target/npm/package, under static/playground/) and Debian's Hugo
// builds it. Chromium must see the figures learn with no console error,
// no CSP violation and no request off the origin; and a parameter that
// would be an event handler must stop the build. Without Hugo (`cargo
// xtask test` installs Debian's package) the test says so and skips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launch, serve } from './harness.mjs';
import { exampleSite as copyExampleSite, examplePostLearns, toolVersion } from './package-pages.mjs';

const hugoVersion = () => toolVersion('hugo', ['version']);

/** A copy of the example site with the shortcode and the figure's files; returns its folder. */
const exampleSite = () => copyExampleSite('hugo', 'layouts', join('static', 'playground'));

const build = (site) => execFileSync('hugo', ['--source', site, '--destination', join(site, 'public')], { encoding: 'utf8', stdio: 'pipe' });

test('Hugo builds a post with the shortcode, and Chromium sees its figures learn', async (t) => {
  const version = hugoVersion();
  if (!version) {
    t.skip('skipped: hugo is not installed (Debian package hugo; cargo xtask test installs it)');
    return;
  }
  t.diagnostic(version);
  const site = await exampleSite();
  try {
    build(site);
    const html = await readFile(join(site, 'public', 'posts', 'passive-aggressive', 'index.html'), 'utf8');
    // One line of the post became the element: parameters as attributes, true as a bare one, false left out.
    assert.match(html, /<online-learner algo="pa1" autoplay c="0.1" controls="play,step,c" explain id="pa1" noise="0.2" preset="noisy-labels" seed="7"><\/online-learner>/);
    assert.match(html, /label="Projectron\+\+ &lt;XOR&gt;"/, 'values are escaped');
    assert.doesNotMatch(html, /curves/);

    const server = await serve(join(site, 'public'));
    let context;
    try {
      context = await launch({ width: 1000, height: 900 });
      await examplePostLearns(context, `${server.url}/posts/passive-aggressive/`, 'hugo-post');
    } finally {
      await context?.close();
      await server.close();
    }

    // A parameter that would be an event handler stops the build, naming it.
    await writeFile(join(site, 'content', 'posts', 'hostile.md'), '---\ntitle: x\n---\n{{< online-learner onclick="alert(1)" >}}\n');
    assert.throws(() => build(site), (error) => /"onclick" is not an attribute name/.test(`${error.stdout}${error.stderr}`));
  } finally {
    await rm(site, { recursive: true, force: true });
  }
});
