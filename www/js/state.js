// The page's own state, and the URL hash that holds it with the session's.
// The session (in wasm) encodes its settings and event log; the page adds
// its keys (view, speed, compared learners) as extras.

export const VIEWS = ['classify', 'regress', 'compare', 'epochs'];
export const CLASSIFICATION_PRESETS = ['separable', 'overlapping', 'noisy-labels', 'xor', 'circles', 'moons', 'spiral', 'drift'];
export const LINEAR = ['perceptron', 'averaged-perceptron', 'pocket', 'pa', 'pa1', 'pa2'];
export const KERNEL = ['kernel-perceptron', 'kernel-pa1', 'kernel-pa2', 'projectron', 'projectron++', 'apsm', 'spa', 'olru', 'olrd', 'ald-projection'];
/** Seed 004's eight, for compare mode. */
export const PAPER_EIGHT = ['kernel-perceptron', 'projectron', 'projectron++', 'apsm', 'spa', 'olru', 'olrd', 'ald-projection'];
export const ALGORITHMS = {
  classification: [...LINEAR, ...KERNEL],
  regression: ['pa', 'pa1', 'pa2'],
};
export const LABELS = {
  perceptron: 'Perceptron', 'averaged-perceptron': 'Averaged perceptron', pocket: 'Pocket (Gallant)',
  pa: 'PA', pa1: 'PA-I', pa2: 'PA-II',
  'kernel-perceptron': 'Kernel perceptron', 'kernel-pa1': 'Kernel PA-I', 'kernel-pa2': 'Kernel PA-II',
  projectron: 'Projectron', 'projectron++': 'Projectron++', apsm: 'APSM', spa: 'SPA',
  olru: 'OLRU', olrd: 'OLRD', 'ald-projection': 'ALD projection (seed 004)',
};
export const isKernel = (algorithm) => KERNEL.includes(algorithm);
export const MAX_SPEED = 100000;
/** Compare shows up to this many learners (every one has its own colour). */
export const MAX_COMPARED = 16;

/** Page defaults; a link may override each. */
export function defaultPage() {
  return { view: 'classify', speed: 100, algos: ['pa', 'pa1'] };
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
      // A malformed escape: ignore the key.
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

/** Reads the page keys a session carried in its hash. */
export function pageFrom(extras) {
  const page = defaultPage();
  const params = parseKeys(extras);
  if (VIEWS.includes(params.get('view'))) page.view = params.get('view');
  const speed = Number(params.get('speed'));
  if (Number.isFinite(speed) && speed >= 1 && speed <= MAX_SPEED) page.speed = speed;
  const algos = (params.get('algos') ?? '').split(',').filter((a) => ALGORITHMS.classification.includes(a));
  if (algos.length >= 2) page.algos = [...new Set(algos)].slice(0, MAX_COMPARED);
  return page;
}

export function pageExtras(page) {
  return `view=${page.view}&speed=${Math.round(page.speed)}&algos=${page.algos.join(',')}`;
}

/** A hash for fresh settings (no log), for a new preset, seed or view. */
export function settingsHash(s) {
  const budget = s.budget > 0 ? s.budget : 'none';
  return `algo=${s.algorithm}&c=${s.c}&eps=${s.eps}&lr=${s.lr}&bias=${s.bias}&preset=${s.preset}&seed=${s.seed}&noise=${s.noise}&sigma=${s.sigma}&budget=${budget}&eta=${s.eta}`;
}

/** The same hash with another algorithm (compare mode builds one figure per learner). */
export function withAlgorithm(hash, algorithm) {
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
