// Numbers and counts in words, the same on the page, the embed and the
// screen-reader summary. A value that can be typed back (a setting, a score
// in a formula) keeps the notation the fields read, 0.25; counts and
// percentages follow the language shown (Intl), 1.234 and 12,5 % in Italian.
import { count, percent, t } from './i18n.js';

/** A number for reading: 4 significant digits, a true minus sign. */
export function num(v) {
  if (!Number.isFinite(v)) return String(v);
  const text = Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(2) : `${+v.toPrecision(4)}`;
  return text.replace('-', '−');
}

/** A model off the plane with at most this many features shows w's entries (more: only ‖w‖); a phone's line holds eight. */
export const LISTED_WEIGHTS = 8;

/** Below this share of a vector's largest entry, an entry is rounding noise (a sum that cancels leaves 1e-17). */
const NOISE = 1e-9;

/** A vector's entries through num(), those that are zero up to rounding noise beside the largest shown as 0. */
export function nums(values) {
  const scale = Math.max(...values.map(Math.abs));
  return values.map((v) => num(Math.abs(v) <= NOISE * scale ? 0 : v));
}

/**
 * "1 mistake", "2 mistakes", "1,000 support vectors": `one` and `other`
 * are catalogue keys with {n}, and any other slot filled from `args`.
 */
export function plural(n, one, other, args = {}) {
  return t(n === 1 ? one : other, { ...args, n: count(n) });
}

/** "3 mistakes (12.5%)". */
export function mistakeShare(mistakes, samples) {
  return `${plural(mistakes, '{n} mistake', '{n} mistakes')} (${percent(mistakes / samples)})`;
}
