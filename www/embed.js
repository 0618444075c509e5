// <online-learner>: a live online learner for a blog post, in one line:
//
//   <script type="module" src="https://.../embed.js"></script>
//   <online-learner algo="pa1" c="0.1" preset="noisy-labels" seed="7"
//                   controls="play,step,c" explain></online-learner>
//
// Each element has its own learner handle; all share one wasm instance.
// Nothing starts until the element is near the viewport, and nothing runs
// while it is off-screen. A reader who prefers reduced motion gets a paused
// figure with a step button. No inline scripts or styles, no eval, and no
// request but this module's own files: it works under a strict CSP.
import { isTrap, loadFull, loadWasm, needsFull, Playground } from './js/wasm.js';
import { Figure } from './js/figure.js';
import { Chart } from './js/chart.js';
import { explain } from './js/explain.js';
import { mistakeShare, plural } from './js/format.js';
import { browserLanguage, message, percent, pick, t, use, usePart } from './js/i18n.js';
import { summarize } from './js/summary.js';
import { bindPlaneKeys, bindPointer } from './js/input.js';
import { Loop } from './js/loop.js';
import { label } from './js/catalogue.js';
import { element } from './js/dom.js';
import { defineLayers, figureControls, fillLegend, frameLayers, showLayers } from './js/embed-controls.js';
import { MAX_SPEED } from './js/state.js';
import { CONTROLS, DEFAULT_CONTROLS, SETTINGS, hashFrom } from './js/embed-attributes.js';
import { SYNC_MS, replayFor, replayInFrames } from './js/replay.js';
import { CURVE } from './js/palette.js';

const SUMMARY_EVERY_MS = 10000;
/** Start a little before the figure scrolls into view. */
const NEAR = '200px';

/** The full module (js/wasm.js) and the kernel learners' texts in the language shown. */
const loadKernel = () => Promise.all([loadFull(), usePart('kernel')]);

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export class OnlineLearner extends HTMLElement {
  static observedAttributes = ['state', ...SETTINGS, 'controls', 'explain', 'curves', 'theory', 'truth', 'speed', 'label', 'lang'];

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.figure = null;
    this.visible = false;
    this.started = false;
    this.tool = '1';
    this.goodHash = '';
    this.lastSummary = -Infinity;
    this.loop = new Loop({
      speed: () => this.speed,
      learn: (k) => this.step(k),
      render: (now) => this.render(now),
      visible: () => this.visible && Boolean(this.figure),
      busy: () => Boolean(this.figure?.animating()),
    });
  }

  /** The timeline's first use: the session moves to the full module, which keeps its past. */
  withPast() {
    return this.moveToFull().then(() => true);
  }

  /** The timeline moved to sample `at` of `total`. */
  looked(at, total) {
    this.chart?.mark(at < total ? at : null);
    this.loop.changed();
  }

  /** Whether `hash` has the Theory layer on. */
  theoryOn(hash = this.hash()) {
    return /(^|&)theory=1(&|$)/.test(hash);
  }

  /** The figures the Theory layer watches (theory.js). */
  get figures() {
    return this.figure ? [this.figure] : [];
  }

  /** Animation frames drawn: stays still while off-screen. */
  get frames() { return this.loop.frames; }

  get playing() { return this.loop.playing; }

  connectedCallback() {
    if (this.observer) return;
    if (!this.figure) this.placeholder();
    this.observer = new IntersectionObserver((entries) => {
      const visible = entries.some((e) => e.isIntersecting);
      if (visible === this.visible) return;
      this.visible = visible;
      if (visible) this.wake();
    }, { rootMargin: NEAR });
    this.observer.observe(this);
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.observer = null;
    this.visible = false;
    this.figure?.destroy();
    this.figure = null;
    this.started = false;
  }

  attributeChangedCallback() {
    // Before the first start the attributes are simply read then.
    if (!this.started) return;
    this.stale = true;
    this.rebuilding ??= this.rebuild().finally(() => { this.rebuilding = null; });
  }

  /**
   * Rebuilds the figure from its attributes: once for the changes made
   * together (a lang and a label), again for any made while the language
   * loaded, and never before the first start has the wasm module and its
   * first build (a rebuild then called into the module's glue before its
   * init resolved: the blog post's script sets every figure's lang as
   * they start).
   */
  async rebuild() {
    await this.starting;
    while (this.stale && this.figure) {
      this.stale = false;
      await this.speak();
      if (!this.figure) return; // taken off the page meanwhile
      const playing = this.playing;
      this.build();
      if (playing) this.setPlaying(true);
    }
  }

  /**
   * The figure's language: its own `lang`, else the page's around it (a
   * post written in Japanese), else the reader's browser. One catalogue
   * serves every figure: two figures of one page in two languages show the
   * last one asked.
   */
  speak() {
    return use(pick(this.closest('[lang]')?.lang) ?? browserLanguage()).catch(() => use('en'));
  }

  /** Samples per second while playing: the attribute, else the link's `speed`, else 30. */
  get speed() {
    const fromState = /(?:^|[#&])speed=([0-9.]+)/.exec(this.getAttribute('state') ?? '')?.[1];
    const speed = Number(this.getAttribute('speed') ?? fromState ?? 30);
    return Number.isFinite(speed) && speed >= 1 ? Math.min(speed, MAX_SPEED) : 30;
  }

  get controls() {
    const listed = this.getAttribute('controls');
    const names = listed === null ? DEFAULT_CONTROLS : listed.split(',').map((c) => c.trim()).filter((c) => CONTROLS.includes(c));
    // A reader who prefers reduced motion steps through the figure instead.
    if (reducedMotion() && !names.includes('step')) names.push('step');
    return names;
  }

  /**
   * The link this element's attributes describe. `theory`: the Theory
   * layer on (`theory="0"` off; without it, as `state` says).
   */
  hash() {
    const theory = this.getAttribute('theory');
    const settings = { theory: theory === null ? null : theory === '0' ? '0' : '1' };
    for (const key of SETTINGS) settings[key] = this.getAttribute(key);
    return hashFrom(this.getAttribute('state'), settings);
  }

  wake() {
    if (!this.started) {
      this.started = true;
      this.starting = this.start();
    }
    this.loop.wake();
  }

  /** The first start: the wasm module and the language, then the figure. */
  async start() {
    try {
      await Promise.all([loadWasm(), this.speak()]);
      if (needsFull(this.hash())) await loadKernel();
    } catch (error) {
      this.started = false;
      this.shadowRoot.replaceChildren(element('p', { role: 'alert' }, t('The learner could not start: {why}', { why: message(error) })));
      return;
    }
    if (!this.started) return; // taken off the page meanwhile
    this.build();
    if (this.hasAttribute('autoplay') && !reducedMotion()) this.setPlaying(true);
  }

  /** The figure's place, held before it starts (so that the page does not jump). */
  placeholder() {
    const css = element('link', { rel: 'stylesheet', href: new URL('./embed.css', import.meta.url).href });
    const box = element('div', { class: 'placeholder', role: 'img', 'aria-label': t('A live online learner; it starts when scrolled into view') });
    this.shadowRoot.replaceChildren(css, element('div', { class: 'learner' }, element('div', { class: 'stage' }, box)));
  }

  /** Moves the figure's session into the full module (a kernel learner chosen), replayed there. */
  async moveToFull() {
    const hash = this.figure.pg.hash('');
    await loadKernel();
    this.figure.rebuild(hash);
  }

  /** (Re)builds the figure and its controls from the attributes. */
  build() {
    if (needsFull(this.hash())) {
      // A kernel learner: its code is in the full module.
      loadKernel().then(() => this.build(), (error) => this.shadowRoot.replaceChildren(element('p', { role: 'alert' }, t('The learner could not start: {why}', { why: message(error) }))));
      return;
    }
    const root = this.shadowRoot;
    this.theory = this.truth = null; // their panels go with the old shadow tree; the layers come again if on
    this.figure?.destroy();
    this.figure = null;
    this.loop.setPlaying(false);
    const css = element('link', { rel: 'stylesheet', href: new URL('./embed.css', import.meta.url).href });
    const stage = element('div', { class: 'stage' });
    this.message = element('p', { class: 'error', role: 'alert', hidden: true });
    this.bar = element('div', { class: 'bar', role: 'toolbar', 'aria-label': t('Figure controls') });
    this.status = element('p', { class: 'status' });
    this.legend = element('p', { class: 'legend', 'aria-hidden': 'true' });
    this.summary = element('p', { class: 'visually-hidden', 'aria-live': 'polite' });
    this.announcer = element('p', { class: 'visually-hidden', 'aria-live': 'polite' });
    this.explainPanel = element('div', { class: 'explain', hidden: !this.hasAttribute('explain') });
    const chartCanvas = element('canvas', { class: 'chart', width: 360, height: 140, role: 'img', 'aria-label': t('Online mistake rate and held-out accuracy over samples') });
    const chartLegend = element('div', { class: 'chart-legend' });
    const curves = element('div', { class: 'curves', hidden: !this.hasAttribute('curves') }, chartCanvas, chartLegend);
    const [theoryPlace, truthPlace] = ['theory-place', 'truth-place'].map((name) => element('div', { class: name, hidden: true }));
    const keys = element('p', { class: 'visually-hidden', id: 'plane-keys' }, t('Arrow keys move a cursor on the plane, Enter adds a point of the chosen class there, Shift+Enter the other class, Delete erases the nearest point.'));
    root.replaceChildren(css, element('div', { class: 'learner', part: 'learner' }, stage, this.legend, this.bar, this.message, this.status, this.explainPanel, curves, theoryPlace, truthPlace, this.summary, this.announcer, keys));
    let hash = this.hash();
    try {
      this.figure = new Figure(stage, hash, { title: this.getAttribute('label') ?? '', gridSize: 160 });
      this.replaying = !replayFor([this.figure.pg], SYNC_MS);
    } catch (error) {
      this.showError(t('Settings not understood: {why}. Showing the defaults.', { why: message(error) }));
      hash = '';
      this.figure?.destroy();
      this.figure = new Figure(stage, '', { title: this.getAttribute('label') ?? '', gridSize: 160 });
      this.replaying = false;
    }
    if (this.replaying) this.finishReplay(this.figure);
    this.goodHash = hash;
    // The loop sleeps while nothing changes, so a resize must wake it.
    const plane = this.figure.plane;
    const resized = plane.onResize;
    plane.onResize = () => {
      resized();
      this.loop.changed();
    };
    bindPointer(this.figure.plane, this);
    bindPlaneKeys(this.figure.plane, this);
    this.figure.plane.overlay.setAttribute('aria-describedby', 'plane-keys');
    this.chart = new Chart(chartCanvas, chartLegend);
    this.defineCurves();
    fillLegend(this);
    this.buildControls();
    showLayers(this, hash, { theory: theoryPlace, truth: truthPlace });
    this.loop.changed();
  }

  /** A long link replays a slice per frame, its progress in the status line. */
  async finishReplay(figure) {
    const progress = (f) => { this.status.textContent = t('Replaying the session: {share}', { share: percent(Math.floor(f * 100) / 100, 0) }); };
    try {
      if (!(await replayInFrames([figure.pg], { cancelled: () => this.figure !== figure, progress }))) return;
    } catch (error) {
      if (this.figure === figure) this.fail(error);
      return;
    }
    this.replaying = false;
    this.defineCurves();
    this.loop.changed();
  }

  /** A fresh chart: the curves start again (a reset, another learner). */
  defineCurves() {
    const regression = this.figure.pg.task() === 'regression';
    this.chart.clear();
    this.chart.fixedY = !regression;
    this.chart.define('online', { label: regression ? t('progressive MAE') : t('online mistake rate'), color: CURVE.online });
    this.chart.define('test', { label: regression ? t('held-out MAE') : t('held-out accuracy'), color: CURVE.test, dash: true });
    this.figure.curvesRead = 0;
    defineLayers(this);
  }

  buildControls() {
    const parts = figureControls(this);
    this.bar.replaceChildren(...parts);
    this.bar.hidden = parts.length === 0;
  }

  // ---- what input.js and scripts call (step: the rows given to feed() first, js/embed-feed.js, else the stream) ----
  step(n = 1) { this.act((pg) => (this.fed ? this.fed.learn(this, pg, n) : pg.stream(n))); }
  play() { this.setPlaying(true); } pause() { this.setPlaying(false); }
  async feed(x, y) { (this.fed ??= new (await import('./js/embed-feed.js')).Fed()).add(x, y); }

  click(x, y, label) { this.act((pg) => pg.click(x, y, label)); }
  erase(x, y, radius) { this.act((pg) => pg.erase(x, y, radius)); }
  announce(text) { this.announcer.textContent = text; }

  /** Runs an action on the learner; an error is shown in the figure, which keeps working. */
  act(action, { curves = false } = {}) {
    if (!this.figure || this.replaying) return;
    // Acting on a sample the timeline looks back at forks the session there.
    if (this.past) {
      this.past = false;
      curves = true;
    }
    try {
      action(this.figure.pg);
      this.message.hidden = true;
      this.goodHash = this.figure.pg.hash('');
      // A setting that learns the samples again replays a slice per frame.
      this.replaying = !replayFor([this.figure.pg], SYNC_MS);
      if (this.replaying) this.finishReplay(this.figure);
    } catch (error) {
      this.fail(error);
    }
    if (curves) {
      this.defineCurves();
      this.figure?.redraw();
    }
    this.loop.changed();
  }

  setPlaying(playing) {
    // Playing goes on from the end of the session (the timeline's).
    if (playing && this.past) import('./js/timeline.js').then((m) => m.toEnd(this));
    this.loop.setPlaying(playing);
    if (this.playButton) {
      this.playButton.textContent = playing ? t('Pause') : t('Play');
      this.playButton.setAttribute('aria-pressed', String(playing));
    }
  }

  /** Draws what changed; returns whether the plane was drawn. */
  render(now) {
    if (this.replaying) return false;
    const figure = this.figure;
    const pg = figure.pg;
    let drew = false;
    try {
      const task = pg.task();
      const settings = pg.settings();
      drew = figure.render(task, settings.eps, { now, playing: this.playing });
      const { samples, mistakes } = pg.counts();
      this.status.textContent = task === 'classification' && samples > 0
        ? `${plural(samples, '{n} sample', '{n} samples')} · ${mistakeShare(mistakes, samples)}`
        : plural(samples, '{n} sample', '{n} samples');
      if (this.hasAttribute('explain')) {
        explain(this.explainPanel, pg.last(), { algorithm: pg.algorithm(), settings, task, offset: pg.kernel_offset() }, samples);
      }
      frameLayers(this, now);
      this.timelineBar?.sync();
      if (this.hasAttribute('curves')) {
        const points = figure.newCurvePoints();
        this.chart.append('online', points.samples, points.online);
        this.chart.append('test', points.samples, points.test);
      }
      if (!this.playing || now - this.lastSummary > SUMMARY_EVERY_MS) {
        this.lastSummary = now;
        const text = summarize(pg, label(pg.algorithm()));
        if (this.summary.textContent !== text) this.summary.textContent = text;
      }
    } catch (error) {
      this.fail(error);
    }
    return drew;
  }

  showError(text) {
    this.message.textContent = text;
    this.message.hidden = false;
  }

  fail(error) {
    this.showError(message(error));
    // A trap can leave the handle unusable: rebuild it from the last good state.
    if (isTrap(error)) {
      this.setPlaying(false);
      try {
        this.figure.rebuild(this.goodHash);
      } catch {
        this.figure.rebuild('');
      }
    }
  }

  /** The shown points, (x, y, label) flattened (for tests and the curious). */
  points() {
    return this.figure.points();
  }
}

if (!customElements.get('online-learner')) customElements.define('online-learner', OnlineLearner);

export { Playground };
