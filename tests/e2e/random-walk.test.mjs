// A random walk over the playground's controls, as a curious student's
// clicks: buttons, menus, typed values (bad ones too), clicks and taps on
// the plane, keys, views and languages, in a seeded order. Whatever the
// order, nothing throws uncaught, the page keeps its figures, and no
// internal error reaches the reader. It found two defects (a Compare
// panel whose learner refused a setting, which left the page without
// figures and then freed them twice; classes 3 to 6 offered to a kernel
// learner). Each step's action is printed when a check fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDevices } from './devices.mjs';

const devices = useDevices();
const STEPS = 90;

/** mulberry32: the walk's order from its seed. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

// Buttons that leave the page or open a file picker, a download or the clipboard.
const AWAY = /copy|save|record|gif|image|points|curves|model|embed|python|command|help|sweep|open-file/i;

/** One step: an action picked by `rnd`, described. */
async function step(page, device, rnd) {
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const kind = pick(['button', 'button', 'button', 'select', 'input', 'plane', 'key', 'view', 'lang']);
  if (kind === 'button') {
    const buttons = await page.$$eval('button:not([disabled])', (all, away) => all
      .filter((b) => b.offsetParent && b.id !== 'lang' && !new RegExp(away, 'i').test(`${b.id} ${b.textContent}`))
      .map((b, i) => { b.dataset.walk = String(i); return `${b.dataset.walk}|${(b.id || b.textContent).trim().slice(0, 24)}`; }), AWAY.source);
    if (!buttons.length) return 'no button';
    const [id, name] = pick(buttons).split('|');
    await page.click(`[data-walk="${id}"]`, { timeout: 1000 });
    return `button ${name}`;
  }
  if (kind === 'select') {
    const ids = await page.$$eval('select:not([disabled])', (all) => all.filter((s) => s.offsetParent && s.id && s.id !== 'lang').map((s) => s.id));
    if (!ids.length) return 'no menu';
    const id = pick(ids);
    const value = pick(await page.$$eval(`#${id} option:not([disabled])`, (all) => all.map((o) => o.value)));
    await page.selectOption(`#${id}`, value, { timeout: 1000 });
    return `menu ${id}=${value}`;
  }
  if (kind === 'input') {
    const ids = await page.$$eval('input.num:not([disabled])', (all) => all.filter((i) => i.offsetParent && i.id).map((i) => i.id));
    if (!ids.length) return 'no field';
    const id = pick(ids);
    const value = pick(['0', '1', '-1', '0.5', '1e9', 'abc', '', '3', '0.01', '2.5']);
    await page.fill(`#${id}`, value, { timeout: 1000 });
    await page.press(`#${id}`, 'Enter');
    return `field ${id}=${value}`;
  }
  if (kind === 'plane') {
    const box = await page.locator('.plane .overlay').first().boundingBox({ timeout: 1000 });
    if (!box) return 'no plane';
    const [x, y] = [box.x + box.width * rnd(), box.y + box.height * rnd()];
    if (device === 'phone') await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y, { modifiers: rnd() < 0.3 ? ['Shift'] : [] });
    return `plane ${Math.round(x)},${Math.round(y)}`;
  }
  if (kind === 'key') {
    const key = pick(['Space', 'ArrowRight', 'ArrowLeft', 'r', 'c', 't', 'h', '1', '2', '3']);
    await page.locator('body').press(key);
    return `key ${key}`;
  }
  if (kind === 'view') {
    const view = pick(await page.$$eval('button[data-view]', (all) => all.map((b) => b.dataset.view)));
    await page.click(`button[data-view="${view}"]`, { timeout: 1000 });
    return `view ${view}`;
  }
  const lang = pick(['en', 'ja', 'it', 'zh-CN']);
  await page.selectOption('#lang', lang);
  return `language ${lang}`;
}

for (const [device, seed, hash] of [['desktop', 1, ''], ['desktop', 5, 'algo=kernel-pa1&preset=moons'], ['phone', 4, '']]) {
  test(`${device}, walk ${seed}${hash ? ` from ${hash}` : ''}: ${STEPS} random actions, nothing uncaught, the figures kept`, async () => {
    const page = await devices.open(device, hash);
    const rnd = random(seed);
    const done = [];
    for (let i = 0; i < STEPS; i++) {
      let action;
      try {
        action = await step(page, device, rnd);
      } catch (error) {
        action = `skipped (${error.message.split('\n')[0].slice(0, 60)})`; // a control that moved or hid meanwhile
      }
      done.push(action);
      await page.waitForTimeout(60);
      const said = await page.$eval('#error-banner', (b) => (b.hidden ? '' : b.textContent));
      const trail = `after ${done.slice(-6).join('; ')}`;
      assert.deepEqual(page.errors, [], trail);
      assert.doesNotMatch(said, /null pointer|unreachable|internal error|panicked|undefined|NaN/, trail);
      if (said) await page.evaluate(() => { document.getElementById('error-banner').hidden = true; });
    }
    await page.waitForFunction(() => !window.playground.replaying);
    assert.ok(await page.evaluate(() => window.playground.figures.length > 0 && window.playground.figures.every((f) => f.pg.counts().samples >= 0)));
    await page.close();
  });
}
