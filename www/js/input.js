// Pointer and keyboard input. Click adds a point of the selected class,
// Shift-click the other class, Alt-click or right-click erases the nearest
// point; touch uses the class toggle (including its Erase tool).

const ERASE_RADIUS = 0.12; // plane units

/** Wires a plane's pointer events to the app. */
export function bindPointer(plane, app) {
  const canvas = plane.overlay;
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  canvas.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 && event.button !== 2) return;
    event.preventDefault();
    // offsetX/Y exclude the border (clientX - rect.left would be 1 px off).
    const [x, y] = plane.toPlane(event.offsetX, event.offsetY);
    const erase = event.button === 2 || event.altKey || app.tool === 'erase';
    if (erase) {
      app.erase(x, y, ERASE_RADIUS);
      return;
    }
    let label = app.tool === '-1' ? -1 : 1;
    if (event.shiftKey) label = -label;
    app.click(x, y, label);
  });
}

/** Space play/pause, right arrow step, r reset, 1 / 2 pick the class. */
export function bindKeys(app, controls) {
  document.addEventListener('keydown', (event) => {
    const target = event.target;
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
        app.step();
        break;
      case 'r':
        app.reset();
        break;
      case '1':
        controls.setTool('1');
        break;
      case '2':
        controls.setTool('-1');
        break;
      default:
        return;
    }
    event.preventDefault();
  });
}
