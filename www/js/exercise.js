// Exercises: predict, then reveal (issue 35). An exercise pauses the
// stream, asks, takes the answer, then reveals the truth (the session's
// own learner learns the sample: the update is the playground's, and the
// link of the exercise's state replays to it in `onlinelearn replay`) and
// scores it. This file is the layer every exercise shares, on the page
// (the Exercises view) and in the element (its `exercise` attribute): the
// rounds, the tries, the buttons, the score, the `exercise-answered`
// event and what `el.exercise` reports; each exercise's own question,
// judgement and drawing are in exercise-<kind>.js, loaded when asked for.
// Loaded on first use (the first load does not carry it).
import { element, placeStyled } from './dom.js';
import { count, language, t, usePart } from './i18n.js';
import { describe, readSettings, settingAttributes, settingKeys } from './exercise-settings.js';

/** The layer's stylesheet (the handles bring their own truth.css: truth-handles.js). */
const SHEET = new URL('../exercise.css', import.meta.url).href;

/** Each exercise's code, loaded when it is first asked for (the available ones: exercise-settings.js). */
const KIND_CODE = {
  'where-next': () => import('./exercise-where-next.js'),
  'you-vs-learner': () => import('./exercise-you-vs-learner.js'),
  adversary: () => import('./exercise-adversary.js'),
  'by-hand': () => import('./exercise-by-hand.js'),
};

/**
 * The layer on `host` (the App or an OnlineLearner: `figures`, `perform`,
 * `loop`), its panel in `place`, with the settings `raw` (key → text, see
 * exercise-settings.js). `fresh`: a new exercise (the rounds start again)
 * rather than the same one on rebuilt figures (a language switch, a move
 * to the full module). Resolves to the layer.
 */
export async function attachExercise(host, place, raw, { fresh = false } = {}) {
  await usePart('exercise').catch(() => {}); // without its words, in English
  const { setup, problems } = readSettings(raw);
  if (problems.length) host.showError(problems.join(' '));
  if (!setup.kind) {
    host.exerciseLayer?.detach(); // no exercise (refused, and said): the figure as it is
    return null;
  }
  let layer = host.exerciseLayer;
  if (!layer || fresh || settingKeys(layer.setup) !== settingKeys(setup)) {
    layer?.detach();
    layer = host.exerciseLayer = new ExerciseLayer(host, place, setup);
  } else if (layer.place !== place) {
    // The same exercise in a rebuilt panel (the element's shadow tree): its rounds go on.
    layer.place = place;
    placeStyled(place, layer.root, SHEET);
  }
  await layer.define();
  return layer;
}

export class ExerciseLayer {
  constructor(host, place, setup) {
    this.host = host;
    this.place = place;
    this.setup = setup;
    this.results = []; // each answered round's { round, answer, truth, score, right, tries }
    this.round = 0;
    this.tries = 0;
    this.state = 'idle'; // 'asking', 'revealed', 'done', or 'refused' (the exercise does not apply)
    this.ticket = 0; // the question being prepared: a newer one makes an older one moot
    this.stamp = 0; // the drawing's key: what the plane shows changed
    this.expected = ''; // the session's link after the layer's own last action
    this.heading = element('h2', {});
    this.progress = element('p', { class: 'exercise-progress' });
    this.body = element('div', { class: 'exercise-body' });
    this.feedback = element('p', { class: 'exercise-feedback', role: 'status', 'aria-live': 'polite' });
    this.buttons = element('div', { class: 'exercise-buttons', role: 'group', 'aria-label': t('Exercise') });
    this.root = element('section', { class: 'exercise', 'aria-label': t('Exercise') },
      this.heading, this.progress, this.body, this.feedback, this.buttons);
    placeStyled(place, this.root, SHEET);
  }

  get pg() {
    return this.host.figure.pg;
  }

  get figure() {
    return this.host.figure;
  }

  /** New figures (a build, a language switch): the exercise goes on with them, or starts. */
  async define() {
    // Kept through a language switch: its names follow.
    for (const part of [this.root, this.buttons]) part.setAttribute('aria-label', t('Exercise'));
    for (const figure of this.host.figures) {
      figure.decors.exercise = { key: '', draw: (ctx, plane) => this.kind?.draw(ctx, plane, figure) };
    }
    this.kind ??= new (await KIND_CODE[this.setup.kind]()).Exercise(this);
    this.kind.attach?.(this.figure);
    // The session as the exercise found it: the link a teacher hands out starts there.
    this.start ??= this.pg.hash('');
    if (this.preparing) return; // a question under way moved the session (to the full module): it goes on
    if (this.state === 'idle') await this.next();
    else if (this.state === 'asking' && this.changedOutside()) await this.ask(t('The session changed: this round asks again from where the learner is now.'));
    else this.render();
  }

  /** Off: the panel, the drawing and the handles go; the stream is free. */
  detach() {
    this.ticket++;
    this.preparing = false;
    this.kind?.detach?.();
    for (const figure of this.host.figures) {
      delete figure.decors.exercise;
      figure.redraw();
    }
    this.place.replaceChildren();
    this.place.hidden = true;
    if (this.host.exerciseLayer === this) this.host.exerciseLayer = null;
    this.host.loop.changed();
  }

  // ---- the rounds ----

  /** Whether the stream waits for the exercise (play and step do nothing while it asks or shows an answer). */
  holding() {
    return this.state === 'asking' || this.state === 'revealed';
  }

  /** The next round (`note`: what the panel keeps saying as it asks), or the end. */
  async next(note = '') {
    if (this.round >= this.setup.rounds) return this.end();
    this.round++;
    await this.ask(note);
  }

  /** Asks the round's question (again, with `note`, after the session changed under it). */
  async ask(note) {
    const ticket = ++this.ticket;
    this.tries = 0;
    this.feedback.textContent = note;
    const refusal = this.kind.refusal(this.pg);
    if (refusal) {
      this.state = 'refused';
      this.render(refusal);
      return;
    }
    this.state = 'asking';
    this.expected = this.pg.hash('');
    this.preparing = true;
    try {
      await this.kind.ask(this.round); // its own actions on the session go through act()
    } finally {
      if (ticket === this.ticket) this.preparing = false;
    }
    if (ticket !== this.ticket) return;
    this.expected = this.pg.hash('');
    this.render();
    this.redraw();
  }

  /** The reader answers: judged by the session's own learner (a copy, until the round ends). */
  answer() {
    if (this.state !== 'asking') return;
    const judged = this.kind.judge();
    if (!judged) return; // the answer is not complete: the exercise said what is missing
    this.tries++;
    if (judged.right || this.setup.tries === '1') return this.finish(judged);
    this.feedback.textContent = `${this.setup.score ? judged.hint : t('Not right yet.')} ${t('Try again.')}`;
    this.render();
  }

  /** The round ends (answered, given up, or played): the session learns, the truth shows, the event goes out. */
  finish(judged, { gaveUp = false } = {}) {
    const result = this.kind.reveal(judged);
    this.expected = this.pg.hash('');
    const round = { kind: this.setup.kind, round: this.round, tries: this.tries, ...result, right: !gaveUp && result.right };
    this.results.push(round);
    this.state = 'revealed';
    this.feedback.textContent = this.kind.verdict(round, { score: this.setup.score, reveal: this.setup.reveal, gaveUp });
    this.render();
    this.redraw();
    const event = new CustomEvent('exercise-answered', { detail: round, bubbles: true, composed: true });
    (this.host instanceof EventTarget ? this.host : document).dispatchEvent(event);
    // An exercise whose every answer is a move of its own (the adversary's point) asks again at once, its verdict kept.
    if (this.kind.autoNext && this.round < this.setup.rounds) this.next(this.feedback.textContent).catch((e) => this.host.fail(e));
  }

  /** After the last round: the score, and the way to start again. */
  end() {
    this.state = 'done';
    this.ticket++;
    this.feedback.textContent = this.setup.score ? this.kind.total(this.results) : t('Done: {n} rounds answered.', { n: count(this.results.length) });
    this.render();
    this.redraw();
  }

  /** The same exercise from its first round, on the session as it is now. */
  restart() {
    this.results = [];
    this.round = 0;
    this.state = 'idle';
    this.kind.restart?.();
    return this.next();
  }

  // ---- what the exercises ask of the layer ----

  /** An action on the session by the exercise itself (not a change from outside). */
  act(action) {
    this.host.perform(action);
    this.expected = this.pg.hash('');
  }

  /** The plane shows something new (a guess moved, an answer revealed). */
  redraw() {
    this.stamp++;
    for (const figure of this.host.figures) {
      if (figure.decors.exercise) figure.decors.exercise.key = `${this.state}:${this.stamp}`;
    }
    this.host.loop.changed();
  }

  /** Whether the session changed since the layer's own last action (Reset, a setting, another learner, a click). */
  changedOutside() {
    return this.pg.hash('') !== this.expected;
  }

  /** A frame: an answer's animation goes on; a change from outside asks the round again. */
  frame(now) {
    if (this.host.replaying || !this.kind || this.preparing) return;
    if (this.state === 'asking' && this.changedOutside()) {
      this.ask(t('The session changed: this round asks again from where the learner is now.')).catch((e) => this.host.fail(e));
      return;
    }
    if (this.state === 'refused' && !this.kind.refusal(this.pg)) {
      this.ask('').catch((e) => this.host.fail(e));
      return;
    }
    if (this.kind.animating?.(now)) this.redraw();
  }

  /** A click on the plane while the exercise runs: the exercise's (a point placed), or refused with a word. */
  takes(x, y) {
    if (this.state === 'done' || this.state === 'refused') return false;
    if (this.kind.place?.(x, y)) return true;
    this.feedback.textContent = t('The plane takes no points during this exercise: answer with the controls below the plane.');
    return true;
  }

  /** A step or play while the exercise holds the stream: said, not done. */
  nudge() {
    this.feedback.textContent = t('The stream waits for the exercise: answer the round (or leave the exercise) first.');
  }

  /** What `el.exercise` reports: { kind, rounds, done, score, results }. */
  summary() {
    return {
      kind: this.setup.kind,
      rounds: this.setup.rounds,
      done: this.results.length,
      score: this.kind ? this.kind.score(this.results) : 0,
      results: this.results.map((r) => ({ ...r })),
    };
  }

  // ---- the panel ----

  render(refusal = this.state === 'refused' ? this.kind.refusal(this.pg) : '') {
    const [name, what] = describe(this.setup.kind);
    this.heading.textContent = name;
    this.progress.textContent = this.state === 'done' || this.state === 'refused'
      ? what
      : t('Round {k} of {n}. {what}', { k: count(this.round), n: count(this.setup.rounds), what });
    if (refusal) {
      this.body.replaceChildren(element('p', { class: 'exercise-refusal' }, refusal), ...(this.kind.remedy?.() ?? []));
    } else {
      this.kind.render(this.body, this.state);
    }
    this.buttons.replaceChildren(...this.controls());
  }

  /** The buttons the state offers. */
  controls() {
    const button = (text, run, primary = false) => {
      const b = element('button', { type: 'button', class: primary ? 'primary' : '' }, text);
      b.addEventListener('click', () => Promise.resolve(run()).catch((e) => this.host.fail(e)));
      return b;
    };
    const out = [];
    if (this.state === 'asking' && !this.kind.selfAnswering) out.push(button(t('Answer'), () => this.answer(), true));
    if (this.state === 'asking' && this.setup.tries === 'unlimited' && this.tries > 0) {
      out.push(button(this.setup.reveal ? t('Show the answer') : t('Skip this round'), () => this.finish(this.kind.judge(true), { gaveUp: true })));
    }
    if (this.state === 'revealed') out.push(button(this.round >= this.setup.rounds ? t('See the score') : t('Next round'), () => this.next(), true));
    if (this.state === 'done') out.push(button(t('Start again'), () => this.restart(), true));
    // The page's: the links a teacher hands out, and the way back to the list.
    if (this.host.page) {
      out.push(button(t('Copy the link (the same challenge for everyone)'), () => this.copyLink(false)));
      out.push(button(t('Copy the link (a new seed for each student)'), () => this.copyLink(true)));
      out.push(button(t('Copy embed code'), () => this.copyEmbed()));
      out.push(button(t('Leave the exercise'), () => this.host.leaveExercise()));
    }
    return out;
  }

  /** The page's link to this exercise as it started (its settings, its seed or a fresh one for each reader). */
  async copyLink(newSeed) {
    const { pageExtras } = await import('./state.js');
    const page = { ...this.host.page, exercise: null };
    let hash = `${this.start ?? this.pg.setup_hash()}&${pageExtras(page)}&${settingKeys(this.setup)}`;
    if (newSeed) hash = /(^|&)seed=/.test(hash) ? hash.replace(/(^|&)seed=[^&]*/, '$1seed=new') : `${hash}&seed=new`;
    const link = `${location.origin}${location.pathname}#${hash}`;
    await this.copy(link, newSeed ? t('Link copied: each student who opens it gets a fresh seed, so answers cannot be passed on.') : t('Link copied: everyone who opens it gets the same challenge.'));
  }

  /** The element's code for this exercise as it is set up, on the session as it started. */
  async copyEmbed() {
    const base = new URL('.', location.href).href;
    const lang = language() === 'en' ? '' : ` lang="${language()}"`;
    const code = [
      `<script type="module" src="${base}embed.js"></script>`,
      `<online-learner state="${this.start ?? this.pg.setup_hash()}"${lang}${settingAttributes(this.setup)}></online-learner>`,
    ].join('\n');
    await this.copy(code, t('Embed code copied: the exercise as it is set up, in one element.'));
  }

  /** `text` to the clipboard, and `said` in the panel (or, without a clipboard, the text itself to copy by hand). */
  async copy(text, said) {
    this.copied = text; // for the browser tests (a headless clipboard may refuse)
    try {
      await navigator.clipboard.writeText(text);
      this.feedback.textContent = said;
    } catch {
      this.feedback.textContent = text;
    }
  }
}
