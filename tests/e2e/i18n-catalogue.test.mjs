// The message catalogues (www/i18n/[part/]<lang>.json): each language holds
// exactly the keys the page uses (tests/i18n/keys.mjs finds them where they
// are written), each in the part fetched when it is shown (the first load's,
// the kernel learners' with the full module, the example post's), and each
// translation keeps its key's {slots} and inline markup, so nothing a
// reader sees is missing, stale or broken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';
import { LANGUAGES, PARTS, codeKeys, keyParts, partPath, wholeCatalogue } from '../i18n/keys.mjs';
import { hashKey } from '../../www/js/i18n-load.js';

const slots = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const tags = (text) => [...text.matchAll(/<(\w+)[\s>]/g)].map((m) => m[1]).sort();

let parts;
async function pageKeys() {
  parts ??= await keyParts();
  return parts;
}

for (const tag of LANGUAGES) {
  test(`${tag}: every key the page uses, and no other, each in its part`, async () => {
    const catalogue = await wholeCatalogue(tag);
    const used = await pageKeys();
    const missing = [...used.keys()].filter((k) => !(k in catalogue));
    const unused = Object.keys(catalogue).filter((k) => !used.has(k));
    assert.deepEqual(missing, [], `${tag} lacks ${missing.length} keys (node tests/i18n/keys.mjs --missing ${tag})`);
    assert.deepEqual(unused, [], `${tag} has ${unused.length} keys the page does not use`);
    for (const part of PARTS) {
      const file = JSON.parse(await readFile(partPath(tag, part), 'utf8'));
      const misplaced = Object.keys(file).filter((k) => used.get(k) !== part);
      assert.deepEqual(misplaced, [], `${partPath(tag, part)}: keys of another part (node tests/i18n/keys.mjs --split)`);
    }
  });

  test(`${tag}: translations keep their slots and markup`, async () => {
    const catalogue = await wholeCatalogue(tag);
    // A core message's key is its code: its slots are its English template's.
    const { templates } = await pageKeys();
    const english = (key) => templates.get(key) ?? key;
    const broken = Object.entries(catalogue).filter(([key, value]) =>
      typeof value !== 'string' || !value.trim()
      || slots(english(key)).join() !== slots(value).join()
      || tags(english(key)).join() !== tags(value).join());
    assert.deepEqual(broken, []);
  });
}

for (const tag of LANGUAGES) {
  test(`${tag}: the built site ships every translation under its hashed key`, async () => {
    for (const part of PARTS) {
      const source = JSON.parse(await readFile(partPath(tag, part), 'utf8'));
      const shipped = JSON.parse(await readFile(join(ROOT, 'target', 'site', 'i18n', part, `${tag}.json`), 'utf8'));
      assert.equal(Object.keys(shipped).length, Object.keys(source).length);
      const lost = Object.entries(source).filter(([key, value]) => shipped[hashKey(key)] !== value);
      assert.deepEqual(lost, []);
    }
  });
}

test('the key finder reads t() and plural() calls, not other strings', () => {
  const source = `t('One {n}', { n: count(x, 'no') }); plural(k, "{n} row", '{n} rows'); x.t('not'); at('not'); t(flag ? 'A' : 'B'); t(\`\${x} dynamic\`)`;
  assert.deepEqual(codeKeys(source), ['One {n}', '{n} row', '{n} rows', 'A', 'B']);
});

test("every core message has a code, in every catalogue, and the page never reads English back", async () => {
  const { templates } = await pageKeys();
  assert.ok(templates.size >= 40, `${templates.size} message codes`);
  for (const tag of LANGUAGES) {
    const catalogue = await wholeCatalogue(tag);
    assert.deepEqual([...templates.keys()].filter((code) => !(code in catalogue)), [], tag);
  }
  // No pattern over English sentences is left in the page's code.
  for (const file of ['i18n.js', 'i18n-load.js', 'settings-panel.js']) {
    const source = await readFile(join(ROOT, 'www', 'js', file), 'utf8');
    assert.doesNotMatch(source, /patterns|new RegExp|'between 0 and 1'/, file);
  }
});
