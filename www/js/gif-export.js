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
 * About how many bytes a GIF of `frames` frames takes, from `first`, the
 * bytes its first frame takes, measured: the frame shown now, encoded as
 * the recording will encode it (its palette learned from it). Each frame
 * is about as big as the first; benches/browser/gif-size.mjs measured 36
 * files (6 sessions, 240 to 720 px, 50 to 100 frames, 1 or 10 samples a
 * frame, a plane of 12 or 1,500 points): a term for the points a
 * recording adds fitted to 0 bytes a point. The fixed fit this replaced
 * (bytes by pixels and plane sides alone) knew nothing of what a frame
 * holds: 2.5 MB said for a file of 3.9 MB, and half of a plane of 1,500
 * points.
 */
export function estimateBytes(frames, first) {
  return frames * first;
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
    this.close.addEventListener('click', () => {
      this.stop();
      this.measurer?.terminate();
      this.root.remove();
    });
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

  /**
   * About how big the file will be (estimateBytes): the frame shown now is
   * encoded in a worker (once for each frame size asked; the encoder's
   * module comes with the panel), then the plan's frames are counted on it.
   */
  showEstimate() {
    const plan = this.plan();
    let frame;
    try {
      frame = captureFrame(this.host.figures(), this.host.chart(), plan.width, plan.withCurve);
    } catch (error) {
      this.say(error.message);
      return;
    }
    const key = `${frame.width}x${frame.height}`;
    if (this.measured?.key === key) {
      this.sayEstimate(plan, this.measured);
      return;
    }
    this.say(plural(plan.frames, '{n} frame of {w} × {h} px: measuring its size…', '{n} frames of {w} × {h} px: measuring their size…', { w: frame.width, h: frame.height }));
    this.asked = { id: (this.asked?.id ?? 0) + 1, key, width: frame.width, height: frame.height };
    this.measurer ??= this.startMeasurer();
    this.measurer.postMessage({ type: 'measure', id: this.asked.id, width: frame.width, height: frame.height, rgba: frame.data.buffer, swatch: pageSwatch() }, [frame.data.buffer]);
  }

  /** The worker that measures a frame: the GIF worker, kept while the panel is open. */
  startMeasurer() {
    const worker = new Worker(new URL('./gif-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }) => {
      if (data.type === 'error') this.say(data.message);
      if (data.type !== 'measured' || data.id !== this.asked?.id || this.running) return;
      this.measured = { ...this.asked, first: data.bytes };
      this.sayEstimate(this.plan(), this.measured);
    };
    worker.onerror = () => this.say(t('the GIF encoder could not start'));
    return worker;
  }

  /** The estimate for `plan` from the frame `measured` ({ width, height, first }). */
  sayEstimate(plan, { width, height, first }) {
    const bytes = estimateBytes(plan.frames, first);
    const size = bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} KB`;
    const warning = bytes > WARN_BYTES ? ` ${t('Over 5 MB: many blogs refuse files that big; fewer frames or a smaller width help.')}` : '';
    this.say(plural(plan.frames, '{n} frame of {w} × {h} px, about {size}.', '{n} frames of {w} × {h} px, about {size}.', { w: width, h: height, size }) + warning);
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
