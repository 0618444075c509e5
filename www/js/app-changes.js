// The playground's changes (App's methods, mixed in by app.js): a click,
// a setting, the learner, the Theory layer, the speed, the view, the
// compared learners, play and pause, steps, the language, and the first
// visit's intro, which any of them ends. Reset and the learning itself
// are the controller's (controller.js).
import { firstModuleOnly, needsFull } from './wasm.js';
import { label, replacements } from './catalogue.js';
import { classOf } from './classes.js';
import * as state from './state.js';
import { count, message, t } from './i18n.js';
import { newRun } from './controller.js';
import { loadFullWithTexts } from './full-module.js';

const $ = (id) => document.getElementById(id);

/** App's methods that change the session or the page (mixed into App.prototype by app.js). */
export const changing = {
  /** Adds a point; a class beyond the session's raises its classes first (the points replay as that many). */
  click(x, y, label) {
    if (this.exerciseLayer?.takes(x, y)) return; // an exercise answers it, or says why it takes no point
    const classes = classOf(label) + 1;
    const classify = this.figure.pg.task() === 'classification';
    if (classify && !this.replaying && classes > this.figure.pg.classes()) {
      let moved;
      try { moved = this.setSetting('classes', String(classes)); } catch (error) { return this.showError(message(error)); }
      // The points learned again as that many classes (in slices when they
      // are many; in the full module first if the reduction's code is there), then this one.
      Promise.resolve(moved).then(() => this.ready).then((built) => built && this.act((pg) => pg.click(x, y, label)), (error) => this.showError(message(error)));
      return;
    }
    this.act((pg) => pg.click(x, y, label));
  },

  /**
   * Changes a setting on every figure: checked on all first (a refused
   * value changes nothing anywhere and throws the core's message), then
   * applied. Returns a note for the control, or ''.
   */
  setSetting(name, text) {
    this.endIntro();
    const extras = state.pageExtras(this.page);
    // Each figure checks the value against its session (once: `set` makes
    // the plan it keeps) and says whether the session would then need the
    // full module (the first figure's answer routes the change).
    const [needs] = this.figures.map((figure) => figure.pg.check(name, text, extras));
    const before = this.figure.pg.hash(extras);
    // A value whose code only the full module holds (the multiclass
    // perceptron's updates, the Banditron): the session moves there
    // (replayed), then takes it (a promise of the note).
    if (needs && firstModuleOnly()) return loadFullWithTexts().then(() => this.build(before)).then((built) => built && this.setSetting(name, text));
    const { samples } = this.figure.pg.counts();
    const forked = this.past; // a setting changed at a sample looked back at: the session forks there
    let change = 'live';
    for (const figure of this.figures) change = figure.pg.set(name, text);
    for (const figure of this.figures) figure.redraw();
    if (forked) this.forked();
    if (change === 'replayed') {
      // The samples are learned again, a slice per frame when they are many.
      this.settle(newRun({ before }));
    } else {
      if (change !== 'live') this.curves.define();
      this.sync();
      this.changed();
    }
    return change === 'replayed' && samples > 0 ? t('Applied from the first sample: the {n} samples were learned again.', { n: count(samples) }) : '';
  },

  /** Switches learner; returns a note on what else changed (a promise while the full module loads). */
  setAlgorithm(name) {
    this.endIntro();
    const hash = this.figure.pg.hash(state.pageExtras(this.page));
    if (needsFull(hash, name)) {
      // The session moves to the full module (replayed there), then switches.
      return loadFullWithTexts().then(() => this.build(hash)).then((built) => (built ? this.setAlgorithm(name) : ''));
    }
    const pg = this.figure.pg;

    // A value the new learner refuses (AROW's bias cannot be decoupled)
    // gives way to one it accepts; the returned note says so.
    const notes = replacements(name, pg.settings()).map(({ key, word, accepted }) => {
      pg.set(key, accepted);
      return t('{learner} does not take {key} {word}: {key} is now {accepted}.', { learner: label(name), key, word, accepted });
    });
    const forked = this.past;
    const before = { learner: pg.algorithm(), samples: pg.counts().samples };
    pg.set_algorithm(name);
    // A switch between a kernel learner and a linear one carries nothing
    // over: the learner starts afresh, and its counts with it.
    if (before.samples > 0 && pg.counts().samples === 0) {
      notes.push(t("{learner} cannot start from {previous}'s model: it starts afresh at 0 samples. Reset learns the points shown again.", { learner: label(name), previous: label(before.learner) }));
    }
    this.figure.redraw();
    if (forked) this.forked();
    // The curves drawn again from the session: a kernel learner starts
    // afresh, and the charts shown follow the learner (the support set, the labels asked).
    this.curves.define();
    this.sync();
    this.changed();
    return notes.join(' ');
  },

  /** The Theory layer on (its code and the full module load, and the session is learned again with it watching) or off. */
  setTheory(on) {
    this.endIntro();
    if (this.replaying || on === this.page.theory) return;
    this.page.theory = on;
    if (on) return this.build(this.figure.pg.hash(state.pageExtras(this.page)));
    this.perform((pg) => pg.set_theory(false));
    this.theory?.detach();
    this.sync();
  },

  /** The true concept and its handles shown (their code loads on first use), or not. */
  setTruth(on) {
    this.endIntro();
    if (on === this.page.truth) return;
    this.page.truth = on;
    if (on && !this.replaying) this.showTruth(); // else once built
    else if (!on) this.truth?.detach();
    this.sync();
    this.changed();
  },

  setSpeed(speed) {
    this.page.speed = speed;
    this.changed();
  },

  /** Switches the view (its code loads on the first switch). */
  setView(view) {
    this.endIntro();
    import('./view-switch.js').then((m) => m.switchView(this, view)).catch((e) => this.fail(e));
  },

  setCompared(algos) {
    const session = this.figure.pg.hash('');
    const before = this.page.algos;
    this.page.algos = algos;
    try {
      this.build(`${session}&${state.pageExtras(this.page)}`);
    } catch (error) {
      // A panel that cannot open: the learners compared before come back, with why.
      this.page.algos = before;
      this.build(`${session}&${state.pageExtras(this.page)}`);
      this.showError(message(error));
    }
  },

  togglePlay() {
    this.endIntro();
    if (!this.replaying) this.setPlaying(!this.playing);
  },

  /** The loop's learning: `k` samples, or the rest of a first visit's intro, which then pauses. */
  learnFrame(k) {
    if (this.intro) {
      const n = Math.min(k, this.intro);
      this.figure.intro.stream(n);
      this.intro -= n;
      if (!this.intro) {
        this.intro = 1; // ends it: the shown copy has caught up with the session
        this.endIntro();
      }
      this.loop.changed();
      return k;
    }
    return this.advance(k, true);
  },

  /** Learns `n` samples now (the Step button, →). */
  step(n = 1) {
    this.endIntro();
    this.advance(n);
  },

  /** Clears the plane: the points, the model and the curves; the stream starts again. */
  clear() {
    this.act((pg) => pg.clear());
    this.restart();
  },

  /**
   * The language changed: every word written again where it stands. The
   * figures are not rebuilt: a rebuild (the way before) made new planes,
   * one frame of 50 to 130 ms in headless Chromium (measured: a language
   * switch with and without it, two to four panels), and paused the stream.
   */
  relabel() {
    for (const id of ['algo-msg', 'share-msg', 'save-msg']) $(id).textContent = '';
    this.gifPanel?.root.remove();
    this.settingsPanel.build();
    if (this.replaying) {
      // A replay under way (its panel's words among them) starts again in the new language.
      this.controls.setPlaying(false);
      this.build(this.figure.pg.hash(state.pageExtras(this.page)));
      return;
    }
    // The figures keep their sessions, and keep playing if they were.
    this.controls.setPlaying(this.playing && !this.intro);
    for (const figure of this.figures) figure.relabel();
    this.timeline.relabel();
    this.syncDataPanel(this.figure.pg.pending_file());
    this.showLayers();
    if (this.past) this.curves.mark(this.figure.pg.position()[0]);
    this.changed();
  },

  /** A first visit's intro stops at the reader's first action: the plane shows the session as it is. */
  endIntro() {
    if (!this.intro) return;
    this.intro = 0;
    for (const figure of this.figures) figure.endIntro();
    this.setPlaying(false);
    this.changed();
  }
};
