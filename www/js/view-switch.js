// Switching the page's view: classify and epochs share a session; regress
// is another task, started afresh on its preset; compare rebuilds the
// page with a panel per learner, each on the same samples.
import { learnersFor } from './catalogue.js';
import * as state from './state.js';

/** Moves `app` to `view`, rebuilding its figures when the session changes. */
export function switchView(app, view) {
  const current = app.page.view;
  if (view === current) return;
  const settings = app.settings();
  const page = { ...app.page, view };
  const sameSession = ['classify', 'epochs'].includes(current) && ['classify', 'epochs'].includes(view);
  if (sameSession) {
    app.page = page;
    app.sync();
    app.changed();
    return;
  }
  const pg = app.figures[0].pg;
  if (view === 'regress' || settings.task === 'regression') {
    // Another task: a fresh session on that task's preset (regression has
    // no classes to keep).
    const regress = view === 'regress';
    if (regress) app.lastClassificationPreset = settings.preset;
    const preset = regress ? 'regression-1d' : (app.lastClassificationPreset ?? 'overlapping');
    const algorithm = regress && !learnersFor('regression').some((l) => l.name === settings.algorithm) ? 'pa1' : settings.algorithm;
    pg.reset();
    app.build(`${state.withLearner(pg.hash(''), algorithm)}&preset=${preset}&classes=2&${state.pageExtras(page)}`);
    return;
  }
  if (view === 'compare') {
    // The learner on the plane leads the comparison, among learners that
    // can learn the session's classes (more than two: no kernel learner).
    const able = learnersFor(settings.task, settings.classes, settings.multiclass).map((l) => l.name);
    const lead = page.algos.includes(settings.algorithm) ? page.algos : [settings.algorithm, ...page.algos];
    const algos = lead.filter((a) => able.includes(a));
    for (const name of able) if (algos.length < 2 && !algos.includes(name)) algos.push(name);
    page.algos = algos.slice(0, state.MAX_COMPARED);
  }
  const lead = view === 'compare' ? page.algos[0] : app.page.algos[0];
  app.build(`${state.withLearner(pg.hash(''), lead)}&${state.pageExtras(page)}`);
}
