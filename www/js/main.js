// The playground page: wires controls, figures, charts and the loop.
// Learning happens in wasm (one call per frame per figure); drawing happens
// here, decoupled from learning: the loop learns `speed` samples per second
// and redraws what changed once per animation frame.
import { loadWasm, Playground } from './wasm.js';
import { Figure } from './figure.js';
import { Chart } from './chart.js';
import { Controls } from './controls.js';
import { bindKeys, bindPointer } from './input.js';
import { explain, num } from './explain.js';
import * as state from './state.js';

const $ = (id) => document.getElementById(id);
const PALETTE = ['#1d232b', '#e0701f', '#2563ad', '#0b7a75', '#9c27b0', '#c0392b'];
const HASH_EVERY_MS = 1000;

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
  }

  async start() {
    await loadWasm();
    this.load(location.hash);
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
    probe.free();
    if (task === 'regression') page.view = 'regress';
    else if (page.view === 'regress') page.view = 'classify';
    this.page = page;
    for (const figure of this.figures) figure.destroy();
    const compare = page.view === 'compare';
    $('planes').classList.toggle('many', compare);
    const algos = compare ? page.algos : [null];
    this.figures = algos.map((algo, i) => new Figure($('planes'), algo ? state.withAlgorithm(hash, algo) : hash, {
      title: algo ? state.LABELS[algo] : '',
      color: PALETTE[i % PALETTE.length],
      // Many small planes: a coarser shading grid keeps the frame short.
      gridSize: algos.length > 2 ? 100 : 200,
    }));
    for (const figure of this.figures) bindPointer(figure.plane, this);
    this.setPlaying(false);
    this.defineCurves();
    this.controls.sync(this.settings(), page);
    this.changed();
  }

  settings() {
    return this.figures[0].settings();
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
    this.controls.setPlaying(playing);
    if (!playing) this.writeHash();
  }

  step() {
    this.act((pg) => (this.page.view === 'epochs' ? pg.epochs(1) : pg.stream(1)));
  }

  reset() {
    this.act((pg) => pg.reset());
    this.defineCurves();
  }

  async share() {
    this.writeHash();
    try {
      await navigator.clipboard.writeText(location.href);
      $('share-msg').textContent = 'Link copied: it opens this exact state.';
    } catch {
      $('share-msg').textContent = 'The address bar now holds the link to this state.';
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
        this.act((pg) => (this.page.view === 'epochs' ? pg.epochs(n) : pg.stream(n)));
      }
    }
    if (this.dirty) this.render(now);
    this.frames += 1;
    requestAnimationFrame((t) => this.frame(t));
  }

  changed() {
    this.dirty = true;
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
      const pg = this.figures[0].pg;
      document.body.dataset.moving = String(this.figures.some((f) => f.pg.moving_model().length > 0));
      const [samples, mistakes] = pg.counts();
      explain($('explain'), pg.last(), settings, samples);
      this.showStatus(settings, samples, mistakes);
      if (this.playing && now - this.lastHashWrite > HASH_EVERY_MS) this.writeHash(now);
    } catch (error) {
      this.fail(error);
    }
  }

  showStatus(settings, samples, mistakes) {
    const pg = this.figures[0].pg;
    const shown = pg.points_len() / 3;
    const parts = [`${samples.toLocaleString('en')} samples learned`];
    if (settings.task === 'classification' && samples > 0) {
      parts.push(`${mistakes.toLocaleString('en')} mistakes (${((100 * mistakes) / samples).toFixed(1)}%)`);
    }
    parts.push(`${shown.toLocaleString('en')} points shown${samples > shown && this.page.view !== 'epochs' ? ' (the latest)' : ''}`);
    $('status').textContent = parts.join(' · ');
    const model = pg.model();
    const weights = $('weights');
    if (pg.is_kernel()) {
      const size = pg.support_len() / 5;
      const budget = settings.budget > 0 ? `, budget ${settings.budget}` : '';
      weights.textContent = `${size.toLocaleString('en')} support vectors · σ = ${num(settings.sigma)}${budget}`;
      delete weights.dataset.weights;
      weights.dataset.support = String(size);
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
      this.lastHashWrite = now;
    } catch (error) {
      this.fail(error);
    }
  }

  // ---- errors: show them, keep working ----

  fail(error) {
    const text = message(error);
    this.showError(text);
    // A trap (a panic) can leave a handle unusable: rebuild from the last good state.
    if (error instanceof WebAssembly.RuntimeError || /unreachable|recursive use|null pointer/i.test(text)) {
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

function message(error) {
  return error?.message ?? String(error);
}

const app = new App();
window.addEventListener('error', (event) => app.showError(message(event.error ?? event.message)));
window.addEventListener('unhandledrejection', (event) => app.showError(message(event.reason)));
app.start().catch((error) => app.showError(`The playground could not start: ${message(error)}`));
window.playground = app; // for the browser tests and the curious
