// Numbers and counts in words, the same on the page, the embed and the
// screen-reader summary.

/** A number for reading: 4 significant digits, a true minus sign. */
export function num(v) {
  if (!Number.isFinite(v)) return String(v);
  const text = Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(2) : `${+v.toPrecision(4)}`;
  return text.replace('-', '−');
}

/** "1 mistake", "2 mistakes", "1,000 support vectors". */
export function plural(n, word) {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}
