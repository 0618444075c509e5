// The Save buttons: the plane as PNG, the points and curves as CSV, the
// model as JSON (which opens again in the page), a WebM recording, an
// animated GIF (gif-export.js), the embed code, and beside the share link
// the link that starts empty (a lecture's), the command that rebuilds the
// session natively (command.js) and the Python script that relearns it
// with River or scikit-learn (python.js). This module and the saving code
// (export.js) load on the first click (controls.js wires the buttons):
// most visits never save, and the page's first download stays small.
import { isKernel, label } from './catalogue.js';
import * as state from './state.js';
import { language, t, usePart } from './i18n.js';
import { loadFullWithTexts } from './full-module.js';

const $ = (id) => document.getElementById(id);

/** What the button `id` does. */
export async function save(id, app) {
  // The saving code, and its words (the catalogues' save part).
  const [saving] = await Promise.all([import('./export.js'), usePart('save').catch(() => {})]);
  const handlers = {};
  const on = (name, fn) => { handlers[name] = fn; };
  const stem = () => {
    const pg = app.figures[0].pg;
    const source = app.data ? app.data.name.replace(/\.[^.]*$/, '') : app.settings().preset;
    return `onlinelearn-${app.figures.length > 1 ? 'compare' : pg.algorithm()}-${source}-${pg.counts().samples}`;
  };
  const saved = (name) => { $('save-msg').textContent = t('Saved {file}.', { file: name }); };
  on('save-png', async ({ download, planePng }) => {
    const name = `${stem()}.png`;
    download(await planePng(app.figures, $('chart-error')), name);
    saved(name);
  });
  on('save-points', async ({ download, pointsCsv }) => {
    const name = `${stem()}-points.csv`;
    const pg = app.figures[0].pg;
    const { transformOf } = await import('./units.js');
    const transform = transformOf(pg, app.data);
    download(new Blob([pointsCsv(pg, app.settings().task, transform)], { type: 'text/csv' }), name);
    $('save-msg').textContent = transform ? t("Saved {file}, in {data}'s own units.", { file: name, data: app.data.name }) : t('Saved {file}.', { file: name });
  });
  on('save-curves', ({ download, curvesCsv }) => {
    const name = `${stem()}-curves.csv`;
    download(new Blob([curvesCsv(app.figures, label, app.settings().task)], { type: 'text/csv' }), name);
    saved(name);
  });
  on('save-model', async ({ download, modelJson }) => {
    // The model's writer is in the full module only (src/wasm/page.rs says
    // why): the session moves there first, as on the timeline's first use.
    if (!app.figures[0].pg.model_export) {
      $('save-msg').textContent = t('Loading the full learner core, which writes the model…');
      await loadFullWithTexts();
      if (!(await app.withPast())) {
        $('save-msg').textContent = '';
        return;
      }
    }
    app.writeHash();
    const name = `${stem()}-model.json`;
    download(new Blob([modelJson(app.figures, state.pageExtras(app.page))], { type: 'application/json' }), name);
    saved(name);
  });
  on('record', async ({ download, Recorder }) => {
    const button = $('record');
    app.recorder ??= new Recorder();
    if (app.recorder.recording) {
      const seconds = ((performance.now() - app.recorder.started) / 1000).toFixed(1);
      const blob = await app.recorder.stop();
      button.setAttribute('aria-pressed', 'false');
      button.textContent = t('Record (WebM)');
      const name = `${stem()}.webm`;
      download(blob, name);
      $('save-msg').textContent = t('Saved {file} ({s} s).', { file: name, s: seconds });
    } else {
      if (!Recorder.supported()) throw new Error(t('this browser cannot record the canvas (no MediaRecorder)'));
      app.recorder.start(app.figures);
      app.loop.wake();
      button.setAttribute('aria-pressed', 'true');
      button.textContent = t('Stop recording');
      $('save-msg').textContent = t('Recording the plane: press Play, then Stop recording.');
    }
  });
  on('save-gif', async () => {
    const { GifPanel } = await import('./gif-export.js');
    if (app.gifPanel?.root.isConnected) return app.gifPanel.root.querySelector('input')?.focus();
    app.gifPanel = new GifPanel({
      figures: () => app.figures,
      chart: () => $('chart-error'),
      advance: (n) => { if (n > 0) app.advance(n); },
      draw: () => app.render(performance.now()),
      playing: () => app.playing,
      pause: () => app.setPlaying(false),
      stem,
      place: $('gif-place'),
    });
    app.gifPanel.root.querySelector('input')?.focus();
  });
  // A frame does not grow with its figure: at 440 px wide, the figure with
  // its explanation is 840 to 913 px tall (PA-I, AROW, the kernel
  // perceptron in the four languages), with the Theory layer up to 1,842
  // px for a linear learner and 2,333 for a kernel learner (measured in
  // Chromium, 2026-12-03; tests/e2e/embed-code.test.mjs), and fonts differ.
  const frameHeight = () => (!app.page.theory ? 960 : isKernel(app.settings().algorithm) ? 2450 : 1950);
  on('embed', async () => {
    app.writeHash();
    const base = new URL('.', location.href).href;
    const hash = app.goodHash;
    // The figure speaks the page's language (English needs no attribute).
    const lang = language() === 'en' ? '' : language();
    // The Theory layer, on here, is on in the link; its button lets the reader turn it off.
    const controls = `play,step,reset${app.page.theory ? ',theory' : ''}`;
    const code = [
      `<script type="module" src="${base}embed.js"></script>`,
      `<online-learner state="${hash}"${lang && ` lang="${lang}"`} controls="${controls}" explain></online-learner>`,
      '',
      '<!-- or, in a frame: -->',
      `<iframe src="${base}embed.html#${hash}${lang && `&lang=${lang}`}&controls=${controls}&explain=1" title="${t('Online learning playground')}" width="440" height="${frameHeight()}" loading="lazy"></iframe>`,
    ].join('\n');
    try {
      await navigator.clipboard.writeText(code);
      $('save-msg').textContent = app.data ? t('Embed code copied (the file is not in it: the figure will ask for it).') : t('Embed code copied.');
    } catch {
      $('save-msg').textContent = code;
    }
  });
  on('copy-command', async () => {
    app.writeHash();
    const { replayCommand } = await import('./command.js');
    const file = app.data?.name;
    const command = replayCommand(location.href, file);
    try {
      await navigator.clipboard.writeText(command);
      $('share-msg').textContent = file
        ? t('Command copied: onlinelearn replay needs {file} (--data) to rebuild this session.', { file })
        : t("Command copied: onlinelearn replay prints this session's summary, and with --json its model, to the bit.");
    } catch {
      $('share-msg').textContent = command;
    }
  });
  on('share-empty', async () => {
    // A lecture's link: this learner, its settings now and the view, with nothing learned.
    const link = `${location.origin}${location.pathname}#${state.emptyLink(app.figure.pg, app.page)}`;
    const note = app.data ? ` ${t('It opens on the preset: a link cannot hold {file}.', { file: app.data.name })}` : '';
    try {
      await navigator.clipboard.writeText(link);
      $('share-msg').textContent = t('Link copied: it opens these settings with nothing learned (no first-visit show, 0 samples).') + note;
    } catch {
      $('share-msg').textContent = link;
    }
  });
  on('copy-python', async () => {
    app.writeHash();
    const [{ copyPython }, { rule, transformOf }] = await Promise.all([import('./python.js'), import('./units.js')]);
    // Beyond a few hundred samples the script reads the Points CSV, which
    // holds the plane's own numbers only where no file was standardised.
    const about = (pg) => {
      const transform = transformOf(pg, app.data);
      return {
        csv: pg.on_plane() && !transform ? `${stem()}-points.csv` : null,
        standardised: transform && rule(transform, app.settings().task === 'regression'),
      };
    };
    $('share-msg').textContent = (await copyPython(app.figures, about)).text;
  });
  await handlers[id](saving);
}
