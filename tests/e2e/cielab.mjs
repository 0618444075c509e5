// CIELAB distances between colours (CSS #rrggbb or rgb(r, g, b)), for the
// tests that check colours a reader must tell apart.

/** CIELAB (D65) of a CSS colour. */
export function lab(css) {
  const rgb = css.startsWith('#') ? [1, 3, 5].map((i) => parseInt(css.slice(i, i + 2), 16)) : css.match(/\d+/g).slice(0, 3).map(Number);
  const [r, g, b] = rgb.map((v) => v / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  const xyz = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883];
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [fx, fy, fz] = xyz.map(f);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** How far apart two colours are in CIELAB (ΔE 1976). */
export function distance(a, b) {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** The pairs of `colours` (name → CSS colour) closer than `least`, as text. */
export function closePairs(colours, least) {
  const entries = Object.entries(colours);
  const close = [];
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const d = distance(entries[i][1], entries[j][1]);
      if (d < least) close.push(`${entries[i][0]} ${entries[i][1]} and ${entries[j][0]} ${entries[j][1]}: ${d.toFixed(1)}`);
    }
  }
  return close;
}
