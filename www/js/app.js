// The playground page: one or more figures (a Playground in wasm and the
// plane that draws it), the controls, and what the page does when a reader
// acts. Learning happens in wasm, one call per frame per figure; the frame
// loop (loop.js) learns at the chosen speed and redraws what changed.
import { isTrap, loadWasm } from './wasm.js';
import { Figure } from './figure.js';
import { Controls } from './controls.js';
import { SettingsPanel } from './settings-panel.js';
import { CurvesPanel } from './curves-panel.js';
import { StatusLines } from './status.js';
import { bindSaving } from './save-buttons.js';
import { bindKeys, bindPlaneKeys, bindPointer } from './input.js';
import { label, learnersFor } from './catalogue.js';
import { DataPanel, loadInto } from './data-in.js';
import { Loop } from './loop.js';
import { PALETTE } from './palette.js';
import * as state from './state.js';

const $ = (id) => document.getElementById(id);
const HASH_EVERY_MS = 1000;

export class App {
  constructor() {
    this.figures = [];
    this.page = state.defaultPage();
    this.tool = '1';
    this.lastHashWrite = 0;
    this.goodHash = '';
    this.data = null; // a loaded file (parsed arrays), kept to rebuild the figures
    this.dataNote = '';
    this.recorder = null; // export.js's Recorder, once a recording starts
    this.loop = new Loop({
      speed: () => this.page.speed,
      learn: (k) => this.advance(k),
      render: (now) => this.render(now),
      busy: () => Boolean(this.recorder?.recording) || this.figures.some((f) => f.animating()),
    });
  }

  /** The frames drawn (for the browser tests). */
  get frames() {
    return this.loop.frames;
  }

  get playing() {
    return this.loop.playing;
  }

  async start() {
    await loadWasm();
    this.controls = new Controls(this);
    this.settingsPanel = new SettingsPanel(
      { learner: $('learner-settings'), page: $('data-settings'), run: $('data-settings') },
      (name, text) => this.setSetting(name, text),
    );
    this.curves = new CurvesPanel(this);
    this.status = new StatusLines(this);
    this.dataPanel = new DataPanel(this);
    bindSaving(this);
    // A bare address reopens the last session (a shared link always wins).
    this.load(location.hash || state.recall());
    bindKeys(this, this.controls);
    window.addEventListener('hashchange', () => {
      if (location.hash.replace(/^#/, '') !== this.goodHash) this.load(location.hash);
    });
  }

  /** Builds the page from a link; a link that cannot be opened falls back to the defaults. */
  load(hash) {
    try {
      this.build(hash);
    } catch (error) {
      this.showError(`This link could not be opened: ${message(error)}. Showing the default playground.`);
      this.build('');
    }
  }

  build(hash) {
    const probe = new Figure(document.createElement('div'), hash);
    const page = state.pageFrom(probe.pg.extras());
    const task = probe.pg.task();
    const wantedFile = probe.pg.pending_file();
    const notice = probe.pg.notice();
    probe.destroy();
    if (task === 'regression') page.view = 'regress';
    else if (page.view === 'regress') page.view = 'classify';
    this.page = page;
    for (const figure of this.figures) figure.destroy();
    const compare = page.view === 'compare';
    $('planes').classList.toggle('many', compare);
    const algos = compare ? page.algos : [null];
    // Each Compare panel runs its own learner on the link's samples.
    this.figures = algos.map((algo, i) => new Figure($('planes'), hash, {
      learner: algo ?? undefined,
      title: algo ? label(algo) : '',
      color: PALETTE[i % PALETTE.length],
      // Many small planes: a coarser shading grid keeps the frame short.
      gridSize: algos.length > 2 ? 100 : 200,
      onResize: () => this.loop.changed(),
    }));
    for (const figure of this.figures) {
      bindPointer(figure.plane, this);
      bindPlaneKeys(figure.plane, this);
    }
    this.attachData(wantedFile);
    this.setPlaying(false);
    this.curves.define();
    this.sync();
    if (notice) this.showError(notice);
    this.changed();
  }

  /** The first figure's settings, with its learner and task. */
  settings() {
    return this.figures[0].settings();
  }

  /** Shows the state the page is in on the controls. */
  sync() {
    const settings = this.settings();
    const inForce = new Set(this.figures.flatMap((f) => f.pg.in_force()));
    if (this.data) for (const key of ['preset', 'seed', 'noise']) inForce.delete(key);
    this.controls.sync(settings, this.page);
    this.settingsPanel.sync(settings, inForce, settings.task);
    document.body.dataset.kernel = String(this.figures.some((f) => f.pg.is_kernel()));
  }

  /**
   * A link made with a file (`name:fingerprint`): load the file we hold
   * into every figure (which replays the link), or ask the reader for it.
   */
  attachData(wantedFile) {
    if (!wantedFile) {
      this.data = null;
    } else if (this.data) {
      for (const figure of this.figures) loadInto(figure.pg, this.data);
    }
    this.dataPanel.askFor(wantedFile && !this.data ? wantedFile : '');
    this.dataPanel.sync(this.data, this.dataNote);
    document.body.dataset.wide = String(!this.figures[0].pg.on_plane());
  }

  /** A file the worker parsed: every learner learns from it from now on. */
  useData(data) {
    const pg = this.figures[0].pg;
    const note = loadInto(pg, data); // throws (shown by the caller) if the data is unusable
    this.data = data;
    this.dataNote = note;
    const page = { ...this.page };
    if (pg.task() === 'regression') page.view = 'regress';
    else if (page.view === 'regress') page.view = 'classify';
    this.build(`${pg.hash('')}&${state.pageExtras(page)}`);
  }

  unloadFile() {
    this.data = null;
    this.dataNote = '';
    for (const figure of this.figures) figure.pg.unload_file();
    this.build(`${this.figures[0].pg.hash('')}&${state.pageExtras(this.page)}`);
  }

  /** The reader chose the preset over the file a link asked for. */
  skipPendingFile() {
    for (const figure of this.figures) figure.pg.drop_pending_file();
    this.build(`${this.figures[0].pg.hash('')}&${state.pageExtras(this.page)}`);
  }

  /** Opens a model JSON saved by the page: the session it holds the link to. */
  async openModel(text, name) {
    const { stateFromModel } = await import('./export.js');
    const { state: hash, models } = stateFromModel(text);
    this.build(hash);
    const pg = this.figures[0].pg;
    $('save-msg').textContent = pg.pending_file()
      ? `Opened ${name}; open its data file to replay the ${models[0].samples} samples it learned.`
      : `Opened ${name}: ${label(pg.algorithm())} after ${pg.counts()[0].toLocaleString('en')} samples.`;
  }

  // ---- actions (from controls, pointer and keys) ----

  /** Runs an action on every figure; an error is shown and the page recovers. */
  act(action) {
    try {
      for (const figure of this.figures) action(figure.pg);
    } catch (error) {
      this.fail(error);
    }
    this.changed();
  }

  click(x, y, label) { this.act((pg) => pg.click(x, y, label)); }
  erase(x, y, radius) { this.act((pg) => pg.erase(x, y, radius)); }

  /**
   * Changes a setting on every figure: checked on all first (a refused
   * value changes nothing anywhere and throws the core's message), then
   * applied. Returns a note for the control, or ''.
   */
  setSetting(name, text) {
    for (const figure of this.figures) figure.pg.check(name, text);
    let change = 'live';
    for (const figure of this.figures) change = figure.pg.set(name, text);
    for (const figure of this.figures) figure.redraw();
    if (change !== 'live') this.curves.define();
    this.sync();
    this.changed();
    const [samples] = this.figures[0].pg.counts();
    return change === 'replayed' && samples > 0 ? `Applied from the first sample: the ${samples.toLocaleString('en')} samples were learned again.` : '';
  }

  setAlgorithm(name) {
    const wasKernel = this.figures[0].pg.is_kernel();
    this.figures[0].pg.set_algorithm(name);
    this.figures[0].redraw();
    // A kernel learner starts afresh: redraw its curves (and the support chart) from the session.
    if (wasKernel || this.figures[0].pg.is_kernel()) this.curves.define();
    this.sync();
    this.changed();
  }

  setSpeed(speed) {
    this.page.speed = speed;
    this.changed();
  }

  setView(view) {
    const current = this.page.view;
    if (view === current) return;
    const settings = this.settings();
    const page = { ...this.page, view };
    const sameSession = ['classify', 'epochs'].includes(current) && ['classify', 'epochs'].includes(view);
    if (sameSession) {
      this.page = page;
      this.sync();
      this.changed();
      return;
    }
    const pg = this.figures[0].pg;
    if (view === 'regress' || settings.task === 'regression') {
      // Another task: a fresh session on that task's preset.
      const regress = view === 'regress';
      if (regress) this.lastClassificationPreset = settings.preset;
      const preset = regress ? 'regression-1d' : (this.lastClassificationPreset ?? 'overlapping');
      const algorithm = regress && !learnersFor('regression').some((l) => l.name === settings.algorithm) ? 'pa1' : settings.algorithm;
      pg.reset();
      this.build(`${state.withLearner(pg.hash(''), algorithm)}&preset=${preset}&${state.pageExtras(page)}`);
      return;
    }
    if (view === 'compare' && !page.algos.includes(settings.algorithm)) {
      // The learner on the plane leads the comparison.
      page.algos = [settings.algorithm, ...page.algos].slice(0, state.MAX_COMPARED);
    }
    const lead = view === 'compare' ? page.algos[0] : this.page.algos[0];
    this.build(`${state.withLearner(pg.hash(''), lead)}&${state.pageExtras(page)}`);
  }

  setCompared(algos) {
    this.page.algos = algos;
    this.build(`${this.figures[0].pg.hash('')}&${state.pageExtras(this.page)}`);
  }

  togglePlay() { this.setPlaying(!this.playing); }

  setPlaying(playing) {
    this.loop.setPlaying(playing);
    this.controls.setPlaying(playing);
    if (!playing) this.writeHash();
  }

  /** Learns `n` more samples: from the stream or the file, or (epochs) over the shown points. */
  advance(n) {
    // A file cycles in its own order: each pass over it is an epoch already.
    const epochs = this.page.view === 'epochs' && !this.data;
    this.act((pg) => (epochs ? pg.epochs(n) : pg.stream(n)));
  }

  step() {
    this.advance(1);
  }

  reset() {
    this.act((pg) => pg.reset());
    this.curves.define();
  }

  async share() {
    this.writeHash();
    // A link cannot hold a file: whoever opens it is asked for the file.
    const needs = this.data ? ` once ${this.data.name} is opened with it (a link cannot hold a file)` : '';
    try {
      await navigator.clipboard.writeText(location.href);
      $('share-msg').textContent = `Link copied: it opens this exact state${needs}.`;
    } catch {
      $('share-msg').textContent = `The address bar now holds the link to this state${needs}.`;
    }
  }

  /** Seed 003's non-separable set, standardised as in its code, for epochs mode. */
  async loadPocketPoints() {
    try {
      const text = await (await fetch('data/pocket-pla.csv')).text();
      const rows = text.trim().split('\n').map((line) => line.split(',').map(Number));
      const mean = [0, 1].map((k) => rows.reduce((s, r) => s + r[k], 0) / rows.length);
      const std = [0, 1].map((k) => Math.sqrt(rows.reduce((s, r) => s + (r[k] - mean[k]) ** 2, 0) / rows.length));
      this.act((pg) => {
        pg.reset();
        for (const [a, b, cls] of rows) pg.click(0.55 * (a - mean[0]) / std[0], 0.55 * (b - mean[1]) / std[1], cls > 0 ? 1 : -1);
      });
      this.curves.define();
    } catch (error) {
      this.fail(error);
    }
  }

  // ---- drawing ----

  changed() {
    this.loop.changed();
    // Working on the preset answers a link's request for its file.
    if (!$('file-needed').hidden && !this.figures[0].pg.pending_file()) this.dataPanel.askFor('');
    if (!this.playing) this.writeHash();
  }

  render(now) {
    try {
      const settings = this.settings();
      for (const figure of this.figures) figure.render(settings.task, settings.eps);
      this.curves.append();
      this.status.show(now);
      if (this.recorder?.recording) this.recorder.frame();
      if (this.playing && now - this.lastHashWrite > HASH_EVERY_MS) this.writeHash(now);
    } catch (error) {
      this.fail(error);
    }
  }

  writeHash(now = performance.now()) {
    if (!this.figures.length) return;
    try {
      this.goodHash = this.figures[0].pg.hash(state.pageExtras(this.page));
      state.writeHash(this.goodHash);
      state.remember(this.goodHash);
      this.lastHashWrite = now;
    } catch (error) {
      this.fail(error);
    }
  }

  // ---- for the browser tests and the curious ----

  /** A figure's shown points, (x, y, label) flattened. */
  points(i = 0) {
    return this.figures[i].points();
  }

  /** A figure's curve (0 samples, 1 online, 2 recent loss, 3 test, 4 support). */
  curve(series, i = 0) {
    return this.figures[i].curve(series);
  }

  /** Short news for screen readers (the keyboard cursor's position). */
  announce(text) {
    $('announce').textContent = text;
  }

  showHelp() {
    if (!$('help').open) $('help').showModal();
  }

  // ---- errors: show them, keep working ----

  fail(error) {
    this.showError(message(error));
    // A trap (a panic) can leave a handle unusable: rebuild from the last good state.
    if (isTrap(error)) {
      this.setPlaying(false);
      try {
        this.build(this.goodHash);
      } catch {
        this.build('');
      }
    }
  }

  showError(text) {
    $('error-text').textContent = text;
    $('error-banner').hidden = false;
  }

  clearError() {
    $('error-banner').hidden = true;
  }
}

export function message(error) {
  return error?.message ?? String(error);
}
