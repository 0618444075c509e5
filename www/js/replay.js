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

/** Each Playground's cost of a unit of replay so far, in ms. */
const costs = new WeakMap();
/** How often the core reads the clock while it replays, in ms of work. */
const CLOCK_EVERY_MS = 2;

/** Replays the Playgrounds' logs for about `ms`, by the clock; true when all are done. Throws a log's error. */
export function replayFor(pgs, ms) {
  const start = performance.now();
  for (const pg of pgs) {
    while (left(pg) > 0) {
      const remaining = ms - (performance.now() - start);
      if (remaining <= 0) return false;
      // The core reads the clock every `chunk` samples, about every 2 ms
      // of this session's work: a slice ends on time whatever a sample
      // costs (a late APSM sample, 1.5 ms; a PA-I sample, 0.1 µs).
      const cost = costs.get(pg);
      const chunk = cost ? Math.max(1, Math.min(4096, Math.floor(CLOCK_EVERY_MS / cost))) : 1;
      const before = left(pg);
      const t = performance.now();
      pg.replay_for(remaining, chunk);
      const units = before - left(pg);
      if (units > 0) costs.set(pg, (performance.now() - t) / units);
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
  const remaining = () => pgs.reduce((sum, pg) => sum + left(pg), 0);
  const total = Math.max(1, remaining());
  for (;;) {
    const done = replayFor(pgs, SLICE_MS);
    progress(1 - remaining() / total, performance.now() - start);
    if (done) return true;
    await nextFrame();
    if (cancelled()) return false;
  }
}
