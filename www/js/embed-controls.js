// The <online-learner> element's control bar: the controls its `controls`
// attribute lists, each shown only when the figure's learner uses it.
import { FAMILIES, isSecondOrder, learnersFor } from './catalogue.js';
import { element } from './dom.js';
import { count, percent, t, usePart } from './i18n.js';
import { needsFull } from './wasm.js';

/** The controls that copy or save the figure rather than run it: a row of their own, under the others. */
const ACTIONS = ['gif', 'command', 'python'];

/**
 * The control bar's parts for `host` (an OnlineLearner): the controls that
 * run the figure, then on a row of their own its actions (Save GIF, Copy
 * as command, Copy as Python), so that two figures side by side whose
 * settings differ (PA-I's C slider beside PA, which has none) keep their
 * actions on the same row and their bars the same height.
 */
export function figureControls(host) {
  const run = controlParts(host, host.controls.filter((name) => !ACTIONS.includes(name)));
  const actions = controlParts(host, host.controls.filter((name) => ACTIONS.includes(name)));
  return run.length && actions.length ? [...run, element('span', { class: 'actions' }, ...actions)] : [...run, ...actions];
}

/** The parts of the controls `names`, in their order. */
function controlParts(host, names) {
  const pg = host.figure.pg;
  const parts = [];
  for (const name of names) {
    if (name === 'play') {
      host.playButton = element('button', { type: 'button', class: 'primary', 'aria-pressed': 'false' }, t('Play'));
      host.playButton.addEventListener('click', () => host.setPlaying(!host.playing));
      parts.push(host.playButton);
    } else if (name === 'step') {
      const step = element('button', { type: 'button' }, t('Step'));
      step.addEventListener('click', () => host.step(1));
      parts.push(step);
    } else if (name === 'reset') {
      const reset = element('button', { type: 'button' }, t('Reset'));
      reset.addEventListener('click', () => host.reset());
      parts.push(reset);
    } else if (name === 'c' && pg.in_force().includes('c')) {
      const c = pg.settings().c;
      const out = element('output', {}, String(c));
      const slider = element('input', { type: 'range', min: -2, max: 2, step: 0.01, value: Math.log10(c), 'aria-label': t('C, log scale from 0.01 to 100') });
      slider.addEventListener('input', () => {
        const value = +(10 ** Number(slider.value)).toPrecision(3);
        out.value = String(value);
        host.act((p) => p.set('c', String(value)));
      });
      parts.push(element('label', { class: 'field' }, 'C ', out, slider));
    } else if (name === 'noise') {
      const noise = pg.settings().noise;
      const out = element('output', {}, percent(noise, 0));
      const slider = element('input', { type: 'range', min: 0, max: 0.5, step: 0.01, value: noise, 'aria-label': t('Label noise') });
      slider.addEventListener('input', () => {
        out.value = percent(Number(slider.value), 0);
        host.act((p) => p.set('noise', slider.value));
      });
      parts.push(element('label', { class: 'field' }, `${t('noise')} `, out, slider));
    } else if (name === 'algo') {
      const select = element('select', { 'aria-label': t('Algorithm') });
      for (const [family, heading] of FAMILIES) {
        const members = learnersFor(pg.task()).filter((l) => l.family === family);
        if (members.length) select.append(element('optgroup', { label: heading() }, ...members.map((l) => new Option(l.label, l.name))));
      }
      select.value = pg.algorithm();
      select.addEventListener('change', async () => {
        if (needsFull(host.figure.pg.hash(''), select.value)) await host.moveToFull().catch((e) => host.fail(e));
        host.act((p) => p.set_algorithm(select.value));
        host.restart();
        fillLegend(host);
        host.buildControls();
      });
      parts.push(select);
    } else if (name === 'speed') {
      const slider = element('input', { type: 'range', min: 0, max: 4, step: 0.05, value: Math.log10(host.speed), 'aria-label': t('Samples per second, log scale') });
      slider.addEventListener('input', () => host.setAttribute('speed', String(Math.round(10 ** Number(slider.value)))));
      parts.push(element('label', { class: 'field' }, `${t('speed')} `, slider));
    } else if (name === 'gif') {
      // The same Save GIF as the page's, so an author makes the GIF from the figure they embed.
      const save = element('button', { type: 'button', title: t('An animated GIF for blogs that run no script') }, t('Save GIF'));
      save.addEventListener('click', async () => {
        const [{ GifPanel }] = await Promise.all([import('./gif-export.js'), usePart('save').catch(() => {})]);
        if (host.gifPanel?.root.isConnected) return;
        const place = element('div', {});
        host.bar.after(place);
        host.gifPanel = new GifPanel({
          figures: () => [host.figure],
          chart: () => (host.hasAttribute('curves') ? host.curves.chart.canvas : null),
          advance: (n) => { if (n > 0) host.act((p) => p.stream(n)); },
          draw: () => host.render(performance.now()),
          playing: () => host.playing,
          pause: () => host.setPlaying(false),
          stem: () => `onlinelearn-${host.figure.pg.algorithm()}-${host.figure.pg.counts().samples}`,
          place,
        });
      });
      parts.push(save);
    } else if (name === 'command') {
      // The page's Copy as command, for this figure's session.
      const copy = element('button', { type: 'button', title: t('onlinelearn replay: the same model from the command line') }, t('Copy as command'));
      copy.addEventListener('click', async () => {
        const { pageAddress, replayCommand } = await import('./command.js');
        const command = replayCommand(pageAddress(host.figure.pg.hash('')));
        try {
          await navigator.clipboard.writeText(command);
          copy.textContent = t('Command copied.');
        } catch {
          copy.title = command;
        }
      });
      parts.push(copy);
    } else if (name === 'python') {
      // The page's Copy as Python: the script writes the figure's samples
      // in (an embed saves no Points CSV), or the button says why not.
      const copy = element('button', { type: 'button', title: t('River or scikit-learn: the same weights from a Python script') }, t('Copy as Python'));
      copy.addEventListener('click', async () => {
        const { copyPython } = await import('./python.js');
        const { text, short } = await copyPython([host.figure]).catch((e) => ({ text: e.message, short: e.message }));
        copy.textContent = short;
        copy.title = text;
      });
      parts.push(copy);
    } else if (name === 'theory') {
      const on = host.theoryOn();
      const button = element('button', { type: 'button', 'aria-pressed': String(on), title: t('The best classifiers in hindsight, the bounds and the regret') }, t('Theory'));
      button.addEventListener('click', () => host.setAttribute('theory', on ? '0' : '1'));
      parts.push(button);
    } else if (name === 'truth') {
      const button = element('button', { type: 'button', 'aria-pressed': String(truthOn(host)), title: t('Show the true concept behind the preset, and move it by hand while the stream plays') }, t('Truth'));
      button.addEventListener('click', () => {
        host.truthShown = !truthOn(host);
        button.setAttribute('aria-pressed', String(host.truthShown));
        if (host.truthShown) showLayers(host, '', { truth: host.shadowRoot.querySelector('.truth-place') });
        else host.truth?.detach();
        host.loop.changed();
      });
      parts.push(button);
    } else if (name === 'timeline') {
      parts.push(timelineControl(host));
    } else if (name === 'class' && pg.task() === 'classification') {
      const group = element('span', { role: 'radiogroup', 'aria-label': t('What a click adds'), class: 'classes' });
      // +1 and −1, or with more classes 1 to K (their labels: 1, −1, 3 ...).
      const classes = pg.classes();
      const tools = classes > 2
        ? Array.from({ length: classes }, (_, k) => [String(k === 1 ? -1 : k + 1), t('Class {k}', { k: k + 1 })])
        : [['1', t('Class {k}', { k: '+1' })], ['-1', t('Class {k}', { k: '−1' })]];
      for (const [tool, text] of tools) {
        const button = element('button', { type: 'button', role: 'radio', 'aria-checked': String(host.tool === tool) }, text);
        button.addEventListener('click', () => {
          host.tool = tool;
          for (const b of group.children) b.setAttribute('aria-checked', String(b === button));
        });
        group.append(button);
      }
      parts.push(group);
    }
  }
  return parts;
}

/** What the marks on the plane mean, in one line (classification only). */
export function fillLegend(host) {
  const pg = host.figure.pg;
  const item = (mark, text) => element('span', {}, element('span', { class: mark }), ` ${text}`);
  host.legend.hidden = pg.task() !== 'classification';
  host.legend.replaceChildren(
    item('marker plus', '+1'),
    item('marker minus', '−1'),
    item('swatch boundary', 'f = 0'),
    item('swatch margin', 'f = ±1'),
    pg.is_kernel() ? item('swatch ring', t('support vector')) : item('swatch arrow', 'w'),
    ...(isSecondOrder(pg.algorithm()) ? [item('swatch band', t('±1 standard deviation of the boundary'))] : []),
  );
}

/**
 * The figure's timeline (`controls=timeline`): a slider over its samples;
 * dragging it shows the state after that sample, acting there forks (see
 * js/timeline.js, loaded with the full module on first use).
 */
function timelineControl(host) {
  const slider = element('input', { type: 'range', min: 0, max: 0, step: 1, value: 0, 'aria-label': t('The sample shown: drag to look back at any update') });
  const out = element('output', {});
  slider.addEventListener('input', () => import('./timeline.js').then((m) => m.seek(host, Number(slider.value))).catch((e) => host.fail(e)));
  let shown = '';
  host.timeline = {
    sync() {
      const [at, total] = host.figure.pg.position();
      if (`${at}/${total}` === shown) return;
      shown = `${at}/${total}`;
      slider.max = String(total);
      slider.value = String(at);
      out.value = at < total ? t('sample {t} of {n}', { t: count(at), n: count(total) }) : t('now: {n} samples', { n: count(total) });
    },
  };
  return element('label', { class: 'field timeline' }, slider, out);
}

/** Whether the figure shows the true concept: the Truth control pressed, else its `truth` attribute, else its link's `truth=1`. */
const truthOn = (host) => host.truthShown
  ?? (host.hasAttribute('truth') ? host.getAttribute('truth') !== '0' : /(^|&)truth=1(&|$)/.test(host.getAttribute('state') ?? ''));

/**
 * The layers over a figure, each loaded on first use: the Theory layer
 * (`theory`, `controls=theory`) and the teacher's hand (`truth`,
 * `controls=truth`). `places`: where each puts its panel.
 */
export function showLayers(host, hash, places) {
  if (places.theory && host.theoryOn(hash)) import('./theory.js').then((m) => m.attachTheory(host, places.theory)).catch((e) => host.fail(e));
  if (places.truth && truthOn(host)) import('./truth.js').then((m) => m.attachTruth(host, places.truth)).catch((e) => host.fail(e));
}
