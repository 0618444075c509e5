// The frame loop the page and the <online-learner> element share: learning
// paced by the speed and held within a frame's time budget (pace.js),
// drawing decoupled from learning, and no frame at all while there is
// nothing to do (paused, nothing changed, off-screen).
import { LEARN_BUDGET_MS, Pacer, Rate } from './pace.js';

/** Longest gap between frames that still counts as time to learn in. */
const MAX_FRAME_GAP_MS = 100;
/** The work a frame may take for the page to hold 60 fps, leaving the browser a few ms to paint. */
const FRAME_WORK_MS = 13;
/** A frame gap past this missed 60 fps (16.7 ms, with some slack). */
const SLOW_FRAME_MS = 19;

export class Loop {
  /**
   * `speed()`: samples per second while playing; `learn(k)`: learns k
   * samples; `render(now)`: draws what changed; `visible()`: whether the
   * figure is on screen; `busy()`: whether frames are wanted anyway (a
   * recording, an animation to finish).
   */
  constructor({ speed, learn, render, visible = () => true, busy = () => false }) {
    Object.assign(this, { speed, learn, render, visible, busy });
    this.playing = false;
    this.dirty = true;
    this.budget = 0;
    this.lastFrame = null;
    this.pending = 0;
    this.frames = 0; // frames drawn: stays still while off-screen
    this.rate = new Rate(); // samples/s reached while playing
    this.pacer = new Pacer();
    // Learning's share of a frame, for frames that draw and frames that do
    // not, steered by the frame rate reached: the browser's own work
    // (rasterising and compositing the canvases) shows in no timer here,
    // only in the gaps between frames.
    this.learnCap = { drawn: LEARN_BUDGET_MS, plain: LEARN_BUDGET_MS };
    this.lastDrew = false;
    this.lastSaturated = false;
    this.keptUp = true;
  }

  setPlaying(playing) {
    this.playing = playing;
    this.dirty ||= !playing; // paused: what was drawn for speed is drawn in full
    this.budget = 0;
    this.lastFrame = null;
    this.rate.reset();
    this.keptUp = true;
    this.wake();
  }

  /** Something changed: draw it on the next frame. */
  changed() {
    this.dirty = true;
    this.wake();
  }

  /** Asks for a frame when there is something to do and the figure is on screen. */
  wake() {
    if (this.pending || !this.visible()) return;
    if (!this.playing && !this.dirty && !this.busy()) return;
    this.pending = requestAnimationFrame((now) => {
      this.pending = 0;
      this.frame(now);
    });
  }

  frame(now) {
    if (!this.visible()) {
      this.lastFrame = null;
      return;
    }
    this.frames += 1;
    const dt = this.lastFrame === null ? 0 : Math.min(MAX_FRAME_GAP_MS, now - this.lastFrame);
    // The gap since the last frame says whether that frame fit in 60 fps,
    // its drawing and the browser's painting included: steer the learning
    // share of frames of its kind (drawn or not) by it.
    if (this.playing && dt > 0 && this.lastSaturated) {
      const kind = this.lastDrew ? 'drawn' : 'plain';
      this.learnCap[kind] = dt > SLOW_FRAME_MS
        ? Math.max(0.5, 0.8 * this.learnCap[kind])
        : Math.min(FRAME_WORK_MS, this.learnCap[kind] + 0.2);
    }
    this.lastFrame = now;
    // Draw first (the state the last frame learned), then learn in what is left.
    let drew = false;
    let renderMs = 0;
    if (this.dirty || this.busy()) {
      this.dirty = false;
      const start = performance.now();
      drew = this.render(now) === true;
      renderMs = performance.now() - start;
    }
    this.lastDrew = drew;
    this.lastSaturated = false;
    if (this.playing) {
      this.budget += (this.speed() * dt) / 1000;
      const n = Math.floor(this.budget);
      if (n > 0) {
        this.budget -= n;
        const cap = this.learnCap[drew ? 'drawn' : 'plain'];
        this.pacer.budgetMs = Math.min(cap, Math.max(0.5, FRAME_WORK_MS - renderMs));
        const done = this.pacer.learn(n, this.learn);
        this.rate.record(done, dt);
        this.keptUp = done === n;
        this.lastSaturated = !this.keptUp;
      }
    }
    this.wake();
  }
}
