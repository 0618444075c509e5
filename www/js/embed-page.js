// embed.html: turns the address's hash into the element's attributes. The
// playground's own keys (settings, log) pass through as `state`; the frame's
// keys choose the chrome. A changed hash (a host page steering its frame)
// configures the figure again: the element rebuilds once for the changes
// made together, and again for any made before that build is done.
import '../embed.js';
import { pairs } from './state.js';
import { browserLanguage, pick, showDocument } from './i18n.js';
import { EXERCISE_KEYS } from './embed-names.js';

/** The frame's own keys, each the element's attribute of that name (an exercise's too, as the element takes them). */
const FRAME_KEYS = ['controls', 'explain', 'curves', 'frontier', 'autoplay', 'speed', 'label', 'lang', ...EXERCISE_KEYS];
const BOOLEAN = ['explain', 'curves', 'frontier', 'autoplay'];

function configure() {
  const figure = document.getElementById('figure');
  const kept = [];
  const frame = new Map();
  for (const [key, raw] of pairs(location.hash)) {
    let value;
    try {
      value = decodeURIComponent(raw);
    } catch {
      continue; // a malformed escape: ignore the key
    }
    if (!FRAME_KEYS.includes(key)) kept.push(`${key}=${raw}`);
    else if (!BOOLEAN.includes(key)) frame.set(key, value);
    else if (value !== '0' && value !== 'false') frame.set(key, '');
  }
  // Without lang= the frame speaks the reader's language (its own <html lang> is only a default).
  if (!frame.has('lang')) frame.set('lang', browserLanguage());
  // Only what changed is set: an attribute set to its own value would rebuild the figure.
  const put = (key, value) => {
    if (value === null) figure.removeAttribute(key);
    else if (figure.getAttribute(key) !== value) figure.setAttribute(key, value);
  };
  for (const key of FRAME_KEYS) put(key, frame.get(key) ?? null);
  put('state', kept.join('&'));
  // The playground opens the same exercise (its Exercises view takes the same keys).
  const exercise = EXERCISE_KEYS.filter((key) => frame.has(key)).map((key) => `${key}=${encodeURIComponent(frame.get(key))}`);
  document.getElementById('open-full').href = `index.html#${[...kept, ...exercise, `lang=${frame.get('lang')}`].join('&')}`;
  // The frame's own words (its title, its link) in the figure's language.
  return showDocument(pick(frame.get('lang')) ?? 'en');
}

configure();
window.addEventListener('hashchange', configure);
