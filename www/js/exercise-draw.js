// What the exercises draw over the plane, and the geometry of a boundary
// as its handles hold it. A model is (w1, w2, b), the boundary
// w1 x + w2 y + b = 0 with w pointing to the +1 side; a handle's line
// (truth-handles.js) is { angle, offset }: cos(angle) x + sin(angle) y +
// offset = 0, the same boundary with w made a unit vector.
import { CLASSES, cssColor, classOf } from './classes.js';
import { language } from './i18n.js';

/** An angle in degrees for reading: one decimal, in the reader's notation (76.9 / 76,9). */
export const degrees = (a) => new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(a);

/** Colours apart from the plane's own (its ink boundary, teal w, the classes' orange and blue). */
export const GUESS = '#6a1b9a'; // the reader's answer
export const TRUTH = '#0b7a75'; // the learner's, as revealed
export const REFUSED = '#b3261e';

/** A model's boundary as a handle's line, or null when w = 0 (no boundary). */
export function lineOf([w1, w2, b]) {
  const norm = Math.hypot(w1, w2);
  return norm > 0 ? { kind: 'line', angle: Math.atan2(w2, w1), offset: b / norm } : null;
}

/** A handle's line as a model with |w| = 1. */
export const modelOf = ({ angle, offset }) => [Math.cos(angle), Math.sin(angle), offset];

/**
 * The angle between two boundaries, in degrees from 0 to 180: between
 * their w, so a boundary turned half a circle (its sides swapped) is 180°
 * from the first. 0 when either has no boundary.
 */
export function angleBetween(a, b) {
  const [na, nb] = [Math.hypot(a[0], a[1]), Math.hypot(b[0], b[1])];
  if (!(na > 0 && nb > 0)) return 0;
  const cos = (a[0] * b[0] + a[1] * b[1]) / (na * nb);
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}

/** A model between `from` and `to` at share `s` (0 to 1) of the way, turning w and sliding b (the reveal's animation). */
export function between(from, to, s) {
  const [a, b] = [lineOf(from), lineOf(to)];
  if (!a || !b) return to;
  let turn = b.angle - a.angle;
  turn = Math.atan2(Math.sin(turn), Math.cos(turn));
  return modelOf({ angle: a.angle + s * turn, offset: a.offset + s * (b.offset - a.offset) });
}

/**
 * A sample the learner has not seen yet: its class's mark (or a grey
 * disc with "?" when its class is the question), ringed in dashes.
 */
export function drawSample(ctx, plane, x, y, label) {
  const [px, py] = [plane.px(x), plane.py(y)];
  const r = Math.max(6, plane.size / 70);
  ctx.save();
  const k = label == null ? null : classOf(label);
  ctx.fillStyle = ctx.strokeStyle = k == null ? '#5d6773' : cssColor(k);
  ctx.lineWidth = Math.max(2, r / 3);
  if (k != null && CLASSES[k].shape === 'cross') {
    ctx.beginPath();
    ctx.moveTo(px - r, py - r); ctx.lineTo(px + r, py + r);
    ctx.moveTo(px + r, py - r); ctx.lineTo(px - r, py + r);
    ctx.stroke();
  } else {
    ctx.beginPath();
    ctx.arc(px, py, r, 0, 2 * Math.PI);
    ctx.fill();
  }
  if (k == null) {
    ctx.fillStyle = '#ffffff';
    ctx.font = `700 ${Math.round(r * 1.5)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('?', px, py + 1);
  }
  ctx.strokeStyle = '#1d232b';
  ctx.lineWidth = 2;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.arc(px, py, r * 2.2, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.restore();
}

/**
 * The angle between two boundaries drawn where they cross (or, parallel
 * or crossing out of view, at the second's point nearest the origin): an
 * arc from one to the other, and its size in degrees beside it.
 */
export function drawAngle(ctx, plane, a, b, angle, text) {
  const det = a[0] * b[1] - a[1] * b[0];
  let at = det !== 0 ? [(a[1] * b[2] - b[1] * a[2]) / det, (b[0] * a[2] - a[0] * b[2]) / det] : null;
  if (!at || Math.abs(at[0]) > 1.4 || Math.abs(at[1]) > 1.4) {
    const n = Math.hypot(b[0], b[1]) || 1;
    at = [(-b[2] * b[0]) / (n * n), (-b[2] * b[1]) / (n * n)];
  }
  // Each line's direction on the screen (y grows downwards there).
  const direction = (m) => Math.atan2(-m[0], -m[1]);
  let [from, to] = [direction(a), direction(b)];
  let sweep = Math.atan2(Math.sin(to - from), Math.cos(to - from));
  if (Math.abs(sweep) > Math.PI / 2) {
    to += Math.PI; // the lines' other ends: the acute angle between them
    sweep = Math.atan2(Math.sin(to - from), Math.cos(to - from));
  }
  const [px, py] = [plane.px(at[0]), plane.py(at[1])];
  const r = Math.max(28, plane.size / 12);
  ctx.save();
  ctx.strokeStyle = GUESS;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(px, py, r, from, from + sweep, sweep < 0);
  ctx.stroke();
  ctx.font = '700 13px system-ui, sans-serif';
  const label = text ?? `${degrees(angle)}°`;
  const mid = from + sweep / 2;
  const width = ctx.measureText(label).width;
  const lx = Math.max(2, Math.min(plane.size - width - 2, px + Math.cos(mid) * (r + 8) - width / 2));
  const ly = Math.max(14, Math.min(plane.size - 4, py + Math.sin(mid) * (r + 8) + 5));
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fillRect(lx - 3, ly - 12, width + 6, 16);
  ctx.fillStyle = GUESS;
  ctx.fillText(label, lx, ly);
  ctx.restore();
}
