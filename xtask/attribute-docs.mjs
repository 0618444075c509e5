// The attributes of <online-learner>, with their types and documentation,
// from the learner core's catalogue (its learners; its settings with their
// help, range, default and words: the setting attributes) and the
// element's own attributes and controls (www/js/embed-names.js). One
// list, which both the npm package's index.d.ts (xtask/pack-types.mjs)
// and the book's page of attributes (xtask/book-attributes.mjs) are
// written from, so the two cannot differ.
import { CONTROLS, DEFAULT_CONTROLS, OWN_ATTRIBUTES, settingNamesOf } from '../www/js/embed-names.js';

/** The English of one of the core's messages ({ code, template, args }: src/error/message.rs). */
export function english({ template, args = {} }) {
  const value = (arg) => {
    if ('number' in arg) return String(arg.number);
    if ('whole' in arg) return String(arg.whole);
    if ('list' in arg) return arg.list.join(', ');
    if ('message' in arg) return english(arg.message);
    if ('messages' in arg) return arg.messages.map(english).join('; ');
    return String(arg.text);
  };
  return template.replace(/\{(\w+)\}/g, (slot, name) => (name in args ? value(args[name]) : slot));
}

const quote = (words) => words.map((w) => `'${w}'`).join(' | ');

/** The element's own attributes (not session settings): type and what each does. */
const OWN = {
  state: ['string', 'A whole playground link (everything after `#`), with its log of clicks and steps; the attributes above override its keys.'],
  controls: ['string', `The buttons and sliders under the figure, comma-separated, in order (\`${DEFAULT_CONTROLS.join(',')}\` by default; empty for none): ${CONTROLS.join(', ')}.`],
  explain: ['Flag', 'Show the explanation of the last update.'],
  curves: ['Flag', 'Show the online mistake rate and held-out accuracy.'],
  autoplay: ['Flag', 'Start playing when first seen (not with reduced motion).'],
  theory: ["Flag | '0' | '1'", 'The Theory layer under the figure (`0` for off).'],
  truth: ["Flag | '0' | '1'", 'The true concept behind the preset, with handles to move it (`0` for off).'],
  speed: ['string | number', 'Samples per second while playing (30 by default).'],
  label: ['string', 'A title drawn on the plane.'],
  lang: ['string', "The figure's language: en, zh-CN, ja, it (else the page's, else the browser's)."],
  empty: ['Flag', 'Start with nothing learned: the settings of `state` without its log (as `empty=1` in a link).'],
  frontier: ['Flag', "A kernel learner's budget frontier: held-out error against support-set size as it learns, and Sweep budgets (the learner again at a few sizes on the points shown, with Cancel); a linear learner says it has no support set."],
  exercise: ["'where-next' | 'you-vs-learner' | 'adversary' | 'by-hand'", 'An exercise under the figure (the Exercises chapter of the book): `where-next`, `you-vs-learner`, `adversary` and `by-hand`.'],
  rounds: ['string | number', "The exercise's rounds, 1 to 50."],
  tries: ["'1' | 'unlimited' | 1", 'Tries per round: `1` (by default) or `unlimited`.'],
  score: ["Flag | '0' | '1'", 'Whether the exercise shows its score (`0` hides it).'],
  reveal: ["Flag | '0' | '1'", 'Whether the exercise shows the answers (`0`: never; with unlimited tries, a round can only be skipped).'],
};

/**
 * Every attribute, in order: the session settings (`algo`, then the
 * table's rows), then the element's own. Each is { name, type (the
 * TypeScript type), text (what it does), values, default, setting
 * (true for a session setting), learners (for `algo`) }.
 */
export function attributes(table) {
  const { learners, settings } = table;
  const out = settingNamesOf(table).map((name) => {
    if (name === 'algo') {
      return { name, type: 'Algorithm', text: 'The learner.', values: learners.map((l) => l.name).join(', '), default: 'pa1', setting: true, learners };
    }
    const s = settings.find((x) => x.name === name);
    const type = s.kind === 'choice' ? quote(s.words) : s.kind === 'optional' ? "string | number | 'none'" : 'string | number';
    const values = s.kind === 'choice' ? s.words.join(', ') : english(s.range);
    return { name, type, text: `${s.label}: ${s.help}`, values, default: s.default, setting: true };
  });
  // Every attribute the element reads has its line here, and no other
  // (autoplay is read once, so it is not among OWN_ATTRIBUTES).
  const read = [...OWN_ATTRIBUTES, 'autoplay'];
  const undocumented = read.filter((name) => !(name in OWN));
  const unknown = Object.keys(OWN).filter((name) => !read.includes(name));
  if (undocumented.length || unknown.length) {
    throw new Error(`xtask/attribute-docs.mjs: undocumented ${undocumented}; not the element's ${unknown}`);
  }
  for (const [name, [type, text]] of Object.entries(OWN)) out.push({ name, type, text, setting: false });
  return out;
}

export { quote, CONTROLS };
