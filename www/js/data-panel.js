// The Data panel's always-loaded part: the file controls, the drop target,
// the pending-file prompt and the line that says what is loaded. Reading a
// file (the worker, the progress bar, the list of bad lines), saved models
// and the Pocket post's points are data-in.js's, imported on first use:
// most visits never open a file, and the page's first download stays small.
import { describe, release } from './parsed-data.js';
import { pageExtras } from './state.js';
import { t, usePart } from './i18n.js';
import { rule, transformOf } from './units.js';

const $ = (id) => document.getElementById(id);

/** The Data panel's file controls, the drop target and the pending-file prompt. */
export class DataPanel {
  constructor(app) {
    this.app = app;
    const input = $('file-input');
    $('open-file').addEventListener('click', () => input.click());
    $('file-needed-open').addEventListener('click', () => input.click());
    $('file-needed-skip').addEventListener('click', () => this.skipPendingFile());
    $('unload-file').addEventListener('click', () => this.unloadFile());
    $('load-pocket').addEventListener('click', () => this.reading().then((m) => m.loadPocketPoints(app)).catch((e) => app.fail(e)));
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

  /** data-in.js, imported once, with its words (the catalogues' data part: its texts and the file readers' messages). */
  reading() {
    this.module ??= Promise.all([import('./data-in.js'), usePart('data').catch(() => {})]).then(([module]) => module);
    return this.module;
  }

  /** Opens a data file or a model JSON. */
  async open(file) {
    const { openFile } = await this.reading();
    return openFile(this, file);
  }

  unloadFile() {
    const app = this.app;
    release(app.data);
    app.data = null;
    app.dataNote = '';
    for (const figure of app.figures) figure.pg.unload_file();
    app.build(`${app.figures[0].pg.hash('')}&${pageExtras(app.page)}`);
  }

  /** The reader chose the preset over the file a link asked for. */
  skipPendingFile() {
    const app = this.app;
    for (const figure of app.figures) figure.pg.drop_pending_file();
    app.build(`${app.figures[0].pg.hash('')}&${pageExtras(app.page)}`);
  }

  /** Shows the loaded file, or none (and how the plane scaled it, if it did). */
  sync(data, note = '', pg = null) {
    document.body.dataset.file = String(Boolean(data));
    const transform = pg && transformOf(pg, data);
    const scaled = transform ? ` ${t("Its values do not fit the plane: it learns them standardised, {rule}; the numbers shown are also given in the file's units.", { rule: rule(transform, data.task === 'regression') })}` : '';
    $('file-info').textContent = data ? `${describe(data)}${scaled}${note ? ` ${t('{text}.', { text: note })}` : ''}` : '';
    if (!data) $('file-errors').hidden = true;
  }

  /** Asks for the file a link was made with (`name:fingerprint`), or hides the prompt. */
  askFor(key) {
    $('file-needed').hidden = !key;
    if (!key) return;
    // One sentence with the file's name in bold, wherever the language puts it.
    const [before, after] = t('This link learned from {file}, and a link cannot hold a file. Open it to replay the session, or continue with the preset.').split('{file}');
    const name = document.createElement('strong');
    name.textContent = key.slice(0, key.lastIndexOf(':'));
    $('file-needed-text').replaceChildren(before, name, after ?? '');
  }
}
