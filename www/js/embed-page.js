// embed.html: turns the address's hash into the element's attributes. The
// playground's own keys (settings, log) pass through as `state`; the frame's
// keys choose the chrome.
import '../embed.js';

const FRAME_KEYS = ['controls', 'explain', 'curves', 'autoplay', 'speed', 'label'];
const BOOLEAN = ['explain', 'curves', 'autoplay'];

function configure() {
  const figure = document.getElementById('figure');
  const kept = [];
  for (const pair of location.hash.replace(/^#/, '').split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    let value = at < 0 ? '' : pair.slice(at + 1);
    try {
      value = decodeURIComponent(value);
    } catch {
      continue; // a malformed escape: ignore the key
    }
    if (!FRAME_KEYS.includes(key)) {
      kept.push(pair);
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
