// The page's own controls: the views, the learner menu and Compare's
// checklist (both from the catalogue), the run buttons and speed, and the
// tool a click uses. The settings' controls are settings-panel.js's.
import { FAMILIES, label, learner, learnersFor, paperLearners } from './catalogue.js';
import { MAX_COMPARED, MAX_SPEED } from './state.js';
import { count, message, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** The learner menu: the learners of the task (and of its classes), grouped by family. */
function learnerOptions(select, settings) {
  const able = learnersFor(settings.task, settings.classes, settings.multiclass);
  const groups = FAMILIES.map(([family, heading]) => {
    const group = document.createElement('optgroup');
    group.label = heading();
    group.append(...able.filter((l) => l.family === family).map((l) => new Option(l.label, l.name)));
    return group;
  }).filter((g) => g.children.length > 0);
  select.replaceChildren(...groups);
}

/** Copies the link to this state (the address bar holds it in any case). */
async function share(app) {
  app.writeHash();
  // A link cannot hold a file: whoever opens it is asked for the file.
  const file = app.data?.name;
  try {
    await navigator.clipboard.writeText(location.href);
    $('share-msg').textContent = file ? t('Link copied: it opens this exact state once {file} is opened with it (a link cannot hold a file).', { file }) : t('Link copied: it opens this exact state.');
  } catch {
    $('share-msg').textContent = file ? t('The address bar now holds the link to this state once {file} is opened with it (a link cannot hold a file).', { file }) : t('The address bar now holds the link to this state.');
  }
}

const speedOf = (slider) => Math.round(10 ** Number(slider.value));
const formatSpeed = (n) => t('{n} samples/s', { n: count(n) });

export class Controls {
  constructor(app) {
    this.app = app;
    const on = (id, event, fn) => $(id).addEventListener(event, fn);
    on('algo', 'change', async (e) => {
      try {
        $('algo-msg').textContent = await app.setAlgorithm(e.target.value);
        $('algo-msg').classList.add('ok'); // a note on what changed, not an error
      } catch (error) {
        $('algo-msg').classList.remove('ok');
        $('algo-msg').textContent = message(error);
      }
    });
    on('paper-eight', 'click', () => app.setCompared(paperLearners()));
    on('speed', 'input', (e) => {
      $('speed-out').value = formatSpeed(speedOf(e.target));
      app.setSpeed(speedOf(e.target));
    });
    $('speed').max = String(Math.log10(MAX_SPEED));
    on('play', 'click', () => app.togglePlay());
    on('step', 'click', () => app.step());
    on('reset', 'click', () => app.reset());
    on('clear', 'click', () => app.clear());
    on('theory', 'click', () => app.setTheory(!app.page.theory));
    on('truth', 'click', () => app.setTruth(!app.page.truth));
    on('share', 'click', () => share(app));
    // The Save buttons' code loads on the first click (save-buttons.js).
    for (const id of ['save-png', 'save-points', 'save-curves', 'save-model', 'record', 'save-gif', 'embed', 'share-empty', 'copy-command', 'copy-python']) {
      on(id, 'click', () => import('./save-buttons.js').then((m) => m.save(id, app)).catch((e) => app.fail(e)));
    }
    on('draw-mode', 'click', () => this.setDrawing(!app.drawing));
    for (const button of document.querySelectorAll('[data-tool]')) {
      button.addEventListener('click', () => this.setTool(button.dataset.tool));
    }
    for (const button of document.querySelectorAll('button[data-view]')) {
      button.addEventListener('click', () => app.setView(button.dataset.view));
    }
    on('error-close', 'click', () => app.clearError());
    on('help-open', 'click', () => app.showHelp());
  }

  /** Draw mode (touch): every touch on the plane adds a point instead of scrolling. */
  setDrawing(drawing) {
    this.app.drawing = drawing;
    document.body.dataset.drawing = String(drawing);
    $('draw-mode').setAttribute('aria-pressed', String(drawing));
  }

  /** Which class a click adds ("1", "-1") or "erase"; a class greyed out is refused with why. */
  setTool(tool) {
    const button = document.querySelector(`[data-tool="${tool}"]`);
    if (button?.disabled) {
      this.app.showError($('tools-why').textContent);
      return;
    }
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
    learnerOptions($('algo'), settings);
    // Six of the paper's eight are kernel learners: two classes only.
    const many = settings.task === 'classification' && settings.classes > 2;
    const why = many ? t('Greyed out: six of the eight are kernel learners, which learn two classes only; this session has {k}.', { k: settings.classes }) : '';
    $('paper-eight').disabled = many;
    $('paper-eight').title = why;
    $('paper-eight-why').textContent = why;
    this.syncClasses(settings.task === 'classification' ? settings.classes : 0);
    this.syncMoreClasses(settings, page);
    $('algo').value = settings.algorithm;
    $('speed').value = String(Math.log10(page.speed));
    $('speed-out').value = formatSpeed(Math.round(page.speed));
    $('theory').setAttribute('aria-pressed', String(page.theory));
    $('truth').setAttribute('aria-pressed', String(page.truth));
    this.syncCompare(page, settings);
  }

  /**
   * Classes 3 to 6 greyed out while a learner shown cannot learn them by
   * the session's reduction (the kernel learners learn two classes only),
   * with why beside them: a click on the plane would be refused.
   */
  syncMoreClasses(settings, page) {
    const shown = page.view === 'compare' ? page.algos : [settings.algorithm];
    const refuses = settings.task === 'classification' ? shown.find((name) => !(learner(name)?.multiclass ?? []).includes(settings.multiclass)) : undefined;
    const why = refuses ? t('Classes 3 to 6 are greyed out: {learner} cannot learn more than two classes by {reduction}.', { learner: label(refuses), reduction: settings.multiclass }) : '';
    for (const button of document.querySelectorAll('[data-tool]')) {
      if (!['3', '4', '5', '6'].includes(button.dataset.tool)) continue;
      button.disabled = Boolean(refuses);
    }
    $('tools-why').textContent = why;
    if (refuses && ['3', '4', '5', '6'].includes(this.app.tool)) this.setTool('1');
  }

  /**
   * The class picker: +1 and -1 with two classes, 1 to K with more (the
   * same two first); a click with 3 to 6 adds that class.
   */
  syncClasses(classes) {
    const many = classes > 2;
    for (const button of document.querySelectorAll('[data-tool]')) {
      const tool = button.dataset.tool;
      if (tool !== '1' && tool !== '-1') continue;
      const text = many ? (tool === '1' ? ' 1' : ' 2') : (tool === '1' ? ' +1' : ' \u22121');
      if (button.lastChild.textContent !== text) button.lastChild.textContent = text;
    }
  }

  syncCompare(page, settings) {
    // A button per family (compare-families.js, loaded when Compare is first shown).
    if (page.view === 'compare') import('./compare-families.js').then((m) => m.syncFamilies(this.app, page, settings));
    const box = $('compare-algos');
    box.replaceChildren(...learnersFor(settings.task, settings.classes, settings.multiclass).map((learner) => {
      const label = document.createElement('label');
      const check = document.createElement('input');
      check.type = 'checkbox';
      check.value = learner.name;
      check.checked = page.algos.includes(learner.name);
      check.addEventListener('change', () => {
        const chosen = [...box.querySelectorAll('input:checked')].map((c) => c.value);
        if (chosen.length < 2 || chosen.length > MAX_COMPARED) {
          check.checked = !check.checked;
          this.app.showError(t('Compare shows two to {n} learners.', { n: MAX_COMPARED }));
          return;
        }
        this.app.setCompared(chosen);
      });
      label.append(check, learner.label);
      return label;
    }));
  }

  setPlaying(playing) {
    $('play').textContent = playing ? t('Pause') : t('Play');
    $('play').setAttribute('aria-pressed', String(playing));
  }
}
