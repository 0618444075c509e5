// embed.html: turns the address's hash into the element's attributes. The
// playground's own keys (settings, log) pass through as `state`; the frame's
// keys choose the chrome.
import '../embed.js';
import { pairs } from './state.js';

const FRAME_KEYS = ['controls', 'explain', 'curves', 'autoplay', 'speed', 'label'];
const BOOLEAN = ['explain', 'curves', 'autoplay'];

function configure() {
  const figure = document.getElementById('figure');
  const kept = [];
  for (const [key, raw] of pairs(location.hash)) {
    let value;
    try {
      value = decodeURIComponent(raw);
    } catch {
      continue; // a malformed escape: ignore the key
    }
    if (!FRAME_KEYS.includes(key)) {
      kept.push(`${key}=${raw}`);
    } else if (BOOLEAN.includes(key)) {
      if (value !== '0' && value !== 'false') figure.setAttribute(key, '');
    } else {
      figure.setAttribute(key, value);
    }
  }
  figure.setAttribute('state', kept.join('&'));
  document.getElementById('open-full').href = `index.html#${kept.join('&')}`;
}

configure();
