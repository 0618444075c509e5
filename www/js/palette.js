// Line colours of the learners compared side by side: one per learner, up
// to sixteen, chosen so that any two differ by a CIELAB distance of at
// least 25 (tests/e2e/palette.test.mjs checks it), and dark enough to read
// as a 2 px line on white. The first is the page's ink, for a single learner.
/**
 * One learner's curves: the online rate in ink, the held-out score in a
 * purple that no class colour (classes.js) comes near (it was the accent's
 * teal, beside class 3's green), the loss in brown, the support set in
 * the accent (each of these two in a chart of its own).
 */
export const CURVE = { online: '#1d232b', test: '#6a3d9a', loss: '#8a3b06', support: '#0b7a75' };

export const PALETTE = [
  '#1d232b', '#e0701f', '#2563ad', '#0b7a75', '#9c27b0', '#c0392b', '#59a14f', '#edc948',
  '#ff9da7', '#9c755f', '#76b7b2', '#6a3d9a', '#00a1d6', '#a6761d', '#bab0ac', '#e7298a',
];
