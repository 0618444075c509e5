// The control panel: fills the menus, keeps sliders and text fields in
// step, refuses invalid values with a message next to the control, and
// calls the app's handlers with clean values only.
import { ALGORITHMS, CLASSIFICATION_PRESETS, KERNEL, LABELS, LINEAR, MAX_COMPARED, MAX_SPEED, PAPER_EIGHT } from './state.js';

const $ = (id) => document.getElementById(id);

/** Shows (or clears) the message of a control; returns whether it is valid. */
export function mark(input, message) {
  const note = $(`${input.id.replace(/-(input|slider)$/, '')}-msg`);
  input.setAttribute('aria-invalid', message ? 'true' : 'false');
  if (note) note.textContent = message ?? '';
  return !message;
}

/** Runs a handler; an error it throws becomes the control's message. */
function attempt(input, handler) {
  try {
    handler();
    mark(input, null);
  } catch (error) {
    mark(input, error.message ?? String(error));
  }
}

function options(select, values, labels = {}) {
  select.replaceChildren(...values.map((value) => new Option(labels[value] ?? value, value)));
}

/** The algorithm menu: linear and kernel learners in two groups. */
function algorithmOptions(select, values) {
  const groups = [['Linear', LINEAR], ['Kernel (Gaussian)', KERNEL]].map(([label, members]) => {
    const group = document.createElement('optgroup');
    group.label = label;
    group.append(...members.filter((a) => values.includes(a)).map((a) => new Option(LABELS[a], a)));
    return group;
  }).filter((g) => g.children.length > 0);
  select.replaceChildren(...groups);
}

const speedOf = (slider) => Math.round(10 ** Number(slider.value));
const formatSpeed = (n) => `${n.toLocaleString('en')} samples/s`;

export class Controls {
  constructor(app) {
    this.app = app;
    const on = (id, event, fn) => $(id).addEventListener(event, fn);

    on('preset', 'change', (e) => attempt(e.target, () => app.setPreset(e.target.value)));
    on('seed', 'change', (e) => {
      const text = e.target.value.trim();
      if (!/^\d{1,15}$/.test(text)) return mark(e.target, 'The seed is a whole number from 0 to 999999999999999.');
      attempt(e.target, () => app.setSeed(Number(text)));
    });
    on('noise', 'input', (e) => {
      $('noise-out').value = `${Math.round(Number(e.target.value) * 100)}%`;
      attempt(e.target, () => app.setParam('noise', Number(e.target.value)));
    });
    on('algo', 'change', (e) => attempt(e.target, () => app.setAlgorithm(e.target.value)));
    on('c-slider', 'input', (e) => {
      const c = +(10 ** Number(e.target.value)).toPrecision(3);
      $('c-input').value = String(c);
      $('c-out').value = String(c);
      attempt($('c-input'), () => app.setParam('c', c));
    });
    on('c-input', 'change', (e) => {
      const c = Number(e.target.value.trim());
      if (!(Number.isFinite(c) && c > 0) || e.target.value.trim() === '') {
        return mark(e.target, 'C must be a positive number (the slider spans 0.01 to 100).');
      }
      $('c-slider').value = String(Math.min(2, Math.max(-2, Math.log10(c))));
      $('c-out').value = String(c);
      attempt(e.target, () => app.setParam('c', c));
    });
    on('lr', 'change', (e) => {
      const lr = Number(e.target.value.trim());
      if (!(Number.isFinite(lr) && lr > 0) || e.target.value.trim() === '') return mark(e.target, 'The learning rate must be a positive number.');
      attempt(e.target, () => app.setParam('lr', lr));
    });
    on('eps', 'change', (e) => {
      const eps = Number(e.target.value.trim());
      if (!(Number.isFinite(eps) && eps >= 0) || e.target.value.trim() === '') return mark(e.target, 'ε must be zero or a positive number.');
      attempt(e.target, () => app.setParam('eps', eps));
    });
    on('bias', 'change', (e) => attempt(e.target, () => app.setBias(e.target.value)));
    on('sigma', 'change', (e) => {
      const sigma = Number(e.target.value.trim());
      if (!(Number.isFinite(sigma) && sigma > 0) || e.target.value.trim() === '') return mark(e.target, 'σ must be a positive number (0.5 suits the plane).');
      attempt(e.target, () => app.setParam('sigma', sigma));
    });
    on('budget', 'change', (e) => {
      const text = e.target.value.trim().toLowerCase();
      const budget = text === '' || text === 'none' ? 0 : Number(text);
      if (!(Number.isInteger(budget) && budget >= 0 && budget <= 1000000)) return mark(e.target, 'The budget is a whole number of support vectors, or empty for none.');
      attempt(e.target, () => app.setParam('budget', budget));
    });
    on('eta', 'change', (e) => {
      const eta = Number(e.target.value.trim());
      if (!(Number.isFinite(eta) && eta >= 0) || e.target.value.trim() === '') return mark(e.target, 'η must be zero or a positive number.');
      attempt(e.target, () => app.setParam('eta', eta));
    });
    on('paper-eight', 'click', () => app.setCompared([...PAPER_EIGHT]));
    on('speed', 'input', (e) => {
      $('speed-out').value = formatSpeed(speedOf(e.target));
      app.setSpeed(speedOf(e.target));
    });
    on('play', 'click', () => app.togglePlay());
    on('step', 'click', () => app.step());
    on('reset', 'click', () => app.reset());
    on('share', 'click', () => app.share());
    on('load-pocket', 'click', () => app.loadPocketPoints());
    for (const button of document.querySelectorAll('[data-tool]')) {
      button.addEventListener('click', () => this.setTool(button.dataset.tool));
    }
    for (const button of document.querySelectorAll('button[data-view]')) {
      button.addEventListener('click', () => app.setView(button.dataset.view));
    }
    $('error-close').addEventListener('click', () => app.clearError());
  }

  /** Which class a click adds ("1", "-1") or "erase". */
  setTool(tool) {
    this.app.tool = tool;
    for (const button of document.querySelectorAll('[data-tool]')) {
      button.setAttribute('aria-checked', String(button.dataset.tool === tool));
    }
  }

  /** Shows the state the app is in (after a load, a view switch, a reset). */
  sync(settings, page) {
    document.body.dataset.view = page.view;
    for (const button of document.querySelectorAll('button[data-view]')) {
      button.setAttribute('aria-pressed', String(button.dataset.view === page.view));
    }
    const regression = settings.task === 'regression';
    options($('preset'), regression ? ['regression-1d'] : CLASSIFICATION_PRESETS);
    $('preset').value = settings.preset;
    algorithmOptions($('algo'), ALGORITHMS[settings.task]);
    $('algo').value = settings.algorithm;
    $('seed').value = String(settings.seed);
    $('noise').value = String(settings.noise);
    $('noise-out').value = `${Math.round(settings.noise * 100)}%`;
    $('c-input').value = String(settings.c);
    $('c-out').value = String(settings.c);
    $('c-slider').value = String(Math.min(2, Math.max(-2, Math.log10(settings.c))));
    $('lr').value = String(settings.lr);
    $('eps').value = String(settings.eps);
    $('bias').value = settings.bias;
    $('sigma').value = String(settings.sigma);
    $('budget').value = settings.budget > 0 ? String(settings.budget) : '';
    $('eta').value = String(settings.eta);
    $('speed').value = String(Math.log10(page.speed));
    $('speed-out').value = formatSpeed(Math.round(page.speed));
    this.syncCompare(page);
    for (const input of document.querySelectorAll('[aria-invalid="true"]')) mark(input, null);
  }

  syncCompare(page) {
    const box = $('compare-algos');
    box.replaceChildren(...ALGORITHMS.classification.map((algo) => {
      const label = document.createElement('label');
      const check = document.createElement('input');
      check.type = 'checkbox';
      check.value = algo;
      check.checked = page.algos.includes(algo);
      check.addEventListener('change', () => {
        const chosen = [...box.querySelectorAll('input:checked')].map((c) => c.value);
        if (chosen.length < 2 || chosen.length > MAX_COMPARED) {
          check.checked = !check.checked;
          this.app.showError(`Compare shows two to ${MAX_COMPARED} learners.`);
          return;
        }
        this.app.setCompared(chosen);
      });
      label.append(check, LABELS[algo]);
      return label;
    }));
  }

  setPlaying(playing) {
    $('play').textContent = playing ? 'Pause' : 'Play';
    $('play').setAttribute('aria-pressed', String(playing));
  }
}

export { MAX_SPEED };
