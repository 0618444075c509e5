// Switching the page's view: classify and epochs share a session; regress
// is another task, whose session is kept apart (leaving either task keeps
// its session for the way back); compare rebuilds the page with a panel
// per learner, each on the same samples.
import { learnersFor } from './catalogue.js';
import * as state from './state.js';

/** Moves `app` to `view`, rebuilding its figures when the session changes. */
export async function switchView(app, view) {
  const current = app.page.view;
  if (view === current) return;
  const settings = app.settings();
  const page = { ...app.page, view };
  const shared = ['classify', 'epochs', 'exercises'];
  if (current === 'exercises') app.exerciseLayer?.detach();
  if (shared.includes(current) && shared.includes(view)) {
    app.page = page;
    app.sync();
    app.changed();
    if (view === 'exercises') app.showExercises();
    return;
  }
  const pg = app.figures[0].pg;
  const task = view === 'regress' ? 'regression' : 'classification';
  if (task !== settings.task) {
    // The other task's session as it was left, else a fresh one on its preset.
    app.sessions[settings.task] = pg.hash('');
    const kept = app.sessions[task];
    const algorithm = learnersFor(task).some((l) => l.name === settings.algorithm) ? settings.algorithm : 'pa1';
    const fresh = `${state.withLearner(pg.setup_hash(), algorithm)}&preset=${task === 'regression' ? 'regression-1d' : 'overlapping'}&classes=2`;
    // Compare starts from the classification session, shown first.
    const shown = view === 'compare' || view === 'exercises' ? 'classify' : view;
    // (The sample looked back at is this task's: the other opens at its end.)
    const built = await app.build(`${kept ?? fresh}&${state.pageExtras({ ...page, view: shown, at: null })}`);
    if (built && shown !== view) await switchView(app, view);
    return;
  }
  if (view === 'compare') {
    // The learner on the plane leads the comparison, among learners that
    // can learn the session's classes (more than two: no kernel learner).
    const able = learnersFor(settings.task, settings.classes, settings.multiclass).map((l) => l.name);
    // (First even when the comparison already holds it: Classify, on the
    // way back, shows the first panel's learner.)
    const lead = [settings.algorithm, ...page.algos.filter((a) => a !== settings.algorithm)];
    const algos = lead.filter((a) => able.includes(a));
    for (const name of able) if (algos.length < 2 && !algos.includes(name)) algos.push(name);
    page.algos = algos.slice(0, state.MAX_COMPARED);
  }
  const lead = view === 'compare' ? page.algos[0] : app.page.algos[0];
  app.build(`${state.withLearner(pg.hash(''), lead)}&${state.pageExtras(page)}`);
}
