// The playground page: wires controls, figures, charts and the loop.
// Learning happens in wasm (one call per frame per figure); drawing happens
// here, decoupled from learning: the loop learns `speed` samples per second
// and redraws what changed once per animation frame.
import { f64View, isTrap, loadWasm, Playground } from './wasm.js';
import { Figure } from './figure.js';
import { Chart } from './chart.js';
import { Controls } from './controls.js';
import { bindKeys, bindPlaneKeys, bindPointer } from './input.js';
import { explain } from './explain.js';
import { num, plural } from './format.js';
import { DataPanel, loadInto } from './data-in.js';
// Saving is loaded on first use: most visits never save, and the page's
// first load stays small.
const saving = () => import('./export.js');
import { summarize } from './summary.js';
import { Rate, learnWithin } from './pace.js';
import * as state from './state.js';
import { PALETTE } from './palette.js';

const $ = (id) => document.getElementById(id);
const HASH_EVERY_MS = 1000;
const SUMMARY_EVERY_MS = 10000; // the live region speaks at most this often while playing
const MAX_SHOWN_POINTS = 5000; // as src/playground/mod.rs

class App {
  constructor() {
    this.figures = [];
    this.page = state.defaultPage();
    this.tool = '1';
    this.playing = false;
    this.budget = 0;
    this.lastFrame = null;
    this.lastHashWrite = 0;
    this.goodHash = '';
    this.frames = 0;
    this.controls = new Controls(this);
    this.errorChart = new Chart($('chart-error'), $('chart-error-legend'));
    this.lossChart = new Chart($('chart-loss'), $('chart-loss-legend'), { fixedY: false });
    this.supportChart = new Chart($('chart-support'), $('chart-support-legend'), { fixedY: false, yMax: 16 });
    this.data = null; // a loaded file (parsed arrays), kept to rebuild the figures
    this.dataNote = '';
    this.dataPanel = new DataPanel(this);
    this.recorder = null; // export.js's Recorder, once a recording starts
    this.lastSummary = 0;
    this.rate = new Rate(); // samples/s reached while playing
    this.keptUp = true;
    this.bindSaving();
    $('help-open').addEventListener('click', () => this.showHelp());
    $('help-close').addEventListener('click', () => $('help').close());
  }

  async start() {
    await loadWasm();
    // A bare address reopens the last session (a shared link always wins).
    this.load(location.hash || state.recall());
    bindKeys(this, this.controls);
    window.addEventListener('hashchange', () => {
      if (location.hash.replace(/^#/, '') !== this.goodHash) this.load(location.hash);
    });
    requestAnimationFrame((t) => this.frame(t));
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
    const probe = new Playground(hash);
    const page = state.pageFrom(probe.extras());
    const task = probe.task();
    const wantedFile = probe.pending_file();
    probe.free();
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
      title: algo ? state.LABELS[algo] : '',
      color: PALETTE[i % PALETTE.length],
      // Many small planes: a coarser shading grid keeps the frame short.
      gridSize: algos.length > 2 ? 100 : 200,
      // A resize clears the canvases: draw them again on the next frame.
      onResize: () => { this.dirty = true; },
    }));
    for (const figure of this.figures) {
      bindPointer(figure.plane, this);
      bindPlaneKeys(figure.plane, this);
    }
    this.attachData(wantedFile);
    this.setPlaying(false);
    this.defineCurves();
    this.controls.sync(this.settings(), page);
    this.changed();
  }

  settings() {
    return this.figures[0].settings();
  }

  /**
   * A link made with a file (`name:fingerprint`): load the file we hold
   * into every figure (which replays the link), or ask the reader for it.
   * A link without one means the page is back on the presets.
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
    this.restart({});
  }

  /** The reader chose the preset over the file a link asked for. */
  skipPendingFile() {
    for (const figure of this.figures) figure.pg.drop_pending_file();
    this.build(`${this.figures[0].pg.hash('')}&${state.pageExtras(this.page)}`);
  }

  /** Opens a model JSON saved by the page: the session it holds the link to. */
  async openModel(text, name) {
    const { stateFromModel } = await saving();
    const { state: hash, models } = stateFromModel(text);
    this.build(hash);
    const [samples] = this.figures[0].pg.counts();
    const pending = this.figures[0].pg.pending_file();
    $('save-msg').textContent = pending
      ? `Opened ${name}; open its data file to replay the ${models[0].samples} samples it learned.`
      : `Opened ${name}: ${state.LABELS[this.figures[0].pg.algorithm()]} after ${samples.toLocaleString('en')} samples.`;
  }

  defineCurves() {
    const regression = this.settings().task === 'regression';
    this.errorChart.fixedY = !regression;
    for (const chart of [this.errorChart, this.lossChart, this.supportChart]) chart.clear();
    $('chart-title').textContent = regression ? 'Error curves (absolute error)' : 'Error curves';
    // Several learners: one legend entry each, and the line styles said once.
    const many = this.figures.length > 1;
    this.lossChart.note = many ? 'moving-average loss (100 samples), colours as above.' : '';
    this.supportChart.note = many ? 'support-set size, colours as above.' : '';
    this.errorChart.note = many ? (regression ? 'solid: progressive MAE, dashed: held-out MAE.' : 'solid: online mistake rate, dashed: held-out accuracy.') : '';
    this.figures.forEach((figure, i) => {
      figure.curvesRead = 0;
      const name = this.figures.length > 1 ? `${state.LABELS[figure.pg.algorithm()]}: ` : '';
      const color = this.figures.length > 1 ? figure.color : PALETTE[0];
      this.errorChart.define(`${i}:online`, { label: many ? state.LABELS[figure.pg.algorithm()] : regression ? 'progressive MAE' : 'online mistake rate', color });
      this.errorChart.define(`${i}:test`, {
        label: this.testLabel(figure, regression ? 'regression' : 'classification'),
        color: this.figures.length > 1 ? color : '#0b7a75',
        dash: true,
        unlisted: many,
      });
      this.lossChart.define(`${i}:loss`, {
        unlisted: many,
        label: `${name}moving-average ${regression ? '|error|' : 'hinge loss'} (100 samples)`,
        color: this.figures.length > 1 ? color : '#8a3b06',
      });
      if (figure.pg.is_kernel()) {
        this.supportChart.define(`${i}:support`, { unlisted: many, label: `${name}support-set size`, color: this.figures.length > 1 ? color : '#0b7a75' });
      }
    });
  }

  /** What the test curve measures: the stream's clean held-out set, or the points themselves. */
  testLabel(figure, task) {
    const name = this.figures.length > 1 ? `${state.LABELS[figure.pg.algorithm()]}: ` : '';
    const onPoints = figure.pg.test_on_points();
    const file = figure.pg.file_name();
    if (file && !onPoints) {
      const rows = Math.min(500, figure.pg.file_shape()[0]);
      return `${name}${task === 'regression' ? 'MAE' : 'accuracy'} on ${rows} rows of ${file}`;
    }
    if (task === 'regression') return `${name}${onPoints ? 'MAE on the points' : 'held-out MAE'}`;
    return `${name}${onPoints ? 'accuracy on the points' : 'held-out accuracy'}`;
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

  /** Settings changes throw to the control, which shows the message beside it. */
  setParam(name, value) {
    for (const figure of this.figures) figure.pg.set_param(name, value);
    this.changed();
  }

  setBias(mode) {
    for (const figure of this.figures) figure.pg.set_bias(mode);
    this.changed();
  }

  setAlgorithm(name) {
    const wasKernel = this.figures[0].pg.is_kernel();
    this.figures[0].pg.set_algorithm(name);
    // A kernel learner starts afresh: redraw its curves (and the support chart) from the session.
    if (wasKernel || state.isKernel(name)) this.defineCurves();
    this.changed();
  }

  setPreset(preset) { this.restart({ preset }); }
  setSeed(seed) { this.restart({ seed }); }

  /** Starts afresh with changed settings (a new stream means new points). */
  restart(changes) {
    const settings = { ...this.settings(), ...changes };
    this.build(`${state.settingsHash(settings)}&${state.pageExtras(this.page)}`);
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
      this.controls.sync(settings, page);
      this.changed();
      return;
    }
    if (view === 'regress') {
      this.lastClassificationPreset = settings.preset;
      settings.preset = 'regression-1d';
      if (!state.ALGORITHMS.regression.includes(settings.algorithm)) settings.algorithm = 'pa1';
    } else if (settings.task === 'regression') {
      settings.preset = this.lastClassificationPreset ?? 'overlapping';
    }
    if (current === 'compare') settings.algorithm = this.page.algos[0];
    if (view === 'compare' && !page.algos.includes(settings.algorithm)) {
      // The learner on the plane leads the comparison.
      page.algos = [settings.algorithm, ...page.algos].slice(0, state.MAX_COMPARED);
    }
    const keepLog = (current === 'compare' || view === 'compare') && settings.task !== 'regression' && view !== 'regress';
    const base = keepLog ? this.figures[0].pg.hash('') : state.settingsHash(settings);
    this.build(`${state.withAlgorithm(base, view === 'compare' ? page.algos[0] : settings.algorithm)}&${state.pageExtras(page)}`);
  }

  setCompared(algos) {
    this.page.algos = algos;
    this.build(`${this.figures[0].pg.hash('')}&${state.pageExtras(this.page)}`);
  }

  togglePlay() { this.setPlaying(!this.playing); }

  setPlaying(playing) {
    this.playing = playing;
    this.budget = 0;
    this.rate.reset();
    this.keptUp = true;
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
    this.defineCurves();
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
        for (const [a, b, label] of rows) pg.click(0.55 * (a - mean[0]) / std[0], 0.55 * (b - mean[1]) / std[1], label > 0 ? 1 : -1);
      });
      this.defineCurves();
    } catch (error) {
      this.fail(error);
    }
  }

  // ---- the loop ----

  frame(now) {
    const dt = this.lastFrame === null ? 0 : Math.min(100, now - this.lastFrame);
    this.lastFrame = now;
    if (this.playing) {
      this.budget += (this.page.speed * dt) / 1000;
      const n = Math.floor(this.budget);
      if (n > 0) {
        this.budget -= n;
        const done = learnWithin(n, (k) => this.advance(k));
        this.rate.record(done, dt);
        this.keptUp = done === n;
      }
    }
    if (this.dirty) this.render(now);
    if (this.recorder?.recording) this.recorder.frame();
    this.frames += 1;
    requestAnimationFrame((t) => this.frame(t));
  }

  changed() {
    this.dirty = true;
    // Working on the preset answers a link's request for its file.
    if (!$('file-needed').hidden && !this.figures[0].pg.pending_file()) this.dataPanel.askFor('');
    if (!this.playing) this.writeHash();
  }

  render(now) {
    this.dirty = false;
    try {
      const settings = this.settings();
      const settingsKey = `${settings.sigma}:${settings.budget}:${settings.eta}:${settings.c}:${settings.bias}`;
      document.body.dataset.kernel = String(this.figures.some((f) => f.pg.is_kernel()));
      for (const figure of this.figures) figure.render(settings.task, settings.eps, settingsKey);
      if (this.figures.some((f) => f.animating())) this.dirty = true;
      this.figures.forEach((figure, i) => {
        this.errorChart.relabel(`${i}:test`, this.testLabel(figure, settings.task));
        const points = figure.newCurvePoints();
        this.errorChart.append(`${i}:online`, points.samples, points.online);
        this.errorChart.append(`${i}:test`, points.samples, points.test);
        this.lossChart.append(`${i}:loss`, points.samples, points.loss);
        this.supportChart.append(`${i}:support`, points.samples, points.support);
      });
      if (this.figures.length > 1) for (const figure of this.figures) figure.plane.setCaption(panelCaption(figure.pg));
      const pg = this.figures[0].pg;
      document.body.dataset.moving = String(this.figures.some((f) => f.pg.moving_model().length > 0));
      const [samples, mistakes] = pg.counts();
      explain($('explain'), pg.last(), { ...settings, wide: !pg.on_plane(), file: this.data }, samples);
      this.showStatus(settings, samples, mistakes);
      this.speak(now);
      if (this.playing && now - this.lastHashWrite > HASH_EVERY_MS) this.writeHash(now);
    } catch (error) {
      this.fail(error);
    }
  }

  showStatus(settings, samples, mistakes) {
    const pg = this.figures[0].pg;
    const shown = pg.points_len() / 3;
    const compare = this.figures.length > 1;
    // In Compare every panel shows its own mistakes; the status says what they share.
    const parts = [`${plural(samples, 'sample')} learned${compare ? ` by each of the ${this.figures.length} learners` : ''}`];
    if (settings.task === 'classification' && samples > 0 && !compare) {
      parts.push(`${plural(mistakes, 'mistake')} (${((100 * mistakes) / samples).toFixed(1)}%)`);
    }
    if (this.data) {
      const [, , drawn] = pg.counts();
      const rows = this.data.rows;
      if (drawn > 0) parts.push(`${this.data.name}: pass ${Math.floor((drawn - 1) / rows) + 1}, row ${(((drawn - 1) % rows) + 1).toLocaleString('en')} of ${rows.toLocaleString('en')}`);
    }
    if (pg.on_plane()) {
      const capped = shown >= MAX_SHOWN_POINTS && samples > shown && this.page.view !== 'epochs';
      parts.push(capped
        ? `the latest ${shown.toLocaleString('en')} points shown (older ones scroll off the plane; the learner learned from all)`
        : `${shown.toLocaleString('en')} point${shown === 1 ? '' : 's'} shown`);
    }
    if (this.playing && !this.keptUp && this.rate.value !== null) {
      parts.push(`this learner manages about ${Math.round(this.rate.value).toLocaleString('en')} samples/s here`);
    }
    $('status').textContent = parts.join(' · ');
    const model = pg.model();
    const weights = $('weights');
    weights.hidden = compare;
    if (pg.is_kernel()) {
      const size = pg.support_len() / 5;
      const budget = settings.budget > 0 ? `, budget ${settings.budget}` : '';
      weights.textContent = `${plural(size, 'support vector')} · σ = ${num(settings.sigma)}${budget}`;
      delete weights.dataset.weights;
      weights.dataset.support = String(size);
    } else if (model.length && !pg.on_plane()) {
      const w = pg.weights();
      const norm = Math.hypot(...w.slice(0, -1));
      weights.textContent = `w over ${pg.file_shape()[1].toLocaleString('en')} features · ‖w‖ = ${num(norm)} · b = ${num(w[w.length - 1])}`;
      delete weights.dataset.weights;
    } else if (model.length) {
      const [w1, w2, b] = model;
      weights.textContent = settings.task === 'regression'
        ? `f(x) = ${num(w1)}·x + ${num(b)}`
        : `w = (${num(w1)}, ${num(w2)})   b = ${num(b)}   ‖w‖ = ${num(Math.hypot(w1, w2))}`;
      weights.dataset.weights = JSON.stringify(Array.from(model));
    }
    weights.dataset.samples = String(samples);
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
    const pg = this.figures[i].pg;
    return Array.from(f64View(pg.points_ptr(), pg.points_len()));
  }

  /** A figure's curve (0 samples, 1 online, 2 recent loss, 3 test, 4 support). */
  curve(series, i = 0) {
    const pg = this.figures[i].pg;
    return Array.from(f64View(pg.curve_ptr(series), pg.curve_len()));
  }

  // ---- words for screen readers ----

  /** Updates the live-region summary: when paused, or now and then while playing. */
  speak(now) {
    if (this.playing && now - this.lastSummary < SUMMARY_EVERY_MS) return;
    this.lastSummary = now;
    const text = this.figures.map((f) => summarize(f.pg, state.LABELS[f.pg.algorithm()])).join(' ');
    if ($('summary').textContent !== text) $('summary').textContent = text;
  }

  /** Short news for screen readers (the keyboard cursor's position). */
  announce(text) {
    $('announce').textContent = text;
  }

  showHelp() {
    if (!$('help').open) $('help').showModal();
  }

  // ---- results out ----

  bindSaving() {
    // Each handler gets export.js's functions (imported on the first click).
    const on = (id, fn) => $(id).addEventListener('click', () => saving().then(fn).catch((e) => this.fail(e)));
    const stem = () => {
      const pg = this.figures[0].pg;
      const source = this.data ? this.data.name.replace(/\.[^.]*$/, '') : pg.preset();
      return `onlinelearn-${this.figures.length > 1 ? 'compare' : pg.algorithm()}-${source}-${pg.counts()[0]}`;
    };
    const saved = (name) => { $('save-msg').textContent = `Saved ${name}.`; };
    on('save-png', async ({ download, planePng }) => {
      const name = `${stem()}.png`;
      download(await planePng(this.figures, $('chart-error')), name);
      saved(name);
    });
    on('save-points', ({ download, pointsCsv }) => {
      const name = `${stem()}-points.csv`;
      download(new Blob([pointsCsv(this.figures[0].pg, this.settings().task)], { type: 'text/csv' }), name);
      saved(name);
    });
    on('save-curves', ({ download, curvesCsv }) => {
      const name = `${stem()}-curves.csv`;
      download(new Blob([curvesCsv(this.figures, (a) => state.LABELS[a] ?? a, this.settings().task)], { type: 'text/csv' }), name);
      saved(name);
    });
    on('save-model', ({ download, modelJson }) => {
      this.writeHash();
      const name = `${stem()}-model.json`;
      download(new Blob([modelJson(this.figures, state.pageExtras(this.page))], { type: 'application/json' }), name);
      saved(name);
    });
    on('record', async ({ download, Recorder }) => {
      const button = $('record');
      this.recorder ??= new Recorder();
      if (this.recorder.recording) {
        const seconds = ((performance.now() - this.recorder.started) / 1000).toFixed(1);
        const blob = await this.recorder.stop();
        button.setAttribute('aria-pressed', 'false');
        button.textContent = 'Record (WebM)';
        const name = `${stem()}.webm`;
        download(blob, name);
        $('save-msg').textContent = `Saved ${name} (${seconds} s).`;
      } else {
        if (!Recorder.supported()) throw new Error('this browser cannot record the canvas (no MediaRecorder)');
        this.recorder.start(this.figures);
        button.setAttribute('aria-pressed', 'true');
        button.textContent = 'Stop recording';
        $('save-msg').textContent = 'Recording the plane: press Play, then Stop recording.';
      }
    });
    on('embed', async () => {
      this.writeHash();
      const base = new URL('.', location.href).href;
      const hash = this.goodHash;
      const code = [
        `<script type="module" src="${base}embed.js"></script>`,
        `<online-learner state="${hash}" controls="play,step,reset" explain></online-learner>`,
        '',
        `<!-- or, in a frame: -->`,
        `<iframe src="${base}embed.html#${hash}&controls=play,step,reset&explain=1" title="Online learning playground" width="440" height="560" loading="lazy"></iframe>`,
      ].join('\n');
      try {
        await navigator.clipboard.writeText(code);
        $('save-msg').textContent = `Embed code copied${this.data ? ' (the file is not in it: the figure will ask for it)' : ''}.`;
      } catch {
        $('save-msg').textContent = code;
      }
    });
  }

  // ---- errors: show them, keep working ----

  fail(error) {
    const text = message(error);
    this.showError(text);
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

/** A Compare panel's own figures: its mistakes, and its support set. */
function panelCaption(pg) {
  const [samples, mistakes] = pg.counts();
  const parts = [];
  if (samples > 0) parts.push(`${plural(mistakes, 'mistake')} (${((100 * mistakes) / samples).toFixed(1)}%)`);
  if (pg.is_kernel()) parts.push(plural(pg.support_len() / 5, 'support vector'));
  return parts.join(' · ');
}

function message(error) {
  return error?.message ?? String(error);
}

const app = new App();
window.addEventListener('error', (event) => app.showError(message(event.error ?? event.message)));
window.addEventListener('unhandledrejection', (event) => app.showError(message(event.reason)));
app.start().catch((error) => app.showError(`The playground could not start: ${message(error)}`));
window.playground = app; // for the browser tests and the curious
