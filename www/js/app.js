// The playground page: one or more figures (a Playground in wasm and the
// plane that draws it), the controls, and what the page does when a reader
// acts. Learning happens in wasm, one call per frame per figure; the frame
// loop (loop.js) learns at the chosen speed and redraws what changed. App's
// methods are split by job: here the start, the actions and the drawing;
// app-build.js builds the figures from a link; app-changes.js holds the
// changes of setting, learner, layer, view and play.
import { isTrap, loadWasm, Playground } from './wasm.js';
import { Controls } from './controls.js';
import { SettingsPanel } from './settings-panel.js';
import { CurvesPanel } from './curves-panel.js';
import { StatusLines } from './status.js';
import { TimelineBar } from './timeline-bar.js';
import { bindKeys } from './input.js';
import { isSecondOrder, refusedBy } from './catalogue.js';
import { DataPanel } from './data-panel.js';
import { Loop } from './loop.js';
import * as state from './state.js';
import { message } from './i18n.js';
import { bindLanguageMenu, startLanguage } from './page-language.js';
import { building } from './app-build.js';
import { changing } from './app-changes.js';

const $ = (id) => document.getElementById(id);
const HASH_EVERY_MS = 1000;
/** The drawing a frame does for the figures before it leaves the rest to the next. */
const DRAW_BUDGET_MS = 40;
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
    this.timeline = new TimelineBar(this);
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

  // ---- actions (from controls, pointer and keys) ----

  /** A reader's action on every figure (it ends a first visit's intro). */
  act(action) {
    this.endIntro();
    this.perform(action);
  }

  /** Runs an action on every figure; an error is shown and the page recovers. */
  perform(action) {
    if (this.replaying) return; // the replay's panel holds input until it is done
    // Acting on a sample looked back at forks the session there (history.rs).
    const forked = this.past;
    try {
      for (const figure of this.figures) action(figure.pg);
    } catch (error) {
      this.fail(error);
    }
    if (forked) this.forked();
    this.changed();
  }

  /** The session went on from the sample looked at: its curves from there, the run before faded. */
  forked() {
    this.past = false;
    for (const figure of this.figures) figure.redraw();
    this.curves.define();
  }

  /** The timeline moved to sample `at` of `total` (timeline.js). */
  looked(at, total) {
    this.curves.mark(at < total ? at : null);
    this.changed();
  }

  erase(x, y, radius) { this.act((pg) => pg.erase(x, y, radius)); }

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
      this.timeline.sync();
      this.theory?.frame(now);
      this.truth?.frame();
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

// The rest of App's methods, by job: building the figures from a link, and
// the reader's changes (each file says what it holds).
Object.assign(App.prototype, building, changing);
