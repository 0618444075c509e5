// The one controller of the playground page (App, app.js) and of the
// <online-learner> element (embed.js): it owns the figures (a session
// handle in wasm and the plane that draws it, figure.js), the frame loop
// and what each frame learns, the actions on the sessions (and the fork
// an action at a past sample makes), the replays that hold input, the
// recovery from a trap, and the drawing of a frame.
//
// What differs between the two is the host's, in panels with one
// interface (the page's CurvesPanel and StatusLines, the element's
// FigureCurves and FigureLines in embed-panels.js) and in a few methods:
//   curves: define() afresh, append() each frame, mark(at) the sample looked at
//   status: show(now) each frame; timeline (if shown): sync() each frame
//   announcer: the element a keyboard cursor's position is read out in
//   speed: samples per second while playing
//   showError(text), showPlaying(playing): where an error and the play state show
//   restore(hash): rebuild from a link after a trap
//   finishReplay(run, pgs): a long replay, a slice per frame, with the host's progress
//   withPast(): the timeline's first use and Save model's (the session moves to the full module)
// and, if it needs them: acted() after every action, framed(now) after
// every drawn frame, epochs (whether a step goes over the shown points
// again rather than the stream: the page's Epochs view), its own
// advance(n) (the element's rows fed by a script), loop.visible (the
// element: on screen).
//
// It is a class factory, not a class, because the element must extend
// HTMLElement and the page's App extends nothing:
//   class App extends Controller(Object), class OnlineLearner extends Controller(HTMLElement)
import { isTrap } from './wasm.js';
import { Figure } from './figure.js';
import { Loop } from './loop.js';
import { SYNC_MS, replayFor } from './replay.js';
import { bindPlaneKeys, bindPointer } from './input.js';
import { message } from './i18n.js';

/**
 * The drawing a frame does for the figures before it leaves the rest to
 * the next, and while playing the most planes one frame redraws. Each
 * plane drawn costs the browser about as much again to rasterise and
 * composite, which no timer here sees: Compare's eight kernel panels,
 * all redrawn in one frame, left 50 to 67 ms between frames with 18 to
 * 31 ms of script (benches/browser/frontier-speed.mjs).
 */
const DRAW_BUDGET_MS = { playing: 8, paused: 20 };
const PLANES_PER_PLAYING_FRAME = 2;
/**
 * Support vectors a call sums of a curve point's held-out score: 500
 * multiply-adds each (one per held-out sample), about 0.5 ms in all.
 */
const CURVE_VECTORS = 512;

/**
 * A build's or a replay's token: `ready` resolves true once the figures
 * hold all of it, false if it was made moot. `fields` ride along (the
 * page's: the link to go back to on Cancel, the notices to show once built).
 */
export function newRun(fields = {}) {
  const run = { cancel: false, started: performance.now(), ...fields };
  run.ready = new Promise((resolve) => { run.resolve = resolve; });
  return run;
}

export const Controller = (Base) => class extends Base {
  constructor() {
    super();
    this.figures = [];
    this.tool = '1'; // what a click adds: a class label, or 'erase' (input.js)
    this.goodHash = ''; // the last link known to open: a trap rebuilds from it
    this.past = false; // whether the timeline looks back at a sample (timeline.js)
    this.replaying = null; // the token of the replay that holds input, while it lasts (the page's: a newRun)
    this.loop = new Loop({
      speed: () => this.speed,
      learn: (k) => this.learnFrame(k),
      render: (now) => this.render(now),
      // Frames wanted with nothing changed: a recording (export.js), an animation to finish (fading rings).
      busy: () => Boolean(this.recorder?.recording) || this.figures.some((f) => f.animating()),
    });
  }

  /** The first figure (the element has one; the page one, or a panel per learner in Compare). */
  get figure() {
    return this.figures[0] ?? null;
  }

  /** Animation frames drawn (for the browser tests): they stay still while nothing is to be done. */
  get frames() {
    return this.loop.frames;
  }

  /** Whether the reader set it playing (the page's first-visit intro plays on its own). */
  get playing() {
    return this.loop.playing && !this.intro;
  }

  // ---- actions: from the controls, the pointer, the keys and scripts ----

  /** A reader's action on every figure's session (`action(pg)`). */
  act(action) {
    this.perform(action);
  }

  /** Runs `action` on every figure's session, unless a replay holds input; an error is shown and the host recovers. */
  perform(action) {
    if (this.replaying || !this.figures.length) return;
    // Acting on a sample the timeline looks back at forks the session there (history.rs).
    const forked = this.past;
    try {
      for (const figure of this.figures) action(figure.pg);
      this.acted?.();
    } catch (error) {
      this.fail(error);
    }
    if (forked) this.forked();
    this.changed();
  }

  /** The session went on from the sample looked at: its curves from there (the run before faded). */
  forked() {
    this.past = false;
    this.restart();
  }

  /** The planes drawn afresh and the curves started again (a reset, a fork, another learner). */
  restart() {
    for (const figure of this.figures) figure.redraw();
    this.curves.define();
  }

  // An exercise running (exercise.js) answers a click on the plane itself, or says why it takes none.
  click(x, y, label) { if (!this.exerciseLayer?.takes(x, y)) this.act((pg) => pg.click(x, y, label)); }
  erase(x, y, radius) { if (!this.exerciseLayer?.takes(x, y)) this.act((pg) => pg.erase(x, y, radius)); }

  /** The learner starts afresh on the same points (the stream goes on where it was). */
  reset() {
    this.act((pg) => pg.reset());
    this.restart();
  }

  /**
   * Learns `n` more samples: from the stream, or (epochs) over the shown
   * points again. `paced` (the frame loop's): the stream stops at the
   * next curve point, whose held-out score a kernel learner sums over the
   * next calls (CURVE_VECTORS at a time) before learning goes on; returns
   * the samples learned (0: it summed instead).
   */
  advance(n, paced = false) {
    // While an exercise asks or shows its answer, the stream waits for it.
    if (this.exerciseLayer?.holding()) {
      if (this.loop.playing) this.setPlaying(false);
      this.exerciseLayer.nudge();
      return n;
    }
    const epochs = this.epochs;
    if (!paced || epochs) {
      this.perform((pg) => (epochs ? pg.epochs(n) : pg.stream(n)));
      return n;
    }
    const summing = this.figures.filter((figure) => figure.pg.curve_pending());
    if (summing.length) {
      for (const figure of summing) figure.pg.curve_work(CURVE_VECTORS);
      return 0;
    }
    // Every figure stops at the same curve point: their points fall at the same counts.
    let learned = n;
    this.perform((pg) => { learned = pg.stream_until_curve(learned); });
    return learned;
  }

  /** The loop's learning: `k` samples this frame (or fewer, see advance). */
  learnFrame(k) {
    return this.advance(k, true);
  }

  step(n = 1) {
    this.advance(n);
  }

  /** Plays or pauses; playing goes on from the end of the session (after a fork, from the fork). */
  setPlaying(playing) {
    if (playing && this.past) import('./timeline.js').then((m) => m.toEnd(this)).catch((e) => this.fail(e));
    // Paused, the curves show every point learned: one being summed is
    // finished now (never during a replay, which has none).
    if (!playing && !this.replaying) for (const figure of this.figures) figure.pg.curve_work(0xffffffff);
    this.loop.setPlaying(playing);
    this.showPlaying(playing);
  }

  // ---- the sessions' replays ----

  /**
   * Replays what the figures' sessions have left (an opened link, a
   * setting that learns the samples again): at once when short, else a
   * slice per frame behind the host's progress (finishReplay), while
   * input waits. `run`: this replay's token (the page's carry its build's
   * promise, newRun). Returns whether it was done at once; throws a log's
   * error.
   */
  replayRest(run) {
    this.replaying = run;
    let done;
    try {
      // At once means within the build's task: what the build took (sixteen
      // Compare panels, 25 to 35 ms) comes off the replay's share of it.
      const spent = run.started === undefined ? 0 : performance.now() - run.started;
      done = replayFor(this.figures.map((f) => f.pg), SYNC_MS - spent);
    } catch (error) {
      this.replaying = null; // the caller shows it and rebuilds
      throw error;
    }
    if (done) this.replaying = null;
    else this.finishReplay(run, this.figures.map((f) => f.pg));
    return done;
  }

  /**
   * A figure on `parent` opened from `hash` (not replayed: replayRest
   * does), with the reader's pointer and keys bound to this controller.
   * Its plane's resize clears its canvases: the loop must draw again.
   */
  addFigure(parent, hash, options) {
    const figure = new Figure(parent, hash, { ...options, onResize: () => this.loop.changed() });
    bindPointer(figure.plane, this);
    bindPlaneKeys(figure.plane, this);
    return figure;
  }

  // ---- drawing ----

  /** Something changed: draw it on the next frame. */
  changed() {
    this.loop.changed();
  }

  /** The timeline moved to sample `at` of `total` (timeline.js). */
  looked(at, total) {
    this.curves.mark(at < total ? at : null);
    this.changed();
  }

  /** Draws what changed; returns whether a plane was drawn (the loop sizes learning by it). */
  render(now) {
    if (this.replaying) return false;
    let drew = false;
    try {
      const { task, eps } = this.figure.settings();
      drew = this.renderFigures(task, eps, now);
      this.curves.append();
      this.timeline?.sync();
      this.theory?.frame(now);
      this.truth?.frame();
      this.exerciseLayer?.frame(now);
      this.status.show(now);
      this.framed?.(now);
    } catch (error) {
      this.fail(error);
    }
    return drew;
  }

  /**
   * Draws the figures in turn, from the one after the last drawn: eight
   * panels of 5,000 points took 140 ms to draw in one frame, so past the
   * budget (or the planes a playing frame draws) the rest wait for the
   * next frames, and every panel gets its turn.
   */
  renderFigures(task, eps, now) {
    const playing = this.playing;
    const budget = DRAW_BUDGET_MS[playing ? 'playing' : 'paused'];
    const count = this.figures.length;
    const first = (this.nextFigure ?? 0) % count;
    const start = performance.now();
    let planes = 0;
    let dearest = 0; // the costliest plane so far this frame: the next may cost as much
    for (let i = 0; i < count; i++) {
      const spent = performance.now() - start;
      if (planes && (spent + dearest > budget || (playing && planes >= PLANES_PER_PLAYING_FRAME))) {
        this.nextFigure = (first + i) % count;
        this.loop.changed();
        return true;
      }
      if (this.figures[(first + i) % count].render(task, eps, { now, playing })) {
        planes += 1;
        dearest = Math.max(dearest, performance.now() - start - spent);
      }
    }
    this.nextFigure = first;
    return planes > 0;
  }

  /** Short news for screen readers (the keyboard cursor's position). */
  announce(text) {
    this.announcer.textContent = text;
  }

  // ---- errors: show them, keep working ----

  fail(error) {
    // A trap while recovering from one (the link written as play stops,
    // say) is that one's: the first recovery goes on.
    if (this.failing) return;
    this.failing = true;
    try {
      this.showError(message(error));
      // A trap (a panic) can leave a handle unusable: rebuild from the last good link.
      if (!isTrap(error)) return;
      this.setPlaying(false);
      this.recover();
    } finally {
      this.failing = false;
    }
  }

  /** Rebuilds the figures from the last good link (or the default one). */
  recover() {
    try {
      this.restore(this.goodHash);
    } catch {
      this.restore('');
    }
  }

  // ---- for the browser tests and the curious ----

  /** A figure's shown points, (x, y, label) flattened. */
  points(i = 0) {
    return this.figures[i].points();
  }
};
