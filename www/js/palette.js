// Line colours of the learners compared side by side: one per learner, up
// to sixteen, chosen so that any two differ by a CIELAB distance of at
// least 25 (tests/e2e/palette.test.mjs checks it), and dark enough to read
// as a 2 px line on white. The first is the page's ink, for a single learner.
export const PALETTE = [
  '#1d232b', '#e0701f', '#2563ad', '#0b7a75', '#9c27b0', '#c0392b', '#59a14f', '#edc948',
  '#ff9da7', '#9c755f', '#76b7b2', '#6a3d9a', '#00a1d6', '#a6761d', '#bab0ac', '#e7298a',
];
