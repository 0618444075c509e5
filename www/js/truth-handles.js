// The teacher's hand on one plane: the handles that move the true concept
// (buttons over the canvas, so that they take focus, a finger and the
// arrow keys), and the geometry of each move. A boundary has a move
// handle at its point nearest the origin and a turn handle along it; the
// regression line has them at x = 0 and further along; each class centre
// is a handle. A drag previews the move and hands it on (truth.js decides
// when it is committed to the session).
import { VIEW } from './plot.js';
import { t } from './i18n.js';

const REACH = 1.5; // how far a moved line or centre may go (the core refuses more)
const MAX_SLOPE = 5;
const ARM = 0.7; // the turn handle's distance along the line
const KEY_STEP = 0.02; // plane units per arrow press (Shift: 4x)
const KEY_TURN = (2 * Math.PI) / 180; // 2° per press

const clamp = (v, reach) => Math.max(-reach, Math.min(reach, v));
const inView = ([x, y]) => Math.abs(x) <= 1.4 && Math.abs(y) <= 1.4;
/** A handle out of reach is not shown. */
const outOfReach = ([x, y]) => !(Math.abs(x) <= REACH && Math.abs(y) <= REACH);
/** An angle in (−π, π]. */
const wrap = (a) => Math.atan2(Math.sin(a), Math.cos(a));

/** Where a concept's handles are: [{ role, at: [x, y], class? }]. */
export function handlesOf(truth) {
  if (truth.kind === 'line') {
    const n = [Math.cos(truth.angle), Math.sin(truth.angle)];
    const foot = [-truth.offset * n[0], -truth.offset * n[1]];
    const along = [-n[1], n[0]];
    const ahead = [foot[0] + ARM * along[0], foot[1] + ARM * along[1]];
    const side = inView(ahead) ? 1 : -1;
    return [
      { role: 'move', at: foot },
      { role: 'turn', side, at: [foot[0] + side * ARM * along[0], foot[1] + side * ARM * along[1]] },
    ];
  }
  if (truth.kind === 'fit') {
    const reach = Math.min(ARM, (1.4 - Math.abs(truth.intercept)) / Math.max(Math.abs(truth.slope), 1e-9));
    const x = Math.max(0.2, reach);
    return [
      { role: 'move', at: [0, truth.intercept] },
      { role: 'turn', at: [x, truth.slope * x + truth.intercept] },
    ];
  }
  return truth.centres.map((at, k) => ({ role: 'centre', class: k, at }));
}

/** The concept after dragging `handle` to plane point `p`. */
export function dragged(truth, handle, [px, py]) {
  if (truth.kind === 'line') {
    if (handle.role === 'move') {
      const n = [Math.cos(truth.angle), Math.sin(truth.angle)];
      return { ...truth, offset: clamp(-(n[0] * px + n[1] * py), REACH) };
    }
    // The line turns about its foot, through the pointer.
    const [fx, fy] = handlesOf(truth)[0].at;
    const [dx, dy] = [handle.side * (px - fx), handle.side * (py - fy)];
    if (Math.hypot(dx, dy) < 0.05) return truth;
    const angle = wrap(Math.atan2(dy, dx) - Math.PI / 2);
    const offset = clamp(-(Math.cos(angle) * fx + Math.sin(angle) * fy), REACH);
    return { ...truth, angle, offset };
  }
  if (truth.kind === 'fit') {
    if (handle.role === 'move') return { ...truth, intercept: clamp(py - truth.slope * px, REACH) };
    if (Math.abs(px) < 0.05) return truth;
    return { ...truth, slope: clamp((py - truth.intercept) / px, MAX_SLOPE) };
  }
  const centres = truth.centres.map((c, k) => (k === handle.class ? [clamp(px, REACH), clamp(py, REACH)] : c));
  return { ...truth, centres };
}

/** The concept after an arrow key on `handle` (null: not a key it takes). */
export function keyed(truth, handle, key, big) {
  const step = KEY_STEP * (big ? 4 : 1);
  const turn = KEY_TURN * (big ? 4 : 1);
  const dir = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[key];
  if (!dir) return null;
  if (truth.kind === 'centres') {
    const [x, y] = truth.centres[handle.class];
    return dragged(truth, handle, [x + dir[0] * step, y + dir[1] * step]);
  }
  // Up and right move a line forward (along its normal, or up); left turns it anticlockwise.
  const forward = dir[0] + dir[1];
  if (truth.kind === 'line') {
    if (handle.role === 'move') return { ...truth, offset: clamp(truth.offset - forward * step, REACH) };
    const [fx, fy] = handlesOf(truth)[0].at;
    const angle = wrap(truth.angle - forward * turn);
    return { ...truth, angle, offset: clamp(-(Math.cos(angle) * fx + Math.sin(angle) * fy), REACH) };
  }
  if (handle.role === 'move') return { ...truth, intercept: clamp(truth.intercept + forward * step, REACH) };
  return { ...truth, slope: clamp(truth.slope - forward * 0.05 * (big ? 4 : 1), MAX_SLOPE) };
}

/** A handle's words for a screen reader and a tooltip. */
function describe(truth, handle) {
  if (handle.role === 'centre') return t('The centre of class {k}: drag it, or move it with the arrow keys', { k: handle.class + 1 });
  const line = truth.kind === 'fit' ? t('the true regression line') : t('the true boundary');
  return handle.role === 'move'
    ? t('Move {line}: drag, or the arrow keys', { line })
    : t('Turn {line}: drag, or ← / →', { line });
}

/**
 * The handles of one plane. `onMove(truth, final, handle)`: the concept
 * as the hand leaves it (`final` when a drag ends or a key is pressed).
 */
export class Handles {
  constructor(plane, onMove) {
    this.plane = plane;
    this.onMove = onMove;
    this.buttons = [];
    this.truth = null;
    this.drag = null;
    // truth.css places the buttons: until it applies they stay hidden, as
    // an unstyled button sits in the flow, away from its point, and a press
    // aimed at it would miss (a slow load in CI did: truth.test.mjs).
    this.styled = false;
    this.sheet = document.createElement('link');
    this.sheet.rel = 'stylesheet';
    this.sheet.href = new URL('../truth.css', import.meta.url).href;
    const ready = () => {
      this.styled = true;
      for (const button of this.buttons) button.hidden = outOfReach(button.handle.at);
    };
    this.sheet.addEventListener('load', ready, { once: true });
    this.sheet.addEventListener('error', ready, { once: true });
    plane.root.append(this.sheet);
  }

  /** Shows the handles of `truth` (null: none). */
  show(truth) {
    this.truth = truth;
    const handles = truth ? handlesOf(truth) : [];
    while (this.buttons.length > handles.length) this.buttons.pop().remove();
    while (this.buttons.length < handles.length) this.buttons.push(this.button(this.buttons.length));
    handles.forEach((handle, k) => {
      const button = this.buttons[k];
      button.handle = handle;
      button.className = `truth-handle ${handle.role}`;
      button.dataset.role = handle.role;
      if (handle.role === 'centre') button.dataset.class = String(handle.class + 1);
      const [x, y] = handle.at;
      button.style.left = `${(100 * (x - VIEW.xMin)) / (VIEW.xMax - VIEW.xMin)}%`;
      button.style.top = `${(100 * (VIEW.yMax - y)) / (VIEW.yMax - VIEW.yMin)}%`;
      button.hidden = !this.styled || outOfReach(handle.at);
      const words = describe(truth, handle);
      if (button.title !== words) {
        button.title = words;
        button.setAttribute('aria-label', words);
      }
    });
  }

  button(k) {
    const button = document.createElement('button');
    button.type = 'button';
    button.addEventListener('pointerdown', (event) => {
      if (event.button !== 0 || !this.truth) return;
      event.preventDefault();
      button.setPointerCapture(event.pointerId);
      this.drag = { id: event.pointerId, handle: button.handle, k };
    });
    button.addEventListener('pointermove', (event) => {
      if (this.drag?.id !== event.pointerId) return;
      this.truth = dragged(this.truth, this.drag.handle, this.at(event));
      this.onMove(this.truth, false, this.drag.handle);
    });
    const end = (event) => {
      if (this.drag?.id !== event.pointerId) return;
      const { handle } = this.drag;
      this.drag = null;
      this.onMove(this.truth, true, handle);
    };
    // A drag is not a scroll: cancelling its touchmoves keeps Chromium from
    // starting a fling as the finger lifts, whose cancel would swallow the
    // next tap (the Answer button after a drag; tests/e2e/exercises.test.mjs).
    button.addEventListener('touchmove', (event) => event.preventDefault(), { passive: false });
    button.addEventListener('pointerup', end);
    button.addEventListener('pointercancel', end);
    button.addEventListener('keydown', (event) => {
      if (!this.truth) return;
      const next = keyed(this.truth, button.handle, event.key, event.shiftKey);
      if (!next) return;
      this.truth = next;
      // The page's own arrow keys (step, the timeline) stay off while a handle has focus.
      event.preventDefault();
      event.stopPropagation();
      this.onMove(next, true, button.handle);
    });
    this.plane.root.append(button);
    return button;
  }

  /** The plane point under a pointer event. */
  at(event) {
    const rect = this.plane.overlay.getBoundingClientRect();
    return this.plane.toPlane(event.clientX - rect.left, event.clientY - rect.top);
  }

  remove() {
    for (const button of this.buttons) button.remove();
    this.buttons = [];
    this.sheet.remove();
  }
}
