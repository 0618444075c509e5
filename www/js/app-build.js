// The playground's figures from a link (App's methods by job: app.js holds
// the actions and the drawing, this file the building, app-changes.js the
// changes of setting, learner, layer, view and play). A link is opened
// without its log, which replays at once when short, else a slice per frame
// behind a progress panel with Cancel; a link that needs the full module
// (a kernel learner, a file, the Theory layer, a fork) loads it first.
import { needsFull, Playground } from './wasm.js';
import { Figure } from './figure.js';
import { newRun } from './controller.js';
import { loadFullWithTexts } from './full-module.js';
import { label } from './catalogue.js';
import { loadInto, release } from './parsed-data.js';
import { PALETTE } from './palette.js';
import * as state from './state.js';
import { language, message, t } from './i18n.js';
import { show } from './page-language.js';

const $ = (id) => document.getElementById(id);

/**
 * The part of a Compare panel's notice that is its own (SharedState::pinned:
 * the setting changes its learner refuses, left out of its run), or null;
 * the link's own notice is shown once, from the link opened unpinned.
 */
function keptBy(notice) {
  if (notice?.code === 'panel-kept') return notice;
  const then = notice?.code === 'notices' ? notice.args?.then?.message : null;
  return then?.code === 'panel-kept' ? then : null;
}

/** App's methods that build the figures (mixed into App.prototype by app.js). */
export const building = {
  /** Builds the page from a link; a link that cannot be opened falls back to the defaults. */
  load(hash) {
    // A teacher's "new seed" link (exercise-view.js): each reader who opens it gets a seed of their own.
    hash = hash.replace(/(^|[#&])seed=new(?=&|$)/, (_, lead) => `${lead}seed=${Playground.fresh_seed()}`);
    try {
      return this.build(hash);
    } catch (error) {
      this.showError(t('This link could not be opened: {why}. Showing the default playground.', { why: message(error) }));
      return this.build('');
    }
  },

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
    this.endIntro(); // a first visit's intro belongs to the figures it started on
    hash = state.emptied(hash); // a link with empty=1 opens with nothing learned
    const run = newRun({ before: this.goodHash });
    const { ready } = run;
    this.replaying = run;
    this.overlay?.hide();
    if (needsFull(hash)) {
      // A kernel or LIBOL learner, a file, the Theory layer or a fork: their code is in the full module.
      $('status').textContent = t('Loading the full learner core (kernel and LIBOL learners, files, Theory, timeline)…');
      loadFullWithTexts().then(() => {
        if (this.replaying !== run) return run.resolve(false);
        this.replaying = null;
        this.load(hash).then(run.resolve);
      }, (error) => {
        if (this.replaying === run) this.replaying = null;
        this.showError(t('The full learner core could not be loaded: {why}', { why: message(error) }));
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
    run.notice = probe.pg.notice(); // shown with the link's problems once built
    probe.destroy();
    if (task === 'regression') page.view = 'regress';
    else if (page.view === 'regress') page.view = 'classify';
    this.page = page;
    for (const figure of this.figures) figure.destroy();
    // Gone: a panel that cannot be opened below must not leave them to be freed twice.
    this.figures = [];
    const compare = page.view === 'compare';
    $('planes').classList.toggle('many', compare);
    const algos = compare ? page.algos : [null];
    const small = algos.length > 2; // Compare's planes, more than two: small ones
    // Each Compare panel runs its own learner on the link's samples.
    const figures = [];
    try {
      for (const [i, algo] of algos.entries()) {
        figures.push(this.addFigure($('planes'), hash, {
          learner: algo ?? undefined,
          title: algo ? label(algo) : '',
          color: PALETTE[i % PALETTE.length],
          // Many small planes: a coarser shading grid keeps the frame short,
          // and its canvas holds the grid alone (the commit copies fewer pixels).
          gridSize: small ? 100 : 200,
          stretched: small,
        }));
      }
    } catch (error) {
      for (const figure of figures) figure.destroy();
      this.replaying = null;
      throw error;
    }
    this.figures = figures;
    // Each panel's own notice (the setting changes its learner refused), after the link's.
    if (compare) run.problems = [...(run.problems ?? []), ...figures.map((f) => keptBy(f.pg.notice())).filter(Boolean)];
    this.attachData(wantedFile);
    this.setPlaying(false);
    this.sync();
    this.settle(run);
    return ready;
  },

  /**
   * Replays what the figures' sessions have left (controller.js,
   * replayRest: a long replay behind the progress panel, whose Cancel
   * goes back to the link `run.before`), then shows them. `run` is the
   * build's token (see build()); `run.ready` resolves once built.
   */
  settle(run) {
    this.ready = run.ready;
    if (this.replayRest(run)) this.built(run);
  },

  /** The figures hold the whole link: draw them (and the Theory layer, on first use). `run.notice`: the link's own. */
  built(run) {
    this.showLayers();
    const problems = [...(run.problems ?? []), run.notice].filter(Boolean);
    if (problems.length) this.showError(problems.map(message).join(' '));
    this.changed();
    // A link that looks back at a sample (`at=`) opens there; the build
    // resolves once it does, so that what follows acts at that sample.
    const at = this.page.at;
    if (at == null || this.past) return run.resolve(true);
    import('./timeline.js').then((m) => m.seek(this, at)).catch((e) => this.fail(e)).finally(() => run.resolve(true));
  },

  /**
   * The layers and panels made of words, for the figures as they are: the
   * Theory layer, the truth, an exercise, the curves (drawn again from the
   * sessions), the controls. After a build, and after a language switch.
   */
  showLayers() {
    if (this.page.theory) import('./theory.js').then((m) => m.attachTheory(this, $('theory-place'))).catch((e) => this.fail(e));
    else this.theory?.detach();
    if (this.page.truth) this.showTruth();
    else this.truth?.detach();
    if (this.page.view === 'exercises') this.showExercises();
    else this.exerciseLayer?.detach();
    this.curves.define();
    this.sync();
  },

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
    this.syncDataPanel(wantedFile);
  },

  /** The Data panel for `wantedFile` (a link's file, or ''): asked for while not held, else described. */
  syncDataPanel(wantedFile) {
    this.dataPanel.askFor(wantedFile && !this.data ? wantedFile : '');
    this.dataPanel.sync(this.data, this.dataNote, this.figure.pg);
    document.body.dataset.wide = String(!this.figure.pg.on_plane());
  },

  /** The true concept on the planes (truth.js, loaded on first use). */
  showTruth() {
    import('./truth.js').then((m) => m.attachTruth(this, $('truth-place'))).catch((e) => this.fail(e));
  },

  /** The Exercises view: its list, or the exercise the page's keys name (exercise-view.js, loaded on first use). */
  showExercises() {
    import('./exercise-view.js').then((m) => m.showExercises(this, $('exercise-place'))).catch((e) => this.fail(e));
  },

  /** Back from an exercise to the list of the four (the stream is free again). */
  leaveExercise() {
    this.page.exercise = {};
    this.exerciseLayer?.detach();
    this.showExercises();
    this.changed();
  },

  /** The same session rebuilt (in the full module, for the timeline and Save model); resolves whether it was. */
  withPast() {
    return this.build(this.figure.pg.hash(state.pageExtras(this.page)));
  }
};
