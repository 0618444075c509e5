// Learning inside a frame's time budget. At a high speed a slow learner
// (APSM, with its window of kernel evaluations, takes about 1 ms a sample
// in wasm) would otherwise make one frame last seconds. The samples are
// learned in growing chunks until the budget is spent; the rest of the
// frame's share is dropped rather than owed, so the page stays responsive
// and the stream simply runs at the rate the learner manages.

/** Milliseconds of learning per frame, leaving room to draw at 60 fps. */
export const LEARN_BUDGET_MS = 10;

/** Calls `learn(k)` for up to `n` samples in all; returns how many it learned. */
export function learnWithin(n, learn, budgetMs = LEARN_BUDGET_MS) {
  const start = performance.now();
  let done = 0;
  let chunk = 32;
  while (done < n) {
    const k = Math.min(chunk, n - done);
    learn(k);
    done += k;
    if (performance.now() - start > budgetMs) break;
    chunk *= 2;
  }
  return done;
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
