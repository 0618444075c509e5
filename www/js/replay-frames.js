// The rest of a long replay (replay.js), a slice per frame, so that no
// frame blocks for more than about SLICE_MS, for the page (its progress
// panel, replay-panel.js) and the element (its status line) alike. Its
// own module, loaded when a replay turns out long, not on every first load.
import { replayFor, replayLeft } from './replay.js';

/** The longest stretch of replaying between two frames. */
const SLICE_MS = 30;

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

/**
 * The rest of the replay, a slice per frame. `progress(fraction, ms)` is
 * called after each slice; `cancelled()` is checked between slices.
 * Resolves true when done, false when cancelled; rejects with a log's error.
 */
export async function replayInFrames(pgs, { cancelled = () => false, progress = () => {} } = {}) {
  const start = performance.now();
  const remaining = () => pgs.reduce((sum, pg) => sum + replayLeft(pg), 0);
  const total = Math.max(1, remaining());
  // The task that called this had its share (replay.js, SYNC_MS): a slice
  // now would make it one long task.
  for (;;) {
    await nextFrame();
    if (cancelled()) return false;
    const done = replayFor(pgs, SLICE_MS);
    progress(1 - remaining() / total, performance.now() - start);
    if (done) return true;
  }
}

/**
 * The rest of a host's long replay (controller.js, replayRest) of the
 * sessions `pgs`, while the host's input waits; `progress(fraction, ms)`
 * shows it. Resolves 'done', or 'cancelled' (`run.cancel` set: a Cancel
 * button), either way with `host.replaying` cleared; or null, once
 * another build took over (`host.replaying` no longer `run`). Rejects
 * with a log's error (cleared as well).
 */
export async function finishReplay(host, pgs, run, progress) {
  let done;
  try {
    done = await replayInFrames(pgs, { cancelled: () => run.cancel || host.replaying !== run, progress });
  } catch (error) {
    if (host.replaying !== run) return null;
    host.replaying = null;
    throw error;
  }
  if (host.replaying !== run) return null;
  host.replaying = null;
  return done ? 'done' : 'cancelled';
}
