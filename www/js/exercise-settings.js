// An exercise's settings, as a teacher writes them: the keys of the
// page's link (`#...&view=exercises&exercise=where-next&rounds=5`) and the
// attributes of the element (`<online-learner exercise="where-next"
// rounds="5" tries="unlimited" score="0" reveal="0">`), read and checked
// once. A value an exercise cannot use is refused by name with the values
// it takes; a setting the chosen exercise does not use is refused, never
// ignored. (The seed is the session's own `seed`; `seed=new` draws a fresh
// one for each reader: app-build.js and embed.js.) The keys themselves are
// listed once, in embed-names.js (EXERCISE_KEYS): the link and the element
// read them there without loading this file.
import { t } from './i18n.js';

/** The four exercises, in the order the Exercises view lists them. */
export const KINDS = ['where-next', 'you-vs-learner', 'adversary', 'by-hand'];

export const MAX_ROUNDS = 50;

/**
 * What each exercise uses, and its rounds by default. A label has one try
 * (a second would always be right); the adversary's rounds are the points
 * placed, each answered by the learner itself.
 */
const USES = {
  'where-next': { rounds: 5, uses: ['tries', 'score', 'reveal'] },
  'you-vs-learner': { rounds: 10, uses: ['score', 'reveal'] },
  adversary: { rounds: 12, uses: ['score'] },
  'by-hand': { rounds: 3, uses: ['tries', 'score', 'reveal'] },
};

/** Whether the exercise `kind` reads `key`. */
export const uses = (kind, key) => key === 'rounds' || USES[kind].uses.includes(key);

/**
 * The settings `raw` holds (key → text, as a link or the attributes give
 * them; null or undefined: not given) and what was refused: { setup:
 * { kind, rounds, tries, score, reveal }, problems: [sentence] }. Without
 * an exercise, `kind` is null (the list of the four).
 */
export function readSettings(raw) {
  const problems = [];
  const refuse = (key, value, why) => problems.push(t("The exercise's {key}={value} was left out: {why}.", { key, value, why }));
  const given = (key) => raw[key] !== undefined && raw[key] !== null;
  let kind = given('exercise') ? raw.exercise : null;
  if (kind !== null && !KINDS.includes(kind)) {
    refuse('exercise', kind, t('the exercises are {list}', { list: KINDS.join(', ') }));
    kind = null;
  }
  const setup = { kind, rounds: kind ? USES[kind].rounds : 5, tries: '1', score: true, reveal: true };
  if (given('rounds')) {
    const rounds = Number(raw.rounds);
    if (Number.isInteger(rounds) && rounds >= 1 && rounds <= MAX_ROUNDS) setup.rounds = rounds;
    else refuse('rounds', raw.rounds, t('the rounds are a whole number from 1 to {n}', { n: MAX_ROUNDS }));
  }
  const choices = {
    tries: [['1', '1'], ['unlimited', 'unlimited']],
    score: [['1', true], ['', true], ['0', false]],
    reveal: [['1', true], ['', true], ['0', false]],
  };
  const why = {
    tries: () => t('tries per round are 1 or unlimited'),
    score: () => t('the score is shown (1) or hidden (0)'),
    reveal: () => t('answers can be revealed (1) or not (0)'),
  };
  for (const key of ['tries', 'score', 'reveal']) {
    if (!given(key)) continue;
    const found = choices[key].find(([text]) => text === raw[key]);
    if (!found) refuse(key, raw[key], why[key]());
    else if (kind && !uses(kind, key)) refuse(key, raw[key], t('{exercise} does not use it', { exercise: kind }));
    else setup[key] = found[1];
  }
  return { setup, problems };
}

/** The settings as `[key, text]` pairs: the exercise, and each setting it uses. */
export function settingPairs(setup) {
  const pairs = [['exercise', setup.kind], ['rounds', String(setup.rounds)]];
  if (uses(setup.kind, 'tries')) pairs.push(['tries', setup.tries]);
  if (uses(setup.kind, 'score')) pairs.push(['score', setup.score ? '1' : '0']);
  if (uses(setup.kind, 'reveal')) pairs.push(['reveal', setup.reveal ? '1' : '0']);
  return pairs;
}

/** The settings as a link's keys: `exercise=where-next&rounds=5&...`. */
export const settingKeys = (setup) => settingPairs(setup).map(([k, v]) => `${k}=${v}`).join('&');

/** The settings as the element's attributes: ` exercise="where-next" rounds="5" ...`. */
export const settingAttributes = (setup) => settingPairs(setup).map(([k, v]) => ` ${k}="${v}"`).join('');

/** An exercise's name and what it asks, for the list and the panel's heading. */
export function describe(kind) {
  return {
    'where-next': [t('Where does it go?'), t('See the next sample, say passive or aggressive, then drag the boundary where the update puts it.')],
    'you-vs-learner': [t('You against the learner'), t('Label each sample before the learner predicts it; your mistakes and its mistakes side by side, and its bound.')],
    adversary: [t('Be the adversary'), t("Place points that force the perceptron into mistakes, keeping the theorem's margin: no strategy beats (R/γ)².")],
    'by-hand': [t('Run it by hand'), t('One sample with round numbers: compute the loss, the step and the new weights yourself.')],
  }[kind];
}
