// Results out: a PNG of the plane(s), the points and the curves as CSV, the
// model as JSON (which opens again in the page), and a WebM recording of
// the plane while it learns.
import { f64View } from './wasm.js';
import { SERIES } from './figure.js';
import { t } from './i18n.js';
import { classOf } from './classes.js';
import { toFile } from './units.js';

/** Saves a blob under a file name (an object URL and a download link). */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/**
 * Draws the figures' stacked canvases (shading, overlay with the points) side by
 * side on one canvas, each with its title; `into` is reused when given.
 */
export function composite(figures, into = document.createElement('canvas')) {
  const planes = figures.map((f) => f.plane).filter((p) => p.size > 0 && !p.root.classList.contains('wide'));
  if (planes.length === 0) return null;
  const side = planes[0].overlay.width; // the shading's may hold its grid alone (plot.js)
  const columns = Math.min(planes.length, Math.ceil(Math.sqrt(planes.length)));
  const rows = Math.ceil(planes.length / columns);
  const gap = planes.length > 1 ? Math.round(side / 40) : 0;
  const width = columns * side + (columns - 1) * gap;
  const height = rows * side + (rows - 1) * gap;
  if (into.width !== width || into.height !== height) {
    into.width = width;
    into.height = height;
  }
  const ctx = into.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  planes.forEach((plane, i) => {
    const x = (i % columns) * (side + gap);
    const y = Math.floor(i / columns) * (side + gap);
    for (const layer of [plane.shade, plane.overlay]) ctx.drawImage(layer, x, y, side, side); // the overlay holds the points
    const title = plane.root.querySelector('.title')?.textContent;
    if (title) {
      ctx.font = `600 ${Math.round(side / 28)}px system-ui, sans-serif`;
      ctx.fillStyle = 'rgba(255,255,255,0.85)';
      const w = ctx.measureText(title).width;
      ctx.fillRect(x + side / 60, y + side / 80, w + side / 40, side / 20);
      ctx.fillStyle = '#1d232b';
      ctx.fillText(title, x + side / 40, y + side / 22);
    }
  });
  return into;
}

/** The plane(s) as a PNG blob; with no plane (wide data), the error chart. */
export function planePng(figures, fallback) {
  const canvas = composite(figures) ?? fallback;
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(t('the canvas could not be encoded')))), 'image/png');
  });
}

/**
 * The shown points: `x,y,label` (classification) or `x,y` (regression), in
 * a standardised file's own units when `transform` says how (units.js), so
 * the file saved opens where it was. Two classes are −1 and +1; more are
 * numbered 1 to K, as files hold them (sorted order is class order).
 */
export function pointsCsv(pg, task, transform = null) {
  const points = f64View(pg, pg.points_ptr(), pg.points_len());
  const regression = task === 'regression';
  const many = pg.classes() > 2;
  const lines = [regression ? 'x,y' : 'x,y,label'];
  for (let i = 0; i < points.length; i += 3) {
    const [x, y] = transform ? toFile(transform, points[i], points[i + 1], regression) : [points[i], points[i + 1]];
    lines.push(regression ? `${x},${y}` : `${x},${y},${many ? classOf(points[i + 2]) + 1 : points[i + 2]}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Every figure's curves, one row per recorded point. */
export function curvesCsv(figures, label, task) {
  const online = task === 'regression' ? 'progressive_mae' : 'online_mistake_rate';
  const test = task === 'regression' ? 'test_mae' : 'test_accuracy';
  // The moving rate a concept move's recovery is judged on (src/playground/scoreboard.rs).
  const recent = task === 'regression' ? 'recent_abs_error' : 'recent_mistake_rate';
  // labels_asked: a selective learner's count; the samples for one that sees every label.
  const lines = [`learner,samples,${online},recent_loss,${test},support_size,${recent},labels_asked`];
  for (const figure of figures) {
    const pg = figure.pg;
    const n = pg.curve_len();
    const series = Object.values(SERIES).map((s) => Array.from(f64View(pg, pg.curve_ptr(s), n)));
    const name = label(pg.algorithm());
    for (let i = 0; i < n; i++) lines.push([name, ...series.map((s) => s[i])].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** The model(s) as JSON, each with the link that rebuilds the page. */
export function modelJson(figures, extras) {
  const models = figures.map((f) => f.pg.model_export(extras));
  const doc = models.length === 1
    ? models[0]
    : { format: 'onlinelearn-models', version: 2, state: figures[0].pg.hash(extras), models };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** Records the plane(s) to WebM while the page runs. */
export class Recorder {
  constructor() {
    this.canvas = document.createElement('canvas');
    this.recorder = null;
  }

  static supported() {
    return typeof MediaRecorder !== 'undefined' && typeof HTMLCanvasElement.prototype.captureStream === 'function';
  }

  get recording() {
    return this.recorder !== null;
  }

  start(figures) {
    if (!composite(figures, this.canvas)) throw new Error(t('there is no plane to record (the data is wider than 2-D)'));
    const type = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t));
    if (!type) throw new Error(t('this browser cannot record WebM'));
    this.chunks = [];
    this.figures = figures;
    this.recorder = new MediaRecorder(this.canvas.captureStream(30), { mimeType: type });
    this.recorder.ondataavailable = (event) => { if (event.data.size) this.chunks.push(event.data); };
    this.recorder.start(250);
    this.started = performance.now();
  }

  /** Copies the planes onto the recorded canvas (once per animation frame). */
  frame() {
    if (this.recorder) composite(this.figures, this.canvas);
  }

  /** Stops and resolves the WebM blob. */
  stop() {
    const recorder = this.recorder;
    this.recorder = null;
    if (!recorder) return Promise.resolve(null);
    return new Promise((resolve) => {
      recorder.onstop = () => resolve(new Blob(this.chunks, { type: 'video/webm' }));
      recorder.stop();
    });
  }
}
