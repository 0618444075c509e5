// A parsed file as the page holds it (the worker's typed arrays and its
// shape): handing it to a Playground, and describing it in a line. Shared
// by the always-loaded Data panel and the lazily loaded reader.

import { Playground } from './wasm.js';
import { plural } from './format.js';
import { t } from './i18n.js';

/**
 * Hands parsed data to a Playground; returns its note (or ''). The arrays
 * go into wasm memory once, into a holder kept on `data`; every
 * Playground then shares the holder's copy (moving a 45 MB file's 100 MB
 * of arrays took 100 ms a time, once per panel and once more on a rebuild).
 */
export function loadInto(pg, data) {
  hold(data);
  return pg.load_shared(data.holder);
}

/** Moves the arrays into wasm memory (once); throws if the data is unusable. */
export function hold(data) {
  if (data.holder) return;
  const holder = new Playground('', undefined);
  try {
    if (data.sparse) holder.load_sparse(data.name, data.task, data.rowStarts, data.indices, data.values, data.labels, data.fingerprint ?? '');
    else holder.load_dense(data.name, data.task, data.features, data.values, data.labels, data.fingerprint ?? '');
  } catch (error) {
    holder.free();
    throw error;
  }
  data.holder = holder;
  // The holder has its own copy: drop the arrays (100 MB for a 45 MB file).
  data.rowStarts = data.indices = data.values = data.labels = null;
}

/** Values per part when a file goes into wasm memory in parts. */
const PART_VALUES = 1 << 17;

/**
 * `hold`, a part per task for a large file, so that no single task holds
 * the main thread long (100 MB of sparse arrays took 118 ms in one; a
 * 1.2-million-row CSV's 19 MB, 130 ms on a slow machine).
 */
export async function holdInParts(data) {
  if (data.holder || data.values.length <= PART_VALUES) return hold(data);
  const holder = new Playground('', undefined);
  try {
    if (data.sparse) await sparseParts(holder, data);
    else await denseParts(holder, data);
    await nextFrame(); // the checks of the whole file in a task of their own
    holder.load_parts_end(data.name, data.task, data.fingerprint ?? '');
  } catch (error) {
    holder.free();
    throw error;
  }
  data.holder = holder;
  data.rowStarts = data.indices = data.values = data.labels = null;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
/** After the next frame is painted. */
export const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function sparseParts(holder, data) {
  const starts = data.rowStarts;
  for (let first = 0; first < data.rows;) {
    let last = first + 1; // whole rows, about PART_VALUES values
    while (last < data.rows && starts[last + 1] - starts[first] <= PART_VALUES) last += 1;
    const [from, to] = [starts[first], starts[last]];
    holder.load_part_sparse(starts.slice(first, last + 1).map((s) => s - from), data.indices.subarray(from, to), data.values.subarray(from, to), data.labels.subarray(first, last));
    first = last;
    await nextTask();
  }
}

async function denseParts(holder, data) {
  const d = data.features;
  const rowsPerPart = Math.max(1, Math.floor(PART_VALUES / d));
  holder.load_parts_dense(d, data.rows);
  for (let first = 0; first < data.rows; first += rowsPerPart) {
    const last = Math.min(data.rows, first + rowsPerPart);
    holder.load_part_dense(data.values.subarray(first * d, last * d), data.labels.subarray(first, last));
    await nextTask();
  }
}

/** Frees the wasm copy of a file the page no longer uses. */
export function release(data) {
  data?.holder?.free();
  if (data) data.holder = null;
}

/** What the file holds, in a sentence. */
export function describe(data) {
  const kind = data.task === 'regression' ? t('regression') : data.classes > 2 ? t('{k} classes', { k: data.classes }) : t('classification');
  return t('{file}: {rows} × {features}, {kind}.', {
    file: data.name,
    rows: plural(data.rows, '{n} row', '{n} rows'),
    features: plural(data.features, '{n} feature', '{n} features'),
    kind: data.sparse ? t('{kind}, sparse', { kind }) : kind,
  });
}
