// "Copy as Python": a short script that learns this session's samples, in
// the order the page learned them, with River's learn_one loop or
// scikit-learn's partial_fit, and prints the same weights (to 1e-9: the
// learners' equivalences are scripts/reference/generate.py's, which
// tests/reference.rs holds us to). The samples come from the learner core
// (Session::learned, src/playground/learned.rs: the stream, clicks, epochs
// cycles, as learned since the last Reset), never re-derived here. Where
// neither library can run the session's model, the button says why and
// copies nothing: never a silently different model.
// Loaded on the first click (save-buttons.js, embed-controls.js), with its
// catalogue part (i18n/python/).
import { f64View } from './wasm.js';
import { label } from './catalogue.js';
import { t, usePart } from './i18n.js';
import { loadFullWithTexts } from './full-module.js';

/** Up to this many samples are written into the script; more are read from the Points CSV. */
export const INLINE = 300;

/**
 * The learned samples of the session behind `pg` (Playground.learned,
 * which only the page's full module has: a handle of the first module is
 * rebuilt there from `hash`, the session's link).
 */
export async function learnedOf(pg, hash = pg.hash('')) {
  if (typeof pg.learned === 'function') return pg.learned();
  await loadFullWithTexts();
  const { Playground } = await import('./wasm.js'); // the full module's, now
  const full = new Playground(hash);
  try {
    return full.learned();
  } finally {
    full.free();
  }
}

/**
 * Presses Copy as Python for `figures` (one: Compare's several learners
 * have no one script): copies the script and returns `{ text, copied }`,
 * the line to show (what the script reads, or why nothing was copied; the
 * script itself where the clipboard refuses), and `short`, the same in
 * two words for a button (the embed's). `about(pg)`: `{ csv, standardised }`,
 * the Points CSV's name when the page saves it in the plane's own units,
 * and the rule of a file the plane standardised (units.js), else nulls.
 */
export async function copyPython(figures, about = () => ({})) {
  await usePart('python').catch(() => {}); // without its words, in English
  let made;
  if (figures.length > 1) made = { refusal: t('Compare runs several learners: choose one learner alone to copy it as Python.') };
  else {
    const pg = figures[0].pg;
    const { csv = null, standardised = null } = about(pg);
    made = pythonScript(await learnedOf(pg), csv && { name: csv, points: planePoints(pg) }, standardised);
  }
  if (made.refusal) return { text: t('No Python equivalent: {why}', { why: made.refusal }), copied: false, short: t('No Python equivalent') };
  try {
    await navigator.clipboard.writeText(made.script);
  } catch {
    return { text: made.script, copied: false, short: t('Copy as Python') };
  }
  return {
    short: t('Python copied.'),
    text: made.reads
      ? t('Python copied: the script reads {file}; save it with Points (CSV) beside the script.', { file: made.reads })
      : t('Python copied: the script relearns the samples with River or scikit-learn and prints the same weights.'),
    copied: true,
  };
}

/** A number as Python reads it back to the same double (JS writes the shortest text that round-trips). */
const py = (v) => String(v);

/**
 * `{ script, reads }` (`reads`: the file the script reads, or null), or
 * `{ refusal }` saying why this session has no Python equivalent.
 * `learned`: Playground.learned()'s object; `csv`: the Points CSV the page
 * saves, `{ name, points }` (its rows as the plane holds them, x, y, label
 * triples) when the page can save one in the plane's units, else null;
 * `standardised`: the rule by which the plane standardised a file, if it did.
 */
export function pythonScript(learned, csv = null, standardised = null) {
  const { algorithm, task, classes, width, rows, changed_after: changedAfter } = learned;
  const settings = Object.fromEntries(learned.settings);
  const n = rows.length / (width + 1);
  const regression = task === 'regression';
  const library = libraryFor(algorithm, regression);
  if (!library) {
    return { refusal: t('{learner} has no exact equivalent in River or scikit-learn (the button covers the perceptron, the averaged perceptron, PA, PA-I and PA-II).', { learner: label(algorithm) }) };
  }
  if (classes > 2) {
    return { refusal: t("{k} classes: Copy as Python covers two classes and regression; the page's multiclass reductions are not checked against River's or scikit-learn's.", { k: classes }) };
  }
  if (changedAfter > 0) {
    return { refusal: t('the learner or one of its settings changed after sample {n}: one River or scikit-learn model cannot change its rule mid-stream. Reset after the change, or press Clear, and copy again.', { n: changedAfter }) };
  }
  if (n === 0) return { refusal: t('the learner has learned no sample yet.') };
  let data;
  let reads = null;
  if (n <= INLINE) data = inlineSamples(rows, width, regression);
  else {
    const cycle = csv && cycles(rows, width, csv.points, regression);
    if (!cycle) {
      return { refusal: t("{n} samples are too many to write into the script, and the page's Points CSV does not hold them in the order learned (points scrolled off, erased, or learned before a Reset).", { n }) };
    }
    data = csvSamples(csv.name, n, csv.points.length / 3, regression);
    reads = csv.name;
  }
  const augmented = settings.bias === 'augmented';
  const code = library(settings, width, augmented);
  const imports = code.some((line) => line.includes('sys.')) ? ['import sys', ''] : [];
  return { script: [...header(algorithm, task, augmented, standardised), ...imports, 'import numpy as np', '', ...data, '', ...code, ''].join('\n'), reads };
}

/** The script's first lines: what it rebuilds, and with what. */
function header(algorithm, task, augmented, standardised) {
  const lines = [
    `# The playground's session as a script: ${algorithm} (${task}) relearned`,
    '# from the samples it learned, in the order it learned them, ending with',
    "# the page's weights (to 1e-9). Tested with river 0.26.1, scikit-learn 1.9.1",
    '# (pip install river==0.26.1 scikit-learn==1.9.1).',
  ];
  if (standardised) {
    // The learner learned the plane's values, so the script does too: the same weights, in those units.
    lines.push("# The samples are the file's values as the page standardised them to learn", `# (${standardised}); the weights are in those units, as on the page.`);
  }
  if (augmented) {
    lines.push("# bias=augmented: the page's bias is a weight on a constant feature 1", "# (its steps count the 1 in ||x||^2). Neither library has this mode; the", '# exact equivalent is that feature, appended, with no intercept of its own.');
  }
  return [...lines, ''];
}

function inlineSamples(rows, width, regression) {
  const names = regression ? 'x, y (the target)' : width === 2 ? 'x, y, label' : `${width} features, then the label`;
  const lines = [`# The ${rows.length / (width + 1)} samples learned, in order: ${names}.`, 'samples = ['];
  for (let i = 0; i < rows.length; i += width + 1) lines.push(`    (${Array.from(rows.slice(i, i + width + 1), py).join(', ')}),`);
  lines.push(']');
  return lines;
}

/** Whether the learned rows are the shown points in order, cycled (epochs) from the first. */
function cycles(rows, width, points, regression) {
  const count = points.length / 3;
  if (width !== (regression ? 1 : 2) || count === 0 || rows.length / (width + 1) < count) return false;
  for (let i = 0, k = 0; i < rows.length; i += width + 1, k = (k + 1) % count) {
    const [x, y, label] = points.slice(3 * k, 3 * k + 3);
    const same = regression ? rows[i] === x && rows[i + 1] === y : rows[i] === x && rows[i + 1] === y && rows[i + 2] === label;
    if (!same) return false;
  }
  return true;
}

function csvSamples(name, n, count, regression) {
  const repeat = n > count
    ? [`# The page learned them in order, then cycled over them again (epochs): ${n} samples.`, `samples = [rows[i % len(rows)] for i in range(${n})]`]
    : ['samples = rows'];
  return [
    "# The samples: the page's Points CSV (Save: Points (CSV)), beside this script,",
    `# ${name}. Its ${count} rows (${regression ? 'x, y: y the target' : 'x, y, label'}) are the points in the order learned.`,
    `with open(${JSON.stringify(name)}) as f:`,
    '    rows = [tuple(float(v) for v in line.split(",")) for line in f.read().split()[1:]]',
    ...repeat,
  ];
}

/** The code that learns `samples` and prints the weights, per learner and task; null when no library has it. */
function libraryFor(algorithm, regression) {
  const pa = { pa: 0, pa1: 1, pa2: 2 }[algorithm];
  if (!regression && (algorithm === 'perceptron' || algorithm === 'averaged-perceptron')) return perceptron(algorithm === 'averaged-perceptron');
  if (!regression && pa !== undefined) return riverPa(pa);
  if (regression && pa !== undefined) return sklearnPaRegression(pa);
  return null;
}

/** X, the features (with the constant 1 appended for the augmented bias), and y. */
const arrays = (augmented) => [
  `X = np.array([s[:-1]${augmented ? ' + (1.0,)' : ''} for s in samples])`,
  'y = np.array([s[-1] for s in samples])',
];

/** The printed weights: w without the bias, then b (the constant feature's weight when augmented). */
const printed = (w, b, augmented) => (augmented
  ? [`w = ${w.startsWith('[') ? w : `[float(v) for v in ${w}]`}`, 'print("w =", w[:-1])', 'print("b =", w[-1])']
  : [`print("w =", [float(v) for v in ${w}])`, `print("b =", float(${b}))`]);

const intercept = (bias) => (bias === 'decoupled' ? 'True' : 'False');

function perceptron(averaged) {
  return (s, width, augmented) => [
    `# The ${averaged ? 'averaged ' : ''}perceptron is scikit-learn's SGDClassifier with the perceptron loss`,
    `# and a constant step eta0 = lr${averaged ? ', average=True (the mean of w after every' : ''}`,
    `# ${averaged ? 'sample); ' : ''}one partial_fit over the samples in order.`,
    'from sklearn.linear_model import SGDClassifier',
    '',
    ...arrays(augmented),
    `model = SGDClassifier(loss="perceptron", penalty=None, learning_rate="constant", eta0=${s.lr},`,
    `                      fit_intercept=${intercept(s.bias)}, shuffle=False${averaged ? ', average=True' : ''})`,
    'model.partial_fit(X, y, classes=np.array([-1.0, 1.0]))',
    ...printed('model.coef_[0]', 'model.intercept_[0]', augmented),
  ];
}

function riverPa(mode) {
  return (s, width, augmented) => {
    const d = width + (augmented ? 1 : 0);
    return [
      `# ${['PA', 'PA-I', 'PA-II'][mode]} is River's PAClassifier(mode=${mode}), one learn_one per sample, in order.`,
      'from river import linear_model',
      '',
      `model = linear_model.PAClassifier(C=${mode === 0 ? '1.0' : s.c}, mode=${mode}, learn_intercept=${intercept(s.bias)})${mode === 0 ? '  # C: unused by PA' : ''}`,
      'for *x, label in samples:',
      `    model.learn_one(dict(enumerate(x${augmented ? ' + [1.0]' : ''})), label > 0)`,
      ...printed(`[model.weights.get(i, 0.0) for i in range(${d})]`, 'model.intercept', augmented),
    ];
  };
}

function sklearnPaRegression(mode) {
  return (s, width, augmented) => [
    '# River\'s PARegressor maps the target y to 2y - 1 in its loss (tests/reference.rs),',
    '# so the page\'s PA regression is scikit-learn\'s: SGDRegressor with the',
    `# epsilon-insensitive loss and learning_rate="${mode === 2 ? 'pa2' : 'pa1'}", C as eta0; one partial_fit.`,
    ...(mode === 0 ? ['# PA (no cap on the step) is PA-I with the cap C at the largest float: the same steps.'] : []),
    'from sklearn.linear_model import SGDRegressor',
    '',
    ...arrays(augmented),
    `model = SGDRegressor(loss="epsilon_insensitive", epsilon=${s.eps}, penalty=None,`,
    `                     learning_rate="${mode === 2 ? 'pa2' : 'pa1'}", eta0=${mode === 0 ? 'sys.float_info.max' : s.c},`,
    `                     fit_intercept=${intercept(s.bias)}, shuffle=False)`,
    'model.partial_fit(X, y)',
    ...printed('model.coef_', 'model.intercept_[0]', augmented),
  ];
}

/** The plane's points (x, y, label triples) of `pg`, for the Points CSV check. */
export function planePoints(pg) {
  return Array.from(f64View(pg, pg.points_ptr(), pg.points_len()));
}
