// The playground page: one or more figures (a Playground in wasm and the
// plane that draws it), the controls, and what the page does when a reader
// acts. App is the shared controller (controller.js: the figures, the frame
// loop, the actions, the drawing) with the page's panels and its own
// methods, split by job: here the start, the panels and the hooks the
// controller calls; app-build.js builds the figures from a link;
// app-changes.js holds the changes of setting, learner, layer, view and play.
import { loadWasm, Playground } from './wasm.js';
import { Controller } from './controller.js';
import { Controls } from './controls.js';
import { SettingsPanel } from './settings-panel.js';
import { CurvesPanel } from './curves-panel.js';
import { StatusLines } from './status.js';
import { TimelineBar } from './timeline-bar.js';
import { bindKeys } from './input.js';
import { isSecondOrder, refusedBy } from './catalogue.js';
import { DataPanel } from './data-panel.js';
import * as state from './state.js';
import { bindLanguageMenu, startLanguage } from './page-language.js';
import { building } from './app-build.js';
import { usePart } from './i18n.js';
import { changing } from './app-changes.js';

const $ = (id) => document.getElementById(id);
const HASH_EVERY_MS = 1000;
const FIRST_VISIT_SAMPLES = 12;
/**
 * A first visit's session learns its samples at once (the same as any
 * link's), and the plane shows them learned one by one at a pace the eye
 * follows, from the second: a presentation of a copy of the session, so
 * that what the page holds never depends on how long it has been open.
 */
const FIRST_PAINT_SAMPLES = 2;
const INTRO_SPEED = 6;

export class App extends Controller(Object) {
  constructor() {
    super();
    this.sessions = {}; // by task: the link of the session a view switch left (view-switch.js)
    this.page = state.defaultPage();
    this.lastHashWrite = 0;
    this.data = null; // a loaded file (parsed arrays), kept to rebuild the figures
    this.dataNote = '';
    this.recorder = null; // export.js's Recorder, once a recording starts
  }

  /** Samples per second while playing (a first visit's intro at its own pace). */
  get speed() {
    return this.intro ? INTRO_SPEED : this.page.speed;
  }

  /**
   * Whether a step goes over the shown points again (the Epochs view). A
   * file cycles in its own order: each pass over it is an epoch already.
   */
  get epochs() {
    return this.page.view === 'epochs' && !this.data;
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
    this.announcer = $('announce');
    bindLanguageMenu(this);
    this.load(link);
    if (!link) {
      this.perform((pg) => pg.stream(FIRST_VISIT_SAMPLES));
      const figure = this.figure;
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
    return this.figure.settings();
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
    document.body.dataset.multiclass = String(this.figure.pg.classes() > 2);
  }

  // ---- what the controller asks of the page (controller.js) ----

  /** A reader's action on every figure (it ends a first visit's intro). */
  act(action) {
    this.endIntro();
    this.perform(action);
  }

  /** Something changed: drawn on the next frame, and (paused) kept in the link. */
  changed() {
    this.loop.changed();
    // Working on the preset answers a link's request for its file.
    if (!$('file-needed').hidden && !this.figure.pg.pending_file()) this.dataPanel.askFor('');
    if (!this.playing) this.writeHash();
  }

  /** The play button (the intro plays while it still offers Play); a pause writes the link. */
  showPlaying(playing) {
    this.controls.setPlaying(playing && !this.intro);
    if (!playing) this.writeHash();
  }

  /** After a drawn frame: the recording's frame, and while playing the link now and then. */
  framed(now) {
    if (this.recorder?.recording) this.recorder.frame();
    if (this.playing && now - this.lastHashWrite > HASH_EVERY_MS) this.writeHash(now);
  }

  /** After a trap: the page rebuilt from a link. */
  restore(hash) {
    this.build(hash);
  }

  /** A long replay: a slice per frame behind the progress panel with Cancel (loaded then). */
  finishReplay(run, pgs) {
    import('./replay-panel.js').then((m) => m.finishReplay(this, pgs, run)).catch((e) => this.fail(e));
  }

  showError(text) {
    $('error-text').textContent = text;
    $('error-banner').hidden = false;
  }

  clearError() {
    $('error-banner').hidden = true;
  }

  /** The timeline moved to sample `at` of `total`: the link keeps a sample looked back at (`at=`) and opens there. */
  looked(at, total) {
    super.looked(at, total);
    this.page.at = at < total ? at : null;
    if (!this.playing) this.writeHash();
  }

  /** The session went on from the sample looked at: the link no longer looks back. */
  forked() {
    this.page.at = null;
    super.forked();
  }

  writeHash(now = performance.now()) {
    if (!this.figures.length || this.replaying) return;
    try {
      // An action on the sessions themselves (not through perform) may have
      // forked one the page looks back at: the link then looks back no more.
      if (this.past) {
        const [at, total] = this.figure.pg.position();
        if (at >= total) this.page.at = null;
      }
      this.goodHash = this.figure.pg.hash(state.pageExtras(this.page));
      state.writeHash(this.goodHash);
      state.remember(this.goodHash);
      this.lastHashWrite = now;
    } catch (error) {
      this.fail(error);
    }
  }

  /** A figure's curve (0 samples, 1 online, 2 recent loss, 3 test, 4 support), for the browser tests. */
  curve(series, i = 0) {
    return this.figures[i].curve(series);
  }

  /** The keyboard shortcuts' help: its code and words load when first asked for (help-dialog.js). */
  showHelp() {
    if ($('help')?.open) return;
    const opener = document.activeElement;
    Promise.all([import('./help-dialog.js'), usePart('help').catch(() => {})]).then(([m]) => m.openHelp(opener)).catch((e) => this.fail(e));
  }
}

// The rest of App's methods, by job: building the figures from a link, and
// the reader's changes (each file says what it holds).
Object.assign(App.prototype, building, changing);
