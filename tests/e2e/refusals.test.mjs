// What the page will not do, said where the reader looks: a disabled
// control looks disabled (and still reads at 4.5:1), a greyed-out choice
// says which learner refuses it, and a Classes value below the classes the
// points hold is refused in words a teacher understands, the field back at
// the value in force.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, launch, openPage, screenshot } from './harness.mjs';

const browser = useBrowser({ width: 1280, height: 800 });
const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };

async function open(context, hash) {
  const page = await openPage(context, `${browser.server.url}/#${hash}`);
  await page.waitForFunction(() => window.playground?.figures?.length > 0 && !window.playground.replaying);
  return page;
}

/** A control's look: its colours, border style, and its text's contrast with its background. */
function look(page, selector) {
  return page.$eval(selector, (el) => {
    const style = getComputedStyle(el);
    const rgb = (css) => css.match(/[\d.]+/g).slice(0, 3).map(Number);
    const luminance = (css) => {
      const [r, g, b] = rgb(css).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
    return { color: style.color, background: style.backgroundColor, border: style.borderTopStyle, cursor: style.cursor, contrast: (a + 0.05) / (b + 0.05) };
  });
}

for (const [device, options] of [['desktop', null], ['phone', PHONE]]) {
  test(`${device}: disabled controls look disabled, and a greyed-out choice or button says why beside it`, async () => {
    const context = options ? await launch(options) : browser.context;
    try {
      const page = await open(context, 'view=compare&algos=pa,arow&preset=three-classes');
      // Three classes: the eight kernel learners' button is off.
      assert.equal(await page.isDisabled('#paper-eight'), true);
      const off = await look(page, '#paper-eight');
      const on = await look(page, '#share');
      assert.notEqual(off.background, on.background, 'a disabled button is not drawn as an enabled one');
      assert.equal(off.border, 'dashed');
      assert.equal(off.cursor, 'not-allowed');
      assert.ok(off.contrast >= 4.5, `its text reads at ${off.contrast.toFixed(2)}:1`);
      const eight = await page.textContent('#paper-eight-why');
      assert.match(eight, /kernel learners, which learn two classes only; this session has 3/);
      assert.ok(await page.isVisible('#paper-eight-why'));
      assert.equal(await page.getAttribute('#paper-eight', 'title'), eight);
      // AROW is compared: Crammer-Singer is greyed out, and the menu says why.
      const option = await page.$eval('#multiclass option[value="crammer-singer"]', (o) => ({ disabled: o.disabled, title: o.title }));
      assert.deepEqual(option, { disabled: true, title: 'Not available with AROW: crammer-singer.' });
      assert.ok(await page.isVisible('#multiclass-why'));
      // (The perceptron's own reductions are greyed out for both.)
      const perceptrons = 'crammer-singer-uniform, crammer-singer-proportional, banditron';
      assert.equal(await page.textContent('#multiclass-why'), `Not available with AROW: crammer-singer. Not available with PA, AROW: ${perceptrons}.`);
      assert.match(await page.getAttribute('#multiclass', 'title'), /Not available with AROW: crammer-singer\./);
      await page.locator('#multiclass').scrollIntoViewIfNeeded();
      await screenshot(page, `refusals-disabled-${device}`);
      // With PA and PA-I only, Crammer-Singer is offered again; only the perceptron's reductions stay greyed out.
      await page.evaluate(() => window.playground.setCompared(['pa', 'pa1']));
      await page.waitForFunction(() => !window.playground.replaying && window.playground.figures[1]?.pg.algorithm() === 'pa1');
      assert.equal(await page.$eval('#multiclass option[value="crammer-singer"]', (o) => o.disabled), false);
      assert.equal(await page.textContent('#multiclass-why'), `Not available with PA, PA-I: ${perceptrons}.`);
      assert.deepEqual(page.errors, []);
      await page.close();
    } finally {
      if (options) await context.close();
    }
  });

  test(`${device}: Classes below the points' classes is refused in words, the field back at the value in force`, async () => {
    const context = options ? await launch(options) : browser.context;
    try {
      const page = await open(context, 'algo=pa1&preset=overlapping&classes=4');
      await page.evaluate(() => {
        window.playground.click(-1.2, -1.2, 4);
        window.playground.click(0.5, 0.5, 1);
      });
      await page.fill('#classes', '3');
      await page.press('#classes', 'Enter');
      const said = await page.textContent('#classes-msg');
      assert.equal(said, 'points of class 4 were learned since the plane was last emptied: press Clear to empty it before lowering classes to 3');
      assert.doesNotMatch(said, /does not fit|\(-1\.2/);
      assert.equal(await page.inputValue('#classes'), '4', 'the field shows the classes in force');
      assert.equal(await page.evaluate(() => window.playground.figures[0].pg.classes()), 4);
      await page.locator('#classes').scrollIntoViewIfNeeded();
      await screenshot(page, `refusals-classes-${device}`);
      // Emptied, the plane takes three.
      await page.click('#clear');
      await page.fill('#classes', '3');
      await page.press('#classes', 'Enter');
      assert.equal(await page.evaluate(() => window.playground.figures[0].pg.classes()), 3);
      assert.equal(await page.textContent('#classes-msg'), '');
      assert.deepEqual(page.errors, []);
      await page.close();
    } finally {
      if (options) await context.close();
    }
  });

  test(`${device}: with a learner of two classes only, classes 3 to 6 are greyed out with why beside them, and come back with one that learns more`, async () => {
    const context = options ? await launch(options) : browser.context;
    try {
      const page = await open(context, 'algo=kernel-pa1&preset=moons');
      const more = ['3', '4', '5', '6'];
      const disabled = () => page.$$eval('[data-tool]', (bs) => Object.fromEntries(bs.map((b) => [b.dataset.tool, b.disabled])));
      assert.deepEqual(await disabled(), { 1: false, '-1': false, 3: true, 4: true, 5: true, 6: true, erase: false });
      const why = await page.textContent('#tools-why');
      assert.equal(why, 'Classes 3 to 6 are greyed out: Kernel PA-I cannot learn more than two classes by one-vs-rest.');
      assert.ok(await page.isVisible('#tools-why'));
      await screenshot(page, `refusals-classes-greyed-${device}`);
      // The key refuses too, with the same words; a click still adds class +1, and nothing is refused.
      await page.locator('.plane .overlay').first().focus();
      await page.keyboard.press('3');
      assert.equal(await page.evaluate(() => window.playground.tool), '1');
      assert.match(await page.textContent('#error-banner'), /Classes 3 to 6 are greyed out/);
      await page.evaluate(() => { document.getElementById('error-banner').hidden = true; });
      const box = await page.locator('.plane .overlay').first().boundingBox();
      if (options) await page.touchscreen.tap(box.x + 60, box.y + 60);
      else await page.mouse.click(box.x + 60, box.y + 60);
      await page.waitForFunction(() => window.playground.figures[0].pg.points_len() === 3);
      assert.equal(await page.isHidden('#error-banner'), true);
      // PA-I learns more classes: they are offered again, and the words go.
      await page.selectOption('#algo', 'pa1');
      await page.waitForFunction(() => window.playground.figures[0].pg.algorithm() === 'pa1');
      assert.ok(Object.entries(await disabled()).every(([tool, off]) => !off || !more.includes(tool)));
      assert.equal(await page.textContent('#tools-why'), '');
      assert.deepEqual(page.errors, []);
      await page.close();
    } finally {
      if (options) await context.close();
    }
  });
}
