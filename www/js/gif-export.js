// "Save GIF": the plane (and optionally the error curve) as an animated GIF
// for blogs that run no script. Frames are captured on the main thread and
// encoded in a Web Worker (gif-worker.js, the Rust gif crate), so the page
// keeps drawing; imported only when someone saves a GIF.
//
// Two lengths: a number of samples (the recorder steps the learner itself,
// a tenth of a second per frame in the GIF, whatever the page's speed), or
// a number of seconds of the page as it plays (10 frames a second).
import { composite, download } from './export.js';
import { COLORS } from './plot.js';
import { CLASSES } from './classes.js';
import { element } from './dom.js';
import { t } from './i18n.js';
import { plural } from './format.js';

const FPS = 10;
const MAX_FRAMES = 300;
const WARN_BYTES = 5e6;

/**
 * RGBA pixels of the colours the plane draws (the class colours at every
 * shading strength over white, marks, lines, rings), each repeated so the
 * GIF's one palette keeps them even when the first frame lacks them.
 */
export function pageSwatch() {
  const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const over = ([r, g, b], a) => [r, g, b].map((c) => Math.round(c * a + 255 * (1 - a)));
  const colours = [[255, 255, 255], ...[COLORS.ink, COLORS.muted, COLORS.accent, '#b3261e', '#8a4b14'].map(hex), [150, 66, 8], [20, 58, 110]];
  for (const { color: c } of CLASSES) {
    for (let alpha = 18; alpha <= 88; alpha += 5) colours.push(over(c, alpha / 255));
    colours.push(over(c, 0.9), c);
  }
  const out = new Uint8Array(colours.length * 4 * 64);
  colours.forEach((c, i) => {
    for (let k = 0; k < 64; k++) out.set([...c, 255], (i * 64 + k) * 4);
  });
  return out;
}

/**
 * About how many bytes a GIF takes: `frames` frames of `width` × `height`
 * pixels, `edge` the summed sides of the planes in a frame (the lines and
 * marks grow with a side, the flat shading with the area), `kernel` if a
 * kernel learner's surface is shaded. Fitted to 36 GIFs made as the panel
 * makes them (benches/browser/gif-size.mjs: PA, PA-I, AROW, PA-I on three
 * classes, Projectron, and a Compare pair; 240 to 720 px, 50 to 200
 * frames, with and without the curve): 0.0285 bytes a pixel and 15 a
 * pixel of side, frame after frame, 1.8 times that under a kernel surface.
 * The files came out from 0.70 to 1.43 times the estimate (at the
 * defaults, 100 frames of 480 px: files of 1.1 to 1.9 MB, Projectron's
 * 2.7 MB estimated at 2.5). The 0.15 bytes a pixel this replaced said
 * 6.9 MB for 200 such frames, whose files were 2.4 to 5.7 MB.
 */
export function estimateBytes(frames, { width, height, edge, kernel }) {
  return frames * (0.0285 * width * height + 15 * edge) * (kernel ? 1.8 : 1);
}

/** The summed sides of the planes in a frame `width` wide (composite() lays them out in a grid). */
export function planeEdge(figures, width) {
  const n = figures.length;
  return (n * width) / Math.min(n, Math.ceil(Math.sqrt(n)));
}

/** The frame a GIF shows: the plane(s) at `width`, the error chart below when asked. */
export function captureFrame(figures, chart, width, withCurve) {
  const planes = composite(figures);
  if (!planes) throw new Error(t('there is no plane to record (the data is wider than 2-D)'));
  const planeHeight = Math.round((width * planes.height) / planes.width);
  const curveHeight = withCurve && chart ? Math.round((width * chart.height) / chart.width) : 0;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = planeHeight + curveHeight;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(planes, 0, 0, width, planeHeight);
  if (curveHeight) ctx.drawImage(chart, 0, planeHeight, width, curveHeight);
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * The Save GIF panel for a host: { figures(), chart(), advance(n), draw(),
 * playing(), pause(), stem(), place } where `place` is the element the
 * panel goes in.
 */
export class GifPanel {
  constructor(host) {
    this.host = host;
    // 100 samples at 480 px: every session measured (estimateBytes) stays
    // well under the 5 MB warning (Projectron's 2.7 MB the largest).
    this.length = element('input', { type: 'number', min: '1', value: '100', 'aria-label': t('Length'), class: 'num' });
    this.unit = element('select', { 'aria-label': t('Length in') }, new Option(t('samples'), 'samples'), new Option(t('seconds of play'), 'seconds'));
    this.width = element('input', { type: 'number', min: '120', max: '1200', step: '40', value: '480', 'aria-label': t('Width in pixels'), class: 'num' });
    this.curve = element('input', { type: 'checkbox', id: 'gif-curve' });
    this.estimate = element('p', { class: 'hint', 'aria-live': 'polite' });
    this.start = element('button', { type: 'button', class: 'primary' }, t('Make the GIF'));
    this.cancel = element('button', { type: 'button', hidden: true }, t('Cancel'));
    this.close = element('button', { type: 'button' }, t('Close'));
    this.bar = element('progress', { max: 1, value: 0, hidden: true });
    this.root = element('div', { class: 'gif-panel', role: 'group', 'aria-label': t('Save an animated GIF') },
      element('label', {}, `${t('Length')} `, this.length, ' ', this.unit),
      element('label', {}, `${t('Width')} `, this.width, ' px'),
      element('label', { for: 'gif-curve' }, this.curve, ` ${t('with the error curve')}`),
      this.estimate, this.bar,
      element('div', { class: 'row' }, this.start, this.cancel, this.close));
    // On every keystroke: an estimate that changed only on blur would move
    // the buttons under a pointer already pressing them.
    for (const input of [this.length, this.unit, this.width, this.curve]) input.addEventListener('input', () => this.showEstimate());
    this.start.addEventListener('click', () => this.run().catch((e) => this.stop(e.message ?? String(e))));
    this.cancel.addEventListener('click', () => this.stop(t('Cancelled: no GIF saved.')));
    this.close.addEventListener('click', () => { this.stop(); this.root.remove(); });
    host.place.append(this.root);
    this.showEstimate();
  }

  say(text) {
    this.estimate.textContent = text;
  }

  /** Frames, size and the per-frame samples the settings ask for. */
  plan() {
    const length = Math.max(1, Math.floor(Number(this.length.value) || 0));
    const width = Math.min(1200, Math.max(120, Math.round(Number(this.width.value) || 480)));
    const bySamples = this.unit.value === 'samples';
    const frames = Math.min(MAX_FRAMES, bySamples ? length : length * FPS);
    return { length, width, bySamples, frames, step: bySamples ? Math.max(1, Math.round(length / frames)) : 0, withCurve: this.curve.checked };
  }

  /** About how big the file will be (estimateBytes: measured, not guessed). */
  showEstimate() {
    const plan = this.plan();
    try {
      const figures = this.host.figures();
      const frame = captureFrame(figures, this.host.chart(), plan.width, plan.withCurve);
      const bytes = estimateBytes(plan.frames, {
        width: frame.width, height: frame.height, edge: planeEdge(figures, plan.width), kernel: figures.some((f) => f.pg.is_kernel()),
      });
      const size = bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} KB`;
      const warning = bytes > WARN_BYTES ? ` ${t('Over 5 MB: many blogs refuse files that big; fewer frames or a smaller width help.')}` : '';
      const args = { w: frame.width, h: frame.height, size };
      this.say(plural(plan.frames, '{n} frame of {w} × {h} px, about {size}.', '{n} frames of {w} × {h} px, about {size}.', args) + warning);
    } catch (error) {
      this.say(error.message);
    }
  }

  async run() {
    const plan = this.plan();
    const { host } = this;
    if (!plan.bySamples && !host.playing()) throw new Error(t('Press Play first: a GIF in seconds records the page as it plays.'));
    if (plan.bySamples) host.pause();
    this.running = true;
    this.start.disabled = true;
    this.cancel.hidden = false;
    this.bar.hidden = false;
    this.bar.value = 0;
    this.worker = new Worker(new URL('./gif-worker.js', import.meta.url), { type: 'module' });
    const done = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }) => {
        if (data.type === 'encoded') this.bar.value = 0.5 + data.frames / plan.frames / 2;
        else if (data.type === 'done') resolve(data.bytes);
        else if (data.type === 'error') reject(new Error(data.message));
      };
      this.worker.onerror = () => reject(new Error(t('the GIF encoder could not start')));
    });
    let sent = 0;
    for (let i = 0; i < plan.frames && this.running; i++) {
      if (plan.bySamples) {
        host.advance(i === 0 ? 0 : plan.step);
        host.draw();
      }
      const frame = captureFrame(host.figures(), host.chart(), plan.width, plan.withCurve);
      if (i === 0) this.worker.postMessage({ type: 'start', width: frame.width, height: frame.height, swatch: pageSwatch() });
      this.worker.postMessage({ type: 'frame', rgba: frame.data.buffer, delay: 100 / FPS, index: i }, [frame.data.buffer]);
      sent += 1;
      this.bar.value = (0.5 * sent) / plan.frames;
      this.say(t('Recording frame {i} of {n}…', { i: sent, n: plan.frames }));
      // Let the page draw (and, by seconds, play) until the next frame.
      await new Promise((resolve) => setTimeout(resolve, plan.bySamples ? 0 : 1000 / FPS));
    }
    if (!this.running) return;
    this.say(t('Encoding…'));
    this.worker.postMessage({ type: 'finish' });
    const bytes = await done;
    const name = `${host.stem()}.gif`;
    download(new Blob([bytes], { type: 'image/gif' }), name);
    this.lastGif = bytes;
    this.stop(plural(sent, 'Saved {file} ({n} frame, {kb} KB).', 'Saved {file} ({n} frames, {kb} KB).', { file: name, kb: Math.round(bytes.length / 1e3) }));
  }

  /** Ends a recording (saved, failed or cancelled). */
  stop(message = '') {
    this.running = false;
    this.worker?.terminate();
    this.worker = null;
    this.start.disabled = false;
    this.cancel.hidden = true;
    this.bar.hidden = true;
    if (message) this.say(message);
  }
}
