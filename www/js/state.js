// The page's own state, and the URL hash that holds it with the session's.
// The session (in wasm) encodes its learner, settings and event log; the
// page adds its keys (view, speed, compared learners) as extras.

import { catalogue } from './catalogue.js';
import { LANGUAGES, pick, t } from './i18n.js';
import { EXERCISE_KEYS } from './embed-names.js';

export { EXERCISE_KEYS };

export const VIEWS = ['classify', 'regress', 'compare', 'epochs', 'exercises'];
/** The page's own keys in a link (the session's are the learner core's). */
const PAGE_KEYS = ['view', 'speed', 'algos', 'lang', 'theory', 'truth', 'at', 'empty'];
export const MAX_SPEED = 100000;
/** Compare shows up to this many learners (every one has its own colour). */
export const MAX_COMPARED = 16;

/**
 * Page defaults; a link may override each (`lang` null: the browser's
 * language, not written into links; `at`, the sample the timeline looks
 * back at, null at the session's end).
 */
export function defaultPage() {
  return { view: 'classify', speed: 100, algos: ['pa', 'pa1'], lang: null, theory: false, truth: false, at: null, exercise: {} };
}

/**
 * The page's keys from `k=v&k=v`. Not URLSearchParams: it reads "+" as a
 * space, and "projectron++" is a learner.
 */
function parseKeys(text) {
  const keys = new Map();
  for (const [key, value] of pairs(text)) {
    try {
      keys.set(key, decodeURIComponent(value));
    } catch {
      keys.set(key, value); // a malformed escape: kept as written, for the message that refuses it
    }
  }
  return keys;
}

/** `k=v&k=v` (a leading # allowed) as [key, raw value] pairs, in order. */
export function pairs(text) {
  return text.replace(/^#/, '').split('&').filter(Boolean).map((pair) => {
    const at = pair.indexOf('=');
    return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
  });
}

/**
 * Reads the page keys a session carried in its hash. A value the page
 * cannot use is left out, and `page.problems` says which and why (the
 * page shows it: nothing in a link is dropped silently).
 */
export function pageFrom(extras) {
  const page = defaultPage();
  const problems = [];
  const refuse = (key, value, why) => problems.push(t("The link's {key}={value} was left out: {why}.", { key, value, why }));
  const params = parseKeys(extras);
  const view = params.get('view');
  if (VIEWS.includes(view)) page.view = view;
  else if (view !== undefined) refuse('view', view, t('the views are {list}', { list: VIEWS.join(', ') }));
  if (params.has('speed')) {
    const speed = Number(params.get('speed'));
    if (Number.isFinite(speed) && speed >= 1 && speed <= MAX_SPEED) page.speed = speed;
    else refuse('speed', params.get('speed'), t('the speed is 1 to {n} samples per second', { n: MAX_SPEED }));
  }
  if (params.has('algos')) {
    const known = new Set(catalogue().learners.map((l) => l.name));
    const named = [...new Set(params.get('algos').split(',').filter(Boolean))];
    for (const name of named.filter((a) => !known.has(a))) refuse('algos', name, t('not a learner'));
    const algos = named.filter((a) => known.has(a));
    if (algos.length > MAX_COMPARED) refuse('algos', algos.slice(MAX_COMPARED).join(','), t('Compare shows two to {n} learners', { n: MAX_COMPARED }));
    if (algos.length >= 2) page.algos = algos.slice(0, MAX_COMPARED);
    else refuse('algos', params.get('algos'), t('Compare shows two to {n} learners', { n: MAX_COMPARED }));
  }
  if (params.has('theory')) {
    const theory = params.get('theory');
    if (theory === '1' || theory === '0') page.theory = theory === '1';
    else refuse('theory', theory, t('the Theory layer is on (1) or off (0)'));
  }
  if (params.has('truth')) {
    const truth = params.get('truth');
    if (truth === '1' || truth === '0') page.truth = truth === '1';
    else refuse('truth', truth, t('the true concept is shown (1) or not (0)'));
  }
  if (params.has('at')) {
    const at = params.get('at');
    if (/^\d{1,15}$/.test(at)) page.at = Number(at);
    else refuse('at', at, t('the sample looked back at is a whole number from 0'));
  }
  // (A link's empty=1 was read before: emptied() took it out with the log.)
  if (params.has('empty')) refuse('empty', params.get('empty'), t('a link starts with nothing learned with empty=1'));
  page.lang = pick(params.get('lang'));
  if (params.has('lang') && !page.lang) refuse('lang', params.get('lang'), t('the languages are {list}', { list: LANGUAGES.join(', ') }));
  // An exercise's keys, as written (checked where the exercise loads); an exercise opens the Exercises view.
  for (const key of EXERCISE_KEYS) if (params.has(key)) page.exercise[key] = params.get(key);
  if (page.exercise.exercise !== undefined) page.view = 'exercises';
  for (const [key, value] of params) {
    if (!PAGE_KEYS.includes(key) && !EXERCISE_KEYS.includes(key)) refuse(key, value, t('not a setting of the page'));
  }
  page.problems = problems;
  return page;
}

/** The keys that hold what a session learned: its log, the run before a fork, the learner the log starts with. */
const LEARNED_KEYS = ['log', 'was', 'start'];

/**
 * A link with `empty=1` (or a bare `empty`) starts with nothing learned:
 * its learner, settings and page keys, without its log (a lecture's
 * link, `index.html#empty=1`). Any other link is returned as it is.
 */
export function emptied(hash) {
  const keys = pairs(hash);
  if (!keys.some(([key, value]) => key === 'empty' && (value === '1' || value === ''))) return hash;
  return keys.filter(([key]) => key !== 'empty' && !LEARNED_KEYS.includes(key)).map(([key, value]) => `${key}=${value}`).join('&');
}

/** The link that opens the learner and settings of `pg` now, with nothing learned (`empty=1` says so). */
export function emptyLink(pg, page) {
  return `${pg.setup_hash()}&${pageExtras(page)}&empty=1`;
}

export function pageExtras(page) {
  const exercise = page.view === 'exercises' ? EXERCISE_KEYS.filter((k) => page.exercise?.[k] != null).map((k) => `&${k}=${page.exercise[k]}`).join('') : '';
  return `view=${page.view}&speed=${Math.round(page.speed)}&algos=${page.algos.join(',')}${page.lang ? `&lang=${page.lang}` : ''}${page.theory ? '&theory=1' : ''}${page.truth ? '&truth=1' : ''}${page.at != null ? `&at=${page.at}` : ''}${exercise}`;
}

/** The same hash with another learner (a view that starts from another). */
export function withLearner(hash, algorithm) {
  const params = hash.replace(/^#/, '').split('&').filter((p) => p && !p.startsWith('algo='));
  return [`algo=${algorithm}`, ...params].join('&');
}

/** Replaces the address bar's hash without adding a history entry. */
export function writeHash(hash) {
  const url = `${location.pathname}${location.search}#${hash}`;
  if (`#${hash}` !== location.hash) history.replaceState(null, '', url);
}

const STORE_KEY = 'onlinelearn:last-state';

/** Keeps the session's link, so that a bare address reopens it after a reload. */
export function remember(hash) {
  try {
    localStorage.setItem(STORE_KEY, hash);
  } catch {
    // Storage can be off (private windows, sandboxed frames): the address bar still holds the state.
  }
}

/** The last session's link, or '' (none, or storage unavailable). */
export function recall() {
  try {
    return localStorage.getItem(STORE_KEY) ?? '';
  } catch {
    return '';
  }
}
