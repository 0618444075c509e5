// Pointer and keyboard input. Click adds a point of the selected class,
// Shift-click the other of +1 and -1, Alt-click or right-click erases the nearest
// point. On a touch screen a tap adds (with the class toggle's tool) and a
// swipe scrolls the page, unless Draw mode is on: then every touch adds,
// and a drag adds points along its path.
// The plane is also a keyboard stop: arrows move a cursor, Enter adds,
// Delete erases.
import { t } from './i18n.js';

const ERASE_RADIUS = 0.12; // plane units
const TAP_SLOP_PX = 10; // a touch that moves further is a swipe, not a tap
// A drag in Draw mode adds a point per this distance moved, as a pen would
// draw a dotted line: enough to sketch a class, never a flood.
const DRAW_SPACING_PX = 24;
const CURSOR_STEP = 0.05; // plane units per arrow press (Shift: 4x)
const CURSOR_REACH = 1.45;

/** Wires a plane's pointer events to the app. */
export function bindPointer(plane, app) {
  const canvas = plane.overlay;
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  // offsetX/Y exclude the border (clientX - rect.left would be 1 px off).
  const act = (event, px = event.offsetX, py = event.offsetY) => {
    const [x, y] = plane.toPlane(px, py);
    const erase = event.button === 2 || event.altKey || app.tool === 'erase';
    if (erase) {
      app.erase(x, y, ERASE_RADIUS);
      return;
    }
    app.click(x, y, toolLabel(app.tool, event.shiftKey));
  };
  let tap = null; // a touch that may still become a swipe
  let stroke = null; // a drag in Draw mode: where it last added
  canvas.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 && event.button !== 2) return;
    if (event.pointerType === 'touch' && !app.drawing) {
      tap = { id: event.pointerId, x: event.clientX, y: event.clientY };
      return;
    }
    event.preventDefault();
    act(event);
    if (!app.drawing) return;
    stroke = { id: event.pointerId, x: event.offsetX, y: event.offsetY };
    // Its end comes here even off the plane (a mouse's is not captured by itself).
    if (event.pointerType !== 'touch') canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!stroke || stroke.id !== event.pointerId) return;
    // Every DRAW_SPACING_PX along the path, however far apart the events come.
    for (;;) {
      const [dx, dy] = [event.offsetX - stroke.x, event.offsetY - stroke.y];
      const d = Math.hypot(dx, dy);
      if (d < DRAW_SPACING_PX) return;
      stroke.x += (dx / d) * DRAW_SPACING_PX;
      stroke.y += (dy / d) * DRAW_SPACING_PX;
      const inside = stroke.x >= 0 && stroke.y >= 0 && stroke.x <= plane.size && stroke.y <= plane.size;
      if (inside) act(event, stroke.x, stroke.y);
    }
  });
  for (const type of ['pointerup', 'pointercancel']) {
    canvas.addEventListener(type, (event) => { if (stroke?.id === event.pointerId) stroke = null; });
  }
  // A stroke is not a scroll: cancelling its touchmoves keeps Chromium from
  // starting a fling as the finger lifts, whose cancel swallowed the next
  // tap (Draw tapped off just after a stroke stayed on; as truth-handles.js).
  canvas.addEventListener('touchmove', (event) => { if (stroke) event.preventDefault(); }, { passive: false });
  canvas.addEventListener('pointerup', (event) => {
    if (!tap || tap.id !== event.pointerId) return;
    const moved = Math.hypot(event.clientX - tap.x, event.clientY - tap.y);
    tap = null;
    if (moved <= TAP_SLOP_PX) act(event);
  });
  // The browser took the touch over to scroll: it was a swipe.
  canvas.addEventListener('pointercancel', () => { tap = null; });
}

/** The plane as a keyboard stop: a cursor that arrows move, Enter adds at, Delete erases at. */
export function bindPlaneKeys(plane, app) {
  const canvas = plane.overlay;
  canvas.tabIndex = 0;
  canvas.setAttribute('aria-keyshortcuts', 'ArrowUp ArrowDown ArrowLeft ArrowRight Enter Shift+Enter Delete');
  canvas.setAttribute('aria-describedby', 'summary plane-keys'); // what the learner knows now (summary.js), then the keys
  const at = { x: 0, y: 0 };
  const place = () => {
    plane.cursor.style.left = `${plane.px(at.x)}px`;
    plane.cursor.style.top = `${plane.py(at.y)}px`;
  };
  canvas.addEventListener('focus', place);
  canvas.addEventListener('keydown', (event) => {
    const step = CURSOR_STEP * (event.shiftKey ? 4 : 1);
    const move = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[event.key];
    if (move) {
      at.x = Math.max(-CURSOR_REACH, Math.min(CURSOR_REACH, +(at.x + move[0]).toFixed(4)));
      at.y = Math.max(-CURSOR_REACH, Math.min(CURSOR_REACH, +(at.y + move[1]).toFixed(4)));
      place();
      app.announce(t('Cursor at x {x}, y {y}', { x: at.x.toFixed(2), y: at.y.toFixed(2) }));
    } else if (event.key === 'Enter') {
      if (app.tool === 'erase') app.erase(at.x, at.y, ERASE_RADIUS);
      else app.click(at.x, at.y, toolLabel(app.tool, event.shiftKey));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      app.erase(at.x, at.y, ERASE_RADIUS);
    } else if (event.key === 'Escape') {
      canvas.blur();
    } else {
      return;
    }
    // The page's own keys (right arrow steps) stay off while the plane has focus.
    event.preventDefault();
    event.stopPropagation();
  });
}

/** The label a click adds with `tool` ('1', '-1', '3' ... '6'); Shift swaps +1 and -1. */
function toolLabel(tool, shift) {
  const label = Number(tool);
  return shift && Math.abs(label) === 1 ? -label : label;
}

/** Space play/pause, right arrow step, r reset, c clear, 1 to 6 pick the class, ? help. */
export function bindKeys(app, controls) {
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (target.closest?.('dialog')) return; // the help is open
    const typing = target.matches?.('input[type="text"], select, textarea');
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    const onButton = target.matches?.('button, input[type="checkbox"], input[type="range"]');
    switch (event.key) {
      case ' ':
        if (onButton) return; // Space presses the focused button
        app.togglePlay();
        break;
      case 'ArrowRight':
        if (target.matches?.('input[type="range"]')) return;
        if (app.past) app.timeline.step(1);
        else app.step();
        break;
      case 'ArrowLeft':
        if (target.matches?.('input[type="range"]') || app.playing) return;
        app.timeline.step(-1);
        break;
      case 'r':
        app.reset();
        break;
      case 'c':
        app.clear();
        break;
      case 't':
        app.setTheory(!app.page.theory);
        break;
      case 'h':
        app.setTruth(!app.page.truth);
        break;
      case '1':
        controls.setTool('1');
        break;
      case '2':
        controls.setTool('-1');
        break;
      case '3': case '4': case '5': case '6':
        controls.setTool(event.key);
        break;
      case '?':
        app.showHelp();
        break;
      default:
        return;
    }
    event.preventDefault();
  });
}
