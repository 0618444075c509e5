// The Compare view's colours: sixteen learners, sixteen colours a reader can tell apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PALETTE } from '../../www/js/palette.js';

/** CIELAB (D65) of a #rrggbb colour. */
function lab(hex) {
  const linear = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  const [r, g, b] = linear;
  const xyz = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883];
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [fx, fy, fz] = xyz.map(f);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}


test('sixteen compare colours, every pair at least 25 apart in CIELAB', () => {
  assert.equal(PALETTE.length, 16);
  for (let i = 0; i < PALETTE.length; i++) {
    for (let j = i + 1; j < PALETTE.length; j++) {
      const [a, b] = [lab(PALETTE[i]), lab(PALETTE[j])];
      const distance = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
      assert.ok(distance >= 25, `${PALETTE[i]} and ${PALETTE[j]} are ${distance.toFixed(1)} apart`);
    }
  }
  assert.ok(PALETTE.every((c) => lab(c)[0] < 85), 'every colour reads as a line on white');
});
