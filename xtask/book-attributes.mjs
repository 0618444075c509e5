// Run by `cargo xtask book` while staging the book: the page of the
// <online-learner> element's attributes, from the catalogue that
// `onlinelearn book-reference` wrote (the learner core's, as the page and
// the npm package's types read it) through xtask/attribute-docs.mjs, the
// list index.d.ts is written from.
//   node xtask/book-attributes.mjs CATALOGUE.json OUT.md
import { readFile, writeFile } from 'node:fs/promises';
import { CONTROLS, attributes } from './attribute-docs.mjs';

const [catalogueFile, out] = process.argv.slice(2);
const table = JSON.parse(await readFile(catalogueFile, 'utf8'));

/** Text from the code, safe in a Markdown table cell (and `--` kept from mdBook's smart punctuation). */
const cell = (text) => String(text).replace(/[\\|*_`[\]]/g, (c) => `\\${c}`).replace(/--/g, '\\-\\-').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const learnerPage = (name) => `learners/${name.replaceAll('+', '-plus')}.md`;

const all = attributes(table);
const lines = [
  '# The element\'s attributes',
  '',
  '*Written when the book is built from the learner core\'s catalogue and the element\'s own list, the same list the npm',
  'package\'s types (`index.d.ts`) are written from. [Embedding a live learner](../embedding.md) shows them at work.*',
  '',
  'Attributes are strings in HTML. The session settings go into the figure\'s link under the same names; `state` takes a',
  'whole link and the attributes beside it override its keys.',
  '',
  '## The learner',
  '',
  '`algo`: one of these (`pa1` by default):',
  '',
  ...all.find((a) => a.name === 'algo').learners.map((l) => `- [\`${l.name}\`](${learnerPage(l.name)}): ${cell(l.label)}`),
  '',
  '## The session settings',
  '',
  '| attribute | what it does | values | default on the page |',
  '|---|---|---|---|',
  ...all.filter((a) => a.setting && a.name !== 'algo').map((a) => `| \`${a.name}\` | ${cell(a.text)} | ${cell(a.values)} | \`${a.default}\` |`),
  '',
  'Each learner\'s page says which of them it reads; a setting the learner does not read is refused, as on the command line.',
  '',
  '## The element\'s own',
  '',
  '| attribute | type | what it does |',
  '|---|---|---|',
  // The element's own texts are written as Markdown (`code`): only their pipes and flags are escaped.
  ...all.filter((a) => !a.setting).map((a) => `| \`${a.name}\` | \`${a.type.replaceAll('|', '\\|')}\` | ${a.text.replaceAll('|', '\\|').replaceAll('--', '\\-\\-')} |`),
  '',
  'A `Flag` is present (any value, `""` in HTML) or absent.',
  '',
  `\`controls\` takes any of: ${CONTROLS.map((c) => `\`${c}\``).join(', ')}.`,
  '',
];
await writeFile(out, lines.join('\n'));
