// Learning inside a frame's time budget. At a high speed a slow learner
// (APSM, with its window of kernel evaluations, takes about 1 ms a sample
// in wasm) would otherwise make one frame last seconds. The cost of a
// sample is measured as the stream runs, and each frame learns as many
// samples as fit in the budget; the rest of the frame's share is dropped
// rather than owed, so the page stays responsive and the stream simply
// runs at the rate the learner manages.

/** Milliseconds of learning per frame, leaving room to draw at 60 fps. */
export const LEARN_BUDGET_MS = 8;

/** The most learning one call does before the clock is read again. */
const CHUNK_MS = 2;

/** Learns within a frame's budget, sized by the measured cost of a sample. */
export class Pacer {
  constructor(budgetMs = LEARN_BUDGET_MS) {
    this.budgetMs = budgetMs;
    this.msPerSample = null; // unknown until the first call
  }

  /**
   * Calls `learn(k)` for up to `n` samples in all; returns how many it
   * learned. `learn` may return how many it learned, fewer than asked
   * (it stopped at a curve point), or 0 when it did other work in the
   * time instead (a curve point's sums: controller.js).
   */
  learn(n, learn) {
    const start = performance.now();
    let done = 0;
    while (done < n) {
      const left = this.budgetMs - (performance.now() - start);
      if (left <= 0) break;
      // The first call learns one sample, to measure; later calls fill
      // what is left, CHUNK_MS at a time: a kernel learner's samples vary
      // in cost (a budget removal, the inverse Gram matrix checked), and a
      // frame's one call sized from the average ran 14 to 18 ms.
      const k = this.msPerSample === null ? 1 : Math.max(1, Math.min(n - done, Math.floor(Math.min(left, CHUNK_MS) / this.msPerSample)));
      const t = performance.now();
      const learned = learn(k) ?? k;
      if (learned === 0) continue;
      const cost = (performance.now() - t) / learned;
      // Costs drift (a kernel learner slows as its set grows): follow them.
      this.msPerSample = this.msPerSample === null ? cost : 0.7 * this.msPerSample + 0.3 * cost;
      done += learned;
    }
    return done;
  }
}

/** The rate actually reached, smoothed over about a second of frames. */
export class Rate {
  constructor() {
    this.value = null;
  }

  /** Records a frame: `done` samples learned in `dt` milliseconds. */
  record(done, dt) {
    if (dt <= 0) return;
    const rate = (1000 * done) / dt;
    this.value = this.value === null ? rate : 0.95 * this.value + 0.05 * rate;
  }

  reset() {
    this.value = null;
  }
}
