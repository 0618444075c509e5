// The settings' controls, made from the catalogue (the learner core's
// settings table): a menu for a choice, a field for a number, a slider
// beside the two that readers play with, each with a one-line tooltip. Only
// the settings the learners on the page use are shown. Values go to the
// core as typed; a refused one shows the core's message beside its control.
import { catalogue, presetsFor } from './catalogue.js';
import { num } from './format.js';
import { element } from './dom.js';
import { message, percent, t, tr } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Shows (or clears) a control's message; returns whether it is valid. */
export function mark(input, message, ok = false) {
  const note = $(`${input.id.replace(/-(input|slider)$/, '')}-msg`);
  input.setAttribute('aria-invalid', message && !ok ? 'true' : 'false');
  if (note) {
    note.textContent = message ?? '';
    note.classList.toggle('ok', ok);
  }
  return !message || ok;
}

/** A slider's position for a value, and back. */
const toSlider = (s, v) => (s.log ? Math.log10(v) : v);
const fromSlider = (s, p) => (s.log ? +(10 ** p).toPrecision(3) : p);

export class SettingsPanel {
  /**
   * `places`: where each scope's controls go ({ learner, page, run });
   * `apply(name, text)`: applies a value (throws the core's message) and
   * returns a note to show, or ''; `freshSeed()` draws a new seed.
   */
  constructor(places, apply, freshSeed) {
    this.places = places;
    this.apply = apply;
    this.freshSeed = freshSeed;
    this.fields = new Map();
    this.build();
  }

  /** The controls, in the language shown (again after a switch; sync() then shows the values). */
  build() {
    for (const field of this.fields.values()) field.root.remove();
    this.fields.clear();
    this.from = catalogue();
    for (const card of this.from.settings) {
      const place = this.places[card.scope];
      if (!place) continue;
      const field = this.field(card);
      this.fields.set(card.name, field);
      place.append(field.root);
    }
  }

  field(card) {
    const id = card.name;
    const describedBy = `${id}-help ${id}-msg`;
    const helpText = tr(card.help);
    const name = tr(card.label);
    const help = element('span', { id: `${id}-help`, class: 'visually-hidden' }, helpText);
    const control = card.kind === 'choice'
      ? element('select', { id, title: helpText, 'aria-describedby': describedBy })
      : element('input', { id, type: 'text', class: 'num', title: helpText, 'aria-describedby': describedBy, inputmode: card.kind === 'real' ? 'decimal' : 'numeric', autocomplete: 'off', spellcheck: false });
    if (card.kind === 'choice') control.append(...card.words.map((w) => new Option(w, w)));
    if (card.kind === 'optional') control.placeholder = 'none'; // the word the field reads
    const label = element('label', { for: id, title: helpText }, capitalise(name));
    const output = card.slider ? element('output', { for: id }) : null;
    if (output) label.append(' ', output);
    const root = element('div', { class: 'field setting', 'data-setting': id }, label);
    let slider = null;
    if (card.slider) {
      const s = card.slider;
      slider = element('input', { id: `${id}-slider`, type: 'range', min: toSlider(s, s.min), max: toSlider(s, s.max), step: 0.01, 'aria-label': s.log ? t('{setting}, log scale', { setting: name }) : name, title: helpText });
      slider.addEventListener('input', () => {
        const value = fromSlider(s, Number(slider.value));
        control.value = String(value);
        this.commit(card, control, String(value));
      });
      root.append(element('div', { class: 'row' }, slider, control));
    } else if (id === 'seed') {
      // A fresh seed from the browser's random source (getrandom in wasm).
      const fresh = element('button', { type: 'button', id: 'new-seed', title: t('Draw a new random seed: another stream, another run of a randomised learner') }, t('New seed'));
      fresh.addEventListener('click', () => {
        const seed = String(this.freshSeed());
        control.value = seed;
        this.commit(card, control, seed);
      });
      root.append(element('div', { class: 'row' }, control, fresh));
    } else {
      root.append(control);
    }
    // A menu says why a choice is greyed out (the learners that refuse it), in sight.
    const why = card.kind === 'choice' ? element('p', { class: 'hint why', id: `${id}-why` }) : null;
    if (why) control.setAttribute('aria-describedby', `${describedBy} ${id}-why`);
    root.append(help, ...(why ? [why] : []), element('p', { class: 'msg', id: `${id}-msg`, 'aria-live': 'polite' }));
    const field = { root, control, slider, output, card, why, help: helpText, inForce: '' };
    control.addEventListener('change', () => this.commit(card, control, control.value));
    return field;
  }

  commit(card, control, text) {
    // The note, or a promise of it when the value waits for the full module (App.setSetting).
    new Promise((resolve) => resolve(this.apply(card.name, text.trim()))).then((note) => mark(control, note || null, Boolean(note)), (error) => {
      // The message names what was refused; the control shows what is in force.
      mark(control, message(error));
      const field = this.fields.get(card.name);
      control.value = field.inForce;
      if (field.slider && field.inForce !== '') field.slider.value = String(toSlider(card.slider, Number(field.inForce)));
    });
  }

  /** Greys out the choices the learners refuse (`refused`: 'setting=word' → their names), saying why. */
  greyOut(name, field, refused) {
    const say = (learners, choices) => t('Not available with {learners}: {choices}.', { learners, choices: choices.join(', ') });
    const groups = new Map(); // the learners that refuse → the choices they refuse
    for (const option of field.control.options) {
      const learners = refused.get(`${name}=${option.value}`)?.join(', ');
      option.disabled = Boolean(learners);
      option.title = learners ? say(learners, [option.value]) : '';
      if (learners) groups.set(learners, [...(groups.get(learners) ?? []), option.value]);
    }
    const reason = [...groups].map(([learners, choices]) => say(learners, choices)).join(' ');
    if (field.why.textContent !== reason) field.why.textContent = reason;
    field.control.title = reason ? `${field.help}\n${reason}` : field.help;
  }

  /**
   * Shows the values now, and only the controls in force (`inForce`, a
   * Set of names). The preset menu lists the presets of `task`; a choice
   * a learner refuses (`refused`: 'setting=word' → the names of the
   * learners that refuse it) is greyed out, and the menu says why.
   */
  sync(settings, inForce, task, refused = new Map()) {
    // The full module's catalogue has the help the first leaves out (the
    // kernel learners' and LIBOL's settings): once it is loaded, again.
    if (this.from !== catalogue()) this.build();
    for (const [name, field] of this.fields) {
      field.root.hidden = !inForce.has(name);
      if (name === 'preset') {
        const names = presetsFor(task);
        if ([...field.control.options].map((o) => o.value).join() !== names.join()) {
          field.control.replaceChildren(...names.map((n) => new Option(n, n)));
        }
      }
      if (field.why) this.greyOut(name, field, refused);
      const value = settings[name];
      const text = value === null ? '' : String(value);
      field.inForce = text;
      if (document.activeElement !== field.control) field.control.value = text;
      if (field.slider && value !== null) {
        field.slider.value = String(Math.min(field.slider.max, Math.max(field.slider.min, toSlider(field.card.slider, value))));
      }
      if (field.output) field.output.value = field.card.share ? percent(value, 0) : num(value);
    }
  }

  /** Clears every refusal (a new session). */
  clearMarks() {
    for (const field of this.fields.values()) {
      if (field.control.getAttribute('aria-invalid') === 'true') mark(field.control, null);
    }
  }
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
