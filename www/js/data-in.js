// Your own data: a file picked or dropped on the page is parsed in a Web
// Worker (loader-worker.js) with a progress bar, then handed to every
// learner on the page. Bad lines are listed with their line and column and
// the rest loads; files over 50 MB are refused before any reading starts.
// A model JSON exported by the page opens the session it was saved from.

import { label } from './catalogue.js';
import { Playground } from './wasm.js';
import { holdInParts, loadInto, nextFrame, release } from './parsed-data.js';
import { pageExtras } from './state.js';
import { count, message, percent, t } from './i18n.js';
import { loadFullWithTexts } from './full-module.js';

export const MAX_FILE_BYTES = 50 * 1024 * 1024;
const LISTED_ERRORS = 50;

const $ = (id) => document.getElementById(id);

/** Parses a CSV or LIBSVM file off the main thread. */
export function parseFile(file, onProgress = () => {}, task = 'auto', algorithm = 'pa1') {
  if (file.size > MAX_FILE_BYTES) {
    const mb = (file.size / 1024 / 1024).toFixed(1);
    return Promise.reject(new Error(t('{file} is {mb} MB; the page reads files up to 50 MB. For bigger files use the command line: {command}', { file: file.name, mb, command: commandFor(file.name, algorithm, task) })));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./loader-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }) => {
      if (data.type === 'progress') return onProgress(data.loaded / data.total);
      // A fresh worker per file: its wasm memory (which never shrinks) goes with it.
      worker.terminate();
      if (data.type === 'done') resolve(data);
      else reject(Object.assign(new Error(data.message), { code: data.code, template: data.template, args: data.args }));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(t('the file reader stopped: {why}', { why: event.message ?? '' })));
    };
    worker.postMessage({ file, task });
  });
}

/** The command line that learns `name` as the page would (a test runs it). */
export function commandFor(name, algorithm, task) {
  const quoted = /^[\w./-]+$/.test(name) ? name : `'${name.replaceAll("'", "'\\''")}'`;
  return `onlinelearn learn --algo ${algorithm}${task === 'regression' ? ' --task regression' : ''} --train ${quoted}`;
}

/** Whether a file is a model JSON exported by the page. */
async function isModelJson(file) {
  if (/\.json$/i.test(file.name)) return true;
  const head = await file.slice(0, 64).text();
  return head.trimStart().startsWith('{');
}

/** Opens a data file or a model JSON. */
export async function openFile(panel, file) {
  const app = panel.app;
  showErrors(null);
  try {
    if (await isModelJson(file)) {
      if (file.size > MAX_FILE_BYTES) throw new Error(t('{file} is larger than 50 MB', { file: file.name }));
      await openModel(app, await file.text(), file.name);
      return;
    }
    progress(0, file.name);
    // Files learn in the full module (see wasm.js), fetched while the worker reads.
    const [data] = await Promise.all([parseFile(file, (fraction) => progress(fraction, file.name), $('file-task').value, app.settings().algorithm), loadFullWithTexts()]);
    progress(null);
    // Into wasm memory a part per task, then the panels share that copy.
    await holdInParts(data);
    await nextFrame(); // the page's rebuild in a task of its own
    useData(app, data);
    showErrors(data);
  } catch (error) {
    progress(null);
    app.showError(t('{file} could not be loaded: {why}', { file: file.name, why: message(error) }));
  }
}

/** A file the worker parsed: every learner learns from it from now on. */
export function useData(app, data) {
  const first = app.figures[0].pg;
  // A session of the first module moves to the full one, from its setup
  // now (a load starts afresh); a link waiting for this file is there already.
  const pg = first instanceof Playground ? first : new Playground(first.setup_hash(), undefined);
  let note;
  try {
    note = loadInto(pg, data); // throws (shown by the caller) if the data is unusable
  } catch (error) {
    if (pg !== first) pg.free();
    throw error;
  }
  if (app.data !== data) release(app.data);
  app.data = data;
  app.dataNote = note ? message(note) : '';
  const page = { ...app.page };
  if (pg.task() === 'regression') page.view = 'regress';
  else if (page.view === 'regress') page.view = 'classify';
  const hash = `${pg.hash('')}&${pageExtras(page)}`;
  if (pg !== first) pg.free();
  app.build(hash);
}

/** The link to open from an exported model JSON (a clear error otherwise). */
function stateFromModel(text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(t('not valid JSON ({why})', { why: error.message }));
  }
  if (!['onlinelearn-model', 'onlinelearn-models'].includes(doc?.format) || typeof doc.state !== 'string') {
    throw new Error(t('not a model saved by this playground (no "format": "onlinelearn-model" and "state")'));
  }
  return { state: doc.state, models: doc.models ?? [doc] };
}

/** Opens a model JSON saved by the page: the session it holds the link to. */
export async function openModel(app, text, name) {
  const { state: hash, models } = stateFromModel(text);
  app.build(hash);
  const pg = app.figures[0].pg;
  $('save-msg').textContent = pg.pending_file()
    ? t('Opened {file}; open its data file to replay the {n} samples it learned.', { file: name, n: count(models[0].samples) })
    : t('Opened {file}: {learner} after {n} samples.', { file: name, learner: label(pg.algorithm()), n: count(pg.counts().samples) });
}

/**
 * The 100 points of Lao Ma's Pocket PLA post (2019), for epochs mode, with
 * the post's learner: the pocket, or the batch pocket if it is the one
 * chosen, from nothing (the points are placed, then the learner starts
 * afresh on them: the batch pocket from its random w). They are placed at
 * (x − 6.4)·0.7 and (y − 4.95)·0.7: inside the plane's view, and on the
 * link's 1e-3 grid (the post's values have one decimal), so a click keeps
 * each one as computed, with no rounding to the grid. The batch pocket
 * standardises them as the post does, which undoes the shift and the
 * scale (to the last bits of rounding), so its search is `onlinelearn
 * batch-pocket`'s on the post's file, draw for draw
 * (src/playground/tests/batch_pocket.rs).
 */
const POCKET_PLACEMENT = { centre: [6.4, 4.95], scale: 0.7 };

/** Places the post's points (above) and starts its learner on them. */
export async function loadPocketPoints(app) {
  try {
    const text = await (await fetch('data/pocket-pla.csv')).text();
    const rows = text.trim().split('\n').map((line) => line.split(',').map(Number));
    const { centre, scale } = POCKET_PLACEMENT;
    if (!['pocket', 'batch-pocket'].includes(app.settings().algorithm)) $('algo-msg').textContent = await app.setAlgorithm('pocket');
    app.act((pg) => {
      pg.clear();
      for (const [a, b, cls] of rows) pg.click(scale * (a - centre[0]), scale * (b - centre[1]), cls > 0 ? 1 : -1);
      pg.reset();
    });
    app.sync();
    app.curves.define();
  } catch (error) {
    app.fail(error);
  }
}

function progress(fraction, name = '') {
  const bar = $('file-progress');
  bar.hidden = fraction === null;
  if (fraction !== null) {
    bar.value = fraction;
    bar.setAttribute('aria-label', t('Reading {file}', { file: name }));
    bar.textContent = percent(fraction, 0);
  }
}

/** Lists the lines a load skipped (first 50; the worker keeps up to 1000). */
function showErrors(data) {
  const box = $('file-errors');
  if (!data || data.skipped === 0) {
    box.hidden = true;
    return;
  }
  const lines = data.errors;
  $('file-errors-summary').textContent = t(data.skipped === 1 ? '{n} line skipped (the other {rows} loaded)' : '{n} lines skipped (the other {rows} loaded)', { n: count(data.skipped), rows: count(data.rows) });
  const list = $('file-errors-list');
  list.replaceChildren(...lines.slice(0, LISTED_ERRORS).map((text) => {
    const item = document.createElement('li');
    item.textContent = message(text);
    return item;
  }));
  if (data.skipped > LISTED_ERRORS) {
    const more = document.createElement('li');
    more.textContent = t('… and {n} more', { n: count(data.skipped - LISTED_ERRORS) });
    list.append(more);
  }
  box.hidden = false;
  box.open = true;
}
