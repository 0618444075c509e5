// The playground page: one or more figures (a Playground in wasm and the
// plane that draws it), the controls, and what the page does when a reader
// acts. Learning happens in wasm, one call per frame per figure; the frame
// loop (loop.js) learns at the chosen speed and redraws what changed.
import { isTrap, loadFull, loadWasm, needsFull, Playground } from './wasm.js';
import { Figure } from './figure.js';
import { Controls } from './controls.js';
import { SettingsPanel } from './settings-panel.js';
import { CurvesPanel } from './curves-panel.js';
import { StatusLines } from './status.js';
import { bindKeys, bindPlaneKeys, bindPointer } from './input.js';
import { isSecondOrder, label, refusedBy, replacements } from './catalogue.js';
import { classOf } from './classes.js';
import { DataPanel } from './data-panel.js';
import { loadInto, release } from './parsed-data.js';
import { SYNC_MS, replayFor } from './replay.js';
import { Loop } from './loop.js';
import { PALETTE } from './palette.js';
import * as state from './state.js';
import { count, language, message, t, usePart } from './i18n.js';
import { bindLanguageMenu, show, startLanguage } from './page-language.js';

const $ = (id) => document.getElementById(id);
/** The full module (wasm.js) and the kernel learners' texts in the language shown. */
const loadKernel = () => Promise.all([loadFull(), usePart('kernel')]);
const HASH_EVERY_MS = 1000;
/** The drawing a frame does for the figures before it leaves the rest to the next. */
const DRAW_BUDGET_MS = 40;
/** A build's or a replay's token: `ready` resolves true once the figures hold all of it, false if it was made moot. */
function newRun() {
  const run = { cancel: false };
  run.ready = new Promise((resolve) => { run.resolve = resolve; });
  return run;
}
const FIRST_VISIT_SAMPLES = 12;
/**
 * A first visit's session learns its samples at once (the same as any
 * link's), and the plane shows them learned one by one at a pace the eye
 * follows, from the second: a presentation of a copy of the session, so
 * that what the page holds never depends on how long it has been open.
 */
const FIRST_PAINT_SAMPLES = 2;
const INTRO_SPEED = 6;

export class App {
  constructor() {
    this.figures = [];
    this.sessions = {}; // by task: the link of the session a view switch left (view-switch.js)
    this.page = state.defaultPage();
    this.tool = '1';
    this.lastHashWrite = 0;
    this.goodHash = '';
    this.data = null; // a loaded file (parsed arrays), kept to rebuild the figures
    this.dataNote = '';
    this.recorder = null; // export.js's Recorder, once a recording starts
    this.loop = new Loop({
      speed: () => (this.intro ? INTRO_SPEED : this.page.speed),
      learn: (k) => this.learnFrame(k),
      render: (now) => this.render(now),
      busy: () => Boolean(this.recorder?.recording) || this.figures.some((f) => f.animating()),
    });
  }

  /** The frames drawn (for the browser tests). */
  get frames() {
    return this.loop.frames;
  }

  /** Whether the reader set it playing (a first visit's intro plays on its own). */
  get playing() {
    return this.loop.playing && !this.intro;
  }

  async start() {
    // A bare address reopens the last session (a shared link always wins);
    // a first visit starts with a few samples learned, so the plane shows
    // a learner that has moved before anything is read.
    const link = location.hash || state.recall();
    await Promise.all([loadWasm(), startLanguage(link)]);
    this.controls = new Controls(this);
    this.settingsPanel = new SettingsPanel(
      { learner: $('learner-settings'), page: $('data-settings'), run: $('data-settings') },
      (name, text) => this.setSetting(name, text),
      () => Playground.fresh_seed(),
    );
    this.curves = new CurvesPanel(this);
    this.status = new StatusLines(this);
    this.dataPanel = new DataPanel(this);
    bindLanguageMenu(this);
    this.load(link);
    if (!link) {
      this.perform((pg) => pg.stream(FIRST_VISIT_SAMPLES));
      const figure = this.figures[0];
      figure.intro = new Playground(figure.pg.setup_hash(), undefined);
      figure.intro.stream(FIRST_PAINT_SAMPLES);
      this.intro = FIRST_VISIT_SAMPLES - FIRST_PAINT_SAMPLES;
      this.setPlaying(true);
    }
    bindKeys(this, this.controls);
    window.addEventListener('hashchange', () => {
      if (location.hash.replace(/^#/, '') !== this.goodHash) this.load(location.hash);
    });
  }

  /** Builds the page from a link; a link that cannot be opened falls back to the defaults. */
  load(hash) {
    try {
      return this.build(hash);
    } catch (error) {
      this.showError(t('This link could not be opened: {why}. Showing the default playground.', { why: message(error) }));
      return this.build('');
    }
  }

  /**
   * Builds the figures from a link; resolves true once they hold all of
   * it (at once, or after a long replay's slices or the full module's
   * download), false if another build or Cancel made it moot. A link that
   * cannot be opened throws (or, once the full module is in, shows why
   * and opens the default page).
   */
  build(hash) {
    // Until the figures hold the whole link, input waits and the link in
    // the address bar stays the one before (Cancel goes back to it).
    const before = this.goodHash;
    this.endIntro(); // a first visit's intro belongs to the figures it started on
    const run = newRun();
    const { ready } = run;
    this.replaying = run;
    this.overlay?.hide();
    if (needsFull(hash)) {
      // A kernel learner (or a file): its code is in the full module.
      $('status').textContent = t('Loading the kernel learners…');
      loadKernel().then(() => {
        if (this.replaying !== run) return run.resolve(false);
        this.replaying = null;
        this.load(hash).then(run.resolve);
      }, (error) => {
        if (this.replaying === run) this.replaying = null;
        this.showError(t('The kernel learners could not be loaded: {why}', { why: message(error) }));
        run.resolve(false);
      });
      return ready;
    }
    let probe;
    try {
      probe = new Figure(document.createElement('div'), hash);
    } catch (error) {
      this.replaying = null;
      throw error;
    }
    const page = state.pageFrom(probe.pg.extras());
    run.problems = page.problems; // shown with the link's notice once built
    page.lang ??= this.page.lang; // a language chosen here outlives a rebuild
    if (page.lang && page.lang !== language()) show(page.lang).then(() => this.relabel()).catch((e) => this.fail(e));
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
    this.sync();
    this.settle(run, before, notice);
    return ready;
  }

  /**
   * Replays what the figures' sessions have left to (an opened link, a
   * setting that learns the samples again): at once when short, else a
   * slice per frame behind the progress panel (whose Cancel goes back to
   * the link `before`). `run` is the build's token (see build()).
   */
  settle(run, before, notice = '') {
    this.replaying = run;
    this.ready = run.ready;
    const pgs = this.figures.map((f) => f.pg);
    let done;
    try {
      done = replayFor(pgs, SYNC_MS);
    } catch (error) {
      this.replaying = null; // the caller shows it and rebuilds
      throw error;
    }
    if (done) {
      this.replaying = null;
      this.built(notice, run);
    } else {
      // A long replay: a slice per frame behind a progress panel.
      import('./replay-panel.js').then((m) => m.finishReplay(this, pgs, run, before, notice)).catch((e) => this.fail(e));
    }
  }

  /** The figures hold the whole link: draw them (and the Theory layer, on first use). */
  built(notice, run) {
    if (this.page.theory) import('./theory.js').then((m) => m.attachTheory(this, $('theory-place'))).catch((e) => this.fail(e));
    else this.theory?.detach();
    this.curves.define();
    this.sync();
    const problems = [...(run.problems ?? []), notice].filter(Boolean);
    if (problems.length) this.showError(problems.map(message).join(' '));
    this.changed();
    run.resolve(true);
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
    const refused = refusedBy(this.figures.map((f) => f.pg.algorithm()));
    this.settingsPanel.sync(settings, inForce, settings.task, refused);
    document.body.dataset.kernel = String(this.figures.some((f) => f.pg.is_kernel()));
    document.body.dataset.secondOrder = String(this.figures.some((f) => isSecondOrder(f.pg.algorithm())));
    document.body.dataset.multiclass = String(this.figures[0].pg.classes() > 2);
  }

  /**
   * A link made with a file (`name:fingerprint`): load the file we hold
   * into every figure (which replays the link), or ask the reader for it.
   */
  attachData(wantedFile) {
    if (!wantedFile) {
      release(this.data);
      this.data = null;
    } else if (this.data) {
      for (const figure of this.figures) loadInto(figure.pg, this.data);
    }
    this.dataPanel.askFor(wantedFile && !this.data ? wantedFile : '');
    this.dataPanel.sync(this.data, this.dataNote, this.figures[0].pg);
    document.body.dataset.wide = String(!this.figures[0].pg.on_plane());
  }

  // ---- actions (from controls, pointer and keys) ----

  /** A reader's action on every figure (it ends a first visit's intro). */
  act(action) {
    this.endIntro();
    this.perform(action);
  }

  /** A first visit's intro stops at the reader's first action: the plane shows the session as it is. */
  endIntro() {
    if (!this.intro) return;
    this.intro = 0;
    for (const figure of this.figures) figure.endIntro();
    this.setPlaying(false);
    this.changed();
  }

  /** Runs an action on every figure; an error is shown and the page recovers. */
  perform(action) {
    if (this.replaying) return; // the replay's panel holds input until it is done
    try {
      for (const figure of this.figures) action(figure.pg);
    } catch (error) {
      this.fail(error);
    }
    this.changed();
  }

  /** Adds a point; a class beyond the session's raises its classes first (the points replay as that many). */
  click(x, y, label) {
    const classes = classOf(label) + 1;
    const classify = this.figures[0].pg.task() === 'classification';
    if (classify && !this.replaying && classes > this.figures[0].pg.classes()) {
      try { this.setSetting('classes', String(classes)); } catch (error) { return this.showError(message(error)); }
      // The points learned again as that many classes (in slices when they are many), then this one.
      this.ready.then((built) => built && this.act((pg) => pg.click(x, y, label)));
      return;
    }
    this.act((pg) => pg.click(x, y, label));
  }
  erase(x, y, radius) { this.act((pg) => pg.erase(x, y, radius)); }

  /**
   * Changes a setting on every figure: checked on all first (a refused
   * value changes nothing anywhere and throws the core's message), then
   * applied. Returns a note for the control, or ''.
   */
  setSetting(name, text) {
    this.endIntro();
    for (const figure of this.figures) figure.pg.check(name, text);
    const before = this.figures[0].pg.hash(state.pageExtras(this.page));
    const { samples } = this.figures[0].pg.counts();
    let change = 'live';
    for (const figure of this.figures) change = figure.pg.set(name, text);
    for (const figure of this.figures) figure.redraw();
    if (change === 'replayed') {
      // The samples are learned again, a slice per frame when they are many.
      this.settle(newRun(), before);
    } else {
      if (change !== 'live') this.curves.define();
      this.sync();
      this.changed();
    }
    return change === 'replayed' && samples > 0 ? t('Applied from the first sample: the {n} samples were learned again.', { n: count(samples) }) : '';
  }

  /** Switches learner; returns a note on what else changed (a promise while the full module loads). */
  setAlgorithm(name) {
    this.endIntro();
    const hash = this.figures[0].pg.hash(state.pageExtras(this.page));
    if (needsFull(hash, name)) {
      // The session moves to the full module (replayed there), then switches.
      return loadKernel().then(() => this.build(hash)).then((built) => (built ? this.setAlgorithm(name) : ''));
    }
    const pg = this.figures[0].pg;
    const wasKernel = pg.is_kernel();
    // A value the new learner refuses (AROW's bias cannot be decoupled)
    // gives way to one it accepts; the returned note says so.
    const notes = replacements(name, pg.settings()).map(({ key, word, accepted }) => {
      pg.set(key, accepted);
      return t('{learner} does not take {key} {word}: {key} is now {accepted}.', { learner: label(name), key, word, accepted });
    });
    pg.set_algorithm(name);
    this.figures[0].redraw();
    // A kernel learner starts afresh: redraw its curves (and the support chart) from the session.
    if (wasKernel || this.figures[0].pg.is_kernel()) this.curves.define();
    this.sync();
    this.changed();
    return notes.join(' ');
  }

  /** The Theory layer on (its code and the full module load, and the session is learned again with it watching) or off. */
  setTheory(on) {
    this.endIntro();
    if (this.replaying || on === this.page.theory) return;
    this.page.theory = on;
    if (on) return this.build(this.figures[0].pg.hash(state.pageExtras(this.page)));
    this.perform((pg) => pg.set_theory(false));
    this.theory?.detach();
    this.sync();
  }

  setSpeed(speed) {
    this.page.speed = speed;
    this.changed();
  }

  /** Switches the view (its code loads on the first switch). */
  setView(view) {
    this.endIntro();
    import('./view-switch.js').then((m) => m.switchView(this, view)).catch((e) => this.fail(e));
  }

  setCompared(algos) {
    this.page.algos = algos;
    this.build(`${this.figures[0].pg.hash('')}&${state.pageExtras(this.page)}`);
  }

  togglePlay() {
    this.endIntro();
    if (!this.replaying) this.setPlaying(!this.playing);
  }

  /** Plays or pauses; the intro plays while the button still offers Play. */
  setPlaying(playing) {
    this.loop.setPlaying(playing);
    this.controls.setPlaying(playing && !this.intro);
    if (!playing) this.writeHash();
  }

  /** Learns `n` more samples: from the stream or the file, or (epochs) over the shown points. */
  advance(n) {
    // A file cycles in its own order: each pass over it is an epoch already.
    const epochs = this.page.view === 'epochs' && !this.data;
    this.perform((pg) => (epochs ? pg.epochs(n) : pg.stream(n)));
  }

  /** The loop's learning: `k` samples, or the rest of a first visit's intro, which then pauses. */
  learnFrame(k) {
    if (this.intro) {
      const n = Math.min(k, this.intro);
      this.figures[0].intro.stream(n);
      this.intro -= n;
      if (!this.intro) {
        this.intro = 1; // ends it: the shown copy has caught up with the session
        this.endIntro();
      }
      this.loop.changed();
      return;
    }
    this.advance(k);
  }

  step() {
    this.endIntro();
    this.advance(1);
  }

  /** The learner starts afresh on the same points (the stream goes on where it was). */
  reset() {
    this.act((pg) => pg.reset());
    this.curves.define();
  }

  /** Clears the plane: the points, the model and the curves; the stream starts again. */
  clear() {
    this.act((pg) => pg.clear());
    this.curves.define();
  }

  /** The language changed: the controls again, and the figures rebuilt from the link (their labels, curves and lines). */
  relabel() {
    for (const id of ['algo-msg', 'share-msg', 'save-msg']) $(id).textContent = '';
    this.gifPanel?.root.remove();
    this.settingsPanel.build();
    this.controls.setPlaying(false);
    this.build(this.figures[0].pg.hash(state.pageExtras(this.page)));
  }

  // ---- drawing ----

  changed() {
    this.loop.changed();
    // Working on the preset answers a link's request for its file.
    if (!$('file-needed').hidden && !this.figures[0].pg.pending_file()) this.dataPanel.askFor('');
    if (!this.playing) this.writeHash();
  }

  /** Draws what changed; returns whether a plane was drawn (the loop sizes learning by it). */
  render(now) {
    if (this.replaying) return false;
    let drew = false;
    try {
      const settings = this.settings();
      const start = performance.now();
      for (const figure of this.figures) {
        // Eight panels of 5,000 points took 140 ms to draw in one frame:
        // past the budget, the rest are drawn on the next frames.
        if (performance.now() - start > DRAW_BUDGET_MS) {
          this.loop.changed();
          break;
        }
        drew = figure.render(settings.task, settings.eps, { now, playing: this.playing }) || drew;
      }
      this.curves.append();
      this.theory?.frame(now);
      this.status.show(now);
      if (this.recorder?.recording) this.recorder.frame();
      if (this.playing && now - this.lastHashWrite > HASH_EVERY_MS) this.writeHash(now);
    } catch (error) {
      this.fail(error);
    }
    return drew;
  }

  writeHash(now = performance.now()) {
    if (!this.figures.length || this.replaying) return;
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
