// The playground's long replay (replay-frames.js slices it): input waits
// behind a panel that shows a progress bar and Cancel once the replay has
// taken a second. Loaded only when a link is too long to replay at once.
import { finishReplay as sliceReplay } from './replay-frames.js';
import { message, percent, t } from './i18n.js';

/** Progress is shown once the replay has taken this long. */
const QUIET_MS = 1000;

/** The page's progress panel: invisible (but blocking input) for a second, then a bar and Cancel. */
export class ReplayOverlay {
  constructor(onCancel) {
    this.root = document.getElementById('replay');
    this.bar = document.getElementById('replay-progress');
    this.text = document.getElementById('replay-text');
    const cancel = document.getElementById('replay-cancel');
    cancel.onclick = onCancel;
    this.root.hidden = false;
    this.root.classList.remove('visible');
  }

  show(fraction, ms) {
    if (ms < QUIET_MS) return;
    if (!this.root.classList.contains('visible')) {
      this.root.classList.add('visible');
      document.getElementById('replay-cancel').focus();
    }
    this.bar.value = fraction;
    this.text.textContent = t('Replaying the session: {share}', { share: percent(Math.floor(fraction * 100) / 100, 0) });
  }

  hide() {
    this.root.hidden = true;
    this.root.classList.remove('visible');
  }
}

/**
 * The page's long replay of the sessions `pgs`: a slice per frame behind
 * the progress panel (input waits); Cancel goes back to the link
 * `run.before` (or the default page). `run` is the build's token: another
 * build makes this one moot.
 */
export async function finishReplay(app, pgs, run) {
  const overlay = new ReplayOverlay(() => { run.cancel = true; });
  app.overlay = overlay;
  let end;
  try {
    end = await sliceReplay(app, pgs, run, (f, ms) => overlay.show(f, ms));
  } catch (error) {
    overlay.hide();
    app.showError(t('This link could not be replayed: {why}. Showing the default playground.', { why: message(error) }));
    run.resolve(false);
    app.build('');
    return;
  }
  if (!end) return run.resolve(false); // another build took over
  overlay.hide();
  if (end === 'done') return app.built(run);
  run.resolve(false);
  app.build(run.before);
  app.showError(run.before ? t('Replay stopped: showing the state before.') : t('Replay stopped: showing the default playground.'));
}
