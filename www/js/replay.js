// Replaying a link's log without freezing the page. A short log replays at
// once; a long one (tens of thousands of samples, eight kernel learners in
// Compare) a slice per frame, so no frame blocks for more than about
// SLICE_MS, with a progress bar and Cancel once it has taken a second.

/** A link that replays within this opens at once, as if nothing were sliced. */
export const SYNC_MS = 50;
/** The longest stretch of replaying between two frames. */
const SLICE_MS = 30;

const left = (pg) => {
  const [done, total] = pg.replay_progress();
  return total - done;
};

/** Replays the Playgrounds' logs for about `ms`; true when all are done. Throws a log's error. */
export function replayFor(pgs, ms, pace = { msPerUnit: null }) {
  const start = performance.now();
  for (const pg of pgs) {
    while (left(pg) > 0) {
      const remaining = ms - (performance.now() - start);
      if (remaining <= 0) return false;
      // Slices sized from the cost measured so far (kernel learners cost
      // far more per sample than linear ones, and more as they grow).
      const budget = pace.msPerUnit === null ? 16 : Math.max(1, Math.floor(remaining / pace.msPerUnit));
      const t = performance.now();
      const before = left(pg);
      pg.replay(budget);
      const units = before - left(pg);
      if (units > 0) {
        const cost = (performance.now() - t) / units;
        pace.msPerUnit = pace.msPerUnit === null ? cost : 0.5 * pace.msPerUnit + 0.5 * cost;
      }
    }
  }
  return true;
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

/**
 * The rest of the replay, a slice per frame. `progress(fraction, ms)` is
 * called after each slice; `cancelled()` is checked between slices.
 * Resolves true when done, false when cancelled; rejects with a log's error.
 */
export async function replayInFrames(pgs, { cancelled = () => false, progress = () => {} } = {}) {
  const start = performance.now();
  const pace = { msPerUnit: null };
  const remaining = () => pgs.reduce((sum, pg) => sum + left(pg), 0);
  const total = Math.max(1, remaining());
  for (;;) {
    const done = replayFor(pgs, SLICE_MS, pace);
    progress(1 - remaining() / total, performance.now() - start);
    if (done) return true;
    await nextFrame();
    if (cancelled()) return false;
  }
}
