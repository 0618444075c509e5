// The plane's classes: up to six, each a colour and a shape, so that they
// read apart without colour too. The colours follow Okabe & Ito's
// colour-blind-safe palette (vermillion, blue, bluish green, reddish
// purple, sky blue, orange: the sixth was a dark grey that the online
// mistake rate's ink matched in the curves); the first two are the page's
// +1 and -1. A class's label on the page is +1 and -1 for the first two
// (the binary learners' labels), then 3 to 6 (the core's class_label).

export const CLASSES = [
  { label: 1, color: [224, 112, 31], shape: 'disc' },
  { label: -1, color: [37, 99, 173], shape: 'cross' },
  { label: 3, color: [0, 140, 100], shape: 'triangle' },
  { label: 4, color: [190, 90, 150], shape: 'square' },
  { label: 5, color: [60, 160, 220], shape: 'diamond' },
  { label: 6, color: [230, 159, 0], shape: 'plus' },
];

/** The class index (0-based) of a page label. */
export function classOf(label) {
  if (label === 1) return 0;
  if (label === -1) return 1;
  return label - 1;
}

export const cssColor = (k) => `rgb(${CLASSES[k].color.join(',')})`;

/**
 * The boundaries of K linear scores over the view: where two classes tie
 * and no other scores higher. `rows` is flat (w1, w2, b) per class. Each
 * pair's tie line is walked in `steps` and kept where the pair leads, as
 * [x1, y1, x2, y2, ...] segments in plane units. 15 pairs x 200 steps x 6
 * classes is 18,000 products: far below a frame.
 */
export function classBoundaries(rows, view, steps = 200) {
  const k = rows.length / 3;
  const score = (c, x, y) => rows[3 * c] * x + rows[3 * c + 1] * y + rows[3 * c + 2];
  const out = [];
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      // (w_i - w_j) . x + (b_i - b_j) = 0
      const a = rows[3 * i] - rows[3 * j];
      const b = rows[3 * i + 1] - rows[3 * j + 1];
      const c = rows[3 * i + 2] - rows[3 * j + 2];
      if (!(Math.hypot(a, b) > 1e-12)) continue;
      const alongX = Math.abs(b) >= Math.abs(a);
      const [lo, hi] = alongX ? [view.xMin, view.xMax] : [view.yMin, view.yMax];
      let previous = null;
      for (let s = 0; s <= steps; s++) {
        const t = lo + ((hi - lo) * s) / steps;
        const [x, y] = alongX ? [t, -(a * t + c) / b] : [-(b * t + c) / a, t];
        const tie = score(i, x, y);
        let leads = Math.abs(y) < 1e3 && Math.abs(x) < 1e3;
        for (let m = 0; leads && m < k; m++) {
          if (m !== i && m !== j && score(m, x, y) > tie) leads = false;
        }
        if (leads && previous) out.push(previous[0], previous[1], x, y);
        previous = leads ? [x, y] : null;
      }
    }
  }
  return out;
}
