// Run by `cargo xtask build` on target/site/i18n: each catalogue's English
// keys become their hashKey() (www/js/i18n-load.js, the same function the
// page looks up with), the learner core's message codes too. Fails on two
// keys with one hash.
//   node xtask/catalogues.mjs DIR
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashKey } from '../www/js/i18n-load.js';

const dir = process.argv[2];
// The first load's catalogues, then each part's folder (full/, blog/).
const files = [];
for (const entry of await readdir(dir, { withFileTypes: true })) {
  if (entry.isDirectory()) files.push(...(await readdir(join(dir, entry.name))).map((n) => join(entry.name, n)));
  else files.push(entry.name);
}
for (const name of files.filter((n) => n.endsWith('.json'))) {
  const path = join(dir, name);
  const shipped = {};
  for (const [text, translation] of Object.entries(JSON.parse(await readFile(path, 'utf8')))) {
    const key = hashKey(text);
    if (key in shipped) throw new Error(`${name}: two keys hash to ${key}`);
    shipped[key] = translation;
  }
  await writeFile(path, JSON.stringify(shipped));
}
