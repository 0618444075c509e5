// A parsed file as the page holds it (the worker's typed arrays and its
// shape): handing it to a Playground, and describing it in a line. Shared
// by the always-loaded Data panel and the lazily loaded reader.

/** Hands parsed data to a Playground; returns its note (or ''). */
export function loadInto(pg, data) {
  return data.sparse
    ? pg.load_sparse(data.name, data.task, data.rowStarts, data.indices, data.values, data.labels, data.fingerprint ?? '')
    : pg.load_dense(data.name, data.task, data.features, data.values, data.labels, data.fingerprint ?? '');
}

/** What the file holds, in a line. */
export function describe(data) {
  const shape = `${data.rows.toLocaleString('en')} rows × ${data.features.toLocaleString('en')} feature${data.features === 1 ? '' : 's'}`;
  const kind = data.sparse ? ', sparse' : '';
  return `${data.name}: ${shape}, ${data.task}${kind}`;
}
