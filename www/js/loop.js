// The frame loop the page and the <online-learner> element share: learning
// paced by the speed and held within a frame's time budget (pace.js),
// drawing decoupled from learning, and no frame at all while there is
// nothing to do (paused, nothing changed, off-screen).
import { LEARN_BUDGET_MS, Pacer, Rate } from './pace.js';

/** Longest gap between frames that still counts as time to learn in. */
const MAX_FRAME_GAP_MS = 100;
/** The work a frame may take for the page to hold 60 fps, leaving the browser a few ms to paint. */
const FRAME_WORK_MS = 13;

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
    this.renderMs = 0; // drawing time per frame, smoothed
    this.keptUp = true;
  }

  setPlaying(playing) {
    this.playing = playing;
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
    if (this.playing) {
      const dt = this.lastFrame === null ? 0 : Math.min(MAX_FRAME_GAP_MS, now - this.lastFrame);
      this.budget += (this.speed() * dt) / 1000;
      const n = Math.floor(this.budget);
      if (n > 0) {
        this.budget -= n;
        // Learning gets what drawing leaves of the frame.
        this.pacer.budgetMs = Math.min(LEARN_BUDGET_MS, Math.max(2, FRAME_WORK_MS - this.renderMs));
        const done = this.pacer.learn(n, this.learn);
        this.rate.record(done, dt);
        this.keptUp = done === n;
      }
    }
    this.lastFrame = now;
    if (this.dirty || this.busy()) {
      this.dirty = false;
      const start = performance.now();
      this.render(now);
      this.renderMs = 0.8 * this.renderMs + 0.2 * (performance.now() - start);
    }
    this.wake();
  }
}
