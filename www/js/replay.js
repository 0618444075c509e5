// Replaying a link's log without freezing the page. A short log replays at
// once; a long one (tens of thousands of samples, eight kernel learners in
// Compare) a slice per frame (replay-frames.js), with a progress bar and
// Cancel once it has taken a second.

/** A link that replays within this opens at once, as if nothing were sliced (the task then lays the page out, 5 to 10 ms more: no frame over 50 ms). */
export const SYNC_MS = 40;

/** What a Playground's log has left to replay, in the core's units. */
export const replayLeft = (pg) => {
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
    while (replayLeft(pg) > 0) {
      const remaining = ms - (performance.now() - start);
      if (remaining <= 0) return false;
      // The core reads the clock every `chunk` samples, about every 2 ms
      // of this session's work: a slice ends on time whatever a sample
      // costs (a late APSM sample, 1.5 ms; a PA-I sample, 0.1 µs).
      const cost = costs.get(pg);
      const chunk = cost ? Math.max(1, Math.min(4096, Math.floor(CLOCK_EVERY_MS / cost))) : 1;
      const before = replayLeft(pg);
      const t = performance.now();
      pg.replay_for(remaining, chunk);
      const units = before - replayLeft(pg);
      if (units > 0) costs.set(pg, (performance.now() - t) / units);
    }
  }
  return true;
}
