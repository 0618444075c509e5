// Your own data: a file picked or dropped on the page is parsed in a Web
// Worker (loader-worker.js) with a progress bar, then handed to every
// learner on the page. Bad lines are listed with their line and column and
// the rest loads; files over 50 MB are refused before any reading starts.
// A model JSON exported by the page opens the session it was saved from.

export const MAX_FILE_BYTES = 50 * 1024 * 1024;
const LISTED_ERRORS = 50;

const $ = (id) => document.getElementById(id);

/** Parses a CSV or LIBSVM file off the main thread. */
export function parseFile(file, onProgress = () => {}, task = 'auto') {
  if (file.size > MAX_FILE_BYTES) {
    const mb = (file.size / 1024 / 1024).toFixed(1);
    return Promise.reject(new Error(`${file.name} is ${mb} MB; the page reads files up to 50 MB. For bigger files use the command line: onlinelearn run --data ${file.name}`));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./loader-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }) => {
      if (data.type === 'progress') return onProgress(data.loaded / data.total);
      // A fresh worker per file: its wasm memory (which never shrinks) goes with it.
      worker.terminate();
      if (data.type === 'done') resolve(data);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`the file reader stopped: ${event.message ?? 'unknown error'}`));
    };
    worker.postMessage({ file, task });
  });
}

/** Hands parsed data to a Playground; returns its note (or ''). */
export function loadInto(pg, data) {
  return data.sparse
    ? pg.load_sparse(data.name, data.task, data.rowStarts, data.indices, data.values, data.labels)
    : pg.load_dense(data.name, data.task, data.features, data.values, data.labels);
}

/** What the file holds, in a line. */
export function describe(data) {
  const shape = `${data.rows.toLocaleString('en')} rows × ${data.features.toLocaleString('en')} feature${data.features === 1 ? '' : 's'}`;
  const kind = data.sparse ? ', sparse' : '';
  return `${data.name}: ${shape}, ${data.task}${kind}`;
}

/** Whether a file is a model JSON exported by the page. */
async function isModelJson(file) {
  if (/\.json$/i.test(file.name)) return true;
  const head = await file.slice(0, 64).text();
  return head.trimStart().startsWith('{');
}

/** The Data panel's file controls, the drop target and the pending-file prompt. */
export class DataPanel {
  constructor(app) {
    this.app = app;
    const input = $('file-input');
    $('open-file').addEventListener('click', () => input.click());
    $('file-needed-open').addEventListener('click', () => input.click());
    $('file-needed-skip').addEventListener('click', () => app.skipPendingFile());
    $('unload-file').addEventListener('click', () => app.unloadFile());
    input.addEventListener('change', () => {
      const [file] = input.files;
      input.value = ''; // the same file can be chosen again
      if (file) this.open(file);
    });
    // Drop anywhere on the page.
    let depth = 0;
    document.addEventListener('dragenter', (event) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      depth += 1;
      document.body.dataset.dragging = 'true';
    });
    document.addEventListener('dragleave', () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) delete document.body.dataset.dragging;
    });
    document.addEventListener('dragover', (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    });
    document.addEventListener('drop', (event) => {
      depth = 0;
      delete document.body.dataset.dragging;
      const file = event.dataTransfer?.files?.[0];
      if (!file) return;
      event.preventDefault();
      this.open(file);
    });
  }

  /** Opens a data file or a model JSON. */
  async open(file) {
    const app = this.app;
    this.showErrors(null);
    try {
      if (await isModelJson(file)) {
        if (file.size > MAX_FILE_BYTES) throw new Error(`${file.name} is larger than 50 MB`);
        await app.openModel(await file.text(), file.name);
        return;
      }
      this.progress(0, file.name);
      const data = await parseFile(file, (fraction) => this.progress(fraction, file.name), $('file-task').value);
      this.progress(null);
      app.useData(data);
      this.showErrors(data);
    } catch (error) {
      this.progress(null);
      app.showError(`${file.name} could not be loaded: ${error?.message ?? error}`);
    }
  }

  progress(fraction, name = '') {
    const bar = $('file-progress');
    bar.hidden = fraction === null;
    if (fraction !== null) {
      bar.value = fraction;
      bar.setAttribute('aria-label', `Reading ${name}`);
      bar.textContent = `${Math.round(fraction * 100)}%`;
    }
  }

  /** Lists the lines a load skipped (first 50; the worker keeps up to 1000). */
  showErrors(data) {
    const box = $('file-errors');
    if (!data || data.skipped === 0) {
      box.hidden = true;
      return;
    }
    const lines = data.errors.split('\n').filter(Boolean);
    $('file-errors-summary').textContent = `${data.skipped.toLocaleString('en')} line${data.skipped === 1 ? '' : 's'} skipped (the other ${data.rows.toLocaleString('en')} loaded)`;
    const list = $('file-errors-list');
    list.replaceChildren(...lines.slice(0, LISTED_ERRORS).map((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      return item;
    }));
    if (data.skipped > LISTED_ERRORS) {
      const more = document.createElement('li');
      more.textContent = `… and ${(data.skipped - LISTED_ERRORS).toLocaleString('en')} more`;
      list.append(more);
    }
    box.hidden = false;
    box.open = true;
  }

  /** Shows the loaded file, or none. */
  sync(data, note = '') {
    document.body.dataset.file = String(Boolean(data));
    $('file-info').textContent = data ? `${describe(data)}.${note ? ` ${note}.` : ''}` : '';
    if (!data) $('file-errors').hidden = true;
  }

  /** Asks for the file a link was made with (`name:fingerprint`), or hides the prompt. */
  askFor(key) {
    $('file-needed').hidden = !key;
    if (key) $('file-needed-name').textContent = key.slice(0, key.lastIndexOf(':'));
  }
}
