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
//
// The element is the controller the playground page also is (js/controller.js:
// the figure, the frame loop, the actions, the drawing); this file holds
// what only an element does: its attributes, its lazy start, its shadow
// tree and its panels (js/embed-panels.js), and its controls (js/embed-controls.js).
import { loadWasm, needsFull, Playground } from './js/wasm.js';
import { Controller } from './js/controller.js';
import { loadFullWithTexts } from './js/full-module.js';
import { browserLanguage, message, percent, pick, say, t, use, usePart } from './js/i18n.js';
import { element } from './js/dom.js';
import { figureControls, fillLegend, showLayers } from './js/embed-controls.js';
import { FigureCurves, FigureLines } from './js/embed-panels.js';
import { EXERCISE_KEYS, MAX_SPEED } from './js/state.js';
import { CONTROLS, DEFAULT_CONTROLS, OWN_ATTRIBUTES, hashFrom, isSetting, settingNames } from './js/embed-attributes.js';

/** The language the page's figures last asked for, and whether two of them asked for two (said once). */
let askedLanguage = null;
let warnedMixed = false;

/** Start a little before the figure scrolls into view. */
const NEAR = '200px';

/**
 * The attributes that only say how the figure shows its session (its
 * words, its controls and panels, the Theory layer watching it): a change
 * of these alone rebuilds the figure with its session going on, learned
 * again where a layer must watch it, as the page's Theory button does.
 * The others (`state`, `empty`, the settings, an exercise's) say what it
 * learns: a change of one builds it from the attributes.
 */
const SHOWS_ONLY = ['lang', 'label', 'theory', 'truth', 'controls', 'explain', 'curves', 'frontier', 'speed'];

/** Whether a change of the attribute `name` rebuilds the figure: one of its own, or a setting (once wasm is loaded). */
const rebuildsOn = (name) => OWN_ATTRIBUTES.includes(name) || isSetting(name);

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export class OnlineLearner extends Controller(HTMLElement) {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.visible = false;
    this.started = false;
    // Nothing runs while the figure is off-screen (or not built yet).
    this.loop.visible = () => this.visible && this.figures.length > 0;
    // Any attribute may be a setting of the learner core's table, known
    // only once wasm is loaded: so every attribute is watched, not a list
    // declared before (observedAttributes), and a change rebuilds the
    // figure when it is one of the element's own or a setting.
    new MutationObserver((records) => this.attributesChanged(records.map((r) => r.attributeName))).observe(this, { attributes: true });
  }

  /** The timeline's first use: the session moves to the full module, which keeps its past. */
  withPast() {
    return this.moveToFull().then(() => true);
  }

  /** Whether `hash` has the Theory layer on. */
  theoryOn(hash = this.hash()) {
    return /(^|&)theory=1(&|$)/.test(hash);
  }

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
    this.replaying = null; // a long replay's slices stop
    for (const figure of this.figures) figure.destroy();
    this.figures = [];
    this.started = false;
  }

  attributesChanged(names) {
    // Before the first start the attributes are simply read then.
    if (!this.started) return;
    // Until the figure is built, the module (and so the table) may not be
    // in: the names wait for the start to be told apart.
    if (this.figure && !names.some(rebuildsOn)) return;
    this.changedNames = [...(this.changedNames ?? []), ...names];
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
    while (this.figure && this.changedNames?.some(rebuildsOn)) {
      // Another language, title or panel: the session goes on from where it
      // is (as the page's language switch), so that a post setting its
      // figures' language as they start keeps them in step, and Theory
      // turned on learns the same session again. (A session still
      // replaying its link is built from the link again.)
      const goesOn = this.changedNames.every((name) => SHOWS_ONLY.includes(name)) && !this.replaying;
      this.changedNames = null;
      await this.speak();
      if (!this.figure) break; // taken off the page meanwhile
      const playing = this.playing;
      this.build(goesOn ? this.sessionHash() : this.hash());
      if (playing) this.setPlaying(true);
    }
    this.changedNames = null;
  }

  /**
   * The figure's language: its own `lang`, else the page's around it (a
   * post written in Japanese), else the reader's browser. One catalogue
   * serves every figure: two figures of one page in two languages show the
   * last one asked.
   */
  speak() {
    usePart('embed').catch(() => {}); // the element's own words, fetched with the first load's (the playground never shows them)
    const wanted = pick(this.closest('[lang]')?.lang) ?? browserLanguage();
    if (askedLanguage && askedLanguage !== wanted && !warnedMixed) {
      warnedMixed = true;
      console.warn(`<online-learner>: figures of this page ask for ${askedLanguage} and ${wanted}; one catalogue serves them all, so they show the language asked last. Give them one lang.`);
    }
    askedLanguage = wanted;
    return use(wanted).catch(() => use('en'));
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
   * The link this element's attributes describe (once wasm is loaded: the
   * settings are the table's). `theory`: the Theory layer on
   * (`theory="0"` off; without it, as `state` says). `empty`: nothing
   * learned, whatever log `state` holds.
   */
  hash() {
    const theory = this.getAttribute('theory');
    const settings = { theory: theory === null ? null : theory === '0' ? '0' : '1', empty: this.hasAttribute('empty') ? '1' : null };
    for (const key of settingNames()) settings[key] = this.getAttribute(key);
    // seed="new": a seed of this reader's own (an exercise's answers cannot be passed on), kept while the element lives.
    if (settings.seed === 'new') settings.seed = String(this.freshSeed ??= Playground.fresh_seed());
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
      if (needsFull(this.hash())) await loadFullWithTexts();
    } catch (error) {
      this.started = false;
      this.cannotStart(error);
      return;
    }
    if (!this.started) return; // taken off the page meanwhile
    this.build();
    if (this.hasAttribute('autoplay') && !reducedMotion()) this.setPlaying(true);
  }

  cannotStart(error) {
    this.shadowRoot.replaceChildren(element('p', { role: 'alert' }, t('The learner could not start: {why}', { why: message(error) })));
  }

  /**
   * The shadow tree's content replaced by `nodes`, its stylesheet link
   * left in place: a new link, or the same one taken out and put back,
   * fetches embed.css again (2.2 KB gzip more on every first load where
   * the server says no-store, measured).
   */
  show(...nodes) {
    const root = this.shadowRoot;
    this.css ??= element('link', { rel: 'stylesheet', href: new URL('./embed.css', import.meta.url).href });
    for (const child of [...root.childNodes]) if (child !== this.css) child.remove();
    if (this.css.parentNode !== root) root.prepend(this.css);
    root.append(...nodes);
  }

  /** The figure's place, held before it starts (so that the page does not jump). */
  placeholder() {
    const box = element('div', { class: 'placeholder', role: 'img', 'aria-label': t('A live online learner; it starts when scrolled into view') });
    this.show(element('div', { class: 'learner' }, element('div', { class: 'stage' }, box)));
  }

  /** Moves the figure's session into the full module, replayed there. */
  async moveToFull() {
    const hash = this.figure.pg.hash('');
    await loadFullWithTexts();
    this.figure.rebuild(hash);
  }

  /** The figure's session as a link, with the Theory layer and Epochs if on: what a relabelled figure goes on from. */
  sessionHash() {
    return `${this.figure.pg.hash('')}${this.theoryOn() ? '&theory=1' : ''}${this.epochs ? '&view=epochs' : ''}`;
  }

  /** (Re)builds the figure and its controls from the attributes (or from `hash`, a session going on). */
  build(hash = this.hash()) {
    if (needsFull(hash)) {
      // A kernel learner: its code is in the full module.
      loadFullWithTexts().then(() => this.build(hash), (error) => this.cannotStart(error));
      return;
    }
    this.theory = this.truth = this.timeline = null; // their panels go with the old shadow tree; the layers come again if on
    this.replaying = null; // the old figure's long replay stops
    for (const figure of this.figures) figure.destroy();
    this.figures = [];
    this.loop.setPlaying(false);
    const stage = element('div', { class: 'stage' });
    this.message = element('p', { class: 'error', role: 'alert', hidden: true });
    this.bar = element('div', { class: 'bar', role: 'toolbar', 'aria-label': t('Figure controls') });
    const line = element('p', { class: 'status' });
    this.legend = element('p', { class: 'legend', 'aria-hidden': 'true' });
    // The summary for screen readers: current (the plane's description), and spoken now and then (summary.js).
    const summary = element('p', { class: 'visually-hidden', id: 'summary' });
    const spoken = element('p', { class: 'visually-hidden spoken', 'aria-live': 'polite' });
    this.announcer = element('p', { class: 'visually-hidden', 'aria-live': 'polite' });
    const explainPanel = element('div', { class: 'explain', hidden: !this.hasAttribute('explain') });
    const chartCanvas = element('canvas', { class: 'chart', width: 360, height: 140, role: 'img', 'aria-label': t('Online mistake rate and held-out accuracy over samples') });
    const chartLegend = element('div', { class: 'chart-legend' });
    const curves = element('div', { class: 'curves', hidden: !this.hasAttribute('curves') }, chartCanvas, chartLegend);
    const [theoryPlace, truthPlace, exercisePlace] = ['theory-place', 'truth-place', 'exercise-place'].map((name) => element('div', { class: name, hidden: true }));
    const keys = element('p', { class: 'visually-hidden', id: 'plane-keys' }, t('Arrow keys move a cursor on the plane, Enter adds a point of the chosen class there, Shift+Enter the other class, Delete erases the nearest point.'));
    this.show(element('div', { class: 'learner', part: 'learner' }, stage, this.legend, this.bar, this.message, line, explainPanel, curves, exercisePlace, theoryPlace, truthPlace, summary, spoken, this.announcer, keys));
    this.curves = new FigureCurves(this, chartCanvas, chartLegend);
    this.status = new FigureLines(this, { line, explainPanel, summary, spoken });
    const options = { title: this.getAttribute('label') ?? '', gridSize: 160 };
    try {
      this.figures = [this.addFigure(stage, hash, options)];
      this.replayRest({});
    } catch (error) {
      this.showError(t('Settings not understood: {why}. Showing the defaults.', { why: settingsProblem(error) }));
      hash = '';
      this.figure?.destroy();
      this.figures = [this.addFigure(stage, '', options)];
    }
    this.goodHash = hash;
    // A link made in the playground's Epochs view (`view=epochs`: the
    // Pocket PLA post's 100 points, say) steps over the points it placed,
    // again and again, as the page's Epochs does (controller.js, advance).
    this.epochs = /(?:^|&)view=epochs(?:&|$)/.test(hash);
    this.curves.define();
    fillLegend(this);
    this.buildControls();
    showLayers(this, hash, { theory: theoryPlace, truth: truthPlace });
    this.showExercise(exercisePlace);
    this.loop.changed();
    if (!this.replaying) this.lookBack();
  }

  /** A link's `at=` (the playground's timeline looking back at a sample): the figure opens there, once replayed. */
  lookBack() {
    const at = /(?:^|&)at=(\d+)(?:&|$)/.exec(this.goodHash ?? '')?.[1];
    if (at === undefined || this.past) return;
    import('./js/timeline.js').then((m) => m.seek(this, Number(at))).catch((e) => this.fail(e));
  }

  /** The `exercise` attribute's exercise with its settings (js/exercise.js, loaded then), or none. */
  showExercise(place) {
    if (!this.hasAttribute('exercise')) {
      this.exerciseLayer?.detach();
      return;
    }
    const raw = Object.fromEntries(EXERCISE_KEYS.map((key) => [key, this.getAttribute(key)]));
    import('./js/exercise.js').then((m) => m.attachExercise(this, place, raw)).catch((e) => this.fail(e));
  }

  /** The exercise's state for a course page: { kind, rounds, done, score, results }, or null without one. */
  get exercise() {
    return this.exerciseLayer?.summary() ?? null;
  }

  // ---- what scripts call (the notebook widget; step and feed are the controller's) ----

  play() { this.setPlaying(true); }
  pause() { this.setPlaying(false); }

  /**
   * Queues rows a script gives (`el.feed(x, y)`: a notebook's arrays),
   * learned in order in place of the stream. Their code (js/embed-feed.js)
   * loads on the first feed.
   */
  async feed(x, y) {
    (this.fed ??= new (await import('./js/embed-feed.js')).Fed()).add(x, y);
  }

  /** Once rows are fed, a step learns them (none: nothing, and a playing figure pauses). */
  advance(n) {
    if (!this.fed) return super.advance(n);
    this.perform((pg) => this.fed.learn(pg, n));
    if (!this.fed.left && this.playing) this.setPlaying(false);
  }

  buildControls() {
    const parts = figureControls(this);
    this.bar.replaceChildren(...parts);
    this.bar.hidden = parts.length === 0;
  }

  // ---- what the controller asks of the element (js/controller.js) ----

  /** After an action: its error line goes, its link is the one to recover to, and a setting that learns the samples again replays. */
  acted() {
    this.message.hidden = true;
    this.goodHash = this.figure.pg.hash('');
    this.replayRest({});
  }

  /** A long replay: a slice per frame (js/replay-frames.js, loaded then), its progress in the status line. */
  finishReplay(run, pgs) {
    const progress = (f) => { this.status.line.textContent = t('Replaying the session: {share}', { share: percent(Math.floor(f * 100) / 100, 0) }); };
    import('./js/replay-frames.js').then((m) => m.finishReplay(this, pgs, run, progress)).then((end) => {
      if (!end) return; // the figure was rebuilt meanwhile
      this.curves.define();
      this.changed();
      if (end === 'done') this.lookBack();
    }, (error) => {
      if (this.replaying === run) this.replaying = null; // its code could not be loaded
      this.fail(error);
    });
  }

  showPlaying(playing) {
    if (!this.playButton) return;
    this.playButton.textContent = playing ? t('Pause') : t('Play');
    this.playButton.setAttribute('aria-pressed', String(playing));
  }

  showError(text) {
    this.message.textContent = text;
    this.message.hidden = false;
  }

  /** After a trap: the session rebuilt from a link, in the same figure. */
  restore(hash) {
    this.figure.rebuild(hash);
  }
}

/**
 * Why a figure's settings were refused: the core's reason, without the
 * "shared link:" that a link's refusal starts with (a figure's settings
 * are its attributes, or embed.html's hash, not a link someone shared).
 */
function settingsProblem(error) {
  const inner = error?.code === 'shared-link' ? error.args?.why?.message : null;
  return inner ? say(inner) : message(error);
}

if (!customElements.get('online-learner')) customElements.define('online-learner', OnlineLearner);

export { Playground };
