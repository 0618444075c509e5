// Run by `cargo xtask pack`: the npm package's index.d.ts, written from the
// learner core's own table (its learners, its settings with their help,
// range, default and words: the element's setting attributes) and the
// element's controls (www/js/embed-attributes.js), so that the types name
// exactly what the element accepts and a new setting needs no edit here.
//   node xtask/pack-types.mjs SITE OUT
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTROLS, settingNames } from '../www/js/embed-attributes.js';

const [site, out] = process.argv.slice(2);
const glue = await import(join(site, 'pkg/onlinelearn_full.js'));
await glue.default({ module_or_path: await readFile(join(site, 'pkg/onlinelearn_full_bg.wasm')) });
const table = glue.Playground.catalogue();
const { learners, settings } = table;

const quote = (words) => words.map((w) => `'${w}'`).join(' | ');
const doc = (lines) => `  /**\n${lines.filter(Boolean).map((l) => `   * ${l.replace(/\*\//g, '* /')}`).join('\n')}\n   */`;

const fields = [];
for (const name of settingNames(table)) {
  const key = /^[a-z]+$/.test(name) ? name : `'${name}'`;
  if (name === 'algo') {
    fields.push(doc(['The learner (`pa1` by default).', ...learners.map((l) => `- \`${l.name}\`: ${l.label}`)]), `  ${key}?: Algorithm;`);
    continue;
  }
  const s = settings.find((x) => x.name === name);
  const type = s.kind === 'choice' ? quote(s.words) : s.kind === 'optional' ? "string | number | 'none'" : 'string | number';
  fields.push(doc([`${s.label}: ${s.help}`, `Values: ${s.range}; default \`${s.default}\`.`]), `  ${key}?: ${type};`);
}

const text = `// Types of <online-learner> (written by \`cargo xtask pack\` from the learner core's table).
// Attributes are strings in HTML; numbers are accepted where a framework sets them.

/** A learner's name, as the \`algo\` attribute takes it. */
export type Algorithm = ${quote(learners.map((l) => l.name))};

/** A control the \`controls\` attribute lists (comma-separated, in order). */
export type Control = ${quote(CONTROLS)};

/** A boolean attribute: present (any value, '' in HTML) or absent. */
type Flag = boolean | '';

/** Every attribute of <online-learner>. */
export interface OnlineLearnerAttributes {
${fields.join('\n')}
  /** A whole playground link (everything after \`#\`), with its log of clicks and steps; the attributes above override its keys. */
  state?: string;
  /** The buttons and sliders under the figure, comma-separated, in order (\`play,step,reset\` by default; empty for none): ${CONTROLS.join(', ')}. */
  controls?: string;
  /** Show the explanation of the last update. */
  explain?: Flag;
  /** Show the online mistake rate and held-out accuracy. */
  curves?: Flag;
  /** Start playing when first seen (not with reduced motion). */
  autoplay?: Flag;
  /** The Theory layer under the figure (\`0\` for off). */
  theory?: Flag | '0' | '1';
  /** The true concept behind the preset, with handles to move it (\`0\` for off). */
  truth?: Flag | '0' | '1';
  /** Samples per second while playing (30 by default). */
  speed?: string | number;
  /** A title drawn on the plane. */
  label?: string;
  /** The figure's language: en, zh-CN, ja, it (else the page's, else the browser's). */
  lang?: string;
  /** An exercise under the figure (docs/exercises.md); \`where-next\` is available, the others not yet. */
  exercise?: 'where-next' | 'you-vs-learner' | 'adversary' | 'by-hand';
  /** The exercise's rounds, 1 to 50. */
  rounds?: string | number;
  /** Tries per round: \`1\` (by default) or \`unlimited\`. */
  tries?: '1' | 'unlimited' | 1;
  /** Whether the exercise shows its score (\`0\` hides it). */
  score?: Flag | '0' | '1';
  /** Whether the exercise shows the answers (\`0\`: never; with unlimited tries, a round can only be skipped). */
  reveal?: Flag | '0' | '1';
  /** Start with nothing learned: the settings of \`state\` without its log (as \`empty=1\` in a link). */
  empty?: Flag;
}

/** An exercise's answered round: the \`exercise-answered\` event's detail, and each of \`el.exercise.results\`. */
export interface ExerciseRound {
  kind: string;
  round: number;
  tries: number;
  answer: { call: 'passive' | 'aggressive' | null; boundary: number[] };
  truth: { call: 'passive' | 'aggressive'; boundary: number[]; before: number[]; sample: number[]; loss: number; step: number };
  score: { angle: number; call: boolean };
  right: boolean;
}

/** The learner session behind a figure (the WebAssembly handle): see docs/embedding.md. */
export interface LearnerSession {
  counts(): { samples: number; mistakes: number; streamed: number; passes: number; point: number };
  /** (w1, w2, b) of the model that predicts; empty for a kernel learner. */
  model(): Float64Array;
  /** Every weight, then the bias (K rows with K classes); empty for a kernel learner. */
  weights(): Float64Array;
  /** The session as a playground link (\`extras\`: the page's own keys, '' for none). */
  hash(extras: string): string;
  algorithm(): string;
  stream(n: number): void;
}

/** The <online-learner> element. */
export declare class OnlineLearner extends HTMLElement {
  /** The figure, once it has started (near the viewport); \`figure.pg\` is its session. */
  readonly figure: { pg: LearnerSession } | null;
  /** Animation frames drawn (stays still while off-screen). */
  readonly frames: number;
  readonly playing: boolean;
  /** The shown points, (x, y, label) flattened. */
  points(): Float64Array;
  /** Learns \`n\` samples now: rows given to \`feed\` first, else the stream. */
  step(n?: number): void;
  play(): void;
  pause(): void;
  /**
   * Rows to learn, in order, as the figure plays or steps, instead of its
   * synthetic stream: x is [x1, x2] per row (each within ±10, kept to
   * 0.001), y a class (+1 / -1, or 1 to 6 with \`classes\`) or a target.
   * Resolves once they are queued; rejects, naming the row, on a bad one.
   */
  feed(x: ArrayLike<ArrayLike<number>>, y: ArrayLike<number>): Promise<void>;
  /** The \`exercise\` attribute's exercise so far (null without one): each answered round also fires \`exercise-answered\`. */
  readonly exercise: { kind: string; rounds: number; done: number; score: number; results: ExerciseRound[] } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'online-learner': OnlineLearner;
  }
}
`;
await writeFile(out, text);
