// Compare with a learner that refuses a setting the session has (IELLIP's
// bias cannot be decoupled): its panel keeps a value it takes and the page
// says so, the other panels keep the session's, and nothing is lost. Found
// by a random walk over the controls: the IELLIP panel could not open, the
// page was left without figures, and the next action freed them twice
// ("null pointer passed to rust" on every action after).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDevices } from './devices.mjs';
import { screenshot } from './harness.mjs';

const devices = useDevices();

/** The error banner's text ('' when hidden), then hides it. */
async function banner(page) {
  const text = await page.$eval('#error-banner', (b) => (b.hidden ? '' : b.textContent));
  await page.evaluate(() => { document.getElementById('error-banner').hidden = true; });
  return text;
}

const panels = (page) => page.evaluate(() => window.playground.figures.map((f) => [f.learner, f.pg.settings().bias, f.pg.counts().samples]));
/** Once the page shows `view` (the one asked for: a click's build may not have started yet) with its figures. */
const settled = (page, view) => page.waitForFunction((view) => window.playground.page.view === view && window.playground.figures.length > 0 && !window.playground.replaying, view);

for (const device of ['desktop', 'phone']) {
  test(`${device}: a learner switched to after a setting it refuses opens in Compare, its panel keeping a value it takes`, async () => {
    const page = await devices.open(device, 'algo=pa1&seed=3');
    await page.evaluate(() => window.playground.advance(40));
    await page.selectOption('#bias', 'decoupled');
    await page.evaluate(() => window.playground.advance(10));
    await page.selectOption('#algo', 'iellip'); // the full module loads; the page gives way: bias augmented
    await page.waitForFunction(() => window.playground.figures[0].pg.algorithm() === 'iellip');
    assert.equal(await page.inputValue('#bias'), 'augmented');
    await page.click('[data-view="compare"]');
    await settled(page, 'compare');
    // Every panel ends augmented (the page set it back before the switch);
    // PA and PA-I learned samples 41 to 50 decoupled, IELLIP augmented.
    assert.deepEqual(await panels(page), [['iellip', 'augmented', 50], ['pa', 'augmented', 50], ['pa1', 'augmented', 50]]);
    assert.match(await banner(page), /IELLIP's panel kept its settings[^]*decoupled is not defined for IELLIP/);
    await screenshot(page, `compare-refused-${device}`);
    // Every view after, with no error: the figures were freed once.
    for (const view of ['exercises', 'epochs', 'classify', 'compare']) {
      await page.click(`[data-view="${view}"]`);
      await settled(page, view);
      await page.evaluate(() => window.playground.advance(5));
    }
    assert.deepEqual(page.errors, []);
    assert.doesNotMatch(await banner(page), /null pointer/);
  });
}

test('a learner ticked in Compare whose start the session refuses runs with the value it takes, and the others keep theirs', async () => {
  const page = await devices.open('desktop', 'algo=pa1&bias=decoupled&view=compare&algos=pa,pa1');
  await page.evaluate(() => window.playground.advance(30));
  await page.check('#compare-algos input[value="iellip"]');
  await page.waitForFunction(() => window.playground.figures.length === 3 && !window.playground.replaying);
  const shown = await panels(page);
  assert.deepEqual(shown.map(([l, b]) => [l, b]).sort(), [['iellip', 'augmented'], ['pa', 'decoupled'], ['pa1', 'decoupled']]);
  assert.ok(shown.every(([, , samples]) => samples === 30), JSON.stringify(shown));
  assert.match(await banner(page), /IELLIP's panel kept its settings/);
  assert.deepEqual(page.errors, []);
  // The link keeps the session's own bias for the learners that take it.
  assert.match(await page.evaluate(() => location.hash), /bias=decoupled/);
});

test('in Japanese, why a learner refuses a setting is in Japanese: a refused link, and a Compare panel that kept its value', async () => {
  // A link the first module cannot open for a learner whose code it leaves out: the full module says why.
  const refused = await devices.open('desktop', 'algo=alma&bias=decoupled&lang=ja');
  await refused.waitForFunction(() => !document.getElementById('error-banner').hidden);
  const why = await banner(refused);
  assert.match(why, /ALMA では --bias decoupled は定義されていません/);
  assert.doesNotMatch(why, /is not defined|its bias/);
  // The panel's notice, with the refusal inside it.
  const page = await devices.open('desktop', 'algo=pa1&seed=3&lang=ja');
  await page.evaluate(() => window.playground.advance(20));
  await page.selectOption('#bias', 'decoupled');
  await page.evaluate(() => window.playground.advance(10));
  await page.selectOption('#algo', 'iellip');
  await page.waitForFunction(() => window.playground.figures[0].pg.algorithm() === 'iellip');
  await page.click('[data-view="compare"]');
  await settled(page, 'compare');
  const kept = await banner(page);
  assert.match(kept, /IELLIP のパネル[^]*IELLIP では --bias decoupled は定義されていません/);
  assert.doesNotMatch(kept, /is not defined|its bias|panel kept/);
  assert.deepEqual([...refused.errors, ...page.errors], []);
});
