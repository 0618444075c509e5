// The timeline: look at the exact state after any sample t of the session
// (the plane, w and its ghost, the support set, the explanation of update
// t) and fork from it by acting there. The state comes from the learner
// core (src/playground/history.rs: checkpoints, and a replay from the
// nearest); this module moves every figure of a host (the playground, or
// an <online-learner>) to t. Loaded on the timeline's first use, with the
// page's full module, which holds the checkpoints: the session is replayed
// there first (the host's own rebuild, with its progress and Cancel).
import { f64View } from './wasm.js';
import { loadFullWithTexts } from './full-module.js';

/** Whether the figures' handles can look back (the full module made them). */
const canSeek = (host) => host.figures.every((f) => typeof f.pg.seek === 'function');

/**
 * Moves every figure of `host` to the state after sample `t` (clamped to
 * the session; its end is the live session). `host.withPast()` replays the
 * session in the full module the first time and resolves whether it did.
 */
export async function seek(host, t) {
  if (!canSeek(host)) {
    await loadFullWithTexts();
    if (!(await host.withPast())) return;
    if (!canSeek(host)) return;
  }
  const [, total] = host.figures[0].pg.position();
  const at = Math.max(0, Math.min(total, Math.round(t)));
  for (const figure of host.figures) {
    figure.pg.seek(at);
    figure.redraw();
  }
  host.past = at < total;
  host.looked?.(at, total);
}

/** One sample back or on from the one shown (← / → while paused). */
export function step(host, by) {
  const [t] = host.figures[0].pg.position();
  return seek(host, t + by);
}

/** Back to the live session, where playing goes on. */
export function toEnd(host) {
  if (!canSeek(host)) return;
  for (const figure of host.figures) {
    const [, total] = figure.pg.position();
    figure.pg.seek(total);
    figure.redraw();
  }
  host.past = false;
  host.looked?.(...host.figures[0].pg.position());
}

/** The faded curves of the run a fork left behind: { samples, online, test, loss } or null. */
export function originalCurves(pg) {
  const length = pg.original_curve_len?.() ?? 0;
  if (!length) return null;
  const read = (series) => Array.from(f64View(pg, pg.original_curve_ptr(series), length));
  return { samples: read(0), online: read(1), loss: read(2), test: read(3) };
}
