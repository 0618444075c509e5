// The timeline under the plane: a slider over every sample of the session,
// the sample shown, and "Back to now". It only reads the position while
// nothing looks back; its work (timeline.js, with the full module) loads
// on the first drag, click or ← / → on it.
import { count, t } from './i18n.js';

const $ = (id) => document.getElementById(id);
const work = () => import('./timeline.js');

export class TimelineBar {
  /** `host`: the playground (figures, past, withPast(), looked(), fail()). */
  constructor(host) {
    this.host = host;
    this.slider = $('timeline');
    this.out = $('timeline-out');
    this.now = $('timeline-now');
    this.shown = '';
    this.slider.addEventListener('input', () => {
      // The sample asked for, read now: a frame drawn while timeline.js
      // loads sets the slider back to the position shown.
      const t = Number(this.slider.value);
      this.go((m) => m.seek(host, t));
    });
    this.now.addEventListener('click', () => this.go((m) => m.toEnd(host)));
  }

  go(action) {
    work().then(action).catch((e) => this.host.fail(e));
  }

  /** One sample back (−1) or on (+1) from the one shown. */
  step(by) {
    this.go((m) => m.step(this.host, by));
  }

  /** Its words in the language shown, on the next frame. */
  relabel() {
    this.shown = '';
  }

  /** Shows the position: called every frame, touches the page only when it moved. */
  sync() {
    const [at, total] = this.host.figures[0].pg.position();
    const key = `${at}/${total}`;
    if (key === this.shown) return;
    this.shown = key;
    this.slider.max = String(total);
    this.slider.value = String(at);
    this.slider.disabled = total === 0;
    const past = at < total;
    this.out.value = past ? t('sample {t} of {n}', { t: count(at), n: count(total) }) : t('now: {n} samples', { n: count(total) });
    this.now.hidden = !past;
    document.body.dataset.past = String(past);
  }
}
