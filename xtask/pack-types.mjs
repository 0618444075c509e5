// Run by `cargo xtask pack`: the npm package's index.d.ts, written from the
// learner core's own table (its learners, its settings with their help,
// range, default and words: the element's setting attributes) and the
// element's own attributes and controls, through xtask/attribute-docs.mjs:
// the list the book's page of attributes is written from too, so that the
// types and the book name exactly what the element accepts.
//   node xtask/pack-types.mjs SITE OUT
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTROLS, attributes, quote } from './attribute-docs.mjs';

const [site, out] = process.argv.slice(2);
const glue = await import(join(site, 'pkg/onlinelearn_full.js'));
await glue.default({ module_or_path: await readFile(join(site, 'pkg/onlinelearn_full_bg.wasm')) });
const table = glue.Playground.catalogue();
const { learners } = table;

const doc = (lines) => `  /**\n${lines.filter(Boolean).map((l) => `   * ${l.replace(/\*\//g, '* /')}`).join('\n')}\n   */`;
const oneLine = (text) => `  /** ${text.replace(/\*\//g, '* /')} */`;

const fields = [];
for (const a of attributes(table)) {
  const key = /^[a-z]+$/.test(a.name) ? a.name : `'${a.name}'`;
  if (a.name === 'algo') {
    fields.push(doc([`The learner (\`${a.default}\` by default).`, ...a.learners.map((l) => `- \`${l.name}\`: ${l.label}`)]));
  } else if (a.setting) {
    fields.push(doc([a.text, `Values: ${a.values}; default \`${a.default}\`.`]));
  } else {
    fields.push(oneLine(a.text));
  }
  fields.push(`  ${key}?: ${a.type};`);
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
