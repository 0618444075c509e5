// The colours a reader must tell apart: sixteen learners in Compare, and
// every curve a single learner's error chart draws (its rates and each
// class's own, in the class's colour on the plane).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CURVE, PALETTE } from '../../www/js/palette.js';
import { CLASSES } from '../../www/js/classes.js';
import { closePairs, lab } from './cielab.mjs';

test('sixteen compare colours, every pair at least 25 apart in CIELAB', () => {
  assert.equal(PALETTE.length, 16);
  assert.deepEqual(closePairs(Object.fromEntries(PALETTE.map((c, i) => [i, c])), 25), []);
  assert.ok(PALETTE.every((c) => lab(c)[0] < 85), 'every colour reads as a line on white');
});

test("one learner's curves and the six classes' curves, every pair at least 25 apart", () => {
  const curves = { online: CURVE.online, test: CURVE.test };
  CLASSES.forEach((c, k) => { curves[`class ${k + 1}`] = `rgb(${c.color.join(',')})`; });
  assert.deepEqual(closePairs(curves, 25), []);
  assert.ok(Object.values(curves).every((c) => lab(c)[0] < 85), 'every colour reads as a line on white');
});
