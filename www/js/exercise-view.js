// The page's Exercises view: the four exercises listed, each a click away,
// and the chosen one running (exercise.js) with its settings in the page's link
// (`view=exercises&exercise=where-next&rounds=5...`), so that the link a
// teacher copies opens the same exercise. Loaded on first use.
import { element, placeStyled } from './dom.js';
import { t, usePart } from './i18n.js';
import { KINDS, describe, readSettings, settingPairs } from './exercise-settings.js';
import { attachExercise } from './exercise.js';

/** The view on `app`, in `place`: the exercise the page's keys name, else the list. */
export async function showExercises(app, place) {
  await usePart('exercise').catch(() => {}); // without its words, in English
  if (app.page.view !== 'exercises') return; // left while the words loaded
  const { setup, problems } = readSettings(app.page.exercise ?? {});
  if (setup.kind) {
    const layer = await attachExercise(app, place, app.page.exercise);
    // The link holds the settings as the exercise reads them (its defaults written out).
    app.page.exercise = Object.fromEntries(settingPairs(layer.setup));
    app.changed();
    return;
  }
  app.exerciseLayer?.detach();
  if (problems.length) app.showError(problems.join(' '));
  app.page.exercise = {};
  showList(app, place);
}

/** The four, each with what it asks; a click starts one. */
function showList(app, place) {
  const items = KINDS.map((kind) => {
    const [name, what] = describe(kind);
    const button = element('button', { type: 'button', class: 'primary', 'data-exercise': kind }, name);
    button.addEventListener('click', () => {
      app.page.exercise = { exercise: kind };
      showExercises(app, place).catch((e) => app.fail(e));
    });
    return element('li', {}, button, element('p', {}, what));
  });
  placeStyled(place, element('section', { class: 'exercise exercise-list', 'aria-label': t('Exercises') },
    element('h2', {}, t('Exercises: predict, then reveal')),
    element('p', {}, t('Each exercise pauses the stream, asks you what the learner will do, then shows what it did and scores your answer.')),
    element('ul', {}, ...items)), new URL('../exercise.css', import.meta.url).href);
}
